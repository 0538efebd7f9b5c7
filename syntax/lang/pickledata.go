package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The data an unpickler is given is often held in a name first: data =
// open("m.pkl", "rb").read(); pickle.loads(data), with open("m.pkl",
// "rb") as f: pickle.load(f), f = open(…); pickle.Unpickler(f).load(). The
// file behind such a name is the one each binding of the name opens
// (every binding: which one holds at the call only run time knows, and
// reading a pickle file is only a read).

var (
	// pyPickleOpen is an expression that opens a file named by a literal
	// or a name, maybe read whole: open(P), open(P, "rb"), io.open(P,
	// mode="rb").read().
	pyPickleOpen = lazy.Regexp{Expr: `^(?:io\.)?open\(\s*(?:['"]([^'"\\\n]+)['"]|([A-Za-z_]\w*))\s*(?:,\s*(?:mode\s*=\s*)?['"][rbt]{0,2}['"]\s*)?\)(?:\s*\.\s*read\(\s*\))?$`}
	// pyPicklePath is a pathlib path's read: Path(P).read_bytes(),
	// Path(P).open("rb").
	pyPicklePath = lazy.Regexp{Expr: `^(?:pathlib\.)?Path\(\s*(?:['"]([^'"\\\n]+)['"]|([A-Za-z_]\w*))\s*\)\s*\.\s*(?:read_bytes\(\s*\)|open\([^()]*\))$`}
	// pyPickleWrap is a stream over other data: io.BytesIO(E), E.read().
	pyPickleWrap = lazy.Regexp{Expr: `^(?:(?:io\.)?BytesIO\((.+)\)|([A-Za-z_]\w*)\s*\.\s*read\(\s*\))$`}
	// pyPickleDbm is a dbm database or shelf opened by a literal or a
	// name, maybe one value read: dbm.open(P)["k"], shelve.open(P).get(k)
	// (red team 16 DS1).
	pyPickleDbm = lazy.Regexp{Expr: `^(?:dbm(?:\.(?:gnu|ndbm|dumb))?\.open|shelve\.open)\(\s*(?:['"]([^'"\\\n]+)['"]|([A-Za-z_]\w*))\s*(?:,[^()]*)?\)\s*(?:\[[^\[\]]*\]|\.\s*get\([^()]*\))?$`}
	// pyPickleItem is one value of a database held in a name: d["k"],
	// d.get("k").
	pyPickleItem = lazy.Regexp{Expr: `^([A-Za-z_]\w*)\s*(?:\[[^\[\]]*\]|\.\s*get\([^()]*\))$`}
	// pyAssignStmt is one assignment statement: NAME = VALUE (NAME: T =
	// VALUE), not a comparison.
	pyAssignStmt = lazy.Regexp{Expr: `^([A-Za-z_]\w*)[ \t]*(?::[^=]*)?=([^=].*)$`}
	// pyWithOpen is a with item that opens a file: with open(…) as NAME,
	// with Path(…).open(…) as NAME (also after a comma).
	pyWithOpen = lazy.Regexp{Expr: `(?:\bwith[ \t]+|,[ \t]*)((?:io\.)?open\([^()\n]*\)|(?:pathlib\.)?Path\([^()\n]*\)[ \t]*\.[ \t]*open\([^()\n]*\))[ \t]+as[ \t]+([A-Za-z_]\w*)`}
)

// maxPickleSources bounds the files found behind one unpickler argument.
const maxPickleSources = 8

// pickleSources returns the files an unpickler's argument text reads: a
// file it opens, or, through a name, the files each binding of the name
// opens (depth bounds the names followed).
func (p *parser) pickleSources(text string, depth int) []string {
	text = strings.TrimSpace(text)
	if depth > 3 || text == "" {
		return nil
	}
	path := func(lit, name string) []string {
		if lit != "" {
			return []string{lit}
		}
		if c, ok := p.consts[name]; ok && c.str != "" {
			return []string{c.str}
		}
		return nil
	}
	if m := pyPickleOpen.Get().FindStringSubmatch(text); m != nil {
		return path(m[1], m[2])
	}
	if m := pyPicklePath.Get().FindStringSubmatch(text); m != nil {
		return path(m[1], m[2])
	}
	if m := pyPickleDbm.Get().FindStringSubmatch(text); m != nil {
		var out []string
		for _, f := range path(m[1], m[2]) {
			out = append(out, dbmFiles(f)...)
		}
		return out
	}
	if m := pyPickleItem.Get().FindStringSubmatch(text); m != nil {
		text = m[1]
	}
	if m := pyPickleWrap.Get().FindStringSubmatch(text); m != nil {
		if m[1] != "" {
			return p.pickleSources(m[1], depth+1)
		}
		text = m[2]
	}
	if !isPyName(text) {
		return nil
	}
	var out []string
	for _, v := range p.pyBindings(text) {
		for _, s := range p.pickleSources(v, depth+1) {
			if len(out) < maxPickleSources && !contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// pyBindings returns the value texts the program binds name to: each
// statement name = VALUE, and each with item that opens a file as name.
func (p *parser) pyBindings(name string) []string {
	if v, ok := p.bindings[name]; ok {
		return v
	}
	if p.bindings == nil {
		p.bindings = map[string][]string{}
	}
	out := p.scanBindings(name)
	p.bindings[name] = out
	return out
}

// scanBindings is pyBindings without the cache.
func (p *parser) scanBindings(name string) []string {
	var out []string
	for _, line := range strings.Split(p.src, "\n") {
		for _, stmt := range strings.Split(line, ";") {
			if m := pyAssignStmt.Get().FindStringSubmatch(strings.TrimSpace(stmt)); m != nil && m[1] == name {
				v := m[2]
				if i := strings.Index(v, " #"); i >= 0 {
					v = v[:i]
				}
				out = append(out, v)
			}
		}
		if len(out) >= maxPickleSources {
			return out
		}
	}
	for _, m := range pyWithOpen.Get().FindAllStringSubmatch(p.src, 64) {
		if m[2] == name && len(out) < 2*maxPickleSources {
			out = append(out, m[1])
		}
	}
	return out
}

// isPyName reports a plain Python name.
func isPyName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
