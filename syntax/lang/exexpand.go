package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// exCurrentName matches expand('%') (also "%", with filename modifiers
// such as %:p, %:h): the current buffer's file name.
var exCurrentName = lazy.Regexp{Expr: `expand\(\s*(?:'(%(?::[a-z~.])*)'|"(%(?::[a-z~.])*)")\s*\)`}

// exSourceCurrent returns the :source command an :execute expression
// makes when its only run-time part is the current file's name:
// exe 'so' expand('%') is :so %, which Vim reads as that file on disk,
// not the buffer's lines (checked with Vim 9.0: vim -es -c 'exe "so"
// expand("%")' F runs F's commands, and also after an earlier -c
// changed or emptied the buffer). Only a :source is read so: other
// commands use the name as text, where % is no name.
func exSourceCurrent(text string) (string, bool) {
	re := exCurrentName.Get()
	if !re.MatchString(text) {
		return "", false
	}
	tpl := template(Ex, re.ReplaceAllStringFunc(text, func(m string) string {
		sub := re.FindStringSubmatch(m)
		return "'" + sub[1] + sub[2] + "'"
	}))
	if strings.Contains(tpl, runtimePart) {
		return "", false
	}
	cmd := strings.TrimLeft(tpl, " \t:")
	n := 0
	for n < len(cmd) && (cmd[n] >= 'a' && cmd[n] <= 'z') {
		n++
	}
	if n == 0 || !exIs(cmd[:n], "source", 2) || strings.ContainsAny(cmd[n:], "|\n") {
		return "", false
	}
	return tpl, true
}
