package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// sourcedStateRows are commands whose source or . runs text that is not
// a file named on the command line — a here-string or here-document on
// /dev/stdin, /dev/fd/N or /proc/self/fd/N, a process substitution, a
// file redirected onto the descriptor, eval or source of cat's output —
// and that text sets the working directory or a variable the rest of the
// command uses (red team 17 SS1). fv.sh holds f=~/.bashrc, gen.sh prints
// cd ~.
var sourcedStateRows = []struct{ cmd, want string }{
	{". /dev/stdin <<< 'cd ~'; rm .bashrc", "deny"},
	{"source /dev/stdin <<< 'cd ~'; rm .bashrc", "deny"},
	{". /dev/fd/0 <<< 'cd ~'; rm .bashrc", "deny"},
	{". /proc/self/fd/0 <<< 'cd ~'; rm .bashrc", "deny"},
	{"source /dev/fd/3 3<<< 'cd ~'; rm .bashrc", "deny"},
	{"source /dev/stdin <<< 'f=~/.bashrc'; rm -f \"$f\"", "deny"},
	{". /dev/stdin <<EOF\nf=~/.bashrc\nEOF\nrm -f \"$f\"", "deny"},
	{". /dev/stdin <<'EOF'\ncd ~\nEOF\nrm .bashrc", "deny"},
	{"X='cd ~'; . /dev/stdin <<< \"$X\"; rm .bashrc", "deny"},
	{". <(echo 'x=~/.bashrc'); rm -f $x", "deny"},
	{"source <(echo f=~/.bashrc); rm -f $f", "deny"},
	{"source <(echo 'cd ~'); rm .bashrc", "deny"},
	{"source <(printf 'x=%s' ~/.bashrc); rm -f $x", "deny"},
	{". <(echo A=1; echo 'f=~/.bashrc'); rm -f $f", "deny"},
	{". <(cat fv.sh); rm -f $f", "deny"},
	{"eval \"$(cat fv.sh)\"; rm -f $f", "deny"},
	{"source /dev/stdin < fv.sh; rm -f $f", "deny"},
	{". /dev/stdin <<< \"$(cat fv.sh)\"; rm -f $f", "deny"},
	{"source /dev/fd/3 3< <(echo 'cd ~'); rm .bashrc", "deny"},
	// Text only run time knows may cd anywhere: the directory after it
	// is unknown, and a protected name deleted there asks.
	{"source <(./gen.sh); rm .bashrc", "ask"},
}

// TestSourcedTextState: the state sourced text sets is the caller's.
// Each row runs in real bash first, in a scratch project whose HOME holds
// a canary .bashrc, and must delete it (bash kept the cd or the
// variable); corral then judges the same row.
func TestSourcedTextState(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"proj/fv.sh":                 "f=~/.bashrc\n",
		"proj/gen.sh":                "#!/bin/sh\necho 'cd ~'\n",
		"proj/env.sh":                "export A=1\n",
		"proj/src/":                  "",
		"proj/venv/bin/activate":     "VIRTUAL_ENV=/tmp/venv\nexport VIRTUAL_ENV\nPATH=\"$VIRTUAL_ENV/bin:$PATH\"\nexport PATH\n",
		"home/.claude/settings.json": "{}",
	}
	cfg := scratchProject(t, files)
	if _, err := exec.LookPath("bash"); err == nil {
		for _, r := range sourcedStateRows {
			root := t.TempDir()
			for rel, content := range files {
				p := filepath.Join(root, rel)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if content != "" {
					if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			canary := filepath.Join(root, "home", ".bashrc")
			if err := os.WriteFile(canary, []byte("# canary\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := exec.Command("bash", "-c", r.cmd)
			c.Dir = filepath.Join(root, "proj")
			c.Env = []string{"HOME=" + filepath.Join(root, "home"), "PATH=" + os.Getenv("PATH")}
			if out, err := c.CombinedOutput(); err != nil {
				t.Errorf("%q: bash: %v %s", r.cmd, err, out)
			}
			if _, err := os.Stat(canary); err == nil {
				t.Errorf("%q: bash left ~/.bashrc: the row does not show the state carried", r.cmd)
			}
		}
	}
	checkDecisions(t, cfg, sourcedStateRows)
	// Look-alikes: sourced set-up that touches nothing protected.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"source <(echo 'x=1'); echo $x", "allow"},
		{". /dev/stdin <<< 'cd src'; ls", "allow"},
		{". /dev/stdin <<< 'cd work'; rm -rf build", "allow"},
		{"source <(kubectl completion bash)", "allow"},
		{"source <(kubectl completion bash); rm -rf build", "allow"},
		{"source venv/bin/activate && python3 -V", "allow"},
		{". ./env.sh; echo $A", "allow"},
		{"eval \"$(cat env.sh)\"; echo $A", "allow"},
		{"source /dev/stdin < env.sh; rm -f $A.tmp", "allow"},
		{"source /dev/stdin <<< 'export A=1'; rm -f \"$A\"", "allow"},
		{"source <(echo 'x=1'); rm -f $x", "allow"},
	})
}
