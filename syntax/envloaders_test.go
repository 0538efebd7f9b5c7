package syntax

import (
	"slices"
	"testing"
)

// TestEnvFileLoads: the env files a loader puts into a program's
// environment, from the wrappers before it and its own options up to
// its script; defaults only when no option names a file.
func TestEnvFileLoads(t *testing.T) {
	words := func(vs ...string) []Arg {
		var out []Arg
		for _, v := range vs {
			out = append(out, Arg{Value: v, Raw: v, Static: true})
		}
		return out
	}
	values := func(as []Arg) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Value)
		}
		return out
	}
	for _, tc := range []struct {
		pre, words  []string
		must, maybe []string
	}{
		{nil, []string{"node", "--env-file=.env", "-e", "x"}, []string{".env"}, nil},
		{nil, []string{"node", "--env-file", "a.env", "app.js"}, []string{"a.env"}, nil},
		{nil, []string{"node", "app.js", "--env-file=.env"}, nil, nil}, // the script's own argument
		{nil, []string{"bun", "-e", "x"}, nil, []string{".env", ".env.local"}},
		{nil, []string{"bun", "--no-env-file", "-e", "x"}, nil, nil},
		{nil, []string{"deno", "run", "--env-file", "-A", "x.ts"}, []string{".env"}, nil},
		{[]string{"dotenv", "-e", "a.env", "-e", "b.env", "--"}, []string{"env"}, []string{"a.env", "b.env"}, nil},
		{[]string{"dotenv", "--"}, []string{"env"}, nil, []string{".env"}},
		{[]string{"sudo", "-u", "x", "pipenv", "run"}, []string{"env"}, nil, []string{".env"}},
		{[]string{"honcho", "run", "-e", "prod.env"}, []string{"env"}, []string{"prod.env"}, nil},
		{[]string{"sudo"}, []string{"ls"}, nil, nil},
		{nil, []string{"python3", "app.py"}, nil, nil},
	} {
		must, maybe := envFileLoads(words(tc.pre...), words(tc.words...))
		if !slices.Equal(values(must), tc.must) || !slices.Equal(values(maybe), tc.maybe) {
			t.Errorf("%v %v: must %q maybe %q; want %q %q", tc.pre, tc.words, values(must), values(maybe), tc.must, tc.maybe)
		}
	}
}
