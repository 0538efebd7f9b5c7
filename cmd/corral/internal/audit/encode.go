package audit

import (
	"unicode/utf8"
)

// appendRecord appends r as encoding/json's Encoder (HTML escaping off)
// writes it, newline included, without reflection: a hook process writes
// one record, and encoding/json would build its field cache for Record
// (reflect over the struct, its tags, an encoder per field) only for
// that. TestAppendRecordMatchesEncodingJSON holds the two to the same
// bytes. The caller has checked that MarshalJSON accepts r.TS.
func appendRecord(b []byte, r *Record, ts []byte) []byte {
	b = append(b, `{"ts":`...)
	b = append(b, ts...)
	b = appendField(b, "tool", r.Tool, false)
	b = appendField(b, "operation", r.Operation, false)
	b = appendField(b, "action", r.Action, false)
	b = appendField(b, "rule", r.Rule, false)
	b = appendField(b, "path_context", r.PathContext, true)
	b = appendField(b, "session_id", r.SessionID, true)
	b = appendField(b, "cwd", r.Cwd, true)
	b = appendField(b, "rewritten", r.Rewritten, true)
	b = appendField(b, "reason", r.Reason, true)
	b = appendField(b, "agent_type", r.AgentType, true)
	return append(b, "}\n"...)
}

// appendField appends ,"name":value, or nothing for an empty value when
// omitEmpty is set.
func appendField(b []byte, name, v string, omitEmpty bool) []byte {
	if omitEmpty && v == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return appendString(b, v)
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping off: '"' and '\\' escaped, the control characters as
// \b \f \n \r \t or \u00XX, invalid UTF-8 as \ufffd, and U+2028 and
// U+2029 (line and paragraph separators, which JavaScript reads as line
// ends) as \u2028 and \u2029.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
