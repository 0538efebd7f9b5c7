package syntax

import (
	"errors"
	"mvdan.cc/sh/v3/pattern"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// walker visits statements in execution order, carrying the shell's state
// (see state), and records every call.
type walker struct {
	// imported are the files the memory files on disk import
	// (Options.Imported).
	imported *ImportedFiles
	// importedHere are the files memory files this command writes with
	// known text import, each with its importer (importedfiles.go).
	importedHere map[string]string
	// gitURL collects the url.*.insteadOf rules and configured URLs of
	// the git call being walked, gitKept those git config and git remote
	// set earlier in the command (gitinsteadof.go).
	gitURL  *gitURLSet
	gitKept gitURLSet
	// pure are the command substitutions that print the same text
	// wherever they stand (puresubst.go), shared by its resolvers.
	pure *pureSubsts
	// effectDir is the working directory of the program code effect
	// being walked (interp.go: after a chdir, or a cwd= option), nil for
	// the calling program's.
	effectDir *Dir
	m         *Model
	home      string
	// taskEnv is the environment the task runner being read gives its
	// tasks (just with set dotenv-load), or nil for the call's own.
	taskEnv *state
	// project is Options.Project.
	project string
	// cargoAliasDepth counts the cargo aliases being followed.
	cargoAliasDepth int
	// awkVars are the variables the awk call being read sets on its
	// command line (-v, operands).
	awkVars []lang.AwkVar
	// evalTexts counts the texts walked as what bash evaluates
	// (evalnames.go), bounded by maxEvalTexts.
	evalTexts int
	// argv is the argument vector of the interpreter program being read
	// next (program takes it); argvLoop that it runs in perl or ruby
	// -n/-p's loop (lang.AnalyzeLoopArgv).
	argv     []lang.Arg
	argvLoop bool
	// envPath is a PATH=… word a wrapper (env, sudo) gives the call.
	envPath *Arg
	// lenient counts the test runners' collections being read: code
	// only known at run time there does not ask (testrunners.go).
	lenient int
	// callState is the state of the call being walked with its prefix
	// assignments (PATH=.:$PATH ls).
	callState *state
	// reading is the call whose code is being read (runsCode), and
	// opaqueRead the changed files it was told about (readScript).
	reading    *Call
	opaqueRead map[string]bool
	// unreadTold are the files it was told it cannot read whole, and
	// directRead is set while a script run by name is read
	// (unreadable.go).
	unreadTold map[unreadKey]bool
	directRead bool
	// included are the files of code read by include in this command.
	included map[string]bool
	// nestedCmds counts the tmux commands being followed inside other
	// tmux commands (if-shell, set-hook, bind-key, source-file).
	nestedCmds int
	// tmuxBufs are the tmux paste buffers this command filled (set-buffer,
	// load-buffer), by name; tmuxTop names the one filled last, which
	// paste-buffer without -b pastes. screenBufs are screen's registers
	// and its paste buffer (".", filled by readbuf).
	tmuxBufs   map[string]typedText
	tmuxTop    string
	screenBufs map[string]typedText
	// containers are the containers docker run/create made so far in
	// the command, in order (containerexec.go).
	containers []madeContainer
	// reparsed counts the bytes of nested scripts parsed so far (at most
	// MaxSource): eval eval eval … would otherwise parse the command
	// MaxDepth times over.
	reparsed int
	// active are the functions being walked (a function that calls
	// itself is not walked again).
	active map[*sh.FuncDecl]bool
	// recEntry holds, per function called recursively, the state its
	// next run starts with (recursion.go).
	recEntry map[*sh.FuncDecl]*state
	// coprocs are the coprocesses started so far, by name (COPROC when
	// none is given): the descriptors ${NAME[0]} and ${NAME[1]} lead to
	// them.
	coprocs map[string]*coprocess
	// pendingOut are the >(…) substitutions whose host call's
	// descriptors are not known yet (procReaders).
	pendingOut []*Pipeline
	// expanding are the aliases whose text is being walked: bash does not
	// expand an alias again inside its own text (alias ls='ls -l').
	expanding map[string]bool
	// frames hold, per function call being walked, the variables it
	// made local and their values before.
	frames []map[string]*variable
	// loops counts the loops being walked to a fixed point.
	loops int
	// loopExits are the breaks and continues of the loops being walked,
	// innermost last (loopexits.go).
	loopExits []*loopExit
	// returnExits collects, per function call being walked, the states
	// its return builtins leave the body in, innermost last
	// (loopexits.go).
	returnExits []*returnExit
	// declared are the functions declared so far, with the state at
	// their declaration, for those never called.
	declared []declared
	// fromFunc indexes the calls recorded from function bodies, so that
	// a second call of a function adds only calls that differ.
	fromFunc map[funcCallKey]int
	// funcStates holds, for a recorded call of a function, the state
	// it was walked in.
	funcStates map[funcCallKey]*state
	// substFiles are the files whose content each command substitution
	// may print (state.subst points at it).
	substFiles map[*sh.CmdSubst][]string
	// cur is the state of the shell at the call being walked, for the
	// code that reads a call's nested scripts.
	cur *state
	// fed holds, per nested script being walked whose host gets words at
	// run time (xargs sh -c, find -exec sh -c), the strings that stand
	// for those words in its text: {}, and xargs -I's string.
	fed []string
	// origin is the Origin of the next nested script (see Script.Origin).
	origin string
	// editing are the files an editor call works on (vim FILE…): what a
	// :w or :wq without a name writes.
	editing []string
	// vimArgs are the file arguments of the Vim call being read, whose
	// first is its current buffer until an :edit (vimkeys.go).
	vimArgs []Arg
	// restricted reports an editor in restricted mode (vim -Z, rvim):
	// the code it runs can write and delete files but runs no commands.
	restricted bool
	// files counts the bytes of script files read (at most MaxScriptBytes).
	files int
	// read reads a script file; nil reads none.
	read func(path string) (string, error)
	// hookPath is the PATH the shell inherits, the hook's own
	// (Options.Path), and hookStats the files looked for in its
	// directories, each stat'd once per command (inheritedProgram).
	hookPath  string
	hookStats map[string]hookStat
	// hookReading are the scripts found through the inherited PATH being
	// read, each with the words it runs with (inheritedProgram).
	hookReading []string
	// hookCalls are the calls that run those scripts, innermost last: a
	// call in the script that runs the same name with the words it was
	// given is that call again (hookRerun).
	hookCalls []hookRun
	// runArgs is the call that runs the script file being read by its
	// path or name (./x a b, cleanup a b): its words are the script's
	// positional parameters (runScriptFile).
	runArgs *Call
	// inBreakpointHook is set while program text is judged again with
	// its breakpoint() calls spelt as PYTHONBREAKPOINT's callable.
	inBreakpointHook bool
	// inPdbrc is set while the pdb rc files are read (pdbrc.go).
	inPdbrc bool
	// replStdinSeen: calls whose input was judged as the REPL or
	// debugger their code starts (interactive.go).
	replStdinSeen map[*Call]bool
	// indexPending are the package managers' configuration files the
	// call being walked writes (pkgindexfile.go), collected while
	// indexCollect; indexSeen the settings already reported.
	indexPending []indexWrite
	indexCollect bool
	indexSeen    map[[2]string]bool
	// codeConfigPending are the code-running configuration files the
	// call being walked writes (codeconfig.go); gitGlobalList the files
	// git reads as the user's global configuration, found once.
	codeConfigPending []codeConfigWrite
	gitGlobalList     []string
	gitGlobalSeen     bool
	// includes counts the files read by :source, @include or gdb's
	// source being walked, one inside the other.
	includes int
	// written holds the text that earlier commands wrote to files
	// (cat > f <<X, echo … > f), by absolute path.
	written map[string]string
	// bg counts the background statements (cmd &) being walked, and
	// bgWritten the files a background command wrote (fifo.go).
	bg        int
	bgWritten map[string]bool
	// bgJob numbers the background command being walked, bgJobs counts
	// them, and bgReads holds the files read as code in one (bgrace.go).
	bgJob, bgJobs int
	bgReads       map[string][]bgRead
	// shadowed are the calls that ran an alias or a function of the
	// script, not the program of their name (passthrough.go).
	shadowed map[*Call]bool
	// textVisits counts, per pipe stage, the times producedText read
	// what it prints (maxTextVisits).
	textVisits map[stageRef]int
	// runTimeWrites are the files the command wrote under a name only
	// run time knows, in order (runtimescript.go).
	runTimeWrites []runTimeWrite
	// compiled holds the programs and libraries a C or C++ compiler
	// built earlier in the command, by absolute path; loaded those
	// already judged as libraries the loader puts into a program.
	compiled map[string]compiledFile
	// decoded are the files a decoder's output was redirected to, by
	// absolute path, with the decoder's name (decoded.go).
	decoded map[string]string
	// ranCompiled are the compiled files judged where they run or were
	// built (builtForLater).
	ranCompiled map[string]bool
	// goInstalled maps the name of a program go install builds from the
	// project's sources to where it puts it ($GOBIN/NAME): a later call of
	// the bare name in the command runs it (go install . && gx).
	goInstalled map[string]string
	// rustLinks are the toolchain names rustup toolchain link tied to a
	// directory in this command.
	rustLinks map[string]string
	// javaSources are the Java source files javac compiled earlier in
	// the command, by the name of the class each is named for (X.java:
	// X), absolute paths (javaCompiled).
	javaSources map[string][]string
	// goToolchains are the toolchains go mod edit -toolchain and go get
	// toolchain@/go@ wrote into a go.mod earlier in the command, by the
	// module's directory (goToolchain).
	goToolchains map[string][]string
	// ranVars are the NAME=value pairs of the variables programs run
	// (EDITOR, PAGER, …) judged so far (commandVars).
	ranVars map[string]bool
	// gitEditorSets are the git config core.editor / sequence.editor
	// KEY VALUE pairs of the command (editorvars.go).
	gitEditorSets [][2]string
	// opaque are the files this command wrote with content corral cannot
	// know; programs2 the ones it made as copies of a system program,
	// with the program's name (noteCopy).
	opaque map[string]bool
	// earlier are the files earlier calls of the session wrote with
	// bytes corral could not read (Options.Earlier), less the ones this
	// command writes again (unread.go).
	earlier     map[string]string
	earlierLost bool
	// keptPart are the files of earlier this command adds text to
	// (>>, tee -a): what they hold is still mostly unread.
	keptPart map[string]bool
	// dirNames caches the names in the directories the module loaders
	// list (pyloaders.go), nil for one that cannot be read.
	dirNames map[string][]string
	// numberFiles are the files of opaque whose run-time content a
	// program that prints a number wrote (wc -l < f > n.txt).
	numberFiles map[string]bool
	// wroteEvals are the variables (with their file) whose arithmetic
	// evaluation of a file this command wrote was recorded, per call.
	wroteEvals map[*Call]map[string]bool
	programs2  map[string]string
	// touched are the files this command made, changed the time of or
	// removed by name (noteTouched).
	touched map[string]bool
	// touchedAny: the command touched or removed a file whose name only
	// run time knows; any file may have changed.
	touchedAny bool
	// cdLeaf is the statement of an && / || chain being walked: its
	// failure is the chain's to model (andOr). mkdirs are the
	// directories mkdir made earlier in the command, absolute.
	cdLeaf *sh.Stmt
	mkdirs []string
	// traps are the trap actions set so far, walked once more with the
	// state the script ends in (finalTraps).
	traps []pendingTrap
	// trapMovesDir is set once a trap that may run between any two
	// commands (DEBUG, ERR, RETURN, a signal: not EXIT) changes the
	// working directory: from then on no statement's directory is known.
	trapMovesDir bool
	// trapDir is the directory a DEBUG trap that is one cd DIR moves
	// every command to; trapDirMixed is set once any other trap moves.
	// trapTargets are the absolute directories moving traps cd to, each
	// one cd to a directory known when the trap is set; trapAnyDir is
	// set once a moving trap goes where corral cannot say. While it is
	// not, a statement's directory is one of the directory it would have
	// had and the targets.
	trapDir      Dir
	trapDirMixed bool
	trapTargets  []string
	trapAnyDir   bool
	// trapVars are the variables assigned by traps that may run between
	// two commands (trapVarEffects), applied before every statement
	// after them; at most maxTrapVars. childEnd is the state a nested
	// script walked by childIn ended in.
	trapVars []trapVar
	childEnd *state
	loaded   map[string]bool
}

type declared struct {
	def funcDef
	st  *state
}

type funcCallKey struct {
	sc         *Script
	start, end int
	words      string
	// in is the call's standard input: the same words reading another
	// pipe are another call (stdinconsumers.go).
	in stdinID
}

// funcBody is a declared function; called is shared by every copy of the
// state that holds it.
type funcBody struct {
	decl   *sh.FuncDecl
	called bool
}

// scope is what a statement inherits from where it is.
type scope struct {
	sc        *Script
	host      *Call
	subst     string
	loop      bool
	pipe      *Pipeline
	pipeIndex int
	stage     *sh.Stmt
	// decl is the assignment builtin (export, declare, …, not printing)
	// whose words hold the substitutions walked in this scope.
	decl string
	// sub reports statements that do not run in the shell that set a
	// DEBUG trap, or run there but without it: a subshell, a substitution,
	// a pipeline stage, a function's body (bash runs DEBUG and RETURN
	// traps in functions and subshells only under set -T, or in a
	// function with the trace attribute: those are not sub when
	// state.funcTrace or funcDef.traced says so), another program's
	// shell. A DEBUG trap's assignments are only possible there.
	sub bool
}

func (w *walker) full() bool {
	if len(w.m.Calls) >= MaxCalls {
		w.m.Truncated = true
		return true
	}
	return false
}

// mark is a point of the model the walk can return to.
type mark struct{ calls, redirs, scripts, unparsed, reparsed int }

func (w *walker) mark() mark {
	return mark{len(w.m.Calls), len(w.m.Redirs), len(w.m.Scripts), len(w.m.Unparsed), w.reparsed}
}

func (w *walker) reset(k mark) {
	w.m.Calls, w.m.Redirs, w.m.Scripts, w.m.Unparsed = w.m.Calls[:k.calls], w.m.Redirs[:k.redirs], w.m.Scripts[:k.scripts], w.m.Unparsed[:k.unparsed]
	w.reparsed = k.reparsed
}

func (w *walker) stmts(c scope, list []*sh.Stmt, st *state) {
	for _, s := range list {
		w.stmt(c, s, st)
	}
}

func (w *walker) stmt(c scope, s *sh.Stmt, st *state) {
	if s == nil || w.full() {
		return
	}
	if w.trapMovesDir {
		prev := st.dir
		st.dir = Dir{}
		switch {
		case !w.trapDirMixed:
			st.dir = w.trapDir
		case !w.trapAnyDir && prev.Candidates() != nil:
			// The trap may have run or not: one of the directories.
			st.dir = dirOneOf(append(prev.Candidates(), w.trapTargets...))
		}
		st.stackPathsMoved()
	}
	if len(w.trapVars) > 0 {
		w.applyTrapVars(st, c.sub || s.Background, debugRunsBefore(s))
	}
	if s.Background {
		// An asynchronous command runs in a subshell.
		w.bg++
		w.bgJobs++
		prevJob := w.bgJob
		w.bgJob = w.bgJobs
		shown := w.isolateLoops()
		w.command(c, s, st.clone())
		shown()
		w.bgJob = prevJob
		w.bg--
		return
	}
	w.command(c, s, st)
}

func (w *walker) command(c scope, s *sh.Stmt, st *state) {
	if call, ok := s.Cmd.(*sh.CallExpr); ok {
		w.call(c, s, call, st)
		return
	}
	if s.Cmd == nil && len(s.Redirs) > 0 {
		// > f, < f: bash performs the redirections of a statement with
		// no command word as for the null command ":", and a rule sees
		// them on that call (xargs -I{} sh -c '> {}' truncates each
		// listed file as sh -c ': > {}' does).
		w.call(c, s, nullCommand(s), st)
		return
	}
	reds := w.redirects(c, s, st, nil)
	saved := st.fds
	var set []int
	st.fds, set = applyRedirects(st.fds, reds)
	from := len(w.m.Calls)
	w.compound(c, s, st)
	w.compoundWrites(c, s, reds, from) // { cat p.sh; } > m.sh (compoundwrite.go)
	if len(set) > 0 {
		// The compound's redirections end with it; an exec inside it
		// that set other descriptors stays.
		fds := cloneMap(st.fds)
		for _, fd := range set {
			if v, ok := saved[fd]; ok {
				fds[fd] = v
			} else {
				delete(fds, fd)
			}
		}
		st.fds = fds
	}
}

func (w *walker) compound(c scope, s *sh.Stmt, st *state) {
	inner := c
	inner.stage = nil
	switch cmd := s.Cmd.(type) {
	case *sh.BinaryCmd:
		if cmd.Op == sh.Pipe || cmd.Op == sh.PipeAll {
			w.pipeline(inner, s, st)
			return
		}
		w.andOr(inner, s, st)
	case *sh.Subshell:
		inner.sub = inner.sub || !st.funcTrace
		shown := w.isolateLoops()
		w.stmts(inner, cmd.Stmts, st.clone())
		shown()
	case *sh.Block:
		w.stmts(inner, cmd.Stmts, st)
	case *sh.IfClause:
		w.ifClause(inner, cmd, st)
	case *sh.WhileClause:
		w.whileClause(inner, cmd, st)
	case *sh.ForClause:
		w.forClause(inner, cmd, st)
	case *sh.CaseClause:
		w.substs(inner, cmd.Word, st, nil)
		if at, ok := w.caseBranch(inner, cmd, st); ok {
			// The word and the patterns are known: the item that matches
			// runs for certain; the others never run, and are still
			// walked (on a copy marked dead) so that what they hold is
			// judged, without their assignments leaking.
			for i, item := range cmd.Items {
				for _, p := range item.Patterns {
					w.substs(inner, p, st, nil)
				}
				if i == at {
					w.stmts(inner, item.Stmts, st)
					continue
				}
				never := st.clone()
				never.dead = true
				w.stmts(inner, item.Stmts, never)
			}
			return
		}
		out := st.clone()
		for _, item := range cmd.Items {
			for _, p := range item.Patterns {
				if p.Lit() == "*" {
					// Some branch runs: the path where none does is not
					// one bash can take.
					out.dead = true
				}
			}
		}
		for _, item := range cmd.Items {
			for _, p := range item.Patterns {
				w.substs(inner, p, st, nil)
			}
			branch := st.clone()
			w.stmts(inner, item.Stmts, branch)
			out.merge(branch)
		}
		*st = *out
	case *sh.FuncDecl:
		if cmd.Name == nil || cmd.Body == nil {
			return
		}
		def := funcDef{c: inner, body: &funcBody{decl: cmd}}
		if st.funcs == nil {
			st.funcs = map[string]funcDef{}
		}
		if old, ok := st.funcs[cmd.Name.Value]; ok {
			// Defining a function again keeps its trace attribute
			// (bash 5.2: declare -ft f; f(){ …; } still runs the
			// caller's DEBUG and RETURN traps); unset -f drops it.
			def.traced = old.traced
		}
		st.funcs[cmd.Name.Value] = def
		w.declared = append(w.declared, declared{def: def, st: st.clone()})
	case *sh.TimeClause:
		if cmd.Stmt != nil {
			w.stmt(c, timeProgram(cmd), st)
		}
	case *sh.CoprocClause:
		w.coproc(inner, cmd, st)
	case *sh.DeclClause:
		dc := inner
		dc.decl = declAssigns(cmd)
		w.substs(dc, cmd, st, nil)
		w.declEvals(inner, cmd, st)
		w.declare(inner, s, cmd, st)
	case *sh.TestClause:
		w.substs(inner, cmd, st, nil)
		w.evalTest(inner, cmd, st)
		w.rematch(inner, cmd, st) // [[ S =~ RE ]] fills BASH_REMATCH
	case *sh.ArithmCmd:
		w.substs(inner, cmd, st, nil)
		w.arithm(inner, cmd.X, st)
	case *sh.LetClause:
		w.substs(inner, cmd, st, nil)
		for _, x := range cmd.Exprs {
			w.arithm(inner, x, st)
		}
	case nil:
	default:
		w.substs(inner, cmd, st, nil)
	}
}

// andOr walks an && / || chain. It is a list, walked without recursion
// (a chain can be long), keeping two states: the one where the commands
// so far succeeded, and the one where they failed (a failed command may
// have done part of its work, or none: a failed cd leaves the directory
// as it was). A command after && starts from the first, after || from the
// second.
func (w *walker) andOr(c scope, s *sh.Stmt, st *state) {
	leaves, ops := andOrList(s)
	// failed is the state after leaf when it failed: a failed cd changed
	// nothing; anything else may have done part of its work.
	failed := func(leaf *sh.Stmt, before, after *state) *state {
		if assignsOnly(leaf) {
			// An assignment fails only with the status of a
			// substitution in it, once it is made.
			return after.clone()
		}
		f := before.clone()
		if !failsCleanly(leaf) {
			f.merge(after)
		}
		// A command that failed still ran: $_ is its last word.
		if v, ok := after.vars["_"]; ok {
			f.setVar("_", v)
		}
		return f
	}
	// settle marks the path a leaf whose exit status is known cannot
	// take as dead: the leaves reached only through it are still walked,
	// but add nothing to what follows.
	settle := func(t truth, ok, bad *state) {
		switch t {
		case alwaysTrue:
			bad.dead = true
		case alwaysFalse:
			ok.dead = true
		}
	}
	before := st.clone()
	t := w.condTruth(c, leaves[:1], st)
	w.cdLeaf = leaves[0] // a failed cd here is failed's, not the builtin's
	w.stmt(c, leaves[0], st)
	w.cdLeaf = nil
	ok := st
	bad := failed(leaves[0], before, ok)
	settle(t, ok, bad)
	for i, leaf := range leaves[1:] {
		if ops[i] == sh.AndStmt {
			from := ok.clone()
			t := w.condTruth(c, []*sh.Stmt{leaf}, from)
			w.cdLeaf = leaf
			w.stmt(c, leaf, from)
			w.cdLeaf = nil
			fail := failed(leaf, ok, from)
			if !from.dead {
				settle(t, from, fail)
			}
			bad.merge(fail)
			ok = from
		} else {
			from := bad.clone()
			t := w.condTruth(c, []*sh.Stmt{leaf}, from)
			w.cdLeaf = leaf
			w.stmt(c, leaf, from)
			w.cdLeaf = nil
			if from.dead {
				ok.merge(from)
				bad = from
				continue
			}
			fail := failed(leaf, bad, from)
			settle(t, from, fail)
			ok.merge(from)
			bad = fail
		}
	}
	ok.merge(bad)
	*st = *ok
}

// assignsOnly reports whether a statement only assigns variables (x=1,
// with no command word and no redirection).
func assignsOnly(s *sh.Stmt) bool {
	ce, ok := s.Cmd.(*sh.CallExpr)
	return ok && len(ce.Args) == 0 && len(ce.Assigns) > 0 && len(s.Redirs) == 0 && !s.Negated
}

// failsCleanly reports whether a statement is a directory change, which
// when it fails leaves the state as it was.
func failsCleanly(s *sh.Stmt) bool {
	ce, ok := s.Cmd.(*sh.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) == 0 {
		return false
	}
	switch ce.Args[0].Lit() {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// andOrList lists the statements of an && / || chain in order with the
// operators between them.
func andOrList(s *sh.Stmt) ([]*sh.Stmt, []sh.BinCmdOperator) {
	var leaves []*sh.Stmt
	var ops []sh.BinCmdOperator
	// The parser builds the chain left-deep: ((a && b) || c).
	cur := s
	for {
		b, isBin := cur.Cmd.(*sh.BinaryCmd)
		if !isBin || b.Op != sh.AndStmt && b.Op != sh.OrStmt || cur != s && (len(cur.Redirs) > 0 || cur.Negated || cur.Background) {
			break
		}
		leaves = append(leaves, b.Y)
		ops = append(ops, b.Op)
		cur = b.X
	}
	leaves = append(leaves, cur)
	slices.Reverse(leaves)
	slices.Reverse(ops)
	return leaves, ops
}

func (w *walker) ifClause(c scope, ic *sh.IfClause, st *state) {
	if !ic.ThenPos.IsValid() {
		// A plain "else": its body always runs when reached.
		w.stmts(c, ic.Then, st)
		return
	}
	t := w.condTruth(c, ic.Cond, st)
	w.stmts(c, ic.Cond, st)
	other := st.clone()
	switch t {
	case alwaysTrue:
		// The else part never runs: walked for what it holds, on a
		// copy that adds nothing to what follows.
		other.dead = true
	case alwaysFalse:
		never := st.clone()
		never.dead = true
		w.stmts(c, ic.Then, never)
		if ic.Else != nil {
			w.ifClause(c, ic.Else, st)
		}
		return
	}
	w.stmts(c, ic.Then, st)
	if ic.Else != nil {
		w.ifClause(c, ic.Else, other)
	}
	st.merge(other)
}

// maxLoopPasses bounds the walks of a loop body looking for a fixed point;
// past it every variable is taken as unknown.
const maxLoopPasses = 6

// loop walks a loop body until the state at the start of an iteration no
// longer changes: a value the body changes is unknown in the body and
// after the loop. The calls kept are those of the last walk. The state
// after the loop is that of any pass's start (the loop may stop there)
// or of a break.
func (w *walker) loop(c scope, st *state, body func(scope, *state)) {
	cur, breaks := w.loopStates(c, st, body)
	cur.mergeAll(breaks)
	*st = *cur
}

// loopStates walks a loop body as loop does, and returns the state a
// pass starts from (the one before the loop merged with every pass's
// end and continue) and the states its breaks leave the loop in.
func (w *walker) loopStates(c scope, st *state, body func(scope, *state)) (*state, []*state) {
	c.loop = true
	w.loops++
	defer func() { w.loops-- }()
	start := w.mark()
	cur := st.clone()
	passes := maxLoopPasses
	if w.loops > 2 {
		// Nested deeply: one pass with everything unknown.
		cur.forgetAll()
		cur.dir = Dir{}
		passes = 1
	}
	var breaks []*state
	for pass := 1; ; pass++ {
		w.reset(start)
		run := cur.clone()
		breaks = w.pass(c, run, body)
		next := cur.clone()
		next.merge(run)
		if next.equal(cur) {
			break
		}
		if pass >= passes {
			next.forgetAll()
			next.dir = Dir{}
			w.reset(start)
			run = next.clone()
			breaks = w.pass(c, run, body)
			next.merge(run)
			cur = next
			break
		}
		cur = next
	}
	return cur, breaks
}

func (w *walker) forClause(c scope, fc *sh.ForClause, st *state) {
	switch l := fc.Loop.(type) {
	case *sh.WordIter:
		r := w.resolver(c, st)
		var vals []Arg
		static := l.InPos.IsValid()
		for _, word := range l.Items {
			w.substs(c, word, st, nil)
			for _, f := range r.fields(word) {
				vals = append(vals, f)
				static = static && f.Static && !f.Glob
			}
		}
		if !l.InPos.IsValid() && st.posKnown {
			static = true
			for _, p := range st.pos {
				vals = append(vals, Arg{Value: p, Static: true})
			}
		}
		if !static && l.InPos.IsValid() {
			if words, ok := w.unmatchedLoopWords(c, vals, st.dir); ok {
				vals, static = words, true
			}
		}
		name := ""
		if l.Name != nil {
			name = l.Name.Value
		}
		// for n in $(cat f): n carries the file's text into arithmetic
		// (arithcarriers.go); for n (no list) the parameters'.
		var cr carried
		if !static && l.InPos.IsValid() {
			cr = w.carriedText(c, st, l.Items)
		} else if !l.InPos.IsValid() && !st.posKnown {
			cr = st.posCarry
		}
		first := ""
		if len(vals) > 0 {
			first = vals[0].Value
		}
		// The values the variable takes, when each is known: a static
		// word, or the files a pattern matches now (bash leaves a pattern
		// that matches nothing as it is).
		var each []string
		exact := true // each is the list, in order, not values it may hold
		if !static && l.InPos.IsValid() {
			each, exact = w.loopValues(vals, st.dir)
		} else if static {
			for _, v := range vals {
				each = append(each, v.Value)
			}
		}
		if v := st.get(name); v.integer && len(vals) > 0 {
			// for y in …, y declared -i: each value is evaluated, and y
			// holds what it comes to.
			for _, v := range vals {
				if v.Static {
					w.evalArith(c, v.Value, st)
				}
			}
			each, static = nil, false
		}
		if static && len(vals) == 0 {
			// for v in; (or in words that expand to nothing): bash never
			// runs the body and v keeps its value. The body is still read
			// for what it names, in a copy of the state that is dropped.
			w.loop(c, st.clone(), func(c scope, st *state) {
				st.iterate(name, first, false)
				w.stmts(c, fc.Do, st)
			})
			return
		}
		preArray := st.get(name).array
		cur, breaks := w.loopStates(c, st, func(c scope, st *state) {
			switch {
			case len(each) > 1:
				st.iterateOneOf(name, each)
			case len(each) == 1:
				st.iterate(name, each[0], true)
			default:
				st.iterate(name, first, static && len(vals) == 1)
				st.carryInto(name, cr)
				if !static {
					// for f in $(cmd): the values its words may take
					// (readmentions.go).
					st.maybeInto(name, loopMentions(vals, w.home))
				}
			}
			w.stmts(c, fc.Do, st)
		})
		*st = *cur.clone()
		st.mergeAll(breaks)
		if preArray && !st.get(name).known {
			// for x in … of an array x: each value is its element 0,
			// the other elements those the passes left, which the
			// merged state no longer knows (red team 16 AS1).
			each = nil
		}
		if len(each) > 0 && exact && !fc.Select && (!hasReturn(fc.Do) || len(w.returnExits) > 0) && !hiddenJumps(fc.Do) {
			// The list is known and not empty: the body runs at least
			// once, and the loop ends after the pass of the last value
			// or at a break. The last pass starts from the loop's
			// merged state, which allows for the earlier ones; its
			// calls were recorded by the loop's own passes. After the
			// loop the state is the one the last pass leaves, with the
			// variable the last value unless the body changed it (for
			// D in x; do D=~; done ends with D=~), or one a break
			// leaves (for i in 1; do unset x; break; done unsets x).
			start, hidden := w.mark(), len(w.m.Hidden)
			last := cur.clone()
			last.iterate(name, each[len(each)-1], true)
			lc := c
			lc.loop = true
			lastBreaks := w.pass(lc, last, func(c scope, st *state) { w.stmts(c, fc.Do, st) })
			w.reset(start)
			w.m.Hidden = w.m.Hidden[:hidden]
			last.mergeAll(breaks)
			last.mergeAll(lastBreaks)
			// Only what the exits make certain is taken from them; a
			// value they leave uncertain is the loop's merged one as
			// well.
			for name, v := range last.vars {
				if old, ok := st.vars[name]; ok && !v.known && !v.equal(old) {
					last.vars[name] = either(v, old)
				}
			}
			*st = *last
			return
		}
		if len(each) > 0 {
			// A pass may stop early (a return, a jump the walk does
			// not see) or not run (select): the loop's merged state
			// already holds what the variable can be.
			return
		}
		st.iterate(name, first, false)
		st.carryInto(name, cr)
	case *sh.CStyleLoop:
		w.substs(c, l, st, nil)
		w.loop(c, st, func(c scope, st *state) {
			w.arithm(c, l.Init, st)
			w.arithm(c, l.Cond, st)
			w.stmts(c, fc.Do, st)
			w.arithm(c, l.Post, st)
		})
	default:
		w.loop(c, st, func(c scope, st *state) { w.stmts(c, fc.Do, st) })
	}
}

// unmatchedLoopWords returns the words of a for list whose patterns all
// match nothing on disk now (each directory they list was read), as bash
// gives them when nothing ran before
// the loop that can have made a match: a pattern that matches nothing
// stays as written (quotes removed), or is removed under nullglob (and
// under failglob, where bash fails the command and the loop does not
// run). ok is false when a word is only known at run time, a pattern
// matches something, the options leave both readings, or an earlier
// command may have written files.
func (w *walker) unmatchedLoopWords(c scope, vals []Arg, dir Dir) ([]Arg, bool) {
	var out []Arg
	globs := 0
	for _, v := range vals {
		if !v.Static {
			return nil, false
		}
		if !v.Glob {
			out = append(out, v)
			continue
		}
		globs++
		pat := v.Pattern()
		if pat == "" {
			pat = v.Value
		}
		if w.read == nil || !strings.HasPrefix(pat, "/") && !dir.Known {
			return nil, false
		}
		abs := pat
		if !strings.HasPrefix(pat, "/") {
			abs = pattern.QuoteMeta(dir.Path, 0) + "/" + pat
		}
		found, read := globFiles(abs, v.GlobOpts)
		found = slices.DeleteFunc(found, func(m string) bool { return v.IgnoresMatch(m, dir.Path) })
		if len(found) > 0 || !read {
			// A match, or a directory that is missing or unreadable now
			// (the command may create it; another user's may hold
			// matches).
			return nil, false
		}
		kept, certain := v.GlobOpts.unmatched()
		if !certain {
			return nil, false
		}
		if kept {
			v.Glob = false
			v.SetPattern("")
			out = append(out, v)
		}
	}
	if globs == 0 || w.mayHaveWritten(c) {
		return nil, false
	}
	return out, true
}

// mayHaveWritten reports whether a command walked so far may have
// created a file: any call but the builtins that only change the
// shell's own state or print (with no redirection that writes), any
// code corral could not read, or a loop, whose later passes follow
// commands of the earlier ones.
func (w *walker) mayHaveWritten(c scope) bool {
	if c.loop || len(w.m.Hidden) > 0 || len(w.m.Unparsed) > 0 {
		return true
	}
	for _, call := range w.m.Calls {
		if !stateBuiltins.Get()[call.Name] {
			return true
		}
		for _, r := range call.Redirs {
			if r.Writes() || r.Proc != nil {
				return true
			}
		}
	}
	return false
}

// stateBuiltins are the builtins that change only the shell's state or
// print, and create no file themselves.
var stateBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"shopt": true, "set": true, "cd": true, "export": true, "declare": true, "local": true, "typeset": true,
		"readonly": true, "unset": true, "true": true, "false": true, ":": true, "echo": true, "printf": true,
		"test": true, "[": true, "shift": true, "eval": true, // eval's own commands are walked as calls
	}
}}

