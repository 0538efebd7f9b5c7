package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

// checkNetValues follows what bash's own readers store from a network
// connection (red team 16 NS1): read -u3 l, mapfile -u3 a (or < /dev/tcp
// on their standard input) fill variables with what the peer sends
// (syntax.Arg.From names the /dev/tcp or /dev/udp path they read), and a
// later call that prints such a variable to a file (printf '%s'
// "${a[@]}" > x.sh, echo "$l" | tee x.sh) writes the peer's bytes there:
// followed as a download's stdout, as cat <&3 > x.sh is.
func checkNetValues(p *Pass) {
	for _, c := range p.Model.Calls {
		if !netValueWords(c) {
			continue
		}
		if p.followReader(c, "net-stream", "network stream") {
			p.followPipe(c, "net-stream", "network stream")
		}
	}
}

// netValueWords reports a call (other than the readers themselves) with
// a word that expands a variable filled from a network connection.
func netValueWords(c *syntax.Call) bool {
	switch c.Name {
	case "read", "mapfile", "readarray":
		return false
	}
	for _, a := range c.Args {
		for _, f := range a.From() {
			r := syntax.Redirect{Target: syntax.Arg{Value: f, Static: true}}
			if _, _, ok := netRedirect(r); ok {
				return true
			}
		}
	}
	return false
}
