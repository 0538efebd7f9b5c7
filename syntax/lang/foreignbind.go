package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The compiled languages a source launcher runs at once (D, C# scripts,
// Swift, the JVM's java FILE.java) name a path the way the interpreted
// ones do: through a name bound once to a literal (auto d = "build";
// rmdirRecurse(d)) or a word of the program's argument vector (args[1],
// Args[0], CommandLine.arguments[1]). bindForeign puts the literal in
// place of each such reference, so that a call on it is judged as the
// call on the literal would be, as Python's sys.argv and top-level
// constants are (argv.go, consts.go).

// argvBase returns the name that indexes the argument vector in r's
// program: Args (dotnet script), CommandLine.arguments (Swift), or the
// parameter of main (D's main(string[] args), Java's main(String[] a)).
func (r *foreignReader) argvBase() string {
	switch r.l {
	case CSharp:
		return "Args"
	case Swift:
		return "CommandLine.arguments"
	case D, JVM:
		for i, t := range r.toks {
			if t.kind != tIdent || t.text != "main" || !isP2(r.tok(i+1), "(") {
				continue
			}
			// main(string[] NAME), main(String... NAME): the name
			// after "]" or "." that closes the list.
			for k := i + 2; k < len(r.toks) && k < i+16; k++ {
				if isP2(r.toks[k], ")") {
					if n := r.tok(k - 1); n.kind == tIdent && (isP2(r.tok(k-2), "]") || isP2(r.tok(k-2), ".")) {
						return n.text
					}
					break
				}
			}
		}
	}
	return ""
}

// bindForeign replaces the references to known words of argv and to
// names bound once to a literal with string tokens holding the values.
func (r *foreignReader) bindForeign(argv []Arg) {
	switch r.l {
	case D, CSharp, Swift, JVM:
	default:
		return
	}
	if base := r.argvBase(); base != "" && len(argv) > 0 {
		out := make([]ftok, 0, len(r.toks))
		for i := 0; i < len(r.toks); i++ {
			t := r.toks[i]
			if t.kind == tIdent && t.text == base && isP2(r.tok(i+1), "[") && isP2(r.tok(i+3), "]") && !isP2(r.tok(i+4), "=") {
				if n, ok := smallIndex(r.tok(i + 2)); ok && n < len(argv) && argv[n].Known {
					out = append(out, ftok{kind: tString, text: argv[n].Value, lit: true, off: t.off})
					i += 3
					continue
				}
			}
			out = append(out, t)
		}
		r.toks = out
	}
	// Then the names bound to a literal, an argument's word among them
	// (auto f = args[1]).
	consts := r.foreignConsts()
	if len(consts) == 0 {
		return
	}
	for i, t := range r.toks {
		if v, ok := consts[t.text]; ok && t.kind == tIdent && !isP2(r.tok(i+1), "=") {
			r.toks[i] = ftok{kind: tString, text: v, lit: true, off: t.off}
		}
	}
}

// smallIndex reads a literal index of at most four digits.
func smallIndex(t ftok) (int, bool) {
	if t.kind != tIdent || t.text == "" || len(t.text) > 4 {
		return 0, false
	}
	n := 0
	for _, c := range []byte(t.text) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// foreignConsts finds the names bound exactly once, by NAME = LITERAL
// ending its statement, and never bound anywhere else: not assigned
// again or with an operator (d += "x", d ~= "x"), not declared again
// (a parameter string d, a loop variable foreach (d; …), for d in, a
// Swift label d:, a lambda's (d) =>), not passed by reference (ref d,
// out d, &d). Swift's var may change in place (d.append(…)): only let
// binds there. A name is one token, so a.b = "x" binds nothing.
func (r *foreignReader) foreignConsts() map[string]string {
	binds := map[string]int{}
	vals := map[string]string{}
	toks := r.toks
	var stack []int
	for i, t := range toks {
		if isOpen(t) {
			stack = append(stack, i)
		}
		if isClose(t) && len(stack) > 0 {
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			// (a, d) => …, (a, d) -> …: every name in the list binds.
			if nx, nx2 := r.tok(i+1), r.tok(i+2); (isP2(nx, "=") || isP2(nx, "-")) && isP2(nx2, ">") {
				for k := open + 1; k < i; k++ {
					if toks[k].kind == tIdent {
						binds[toks[k].text] += 2
					}
				}
			}
		}
		if t.kind != tIdent || strings.Contains(t.text, ".") {
			continue
		}
		prev, next := r.tok(i-1), r.tok(i+1)
		switch {
		case isP2(next, "=") && !isP2(r.tok(i+2), "="):
			binds[t.text]++
			v, end := r.tok(i+2), r.tok(i+3)
			// auto d = "x"; string d = "x"; let d = "x" (Swift).
			decl := prev.kind == tIdent && !isI2(prev, "ref") && !isI2(prev, "out")
			if r.l == Swift {
				decl = isI2(prev, "let")
			}
			if decl && v.kind == tString && v.lit && (end.kind == tNewline || isP2(end, ";") || i+3 >= len(toks)) {
				vals[t.text] = v.text
			} else {
				binds[t.text] += 2
			}
		case next.kind == tPunct && assignOps.Get()[next.text] && isP2(r.tok(i+2), "="),
			isP2(next, "+") && isP2(r.tok(i+2), "+"), isP2(next, "-") && isP2(r.tok(i+2), "-"),
			isP2(next, ":"), isP2(next, "-") && isP2(r.tok(i+2), ">"), isI2(next, "in"),
			isP2(prev, "&"), isI2(prev, "ref"), isI2(prev, "out"), isI2(prev, "inout"),
			isP2(prev, "(") && isP2(next, ";"), isP2(prev, ",") && isP2(next, ";"),
			prev.kind == tIdent && !useWords.Get()[prev.text]:
			binds[t.text] += 2
		}
	}
	out := map[string]string{}
	for n, v := range vals {
		if binds[n] == 1 {
			out[n] = v
		}
	}
	return out
}

// useWords are the keywords a use of a name follows (return d, in d);
// any other name before it declares it (string d, var d in).
var useWords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"return": true, "case": true, "try": true, "await": true, "throw": true, "yield": true,
		"in": true, "is": true, "as": true, "else": true, "new": true, "typeof": true}
}}

