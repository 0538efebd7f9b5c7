package main

import (
	"debug/elf"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestQuickStart runs the README's 60-second start as written, in a fresh
// HOME: the "go install …@latest" line needs the network, so its
// from-a-clone alternative (after "# or, in a clone:") is run instead;
// every other line runs as it stands and must succeed. On Linux the binary
// it builds must be static (no ELF interpreter): a dynamically linked
// corral (cgo, through os/user) costs every hook call the dynamic loader
// and libc's start-up.
func TestQuickStart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds corral")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "<!-- quickstart")
	end := strings.Index(text, "<!-- /quickstart -->")
	if start < 0 || end < start {
		t.Fatal("README has no quickstart block")
	}
	block := text[start:end]
	block = block[strings.Index(block, "```sh\n")+len("```sh\n"):]
	block = block[:strings.Index(block, "```")]
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	project := filepath.Join(home, "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(block), "\n")
	if len(lines) < 3 {
		t.Fatalf("quickstart too short: %q", lines)
	}
	for _, line := range lines {
		dir := project
		if strings.HasPrefix(strings.TrimPrefix(line, "CGO_ENABLED=0 "), "go install ") {
			_, alt, ok := strings.Cut(line, "# or, in a clone: ")
			if !ok {
				t.Fatalf("the install line has no from-a-clone alternative: %s", line)
			}
			line, dir = alt, root
		}
		cmd := exec.Command("bash", "-c", line)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=" + filepath.Join(home, "bin") + ":" + os.Getenv("PATH"),
			"GOCACHE=" + goEnv(t, "GOCACHE"), "GOMODCACHE=" + goEnv(t, "GOMODCACHE"), "GOFLAGS=-mod=mod", "GOPROXY=off", "NO_COLOR=1"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		if strings.HasPrefix(line, "corral rewrite explain") && !strings.Contains(string(out), "agent_sandbox/widget") {
			t.Errorf("explain does not show the clone moved into the sandbox:\n%s", out)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".claude", "settings.json")); err != nil {
		t.Errorf("corral init did not register the hook: %v", err)
	}
	if runtime.GOOS == "linux" {
		if interp := elfInterpreter(t, filepath.Join(home, "bin", "corral")); interp != "" {
			t.Errorf("the quickstart's corral is dynamically linked (interpreter %s); the install line must build it without cgo", interp)
		}
	}
}

// elfInterpreter returns the program interpreter (the dynamic loader) an
// ELF executable names, or "" for a static one.
func elfInterpreter(t *testing.T, path string) string {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b, err := io.ReadAll(p.Open())
			if err != nil {
				t.Fatal(err)
			}
			return strings.TrimRight(string(b), "\x00")
		}
	}
	return ""
}

func goEnv(t *testing.T, name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}
