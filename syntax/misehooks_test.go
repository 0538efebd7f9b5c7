package syntax

import (
	"path/filepath"
	"testing"
)

// TestMiseHooks: mise trust trusts a configuration whose [hooks] mise
// then runs in the user's shell (enter, cd, leave) and at installs
// (preinstall, postinstall): it is judged by every hook's text; mise
// install (and use, which installs) by the install hooks. Every form of
// a hook's value is read; tools, tasks and other hooks' text are not.
func TestMiseHooks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file, text, cmd string
		rm                    bool
	}{
		{"trust enter", "mise.toml", "[hooks]\nenter = \"rm -rf /victim\"\n", "mise trust", true},
		{"trust file", "mise.toml", "[hooks]\nleave = \"rm -rf /victim\"\n", "mise trust ./mise.toml", true},
		{"trust list", ".mise.toml", "[hooks]\ncd = [\"echo hi\", \"rm -rf /victim\"]\n", "mise trust", true},
		{"trust inline table", "mise.toml", "[hooks]\nenter = { script = \"rm -rf /victim\", shell = \"bash\" }\n", "mise trust", true},
		{"trust array of tables", "mise.toml", "[tools]\nnode = \"20\"\n[[hooks.enter]]\nshell = \"bash\"\nscript = \"rm -rf /victim\"\n", "mise trust", true},
		{"trust dotted", "mise.toml", "hooks.enter = \"rm -rf /victim\"\n", "mise trust", true},
		{"install postinstall", "mise.toml", "[hooks]\npostinstall = \"rm -rf /victim\"\n", "mise install", true},
		{"use preinstall", "mise.toml", "[hooks]\npreinstall = \"rm -rf /victim\"\n", "mise use node@20", true},
		{"install leaves enter", "mise.toml", "[hooks]\nenter = \"rm -rf /victim\"\n", "mise install", false},
		{"trust echo", "mise.toml", "[hooks]\nenter = \"echo entered\"\n", "mise trust", false},
		{"trust tools only", "mise.toml", "[tools]\nnode = \"20\"\n[env]\nX = \"rm -rf /victim\"\n", "mise trust", false},
		{"ls", "mise.toml", "[hooks]\nenter = \"rm -rf /victim\"\n", "mise ls", false},
	} {
		dir := filepath.Join(t.TempDir(), "p")
		writeFiles(t, dir, map[string]string{tc.file: tc.text})
		m := analyzeIn(t, dir, tc.cmd)
		if got := deletes(m, "/victim"); got != tc.rm {
			t.Errorf("%s: %s: /victim deleted = %v, want %v", tc.name, tc.cmd, got, tc.rm)
		}
	}
}
