package syntax

import (
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// withinLimits reports whether src may be given to the parser: its
// bracket nesting, its operators, statements and words (see MaxNesting,
// MaxOperators, MaxStatements, MaxWords) are within the limits. The text of a here-document body is not code, so
// when src is over the limits only because of such bodies (a megabyte of
// python fed to python3 <<'EOF'), it is accepted — but only once the
// parser itself has confirmed, on src with those bodies left out, that
// each one is the body of a here-document it reads as plain text.
func withinLimits(src string) bool {
	if depth, ops, stmts, words := nesting(src); depth <= MaxNesting && ops <= MaxOperators && stmts <= MaxStatements && words <= MaxWords {
		return true
	}
	if !strings.Contains(src, "<<") {
		return false
	}
	bodies := plainBodies(src)
	if len(bodies) == 0 {
		return false
	}
	// src without the bodies: what is left is all the parser reads as
	// code, and it must be within the limits on its own.
	var b strings.Builder
	last := 0
	for _, hb := range bodies {
		b.WriteString(src[last:hb.start])
		last = hb.end
	}
	b.WriteString(src[last:])
	rest := b.String()
	if depth, ops, stmts, words := nesting(rest); depth > MaxNesting || ops > MaxOperators || stmts > MaxStatements || words > MaxWords {
		return false
	}
	f, err := newParser().Parse(strings.NewReader(rest), "")
	if err != nil {
		return false
	}
	// Each left-out body must belong to a here-document the parser found
	// where the scan found it, with the same end word, and nothing left
	// in it: then the parser reads the full src the same way, with the
	// bodies as text that ends at the same line.
	type found struct {
		stop  string
		dash  bool
		empty bool
	}
	seen := map[int]found{}
	walkTree(f, func(n sh.Node) bool {
		if r, ok := n.(*sh.Redirect); ok && (r.Op == sh.Hdoc || r.Op == sh.DashHdoc) && r.Word != nil {
			stop, _ := endWord(r.Word)
			seen[int(r.OpPos.Offset())] = found{stop: stop, dash: r.Op == sh.DashHdoc, empty: r.Hdoc == nil}
		}
		return true
	})
	// cut[k] is the length of the first k bodies.
	cut := make([]int, len(bodies)+1)
	for k, hb := range bodies {
		cut[k+1] = cut[k] + hb.end - hb.start
	}
	for _, hb := range bodies {
		// The operator's offset in rest: less the bodies that end before
		// it (two here-documents on one line both come before the first
		// body).
		k := sort.Search(len(bodies), func(k int) bool { return bodies[k].end > hb.op })
		at := hb.op - cut[k]
		got, ok := seen[at]
		if !ok || got.stop != hb.stop || got.dash != hb.dash || !got.empty {
			return false
		}
	}
	return true
}

// endWord is the word that ends a here-document, as the parser takes it
// from the redirection's word (quotes removed), and whether any part of
// it was quoted.
func endWord(w *sh.Word) (string, bool) {
	var b strings.Builder
	quoted := false
	var part func(wp sh.WordPart, inDouble bool)
	part = func(wp sh.WordPart, inDouble bool) {
		switch wp := wp.(type) {
		case *sh.Lit:
			for i := 0; i < len(wp.Value); i++ {
				if c := wp.Value[i]; c == '\\' && !inDouble {
					if i++; i < len(wp.Value) {
						b.WriteByte(wp.Value[i])
					}
					quoted = true
				} else {
					b.WriteByte(c)
				}
			}
		case *sh.SglQuoted:
			b.WriteString(wp.Value)
			quoted = true
		case *sh.DblQuoted:
			for _, p := range wp.Parts {
				part(p, true)
			}
			quoted = true
		}
	}
	for _, wp := range w.Parts {
		part(wp, false)
	}
	return b.String(), quoted
}

// hdocBody is a here-document body found by plainBodies: src[start:end]
// is the body (up to the line that ends it), op is the offset of its <<
// operator, stop the word that ends it.
type hdocBody struct {
	op, start, end int
	stop           string
	dash           bool
}

// plainBodies scans src as the shell would and returns the here-document
// bodies that the parser reads as plain text: those of a quoted end word
// (<<'EOF', <<"EOF", <<\EOF) and those of an unquoted one that hold no $,
// backquote or backslash. A body holding a backquote or a
// backslash-newline is not returned either (either can end a body early
// inside backquotes or join lines). The scan is approximate; a mistake
// only makes withinLimits refuse the command, since the parser confirms
// every body it returns.
func plainBodies(src string) []hdocBody {
	type pending struct {
		op   int
		stop string
		dash bool
		// plain: the end word was quoted, so the body is text.
		quoted bool
		ok     bool
	}
	var out []hdocBody
	var open []pending
	wordStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\':
			i++
			wordStart = false
		case c == '\'':
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 {
				return out
			}
			i += j + 1
			wordStart = false
		case c == '$' && i+1 < len(src) && src[i+1] == '\'':
			i = skipQuoted(src, i+2, '\'')
			wordStart = false
		case c == '"':
			i = skipQuoted(src, i+1, '"')
			wordStart = false
		case c == '#' && wordStart:
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return out
			}
			i += j - 1 // the newline is read next
		case c == '<' && strings.HasPrefix(src[i:], "<<<"):
			i += 2
			wordStart = true
		case c == '<' && strings.HasPrefix(src[i:], "<<"):
			p := pending{op: i}
			j := i + 2
			if j < len(src) && src[j] == '-' {
				p.dash = true
				j++
			}
			for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
				j++
			}
			var next int
			p.stop, p.quoted, next, p.ok = scanEndWord(src, j)
			open = append(open, p)
			i = next - 1
			wordStart = false
		case c == '\n':
			wordStart = true
			if len(open) == 0 {
				continue
			}
			// The bodies follow this line, one after the other.
			pos := i + 1
			for _, p := range open {
				start := pos
				end, after, closed := bodyEnd(src, pos, p.stop, p.dash)
				if !closed {
					return out
				}
				body := src[start:end]
				plain := p.ok && !strings.ContainsRune(body, '`') && !strings.Contains(body, "\\\n") &&
					(p.quoted || !strings.ContainsAny(body, "$\\"))
				if plain && end > start {
					out = append(out, hdocBody{op: p.op, start: start, end: end, stop: p.stop, dash: p.dash})
				}
				pos = after
			}
			open = open[:0]
			i = pos - 1
		default:
			wordStart = strings.IndexByte(" \t;&|()<>", c) >= 0
		}
	}
	return out
}

