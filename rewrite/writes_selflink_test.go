package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSelfLinks: a symbolic link made where a self-protected file is read
// (the link is, or can hold, one) is denied, at the path ln really
// makes: DEST, DEST/NAME in an existing directory, -t DIR/NAME, ./NAME
// with one operand, -n replacing a link to a directory. Look-alikes: a
// link made inside such a directory under another name, links elsewhere,
// ln without -s of a file that is no guard file.
func TestSelfLinks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/docs/":                 "",
		"proj/lib/":                  "",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	if err := os.Symlink("/tmp/elsewhere", filepath.Join(cfg.Project, "mylink")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ cmd, want string }{
		{"ln -s /tmp/x .claude", "deny"},
		{"ln -sfn /tmp/x .claude", "deny"},
		{"ln --symbolic /tmp/x .claude", "deny"},
		{"ln -s /tmp/evil/.claude", "deny"},    // ./.claude
		{"ln -s /tmp/evil/.claude .", "deny"},  // ./.claude
		{"ln -st . /tmp/evil/.claude", "deny"}, // -t DIR
		{"ln -s /tmp/evil/.claude docs/../", "deny"},
		{"mkdir -p /tmp/x && ln -sfn /tmp/x ~/.codex", "deny"},
		{"ln -s /tmp/x .git/hooks", "deny"},
		{"cd docs && ln -s /tmp/x ../.claude", "deny"},
		// Copies that keep a link a link.
		{"cp -P mylink .claude", "deny"},
		{"cp -a mylink .claude", "deny"},
		{"cp -r mylink .claude", "deny"},
		{"mv mylink .claude", "deny"},
		{"rsync -l mylink .claude", "deny"},
		{"rsync -a mylink .claude", "deny"},
		// Look-alikes.
		{"cp mylink .claude", "allow"},    // follows the link: a copy of what it points at
		{"rsync mylink .claude", "allow"}, // skips a link without -l
		{"cp -P mylink docs/", "allow"},
		{"mv mylink other", "allow"},
		{"ln -s /tmp/x ~/.claude", "allow"}, // ~/.claude exists: the link is ~/.claude/x
		{"ln -s ../lib docs/lib", "allow"},
		{"ln -s /tmp/evil/.claude docs/", "allow"}, // docs/.claude is read by nothing
		{"ln -s target.txt link.txt", "allow"},
		{"ln docs lib2", "allow"}, // no link of a directory without -s
	}
	checkDecisions(t, cfg, tests)
}

