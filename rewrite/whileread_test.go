package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// whileReadRows carry text read by a while-read loop (or a read fed by a
// pipe) into a value the command rebuilds (x+=$l) or into bash's
// arithmetic (red team 16 AR1): the value is never a harmless guess.
// homes holds the home directory's path, ar a[$(…)] that writes
// ~/.bashrc when bash evaluates it. oracle is what real bash does to the
// canary home: "gone" (rm -rf removed it) or "pwned" (.bashrc written);
// "" for rows bash is not run on (they need a repository's log).
var whileReadRows = []struct{ cmd, want, oracle string }{
	{`while read -r l; do x+=$l; done <<< ~; rm -rf "$x"`, "ask", "gone"},
	{`while read -r l; do x+=$l; done <<< "$HOME"; rm -rf "$x"`, "ask", "gone"},
	{`while read -r l; do x+=$l; done < homes; rm -rf "$x"`, "ask", "gone"},
	{`read -r l < ar; x+=$l; echo $((x))`, "deny", "pwned"},
	{`while read -r l; do x+=$l; done < ar; echo $((x))`, "ask", "pwned"},
	{`cat ar | while read n; do echo $((n)); done`, "deny", "pwned"},
	{`cat ar | while read -r l; do x+=$l; echo $((x)); done`, "ask", "pwned"},
	{`read n < <(git log -1 --format=%s); echo $((n))`, "ask", ""},
	{`git log --format=%s | while read n; do echo $((n)); done`, "ask", ""},
	{`git log --format=%s | while read -r l; do x+=$l; echo $((x)); done`, "ask", ""},
	{`x=$(git log -1 --format=%s); y=$x; echo $((y))`, "ask", ""},
}

// TestWhileReadValues runs each row in real bash in a scratch project
// whose HOME holds a canary .bashrc (the row must remove the home or
// write the canary), then judges it.
func TestWhileReadValues(t *testing.T) {
	t.Parallel()
	payload := "a[$(echo${IFS}pwned>~/.bashrc)]\n"
	files := map[string]string{
		"proj/ar":                    payload,
		"proj/list":                  "a.txt\nb.txt\n",
		"proj/nums":                  "1\n2\n",
		"home/.claude/settings.json": "{}",
	}
	cfg := scratchProject(t, files)
	// homes names the home directory corral is given.
	if err := os.WriteFile(filepath.Join(cfg.Project, "homes"), []byte(cfg.Home+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("bash"); err == nil {
		for _, r := range whileReadRows {
			if r.oracle == "" {
				continue
			}
			root := t.TempDir()
			home := filepath.Join(root, "home")
			proj := filepath.Join(root, "proj")
			for _, d := range []string{home, proj} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for name, text := range map[string]string{"ar": payload, "homes": home + "\n"} {
				if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			canary := filepath.Join(home, ".bashrc")
			if err := os.WriteFile(canary, []byte("# canary\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := exec.Command("bash", "-c", r.cmd)
			c.Dir = proj
			c.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
			out, _ := c.CombinedOutput()
			switch r.oracle {
			case "gone":
				if _, err := os.Stat(home); err == nil {
					t.Errorf("%q: bash left the home directory (%s): the row does not show the value", r.cmd, out)
				}
			case "pwned":
				if b, _ := os.ReadFile(canary); !strings.Contains(string(b), "pwned") {
					t.Errorf("%q: ~/.bashrc = %q (%s): bash did not evaluate the text", r.cmd, b, out)
				}
			}
		}
	}
	for _, r := range whileReadRows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s (%v)", r.cmd, got, r.want, Check(cfg, r.cmd).Findings)
		}
	}
	// Look-alikes: ordinary read loops, values rebuilt from harmless
	// text, numbers in arithmetic.
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`while read f; do echo "$f"; done < list`, "allow"},
		{`cat list | while read f; do echo "$f"; done`, "allow"},
		{`seq 3 | while read i; do echo $((i+1)); done`, "allow"},
		{`cat nums | while read n; do echo $((n+1)); done`, "allow"},
		{`while read -r l; do x+=$l; done <<< build; rm -rf "$x"`, "allow"},
		{`x=build; x+=/out; rm -rf "$x"`, "allow"},
		{`for d in a b; do args+=" $d"; done; echo $args`, "allow"},
		{`git log --format=%s | while read -r l; do echo "$l"; done`, "allow"},
		{`git log --format=%s | while read -r l; do x+=$l; done; echo $((x))`, "allow"},
		{`CFLAGS+=" -O2"; echo "$CFLAGS"`, "allow"},
	})
}
