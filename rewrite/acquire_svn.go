package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var svnCheckout = Rule{
	Name:      "svn-checkout",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `svn checkout (co) and svn export bring a foreign tree onto disk: the
target path (given, or the URL's last segment without a peg revision when
there is none; the sandbox itself for several URLs) is moved into the
sandbox, and a later cd follows it. Options that take a value
(-r, --depth, --username, …) are skipped. svn cat URL prints a foreign
file: the file its stdout is written to (> f, tee, tar) is moved, as for a
download. svn update, commit and the rest work on a checkout already on
disk and pass.`,
	Commands: []string{"svn"},
	Call:     checkSvn,
}

// svnSpec are svn's options that take a value.
var svnSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "rmFx", longVal: longOpts("revision", "depth", "set-depth", "username",
		"password", "config-dir", "config-option", "message", "file", "encoding", "native-eol", "accept", "targets",
		"changelist", "extensions", "password-from-stdin"), longEq: true}
}}

// isURL reports whether v is a repository URL (or svn's ^/ shorthand).
func isURL(v string) bool {
	return strings.Contains(v, "://") || strings.HasPrefix(v, "^/")
}

func checkSvn(p *Pass, c *syntax.Call) {
	_, operands := scan(c.Args, svnSpec.Get())
	if len(operands) < 2 {
		return
	}
	sub := c.Args[operands[0]].Value
	switch sub {
	case "checkout", "co", "export":
	case "cat":
		// svn cat URL prints a file of a foreign repository: where its
		// stdout goes is followed as a download's.
		for _, i := range operands[1:] {
			if isURL(c.Args[i].Value) {
				p.followStdout(c, "svn-checkout", "download")
				return
			}
		}
		return
	default:
		return
	}
	rest := operands[1:]
	cl := clone{call: c, rule: "svn-checkout", kind: "svn " + sub, program: "svn", src: c.Args[rest[0]], dir: c.Dir}
	last := c.Args[rest[len(rest)-1]]
	if len(rest) >= 2 && !isURL(last.Value) {
		cl.dest = &c.Args[rest[len(rest)-1]]
		rest = rest[:len(rest)-1]
	}
	for _, i := range rest[1:] {
		// svn checkout URL1 URL2 puts each into its own directory under
		// the path (the working directory when none is given).
		cl.more = append(cl.more, c.Args[i])
	}
	cl.at = c.Args[rest[len(rest)-1]].End
	p.cloneDest(cl)
}
