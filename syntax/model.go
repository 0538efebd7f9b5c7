package syntax

import (
	"path"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Call is one simple command, after its wrappers have been taken off.
type Call struct {
	Script *Script
	// Stmt is the statement whose command this call is (for a call inside
	// a wrapper, the wrapper's statement).
	Stmt *sh.Stmt
	Expr *sh.CallExpr
	// Name is the command name: the static value of its first word with
	// any directory removed ("/usr/bin/git" and "\git" are "git"). It is
	// "" when the name is only known at run time.
	Name string
	// NameArg is the word that names the command.
	NameArg Arg
	// Args are the words after the name.
	Args []Arg
	// Choice is set when the command name is only known at run time but
	// takes one of a bounded set of values: the call is then one reading
	// of the statement, with Name and NameArg the value's (see
	// NameChoice). Calls of one statement share the pointer.
	Choice *NameChoice
	// Wrappers lists the commands taken off, outermost first ("sudo",
	// "env", "xargs", "find -exec", ...).
	Wrappers []string
	// Redirs are the redirections of Stmt.
	Redirs []Redirect
	// Dir is the working directory the command runs in.
	Dir Dir
	// Pipe is the pipeline the statement is a stage of, if any.
	Pipe      *Pipeline
	PipeIndex int
	// Host is the call whose argument or redirection holds the command
	// or process substitution this call is in, and Subst its kind
	// ("$(", "<(", ">("); both are empty outside substitutions.
	Host  *Call
	Subst string
	// HostDecl is, for a call in a $( ) among the words of an assignment
	// builtin that only assigns (export $(…), declare $(…), not -p), that
	// builtin's name (which is no Call); "" otherwise.
	HostDecl string
	// Loop reports that the call is inside a for, while or until body.
	Loop bool
	// Trace are the shell's set -x / set -v where the call runs, on
	// when they may be (see state.trace).
	Trace TraceOpts
	// echoEscapes reports that echo may turn backslash escapes into
	// bytes where the call runs: dash's echo does (and -e is a word it
	// prints), bash's after shopt -s xpg_echo.
	echoEscapes bool
	// zshEcho reports that the call runs in zsh, whose echo interprets
	// backslash escapes unless -E (zsh.go).
	zshEcho bool
	// ExtraArgs reports that more arguments are added at run time
	// (xargs, find -exec {}).
	ExtraArgs bool
	// RunBy is the call that runs this one when the shell does not run
	// it directly: the find of a find -exec command, the shell (or eval,
	// su, …) whose nested script holds the call. nil otherwise. A call
	// in a script that xargs or find -exec hand their arguments to
	// (find -exec sh -c 'rm -rf {}' \;) gets them through its RunBy.
	RunBy *Call
	// Forwards is the call typed at the shell that this one, in a
	// wrapper script found through the inherited PATH, runs again: the
	// same program (by its name or by a path to it) through exec with
	// exactly the words the wrapper was given ("$@"), in the same
	// directory, with the environment the wrapper changed (ForwardEnv,
	// the names of the exported variables that differ, sorted). Its
	// findings are judged as usual, the environment included; an
	// acquisition in it is the typed call's, which is moved into the
	// sandbox where it was typed, unless a variable of ForwardEnv
	// decides where content lands (GIT_DIR, HOME, WGETRC, …). nil
	// otherwise.
	Forwards   *Call
	ForwardEnv []string
	// Replace is the string xargs replaces by each input in the words of
	// the command it runs (xargs -I FOO, --replace, -i: {}), or "" when
	// the inputs are appended.
	Replace string
	// rpl are GNU parallel's replacement strings, with the names its
	// options give them (placeholders.go); nil for other launchers.
	rpl []replString
	// sshPlace is, for ssh, where its destination runs commands as its
	// options and configuration decide (sshtarget.go), and sshWhy says
	// why when that is not plainly another machine.
	sshPlace sshPlace
	sshWhy   string
	// sshJump is the ProxyJump value when a hop resolves the loopback
	// destination (ssh -J prod localhost reaches prod): sshPlace says
	// where that is.
	sshJump string
	// hostPlaces are, for scp, sftp and rsync over ssh, the operands
	// whose host ssh sends to this machine or to a place only run time
	// knows (sshtransfer.go).
	hostPlaces []hostPlace
	// sourced reports that the file this source/. call runs was read and
	// walked in the caller's state, which then holds what it set.
	sourced bool
	// runTimeRead reports a script named only at run time that was
	// judged as each file the command wrote under a run-time name
	// (runTimeScript): the files it may be are read.
	runTimeRead bool
	// ctrRuns are the docker runs a docker exec, start -i or compose
	// run/exec amounts to, with the container's options (containerexec.go).
	ctrRuns []*Call
	// FetchedFrom is, for a git call that puts the commits its revisions
	// name into the work tree (GitTreeVerb), the foreign repository an
	// earlier command fetched one of them from, as the repository on disk
	// records it (FETCH_HEAD, the reflog of a ref a fetch stored into),
	// when that is not a configured remote; "" otherwise.
	FetchedFrom string
	// ScriptPaths are the files a source/. call or a shell's script
	// operand without a slash may open through PATH (. id_rsa after
	// PATH=~/.ssh), besides the name in the working directory: the one
	// bash opens when PATH is known, the ones it may open otherwise.
	ScriptPaths []string
	// PathDir is the first directory of the PATH the call runs with that
	// is not a system one (relative, ".", the project, /tmp, a home
	// directory) and is searched for the command's name before a system
	// directory that holds the program: the file found there runs
	// (PATH=.:$PATH ls, export PATH=/tmp/x; cat f). PathRunTime reports
	// a part of PATH only run time knows searched first (PATH=$X:$PATH
	// ls). Both are empty for the PATH the shell inherits and for system
	// directories (PATH=/usr/local/go/bin:$PATH, PATH=$PATH:/opt/bin);
	// for a builtin or a function, whose name is not looked up, any entry
	// that is not a system one counts (pathsearch.go).
	PathDir     string
	PathRunTime bool
	// Defined reports a call that ran a function or an alias of the
	// script: what it prints is what the calls of that text print.
	Defined bool
	// fetchPrint is the network call of program text an interpreter
	// call reads from a here-document, a here-string, a "< FILE" or its
	// script file, when that text fetches a URL and prints what it
	// fetched (FetchPrint); "" otherwise.
	fetchPrint string
	// ArgFile is the file xargs -a/--arg-file or parallel -a/--arg-file
	// reads the extra arguments from (not stdin), as written; "" when
	// none is given.
	ArgFile string
	// ArgFileRead reports that ArgFile was read at hook time (a regular
	// file of at most 1 MiB, see ReadScript): Inputs are then every
	// input it gives.
	ArgFileRead bool
	// argDelim is the byte that ends each input of xargs -0 or -d; ""
	// when blanks and quotes split them.
	argDelim string
	// argFileWord is the word of an ArgFile only run time knows ("?").
	argFileWord Arg
	// Inputs are the arguments GNU parallel substitutes for {} or appends
	// (parallel rm -rf {} ::: a b), when the command gives them.
	Inputs []Arg
	// Start and End are the byte span of the call in Script.Src, from its
	// first word (wrappers included) to its last.
	Start, End int
	// fds are the call's file descriptors other than the ones it
	// inherits unchanged (see Fd).
	fds map[int]Stream
	// namedFds are the streams exec {var}<… opened that the variables
	// still name when the call runs (Route: /dev/fd/$fd).
	namedFds map[string]Stream
	// ReadIn is, for read, mapfile and readarray, the stream they take
	// their input from: stdin, or the descriptor -u names (read -u 3,
	// mapfile -u "$fd" after exec {fd}< <(…), read -u ${COPROC[0]}),
	// StreamUnknown when only run time knows it. nil for other calls.
	ReadIn *Stream
	// env is the state a program the call starts begins with.
	env *state
	// pre are the words before the program's name: the wrappers and
	// their options (strace -o F, sudo -u x).
	pre []Arg
	// envEdit is what the wrappers in pre do to the program's
	// environment (env -i, env -u NAME, env/sudo NAME=value); nil for
	// nothing. envValue reads it.
	envEdit *envEdit
	// modPath are the module search directories the command gives an
	// interpreter call (modulePath).
	modPath []string
	// Sources are the variables of the shell the call runs in whose
	// values may hold a file's content (after source .env), sorted by
	// name; see VarSource.
	Sources []VarSource
	// EnvChanged are the environment variables, sorted, that the command
	// changes for the program: its prefix assignments, env's NAME=value
	// and -u NAME words, and the variables the command assigned or unset
	// before it ("HOME" only when its value is no longer the home
	// directory); "*" when env -i clears the environment.
	EnvChanged []string
	// EnvSet are the values, known to the shell, that the program gets
	// for the variables of EnvChanged that are exported (a prefix
	// assignment, an earlier export), in EnvChanged's order; a value
	// longer than maxEnvSetValue is left out.
	EnvSet []EnvVar
	// WrittenArgs are the files the call's words name (an operand, or
	// the value after "=" of --opt=FILE, or a value of its environment:
	// WGETRC=rc) that an earlier command of the
	// script wrote with text the shell knows, with that text (at most
	// maxEnvSetValue bytes each): printf 'output=x\n' > c.cfg; curl -K
	// c.cfg reads the text written, which is not on disk when the hook
	// runs. A write in a branch that may not run leaves the disk's text
	// possible too.
	WrittenArgs map[string]string
	// Env are the variables of the program's environment whose values
	// may hold a file's content: the exported ones of Sources, the
	// prefix assignments (KEY=$S cmd) and env's NAME=value words (env
	// KEY="$S" cmd), sorted by name.
	Env []VarSource
	// EnvFiles are the files the program writes because its environment
	// names them (GIT_TRACE=/abs/file, HISTFILE, SSLKEYLOGFILE); see
	// envFileVars.
	EnvFiles []EnvFile
	// ShellReads are the files the call's shell reads through its own
	// channels (start-up files, history, readline), see shellReads.
	ShellReads []ShellRead
	// GitEnvConfig are the "key=value" settings a git call takes from its
	// environment (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT with
	// GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n), as git -c gives them,
	// after those of the configuration files the environment points git
	// at (GIT_CONFIG_GLOBAL, HOME, XDG_CONFIG_HOME), which they override; a
	// value only known at run time is its text as written.
	GitEnvConfig []string
}

// ArgFileWord returns the word of an ArgFile only run time knows ("?"):
// a process substitution (xargs -a <(find …)) or a word with run-time
// parts.
func (c *Call) ArgFileWord() Arg { return c.argFileWord }

// Text returns the source of the call, wrappers included.
func (c *Call) Text() string { return c.Script.Src[c.Start:c.End] }

// Words returns the values of the arguments; dynamic words keep their text.
func (c *Call) Words() []string {
	out := make([]string, len(c.Args))
	for i, a := range c.Args {
		out[i] = a.Value
	}
	return out
}

// Redirect is a redirection of a statement.
type Redirect struct {
	Node *sh.Redirect
	// Op is the operator as written: ">", ">>", "&>", "&>>", ">|", "<",
	// "<<", "<<<", ">&", "<&", "<>".
	Op string
	// Fd is the file descriptor number written before the operator, or "".
	Fd     string
	Target Arg
	// Dir is the directory a relative target is resolved against.
	Dir  Dir
	Stmt *sh.Stmt
	// Script is the script the redirection is in.
	Script *Script
	// Dup is where a duplication (<&, >&) whose target only run time
	// knows leads when corral knows it all the same: a coprocess's
	// descriptor (<&${COPROC[0]}).
	Dup *Stream
	// expanded is the body of an unquoted here-document, expanded in
	// the state where it opens.
	expanded *Arg
	// From are the files whose content the text of a here-document or
	// here-string may hold (<<< "$KEY" after source .env), sorted.
	From []string
	// Proc is the pipe of the process substitution the target is
	// (< <(…), > >(…)): the redirection opens that pipe, not a file.
	Proc *Pipeline
	// at is the descriptor table when the redirection opens (Route).
	at *fdTable
}

// Writes reports whether the redirection opens its target for writing
// (not a duplication such as 2>&1).
func (r Redirect) Writes() bool {
	if r.Proc != nil {
		return false // > >(…) writes into a pipe
	}
	switch r.Op {
	case ">", ">>", "&>", "&>>", ">|", "<>":
		return true
	case ">&":
		// >&file (no digits) writes a file in bash.
		v := r.Target.Value
		if v == "-" || v == "" {
			return false
		}
		for i := 0; i < len(v); i++ {
			if v[i] < '0' || v[i] > '9' {
				return r.Target.Static
			}
		}
		return false
	}
	return false
}

// Pipeline is a run of statements joined by | or |&.
type Pipeline struct {
	Stmts []*sh.Stmt
	// Calls holds, per stage, the stage's own call (nil for a compound
	// stage such as a subshell).
	Calls []*Call
	// Subst is "<(" or ">(" for the pipe of a process substitution,
	// modelled as a pipeline of two stages: stage 0 writes the pipe,
	// stage 1 reads it. For <(…) the writer is the substitution's last
	// call and the reader its Host, which reads the pipe as a file
	// (/dev/fd/63) or, after < <(…), on a descriptor; for >(…) the
	// writer is Host and the reader the substitution's first call.
	Subst string
	Host  *Call
	// Coproc reports the two pipes of a coprocess (coproc.go): its
	// readers and writers are commands of the script, not stages.
	Coproc bool
}

// Stage returns the call of stage i, or nil.
func (p *Pipeline) Stage(i int) *Call {
	if p == nil || i < 0 || i >= len(p.Calls) {
		return nil
	}
	return p.Calls[i]
}

// Model is everything syntax knows about a command.
type Model struct {
	// procPipes are the pipes of the process substitutions of the
	// command and its nested scripts (procsubst.go).
	procPipes map[*sh.ProcSubst]*Pipeline
	Script    *Script
	Calls     []*Call
	Redirs    []Redirect
	Scripts   []*Script
	// Truncated reports that a limit (MaxDepth, MaxCalls) stopped the walk.
	Truncated bool
	// Unparsed lists nested script strings that did not parse.
	Unparsed []*Script
	// Hidden lists code the command runs that corral cannot see.
	Hidden []Hidden
	// RunFileWrites lists the writes of files something runs by itself
	// (a site directory's .pth or sitecustomize, VS Code's settings) that
	// the walker judged by their text, known or not: a writer the walker
	// does not follow is judged by the rules (runfile_writes.go).
	RunFileWrites []RunFileWrite
	// DiskReads are the files the walk read from disk to judge what a
	// call runs (a script, a Makefile, package.json), with the call that
	// reads them (scriptfile.go): a file an earlier call changes in a way
	// the walk does not follow holds other text when the call runs.
	DiskReads []DiskRead
	// FileRefs are the @PATH references of agent memory files the command
	// writes with known text (filerefs.go).
	FileRefs []FileRef
	// MemoryEdits are the sed -i edits of memory files (and the files they
	// import) whose text corral's own reading does not compute, left to
	// the rules to run in GNU sed's sandbox (memoryedits.go).
	MemoryEdits []MemoryEdit
	// Prints lists the declaration commands that print variables with
	// their values (export -p, declare -p, declare -x, a bare export or
	// declare), which the parser gives as declarations, not calls.
	Prints []VarPrint
	// EnvSends are the programs whose code reads environment variables
	// and opens a network connection (lang.Send).
	EnvSends []EnvSend
	// NetWrites are the programs whose code, written in the command,
	// opens a network connection and writes a file (lang.Fetch).
	NetWrites []NetWrite
	// CodeUploads are the programs whose code, written in the command,
	// reads a local file and opens a network connection.
	CodeUploads []CodeUpload
	// Unread are the files (absolute paths, sorted) the command leaves
	// with bytes corral could not read: decoded (base64 -d > t), written
	// as binary text (printf '\x7fELF…' > t), a program's output whose
	// content only run time knows, compiled from text corral did not
	// see. Rewrote are the ones it leaves with content corral knows
	// (text it wrote, a program compiled from sources it read, a copy of
	// a system program). The hook keeps both across a session's calls
	// (see Options.Earlier and unread.go).
	Unread, Rewrote []string
	// UnreadBy are the files of Unread that carry the bytes of a file
	// an earlier call wrote (cp t u, mv t u), with that call.
	UnreadBy map[string]string
}

// NetWrite is program code run by Call that fetches from the network
// and writes the file Path ("" when only run time names it): what it
// fetched may be what it writes.
// CodeUpload is program code, written in the command, that reads a
// local file and opens a network connection (lang.Upload): Path is the
// file as the code names it, Hosts the host each network call of the
// code names by a literal ("" for one whose target is built at run
// time).
type CodeUpload struct {
	Call  *Call
	Path  string
	Hosts []string
	// What names the code and the network call.
	What string
}

type NetWrite struct {
	Call *Call
	Path string
	// What names the code and the network call ("in python code (-c,
	// line 1): urllib.request.urlretrieve").
	What string
}

// VarPrint is a declaration command that prints variables with their
// values: export -p (or a bare export) prints the exported ones, declare
// -p, typeset -p, a bare declare all of them, declare -x the exported
// ones, declare -p NAME… the names given.
type VarPrint struct {
	Script     *Script
	Start, End int
	// Names are the variables named (declare -p KEY); empty for all.
	Names []string
	// Exported reports that only exported variables are printed.
	Exported bool
	// Readonly reports that only read-only variables are printed
	// (readonly -p, a bare readonly, declare -pr).
	Readonly bool
	// Sources are the variables of the shell at that point whose values
	// may hold a file's content.
	Sources []VarSource
	Dir     Dir
}

// EnvSend is program code run by Call that reads the environment
// variables Names (every variable when Any) and opens a network
// connection: the values Call.Env holds may leave the machine.
type EnvSend struct {
	Call  *Call
	Names []string
	Any   bool
	// What names the code and the network call ("in python code
	// (-c, line 1): urllib.request.urlopen").
	What string
	// Print reports code that prints the variables (lang.Print:
	// print(os.environ)) instead of sending them; What names the
	// printing call.
	Print bool
	// Hosts are the hosts the code's network calls name by a literal
	// ("" for one built at run time), as CodeUpload's.
	Hosts []string
}

// Text returns the source of the declaration.
func (v VarPrint) Text() string { return v.Script.Src[v.Start:v.End] }

// Options are what Analyze needs to know about the environment.
type Options struct {
	Cwd  string // absolute; "" when unknown
	Home string
	// Project is the project's root, whose own repository configuration
	// (.git/config, which the agent cannot write) is the user's; ""
	// when not known.
	Project string
	// ReadFile reads a script file that the command runs (bash f, ./f,
	// python f.py, package.json, Makefile); nil reads none. ReadScript is
	// the one to use.
	ReadFile func(path string) (string, error)
	// PathLookup lets $(which NAME), $(command -v NAME) and $(type -P
	// NAME) be computed by looking NAME up on the PATH (the command's, or
	// the hook's own when the command set none), as the shell would when
	// it runs: rm "$(which corral)" is rm of the hook's own program.
	PathLookup bool
	// Earlier are the files that earlier calls of the agent's session
	// wrote with bytes corral could not read (Model.Unread), by absolute
	// path, each with the command that wrote it: running one whose
	// current content is not a script corral reads asks.
	Earlier map[string]string
	// EarlierLost reports that the record of those files was lost (the
	// hook could not read it): running a file below Project that is not
	// a script corral reads asks, as if an earlier call had decoded it.
	EarlierLost bool
	// Shell is the shell that runs the command ($SHELL or
	// CLAUDE_CODE_SHELL of the agent): when it is zsh, zsh's meanings of
	// the text are judged too (zsh.go). "" is bash.
	Shell string
	// Imported are the files the memory files on disk import
	// (importedfiles.go): a write of one is judged as a memory file's.
	Imported *ImportedFiles
	// Path is the PATH the command inherits, the hook's own: a bare
	// command name is searched in it as bash does, and a script the
	// agent could have written that it finds is read (pathProgram). ""
	// searches none.
	Path string
}

// Analyze parses src and models every simple command in it.
func Analyze(src string, opt Options) (*Model, error) {
	f, err := parseSource(src)
	if err != nil {
		return nil, err
	}
	top := &Script{Src: src, File: f}
	w := &walker{m: &Model{Script: top}, home: opt.Home, read: opt.ReadFile, project: opt.Project}
	w.earlierLost = opt.EarlierLost
	w.hookPath = opt.Path
	w.imported = opt.Imported
	if len(opt.Earlier) > 0 {
		w.earlier = make(map[string]string, len(opt.Earlier))
		for p, by := range opt.Earlier {
			w.earlier[p] = by
		}
	}
	w.m.Scripts = append(w.m.Scripts, top)
	dir := Dir{}
	if opt.Cwd != "" {
		dir = Dir{Path: cleanPath(opt.Cwd), Known: true}
	}
	root := newState(dir, opt.Home)
	root.pathLookup = opt.PathLookup
	if opt.Project != "" && path.IsAbs(opt.Project) {
		// Claude Code gives its commands the project's root in
		// CLAUDE_PROJECT_DIR, as it gives its hooks, though some of its
		// releases leave it unset (anthropics/claude-code#33815): its
		// candidates are the project and the empty string. rm -rf
		// "$CLAUDE_PROJECT_DIR" deletes the project (it passed, as a
		// variable only run time knows), and "$CLAUDE_PROJECT_DIR"/x
		// still starts with a value that can be empty (/x).
		root.vars["CLAUDE_PROJECT_DIR"] = variable{exported: true, seeded: true, cands: []string{"", cleanPath(opt.Project)}}
	}
	if root.zsh = IsZsh(opt.Shell); root.zsh {
		w.zshPatterns(top)
	}
	w.stmts(scope{sc: top}, f.Stmts, root)
	w.finalTraps(root)
	// A function never called is still analysed, in the state where it
	// was declared, so that its commands are seen.
	for i := 0; i < len(w.declared) && !w.full(); i++ {
		d := w.declared[i]
		if d.def.body.called {
			continue
		}
		d.def.body.called = true
		w.frames = append(w.frames, map[string]*variable{})
		fc := d.def.c
		fc.sub = true
		w.stmt(fc, d.def.body.decl.Body, d.st)
		w.frames = w.frames[:len(w.frames)-1]
	}
	w.builtForLater()
	w.noteUnread()
	return w.m, nil
}

// base returns the command name for a static first word.
func base(v string) string {
	if v == "" {
		return ""
	}
	// Windows spellings reach the same program: C:/Git/bin/git.exe is git.
	b := path.Base(strings.ReplaceAll(v, "\\", "/"))
	if len(b) > 4 && strings.EqualFold(b[len(b)-4:], ".exe") {
		b = b[:len(b)-4]
	}
	return b
}

// PreWords returns the words before the program's name: the wrappers and
// their options (strace -o F before the traced command).
func (c *Call) PreWords() []Arg { return c.pre }

// ScriptReadAtRunTime reports a script file named only at run time
// (source "$f" after f=$(mktemp); echo … > "$f") that the model judged
// as each file this command wrote under a run-time name.
func (c *Call) ScriptReadAtRunTime() bool { return c.runTimeRead }

// Getenv returns the value of the environment variable name as the
// program the call starts gets it: from a prefix assignment (GIT_DIR=x
// git …), env NAME=value, or a variable exported earlier, expanded
// (GIT_WORK_TREE=~ is the home directory). known reports a value the
// shell knows; set that the variable is set at all. The environment is
// kept for the programs that read it (git, find, shells, su); for the
// rest set is false.
func (c *Call) Getenv(name string) (value string, known, set bool) {
	if c.env == nil {
		return "", false, false
	}
	v, ok := c.env.vars[name]
	if !ok || !v.set && v.known {
		return "", v.known, false
	}
	return v.str, v.known, true
}

// EnvKnown returns the value of the environment variable name that the
// program the call starts gets, when the command makes it certain: a
// prefix assignment (GIT_DIR=$HOME/x git init) or an earlier export.
func (c *Call) EnvKnown(name string) (string, bool) {
	if c.env == nil {
		return c.EnvValue(name)
	}
	if v := c.env.vars[name]; v.array || v.nameref {
		return "", false
	}
	val, known, set := c.Getenv(name)
	return val, known && set
}

// ChangedEnvValue returns the value the program c starts gets for a
// variable of EnvChanged, when the command makes it certain: env's
// NAME=value word, a prefix assignment or an earlier export (EnvSet).
// ok is false for a value only run time knows; set is false when the
// command unsets it (env -u NAME, unset NAME, env -i).
func (c *Call) ChangedEnvValue(name string) (val string, set, ok bool) {
	if a, decided := c.envEdit.get(name); decided {
		if a == nil {
			return "", false, true
		}
		return a.Value, true, a.Static
	}
	for _, v := range c.EnvSet {
		if v.Name == name {
			return v.Value, true, true
		}
	}
	if c.env != nil {
		if v, found := c.env.vars[name]; found && v.known && !v.set {
			return "", false, true
		}
	}
	return "", true, false
}

// EnvValue returns the value of the environment variable name that the
// call gets from its own prefix assignments (NAME=value cmd) when it is
// static.
func (c *Call) EnvValue(name string) (string, bool) {
	if c.Expr == nil {
		return "", false
	}
	for _, as := range c.Expr.Assigns {
		if as.Name != nil && as.Name.Value == name && as.Value != nil {
			if lit := LitText(as.Value); lit != "" {
				return lit, true
			}
		}
	}
	return "", false
}

// RunsFirst reports that c is the first command the whole command runs:
// the first statement of the top-level script, a simple command (not a
// pipeline stage, a loop body or a group), with no command or process
// substitution in it. Nothing the command does runs before it, so the
// files it finds are the ones on disk at hook time.
func (c *Call) RunsFirst() bool {
	if c == nil || c.Script == nil || c.Script.Parent != nil || c.Script.File == nil || c.Host != nil || c.RunBy != nil ||
		c.Loop || c.Pipe != nil || c.Stmt == nil || c.Expr == nil || len(c.Script.File.Stmts) == 0 {
		return false
	}
	if c.Script.File.Stmts[0] != c.Stmt || c.Stmt.Cmd != sh.Command(c.Expr) || c.Stmt.Background || c.Stmt.Coprocess {
		return false
	}
	nested := false
	walkTree(c.Stmt, func(n sh.Node) bool {
		switch n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			nested = true
		}
		return !nested
	})
	return !nested
}

// EnvVar is one variable of a program's environment and its value; Own
// reports that the call's own prefix assignment sets it (NAME=value cmd),
// not an earlier export or the shell that started the script.
type EnvVar struct {
	Name, Value string
	Own         bool
}

// maxEnvSetValue bounds the values Call.EnvSet keeps.
const maxEnvSetValue = 4096
