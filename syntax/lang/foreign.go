package lang

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The languages corral reads only for their calls that run programs or
// delete files (issue 12, code other programs run): Lisp and Scheme
// dialects, Clojure, Erlang, Elixir, gnuplot, Octave/MATLAB, the JVM
// languages' scripts (Groovy, JShell, Kotlin, Scala), Prolog, Haskell and
// OCaml. Each has a small lexer profile (strings, comments, characters)
// and a table of calls, from each language's reference: a call whose
// literal argument is shell text is that text typed at the shell; one
// that runs a program with literal words is that command; a deletion of
// a literal path is rm of it; any of them with an argument only known at
// run time is Hidden. Everything else (printing, strings, comments) is
// data.
const (
	Scheme  Lang = "scheme"
	Lisp    Lang = "lisp"
	Clojure Lang = "clojure"
	Erlang  Lang = "erlang"
	Elixir  Lang = "elixir"
	Gnuplot Lang = "gnuplot"
	Octave  Lang = "octave"
	JVM     Lang = "jvm"
	Prolog  Lang = "prolog"
	Haskell Lang = "haskell"
	OCaml   Lang = "ocaml"
	M4      Lang = "m4"
	// D, CSharp (a C# script, .csx) and Swift are the languages of the
	// compilers that run a source file at once (rdmd, dotnet script,
	// swift FILE).
	D      Lang = "d"
	CSharp Lang = "csharp"
	Swift  Lang = "swift"
	// Meson is a meson.build (meson setup runs its run_command calls);
	// Starlark a Tiltfile (tilt up runs its local calls).
	Meson    Lang = "meson"
	Starlark Lang = "starlark"
)

// role is what a call of a foreign language does with its arguments.
type role int

const (
	// rShell runs its first argument as shell text (a list of literal
	// words: that program, without a shell).
	rShell role = iota + 1
	// rExec runs a program: its literal arguments and lists, flattened.
	rExec
	// rSplit runs one string split at blanks (Java's Runtime.exec(String),
	// Groovy's String.execute()), or a list.
	rSplit
	// rWords runs one string split into words with quotes as a shell
	// would but without expansions (babashka.process), or several words.
	rWords
	rDelete
	rDeleteTree
	rRmdir
	// rHidden runs or deletes something the call's arguments name in a
	// way corral does not model: always Hidden.
	rHidden
	// rFileArgs runs the program of its first argument with the words
	// of its second, one string split as a command line (C#'s
	// Process.Start(FILE, ARGS)).
	rFileArgs
)

// foreignSpec is how a foreign language is read.
type foreignSpec struct {
	// lisp: calls are (name arg …); juxta: name arg arg (Haskell, OCaml),
	// otherwise name(arg, …), and name "string" on one line.
	lisp, juxta bool
	// identExtra are the characters of names besides letters, digits
	// and _ ("-*/:!?" in Lisps, "." and ":" of qualified names).
	identExtra string
	// sq: '…' is a string ('' a quote when sqDouble); char: 'c' is a
	// character; lispChar: #\c is a character (Lisp, Scheme); clojure
	// \c; dollarChar: $c (Erlang).
	sq, sqDouble, char, lispChar, cljChar, dollarChar bool
	// interp is the start of a run-time part inside "…" ("#{", "$").
	interp []string
	// quoted: OCaml's {|…|}; atoms: Elixir's :name; transpose: ' after
	// a value is Octave's transpose.
	quoted, atoms, transpose bool
	lineComment              []string
	blockComment             [][2]string
	// nest: block comments nest (D's /+ +/, Swift's /* */).
	nest  bool
	calls map[string]role
	// str reads a string literal of the language's own spellings at i
	// (D's `…` and q"(…)", C#'s @"…", Swift's #"…"#), when there is one.
	str func(src string, i int) (v string, lit bool, end int, ok bool)
	// labels: an argument may start with a name and ":" (Swift's atPath:,
	// C#'s named arguments), which is not part of its value.
	labels bool
	// suffix are calls matched by the last part of their name
	// (fm.removeItem, FileManager.default.removeItem).
	suffix map[string]role
}

