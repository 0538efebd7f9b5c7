package syntax

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/internal/procpath"
)

// MaxFields bounds how many words one word may expand to ({1..1000000}):
// beyond it the word is treated as known only at run time.
const MaxFields = 256

// dynamicParams are the shell's parameters whose value changes by itself.
var dynamicParams = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"RANDOM": true, "SRANDOM": true, "SECONDS": true, "EPOCHSECONDS": true,
		"EPOCHREALTIME": true, "BASHPID": true, "LINENO": true, "PPID": true, "$": true, "!": true, "?": true,
		"-": true, "0": true, "BASH_COMMAND": true, "PIPESTATUS": true, "FUNCNAME": true}
}}

// marker stands for a value that is set, not empty, and unknown, when the
// candidates of a word are worked out.
const marker = "\uFFFFcorral\uFFFF"

// wordEnv answers the expand package's questions about variables from the
// model's state, and records the ones only run time knows.
type wordEnv struct {
	st      *state
	dir     Dir
	unknown []string
	// guess gives unknown variables a value while candidates are worked
	// out: 0 unset, 1 empty, 2 the marker.
	guess map[string]int
	// synth holds the variables prepare makes up (anchored.go).
	synth map[string]expand.Variable
	// toggles: the made-up variables that stand for case toggles
	// (casetoggle.go), by name.
	toggles map[string]caseToggle
	// wholeArray: the word expands every element of an array
	// (${a[@]}, ${a[*]}); an array each of whose elements is one of its
	// cands is then one element, each field being any of them.
	wholeArray bool
	// assigned are the scalar assignments ${x:=w}, ${x=w} and $((x=…))
	// made while this one expansion runs: bash makes them as it expands
	// the word, left to right, so "${X:=a}$X" is aa and $(( ${N:=3} ))
	// is 3. Each expansion has its own environment, so they reach no
	// other word (walk.go's wordAssigns carries them to the next one).
	assigned map[string]expand.Variable
	// canAssign: the word's assignments are made (assignsPlainly);
	// otherwise one leaves the word only known at run time.
	canAssign bool
	// unordered are the associative arrays the word expands whole, in
	// an order only bash knows (resolver.unorderedNames): each stands
	// for one of its elements at a time.
	unordered map[string]bool
	// globDir: expand.FieldsSeq asks for PWD once before anything else,
	// for globbing, which corral never does; that question is not a use.
	globDir bool
	// pats are the values tried for an unknown variable that is the
	// whole pattern of ${x%$y}, ${x#$y} or ${x/$y/z} (patguess.go):
	// guess patFrom+i gives pats[name][i].
	pats    map[string][]string
	patFrom int
}

func (e *wordEnv) isUnordered(name string) bool {
	_, ok := e.unordered[name]
	return ok
}

func (e *wordEnv) miss(name string) expand.Variable {
	if miss, un := e.unordered[name]; un {
		if g, ok := e.guess[name]; ok {
			v := e.st.vars[name]
			keys, vals := v.elemKeys(), v.elemVals()
			n := len(keys)
			if miss {
				n++ // a subscript that names no element
			}
			if n == 0 {
				return expand.Variable{Set: true, Kind: expand.Associative, Map: map[string]string{}}
			}
			if g %= n; g == len(keys) {
				return expand.Variable{Set: true, Kind: expand.Associative, Map: map[string]string{}}
			}
			return expand.Variable{Set: true, Kind: expand.Associative, Map: map[string]string{keys[g]: vals[g]}}
		}
	}
	if g, ok := e.guess[name]; ok {
		if c := e.cands(name); len(c) > 0 {
			if n := e.candLen(name); n > 0 {
				if e.wholeArray {
					n = 1
				}
				// An array each of whose elements is one of c.
				list := make([]string, n)
				for i := range list {
					list[i] = c[g%len(c)]
				}
				return expand.Variable{Set: true, Kind: expand.Indexed, List: list}
			}
			return expand.Variable{Set: true, Kind: expand.String, Str: c[g%len(c)]}
		}
		if p := e.pats[name]; g >= e.patFrom && g-e.patFrom < len(p) && e.patFrom > 0 {
			return expand.Variable{Set: true, Kind: expand.String, Str: p[g-e.patFrom]}
		}
		if m := e.maybes(name); len(m) > 0 {
			// Each value it may hold, then the marker: the others.
			if n := e.candLen(name); n > 0 && g < len(m) {
				// An array any element of which may be m[g] (a[$i]=~
				// in a loop).
				if e.wholeArray {
					n = 1
				}
				list := make([]string, n)
				for i := range list {
					list[i] = m[g]
				}
				return expand.Variable{Set: true, Kind: expand.Indexed, List: list}
			}
			if g < len(m) {
				return expand.Variable{Set: true, Kind: expand.String, Str: m[g]}
			}
			return expand.Variable{Set: true, Kind: expand.String, Str: marker}
		}
		switch g {
		case 1:
			return expand.Variable{Set: true, Kind: expand.String}
		case 2:
			return expand.Variable{Set: true, Kind: expand.String, Str: marker}
		}
		return expand.Variable{}
	}
	for _, n := range e.unknown {
		if n == name {
			return expand.Variable{}
		}
	}
	e.unknown = append(e.unknown, name)
	return expand.Variable{}
}

// cands returns the values a variable not known for certain may hold
// (different paths gave it different values), or nil.
func (e *wordEnv) cands(name string) []string {
	if e.st == nil {
		return nil
	}
	if n, ok := e.st.resolve(name); ok {
		if miss, un := e.unordered[n]; un {
			k := e.st.vars[n].elemKeys()
			if miss {
				return append(slices.Clone(k), "")
			}
			return k
		}
		return e.st.vars[n].cands
	}
	return nil
}

// candLen returns the elements an array not known whose elements are
// each one of its cands may hold at most (variable.candLen), or 0.
func (e *wordEnv) candLen(name string) int {
	if e.st == nil {
		return 0
	}
	if n, ok := e.st.resolve(name); ok {
		if v := e.st.vars[n]; v.array {
			return v.candLen
		}
	}
	return 0
}

// allElements reports a word that expands every element of an array
// (${a[@]}, ${a[*]}, ${!a[@]} aside).
func allElements(w *sh.Word) bool {
	found := false
	walkTree(w, func(n sh.Node) bool {
		if p, ok := n.(*sh.ParamExp); ok && p.Index != nil && !p.Excl {
			if l, ok := p.Index.(*sh.Word); ok && (l.Lit() == "@" || l.Lit() == "*") {
				found = true
			}
		}
		return !found
	})
	return found
}

// maybes returns the values a variable not known may hold among others
// (variable.maybe), or nil.
func (e *wordEnv) maybes(name string) []string {
	if e.st == nil {
		return nil
	}
	if n, ok := e.st.resolve(name); ok {
		return e.st.vars[n].maybe
	}
	return nil
}

// Set implements expand.WriteEnviron for the assignments an expansion
// makes (wordEnv.assigned): a plain string to a variable that is no
// array, name reference or integer, has no case attribute and is not
// read-only; anything else is an error, which leaves the word only known
// at run time.
func (e *wordEnv) Set(name string, vr expand.Variable) error {
	if !e.canAssign || !isName(name) || vr.Kind != expand.String || !vr.Set {
		return errReadOnlyEnv
	}
	if e.st != nil {
		if n, ok := e.st.resolve(name); !ok || n != name {
			return errReadOnlyEnv
		}
		if v, ok := e.st.vars[name]; ok && (v.array || v.nameref || v.integer || v.assoc || v.caseAttr != 0 || v.readonly) {
			return errReadOnlyEnv
		}
	}
	if _, ok := e.synth[name]; ok {
		return errReadOnlyEnv
	}
	if _, ok := e.toggles[name]; ok {
		return errReadOnlyEnv
	}
	if e.assigned == nil {
		e.assigned = map[string]expand.Variable{}
	}
	e.assigned[name] = expand.Variable{Set: true, Kind: expand.String, Str: vr.Str}
	return nil
}

type readOnlyEnv struct{}

func (readOnlyEnv) Error() string { return "assignment not modelled" }

var errReadOnlyEnv error = readOnlyEnv{}