// loopValues returns the values of a for loop's words when each is a
// static word that is no pattern, or nil: a pattern keeps its own
// reading (the variable stands for every path it can name), or there are
// more than MaxCandidates values. A word that is one of known values (for
// f in "$x" after paths gave x different ones, for f in "${a[@]}" of an
// array each of whose elements is one of them) adds those values, and
// exact is false: the variable takes some of them, in an order only run
// time knows.
func (w *walker) loopValues(vals []Arg, dir Dir) (out []string, exact bool) {
	exact = true
	for _, v := range vals {
		if !v.Static {
			cs := v.Candidates()
			if !v.OneOf || len(cs) == 0 || len(out)+len(cs) > MaxCandidates {
				return nil, false
			}
			if len(cs) == 1 && v.OneOf && !strings.ContainsAny(cs[0], " \t\n") && strings.ContainsAny(cs[0], "*?[") {
				// for f in $(ls -A): the names the listing prints are the
				// files its pattern matches now (listednames.go), each a
				// value f takes.
				names, ok := w.loopGlob(Arg{Value: cs[0], Raw: v.Raw, Static: true, Glob: true, GlobOpts: v.GlobOpts}, dir)
				if !ok || len(out)+len(names) > MaxCandidates {
					return nil, false
				}
				out = append(out, names...)
				exact = false
				continue
			}
			for _, x := range cs {
				if x == "" || strings.ContainsAny(x, " \t\n*?[") {
					return nil, false // split or matched again
				}
			}
			out = append(out, cs...)
			exact = false
			continue
		}
		if !v.Glob {
			out = append(out, v.Value)
		} else if names, ok := w.loopGlob(v, dir); ok {
			out = append(out, names...)
		} else {
			return nil, false
		}
		if len(out) > MaxCandidates {
			return nil, false
		}
	}
	if !exact {
		sort.Strings(out)
		out = slices.Compact(out)
	}
	return out, exact
}

// loopGlob returns the words a pattern in a for list gives: the files it
// matches on disk at hook time, sorted, and the pattern itself, matched
// as bash does under the shell options in force (without dotglob a name
// starting with "." is matched only by a pattern segment that starts
// with one). ok is false when it matches nothing or the disk is not read.
func (w *walker) loopGlob(v Arg, dir Dir) ([]string, bool) {
	if w.read == nil || !dir.Known {
		return nil, false
	}
	pat := argPattern(v)
	abs := pat
	if !strings.HasPrefix(pat, "/") {
		abs = pattern.QuoteMeta(dir.Path, 0) + "/" + pat
	}
	matches := GlobFiles(abs, v.GlobOpts)
	if len(matches) >= maxGlobFiles {
		return nil, false
	}
	matches = slices.DeleteFunc(matches, func(m string) bool { return v.IgnoresMatch(m, dir.Path) })
	var out []string
	for _, m := range matches {
		if !strings.HasPrefix(pat, "/") {
			if r, err := filepath.Rel(dir.Path, m); err == nil {
				m = r
			}
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		// Nothing matches now: bash leaves the word as it is (the loop
		// does not run under nullglob or failglob), but the command may
		// make a match first. The variable stays unknown, so that a rule
		// reads it as the pattern (LoopValues: rm -rf "$f" of for f in
		// ~/* names every file there).
		return nil, false
	}
	// The pattern itself stays one of the values: the loop visits every
	// match, which a rule judges as it judges the pattern (for f in ~/*;
	// do rm -rf "$f"; done empties the home directory).
	return append(out, v.Value), true
}

// hasContinue reports a continue in the statements.
func hasContinue(list []*sh.Stmt) bool {
	found := false
	for _, s := range list {
		walkTree(s, func(n sh.Node) bool {
			if ce, ok := n.(*sh.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "continue" {
				found = true
			}
			return !found
		})
	}
	return found
}

func hasBreak(list []*sh.Stmt) bool {
	found := false
	for _, s := range list {
		walkTree(s, func(n sh.Node) bool {
			if ce, ok := n.(*sh.CallExpr); ok && len(ce.Args) > 0 {
				if l := ce.Args[0].Lit(); l == "break" || l == "return" || l == "exit" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// arithm forgets the variables an arithmetic expression assigns, and
// analyses as nested scripts the known values it evaluates as
// expressions (x='a[$(…)]'; ((x)) runs the command).
func (w *walker) arithm(c scope, x sh.ArithmExpr, st *state) {
	if x == nil {
		return
	}
	walkTree(x, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.BinaryArithm:
			if arithAssign.Get()[n.Op] {
				if name := arithName(n.X); name != "" {
					st.forget(name)
				}
			}
		case *sh.UnaryArithm:
			if n.Op == sh.Inc || n.Op == sh.Dec {
				if name := arithName(n.X); name != "" {
					st.forget(name)
				}
			}
		case *sh.Word:
			if name := n.Lit(); isName(name) {
				w.arithValue(c, name, st)
			} else if quotedOnly(n) {
				// let 'a[$(…)]=1', arr['$(…)']=1: the quoted text is an
				// expression bash expands (as in double quotes, where
				// single quotes hide nothing) and then evaluates.
				if a := w.resolver(c, st).arg(n); a.Static {
					w.evalArith(c, a.Value, st)
				}
				return false
			}
		case *sh.ParamExp:
			if n.Param != nil {
				w.arithValue(c, n.Param.Value, st)
			}
		case *sh.CmdSubst:
			// Walked where they are (substs), not twice; the text it
			// prints is then evaluated ($(( $(git log -1 --format=%s) ))).
			w.chosenSubst(c, st, n)
			return false
		case *sh.ProcSubst, *sh.ArithmExp:
			// Walked where they are (substs), not twice.
			return false
		}
		return true
	})
}

// quotedOnly reports an arithmetic operand word that is quoted text with
// no expansion in it (its expansions are walked where they are).
func quotedOnly(wd *sh.Word) bool {
	quoted := false
	for _, p := range wd.Parts {
		switch p := p.(type) {
		case *sh.Lit:
		case *sh.SglQuoted:
			quoted = true
		case *sh.DblQuoted:
			quoted = true
			for _, q := range p.Parts {
				if _, ok := q.(*sh.Lit); !ok {
					return false
				}
			}
		default:
			return false
		}
	}
	return quoted
}

// arrayIndex walks an array subscript in an assignment (a[SUB]=v,
// a=([SUB]=v)) or an expansion (${a[SUB]}): an arithmetic expression
// unless the array is associative, whose subscripts are strings.
func (w *walker) arrayIndex(c scope, name string, x sh.ArithmExpr, st *state) {
	if x == nil {
		return
	}
	if n, ok := st.resolve(name); ok && st.get(n).assoc {
		return
	}
	w.arithm(c, x, st)
}

// arithAssign are the arithmetic operators that assign.
var arithAssign = lazy.Value[map[sh.BinAritOperator]bool]{New: func() map[sh.BinAritOperator]bool {
	return map[sh.BinAritOperator]bool{sh.Assgn: true, sh.AddAssgn: true, sh.SubAssgn: true, sh.MulAssgn: true,
		sh.QuoAssgn: true, sh.RemAssgn: true, sh.AndAssgn: true, sh.OrAssgn: true, sh.XorAssgn: true, sh.ShlAssgn: true,
		sh.ShrAssgn: true, sh.AndBoolAssgn: true, sh.OrBoolAssgn: true, sh.XorBoolAssgn: true, sh.PowAssgn: true}
}}

func arithName(x sh.ArithmExpr) string {
	if wd, ok := x.(*sh.Word); ok {
		if l := wd.Lit(); isName(l) {
			return l
		}
		if len(wd.Parts) == 1 {
			if pe, ok := wd.Parts[0].(*sh.ParamExp); ok && pe.Param != nil {
				return pe.Param.Value
			}
		}
	}
	return ""
}

// arithValue walks, as a script, the known value of a variable that
// arithmetic evaluates, when it holds a substitution.
func (w *walker) arithValue(c scope, name string, st *state) {
	if positionalName(name) {
		w.posCarried(c, st) // set -- $(cat f); $(($1))
	}
	v := st.get(name)
	if v.known && !v.set {
		return
	}
	// Each value it may hold (the known one, a candidate, the lines of
	// a file it was read from at hook time, an array's elements) is an
	// expression of its own: its subscripts expand, and a name in it is
	// evaluated in turn (x='a[$(…)]'; y=x; $((y))).
	w.chosenEval(name, v)
	for _, val := range v.evalVals() {
		if !strings.ContainsAny(val, "$`") && !evaluatesNames(val) {
			continue
		}
		if w.evalTexts >= maxEvalTexts {
			return
		}
		w.evalTexts++
		w.childIn(c, nil, ": $(("+val+"))", nil, "arithmetic", false, st, st.dir)
	}
}

// evaluatesNames reports an arithmetic value that names a variable bash
// then evaluates (a letter or "_" outside a number such as 0x1f).
func evaluatesNames(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			if i > 0 && (v[i-1] >= '0' && v[i-1] <= '9') {
				continue // 0x1f, 1e3, 16#ff's digits
			}
			return true
		}
	}
	return false
}

// pipeline walks each stage of a pipeline in a copy of the state (the
// last one in the shell itself under shopt -s lastpipe).
func (w *walker) pipeline(c scope, s *sh.Stmt, st *state) {
	type item struct {
		stmt *sh.Stmt
		op   sh.BinCmdOperator
	}
	var stages []*sh.Stmt
	var ops []sh.BinCmdOperator
	stack := []item{{stmt: s}}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.stmt == nil {
			ops = append(ops, cur.op)
			continue
		}
		b, ok := cur.stmt.Cmd.(*sh.BinaryCmd)
		if ok && (b.Op == sh.Pipe || b.Op == sh.PipeAll) && (cur.stmt == s || len(cur.stmt.Redirs) == 0 && !cur.stmt.Negated && !cur.stmt.Background) {
			// The operator goes between X's last stage and Y's first.
			stack = append(stack, item{stmt: b.Y}, item{op: b.Op}, item{stmt: b.X})
			continue
		}
		stages = append(stages, cur.stmt)
	}
	for i := 1; i < len(stages); i++ {
		if t := pipeTimeProgram(stages[i]); t != nil {
			stages[i] = t
		}
	}
	p := &Pipeline{Stmts: stages, Calls: make([]*Call, len(stages))}
	from := len(w.m.Calls)
	for i, stg := range stages {
		sc := c
		sc.pipe, sc.pipeIndex, sc.stage = p, i, stg
		last := i == len(stages)-1
		sub := st
		if !last || !st.lastPipe {
			sub = st.clone()
			sc.sub = sc.sub || !st.funcTrace
		}
		saved := sub.fds
		if i > 0 {
			sub.setFd(0, Stream{Kind: StreamPipe, Pipe: p, Stage: i})
		}
		if !last {
			out := Stream{Kind: StreamPipe, Pipe: p, Stage: i + 1}
			sub.setFd(1, out)
			if ops[i] == sh.PipeAll {
				sub.setFd(2, out)
			}
		}
		shown := func() {}
		if sub != st {
			shown = w.isolateLoops()
		}
		w.stmt(sc, stg, sub)
		shown()
		if sub == st {
			st.fds = saved
		}
	}
	// Text piped into a shell or an interpreter is a script too: of a
	// command inside a stage (stdinconsumers.go), and of a stage's own.
	w.stdinConsumers(c, p, from)
	for i := 1; i < len(p.Calls); i++ {
		sink := p.Calls[i]
		// sqlite3, ed, dc and the SQL clients read commands on stdin that
		// can reach the shell: known text is judged, text made at run
		// time is usually data (a dump, numbers) and passes.
		sql := sink != nil && (SQLiteReadsStdin(sink) || escapeReader(sink.Name))
		if sink == nil || !readsScript(sink) && !sql {
			continue
		}
		// The files read for the text are read for the sink's code
		// (Model.DiskReads: one this command downloads or changes first
		// holds other text when it runs), and one corral cannot read
		// whole (cat fifo | bash) is told to the sink, which runs it
		// (unreadable.go).
		saved := w.reading
		if !sql {
			w.reading = sink
		}
		text, dynamic, ok := w.producedText(c, p, i-1)
		w.reading = saved
		asked := !sql && w.printedAsk(c, sink, p, i-1) // head -5 f | sh (fileprint.go)
		if ok {
			w.pipeTo(c, sink, text, dynamic)
			continue
		}
		if sql {
			continue // run-time input of sqlite3 is usually a dump: data
		}
		if !asked {
			w.hiddenPipe(p, i)
		}
	}
}

func (w *walker) resolver(c scope, st *state) *resolver {
	r := &resolver{src: c.sc.Src, dir: st.dir, st: st}
	if c.sc.ctl == 0 {
		c.sc.ctl = 2
		if strings.ContainsAny(c.sc.Src, "\x01\x7f") {
			c.sc.ctl = 1
		}
	}
	r.ctl = c.sc.ctl
	if w.pure == nil {
		w.pure = &pureSubsts{out: map[pureKey]substResult{}, pure: map[*sh.CmdSubst]bool{}}
	}
	r.pure = w.pure
	r.stream = func(cs *sh.CmdSubst) (string, bool) {
		if vals, ok := w.substStreamVals(c, st, cs); ok && len(vals) == 1 {
			return vals[0], true
		}
		return "", false
	}
	r.wrote = func(p string) (string, bool) {
		text, ok := w.written[p]
		return text, ok
	}
	return r
}

// redirects records the redirections of s and walks the substitutions in
// their words.
func (w *walker) redirects(c scope, s *sh.Stmt, st *state, host *Call) []Redirect {
	if len(s.Redirs) == 0 {
		return nil
	}
	r := w.resolver(c, st)
	out := make([]Redirect, 0, len(s.Redirs))
	// The {var} descriptors this statement opens, for its own later
	// redirections (curl URL {fd}>f >&$fd: bash assigns fd first, in
	// the program's process when it does not keep it).
	var own map[string]Stream
	for _, rd := range s.Redirs {
		red := Redirect{Node: rd, Op: rd.Op.String(), Dir: st.dir, Stmt: s, Script: c.sc}
		if rd.N != nil {
			red.Fd = rd.N.Value
		}
		if rd.Hdoc != nil && st.tainted() {
			red.From = st.fromOf(rd.Hdoc)
		}
		if rd.Word != nil {
			red.Target = r.arg(rd.Word)
			w.substs(c, rd.Word, st, host)
			if ps := ProcSubstOf(rd.Word); ps != nil {
				red.Proc = w.m.procPipes[ps]
			}
			if rd.Op == sh.WordHdoc {
				red.From = st.fromOf(rd.Word)
			}
			if (rd.Op == sh.DplIn || rd.Op == sh.DplOut) && !red.Target.Static {
				red.Dup = w.coprocFd(red.Target.Raw)
				if name, ok := fdVarRef(red.Target.Raw); ok && red.Dup == nil && own != nil {
					if s, ok := own[name]; ok {
						red.Dup = &s
					}
				}
				if red.Dup == nil {
					red.Dup = w.namedFd(st, red.Target.Raw) // bash <&$fd, >&$fd, 1>&"${fd}"
				}
			}
		}
		if rd.Word != nil && red.Proc == nil {
			red.at = fdTableAt(st, red, out, own)
			red.at.named = w.withCoprocFds(red.at.named, red.Target)
			fdDirRedirect(&red) // cat < /dev/fd/3/.ssh/id_rsa after exec 3<~ (fddir.go)
		}
		if fdVar := strings.TrimSuffix(strings.TrimPrefix(red.Fd, "{"), "}"); rd.N != nil && fdVar != red.Fd && isName(fdVar) {
			// exec {fd}< <(…), exec {fd}<<<'…', exec {fd}< f, exec
			// {fd}>f, exec {fd}>&3: the stream stays open under the
			// number bash stores in fd; {fd}>&- closes it.
			var in *Stream
			switch {
			case rd.Op == sh.DplIn || rd.Op == sh.DplOut:
				in = dupStream(st, red)
			case (rd.Op == sh.RdrOut || rd.Op == sh.AppOut || rd.Op == sh.ClbOut) && red.Proc != nil:
				in = &Stream{Kind: StreamPipe, Pipe: red.Proc, Stage: 1}
			case rd.Op == sh.RdrOut || rd.Op == sh.AppOut || rd.Op == sh.ClbOut || rd.Op == sh.RdrAll || rd.Op == sh.AppAll:
				in = &Stream{Kind: StreamFile, Redirect: red}
				if t, ok := red.route(); ok {
					s := st.fd(t) // {fd}>/dev/stderr: a copy of fd 2
					in = &s
				}
			case rd.Op == sh.Hdoc || rd.Op == sh.DashHdoc || rd.Op == sh.WordHdoc:
				in = &Stream{Kind: StreamPipe, Redirect: red}
			case (rd.Op == sh.RdrIn || rd.Op == sh.RdrInOut) && red.Proc != nil:
				in = &Stream{Kind: StreamPipe, Pipe: red.Proc, Stage: 1}
			case rd.Op == sh.RdrIn || rd.Op == sh.RdrInOut:
				in = &Stream{Kind: StreamFile, Redirect: red}
			}
			if own == nil {
				own = map[string]Stream{}
			}
			if in != nil {
				own[fdVar] = *in
			} else {
				delete(own, fdVar)
			}
			if w.varFdPersists(s, host, st) {
				st.setNamedFd(fdVar, in)
			}
		}
		if rd.Hdoc != nil && (rd.Op == sh.Hdoc || rd.Op == sh.DashHdoc) {
			// An unquoted body's substitutions run when the
			// redirection opens: cat <<EOF⏎$(rm -rf ~)⏎EOF. (A quoted
			// body has none: the parser keeps it literal.)
			w.substs(c, rd.Hdoc, st, host)
		}
		if rd.Hdoc != nil && (rd.Op == sh.Hdoc || rd.Op == sh.DashHdoc) && red.Target.Raw == red.Target.Value {
			// Expanded where it opens, for those that read it later.
			body := r.hdocBody(rd.Hdoc)
			red.expanded = &body
		}
		out = append(out, red)
	}
	w.m.Redirs = append(w.m.Redirs, out...)
	return out
}

// substs walks the command and process substitutions inside node, each
// in a copy of the state, and the values of variables that arithmetic
// inside it evaluates.
func (w *walker) substs(c scope, node sh.Node, st *state, host *Call) {
	if node == nil {
		return
	}
	if wd, ok := node.(*sh.Word); ok {
		if _, plain := plainWord(wd); plain {
			return
		}
	}
	walkTree(node, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst:
			inner := scope{sc: c.sc, host: host, subst: "$(", loop: c.loop, decl: c.decl, sub: c.sub || !st.funcTrace}
			n0 := len(w.m.Calls)
			sub := w.substState(st)
			shown := w.isolateLoops()
			w.stmts(inner, n.Stmts, sub)
			shown()
			w.substOutput(c, n, sub, n0, st)
			return false
		case *sh.ProcSubst:
			w.procSubst(c, n, st, host)
			return false
		case *sh.ArithmExp:
			// The substitutions in it run first; the text they print
			// is then part of the expression.
			if n.X != nil {
				w.substs(c, n.X, st, host)
			}
			w.arithm(c, n.X, st)
			return false
		case *sh.ParamExp:
			w.paramSideEffects(c, n, st)
		}
		return true
	})
}

