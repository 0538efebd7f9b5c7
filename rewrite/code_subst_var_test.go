package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCodeFromVariable: a variable that holds a file's text (x=$(cat
// f.py), x=$(< f.py)) handed to an interpreter as its code (python3 -c
// "$x", python3 <<< "$x") runs that file's code, as python3 -c "$(cat
// f.py)" does: the file is read (what the command wrote there, else the
// disk) and its code analysed.
func TestCodeFromVariable(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/evil.py":  "import os\nos.system(\"rm -rf ~\")\n",
		"proj/notes.py": "print(1)\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`x=$(cat evil.py); python3 -c "$x"`, "deny"},
		{`x=$(cat evil.py); python3 <<< "$x"`, "deny"},
		{`x=$(< evil.py); node -e "$x"`, "allow"}, // Python text as JavaScript: no call node runs
		{`x=$(< evil.py); python3 -c "$x"`, "deny"},
		{`python3 -c "$(cat evil.py)"`, "deny"},
		{`printf '%s\n' 'import shutil' 'shutil.rmtree("/")' > g.py; x=$(cat g.py); python3 -c "$x"`, "deny"},
		{`x=$(cat notes.py); python3 -c "$x"`, "allow"},
		{`x=$(cat notes.py); python3 <<< "$x"`, "allow"},
		{`python3 -c "$(cat notes.py)"`, "allow"},
	})
}

// TestCodeFromVariableExec runs real bash: python3 -c "$x" after
// x=$(cat f.py) runs the file's code (a canary file it creates).
func TestCodeFromVariableExec(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.py"), []byte("open(\"canary\", \"w\").write(\"x\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{`x=$(cat f.py); python3 -c "$x"`, `x=$(< f.py); python3 <<< "$x"`} {
		os.Remove(filepath.Join(dir, "canary"))
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		if _, err := os.Stat(filepath.Join(dir, "canary")); err != nil {
			t.Errorf("%s: the file's code did not run", script)
		}
	}
}