// Get implements expand.Environ.
func (e *wordEnv) Get(name string) expand.Variable {
	if v, ok := e.assigned[name]; ok {
		return v
	}
	if v, ok := e.synth[name]; ok {
		return v
	}
	if t, ok := e.toggles[name]; ok {
		return e.toggled(t)
	}
	if e.globDir && name == "PWD" {
		e.globDir = false
		return expand.Variable{}
	}
	if name == "0" && e.st != nil {
		// $0 is known inside a script file walked by its path
		// (scriptFile sets it); elsewhere only run time knows it.
		if v, ok := e.st.vars["0"]; ok && v.known && v.set {
			return expand.Variable{Set: true, Kind: expand.String, Str: v.str}
		}
	}
	if user, ok := strings.CutPrefix(name, "HOME "); ok {
		// ~user: the user's home directory. With no such user bash
		// leaves the word as written, but the command may make the
		// user first (useradd x && rm -rf ~x): only run time knows.
		if h, ok := userHome(user); ok && !strings.ContainsAny(h, "\x00") {
			return expand.Variable{Set: true, Kind: expand.String, Str: h}
		}
		return e.miss(name)
	}
	if dynamicParams.Get()[name] {
		return e.miss(name)
	}
	switch name {
	case "#", "@", "*":
		if e.st == nil || !e.st.posKnown {
			return e.miss(name)
		}
		if name == "#" {
			return expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(len(e.st.pos))}
		}
		return expand.Variable{Set: true, Kind: expand.Indexed, List: e.st.pos}
	}
	if n, err := strconv.Atoi(name); err == nil && n > 0 && name[0] != '0' {
		if e.st == nil || !e.st.posKnown {
			return e.miss(name)
		}
		if n <= len(e.st.pos) {
			return expand.Variable{Set: true, Kind: expand.String, Str: e.st.pos[n-1]}
		}
		return expand.Variable{}
	}
	if name == "DIRSTACK" && e.st != nil {
		// bash's DIRSTACK is the directory stack as dirs prints it,
		// full paths: [0] the working directory, [1] the entry pushd
		// saved last (pushd ~; pushd /tmp; rm -rf "${DIRSTACK[1]}"
		// deletes the home directory; ~1 is the same entry).
		if _, assigned := e.st.vars[name]; !assigned {
			l := dirsList(e.st, e.dir)
			if !e.st.stackKnown || slices.ContainsFunc(l, func(d Dir) bool { return !d.Known }) {
				return e.miss(name)
			}
			list := make([]string, len(l))
			for i, d := range l {
				list[i] = d.Path
			}
			return expand.Variable{Set: true, Kind: expand.Indexed, List: list}
		}
	}
	var v variable
	ok := false
	if e.st != nil {
		// A name reference reads the variable it names.
		n, known := e.st.resolve(name)
		if !known {
			return e.miss(name)
		}
		if n != name {
			return e.Get(n)
		}
		v, ok = e.st.vars[name]
	}
	switch {
	case name == "PWD" && !ok:
		if e.dir.Known {
			return expand.Variable{Set: true, Kind: expand.String, Str: e.dir.Path, Exported: true}
		}
		return e.miss(name)
	case name == "IFS" && !ok:
		// bash sets IFS itself at start-up; it is not taken from the
		// environment.
		return expand.Variable{Set: true, Kind: expand.String, Str: " \t\n"}
	case !ok || !v.known || e.isUnordered(name):
		return e.miss(name)
	case !v.set:
		return expand.Variable{}
	case v.array && e.isUnordered(name):
		// bash's order of an associative array's elements is its hash
		// table's: each element in turn (miss).
		return e.miss(name)
	case v.array:
		x := v.expandVar()
		if !e.st.serve(arraySize(x)) {
			return e.miss(name)
		}
		return x
	case !e.st.serve(int64(len(v.str))):
		return e.miss(name)
	}
	return expand.Variable{Set: true, Kind: expand.String, Str: v.str, Exported: v.exported}
}

// Each implements expand.Environ.
func (e *wordEnv) Each(fn func(string, expand.Variable) bool) {
	if e.st == nil {
		return
	}
	for _, k := range e.st.knownNames() {
		if !fn(k, e.Get(k)) {
			return
		}
	}
}

// resolver turns words into Args against a script's source and the state
// of the shell where they are expanded.
type resolver struct {
	src string
	dir Dir
	st  *state
	// mask writes run-time substitutions as a plain parameter, so that a
	// string parsed again does not hold them a second time.
	mask bool
	// substs are the command substitutions computed so far (knownSubst).
	substs map[*sh.CmdSubst]substResult
	// synth: the variables prepare made up, by name (anchored.go).
	synth map[string]expand.Variable
	// toggles: case toggles parseSource read as made-up variables
	// (casetoggle.go).
	toggles map[string]caseToggle
	// stream, set by the walker, is the one value a command substitution
	// that copies out a stream the command opened prints (streamsubst.go).
	stream func(*sh.CmdSubst) (string, bool)
	// wrote, set by the walker, is the text an earlier command of this
	// one wrote to the file at an absolute path, when it is static.
	wrote func(path string) (string, bool)
	// ctl caches srcHasCtl: 0 not looked yet, 1 yes, 2 no.
	ctl int8
	// unsplit is set while literal scans a word bash expands to one
	// string (an assignment's value, a redirection's target, a
	// here-string, a case word): no field splitting happens there, so
	// an unquoted expansion is exact under any IFS (exactParam).
	unsplit bool
	// ifsSplit is set while ifsFields scans a word it splits itself: an
	// unquoted $* or ${a[*]} is exact there (joinedElems).
	ifsSplit bool
	// pure, set by the walker, keeps the output of the substitutions
	// that print the same text wherever they stand (puresubst.go).
	pure *pureSubsts
	// blanks is set while setBlankFields resolves the parts of a word.
	blanks bool
}

func (r *resolver) span(w *sh.Word) Arg {
	a := Arg{Word: w, Start: int(w.Pos().Offset()), End: int(w.End().Offset())}
	if a.End > len(r.src) || a.Start > a.End || a.Start < 0 {
		a.Start, a.End = 0, 0
	}
	a.Raw = r.src[a.Start:a.End]
	if r.st.tainted() {
		if _, plain := plainWord(w); !plain {
			a.SetFrom(r.st.fromOf(w))
		}
	}
	return a
}

// wordScan is what a look at a word's syntax tells before expanding it.
type wordScan struct {
	// dynamic: the word holds a part no environment can answer
	// (command substitution, $RANDOM, ~user, ${x@P}).
	dynamic bool
	glob    bool
	// noGuess: an unknown variable is used in a way (length, slice,
	// replacement) that a stand-in value would answer wrongly.
	noGuess bool
	// subst: the word holds a command or process substitution.
	subst bool
	// partDynamic: a part of the word is dynamic by itself (not only an
	// operator outside the static subset, see exactWord).
	partDynamic bool
	// braces: the word may hold a brace expansion.
	braces bool
	// patsub: a pattern substitution's replacement holds an & bash
	// replaces by the matched text (patsub.go), which mvdan's expand
	// keeps.
	patsub bool
	// prompt: the word holds ${x@P} of a plain variable, whose value
	// corral computes where it can (promptValue).
	prompt bool
	// translated: the word holds a $"…" that a message catalog the
	// command chose translates (translates): a value a program chose.
	translated bool
	// assignment: the word is an assignment's value, whose tilde prefix
	// ends at a colon too (CDPATH=~:. is $HOME:.).
	assignment bool
}

func (r *resolver) scan(w *sh.Word, assignment bool) wordScan {
	s := wordScan{assignment: assignment}
	r.scanParts(&s, w.Parts, false)
	if start, end := int(w.Pos().Offset()), int(w.End().Offset()); 0 <= start && start <= end && end <= len(r.src) && r.srcHasCtl() {
		if raw := r.src[start:end]; strings.Contains(raw, "$\x7f") || strings.Contains(raw, "$\x01") ||
			strings.ContainsAny(raw, "\x01\x7f") && strings.Contains(raw, "\"") && strings.Contains(raw, "\\") {
			// Bytes bash uses inside to mark quoting (CTLNUL 0x7f,
			// CTLESC 0x01) after a $: bash's parser takes "$\x7f(" for
			// the start of a $( … ) it must close (FuzzExpand: bash
			// refuses "$\x7f(00", which corral read as text), so what
			// bash makes of the word is not what a shell reader sees; so
			// is one of them in double quotes beside a backslash
			// (FuzzExpand: bash keeps the backslash of "\x01\$").
			s.dynamic = true
		}
	}
	s.partDynamic = s.dynamic
	if !r.exactWord(w) || s.patsub {
		s.dynamic = true
	}
	return s
}