var foreignSpecs = lazy.Value[map[Lang]*foreignSpec]{New: func() map[Lang]*foreignSpec {
	lispCalls := map[string]role{
		// Racket (racket/system, racket/file), Guile, Chez, MIT Scheme.
		"system": rShell, "system/exit-code": rShell, "process": rShell, "shell-command": rShell,
		"open-input-pipe": rShell, "open-output-pipe": rShell, "run-shell-command": rShell, "open-process-ports": rShell,
		"system*": rExec, "system*/exit-code": rExec, "process*": rExec, "subprocess": rHidden, "spawn": rExec,
		"open-pipe": rShell, "open-pipe*": rHidden,
		"delete-directory/files": rDeleteTree, "delete-file": rDelete, "delete-directory": rRmdir, "rmdir": rRmdir,
		// Common Lisp: SBCL, CLISP, ECL, UIOP.
		"sb-ext:run-program": rExec, "run-program": rExec, "ext:run-program": rExec, "uiop:run-program": rShell,
		"uiop:launch-program": rShell, "ext:shell": rShell, "shell": rShell, "ext:run-shell-command": rShell,
		"ext:system": rShell, "si:system": rShell, "uiop:delete-directory-tree": rDeleteTree,
		"uiop:delete-file-if-exists": rDelete, "sb-ext:delete-directory": rRmdir,
	}
	clojureCalls := map[string]role{
		"clojure.java.shell/sh": rExec, "shell/sh": rExec, "sh": rExec,
		"babashka.process/shell": rWords, "babashka.process/process": rWords, "babashka.process/sh": rWords,
		"p/shell": rWords, "p/process": rWords, "p/sh": rWords, "process/shell": rWords, "process/process": rWords,
		"shell": rWords, "process": rWords, ".exec": rSplit,
		"clojure.java.io/delete-file": rDelete, "io/delete-file": rDelete,
		"babashka.fs/delete-tree": rDeleteTree, "fs/delete-tree": rDeleteTree, "babashka.fs/delete": rDelete,
		"fs/delete": rDelete, "fs/delete-if-exists": rDelete, "babashka.fs/delete-if-exists": rDelete,
	}
	jvmCalls := map[string]role{
		// Runtime.getRuntime().exec is matched as ".exec"; "….execute()"
		// (Groovy) and "….!" (Scala) after a literal, below.
		"ProcessBuilder": rExec, "Process": rSplit, "Files.delete": rDelete, "Files.deleteIfExists": rDelete,
		"FileUtils.deleteDirectory": rDeleteTree, "FileUtils.forceDelete": rDeleteTree,
	}
	return map[Lang]*foreignSpec{
		// D: std.process and std.file (dlang.org/phobos).
		D: {identExtra: ".", char: true, lineComment: []string{"//"}, blockComment: [][2]string{{"/+", "+/"}, {"/*", "*/"}}, str: dString,
			calls: map[string]role{"executeShell": rShell, "spawnShell": rShell, "pipeShell": rShell, "system": rShell,
				"std.process.executeShell": rShell, "std.process.spawnShell": rShell, "std.process.pipeShell": rShell,
				"execute": rExec, "spawnProcess": rExec, "pipeProcess": rExec, "execv": rExec, "execvp": rExec,
				"std.process.execute": rExec, "std.process.spawnProcess": rExec, "std.process.pipeProcess": rExec,
				"rmdirRecurse": rDeleteTree, "std.file.rmdirRecurse": rDeleteTree, "remove": rDelete, "std.file.remove": rDelete,
				"rmdir": rRmdir, "std.file.rmdir": rRmdir}},
		// C# scripts: System.Diagnostics.Process, System.IO.
		CSharp: {identExtra: ".", char: true, labels: true, lineComment: []string{"//"}, blockComment: [][2]string{{"/*", "*/"}}, str: csString,
			calls: map[string]role{"Process.Start": rFileArgs, "System.Diagnostics.Process.Start": rFileArgs, "ProcessStartInfo": rFileArgs,
				"Process": rHidden, "File.Delete": rDelete, "System.IO.File.Delete": rDelete,
				"Directory.Delete": rDeleteTree, "System.IO.Directory.Delete": rDeleteTree}},
		// Swift: Foundation's Process (NSTask), FileManager, Glibc/Darwin.
		Swift: {identExtra: ".", labels: true, nest: true, lineComment: []string{"//"}, blockComment: [][2]string{{"/*", "*/"}}, str: swiftString,
			calls: map[string]role{"Process": rHidden, "NSTask": rHidden, "Foundation.Process": rHidden, "system": rShell, "popen": rShell,
				"posix_spawn": rHidden, "posix_spawnp": rHidden, "execv": rHidden, "execvp": rHidden, "unlink": rDelete, "remove": rDelete, "rmdir": rRmdir},
			suffix: map[string]role{"removeItem": rDeleteTree, "trashItem": rDeleteTree}},
		Scheme: {lisp: true, identExtra: "-*/:!?<>=+.%&^~$", lispChar: true,
			lineComment: []string{";"}, blockComment: [][2]string{{"#|", "|#"}}, calls: lispCalls},
		Lisp: {lisp: true, identExtra: "-*/:!?<>=+.%&^~$", lispChar: true,
			lineComment: []string{";"}, blockComment: [][2]string{{"#|", "|#"}}, calls: lispCalls},
		Clojure: {lisp: true, identExtra: "-*/:!?<>=+.%&'", cljChar: true,
			lineComment: []string{";"}, calls: clojureCalls},
		Erlang: {identExtra: ":@", dollarChar: true, lineComment: []string{"%"}, calls: map[string]role{
			"os:cmd": rShell, "file:del_dir_r": rDeleteTree, "file:delete": rDelete, "file:del_dir": rRmdir,
			"open_port": rHidden, "erlang:open_port": rHidden}},
		Elixir: {identExtra: ".:!?", sq: true, atoms: true, interp: []string{"#{"}, lineComment: []string{"#"}, calls: map[string]role{
			"System.cmd": rExec, "System.shell": rShell, ":os.cmd": rShell, "File.rm_rf": rDeleteTree, "File.rm_rf!": rDeleteTree,
			"File.rm": rDelete, "File.rm!": rDelete, "File.rmdir": rRmdir, "File.rmdir!": rRmdir, "Port.open": rHidden,
			"MuonTrap.cmd": rExec}},
		Gnuplot: {sq: true, sqDouble: true, lineComment: []string{"#"}, calls: map[string]role{
			"system": rShell}},
		Octave: {sq: true, sqDouble: true, transpose: true, lineComment: []string{"%", "#"}, blockComment: [][2]string{{"%{", "%}"}, {"#{", "#}"}},
			calls: map[string]role{"system": rShell, "unix": rShell, "dos": rShell, "shell_cmd": rShell, "popen": rShell,
				"popen2": rExec, "delete": rDelete, "unlink": rDelete, "rmdir": rRmdir}},
		JVM: {identExtra: ".", sq: true, interp: []string{"${", "$"}, lineComment: []string{"//"}, blockComment: [][2]string{{"/*", "*/"}},
			calls: jvmCalls},
		Prolog: {sq: true, sqDouble: true, lineComment: []string{"%"}, blockComment: [][2]string{{"/*", "*/"}}, calls: map[string]role{
			"shell": rShell, "process_create": rExec, "delete_file": rDelete, "delete_directory": rRmdir}},
		Haskell: {juxta: true, identExtra: ".'", char: true, lineComment: []string{"--"}, blockComment: [][2]string{{"{-", "-}"}},
			calls: map[string]role{"system": rShell, "System.Process.system": rShell, "System.Cmd.system": rShell,
				"callCommand": rShell, "spawnCommand": rShell, "shell": rShell, "runCommand": rShell,
				"rawSystem": rExec, "callProcess": rExec, "proc": rExec, "readProcess": rExec, "spawnProcess": rExec,
				"readProcessWithExitCode": rExec, "runProcess": rExec,
				"removeDirectoryRecursive": rDeleteTree, "removePathForcibly": rDeleteTree, "removeFile": rDelete,
				"removeDirectory": rRmdir}},
		Meson:    {sq: true, lineComment: []string{"#"}, calls: map[string]role{"run_command": rExec}},
		Starlark: {sq: true, lineComment: []string{"#"}, calls: map[string]role{"local": rShell}},
		OCaml: {juxta: true, identExtra: ".'", char: true, quoted: true, blockComment: [][2]string{{"(*", "*)"}}, calls: map[string]role{
			"Sys.command": rShell, "Unix.system": rShell, "Unix.open_process": rShell, "Unix.open_process_in": rShell,
			"Unix.open_process_out": rShell, "Unix.open_process_full": rShell, "Unix.execv": rHidden, "Unix.execvp": rHidden,
			"Unix.create_process": rHidden, "Unix.open_process_args": rHidden, "Unix.open_process_args_in": rHidden,
			"Sys.remove": rDelete, "Unix.unlink": rDelete, "Sys.rmdir": rRmdir, "Unix.rmdir": rRmdir}},
	}
}}

// ftok is a token of a foreign language.
type ftok struct {
	kind kind
	text string // a name or punctuation; a string's value when lit
	lit  bool
	off  int
}

