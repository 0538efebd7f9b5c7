package syntax

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/procpath"
	sh "mvdan.cc/sh/v3/syntax"
)

// Arg is one word of a command: its node, where it is in its script's
// source, and its value when that is known without running anything.
type Arg struct {
	Word *sh.Word
	// Value is the word's value when Static; otherwise the word's text with
	// the quotes removed where that was possible and run-time parts kept as
	// written ("https://x/$r.git"). It is never silently "".
	Value      string
	Start, End int
	// Raw is the word exactly as written.
	Raw    string
	Static bool
	// Glob reports unquoted pattern characters (*, ?, [) in the word, or
	// in the unquoted value of a variable it expands.
	Glob bool
	// Split reports that the word expanded to several fields (brace
	// expansion, an unquoted variable holding spaces) and this is one of
	// them: Start, End and Raw are then the whole word's.
	Split bool
	// OneOf reports that Candidates are every value the word can take:
	// each variable it depends on holds one of a bounded set of values
	// that different paths gave it (if …; then D=a; else D=~; fi).
	OneOf bool
	// Printed reports that a variable the word depends on holds the
	// whole output of a command substitution corral cannot read
	// (x=$(cat f)): a program chose the value (see PrintedPath).
	Printed bool
	// GlobOpts are the shell options in force where the word is
	// expanded (shopt -s dotglob, nocaseglob, …): what Pattern matches.
	GlobOpts GlobOpts
	// more holds the fields most words leave empty (read and set with
	// the methods of the same names), so that a word is 72 bytes, not
	// 208: a command at the word limit holds 50,000 of them, and every
	// option a rule scans copies one. Copies of an Arg share it; it is
	// never changed in place, only replaced.
	more *argMore
}

// argMore are the fields of an Arg that most words leave empty.
type argMore struct {
	// pattern is the word as a glob pattern, quoted pattern characters
	// escaped, when Glob and Static (see CanMatch).
	pattern string
	// globIgnore is GLOBIGNORE's value where the word is expanded, when
	// known and not empty: names matching one of its colon-separated
	// patterns are removed from the pattern's matches (IgnoresMatch).
	globIgnore string
	// unknown lists the variables, in order of use, that a dynamic word
	// depends on and the command does not give a certain value: "$DIR/x"
	// depends on DIR.
	unknown []string
	// candidates are the values a dynamic word takes when each unknown
	// variable is unset, empty, or (where no operator could be misread)
	// set to something that does not show in the result: "$DIR/"* can be
	// "/*", ${D:-/} can be "/". A rule that must not miss a dangerous
	// value checks them.
	candidates []string
	// printedBy is the first command of that substitution (base64 of
	// x=$(echo … | base64 -d)), "" when corral cannot name one.
	printedBy string
	// nonEmpty are the variables, sorted, among Unknown whose value is
	// never empty (d=${X:-/tmp}; … $d/x: d is /tmp or X's non-empty
	// value).
	nonEmpty []string
	// from are the files, sorted, whose content the variables the word
	// expands may hold (echo "$KEY" after source .env): absolute when
	// the directory was known, else as written.
	from []string
	// substOpen reports candidates that take a command substitution's
	// output as empty (/$(cat f) can be /): the program may print
	// anything else, so they do not cover the value.
	substOpen bool
	// readBy are the read, mapfile and readarray calls whose input a
	// variable the word expands holds (read -r x < <(curl URL); echo
	// "$x"): in order, without repeats.
	readBy []*Call
	// blankFields are the pieces of a dynamic word split at the blanks
	// of its literal text (BlankFields, blankfields.go).
	blankFields []Arg
}

// ReadBy are the read, mapfile and readarray calls that gave a variable
// the word expands its value from their input stream (read -r x <
// <(curl URL); echo "$x", mapfile -t L; "${L[@]}"): what that stream
// carried reaches the word.
func (a Arg) ReadBy() []*Call {
	if a.more == nil {
		return nil
	}
	return a.more.readBy
}

