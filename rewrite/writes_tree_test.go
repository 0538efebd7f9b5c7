package rewrite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeCopy: a recursive copy writes the copied tree's files under the
// destination at their own relative paths (cp(1) -r/-a/-T/-t, rsync(1)
// -r/-a with and without a trailing slash, mv of a directory, a glob's
// matches). A tree on disk is listed and each file judged where it lands;
// one the command makes or changes first, or that is not there, asks
// when the place it lands in can hold a self-protected file.
func TestTreeCopy(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json":        "{}",
		"proj/.claude/settings.json":        "{}",
		"proj/evil/settings.json":           `{"hooks":{}}`,
		"proj/nested/.claude/settings.json": `{"hooks":{}}`,
		"proj/hooks/pre-commit":             "rm -rf ~",
		"proj/ok/readme.md":                 "x",
		"proj/ok/sub/a.txt":                 "x",
		"proj/docs/":                        "",
	})
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	tests := []struct{ cmd, want string }{
		{"rsync -a evil/ .claude/", "deny"},
		{"rsync -r evil/ .claude", "deny"},
		{"cp -r evil/. .claude/", "deny"},
		{"cp -a evil/. .claude", "deny"},
		{"cp -rT evil .claude", "deny"},
		{"cp -r evil/* .claude/", "deny"},
		{"rsync evil/settings.json .claude/", "deny"},
		{"rsync -a evil/ ~/.claude/", "deny"},
		{"cp -r nested/. .", "deny"},          // nested/.claude/settings.json lands on .claude/settings.json
		{"rsync -a nested/ ./", "deny"},       // the same with rsync
		{"cp -r hooks/. .git/hooks/", "deny"}, // a hook
		{"cp -r hooks .git/", "deny"},         // .git/hooks/pre-commit
		{"ditto evil .claude", "deny"},        // ditto copies a directory's contents
		{"ditto -V evil/ .claude/", "deny"},
		// Trees corral cannot list: made or changed by the command first.
		{"mkdir e2 && echo x > e2/settings.json && cp -r e2/. .claude/", "ask"},
		{"echo x > evil/new.json && cp -r evil/. .claude/", "ask"},
		{"cp -r missing/. .", "ask"},
		{"rsync -a missing/ ~/.claude/", "ask"},
		// Files named at run time (find -exec cp {} DIR, xargs cp -t DIR)
		// and archives read on stdin, into a directory that holds
		// self-protected files.
		{"find evil -type f -exec cp {} .claude/ \\;", "ask"},
		{"ls evil/* | xargs cp -t .claude", "ask"},
		{"tar c -C evil . | tar x -C .claude", "deny"},  // its members are listed (red team 18 TX2): evil/settings.json lands on .claude/settings.json
		{"tar c -C \"$D\" . | tar x -C .claude", "ask"}, // members only run time knows
		{"zcat a.tgz | tar x -C ~/.claude", "ask"},
		// A source only run time names (red team of 2026-12-05: cp -rT
		// "$SRC" ~/.claude was allowed): its files land in DEST.
		{`cp -rT -- "$SRC" ~/.claude`, "ask"},
		{`cp -r "$(mktemp -d)"/. .claude/`, "ask"},
		{`rsync -a "$D"/ ~/.claude/`, "ask"},
		{`mv "$D" ~/.claude`, "ask"},
		{`cp -r "$SRC" .git/hooks`, "deny"},
		// Look-alikes: trees whose files land on nothing protected.
		{`cp -r "$BUILD"/. .`, "allow"}, // the project root: everyday work
		{`cp -rT "$SRC" out`, "allow"},
		{`rsync -a "$D"/ dist/`, "allow"},
		{"find ok -type f -exec cp {} docs/ \\;", "allow"},
		{"zcat a.tgz | tar x", "allow"},                     // the project root: everyday work
		{"find . -name '*.jpg' -exec cp {} . \\;", "allow"}, // likewise
		{"cp -r ok/. .claude/", "allow"},
		{"rsync -a ok/ .claude/", "allow"},
		{"ditto ok .claude", "allow"},
		{"ditto -c -k evil out.zip", "allow"}, // an archive, not a copy
		{"cp -r ok/. docs/", "allow"},
		{"cp -r ok docs/", "allow"},
		{"cp -r missing/. docs/", "allow"},
		{"rsync -a missing/ build/", "allow"},
		{"cp -r evil/. docs/", "allow"},
		{"rsync -an evil/ .claude/", "allow"}, // a dry run
		{"cp evil/settings.json docs/", "allow"},
	}
	checkDecisions(t, cfg, tests)
}

// scratchProject makes a home directory and a project under a temporary
// root from files (paths under "home/" and "proj/"; a path ending in "/"
// is a directory) and returns the configuration of a hook working there.
func scratchProject(t testing.TB, files map[string]string) *Config {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if strings.HasSuffix(rel, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: filepath.Join(root, "proj")}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, env[EnvProject])
	return cfg
}

// checkDecisions requires each command's decision, checked with cfg.
func checkDecisions(t *testing.T, cfg *Config, tests []struct{ cmd, want string }) {
	t.Helper()
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
	}
}

// TestFilledDirs: a program that fills a directory with files whose
// names its sources choose (pax -rw ., ditto, rclone copy, pip install
// --target, rustc --out-dir) asks where that directory can hold a
// self-protected file, as a tree copy by cp does; elsewhere, and in the
// project root, it keeps its decision.
func TestFilledDirs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/x/a.txt": "a\n", "proj/.claude/settings.json": "{}\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pax -rw . .claude", "ask"},
		{"pax -rw settings.json .claude", "deny"},
		{"ditto y .claude", "ask"},
		{"rclone copy x .claude/", "ask"},
		{"pax -rw . ~/.claude", "ask"},
		{"pip install --target .claude requests", "ask"},
		{"rustc --out-dir .claude main.rs", "ask"},
		{"rclone copy x .git/hooks", "deny"},
		// Look-alikes.
		{"pax -rw x out", "allow"},
		{"ditto x out", "allow"},
		{"rclone copy x out/", "allow"},
		{"pax -rw x .", "allow"},
		{"pax -rw x .claude", "allow"}, // .claude/x/a.txt
		{"pax -w -f x.pax x", "allow"},
		{"cp -r y/. .claude", "ask"}, // checkTreeCopy's, one finding
	})
	if r := Check(cfg, "cp -r y/. .claude"); len(r.Findings) != 1 {
		t.Errorf("cp -r y/. .claude: %d findings, want 1 (%v)", len(r.Findings), r.Findings)
	}
}