// foreignLex tokenizes src with spec's profile.
func foreignLex(s *foreignSpec, src string) []ftok {
	var out []ftok
	isName := func(c byte) bool { return isIdent(c) || strings.IndexByte(s.identExtra, c) >= 0 && c != 0 }
	i := 0
	for i < len(src) && len(out) < maxTokens {
		c := src[i]
		rest := src[i:]
		switch {
		case c == '\n':
			out = append(out, ftok{kind: tNewline, off: i})
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
			continue
		}
		if skip := foreignComment(s, src, i); skip > i {
			i = skip
			continue
		}
		switch {
		case s.lispChar && strings.HasPrefix(rest, `#\`) && len(rest) > 2:
			// #\" #\( #\space: a character.
			j := i + 3
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			i = j
			continue
		case s.cljChar && c == '\\' && len(rest) > 1:
			j := i + 2
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			i = j
			continue
		case s.dollarChar && c == '$' && len(rest) > 1:
			i += 2
			if rest[1] == '\\' && len(rest) > 2 {
				i++
			}
			continue
		case s.char && c == '\'' && (len(out) == 0 || out[len(out)-1].kind != tIdent || !isName(src[max(i-1, 0)])):
			// 'c', '\n', '\'' — a character, not part of a name (x').
			if len(rest) >= 3 && rest[1] != '\\' && rest[2] == '\'' {
				i += 3
				continue
			}
			if len(rest) >= 4 && rest[1] == '\\' {
				if k := strings.IndexByte(rest[2:], '\''); k >= 0 && k < 6 {
					i += k + 3
					continue
				}
			}
		case s.str != nil:
			if v, lit, end, ok := s.str(src, i); ok {
				out = append(out, ftok{kind: tString, text: v, lit: lit, off: i})
				i = end
				continue
			}
		}
		switch {
		case c == '"', c == '\'' && s.sq && !(s.lit0(out, src, i)):
			// Racket's #rx"…", #px"…", #"…", Lisp's #p"…" are strings too.
			v, lit, end := foreignString(s, src, i)
			out = append(out, ftok{kind: tString, text: v, lit: lit, off: i})
			i = end
			continue
		case c == '{' && s.quoted && strings.HasPrefix(rest, "{|"):
			end := strings.Index(rest[2:], "|}")
			if end < 0 {
				out = append(out, ftok{kind: tString, text: rest[2:], lit: true, off: i})
				i = len(src)
			} else {
				out = append(out, ftok{kind: tString, text: rest[2 : 2+end], lit: true, off: i})
				i += end + 4
			}
			continue
		}
		if isName(c) && c != '.' && (c != ':' || s.lisp) && c != '\'' || c == ':' && s.atoms && len(rest) > 1 && isIdentStart(rest[1]) ||
			c == '.' && s.lisp && len(rest) > 1 && isIdentStart(rest[1]) && (i == 0 || !isName(src[i-1])) {
			j := i + 1
			for j < len(src) && isName(src[j]) {
				j++
			}
			// A name does not end with the "." or ":" of a sentence.
			for j > i+1 && (src[j-1] == '.' || src[j-1] == ':') && !s.lisp {
				j--
			}
			out = append(out, ftok{kind: tIdent, text: src[i:j], off: i})
			i = j
			continue
		}
		n := 1
		for _, op := range []string{"[|", "|]", "!!"} {
			if strings.HasPrefix(rest, op) {
				n = len(op)
			}
		}
		out = append(out, ftok{kind: tPunct, text: src[i : i+n], off: i})
		i += n
	}
	return out
}

// lit0 reports a ' that is not a string: Octave's transpose after a
// value (x', a(1)', [1 2]').
func (s *foreignSpec) lit0(out []ftok, src string, i int) bool {
	if !s.transpose || len(out) == 0 || i == 0 {
		return false
	}
	last := out[len(out)-1]
	prev := src[i-1]
	return prev != ' ' && prev != '\t' && (last.kind == tIdent || last.kind == tString || last.kind == tPunct && (last.text == ")" || last.text == "]" || last.text == "}"))
}

// foreignComment returns the index after a comment at i, or i.
func foreignComment(s *foreignSpec, src string, i int) int {
	rest := src[i:]
	for _, b := range s.blockComment {
		if strings.HasPrefix(rest, b[0]) {
			if b[0] == "(*" || b[0] == "{-" || b[0] == "#|" || b[0] == "/+" || s.nest {
				// OCaml's, Haskell's and Lisp's block comments nest.
				depth, k := 0, 0
				for k < len(rest) {
					switch {
					case strings.HasPrefix(rest[k:], b[0]):
						depth++
						k += 2
					case strings.HasPrefix(rest[k:], b[1]):
						depth--
						k += 2
					default:
						k++
					}
					if depth == 0 {
						break
					}
				}
				return i + k
			}
			if k := strings.Index(rest[len(b[0]):], b[1]); k >= 0 {
				return i + len(b[0]) + k + len(b[1])
			}
			return len(src)
		}
	}
	for _, l := range s.lineComment {
		if strings.HasPrefix(rest, l) {
			if l == "--" && len(rest) > 2 && strings.IndexByte("!#$%&*+./<=>?@\\^|~:", rest[2]) >= 0 && rest[2] != '-' {
				return i // a Haskell operator such as -->
			}
			if k := strings.IndexByte(rest, '\n'); k >= 0 {
				return i + k
			}
			return len(src)
		}
	}
	// Scheme's #; and Clojure's #_ comment out the next datum: read as
	// code all the same (at worst a false alarm on a commented call).
	return i
}

// foreignString reads a string literal at i ("…", '…'); it returns the
// value, whether the value is fully known (no run-time part) and the
// index after it.
func foreignString(s *foreignSpec, src string, i int) (string, bool, int) {
	q := src[i]
	triple := q == '"' && strings.HasPrefix(src[i:], `"""`)
	j := i + 1
	if triple {
		j = i + 3
	}
	var b strings.Builder
	lit := true
	for j < len(src) {
		c := src[j]
		switch {
		case triple && strings.HasPrefix(src[j:], `"""`):
			return b.String(), lit, j + 3
		case !triple && c == q:
			if s.sqDouble && q == '\'' && j+1 < len(src) && src[j+1] == '\'' {
				b.WriteByte('\'')
				j += 2
				continue
			}
			return b.String(), lit, j + 1
		case c == '\\' && !(s.sqDouble && q == '\'') && j+1 < len(src):
			e := src[j+1]
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case '\n':
			default:
				b.WriteByte(e)
			}
			j += 2
			continue
		}
		for _, in := range s.interp {
			if strings.HasPrefix(src[j:], in) && (in != "$" || j+1 < len(src) && isIdentStart(src[j+1])) {
				lit = false
			}
		}
		if !triple && (strings.HasPrefix(src[j:], "${") || strings.HasPrefix(src[j:], "#{")) && slices.Contains(s.interp, src[j:j+2]) {
			// "…${expr}…" (Scala, Kotlin, Groovy), "…#{expr}…" (Elixir):
			// the expression is code, its own strings do not end this one.
			k := interpEnd(src, j+2)
			b.WriteString(src[j:k])
			j = k
			continue
		}
		b.WriteByte(c)
		j++
	}
	return b.String(), lit, len(src)
}

// interpEnd is the index after the } that closes an interpolated
// expression whose code starts at i, past nested braces and strings.
func interpEnd(src string, i int) int {
	depth := 1
	for i < len(src) {
		switch c := src[i]; c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"', '\'':
			for i++; i < len(src) && src[i] != c && src[i] != '\n'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '\n':
			return i // an unclosed expression ends at the line
		}
		i++
	}
	return len(src)
}

// fgroup is one argument of a foreign call: the tokens [a, b).
type fgroup struct{ a, b int }

// foreignReader finds the calls of one program.
type foreignReader struct {
	l    Lang
	s    *foreignSpec
	src  string
	toks []ftok
	// match holds the index of the bracket that closes each opening one
	// and opens each closing one (len(toks) when there is none).
	match []int
	// fields indexes the NAME.field tokens by NAME (swiftProcess).
	fields map[string][]int
}

// matchBrackets pairs the brackets of the tokens, once.
func (r *foreignReader) matchBrackets() {
	r.match = make([]int, len(r.toks))
	var stack []int
	for i, t := range r.toks {
		r.match[i] = len(r.toks)
		switch {
		case isOpen(t):
			stack = append(stack, i)
		case isClose(t) && len(stack) > 0:
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r.match[open], r.match[i] = i, open
		}
	}
}

func (r *foreignReader) tok(i int) ftok {
	if i < 0 || i >= len(r.toks) {
		return ftok{kind: tNewline, off: len(r.src)}
	}
	return r.toks[i]
}

func isOpen(t ftok) bool {
	return t.kind == tPunct && (t.text == "(" || t.text == "[" || t.text == "{" || t.text == "[|")
}

func isClose(t ftok) bool {
	return t.kind == tPunct && (t.text == ")" || t.text == "]" || t.text == "}" || t.text == "|]")
}

// closeAt returns the index of the bracket that closes the one at i, or
// len(toks).
func (r *foreignReader) closeAt(i int) int {
	if i < 0 || i >= len(r.toks) || !isOpen(r.toks[i]) {
		return len(r.toks)
	}
	return r.match[i]
}

// element returns the end of the datum that starts at i (a token or a
// bracketed group, with Lisp's quote prefixes).
func (r *foreignReader) element(i, end int) int {
	for i < end && r.toks[i].kind == tPunct && (r.toks[i].text == "'" || r.toks[i].text == "`" || r.toks[i].text == "#" || r.toks[i].text == "@") {
		i++
	}
	if i < end && isOpen(r.toks[i]) {
		return min(r.closeAt(i)+1, end)
	}
	return min(i+1, end)
}

// words are the names that build a list of literals: (list "a" "b"),
// List.of("a"), new String[]{"a"}, Seq("a"), listOf("a").
var listWords = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"list": true, "vector": true, "quote": true, "List.of": true, "Arrays.asList": true, "new": true,
		"String": true, "Seq": true, "List": true, "listOf": true, "arrayOf": true, "path": true, "Array": true}
}}

