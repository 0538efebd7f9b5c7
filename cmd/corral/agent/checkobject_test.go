package agent

import "testing"

// TestCheckObjectMatchesTopLevel: checkObject, the hook's cheap check of
// its input, fails exactly when topLevel does, with the same message.
func TestCheckObjectMatchesTopLevel(t *testing.T) {
	for _, in := range []string{
		`{}`, ` {"a":1} `, "\n{\"tool_name\":\"Bash\"}\n", `{"a":{"b":[1,2]}}`,
		``, ` `, `null`, `[]`, `[1]`, `"s"`, `1`, `true`,
		`{} {}`, `{} x`, `{} }`, `{"a":}`, `{"a":1`, `{"a" 1}`, `{} 1`, `{}[]`,
	} {
		_, want := topLevel([]byte(in))
		got := checkObject([]byte(in))
		if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
			t.Errorf("%q: checkObject = %v, topLevel = %v", in, got, want)
		}
	}
	// The cases that must fail do fail.
	for _, in := range []string{`null`, `[]`, `{} {}`, `{"a":}`} {
		if checkObject([]byte(in)) == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
