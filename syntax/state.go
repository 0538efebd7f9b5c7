package syntax

import (
	"maps"
	"slices"
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// variable is what the model knows of one shell variable at a point of
// the script. A variable absent from a state comes from the environment
// corral runs in, and is unknown.
type variable struct {
	// known reports that the value (or that it is unset) is certain.
	known bool
	set   bool
	str   string
	// array reports an array; list holds its elements. An indexed one
	// with holes has the index of each in idx; an associative one
	// (assoc set too) has its keys, sorted, in keys (arrays.go).
	array bool
	list  []string
	idx   []int
	keys  []string
	// exported reports that child processes see it.
	exported bool
	// seeded reports the value the shell started with (HOME), which no
	// command has assigned; forgotten one made unknown wholesale (a
	// source of a file corral cannot read) that no command assigned
	// either. Call.EnvChanged counts neither.
	seeded, forgotten bool
	// printed reports a value that is the whole output of a command
	// substitution corral cannot read (x=$(cat f)): a program chose it.
	printed bool
	// printedBy is the name of the first command of that substitution
	// (which of $(which python3), base64 of $(echo … | base64 -d)), "" when
	// it is not a literal or paths disagree.
	printedBy string
	// pidText, for a variable not known whose value's only unknown part
	// is the shell's process id (p=$$, d=/proc/$$/fd, CDPATH=/proc/$$),
	// is that value with the id written as in the word ($$, ${$},
	// $BASHPID): /proc/$p/fd is the shell's descriptor directory as
	// /proc/$$/fd is. "" otherwise.
	pidText string
	// fileVals, for a variable that is not known, are the values a file
	// corral read at hook time gives it (x=$(cat n.txt), x=$(< n.txt),
	// x=$(head -1 n.txt), mapfile -t a < n.txt, read -u3 x of an fd
	// opened on the file): sorted, at most MaxReadLines. Only the
	// evaluation of the value as arithmetic or as a name (bash runs
	// a[$(cmd)] in it) looks at them; a word that expands the variable
	// stays unknown.
	fileVals []string
	// wroteRead is the call (read, mapfile, or the cat of x=$(cat f))
	// that filled a variable not known from a file this command wrote
	// with content only run time knows (gen > m.txt; read -r x < m.txt),
	// and wrotePath that file: bash's evaluation of such a value as
	// arithmetic runs whatever a[$(…)] the program put there.
	wroteRead *Call
	wrotePath string
	// readBy is the read, mapfile or readarray call that gave the
	// variable a value taken from its input stream (read -r x <
	// <(curl URL)): what that stream carried is in the value, and a rule
	// following a download through the stream follows it on to the
	// words that expand the variable (Arg.ReadBy). nil otherwise.
	readBy *Call
	// cands, for a variable that is not known, are the string values it
	// may hold when different paths gave it different ones (if …; then
	// D=a; else D=b; fi): sorted, at most MaxCandidates. Empty means
	// anything.
	cands []string
	// candLen, for an array not known with cands (mapfile -t -u $fd a
	// of a stream other commands read too), is the number of elements
	// it may hold at most: each of them is one of cands. With maybe
	// instead (a[$i]=~ in a loop), each element may be one of maybe.
	candLen int
	// maybe, for a variable that is not known and has no cands, are
	// values it may hold among others only run time knows (d=${D:-/}: "/"
	// when D is unset or empty, else D's value): sorted, at most
	// MaxCandidates. A word that expands it takes each as a candidate
	// value, and is never taken to be one of them only.
	maybe []string
	// nonEmpty reports a variable not known whose value is never empty
	// (d=${X:-/tmp}: unset or empty, X gives way to /tmp).
	nonEmpty bool
	// from are the files, sorted, whose content the value may hold: a
	// file sourced set it (source .env), or it was assigned from a
	// variable that holds one (B=$A). Never changed in place.
	from []string
	// nameref reports a name reference (declare -n r=HOME): reading or
	// assigning r reads or assigns the variable it names, ref. known
	// with an empty ref is a nameref not given a name yet (declare -n
	// r), whose first assignment names one; a nameref that is not known
	// names a variable only run time knows.
	nameref bool
	ref     string
	// head is the text a value only known at run time starts with, for
	// PATH (PATH=.:$PATH: the directories searched first are known).
	head string
	// headOnly reports a head followed by something other than the
	// inherited PATH (PATH=~/bin:$X): the entries after it are only
	// known at run time.
	headOnly bool
	// inherits reports a PATH only known at run time that starts with
	// the PATH the shell inherits (PATH=$PATH:/opt/bin, PATH+=:bin): its
	// entries are the hook's own, before any the command appended.
	// tail are the known entries appended after the inherited PATH
	// (./bin of PATH=$PATH:./bin), joined by colons: searched for a name
	// the hook's PATH does not hold.
	inherits bool
	tail     string
	// caseAttr is declare -l ('l') or -u ('u'): bash stores every value
	// assigned to the variable in lower or upper case.
	caseAttr byte
	// integer is declare -i: every value assigned to the variable (or
	// its elements) is evaluated as an arithmetic expression. assoc is
	// declare -A: its subscripts are strings, not arithmetic. Both stay
	// through later assignments, until unset.
	integer, assoc bool
	// readonly reports that readonly (or declare -r) may have given the
	// variable the read-only attribute: readonly -p prints it.
	readonly bool
	// roSure reports that the read-only attribute is certain (readonly
	// x=… on every path): bash refuses every new value, so x keeps its
	// own.
	roSure bool
}

// MaxCandidates bounds the values a variable may be known to take from
// different paths; beyond it the variable is simply unknown.
const MaxCandidates = 8

func (v variable) equal(o variable) bool {
	return v.known == o.known && v.set == o.set && v.str == o.str && v.array == o.array &&
		v.exported == o.exported && v.printed == o.printed && v.printedBy == o.printedBy && slices.Equal(v.fileVals, o.fileVals) && v.wroteRead == o.wroteRead && v.readBy == o.readBy && slices.Equal(v.list, o.list) && slices.Equal(v.idx, o.idx) && slices.Equal(v.keys, o.keys) && slices.Equal(v.cands, o.cands) && v.candLen == o.candLen && slices.Equal(v.maybe, o.maybe) && v.nonEmpty == o.nonEmpty && slices.Equal(v.from, o.from) && v.readonly == o.readonly && v.roSure == o.roSure &&
		v.nameref == o.nameref && v.ref == o.ref && v.head == o.head && v.inherits == o.inherits && v.tail == o.tail && v.caseAttr == o.caseAttr &&
		v.integer == o.integer && v.assoc == o.assoc && v.pidText == o.pidText
}

// withCase returns v with its value in the case attr makes bash store
// ('l' lower, 'u' upper; ASCII letters, as in the C locale).
func (v variable) withCase(attr byte) variable {
	v.caseAttr = attr
	if attr == 0 || v.nameref {
		return v
	}
	conv := strings.ToLower
	switch attr {
	case 'u':
		conv = strings.ToUpper
	case 'c':
		// declare -c: the first character upper case, the rest lower
		// (red team 16 VA1).
		conv = func(s string) string {
			if s == "" {
				return s
			}
			return strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	wide := false
	ascii := func(s string) string {
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				wide = true
				return s // another locale's letters: left as they are
			}
		}
		return conv(s)
	}
	v.str = ascii(v.str)
	if len(v.list) > 0 {
		l := make([]string, len(v.list))
		for i, x := range v.list {
			l[i] = ascii(x)
		}
		v.list = l
	}
	if len(v.cands) > 0 {
		c := make([]string, len(v.cands))
		for i, x := range v.cands {
			c[i] = ascii(x)
		}
		v.cands = c
	}
	if len(v.maybe) > 0 {
		c := make([]string, len(v.maybe))
		for i, x := range v.maybe {
			c[i] = ascii(x)
		}
		v.maybe = c
	}
	if wide && attr == 'c' {
		// The locale's tables decide (é is É in UTF-8): only run time
		// knows the value.
		return variable{caseAttr: attr, exported: v.exported, from: v.from, readonly: v.readonly, roSure: v.roSure}
	}
	return v
}

// union returns the sorted union of two sorted lists of files, sharing
// neither's backing array when both are non-empty.
func union(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	u := append(slices.Clone(a), b...)
	sort.Strings(u)
	return slices.Compact(u)
}

// values returns the string values v may hold, or nil when anything is
// possible (unknown without candidates, unset, or an array).
func (v variable) values() []string {
	switch {
	case v.nameref:
		return nil
	case v.known && v.set && !v.array:
		return []string{v.str}
	case !v.known:
		return v.cands
	}
	return nil
}

// either is what is known of a variable that holds v on one path and o on
// another: v when they agree, else the union of their values when both
// are bounded sets of strings, else unknown.
func either(v, o variable) variable {
	if v.equal(o) {
		return v
	}
	// Integer on one path at least: a later value may be evaluated. An
	// associative array on one path only may be an indexed one, whose
	// subscripts are evaluated.
	out := variable{exported: v.exported || o.exported, printed: v.printed || o.printed, from: union(v.from, o.from),
		integer: v.integer || o.integer, assoc: v.assoc && o.assoc, readonly: v.readonly || o.readonly, roSure: v.roSure && o.roSure}
	out.wroteRead, out.wrotePath = v.wroteRead, v.wrotePath
	if out.wroteRead == nil {
		out.wroteRead, out.wrotePath = o.wroteRead, o.wrotePath
	}
	out.readBy = v.readBy
	if out.readBy == nil {
		out.readBy = o.readBy
	}
	if len(v.fileVals)+len(o.fileVals) > 0 {
		// A file's values on one path at least: what either path
		// evaluates to stays possible.
		if fv := union(v.evalVals(), o.evalVals()); len(fv) <= MaxReadLines {
			out.fileVals = fv
		}
	}
	switch {
	case v.printed && o.printed && v.printedBy != o.printedBy:
		out.printedBy = ""
	case v.printed:
		out.printedBy = v.printedBy
	case o.printed:
		out.printedBy = o.printedBy
	}
	if v.nameref || o.nameref {
		// A name reference on one path at least: an assignment to it
		// may write any variable.
		out.nameref = true
		return out
	}
	a, b := v.values(), o.values()
	if a == nil || b == nil {
		out.nonEmpty = v.neverEmpty() && o.neverEmpty()
		// Unknown on one path at least: what either path may hold stays
		// possible (if …; then d=/; else d=$X; fi).
		if a == nil {
			a = v.maybe
			if v.known && v.set && v.array {
				a = v.list // an array's elements on that path (red team scope3)
			}
		}
		if b == nil {
			b = o.maybe
			if o.known && o.set && o.array {
				b = o.list
			}
		}
		if m := append(slices.Clone(a), b...); len(m) > 0 && !v.nameref && !o.nameref {
			sort.Strings(m)
			m = slices.Compact(m)
			if len(m) <= MaxCandidates {
				out.maybe = m
				if v.array && (v.known || len(v.maybe) > 0) || o.array && (o.known || len(o.maybe) > 0) {
					// An array on one path at least: any element may
					// be one of the values.
					out.array, out.candLen = true, maxGlobElems
				}
			}
		}
		return out
	}
	u := append(slices.Clone(a), b...)
	sort.Strings(u)
	u = slices.Compact(u)
	if len(u) <= MaxCandidates {
		out.cands = u
	}
	return out
}

// evalVals returns the values bash may evaluate when the variable is
// read as an arithmetic expression or a name: the known value, each
// candidate, and the values a file read at hook time gives it. nil when
// none is known.
func (v variable) evalVals() []string {
	var out []string
	switch {
	case v.nameref:
		return nil
	case v.known && v.set && v.array:
		out = append(out, v.list...)
	case v.known && v.set:
		out = append(out, v.str)
	case !v.known:
		out = append(append(out, v.cands...), v.maybe...)
	}
	out = append(out, v.fileVals...)
	sort.Strings(out)
	return slices.Compact(out)
}

// defaulted is what ${x:=w} (colon) or ${x=w} leaves in a variable v
// that is not known: its value when set (and not empty, with the colon),
// else w. Paths' values stay the values, with w for an empty one; a
// value only run time knows may be w among others.
func (v variable) defaulted(w string, colon bool) variable {
	out := v
	keep := func(vals []string) []string {
		var o []string
		for _, x := range vals {
			if !colon || x != "" {
				o = append(o, x)
			}
		}
		return o
	}
	if len(v.cands) > 0 {
		if !colon {
			return v // every path's value is set: nothing is assigned
		}
		c := append(keep(v.cands), w)
		sort.Strings(c)
		out.cands = slices.Compact(c)
		return out
	}
	m := keep(v.maybe)
	if !colon && !v.nonEmpty {
		m = append(m, "") // set and empty stays empty
	}
	m = append(m, w)
	sort.Strings(m)
	m = slices.Compact(m)
	if len(m) > MaxCandidates {
		m = []string{w}
	}
	out.maybe = m
	out.nonEmpty = v.nonEmpty || colon && w != ""
	return out
}

// neverEmpty reports a variable whose value, known or not, is never the
// empty string.
func (v variable) neverEmpty() bool {
	switch {
	case v.nameref || v.array:
		return false
	case v.known:
		return v.set && v.str != ""
	case len(v.cands) > 0:
		return !slices.Contains(v.cands, "")
	}
	return v.nonEmpty
}

// unknownVar is a variable whose value only run time knows.
var unknownVar = variable{}

// alias is an alias defined in the script, and the line after which it
// takes effect (bash reads a whole line before it runs any of it). The
// line is one of script sc: a script parsed later (eval's text, a trap)
// sees every alias defined before it runs, whatever the line numbers.
type alias struct {
	value string
	line  uint
	sc    *Script
	// unknown reports that the alias's text is only known at run time.
	unknown bool
}

// funcDef is a function declared in the script.
type funcDef struct {
	c    scope
	body *funcBody
	// traced is the function's trace attribute (declare -ft NAME): it
	// runs the caller's DEBUG and RETURN traps.
	traced bool
}

// state is the shell's state at a point of the script: working directory,
// variables, positional parameters, file descriptors, aliases, functions
// and options. Each subshell gets a copy that is dropped when it ends; two
// paths that may both be taken are merged, keeping only what both agree on.
type state struct {
	dir  Dir
	vars map[string]variable
	// served counts the bytes of variable values the analysis has
	// expanded, shared by every copy of the state (valuebudget.go).
	served *int64
	// pathLookup reports that a command substitution may look a program
	// up on the machine's PATH (which NAME, command -v NAME):
	// Options.PathLookup.
	pathLookup bool
	// zsh reports that this shell is the agent's zsh (Options.Shell):
	// echo and print interpret escapes, =cmd names cmd (zsh.go). A
	// program's own shell (bash -c …) starts without it.
	zsh bool
	// pos are the positional parameters, when posKnown.
	pos      []string
	posKnown bool
	// posCarry is the text parameters only known at run time carry
	// into arithmetic (set -- $(cat f); arithcarriers.go).
	posCarry carried
	// posOpts are the words starting with "-" that the parameters hold
	// on some path when they are not known (cd w && set -- *: the
	// option-named files of w on the path where cd succeeded): they
	// reach a program "$@" hands them to (posOptionWords).
	posOpts []string
	fds     map[int]Stream
	// namedFds are the input streams exec {var}<… opened, by the
	// variable bash stores the number in (runtimescript.go namedFd):
	// scoped as that variable is, so a subshell's exec is gone after it.
	namedFds map[string]Stream
	// stack is pushd's directory stack; stackKnown is false once two
	// paths disagree about it.
	stack      []Dir
	stackKnown bool
	// stackPaths lists, with a stack not known, the stacks the paths
	// that disagree about it can have, each with where that path is
	// (dirstackpaths.go): after pushd D && make the stack is empty
	// where pushd failed (the shell still where it was) and holds that
	// directory where it worked, so a popd goes back there on both.
	// nil when not known either.
	stackPaths []stackPath
	// fdLogical is the directory bash's logical cd holds (its PWD) when
	// it entered through a descriptor and the text is not the directory
	// the kernel gave: /dev/fd/3 after exec 3<~; cd /dev/fd/3, whose ..
	// is /dev/fd, not the parent of the home directory (fdcdlogical.go).
	fdLogical string
	aliases   map[string]alias
	funcs     map[string]funcDef
	// hashed are the entries put in bash's table of command paths
	// (BASH_CMDS[NAME]=PATH, hash -p PATH NAME): NAME then runs PATH,
	// which bash looks up before PATH. A path only known at run time is
	// "" (with hashAny, a name only known then: any command may run
	// anything).
	hashed  map[string]string
	hashAny bool
	// dead reports that this path ended (exit): it adds nothing to a
	// merge.
	dead bool
	// Shell options that change how later commands are read.
	// expandAliases and aliasesOff report that alias expansion is
	// certainly on (shopt -s expand_aliases) or certainly off (shopt -u);
	// when neither holds it may be either: bash -c does not expand
	// aliases, but agents' shells do (Claude Code's shell snapshot turns
	// expand_aliases on), so both readings are judged.
	expandAliases, aliasesOff, lastPipe, noGlob bool
	// glob are the shell options that change what a pattern matches
	// (shopt -s dotglob, nocaseglob, nullglob, failglob, globstar).
	glob GlobOpts
	// noSourcePath is shopt -u sourcepath: source and . no longer
	// search PATH for a name without a slash.
	noSourcePath bool
	// cdableVars is shopt -s cdable_vars: cd NAME goes to $NAME when
	// there is no directory NAME.
	cdableVars bool
	// noPatsub is shopt -u patsub_replacement: an & in the replacement
	// of ${x/p/r} is a literal & (patsub.go).
	noPatsub bool
	// extglob is what shopt set for extglob (extglobSet: it did) and
	// noCaseMatch is shopt -s nocasematch, both read by the pattern
	// matching of ${x/p/r} (patsubglob.go); matchUnknown: a shopt only
	// known at run time may have set either.
	extglob, extglobSet, noCaseMatch, matchUnknown bool
	// posix is whether the shell is in POSIX mode (posixOff, posixMay,
	// posixOn): there a prefix assignment before a special builtin
	// (CDPATH=~ :) stays in the shell after it (posix.go).
	posix uint8
	// echoEscapes: echo may expand backslash escapes (a POSIX shell that
	// may be dash, or shopt -s xpg_echo).
	echoEscapes bool
	// physical is set -P (set -o physical): cd resolves links before
	// "..", and pwd prints the physical directory (physical.go).
	physical bool
	// links are the symbolic links the command made so far, shared by
	// every state of the walk.
	links *linkTable
	// allExport is set -a (set -o allexport): every variable assigned
	// while it is on gets the export attribute.
	allExport bool
	// errExit is set -e (set -o errexit) on every path: a failing cd
	// ends the shell rather than leaving it where it was.
	errExit bool
	// dirOff are the directory builtins enable -n turned off (dirBit):
	// cd, pushd and popd are then programs looked up on PATH, which
	// cannot move the shell.
	dirOff uint8
	// funcTrace is set -T (set -o functrace, shopt -s extdebug) on every
	// path: functions, command substitutions and subshells inherit the
	// DEBUG trap, so its assignments are certain there too. Off (or only
	// on some paths) they stay possible there, never absent: a start-up
	// file may have turned it on.
	funcTrace bool
	// trapSet has bit i set when the DEBUG or RETURN trap of the
	// walker's trapVars[i] was set on every path to here: only then is
	// its value certain (before a command, or after a traced function
	// returns); if c; then trap 'D=build' DEBUG; fi leaves D one of its
	// old value and build.
	trapSet uint64
	// trace are set -x and set -v (-o xtrace, -o verbose) where they may
	// be on: a subshell's set -x ends with it, a new shell starts with
	// its command line's (bash -x) or an exported SHELLOPTS's.
	trace TraceOpts
	// popped are the function locals this path removed with an unset
	// from a called function (localscope.go).
	popped map[string]popMark
	// localInherit and localUnset are shopt localvar_inherit and
	// localvar_unset: posixOff, posixMay (on some paths, or set by a
	// word only run time knows), posixOn (localscope.go).
	localInherit, localUnset uint8
	// home is the home directory the command starts with, where a tilde
	// takes bash to when HOME is unset (bash then asks the password
	// database, which gives the same directory).
	home string
	// wild are the files, sorted, sourced without being read (source F
	// when F could not be read at hook time): any variable not in vars may
	// hold their content.
	wild []string
	// wildReadonly reports that the variables wild stands for may be
	// read-only: readonly $(cat .env | xargs) set them.
	wildReadonly bool
	// taint reports that a variable may have held a file's content at
	// some point (a variable's from or wild was set): a cheap test
	// before words are searched for such variables.
	taint bool
	// hist are the last entries of the shell's history list, oldest
	// first, as history -s put them there; histAll reports that they are
	// the whole list (after history -c). fc -s runs one of them.
	hist    []string
	histAll bool
	// histOut are the texts history -p printed, by call, computed from
	// the history list where each ran; one table shared by every state
	// of a walk (see historyPrinted).
	histOut *histPrints
	// subst are the files whose content the output of a command
	// substitution may hold (KEY=$(cat .env)), by substitution; one map
	// shared by every state of a walk (see walker.substOutput).
	subst map[*sh.CmdSubst][]string
}

func newState(dir Dir, home string) *state {
	st := &state{dir: dir, stackKnown: true, links: &linkTable{}, home: home, served: new(int64), histOut: &histPrints{}}
	st.vars = map[string]variable{
		// The shell running the command is a shell whatever its path:
		// $BASH is bash's own, $SHELL the user's login shell (the agent
		// runs commands in bash or zsh). echo … | $BASH is a pipe into a
		// shell.
		"BASH":  {set: true, seeded: true, cands: []string{"/bin/bash"}},
		"SHELL": {set: true, exported: true, seeded: true, cands: []string{"/bin/bash", "/bin/sh", "/bin/zsh"}},
	}
	// bash evaluates a value given to these as arithmetic (the seed of
	// RANDOM and SRANDOM, getopts' OPTIND, HISTCMD, and SECONDS through
	// declare and for; not LINENO, OPTERR, COLUMNS:
	// TestSpecialIntegerVarsOracle), as for declare -i: a static
	// RANDOM='a[$(cmd)]' runs cmd (red team 17 SA1). unset drops it, as
	// bash's unset drops their special meaning.
	// They are not stored here (every copy of the state would copy them:
	// TestHookMemory/1000-clones): get and setVar give a name of theirs
	// that has no entry that variable (integerSpecial).
	if home != "" {
		st.vars["HOME"] = variable{known: true, set: true, str: home, exported: true, seeded: true}
	}
	return st
}

// clone returns an independent copy of st.
func (st *state) clone() *state {
	c := *st
	c.vars = cloneMap(st.vars)
	c.aliases = cloneMap(st.aliases)
	c.funcs = cloneMap(st.funcs)
	c.hashed = cloneMap(st.hashed)
	c.namedFds = cloneMap(st.namedFds)
	c.pos = slices.Clone(st.pos)
	c.posOpts = slices.Clone(st.posOpts)
	c.stack = slices.Clone(st.stack)
	c.hist = slices.Clone(st.hist)
	c.popped = cloneMap(st.popped)
	return &c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// merge makes st what is certain after either st or o: values both paths
// agree on are kept, the others become unknown. Aliases and functions
// defined on either path are kept (a later use is then analysed as the
// definition says, which is the cautious reading).
func (st *state) merge(o *state) {
	if o.dead {
		return
	}
	if st.dead {
		*st = *o.clone()
		return
	}
	stDir := st.dir // where st's paths are, for mergedStackPaths
	if st.dir != o.dir {
		// Two known directories (if c; then cd /a; else cd /b; fi), or
		// bounded sets of them: one of their union, at most
		// maxDirCandidates; a path whose directory can be any makes it
		// any.
		a, b := st.dir.Candidates(), o.dir.Candidates()
		st.dir = Dir{}
		if a != nil && b != nil {
			st.dir = dirOneOf(append(slices.Clone(a), b...))
		}
	}
	if st.fdLogical != o.fdLogical {
		st.fdLogical = ""
	}
	if st.subst == nil {
		st.subst = o.subst
	}
	if st.links == nil {
		st.links = o.links
	}
	// Physical where either path may have set it: the reading that
	// follows links.
	st.physical = st.physical || o.physical
	for name, v := range st.vars {
		ov, ok := o.vars[name]
		if !ok {
			ov = variable{from: o.wild}
		}
		if !v.equal(ov) {
			st.vars[name] = mergeSearchHead(name, either(v, ov), v, ov, false, !ok)
		}
		st.taint = st.taint || len(ov.from) > 0
	}
	for name, ov := range o.vars {
		if _, ok := st.vars[name]; !ok {
			nv := variable{exported: ov.exported, from: union(st.wild, ov.from), nameref: ov.nameref, integer: ov.integer, readonly: ov.readonly}
			if ov.array && !ov.nameref {
				// An array on that path only (a+=(…) in a loop's pass):
				// any element may be one of its values (red team scope3).
				var vals []string
				if ov.known && ov.set {
					vals = ov.list
				} else {
					vals = append(slices.Clone(ov.cands), ov.maybe...)
				}
				if m := slices.Compact(slices.Sorted(slices.Values(vals))); len(m) > 0 && len(m) <= MaxCandidates {
					nv.maybe, nv.array, nv.candLen, nv.assoc = m, true, maxGlobElems, ov.assoc
				}
			}
			st.setVar(name, mergeSearchHead(name, nv, variable{}, ov, true, false))
		}
	}
	st.wild = union(st.wild, o.wild)
	st.wildReadonly = st.wildReadonly || o.wildReadonly
	st.taint = st.taint || o.taint
	if st.posKnown != o.posKnown || !slices.Equal(st.pos, o.pos) {
		st.posCarry = carried{vals: union(st.posCarry.vals, o.posCarry.vals), call: st.posCarry.call}
		if st.posCarry.call == nil {
			st.posCarry.call = o.posCarry.call
		}
		st.posOpts = union(union(st.posOpts, optionLike(st.pos)), union(o.posOpts, optionLike(o.pos)))
		if len(st.posOpts) > maxOptionWords {
			st.posOpts = st.posOpts[:maxOptionWords]
		}
		st.pos, st.posKnown = nil, false
	}
	for fd, s := range st.fds {
		os, ok := o.fds[fd]
		if !ok {
			os = Stream{Kind: StreamInherited, Fd: fd}
		}
		if !s.same(os) || s.Kind == StreamUnknown {
			// Either path's stream: exec 3<f in one branch of an if.
			st.setFd(fd, eitherStream(s, os))
		}
	}
	for fd, os := range o.fds {
		if _, ok := st.fds[fd]; !ok {
			st.setFd(fd, eitherStream(Stream{Kind: StreamInherited, Fd: fd}, os))
		}
	}
	for name, s := range o.namedFds {
		// A stream exec {fd}< opened on one path may be open after
		// either (where both opened one, this path's is kept).
		if _, ok := st.namedFds[name]; !ok {
			st.setNamedFd(name, &s)
		}
	}
	if !st.stackKnown || !o.stackKnown || !slices.Equal(st.stack, o.stack) {
		st.setStackPaths(mergedStackPaths(st, stDir, o))
	}
	if st.histAll != o.histAll || !slices.Equal(st.hist, o.hist) {
		st.hist, st.histAll = nil, false
	}
	for k, v := range o.aliases {
		if _, ok := st.aliases[k]; !ok {
			if st.aliases == nil {
				st.aliases = map[string]alias{}
			}
			st.aliases[k] = v
		}
	}
	for k, v := range o.hashed {
		// A name hashed on one path may run what either path says: kept
		// as that path's when the other has none, unknown when they
		// differ.
		if sv, ok := st.hashed[k]; !ok || sv != v {
			if st.hashed == nil {
				st.hashed = map[string]string{}
			}
			if ok {
				v = ""
			}
			st.hashed[k] = v
		}
	}
	st.hashAny = st.hashAny || o.hashAny
	for k, v := range o.funcs {
		if _, ok := st.funcs[k]; !ok {
			if st.funcs == nil {
				st.funcs = map[string]funcDef{}
			}
			st.funcs[k] = v
		}
	}
	st.expandAliases = st.expandAliases && o.expandAliases
	st.aliasesOff = st.aliasesOff && o.aliasesOff
	st.lastPipe = st.lastPipe || o.lastPipe
	st.noSourcePath = st.noSourcePath && o.noSourcePath
	st.noGlob = st.noGlob && o.noGlob
	st.glob = mergeGlobOpts(st.glob, o.glob)
	// Exported only when every path turned allexport on: a variable
	// that may not be exported is not handed to a child as known (the
	// child sees it as unknown, the safe reading).
	st.allExport = st.allExport && o.allExport
	st.errExit = st.errExit && o.errExit
	st.dirOff |= o.dirOff
	st.funcTrace = st.funcTrace && o.funcTrace
	if st.posix != o.posix {
		st.posix = posixMay
	}
	st.echoEscapes = st.echoEscapes || o.echoEscapes
	st.trapSet &= o.trapSet
	st.trace = st.trace.merge(o.trace)
	st.popped = mergePopped(st.popped, o.popped)
	if st.localInherit != o.localInherit {
		st.localInherit = posixMay
	}
	if st.localUnset != o.localUnset {
		st.localUnset = posixMay
	}
}

// equal reports whether merging o into st would change nothing that the
// walk depends on (used to detect a loop's fixed point).
func (st *state) equal(o *state) bool {
	if st.dead != o.dead || st.dir != o.dir || st.fdLogical != o.fdLogical || st.posKnown != o.posKnown || !slices.Equal(st.pos, o.pos) || !slices.Equal(st.posOpts, o.posOpts) || len(st.vars) != len(o.vars) ||
		len(st.fds) != len(o.fds) || st.stackKnown != o.stackKnown || !slices.EqualFunc(st.stackPaths, o.stackPaths, stackPath.same) || (st.stackPaths == nil) != (o.stackPaths == nil) || len(st.aliases) != len(o.aliases) ||
		st.expandAliases != o.expandAliases || st.aliasesOff != o.aliasesOff || st.lastPipe != o.lastPipe || st.noSourcePath != o.noSourcePath || st.noGlob != o.noGlob || st.glob != o.glob ||
		st.allExport != o.allExport || st.errExit != o.errExit || st.funcTrace != o.funcTrace || st.trapSet != o.trapSet || st.dirOff != o.dirOff || st.trace != o.trace || st.physical != o.physical || st.posix != o.posix || st.echoEscapes != o.echoEscapes || !slices.Equal(st.wild, o.wild) || st.wildReadonly != o.wildReadonly || st.histAll != o.histAll || !slices.Equal(st.hist, o.hist) || !maps.EqualFunc(st.popped, o.popped, popMark.same) || st.localInherit != o.localInherit || st.localUnset != o.localUnset {
		return false
	}
	for k, v := range st.vars {
		if ov, ok := o.vars[k]; !ok || !v.equal(ov) {
			return false
		}
	}
	for k, v := range st.fds {
		if ov, ok := o.fds[k]; !ok || !v.same(ov) {
			return false
		}
	}
	if len(st.namedFds) != len(o.namedFds) {
		return false
	}
	for k, v := range st.namedFds {
		if ov, ok := o.namedFds[k]; !ok || !v.same(ov) {
			return false
		}
	}
	return true
}

// setNamedFd records the stream exec {name}<… opened (nil: none, the
// variable names no stream corral knows). The table is copied first.
func (st *state) setNamedFd(name string, s *Stream) {
	m := cloneMap(st.namedFds)
	if s == nil {
		delete(m, name)
	} else {
		if m == nil {
			m = map[string]Stream{}
		}
		m[name] = *s
	}
	st.namedFds = m
}

func (st *state) setVar(name string, v variable) {
	if st.vars == nil {
		st.vars = map[string]variable{}
	}
	if old, ok := st.vars[name]; ok && old.caseAttr != 0 && v.caseAttr == 0 && !v.nameref && (v.set || !v.known) {
		// A value assigned to a declare -l/-u variable is stored in its
		// case (unset drops the attribute).
		v = v.withCase(old.caseAttr)
	}
	if _, ok := st.vars[name]; !ok && inheritedVar(name) && (v.set || !v.known) {
		// PATH=/tmp/e:$PATH; sh -c ls: a variable the shell inherited
		// is exported, and keeps the attribute (envinherit.go).
		v.exported = true
	}
	if old, ok := st.vars[name]; ok && old.readonly {
		// A read-only variable stays one: bash refuses to assign or
		// unset it.
		v.readonly = true
		if old.roSure && !old.nameref && !v.nameref && !sameValue(old, v) {
			// readonly x=A; … x=B (red team 16 RO1): bash prints
			// "readonly variable" and x keeps A.
			v = old
		} else if !old.nameref && !v.nameref && !sameValue(old, v) {
			// readonly x=A; … local/declare/export/read/printf -v/
			// mapfile/for x … (red team 16 RO1): bash prints "readonly
			// variable" and x keeps A. The attribute is one x may have
			// (paths may disagree): x is A, or the new value.
			v = either(old, v)
			v.readonly = true
		}
	} else if ok && old.known && old.set && old.array && !old.nameref && !v.nameref && !v.array && (v.set || !v.known) {
		// x=(a b); x=c (also read, printf -v, declare, export, for):
		// a value given to an array's name goes to element 0 (key "0"
		// of an associative one); the other elements stay (red team 16
		// AS1).
		v = intoElemZero(old, v)
	}
	if old, ok := st.vars[name]; ok && !v.nameref && (v.set || !v.known) {
		// declare -i and -A stay through assignments (unset drops them).
		v.integer = v.integer || old.integer
		v.assoc = v.assoc || old.assoc
	} else if !ok && integerSpecial(name) && !v.nameref && (v.set || !v.known) {
		v.integer = true // RANDOM=…: still bash's integer special
	}
	st.vars[name] = v
	if len(v.from) > 0 {
		st.taint = true
	}
	if name == "BASH_ARGV0" && !v.array && !v.nameref && (v.set || !v.known) {
		// bash 5: an assignment to BASH_ARGV0 sets $0 too (red team 16
		// SV1: BASH_ARGV0=~/.bashrc; rm -f "$0").
		st.vars["0"] = variable{known: v.known, set: true, str: v.str, cands: v.cands, maybe: v.maybe}
	}
	if name == "GLOBIGNORE" {
		// bash turns dotglob on when GLOBIGNORE gets a non-empty value
		// and off when it is unset; an empty value leaves dotglob as it
		// was (GLOBIGNORE=x; GLOBIGNORE= keeps it on, shopt -u dotglob
		// after GLOBIGNORE=x turns it off).
		switch {
		case !v.known || v.set && v.str != "":
			st.glob |= GlobDot
		case !v.set:
			st.glob &^= GlobDot
		}
	}
}

// maxRefDepth bounds the name references followed one to the next.
const maxRefDepth = 8

// resolve returns the variable that name stands for: name itself, or
// the one its name reference leads to (declare -n r=HOME: r stands for
// HOME). ok is false when a reference on the way names a variable only
// known at run time, or the chain does not end.
func (st *state) resolve(name string) (string, bool) {
	if st == nil {
		return name, true
	}
	for range maxRefDepth {
		v, ok := st.vars[name]
		if !ok || !v.nameref {
			return name, true
		}
		if !v.known {
			return "", false
		}
		if v.ref == "" {
			return name, true // declare -n r: no name yet
		}
		if elemName(v.ref) {
			// declare -n r=a[1]: an element, which a word reads through
			// indirect (elemParam); an assignment through r changes a.
			return "", false
		}
		name = v.ref
	}
	return "", false
}

// elemName reports NAME[SUB], an array element a name reference or an
// indirection may name.
func elemName(s string) bool {
	base, sub, ok := strings.Cut(s, "[")
	if !ok || !isName(base) || len(sub) < 2 || !strings.HasSuffix(sub, "]") {
		return false
	}
	// A literal subscript only: a[$(…)] is evaluated at each use.
	sub = strings.TrimSuffix(sub, "]")
	if elemWordSubscript(sub) {
		return true
	}
	return sub == "@" || sub == "*" || strings.Trim(sub, "0123456789") == "" || sub[0] == '-' && len(sub) > 1 && strings.Trim(sub[1:], "0123456789") == ""
}

// get returns what is known of a variable, through its name reference.
func (st *state) get(name string) variable {
	if st == nil {
		return unknownVar
	}
	n, ok := st.resolve(name)
	if !ok {
		return variable{from: st.wild}
	}
	if v, ok := st.vars[n]; ok {
		return v
	}
	if integerSpecial(n) {
		return integerSpecialVar
	}
	return variable{from: st.wild}
}

// integerSpecialVar is the variable bash's integer specials hold until
// they are assigned or unset (see newState).
var integerSpecialVar = variable{set: true, seeded: true, integer: true}

// integerSpecial reports a variable bash evaluates a value given to as
// arithmetic from its start (see newState).
func integerSpecial(name string) bool {
	switch name {
	case "RANDOM", "SRANDOM", "OPTIND", "HISTCMD", "SECONDS":
		return true
	}
	return false
}

// assign gives name (the variable its name reference names) a known
// string value, keeping its export flag (or exporting it under set -a).
// Through a reference to a name only run time knows, any variable may
// change.
func (st *state) assign(name, value string) {
	n, ok := st.resolve(name)
	if !ok {
		st.forgetAll()
		return
	}
	old := st.vars[n]
	st.setThrough(n, variable{known: true, set: true, str: value, exported: old.exported || st.allExport})
}

// setThrough gives the variable name stands for the value v: through a
// name reference, the variable it names; a name reference not given a
// name yet (declare -n r; read r <<< HOME) is given v's value as its
// name.
func (st *state) setThrough(name string, v variable) {
	n, ok := st.resolve(name)
	if !ok {
		st.forgetAll()
		return
	}
	if old := st.vars[n]; old.nameref {
		ref := variable{nameref: true, exported: old.exported}
		if v.known && v.set && !v.array && (isName(v.str) || elemName(v.str)) {
			ref.known, ref.ref = true, v.str
		}
		st.setVar(n, ref)
		return
	}
	// A variable keeps its export attribute through a new value, and
	// under set -a every value read is exported (export BASH_ENV; read
	// -r BASH_ENV; set -a; read -r BASH_ENV: bash starts its child with
	// it).
	v.exported = v.exported || st.vars[n].exported || st.allExport
	st.setVar(n, v)
}

// iterate gives a for loop's variable its value (known, or unknown when
// not known): for r in … of a name reference r makes r refer to each
// item, as bash does, rather than assign what it refers to.
func (st *state) iterate(name, value string, known bool) {
	if v, ok := st.vars[name]; ok && v.nameref {
		st.setVar(name, variable{nameref: true, known: known && isName(value), ref: value, exported: v.exported})
		return
	}
	if known {
		st.assign(name, value)
	} else {
		st.forget(name)
	}
}

// iterateOneOf gives the loop variable name one of vals (two at least):
// it is not known, and its candidates are those values.
func (st *state) iterateOneOf(name string, vals []string) {
	if v, ok := st.vars[name]; ok && v.nameref {
		st.iterate(name, "", false)
		return
	}
	st.iterate(name, vals[0], true)
	v := st.vars[name]
	for _, x := range vals[1:] {
		o := v
		if o.known {
			o.str = x
		} else {
			o = variable{known: true, set: true, str: x, exported: v.exported}
		}
		v = either(v, o)
	}
	st.setVar(name, v)
}

// forget makes name (the variable its name reference names) unknown,
// keeping its export flag (or exporting it under set -a).
func (st *state) forget(name string) {
	n, ok := st.resolve(name)
	if !ok {
		st.forgetAll()
		return
	}
	old := st.vars[n]
	// declare -i and -A stay: only unset drops them.
	st.setVar(n, variable{exported: old.exported || st.allExport, nameref: old.nameref, integer: old.integer, assoc: old.assoc})
}

// setFd sets a descriptor. The table is copied first: calls keep the
// table they ran with.
func (st *state) setFd(fd int, s Stream) {
	fds := cloneMap(st.fds)
	if fds == nil {
		fds = map[int]Stream{}
	}
	fds[fd] = s
	st.fds = fds
}

// forgetAll makes every variable, the positional parameters and the
// directory stack unknown: what is left after a command that could have
// changed any of them (source FILE).
func (st *state) forgetAll() { st.forgetAllFrom("") }

// forgetAllFrom is forgetAll after a command that may have set any
// variable from file (source FILE, not read): every variable, and every
// one the environment gives, may then hold its content. An empty file
// is forgetAll.
func (st *state) forgetAllFrom(file string) {
	var f []string
	if file != "" {
		f = []string{file}
		st.wild = union(st.wild, f)
		st.taint = true
	}
	for k, v := range st.vars {
		// A name reference stays one, to a name now unknown.
		st.vars[k] = variable{exported: v.exported, from: union(v.from, f), nameref: v.nameref, forgotten: v.forgotten || v.seeded,
			integer: v.integer, assoc: v.assoc, readonly: v.readonly, roSure: v.roSure}
	}
	st.pos, st.posKnown = nil, false
	st.forgetStack()
}

// exportedOnly returns the state a new process starts with: the exported
// variables, the working directory and the file descriptors.
func (st *state) exportedOnly(dir Dir, home string) *state {
	n := newState(dir, "")
	n.pathLookup = st.pathLookup
	// A variable assigned but not known to be exported may still have
	// come from the environment (and so be exported): the child does not
	// know it.
	n.wild, n.taint, n.subst, n.links, n.histOut = st.wild, st.taint, st.subst, st.links, st.histOut
	for k, v := range st.vars {
		if v.nameref {
			continue // a child gets no name reference
		}
		if v.exported && v.known && v.set && !v.array {
			n.setVar(k, variable{known: true, set: true, str: v.str, exported: true, from: v.from})
		} else if v.exported {
			// Unknown to the child, but what it may hold it still may;
			// and it is set there (CDPATH="$(…)" cd x searches it).
			// The text it starts with is the child's too
			// (PATH=~/.ssh:$PATH bash -c '. id_rsa').
			n.wild = union(n.wild, v.from)
			// One holding the shell's id (CDPATH=/proc/$$ cd fd) names
			// the shell, whose descriptors a child starts with.
			nv := variable{exported: true, from: v.from, head: v.head, headOnly: v.headOnly, inherits: v.inherits, tail: v.tail, pidText: v.pidText}
			if v.seeded {
				// The value the shell started with, which no command
				// assigned (SHELL, CLAUDE_PROJECT_DIR): the child starts
				// with it too, its candidates and all.
				nv.seeded, nv.cands = true, v.cands
			}
			n.setVar(k, nv)
		}
	}
	if _, ok := n.vars["HOME"]; !ok && home != "" {
		n.setVar("HOME", variable{known: true, set: true, str: home, exported: true})
	}
	n.fds = st.fds
	for name, s := range st.namedFds {
		// export fd after exec {fd}<…: the child inherits both the
		// descriptor and the variable that numbers it.
		if v, ok := st.vars[name]; ok && v.exported {
			n.setNamedFd(name, &s)
		}
	}
	if v, ok := st.vars["SHELLOPTS"]; ok && v.exported && !v.known {
		// export SHELLOPTS: bash keeps it the list of the options on, and
		// a shell started with it in its environment turns them on.
		n.trace = st.trace
	}
	return n
}

// clearedEnv is exportedOnly for a program env -i (or env -) starts:
// none of the caller's variables reach it. HOME stays the home directory:
// bash leaves $HOME unset there but still expands ~ to the user's home
// (from the password database), and corral's ~ reads HOME (so "$HOME"
// reads as the home directory, where bash has an empty string: an
// over-reading, never a miss).
func (st *state) clearedEnv(dir Dir, home string) *state {
	n := newState(dir, home)
	n.pathLookup = st.pathLookup
	n.wild, n.taint, n.subst, n.links, n.histOut = st.wild, st.taint, st.subst, st.links, st.histOut
	n.fds = st.fds
	return n
}

// knownNames lists, sorted, the variables with a known value.
func (st *state) knownNames() []string {
	var out []string
	for k, v := range st.vars {
		if v.known {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// VarSource is a shell variable whose value may hold the content of
// files: a sourced file set it (source .env), or it was assigned from
// one that was (B=$A).
type VarSource struct {
	// Name is the variable's name; "" stands for every variable the
	// environment gives, after a file was sourced that corral could not
	// read.
	Name string
	// Files are the files, sorted: absolute when the directory was
	// known, else as written.
	Files []string
	// Exported reports that child processes see it (env prints it).
	Exported bool
	// Readonly reports that it may be read-only (readonly -p prints it).
	Readonly bool
}

// sources lists, sorted by name, the variables of st whose values may
// hold a file's content.
func (st *state) sources() []VarSource {
	if st == nil {
		return nil
	}
	var out []VarSource
	for k, v := range st.vars {
		if len(v.from) > 0 {
			out = append(out, VarSource{Name: k, Files: v.from, Exported: v.exported, Readonly: v.readonly})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	if len(st.wild) > 0 {
		out = append([]VarSource{{Files: st.wild, Exported: true, Readonly: st.wildReadonly}}, out...)
	}
	return out
}

// tainted reports whether a variable of st may hold a file's content.
func (st *state) tainted() bool {
	return st != nil && st.taint
}

// fromOf returns the files whose content the variables that node expands
// may hold.
func (st *state) fromOf(node sh.Node) []string {
	if node == nil || !st.tainted() {
		return nil
	}
	var out []string
	walkTree(node, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.ParamExp:
			switch {
			case n.Param == nil:
			case n.Excl && (n.Names != 0 || n.Index != nil):
				// ${!prefix*}, ${!arr[@]}: names and keys, no value.
			case n.Excl:
				out = union(out, st.indirectFrom(n.Param.Value))
			default:
				out = union(out, st.get(n.Param.Value).from)
			}
		case *sh.CmdSubst:
			out = union(out, st.subst[n])
		}
		return true
	})
	return out
}

// indirectFrom returns the files whose content ${!name} may hold: bash
// expands the variable whose name is name's value (for v in $(compgen
// -v); do echo "${!v}"; done prints every variable). A known value names
// that variable; otherwise it may be any of them.
func (st *state) indirectFrom(name string) []string {
	if v := st.get(name); v.known && v.set && !v.array {
		return st.get(v.str).from
	}
	out := st.wild
	for _, v := range st.vars {
		out = union(out, v.from)
	}
	return out
}

// hash records that name runs path (path "" when only run time knows
// it; name "" when the name is only known then).
func (st *state) hash(name, path string) {
	if name == "" {
		st.hashAny = true
		return
	}
	st.hashed = cloneMap(st.hashed)
	if st.hashed == nil {
		st.hashed = map[string]string{}
	}
	st.hashed[name] = path
}

// fd returns where descriptor n of the shell points.
func (st *state) fd(n int) Stream {
	if s, ok := st.fds[n]; ok {
		return s
	}
	return Stream{Kind: StreamInherited, Fd: n}
}