// declAssigns is the name of an assignment builtin (export, declare,
// typeset, local, readonly) that only assigns: not with -p, -f or -F,
// which print. "" otherwise.
func declAssigns(d *sh.DeclClause) string {
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := LitText(a.Value); strings.HasPrefix(f, "-") && strings.ContainsAny(f, "pfF") {
				return ""
			}
		}
	}
	return d.Variant.Value
}

// substOutput records the files whose content the output of
// substitution n may hold, once its statements were walked in sub (the
// calls from index n0 of the model on): a bare input redirection
// ($(<.env)) reads its file, and a call whose output is the
// substitution's prints what OutputFiles finds (cat .env, grep -v '^#'
// .env | xargs). st, the state the substitution is expanded in, is then
// tainted, so that a variable assigned from it holds those files.
func (w *walker) substOutput(c scope, n *sh.CmdSubst, sub *state, n0 int, st *state) {
	var files []string
	for _, s := range n.Stmts {
		if s.Cmd == nil && len(s.Redirs) == 1 && s.Redirs[0].Op == sh.RdrIn && s.Redirs[0].Word != nil {
			if a := w.resolver(c, sub).arg(s.Redirs[0].Word); a.Static && a.Value != "" {
				files = append(files, sourcedPath(sub.dir, a.Value))
			}
		}
	}
	for _, call := range w.m.Calls[n0:] {
		if call.Subst != "$(" {
			continue
		}
		if out := call.Fd(1); out.Kind != StreamPipe || out.Pipe != nil || out.Redirect.Node != nil {
			continue
		}
		files = append(files, call.OutputFiles()...)
	}
	if len(files) == 0 {
		return
	}
	if w.substFiles == nil {
		w.substFiles = map[*sh.CmdSubst][]string{}
	}
	w.substFiles[n] = union(w.substFiles[n], sortedCopy(files))
	st.subst = w.substFiles
	st.taint = true
}

// substState is the state a substitution starts with: a copy, its
// output a pipe.
func (w *walker) substState(st *state) *state {
	sub := st.clone()
	sub.setFd(1, Stream{Kind: StreamPipe})
	return sub
}

// paramSideEffects models what a parameter expansion does besides giving
// a value: ${x:=v} assigns, ${x@P} expands a prompt (which runs the
// substitutions in x's value), ${a[i]} evaluates i.
func (w *walker) paramSideEffects(c scope, p *sh.ParamExp, st *state) {
	if p.Param == nil {
		return
	}
	name := p.Param.Value
	if p.Index != nil {
		w.arrayIndex(c, name, p.Index, st)
	}
	if p.Excl && p.Names == 0 && p.Index != nil {
		// ${!a[i]}: the element names the variable expanded, as ${!x}
		// (mapfile -t a < f; ${!a[0]} with a[$(…)] in f).
		if v := st.get(name); v.known && v.set && v.array {
			r := w.resolver(c, st)
			pos, ok := -1, false
			if v.assoc {
				if k, kok := r.assocKey(p.Index); kok {
					pos, ok = v.keyOf(k)
				}
			} else if n, nok := r.arithIndex(p.Index); nok {
				if n < 0 {
					n += v.maxIndex() + 1
				}
				pos, ok = v.indexOf(n)
			}
			if ok {
				w.evalName(c, Arg{Value: v.list[pos], Static: true}, st)
			} else {
				for _, val := range v.list {
					w.evalName(c, Arg{Value: val, Static: true}, st)
				}
			}
		} else if !v.known {
			w.chosenEval(name, v)
			for _, val := range v.evalVals() {
				w.evalName(c, Arg{Value: val, Static: true}, st)
			}
		}
	}
	if p.Excl && p.Names == 0 && p.Index == nil {
		// ${!x}: x's value names the variable expanded; a subscript in
		// it (x='a[$(…)]') is evaluated as a builtin's name argument's
		// is. A positional parameter (${!1}) names one the same way.
		var v variable
		if n, err := strconv.Atoi(name); err == nil {
			if st.posKnown && n >= 1 && n <= len(st.pos) {
				v = variable{known: true, set: true, str: st.pos[n-1]}
			}
		} else {
			v = st.get(name)
		}
		if v.known && v.set && !v.array {
			w.evalName(c, Arg{Value: v.str, Static: true}, st)
		} else if !v.known {
			// x=$(cat n.txt); ${!x}: each value it may hold.
			w.chosenEval(name, v)
			for _, val := range v.evalVals() {
				w.evalName(c, Arg{Value: val, Static: true}, st)
			}
		}
	}
	if p.Slice != nil {
		// ${s:OFFSET:LENGTH}: both are arithmetic expressions.
		w.arithm(c, p.Slice.Offset, st)
		w.arithm(c, p.Slice.Length, st)
	}
	if p.Exp == nil {
		return
	}
	switch p.Exp.Op {
	case sh.AssignUnset, sh.AssignUnsetOrNull:
		w.defaultAssign(c, p, st)
	case sh.OtherParamOps:
		if p.Exp.Word == nil || p.Exp.Word.Lit() != "P" {
			return
		}
		v := st.get(name)
		if !v.known {
			// x=$(cat f); ${x@P}: each value a file read at hook time
			// gives it is expanded; a program's output only run time
			// knows is code corral cannot see.
			for _, val := range v.evalVals() {
				w.prompt(c, val, st)
			}
			if v.wroteRead != nil {
				w.promptChosen(name, v)
			}
			return
		}
		if !v.set {
			return
		}
		if v.array {
			for _, val := range v.list {
				w.prompt(c, val, st)
			}
			return
		}
		w.prompt(c, v.str, st)
	}
}

// defaultAssign models the assignment ${x:=w} (x unset or empty) and
// ${x=w} (x unset) make.
func (w *walker) defaultAssign(c scope, p *sh.ParamExp, st *state) {
	name := p.Param.Value
	colon := p.Exp.Op == sh.AssignUnsetOrNull
	// : "${PS4:=\$(cmd)}": bash acts on the value as on PS4=… (red team
	// 20 PV1).
	defer w.boundSpecial(c, st, name)
	if v := st.get(name); !v.known || !v.set || v.str == "" {
		r := w.resolver(c, st)
		if v.integer && p.Exp.Word != nil {
			// ${y:=v} of a declare -i y evaluates v.
			if a := r.arg(p.Exp.Word); a.Static {
				w.evalArith(c, a.Value, st)
			}
			st.forget(name)
			return
		}
		a := Arg{Static: true} // ${x:=}: the empty word
		if p.Exp.Word != nil {
			a = r.arg(p.Exp.Word)
		}
		switch {
		case v.known && v.set && !v.array && !colon:
			return // ${x=w} of a set x, empty or not, assigns nothing
		case v.known && !v.array && a.Static:
			st.assign(name, a.Value)
			return
		case !v.known && !v.nameref && !v.array && a.Static:
			// The old value when it is set (and not empty, for :=),
			// else the word: : ${D:=/}; rm -rf "$D"* can be rm -rf /*.
			st.setThrough(name, v.defaulted(a.Value, colon))
			return
		}
		st.forget(name)
	}
}

// wordAssigns applies the ${x:=w} and ${x=w} assignments of a command's
// word, outside its substitutions (which run in a copy), before the next
// word is expanded: bash expands the words left to right, so rm -rf
// "${D:=/}" "$D" removes / twice. The substitutions walk them again
// later, which changes nothing more.
func (w *walker) wordAssigns(c scope, word *sh.Word, st *state) {
	walkTree(word, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			return false
		case *sh.ParamExp:
			if n.Param != nil && n.Exp != nil && (n.Exp.Op == sh.AssignUnset || n.Exp.Op == sh.AssignUnsetOrNull) &&
				!st.get(n.Param.Value).integer {
				w.defaultAssign(c, n, st)
			}
		}
		return true
	})
}

// promptChosen records the prompt expansion (${x@P}) of a variable that
// holds text a program printed or a file this command wrote with content
// only run time knows: $(…) in it runs.
func (w *walker) promptChosen(name string, v variable) {
	what := "${" + name + "@P} expands as a prompt the text " + v.wroteRead.Name + " printed, only known at run time ($(…) in it runs)"
	if v.wrotePath != "" {
		what = "${" + name + "@P} expands as a prompt the text of " + v.wrotePath + ", which this command wrote with content only known at run time ($(…) in it runs)"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: v.wroteRead, Always: true, Text: v.wrotePath, What: what})
}

// assign applies assignments (a=1 b=$a, arrays, a+=x, a[i]=x) to st, in
// order.
func (w *walker) assign(c scope, st *state, as []*sh.Assign, exported bool) {
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		w.substs(c, a, st, nil)
		name, ok := st.resolve(a.Name.Value)
		if !ok {
			// Through a name reference to a name only run time knows:
			// any variable may change.
			st.forgetAll()
			continue
		}
		if ref := st.vars[name]; ref.nameref && a.Index == nil && !a.Append && a.Array == nil {
			// declare -n r; r=HOME: the first value names the variable.
			st.setVar(name, w.refTo(c, st, a.Value, ref.exported))
			continue
		}
		old := st.get(name)
		switch name {
		case "BASH_ALIASES":
			w.aliasAssign(c, st, a)
		case "BASH_CMDS":
			w.hashAssign(c, st, a)
		}
		w.arrayIndex(c, name, a.Index, st)
		if a.Array != nil {
			for _, e := range a.Array.Elems {
				w.arrayIndex(c, name, e.Index, st)
			}
		}
		if old.integer {
			w.integerValues(c, st, a)
		}
		from := st.fromOf(a)
		_, assigned := st.vars[name]
		v := w.assignValue(c, st, a, old, !assigned && len(st.wild) == 0)
		if a.Array != nil && !v.known {
			// a=($(cat f)): the elements carry the file's text.
			v = w.carryArray(c, st, a, v)
		}
		if old.integer && !(v.known && v.set && !v.array && !a.Append && isInteger(v.str)) {
			// declare -i: bash stores the value of the expression.
			v = unknownVar
		}
		if a.Append || a.Naked || a.Index != nil {
			from = union(from, old.from)
		}
		v.from = from
		carryParams(st, a.Value, &v) // y=$x, x+=$l: the text they carry (appendvalue.go)
		if (name == "PATH" || modulePathVar(name)) && !v.known && a.Value != nil && !a.Append {
			// The text before the first part only run time knows ($PWD
			// and other known values resolved).
			r := w.resolver(c, st)
			text := r.literal(a.Value, true).Value
			if i := strings.IndexAny(text, "$`"); i >= 0 {
				v.headOnly = !inheritsPath(text[i:])
				text = text[:i]
			}
			if h, rest, ok := r.substHead(a.Value); ok {
				// PATH="$(echo DIR; :):$PATH": DIR is searched first
				// (substhead.go).
				text, v.headOnly = h, !inheritsPath(rest)
			}
			v.head = text
			if full := r.literal(a.Value, true).Value; name == "PATH" && text == "" && inheritedFirst(full) {
				// PATH=$PATH:/opt/bin: the PATH it had, then the
				// appended entries.
				v.head, v.headOnly, v.inherits = old.head, old.headOnly, !assigned || old.inherits
				v.tail = joinEntries(old.tail, appendedEntries(full))
			}
		}
		if name == "PATH" && !v.known && a.Append && a.Index == nil && a.Array == nil && a.Value != nil {
			// PATH+=:bin: the PATH it had, then bin.
			v.head, v.headOnly, v.inherits = old.head, old.headOnly, !assigned || old.inherits
			v.tail = joinEntries(old.tail, appendedEntries("$PATH"+w.resolver(c, st).literal(a.Value, true).Value))
		}
		v.exported = v.exported || old.exported || exported || st.allExport
		v.printed = !v.known && !a.Append && a.Value != nil && wholeSubst(a.Value)
		if paths, ok := kubeconfigWriterPaths(a.Value, w.home); ok && v.printed && !a.Append {
			// export KUBECONFIG=$(k3d kubeconfig write x): one of the
			// files the cluster tool writes and prints the path of.
			v.printed, v.cands = false, paths
			sort.Strings(v.cands)
		} else if vals, ok := w.substStreamVals(c, st, wholeCmdSubst(a.Value)); ok && v.printed && len(vals) > 1 {
			// exec 3< <(printf '%s\n' a b); k=$(cat <&3): the rest of
			// the stream, from any of its lines (one value is known
			// through the resolver).
			v.printed, v.cands = false, vals
		} else if v.printed {
			v.printedBy = substFirst(a.Value)
			if cs := wholeCmdSubst(a.Value); cs != nil && thisMachineSubst(cs.Stmts) {
				v.printedBy = thisHostPrinter // h=$(hostname): thismachine.go
			}
			if renamedName(st, a.Value) {
				v.printedBy = "name" // d=$(dirname "$f"): renamedname.go
			}
			w.resolver(c, st).mentionVar(&v, a.Value) // the paths its text names (substmentions.go)
			if p, ok := w.substWroteFile(c, st, a.Value); ok && len(w.m.Calls) > 0 {
				// x=$(cat m.txt) of a file this command wrote with
				// run-time content: the cat call names it.
				v.wroteRead, v.wrotePath = w.m.Calls[len(w.m.Calls)-1], p
			} else if vals, ok := w.substFileVals(c, st, a.Value); ok {
				v.fileVals = vals
				if old.integer {
					// declare -i n; n=$(cat n.txt): the text is evaluated.
					for _, val := range vals {
						w.evalArith(c, val, st)
					}
				}
			} else if vals, ok := w.substReaderVals(c, st, a.Value); ok {
				// x=$(tail -n 1 n.txt), $(cut -f2 n.txt): lines of a file
				// corral reads.
				v.fileVals = vals
				if old.integer {
					for _, val := range vals {
						w.evalArith(c, val, st)
					}
				}
			} else if cs := wholeCmdSubst(a.Value); cs != nil {
				// x=$(git log -1 --format=%s): text the program chose,
				// unless it prints a number.
				if call, ok := w.chosenOutput(c, st, cs); ok {
					v.wroteRead, v.wrotePath = call, ""
					if old.integer {
						w.chosenEval(name, v)
					}
				}
			}
		} else if !v.known && !a.Append && a.Value != nil {
			// B=$A, B="${A}": the copy holds what a program printed too.
			if src, ok := onlyParam(a.Value); ok {
				if sv := st.get(src); sv.printed {
					v.printed, v.printedBy = true, sv.printedBy
					v.readBy = sv.readBy
				} else if _, set := st.vars[src]; !set && hostnameParam(a.Value.Parts[0]) {
					// h=$HOSTNAME: the name bash gave the machine.
					v.printed, v.printedBy = true, thisHostPrinter
				}
			}
		}
		st.setVar(name, v)
		w.specialVar(c, name, v, st)
		if a.Value != nil && !a.Append && a.Index == nil && a.Array == nil && !v.known {
			// fd2=$fd, p=${P[0]}: the number of a stream exec {fd}<…
			// or a coprocess opened, copied: the copy names that stream.
			if raw, ok := nodeText(c.sc.Src, a.Value); ok {
				in := w.coprocFd(raw)
				if in == nil {
					in = w.namedFd(st, raw)
				}
				if in != nil {
					st.setNamedFd(name, in)
				}
			}
		}
	}
}

// nodeText returns the source text of node n in src.
func nodeText(src string, n sh.Node) (string, bool) {
	a, b := int(n.Pos().Offset()), int(n.End().Offset())
	if a < 0 || b > len(src) || a > b {
		return "", false
	}
	return src[a:b], true
}

// integerValues walks the values assigned to a declare -i variable or
// array, each an arithmetic expression bash evaluates
// (declare -i y; y='a[$(…)]' runs the substitution).
func (w *walker) integerValues(c scope, st *state, a *sh.Assign) {
	r := w.resolver(c, st)
	if a.Value != nil {
		if v := r.literal(a.Value, true); v.Static {
			w.evalArith(c, v.Value, st)
		} else {
			w.paramVals(c, a.Value, st)
		}
	}
	if a.Array != nil {
		for _, e := range a.Array.Elems {
			if e.Value == nil {
				continue
			}
			if v := r.arg(e.Value); v.Static {
				w.evalArith(c, v.Value, st)
			}
		}
	}
}

