package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Blank fields: a word only run time knows in part may still hold text
// that is certain, set apart by blanks written in the word itself
// ("$X $HOME/.ssh/id_rsa", "$(date) /etc/passwd"). A program that splits
// the text it reads at blanks (xargs reading a here-string, or what an
// echo of the word prints) gets those pieces as words of their own,
// whatever the run-time part turns out to be. BlankFields gives them.

// maxBlankFields bounds the fields kept for one word.
const maxBlankFields = 256

// BlankFields returns the pieces of a dynamic word's value split at the
// blanks (space, tab, newline) its literal text holds: a piece made of
// literal text and expansions known at hook time is static; one that
// touches a run-time part is dynamic, with the run-time parts kept as
// written. Nil for a static word, or one with no literal blank.
func (a Arg) BlankFields() []Arg {
	if a.more == nil {
		return nil
	}
	return a.more.blankFields
}

// blankPiece is a run of a word's value: literal or known text, or a
// part only run time knows (text is then its source).
type blankPiece struct {
	text       string
	known      bool
	part       sh.WordPart
	start, end int // the run-time part's place in the source
}

// setBlankFields records the blank fields of dynamic word w on a.
func (r *resolver) setBlankFields(a *Arg, w *sh.Word) {
	if r.blanks || !literalBlank(w.Parts, false) {
		return
	}
	// The parts are resolved one by one below, each a word of its own
	// that is not split again.
	r.blanks = true
	defer func() { r.blanks = false }()
	var pieces []blankPiece
	for i, p := range w.Parts {
		pieces = r.blankPieces(pieces, p, i == 0, false)
	}
	var fields []Arg
	var b strings.Builder
	var parts []sh.WordPart
	known, in := true, false
	start, stop := 0, 0 // the span of the field's run-time parts
	end := func() {
		if in && len(fields) < maxBlankFields {
			f := Arg{Value: b.String(), Raw: b.String(), Static: known, Start: a.Start, End: a.End}
			if !known {
				// The span of its run-time parts: the calls of a
				// substitution in it are inside.
				f.Word = &sh.Word{Parts: parts}
				f.Start, f.End = start, stop
			}
			fields = append(fields, f)
		}
		b.Reset()
		parts = nil
		known, in = true, false
	}
	for _, pc := range pieces {
		if !pc.known {
			if known {
				start, stop = pc.start, pc.end
			}
			start, stop = min(start, pc.start), max(stop, pc.end)
			b.WriteString(pc.text)
			parts = append(parts, pc.part)
			known, in = false, true
			continue
		}
		from := 0 // where the current run of non-blank text starts
		for j := 0; j <= len(pc.text); j++ {
			if j < len(pc.text) && !isBlank(pc.text[j]) {
				continue
			}
			if j > from {
				b.WriteString(pc.text[from:j])
				parts = append(parts, &sh.SglQuoted{Value: pc.text[from:j]})
				in = true
			}
			if j < len(pc.text) {
				end()
			}
			from = j + 1
		}
	}
	end()
	a.edit().blankFields = fields
	a.tidy()
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// literalBlank reports whether the literal text of parts holds a blank.
func literalBlank(parts []sh.WordPart, quoted bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *sh.Lit:
			if strings.ContainsAny(p.Value, " \t\n") {
				return true
			}
		case *sh.SglQuoted:
			if strings.ContainsAny(p.Value, " \t\n") {
				return true
			}
		case *sh.DblQuoted:
			if !quoted && literalBlank(p.Parts, true) {
				return true
			}
		}
	}
	return false
}

// blankPieces appends the pieces of part p: literal text as its value,
// an expansion resolved alone (quoted when it stands in double quotes)
// as its value when known, or as its source when not.
func (r *resolver) blankPieces(out []blankPiece, p sh.WordPart, first, quoted bool) []blankPiece {
	switch p := p.(type) {
	case *sh.Lit:
		if !(first && strings.HasPrefix(p.Value, "~")) {
			var b strings.Builder
			r.approx(&b, p, first, quoted)
			return append(out, blankPiece{text: b.String(), known: true})
		}
	case *sh.SglQuoted:
		if !p.Dollar {
			return append(out, blankPiece{text: p.Value, known: true})
		}
	case *sh.DblQuoted:
		for _, q := range p.Parts {
			out = r.blankPieces(out, q, false, true)
		}
		return out
	}
	wrapped := p
	if quoted {
		wrapped = &sh.DblQuoted{Parts: []sh.WordPart{p}}
	}
	wd := &sh.Word{Parts: []sh.WordPart{wrapped}}
	if v := r.arg(wd); v.Static && !v.Glob {
		return append(out, blankPiece{text: v.Value, known: true})
	}
	// The field keeps the part unquoted: the programs that split the
	// text at blanks split what it gives as well.
	pc := blankPiece{part: p, start: int(p.Pos().Offset()), end: int(p.End().Offset())}
	if pc.start >= 0 && pc.start <= pc.end && pc.end <= len(r.src) {
		pc.text = r.src[pc.start:pc.end]
	}
	return append(out, pc)
}

// blankInputs returns the inputs xargs call reads from a here-string or
// here-document that is known only in part, when it splits them at
// blanks (no -I, -0 or -d): the words of each static field, and each
// dynamic field as one word whose run-time part may be anything (an
// input holding a blank is more than one word, which a rule that judges
// the word as a run-time path covers). ok is false for other input.
func blankInputs(call *Call) ([]Arg, bool) {
	if call.ArgFile != "" || call.Replace != "" || call.argDelim != "" {
		return nil, false
	}
	a, ok := call.Fd(0).TextWord()
	if !ok || a.Static {
		return nil, false
	}
	fields := a.BlankFields()
	if len(fields) == 0 {
		return nil, false
	}
	var out []Arg
	for _, f := range fields {
		if !f.Static {
			out = append(out, f)
			continue
		}
		items, _ := xargsItems(f.Value, false, "")
		out = append(out, items...)
	}
	return out, len(out) > 0
}
