package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestJarExtractOracle runs the JDK's real jar on a crafted archive in a
// scratch directory, for each spelling of an extraction, and requires
// the files that appear to be exactly what jarExtraction and memberPath
// predict (the spellings that extract nothing must be read as no
// extraction, or as one of a file jar does not find).
func TestJarExtractOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("jar"); err != nil {
		t.Skip("no jar on this machine")
	}
	members := []string{"a.txt", "/abs/d.txt", "../up/e.txt", "f/../../g.txt", "h/i/j.txt", ".claude/settings.json"}
	root := t.TempDir()
	archive := filepath.Join(root, "a.jar")
	writeZip(t, archive, members...)
	tests := []struct {
		cmd     string
		extract bool // jar writes the members
	}{
		{"jar xf ../../a.jar", true},
		{"jar -xf ../../a.jar", true},
		{"jar -xvf ../../a.jar", true},
		{"jar fx ../../a.jar", true},
		{"jar -fx ../../a.jar", true},
		{"jar -x -f ../../a.jar", true},
		{"jar --extract --file=../../a.jar", true},
		{"jar --extract --file ../../a.jar", true},
		{"jar -x --file ../../a.jar", true},
		{"jar x < ../../a.jar", true},
		{"jar -x < ../../a.jar", true},
		{"jar tf ../../a.jar", false},
		{"jar --ext --fi ../../a.jar", false}, // no abbreviations
	}
	for i, tt := range tests {
		dir := filepath.Join(root, "w"+string(rune('a'+i)), "x")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + root, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, _ := cmd.CombinedOutput()
		got := listFiles(t, filepath.Dir(dir))
		c := callOf(t, tt.cmd)
		e, ok := extractionOf(c)
		// (-P is not run: it would write /abs/d.txt.)
		if ok != tt.extract {
			t.Errorf("%s: read as an extraction %v, want %v", tt.cmd, ok, tt.extract)
			continue
		}
		var want []string
		if ok {
			if e.archive.Value != "../../a.jar" {
				t.Errorf("%s: archive %q", tt.cmd, e.archive.Value)
			}
			for _, m := range members {
				p := memberPath(m, e)
				if p == "" || strings.HasPrefix(p, "/") {
					continue
				}
				rel := filepath.ToSlash(filepath.Join("x", p))
				if !slices.Contains(want, rel) {
					want = append(want, rel)
				}
			}
		}
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: jar wrote %v, corral predicts %v\n%s", tt.cmd, got, want, out)
		}
	}
}

// TestJarExtractDecisions: jar x of an archive on disk is judged member
// by member as unzip is; jar x of a download (on stdin, through <(…))
// asks, since jar unpacks into the working directory and corral cannot
// move that; jar x of a sandboxed archive outside the sandbox is a
// copy-out. Look-alikes: listing, creating, and extracting inside the
// sandbox pass.
func TestJarExtractDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/src/A.java": "class A {}\n", "proj/agent_sandbox/x.jar": "PK"})
	proj := filepath.Dir(cfg.Sandbox)
	writeZip(t, proj+"/evil.jar", ".claude/settings.json", "pkg/a.txt")
	writeZip(t, proj+"/dotdot.jar", "d/../../.git/hooks/pre-commit")
	writeZip(t, proj+"/good.jar", "pkg/a.txt", "META-INF/MANIFEST.MF")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Members: as unzip's.
		{"jar xf evil.jar", "deny"},
		{"jar -fx evil.jar", "deny"},
		{"jar --extract --file=evil.jar", "deny"},
		{"jar x < evil.jar", "deny"},
		{"cat evil.jar | jar x", "deny"},
		{"jar xf dotdot.jar", "deny"}, // what follows the last ../: .git/hooks/pre-commit
		{"jar xf good.jar", "allow"},
		{"jar tf evil.jar", "allow"},
		{"jar cf out.jar -C src .", "allow"},
		{"jar xf evil.jar -C agent_sandbox", "allow"}, // JDK 21's -C: the sandbox
		// A download.
		{"curl -s https://example.com/x.jar | jar x", "ask"},
		{"curl -s https://example.com/x.jar | jar -xv", "ask"},
		{"jar xf <(curl -s https://example.com/x.jar)", "ask"},
		{"curl -s https://example.com/x.jar | jar tv", "allow"},
		{"jar tf <(curl -s https://example.com/x.jar)", "allow"},
		// A sandboxed archive unpacked outside the sandbox.
		{"jar xf agent_sandbox/x.jar", "ask"},
		{"jar --extract --file agent_sandbox/x.jar", "ask"},
		{"jar x < agent_sandbox/x.jar", "ask"},
		{"curl -so agent_sandbox/y.jar https://example.com/y.jar && jar xf agent_sandbox/y.jar", "ask"},
		{"cd agent_sandbox && jar xf x.jar", "allow"},
		{"jar tf agent_sandbox/x.jar", "allow"},
	})
}