// assignValue is the value a gives its variable, whose value was old;
// fresh says the script has not assigned it (so it is unset or a scalar
// from the environment: arrays are not exported).
func (w *walker) assignValue(c scope, st *state, a *sh.Assign, old variable, fresh bool) variable {
	r := w.resolver(c, st)
	switch {
	case a.Array != nil:
		return w.arrayValue(r, a, old, fresh)
	case a.Index != nil:
		return w.elementValue(r, a, old, fresh)
	case a.Naked:
		if old.known {
			return old
		}
		return unknownVar
	}
	val := Arg{Static: true}
	if a.Value != nil {
		val = r.literal(a.Value, true)
	}
	if a.Append && (!val.Static || !old.known) {
		if v, ok := appendedValue(st, old, val); ok {
			return v // x+=$l: $x's values followed by the word's (appendvalue.go)
		}
	}
	if !val.Static && !a.Append && !val.Glob && r.pidOnly(val.Unknown()) && !strings.ContainsAny(val.Value, "`(") {
		// p=$$, d="/proc/$BASHPID/fd": known but for the shell's id.
		return variable{pidText: val.Value}
	}
	if !val.Static {
		// d=${D:-/}: the values the word can take are kept, so a later
		// $d is judged as each of them (rm -rf $d* can be rm -rf /*).
		if len(val.Candidates()) > 0 && len(val.Candidates()) <= MaxCandidates && !a.Append {
			cands := append([]string{}, val.Candidates()...)
			sort.Strings(cands)
			if val.OneOf {
				return variable{cands: cands}
			}
			// Values it may take among others (D unset or empty): $d is
			// still unknown, and may be each of them (d=$X; $d -rf ~ is
			// not the empty command). Where none is empty, no value of
			// the word is (every unknown part unset or empty was tried).
			return variable{maybe: cands, nonEmpty: !slices.Contains(cands, "")}
		}
		return unknownVar
	}
	if a.Append {
		if old.known && old.set && old.array && !old.nameref {
			// x=(a b); x+=c: element 0 becomes ac (setVar stores it
			// there).
			return variable{known: true, set: true, str: old.elemZero() + val.Value}
		}
		if !old.known || old.array {
			return unknownVar
		}
		return variable{known: true, set: true, str: old.str + val.Value}
	}
	return variable{known: true, set: true, str: val.Value}
}

// specialVar models variables bash itself acts on: PROMPT_COMMAND holds a
// script (run by an interactive shell).
func (w *walker) specialVar(c scope, name string, v variable, st *state) {
	if name == "PROMPT_COMMAND" && v.known && v.set {
		w.childIn(c, nil, v.str, nil, "PROMPT_COMMAND", false, st.clone(), st.dir)
	}
	if name == "PS4" && v.known && v.set {
		// PS4 is expanded as a prompt before each command set -x traces
		// (bash -x too): its command substitutions run then.
		w.prompt(c, v.str, st)
	}
}

// prompt models the expansion of a prompt string (${x@P}, PS4 under set
// -x): the substitutions in it run.
func (w *walker) prompt(c scope, text string, st *state) {
	if !strings.ContainsAny(text, "$`") {
		return
	}
	// As the text of a double-quoted word: its own double quotes are
	// characters of the prompt (inside a substitution they are read as
	// quoted quotes, which names the same commands).
	sh := `: "` + strings.ReplaceAll(text, `"`, `\"`) + `"`
	w.childIn(c, nil, sh, nil, "prompt", false, st, st.dir)
}

// markReadonly gives the read-only attribute to the variables readonly
// (or declare -r) d names or assigns, and, for a word only run time
// knows (readonly $(cat .env | xargs)), to every variable it may set.
func markReadonly(st *state, d *sh.DeclClause) {
	for _, a := range d.Args {
		if a.Name != nil {
			if n, ok := st.resolve(a.Name.Value); ok {
				v := st.get(n)
				v.readonly = true
				v.roSure = true
				st.setVar(n, v)
			}
			continue
		}
		if a.Value == nil {
			continue
		}
		if f := LitText(a.Value); strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+") {
			continue
		}
		st.wildReadonly = true
		for k, v := range st.vars {
			if len(v.from) > 0 {
				v.readonly = true
				st.vars[k] = v
			}
		}
	}
}

// declare models local, declare, typeset, export, readonly and nameref.
// declTrace models declare -ft NAME… (typeset, -f -t, +t): the trace
// attribute of each function named that is declared, under which it runs
// the caller's DEBUG trap. A word only run time knows may name any
// function, which then has no certain attribute (the traced reading is
// the one that keeps the trap possible, so nothing is marked).
func (w *walker) declTrace(d *sh.DeclClause, st *state) {
	if v := d.Variant.Value; v != "declare" && v != "typeset" {
		return
	}
	funcs, trace, on := false, false, true
	var names []string
	for _, a := range d.Args {
		if a.Name != nil || a.Value == nil {
			if a.Name != nil && a.Value == nil && a.Naked {
				names = append(names, a.Name.Value)
			}
			continue
		}
		f := LitText(a.Value)
		switch {
		case len(f) > 1 && (f[0] == '-' || f[0] == '+'):
			funcs = funcs || strings.Contains(f, "f")
			if strings.Contains(f, "t") {
				trace, on = true, f[0] == '-'
			}
		case f != "":
			names = append(names, f)
		}
	}
	if !funcs || !trace {
		return
	}
	for _, n := range names {
		if def, ok := st.funcs[n]; ok {
			def.traced = on
			st.funcs[n] = def
		}
	}
}

func (w *walker) declare(c scope, s *sh.Stmt, d *sh.DeclClause, st *state) {
	w.declPrint(c, d, st)
	variant := d.Variant.Value
	exported := variant == "export"
	local := variant == "local"
	// readonly NAME, declare -r NAME: the variable gets the read-only
	// attribute, and readonly -p lists it (with its value).
	ro := variant == "readonly"
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil && variant != "export" {
			if f := LitText(a.Value); strings.HasPrefix(f, "-") && strings.Contains(f, "r") {
				ro = true
			}
		}
	}
	if ro {
		defer markReadonly(st, d)
	}
	w.declTrace(d, st)
	unexport := false
	global := false
	var flags []string
	var as []*sh.Assign
	for _, a := range d.Args {
		if a.Name == nil && a.Value != nil {
			if f := LitText(a.Value); strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+") {
				flags = append(flags, f)
				if strings.HasPrefix(f, "-") && strings.Contains(f, "x") {
					exported = true
				}
				if strings.HasPrefix(f, "+") && strings.Contains(f, "x") || variant == "export" && strings.HasPrefix(f, "-") && strings.Contains(f, "n") {
					// declare +x, export -n: no longer exported.
					unexport = true
				}
				if strings.HasPrefix(f, "-") && strings.Contains(f, "g") {
					global = true
				}
				if strings.HasPrefix(f, "-") && strings.ContainsAny(f, "fFp") {
					return // functions, or printing
				}
				continue
			}
			// A word only run time knows may be any assignment.
			if !isName(a.Value.Lit()) {
				if syn, ok := w.computedAssigns(c, st, a.Value, variant != "export" && variant != "readonly"); ok {
					// export "$n=./x.sh" with n known, export
					// BASH_E{NV,}=x, export "BASH_ENV=$x": the names
					// bash assigns, each judged as if spelt out.
					as = append(as, syn...)
					continue
				}
				if declArrayFlags(d) {
					// declare -a "$v": v may hold NAME=(…).
					w.declCompoundWord(c, st, d, flags, a.Value)
				}
				w.anyNameAssigned(c, st, a.Value, exported || st.allExport)
				st.forgetAll()
				// export $(cat .env | xargs): every variable may now
				// hold the content of the files the word prints.
				for _, f := range st.fromOf(a.Value) {
					st.forgetAllFrom(f)
				}
				w.homeMayBeAssigned(c, st, a.Value)
			}
			continue
		}
		as = append(as, a)
	}
	nameref := false
	integer := false
	var caseAttr byte
	for _, f := range flags {
		if strings.HasPrefix(f, "-") && variant != "export" {
			nameref = nameref || strings.Contains(f, "n")
			integer = integer || strings.Contains(f, "i")
			// -l, -u and -c: given together, bash applies none.
			if strings.Contains(f, "l") {
				caseAttr |= 1
			}
			if strings.Contains(f, "u") {
				caseAttr |= 2
			}
			if strings.Contains(f, "c") {
				caseAttr |= 4
			}
		}
	}
	switch caseAttr {
	case 1:
		caseAttr = 'l'
	case 2:
		caseAttr = 'u'
	case 4:
		caseAttr = 'c' // declare -c (red team 16 VA1)
	default:
		caseAttr = 0
	}
	if caseAttr != 0 {
		// declare -l x / -u x: the value, and every later one, in that
		// case (marked once the assignments below are stored).
		defer func() {
			for _, a := range as {
				if a.Name == nil || nameref {
					continue
				}
				if n, ok := st.resolve(a.Name.Value); ok {
					st.setVar(n, st.get(n).withCase(caseAttr))
				}
			}
		}()
	}
	unref := false
	for _, f := range flags {
		if strings.HasPrefix(f, "+") && strings.Contains(f, "n") {
			unref = true
		}
	}
	// declare -i, -A: attributes later assignments keep (set before the
	// value is assigned: declare -A m=([k]=v) has string subscripts);
	// declare +i drops the first.
	intAttr, assocAttr, arrayAttr, noInt := false, false, false, false
	for _, f := range flags {
		if variant == "export" {
			break
		}
		if strings.HasPrefix(f, "-") {
			intAttr = intAttr || strings.Contains(f, "i")
			assocAttr = assocAttr || strings.Contains(f, "A")
			arrayAttr = arrayAttr || strings.Contains(f, "a")
		} else if strings.Contains(f, "i") {
			noInt = true
		}
	}
	setAttrs := func(name string) {
		n, ok := st.resolve(name)
		if !ok || !intAttr && !assocAttr && !noInt {
			return
		}
		v, had := st.vars[n]
		if !had {
			v = variable{from: st.wild}
		}
		if v.nameref {
			return
		}
		if assocAttr && !v.assoc && v.known && v.set {
			// bash refuses to make a set variable (an indexed array, a
			// scalar) associative: what follows is only known at run
			// time.
			st.forget(n)
			return
		}
		v.integer = (v.integer || intAttr) && !noInt
		v.assoc = v.assoc || assocAttr
		if st.vars == nil {
			st.vars = map[string]variable{}
		}
		st.vars[n] = v
	}
	inFunc := len(w.frames) > 0 && (local || (variant == "declare" || variant == "typeset") && !global)
	one := func(a *sh.Assign) {
		if a.Name == nil {
			return
		}
		name := a.Name.Value
		if inFunc {
			w.makeLocal(name, st)
			if old, ok := st.vars[name]; ok && old.array && !old.readonly && !old.nameref && a.Array == nil && a.Index == nil {
				// local x=c of a global array x: a new variable, not
				// the array's element 0.
				st.vars[name] = variable{known: true, exported: old.exported}
			}
		}
		if !nameref && w.declCompound(c, st, d, flags, a, declArrayFlags(d)) {
			return // declare -a 'a=($(…))': walked as a=(…)
		}
		if nameref && a.Index == nil && a.Array == nil && !a.Append {
			// declare -n r=HOME: r names HOME; declare -n r: r names
			// nothing yet.
			if a.Naked && a.Value == nil {
				old, had := st.vars[name]
				switch {
				case inFunc:
					st.setVar(name, variable{nameref: true, known: true, exported: exported})
				case old.nameref:
				case !had || old.known && !old.set:
					st.setVar(name, variable{nameref: true, known: true, exported: exported || old.exported})
				case old.known && !old.array && isName(old.str):
					// r=HOME; declare -n r: the value names the variable.
					st.setVar(name, variable{nameref: true, known: true, ref: old.str, exported: exported || old.exported})
				default:
					st.setVar(name, variable{nameref: true, exported: exported || old.exported})
				}
				return
			}
			st.setVar(name, w.refTo(c, st, a.Value, exported))
			return
		}
		if unref {
			// declare +n r: r holds the name it referred to.
			if old := st.vars[name]; old.nameref {
				v := variable{exported: old.exported}
				if old.known {
					v = variable{known: true, set: old.ref != "", str: old.ref, exported: old.exported}
				}
				st.setVar(name, v)
			}
			if a.Naked && a.Value == nil {
				return
			}
		}
		if a.Naked && a.Value == nil && a.Array == nil {
			// declare x / export x: the value does not change.
			v := st.get(name)
			_, had := st.vars[name]
			_, inherited := os.LookupEnv(name)
			if !had && len(st.wild) == 0 && (assocAttr || arrayAttr && !inherited) {
				// declare -A m (or declare -a a of a name the environment
				// corral runs in does not hold, which would be element 0)
				// of a name the script has not set: declared, with no
				// element yet (an array: a later declare a='(…)' is a
				// compound assignment).
				v = variable{known: true, array: true}
			}
			if exported {
				v.exported = true
			}
			if unexport {
				v.exported = false
			}
			if inFunc && variant != "export" {
				fresh := variable{known: true, array: assocAttr || arrayAttr}
				switch {
				case v.nameref:
				case st.localInherit == posixOn:
					// shopt -s localvar_inherit: local d takes the value
					// d had where the function was called.
					fresh = v
					fresh.readonly, fresh.roSure = false, false
				case st.localInherit == posixMay:
					fresh = either(v, fresh)
				}
				v = fresh
			}
			st.setVar(name, v)
			setAttrs(name)
			return
		}
		setAttrs(name)
		w.assign(c, st, []*sh.Assign{a}, exported)
		if nameref || integer {
			st.forget(name)
		}
		if unexport {
			v := st.get(name)
			v.exported = false
			st.setVar(name, v)
		}
	}
	for _, a := range as {
		if a.Name != nil && global && len(w.frames) > 0 && variant != "local" {
			// declare -g d=~ in a function where d is a local: the
			// global d gets it, the local stays (localscope.go).
			w.asGlobal(a.Name.Value, st, func() { one(a) })
			continue
		}
		one(a)
	}
}

// refTo is a name reference to the variable word names: known when the
// word is static and a name (bash refuses other names, and a[1] is
// left to run time).
func (w *walker) refTo(c scope, st *state, word *sh.Word, exported bool) variable {
	v := variable{nameref: true, exported: exported}
	if word == nil {
		return v
	}
	if val := w.resolver(c, st).literal(word, true); val.Static && (isName(val.Value) || elemName(val.Value)) {
		v.known, v.ref = true, val.Value
	} else {
		// declare -n r='a[$(…)]': each use of r evaluates the subscript
		// of the name it refers to (and declare -n r=$x of a value read
		// from a file, each value x may hold).
		val.Word = word
		w.evalName(c, val, st)
	}
	return v
}

// makeLocal records, in the innermost function frame, the value name has
// before it is made local, so that it comes back when the function
// returns.
func (w *walker) makeLocal(name string, st *state) {
	f := w.frames[len(w.frames)-1]
	if _, ok := f[name]; ok {
		w.relocal(name, st)
		return
	}
	if v, ok := st.vars[name]; ok {
		f[name] = &v
	} else {
		f[name] = nil
	}
}

func (w *walker) call(c scope, s *sh.Stmt, ce *sh.CallExpr, st *state) {
	if len(ce.Args) == 0 && len(s.Redirs) > 0 {
		// x=1 > f: the assignments stay, the redirections are the null
		// command's.
		w.assign(c, st, ce.Assigns, false)
		w.call(c, s, nullCommand(s), st)
		return
	}
	if len(ce.Args) == 0 {
		w.assign(c, st, ce.Assigns, false)
		w.redirects(c, s, st, nil)
		st.setVar("_", variable{}) // bash 5.2 empties it; not relied on
		return
	}
	// $_ is the last word of the command, after expansion, once it ran
	// (a function call's own last word, not its body's); a pattern's
	// last match is read at run time.
	var args []Arg
	defer func() {
		if len(args) == 0 {
			st.setVar("_", variable{})
			return
		}
		last := args[len(args)-1]
		if last.Static && !last.Glob {
			st.setVar("_", variable{known: true, set: true, str: last.Value})
		} else {
			st.setVar("_", variable{})
		}
	}()
	// Words are expanded before the prefix assignments take effect.
	r := w.resolver(c, st)
	args = make([]Arg, 0, len(ce.Args))
	for _, word := range ce.Args {
		args = append(args, r.fields(word)...)
		w.wordAssigns(c, word, st)
	}
	args = w.globCommand(c, args, st.dir)
	args = w.globOptionWords(args, st.dir) // globoptions.go
	args = posOptionWords(args, st)        // globoptions.go
	w.endBgRaces(args)                     // bgrace.go
	inv := unwrap(args, st.dir)
	if more, ok := w.parallelEnvWords(c, ce, st, args, inv); ok {
		// PARALLEL='rm -rf' parallel ::: ~: GNU parallel's words from
		// its environment (parallelenv.go).
		args = more
		inv = unwrap(args, st.dir)
	}
	if choice, readings := nameReadings(args, inv); choice != nil {
		w.callReadings(c, s, ce, st, args, inv, choice, readings)
		return
	}
	if len(inv.wrappers) > 0 && args[0].Static && !strings.Contains(args[0].Value, "/") {
		if _, ok := st.funcs[args[0].Value]; ok {
			// A function named like a wrapper (command() { rm -rf "$@";
			// }; command ~, env() { … }; env ~): bash looks functions
			// up before builtins and programs, so the function runs
			// with every word after its name. The wrapper's reading is
			// walked too, from a copy of the state, for a function
			// defined on one path only (red team scope3).
			b := st.clone()
			w.callAs(c, s, ce, st, args, invocation{words: args, dir: st.dir}, nil, true)
			w.callAs(c, s, ce, b, args, inv, nil, false)
			st.merge(b)
			w.cur = st
			return
		}
	}
	w.callAs(c, s, ce, st, args, inv, nil, true)
}

// globCommand expands a command word that is a pattern (/bin/r? -rf ~):
// bash runs the first match (sorted), the other matches becoming its
// first arguments, and a pattern that matches nothing as written. When the
// disk is not read (a virtual machine) the word is taken as written.
func (w *walker) globCommand(c scope, args []Arg, dir Dir) []Arg {
	if len(args) == 0 || !args[0].Glob || !args[0].Static || w.read == nil {
		return args // without the disk the word runs as written
	}
	pat := argPattern(args[0])
	// [ alone (test) and a [ with no ] after it are no pattern.
	if i := strings.IndexByte(pat, '['); !strings.ContainsAny(pat, "*?") && (i < 0 || !strings.Contains(pat[i+1:], "]")) {
		return args
	}
	matches := w.globNames(dir, pat)
	if len(matches) == 0 {
		return args
	}
	out := make([]Arg, 0, len(args)+len(matches)-1)
	for _, m := range matches {
		a := args[0]
		a.Value, a.Glob, a.Split = m, false, true
		a.SetPattern("")
		out = append(out, a)
	}
	return append(out, args[1:]...)
}