// strings returns the literal strings of group g when it holds nothing
// else (strings, brackets, separators, the list words); ok is false
// otherwise.
func (r *foreignReader) strs(g fgroup) ([]string, bool) {
	var out []string
	for k := g.a; k < g.b; k++ {
		t := r.toks[k]
		switch {
		case t.kind == tString && t.lit:
			out = append(out, t.text)
		case t.kind == tString, t.kind == tIdent && !listWords.Get()[t.text]:
			if r.l == Prolog && t.kind == tIdent && k > 0 && r.toks[k-1].text == "(" && k >= 2 && r.toks[k-2].text == "path" {
				out = append(out, t.text) // process_create(path(rm), …)
				continue
			}
			if r.l == Prolog && t.kind == tIdent && isLowerAtom(t.text) {
				out = append(out, t.text) // an atom is a word
				continue
			}
			return nil, false
		case t.kind == tNewline, t.kind == tPunct:
		}
	}
	return out, true
}

func isLowerAtom(s string) bool { return s != "" && s[0] >= 'a' && s[0] <= 'z' }

// foreign finds the effects of src in foreign language l.
func foreign(l Lang, src string) []Effect { return foreignArgv(l, src, nil) }

// foreignArgv is foreign for a program run with the argument vector argv
// (foreignbind.go).
func foreignArgv(l Lang, src string, argv []Arg) []Effect {
	s := foreignSpecs.Get()[l]
	if s == nil {
		return nil
	}
	r := &foreignReader{l: l, s: s, src: src, toks: foreignLex(s, src)}
	if l == JVM {
		r.toks = jvmHomeValues(r.toks)
	}
	r.bindForeign(argv)
	r.matchBrackets()
	var out []Effect
	for i, t := range r.toks {
		switch {
		case t.kind == tIdent:
			if e, ok := r.call(i); ok {
				out = append(out, e)
			}
		case t.kind == tString && l == JVM:
			// "rm -rf x".execute() (Groovy), "rm -rf x".! (Scala).
			if e, ok := r.literalRun(i, i+1, []string{t.text}); ok {
				if !t.lit {
					e = Effect{Kind: Hidden, Call: e.Call, Text: t.text, Offset: e.Offset}
				}
				out = append(out, e)
			}
		case isClose(t) && l == JVM:
			open := r.match[i]
			if open >= len(r.toks) || !isOpen(r.toks[open]) || !r.runsAfter(i+1) {
				continue
			}
			from := open
			for from > 0 && (r.toks[from-1].kind == tIdent && listWords.Get()[r.toks[from-1].text] || isP2(r.toks[from-1], "[") || isP2(r.toks[from-1], "]")) {
				from--
			}
			if ws, ok := r.strs(fgroup{from, i + 1}); ok && len(ws) > 0 && (from < open || r.toks[open].text == "[") {
				if e, ok := r.literalRun(from, i+1, nil, ws...); ok {
					out = append(out, e)
				}
			}
		}
	}
	if l == Gnuplot {
		out = append(out, gnuplotLines(src)...)
	}
	if l == Octave {
		out = append(out, shellEscapeLines(src, "!")...)
	}
	return out
}