// skipQuoted returns the offset of the closing quote of a string that
// starts at i (after its opening quote), with backslash escapes, or the
// end of src.
func skipQuoted(src string, i int, quote byte) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case quote:
			return i
		}
	}
	return len(src)
}

// scanEndWord reads the end word of a here-document at src[i:]: its value
// with quotes removed, whether it was quoted, and where it ends. ok is
// false when the word holds an expansion or is empty.
func scanEndWord(src string, i int) (stop string, quoted bool, next int, ok bool) {
	var b strings.Builder
	ok = true
	for i < len(src) {
		c := src[i]
		switch {
		case strings.IndexByte(" \t\n;&|()<>", c) >= 0:
			return b.String(), quoted, i, ok && b.Len() > 0
		case c == '\\':
			quoted = true
			if i+1 < len(src) {
				b.WriteByte(src[i+1])
			}
			i += 2
		case c == '\'':
			quoted = true
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 {
				return "", quoted, len(src), false
			}
			b.WriteString(src[i+1 : i+1+j])
			i += j + 2
		case c == '"':
			quoted = true
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '$' || src[j] == '`' {
					ok = false
				}
				b.WriteByte(src[j])
				j++
			}
			i = j + 1
		case c == '$' || c == '`':
			ok = false
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), quoted, i, ok && b.Len() > 0
}

// bodyEnd finds the line that ends a here-document body starting at pos:
// the first line equal to stop (after its leading tabs, for <<-). It
// returns where the body ends (that line's start), where the line after
// it starts, and whether the line was found.
func bodyEnd(src string, pos int, stop string, dash bool) (end, after int, closed bool) {
	for pos <= len(src) {
		nl := strings.IndexByte(src[pos:], '\n')
		lineEnd := len(src)
		if nl >= 0 {
			lineEnd = pos + nl
		}
		line := src[pos:lineEnd]
		if dash {
			line = strings.TrimLeft(line, "\t")
		}
		if line == stop {
			after = lineEnd + 1
			if nl < 0 {
				after = len(src)
			}
			return pos, after, true
		}
		if nl < 0 {
			return 0, 0, false
		}
		pos = lineEnd + 1
	}
	return 0, 0, false
}
