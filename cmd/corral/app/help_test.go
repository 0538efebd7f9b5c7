package app

import (
	"strings"
	"testing"
	"time"
)

// Every command, group or not, has a one-line usage and an example.
func TestEveryCommandHasExample(t *testing.T) {
	t.Parallel()
	env := &runtimeEnv{getenv: func(string) string { return "" }, now: time.Now}
	root := env.rootCommand()
	stack := root.Commands
	for len(stack) > 0 {
		c := stack[0]
		stack = append(stack[1:], c.Commands...)
		if c.Hidden || c.Name == "completion" {
			continue
		}
		if c.Usage == "" || strings.Contains(c.Usage, "\n") {
			t.Errorf("%s: usage %q is not one line", c.Name, c.Usage)
		}
		if exampleOf(c) == "" {
			t.Errorf("%s: no example", c.Name)
		}
	}
}

func TestClosest(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"doctr": "doctor", "chek": "check", "sinc": "since", "bogus": "", "lo": "log", "x": ""} {
		if got := closest(in, []string{"doctor", "check", "since", "log", "scan"}); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
}
