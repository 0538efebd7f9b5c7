package syntax

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// lefthook reads its configuration as YAML, TOML or JSON alike (the
// format by the file's extension): the same keys, hooks at the top with
// commands:, scripts: and jobs: below. lefthookTree reads a TOML or JSON
// configuration into nested maps, lists and strings, and lefthookCmds
// finds in it what ciCommands finds in the YAML one: each run: and
// runner: value with the keys above it, and each script: by the list
// item (a job) that holds it.

// lefthookCmds returns the run:/runner: commands and script: values of
// a lefthook configuration in TOML or JSON (ext ".toml", ".json").
func lefthookCmds(text, ext string) ([]ciCommand, []ciKeyValue, bool) {
	var tree any
	switch ext {
	case ".json":
		if err := json.Unmarshal([]byte(text), &tree); err != nil {
			return nil, nil, false
		}
	case ".toml":
		t, ok := lefthookTOML(text)
		if !ok {
			return nil, nil, false
		}
		tree = t
	default:
		return nil, nil, false
	}
	var cmds []ciCommand
	var vals []ciKeyValue
	items := 0
	var walk func(n any, path []string, item string, depth int)
	walk = func(n any, path []string, item string, depth int) {
		if depth > 32 || len(cmds) >= maxCICommands {
			return
		}
		switch v := n.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				c := v[k]
				switch k {
				case "run", "runner":
					if len(path) == 0 {
						break
					}
					s, known := c.(string)
					if !known {
						s = strings.TrimSpace(strings.Trim(jsonText(c), "\""))
					}
					cmds = append(cmds, ciCommand{path: slices.Clone(path), key: k, text: s, item: item, known: known})
					continue
				case "script":
					if s, ok := c.(string); ok {
						vals = append(vals, ciKeyValue{item: item, key: k, val: s})
						continue
					}
				}
				walk(c, append(path, k), item, depth+1)
			}
		case []any:
			for _, e := range v {
				items++
				walk(e, append(path, "-"+strconv.Itoa(items)), "item"+strconv.Itoa(items), depth+1)
			}
		}
	}
	walk(tree, nil, "", 0)
	return cmds, vals, true
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// lefthookTOML reads the TOML lefthook configurations use into nested
// maps: [a.b."c"] tables, [[a.jobs]] arrays of tables, dotted keys, and
// values that are strings ("…" with escapes, '…' and the triple-quoted forms),
// inline tables { k = "v" }, arrays and bare words (numbers, booleans).
func lefthookTOML(text string) (map[string]any, bool) {
	root := map[string]any{}
	cur := root
	p := &tomlReader{s: text}
	for p.i < len(p.s) {
		p.blank(true)
		if p.i >= len(p.s) {
			break
		}
		switch {
		case strings.HasPrefix(p.s[p.i:], "[["):
			p.i += 2
			keys, ok := p.keys("]]")
			if !ok {
				return nil, false
			}
			parent, ok := tomlTable(root, keys[:len(keys)-1])
			if !ok {
				return nil, false
			}
			list, _ := parent[keys[len(keys)-1]].([]any)
			t := map[string]any{}
			parent[keys[len(keys)-1]] = append(list, t)
			cur = t
		case p.s[p.i] == '[':
			p.i++
			keys, ok := p.keys("]")
			if !ok {
				return nil, false
			}
			if cur, ok = tomlTable(root, keys); !ok {
				return nil, false
			}
		default:
			if !p.entry(cur) {
				return nil, false
			}
		}
	}
	return root, true
}

// tomlTable returns the table at keys under root, made where missing
// (the last table of an array of tables for a list).
func tomlTable(root map[string]any, keys []string) (map[string]any, bool) {
	t := root
	for _, k := range keys {
		switch v := t[k].(type) {
		case nil:
			n := map[string]any{}
			t[k] = n
			t = n
		case map[string]any:
			t = v
		case []any:
			if len(v) == 0 {
				return nil, false
			}
			last, ok := v[len(v)-1].(map[string]any)
			if !ok {
				return nil, false
			}
			t = last
		default:
			return nil, false
		}
	}
	return t, true
}

type tomlReader struct {
	s string
	i int
}

