package agent

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// yamlHooks registers corral under hooks: <event>: in a YAML file (Hermes
// Agent's config.yaml), between marker comments: into an existing hooks:
// mapping and event list when there are, else as a new block.
type yamlHooks struct {
	agent   string
	file    func(t Target) string
	detect  []string
	event   string
	matcher string
}

func (h yamlHooks) Scopes() []Scope      { return []Scope{User} }
func (h yamlHooks) Detect(t Target) bool { return anyDir(t.Home, h.detect...) }

func (h yamlHooks) File(t Target) string {
	if t.Scope != User {
		return ""
	}
	return h.file(t)
}

func (h yamlHooks) load(t Target) (string, []byte, bool, error) {
	path := h.File(t)
	if path == "" {
		return "", nil, false, noScope(h.agent, t.Scope, h.Scopes())
	}
	data, existed, err := readConfig(path)
	if err != nil {
		return path, nil, false, err
	}
	if err := checkYAML(path, data); err != nil {
		return path, nil, false, err
	}
	return path, data, existed, nil
}

// item is corral's list entry at indentation ind.
func (h yamlHooks) item(t Target, ind string) []string {
	return []string{
		ind + "- matcher: " + quoted(h.matcher),
		ind + "  command: " + quoted(t.Command(h.agent)),
	}
}

var (
	yamlTopHooks = lazy.Regexp{Expr: `^hooks:\s*(#.*)?$`}
	yamlTopEmpty = lazy.Regexp{Expr: `^hooks:\s*(\{\s*\}|null|~)?\s*(#.*)?$`}
)

func indentOfLine(l string) string { return l[:len(l)-len(strings.TrimLeft(l, " "))] }

func (h yamlHooks) merge(t Target, text string) (string, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if strings.TrimSpace(text) == "" {
		lines = nil
	}
	wrap := func(ind string, body []string) []string {
		return append(append([]string{ind + blockBegin}, body...), ind+blockEnd)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, "hooks:") {
			continue
		}
		if yamlTopHooks.Get().MatchString(l) {
			// A block mapping: find its children's indentation and the event.
			end := len(lines)
			child := ""
			for j := i + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == "" || strings.HasPrefix(strings.TrimSpace(lines[j]), "#") {
					continue
				}
				ind := indentOfLine(lines[j])
				if ind == "" {
					end = j
					break
				}
				if child == "" {
					child = ind
				}
			}
			if child == "" {
				child = "  "
			}
			for j := i + 1; j < end; j++ {
				if lines[j] != child+h.event+":" && !strings.HasPrefix(lines[j], child+h.event+": #") {
					continue
				}
				// Items of the event's list: after it, at its indentation
				// ("- " at the key's column) or deeper.
				itemInd := child + "  "
				for k := j + 1; k < end; k++ {
					if tl := strings.TrimSpace(lines[k]); tl == "" || strings.HasPrefix(tl, "#") {
						continue
					}
					if strings.HasPrefix(strings.TrimSpace(lines[k]), "- ") && len(indentOfLine(lines[k])) >= len(child) {
						itemInd = indentOfLine(lines[k])
					}
					break
				}
				out := append(append([]string{}, lines[:j+1]...), wrap(itemInd, h.item(t, itemInd))...)
				return strings.Join(append(out, lines[j+1:]...), "\n") + "\n", nil
			}
			body := append([]string{child + h.event + ":"}, h.item(t, child+"  ")...)
			out := append(append([]string{}, lines[:i+1]...), wrap(child, body)...)
			return strings.Join(append(out, lines[i+1:]...), "\n") + "\n", nil
		}
		if yamlTopEmpty.Get().MatchString(l) {
			body := append([]string{replacedPrefix + l, "hooks:", "  " + h.event + ":"}, h.item(t, "    ")...)
			out := append(append([]string{}, lines[:i]...), wrap("", body)...)
			return strings.Join(append(out, lines[i+1:]...), "\n") + "\n", nil
		}
		return "", &PosError{File: "", Line: i + 1, Col: 8, Msg: "hooks: is written inline; corral will not rewrite it, so add its hook by hand: " + t.Command(h.agent)}
	}
	body := append([]string{"hooks:", "  " + h.event + ":"}, h.item(t, "    ")...)
	return appendBlock(strings.Join(lines, "\n"), wrap("", body)), nil
}

func (h yamlHooks) Install(t Target) ([]Change, error) {
	path, data, existed, err := h.load(t)
	if err != nil {
		return nil, err
	}
	text, _, err := removeBlock(path, string(data))
	if err != nil {
		return nil, err
	}
	after, err := h.merge(t, text)
	if err != nil {
		if pe, ok := err.(*PosError); ok {
			pe.File = path
		}
		return nil, err
	}
	if existed && after == string(data) {
		return nil, nil
	}
	return []Change{{Path: path, Before: data, After: []byte(after), existed: existed}}, nil
}

func (h yamlHooks) Uninstall(t Target) ([]Change, error) {
	path, data, existed, err := h.load(t)
	if err != nil || !existed {
		return nil, err
	}
	text, found, err := removeBlock(path, string(data))
	if err != nil || !found {
		return nil, err
	}
	return []Change{{Path: path, Before: data, After: []byte(text), existed: true}}, nil
}

func (h yamlHooks) Registered(t Target) ([]Registration, error) {
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

// checkYAML is a lexical check of a YAML file: no tab in indentation,
// quoted scalars closed on their line, flow brackets balanced per line.
// It is there so that a broken file is reported with its line and column
// and left alone; it is not a YAML parser.
func checkYAML(path string, data []byte) error {
	for n, l := range strings.Split(string(data), "\n") {
		fail := func(col int, msg string) error { return &PosError{File: path, Line: n + 1, Col: col, Msg: msg} }
		ind := len(l) - len(strings.TrimLeft(l, " \t"))
		if k := strings.IndexByte(l[:ind], '\t'); k >= 0 {
			return fail(k+1, "tab character in indentation")
		}
		depth := 0
		for i := ind; i < len(l); i++ {
			switch c := l[i]; c {
			case '#':
				if i == ind || l[i-1] == ' ' {
					i = len(l)
				}
			case '"', '\'':
				if i > ind && !strings.ContainsRune(" :-[{,", rune(l[i-1])) {
					continue
				}
				j := i + 1
				for ; j < len(l); j++ {
					if c == '"' && l[j] == '\\' {
						j++
						continue
					}
					if l[j] == c {
						if c == '\'' && j+1 < len(l) && l[j+1] == '\'' {
							j++
							continue
						}
						break
					}
				}
				if j >= len(l) {
					return fail(i+1, "unterminated quoted string")
				}
				i = j
			case '[', '{':
				if i == ind || strings.ContainsRune(" :-[{,", rune(l[i-1])) {
					depth++
				}
			case ']', '}':
				if depth > 0 {
					depth--
				}
			}
		}
		if depth > 0 && !strings.HasSuffix(strings.TrimSpace(l), ",") && !strings.HasSuffix(strings.TrimSpace(l), "[") && !strings.HasSuffix(strings.TrimSpace(l), "{") {
			return fail(len(l)+1, "unclosed [ or {")
		}
	}
	return nil
}