// srcHasCtl reports whether the script holds a byte bash uses inside to
// mark quoting (0x01, 0x7f), looked at once per resolver: a word's own
// text need only be searched for them when the script has one (a word
// nested n deep is searched at every level, n² over the script).
func (r *resolver) srcHasCtl() bool {
	if r.ctl == 0 {
		r.ctl = 2
		if strings.ContainsAny(r.src, "\x01\x7f") {
			r.ctl = 1
		}
	}
	return r.ctl == 1
}

func (r *resolver) scanParts(s *wordScan, parts []sh.WordPart, quoted bool) {
	for i, p := range parts {
		switch p := p.(type) {
		case *sh.Lit:
			if quoted {
				continue
			}
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				rest := v[1:]
				if prefix, _, _ := strings.Cut(rest, "/"); strings.Contains(prefix, `\`) {
					// ~\/x, ~r\oot: bash leaves a tilde prefix with a
					// quoted character as text (bashEscapes keeps it
					// so).
				} else if rest != "" && rest[0] != '/' && !(s.assignment && rest[0] == ':') {
					// ~user is looked up (wordEnv.Get); ~+ and ~- are
					// the directories prepare puts in their place.
					name, _, _ := strings.Cut(rest, "/")
					if s.assignment {
						name, _, _ = strings.Cut(name, ":") // A=~+:x
					}
					if strings.HasPrefix(rest, "{") && braceTildesHome(parts) {
						// ~{,}, ~{/.ssh,/.aws}: bash expands the braces
						// first, and each word is then ~ or ~/…, the
						// home directory (the brace path below).
					} else if _, ok := r.tildeDir(name); !ok && (!validUser(name) || IsDirStackTilde(name)) || len(parts) > 1 && !strings.Contains(rest, "/") {
						s.dynamic = true
					}
				}
				if rest == "" && len(parts) > 1 {
					s.dynamic = true // ~"x"
				}
			}
			if strings.ContainsAny(unescapedGlob(v), "*?[") {
				s.glob = true
			}
			if strings.Contains(v, "{") {
				s.braces = true
			}
		case *sh.DblQuoted:
			if p.Dollar && r.translates() {
				// $"…" with TEXTDOMAIN or TEXTDOMAINDIR set by the
				// command: the text is what the message catalog it
				// names says, a file the command can make (msgfmt).
				s.dynamic, s.subst, s.translated = true, true, true
			}
			r.scanParts(s, p.Parts, true)
		case *sh.CmdSubst:
			if _, ok := r.knownSubst(p); !ok {
				s.dynamic, s.subst = true, true
			}
		case *sh.ProcSubst:
			s.dynamic, s.subst = true, true
		case *sh.ArithmExp:
			r.scanArithm(s, p.X)
		case *sh.ParamExp:
			r.scanParam(s, p, quoted)
		case *sh.ExtGlob:
			s.glob = true
		}
	}
}

// translates reports that bash may translate a $"…" word through a
// message catalog the command chose: TEXTDOMAIN or TEXTDOMAINDIR set by
// the command (or made unknown by it). Without them the catalogs are the
// user's own, and the word is its text.
func (r *resolver) translates() bool {
	if r.st == nil {
		return false
	}
	for _, n := range []string{"TEXTDOMAIN", "TEXTDOMAINDIR"} {
		if v, ok := r.st.vars[n]; ok && !v.seeded && (v.set || !v.known) {
			return true
		}
	}
	return false
}

// caseOrEscapeOp are the @ operators that only transform the value
// (@L, @U, @u case, @E escapes, @Q quotes): outside the static subset,
// but a function of the value alone (a candidate, see dynamic).
var caseOrEscapeOp = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"L": true, "U": true, "u": true, "E": true, "Q": true}
}}

// splitsInQuotes reports a word that holds $@, ${@…} or an array's
// ${name[@]…}: expansions that make several fields inside double quotes.
func splitsInQuotes(w *sh.Word) bool {
	found := false
	walkTree(w, func(n sh.Node) bool {
		if pe, ok := n.(*sh.ParamExp); ok && pe.Param != nil {
			if pe.Param.Value == "@" {
				found = true
			}
			if ix, ok := pe.Index.(*sh.Word); ok && ix.Lit() == "@" {
				found = true
			}
		}
		return !found
	})
	return found
}

func (r *resolver) scanParam(s *wordScan, p *sh.ParamExp, quoted bool) {
	r.noteToggle(p)
	if r.patsubAmp(p) {
		if _, ok := r.patsubValue(p); !plainPatsub(p) || !ok {
			s.patsub = true
		}
	}
	if quoted && p.Exp != nil && p.Exp.Word != nil && p.Exp.Op <= sh.DefaultUnsetOrNull && splitsInQuotes(p.Exp.Word) {
		// "${1+$@}", "${x:-${a[@]}}": the operator's word holds $@ (or
		// an array's [@]), which gives a field of its own per element
		// inside the quotes, where the expansion library joins them.
		s.dynamic = true
	}
	if promptParam(p) {
		// ${x@P} expands a prompt, computed where it can be (patsub.go).
		s.prompt = true
	} else if p.Exp != nil && p.Exp.Op == sh.OtherParamOps && (p.Exp.Word == nil || !caseOrEscapeOp.Get()[p.Exp.Word.Lit()]) {
		s.dynamic = true // ${x@P} expands a prompt: it can run commands
	}
	if p.Excl || p.Length || p.Width || p.Slice != nil || p.Repl != nil || p.Index != nil || p.Names != 0 ||
		p.Exp != nil && p.Exp.Op >= sh.RemSmallSuffix {
		s.noGuess = true
	}
	if p.Param != nil && !quoted && !s.glob && (r.st == nil || !r.st.noGlob) {
		if v := r.st.get(p.Param.Value); v.known && strings.ContainsAny(v.str+strings.Join(v.list, ""), "*?[") {
			s.glob = true
		}
		// A value corral computes in place of the expansion (a pattern
		// substitution, a case toggle, a prompt) is globbed too:
		// x=abc; rm -rf ${x/abc/*} removes every file.
		if v, ok := r.computedValue(p); ok && strings.ContainsAny(v, "*?[") {
			s.glob = true
		}
	}
	// Substitutions and parameters inside ${x:-…} and friends.
	var inner []sh.Node
	if p.Slice != nil {
		if p.Slice.Offset != nil {
			inner = append(inner, p.Slice.Offset)
		}
		if p.Slice.Length != nil {
			inner = append(inner, p.Slice.Length)
		}
	}
	if p.Repl != nil {
		if p.Repl.Orig != nil {
			inner = append(inner, p.Repl.Orig)
		}
		if p.Repl.With != nil {
			inner = append(inner, p.Repl.With)
		}
	}
	if p.Exp != nil && p.Exp.Word != nil {
		inner = append(inner, p.Exp.Word)
	}
	for _, n := range inner {
		walkTree(n, func(n sh.Node) bool {
			switch n := n.(type) {
			case *sh.CmdSubst, *sh.ProcSubst:
				s.dynamic, s.subst = true, true
			case *sh.ArithmExp:
				r.scanArithm(s, n.X)
				return false
			case *sh.ParamExp:
				if n.Exp != nil && n.Exp.Op == sh.OtherParamOps {
					s.dynamic = true
				}
			}
			return true
		})
	}
	if p.Index != nil && !r.assocParam(p) {
		r.scanArithm(s, p.Index)
	}
	if p.Slice != nil {
		r.scanArithm(s, p.Slice.Offset)
		r.scanArithm(s, p.Slice.Length)
	}
}

// scanArithm marks arithmetic that reads a variable whose known value is
// not a number: bash evaluates such a value as an expression, which can
// run commands (x='a[$(…)]'; $((x))).
func (r *resolver) scanArithm(s *wordScan, x sh.ArithmExpr) {
	if x == nil {
		return
	}
	walkTree(x, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			s.dynamic, s.subst = true, true
		case *sh.Lit:
			if n.Value != "" && n.Value[0] >= '0' && n.Value[0] <= '9' && !arithConstant(n.Value) {
				// ${a:080}: bash refuses a constant it cannot read
				// (08 is no octal number) and the word expands to nothing.
				s.dynamic = true
			}
			if r.st != nil && isName(n.Value) {
				if v := r.st.get(n.Value); v.known && v.set && !isInteger(v.str) {
					s.dynamic = true
				}
			}
		case *sh.ParamExp:
			if r.st != nil && n.Param != nil {
				if v := r.st.get(n.Param.Value); v.known && v.set && !isInteger(v.str) {
					s.dynamic = true
				}
			}
		}
		return true
	})
	s.noGuess = true
}

// IsName reports whether s is a shell variable name ([A-Za-z_][A-Za-z0-9_]*).
func IsName(s string) bool { return isName(s) }

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// arithConstant reports a word bash's arithmetic reads as a number: a
// decimal, 0 and octal digits, 0x and hex digits, or BASE#DIGITS with a
// base from 2 to 64 and digits below it (0-9, a-z, A-Z, @, _; letters of
// either case are the same up to base 36).
func arithConstant(s string) bool {
	if b, digits, ok := strings.Cut(s, "#"); ok {
		base, err := strconv.Atoi(b)
		if err != nil || base < 2 || base > 64 || digits == "" {
			return false
		}
		for i := 0; i < len(digits); i++ {
			c, v := digits[i], 64
			switch {
			case c >= '0' && c <= '9':
				v = int(c - '0')
			case c >= 'a' && c <= 'z':
				v = int(c-'a') + 10
			case c >= 'A' && c <= 'Z':
				v = int(c-'A') + 36
				if base <= 36 {
					v -= 26
				}
			case c == '@':
				v = 62
			case c == '_':
				v = 63
			}
			if v >= base {
				return false
			}
		}
		return true
	}
	switch {
	case len(s) > 1 && (s[:2] == "0x" || s[:2] == "0X"):
		for i := 2; i < len(s); i++ { // bash reads a bare 0x as 0
			c := s[i] | 0x20
			if !(s[i] >= '0' && s[i] <= '9' || c >= 'a' && c <= 'f') {
				return false
			}
		}
		return true
	case s[0] == '0':
		for i := 1; i < len(s); i++ {
			if s[i] < '0' || s[i] > '7' {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isInteger(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// prepare returns the word as bash sees it before expansion: $'…' strings
// cut at their first NUL byte (bash ends the string there) and the tildes
// of an assignment-like word (x=~/y:~/z) expanded. ok is false when that
// is not possible statically.
func (r *resolver) prepare(w *sh.Word, assignment bool) (*sh.Word, bool) {
	out := w
	copied := false
	cp := func() {
		if !copied {
			out = &sh.Word{Parts: append([]sh.WordPart(nil), w.Parts...)}
			copied = true
		}
	}
	for i, p := range w.Parts {
		if q, ok := p.(*sh.SglQuoted); ok && q.Dollar {
			v, ok := decodeANSIC(q.Value)
			if !ok {
				return w, false
			}
			cp()
			out.Parts[i] = &sh.SglQuoted{Left: q.Left, Right: q.Right, Value: v}
		}
	}
	if parts, changed := r.assocLengths(out.Parts); changed {
		out = &sh.Word{Parts: parts}
		copied = true
	}
	if parts, changed, ok := r.prepareAnchored(out.Parts, false); !ok {
		return w, false
	} else if changed {
		out = &sh.Word{Parts: parts}
		copied = true
	}
	if lit, ok := out.Parts[0].(*sh.Lit); ok && strings.HasPrefix(lit.Value, "~") && !assignment {
		// ~+ is $PWD, ~- is $OLDPWD, ~N, ~+N and ~-N entries of the
		// directory stack (bash's tilde prefixes).
		name, rest, _ := strings.Cut(lit.Value[1:], "/")
		if h := r.st.get("HOME"); name == "" && h.known && !h.set {
			// unset HOME; rm -rf ~: bash takes the home directory from
			// the password database, the one the command started with.
			if r.st.home == "" || strings.ContainsAny(r.st.home, `\*?[{'"$`) {
				return w, false
			}
			cp()
			out.Parts[0] = &sh.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: r.st.home + lit.Value[1:]}
		}
		if name == "+" || name == "-" || IsDirStackTilde(name) {
			if dir, ok := r.tildeDir(name); ok {
				if rest != "" || strings.HasSuffix(lit.Value, "/") {
					dir += "/" + rest
				}
				cp()
				out.Parts[0] = &sh.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: dir}
			} else {
				return w, false
			}
		}
	}
	if lit, ok := w.Parts[0].(*sh.Lit); ok && strings.Contains(lit.Value, "~") {
		v := lit.Value
		start := -1
		if assignment {
			start = 0
		} else if eq := strings.IndexByte(v, '='); eq > 0 && isName(strings.TrimSuffix(v[:eq], "+")) {
			start = eq + 1
		}
		if start >= 0 {
			nv, ok := r.tildes(v, start, len(w.Parts) == 1)
			if !ok {
				return w, false
			}
			if nv != v {
				cp()
				out.Parts[0] = &sh.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: nv}
			}
		}
	}
	if assignLike(w, assignment) {
		// A=$1:~ — bash expands a tilde after any unquoted : of an
		// assignment-like word, in the literal text after an expansion
		// too (FuzzExpand).
		for i := 1; i < len(w.Parts); i++ {
			lit, ok := w.Parts[i].(*sh.Lit)
			if !ok || !strings.Contains(lit.Value, "~") {
				continue
			}
			c := strings.IndexByte(lit.Value, ':')
			if c < 0 || strings.Contains(lit.Value[:c], `\`) {
				continue
			}
			nv, ok := r.tildes(lit.Value, c+1, i == len(w.Parts)-1)
			if !ok {
				return w, false
			}
			if nv != lit.Value {
				cp()
				out.Parts[i] = &sh.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: nv}
			}
		}
	}
	if !assignsPlainly(out) && assignsOnce(out) {
		// ${x:=d} and ${x=d} have the value of ${x:-d} and ${x-d}; the
		// assignment (walk.go's defaultAssign) matters to this word only
		// where it expands x again, which assignsOnce rules out.
		out = assignAsDefault(out)
	}
	return out, true
}

// assignsPlainly reports a word whose assignments (${x:=d}, ${x=d},
// $((x=…)), $((x++))) the expansion may make as bash does, left to right
// (wordEnv.Set): no command or process substitution (which corral reads
// with the shell's state, not the word's) and every parameter expansion
// one mvdan's expand computes itself — $x, ${x}, ${#x}, and ${x:-w},
// ${x:+w}, ${x:=w}, ${x:?w} and their colon-less forms, with no
// subscript, slice, replacement, indirection or other operator, which
// prepare computes from the shell's state ("${X:=a}${X/a/b}" is ab in
// bash).
func assignsPlainly(w *sh.Word) bool {
	ok := true
	walkTree(w, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst:
			ok = false
		case *sh.ParamExp:
			if n.Param == nil || n.Index != nil || n.Slice != nil || n.Repl != nil || n.Excl || n.Names != 0 ||
				n.Width || n.IsSet || n.NestedParam != nil || n.Flags != nil || len(n.Modifiers) > 0 {
				ok = false
				break
			}
			if n.Exp != nil {
				switch n.Exp.Op {
				case sh.DefaultUnset, sh.DefaultUnsetOrNull, sh.AlternateUnset, sh.AlternateUnsetOrNull,
					sh.AssignUnset, sh.AssignUnsetOrNull, sh.ErrorUnset, sh.ErrorUnsetOrNull:
				default:
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

// assignsOnce reports a word with an assigning expansion (${x:=d}, ${x=d})
// whose value does not depend on the assignment: no other expansion of a
// parameter of the same name, no arithmetic and no substitution ("${X:=a}$X"
// is aa in bash, "${X:=a}$(echo $X)" too).
func assignsOnce(w *sh.Word) bool {
	assigns := false
	names := map[string]int{}
	ok := true
	walkTree(w, func(n sh.Node) bool {
		switch n := n.(type) {
		case *sh.CmdSubst, *sh.ProcSubst, *sh.ArithmExp:
			ok = false
		case *sh.ParamExp:
			if n.Param == nil {
				ok = false
				break
			}
			names[n.Param.Value]++
			if n.Index != nil {
				ok = false // ${a[@]:=w}: bash refuses; a[i] is one element
				break
			}
			if n.Exp != nil && (n.Exp.Op == sh.AssignUnset || n.Exp.Op == sh.AssignUnsetOrNull) {
				assigns = true
			}
		}
		return ok
	})
	if !ok || !assigns {
		return false
	}
	for _, k := range names {
		if k > 1 {
			return false
		}
	}
	return true
}

// assignLike reports an assignment's value (assignment) or a word that
// starts NAME=, whose tildes bash expands after = and each :.
func assignLike(w *sh.Word, assignment bool) bool {
	if assignment {
		return true
	}
	lit, ok := w.Parts[0].(*sh.Lit)
	if !ok {
		return false
	}
	eq := strings.IndexByte(lit.Value, '=')
	// NAME+= appends, and is as assignment-like (A+=~ is A+=$HOME).
	return eq > 0 && isName(strings.TrimSuffix(lit.Value[:eq], "+"))
}

// tildeDir returns the directory ~+ (the working directory) or ~- (the
// previous one, $OLDPWD) names, when known and plain enough to stand
// unquoted in a word.
func (r *resolver) tildeDir(name string) (string, bool) {
	var dir string
	switch name {
	case "+":
		// ~+ is the variable $PWD, which the command may assign
		// (PWD=~; rm -f ~+/.bashrc; red team 16 SV1).
		if r.st != nil {
			if _, assigned := r.st.vars["PWD"]; assigned {
				env := r.env()
				v := env.Get("PWD")
				if len(env.unknown) > 0 || !v.IsSet() || v.Kind != expand.String {
					return "", false
				}
				dir = v.Str
				break
			}
		}
		if !r.dir.Known {
			return "", false
		}
		dir = r.dir.Path
	case "-":
		if r.st == nil {
			return "", false
		}
		v := r.st.get("OLDPWD")
		if !v.known || !v.set {
			return "", false
		}
		dir = v.str
	default:
		// ~N, ~+N, ~-N: an entry of pushd's directory stack (dirs +N,
		// dirs -N), as bash's tilde expansion gives it.
		v, ok := dirStackTilde(name)
		if !ok || r.st == nil || !r.st.stackKnown || !r.dir.Known {
			return "", false
		}
		l := dirsList(r.st, r.dir)
		i := stackEntry(l, v)
		if i < 0 || !l[i].Known {
			return "", false
		}
		dir = l[i].Path
	}
	if dir == "" || strings.ContainsAny(dir, "\\*?[{'\"$ \t\n~") {
		return "", false
	}
	return dir, true
}

// validUser reports a name ~name can look up: a user name's characters.
func validUser(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') || i == 0 && c == '-' {
			return false
		}
	}
	return true
}

// tildes expands the tildes bash expands in an assignment's value: at
// its start and after each unquoted colon.
func (r *resolver) tildes(v string, start int, whole bool) (string, bool) {
	var b strings.Builder
	b.WriteString(v[:start])
	rest := v[start:]
	for {
		if strings.HasPrefix(rest, "~") {
			end := strings.IndexAny(rest, "/:")
			if end < 0 {
				end = len(rest)
				if !whole {
					return v, false // ~"…": quoted text follows
				}
			}
			if strings.Contains(rest[:end], `\`) {
				// A=~\/x: a tilde prefix with a quoted character
				// is text.
				b.WriteByte('~')
				rest = rest[1:]
				goto colon
			}
			if end != 1 {
				return v, false // ~user
			}
			home := r.st.get("HOME")
			if home.known && !home.set && r.st.home != "" {
				// Unset: the password database's, where it started.
				home = variable{known: true, set: true, str: r.st.home}
			}
			if !home.known || !home.set || strings.ContainsAny(home.str, `\*?[{'"$`) {
				return v, false
			}
			b.WriteString(home.str)
			rest = rest[1:]
		}
	colon:
		i := unescapedColon(rest)
		if i < 0 {
			b.WriteString(rest)
			return b.String(), true
		}
		b.WriteString(rest[:i+1])
		rest = rest[i+1:]
	}
}

// unescapedColon returns the index of the first colon in the raw
// literal v that no backslash escapes (A=\0:~ expands the tilde, A=x\:~
// does not: bash 5.2), or -1.
func unescapedColon(v string) int {
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++ // the escaped character
		case ':':
			return i
		}
	}
	return -1
}