// blank skips blanks and comments (and newlines when nl).
func (p *tomlReader) blank(nl bool) {
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == ' ' || c == '\t' || c == '\r' || nl && c == '\n':
			p.i++
		case c == '#':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// keys reads a dotted key up to end ("]", "]]" or "=").
func (p *tomlReader) keys(end string) ([]string, bool) {
	var out []string
	for {
		p.blank(false)
		if p.i >= len(p.s) {
			return nil, false
		}
		var k string
		switch c := p.s[p.i]; {
		case c == '"' || c == '\'':
			v, ok := p.str()
			if !ok {
				return nil, false
			}
			k = v
		default:
			j := p.i
			for j < len(p.s) && (isNameByte(p.s[j]) || p.s[j] == '-') {
				j++
			}
			if j == p.i {
				return nil, false
			}
			k, p.i = p.s[p.i:j], j
		}
		out = append(out, k)
		p.blank(false)
		switch {
		case strings.HasPrefix(p.s[p.i:], "."):
			p.i++
		case strings.HasPrefix(p.s[p.i:], end):
			p.i += len(end)
			return out, true
		default:
			return nil, false
		}
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// entry reads key = value into t.
func (p *tomlReader) entry(t map[string]any) bool {
	keys, ok := p.keys("=")
	if !ok {
		return false
	}
	parent, ok := tomlTable(t, keys[:len(keys)-1])
	if !ok {
		return false
	}
	v, ok := p.value(0)
	if !ok {
		return false
	}
	parent[keys[len(keys)-1]] = v
	return true
}

// value reads a value at p.i.
func (p *tomlReader) value(depth int) (any, bool) {
	p.blank(false)
	if p.i >= len(p.s) || depth > 16 {
		return nil, false
	}
	switch c := p.s[p.i]; c {
	case '"', '\'':
		return p.str()
	case '{':
		p.i++
		t := map[string]any{}
		for {
			p.blank(false)
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return t, true
			}
			if !p.entry(t) {
				return nil, false
			}
			p.blank(false)
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			}
		}
	case '[':
		p.i++
		var list []any
		for {
			p.blank(true)
			if p.i < len(p.s) && p.s[p.i] == ']' {
				p.i++
				return list, true
			}
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			list = append(list, v)
			p.blank(true)
			if p.i < len(p.s) && p.s[p.i] == ',' {
				p.i++
			}
		}
	default:
		j := p.i
		for j < len(p.s) && !strings.ContainsRune(" \t\r\n,]}#", rune(p.s[j])) {
			j++
		}
		if j == p.i {
			return nil, false
		}
		v := p.s[p.i:j]
		p.i = j
		return v, true
	}
}

// str reads a TOML string at p.i: "…" with escapes, '…' as written, and
// their triple-quoted multi-line forms (a newline right after the
// opening quotes is dropped; a backslash at a line's end joins lines).
func (p *tomlReader) str() (string, bool) {
	q := p.s[p.i]
	if strings.HasPrefix(p.s[p.i:], strings.Repeat(string(q), 3)) {
		p.i += 3
		end := strings.Index(p.s[p.i:], strings.Repeat(string(q), 3))
		if end < 0 {
			return "", false
		}
		body := p.s[p.i : p.i+end]
		p.i += end + 3
		body = strings.TrimPrefix(strings.TrimPrefix(body, "\r"), "\n")
		if q == '\'' {
			return body, true
		}
		return tomlUnescape(body, true), true
	}
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			if q == '\'' {
				return b.String(), true
			}
			return tomlUnescape(b.String(), false), true
		case c == '\n':
			return "", false
		case c == '\\' && q == '"' && p.i+1 < len(p.s):
			b.WriteByte(c)
			b.WriteByte(p.s[p.i+1])
			p.i += 2
			continue
		}
		b.WriteByte(c)
		p.i++
	}
	return "", false
}

// tomlUnescape applies a basic string's escapes.
func tomlUnescape(s string, multi bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			if i+n < len(s) {
				if r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32); err == nil {
					b.WriteRune(rune(r))
					i += n
					continue
				}
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		case '\n', ' ', '\t', '\r':
			if multi {
				// A line-ending backslash: the newline and the blanks
				// after it go.
				for i+1 < len(s) && strings.IndexByte(" \t\r\n", s[i+1]) >= 0 {
					i++
				}
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		default:
			b.WriteByte(e)
		}
	}
	return b.String()
}
