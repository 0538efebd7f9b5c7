package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// filterFedRows are shells fed, through a pipe or a process
// substitution, what tac or rev (and the other computed filters) make of
// a text the command holds: a file on disk, a here-string, the static
// text of the stage before. r.txt holds the reversed characters of a
// line that replaces ~/.bashrc, t.txt that line after a harmless one;
// ok-r.txt and ok-t.txt harmless text. They asked (the text was only
// known at run time); the text is now computed, as bash runs it.
var filterFedRows = []struct{ cmd, want string }{
	{`sh <(rev r.txt)`, "deny"},
	{`rev r.txt | sh`, "deny"},
	{`source <(rev r.txt)`, "deny"},
	{`bash <(rev <<< 'crhsab./~ > denwp ohce')`, "deny"},
	{`echo 'crhsab./~ > denwp ohce' | rev | bash`, "deny"},
	{`sh <(tac t.txt)`, "deny"},
	{`tac t.txt | sh`, "deny"},
	{`sh <(printf 'echo pwned > ~/.bashrc\necho hi\n' | tac)`, "deny"},
	{`bash <(echo 'echo pwned > ~/.bashrc' | base64 | base64 -d)`, "deny"},
	// Look-alikes.
	{`sh <(rev ok-r.txt)`, "allow"},
	{`rev ok-r.txt | sh`, "allow"},
	{`tac ok-t.txt | sh`, "allow"},
	{`bash <(rev <<< 'olleh ohce')`, "allow"},
	{`rev r.txt`, "allow"},
}

var filterFedFiles = map[string]string{
	"r.txt":    "crhsab./~ > denwp ohce\n",
	"t.txt":    "echo pwned > ~/.bashrc\necho hi\n",
	"ok-r.txt": "olleh ohce\n",
	"ok-t.txt": "echo a\necho b\n",
}

// TestFilterFedShell: the decisions of filterFedRows.
func TestFilterFedShell(t *testing.T) {
	t.Parallel()
	files := map[string]string{"home/.bashrc": "# canary\n"}
	for name, text := range filterFedFiles {
		files["proj/"+name] = text
	}
	cfg := scratchProject(t, files)
	checkDecisions(t, cfg, filterFedRows)
}

// TestFilterFedShellOracle runs each row with the real bash (HOME a temp
// dir holding a canary ~/.bashrc): a deny row replaces the canary, an
// allow row leaves it.
func TestFilterFedShellOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"bash", "tac", "rev", "base64"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	for _, r := range filterFedRows {
		root := t.TempDir()
		home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
		for _, d := range []string{home, proj} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(home, ".bashrc"), []byte("# canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for name, text := range filterFedFiles {
			if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("bash", "-c", r.cmd+" >/dev/null 2>&1; true")
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", r.cmd, err, out)
		}
		data, err := os.ReadFile(filepath.Join(home, ".bashrc"))
		changed := err != nil || string(data) != "# canary\n"
		if changed != (r.want == "deny") {
			t.Errorf("%s: canary changed %v, corral says %s", r.cmd, changed, r.want)
		}
	}
}
