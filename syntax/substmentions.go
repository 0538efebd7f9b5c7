package syntax

import (
	"path"
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/guards"
)

// The paths a command substitution's own text names (red team 19 PI2
// regression).
//
// corral computes what a substitution prints where it models the program
// (echo, printf, cat of a file, a list of them: knownSubst,
// substCandidates). Everything else prints a value only run time knows,
// and a word made of it used to be judged as no path at all: rm -f
// "$(command echo ~/.bashrc)", cp F "$(env echo ~/.config/corral/x)",
// "$(cut -c1- <<< P)", "$(python3 -c 'print("P")')", "$(sh -c 'echo P')"
// each deleted or wrote P unjudged, whichever of the many programs that
// print their input the agent picked. What such a program can print
// without computing a new name is bounded by the text it is given, and
// that text is in the substitution: each path-like token of it (quotes
// and backslashes removed, then split at blanks, brackets and the other
// characters a path word rarely holds; ~/ and $HOME/ resolved) is a value the word may take, among
// others (SubstOpen), so every rule that checks a word's candidates — the
// deletion, write, secret-read and upload rules — judges it: a protected
// path named anywhere in the substitution asks. A name the program
// computes ("/h/.ba" + "shrc" in Python) is not seen (Limits).

// maxMentionScan bounds the bytes of a substitution's text read for
// tokens; a longer text is read up to there.
const maxMentionScan = 64 << 10

// substMentions adds to a word holding command substitutions corral does
// not compute the values it takes when each of them prints one of the
// path-like tokens of its own text, or nothing; at most MaxCandidates in
// all, the most telling first (mentionRank). The word's other parts must
// be static. An assignment's value is left alone: the variable keeps
// what printed it (printedBy), which other readings use, and gets the
// same values as ones it may hold (mentionVar).
func (r *resolver) substMentions(a *Arg, w *sh.Word, s wordScan) {
	if r.mask || a.OneOf || s.assignment {
		return
	}
	found, home := r.mentionValues(w)
	if len(found) == 0 {
		return
	}
	have := a.Candidates()
	all := slices.Clone(have)
	for _, c := range found {
		if !slices.Contains(all, c) {
			all = append(all, c)
		}
	}
	if len(all) == len(have) {
		return
	}
	all = topMentions(all, home)
	a.SetCandidates(all)
	a.edit().substOpen = true
}

// mentionVar gives a variable assigned the whole output of a command
// substitution corral does not compute (x=$(cut -c1- <<< P)) the paths
// the substitution's text names as values it may hold among others
// (maybe), so that "$x" and "$x/y" are judged as each of them.
func (r *resolver) mentionVar(v *variable, w *sh.Word) {
	if r.mask || w == nil || len(v.maybe) > 0 || len(v.cands) > 0 || v.known {
		return
	}
	found, home := r.mentionValues(w)
	if len(found) == 0 {
		return
	}
	v.maybe = topMentions(found, home)
}

// topMentions keeps the MaxCandidates most telling values, sorted.
func topMentions(all []string, home string) []string {
	slices.SortStableFunc(all, func(x, y string) int { return mentionRank(x, home) - mentionRank(y, home) })
	if len(all) > MaxCandidates {
		all = all[:MaxCandidates]
	}
	slices.Sort(all)
	return all
}

// mentionValues are the values word w takes when each command
// substitution corral does not compute prints one of its tokens (or
// nothing), without the empty value; home is HOME's value when known.
func (r *resolver) mentionValues(w *sh.Word) (found []string, home string) {
	// pieces of the word: static text, or a substitution's tokens.
	type piece struct {
		text   string
		tokens []string
		slot   bool
	}
	var pieces []piece
	ok, first := true, true
	var flat func(parts []sh.WordPart, quoted bool)
	flat = func(parts []sh.WordPart, quoted bool) {
		for _, p := range parts {
			if !ok {
				return
			}
			switch p := p.(type) {
			case *sh.CmdSubst:
				if v, known := r.knownSubst(p); known {
					pieces = append(pieces, piece{text: v})
					break
				}
				pieces = append(pieces, piece{tokens: r.mentionTokens(p), slot: true})
			case *sh.DblQuoted:
				if p.Dollar {
					ok = false
					return
				}
				flat(p.Parts, true)
			case *sh.Lit, *sh.SglQuoted:
				var sub *sh.Word
				if quoted {
					sub = &sh.Word{Parts: []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{p}}}}
				} else {
					if l, isLit := p.(*sh.Lit); isLit && !first && strings.HasPrefix(l.Value, "~") {
						ok = false // a ~ that bash does not expand here
						return
					}
					sub = &sh.Word{Parts: []sh.WordPart{p}}
				}
				v := r.literal(sub, false)
				if !v.Static || v.Glob {
					ok = false
					return
				}
				pieces = append(pieces, piece{text: v.Value})
			default:
				ok = false
				return
			}
			first = false
		}
	}
	flat(w.Parts, false)
	if !ok {
		return nil, ""
	}
	if v := r.env().Get("HOME"); v.IsSet() && v.Str != "" {
		home = v.Str
	}
	// The values: every choice of a token (or nothing) per substitution,
	// at most maxMentionCombos of them. A value in which every
	// substitution prints nothing is not one (substEmpty decides about
	// those): each combo holds a token.
	const maxMentionCombos = 64
	type combo struct {
		text  string
		token bool
	}
	combos := []combo{{}}
	for _, p := range pieces {
		if !p.slot {
			for j := range combos {
				combos[j].text += p.text
			}
			continue
		}
		var next []combo
		for _, c := range combos {
			next = append(next, c)
			for _, t := range p.tokens {
				if c.text != "" && !strings.ContainsAny(c.text[len(c.text)-1:], "=@:") && (strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~")) {
					continue // an absolute token inside a word: not a name it forms
				}
				if rest, isHome := strings.CutPrefix(t, "~"); isHome && (rest == "" || rest[0] == '/') {
					if home == "" {
						continue
					}
					t = home + rest // the token's own ~ (~/x, @~/x, --file=~/x)
				}
				if len(next) >= maxMentionCombos {
					break
				}
				next = append(next, combo{c.text + t, true})
			}
		}
		combos = next
	}
	for _, cb := range combos {
		c := cb.text
		if !cb.token || c == "" {
			continue
		}
		if strings.HasPrefix(c, "/") {
			c = path.Clean(c)
		}
		if !slices.Contains(found, c) {
			found = append(found, c)
		}
	}
	return found, home
}