// addReadBy adds c to ReadBy.
func (a *Arg) addReadBy(c *Call) {
	if c == nil || slices.Contains(a.ReadBy(), c) {
		return
	}
	m := a.edit()
	m.readBy = append(slices.Clip(m.readBy), c)
}

// SubstOpen reports a word whose candidates take the output of a
// command substitution only run time knows as empty: a program chooses
// the rest of its value, which no candidate covers.
func (a Arg) SubstOpen() bool {
	return a.more != nil && a.more.substOpen
}

// Pattern is the word as a glob pattern, quoted pattern characters
// escaped, when Glob and Static (see CanMatch).
func (a Arg) Pattern() string {
	if a.more == nil {
		return ""
	}
	return a.more.pattern
}

// GlobIgnore is GLOBIGNORE's value where the word is expanded, when known
// and not empty: names matching one of its colon-separated patterns are
// removed from the pattern's matches (IgnoresMatch).
func (a Arg) GlobIgnore() string {
	if a.more == nil {
		return ""
	}
	return a.more.globIgnore
}

// Unknown lists the variables, in order of use, that a dynamic word
// depends on and the command does not give a certain value: "$DIR/x"
// depends on DIR.
func (a Arg) Unknown() []string {
	if a.more == nil {
		return nil
	}
	return a.more.unknown
}

// Candidates are the values a dynamic word takes when each unknown
// variable is unset, empty, or (where no operator could be misread) set
// to something that does not show in the result: "$DIR/"* can be "/*",
// ${D:-/} can be "/". A rule that must not miss a dangerous value checks
// them.
func (a Arg) Candidates() []string {
	if a.more == nil {
		return nil
	}
	return a.more.candidates
}

// PrintedBy is the first command of the substitution whose output a
// variable the word depends on holds (base64 of x=$(echo … | base64 -d)),
// "" when corral cannot name one (see Printed).
func (a Arg) PrintedBy() string {
	if a.more == nil {
		return ""
	}
	return a.more.printedBy
}

// NonEmpty are the variables, sorted, among Unknown whose value is never
// empty (d=${X:-/tmp}; … $d/x: d is /tmp or X's non-empty value).
func (a Arg) NonEmpty() []string {
	if a.more == nil {
		return nil
	}
	return a.more.nonEmpty
}

// From are the files, sorted, whose content the variables the word
// expands may hold (echo "$KEY" after source .env): absolute when the
// directory was known, else as written.
func (a Arg) From() []string {
	if a.more == nil {
		return nil
	}
	return a.more.from
}

// edit returns a's rare fields to change: a copy, so that other copies of
// a keep theirs.
func (a *Arg) edit() *argMore {
	m := &argMore{}
	if a.more != nil {
		*m = *a.more
	}
	a.more = m
	return m
}

// tidy drops the rare fields when all are empty.
func (a *Arg) tidy() {
	if m := a.more; m != nil && m.pattern == "" && m.globIgnore == "" && m.printedBy == "" &&
		m.unknown == nil && m.candidates == nil && m.nonEmpty == nil && m.from == nil && !m.substOpen && m.readBy == nil && m.blankFields == nil {
		a.more = nil
	}
}

// SetPattern sets Pattern.
func (a *Arg) SetPattern(v string) {
	if a.more == nil && v == "" {
		return
	}
	a.edit().pattern = v
	a.tidy()
}

// SetGlobIgnore sets GlobIgnore.
func (a *Arg) SetGlobIgnore(v string) {
	if a.more == nil && v == "" {
		return
	}
	a.edit().globIgnore = v
	a.tidy()
}

// SetUnknown sets Unknown.
func (a *Arg) SetUnknown(v []string) {
	if a.more == nil && v == nil {
		return
	}
	a.edit().unknown = v
	a.tidy()
}

// SetCandidates sets Candidates.
func (a *Arg) SetCandidates(v []string) {
	if a.more == nil && v == nil {
		return
	}
	a.edit().candidates = v
	a.tidy()
}

