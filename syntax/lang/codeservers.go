package lang

import "strings"

// File servers started from code serve a directory to the network as
// the shell's servers do (python3 -m http.server -d DIR, ruby -run -e
// httpd DIR): Python's SimpleHTTPRequestHandler given directory=DIR,
// Ruby's WEBrick given DocumentRoot: DIR, and Node's express.static(DIR)
// or serve-static's serveStatic(DIR). Each is judged as that command,
// so a server of the home directory serves its secrets. A directory
// only known at run time is judged by its pieces.

// codeServers returns the effects of the file servers in the code.
func (p *parser) codeServers() []Effect {
	var out []Effect
	add := func(vals []arg, off int, name, cmd string) {
		if len(vals) == 0 {
			return
		}
		v := vals[0]
		c := call{name: name, off: off}
		if !v.lit {
			if e, ok := runTimePath(c, Read, &v, false); ok {
				out = append(out, e)
			}
			return
		}
		if v.str == "" {
			return
		}
		out = append(out, Effect{Kind: Shell, Call: name, Text: cmd + " " + shellPath(&v), Offset: off})
	}
	switch p.l {
	case Python:
		if !strings.Contains(p.src, "HTTPRequestHandler") {
			return nil
		}
		given := false
		for i, t := range p.toks {
			// directory=DIR, in the handler's call or a partial of it.
			if t.kind == tIdent && t.text == "directory" && isP(p.tok(i+1), "=") && !isP(p.tok(i+2), "=") && !isP(p.tok(i-1), ".") {
				given = true
				vals, _ := p.bareArgs(i + 2)
				add(vals, t.off, "SimpleHTTPRequestHandler(directory=…)", "python3 -m http.server -d")
			}
		}
		if !given {
			// No directory= anywhere: the handler serves the program's
			// working directory at the time it serves, so after
			// os.chdir(HOME) it serves the home directory (red team of
			// 2026-12-05). The server is judged where the handler is
			// named, after the chdirs before it.
			for _, t := range p.toks {
				if t.kind == tIdent && (t.text == "SimpleHTTPRequestHandler" || t.text == "CGIHTTPRequestHandler") {
					add([]arg{{lit: true, str: ".", text: "."}}, t.off, t.text, "python3 -m http.server -d")
					break
				}
			}
		}
	case Ruby:
		if !strings.Contains(p.src, "WEBrick") {
			return nil
		}
		for i, t := range p.toks {
			// DocumentRoot: DIR, :DocumentRoot => DIR.
			// (:DocumentRoot may have become a string: a symbol is one.)
			if t.kind != tIdent && !(t.kind == tString && t.lit) || strings.TrimPrefix(t.text, ":") != "DocumentRoot" {
				continue
			}
			switch {
			case isP(p.tok(i+1), ":"):
				vals, _ := p.bareArgs(i + 2)
				add(vals, t.off, "WEBrick DocumentRoot", "ruby -run -e httpd")
			case isP(p.tok(i+1), "=>"):
				vals, _ := p.bareArgs(i + 2)
				add(vals, t.off, "WEBrick DocumentRoot", "ruby -run -e httpd")
			}
		}
	case JS:
		if !strings.Contains(p.src, "express") && !strings.Contains(p.src, "serve-static") {
			return nil
		}
		for i, t := range p.toks {
			static := t.kind == tIdent && t.text == "static" && isP(p.tok(i-1), ".") || t.kind == tIdent && t.text == "serveStatic"
			if !static || !isP(p.tok(i+1), "(") {
				continue
			}
			args, _ := p.args(i+1, ")")
			add(args, t.off, t.text, "npx http-server")
		}
	}
	return out
}
