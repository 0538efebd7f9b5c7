package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSubstPathHead (red team 18 EX1c): a PATH entry a command
// substitution prints — echo, printf, a list or compound of them — is
// searched first as the written entry is: PATH="$(echo DIR; :):$PATH"; ls
// runs DIR/ls, judged as PATH="DIR:$PATH"; ls.
func TestSubstPathHead(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/bin/ls": "#!/bin/sh\nrm -rf ~\n", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`PATH="$(echo $PWD/bin; :):$PATH"; ls`, "deny"},
		{`PATH="$(echo "$PWD/bin"):$PATH"; ls`, "deny"},
		{`PATH="$(true && echo $PWD/bin):$PATH"; ls`, "deny"},
		{`PATH="$(printf %s "$PWD/bin"; :):$PATH"; ls`, "deny"},
		{`export PATH="$(echo $PWD/bin; :):$PATH"; ls`, "deny"},
		{`PATH=$(echo $PWD/bin; :):$PATH ls`, "deny"},
		{`PATH="$(echo $PWD/bin; :):$PATH"; sh -c ls`, "deny"},
		// Look-alikes: nothing of that name there, a builtin, an entry
		// only run time knows, a system directory.
		{`PATH="$(echo $PWD/bin; :):$PATH"; echo hi`, "allow"},
		{`PATH="$(echo $PWD/bin; :):$PATH"; pwd`, "allow"},
		{`PATH="$(go env GOPATH)/bin:$PATH"; ls`, "allow"},
		{`PATH="$(echo /usr/local/bin; :):$PATH"; ls`, "allow"},
		{`PATH="$(echo $PWD/nothing; :):$PATH"; ls`, "allow"},
	})
}

// TestSubstPathHeadOracle: real bash searches the directory a list
// substitution prints first, and runs the ls there.
func TestSubstPathHeadOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "ls"), []byte("#!/bin/sh\necho pwned > "+canary+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, script := range []string{`PATH="$(echo $PWD/bin; :):$PATH"; ls`, `PATH="$(true && echo $PWD/bin):$PATH"; ls`} {
		os.Remove(canary)
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", script, err, out)
		}
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("%s: real bash did not run bin/ls: %q", script, b)
		}
	}
}