// SetPrintedBy sets PrintedBy.
func (a *Arg) SetPrintedBy(v string) {
	if a.more == nil && v == "" {
		return
	}
	a.edit().printedBy = v
	a.tidy()
}

// SetNonEmpty sets NonEmpty.
func (a *Arg) SetNonEmpty(v []string) {
	if a.more == nil && v == nil {
		return
	}
	a.edit().nonEmpty = v
	a.tidy()
}

// SetFrom sets From.
func (a *Arg) SetFrom(v []string) {
	if a.more == nil && v == nil {
		return
	}
	a.edit().from = v
	a.tidy()
}

// Head returns the literal text of a dynamic word before its first part
// only known at run time: "/sb/" of '/sb/'"$f" or /sb/$f. It stops before
// a tilde at the start (which a home directory replaces) and before an
// unquoted pattern character, and is "" for a word expanded into several
// fields. Path tests use it with the path module: the directory it ends
// in is where the run-time part starts.
func (a Arg) Head() string {
	if a.Word == nil || a.Split {
		return ""
	}
	var b strings.Builder
	for i, part := range a.Word.Parts {
		switch part := part.(type) {
		case *sh.Lit:
			v := part.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				return ""
			}
			if j := strings.IndexAny(v, "*?[{"); j >= 0 {
				b.WriteString(unescapeBare(v[:j]))
				return b.String()
			}
			b.WriteString(unescapeBare(v))
		case *sh.SglQuoted:
			if part.Dollar {
				return b.String()
			}
			b.WriteString(part.Value)
		case *sh.DblQuoted:
			for _, q := range part.Parts {
				lit, ok := q.(*sh.Lit)
				if !ok {
					return b.String()
				}
				b.WriteString(unescapeDouble(lit.Value))
			}
		default:
			return b.String()
		}
	}
	return b.String()
}

// Dir is a working directory that is known statically or not at all.
type Dir struct {
	Path  string
	Known bool
	// Maybe lists, for a directory not known, the few it can be (a trap
	// that cds to a known directory may have run or not: trap 'cd
	// ~/.claude' ERR), sorted and joined by NUL; "" when it can be any.
	Maybe string
}

// maxDirCandidates bounds the directories a Dir may be one of.
const maxDirCandidates = 8

// dirOneOf returns the directory that is one of dirs (absolute, cleaned):
// known when they are all the same, unknown with no candidates when there
// are too many.
func dirOneOf(dirs []string) Dir {
	dirs = slices.Clone(dirs)
	slices.Sort(dirs)
	dirs = slices.Compact(dirs)
	switch {
	case len(dirs) == 0 || len(dirs) > maxDirCandidates:
		return Dir{}
	case len(dirs) == 1:
		return Dir{Path: dirs[0], Known: true}
	}
	return Dir{Maybe: strings.Join(dirs, "\x00")}
}

// Candidates returns the directories d can be: its path when known, the
// bounded set it is one of, or none when it can be any.
func (d Dir) Candidates() []string {
	switch {
	case d.Known:
		return []string{d.Path}
	case d.Maybe != "":
		return strings.Split(d.Maybe, "\x00")
	}
	return nil
}

// Join resolves p against d. The result is unknown when d is unknown and p
// is relative (one of the candidates joined, when d is one of a few).
func (d Dir) Join(p string) Dir {
	if strings.HasPrefix(p, "/") {
		return Dir{Path: cleanPath(p), Known: true}
	}
	if !d.Known {
		var out []string
		for _, c := range d.Candidates() {
			out = append(out, cleanPath(c+"/"+p))
		}
		return dirOneOf(out)
	}
	return Dir{Path: cleanPath(d.Path + "/" + p), Known: true}
}

// cleanPath is a lexical clean that keeps the path absolute. The ".." of
// a process's descriptor directory leaves it for the process's /proc
// directory (/dev/fd/../cwd is /proc/self/cwd), not for /dev.
func cleanPath(p string) string {
	p = procpath.FdDirAlias(p)
	if guards.IsCleanAbs(p) {
		// Most paths are clean already (a known directory joined with a
		// plain name): no copy, so a walk down a deep tree stays linear.
		return p
	}
	parts := strings.Split(p, "/")
	out := make([]string, 0, len(parts))
	for _, s := range parts {
		switch s {
		case "", ".":
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
		}
	}
	return "/" + strings.Join(out, "/")
}