func (r *resolver) env() *wordEnv {
	return &wordEnv{st: r.st, dir: r.dir, synth: r.synth, toggles: r.toggles}
}

// arg resolves a word that bash expands to a single string: an
// assignment's value, a redirection's target, a here-string.
func (r *resolver) arg(w *sh.Word) Arg {
	return r.literal(w, false)
}

// plainWord returns the value of a word that is one literal without any
// character expansion acts on: most words, resolved without the expand
// package.
func plainWord(w *sh.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*sh.Lit)
	if !ok || strings.ContainsAny(l.Value, "\\'\"$~{}*?[]`") {
		return "", false
	}
	return l.Value, true
}

func (r *resolver) literal(w *sh.Word, assignment bool) Arg {
	a := r.span(w)
	a.GlobOpts = r.st.globOpts()
	a.SetGlobIgnore(r.st.globIgnore())
	if len(w.Parts) == 0 {
		a.Static = true
		return a
	}
	if v, ok := plainWord(w); ok {
		a.Value, a.Static = v, true
		return a
	}
	w = r.indirect(w)
	// Bash does not split the words literal resolves (an assignment's
	// value under any IFS: IFS=,; c=rm,-rf,$HOME is one string).
	saved := r.unsplit
	r.unsplit = true
	s := r.scan(w, assignment)
	r.unsplit = saved
	a.Glob = s.glob && (r.st == nil || !r.st.noGlob)
	if !s.dynamic {
		if pw, ok := r.prepare(w, assignment); ok {
			env := r.env()
			env.canAssign = assignsPlainly(w)
			v, err := safeLiteral(r.cfg(env), pw)
			if err == nil && len(env.unknown) == 0 {
				a.Value, a.Static = v, true
				if a.Glob {
					pat, _ := safePattern(r.cfg(r.env()), pw)
					a.SetPattern(pat)
				}
				return a
			}
		}
	}
	r.dynamic(&a, w, s, nil)
	return a
}

