package syntax

import (
	"strings"
	"testing"
)

// TestLefthookTOMLShapes: the TOML reader finds the commands of every
// shape lefthook's documentation uses, and never panics or hangs on
// broken or hostile text (an empty array used as a table, unclosed
// strings and brackets, deep nesting).
func TestLefthookTOMLShapes(t *testing.T) {
	t.Parallel()
	cmds, vals, ok := lefthookCmds("[pre-commit.commands.\"a.b\"]\nrun = \"\"\"\nx \\\n  y\"\"\"\n[[pre-push.jobs]]\nscript = 's.sh'\nrunner = 'bash'\n", ".toml")
	if !ok || len(cmds) != 2 || cmds[0].text != "x y" || cmds[0].path[0] != "pre-commit" || len(vals) != 1 || vals[0].val != "s.sh" || vals[0].item != cmds[1].item {
		t.Errorf("got %+v %+v %v", cmds, vals, ok)
	}
	for _, in := range []string{"x = []\n[x.y]\nrun = \"a\"\n", "[a\n", "a = \"b", "a = '''b", "a = {", "a = [", "a = [[[[[[[[[[[[[[[[[[[[[[1", strings.Repeat("[", 10000),
		strings.Repeat("a = { b = ", 500), "[[a]]\n[a.b]\n[[a.b]]\n", "a.b.c = 1\na.b = 2\n", "\"a\\u00\" = 1"} {
		lefthookCmds(in, ".toml") // must return
	}
}
