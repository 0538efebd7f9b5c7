package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Body returns the text a here-document (<<, <<-) or here-string (<<<)
// feeds to standard input, and whether that text is known before the
// command runs: a here-string whose word is static, or a here-document
// whose delimiter is quoted or whose body holds no expansion. ok is false
// for every other redirection.
func (r Redirect) Body() (text string, static, ok bool) {
	if r.Node == nil {
		return "", false, false
	}
	switch r.Node.Op {
	case sh.WordHdoc:
		return r.Target.Value, r.Target.Static, true
	case sh.Hdoc, sh.DashHdoc:
		h := r.Node.Hdoc
		if h == nil || r.Script == nil {
			return "", true, true
		}
		start, end := int(h.Pos().Offset()), int(h.End().Offset())
		if start < 0 || end > len(r.Script.Src) || start > end {
			return "", false, true
		}
		text = r.Script.Src[start:end]
		// The body as parsed ends with the closing delimiter line.
		if t, cut := strings.CutSuffix(text, r.Target.Value); cut {
			text = strings.TrimRight(t, "\t")
		}
		quoted := r.Target.Raw != r.Target.Value
		return text, quoted || !strings.ContainsAny(text, "$`\\"), true
	}
	return "", false, false
}
