package lang

import "strings"

// Gradle is a Gradle build script (build.gradle in Groovy, build.gradle.kts
// in Kotlin; settings.gradle too): Gradle runs it whenever it runs, and the
// tasks it defines run the commands and deletions written there. Its
// strings and comments are read with the JavaScript lexer ('…', "…",
// triple-quoted strings as adjacent literals, // and /* */); a Groovy
// "${…}" stays as text, a value only known at run time.
const Gradle Lang = "gradle"

// gradle reads a build script:
//   - commandLine A, B, … (also commandLine(…), commandLine = [..] or
//     listOf(…), setCommandLine) runs A with the rest as its arguments; in a
//     block with executable X and args …, X runs with those;
//   - "text".execute() and [..].execute() run a program (Groovy's
//     String.execute splits on white space: no shell), ProcessBuilder(…)
//     and Runtime.getRuntime().exec(…) too;
//   - delete X (project.delete, delete(…), delete file(…)), file(X).deleteDir()
//     and File(X).deleteDir() delete a tree.
func gradle(src string) []Effect {
	p := &parser{src: src, toks: lex(JS, src), l: JS}
	toks := p.toks
	var out []Effect
	// words reads the literal words of a call's arguments from token i
	// (after the name): a parenthesised list, a [..]/listOf(..) after =,
	// or a Groovy command's words up to the line's end.
	words := func(i int) ([]string, string, bool) {
		j := i
		if isP(p.tok(j), "=") {
			j++
		}
		if isI(p.tok(j), "listOf") || isI(p.tok(j), "arrayOf") || isI(p.tok(j), "mutableListOf") {
			j++
		}
		var args []arg
		if isP(p.tok(j), "(") || isP(p.tok(j), "[") {
			close := ")"
			if isP(p.tok(j), "[") {
				close = "]"
			}
			args, _ = p.args(j, close)
		} else {
			k := j
			for k < len(toks) && toks[k].kind != tNewline && !isP(toks[k], "}") && !isP(toks[k], ";") {
				k++
			}
			if k == j {
				return nil, "", false
			}
			start := j
			for m := j; m <= k; m++ {
				if m == k || isP(toks[m], ",") {
					args = append(args, p.arg(start, m))
					start = m + 1
				}
			}
		}
		var argv, text []string
		ok := true
		for _, a := range args {
			text = append(text, a.text)
			switch {
			case a.isList:
				argv = append(argv, a.list...)
			case a.lit && !strings.Contains(a.str, "${"):
				argv = append(argv, a.str)
			default:
				// file('x'), File("x"): the path.
				if v, isFile := gradleFileArg(a.text); isFile {
					argv = append(argv, v)
					continue
				}
				// Kotlin's arrayOf("a", "b") and listOf(…) as one
				// argument: exec(arrayOf("rm", "-rf", "x")).
				if vs, isList := kotlinList(a.text); isList {
					argv = append(argv, vs...)
					continue
				}
				ok = false
			}
		}
		return argv, strings.Join(text, ", "), ok
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tIdent && (t.text == "commandLine" || t.text == "setCommandLine") && !isP(p.tok(i-1), "."):
			argv, text, ok := words(i + 1)
			switch {
			case ok && len(argv) > 0:
				out = append(out, Effect{Kind: Exec, Call: "commandLine", Argv: argv, Offset: t.off})
			case text != "":
				out = append(out, Effect{Kind: Hidden, Call: "commandLine", Text: text, Offset: t.off})
			}
		case t.kind == tIdent && t.text == "executable" && !isP(p.tok(i-1), "."):
			exe, text, ok := words(i + 1)
			if !ok || len(exe) != 1 {
				if text != "" {
					out = append(out, Effect{Kind: Hidden, Call: "executable", Text: text, Offset: t.off})
				}
				continue
			}
			// The args of the same block.
			open, close := p.enclosing(i)
			argv := exe
			known := true
			for k := open + 1; k < close; k++ {
				if isI(toks[k], "args") && !isP(p.tok(k-1), ".") {
					more, _, ok := words(k + 1)
					known = known && ok
					argv = append(argv, more...)
				}
			}
			if !known {
				out = append(out, Effect{Kind: Hidden, Call: "executable", Text: strings.Join(argv, " "), Offset: t.off, Built: true})
				continue
			}
			out = append(out, Effect{Kind: Exec, Call: "executable", Argv: argv, Offset: t.off})
		case t.kind == tIdent && t.text == "execute" && isP(p.tok(i-1), ".") && isP(p.tok(i+1), "("):
			recv := p.tok(i - 2)
			switch {
			case recv.kind == tString && recv.lit && !strings.Contains(recv.text, "${"):
				out = append(out, Effect{Kind: Exec, Call: "String.execute", Argv: strings.Fields(recv.text), Offset: recv.off})
			case isP(recv, "]"):
				if open := p.matchBack(i - 2); open >= 0 {
					a := p.arg(open, i-1)
					if a.isList {
						out = append(out, Effect{Kind: Exec, Call: "List.execute", Argv: a.list, Offset: toks[open].off})
						continue
					}
				}
				out = append(out, Effect{Kind: Hidden, Call: "execute", Offset: t.off})
			default:
				out = append(out, Effect{Kind: Hidden, Call: "execute", Text: recv.text, Offset: t.off})
			}
		case t.kind == tIdent && (t.text == "ProcessBuilder" || t.text == "exec" && isP(p.tok(i-1), ".") && isP(p.tok(i-2), ")")) && isP(p.tok(i+1), "("):
			argv, text, ok := words(i + 1)
			switch {
			case ok && len(argv) == 1 && t.text == "exec":
				out = append(out, Effect{Kind: Exec, Call: "Runtime.exec", Argv: strings.Fields(argv[0]), Offset: t.off})
			case ok && len(argv) > 0:
				out = append(out, Effect{Kind: Exec, Call: t.text, Argv: argv, Offset: t.off})
			default:
				out = append(out, Effect{Kind: Hidden, Call: t.text, Text: text, Offset: t.off})
			}
		case t.kind == tIdent && t.text == "delete" && (!isP(p.tok(i-1), ".") || isI(p.tok(i-2), "project")) && !isI(p.tok(i-1), "fun") && !isI(p.tok(i-1), "def"):
			j := i + 1
			if isI(p.tok(j), "file") || isI(p.tok(j), "files") {
				j++
			}
			paths, text, ok := words(j)
			if !ok {
				if text != "" {
					out = append(out, Effect{Kind: Hidden, Call: "delete", Text: text, Offset: t.off})
				}
				continue
			}
			for _, pth := range paths {
				out = append(out, Effect{Kind: Delete, Call: "delete", Path: pth, Recursive: true, Offset: t.off})
			}
		case t.kind == tIdent && t.text == "deleteDir" && isP(p.tok(i-1), ".") && isP(p.tok(i-2), ")"):
			if open := p.matchBack(i - 2); open > 0 && (isI(p.tok(open-1), "file") || isI(p.tok(open-1), "File")) {
				if a := p.arg(open+1, i-2); a.lit {
					out = append(out, Effect{Kind: Delete, Call: "deleteDir", Path: a.str, Recursive: true, Offset: t.off})
					continue
				}
			}
			out = append(out, Effect{Kind: Hidden, Call: "deleteDir", Offset: t.off})
		}
	}
	return out
}

