package lang

import "strings"

// SetsPath reports whether program text of Python, JavaScript, Ruby,
// Perl or PHP sets PATH for the programs it starts, and returns the text
// that does: in the environment itself (os.environ["PATH"] = …,
// process.env.PATH = …, ENV["PATH"] = …, $ENV{PATH} = …, putenv("PATH=…"),
// os.putenv("PATH", …), ENV.store("PATH", …), Deno.env.set("PATH", …)) or
// in an environment it builds or copies and hands a child
// (e = dict(os.environ); e["PATH"] = …; run(["ls"], env=e), {**os.environ,
// "PATH": …}, dict(os.environ, PATH=…), {...process.env, PATH: …},
// {"PATH" => …}). A program the code then runs by name (not a path) is
// looked up through that PATH, which only run time knows: the file that
// runs is the code's choice, as a path read from the environment is.
// Reading PATH (print(os.environ["PATH"]), os.environ.get("PATH")) sets
// nothing.
func SetsPath(l Lang, src string) (string, bool) {
	switch l {
	case Python, JS, Ruby, Perl, PHP:
	default:
		return "", false
	}
	if !strings.Contains(src, "PATH") {
		return "", false
	}
	text, _, _ := programText(l, src)
	toks := lex(l, text)
	tok := func(i int) token {
		if i < 0 || i >= len(toks) {
			return token{}
		}
		return toks[i]
	}
	isPath := func(t token) bool {
		return litStr(t) && t.text == "PATH" || t.kind == tIdent && (t.text == "PATH" || strings.HasSuffix(t.text, ".PATH"))
	}
	// assign reports an assignment starting at token i: =, +=, .=, ||=
	// (one token or an operator and "=").
	assign := func(i int) bool {
		t := tok(i)
		if isP(t, "=") || isP(t, ".=") || isP(t, "+=") || isP(t, "||=") || isP(t, ":=") {
			return true
		}
		return t.kind == tPunct && (t.text == "+" || t.text == "." || t.text == "||") && isP(tok(i+1), "=")
	}
	at := func(i, j int) (string, bool) {
		a, b := tok(max(i, 0)).off, len(text)
		if j+1 < len(toks) {
			b = toks[j+1].off
		}
		if a > b || b > len(text) {
			return "PATH", true
		}
		return strings.TrimSpace(text[a:b]), true
	}
	for i, t := range toks {
		switch {
		case litStr(t) && strings.HasPrefix(t.text, "PATH=") && isP(tok(i-1), "(") && strings.HasSuffix(tok(i-2).text, "putenv"):
			// PHP putenv("PATH=/x"), Python os.putenv's one-word form.
			return at(i-2, i)
		case !isPath(t):
		case (isP(tok(i+1), "]") || isP(tok(i+1), "}")) && (isP(tok(i-1), "[") || isP(tok(i-1), "{")) && assign(i+2):
			// os.environ["PATH"] = …, e["PATH"] = …, $ENV{PATH} = ….
			return at(i-2, i+2)
		case t.kind == tIdent && (isP(tok(i-1), ".") || strings.HasSuffix(t.text, ".PATH")) && assign(i+1):
			// process.env.PATH = …, env.PATH = ….
			return at(i-3, i+1)
		case litStr(t) && (isP(tok(i+1), ":") || isP(tok(i+1), "=>")):
			// {"PATH": …}, {**os.environ, "PATH": …}, {"PATH" => …}.
			return at(i, i+1)
		case t.kind == tIdent && isP(tok(i+1), ":") && (isP(tok(i-1), "{") || isP(tok(i-1), ",")) && l == JS:
			// {...process.env, PATH: …}.
			return at(i, i+1)
		case t.kind == tIdent && isP(tok(i+1), "=") && (isP(tok(i-1), "(") || isP(tok(i-1), ",")) && l == Python:
			// dict(os.environ, PATH=…), os.environ.update(PATH=…).
			return at(i, i+1)
		case litStr(t) && isP(tok(i-1), "(") && isP(tok(i+1), ","):
			// os.putenv("PATH", …), ENV.store("PATH", …),
			// Deno.env.set("PATH", …), os.environ.setdefault("PATH", …).
			name := tok(i - 2).text
			if name == "putenv" || name == "store" || name == "set" || name == "setdefault" || name == "setenv" ||
				strings.HasSuffix(name, ".putenv") || strings.HasSuffix(name, ".store") || strings.HasSuffix(name, ".set") ||
				strings.HasSuffix(name, ".setdefault") {
				return at(i-2, i)
			}
		}
	}
	return "", false
}