// fields resolves a command's argument word into the fields bash makes of
// it: brace expansion, tilde and parameter expansion, word splitting of
// unquoted results, quote removal. A glob stays one field (Glob set). A
// word that expands to nothing (an unquoted empty variable) gives no
// field; a dynamic word gives one Arg with its text.
func (r *resolver) fields(w *sh.Word) []Arg {
	a := r.span(w)
	a.GlobOpts = r.st.globOpts()
	a.SetGlobIgnore(r.st.globIgnore())
	if v, ok := plainWord(w); ok {
		a.Value, a.Static = v, true
		return []Arg{a}
	}
	w = r.indirect(w)
	if f, ok := r.ifsFields(w); ok {
		return f
	}
	s := r.scan(w, false)
	glob := s.glob && (r.st == nil || !r.st.noGlob)
	if !s.dynamic {
		if pw, ok := r.prepare(w, false); ok {
			env := r.env()
			env.globDir = true
			env.canAssign = assignsPlainly(w)
			cfg := r.cfg(env)
			var vals []string
			var err error
			words := []*sh.Word{pw}
			if s.braces {
				words = braceWords(pw)
				if braceJoinsName(words) {
					r.dynamic(&a, w, s, nil)
					a.Glob = glob
					return []Arg{a}
				}
			}
			vals, err = safeFields(cfg, MaxFields, words...)
			if err == nil && len(env.unknown) == 0 {
				if len(vals) == 1 && !s.braces {
					a.Value, a.Static, a.Glob = vals[0], true, glob
					if glob {
						pat, _ := safePattern(r.cfg(r.env()), pw)
						a.SetPattern(pat)
					}
					return []Arg{a}
				}
				out := make([]Arg, len(vals))
				for i, v := range vals {
					f := a
					f.Value, f.Static = v, true
					f.Glob = glob && strings.ContainsAny(v, "*?[")
					if f.Glob {
						f.SetPattern(v)
					}
					f.Split = len(vals) > 1
					out[i] = f
				}
				return out
			}
		}
	}
	if !s.partDynamic && !s.braces && !glob {
		if f, ok := r.atJoinFields(w, a); ok {
			return f // "${a[@]}/.ssh": a field per element (atjoin.go)
		}
	}
	r.dynamic(&a, w, s, nil)
	a.Glob = glob
	return []Arg{a}
}