// TestPathAliases: paths that name a place through bash's tilde prefixes
// (~user, ~+, ~-) or through /proc and /dev links the shell shares
// (/dev/fd/.., /proc/$$/cwd) get the decision the plain path gets, and
// that decision is not allow where the plain path is protected.
func TestPathAliases(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.claude/settings.json": "{}", "proj/notes.txt": "x", "proj/.git/config": "x"})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	tests := []struct{ alias, plain string }{
		{"echo x > /dev/fd/../cwd/.claude/settings.json", "echo x > .claude/settings.json"},
		{"rm -rf /dev/fd/../cwd/.git", "rm -rf .git"},
		{"rm -rf /dev/fd/../root/etc", "rm -rf /etc"},
		{"echo x > /proc/$$/cwd/.claude/settings.json", "echo x > .claude/settings.json"},
		{"rm -rf /proc/$BASHPID/root/etc", "rm -rf /etc"},
		// Through the main thread's task directory (red team 16 PR1b).
		{"echo x > /proc/self/task/$$/root/$PWD/.claude/settings.json", "echo x > .claude/settings.json"},
		{"rm -rf /proc/$$/task/$$/root/etc", "rm -rf /etc"},
		{"echo x > /proc/self/task/$$/../../cwd/.claude/settings.json", "echo x > .claude/settings.json"},
		{"echo x > /proc/self/task/$BASHPID/cwd/notes.txt", "echo x > notes.txt"},
		{"echo x > /proc/$$/task/*/cwd/.claude/settings.json", "echo x > .claude/settings.json"},
		// A ".." after cwd climbs out of the working directory, not out
		// of /proc (red team 17 PR1c).
		{"echo x > /proc/$$/cwd/../proj/.claude/settings.json", "echo x > .claude/settings.json"},
		{"rm -f /proc/$$/cwd/../proj/.claude/settings.json", "rm -f .claude/settings.json"},
		{"cp notes.txt /proc/$BASHPID/cwd/../proj/.claude/settings.json", "cp notes.txt .claude/settings.json"},
		{"echo x > /proc/$$/fd/../cwd/../proj/.claude/settings.json", "echo x > .claude/settings.json"},
		{"echo x > /proc/self/task/$$/cwd/../proj/.claude/settings.json", "echo x > .claude/settings.json"},
		{"echo x > /proc/$$/task/$$/cwd/./../proj/.claude/settings.json", "echo x > .claude/settings.json"},
		{"echo x > /proc/$$/cwd/../proj/notes.txt", "echo x > notes.txt"},
		// The shell's process directory kept in a variable.
		{"x=/proc/self/task/$$; echo x > $x/cwd/.claude/settings.json", "echo x > .claude/settings.json"},
		{"x=/proc/$$/task/$$; echo x > $x/root/$PWD/.claude/settings.json", "echo x > .claude/settings.json"},
		{"x=/proc/$BASHPID/; rm -f $x/cwd/../proj/.claude/settings.json", "rm -f .claude/settings.json"},
		// The same directory printed by a command substitution.
		{"x=$(printf %s /proc/self/task/$$); echo x > $x/cwd/../proj/.claude/settings.json", "echo x > .claude/settings.json"},
		{"x=$(printf %s /proc/self/task/$$); echo x > $x/root/$PWD/.claude/settings.json", "echo x > .claude/settings.json"},
		{"x=$(echo /proc/$$); rm -f $x/cwd/../proj/.claude/settings.json", "rm -f .claude/settings.json"},
		{"cp notes.txt \"$(printf /proc/%s/task/%s $$ ${$})/cwd/.claude/settings.json\"", "cp notes.txt .claude/settings.json"},
		{"x=$(printf %s /proc/self/task/$$); echo x > $x/cwd/notes.txt", "echo x > notes.txt"},
		{"echo x > ~+/.claude/settings.json", "echo x > .claude/settings.json"},
		{"cd .claude && cd .. && echo x > ~-/settings.json", "echo x > .claude/settings.json"},
		{"rm -rf ~root/", "rm -rf /root/"},
		{"echo x > /dev/fd/../cwd/notes.txt", "echo x > notes.txt"},
		{"echo x > ~+/notes.txt", "echo x > notes.txt"},
	}
	for _, tt := range tests {
		got, want := Check(cfg, tt.alias).Decision, Check(cfg, tt.plain).Decision
		if got != want {
			t.Errorf("%s: %s, but %s: %s", tt.alias, got, tt.plain, want)
		}
		if strings.Contains(tt.plain, ".claude") || strings.Contains(tt.plain, ".git") || strings.Contains(tt.plain, "/etc") {
			if got == Allow {
				t.Errorf("%s: allowed", tt.alias)
			}
		}
	}
	for _, cmd := range []string{"echo x > /dev/fd/2", "cat /proc/$$/status", "cat /proc/self/task/$$/status", "ls /proc/$$/task", "ls /proc/$$/fd", "ls /proc/$$/cwd/", "readlink /proc/$$/cwd", "cat /proc/self/status", "x=/proc/$$; cat $x/status; ls $x/fd", "x=$(printf %s /proc/$$); cat $x/status; ls $x/cwd/", "echo $(echo $$) > pid.txt"} {
		if d := Check(cfg, cmd).Decision; d != Allow {
			t.Errorf("%s: %s, want allow", cmd, d)
		}
	}
}
