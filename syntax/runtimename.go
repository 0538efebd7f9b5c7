package syntax

import (
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// LiteralSkeleton returns the text of w with each part only run time
// knows (a parameter, a substitution, arithmetic, a pattern) written as
// hole: $H:x gives hole+":x", 'a'"$b"/c gives "a"+hole+"/c". Tests of
// where a word's literal separators are (the colon of HOST:PATH) use
// it; the holes may hold any text, separators included.
func LiteralSkeleton(w *sh.Word, hole string) string {
	var b strings.Builder
	var parts func([]sh.WordPart)
	parts = func(ps []sh.WordPart) {
		for _, p := range ps {
			switch p := p.(type) {
			case *sh.Lit:
				b.WriteString(unescapeBare(p.Value))
			case *sh.SglQuoted:
				if p.Dollar {
					b.WriteString(hole)
				} else {
					b.WriteString(p.Value)
				}
			case *sh.DblQuoted:
				parts(p.Parts)
			default:
				b.WriteString(hole)
			}
		}
	}
	parts(w.Parts)
	return b.String()
}

// FileNameAtRunTime reports a word with run-time parts whose last path
// component holds one: "$f", "$x.sh", conf/$f, "scripts/$1.sh". Run
// time picks the file, though a directory around it may be known
// ("$NVM_DIR/nvm.sh" and "$(dirname "$0")/lib.sh" name their file, and
// are not such words), nor are <(…) and /dev/fd/$N, the streams
// whose text the script readers judge. A word with a bounded set of values
// (Candidates, OneOf) is not one either: each value names a file.
func (a Arg) FileNameAtRunTime() bool {
	if a.Static || a.OneOf && len(a.Candidates()) > 0 || a.Word == nil {
		return false
	}
	for _, p := range a.Word.Parts {
		if _, ok := p.(*sh.ProcSubst); ok {
			return false // <(…): a pipe, whose text is judged as a script
		}
	}
	skel := LiteralSkeleton(a.Word, "\x00")
	if strings.HasPrefix(skel, "/dev/") || strings.HasPrefix(skel, "/proc/") {
		return false // /dev/fd/$FD: a descriptor, judged by what it holds
	}
	return strings.Contains(skel[strings.LastIndexByte(skel, '/')+1:], "\x00")
}