// braceWords brace-expands w (at most MaxFields+1 words) and joins the
// leading literal parts of each result, so that a tilde a brace produced
// ({x,~}) is expanded as bash does.
func braceWords(w *sh.Word) []*sh.Word {
	word := *w
	if !sh.SplitBraces(&word) {
		return []*sh.Word{w}
	}
	var out []*sh.Word
	for bw, err := range expand.BracesSeq(nil, &word) {
		if err != nil || len(out) > MaxFields {
			break
		}
		parts := bw.Parts
		if emptyLiteral(parts) {
			// An unquoted empty word vanishes: {,} is no word at all.
			continue
		}
		var lead strings.Builder
		n := 0
		for n < len(parts) {
			l, ok := parts[n].(*sh.Lit)
			if !ok {
				break
			}
			lead.WriteString(l.Value)
			n++
		}
		// Empty literals go: mvdan's expand would keep an empty
		// expansion beside one as a field ({,}$b and $b{,} are no
		// word in bash).
		var np []sh.WordPart
		if lead.Len() > 0 {
			np = append(np, &sh.Lit{Value: lead.String()})
		}
		for _, p := range parts[n:] {
			if l, ok := p.(*sh.Lit); !ok || l.Value != "" {
				np = append(np, p)
			}
		}
		bw = &sh.Word{Parts: np}
		out = append(out, bw)
	}
	return out
}

// braceTildesHome reports a word whose brace expansion gives only words
// that start with a tilde prefix naming the home directory: ~ alone or
// followed by a slash (~{,} is ~ ~, ~{/a,/b} is ~/a ~/b), each of which
// bash then tilde-expands.
func braceTildesHome(parts []sh.WordPart) bool {
	words := braceWords(&sh.Word{Parts: parts})
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		l, ok := w.Parts[0].(*sh.Lit)
		if !ok || l.Value != "~" && !strings.HasPrefix(l.Value, "~/") || l.Value == "~" && len(w.Parts) > 1 {
			return false
		}
	}
	return true
}

// emptyLiteral reports whether parts are only empty literals (or none): a
// brace expansion result that is no word after word splitting.
func emptyLiteral(parts []sh.WordPart) bool {
	for _, p := range parts {
		if l, ok := p.(*sh.Lit); !ok || l.Value != "" {
			return false
		}
	}
	return true
}

// braceJoinsName reports whether a brace expansion put a $name right
// before letters, digits or _: bash expands braces in the text before it
// reads parameters, so {x,$a}b reads the parameter ab, while the parsed
// words hold $a then b. Such a word is left to run time.
func braceJoinsName(words []*sh.Word) bool {
	for _, w := range words {
		for i := 0; i+1 < len(w.Parts); i++ {
			p, ok := w.Parts[i].(*sh.ParamExp)
			if !ok || !p.Short || p.Param == nil {
				continue
			}
			l, ok := w.Parts[i+1].(*sh.Lit)
			if !ok || l.Value == "" {
				continue
			}
			c := l.Value[0]
			if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				return true
			}
		}
	}
	return false
}

// validParam reports whether name is a parameter bash knows: a name, a
// positional number or a special parameter.
func validParam(name string) bool {
	if len(name) == 1 && strings.Contains("#?-$!@*", name) {
		return true
	}
	if name == "" {
		return false
	}
	if name[0] >= '0' && name[0] <= '9' {
		for i := 0; i < len(name); i++ {
			if name[i] < '0' || name[i] > '9' {
				return false
			}
		}
		return true
	}
	return isName(name)
}

type fieldsError struct{}

func (fieldsError) Error() string { return "too many fields" }

var errTooManyFields error = fieldsError{}