// gradleFileArg reads file('x'), files("x"), File("x") or
// project.file('x') of one literal path without "${".
func gradleFileArg(text string) (string, bool) {
	t := strings.TrimSpace(text)
	for _, pre := range []string{"project.file(", "file(", "files(", "File(", "new File("} {
		rest, ok := strings.CutPrefix(t, pre)
		if !ok || !strings.HasSuffix(rest, ")") {
			continue
		}
		rest = strings.TrimSpace(strings.TrimSuffix(rest, ")"))
		if len(rest) >= 2 && (rest[0] == '"' || rest[0] == '\'') && rest[len(rest)-1] == rest[0] && !strings.ContainsAny(rest[1:len(rest)-1], "\"'$\\") {
			return rest[1 : len(rest)-1], true
		}
	}
	return "", false
}

// kotlinList reads arrayOf(…), listOf(…) or mutableListOf(…) of literal
// strings without "$" or escapes.
func kotlinList(text string) ([]string, bool) {
	t := strings.TrimSpace(text)
	for _, pre := range []string{"arrayOf(", "listOf(", "mutableListOf("} {
		rest, ok := strings.CutPrefix(t, pre)
		if !ok || !strings.HasSuffix(rest, ")") {
			continue
		}
		var out []string
		for _, part := range strings.Split(strings.TrimSuffix(rest, ")"), ",") {
			p := strings.TrimSpace(part)
			if len(p) < 2 || p[0] != '"' || p[len(p)-1] != '"' || strings.ContainsAny(p[1:len(p)-1], "\"$\\") {
				return nil, false
			}
			out = append(out, p[1:len(p)-1])
		}
		return out, len(out) > 0
	}
	return nil, false
}

// enclosing returns the braces around token i (or the whole text).
func (p *parser) enclosing(i int) (int, int) {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch {
		case isP(p.toks[j], "}"):
			depth++
		case isP(p.toks[j], "{"):
			if depth == 0 {
				if c := p.closeOf(p.toks, j); c > j {
					return j, c
				}
				return j, len(p.toks)
			}
			depth--
		}
	}
	return -1, len(p.toks)
}