func isI2(t ftok, s string) bool { return t.kind == tIdent && t.text == s }

// swiftProcess reads Foundation's Process (NSTask) at token i.
// Process.run(URL(fileURLWithPath: "/bin/ls"), arguments: ["-l"]) runs
// the program at once; let p = Process() runs it when p.run() or
// p.launch() is called: the program of p.executableURL =
// URL(fileURLWithPath: "…") or p.launchPath = "…", with the words of
// p.arguments = ["…", …]. Those given as literals (once each) are the
// command; any other form only run time knows: Hidden, as before.
func (r *foreignReader) swiftProcess(i int) (Effect, bool) {
	t := r.toks[i]
	hidden := func() (Effect, bool) {
		end := min(r.closeAt(i+1)+1, len(r.toks))
		return Effect{Kind: Hidden, Call: t.text, Text: r.text(fgroup{i + 2, max(end-1, i+2)}), Offset: t.off}, true
	}
	if t.text == "Process.run" {
		if !isP2(r.tok(i+1), "(") {
			return Effect{}, false
		}
		gs := r.argGroups(i + 1)
		if len(gs) < 1 || len(gs) > 3 {
			return hidden()
		}
		prog, ok := r.swiftURL(gs[0])
		if !ok {
			return hidden()
		}
		argv := []string{prog}
		if len(gs) > 1 {
			ws, ok := r.strs(gs[1])
			if !ok {
				return hidden()
			}
			argv = append(argv, ws...)
		}
		return Effect{Kind: Exec, Call: t.text, Argv: argv, Offset: t.off}, true
	}
	v := r.tok(i - 2)
	if !isP2(r.tok(i-1), "=") || v.kind != tIdent || strings.Contains(v.text, ".") || !isI2(r.tok(i-3), "let") && !isI2(r.tok(i-3), "var") {
		return hidden()
	}
	prog, args, ran := "", []string(nil), false
	progs, argss := 0, 0
	if r.fields == nil {
		// NAME.field tokens by NAME, once: each Process reads its own.
		r.fields = map[string][]int{}
		for k, tk := range r.toks {
			if n, _, ok := strings.Cut(tk.text, "."); ok && tk.kind == tIdent {
				r.fields[n] = append(r.fields[n], k)
			}
		}
	}
	for _, k := range r.fields[v.text] {
		f := strings.TrimPrefix(r.toks[k].text, v.text+".")
		set := isP2(r.tok(k+1), "=") && !isP2(r.tok(k+2), "=")
		if progs > 1 || argss > 1 {
			return hidden()
		}
		if (f == "run" || f == "launch") && isP2(r.tok(k+1), "(") {
			ran = true
			continue
		}
		if !set || f != "executableURL" && f != "launchPath" && f != "arguments" {
			continue
		}
		var ok bool
		end := k + 2
		for end < len(r.toks) && end < k+maxTokens/64 && r.toks[end].kind != tNewline && !isP2(r.toks[end], ";") {
			if isOpen(r.toks[end]) {
				end = r.closeAt(end)
			}
			end++
		}
		end = min(end, len(r.toks))
		switch {
		case f == "executableURL":
			progs++
			prog, ok = r.swiftURL(fgroup{k + 2, end})
			if !ok {
				return hidden()
			}
		case f == "launchPath":
			progs++
			if prog, ok = r.single(fgroup{k + 2, end}); !ok {
				return hidden()
			}
		case f == "arguments":
			argss++
			if args, ok = r.strs(fgroup{k + 2, end}); !ok || !isOpen(r.tok(k+2)) {
				return hidden()
			}
		}
	}
	if !ran {
		// Never started here: nothing runs, unless the process is
		// handed on (run(p), list.append(p)).
		for k, tk := range r.toks {
			if k != i-2 && tk.kind == tIdent && tk.text == v.text {
				return hidden()
			}
		}
		return Effect{}, false
	}
	if progs != 1 || argss > 1 || prog == "" {
		return hidden()
	}
	return Effect{Kind: Exec, Call: t.text, Argv: append([]string{prog}, args...), Offset: t.off}, true
}

