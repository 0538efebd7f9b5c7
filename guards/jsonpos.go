package guards

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// jsonKind is the type of a JSON value, named as a policy error names it.
type jsonKind string

const (
	jsonObject jsonKind = "an object"
	jsonArray  jsonKind = "an array"
	jsonString jsonKind = "a string"
	jsonNumber jsonKind = "a number"
	jsonBool   jsonKind = "true or false"
	jsonNull   jsonKind = "null"
)

// jsonValue is a JSON value with the byte offset it starts at, so that a
// policy error can name the line and column. Object keys keep their order
// and their own offsets.
type jsonValue struct {
	kind jsonKind
	off  int
	str  string
	b    bool
	keys []jsonKey
	vals []*jsonValue // object values (parallel to keys) or array elements
}

type jsonKey struct {
	name string
	off  int
}

// get returns the value of key k of an object, or nil.
func (v *jsonValue) get(k string) *jsonValue {
	for i, key := range v.keys {
		if key.name == k {
			return v.vals[i]
		}
	}
	return nil
}

// maxJSONDepth bounds nesting: no policy needs more, and a hostile file
// must not exhaust the stack.
const maxJSONDepth = 64

// jsonParser reads JSON, also allowing // comments to the end of a line
// (corral's starting policy file explains itself with them).
type jsonParser struct {
	src []byte
	pos int
}

// syntaxError is a malformed file, at an offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func parseJSON(src []byte) (*jsonValue, error) {
	p := &jsonParser{src: src}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(p.src) {
		return nil, &syntaxError{p.pos, fmt.Sprintf("unexpected %q after the end of the JSON value", p.src[p.pos])}
	}
	return v, nil
}

func (p *jsonParser) space() {
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.pos++
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '/':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

func (p *jsonParser) fail(format string, args ...any) error {
	return &syntaxError{p.pos, fmt.Sprintf(format, args...)}
}

func (p *jsonParser) value(depth int) (*jsonValue, error) {
	if depth > maxJSONDepth {
		return nil, p.fail("nested more than %d levels deep", maxJSONDepth)
	}
	p.space()
	if p.pos >= len(p.src) {
		return nil, p.fail("unexpected end of file")
	}
	v := &jsonValue{off: p.pos}
	switch c := p.src[p.pos]; {
	case c == '{':
		v.kind = jsonObject
		p.pos++
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		for {
			p.space()
			if p.pos >= len(p.src) || p.src[p.pos] != '"' {
				return nil, p.fail("expected a key in double quotes")
			}
			koff := p.pos
			k, err := p.string()
			if err != nil {
				return nil, err
			}
			for _, prev := range v.keys {
				if prev.name == k {
					return nil, &syntaxError{koff, fmt.Sprintf("key %q appears twice", k)}
				}
			}
			p.space()
			if p.pos >= len(p.src) || p.src[p.pos] != ':' {
				return nil, p.fail("expected : after key %q", k)
			}
			p.pos++
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.keys = append(v.keys, jsonKey{k, koff})
			v.vals = append(v.vals, val)
			p.space()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.src) && p.src[p.pos] == '}' {
				p.pos++
				return v, nil
			}
			return nil, p.fail("expected , or } after the value of %q", k)
		}
	case c == '[':
		v.kind = jsonArray
		p.pos++
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			return v, nil
		}
		for {
			el, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.vals = append(v.vals, el)
			p.space()
			if p.pos < len(p.src) && p.src[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.pos < len(p.src) && p.src[p.pos] == ']' {
				p.pos++
				return v, nil
			}
			return nil, p.fail("expected , or ] in an array")
		}
	case c == '"':
		v.kind = jsonString
		s, err := p.string()
		v.str = s
		return v, err
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if strings.HasPrefix(string(p.src[p.pos:min(len(p.src), p.pos+5)]), lit) {
				p.pos += len(lit)
				v.kind, v.b = jsonBool, lit == "true"
				if lit == "null" {
					v.kind = jsonNull
				}
				return v, nil
			}
		}
		return nil, p.fail("unexpected %q", c)
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.src) && strings.IndexByte("+-.eE0123456789", p.src[p.pos]) >= 0 {
			p.pos++
		}
		var n json.Number
		if err := json.Unmarshal(p.src[start:p.pos], &n); err != nil {
			return nil, &syntaxError{start, fmt.Sprintf("bad number %q", p.src[start:p.pos])}
		}
		v.kind, v.str = jsonNumber, string(n)
		return v, nil
	default:
		return nil, p.fail("unexpected %q", c)
	}
}

// string reads a quoted string at p.pos, decoding its escapes as
// encoding/json does.
func (p *jsonParser) string() (string, error) {
	start := p.pos
	p.pos++
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case '\\':
			p.pos += 2
			continue
		case '\n':
			return "", p.fail("newline inside a string")
		case '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.src[start:p.pos], &s); err != nil {
				return "", &syntaxError{start, "bad string: " + strings.TrimPrefix(err.Error(), "json: ")}
			}
			return s, nil
		}
		p.pos++
	}
	return "", &syntaxError{start, "unterminated string"}
}

// lineCol turns a byte offset into a 1-based line and column (in bytes).
func lineCol(src []byte, off int) (int, int) {
	line, col := 1, 1
	for i := 0; i < off && i < len(src); i++ {
		if src[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

var errNotJSON = errors.New("not valid JSON")
