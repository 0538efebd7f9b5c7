package lang

import (
	"maps"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Lang is a programming language whose text corral reads.
type Lang string

// The languages corral reads.
const (
	Python Lang = "python"
	JS     Lang = "javascript"
	Ruby   Lang = "ruby"
	Perl   Lang = "perl"
	PHP    Lang = "php"
	Awk    Lang = "awk"
	Lua    Lang = "lua"
	Tcl    Lang = "tcl"
	R      Lang = "r"
	Julia  Lang = "julia"
	Elisp  Lang = "elisp"
	// Sed is a sed script (GNU sed's commands), Ex a list of Vim/ex
	// command lines (vim -c, a sourced file), Gdb a list of gdb commands.
	Sed Lang = "sed"
	Ex  Lang = "ex"
	Gdb Lang = "gdb"
)

// Kind is what an effect does.
type Kind int

const (
	// Shell runs Text as a shell script (os.system, backticks).
	Shell Kind = iota
	// Exec runs the program Argv[0] with Argv, without a shell.
	Exec
	// Delete removes Path (recursively when Recursive).
	Delete
	// Write creates, truncates or appends to Path (Append).
	Write
	// Hidden is a call that runs or destroys something named only at run
	// time: Text is the argument as written.
	Hidden
	// Read opens Path for reading and hands its content to the program
	// (open(p).read(), fs.readFileSync, File.read, file_get_contents). Only
	// reads of a literal path are reported.
	Read
	// Include runs the program text in the file Path, in the same
	// language, as if written there: Vim's :source, gawk's @include,
	// gdb's source. Path is as written (relative to the program's
	// working directory).
	Include
	// Send is program code that reads environment variables and opens a
	// network connection (os.environ["KEY"] and urllib.request.urlopen
	// in one program): what the environment holds may leave the machine.
	// Argv are the names read by a literal name, sorted; Text is "*" when
	// the code also reads the whole environment or a name only known at
	// run time. Call is the network call.
	Send
	// Print is program code that prints environment variables
	// (print(os.environ), console.log(process.env.KEY), p ENV): Argv and
	// Text as for Send; Call is the printing call.
	Print
	// Fetch is program code that opens a network connection and writes
	// a file (urlretrieve(URL, "f"), requests.get and open("f", "wb"),
	// fetch and fs.writeFileSync): what it fetched may be what it
	// writes. Path is the file ("" when named at run time), Call the
	// network call.
	Fetch
	// Extract is program code that unpacks the archive Path into the
	// directory Text ("." when the code names none) with Python's
	// tarfile (Argv[0] "tarfile": member names and links as stored,
	// absolute ones and ".." kept, as before Python 3.14 without a
	// filter) or zipfile (Argv[0] "zipfile": names made relative). Path
	// is "" when the archive or the directory is only known at run time.
	Extract
	// Chdir changes the program's working directory to Path (os.chdir,
	// process.chdir, Dir.chdir, Perl's and PHP's chdir): the relative
	// paths of the effects after it are in that directory. Path is ""
	// when the directory is only known at run time (Text is the argument
	// as written); Perl's chdir with no argument is "~" with Tilde. With
	// Back it is the end of a block the change was made for (Ruby's
	// Dir.chdir(d) { … }): the directory before it again.
	Chdir
	// Upload is program code that reads a local file (a Read) and opens
	// a network connection (open("f").read() and requests.post in one
	// program): what it read may be what it sends. Path is the first
	// file read, Call the first network call, Argv the host each
	// network call names by a literal ("" for one built at run time).
	Upload
)

// Effect is something program text does to the system: a command it runs,
// a file it deletes or writes, or a file it reads.
type Effect struct {
	Kind Kind
	// Call is the call as the language spells it: "os.system",
	// "shutil.rmtree", "child_process.execSync", "backticks".
	Call string
	Text string
	Argv []string
	Path string
	// Recursive reports a deletion of a whole tree; Dir the removal of
	// an (empty) directory.
	Recursive, Dir bool
	Append         bool
	// Tilde reports that a leading ~ of Path is the home directory: the
	// program expands it (os.path.expanduser, Path.home() / …,
	// File.expand_path, os.homedir()). Otherwise ~ is a file name.
	Tilde bool
	// Relative reports an Include whose Path is relative to the
	// directory of the file that holds the code (a module the code
	// imports), not to the working directory.
	Relative bool
	// Search reports an Include of a module the interpreter looks for
	// in its module search directories (perl -I and PERL5LIB, ruby -I
	// and RUBYLIB, PYTHONPATH, NODE_PATH): Path is relative to each of
	// them. A Python import is both Relative (the script's directory
	// comes first) and Search.
	Search bool
	// Built reports a Hidden effect whose shell text is built from
	// literal parts and run-time values ("rm " $1), where no run-time
	// value stands in the place of a command name: it matters only when
	// Text names a command that can do harm. A Hidden effect that is not
	// Built (system($0), os.system(cmd)) runs code only known at run time.
	Built bool
	// Glob reports a Read whose Path is a pattern the program expands
	// (duckdb's read_text('*.txt'), Python's glob.glob(".e*") whose
	// matches it opens): its *, ? and [ ] match as the shell's do.
	Glob bool
	// Walk reports a Read of the files the program finds in the
	// directory Path (every level with Recursive): os.walk(d) or
	// os.listdir(d) whose entries it opens.
	Walk bool
	// CommandOnly reports an effect judged only in code written in the
	// command, not in a script on disk: a read of the .env that
	// python-dotenv finds by itself (load_dotenv() then a print of the
	// environment, dotenv_values()) is how a project's own program
	// configures itself.
	CommandOnly bool
	// Deletes reports a Hidden effect that is a deletion of a path only
	// known at run time (fs.rmSync(path.join(d, e))): with a listing of
	// a literal directory in the same program, the entries it finds are
	// the ones deleted (listing.go). Recursive then tells a tree.
	Deletes bool
	// Unset reports a Hidden effect built from a build file's property
	// that nothing corral reads sets (Ant's ${name} with no <property>,
	// -D or properties file setting it): judged even where a build
	// file's run-time values pass.
	Unset bool
	// Cwd is the working directory a Shell or Exec effect's process
	// starts in, given to the call that starts it (subprocess.run(…,
	// cwd="d"), execSync(…, {cwd: "d"}), system(…, chdir: "d")), or the
	// directory a Delete, Write or Read is relative to (Python's dir_fd):
	// "" for the program's own, with CwdTilde for a leading ~ the program
	// expanded. CwdHidden reports one only known at run time.
	Cwd                 string
	CwdTilde, CwdHidden bool
	// Block reports a Chdir whose change lasts for a block; Back the
	// Chdir that ends that block.
	Block, Back bool
	// Edits reports a Read of a file an editor opens as a buffer (Vim's
	// :edit, :split, :badd, :file): a write without a name (:w, :wq,
	// :wall) writes it too.
	Edits bool
	// Pieces are, for a Write or Read of a path the program builds at
	// run time (Path ""; Text the argument as written), the literal
	// parts the path is built from ("%s/.bashrc" % os.environ["HOME"]:
	// "/.bashrc" and "HOME"): each may be the path's tail (runTimePath).
	Pieces []string
	// Hides, Home and Computed tell, for such a path, the form of its
	// expression (pathShape): the operation that computes its text from
	// literal text or numbers, a head that is the home directory, and a
	// call or subscript that is none of the known path builders.
	Hides, Computed string
	Home            bool
	// Env are the environment variables such a path reads (EnvWhole:
	// the path is one of them alone), whose values the walker knows
	// when the command sets them.
	Env      []string
	EnvWhole bool
	// Hosts are, for a Send, the hosts the program's network calls name
	// by a literal ("" for one only known at run time).
	Hosts []string
	// Listed are, for a Write of a path only known at run time, the
	// patterns of the files a listing finds whose value the path holds
	// (f from glob.glob(".c*/*.json"), Dir.glob, PHP's glob, or an
	// entry of fs.readdirSync(".claude") joined to it): the file the
	// program writes is one of their matches (listedWrites).
	Listed []Effect
	// ArgvWords reports an effect whose Path, Text or Argv hold words
	// of the argument vector only known at run time, each written as
	// its ArgvMark (AnalyzeArgv; argvword.go).
	ArgvWords bool
	// Line is the 1-based line of the call in the program text, Offset
	// its byte offset.
	Line, Offset int
}

// MaxEffects bounds the effects reported for one program.
const MaxEffects = 1000

// Analyze finds the effects of program text in language l. Text that is
// only data — a string printed, a comment, a string never passed to a
// call that runs or destroys — has no effect.
func Analyze(l Lang, src string) []Effect {
	text, back, unread := programText(l, src)
	return withUnread(back(analyzeText(l, text)), unread)
}

// analyzeText is Analyze for text as the interpreter reads it.
func analyzeText(l Lang, src string) []Effect {
	switch l {
	case Sed:
		return finish(src, sedScript(src))
	case Ex:
		return finish(src, exCommands(src, 0))
	case Gdb:
		return finish(src, gdbCommands(src))
	case SQLite:
		return finish(src, sqliteScript(src))
	case Psql:
		return finish(src, psqlScript(src))
	case Tcl:
		return finish(src, tcl(src))
	case Elisp:
		return finish(src, elisp(src))
	case Awk:
		return finish(src, append(analyze(l, src, 0), awkIncludes(src)...))
	case Nox:
		return finish(src, append(analyze(Python, src, 0), noxRuns(src)...))
	case Gradle:
		return finish(src, gradle(src))
	case Maven:
		return finish(src, maven(src))
	case Ant:
		return finish(src, ant(src))
	case XMake, Premake:
		return finish(src, luaBuild(l, src))
	case M4:
		return finish(src, m4Macros(src))
	case CMake:
		return finish(src, cmakeCommands(src))
	case Scheme, Lisp, Clojure, Erlang, Elixir, Gnuplot, Octave, JVM, Prolog, Haskell, OCaml, Meson, Starlark, D, CSharp, Swift:
		return finish(src, foreign(l, src))
	}
	return finish(src, analyze(l, src, 0))
}

// finish orders the effects of src, drops repeats, bounds their number and
// sets their lines.
func finish(src string, out []Effect) []Effect {
	sort.SliceStable(out, func(i, j int) bool { return out[i].Offset < out[j].Offset })
	out = distinct(out)
	if len(out) > MaxEffects {
		// What lies beyond the bound is not seen: say so, rather than
		// let a thousand harmless calls hide the one that is not.
		more := len(out) - MaxEffects
		out = append(out[:MaxEffects], Effect{Kind: Hidden, Call: "more calls", Offset: out[MaxEffects].Offset,
			Text: strconv.Itoa(more) + " further calls that run, delete or write, beyond the " + strconv.Itoa(MaxEffects) + " corral reads"})
	}
	setLines(src, out)
	return out
}

// setLines gives each effect, sorted by offset, the line of src it is on.
func setLines(src string, out []Effect) {
	line, at := 1, 0
	for i := range out {
		off := min(out[i].Offset, len(src))
		if off >= at {
			line += strings.Count(src[at:off], "\n")
			at = off
		}
		out[i].Line = line
	}
}

// analyze finds the effects of src, unsorted, without lines. depth counts
// the code evaluators (eval, exec, Function) that handed src on.
func analyze(l Lang, src string, depth int) []Effect {
	src = lineEnds(l, src) // code handed to eval, exec, Function
	if l == C {
		// Token pasting, function pointers and built strings (cmacro.go),
		// read on the same lines.
		if x, ok, unread := cExpand(src); ok || unread {
			p := &parser{src: x, toks: lex(l, x), l: l, depth: depth}
			out := p.run()
			for i := range out {
				out[i].Offset = cExpandOffset(src, x, out[i].Offset)
			}
			if unread {
				out = append(out, Effect{Kind: Hidden, Call: "#define", Text: "more macro or function pointer expansions than corral follows", Offset: 0})
			}
			return out
		}
	}
	src = pySource(l, src)
	p := &parser{src: src, toks: lex(l, src), l: l, depth: depth}
	return p.run()
}

// maxConstChain bounds the rereadings of block constants built from
// one another.
const maxConstChain = 4

// run finds the effects of the parser's tokens.
func (p *parser) run() []Effect {
	l := p.l
	if l == Go {
		p.goMethods() // methods of the code's types as functions (golang.go)
	}
	// Constants first: a lookup by a constant name (n = "system";
	// getattr(os, n)) is then a lookup by a literal.
	p.consts = p.constants()
	p.indirect()
	// Scoped constants once the lookups are rewritten: their ranges
	// are indexes of the final tokens.
	p.indexScoped(p.scopedConstants())
	if l == Rust {
		// let h = env::var("HOME")…; let p = h + "/.ssh/id_rsa": a
		// constant built from another is known once that one is, so
		// the block constants are read again while they grow (a chain
		// of at most maxConstChain links; red team of 2026-12-05).
		for i, n := 0, len(p.scoped); i < maxConstChain; i++ {
			p.indexScoped(p.scopedConstants())
			if len(p.scoped) == n {
				break
			}
			n = len(p.scoped)
		}
	}
	if l == Go {
		// What the code's functions return (flow.go), then the block
		// constants again: p := target() holds what target returns,
		// read with the first reading's constants of its body.
		p.returnBindings()
		if len(p.returns) > 0 {
			p.indexScoped(p.scopedConstants())
			p.held = nil
		}
	}
	p.flow()
	out := p.extra
	switch l {
	case Python:
		out = append(out, python(p)...)
	case JS:
		out = append(out, javascript(p)...)
	case Ruby:
		out = append(out, ruby(p)...)
	case Perl:
		out = append(out, perl(p)...)
	case PHP:
		out = append(out, php(p)...)
	case Awk:
		out = append(out, awk(p)...)
	case Lua:
		out = append(out, lua(p)...)
	case R:
		out = append(out, rlang(p)...)
	case Julia:
		out = append(out, julia(p)...)
	case C:
		out = append(out, clang(p)...)
	case Go:
		out = append(out, golang(p)...)
	case Rust:
		out = append(out, rust(p)...)
	}
	out = append(out, p.codeServers()...) // codeservers.go
	out = append(out, killAll(p)...)
	if e, ok := envSend(p); ok {
		out = append(out, e)
	}
	if e, ok := envPrint(p); ok {
		out = append(out, e)
		// load_dotenv(); print(os.environ["API_KEY"]): the printed
		// values are the file's.
		out = append(out, p.envLoads...)
	}
	out = append(out, libraryCalls(p)...)
	if e, ok := fetchWrite(p, out); ok {
		out = append(out, e)
	}
	if e, ok := fileSend(p, out); ok {
		out = append(out, e)
	}
	// Backticks and %x{} / qx{} are shell commands wherever they are.
	if l == Ruby || l == Perl || l == PHP || l == Julia {
		for _, t := range p.toks {
			if t.kind != tString || !t.shell {
				continue
			}
			if t.lit {
				out = append(out, Effect{Kind: Shell, Call: "backticks", Text: t.text, Offset: t.off})
			} else {
				out = append(out, Effect{Kind: Hidden, Call: "backticks", Text: t.text, Offset: t.off})
			}
		}
	}
	return out
}

// programs are the interpreter names per language; a version suffix
// (python3.12, perl5.36) is the same program.
var programs = lazy.Value[map[string]Lang]{New: func() map[string]Lang {
	return map[string]Lang{
		"python": Python, "pypy": Python, "python2": Python, "python3": Python, "pypy3": Python,
		"node": JS, "nodejs": JS, "deno": JS, "bun": JS,
		// TypeScript runners that run a .ts (or .js) file on node, with
		// node's options: tsx, ts-node, esno, vite-node, jiti.
		"tsx": JS, "ts-node": JS, "ts-node-esm": JS, "esno": JS, "vite-node": JS, "jiti": JS,
		"ruby": Ruby, "jruby": Ruby, "truffleruby": Ruby,
		"perl": Perl,
		"php":  PHP, "php-cli": PHP,
		"lua": Lua, "luajit": Lua,
		"tclsh": Tcl, "wish": Tcl, "expect": Tcl, "jimsh": Tcl,
		"Rscript": R, "R": R,
		"julia": Julia,
		// Interpreters read for their calls only (foreign.go): Scheme
		// (Racket, Guile, Chez, MIT), Common Lisp (SBCL, CLISP, ECL),
		// Clojure (babashka, the clojure CLI), Erlang, Elixir, gnuplot,
		// Octave and MATLAB, the JVM's script runners (Groovy, JShell,
		// Kotlin, Scala), SWI-Prolog, Haskell's runghc and GHCi, OCaml.
		"racket": Scheme, "guile": Scheme, "scheme": Scheme, "chez": Scheme, "chezscheme": Scheme, "petite": Scheme,
		"mit-scheme": Scheme,
		"sbcl":       Lisp, "clisp": Lisp, "ecl": Lisp,
		"bb": Clojure, "clojure": Clojure, "clj": Clojure,
		"erl": Erlang, "escript": Erlang,
		"elixir": Elixir, "iex": Elixir,
		"gnuplot": Gnuplot,
		"octave":  Octave, "octave-cli": Octave, "matlab": Octave,
		"groovy": JVM, "jshell": JVM, "kotlin": JVM, "kotlinc": JVM, "scala": JVM,
		"swipl":  Prolog,
		"runghc": Haskell, "runhaskell": Haskell, "ghci": Haskell,
		"ocaml": OCaml,
	}
}}

// ForProgram returns the language a program name runs ("python3.12",
// "node", "perl5.36"), or "".
func ForProgram(name string) Lang {
	if l, ok := programs.Get()[name]; ok {
		return l
	}
	return programs.Get()[strings.TrimRight(name, "0123456789.")]
}

// ProgramNames returns the interpreter names ForProgram knows, without
// version suffixes.
func ProgramNames() []string {
	return ProgramsOf()
}

// ProgramsOf returns the interpreter names ForProgram gives one of ls
// (every name when ls is empty), sorted, without version suffixes.
func ProgramsOf(ls ...Lang) []string {
	out := make([]string, 0, len(programs.Get()))
	for n, l := range programs.Get() {
		if len(ls) == 0 || slices.Contains(ls, l) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// ForFile returns the language of a script file by its extension or its
// #! line, or "" (shell or unknown).
func ForFile(name, text string) Lang {
	switch {
	case strings.HasSuffix(name, ".py"):
		return Python
	case strings.HasSuffix(name, ".js"), strings.HasSuffix(name, ".mjs"), strings.HasSuffix(name, ".cjs"), strings.HasSuffix(name, ".ts"), strings.HasSuffix(name, ".mts"):
		return JS
	case strings.HasSuffix(name, ".rb"):
		return Ruby
	case strings.HasSuffix(name, ".pl"), strings.HasSuffix(name, ".pm"):
		return Perl
	case strings.HasSuffix(name, ".php"):
		return PHP
	case strings.HasSuffix(name, ".lua"):
		return Lua
	case strings.HasSuffix(name, ".tcl"), strings.HasSuffix(name, ".exp"):
		return Tcl
	case strings.HasSuffix(name, ".R"), strings.HasSuffix(name, ".r"):
		return R
	case strings.HasSuffix(name, ".jl"):
		return Julia
	case strings.HasSuffix(name, ".awk"):
		return Awk
	case strings.HasSuffix(name, ".sed"):
		return Sed
	case strings.HasSuffix(name, ".vim"):
		return Ex
	case strings.HasSuffix(name, ".el"):
		return Elisp
	case strings.HasSuffix(name, ".go"):
		return Go
	case strings.HasSuffix(name, ".rs"):
		return Rust
	}
	if !strings.HasPrefix(text, "#!") {
		return ""
	}
	line := text[2:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	for len(f) > 0 {
		b := f[0][strings.LastIndexByte(f[0], '/')+1:]
		if b == "env" || strings.HasPrefix(f[0], "-") {
			f = f[1:]
			continue
		}
		return ForProgram(b)
	}
	return ""
}

// Shebang returns the program a #! line names (its base name), or "".
func Shebang(text string) string {
	if !strings.HasPrefix(text, "#!") {
		return ""
	}
	line := text[2:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	f := strings.Fields(line)
	for len(f) > 0 {
		b := f[0][strings.LastIndexByte(f[0], '/')+1:]
		if b == "env" || strings.HasPrefix(f[0], "-") {
			f = f[1:]
			continue
		}
		return b
	}
	return ""
}

// shellOf is the effect of a call that runs its argument as shell text.
func shellOf(c call, a *arg) Effect {
	switch {
	case a == nil:
		return Effect{Kind: Hidden, Call: c.name, Text: "", Offset: c.off}
	case a.lit:
		return Effect{Kind: Shell, Call: c.name, Text: a.str, Offset: c.off}
	case a.isList:
		return Effect{Kind: Exec, Call: c.name, Argv: a.argvList(), Offset: c.off}
	}
	return Effect{Kind: Hidden, Call: c.name, Text: a.text, Offset: c.off}
}

// execOf is the effect of a call that runs a program with an argument
// vector given as a list or as separate literals.
func execOf(c call, args []arg) Effect {
	var argv []string
	for _, a := range args {
		if a.key != "" {
			continue
		}
		switch {
		case a.isList:
			argv = append(argv, a.argvList()...)
		case a.lit:
			argv = append(argv, a.argvWord())
		default:
			return Effect{Kind: Hidden, Call: c.name, Text: a.text, Offset: c.off}
		}
	}
	if len(argv) == 0 {
		return Effect{Kind: Hidden, Call: c.name, Offset: c.off}
	}
	return Effect{Kind: Exec, Call: c.name, Argv: argv, Offset: c.off}
}

// pathEffect is a deletion or write of a path given as an argument.
// A write to a path only known at run time is not reported (writing a
// file whose name a program computes is everyday work); a deletion is
// reported as Hidden.
func pathEffect(c call, k Kind, a *arg, recursive bool) (Effect, bool) {
	if a == nil || !a.lit {
		text := ""
		if a != nil {
			text = a.text
		}
		if k == Write {
			return runTimePath(c, Write, a, false)
		}
		return Effect{Kind: Hidden, Call: c.name, Text: text, Offset: c.off, Deletes: k == Delete, Recursive: k == Delete && recursive}, true
	}
	return Effect{Kind: k, Call: c.name, Path: a.str, Tilde: a.tilde, Recursive: recursive, Offset: c.off}, true
}

// chdirEffect is a change of the program's working directory to the
// path in a; a nil a with home set is the home directory (Perl's chdir
// with no argument).
func chdirEffect(c call, a *arg, home bool) Effect {
	switch {
	case a == nil && home:
		return Effect{Kind: Chdir, Call: c.name, Path: "~", Tilde: true, Offset: c.off}
	case a == nil || !a.lit || a.str == "":
		text := ""
		if a != nil {
			text = a.text
		}
		return Effect{Kind: Chdir, Call: c.name, Text: text, Offset: c.off}
	}
	return Effect{Kind: Chdir, Call: c.name, Path: a.str, Tilde: a.tilde, Offset: c.off}
}

// withCwd sets the working directory of the effects of a call that
// starts a process from its option a (cwd=, {cwd: …}, chdir:): nil leaves
// them in the program's.
func withCwd(es []Effect, a *arg) []Effect {
	if a == nil {
		return es
	}
	for i := range es {
		switch {
		case a.lit && a.str != "":
			es[i].Cwd, es[i].CwdTilde = a.str, a.tilde
		case !a.lit && strings.TrimSpace(a.text) != "None" && strings.TrimSpace(a.text) != "undefined" && strings.TrimSpace(a.text) != "nil":
			es[i].CwdHidden = true
		}
	}
	return es
}

// linkEffect is a link program code makes (os.symlink(src, dst),
// fs.symlinkSync(target, path), Path(dst).symlink_to(src)): the shell
// command ln of the same paths, so that a later write or deletion through
// the link is judged at its target. Only literal paths are reported.
func linkEffect(c call, target, link *arg, symbolic bool) (Effect, bool) {
	if target == nil || link == nil || !target.lit || !link.lit || target.str == "" || link.str == "" {
		return Effect{}, false
	}
	text := "ln "
	if symbolic {
		text += "-s "
	}
	text += "-- " + shellPath(target) + " " + shellPath(link)
	return Effect{Kind: Shell, Call: c.name, Text: text, Offset: c.off}, true
}

// moveEffect is a rename or move program code makes (os.rename(a, b),
// shutil.move, fs.renameSync, File.rename, Perl's and PHP's rename): the
// shell command mv of the same paths, so that the source is judged as
// leaving where it is (with what a directory holds) and the destination
// as written. rename(2) replaces a directory destination rather than
// entering it, which mv -T says; a move (shutil.move, FileUtils.mv,
// File::Copy's move) enters it (into is true). A source only known at
// run time may be any file: asked about, as a deletion of one is. A
// literal source with a destination only known at run time is the
// source deleted.
func moveEffect(c call, src, dst *arg, into bool) (Effect, bool) {
	if src == nil || !src.lit || src.str == "" {
		text := c.name
		if src != nil {
			text = src.text
		}
		return Effect{Kind: Hidden, Call: c.name, Text: text, Offset: c.off}, true
	}
	if dst == nil || !dst.lit || dst.str == "" {
		return Effect{Kind: Delete, Call: c.name, Path: src.str, Tilde: src.tilde, Recursive: true, Offset: c.off}, true
	}
	text := "mv -T -- "
	if into {
		text = "mv -- "
	}
	return Effect{Kind: Shell, Call: c.name, Text: text + shellPath(src) + " " + shellPath(dst), Offset: c.off}, true
}

// renameEffects are the effects of rename(2) as compiled code calls it
// (Go's os.Rename, Rust's fs::rename, C's rename and renameat): mv -T of
// the same paths. A source only known at run time (a temporary file
// renamed over its target) counts when it is built from the home
// directory or the environment, and is judged by its pieces; the
// destination is then judged as a write.
func renameEffects(c call, src, dst *arg) []Effect {
	if src != nil && src.lit {
		if e, ok := moveEffect(c, src, dst, false); ok {
			return []Effect{e}
		}
		return nil
	}
	var out []Effect
	if e, ok := runTimePath(c, Write, src, false); ok && (e.Home || len(e.Env) > 0 || len(e.Pieces) > 0) {
		out = append(out, e)
	}
	if e, ok := pathEffect(c, Write, dst, false); ok {
		out = append(out, e)
	}
	return out
}

// copyEffect is a copy program code makes (shutil.copy(src, dst),
// fs.copyFileSync, File::Copy's copy, FileUtils.cp, IO.copy_stream, PHP's
// and Deno's copy): the shell command cmd ("cp" for a copy that enters
// a directory destination, "cp -T" for one that writes the destination
// itself, "cp -r"/"cp -rT" for a tree) of the same paths, so that the
// source is judged as read (a secret copied is a secret read) and the
// destination as written. With only the source literal it is a read of
// the source; with only the destination literal a write of it; a copy
// between two paths known only at run time is not reported, as a write
// to one is not.
func copyEffect(c call, src, dst *arg, cmd string) []Effect {
	srcLit := src != nil && src.lit && src.str != ""
	dstLit := dst != nil && dst.lit && dst.str != ""
	switch {
	case srcLit && dstLit:
		return []Effect{{Kind: Shell, Call: c.name, Text: cmd + " -- " + shellPath(src) + " " + shellPath(dst), Offset: c.off}}
	case srcLit:
		out := []Effect{{Kind: Read, Call: c.name, Path: src.str, Tilde: src.tilde, Offset: c.off}}
		if e, ok := runTimePath(c, Write, dst, false); ok {
			out = append(out, e)
		}
		return out
	case dstLit:
		out := []Effect{{Kind: Write, Call: c.name, Path: dst.str, Tilde: dst.tilde, Offset: c.off}}
		if e, ok := runTimePath(c, Read, src, false); ok {
			out = append(out, e)
		}
		return out
	}
	// Both only known at run time: each is judged by its pieces and its
	// form, as a read and a write of such paths are.
	var out []Effect
	if e, ok := runTimePath(c, Read, src, false); ok {
		out = append(out, e)
	}
	if e, ok := runTimePath(c, Write, dst, false); ok {
		out = append(out, e)
	}
	return out
}

// openFlags reads the flags of a low-level open (Python's os.open(p,
// flags), Node's fs.openSync(p, flags)): a write when they name
// O_WRONLY, O_RDWR, O_APPEND, O_CREAT or O_TRUNC (or, as a number, have
// one of Linux's bits for them), a read when they name O_RDONLY or no
// access flag at all (0, O_CLOEXEC), or are left out (or are Node's
// callback). A string is Node's: "r" and "rs"
// read, "w", "a", "x" and "+" write. Flags only known at run time are
// both. Append reports O_APPEND or "a" without a truncation.
func openFlags(a *arg) (read, write, appendTo bool) {
	if a == nil || strings.Contains(a.text, "=>") || strings.HasPrefix(strings.TrimSpace(a.text), "function") {
		return true, false, false // fs.open(p, callback): "r"
	}
	if a.lit {
		m := a.str
		write = strings.ContainsAny(m, "wax+")
		read = !write || strings.Contains(m, "+")
		return read, write, strings.Contains(m, "a")
	}
	t := a.text
	named := false
	// Python's os.O_WRONLY, Node's fs.constants.O_WRONLY, Perl's
	// O_WRONLY, Ruby's File::WRONLY.
	for _, f := range []string{"WRONLY", "RDWR", "APPEND", "CREAT", "TRUNC"} {
		if strings.Contains(t, f) {
			write, named = true, true
		}
	}
	if strings.Contains(t, "RDONLY") || strings.Contains(t, "RDWR") {
		read, named = true, true
	}
	if write {
		return read, true, strings.Contains(t, "APPEND") && !strings.Contains(t, "TRUNC")
	}
	if named {
		return true, false, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(strings.ReplaceAll(t, "_", "")), 0, 32)
	if err != nil {
		if strings.Contains(t, "O_") && !strings.ContainsAny(t, "()[]") {
			return true, false, false // O_CLOEXEC, O_NOFOLLOW, os.O_DIRECTORY
		}
		return true, true, false
	}
	// Linux: O_WRONLY 1, O_RDWR 2, O_CREAT 0o100, O_TRUNC 0o1000,
	// O_APPEND 0o2000.
	if n&(1|2|0o100|0o1000|0o2000) == 0 {
		return true, false, false
	}
	return n&1 == 0, true, n&0o2000 != 0 && n&0o1000 == 0
}

// openEffects are the effects of a low-level open of p with flags
// (openFlags): a read, a write, or both, of a literal path. A write of a
// path only known at run time is not reported, as other writes are not.
func openEffects(c call, p, flags *arg) []Effect {
	read, write, appendTo := openFlags(flags)
	if p != nil && !p.lit {
		var out []Effect
		for _, k := range []Kind{Read, Write} {
			if e, ok := runTimePath(c, k, p, appendTo); ok && (k == Read && read || k == Write && write) {
				out = append(out, e)
			}
		}
		return out
	}
	if p == nil || !p.lit || p.str == "" {
		return nil
	}
	var out []Effect
	if read {
		out = append(out, Effect{Kind: Read, Call: c.name, Path: p.str, Tilde: p.tilde, Offset: c.off})
	}
	if write {
		out = append(out, Effect{Kind: Write, Call: c.name, Path: p.str, Tilde: p.tilde, Append: appendTo, Offset: c.off})
	}
	return out
}

// modeEffect is a change of mode program code makes (os.chmod(p, 0),
// fs.chmodSync, File.chmod, Perl's and PHP's chmod): the shell command
// chmod with the same mode, in octal, on the literal path p (chmod -R
// when recursive). A mode that is not a number literal (stat.S_IRWXU |
// …, a variable) is taken as the worst, 000. A path only known at run
// time is not reported, as a write to one is not, unless the mode is a
// literal that takes read permission from the owner (os.chmod(f, 0)):
// no ordinary program does that.
func modeEffect(c call, p *arg, mode string, recursive bool) (Effect, bool) {
	if p == nil || !p.lit || p.str == "" {
		if mode == "" || strings.Trim(mode, "01234567") != "" || mode[len(mode)-3] >= '4' {
			return Effect{}, false
		}
		text := c.name
		if p != nil {
			text = p.text
		}
		return Effect{Kind: Hidden, Call: c.name, Text: text, Offset: c.off}, true
	}
	if mode == "" {
		mode = "000"
	}
	cmd := "chmod "
	if recursive {
		cmd += "-R "
	}
	return Effect{Kind: Shell, Call: c.name, Text: cmd + mode + " -- " + shellPath(p), Offset: c.off}, true
}

// ownerEffect is a change of owner program code makes (os.chown,
// fs.chownSync, File.chown, Perl's and PHP's chown and chgrp): the shell
// command chown of the literal path p; who the new owner is does not
// change the judgement. A path only known at run time is not reported.
func ownerEffect(c call, p *arg, recursive bool) (Effect, bool) {
	if p == nil || !p.lit || p.str == "" {
		return Effect{}, false
	}
	cmd := "chown "
	if recursive {
		cmd += "-R "
	}
	return Effect{Kind: Shell, Call: c.name, Text: cmd + "-- 0:0 " + shellPath(p), Offset: c.off}, true
}

// truncateEffect is a truncation of the literal path p (os.truncate,
// fs.truncateSync, File.truncate, Perl's truncate): a write of p. One of
// a path only known at run time is not reported, as a write is not.
func truncateEffect(c call, p *arg) (Effect, bool) {
	if p != nil && !p.lit {
		return runTimePath(c, Write, p, false)
	}
	if p == nil || !p.lit || p.str == "" {
		return Effect{}, false
	}
	return Effect{Kind: Write, Call: c.name, Path: p.str, Tilde: p.tilde, Offset: c.off}, true
}

// octalMode reads the mode a program gives as a number literal (0o755,
// 0755, 493, 0x1ed; with octal, a JavaScript string "755") and returns it
// as chmod's three or four octal digits, or "" when it is not one.
func octalMode(a *arg, stringOctal bool) string {
	if a == nil {
		return ""
	}
	t := strings.TrimSpace(a.text)
	if a.lit {
		if !stringOctal {
			return ""
		}
		t = "0o" + strings.TrimSpace(a.str)
	}
	t = strings.ReplaceAll(t, "_", "")
	base := 10
	switch {
	case len(t) > 2 && (t[:2] == "0o" || t[:2] == "0O"):
		base, t = 8, t[2:]
	case len(t) > 2 && (t[:2] == "0x" || t[:2] == "0X"):
		base, t = 16, t[2:]
	case len(t) > 1 && t[0] == '0':
		base, t = 8, t[1:]
	}
	n, err := strconv.ParseUint(t, base, 16)
	if err != nil || n > 0o7777 {
		return ""
	}
	s := strconv.FormatUint(n, 8)
	for len(s) < 3 {
		s = "0" + s
	}
	return s
}

// shellPath writes a literal path as one shell word: quoted, with a
// leading ~ the program expanded left outside the quotes.
func shellPath(a *arg) string {
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	if a.tilde && (a.str == "~" || strings.HasPrefix(a.str, "~/")) {
		if a.str == "~" {
			return "~"
		}
		return "~/" + q(a.str[2:])
	}
	return q(a.str)
}

// readEffect is a read of the path in argument a, when it is a literal: a
// read of a path only known at run time is everyday work and is not
// reported.
func readEffect(c call, a *arg) (Effect, bool) {
	if a != nil && !a.lit {
		return runTimePath(c, Read, a, false)
	}
	if a == nil || !a.lit || a.str == "" {
		return Effect{}, false
	}
	return Effect{Kind: Read, Call: c.name, Path: a.str, Tilde: a.tilde, Offset: c.off}, true
}

// recvRead is a read of the literal receiver of a method call
// (Path(".env").read_text()).
func recvRead(c call) (Effect, bool) {
	if c.method && !c.recvLit && c.recvText != "" {
		return runTimePath(c, Read, &arg{text: c.recvText, assigned: c.recvAssigned}, false)
	}
	if !c.recvLit && c.recvName != "" {
		return runTimePath(c, Read, &arg{text: c.recvName, assigned: c.recvAssigned}, false)
	}
	if !c.method || !c.recvLit || c.recv == "" {
		return Effect{}, false
	}
	return Effect{Kind: Read, Call: c.name, Path: c.recv, Tilde: c.recvTilde, Offset: c.off}, true
}

func positional(args []arg) []arg {
	var out []arg
	for _, a := range args {
		if a.key == "" {
			out = append(out, a)
		}
	}
	return out
}

func argAt(args []arg, i int) *arg {
	pos := positional(args)
	if i < len(pos) {
		return &pos[i]
	}
	return nil
}

func keyword(args []arg, key string) *arg {
	for i := range args {
		if args[i].key == key {
			return &args[i]
		}
	}
	return nil
}

// aliases maps the names a program binds with import statements to what
// they stand for (import subprocess as sp: sp is subprocess; from os
// import system: system is os.system).
type aliases map[string]string

var (
	// A statement starts a line, or follows ; or the : of a compound
	// statement on the same line (import os; import shutil as s).
	pyStarImport = lazy.Regexp{Expr: `(?m)(?:^|[;:])[ \t]*from[ \t]+(os|posix|nt|subprocess|shutil|pty|io|codecs|pathlib|ctypes)[ \t]+import[ \t]+\*`}
	pyImportAs   = lazy.Regexp{Expr: `(?m)(?:^|[;:])[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)`}
	pyFromImport = lazy.Regexp{Expr: `(?m)(?:^|[;:])[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w \t,]+)`}
)

func (a aliases) resolve(name string) string {
	first, rest, _ := strings.Cut(name, ".")
	if full, ok := a[first]; ok {
		if rest == "" {
			return full
		}
		return full + "." + rest
	}
	return name
}

func pythonAliases(src string) aliases {
	a := aliases{}
	for _, m := range pyStarImport.Get().FindAllStringSubmatch(src, -1) {
		// from os import *: every public function of the module under
		// its own name (system is os.system; open is os.open).
		mod := m[1]
		if mod == "posix" || mod == "nt" {
			mod = "os" // the modules os is made from: the same functions
		}
		for _, full := range pyModuleFunctions(mod) {
			a[full[len(mod)+1:]] = full
		}
	}
	for _, m := range pyImportAs.Get().FindAllStringSubmatch(src, -1) {
		// import a.b as x, c as y
		for _, part := range strings.Split(m[1], ",") {
			if f := strings.Fields(part); len(f) == 3 && f[1] == "as" {
				a[f[2]] = f[0]
			}
		}
	}
	for _, m := range pyFromImport.Get().FindAllStringSubmatch(src, -1) {
		for _, part := range strings.Split(m[2], ",") {
			f := strings.Fields(part)
			switch {
			case len(f) == 1:
				a[f[0]] = m[1] + "." + f[0]
			case len(f) == 3 && f[1] == "as":
				a[f[2]] = m[1] + "." + f[0]
			}
		}
	}
	// d = os.__dict__, d = vars(os): d holds the module's namespace, so
	// d["system"] is os.system (indirect.go; red team rc), when d is
	// assigned nowhere else.
	for _, m := range pyDictBind.Get().FindAllStringSubmatch(src, -1) {
		name, mod := m[1], m[2]
		if mod == "" {
			mod = m[3]
		}
		if len(regexp.MustCompile(`(?m)(^|[^\w.])`+regexp.QuoteMeta(name)+`\s*(=[^=]|\+=|:=)`).FindAllStringIndex(src, 3)) == 1 {
			a[name] = a.resolve(mod) + ".__dict__"
		}
	}
	return a
}

// pyDictBind matches a name bound to a module's namespace: NAME =
// MOD.__dict__ or NAME = vars(MOD).
var pyDictBind = lazy.Regexp{Expr: `(?m)(?:^|[;:]|\bfor\b)\s*([A-Za-z_]\w*)\s*=\s*(?:([A-Za-z_][\w.]*)\.__dict__|vars\(\s*([A-Za-z_][\w.]*)\s*\))\s*(?:$|[;\n#])`}

// pyModuleFunctions returns the functions of module mod that the call
// readers know (os.system, shutil.rmtree, subprocess.run, os.exec*, …),
// sorted.
func pyModuleFunctions(mod string) []string {
	seen := map[string]bool{}
	add := func(full string) {
		if rest, ok := strings.CutPrefix(full, mod+"."); ok && rest != "" && !strings.Contains(rest, ".") {
			seen[full] = true
		}
	}
	for _, names := range [][]string{slices.Collect(maps.Keys(pyShell.Get())), slices.Collect(maps.Keys(pySubprocess.Get())),
		slices.Collect(maps.Keys(pyDelete.Get())), slices.Collect(maps.Keys(pyCopyTo.Get())), slices.Collect(maps.Keys(pyMove.Get())),
		slices.Collect(maps.Keys(pyAttrs.Get()))} {
		for _, k := range names {
			add(k)
		}
	}
	for _, f := range strings.Fields("execl execle execlp execlpe execv execve execvp execvpe spawnl spawnle spawnlp spawnlpe spawnv " +
		"spawnve spawnvp spawnvpe posix_spawn posix_spawnp open symlink link chdir") {
		add("os." + f)
	}
	add("pty.spawn")
	add("distutils.spawn.spawn")
	add("setuptools._distutils.spawn.spawn")
	add("pkgutil.resolve_name")
	add("pydoc.locate")
	add("io.open")
	add("io.FileIO")
	add("codecs.open")
	for _, f := range []string{"CDLL", "PyDLL", "cdll", "pydll"} {
		add("ctypes." + f) // from ctypes import *: CDLL(…), cdll.LoadLibrary(…)
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// distinct drops the effects that repeat an earlier one exactly (the same
// call with the same argument): they get the same verdict, and a program
// that removes one file ten thousand times must not push what follows
// beyond MaxEffects.
func distinct(effects []Effect) []Effect {
	type key struct {
		kind                   Kind
		call, text, argv, path string
		recursive, dir, app    bool
		cwd                    string
		cwdTilde, cwdHidden    bool
		// epoch counts the changes of directory before the effect: the
		// same relative path after a chdir is another file.
		epoch int
	}
	seen := make(map[key]bool, len(effects))
	out := effects[:0]
	epoch := 0
	for _, e := range effects {
		if e.Kind == Chdir {
			epoch++
			out = append(out, e)
			continue
		}
		k := key{e.Kind, e.Call, e.Text, strings.Join(e.Argv, "\x00"), e.Path, e.Recursive, e.Dir, e.Append, e.Cwd, e.CwdTilde, e.CwdHidden, epoch}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
	}
	return out
}

// awkIncludes finds gawk's @include "FILE" directives: the named file's
// program is read in where the directive stands.
func awkIncludes(src string) []Effect {
	return lineIncludes(src, "@include", true, func(s string) (string, bool) {
		return strings.CutPrefix(s, "@include")
	})
}

// lineIncludes finds include directives, one to a line: a line whose text
// after leading blanks directive accepts (it returns what follows the
// directive's word), then a file name in double quotes, which may be
// empty when allowEmpty is set. call names the directive in the effects.
func lineIncludes(src, call string, allowEmpty bool, directive func(string) (string, bool)) []Effect {
	var out []Effect
	off := 0
	for _, line := range strings.Split(src, "\n") {
		at := off
		off += len(line) + 1
		s := strings.TrimLeft(line, " \t")
		rest, ok := directive(s)
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(rest, `"`) {
			continue
		}
		if end := strings.IndexByte(rest[1:], '"'); end > 0 || end == 0 && allowEmpty {
			out = append(out, Effect{Kind: Include, Call: call, Path: rest[1 : 1+end], Offset: at + len(line) - len(s)})
		}
	}
	return out
}

// maxOptionText bounds the options text read for one key.
const maxOptionText = 4096

// optionArg reads the value under key in options given as argument text:
// a JavaScript object ({cwd: d}, {"cwd": d}), a Ruby hash (chdir: d,
// :chdir => d, {chdir: d}). It returns nil when the key is not there,
// and an argument that is not a literal when the text is too long to
// read.
func (p *parser) optionArg(text, key string) *arg {
	if !strings.Contains(text, key) {
		return nil
	}
	if len(text) > maxOptionText {
		return &arg{text: text}
	}
	q := &parser{src: text, toks: lex(p.l, text), l: p.l, consts: p.consts, depth: p.depth, al: p.al}
	toks := q.toks
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if t.text != ":" || i+1 >= len(toks) || toks[i+1].kind != tIdent || toks[i+1].text != key {
				continue
			}
			// :key => value (Ruby): the symbol's colon is a token.
			if i+2 < len(toks) && toks[i+2].text == "=>" || i+3 < len(toks) && toks[i+2].text == "=" && toks[i+3].text == ">" {
				from := i + 3
				if toks[i+2].text == "=" {
					from = i + 4
				}
				return q.optionValue(from, depth)
			}
			continue
		}
		if depth > 1 || i+1 >= len(toks) || toks[i+1].kind != tPunct || toks[i+1].text != ":" {
			continue
		}
		name := t.text
		if t.kind == tString && t.lit {
			name = t.text
		} else if t.kind != tIdent {
			continue
		}
		if name == key {
			return q.optionValue(i+2, depth)
		}
	}
	return nil
}

// optionValue reads the value that starts at token from and runs to the
// next comma or closing bracket at the same depth.
func (q *parser) optionValue(from, depth int) *arg {
	d := depth
	j := from
	for ; j < len(q.toks); j++ {
		t := q.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			d++
		case ")", "]", "}":
			d--
		case ",":
			if d == depth {
				a := q.arg(from, j)
				return &a
			}
		}
		if d < depth {
			break
		}
	}
	a := q.arg(from, j)
	return &a
}

// shellOrRunTime is the effect of a call on the path a whose meaning is
// a shell command's: with a literal path, the command prefix followed by
// that path (chmod 000 -- PATH, python3 -m http.server -d PATH), judged
// as the shell's; with a path only run time knows, a k of that path as
// runTimePath reads it. label names the call in the effect.
func shellOrRunTime(c call, label string, k Kind, a *arg, prefix string) (Effect, bool) {
	if a != nil && a.lit && a.str != "" {
		return Effect{Kind: Shell, Call: label, Text: prefix + shellPath(a), Offset: c.off}, true
	}
	return runTimePath(c, k, a, false)
}

// chmodMode is the mode chmod is given for a mode argument of compiled
// code (0o600, 0600, 384): its octal digits, or 000 (every access taken
// away) for one only run time knows.
func chmodMode(a *arg) string {
	if m := octalMode(a, false); m != "" {
		return m
	}
	return "000"
}

// linkEffects is a link program code makes (os.Symlink(old, new)): the
// shell command ln ("ln -s" or "ln") of the same names when both are
// literal, so that a link into a protected place or onto a secret is
// judged as ln's; with only new known a write of new.
func linkEffects(c call, old, nw *arg, ln string) []Effect {
	if nw == nil {
		return nil
	}
	if !nw.lit {
		if e, ok := runTimePath(c, Write, nw, false); ok {
			return []Effect{e}
		}
		return nil
	}
	if nw.str == "" {
		return nil
	}
	if old != nil && old.lit && old.str != "" {
		return []Effect{{Kind: Shell, Call: c.name, Text: ln + " -- " + shellPath(old) + " " + shellPath(nw), Offset: c.off}}
	}
	return []Effect{{Kind: Write, Call: c.name, Path: nw.str, Tilde: nw.tilde, Offset: c.off}}
}