func isP2(t ftok, s string) bool { return t.kind == tPunct && t.text == s }

// runsAfter reports that the tokens at b run the value before them:
// .execute, .!, .!!, a postfix ! (Groovy, Scala).
func (r *foreignReader) runsAfter(b int) bool {
	_, ok := r.literalRun(b, b, []string{"x"})
	return ok
}

// literalRun is a run of a literal string or list of strings at [a, b)
// by Groovy's .execute() or Scala's .!/.!!: one string is split at blanks.
func (r *foreignReader) literalRun(a, b int, one []string, list ...string) (Effect, bool) {
	dot := r.tok(b)
	m := r.tok(b + 1)
	var run bool
	switch {
	case isP2(dot, ".") && m.kind == tIdent && (m.text == "execute" || m.text == "lazyLines" || m.text == "lineStream"):
		run = true
	case isP2(dot, ".") && m.kind == tPunct && (m.text == "!" || m.text == "!!"):
		run = true
	case dot.kind == tPunct && (dot.text == "!" || dot.text == "!!") && (r.tok(b+1).kind == tNewline || isP2(r.tok(b+1), ";") || isP2(r.tok(b+1), ")")):
		run = true // "ls" ! (postfix)
	}
	if !run {
		return Effect{}, false
	}
	argv := list
	if one != nil {
		argv = strings.Fields(one[0])
	}
	if len(argv) == 0 {
		return Effect{}, false
	}
	return Effect{Kind: Exec, Call: "execute", Argv: argv, Offset: r.tok(a).off}, true
}

// call reads the call whose name is the token at i.
func (r *foreignReader) call(i int) (Effect, bool) {
	t := r.toks[i]
	name := t.text
	if r.l == JVM {
		// java.nio.file.Files.delete, new java.io.File(…): the
		// package is no part of the call's name.
		for _, pkg := range []string{"java.nio.file.", "java.io.", "java.lang.", "org.apache.commons.io.", "scala.sys.process.", "sys.process."} {
			name = strings.TrimPrefix(name, pkg)
		}
	}
	rl, ok := r.s.calls[name]
	if k := strings.LastIndexByte(name, '.'); !ok && r.s.suffix != nil {
		rl, ok = r.s.suffix[name[k+1:]]
	}
	if !ok && r.l == JVM && name == ".exec" {
		ok, rl = true, rSplit
	}
	if !ok && r.l == JVM && strings.HasSuffix(name, ".exec") && strings.HasSuffix(r.src[:t.off], "getRuntime()") {
		ok, rl = true, rSplit
	}
	if !ok && r.l == JVM && name == "exec" && isP2(r.tok(i-1), ".") && strings.HasSuffix(strings.TrimRight(r.src[:r.tok(i-1).off], " \t\n"), "getRuntime()") {
		ok, rl = true, rSplit
	}
	if !ok && r.l == JVM {
		// Groovy's new File("x").deleteDir(), Kotlin's
		// File("x").deleteRecursively(), Java's new File("x").delete().
		if k := strings.LastIndexByte(name, '.'); name == "File" && isP2(r.tok(i+1), "(") {
			_ = k
			end := r.closeAt(i + 1)
			if end == i+3 && r.tok(i+2).kind == tString && isP2(r.tok(end+1), ".") && r.tok(end+2).kind == tIdent {
				p := r.tok(i + 2)
				switch strings.TrimPrefix(r.tok(end+2).text, ".") {
				case "deleteDir", "deleteRecursively":
					return r.pathOf(name, rDeleteTree, p, t.off)
				case "delete":
					return r.pathOf(name, rDelete, p, t.off)
				}
			} else if end > i+1 && isP2(r.tok(end+1), ".") && r.tok(end+2).kind == tIdent {
				switch r.tok(end + 2).text {
				case "deleteDir", "deleteRecursively", "delete":
					return Effect{Kind: Hidden, Call: "File." + r.tok(end+2).text, Text: r.text(fgroup{i, end + 1}), Offset: t.off}, true
				}
			}
		}
		return Effect{}, false
	}
	if r.l == CSharp && (name == "Process" || name == "ProcessStartInfo" || name == "System.Diagnostics.Process" || name == "System.Diagnostics.ProcessStartInfo") &&
		isI2(r.tok(i-1), "new") && (isP2(r.tok(i+1), "(") && isP2(r.tok(i+2), ")") || isP2(r.tok(i+1), "{")) {
		return r.csProcess(i)
	}
	if r.l == CSharp && (name == "Process.Start" || name == "System.Diagnostics.Process.Start") && isP2(r.tok(i+1), "(") &&
		r.tok(i+2).kind == tIdent && isP2(r.tok(i+3), ")") && r.csStartInfoVar(r.tok(i+2).text) {
		return Effect{}, false // Process.Start(psi): psi's new ProcessStartInfo is read where it is made
	}
	if r.l == Swift && (name == "Process.run" || (name == "Process" || name == "NSTask" || name == "Foundation.Process") && isP2(r.tok(i+1), "(") && isP2(r.tok(i+2), ")")) {
		return r.swiftProcess(i)
	}
	if !ok {
		return Effect{}, false
	}
	if r.l == Erlang && isP2(r.tok(i-1), ":") || isP2(r.tok(i+1), "=") && !isP2(r.tok(i+2), "=") {
		return Effect{}, false // another module's function; an assignment
	}
	var args []fgroup
	switch {
	case r.s.lisp:
		if !isP2(r.tok(i-1), "(") {
			return Effect{}, false
		}
		end := r.closeAt(i - 1)
		if end >= len(r.toks) {
			end = i + 1 // unclosed: the arguments are not known
		}
		for k := i + 1; k < end; {
			if r.toks[k].kind == tNewline {
				k++
				continue
			}
			e := r.element(k, end)
			args = append(args, fgroup{k, e})
			k = e
		}
		// Keyword arguments (:search t, :output nil) are options.
		var pos []fgroup
		for k := 0; k < len(args); k++ {
			if a := args[k]; a.b == a.a+1 && r.toks[a.a].kind == tIdent && strings.HasPrefix(r.toks[a.a].text, ":") {
				if r.toks[a.a].text == ":arguments" && k+1 < len(args) {
					pos = append(pos, args[k+1])
				}
				k++
				continue
			}
			pos = append(pos, args[k])
		}
		args = pos
		if name == ".exec" && len(args) > 0 && r.tok(args[0].a).kind != tString {
			args = args[1:] // (.exec (Runtime/getRuntime) "cmd")
		}
	case isP2(r.tok(i+1), "("):
		end := r.closeAt(i + 1)
		if end >= len(r.toks) {
			end = i + 2 // unclosed: the arguments are not known
		}
		start := i + 2
		for k := i + 2; k <= end && k < len(r.toks); k++ {
			if k == end || isP2(r.toks[k], ",") {
				if k > start {
					args = append(args, fgroup{start, k})
				}
				start = k + 1
				continue
			}
			if isOpen(r.toks[k]) {
				k = r.closeAt(k)
			}
		}
	case r.s.juxta || r.tok(i+1).kind == tString || r.l == Elixir && r.tok(i+1).kind != tNewline && !isP2(r.tok(i+1), ")") && !isP2(r.tok(i+1), ","):
		// name "text", name "prog" ["args"] (Haskell, OCaml, Elixir and
		// command syntax): the data on the rest of the line.
		if r.tok(i+1).kind == tNewline || isClose(r.tok(i+1)) || r.tok(i+1).kind == tPunct && !isOpen(r.tok(i+1)) && r.tok(i+1).text != "$" {
			return Effect{}, false // a name used as a value
		}
		k := i + 1
		for k < len(r.toks) && r.toks[k].kind != tNewline && !isClose(r.toks[k]) && !isP2(r.toks[k], ";") && len(args) < 4 {
			if isP2(r.toks[k], ",") {
				k++
				continue
			}
			if isP2(r.toks[k], "$") || r.toks[k].kind == tPunct && !isOpen(r.toks[k]) {
				args = append(args, fgroup{k, k + 1}) // f $ g x, x ^ y: built
				break
			}
			e := r.element(k, len(r.toks))
			args = append(args, fgroup{k, e})
			k = e
			if r.l == Elixir && k < len(r.toks) && r.toks[k].kind == tIdent && strings.HasSuffix(r.toks[k].text, ":") {
				break // keyword options
			}
		}
	default:
		return Effect{}, false
	}
	off := t.off
	if r.s.lisp {
		off = r.tok(i - 1).off
	}
	if r.l == D && name == "remove" {
		// std.algorithm's remove(range, offset…) and its UFCS form
		// r.remove(i) take a range; std.file's remove(name) one path,
		// "f".remove() too.
		if len(args) > 1 || isP2(r.tok(i-1), ".") && len(args) > 0 {
			return Effect{}, false
		}
		if isP2(r.tok(i-1), ".") {
			if rc := r.tok(i - 2); rc.kind == tString {
				return r.pathOf(name, rDelete, rc, rc.off)
			}
			return Effect{Kind: Hidden, Call: name, Text: r.text(fgroup{max(i-2, 0), i + 1}), Offset: t.off}, true
		}
	}
	if r.s.labels {
		// removeItem(atPath: "x"), Delete(path: "d", recursive: true):
		// the label is no part of the value.
		for k, g := range args {
			if g.b-g.a > 2 && r.tok(g.a).kind == tIdent && isP2(r.tok(g.a+1), ":") && !isP2(r.tok(g.a+2), ":") {
				args[k].a += 2
			}
		}
	}
	return r.effect(name, rl, args, off)
}

