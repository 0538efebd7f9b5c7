package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// obj is a JSON object that keeps its members in the order of the file,
// so that a merged settings file differs from the original only where
// corral changed it.
type obj struct {
	keys []string
	vals map[string]any
	// raws are the members' values as the file spelled them; a member
	// nothing changed below is printed from here, byte for byte.
	raws map[string][]byte
	// touched says set or del was called.
	touched bool
}

func newObj() *obj { return &obj{vals: map[string]any{}} }

func (o *obj) get(k string) (any, bool) { v, ok := o.vals[k]; return v, ok }

func (o *obj) set(k string, v any) {
	o.touched = true
	delete(o.raws, k)
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *obj) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	o.touched = true
	delete(o.vals, k)
	for i, x := range o.keys {
		if x == k {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
}

// child returns member k as an object, creating it when absent. A member
// of another type is an error: corral does not overwrite what it does not
// understand.
func (o *obj) child(k, where string) (*obj, error) {
	v, ok := o.vals[k]
	if !ok {
		c := newObj()
		o.set(k, c)
		return c, nil
	}
	c, ok := v.(*obj)
	if !ok {
		return nil, fmt.Errorf("%s%q is not an object; corral will not change it", where, k)
	}
	return c, nil
}

// list returns member k as an array (nil when absent).
func (o *obj) list(k, where string) ([]any, error) {
	v, ok := o.vals[k]
	if !ok {
		return nil, nil
	}
	l, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s%q is not an array; corral will not change it", where, k)
	}
	return l, nil
}

// str reads member k as a string.
func (o *obj) str(k string) string {
	s, _ := o.vals[k].(string)
	return s
}

// PosError is a syntax error in a configuration file, at a line and
// column (both from 1).
type PosError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *PosError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// lineCol converts a byte offset into a line and column.
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// parseJSON reads a JSON document keeping object member order. Errors
// name the line and column. An empty (or all-space) file is an empty
// object.
func parseJSON(file string, data []byte) (any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return newObj(), nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// The token reader's offsets are those of its buffer; the position of
	// a syntax error is taken from a whole-document parse, whose offset is
	// just past the offending byte.
	fail := func(err error) error {
		var v any
		var se *json.SyntaxError
		if uerr := json.Unmarshal(data, &v); errors.As(uerr, &se) {
			off, msg := se.Offset-1, strings.TrimPrefix(se.Error(), "invalid character ")
			if strings.Contains(msg, "unexpected end") {
				off, msg = int64(len(data)), "unexpected end of file"
			}
			l, c := lineCol(data, off)
			return &PosError{File: file, Line: l, Col: c, Msg: msg}
		}
		msg := "unexpected end of file"
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && err != io.EOF {
			msg = err.Error()
		}
		l, c := lineCol(data, dec.InputOffset())
		return &PosError{File: file, Line: l, Col: c, Msg: msg}
	}
	var value func() (any, error)
	value = func() (any, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, fail(err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				o := newObj()
				o.raws = map[string][]byte{}
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, fail(err)
					}
					k, _ := kt.(string)
					start := dec.InputOffset()
					v, err := value()
					if err != nil {
						return nil, err
					}
					o.set(k, v)
					o.raws[k] = bytes.TrimLeft(data[start:dec.InputOffset()], " \t\r\n:")
				}
				o.touched = false
				if _, err := dec.Token(); err != nil {
					return nil, fail(err)
				}
				return o, nil
			case '[':
				l := []any{}
				for dec.More() {
					v, err := value()
					if err != nil {
						return nil, err
					}
					l = append(l, v)
				}
				if _, err := dec.Token(); err != nil {
					return nil, fail(err)
				}
				return l, nil
			}
			return nil, fail(fmt.Errorf("unexpected %q", t))
		default:
			return t, nil
		}
	}
	v, err := value()
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fail(err)
	}
	return v, nil
}

// parseJSONObject reads a JSON document that must be an object.
func parseJSONObject(file string, data []byte) (*obj, error) {
	v, err := parseJSON(file, data)
	if err != nil {
		return nil, err
	}
	o, ok := v.(*obj)
	if !ok {
		return nil, &PosError{File: file, Line: 1, Col: 1, Msg: "the file is not a JSON object"}
	}
	return o, nil
}

// indentOf guesses a JSON file's indentation unit from its first indented
// line (two spaces for a new or flat file).
func indentOf(data []byte) string {
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		if n := len(line) - len(trimmed); n > 0 && trimmed != "" {
			return line[:n]
		}
	}
	return "  "
}

// printJSON writes v with the given indentation unit and a final newline.
func printJSON(v any, indent string) []byte {
	var b bytes.Buffer
	writeJSON(&b, v, indent, 0)
	b.WriteByte('\n')
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, v any, indent string, depth int) {
	nl := func(d int) {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(indent, d))
	}
	switch x := v.(type) {
	case *obj:
		if len(x.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			b.Write(quoteJSON(k))
			b.WriteString(": ")
			if raw, ok := x.raws[k]; ok && clean(x.vals[k]) {
				b.Write(raw)
				continue
			}
			writeJSON(b, x.vals[k], indent, depth+1)
		}
		nl(depth)
		b.WriteByte('}')
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			nl(depth + 1)
			writeJSON(b, e, indent, depth+1)
		}
		nl(depth)
		b.WriteByte(']')
	case json.Number:
		b.WriteString(x.String())
	case string:
		b.Write(quoteJSON(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case nil:
		b.WriteString("null")
	default:
		m, _ := json.Marshal(x)
		b.Write(m)
	}
}

// clean reports whether nothing in v was changed since it was read.
func clean(v any) bool {
	switch x := v.(type) {
	case *obj:
		if x.touched {
			return false
		}
		for _, k := range x.keys {
			if !clean(x.vals[k]) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if !clean(e) {
				return false
			}
		}
	}
	return true
}

// quoteJSON quotes a string as JSON without escaping <, > and &.
func quoteJSON(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}