// swiftURL reads URL(fileURLWithPath: "…") or URL(filePath: "…") in g.
func (r *foreignReader) swiftURL(g fgroup) (string, bool) {
	a := g.a
	if a+1 < g.b && r.toks[a].kind == tIdent && isP2(r.tok(a+1), ":") {
		a += 2 // the label of Process.run's first argument
	}
	if !isI2(r.tok(a), "URL") || !isP2(r.tok(a+1), "(") || r.closeAt(a+1) != g.b-1 {
		return "", false
	}
	l := r.tok(a + 2)
	if l.kind != tIdent || l.text != "fileURLWithPath" && l.text != "filePath" || !isP2(r.tok(a+3), ":") {
		return "", false
	}
	return r.single(fgroup{a + 4, g.b - 1})
}

// argGroups splits the arguments of the call whose "(" is at open, a
// label (name:) taken off each.
func (r *foreignReader) argGroups(open int) []fgroup {
	end := r.closeAt(open)
	if end >= len(r.toks) {
		return nil
	}
	var out []fgroup
	start := open + 1
	for k := open + 1; k <= end; k++ {
		if k == end || isP2(r.toks[k], ",") {
			if k > start {
				g := fgroup{start, k}
				if g.b-g.a > 2 && r.toks[g.a].kind == tIdent && isP2(r.toks[g.a+1], ":") {
					g.a += 2
				}
				out = append(out, g)
			}
			start = k + 1
			continue
		}
		if isOpen(r.toks[k]) {
			k = r.closeAt(k)
		}
	}
	return out
}