// callAs walks a call whose words are args (inv once unwrapped): the
// call as written, or one reading of a name with a bounded set of values
// (choice). stage reports that the call is the one its pipeline stage
// holds.
func (w *walker) callAs(c scope, s *sh.Stmt, ce *sh.CallExpr, st *state, args []Arg, inv invocation, choice *NameChoice, stage bool) {
	call := w.newCall(c, s, ce, inv)
	if name := zshEqualsName(call.NameArg); name != "" && st.zsh {
		// zsh: =sh is the path of sh (zsh.go).
		call.Name = judgedName(name)
	}
	if st.zsh {
		zshEqualsArgs(call, st) // =cmd as an argument (zsh.go)
	}
	call.Choice = choice
	call.Start = int(ce.Pos().Offset())
	call.End = int(ce.End().Offset())
	if c.pipe != nil && c.stage == s && stage {
		c.pipe.Calls[c.pipeIndex] = call
	}
	if w.duplicate(call, st) || w.hookRerun(call, ce, st) {
		return
	}
	w.m.Calls = append(w.m.Calls, call)
	for _, word := range ce.Args {
		w.substs(c, word, st, call)
	}
	// What the command and a program it starts see: the prefix
	// assignments, exported, and env's NAME=value words.
	cmdState := st
	if len(ce.Assigns) > 0 {
		cmdState = st.clone()
		w.assign(c, cmdState, ce.Assigns, true)
		w.posixSpecialAssigns(c, st, ce, args)
	}
	if must, maybe := envFileLoads(args[:len(args)-len(inv.words)], inv.words); len(must)+len(maybe) > 0 {
		// node --env-file=.env, dotenv run, honcho run: the program
		// starts with the file's variables, exported.
		if cmdState == st {
			cmdState = st.clone()
		}
		w.loadEnvFiles(cmdState, call.Dir, must, maybe)
	}
	if inv.nodeBin {
		// npm exec CMD, pnpm exec, yarn exec: the project's
		// node_modules/.bin first on PATH (nodebin.go).
		cmdState = w.nodeBinEnv(cmdState, call.Dir)
	}
	call.Redirs = w.redirects(c, s, st, call)
	call.fds, _ = applyRedirects(st.fds, call.Redirs)
	call.namedFds = w.withCoprocFds(st.liveNamedFds(), call.Args...)
	fdDirArgs(call) // exec 3<~; cat /dev/fd/3/.ssh/id_rsa (fddir.go)
	call.echoEscapes = st.echoEscapes
	call.zshEcho = st.zsh
	if inv.nodeBin {
		// npm exec .: a local package (npxlocal.go), judged with this
		// shell's state.
		saved := w.cur
		w.cur = st
		w.npxWrapped(c, call, args)
		w.cur = saved
	}
	w.procReaders(c, call)
	w.cur = st
	w.callState = cmdState
	w.indexCollect = true
	w.noteWrite(c, call)
	w.noteCopy(c, call)
	w.noteTouched(call)
	w.noteExecutable(call)
	w.indexCollect = false
	w.indexFileWrites(call)
	w.codeConfigWrites(c, call)
	w.noteCompile(c, call)
	if len(w.coprocs) > 0 {
		w.feedCoproc(c, call)
	}
	var env *state
	// A wrapper's NAME=value words (env PATH=… python3 -c …) reach the
	// program's children as a prefix does (envinherit.go).
	if inv.split != nil || inv.env != nil || inv.inputsAreCommands || call.Name == "find" || call.Name == "fd" || call.Name == "fdfind" || call.Name == "su" || call.Name == "runuser" || IsShell(call.Name) || call.Name == "git" || call.Name == "pip" || call.Name == "pip3" ||
		call.Name == "uv" || call.Name == "uvx" || underUv(args[:len(args)-len(inv.words)]) || len(ce.Assigns) > 0 ||
		// npm's config files named in the environment
		// (NPM_CONFIG_USERCONFIG; red team 17 SK1).
		call.Name == "npm" ||
		// aws's AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE exported
		// earlier (rewrite/secret_read_config.go).
		call.Name == "aws" ||
		// RIPGREP_CONFIG_PATH exported earlier (red team 19 SG2).
		call.Name == "rg" ||
		// OPENSSL_CONF, PGSERVICEFILE exported earlier (configenv.go).
		configFromEnv(call.Name) ||
		// RSYNC_RSH exported earlier: the remote shell (sshtransfer.go).
		call.Name == "rsync" {
		if inv.env != nil && inv.env.cleared {
			// env -i: only what env sets after it reaches the program.
			env = cmdState.clearedEnv(call.Dir, w.home)
		} else {
			env = cmdState.exportedOnly(call.Dir, w.home)
		}
		for _, a := range args[:len(args)-len(inv.words)] {
			if name, val, ok := strings.Cut(a.Value, "="); ok && a.Static && isAssignment(a.Value) {
				env.setVar(name, variable{known: true, set: true, str: val, exported: true})
			} else if name, _, ok := strings.Cut(a.Raw, "="); ok && !a.Static && isName(name) {
				// env NAME="$X": set, to a value only run time knows.
				env.setVar(name, wrapperEnvVar(name, a))
			}
		}
		env.fds = call.fds
	}
	call.env = env
	if call.Name == "rsync" && env != nil {
		// Where rsync's hosts are, with RSYNC_RSH now known.
		call.hostPlaces = nil
		w.resolveTransfer(call)
	}
	call.Trace = st.trace
	if st.tainted() {
		call.Sources = st.sources()
	}
	if cmdState.tainted() {
		call.Env = envSources(cmdState, args[:len(args)-len(inv.words)])
	}
	call.pre = args[:len(args)-len(inv.words)]
	call.EnvChanged = w.envChanges(ce, call.pre, cmdState)
	for _, name := range call.EnvChanged {
		// The values the program gets for them, when the shell knows
		// them (OUT=$HOME/.bashrc cmd, export OUT=~/x; cmd).
		if v, ok := cmdState.vars[name]; ok && v.known && v.set && v.exported && !v.array && !v.nameref && len(v.str) <= maxEnvSetValue {
			own := false
			for _, as := range ce.Assigns {
				own = own || as.Name != nil && as.Name.Value == name
			}
			call.EnvSet = append(call.EnvSet, EnvVar{Name: name, Value: v.str, Own: own})
		}
	}
	if len(w.written) > 0 {
		for _, a := range call.Args {
			v := a.Value
			if _, after, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "--") {
				v = after
			}
			if !a.Static || v == "" || !call.Dir.Known {
				continue
			}
			d := call.Dir.Join(expandTilde(v, w.home))
			if text, ok := w.written[d.Path]; ok && len(text) <= maxEnvSetValue {
				if call.WrittenArgs == nil {
					call.WrittenArgs = map[string]string{}
				}
				call.WrittenArgs[d.Path] = text
			}
		}
	}
	// env's NAME=value words are the program's environment too.
	call.envEdit = inv.env
	envWords := inv.env.words()
	if len(w.written) > 0 && call.Dir.Known {
		// A file named by the program's environment (WGETRC=rc wget,
		// env WGETRC=rc wget) that the script wrote with known text.
		vals := make([]string, 0, len(call.EnvSet)+len(envWords))
		for _, e := range call.EnvSet {
			vals = append(vals, e.Value)
		}
		for _, v := range envWords {
			vals = append(vals, v)
		}
		for _, v := range vals {
			if v == "" {
				continue
			}
			d := call.Dir.Join(expandTilde(v, w.home))
			if text, ok := w.written[d.Path]; ok && d.Known && len(text) <= maxEnvSetValue {
				if call.WrittenArgs == nil {
					call.WrittenArgs = map[string]string{}
				}
				call.WrittenArgs[d.Path] = text
			}
		}
	}
	w.envPath = nil
	for _, a := range args[:len(args)-len(inv.words)] {
		if v, ok := strings.CutPrefix(a.Value, "PATH="); ok {
			// env PATH=.:$PATH ls: the program's PATH.
			a.Value = v
			w.envPath = &a
		}
	}
	call.PathDir, call.PathRunTime = w.pathSearch(call, st, cmdState) // pathsearch.go
	call.modPath = w.modulePath(call, cmdState, envWords)
	for _, d := range inv.envrc {
		// direnv exec DIR CMD runs DIR's .envrc first.
		file := filepath.Join(d.Value, ".envrc")
		if !d.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: d.Raw,
				What: "direnv exec runs the .envrc of " + d.Raw + ", a directory only known at run time"})
			continue
		}
		w.scriptFile(c, call, Arg{Value: file, Raw: file, Static: true}, "sh") // direnv takes no -C: DIR is from the call's directory
	}
	w.startup(c, call, cmdState, envWords)
	w.userSite(c, call, cmdState, envWords)
	w.pythonHome(c, call, cmdState, envWords)
	if lang.ForProgram(call.Name) != lang.Python {
		w.moduleStartup(c, call) // a console script's start (python3's is the interpreter's)
	}
	w.pdbStart(c, call)
	w.homeStartup(c, call, cmdState, envWords)
	w.homeRC(c, call)
	w.goTool(c, call, cmdState, envWords)
	w.compilerHelpers(c, call, cmdState, envWords)
	w.rustToolchain(c, call, cmdState, envWords)
	w.toolRootsAt(c, call) // toolroots.go
	w.pipConfigFile(c, call, cmdState, envWords)
	w.npmUserConfig(c, call, cmdState, envWords)
	w.uvConfigFile(c, call, cmdState, envWords)
	w.rubyPHPConfig(c, call, cmdState, envWords)
	w.packageIndexConfig(call)
	w.inheritedBash(c, call, cmdState, envWords) // envbash.go
	w.loader(c, call, cmdState, envWords)
	w.shellEnv(c, call, cmdState, envWords)
	w.commandVars(c, call, cmdState, envWords)
	w.packageManagerConfig(c, call)
	w.otherShellCommands(c, call)
	w.cur = st

	if inv.split != nil {
		text := inv.split.Value
		for _, a := range inv.rest {
			text += " " + a.Value
		}
		host := inv.split
		if len(inv.rest) > 0 {
			host = nil
		}
		if _, _, whole := splitString(inv.split, inv.splitPrefix).WholeSubst(); whole && len(inv.rest) == 0 {
			// env -S "$(cat F)": the command line, name and arguments,
			// is what the substitution prints, as for "$(…)" run as a
			// command (red team 16 FF1).
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: inv.split.Raw,
				What: "env -S runs, as its command line, what " + clip(inv.split.Raw, 60) + " prints at run time, which corral cannot see"})
		}
		n := len(w.m.Scripts)
		w.childIn(c, call, text, host, "env -S", !inv.split.Static, env, call.Dir)
		if host != nil && len(w.m.Scripts) > n {
			w.m.Scripts[n].HostPrefix = inv.splitPrefix
		}
		return
	}
	if call.Name == "find" {
		w.findExec(c, s, ce, call)
	}
	if call.Name == "fd" || call.Name == "fdfind" {
		w.fdExec(c, s, ce, call)
	}
	if inv.inputsAreCommands {
		// parallel ::: 'cmd1' 'cmd2': each input is a command line.
		for i := range inv.inputs {
			a := &inv.inputs[i]
			w.childIn(c, call, a.Value, a, "parallel", !a.Static, env, call.Dir)
		}
		if len(inv.inputs) == 0 {
			// parallel :::: cmds.txt, parallel -a cmds.txt, parallel <
			// cmds.txt: the lines of the file are the command lines.
			w.commandLines(c, call, inv.argFile, env)
		}
	} else if last := lastWrapper(call); (last == "parallel" || last == "sem") && templateNeedsShell(inv.words) {
		// parallel 'rm -rf {}' ::: /root: the words are one line for the
		// shell, {} replaced by each input.
		if len(inv.inputs) > 0 {
			call.Inputs = inv.inputs
		}
		w.shellTemplate(c, call, inv.words, last)
	} else if len(inv.inputs) > 0 {
		// parallel CMD ::: inputs: the inputs replace {} or are appended.
		call.Inputs = inv.inputs
		if outer, ok := w.outerFilledInputs(c, call, inv.inputs); ok {
			// echo ~/.bash.y | xargs -I% parallel cp x {.}rc ::: %: the
			// inputs as xargs fills them (nil when only run time knows
			// them: then parallel's inputs are the stream's, as for
			// xargs parallel CMD :::).
			call.Inputs = outer
		}
	} else if last := lastWrapper(call); call.ExtraArgs && (last == "parallel" || last == "sem") && call.Replace == "" {
		// parallel -a list.txt rm -rf, parallel rm -rf :::: list.txt,
		// cat list.txt | parallel rm -rf: each line of the file is one
		// input, taken as it is (parallel(1): no quote processing
		// without --xargs-style options), read at hook time as xargs'
		// file is.
		saved := call.argDelim
		if saved == "" {
			call.argDelim = "\n" // parallel without -0 or -d: one input a line
		}
		if in, ok := w.xargsFileInputs(call); ok {
			call.Inputs, call.ArgFileRead = in, call.ArgFile != ""
		} else if text, ok := w.innerStageText(c, call); ok {
			// echo ~/.bashrc | (parallel rm -f) (stdinconsumers.go)
			call.Inputs, _ = xargsItems(text, true, call.argDelim)
		} else if in, ok := w.listedInputs(c, st, call); ok {
			// ls ~ | parallel rm -rf ~/{}: the names a listing prints
			// (listedinputs.go), as xargs's.
			call.Inputs = in
		}
		// ls | parallel tar cf x.tar: a listed name starting with "-"
		// is an option of the command (listedoptions.go).
		call.Args = append(call.Args, w.listedOptionWords(c, st, call, call.argDelim)...)
		call.argDelim = saved
	} else if call.ExtraArgs && lastWrapper(call) == "xargs" {
		if in, ok := w.xargsFileInputs(call); ok {
			// xargs -a list.txt rm -rf, xargs rm -rf < list.txt: the
			// inputs of the file, read at hook time as a script on disk
			// is.
			call.Inputs, call.ArgFileRead = in, call.ArgFile != ""
		} else if text, static, ok := call.Fd(0).Text(); ok && static && call.ArgFile == "" {
			// xargs cat <<< .env, xargs rm -rf <<'E' … E: the words the
			// text on its stdin gives.
			call.Inputs, _ = xargsItems(text, call.Replace != "", call.argDelim)
		} else if in, ok := blankInputs(call); ok {
			// xargs rm <<< "$X $HOME/.ssh/id_rsa": the words of the
			// text's certain part, and each run-time part as a word of
			// its own (blankfields.go).
			call.Inputs = in
		} else if text, ok := w.innerStageText(c, call); ok {
			// echo ~/.bashrc | (cd ~ && xargs rm -f): the stage's pipe
			// (stdinconsumers.go).
			call.Inputs, _ = xargsItems(text, call.Replace != "", call.argDelim)
		} else if text, ok := w.xargsStreamText(c, st, call); ok {
			// xargs cat <&3 after exec 3< <(echo …), xargs cat < <(…),
			// xargs -a <(…) cat, xargs -a /dev/fd/$fd cat: the words
			// the stream's producer printed (of a stream other commands
			// share, earlier reads may have used some: a superset).
			call.Inputs, _ = xargsItems(text, call.Replace != "", call.argDelim)
		} else if in, ok := w.listedInputs(c, st, call); ok {
			// ls -A ~ | grep rc | xargs rm -f: the names a listing
			// prints (listedinputs.go).
			call.Inputs = in
		}
		// ls | xargs tar cf x.tar: a listed name starting with "-" is
		// an option of the command (listedoptions.go).
		call.Args = append(call.Args, w.listedOptionWords(c, st, call, call.argDelim)...)
	}
	if inputsNameCommand(call) {
		w.inputCommands(c, call, env)
	}
	w.cur = st
	restore := w.evalPrefix(call, ce, st, cmdState)
	w.nested(c, call, st)
	restore()
	// An alias is the statement's first word, whatever it is (a wrapper
	// too: alias sudo='sudo ').
	if w.alias(c, s, ce, call, st) {
		w.markShadowed(call)
		return
	}
	inShell := len(call.Wrappers) == 0 || call.Wrappers[0] == "builtin" || call.Wrappers[0] == "command"
	if !inShell {
		return
	}
	_, isFunc := st.funcs[call.Name]
	if !isFunc && !strings.Contains(call.Name, "/") && !shellOwn.Has(call.Name) {
		w.hashedCall(c, call, st)
	}
	if def, ok := st.funcs[call.Name]; ok && len(call.Wrappers) == 0 && call.NameArg.Static {
		w.markShadowed(call)
		w.callFunc(c, call, def, cmdState, st)
		return
	}
	w.promoteTemp(call, ce, cmdState, st)
	w.builtin(c, call, st)
}

// evalPrefix puts the prefix assignments of eval, source and . (IFS=,
// eval '$c', x=/ source f) in st while the text they run is walked:
// bash keeps them for the builtin's run, and takes them away after it
// (outside POSIX mode), while what the text itself assigns to other
// names stays. The returned function takes them away.
func (w *walker) evalPrefix(call *Call, ce *sh.CallExpr, st, cmdState *state) func() {
	if len(ce.Assigns) == 0 || cmdState == st || call.Name != "eval" && call.Name != "source" && call.Name != "." {
		return func() {}
	}
	type saved struct {
		v   variable
		had bool
	}
	old := map[string]saved{}
	for _, a := range ce.Assigns {
		if a.Name == nil {
			continue
		}
		n, ok := st.resolve(a.Name.Value)
		if !ok {
			continue
		}
		if _, done := old[n]; done {
			continue
		}
		v, had := st.vars[n]
		old[n] = saved{v, had}
		if nv, ok := cmdState.vars[n]; ok {
			st.vars[n] = nv
		}
	}
	return func() {
		for n, o := range old {
			if o.had {
				st.vars[n] = o.v
			} else {
				delete(st.vars, n)
			}
		}
	}
}

// startup marks the code a shell started by call runs before its script:
// BASH_ENV and ENV name a file it sources.
func (w *walker) startup(c scope, call *Call, st *state, envWords map[string]string) {
	if !IsShell(call.Name) {
		return
	}
	sw := readShell(call)
	for _, name := range []string{"BASH_ENV", "ENV"} {
		// bash, not interactive, runs BASH_ENV; an interactive POSIX
		// shell (sh -i, bash -i in posix mode) runs ENV (bash(1),
		// INVOCATION; dash(1)).
		if name == "BASH_ENV" && (call.Name != "bash" || sw.interactive) || name == "ENV" && !sw.interactive {
			continue
		}
		val, known, given := "", false, false
		if v, ok := envWords[name]; ok {
			// env BASH_ENV=f bash -c …: env puts it in the shell's
			// environment as a prefix assignment does.
			val, known, given = v, true, true
		} else if a, decided := call.envEdit.get(name); decided {
			// env BASH_ENV=<(…) bash -c …, env -u BASH_ENV bash: the
			// word env sets it to (only known at run time when it is
			// not static), or nothing after -u.
			if a == nil {
				continue
			}
			val, known, given = a.Value, a.Static, true
		} else if v, ok := st.vars[name]; ok && v.exported && (!v.known || v.set) {
			val, known, given = v.str, v.known, true
		}
		if !given || known && val == "" {
			continue
		}
		w.startupFile(c, call, name, val, known, "a file the shell runs first") // envbash.go
	}
}

// homeStartup models the start-up files a shell reads from a home
// directory the command chose: HOME (or zsh's ZDOTDIR) set to another
// directory makes the shell read .zshenv, .profile, .bashrc … from there,
// files the agent can write (echo 'rm -rf ~' > .zshenv; ZDOTDIR=. zsh -c
// true). The user's own home directory is not read: its start-up files
// are protected from the agent. A home only known at run time asks.
func (w *walker) homeStartup(c scope, call *Call, st *state, envWords map[string]string) {
	if !IsShell(call.Name) {
		return
	}
	files := startupFiles(call)
	if len(files) == 0 {
		return
	}
	dirVar := "HOME"
	if call.Name == "zsh" {
		if _, ok := envWords["ZDOTDIR"]; ok {
			dirVar = "ZDOTDIR"
		} else if v, ok := st.vars["ZDOTDIR"]; ok && v.exported {
			dirVar = "ZDOTDIR"
		}
	}
	val, given := envWords[dirVar]
	known := given
	if !given {
		v, ok := st.vars[dirVar]
		if !ok || !v.exported {
			return // the environment's: the user's own
		}
		val, known = v.str, v.known && v.set
	}
	if !known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: dirVar,
			What: call.Name + " reads its start-up files from " + dirVar + ", a directory only known at run time"})
		return
	}
	d := call.Dir.Join(val)
	if !d.Known || w.home != "" && d.Path == w.home {
		return
	}
	// bash reads only the first of its profiles that exists; reading
	// each is the cautious side.
	for _, f := range files {
		w.scriptFile(c, call, Arg{Value: filepath.Join(d.Path, f), Raw: dirVar + "/" + f, Static: true}, "sh")
	}
}

// duplicate reports whether a call walked again in a later call of the
// same function is the same as one already recorded.
func (w *walker) duplicate(call *Call, st *state) bool {
	if len(w.frames) == 0 {
		return false
	}
	switch call.Name {
	case "return", "break", "continue", "exit":
		// Each walk of these ends its path (a loop's last pass, a
		// function's second call): never skipped as seen.
		if len(call.Wrappers) == 0 {
			return false
		}
	}
	key := funcCallKey{sc: call.Script, start: call.Start, end: call.End, words: call.NameArg.Value + "\x00" + strings.Join(call.Words(), "\x00"), in: stdinOf(st.fds)}
	if w.fromFunc == nil {
		w.fromFunc = map[funcCallKey]int{}
	}
	_, isFunc := st.funcs[call.Name]
	if i, ok := w.fromFunc[key]; ok && i < len(w.m.Calls) && w.m.Calls[i].Start == call.Start && w.m.Calls[i].Script == call.Script {
		// A function's body is walked again when the state it runs in
		// is not the one it ran in before (red team 20 follow-up: g(){
		// rm -rf "$d"; }; f(){ g; }; d=x; f; d=~; f ran g once, with
		// d=x).
		prev, seen := w.funcStates[key]
		if !isFunc || seen && prev.equal(st) && sameFuncs(prev, st) {
			return true
		}
	}
	w.fromFunc[key] = len(w.m.Calls)
	if isFunc {
		if w.funcStates == nil {
			w.funcStates = map[funcCallKey]*state{}
		}
		w.funcStates[key] = st.clone()
	}
	return false
}

// sameFuncs reports whether two states define every function with the
// same body.
func sameFuncs(a, b *state) bool {
	if len(a.funcs) != len(b.funcs) {
		return false
	}
	for n, d := range a.funcs {
		if o, ok := b.funcs[n]; !ok || o.body != d.body {
			return false
		}
	}
	return true
}

// maxFuncDepth bounds how deeply function calls are followed.
const maxFuncDepth = 16

// callFunc walks a function's body where it is called, with the caller's
// state: its positional parameters are the call's words, its local
// variables come back after it.
func (w *walker) callFunc(c scope, call *Call, def funcDef, cmdState, st *state) {
	def.body.called = true
	decl := def.body.decl
	if w.active[decl] {
		// Recursion: the body runs again from here (walked when the
		// outermost call returns), and what the functions assign is
		// no longer known (recursion.go).
		w.recursed(decl, call, st)
		w.afterRecursion(st)
		return
	}
	if len(w.frames) >= maxFuncDepth {
		st.forgetAll()
		st.dir = Dir{}
		return
	}
	if w.active == nil {
		w.active = map[*sh.FuncDecl]bool{}
	}
	w.active[decl] = true
	// Prefix assignments (x=1 f) are the function's for its duration,
	// in a scope of their own around the function's: an unset in the
	// body removes one and uncovers the caller's value, as for a
	// caller's local (localscope.go).
	var tempFrame map[string]*variable
	for name, v := range cmdState.vars {
		if old, ok := st.vars[name]; !ok || !old.equal(v) {
			if tempFrame == nil {
				tempFrame = map[string]*variable{}
				w.frames = append(w.frames, tempFrame)
			}
			w.makeLocal(name, st)
			st.setVar(name, v)
		}
	}
	frame := map[string]*variable{}
	w.frames = append(w.frames, frame)
	savedPos, savedKnown, savedCarry, savedOpts := st.pos, st.posKnown, st.posCarry, st.posOpts
	st.pos, st.posKnown, st.posCarry, st.posOpts = nil, true, carried{}, nil
	// f *: $1… are the pattern's matches (globoptions.go).
	if st.pos, st.posKnown = w.posWords(call.Args, st.dir); !st.posKnown && !allStatic(call.Args) {
		// f "$(cat f)": $1 carries the file's text.
		st.posCarry = w.carriedText(c, st, argWords(call.Args))
	}
	inner := def.c
	inner.host, inner.subst = c.host, c.subst
	inner.loop = inner.loop || c.loop
	// A function runs the caller's DEBUG trap only under set -T or with
	// its trace attribute (declare -ft f).
	inner.sub = c.sub || !st.funcTrace && !def.traced
	inner.pipe, inner.stage = nil, nil
	// return may leave the body at any point: merge what follows with
	// the state before.
	// The call's redirections (f > out) are the body's descriptors.
	savedFds := st.fds
	st.fds = call.fds
	before := st.clone()
	shown := w.isolateLoops()
	rets := &returnExit{}
	w.returnExits = append(w.returnExits, rets)
	w.stmt(inner, decl.Body, st)
	w.returnExits = w.returnExits[:len(w.returnExits)-1]
	shown()
	// The body ends at its end or at a return, in a loop or not: each
	// return's state is one the call leaves (f() { x=~; return; x=/tmp;
	// } leaves x=~).
	st.mergeAll(rets.states)
	if body := []*sh.Stmt{decl.Body}; leavesCaller(body) || hiddenJumps(body) {
		// break, continue or exit in the body act on the caller's
		// loops or the script; a jump the walk cannot see may be a
		// return from anywhere.
		st.merge(before)
	}
	if before.funcTrace != st.funcTrace && localOptions(decl.Body) {
		// local - restores the shell's options when the function
		// returns: functrace only where both say it is on.
		st.funcTrace = st.funcTrace && before.funcTrace
	}
	w.restoreFrame(len(w.frames)-1, frame, st)
	w.frames = w.frames[:len(w.frames)-1]
	if tempFrame != nil {
		w.restoreFrame(len(w.frames)-1, tempFrame, st)
		w.frames = w.frames[:len(w.frames)-1]
	}
	if (st.funcTrace || def.traced) && len(w.trapVars) > 0 {
		// set -T, declare -ft f: the RETURN trap runs as f returns.
		w.returnTrapVars(st, frame)
	}
	st.pos, st.posKnown, st.posCarry, st.posOpts = savedPos, savedKnown, savedCarry, savedOpts
	if len(call.Redirs) > 0 {
		st.fds = savedFds
	}
	delete(w.active, decl)
	if _, ok := w.recEntry[decl]; ok {
		w.rewalkRecursion(c, decl, def) // recursion.go
	}
}

