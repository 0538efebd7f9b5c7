package rewrite

import "testing"

// TestPrintedPathDecisions (red team 16 PI1): a path printed back by ls
// PATH, ls -d GLOB, compgen -G, realpath -s PATH, or realpath /
// readlink -f of a name not there yet is that path, judged as if it
// were written (syntax.printedPathSubst, TestPrintedPathsInBash has
// bash's own output). Look-alikes: project files, a pipe after ls, a
// new temporary file, an ls of a directory's entries (left to run time,
// as before).
func TestPrintedPathDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.bashrc":               "#\n",
		"home/.claude/settings.json": "{}\n",
		"proj/build/a.o":             "",
		"proj/build/b.o":             "",
		"proj/x":                     "x\n",
		"proj/app.log":               "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rm -f "$(realpath -s ~/.claude/settings.json)"`, "deny"},
		{`rm -f "$(ls ~/.claude/settings.json)"`, "deny"},
		{`rm -f $(ls -d ~/.claude/s*)`, "deny"},
		{`rm -f $(compgen -G "$HOME/.claude/*")`, "deny"},
		{`rm -f "$(ls ~/.bashrc)"`, "deny"},
		{`cp x $(ls -d ~/.bash*)`, "deny"},
		{`truncate -s0 $(ls -d ~/.bash*)`, "deny"},
		{`rm -f $(compgen -G "$HOME/.bash*")`, "deny"},
		{`echo '{}' > "$(realpath ~/.claude/settings.local.json)"`, "deny"},
		{`echo '{}' > "$(readlink -f ~/.claude/settings.local.json)"`, "deny"},
		{`x=$(realpath -s ~/.claude/../.bashrc); echo hi >> "$x"`, "deny"},
		// Look-alikes.
		{`rm -f $(ls -d build/*.o)`, "allow"},
		{`rm -f "$(ls build/a.o)"`, "allow"},
		{`rm -f "$(ls -t *.log | tail -1)"`, "allow"},
		{`cp x "$(mktemp)"`, "allow"},
		{`echo hi > "$(realpath out.txt)"`, "allow"},
		{`ls -d ~/.bash*`, "allow"},
	})
}
