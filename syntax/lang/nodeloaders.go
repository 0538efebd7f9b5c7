package lang

import (
	"path"
	"strings"
)

// Node's other ways to load a file of code (red team 16 MI1): the
// module loader called directly, Module._load("/abs/x.js") (require's
// own implementation), and a require made for another place,
// module.createRequire(BASE)(SPEC), also held in a name first (const r =
// createRequire(BASE); r(SPEC)): SPEC is found from BASE's directory (a
// BASE ending in "/" is the directory itself; a file: URL is its path).
// Each is an Include of the file, as require("./x.js") is. A base only
// run time knows (import.meta.url, __filename: the script itself) is the
// script's directory; another one with a relative SPEC asks.

// nodeLoaderImports returns the Include effects of the loads above.
func (p *parser) nodeLoaderImports() []Effect {
	toks := p.toks
	var out []Effect
	add := func(call string, off int, spec string) {
		if len(out) >= maxImports {
			return
		}
		if !(strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") || strings.HasPrefix(spec, "/")) {
			return // a package: node_modules, not the agent's file
		}
		out = append(out, Effect{Kind: Include, Call: call, Path: spec, Offset: off, Relative: true, Text: NodeRequire})
	}
	// requirers are the names bound to createRequire(BASE), with the
	// base's directory ("" for the script's own, "?" for one not known).
	requirers := map[string]string{}
	baseDir := func(k int) (string, int) {
		// createRequire ( BASE ) at k: the directory and the index
		// after ")".
		if !isP(p.tok(k+1), "(") {
			return "?", k + 1
		}
		end := p.closeOf(toks, k+1)
		if end < 0 {
			return "?", k + 1
		}
		b := p.tok(k + 2)
		if end == k+3 && b.kind == tString && b.lit {
			s := b.text
			if u, ok := fileURLPath(s); ok {
				s = u
			}
			if strings.HasSuffix(s, "/") {
				return s, end + 1
			}
			return path.Dir(s), end + 1
		}
		text := strings.Join(strings.Fields(p.src[b.off:toks[end].off]), "")
		if text == "import.meta.url" || text == "__filename" {
			return "", end + 1
		}
		return "?", end + 1
	}
	specAt := func(k int) (string, bool) {
		// ( SPEC ) at k.
		if !isP(p.tok(k), "(") || p.closeOf(toks, k) != k+2 {
			return "", false
		}
		s := p.tok(k + 1)
		if s.kind != tString || !s.lit || s.text == "" {
			return "", false
		}
		return s.text, true
	}
	load := func(call string, off int, dir, spec string) {
		switch {
		case strings.HasPrefix(spec, "/"):
			add(call, off, spec)
		case dir == "?":
			if strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
				out = append(out, Effect{Kind: Hidden, Call: call, Text: spec, Offset: off})
			}
		case dir == "":
			add(call, off, spec)
		case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
			add(call, off, path.Join(dir, spec))
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tIdent {
			continue
		}
		switch {
		case t.text == "_load" && isP(p.tok(i-1), "."):
			if spec, ok := specAt(i + 1); ok {
				add("Module._load", t.off, spec)
			}
		case t.text == "createRequire":
			dir, next := baseDir(i)
			if spec, ok := specAt(next); ok {
				load("createRequire", t.off, dir, spec)
			}
			// const r = createRequire(BASE), r = module.createRequire(…)
			for j := i - 1; j >= 1 && j >= i-10; j-- {
				if isP(toks[j], ";") || toks[j].kind == tNewline {
					break
				}
				if isP(toks[j], "=") && toks[j-1].kind == tIdent {
					requirers[toks[j-1].text] = dir
					break
				}
			}
		default:
			dir, ok := requirers[t.text]
			if !ok || isP(p.tok(i-1), ".") {
				continue
			}
			if spec, ok := specAt(i + 1); ok {
				load(t.text, t.off, dir, spec)
			}
		}
	}
	return append(out, p.jsRequireIncludes()...) // r("./x.js") with r = require (jsrequire.go)
}
