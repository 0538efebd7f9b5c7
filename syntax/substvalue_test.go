package syntax

import (
	"slices"
	"strings"
	"testing"
)

func TestSubstFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		word string
		// want lists the fields, a glob one marked with a trailing "(glob)";
		// "-" means the word is only known at run time.
		want string
	}{
		{`$(echo .env)`, ".env"},
		{"`echo .env`", ".env"},
		{`"$(echo .env)"`, ".env"},
		{`.env$(true)`, ".env"},
		{`.e$(printf nv)`, ".env"},
		{`$(printf '%s\n' .env)`, ".env"},
		{`$(echo -n .env)`, ".env"},
		{`$(echo a b)`, "a|b"},
		{`"$(echo a b)"`, "a b"},
		{`x$(echo ' a  b ')y`, "x|a|b|y"},
		{`$(echo .en?)`, ".en?(glob)"},
		{`"$(echo .en?)"`, ".en?"},
		{`$(echo "$HOME")`, "/home/u"},
		{`$(ls *.go)`, "-"},
		{`$(cat f)`, "-"},
		{`$(echo a; echo b)`, "a|b"},
		{`$(echo a > f)`, "-"},
		{`$x$(echo a)`, "-"},
		{`$((1+1))`, "2"},
	}
	for _, tt := range tests {
		m, err := Analyze("cmd "+tt.word, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.word, err)
		}
		if len(m.Calls) == 0 || m.Calls[0].Name != "cmd" || len(m.Calls[0].Args) == 0 {
			t.Fatalf("%q: no call", tt.word)
		}
		// A substitution corral computes makes the word static (the
		// fields are the call's arguments); SubstFields reads the rest.
		fields, ok := SubstFields(m.Calls[0].Args[0])
		if args := m.Calls[0].Args; !ok && !slices.ContainsFunc(args, func(a Arg) bool { return !a.Static }) {
			fields, ok = args, true
		}
		got := "-"
		if ok {
			var parts []string
			for _, f := range fields {
				v := f.Value
				if f.Glob {
					v += "(glob)"
				}
				if !f.Static {
					v += "(dynamic)"
				}
				parts = append(parts, v)
			}
			got = strings.Join(parts, "|")
		}
		if got != tt.want {
			t.Errorf("SubstFields(%s) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