// localOptions reports a function body that runs local - (or local
// with a word only run time knows), which makes the set options local to
// the call.
func localOptions(body *sh.Stmt) bool {
	found := false
	walkTree(body, func(n sh.Node) bool {
		if d, ok := n.(*sh.DeclClause); ok && d.Variant.Value == "local" {
			for _, a := range d.Args {
				if a.Name == nil && a.Value != nil {
					if l := a.Value.Lit(); l == "-" || l == "" {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// alias walks the text an alias stands for when the alias was defined on
// an earlier line and aliases may be expanded. It reports whether the
// call is certainly the alias (expand_aliases is on): when expansion may
// be off, the call is judged as written too.
func (w *walker) alias(c scope, s *sh.Stmt, ce *sh.CallExpr, call *Call, st *state) bool {
	if st.aliasesOff || len(st.aliases) == 0 || len(ce.Args) == 0 {
		return false
	}
	name := ce.Args[0].Lit()
	if name == "" {
		return false
	}
	a, ok := st.aliases[name]
	if !ok {
		a, ok = st.aliases[""]
	}
	if !ok || a.sc == c.sc && a.line >= s.Pos().Line() || w.expanding[name] {
		return false
	}
	if a.unknown {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, What: "an alias whose text is only known at run time", Text: name, Always: true})
		return st.expandAliases
	}
	rest := ""
	if e := int(ce.End().Offset()); e <= len(c.sc.Src) {
		rest = c.sc.Src[int(ce.Args[0].End().Offset()):e]
	}
	if w.expanding == nil {
		w.expanding = map[string]bool{}
	}
	w.expanding[name] = true
	text, rest := a.value, rest
	// An alias whose text ends in a blank makes bash check the next word
	// for an alias too (alias sudo='sudo '; sudo ll), and so on.
	for seen := map[string]bool{name: true}; strings.HasSuffix(a.value, " ") || strings.HasSuffix(a.value, "\t"); {
		word := strings.TrimLeft(rest, " \t")
		if end := strings.IndexAny(word, " \t\n;&|<>()"); end >= 0 {
			word = word[:end]
		}
		next, ok := st.aliases[word]
		if !ok || !aliasName(word) || seen[word] || next.sc == c.sc && next.line >= s.Pos().Line() {
			break
		}
		if next.unknown {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, What: "an alias whose text is only known at run time", Text: word, Always: true})
			break
		}
		seen[word] = true
		trimmed := strings.TrimLeft(rest, " \t")
		text += next.value
		rest = trimmed[len(word):]
		a = next
	}
	// The command word after prefix assignments is looked up as an
	// alias too (CDPATH=~ c): they stay in front of the alias's text,
	// so in POSIX mode an alias for a special builtin keeps them
	// (alias c=:⏎CDPATH=~ c leaves CDPATH set, as dash and bash --posix
	// do).
	prefix := ""
	if len(ce.Assigns) > 0 {
		if start, end := int(ce.Pos().Offset()), int(ce.Args[0].Pos().Offset()); 0 <= start && start <= end && end <= len(c.sc.Src) {
			prefix = c.sc.Src[start:end]
		} else {
			delete(w.expanding, name)
			return false
		}
	}
	w.childIn(c, call, prefix+text+rest, nil, "alias", false, st, st.dir)
	delete(w.expanding, name)
	return st.expandAliases
}

// aliasName reports whether s is a plain alias name (no quoting or
// expansion in it).
func aliasName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_.:+@%,-", r)) {
			return false
		}
	}
	return true
}

// builtin applies what a builtin does to the shell's state.
func (w *walker) builtin(c scope, call *Call, st *state) {
	args := call.Args
	w.evalNames(c, call, st)
	switch call.Name {
	case "declare", "typeset", "local", "export", "readonly":
		w.declByCall(c, call, st)
	case "enable":
		enableDirBuiltins(args, st)
	case "mkdir":
		w.noteMkdir(call)
	case "cd", "pushd", "popd":
		if st.dirOff&dirBit(call.Name) != 0 || w.dirTooMany(call) {
			// enable -n cd: a program cd (or none) runs, in a child;
			// cd a b: "too many arguments". The shell stays.
			return
		}
		old := st.dir
		before := st.pathsOfStack()
		oldStack, oldKnown, oldPaths := st.stack, st.stackKnown, st.stackPaths
		oldPWD, assigned := st.vars["PWD"]
		st.dir = w.chdir(call, st)
		mayFail := false
		if !st.errExit && call.Stmt != w.cdLeaf && w.cdMayFail(st.dir) && w.cdSurelyFails(c, call, st, st.dir) {
			// Nothing can have made the directory: bash stays, and
			// PWD and OLDPWD keep their values (cdfail.go); a pushd
			// that fails pushes nothing.
			st.dir = old
			st.stack, st.stackKnown, st.stackPaths = oldStack, oldKnown, oldPaths
			return
		}
		if call.Name != "popd" && !st.errExit && call.Stmt != w.cdLeaf && w.cdMayFail(st.dir) {
			// cd DIR; … with no DIR when the hook runs, none made by
			// mkdir before: bash says "No such file or directory" and
			// goes on where it was.
			mayFail = true
			if call.Name == "pushd" {
				// Where it fails the stack is as it was, and the shell
				// where it was: both are kept (dirstackpaths.go).
				after := st.pathsOfStack()
				if before != nil && after != nil {
					st.setStackPaths(append(slices.Clone(before), after...))
				} else {
					st.forgetStack()
				}
			}
			st.dir = dirOneOf(append(old.Candidates(), st.dir.Candidates()...))
			if !old.Known && old.Maybe == "" {
				st.dir = Dir{}
			}
		}
		if call.Name == "cd" {
			st.stackPathsMoved()
		}
		// bash sets OLDPWD to the value $PWD had, which names the
		// directory it left unless the command assigned PWD (PWD=~/.ssh;
		// cd /tmp; cd - goes to ~/.ssh), and PWD to the directory it
		// enters, which $PWD and ~+ then read as the state's directory.
		// A cd that may fail leaves both as they were on that path.
		newOld := variable{exported: true}
		switch {
		case assigned:
			newOld = oldPWD
			newOld.exported = true
		case old.Known:
			newOld = variable{known: true, set: true, str: old.Path, exported: true}
		}
		if assigned {
			delete(st.vars, "PWD")
			if mayFail {
				now := variable{exported: true}
				if st.dir.Known {
					now = variable{known: true, set: true, str: st.dir.Path, exported: true}
				}
				st.setVar("PWD", either(oldPWD, now))
			}
		}
		if oldOld, ok := st.vars["OLDPWD"]; mayFail && ok {
			newOld = either(oldOld, newOld)
		} else if mayFail {
			newOld = variable{exported: true}
		}
		st.setVar("OLDPWD", newOld)
	case "dirs":
		dirsClear(args, st)
	case "exec":
		if len(args) == 0 {
			st.fds = call.fds
		}
	case "exit", "logout":
		st.dead = true
	case "break", "continue":
		w.loopJump(call.Name, args, st)
	case "return":
		w.returnJump(st)
	case "unset":
		funcs, refs := false, false
		for _, a := range args {
			switch {
			case !a.Static:
				st.forgetAll()
			case a.Value == "-f":
				funcs = true
			case a.Value == "-v":
			case a.Value == "-n":
				// unset -n r unsets the name reference, not what it names.
				refs = true
			case funcs:
				delete(st.funcs, a.Value)
			case refs:
				st.setVar(a.Value, variable{known: true})
			case unsetElement(st, a):
			default:
				// unset r unsets the variable r names.
				name, ok := st.resolve(a.Value)
				if !ok {
					st.forgetAll()
					continue
				}
				if st.get(name).readonly {
					continue // bash: cannot unset: readonly variable
				}
				if w.unsetScoped(name, st) {
					continue // a caller's local: removed (localscope.go)
				}
				st.setVar(name, variable{known: true})
			}
		}
	case "read", "mapfile", "readarray", "getopts", "printf":
		w.reads(c, call, st)
	case "set":
		w.set(args, st)
		st.posCarry = carried{}
		if !st.posKnown {
			// set -- $(cat f): the parameters carry its text.
			st.posCarry = w.carriedText(c, st, argWords(args))
		}
	case "shift":
		n := 1
		if len(args) > 0 {
			var err error
			if n, err = strconv.Atoi(args[0].Value); err != nil || !args[0].Static {
				st.pos, st.posKnown = nil, false
				return
			}
		}
		if st.posKnown && n <= len(st.pos) {
			st.pos = st.pos[n:]
		}
	case "setopt", "emulate":
		// zsh: setopt posix_builtins, emulate sh (or ksh) keep a special
		// builtin's prefix assignments as POSIX does (posix.go).
		for _, a := range args {
			if v := strings.ToLower(strings.ReplaceAll(a.Value, "_", "")); !a.Static || v == "posixbuiltins" || v == "sh" || v == "ksh" {
				st.posix = max(st.posix, posixMay)
			}
		}
	case "shopt":
		setOpts, setOn := false, true
		for _, a := range args {
			if a.Static && len(a.Value) > 1 && a.Value[0] == '-' {
				setOpts = setOpts || strings.Contains(a.Value, "o")
				setOn = setOn && !strings.Contains(a.Value, "u")
			}
		}
		if setOpts {
			// shopt -so NAME (-s -o) is set -o NAME; -uo is set +o.
			for _, a := range args {
				if a.Static && !strings.HasPrefix(a.Value, "-") && a.Value == "posix" {
					st.posix = posixOff
					if setOn {
						st.posix = posixOn
					}
				} else if !a.Static {
					st.posix = max(st.posix, posixMay)
				}
			}
		}
		if !slices.ContainsFunc(args, func(a Arg) bool { return a.Value == "-s" || a.Value == "-u" || !a.Static }) {
			// shopt NAME… without -s or -u only prints the settings.
			return
		}
		on := false
		for _, a := range args {
			switch a.Value {
			case "-s":
				on = true
			case "-u":
				on = false
			case "expand_aliases":
				st.expandAliases, st.aliasesOff = on, !on
			case "lastpipe":
				st.lastPipe = on
			case "xpg_echo":
				st.echoEscapes = on
			case "cdable_vars":
				st.cdableVars = on
			case "localvar_inherit":
				st.localInherit = onOff(on)
			case "localvar_unset":
				st.localUnset = onOff(on)
			case "sourcepath":
				st.noSourcePath = !on
			case "patsub_replacement":
				st.noPatsub = !on
			case "extglob":
				st.extglob, st.extglobSet = on, true
			case "nocasematch":
				st.noCaseMatch = on
			case "extdebug":
				// extdebug turns function tracing on (bash(1), shopt).
				st.funcTrace = on
			default:
				if !a.Static {
					st.matchUnknown = true
					st.funcTrace = false
					st.localInherit, st.localUnset = max(st.localInherit, posixMay), max(st.localUnset, posixMay)
					// An option only known at run time: any of them may
					// be on, and nullglob and failglob are not certain.
					st.glob = st.glob&^(GlobNull|GlobFail) | globOptsMayBe
				} else if o, ok := globShopt.Get()[a.Value]; ok {
					if on {
						st.glob |= o
					} else {
						st.glob &^= o
					}
				}
			}
		}
	case "alias":
		for _, a := range args {
			name, val, ok := strings.Cut(a.Value, "=")
			if !a.Static {
				// The text is only known at run time: a later line that
				// uses the name runs it.
				// An alias whose name is only known then is kept under
				// the empty name: any later command word may be it.
				name, val, ok = "", "", true
				if n, _, found := strings.Cut(a.Raw, "="); found && aliasName(n) {
					name = n
				}
			}
			if !ok {
				continue
			}
			if st.aliases == nil {
				st.aliases = map[string]alias{}
			}
			st.aliases = cloneMap(st.aliases)
			st.aliases[name] = alias{value: val, line: call.Stmt.End().Line(), sc: c.sc, unknown: !a.Static}
		}
	case "unalias":
		for _, a := range args {
			if a.Value == "-a" {
				st.aliases = nil
			} else if st.aliases != nil {
				st.aliases = cloneMap(st.aliases)
				delete(st.aliases, a.Value)
			}
		}
	case "source", ".":
		// A file read and walked in this state (sourceFile) left what it
		// set there; any other file can set anything.
		if !call.sourced {
			if file, missing := w.sourceMissing(call); missing {
				st.taintFrom(file) // recursion.go
			} else {
				sourceForgets(call, st) // sourcetext.go
			}
		}
	case "eval":
		// Walked in place by nested.
	case "hash":
		// hash -p PATH NAME: NAME runs PATH (judged where NAME is run;
		// hash -p itself asks when PATH is not NAME's own program).
		opts, ops := ScanOptions(args, OptSpec{ShortVal: "p"})
		for _, o := range opts {
			if o.Name != "p" || !o.HasVal {
				continue
			}
			for _, i := range ops {
				path := ""
				if o.Val.Static {
					path = o.Val.Value
				}
				name := ""
				if args[i].Static {
					name = args[i].Value
				}
				st.hash(name, path)
			}
		}
		for _, a := range args {
			if a.Static && a.Value == "-r" {
				st.hashed, st.hashAny = nil, false
			}
		}
	case "compgen":
		w.compgen(c, call, st)
	case "history":
		w.history(call, st)
	case "fc":
		w.fc(c, call, st)
	}
}

// reads forgets the variables read, mapfile, getopts and printf -v set,
// and walks mapfile's -C callback as a script.
func (w *walker) reads(c scope, call *Call, st *state) {
	args := call.Args
	valueOpts := map[string]string{"read": "dinNptu", "mapfile": "dnOsuCc", "readarray": "dnOsuCc", "printf": "v"}[call.Name]
	var names []string
	switch call.Name {
	case "read":
		names = []string{"REPLY"}
	case "mapfile", "readarray":
		names = []string{"MAPFILE"}
	case "getopts":
		names = []string{"OPTARG", "OPTIND"}
	}
	operands := 0
	var cb mapfileCall
	// globbed are the names written unquoted with a pattern character
	// (printf -v a[1]): a file a1 would be the name bash assigns.
	var globbed []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			if call.Name != "printf" {
				st.forgetAll()
			}
			continue
		}
		v := a.Value
		if len(v) > 1 && v[0] == '-' && operands == 0 {
			for j := 1; j < len(v); j++ {
				if v[j] == 't' {
					cb.trim = true
				}
				if strings.IndexByte(valueOpts, v[j]) < 0 && v[j] != 'a' {
					continue
				}
				val := v[j+1:]
				if val == "" && i+1 < len(args) {
					i++
					val = args[i].Value
					if v[j] == 'C' && !args[i].Static {
						w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, What: "mapfile -C runs a callback only known at run time", Text: val, Always: true})
					}
					if (v[j] == 'v' || v[j] == 'a') && !args[i].Static && st.allExport {
						// set -a; printf -v "$n" …: a variable only run
						// time names gets a value, exported.
						w.anyNameAssigned(c, st, nil, true)
						w.homeMayBeAssigned(c, st, nil)
					}
				}
				switch v[j] {
				case 'a', 'v':
					names = append(names, val)
					if val != v[j+1:] && args[i].Glob {
						globbed = append(globbed, val)
					}
				case 'C':
					if call.Name != "printf" {
						cb.text, cb.set = val, true
					}
				case 'c', 'O', 'd':
					if call.Name != "read" && call.Name != "printf" {
						cb.opts = append(cb.opts, [2]string{v[j : j+1], val})
					}
				}
				break
			}
			continue
		}
		operands++
		if call.Name == "printf" || call.Name == "getopts" && operands != 2 {
			continue
		}
		names = append(names, v)
		if a.Glob {
			globbed = append(globbed, v)
		}
	}
	if cb.set {
		w.mapfileCallback(c, call, st, cb)
	}
	if call.Name == "read" || call.Name == "mapfile" || call.Name == "readarray" {
		in := w.readerStream(call, st)
		call.ReadIn = &in
	}
	// read KEY < .env, mapfile -t L < .env, … done < .env: the names
	// hold the content of what the descriptor reads.
	var from []string
	if call.Name != "printf" && call.Name != "getopts" {
		from = inputFiles(call, readFd(call), 0)
	}
	if call.Name == "printf" {
		// printf -v x %s "$KEY": x holds what the words it formats hold.
		for _, a := range call.Args {
			from = union(from, a.From())
		}
	}
	known, kv, ok := w.knownReads(c, call, st)
	var split map[string]variable
	if !ok {
		split, _ = w.splitReads(c, call, st)
	}
	w.integerReads(c, call, st, names, known, kv, ok, split)
	for _, n := range names {
		if call.Stmt != nil {
			w.aliasTarget(c, st, n, call.Stmt.End().Line())
		}
		if call.Name != "getopts" {
			path, _ := printfValue(call)
			w.hashTarget(st, n, path)
		}
		if _, set := split[n]; set && !elemTarget(n) {
			continue
		}
		if base, sub, cut := strings.Cut(n, "["); cut && isName(base) && strings.HasSuffix(sub, "]") {
			// printf -v 'v[0]' …, read 'v[1]': an element of v, so $v
			// (the element 0) may change: v is no longer known. A value
			// corral knows is one any element may now hold (printf -v
			// 'a[$i]' %s ~; rm -rf "${a[@]}": red team scope3).
			t, direct := st.resolve(base)
			old := st.get(t)
			val := kv
			if sv, set := split[n]; set {
				val = sv
			} else if !ok || n != known {
				st.forget(base)
				continue
			}
			if direct && val.known && val.set && !val.array && !old.nameref && elemTarget(n) && !slices.Contains(globbed, n) {
				// printf -v 'a[0]' %s ~, read 'm[k]' <<< …: bash
				// assigns that element, as a[0]=… does (the subscript
				// evaluated as there).
				lit := func(v string) *sh.Lit { return &sh.Lit{Value: v} }
				w.assign(c, st, []*sh.Assign{elemAssign(lit, n, &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Value: val.str}}})}, false)
				continue
			}
			st.forget(base)
			if direct && val.known && val.set && !val.array && !old.nameref {
				st.setVar(t, elemMaybe(old, val.str))
			}
			continue
		}
		if isName(n) && (!ok || n != known) {
			st.forget(n)
			if t, direct := st.resolve(n); direct {
				v := st.vars[t]
				v.from = from
				if call.Name != "getopts" && call.Name != "printf" {
					// read -r x < cmds.txt; $x: the value is whatever the
					// input holds at run time, as x=$(cat cmds.txt) is.
					v.printed, v.printedBy = true, call.Name
					v.readBy = call
					if p, ok := w.wroteInput(call, call.Fd(readFd(call))); ok {
						v.wroteRead, v.wrotePath = call, p
					} else if vals, ok := w.readLineVals(call); ok {
						// read -t 5 -u 3 x 3< n.txt, read -n 8 x < n.txt:
						// a value the lines of a file corral reads give.
						v.fileVals = vals
					} else if prog, ok := w.pipedProgram(c, call); ok {
						// git log | while read -r n: the text git chose
						// (readrecord.go).
						v.wroteRead, v.wrotePath = prog, ""
					}
					if m := w.readMentions(c, call, st); len(m) > 0 && len(v.cands) == 0 && len(v.maybe) == 0 {
						// command echo ~/.bashrc | while read -r f: the
						// paths the program's text names (readmentions.go).
						v.maybe = m
					}
				} else if m := printfMentions(call); len(m) > 0 && call.Name == "printf" && len(v.cands) == 0 && len(v.maybe) == 0 {
					// printf -v f %s "$(cmd)": what the word may hold.
					v.maybe = m
				}
				st.setVar(t, v)
			}
		}
	}
	if ok && !elemTarget(known) {
		if t, direct := st.resolve(known); direct && st.get(t).integer && kv.known && kv.set && !kv.array {
			// read y, printf -v y of a declare -i y: the value is
			// evaluated.
			w.evalArith(c, kv.str, st)
			kv = variable{}
		}
		kv.from = from // read -r l < FILE: a known line is still FILE's content
		st.setThrough(known, kv)
	}
	splitNames := make([]string, 0, len(split))
	for n := range split {
		if !elemTarget(n) { // an element: done above
			splitNames = append(splitNames, n)
		}
	}
	sort.Strings(splitNames)
	for _, n := range splitNames {
		v := split[n]
		if t, direct := st.resolve(n); direct && st.get(t).integer && v.known && v.set && !v.array {
			w.evalArith(c, v.str, st)
			v = variable{}
		}
		v.from = from
		st.setThrough(n, v)
	}
	// read -r PS4 <<< '$(cmd)', printf -v PS4 …, through a name
	// reference too: bash acts on the value as on PS4=… (red team 20
	// PV1).
	for _, n := range names {
		w.boundSpecial(c, st, n)
	}
}

// boundSpecial applies what bash does with a variable it acts on
// (specialVar) after a builtin other than an assignment set it: read,
// mapfile, printf -v, getopts, ${V:=…}, through a name reference or not.
func (w *walker) boundSpecial(c scope, st *state, name string) {
	t, ok := st.resolve(name)
	if !ok {
		return
	}
	w.specialVar(c, t, st.get(t), st)
}

// set models set -- ARGS (the positional parameters), set -f / -o
// noglob and set -a / -o allexport, as bash's set builtin reads its
// words: each word that starts with - or + is a cluster of option letters
// (set -euo pipefail), an "o" in it takes the next word as an option
// name, "-" + turns on and "+" turns off; "--" (or "-") ends the options
// and the words after it, even none, become the positional parameters;
// so does the first other word.
func (w *walker) set(args []Arg, st *state) {
	option := func(name string, on bool) {
		switch name {
		case "noglob":
			st.noGlob = on
		case "allexport":
			st.allExport = on
		case "errexit":
			st.errExit = on
		case "functrace":
			st.funcTrace = on
		case "xtrace", "verbose":
			st.trace.Named(name, on)
		case "physical":
			st.physical = on
		case "posix":
			st.posix = posixOff
			if on {
				st.posix = posixOn
			}
		}
	}
	positional := func(rest []Arg) {
		st.pos, st.posKnown = w.posWords(rest, st.dir) // globoptions.go
		st.posOpts = nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Static {
			if strings.HasPrefix(a.Raw, "-") || strings.HasPrefix(a.Raw, "+") {
				// set -$opts: letters only run time knows, -x among them
				// perhaps (+T too).
				st.funcTrace = false
				st.trace = st.trace.merge(TraceOpts{Verbose: true, Xtrace: true})
			}
			st.pos, st.posKnown = nil, false
			return
		}
		v := a.Value
		switch {
		case v == "--" || v == "-":
			positional(args[i+1:])
			return
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			on := v[0] == '-'
			for _, l := range v[1:] {
				switch l {
				case 'f':
					option("noglob", on)
				case 'a':
					option("allexport", on)
				case 'e':
					option("errexit", on)
				case 'T':
					option("functrace", on)
				case 'x', 'v':
					st.trace.Letter(l, on)
				case 'P':
					option("physical", on)
				case 'o':
					// set -o alone lists the options.
					if i+1 < len(args) {
						i++
						if !args[i].Static {
							// An option only known at run time: either
							// reading of these two is unsafe somewhere,
							// so they become what every path agrees on.
							st.noGlob, st.allExport, st.errExit, st.funcTrace = false, false, false, false
							st.posix = posixMay
							st.trace = st.trace.merge(TraceOpts{Verbose: true, Xtrace: on})
							continue
						}
						option(args[i].Value, on)
					}
				}
			}
		default:
			positional(args[i:])
			return
		}
	}
}

func (w *walker) newCall(c scope, s *sh.Stmt, ce *sh.CallExpr, inv invocation) *Call {
	call := &Call{Script: c.sc, Stmt: s, Expr: ce, Wrappers: inv.wrappers, Dir: inv.dir,
		Pipe: c.pipe, PipeIndex: c.pipeIndex, Host: c.host, Subst: c.subst, HostDecl: c.decl, Loop: c.loop, ExtraArgs: inv.extra, ArgFile: inv.argFile, Replace: inv.replace, rpl: inv.rpl, argDelim: inv.delim, argFileWord: inv.argFileWord}
	if c.stage != s {
		call.Pipe, call.PipeIndex = nil, 0
	}
	if len(inv.words) > 0 {
		call.NameArg = inv.words[0]
		if inv.words[0].Static {
			call.Name = judgedName(base(inv.words[0].Value))
		}
		if selfShell(inv.words[0]) {
			call.Name = hookShell
		}
		call.Args = inv.words[1:]
		if (call.Name == "eval" || call.Name == "source" || call.Name == ".") && len(call.Args) > 0 && call.Args[0].Static && call.Args[0].Value == "--" {
			// eval -- TEXT, source -- FILE: bash's eval and source take no
			// options and skip a first "--" (no_options); the words after
			// it are the text or the file and its arguments.
			call.Args = call.Args[1:]
		}
	}
	w.resolveSSH(call)
	return call
}

