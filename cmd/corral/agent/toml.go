package agent

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// tomlHooks registers corral as a [[hooks]] table in a TOML file (Kimi
// Code's config.toml), appended between marker comments.
type tomlHooks struct {
	agent   string
	file    func(t Target) string
	detect  []string
	event   string
	matcher string
}

func (h tomlHooks) Scopes() []Scope      { return []Scope{User} }
func (h tomlHooks) Detect(t Target) bool { return anyDir(t.Home, h.detect...) }

func (h tomlHooks) File(t Target) string {
	if t.Scope != User {
		return ""
	}
	return h.file(t)
}

func (h tomlHooks) block(t Target) []string {
	return []string{blockBegin, "[[hooks]]",
		"event = " + quoted(h.event),
		"matcher = " + quoted(h.matcher),
		"command = " + quoted(t.Command(h.agent)),
		blockEnd}
}

func (h tomlHooks) load(t Target) (string, []byte, bool, error) {
	path := h.File(t)
	if path == "" {
		return "", nil, false, noScope(h.agent, t.Scope, h.Scopes())
	}
	data, existed, err := readConfig(path)
	if err != nil {
		return path, nil, false, err
	}
	if err := checkTOML(path, data); err != nil {
		return path, nil, false, err
	}
	return path, data, existed, nil
}

func (h tomlHooks) Install(t Target) ([]Change, error) {
	path, data, existed, err := h.load(t)
	if err != nil {
		return nil, err
	}
	text, _, err := removeBlock(path, string(data))
	if err != nil {
		return nil, err
	}
	if l, ok := inlineHooks(text); ok {
		return nil, &PosError{File: path, Line: l, Col: 1, Msg: "hooks is set inline here; corral adds [[hooks]] tables, so add its hook by hand: " + t.Command(h.agent)}
	}
	after := appendBlock(strings.TrimRight(text, "\n"), h.block(t))
	if strings.TrimSpace(text) == "" {
		after = strings.Join(h.block(t), "\n") + "\n"
	}
	if existed && after == string(data) {
		return nil, nil
	}
	// Already there (same command), in place: nothing to do.
	lines := strings.Split(string(data), "\n")
	if b, e := findBlock(lines); b >= 0 && e > b && strings.Join(lines[b:e+1], "\n") == strings.Join(h.block(t), "\n") {
		return nil, nil
	}
	return []Change{{Path: path, Before: data, After: []byte(after), existed: existed}}, nil
}

func (h tomlHooks) Uninstall(t Target) ([]Change, error) {
	path, data, existed, err := h.load(t)
	if err != nil || !existed {
		return nil, err
	}
	text, found, err := removeBlock(path, string(data))
	if err != nil || !found {
		return nil, err
	}
	text = strings.TrimRight(text, "\n")
	if text != "" {
		text += "\n"
	}
	return []Change{{Path: path, Before: data, After: []byte(text), existed: true}}, nil
}

func (h tomlHooks) Registered(t Target) ([]Registration, error) {
	path, data, existed, err := h.load(t)
	if err != nil || !existed {
		return nil, err
	}
	lines := strings.Split(string(data), "\n")
	b, e := findBlock(lines)
	if b < 0 || e < 0 {
		return nil, nil
	}
	return []Registration{{Agent: h.agent, Scope: User, File: path, Events: []string{h.event + " " + h.matcher}, Command: blockCommand(lines[b:e], h.agent)}}, nil
}

var inlineHooksRe = lazy.Regexp{Expr: `^\s*hooks\s*=`}

// inlineHooks finds a top-level "hooks = …" (before any table header).
func inlineHooks(text string) (int, bool) {
	for i, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			return 0, false
		}
		if inlineHooksRe.Get().MatchString(l) {
			return i + 1, true
		}
	}
	return 0, false
}

const (
	tomlKey    = `(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`
	tomlDotted = tomlKey + `(?:\s*\.\s*` + tomlKey + `)*`
)

var (
	tomlHeader = lazy.Regexp{Expr: `^\[\[?\s*` + tomlDotted + `\s*\]\]?\s*(#.*)?$`}
	tomlKeyEq  = lazy.Regexp{Expr: `^` + tomlDotted + `\s*=\s*`}
)

// checkTOML is a lexical check of a TOML file: table headers, key = value
// lines, strings (all four kinds) closed, brackets balanced. It does not
// check types or duplicate keys; it is there so that a broken file is
// reported with its line and column and left alone.
func checkTOML(path string, data []byte) error {
	s := string(data)
	line, col := 1, 1
	i := 0
	fail := func(msg string) error { return &PosError{File: path, Line: line, Col: col, Msg: msg} }
	adv := func(n int) {
		for k := 0; k < n && i < len(s); k++ {
			if s[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	depth := 0 // open [ and { inside a value
	atStmt := true
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n' || c == '\r' || c == ' ' || c == '\t':
			if c == '\n' && depth == 0 {
				atStmt = true
			}
			adv(1)
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				adv(1)
			}
		case atStmt && depth == 0:
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			l := strings.TrimRight(s[i:i+end], " \t\r")
			if strings.HasPrefix(l, "[") {
				if !tomlHeader.Get().MatchString(l) {
					return fail("malformed table header")
				}
				adv(end)
				continue
			}
			m := tomlKeyEq.Get().FindStringIndex(l)
			if m == nil {
				return fail("expected key = value")
			}
			adv(m[1])
			if i >= len(s) || s[i] == '\n' || s[i] == '#' {
				return fail("missing value after =")
			}
			atStmt = false
		case strings.HasPrefix(s[i:], `"""`) || strings.HasPrefix(s[i:], `'''`):
			q := s[i : i+3]
			startL, startC := line, col
			adv(3)
			for {
				if i >= len(s) {
					line, col = startL, startC
					return fail("unterminated multi-line string")
				}
				if q == `"""` && s[i] == '\\' {
					adv(2)
					continue
				}
				if strings.HasPrefix(s[i:], q) {
					adv(3)
					for i < len(s) && s[i] == q[0] {
						adv(1)
					}
					break
				}
				adv(1)
			}
		case c == '"' || c == '\'':
			startL, startC := line, col
			adv(1)
			for {
				if i >= len(s) || s[i] == '\n' {
					line, col = startL, startC
					return fail("unterminated string")
				}
				if c == '"' && s[i] == '\\' {
					adv(2)
					continue
				}
				if s[i] == c {
					adv(1)
					break
				}
				adv(1)
			}
		case c == '[' || c == '{':
			depth++
			adv(1)
		case c == ']' || c == '}':
			if depth == 0 {
				return fail("unbalanced " + string(c))
			}
			depth--
			adv(1)
		case c == ',' || c == '=':
			if depth == 0 && c == ',' {
				return fail("unexpected ,")
			}
			adv(1)
		default:
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("+-._:", c) >= 0) {
				return fail("unexpected character " + quoted(string(c)))
			}
			adv(1)
		}
	}
	if depth != 0 {
		return fail("unclosed [ or { at end of file")
	}
	return nil
}
