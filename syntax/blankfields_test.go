package syntax

import (
	"strings"
	"testing"
)

// TestBlankFields: the fields of a dynamic word split at its literal
// blanks, static where no run-time part touches them ("=" marks a
// static field, "?" a dynamic one).
func TestBlankFields(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ word, want string }{
		{`"$(cat f) $HOME/.ssh/id_rsa"`, "?$(cat f) =/home/u/.ssh/id_rsa"},
		{`"a $(cat f) b"`, "=a ?$(cat f) =b"},
		{`"a x$(cat f)y b"`, "=a ?x$(cat f)y =b"},
		{`"$(cat f)"' /etc/passwd'`, "?$(cat f) =/etc/passwd"},
		{`"$(cat f)
/etc/passwd"`, "?$(cat f) =/etc/passwd"},
		{`"$V x"`, "?$V =x"},
		{`$(cat f)/x`, ""},                 // no literal blank
		{`"$HOME/a b"`, ""},                // static
		{`"${U:-a b} c"`, "?${U:-a b} =c"}, // an operator's word is no literal blank
	} {
		m, err := Analyze("echo "+tc.word, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		var echo *Call
		for _, c := range m.Calls {
			if c.Name == "echo" {
				echo = c
			}
		}
		if echo == nil {
			t.Fatalf("%s: no echo call", tc.word)
		}
		var got []string
		for _, f := range echo.Args[0].BlankFields() {
			mark := "?"
			if f.Static {
				mark = "="
			}
			got = append(got, mark+f.Value)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("%s: fields %q, want %q", tc.word, g, tc.want)
		}
	}
}