func (r *foreignReader) text(g fgroup) string {
	if g.a >= len(r.toks) {
		return ""
	}
	end := len(r.src)
	if g.b < len(r.toks) {
		end = r.toks[g.b].off
	}
	return strings.TrimSpace(r.src[r.toks[g.a].off:end])
}

// single returns the literal value of a group that is one string.
func (r *foreignReader) single(g fgroup) (string, bool) {
	a := g.a
	for a < g.b && r.toks[a].kind == tPunct && (r.toks[a].text == "'" || r.toks[a].text == "#") {
		a++
	}
	if g.b-a == 1 && r.toks[a].kind == tString && r.toks[a].lit {
		return r.toks[a].text, true
	}
	if r.l == JVM && g.b-a == 4 && r.toks[a].kind == tIdent && isP2(r.toks[a+1], "(") && isP2(r.toks[a+3], ")") {
		// Files.delete(Path.of("x")), Paths.get("x"): the path.
		switch strings.TrimPrefix(r.toks[a].text, "java.nio.file.") {
		case "Path.of", "Paths.get":
			return r.single(fgroup{a + 2, a + 3})
		}
	}
	if r.l == Prolog && g.b-a == 1 && r.toks[a].kind == tIdent && isLowerAtom(r.toks[a].text) {
		return r.toks[a].text, true
	}
	return "", false
}

func (r *foreignReader) pathOf(name string, rl role, t ftok, off int) (Effect, bool) {
	if t.kind != tString || !t.lit {
		return Effect{Kind: Hidden, Call: name, Text: t.text, Offset: off}, true
	}
	e := Effect{Kind: Delete, Call: name, Path: t.text, Offset: off}
	e.Recursive = rl == rDeleteTree
	e.Dir = rl == rRmdir
	return e, true
}

// weakNames are bare call names that are also everyday names of a
// program's own functions ((process items), (shell opts), proc): only a
// literal argument counts for them, not one known at run time.
var weakNames = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"process": true, "process*": true, "shell": true, "spawn": true, "sh": true, "run-program": true,
		"proc": true, "Process": true, "runCommand": true, "runProcess": true}
}}