// judgedName returns the name a call is judged by: git for the programs
// that take git's whole command line and hand every command they do not
// add themselves to git (hub, GitHub's, whose manual suggests alias
// git=hub; lab, GitLab's, which does the same), so that every rule about
// git reads them (hub push --force is git push --force); yarn for yarnpkg
// (Debian's and corepack's other name of the same program); name
// otherwise. NameArg keeps the word as written.
func judgedName(name string) string {
	switch name {
	case "hub", "lab":
		return "git"
	case "yarnpkg":
		return "yarn"
	}
	return name
}

// findExec records the commands that find runs with -exec, -execdir, -ok
// and -okdir.
func (w *walker) findExec(c scope, s *sh.Stmt, ce *sh.CallExpr, find *Call) {
	args := find.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v != "-exec" && v != "-execdir" && v != "-ok" && v != "-okdir" {
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		if j > i+1 {
			inv := unwrap(args[i+1:j], find.Dir)
			if v == "-execdir" || v == "-okdir" {
				// It runs in the directory of each file found: a directory
				// of the one starting point's tree, judged as that point.
				inv.dir = findStartDir(find)
			}
			inv.wrappers = append(append([]string{}, find.Wrappers...), append([]string{"find " + v}, inv.wrappers...)...)
			inv.extra = true
			call := w.newCall(c, s, ce, inv)
			call.Pipe, call.PipeIndex = nil, 0
			call.Start, call.End = args[i+1].Start, args[j-1].End
			call.fds, call.env = find.fds, find.env
			if call.Name == "rsync" && call.env != nil {
				// find's environment holds RSYNC_RSH (sshtransfer.go).
				call.hostPlaces = nil
				w.resolveTransfer(call)
			}
			call.RunBy = find
			// The wrappers' words (find -exec time -o F cmd {} ;).
			call.pre = args[i+1 : j-len(inv.words)]
			w.m.Calls = append(w.m.Calls, call)
			w.nested(c, call, w.cur)
		}
		i = j
	}
}

// findStartDir is the starting point of a find with exactly one, static
// (find . -execdir …, find ~ -execdir …), and unknown otherwise. Options
// before it (-H, -L, -P, -O3, -D x) are skipped.
func findStartDir(find *Call) Dir {
	var start *Arg
	args := find.Args
	for i := 0; i < len(args); i++ {
		a := &args[i]
		v := a.Value
		if !a.Static {
			return Dir{}
		}
		if start == nil && (v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O")) {
			continue
		}
		if start == nil && v == "-D" {
			i++
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," {
			break
		}
		if start != nil {
			return Dir{} // more than one starting point
		}
		start = a
	}
	if start == nil {
		return find.Dir // find with none searches .
	}
	if strings.HasPrefix(start.Value, "~") || start.Glob {
		return Dir{}
	}
	return find.Dir.Join(start.Value)
}

// nested parses the scripts a call runs: bash -c strings, eval, su -c,
// here-documents and here-strings fed to a shell. eval runs in the shell
// itself (st); the others in a new process.
func (w *walker) nested(c scope, call *Call, st *state) {
	switch call.Name {
	case "awk", "gawk", "mawk", "nawk":
		// What an awk program pipes into a shell (print … | "sh") and the
		// commands it builds at run time (syntax/awksed.go); the
		// program's calls, and sed's e, are read by runsCode
		// (codeprograms.go).
		w.awkSed(c, call)
	}
	if rest, ok := PackageRunArgs(call); ok {
		// npx PKG ARGS, npm exec, pnpm dlx, bun x (bun reads it before
		// its own runs), deno run npm:PKG: the package's command.
		w.npx(c, call, rest)
	}
	if st.zsh && w.zshCall(c, call, st) {
		return
	}
	if w.runsCode(c, call) || w.detached(c, call, st) {
		return
	}
	env := call.env
	if env == nil && call.Name != "eval" && (call.Name == "su" || call.Name == "runuser" || call.Name == "sg" || call.Name == "nix-shell" || IsShell(call.Name)) {
		env = st.exportedOnly(call.Dir, w.home)
	}
	switch call.Name {
	case "eval":
		if len(call.Redirs) > 0 {
			// eval 'read v' <<< …, eval 'read -u 3 v' 3<<< …: eval's
			// redirections are the descriptors its text runs with, as a
			// function call's are its body's.
			savedFds := st.fds
			st.fds = call.fds
			defer func() { st.fds = savedFds }() // eval's case returns below
		}
		if len(call.Args) == 1 {
			if w.pipedScript(c, call, call.Args[0], "eval", st, st.dir) {
				return // … | eval "$(cat)": the text piped in (red team 18 PS1)
			}
			w.childIn(c, call, call.Args[0].Value, &call.Args[0], "eval", !call.Args[0].Static, st, st.dir)
		} else if len(call.Args) > 1 {
			parts := make([]string, len(call.Args))
			dynamic := false
			for i, a := range call.Args {
				parts[i] = a.Value
				dynamic = dynamic || !a.Static
			}
			w.childIn(c, call, strings.Join(parts, " "), nil, "eval", dynamic, st, st.dir)
		}
		return
	case "sg":
		args, ok := sgCommand(call.Args)
		if !ok {
			return
		}
		parts, dynamic := make([]string, len(args)), false
		for i, a := range args {
			parts[i], dynamic = a.Value, dynamic || !a.Static
		}
		var host *Arg
		if len(args) == 1 {
			host = &args[0]
		}
		w.childIn(c, call, strings.Join(parts, " "), host, "sg", dynamic, env, call.Dir)
		return
	case "nix-shell":
		if a := nixShellRun(call.Args); a != nil {
			w.childIn(c, call, a.Value, a, "nix-shell --run", !a.Static, env, call.Dir)
		}
		return
	case "su", "runuser":
		if i, text, attached, ok := SuCommand(call); ok {
			a := &call.Args[i]
			if attached {
				a = nil
			}
			w.childIn(c, call, text, a, "su -c", !call.Args[i].Static, env, call.Dir)
			return
		}
	}
	idx, stdin := ShellScript(call)
	if idx < 0 && !stdin && StartsShell(call) {
		stdin = true // sudo su <<EOF, chroot / < job.sh: the shell reads them
	}
	if stdin {
		env = w.stdinShellParams(env, call)
	}
	if idx >= 0 {
		if w.xargsShell(c, call, idx, env) {
			return
		}
		a := &call.Args[idx]
		if w.pipedScript(c, call, *a, "bash -c", w.shellParams(env, call, idx), call.Dir) {
			return // … | sh -c "$(cat)": the text piped in (red team 18 PS1)
		}
		w.childIn(c, call, a.Value, a, "bash -c", !a.Static, w.shellParams(env, call, idx), call.Dir)
		return
	}
	if !stdin {
		return
	}
	if in := call.Fd(0); !ownStream(call, in) {
		// exec 3<<<'…'; bash <&3, { sh; } <<X, exec < script.sh: the
		// shell reads its program from a descriptor opened elsewhere.
		w.scriptFromFd(c, call, in, env)
		return
	} else if r, ok := in.File(); ok && r.Op == "<" && r.Target.Static {
		// bash < script.sh reads the file as bash script.sh does.
		w.scriptFromFd(c, call, in, env)
		return
	}
	for i := range call.Redirs {
		rd := &call.Redirs[i]
		switch rd.Node.Op {
		case sh.Hdoc, sh.DashHdoc:
			if rd.Node.Hdoc == nil {
				continue
			}
			r := &resolver{src: c.sc.Src, dir: call.Dir, st: st}
			quoted := rd.Target.Raw != rd.Target.Value
			body := r.arg(rd.Node.Hdoc)
			if !quoted {
				body = r.hdocBody(rd.Node.Hdoc)
			}
			text := body.Raw
			expanded := body.Value
			// The body as parsed ends with the closing delimiter line.
			if trimmed, ok := strings.CutSuffix(text, rd.Target.Value); ok {
				trimmed = strings.TrimRight(trimmed, "\t")
				body.End -= len(text) - len(trimmed)
				text = trimmed
				body.Raw, body.Value = text, text
			}
			if t, ok := strings.CutSuffix(expanded, rd.Target.Value); ok {
				expanded = strings.TrimRight(t, "\t")
			}
			if !quoted && body.Static && expanded != text {
				// x=~; bash <<EOF / rm -rf $x / EOF: bash expands the body
				// before the shell reads it, with this script's variables,
				// which the child does not have (x is not exported), and
				// its escapes removed (echo \`rm -rf ~\` is a
				// substitution to the shell it feeds). The text as
				// written is walked too, for its rewrites.
				w.childIn(c, call, expanded, nil, "heredoc", false, env, call.Dir)
			}
			if !quoted && !body.Static {
				// bash <<EOF / $(cat f) / EOF: the body as the outer
				// shell expands it (heredoc.go).
				w.hdocShell(c, call, rd, st, env)
			}
			if !quoted && !body.Static {
				// bash <<EOF / $x / EOF after x=$(cat f.sh): the file's
				// text.
				if t, files, ok := w.catFedText(call, rd.Node.Hdoc, c.sc.Src, true); ok && fedByVariable(files) {
					if trimmed, cut := strings.CutSuffix(t, rd.Target.Value); cut {
						t = strings.TrimRight(trimmed, "\t")
					}
					// The run-time word is walked too: a shell's script
					// in a variable stays a run-time script.
					w.childIn(c, call, t, nil, "heredoc", false, env, call.Dir)
				}
			}
			w.childIn(c, call, text, &body, "heredoc", !quoted && !body.Static, env, call.Dir)
		case sh.WordHdoc:
			if !rd.Target.Static {
				// bash <<< "$x" after x=$(cat f.sh): the file's text, as
				// python3 <<< "$x" reads it (a substitution written
				// there, <<< "$(cat f.sh)", is catSubst's).
				if t, files, ok := w.catFedText(call, rd.Target.Word, c.sc.Src, false); ok && fedByVariable(files) {
					w.childIn(c, call, t+"\n", nil, "herestring", false, env, call.Dir)
				}
			}
			w.childIn(c, call, rd.Target.Value, &rd.Target, "herestring", !rd.Target.Static, env, call.Dir)
		}
	}
}

// ownStream reports whether stream in of call comes from the call's own
// redirections (or is the shell's inherited standard input, a pipe of a
// pipeline or a closed descriptor, which other code models).
func ownStream(call *Call, in Stream) bool {
	switch in.Kind {
	case StreamInherited:
		return in.Fd == 0
	case StreamUnknown:
		return false
	case StreamClosed:
		return true
	}
	if in.Redirect.Node == nil {
		// A pipeline's pipe or a substitution's; a coprocess's output
		// is read by commands that are no stage of it (bash <&${P[0]}).
		return !(in.Kind == StreamPipe && in.Pipe != nil && in.Pipe.Coproc && in.Stage == 1)
	}
	for _, r := range call.Redirs {
		if r.Node == in.Redirect.Node {
			return true
		}
	}
	return false
}

// scriptFromFd models a shell that reads its program from a descriptor
// that points at in: the text of a here-document or here-string opened
// elsewhere (exec 3<<<'…'; bash <&3) is a nested script, a file opened
// with < is a script file on disk, and a descriptor only known at run
// time (one the shell inherited, >&$fd, paths that disagree) is a
// script corral cannot see: ask.
func (w *walker) scriptFromFd(c scope, call *Call, in Stream, env *state) {
	if text, static, ok := in.Text(); ok {
		kind := "heredoc"
		if in.Redirect.Op == "<<<" {
			kind = "herestring"
		}
		if !static && kind == "heredoc" {
			// . /dev/stdin <<EOF / rm -rf $x / EOF: the body as bash
			// expands it with this script's variables, when they are
			// known (the text as written is walked too).
			if exp, ok := expandedHeredoc(in.Redirect); ok && exp != text {
				w.childIn(c, call, exp, nil, kind, false, env, call.Dir)
			}
		}
		w.childIn(c, call, text, nil, kind, !static, env, call.Dir)
		return
	}
	if r, ok := in.File(); ok && (r.Op == "<" || r.Op == "<>") {
		if !r.Target.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.Target.Raw,
				What: call.Name + " runs the script " + clip(r.Target.Raw, 60) + ", a file only known at run time"})
			return
		}
		a := r.Target
		if d := r.Dir.Join(a.Value); d.Known && r.Dir != call.Dir {
			a.Value = d.Path // opened before a cd: the path as it was then
		}
		w.scriptFile(c, call, a, "sh")
		return
	}
	if text, dynamic, ok, isPipe := w.otherPipeText(c, in); isPipe {
		// bash <&${P[0]}: what a coprocess (or another pipeline's stage)
		// prints is the script.
		if ok {
			w.childIn(c, call, text, nil, "coprocess", dynamic, env, call.Dir)
		} else if wr := in.Pipe.Stage(in.Stage - 1); wr == nil || !downloaders.Get()[wr.Name] {
			// (a download is the pipe-shell rule's)
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
				What: call.Name + " runs a script it reads from a pipe whose text only run time knows"})
		}
		return
	}
	switch {
	case in.Kind == StreamUnknown || in.Kind == StreamInherited && in.Fd != 0:
		what := "a descriptor only known at run time"
		if in.Kind == StreamInherited {
			what = "descriptor " + strconv.Itoa(in.Fd) + ", which the command did not open"
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true,
			What: call.Name + " runs a script it reads from " + what})
	case in.Kind == StreamFile:
		// A file opened for writing and read back (exec 3>f; sh <&3
		// reads nothing until something writes it): unknown text.
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: in.Redirect.Target.Raw,
			What: call.Name + " runs a script it reads from " + clip(in.Redirect.Target.Raw, 60) + ", whose text only run time knows"})
	}
}

// child parses text as a script run by call (nil for code bash runs
// itself: an arithmetic operand, a prompt) and walks it with state st in
// directory dir.
func (w *walker) childIn(c scope, call *Call, text string, host *Arg, kind string, dynamic bool, st *state, dir Dir) {
	if c.sc.Depth+1 > MaxDepth {
		w.m.Truncated = true
		return
	}
	if strings.HasPrefix(kind, "git ") && !dynamic {
		// A setting git runs whose text runs git with that setting again
		// (GIT_CONFIG_PARAMETERS="'alias.a=!git a'", passed on to the
		// git the alias runs): that text is already being walked above.
		for p := c.sc; p != nil; p = p.Parent {
			if p.Kind == kind && p.Src == text {
				return
			}
		}
	}
	if dynamic && host != nil && host.Word != nil {
		if t, ok := w.hostSubstText(c, call, host); ok {
			// script -qc "$(cat f)", tmux new "$(head f)": the text the
			// substitution prints (fileprint.go).
			text = t
		} else {
			// Substitutions in the host word run in the outer shell; they are
			// already walked there. Mask them so they are not counted twice.
			r := &resolver{src: c.sc.Src, dir: dir, st: st, mask: true}
			if kind == "heredoc" {
				text = r.hdocBody(host.Word).Value
			} else {
				text = r.arg(host.Word).Value
			}
		}
	}
	if w.reparsed += len(text); w.reparsed > MaxSource {
		w.m.Truncated = true
		return
	}
	w.childText(c, call, text, host, kind, dynamic, st, dir)
}

// childText parses text, the script call runs, and walks it (childIn).
// Text that does not parse is recorded in Unparsed; its head, the
// complete commands on the lines before the syntax error, is walked
// first: bash reads a script (a file, bash -c's string, eval's text) one
// command at a time and runs each before it reads the next, so those run
// before bash reaches the error (eval $'rm -rf ~\n)' deletes the home
// directory, then fails).
func (w *walker) childText(c scope, call *Call, text string, host *Arg, kind string, dynamic bool, st *state, dir Dir) {
	sc := &Script{Src: text, Parent: c.sc, Host: host, Kind: kind, Depth: c.sc.Depth + 1, Dynamic: dynamic, Origin: w.origin, Runner: call}
	f, err := parseSource(text)
	if err != nil {
		sc.Misread = errors.Is(err, ErrMisread)
		if head, ok := parsedHead(text, err); ok && !sc.Misread {
			n := len(w.m.Scripts)
			w.childText(c, call, head, host, kind, dynamic, st, dir)
			if len(w.m.Scripts) > n && w.m.Scripts[n].Src == head {
				w.m.Scripts[n].Partial = true
			}
			sc.Head = len(head)
		}
		w.m.Unparsed = append(w.m.Unparsed, sc)
		return
	}
	sc.File = f
	w.m.Scripts = append(w.m.Scripts, sc)
	// The calls of the nested script read code for themselves: a file
	// read while it is walked is not the host's (unreadable.go).
	savedReading := w.reading
	w.reading = nil
	defer func() { w.reading = savedReading }()
	n := len(w.m.Calls)
	switch {
	case st == nil:
		st = newState(dir, w.home)
	case !inShell.Get()[kind]:
		// A new process: what it does to its state is its own. A shell
		// started by a program does not inherit aliases (bash -c x after
		// alias x=… runs the command x); a trap's text runs in this
		// shell, with its aliases.
		st = st.clone()
		parent := st.dir
		st.dir = dir
		st.stackPathsMoved()
		if kind != "trap" {
			st.aliases = nil
		}
		if kind != "trap" {
			st.posix = childPosix(call, st)
			st.echoEscapes = st.posix != posixOff && !(call != nil && (call.Name == "bash" || call.Name == "rbash"))
			st.zsh = zshChild(call, kind, st.zsh) // zsh.go
			w.childPWD(parent, st, dir)           // childpwd.go
		}
	}
	if st.zsh && kind != "emulate -c" {
		w.zshPatterns(sc) // zsh -c 'ls *(e:…:)', eval under zsh
	}
	if call != nil && !inShell.Get()[kind] && kind != "trap" {
		// A new shell echoes what its command line (bash -x -c …) or
		// the SHELLOPTS in its environment turn on; set -x of the
		// shell that started it does not reach it otherwise.
		t := ShellTrace(call)
		if v, ok := st.vars["SHELLOPTS"]; ok && v.known && v.set && v.exported {
			t = t.merge(shellOptsTrace(v.str))
		}
		st.trace = t.merge(st.trace)
	}
	fed := len(w.fed)
	if call != nil && call.ExtraArgs {
		w.fed = append(w.fed, "{}")
		if call.Replace != "" {
			w.fed = append(w.fed, call.Replace)
		}
	}
	w.stmts(scope{sc: sc, loop: c.loop, sub: c.sub || !inShell.Get()[kind]}, f.Stmts, st)
	w.childEnd = st
	w.fed = w.fed[:fed]
	if inShell.Get()[kind] && call != nil && call.Stmt != nil {
		// An alias defined in eval's text (or a sourced file) applies in
		// the caller from its next line: the caller read the rest of
		// this line before the text ran.
		restampAliases(st, c.sc, call.Stmt.End().Line())
	}
	if call != nil {
		for _, inner := range w.m.Calls[n:] {
			if inner.RunBy == nil {
				inner.RunBy = call
			}
			if call.ExtraArgs {
				// xargs bash -c 'rm -rf {}': the script's commands get
				// their arguments at run time too.
				inner.ExtraArgs = true
			}
		}
	}
}

// shellParams returns the state the script of bash -c STRING [NAME
// [ARGS…]] starts in: st with ARGS as its positional parameters, as bash
// sets them ($0 is NAME). They stay unknown when a word is only known at
// run time, and when xargs or find -exec add words at run time (xargs sh
// -c 'rm -rf "$@"' _): the rules read those from the words themselves.
func (w *walker) shellParams(st *state, call *Call, script int) *state {
	if call.ExtraArgs {
		return st
	}
	if st == nil {
		st = newState(call.Dir, w.home)
	} else {
		st = st.clone()
	}
	st.pos, st.posKnown, st.posOpts = nil, true, nil
	if ppidIsShell(call) {
		// sh -c '… /proc/$PPID/fd/3': the shell that ran it, whose
		// descriptors the nested shell inherited as they are.
		st.setVar("PPID", variable{pidText: "$$"})
	}
	// $0 is NAME, the word after the string (bash -c 'rm -rf "$0"' ~);
	// without one it is the shell's name.
	zero := variable{known: true, set: true, str: call.Name}
	if script+1 < len(call.Args) {
		a := call.Args[script+1]
		zero = variable{known: a.Static, set: true, str: a.Value}
	}
	st.setVar("0", zero)
	if script+2 <= len(call.Args) {
		for _, a := range call.Args[script+2:] {
			if !a.Static {
				st.pos, st.posKnown = nil, false
				break
			}
			st.pos = append(st.pos, a.Value)
		}
	}
	return st
}

// stdinShellParams gives a shell that reads its script on stdin with -s
// its operands as the positional parameters (bash -s -- ARG…: $1 is
// ARG); $0 stays the shell's name. Other calls keep st.
func (w *walker) stdinShellParams(st *state, call *Call) *state {
	if !IsShell(call.Name) || call.ExtraArgs {
		return st
	}
	sw := readShell(call)
	if !sw.sflag || sw.operand < 0 || sw.operand >= len(call.Args) {
		return st
	}
	if st == nil {
		st = w.cur.exportedOnly(call.Dir, w.home)
	}
	st = w.shellParams(st, call, sw.operand-2)
	st.setVar("0", variable{known: true, set: true, str: call.Name})
	return st
}

// restampAliases moves the aliases that st got from scripts other than
// sc and its ancestors to sc's line: they apply after that line.
func restampAliases(st *state, sc *Script, line uint) {
	for name, al := range st.aliases {
		if ancestorOrSelf(al.sc, sc) {
			continue
		}
		st.aliases = cloneMap(st.aliases)
		al.sc, al.line = sc, line
		st.aliases[name] = al
	}
}

// ancestorOrSelf reports whether a is b or a script b is nested in.
func ancestorOrSelf(a, b *Script) bool {
	for ; b != nil; b = b.Parent {
		if a == b {
			return true
		}
	}
	return false
}

// child parses text as a script that a program started by call runs (a
// new process: it starts with the exported variables) and walks it.
func (w *walker) child(c scope, call *Call, text string, host *Arg, kind string, dynamic bool) {
	env := call.env
	if env == nil {
		env = w.cur.exportedOnly(call.Dir, w.home)
	}
	w.childIn(c, call, text, host, kind, dynamic, env, call.Dir)
}

// inShell are the kinds of nested script that the shell itself runs, in
// its own state.
var inShell = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"eval": true, compoundKind: true, "arithmetic": true, "prompt": true, "alias": true, "mapfile -C": true, "sourced": true,
		"compgen -F": true, "compgen -W": true, "fc -s": true}
}}

// chdir returns the directory after a cd, pushd or popd call.
// cdPathSearched reports whether cd looks p up in the directories of a
// CDPATH the script set (bash searches CDPATH for a relative name that
// does not start with ./ or ../; CDPATH=/ turns cd etc into cd /etc).
func cdPathSearched(p string, st *state) bool {
	if p == "" || strings.HasPrefix(p, "/") || p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		return false
	}
	v, ok := st.vars["CDPATH"]
	return ok && (!v.known || v.set && v.str != "" && v.str != ".")
}

// fedWord reports whether v holds a string that stands for words xargs
// or find -exec hand the script being walked at run time.
func (w *walker) fedWord(v string) bool {
	for _, p := range w.fed {
		if p != "" && strings.Contains(v, p) {
			return true
		}
	}
	return false
}

