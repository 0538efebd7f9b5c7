package rewrite

import "testing"

// TestPromptOfReadValues: ${x@P} expands a value as a prompt, running the
// $(…) in it, and ${!a[i]} evaluates a[$(…)] in the element it names;
// values a file gives (x=$(cat f), mapfile) are judged as that text, so
// the deletion they hold is denied; ordinary text passes.
func TestPromptOfReadValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/p.txt":     "$(rm -rf ~)\n",
		"proj/s.txt":     "a[$(rm -rf ~)]\n",
		"proj/plain.txt": "hello \\u\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(cat p.txt); : "${x@P}"`, "deny"},
		{`x=$(< p.txt); echo "${x@P}"`, "deny"},
		{`mapfile -t a < p.txt; echo "${a[0]@P}"`, "deny"},
		{`mapfile -t m < s.txt; echo ${!m[0]}`, "deny"},
		{`x=$(git log -1 --format=%s); echo "${x@P}"`, "ask"},
		// Look-alikes.
		{`x=$(cat plain.txt); echo "${x@P}"`, "allow"},
		{`x=$(date); echo "${x@P}"`, "allow"},
		{`mapfile -t m < plain.txt; echo "${m[0]}"`, "allow"},
	})
}
