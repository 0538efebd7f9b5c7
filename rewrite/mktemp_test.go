package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestMktempTargets: mktemp creates a file (or directory) named after
// its template, in -p/--tmpdir's directory or $TMPDIR (with -t, -p,
// --tmpdir or no template), with --suffix after the X's. A new file of a
// random name changes nothing a program reads, except where making a
// file runs code: mktemp --suffix=.desktop ~/.config/autostart/XXXX and
// mktemp --suffix=.sh -p ~/.bashrc.d were allowed (or asked) and made a
// file that runs at login; they are denied now. A new file in ~/.ssh or
// the project, -u (it creates nothing) and the default /tmp keep allow.
func TestMktempTargets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "home/.config/autostart/": "", "home/.bashrc.d/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`mktemp --suffix=.desktop ~/.config/autostart/XXXX`, "deny"},
		{`mktemp --suff=.desktop ~/.config/autostart/XXXX`, "deny"},
		{`mktemp --suffix=.sh -p ~/.bashrc.d`, "deny"},
		{`TMPDIR=~/.bashrc.d mktemp --suffix=.sh`, "deny"},
		{`mktemp --tmpdir=$HOME/.bashrc.d -t x.XXX.sh`, "deny"},
		{`mktemp .git/hooks/XXXX`, "deny"},
		{`mktemp ~/.ssh/XXXX`, "allow"},
		{`mktemp -d ~/.ssh/XXXX`, "allow"},
		{`mktemp`, "allow"},
		{`mktemp -d`, "allow"},
		{`mktemp --suffix=.txt`, "allow"},
		{`mktemp build.XXXX`, "allow"},
		{`mktemp -u --suffix=.desktop ~/.config/autostart/XXXX`, "allow"},
		{`f=$(mktemp); echo x > "$f"`, "allow"},
	})
}

// TestMktempTargetsOracle runs the real mktemp on the same shapes in a
// scratch directory and checks where the file lands and how its name
// ends, as mktempTargets reads them.
func TestMktempTargetsOracle(t *testing.T) {
	if _, err := exec.LookPath("mktemp"); err != nil {
		t.Skip("no mktemp")
	}
	t.Parallel()
	for _, tc := range []struct {
		args          []string
		tmpdir        string
		dir, pre, suf string // relative to the scratch directory
	}{
		{[]string{"--suffix=.desktop", "auto/XXXX"}, "", "auto", "", ".desktop"},
		{[]string{"--suff=.sh", "-p", "rc"}, "", "rc", "tmp.", ".sh"},
		{[]string{"--suffix=.sh"}, "rc", "rc", "tmp.", ".sh"},
		{[]string{"-t", "x.XXX"}, "rc", "rc", "x.", ""},
		{[]string{"--tmpdir=rc", "y.XXX"}, "", "rc", "y.", ""},
		{[]string{"z.XXX"}, "rc", ".", "z.", ""},
	} {
		dir := t.TempDir()
		for _, d := range []string{"auto", "rc"} {
			if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("mktemp", tc.args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin"}
		if tc.tmpdir != "" {
			cmd.Env = append(cmd.Env, "TMPDIR="+filepath.Join(dir, tc.tmpdir))
		}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("mktemp %v: %v", tc.args, err)
		}
		got := strings.TrimSpace(string(out))
		if !filepath.IsAbs(got) {
			got = filepath.Join(dir, got)
		}
		if filepath.Dir(got) != filepath.Join(dir, tc.dir) || !strings.HasPrefix(filepath.Base(got), tc.pre) || !strings.HasSuffix(got, tc.suf) {
			t.Errorf("mktemp %v (TMPDIR=%s) made %s, want %s/%s…%s", tc.args, tc.tmpdir, got, tc.dir, tc.pre, tc.suf)
		}
		// corral's reading of the same words.
		line := "mktemp " + strings.Join(tc.args, " ")
		if tc.tmpdir != "" {
			line = "TMPDIR=" + tc.tmpdir + " " + line
		}
		m, err := syntax.Analyze(line, syntax.Options{Cwd: dir, Home: "/home/u"})
		if err != nil || len(m.Calls) != 1 {
			t.Fatalf("%s: %v", line, err)
		}
		ts := mktempTargets(m.Calls[0])
		if len(ts) != 1 {
			t.Fatalf("%s: %d targets", line, len(ts))
		}
		read := ts[0].arg.Value
		if filepath.Clean(filepath.Dir(read)) != filepath.Clean(tc.dir) || !strings.HasPrefix(filepath.Base(read), tc.pre) || !strings.HasSuffix(read, tc.suf) {
			t.Errorf("%s: corral reads %s, mktemp made %s", line, read, got)
		}
	}
}
