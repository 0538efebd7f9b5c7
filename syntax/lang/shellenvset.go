package lang

import "strings"

// ShellEnvVar is a variable program code puts in the environment of the
// programs it starts that makes any bash among them run code: a function
// bash imports (BASH_FUNC_NAME%%, whose value "() { BODY; }" defines NAME
// before the script runs) or BASH_ENV (a file a bash that is not
// interactive sources first). Known reports that Value is the whole value
// as written (a string literal).
type ShellEnvVar struct {
	Name, Value string
	Known       bool
}

// BashFuncName returns NAME for a variable bash imports a function from
// (BASH_FUNC_NAME%%).
func BashFuncName(name string) (string, bool) {
	fn, ok := strings.CutPrefix(name, "BASH_FUNC_")
	if !ok {
		return "", false
	}
	fn, ok = strings.CutSuffix(fn, "%%")
	return fn, ok && fn != ""
}

// shellEnvName reports a variable ShellEnvVar describes.
func shellEnvName(name string) bool {
	_, fn := BashFuncName(name)
	return fn || name == "BASH_ENV"
}

// SetsShellEnv returns the variables of that kind program text of Python,
// JavaScript, Ruby, Perl or PHP sets, in its own environment or in one it
// builds and hands a child, in every spelling SetsPath reads for PATH:
// os.environ["BASH_ENV"] = …, e["BASH_FUNC_ls%%"] = …, {"BASH_FUNC_ls%%":
// …}, dict(os.environ, BASH_ENV=…), process.env.BASH_ENV = …, ENV[…] =,
// {… => …}, $ENV{…} = …, putenv("NAME=…"), os.putenv(NAME, …),
// ENV.store, Deno.env.set. A value that is not one string literal (a
// concatenation, a variable) is not Known. Reading the variable
// (os.environ.get("BASH_ENV"), print(e["BASH_ENV"])) sets nothing.
func SetsShellEnv(l Lang, src string) []ShellEnvVar {
	switch l {
	case Python, JS, Ruby, Perl, PHP:
	default:
		return nil
	}
	if !strings.Contains(src, "BASH_FUNC_") && !strings.Contains(src, "BASH_ENV") {
		return nil
	}
	text, _, _ := programText(l, src)
	toks := lex(l, text)
	tok := func(i int) token {
		if i < 0 || i >= len(toks) {
			return token{}
		}
		return toks[i]
	}
	// value reads the value starting at token i: one string literal
	// followed by the end of the expression is known.
	value := func(i int) (string, bool) {
		t := tok(i)
		if !litStr(t) {
			return "", false
		}
		switch n := tok(i + 1); {
		case n.kind == 0, n.kind == tNewline, isP(n, ";"), isP(n, ","), isP(n, ")"), isP(n, "}"), isP(n, "]"):
			return t.text, true
		}
		return "", false
	}
	// assignOp reports the operator at token i that gives a value: =,
	// :, =>, and a function's next argument (putenv(NAME, VALUE)).
	assignOp := func(i int, call bool) bool {
		t := tok(i)
		return isP(t, "=") || isP(t, ":") || isP(t, "=>") || isP(t, ":=") || call && isP(t, ",")
	}
	var out []ShellEnvVar
	seen := map[string]bool{}
	add := func(name, val string, known bool) {
		key := name + "\x00" + val
		if !known {
			key = name + "\x00?"
		}
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, ShellEnvVar{Name: name, Value: val, Known: known})
	}
	for i, t := range toks {
		name := ""
		switch {
		case litStr(t):
			if n, v, ok := strings.Cut(t.text, "="); ok && shellEnvName(n) && isP(tok(i-1), "(") && strings.HasSuffix(tok(i-2).text, "putenv") {
				// PHP putenv("BASH_ENV=/tmp/x").
				add(n, v, true)
				continue
			}
			name = t.text
		case t.kind == tIdent:
			// $ENV{BASH_ENV}, process.env.BASH_ENV, {BASH_ENV: …},
			// dict(os.environ, BASH_ENV=…).
			name = t.text
			if k := strings.LastIndexAny(name, ".{"); k >= 0 {
				name = name[k+1:]
			} else if p := tok(i - 1); !isP(p, ".") && !isP(p, "{") && !isP(p, ",") && !isP(p, "(") {
				continue // BASH_ENV = "x": a variable of the program's own
			}
		}
		if !shellEnvName(name) {
			continue
		}
		j := i + 1
		for isP(tok(j), "]") || isP(tok(j), "}") {
			j++
		}
		call := isP(tok(i-1), "(") && j == i+1 && envSetter(tok(i-2).text)
		if !assignOp(j, call) || isP(tok(j), ":") && j != i+1 {
			continue
		}
		if isP(tok(j), "=") && isP(tok(j+1), "=") {
			continue // a comparison lexed as two tokens
		}
		v, known := value(j + 1)
		add(name, v, known)
	}
	return out
}

// envSetter reports a function or method that sets the environment
// variable its first argument names to its second: os.putenv,
// os.environ.setdefault, ENV.store, Deno.env.set, setenv.
func envSetter(name string) bool {
	if k := strings.LastIndexByte(name, '.'); k >= 0 {
		name = name[k+1:]
	}
	switch name {
	case "putenv", "setdefault", "store", "set", "setenv", "Setenv":
		return true
	}
	return false
}