// unescapeBare removes the backslashes of an unquoted literal.
func unescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapedGlob drops escaped characters, so that \* is not a pattern.
func unescapedGlob(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that are special inside "...".
func unescapeDouble(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '\\', '"', '$', '`':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// regexps caches the compiled glob patterns of CanMatch.
var regexps sync.Map

func regexpMatch(expr, s string) bool {
	if v, ok := regexps.Load(expr); ok {
		return v.(*regexp.Regexp).MatchString(s)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return false
	}
	regexps.Store(expr, re)
	return re.MatchString(s)
}

// PrintedHead reports a word that begins with a command substitution
// whose output only run time knows ($(ls -A), "$(cat list)/x"), other
// than a fresh temporary directory ($(mktemp -d)).
// WholeSubst reports a word that is one command substitution and
// nothing else ($(…), `…`, "$(…)"): its value is what the commands in it
// print. first is the name of its first command as written ("" when not
// a literal), quoted whether the word is in double quotes (unquoted, the
// output is split into several words).
func (a Arg) WholeSubst() (first string, quoted, ok bool) {
	if a.Static || a.Word == nil || len(a.Word.Parts) != 1 {
		return "", false, false
	}
	part := a.Word.Parts[0]
	if dq, isDq := part.(*sh.DblQuoted); isDq {
		if len(dq.Parts) != 1 {
			return "", false, false
		}
		part, quoted = dq.Parts[0], true
	}
	cs, isCs := part.(*sh.CmdSubst)
	if !isCs {
		return "", false, false
	}
	if len(cs.Stmts) > 0 {
		if ce, isCall := cs.Stmts[0].Cmd.(*sh.CallExpr); isCall && len(ce.Args) > 0 {
			first = ce.Args[0].Lit()
		}
	}
	return first, quoted, true
}

// OnlyVariable reports a word that is one plain parameter expansion
// ($c, "$c", ${c}, an array's "${a[@]}" or ${a[0]}): its whole value is
// the variable's.
func (a Arg) OnlyVariable() bool {
	if a.Static || a.Word == nil {
		return false
	}
	if _, ok := onlyParam(a.Word); ok {
		return true
	}
	// "${a[@]}", ${L[0]}: an array's elements, all or one.
	part := a.Word.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) == 1 && len(a.Word.Parts) == 1 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*sh.ParamExp)
	return ok && len(a.Word.Parts) == 1 && pe.Param != nil && pe.Index != nil && pe.Exp == nil && pe.Repl == nil &&
		pe.Slice == nil && !pe.Excl && !pe.Length && pe.Names == 0
}

func (a Arg) PrintedHead() bool {
	if a.Static || a.Word == nil || len(a.Word.Parts) == 0 {
		return false
	}
	part := a.Word.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok && len(dq.Parts) > 0 {
		part = dq.Parts[0]
	}
	cs, ok := part.(*sh.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return ok
	}
	if ce, ok := cs.Stmts[0].Cmd.(*sh.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "mktemp" {
		return false
	}
	return true
}

// SubstCalls returns the calls of host's command substitution that is
// the whole word a (see WholeSubst), in the order they appear: what
// prints the word's value.
func (m *Model) SubstCalls(host *Call, a Arg) []*Call {
	if _, _, ok := a.WholeSubst(); !ok || host == nil {
		return nil
	}
	start, end := a.Word.Pos().Offset(), a.Word.End().Offset()
	var out []*Call
	for _, c := range m.Calls {
		if c.Host == host && c.Subst == "$(" && c.Script == host.Script && c.Stmt != nil &&
			c.Stmt.Pos().Offset() >= start && c.Stmt.End().Offset() <= end {
			out = append(out, c)
		}
	}
	return out
}
