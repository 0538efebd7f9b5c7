package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// A hook call decodes one Claude-shaped input. json.Unmarshal into
// claudeShape first builds encoding/json's description of the struct by
// reflection (its fields, their names folded, their decoders: about
// 13 kB in a fresh process, paid by every hook call). decodeClaudeFast
// reads the members it knows directly from input that json.Valid has
// accepted, with json.Unmarshal's rules for a struct: members in order,
// the last one wins, a name matches its field exactly or else without
// regard to case (strings.EqualFold, as encoding/json folds), null leaves
// a field as it is (a json.RawMessage keeps the text "null"), unknown
// members are skipped, mcp_context's members are decoded into what an
// earlier mcp_context set. A member whose value has the wrong type (where
// json.Unmarshal reports an error) makes it give up, and the caller then
// decodes with json.Unmarshal, so that the error is the same.
// TestClaudeFastMatchesUnmarshal and FuzzClaudeFast compare the two.

// claudeFields are claudeShape's members, in the struct's order (for a
// name that folds to two of them, the first wins, as in encoding/json).
var claudeFields = [...]string{"session_id", "cwd", "hook_event_name", "tool_name", "tool_input", "agent_id", "agent_type", "mcp_context", "tool", "arguments", "sessionId"}

// mcpContextFields are the members of claudeShape.MCPContext.
var mcpContextFields = [...]string{"server_name", "tool_name"}

// decodeClaudeFast decodes data, valid JSON whose value is an object, into
// in, and reports whether it could (false: decode it with json.Unmarshal).
func decodeClaudeFast(data []byte, in *claudeShape) bool {
	return eachMember(data, func(name string, val []byte) bool {
		switch fieldIndex(claudeFields[:], name) {
		case 0:
			return stringMember(val, &in.SessionID)
		case 1:
			return stringMember(val, &in.Cwd)
		case 2:
			return stringMember(val, &in.HookEventName)
		case 3:
			return stringMember(val, &in.ToolName)
		case 4:
			in.ToolInput = json.RawMessage(val[:len(val):len(val)])
		case 5:
			return stringMember(val, &in.AgentID)
		case 6:
			return stringMember(val, &in.AgentType)
		case 7:
			switch val[0] {
			case 'n':
			case '{':
				return eachMember(val, func(name string, v []byte) bool {
					switch fieldIndex(mcpContextFields[:], name) {
					case 0:
						return stringMember(v, &in.MCPContext.ServerName)
					case 1:
						return stringMember(v, &in.MCPContext.ToolName)
					}
					return true
				})
			default:
				return false
			}
		case 8:
			return stringMember(val, &in.Tool)
		case 9:
			in.Arguments = json.RawMessage(val[:len(val):len(val)])
		case 10:
			return stringMember(val, &in.SessionIDOld)
		}
		return true
	})
}

// fieldIndex returns the index of the field name matches: exactly, or
// else the first that is equal under case folding; -1 for none.
func fieldIndex(fields []string, name string) int {
	for i, f := range fields {
		if f == name {
			return i
		}
	}
	for i, f := range fields {
		if strings.EqualFold(f, name) {
			return i
		}
	}
	return -1
}

// stringMember sets *s from a member's value: a string is decoded, null
// leaves *s alone, anything else is a type error (false).
func stringMember(val []byte, s *string) bool {
	switch val[0] {
	case 'n':
		return true
	case '"':
		*s = jsonString(val)
		return true
	}
	return false
}

// jsonString decodes a JSON string literal of valid JSON. One without
// escapes that is valid UTF-8 is its own text; any other is decoded by
// encoding/json (escapes, and invalid UTF-8 turned into U+FFFD).
func jsonString(lit []byte) string {
	body := lit[1 : len(lit)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return string(body)
	}
	var s string
	_ = json.Unmarshal(lit, &s)
	return s
}

// eachMember calls f with the name and the value's text of each member of
// the object obj (valid JSON), in order, until f returns false; it
// reports whether f never did.
func eachMember(obj []byte, f func(name string, val []byte) bool) bool {
	i := skipSpace(obj, 0) + 1 // past '{'
	for {
		i = skipSpace(obj, i)
		if i >= len(obj) || obj[i] == '}' {
			return true
		}
		kEnd := stringEnd(obj, i)
		name := jsonString(obj[i:kEnd])
		i = skipSpace(obj, kEnd) + 1 // past ':'
		i = skipSpace(obj, i)
		vEnd := valueEnd(obj, i)
		if !f(name, obj[i:vEnd]) {
			return false
		}
		i = skipSpace(obj, vEnd)
		if i < len(obj) && obj[i] == ',' {
			i++
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index after the string literal that starts at
// b[i] (its opening quote).
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// valueEnd returns the index after the JSON value that starts at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = stringEnd(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	return i
}