func (w *walker) chdir(call *Call, st *state) Dir {
	dir := st.dir
	switch call.Name {
	case "cd", "pushd":
		var target *Arg
		for i := range call.Args {
			a := &call.Args[i]
			if a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-" && !(call.Name == "pushd" && dirStackIndex(a.Value)) {
				continue // -L, -P, --
			}
			target = a
			break
		}
		if target != nil && target.Static && target.Glob && target.Pattern() != "" {
			// cd /tmp/x/[m]: bash expands the pattern first; cd enters
			// its one match (several are refused: dirTooMany). Matches
			// only run time can list leave the directory unknown.
			switch words := w.expandedWords(dir, *target); {
			case len(words) == 1:
				target = &words[0]
			case words == nil && w.read != nil:
				target = &Arg{Value: target.Raw, Raw: target.Raw}
			}
		}
		target = w.fdLogicalTarget(call, st, target) // fdcdlogical.go
		next := Dir{}
		switch {
		case target == nil && call.Name == "cd":
			if h := st.get("HOME"); h.known && h.set && h.str != "" {
				next = Dir{Path: cleanPath(h.str), Known: true}
			}
		case target != nil && !target.Static:
			// cd "$(git rev-parse --git-dir)" enters the repository's .git.
			if d, ok := shellFdDir(dir, target.Value); ok {
				// cd /proc/$$/fd, cd $$/fd in /proc, cd /proc/$p/fd
				// after p=$$: the shell's descriptor directory, so that
				// a name there (> 3) is the descriptor fdRef reads
				// (dirFdRef).
				next = Dir{Path: d, Known: true}
			} else if d, ok := gitDirOutput(target.Value); ok {
				next = dir.Join(d)
			} else if showsTopLevel(target.Value) {
				next = w.repoTop(dir, st)
			} else if target.OneOf && len(target.Candidates()) > 0 {
				// cd "$d" where d is one of a few values: one of those
				// directories (a program there reads each).
				next = w.dirWord(dir, *target)
			}
		case target != nil && target.Value == "-" && target.Static && call.Name == "cd":
			// cd - goes back to OLDPWD: as set for this command too
			// (OLDPWD=~/.claude cd -), a relative one from here.
			o := st.get("OLDPWD")
			if call.env != nil {
				if e, ok := call.env.vars["OLDPWD"]; ok {
					o = e
				}
			}
			if o.known && o.set && o.str != "" {
				next = dir.Join(o.str)
			}
		case target == nil || target.Value == "-" || strings.HasPrefix(target.Value, "+"):
		case w.fedWord(target.Value):
			// find -exec sh -c 'cd {} && …': a directory find hands
			// the script at run time.
		case cdPathSearched(target.Value, st) || call.env != nil && cdPathSearched(target.Value, call.env):
			// CDPATH names the directories cd searches first: the
			// target depends on what exists when it runs.
			next = w.cdPathDir(dir, target.Value, st, call.env)
		case st.cdableVars && isName(target.Value) && !(st.get(target.Value).known && !st.get(target.Value).set) && !w.isDir(dir.Join(target.Value)):
			// shopt -s cdable_vars; h=/; cd h: with no directory h, cd
			// goes to $h; to somewhere only run time knows when $h is
			// (h=$(ls -d ~); cd h).
			if v := st.get(target.Value); v.known {
				next = dir.Join(v.str)
			}
		case fdCdTarget(target, call) != "":
			// exec 3<~; cd /dev/fd/3: the directory the descriptor
			// was opened on, as the kernel resolved it (fddir.go).
			next = Dir{Path: physicalPath(fdCdTarget(target, call), st.links, w.read != nil), Known: true}
			if !cdPhysical(call, st) && slices.Contains(strings.Split(target.Value, "/"), "..") {
				// cd /dev/fd/3/..: bash first drops each ".." with the
				// name before it, in the text (/dev/fd), and enters that
				// directory when it exists; only when it does not (cd
				// /dev/fd/3/../.ssh) does it let the kernel climb out
				// of the descriptor's directory.
				logical := dir.Join(target.Value)
				through := fdFilesBelow(cleanPath(target.Value), call.Route, true)
				switch {
				case len(through) == 1 && w.isDir(Dir{Path: through[0], Known: true}):
					// cd /dev/fd/3/../3/sub: the text left names a
					// directory through the descriptor again.
					next = Dir{Path: physicalPath(through[0], st.links, w.read != nil), Known: true}
				case w.isDir(logical):
					next = logical
				case w.read == nil && logical.Known:
					next = dirOneOf([]string{logical.Path, next.Path})
				}
			}
		case cdPhysical(call, st) && (dir.Known || strings.HasPrefix(target.Value, "/")):
			// cd -P s/.., set -P; cd s: links are resolved before "..".
			p := target.Value
			if !strings.HasPrefix(p, "/") {
				p = dir.Path + "/" + p
			}
			next = Dir{Path: physicalPath(p, st.links, w.read != nil), Known: true}
		default:
			next = dir.Join(target.Value)
		}
		w.noteFdLogical(call, st, target, next)
		if call.Name == "pushd" {
			// Each stack a path of the script can have changes on its
			// own (dirstackpaths.go eachStack).
			if pushdNoChange(call) {
				// pushd -n DIR adds DIR below the top and stays; -n with
				// a rotation is left unknown.
				if target == nil || target.Static && dirStackIndex(target.Value) {
					st.forgetStack()
					return dir
				}
				return eachStack(st, dir, func(s *state, here Dir) Dir {
					l := dirsList(s, here)
					l = append([]Dir{l[0], next}, l[1:]...)
					return setDirs(s, l)
				})
			}
			if target == nil || target.Static && dirStackIndex(target.Value) {
				// pushd with no directory swaps the top two entries,
				// pushd +N/-N rotates the stack to bring that entry on
				// top.
				return eachStack(st, Dir{}, func(s *state, here Dir) Dir { return rotateDirs(s, here, target) })
			}
			return eachStack(st, next, func(s *state, here Dir) Dir {
				s.stack = append(slices.Clone(s.stack), here)
				return next
			})
		}
		return next
	case "popd":
		var target *Arg
		for i := range call.Args {
			if a := &call.Args[i]; !(a.Static && a.Value == "-n") {
				target = a
				break
			}
		}
		if pushdNoChange(call) {
			// popd -n removes an entry below the top and stays.
			return eachStack(st, dir, func(s *state, here Dir) Dir { return popNoChange(s, here, target) })
		}
		return eachStack(st, Dir{}, func(s *state, here Dir) Dir { return popDir(s, here, target) })
	}
	return dir
}

// cdPathDir is the directory cd NAME enters when CDPATH is set: the
// first entry of CDPATH (an empty entry is the working directory) that
// holds a directory NAME on disk when the hook runs, else NAME in the
// working directory when it is there. Anything else — CDPATH only known
// at run time, a directory that does not exist yet — is unknown.
func (w *walker) cdPathDir(dir Dir, name string, st, env *state) Dir {
	v := st.get("CDPATH")
	if env != nil {
		if e, ok := env.vars["CDPATH"]; ok {
			v = e
		}
	}
	str := v.str
	if !v.known && v.pidText != "" {
		// CDPATH=/proc/$$: the shell's own /proc directory, which
		// /proc/self names to the kernel (and to the look-up below).
		str, v.known = shellFdCanon(pidAsSelf(v.pidText)), true
	}
	if !v.known || !dir.Known {
		return Dir{}
	}
	var cands []string
	for _, e := range strings.Split(str, ":") {
		if e == "" {
			e = "."
		}
		cand := dir.Join(e).Join(name)
		if w.isDir(cand) {
			return cand
		}
		cands = append(cands, cand.Path)
	}
	if cand := dir.Join(name); w.isDir(cand) {
		return cand
	}
	// None is a directory yet (the command may make one first): any of
	// them, or NAME here.
	return dirOneOf(append(cands, dir.Join(name).Path))
}

// pushdNoChange reports whether a pushd or popd call has -n, which
// changes only the stack, not the working directory.
func pushdNoChange(call *Call) bool {
	for _, a := range call.Args {
		if !a.Static || !strings.HasPrefix(a.Value, "-") || a.Value == "-" || dirStackIndex(a.Value) {
			return false
		}
		if a.Value == "--" {
			return false
		}
		if strings.Contains(a.Value[1:], "n") {
			return true
		}
	}
	return false
}

// dirStackIndex reports whether a pushd or popd operand is +N or -N: an
// entry of the directory stack, counted from the left (+) or the right
// (-) of what `dirs` prints.
func dirStackIndex(v string) bool {
	if len(v) < 2 || v[0] != '+' && v[0] != '-' {
		return false
	}
	for _, r := range v[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// dirsList is the directory stack as `dirs` prints it: the working
// directory first, then the entries pushd saved, most recent first.
func dirsList(st *state, dir Dir) []Dir {
	l := []Dir{dir}
	for i := len(st.stack) - 1; i >= 0; i-- {
		l = append(l, st.stack[i])
	}
	return l
}

// setDirs stores l (as dirsList gives it) back: l[0] is the new working
// directory, which it returns.
func setDirs(st *state, l []Dir) Dir {
	st.stack = make([]Dir, 0, len(l)-1)
	for i := len(l) - 1; i >= 1; i-- {
		st.stack = append(st.stack, l[i])
	}
	return l[0]
}

// stackEntry returns the index in l that +N or -N names, or -1 when it
// names none (bash then fails and the directory does not change).
func stackEntry(l []Dir, v string) int {
	n := 0
	for _, r := range v[1:] {
		n = n*10 + int(r-'0')
		if n > len(l) {
			return -1
		}
	}
	if v[0] == '-' {
		n = len(l) - 1 - n
	}
	if n < 0 || n >= len(l) {
		return -1
	}
	return n
}

// rotateDirs is pushd with no directory (swap the top two) or with +N/-N
// (rotate the stack so that entry is on top), returning the new working
// directory. With a stack not known, the directory is unknown.
func rotateDirs(st *state, dir Dir, target *Arg) Dir {
	if !st.stackKnown {
		return Dir{}
	}
	l := dirsList(st, dir)
	if target == nil {
		if len(l) < 2 {
			return dir // bash: no other directory
		}
		l[0], l[1] = l[1], l[0]
		return setDirs(st, l)
	}
	i := stackEntry(l, target.Value)
	if i < 0 {
		return dir
	}
	return setDirs(st, append(append([]Dir{}, l[i:]...), l[:i]...))
}

// popDir is popd: with no operand it removes the top entry and enters
// the next; +N/-N removes that entry (entering the next only when it was
// the top). Anything else, or a stack not known, leaves the directory
// unknown.
func popDir(st *state, dir Dir, target *Arg) Dir {
	if !st.stackKnown {
		return Dir{}
	}
	l := dirsList(st, dir)
	i := 0
	if target != nil {
		switch {
		case !target.Static:
			// popd "$n": an entry only run time names.
			st.stack, st.stackKnown = nil, false
			return Dir{}
		case !dirStackIndex(target.Value):
			return dir // bash: invalid argument, nothing changes
		}
		if i = stackEntry(l, target.Value); i < 0 {
			return dir
		}
	}
	if len(l) < 2 {
		return dir // bash: directory stack empty
	}
	l = append(append([]Dir{}, l[:i]...), l[i+1:]...)
	return setDirs(st, l)
}

// popNoChange is popd -n: it removes an entry of the stack and stays.
// With no operand, or one naming the working directory (+0), the entry
// removed is the top one pushd saved; with an empty stack it fails.
func popNoChange(st *state, dir Dir, target *Arg) Dir {
	l := dirsList(st, dir)
	i := 1
	if target != nil {
		switch {
		case !target.Static:
			st.stack, st.stackKnown = nil, false
			return dir
		case !dirStackIndex(target.Value):
			return dir
		}
		if i = stackEntry(l, target.Value); i < 0 {
			return dir
		}
	}
	if len(l) < 2 {
		return dir // bash: directory stack empty
	}
	i = max(i, 1)
	l = append(append([]Dir{}, l[:i]...), l[i+1:]...)
	return setDirs(st, l)
}

// declPrint records a declaration command that prints variables with
// their values (see VarPrint): export with no name or with -p, declare
// and typeset with -p, or with only options (declare -x lists the
// exported ones) or nothing. Functions (-f, -F) are not variables.
func (w *walker) declPrint(c scope, d *sh.DeclClause, st *state) {
	variant := d.Variant.Value
	if variant != "export" && variant != "declare" && variant != "typeset" && variant != "readonly" {
		return
	}
	p := false
	exported := variant == "export"
	ro := variant == "readonly"
	var names []string
	dynamic := false
	for _, a := range d.Args {
		if a.Name != nil {
			if !a.Naked || a.Value != nil || a.Array != nil || a.Index != nil {
				return // an assignment: declares, does not print
			}
			names = append(names, a.Name.Value)
			continue
		}
		f := ""
		if a.Value != nil {
			f = LitText(a.Value)
		}
		switch {
		case strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+"):
			if strings.ContainsAny(f, "fF") {
				return
			}
			p = p || strings.HasPrefix(f, "-") && strings.Contains(f, "p")
			exported = exported || strings.HasPrefix(f, "-") && strings.Contains(f, "x")
			ro = ro || strings.HasPrefix(f, "-") && strings.Contains(f, "r") && variant != "export"
		default:
			dynamic = true // a word only run time knows
		}
	}
	if dynamic {
		if !p {
			return // declare "$a": an assignment, or a name declared
		}
		// declare -p "$v" prints a variable only run time names: any
		// of them (for v in $(compgen -v); do declare -p "$v"; done).
		names = nil
	}
	if len(names) > 0 && !p {
		return // export KEY, declare KEY: no output
	}
	vp := VarPrint{Script: c.sc, Start: int(d.Pos().Offset()), End: int(d.End().Offset()), Names: names, Exported: exported, Readonly: ro, Dir: st.dir}
	if vp.End > len(c.sc.Src) || vp.Start > vp.End {
		vp.Start, vp.End = 0, 0
	}
	if st.tainted() {
		vp.Sources = st.sources()
	}
	w.m.Prints = append(w.m.Prints, vp)
}

// sgCommand returns the words of the command sg runs: sg [-] GROUP [-c]
// COMMAND, where /bin/sh -c runs COMMAND (sg(1)). These words are
// positional, not getopt options, so no option table reads them. ok is
// false for ast-grep's sg, which shares the name (sg run --pattern P,
// sg -p P), and when there is no command.
func sgCommand(args []Arg) ([]Arg, bool) {
	if len(args) > 0 && args[0].Value == "-" {
		args = args[1:]
	}
	if len(args) < 2 {
		return nil, false
	}
	const runFlag = "-c"
	if strings.HasPrefix(args[0].Value, "-") || strings.HasPrefix(args[1].Value, "-") && args[1].Value != runFlag {
		return nil, false
	}
	args = args[1:]
	if args[0].Value == runFlag {
		args = args[1:]
	}
	return args, len(args) > 0
}

// nixShellRun returns the word nix-shell --run CMD or --command CMD hands
// to its shell, or nil. nix-shell has options with two values (--arg
// NAME EXPR, --argstr NAME STRING), which the option scanner does not
// model, so the option is looked for by name.
func nixShellRun(args []Arg) *Arg {
	for i := 0; i+1 < len(args); i++ {
		if v := args[i].Value; v == "--run" || v == "--command" {
			return &args[i+1]
		}
	}
	return nil
}

// pipeTimeProgram returns, for a pipeline stage after the first that
// the parser read as a time clause (… | time bash, … | time -p sh),
// the call of the time program bash really runs there: "time" is a
// reserved word only at the start of a pipeline, so the stage runs GNU
// time, the wrapper, with the words after it (its stdin the pipe). It
// returns nil for any other stage.
func pipeTimeProgram(stg *sh.Stmt) *sh.Stmt {
	tc, ok := stg.Cmd.(*sh.TimeClause)
	if !ok || tc.Stmt == nil {
		return nil
	}
	call, ok := tc.Stmt.Cmd.(*sh.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	t := tc.Time
	lit := func(v string) *sh.Word {
		end := sh.NewPos(t.Offset()+uint(len(v)), t.Line(), t.Col()+uint(len(v)))
		return &sh.Word{Parts: []sh.WordPart{&sh.Lit{ValuePos: t, ValueEnd: end, Value: v}}}
	}
	words := []*sh.Word{lit("time")}
	if tc.PosixFormat {
		words = append(words, lit("-p"))
	}
	c2 := *call
	c2.Args = append(words, call.Args...)
	s2 := *stg
	s2.Cmd = &c2
	s2.Redirs = append(append([]*sh.Redirect(nil), stg.Redirs...), tc.Stmt.Redirs...)
	return &s2
}

// timeProgram returns the statement a time clause runs. Where its first
// word is an option (time -o FILE -f FMT CMD), the POSIX shells (dash,
// bash --posix, which is sh on many systems) run the time program, GNU
// time, with those options: the statement is then that program's call,
// the keyword's own word "time" put back before the others, so that time
// is read as the wrapper it is (its -o FILE written, CMD run). Bash
// outside POSIX mode would look for a command named "-o" instead; reading
// it as the program only judges more.
func timeProgram(cmd *sh.TimeClause) *sh.Stmt {
	call, ok := cmd.Stmt.Cmd.(*sh.CallExpr)
	if !ok || len(call.Args) == 0 || cmd.PosixFormat {
		return cmd.Stmt
	}
	first := call.Args[0].Lit()
	if !strings.HasPrefix(first, "-") || first == "-" || first == "--" {
		return cmd.Stmt
	}
	t := cmd.Time
	end := sh.NewPos(t.Offset()+4, t.Line(), t.Col()+4)
	word := &sh.Word{Parts: []sh.WordPart{&sh.Lit{ValuePos: t, ValueEnd: end, Value: "time"}}}
	c2 := *call
	c2.Args = append([]*sh.Word{word}, call.Args...)
	s2 := *cmd.Stmt
	s2.Cmd = &c2
	s2.Position = t
	return &s2
}

// unsetElement models unset 'NAME[SUB]' (false when the word names no
// element): an indexed array known to corral loses the element, which
// keeps it dense only when it was the last one (a=(x y z); unset 'a[2]';
// a+=(w) gives x y w in bash); an element before it leaves a hole, and
// the array is then only known at run time; 'a[@]' and 'a[*]' empty the
// array; 'x[0]' of a scalar unsets it, another index changes nothing.
// What only run time knows (a subscript that is not a literal integer,
// an associative array, a pattern bash may match to a file) makes the
// variable unknown.
func unsetElement(st *state, a Arg) bool {
	name, sub, ok := strings.Cut(a.Value, "[")
	if !ok || !isName(name) || !strings.HasSuffix(sub, "]") {
		return false
	}
	sub = strings.TrimSuffix(sub, "]")
	n, ok := st.resolve(name)
	if !ok {
		st.forgetAll()
		return true
	}
	v := st.get(n)
	if v.readonly {
		return true // bash: cannot unset: readonly variable
	}
	if v.knownAssoc() && !(a.Glob && a.Pattern() != "") && !strings.ContainsAny(sub, "$`") {
		// unset 'm[KEY]': the key goes. 'm[@]' removes the key @ in
		// bash 5.2 and every element in 5.1: left to run time.
		if sub == "@" || sub == "*" {
			st.forget(n)
		} else {
			st.setVar(n, v.withoutKey(sub))
		}
		return true
	}
	idx, err := strconv.Atoi(sub)
	switch {
	case a.Glob && a.Pattern() != "" || v.assoc || !v.known || v.nameref:
		st.forget(n)
	case !v.set:
	case sub == "@" || sub == "*":
		st.setVar(n, variable{known: true, exported: v.exported})
	case err != nil || strings.TrimLeft(sub, "-0123456789") != "":
		st.forget(n)
	case !v.array:
		if idx == 0 || idx == -1 {
			st.setVar(n, variable{known: true, exported: v.exported})
		}
	default:
		if idx < 0 {
			idx += v.maxIndex() + 1
		}
		if idx >= 0 {
			// The element goes; one before the last leaves a hole
			// (a=(x ~ y); unset 'a[0]'; a+=(w) puts w at 3).
			st.setVar(n, v.withoutElem(idx))
		}
	}
	return true
}

// literalIndex is an array subscript written as a plain non-negative
// decimal number ([2], not [i] or [1+1]), which is where the element goes
// in an indexed array.
func literalIndex(x sh.ArithmExpr) (int, bool) {
	w, ok := x.(*sh.Word)
	if !ok {
		return 0, false
	}
	lit := w.Lit()
	if lit == "" || len(lit) > 9 || strings.TrimLeft(lit, "0123456789") != "" || len(lit) > 1 && lit[0] == '0' {
		return 0, false
	}
	n, err := strconv.Atoi(lit)
	return n, err == nil
}

// varFdPersists reports whether a {var} redirection of statement s (whose
// call is host, nil for a compound command or one of redirections only)
// leaves its descriptor open, numbered by var, in the shell state st
// after it: bash 5.2 keeps it open for exec, any other builtin, a
// function and a compound command ({ …; } {fd}>f); an external program
// gets it in its own process only, and a statement of redirections only
// opens it in a child (bash: echo "$fd" after {fd}>f prints nothing).
func (w *walker) varFdPersists(s *sh.Stmt, host *Call, st *state) bool {
	if host == nil {
		_, isCall := s.Cmd.(*sh.CallExpr)
		return s.Cmd != nil && !isCall
	}
	if host.Name == "exec" {
		return len(host.Args) == 0
	}
	if _, ok := st.funcs[host.Name]; ok {
		return true
	}
	return bashBuiltins.Has(host.Name)
}

// dupStream returns the stream a duplication {var}>&WORD or {var}<&WORD
// gives the new descriptor: a copy of descriptor N, of the stream a
// coprocess's or another {var}'s number names, closed for "-", nil when
// only run time knows it.
func dupStream(st *state, red Redirect) *Stream {
	v := red.Target.Value
	switch {
	case red.Dup != nil:
		return red.Dup
	case !red.Target.Static:
		return &Stream{Kind: StreamUnknown}
	case v == "-":
		return &Stream{Kind: StreamClosed}
	case fdNumber(v):
		n, _ := strconv.Atoi(v)
		s := st.fd(n)
		return &s
	}
	return &Stream{Kind: StreamUnknown}
}

// ppidIsShell reports a shell call (sh -c …) whose parent process is the
// shell that runs the command, with the descriptors that shell has: no
// redirection of its own (sh -c … 3>f changes fd 3 in the child only),
// and no wrapper that forks (sudo, timeout, xargs are the parent then);
// env, nice, nohup, command and exec replace themselves with the shell.
func ppidIsShell(call *Call) bool {
	if call == nil || len(call.Redirs) > 0 || call.ExtraArgs {
		return false
	}
	for _, w := range call.Wrappers {
		switch w {
		case "env", "nice", "nohup", "command", "exec", "builtin", "stdbuf":
		default:
			return false
		}
	}
	return true
}

// nullCommand is the call a statement with redirections and no command
// word stands for: ":", spanning the statement, so that the call's text
// is the statement's (a finding shows "> f").
func nullCommand(s *sh.Stmt) *sh.CallExpr {
	end := s.Redirs[len(s.Redirs)-1].Word.End()
	return &sh.CallExpr{Args: []*sh.Word{{Parts: []sh.WordPart{&sh.Lit{ValuePos: s.Pos(), ValueEnd: end, Value: ":"}}}}}
}
