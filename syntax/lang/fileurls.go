package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// fileURLOpeners are, per language, the URL openers that also open
// file: URLs, reading the local file the URL names, with the index of
// the argument naming the file they save it to (-1: none): Python's
// urllib (urlopen, urlretrieve, Request, and Python 2's urllib and
// urllib2), Perl's LWP::Simple (get, getprint, getstore, mirror: LWP
// serves file: URLs from the disk), and JavaScript's fetch (Deno and Bun
// read file: URLs; Node refuses them).
var fileURLOpeners = lazy.Value[map[Lang]map[string]int]{New: func() map[Lang]map[string]int {
	return map[Lang]map[string]int{
		Python: {"urllib.request.urlopen": -1, "urllib.request.urlretrieve": 1, "urllib.request.Request": -1,
			"urllib.urlopen": -1, "urllib.urlretrieve": 1, "urllib2.urlopen": -1, "urllib2.Request": -1},
		Perl: {"LWP.Simple.get": -1, "LWP.Simple.getprint": -1, "LWP.Simple.getstore": 1, "LWP.Simple.mirror": 1},
		JS:   {"fetch": -1, "globalThis.fetch": -1},
	}
}}

// fileURLLiteral reports a string literal that is a file: URL.
func fileURLLiteral(t token) bool {
	if t.kind != tString || !t.lit {
		return false
	}
	_, ok := fileURLPath(t.text)
	return ok
}

// fileURLReads are the reads of local files that URL openers are given
// as file: URLs (urlopen("file:///home/u/.ssh/id_rsa").read()): judged as
// a read of the file, and an opener that saves what it fetched
// (urlretrieve(URL, F), getstore(URL, F)) as a copy of it to F, so the
// secret and write rules see them as cat and cp.
func fileURLReads(p *parser) []Effect {
	openers := fileURLOpeners.Get()[p.l]
	if openers == nil || !strings.Contains(strings.ToLower(p.src), "file:") {
		return nil
	}
	lwp := p.l == Perl && perlUses(p.src, "LWP::Simple")
	name := func(n string) string {
		n = strings.ReplaceAll(n, "::", ".")
		if p.l == Python && p.al != nil {
			n = p.al.resolve(n)
		}
		if lwp && !strings.Contains(n, ".") {
			n = "LWP.Simple." + n
		}
		return n
	}
	var out []Effect
	for _, c := range p.findCalls(p.l == Perl, func(n string) bool { _, ok := openers[name(n)]; return ok }) {
		if c.method && p.l != Python {
			continue
		}
		full := name(c.name)
		src := argAt(positional(c.args), 0)
		if src == nil && p.l == Python {
			src = keyword(c.args, "url")
		}
		if src == nil || !src.lit {
			continue
		}
		path, ok := fileURLPath(src.str)
		if !ok {
			continue
		}
		c.name = full
		local := &arg{lit: true, str: path, text: path}
		if at := openers[full]; at >= 0 {
			dst := argAt(positional(c.args), at)
			if dst == nil && p.l == Python {
				dst = keyword(c.args, "filename")
			}
			if dst != nil {
				out = append(out, copyEffect(c, local, dst, "cp -T")...)
				continue
			}
		}
		if e, ok := readEffect(c, local); ok {
			out = append(out, e)
		}
	}
	return out
}