// effect is what a call with role rl and arguments args does.
func (r *foreignReader) effect(name string, rl role, args []fgroup, off int) (Effect, bool) {
	hidden := func() (Effect, bool) {
		if weakNames.Get()[name] && rl != rHidden {
			return Effect{}, false
		}
		text := ""
		if len(args) > 0 {
			text = r.text(fgroup{args[0].a, args[len(args)-1].b})
		}
		return Effect{Kind: Hidden, Call: name, Text: text, Offset: off}, true
	}
	if len(args) == 0 {
		return hidden()
	}
	first, lit := r.single(args[0])
	switch rl {
	case rFileArgs:
		// Process.Start("rm", "-rf /x"), new ProcessStartInfo("sh", …).
		if !lit {
			return hidden()
		}
		argv := []string{first}
		if len(args) > 1 {
			rest, ok := r.single(args[1])
			if !ok {
				return hidden()
			}
			argv = append(argv, shellWords(rest)...)
		}
		return Effect{Kind: Exec, Call: name, Argv: argv, Offset: off}, true
	case rShell:
		if lit {
			return Effect{Kind: Shell, Call: name, Text: first, Offset: off}, true
		}
		if ws, ok := r.strs(args[0]); ok && len(ws) > 0 && isOpen(r.tok(args[0].a)) {
			return Effect{Kind: Exec, Call: name, Argv: ws, Offset: off}, true
		}
		return hidden()
	case rSplit, rWords:
		if lit && len(args) == 1 || lit && rl == rSplit {
			var argv []string
			if rl == rSplit {
				argv = strings.Fields(first)
			} else {
				argv = shellWords(first)
			}
			if len(argv) == 0 {
				return hidden()
			}
			return Effect{Kind: Exec, Call: name, Argv: argv, Offset: off}, true
		}
		fallthrough
	case rExec:
		var argv []string
		if r.l == Elixir || r.l == Octave || r.l == Prolog {
			// System.cmd(CMD, ARGS, OPTS), popen2(CMD, ARGS),
			// process_create(EXE, ARGS, OPTIONS): options follow.
			args = args[:min(len(args), 2)]
		}
		if r.l == Meson {
			// run_command(…, check: true, env: e): keyword arguments
			// are options, not words.
			kept := args[:0:0]
			for _, g := range args {
				if !(r.tok(g.a).kind == tIdent && isP2(r.tok(g.a+1), ":")) {
					kept = append(kept, g)
				}
			}
			args = kept
		}
		for _, g := range args {
			ws, ok := r.strs(g)
			if !ok {
				return hidden()
			}
			argv = append(argv, ws...)
			if r.l == Haskell && len(argv) > 0 && isOpen(r.tok(g.a)) {
				break // readProcess "p" ["a"] "stdin": the input is data
			}
		}
		if len(argv) == 0 {
			return hidden()
		}
		return Effect{Kind: Exec, Call: name, Argv: argv, Offset: off}, true
	case rDelete, rDeleteTree, rRmdir:
		if !lit {
			return hidden()
		}
		e := Effect{Kind: Delete, Call: name, Path: first, Offset: off}
		if p, home := HomeWord(first); home {
			e.Path, e.Tilde = p, true // Files.delete(Paths.get(System.getProperty("user.home")))
		}
		e.Recursive = rl == rDeleteTree
		e.Dir = rl == rRmdir
		if r.l == Octave && rl == rRmdir && len(args) > 1 {
			if v, ok := r.single(args[1]); ok && v == "s" {
				e.Dir, e.Recursive = false, true // rmdir(d, "s")
			}
		}
		return e, true
	}
	return hidden()
}

// shellWords splits s into words at blanks, with '…' and "…" quoting
// (babashka.process's tokenizer): no expansion.
func shellWords(s string) []string {
	var out []string
	var b strings.Builder
	in := byte(0)
	has := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in != 0 && c == in:
			in = 0
		case in != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			in, has = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if has || b.Len() > 0 {
				out = append(out, b.String())
			}
			b.Reset()
			has = false
		default:
			b.WriteByte(c)
		}
	}
	if has || b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// shellEscapeLines finds the lines that start with bang (MATLAB's and
// gnuplot's !CMD): the rest of the line is shell text.
func shellEscapeLines(src, bang string) []Effect {
	var out []Effect
	off := 0
	for _, line := range strings.Split(src, "\n") {
		at := off
		off += len(line) + 1
		s := strings.TrimLeft(line, " \t")
		if rest, ok := strings.CutPrefix(s, bang); ok && strings.TrimSpace(rest) != "" && !strings.HasPrefix(rest, "=") {
			out = append(out, Effect{Kind: Shell, Call: bang, Text: rest, Offset: at + len(line) - len(s)})
		}
	}
	return out
}

// gnuplotLines finds gnuplot's other ways to run shell text (gnuplot's
// help): a line "!CMD"; `CMD` substituted in any command; a data file
// "< CMD" read from a command's output (plot, splot, stats, fit); an
// output "| CMD" (set output, set print, set table) piped into one.
func gnuplotLines(src string) []Effect {
	out := shellEscapeLines(src, "!")
	s := foreignSpecs.Get()[Gnuplot]
	toks := foreignLex(s, src)
	// starts holds, for each token, the first token of its command.
	starts := make([]int, len(toks))
	first := 0
	for i, t := range toks {
		starts[i] = first
		if t.kind == tNewline || isP2(t, ";") {
			first = i + 1
		}
	}
	for i, t := range toks {
		if t.kind != tString {
			continue
		}
		v := strings.TrimLeft(t.text, " \t")
		verb := ""
		if k := starts[i]; k < i {
			verb = toks[k].text
		}
		switch {
		case strings.HasPrefix(v, "<") && (strings.HasPrefix(verb, "p") || strings.HasPrefix(verb, "sp") || strings.HasPrefix(verb, "st") ||
			verb == "fit" || strings.HasPrefix(verb, "rep")) && !strings.HasPrefix(v, "<<"):
			out = append(out, shellOrHidden("plot '<'", v[1:], t))
		case strings.HasPrefix(v, "|") && verb == "set":
			out = append(out, shellOrHidden("set output '|'", v[1:], t))
		}
	}
	// Backquotes: `CMD` anywhere outside strings and comments. The
	// lexer reads ` as punctuation; find the pairs on each line.
	for i := 0; i < len(toks); i++ {
		if !isP2(toks[i], "`") {
			continue
		}
		for k := i + 1; k < len(toks) && toks[k].kind != tNewline; k++ {
			if isP2(toks[k], "`") {
				out = append(out, Effect{Kind: Shell, Call: "backquotes", Text: src[toks[i].off+1 : toks[k].off], Offset: toks[i].off})
				i = k
				break
			}
		}
	}
	return out
}

func shellOrHidden(call, text string, t ftok) Effect {
	if !t.lit {
		return Effect{Kind: Hidden, Call: call, Text: text, Offset: t.off}
	}
	return Effect{Kind: Shell, Call: call, Text: text, Offset: t.off}
}

// m4Macros reads m4 input: syscmd(CMD) and esyscmd(CMD) (m4_syscmd with
// -P) run CMD with the shell. The argument is read to its closing
// parenthesis with m4's quotes `…' removed once; one that uses a macro's
// parameters ($1, $@) is only known when the macro is expanded.
func m4Macros(src string) []Effect {
	var out []Effect
	for _, name := range []string{"esyscmd", "syscmd"} {
		for at := 0; ; {
			k := strings.Index(src[at:], name)
			if k < 0 {
				break
			}
			k += at
			at = k + len(name)
			if k > 0 && isIdent(src[k-1]) && !strings.HasSuffix(src[:k], "m4_") {
				continue
			}
			if at >= len(src) || src[at] != '(' {
				continue
			}
			depth, quote := 0, 0
			var b strings.Builder
			j := at
			for ; j < len(src); j++ {
				c := src[j]
				switch {
				case c == '`':
					quote++
					if quote == 1 {
						continue
					}
				case c == '\'' && quote > 0:
					quote--
					if quote == 0 {
						continue
					}
				case quote == 0 && c == '(':
					depth++
					if depth == 1 {
						continue
					}
				case quote == 0 && c == ')':
					depth--
				}
				if depth == 0 {
					break
				}
				b.WriteByte(c)
			}
			arg := b.String()
			unclosed := j >= len(src)
			start := k
			if strings.HasSuffix(src[:k], "m4_") {
				start -= 3
			}
			if strings.Contains(arg, "$") {
				out = append(out, Effect{Kind: Hidden, Call: name, Text: arg, Offset: start})
			} else {
				out = append(out, Effect{Kind: Shell, Call: name, Text: arg, Offset: start})
			}
			at = j
			if unclosed {
				break // the rest of the input is this argument
			}
		}
	}
	return out
}