// csProcess reads C#'s new Process() or new ProcessStartInfo() (no
// constructor arguments; those are rFileArgs) at token i: the program
// is its FileName, with the words of its Arguments and of each
// ArgumentList.Add("…"), set in an object initializer ({ FileName =
// "rm", Arguments = "-rf x" }, also StartInfo = { … }) or through the
// variable it is assigned to (p.StartInfo.FileName = "rm", psi.Arguments
// = "…"). Given as literals (FileName once, Arguments at most once) they
// are the command; any other form only run time knows: Hidden, as
// before. A Process whose StartInfo is another object (p.StartInfo =
// psi) is that object's, read where it is made.
func (r *foreignReader) csProcess(i int) (Effect, bool) {
	t := r.toks[i]
	hidden := func() (Effect, bool) {
		return Effect{Kind: Hidden, Call: t.text, Text: "", Offset: t.off}, true
	}
	k := i + 1
	if isP2(r.tok(k), "(") {
		if r.closeAt(k) != k+1 {
			return hidden()
		}
		k += 2
	}
	prog, progs, argss, otherInfo := "", 0, 0, false
	var args []string
	// value reads the literal value of the assignment whose = is at eq,
	// up to the end of the statement or initializer entry.
	value := func(eq int) (string, bool) {
		end := eq + 1
		for end < len(r.toks) && end < eq+maxTokens/64 && r.toks[end].kind != tNewline && !isP2(r.toks[end], ";") && !isP2(r.toks[end], ",") && !isClose(r.toks[end]) {
			if isOpen(r.toks[end]) {
				end = r.closeAt(end)
			}
			end++
		}
		return r.single(fgroup{eq + 1, min(end, len(r.toks))})
	}
	// field reads one FileName/Arguments/ArgumentList.Add at token j,
	// whose last dotted part is f; it reports false for a form only
	// run time knows.
	field := func(j int, f string) bool {
		set := isP2(r.tok(j+1), "=") && !isP2(r.tok(j+2), "=")
		switch {
		case f == "FileName" && set:
			progs++
			v, ok := value(j + 1)
			prog = v
			return ok
		case f == "Arguments" && set:
			argss++
			v, ok := value(j + 1)
			args = append(args, shellWords(v)...)
			return ok
		case f == "Add" && strings.HasSuffix(r.toks[j].text, "ArgumentList.Add") && isP2(r.tok(j+1), "("):
			v, ok := r.single(fgroup{j + 2, r.closeAt(j + 1)})
			args = append(args, v)
			return ok
		case f == "StartInfo" && set:
			otherInfo = true
		}
		return true
	}
	last := func(s string) string {
		if d := strings.LastIndexByte(s, '.'); d >= 0 {
			return s[d+1:]
		}
		return s
	}
	if isP2(r.tok(k), "{") {
		end := r.closeAt(k)
		for j := k + 1; j < end && j < len(r.toks); j++ {
			tk := r.toks[j]
			if isI2(tk, "StartInfo") && isP2(r.tok(j+1), "=") && isI2(r.tok(j+2), "new") {
				return Effect{}, false // the inner ProcessStartInfo is read itself
			}
			if isOpen(tk) && j != k {
				j = r.closeAt(j)
				continue
			}
			if tk.kind == tIdent && !field(j, last(tk.text)) {
				return hidden()
			}
		}
	}
	// The variable it is assigned to: var p = new Process(); Process p = …
	if v := r.tok(i - 3); isI2(r.tok(i-1), "new") && isP2(r.tok(i-2), "=") && v.kind == tIdent && !strings.Contains(v.text, ".") {
		for j, tk := range r.toks {
			if j > i && tk.kind == tIdent && strings.HasPrefix(tk.text, v.text+".") && !field(j, last(tk.text)) {
				return hidden()
			}
		}
	}
	switch {
	case prog == "" && progs == 0 && otherInfo:
		return Effect{}, false
	case progs != 1 || argss > 1 || prog == "":
		return hidden()
	}
	return Effect{Kind: Exec, Call: t.text, Argv: append([]string{prog}, args...), Offset: t.off}, true
}

// csStartInfoVar reports a C# variable that is only ever assigned a new
// ProcessStartInfo made without constructor arguments (read by
// csProcess).
func (r *foreignReader) csStartInfoVar(v string) bool {
	found := false
	for j, tk := range r.toks {
		if !isI2(tk, v) || !isP2(r.tok(j+1), "=") || isP2(r.tok(j+2), "=") {
			continue
		}
		n := r.tok(j + 3).text
		if !isI2(r.tok(j+2), "new") || n != "ProcessStartInfo" && n != "System.Diagnostics.ProcessStartInfo" ||
			!(isP2(r.tok(j+4), "(") && isP2(r.tok(j+5), ")") || isP2(r.tok(j+4), "{")) {
			return false
		}
		found = true
	}
	return found
}
