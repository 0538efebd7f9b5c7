package syntax

import (
	"slices"
	"testing"
)

// TestTaintIndirect: ${!name} expands the variable whose name is name's
// value, so after a sourced secret it may hold that file's content: a
// name only run time knows (for v in $(compgen -v)) may be any variable,
// a known one is that variable. ${!prefix*} and ${!arr[@]} give names,
// not values; without a tainted variable nothing is marked.
func TestTaintIndirect(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		want []string
	}{
		{`source /p/.env; for v in $(compgen -v); do echo "${!v}"; done`, []string{"/p/.env"}},
		{`source /p/.env; echo ${!1}`, []string{"/p/.env"}},
		{`source /p/.env; n=KEY; echo ${!n}`, []string{"/p/.env"}},
		{`K=$(cat /p/.env); for v in $(compgen -v); do echo "${!v}"; done`, []string{"/p/.env"}},
		// Look-alikes.
		{`source /p/.env; echo ${!K*}`, nil},
		{`source /p/.env; a=(x y); echo ${!a[@]}`, nil},
		{`for v in $(compgen -v); do echo "${!v}"; done`, nil},
		{`K=$(cat /p/.env); n=HOME; echo ${!n}`, nil},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/w", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		got := c.Args[len(c.Args)-1].From()
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: From %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestTaintDeclarePrintDynamic: declare -p with a name only run time
// knows prints a variable corral cannot name (any of them); declare
// with such a word and no -p assigns or declares, printing nothing.
func TestTaintDeclarePrintDynamic(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{`source /p/.env; for v in $(compgen -v); do declare -p "$v"; done`, true},
		{`source /p/.env; typeset -p $v`, true},
		{`source /p/.env; declare "$v"`, false},
		{`source /p/.env; declare "$n=1"`, false},
	} {
		m, err := Analyze(tc.src, Options{Cwd: "/w", Home: "/home/u"})
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		if (len(m.Prints) > 0) != tc.want {
			t.Errorf("%s: %d prints, want some: %v", tc.src, len(m.Prints), tc.want)
		}
		for _, p := range m.Prints {
			if len(p.Names) != 0 || len(p.Sources) == 0 {
				t.Errorf("%s: print %+v, want every variable with sources", tc.src, p)
			}
		}
	}
}