// jvmHomeValues replaces in toks each call that returns the home
// directory (System.getProperty("user.home"), System.getenv("HOME"),
// Scala's sys.props("user.home") and sys.env("HOME")) with a literal
// marked as the home directory's (HomeMark): a word of a command it runs
// (Process(Seq("rm", "-rf", System.getProperty("user.home"))).!) is that
// directory.
func jvmHomeValues(toks []ftok) []ftok {
	var out []ftok
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tIdent && i+3 < len(toks) && isP2(toks[i+1], "(") && toks[i+2].kind == tString && toks[i+2].lit && isP2(toks[i+3], ")") {
			name := strings.TrimPrefix(t.text, "java.lang.")
			key := toks[i+2].text
			if (name == "System.getProperty" || name == "sys.props") && key == "user.home" || (name == "System.getenv" || name == "sys.env") && key == "HOME" {
				out = append(out, ftok{kind: tString, text: HomeMark + "~", lit: true, off: t.off})
				i += 3
				continue
			}
		}
		out = append(out, t)
	}
	return jvmFold(out)
}

// jvmHomeExprs are the expressions whose value is the home directory, as
// written inside an interpolated string ("${…}").
func jvmHomeExpr(e string) bool {
	e = strings.ReplaceAll(strings.ReplaceAll(strings.TrimSpace(e), " ", ""), "'", `"`)
	e = strings.TrimPrefix(e, "java.lang.")
	switch e {
	case `System.getProperty("user.home")`, `sys.props("user.home")`, `System.getenv("HOME")`, `sys.env("HOME")`:
		return true
	}
	return false
}

// jvmFold folds the strings the program computes from constants the way
// the compiler does: "${expr}" inside an interpolated string (Scala's
// s"…", Kotlin's and Groovy's "…") when expr is the home directory's,
// "a" + "b" (+ concatenates strings in Java, Scala, Kotlin and Groovy)
// and a string in grouping parentheses, ("rm -rf " + home).!. A string
// with a name in it (("rm -rf " + dir)) is one known only at run time.
// The home directory's mark stays only at the start of a word: elsewhere
// the word is not a path corral knows.
func jvmFold(toks []ftok) []ftok {
	str := func(t ftok) bool { return t.kind == tString }
	// operand reports a string or a bare name (not a call, an index or a
	// field of one) at i of out, the token after it being next.
	operand := func(out []ftok, i int, next ftok) bool {
		t := out[i]
		if str(t) {
			return true
		}
		if t.kind != tIdent || strings.HasSuffix(t.text, ".") || isP2(next, "(") || isP2(next, "[") || isP2(next, ".") {
			return false
		}
		return i == 0 || !isP2(out[i-1], ".")
	}
	// tight reports an operator that binds its left operand tighter
	// than +.
	tight := func(out []ftok, i int) bool {
		return i >= 0 && (isP2(out[i], ".") || isP2(out[i], "*") || isP2(out[i], "/") || isP2(out[i], "%"))
	}
	var out []ftok
	for i, t := range toks {
		if t.kind == tString && !t.lit {
			t = jvmInterpHome(t)
		}
		out = append(out, t)
		var next ftok
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		for {
			n := len(out)
			if n >= 3 && isP2(out[n-2], "+") && (str(out[n-3]) || str(out[n-1])) && operand(out, n-1, next) &&
				operand(out, n-3, out[n-2]) && !tight(out, n-4) {
				out = append(out[:n-3], jvmJoin(out[n-3], out[n-1]))
				continue
			}
			if n >= 3 && isP2(out[n-1], ")") && str(out[n-2]) && isP2(out[n-3], "(") &&
				(n < 4 || out[n-4].kind != tIdent && !isClose(out[n-4]) && !str(out[n-4])) {
				// ("…"): grouping, not a call's argument list.
				g := out[n-2]
				g.off = out[n-3].off
				out = append(out[:n-3], g)
				continue
			}
			break
		}
	}
	return out
}

// jvmJoin is the string a + b, of two strings or of a string and a name.
func jvmJoin(a, b ftok) ftok {
	val := func(t ftok) (string, bool) {
		if t.kind == tIdent {
			return "${" + t.text + "}", false
		}
		return t.text, t.lit
	}
	av, al := val(a)
	bv, bl := val(b)
	t := ftok{kind: tString, text: av + bv, lit: al && bl, off: a.off}
	if t.lit && strings.Contains(t.text, HomeMark) {
		for _, f := range strings.Fields(t.text) {
			if w, ok := HomeWord(f); strings.Contains(f, HomeMark) && (!ok || strings.Contains(w, HomeMark) || w != "~" && !strings.HasPrefix(w, "~/")) {
				t.lit = false
				t.text = unmarkHome(t.text)
				break
			}
		}
	}
	return t
}

// jvmInterpHome replaces in an interpolated string each ${expr} whose
// value is the home directory with it; the string is known when no other
// run-time part is left.
func jvmInterpHome(t ftok) ftok {
	s := t.text
	var b strings.Builder
	other := false
	for {
		k := strings.Index(s, "${")
		if k < 0 {
			b.WriteString(s)
			break
		}
		e := interpEnd(s, k+2)
		b.WriteString(s[:k])
		if e <= len(s) && e > k+2 && s[e-1] == '}' && jvmHomeExpr(s[k+2:e-1]) {
			b.WriteString(HomeMark + "~")
		} else {
			b.WriteString(s[k:e])
			other = true
		}
		s = s[e:]
	}
	if other || hasBareInterp(b.String()) {
		return t
	}
	return jvmJoin(ftok{kind: tString, lit: true, off: t.off}, ftok{kind: tString, text: b.String(), lit: true})
}

// hasBareInterp reports a $name interpolation left in s.
func hasBareInterp(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && isIdentStart(s[i+1]) {
			return true
		}
	}
	return false
}