// mentionRank orders candidate values by how much a rule may care: a
// hidden name or one under the home directory first, then other absolute
// paths, then relative ones with a directory, then bare names; the empty
// value (what substEmpty adds) with the first.
func mentionRank(v, home string) int {
	switch {
	case v == "":
		return 0
	case strings.HasPrefix(v, "/"):
		if strings.Contains(v, "/.") || home != "" && guards.Within(home, v) {
			return 0
		}
		return 1
	case strings.HasPrefix(v, ".") || strings.Contains(v, "/."):
		return 1
	case strings.Contains(v, "/"):
		return 2
	}
	return 3
}

// mentionTokens are the path-like tokens of a substitution's text, in
// order, without duplicates: the text, its quotes and backslashes
// removed, cut at blanks, brackets, the shell's operators, the
// separators of option values and lists (= : ,) and glob characters; a token starting with - (an
// option), holding a $ other than a leading $HOME/${HOME}, or holding
// none of / . ~ (a command's name, a keyword, a plain word) is dropped,
// and $HOME/ becomes ~/.
func (r *resolver) mentionTokens(cs *sh.CmdSubst) []string {
	// $(ls -A ~ | grep rc): the names the listing prints now, first
	// (listedinputs.go).
	return append(r.listedSubstValues(cs), mentionTokensOf(r.text(cs))...)
}

// mentionTokensOf are the path-like tokens of a program's text
// (mentionTokens).
func mentionTokensOf(text string) []string {
	if len(text) > maxMentionScan {
		text = text[:maxMentionScan]
	}
	text = strings.ReplaceAll(text, "${HOME}", "$HOME")
	// Quotes and backslashes join what they quote to what stands beside
	// it (~/.bash''rc, ~/.bash\rc, "/h/".bashrc are ~/.bashrc): removed,
	// not cut at.
	text = strings.NewReplacer("'", "", `"`, "", `\`, "").Replace(text)
	var out []string
	for _, t := range strings.FieldsFunc(text, mentionSep) {
		if rest, ok := strings.CutPrefix(t, "$HOME"); ok && (rest == "" || rest[0] == '/') {
			t = "~" + rest
		}
		if t == "" || t[0] == '-' || strings.Contains(t, "$") || t == "~" || t == "." || t == ".." {
			continue
		}
		if !strings.ContainsAny(t, "/.~") {
			continue // a word of the command (echo, for, sort), not a file name
		}
		if t != "/" {
			t = strings.TrimRight(t, "/")
		}
		if strings.HasPrefix(t, "/") {
			t = path.Clean(t)
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// mentionSep are the characters a path-like token does not hold.
func mentionSep(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '`', '(', ')', '[', ']', '{', '}', '<', '>', '|', '&', ';',
		'=', ':', ',', '*', '?', '!', '#', '@':
		return true
	}
	return c < ' ' || c == 0x7f
}

// markRenamed marks a word whose command substitutions all stand in
// double quotes and each make a new name from a name the command was
// handed ("$(dirname "$f")/$(basename "$f" | tr ' ' _)" in a find … |
// while read f loop): a rename, printed by "name" as such a variable's
// value is (renamedName), which the write rules let pass as they do
// the name itself.
func (r *resolver) markRenamed(a *Arg, w *sh.Word) {
	if r.st == nil || a.Printed {
		return
	}
	n := 0
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *sh.CmdSubst:
			return
		case *sh.DblQuoted:
			for _, in := range part.Parts {
				cs, ok := in.(*sh.CmdSubst)
				if !ok {
					continue
				}
				if _, known := r.knownSubst(cs); known {
					continue
				}
				one := &sh.Word{Parts: []sh.WordPart{&sh.DblQuoted{Parts: []sh.WordPart{cs}}}}
				if !renamedName(r.st, one) {
					return
				}
				n++
			}
		}
	}
	if n > 0 {
		a.Printed = true
		a.SetPrintedBy("name")
	}
}