// dynamic fills in a word only run time knows: its text with the known
// parts resolved, the variables it depends on, and the values it takes
// when those are unset, empty, or set (where that gives a static value).
func (r *resolver) dynamic(a *Arg, w *sh.Word, s wordScan, _ []string) {
	var b strings.Builder
	for i, p := range w.Parts {
		r.approx(&b, p, i == 0, false)
	}
	a.Value, a.Static = b.String(), false
	a.Printed = a.Printed || s.translated
	r.setBlankFields(a, w)
	if s.subst && !r.mask && !s.translated {
		if r.pidSubst(a, w) {
			return // $(printf %s /proc/self/task/$$): procpidsubst.go
		}
		if r.substCandidates(a, w) {
			return // $(test -f x && echo P): each text it may print (substlist.go)
		}
		if r.listedNames(a, w) {
			return // $(compgen -f P), $(ls -a | grep X): the names' pattern (listednames.go)
		}
		r.substEmpty(a, w, s)
		r.substMentions(a, w, s) // the paths its own text names (substmentions.go)
		if !s.assignment {
			r.markRenamed(a, w) // "$(dirname \"$f\")/x": a rename (substmentions.go)
		}
		return
	}
	if s.subst || r.mask {
		return
	}
	if r.anchoredGuesses(a, w) {
		return
	}
	env := r.env()
	pw, ok := r.prepare(w, false)
	if !ok {
		if s.prompt {
			// A prompt expansion corral cannot compute (\w, $(…), a
			// value only run time knows): its variable's value is taken
			// as unknown, as for any run-time value.
			a.SetUnknown(promptNames(w))
		}
		return
	}
	pw = r.runTimeTilde(pw)
	unordered, mixed := r.unorderedNames(pw)
	if mixed {
		return
	}
	for n := range unordered {
		if len(r.st.vars[n].elemKeys()) > maxUnordered {
			return
		}
	}
	pw = anyElement(pw, unordered, r)
	env.unordered = unordered
	env.canAssign = assignsPlainly(w)
	v, err := safeLiteral(r.cfg(env), pw)
	if err != nil && len(env.unknown) == 0 {
		return
	}
	if len(env.unknown) == 0 && !s.partDynamic && !strings.Contains(v, marker) {
		// Every input is known, and only an operator outside the static
		// subset (${x@L}, ${x@E}, ${a[-1]}, "${a[*]}" with another IFS)
		// keeps the word from being static: mvdan's expand gives the
		// value bash most likely gives, a candidate a rule that must not
		// miss a dangerous value judges (rm -rf ${x@L} of x=/ROOT).
		a.SetCandidates([]string{v})
		if u := strings.ReplaceAll(v, `\`, ""); u != v && strings.Contains(a.Raw, "/") {
			// ${HOME//\//\/}: bash removes the backslashes of a
			// pattern substitution's replacement (/root), mvdan's expand
			// keeps them (\/root); both are candidates.
			a.SetCandidates(append(a.Candidates(), u))
		}
		a.OneOf = true
		return
	}
	a.SetUnknown(env.unknown)
	for k, name := range env.unknown {
		v := r.st.get(name)
		a.addReadBy(v.readBy)
		if v.nonEmpty {
			nonEmpty := append(a.NonEmpty(), name)
			sort.Strings(nonEmpty)
			a.SetNonEmpty(nonEmpty)
		}
		if !v.printed {
			continue
		}
		if a.Printed && a.PrintedBy() != v.printedBy || k > 0 && !a.Printed {
			a.SetPrintedBy("") // several programs, or other run-time values too
		} else {
			a.SetPrintedBy(v.printedBy)
		}
		a.Printed = true
	}
	if r.pidOnly(env.unknown) {
		// /proc/$$/cwd, /proc/$BASHPID/root: the shell's own process,
		// whose working directory and root every command it runs
		// shares — the path /proc/self/… names for them (its other
		// entries, status or fd, are the shell's own: not candidates).
		synth := map[string]expand.Variable{"$": {Set: true, Kind: expand.String, Str: "self"}, "BASHPID": {Set: true, Kind: expand.String, Str: "self"}}
		for _, n := range env.unknown {
			if n != "$" && n != "BASHPID" {
				// p=$$, d=/proc/$$/fd: its value, the id as self.
				synth[n] = expand.Variable{Set: true, Kind: expand.String, Str: pidAsSelf(r.st.vars[n].pidText)}
			}
		}
		for k, v := range r.synth {
			synth[k] = v
		}
		genv := &wordEnv{st: r.st, dir: r.dir, synth: synth, toggles: r.toggles}
		if v, err := safeLiteral(r.cfg(genv), pw); err == nil && len(genv.unknown) == 0 {
			if place, ok := shellProcPlace(v); ok {
				a.SetCandidates(append(a.Candidates(), place))
				a.OneOf = true
				return
			} else if dir, ok := shellProcDir(v); ok {
				// x=/proc/self/task/$$: the shell's own directory,
				// kept so $x/root/… and $x/environ are judged
				// (red team 17 PR1c).
				a.SetCandidates(append(a.Candidates(), dir))
				a.OneOf = true
				return
			}
		}
		if !onlyShellPid(env.unknown) {
			// x=$$; cat ~/.ssh/id_rsa$x: a variable holding the id is
			// guessed as any other (unset or empty among them), as
			// before it was known to hold it.
			goto guesses
		}
		return
	}
guesses:
	if len(env.unknown) == 0 || len(env.unknown) > 2 || s.dynamic && !onlyUnknownParams(env.unknown) {
		return
	}
	// Candidates: every unknown variable unset, empty, or (where that
	// cannot be misread) set to something unknown; a variable that
	// different paths gave different values takes each of them instead.
	choices := 2
	if !s.noGuess {
		choices = 3
	}
	n := len(env.unknown)
	per := make([]int, n)
	total := 1
	oneOf := true
	pats, complete := r.patternGuesses(pw)
	for i, name := range env.unknown {
		per[i] = choices
		if c := env.cands(name); len(c) > 0 {
			per[i] = len(c)
		} else {
			// ${H%$y} with y only a whole pattern: its tries give every
			// value bash may give.
			oneOf = oneOf && complete[name] && len(env.maybes(name)) == 0
			if m := env.maybes(name); len(m) > 0 {
				per[i] = len(m) + 1
				delete(pats, name)
			} else {
				// ${H%$y}: y any suffix of H's value as well.
				per[i] += len(pats[name])
			}
		}
		total *= per[i]
	}
	if total > maxPatternExpansions {
		// Too many to try: the plain guesses only.
		total, pats, oneOf = 1, nil, false
		for i, name := range env.unknown {
			if len(env.cands(name)) == 0 && len(env.maybes(name)) == 0 {
				per[i] = choices
			}
			total *= per[i]
		}
	}
	// ${x:=d} and ${x=d} have the value ${x:-d} and ${x-d} have; the
	// assignment they also make is not this word's value.
	whole := allElements(pw)
	canAssign := assignsPlainly(w)
	seen := map[string]bool{}
	for k := 0; k < total; k++ {
		g := make(map[string]int, n)
		x := k
		for i, name := range env.unknown {
			g[name] = x % per[i]
			x /= per[i]
		}
		genv := &wordEnv{st: r.st, dir: r.dir, guess: g, synth: r.synth, toggles: r.toggles, wholeArray: whole, canAssign: canAssign,
			unordered: unordered, pats: pats, patFrom: choices}
		v, err := safeLiteral(r.cfg(genv), pw)
		if err != nil || len(genv.unknown) > 0 || strings.Contains(v, marker) || seen[v] {
			continue
		}
		seen[v] = true
		a.SetCandidates(append(a.Candidates(), v))
	}
	a.OneOf = oneOf && len(a.Candidates()) > 0
}

// substEmpty gives a word that is partly a command substitution only run
// time knows (/$(cat f), "$HOME/$(id -un)/x") the value it takes when each
// such substitution prints nothing, as a candidate among others
// (SubstOpen): the text before it stays, so x=/$(cat f); rm -rf $x can be
// rm -rf /. A word that starts with such a substitution (its head is a
// program's: $(brew --prefix)/etc), or holds one inside a parameter's
// word, a process substitution or a translated string, gets none.
func (r *resolver) substEmpty(a *Arg, w *sh.Word, s wordScan) {
	text, dropped := false, false
	var strip func(parts []sh.WordPart) ([]sh.WordPart, bool)
	strip = func(parts []sh.WordPart) ([]sh.WordPart, bool) {
		out := make([]sh.WordPart, 0, len(parts))
		for _, p := range parts {
			switch p := p.(type) {
			case *sh.CmdSubst:
				if _, ok := r.knownSubst(p); !ok {
					if !text {
						// $(brew --prefix)/etc/x: a program prints the
						// head, which it does not leave empty.
						return nil, false
					}
					dropped = true
					continue
				}
			case *sh.ProcSubst:
				return nil, false
			case *sh.Lit:
				text = text || p.Value != ""
			case *sh.SglQuoted:
				text = text || p.Value != ""
			case *sh.DblQuoted:
				inner, ok := strip(p.Parts)
				if !ok {
					return nil, false
				}
				q := *p
				q.Parts = inner
				out = append(out, &q)
				continue
			default:
				nested := false
				walkTree(p, func(n sh.Node) bool {
					switch n.(type) {
					case *sh.CmdSubst, *sh.ProcSubst:
						nested = true
					}
					return !nested
				})
				if nested {
					return nil, false
				}
			}
			out = append(out, p)
		}
		return out, true
	}
	parts, ok := strip(w.Parts)
	if !ok || !dropped || len(parts) == 0 {
		return
	}
	e := r.literal(&sh.Word{Parts: parts}, s.assignment)
	switch {
	case e.Static && !e.Glob:
		a.SetCandidates([]string{e.Value})
	case !e.Static && len(e.Candidates()) > 0:
		a.SetCandidates(e.Candidates())
		a.SetUnknown(e.Unknown())
	default:
		return
	}
	a.edit().substOpen = true
}

// runTimeTilde writes a leading ~ or ~/… of a word whose HOME only run
// time knows (HOME=$(mktemp -d), read HOME, export HOME="$x") as the
// expansion bash makes of it: HOME's value, the home directory of the
// password database when HOME is unset, nothing when it is empty
// ("${HOME-/home/u}"), so that the word depends on HOME as "$HOME/x"
// does and its candidates are /x and /home/u/x, not the home directory
// the hook sees alone.
func (r *resolver) runTimeTilde(w *sh.Word) *sh.Word {
	if r.st == nil || len(w.Parts) == 0 {
		return w
	}
	lit, ok := w.Parts[0].(*sh.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") || len(lit.Value) > 1 && lit.Value[1] != '/' {
		return w
	}
	if h := r.st.get("HOME"); h.known {
		return w
	}
	home := &sh.ParamExp{Param: &sh.Lit{Value: "HOME"}}
	if r.st.home != "" {
		home.Exp = &sh.Expansion{Op: sh.DefaultUnset, Word: &sh.Word{Parts: []sh.WordPart{&sh.SglQuoted{Value: r.st.home}}}}
	}
	parts := []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{home}}}
	if rest := lit.Value[1:]; rest != "" {
		parts = append(parts, &sh.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: rest})
	}
	return &sh.Word{Parts: append(parts, w.Parts[1:]...)}
}

// pidOnly reports a word whose only unknown parts are the shell's
// process id ($$, $BASHPID, a variable assigned one: p=$$).
func (r *resolver) pidOnly(names []string) bool {
	for _, n := range names {
		if n != "$" && n != "BASHPID" && !r.pidVar(n) {
			return false
		}
	}
	return len(names) > 0
}

// onlyShellPid reports a word whose only unknown parts are $$ and
// $BASHPID themselves.
func onlyShellPid(names []string) bool {
	for _, n := range names {
		if n != "$" && n != "BASHPID" {
			return false
		}
	}
	return len(names) > 0
}

// pidVar reports a variable whose value is known but for the shell's
// process id (p=$$, d=/proc/$$/fd).
func (r *resolver) pidVar(name string) bool {
	if r.st == nil || !isName(name) {
		return false
	}
	v, ok := r.st.vars[name]
	return ok && v.pidText != "" && !v.known
}

// pidAsSelf writes the shell's process id in text ($$, ${$}, $BASHPID,
// ${BASHPID}) as self, the name /proc gives the process that looks.
func pidAsSelf(text string) string {
	return strings.NewReplacer("${BASHPID}", "self", "$BASHPID", "self", "${$}", "self", "$$", "self").Replace(text)
}

// onlyUnknownParams reports whether the dynamic parts of a word are all
// parameters (not $RANDOM and the like, which are always dynamic).
func onlyUnknownParams(names []string) bool {
	for _, n := range names {
		if dynamicParams.Get()[n] || strings.HasPrefix(n, "HOME ") {
			return false
		}
	}
	return true
}

// approx appends an approximation of one word part: known parts resolved,
// run-time parts as written.
func (r *resolver) approx(b *strings.Builder, p sh.WordPart, first, quoted bool) {
	switch p := p.(type) {
	case *sh.Lit:
		v := p.Value
		if quoted {
			b.WriteString(unescapeDouble(v))
			return
		}
		if first && (v == "~" || strings.HasPrefix(v, "~/")) {
			if h := r.st.get("HOME"); h.known && h.set {
				b.WriteString(h.str)
				v = v[1:]
			}
		}
		b.WriteString(unescapeBare(v))
		return
	case *sh.SglQuoted:
		if !p.Dollar {
			b.WriteString(p.Value)
			return
		}
		if v, ok := decodeANSIC(p.Value); ok {
			b.WriteString(v)
			return
		}
		// Not decoded exactly: still the best guess for the text.
		if v, err := expand.Literal(&expand.Config{}, &sh.Word{Parts: []sh.WordPart{p}}); err == nil {
			if j := strings.IndexByte(v, 0); j >= 0 {
				v = v[:j]
			}
			b.WriteString(v)
			return
		}
	case *sh.DblQuoted:
		for _, q := range p.Parts {
			r.approx(b, q, false, true)
		}
		return
	case *sh.ParamExp:
		if p.Param != nil && simpleParam(p) && r.pidVar(p.Param.Value) {
			// p=$$: the shell's process id, written as fdRef and
			// shellFdDir read it (/proc/$p/fd/3 is /proc/$$/fd/3).
			b.WriteString(r.st.vars[p.Param.Value].pidText)
			return
		}
		if p.Param != nil && simpleParam(p) {
			env := r.env()
			v := env.Get(p.Param.Value)
			if len(env.unknown) == 0 && v.IsSet() && v.Kind == expand.String {
				b.WriteString(v.Str)
				return
			}
		}
	case *sh.CmdSubst, *sh.ProcSubst:
		if r.mask {
			b.WriteString("${__corral_dynamic}")
			return
		}
	}
	b.WriteString(r.text(p))
}

// CanMatch reports whether the argument can name path: its value when
// static and not a glob, any path its glob pattern matches (a * does not
// cross a slash, as in pathname expansion), or, for a dynamic word, one of
// its candidates. It lets a rule see that /*, /???, /[e]tc reach /etc.
func (a Arg) CanMatch(path string) bool {
	if a.Static && !a.Glob {
		return cleanPath(a.Value) == cleanPath(path) || a.Value == path
	}
	if a.Static {
		return GlobMatch(a.Pattern(), path, a.GlobOpts) &&
			!(strings.HasPrefix(a.Pattern(), "/") == strings.HasPrefix(path, "/") && GlobIgnored(a.GlobIgnore(), path))
	}
	for _, c := range a.Candidates() {
		if c == path || c != "" && cleanPath(c) == cleanPath(path) || GlobMatch(c, path, a.GlobOpts) {
			return true
		}
	}
	return false
}

func (r *resolver) text(n sh.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(r.src) || s > e {
		return ""
	}
	return r.src[s:e]
}

func simpleParam(p *sh.ParamExp) bool {
	return p.Flags == nil && !p.Excl && !p.Length && !p.Width && !p.IsSet &&
		p.NestedParam == nil && p.Index == nil && len(p.Modifiers) == 0 &&
		p.Slice == nil && p.Repl == nil && p.Names == 0 && p.Exp == nil
}

// LocaleEscapes reports whether the body of a $'…' string holds an
// escape corral does not decode exactly as bash does (see decodeANSIC): a
// \u or \U escape of a character outside ASCII, which bash writes in the
// locale's encoding (UTF-8, or the escape itself under LC_ALL=C), \c of
// anything but a letter, an octal escape above \377. Such a word is only
// known at run time. An ASCII code point is the same byte in every locale
// ($'\u002eenv' is .env).
func LocaleEscapes(body string) bool {
	_, ok := decodeANSIC(body)
	return !ok
}

// assignAsDefault returns w with its ${x:=d} and ${x=d} expansions read as
// ${x:-d} and ${x-d}: the same value, without the assignment, which an
// environment that only answers questions cannot make.
func assignAsDefault(w *sh.Word) *sh.Word {
	var parts func([]sh.WordPart) ([]sh.WordPart, bool)
	parts = func(in []sh.WordPart) ([]sh.WordPart, bool) {
		out := in
		changed := false
		for i, p := range in {
			var np sh.WordPart
			switch p := p.(type) {
			case *sh.ParamExp:
				if p.Exp != nil && (p.Exp.Op == sh.AssignUnsetOrNull || p.Exp.Op == sh.AssignUnset) {
					q := *p
					e := *p.Exp
					if e.Op == sh.AssignUnsetOrNull {
						e.Op = sh.DefaultUnsetOrNull
					} else {
						e.Op = sh.DefaultUnset
					}
					q.Exp = &e
					np = &q
				}
			case *sh.DblQuoted:
				if inner, ok := parts(p.Parts); ok {
					q := *p
					q.Parts = inner
					np = &q
				}
			}
			if np != nil {
				if !changed {
					out = append([]sh.WordPart(nil), in...)
					changed = true
				}
				out[i] = np
			}
		}
		return out, changed
	}
	if ps, ok := parts(w.Parts); ok {
		return &sh.Word{Parts: ps}
	}
	return w
}

// computedValue returns the value corral computes for an expansion whose
// operator mvdan's expand does not model (patsubglob.go, casetoggle.go,
// the prompt in patsub.go); ok is false for any other expansion or when
// it cannot be computed.
func (r *resolver) computedValue(p *sh.ParamExp) (string, bool) {
	switch {
	case plainPatsub(p):
		return r.patsubValue(p)
	case promptParam(p):
		return r.promptValue(p)
	}
	if v, ok := r.trimExtValue(p); ok {
		return v, true
	}
	if t, ok := r.toggles[p.Param.Value]; ok {
		env := r.env()
		v := env.toggled(t)
		return v.Str, len(env.unknown) == 0 && v.IsSet()
	}
	return "", false
}

// dirStackTilde returns the dirs index (+N or -N) a tilde prefix names:
// ~N and ~+N are dirs +N, ~-N is dirs -N.
func dirStackTilde(name string) (string, bool) {
	if name == "" {
		return "", false
	}
	if name[0] != '+' && name[0] != '-' {
		name = "+" + name
	}
	if !dirStackIndex(name) {
		return "", false
	}
	return name, true
}

// IsDirStackTilde reports a tilde prefix that names a directory stack
// entry (~1, ~+2, ~-0), which bash never looks up as a user.
func IsDirStackTilde(name string) bool {
	_, ok := dirStackTilde(name)
	return ok
}

// shellProcDir returns the shell's own process directory, once its id is
// written as self: /proc/self for /proc/$$, /proc/self/task/$$ and
// /proc/$$/task/$$ (the main thread's).
func shellProcDir(v string) (string, bool) {
	switch strings.TrimRight(v, "/") {
	case "/proc/self", "/proc/self/task/self":
		return "/proc/self", true
	}
	return "", false
}

// shellProcPlace returns the path through the shell's own /proc entry
// that names its working directory or root, once the shell's id is
// written as self: /proc/self/cwd, /proc/self/root, and the same through
// any of its tasks' directories (/proc/$$/task/$$/root: the main thread's
// id is the process's; /proc/$$/task/*/root, whichever task the pattern
// matches, shares them) or after climbing out of one of its directories
// (/proc/self/task/$$/../../root; red team 16 PR1b). The path returned
// goes through /proc/self itself.
//
// The part after cwd or root is kept as written: a ".." there climbs out
// of the link's target (the working directory), not out of /proc, so
// /proc/$$/cwd/../x is the directory above the working directory's x
// (red team 17 PR1c); only the directories inside /proc before the link
// are cleaned.
func shellProcPlace(v string) (string, bool) {
	segs := strings.Split(procpath.FdDirAlias(v), "/")
	var stack []string
	for i, seg := range segs {
		switch seg {
		case "", ".":
			continue
		case "..":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		stack = append(stack, seg)
		if seg != "cwd" && seg != "root" {
			continue
		}
		if len(stack) == 5 && stack[2] == "task" {
			stack = append(stack[:2], seg)
		}
		if len(stack) != 3 || stack[0] != "proc" || stack[1] != "self" {
			return "", false
		}
		place := "/proc/self/" + seg
		if rest := strings.Join(segs[i+1:], "/"); rest != "" {
			place += "/" + rest
		}
		return place, true
	}
	return "", false
}
