package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// sedPrintedFiles is the scratch project of the sed rows: t.sh's line XX
// is what a substitution turns into the payload.
var sedPrintedFiles = map[string]string{
	"t.sh":         "echo start\nXX\necho end\n",
	"ok.sh":        "echo hello\nls -la\n",
	"home/.bashrc": "# canary\n",
	"proj/.keep":   "",
}

// TestSedEditedScripts: what sed prints of a file into a shell is judged
// as the text its script makes (syntax/sedprog.go: s, y, a/i/c, addresses,
// ranges, -n with p, the hold space), not as the file's text, and a sed
// script only known at run time asks (red team 16 FP1, the sed scripts
// beyond p and d). Look-alikes: an edit that makes harmless text, sed not
// feeding a shell.
func TestSedEditedScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, sedPrintedFiles)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`sed 's/XX/echo PWNED >> ~\/.bashrc/' ../t.sh | sh`, "deny"},
		{`sed 's|XX|echo PWNED >> ~/.bashrc|' ../t.sh | bash`, "deny"},
		{`eval "$(sed 's/XX/rm -rf ~/' ../t.sh)"`, "deny"},
		{`bash -c "$(sed -E 's/X+/rm -rf ~/' ../t.sh)"`, "deny"},
		{`source <(sed -n 's/XX/rm -rf ~/p' ../t.sh)`, "deny"},
		{`sed -n -e p -e 's/XX/rm -rf ~/p' ../t.sh | sh`, "deny"}, // every -e script, not the first
		{`sed '$a rm -rf ~' ../ok.sh | bash`, "deny"},
		{`sed '1i rm -rf ~' ../ok.sh | bash`, "deny"},
		{`sed '2c rm -rf ~' ../t.sh | sh`, "deny"},
		{`sed 'y/X/Z/;s/ZZ/rm -rf ~/' ../t.sh | sh`, "deny"},
		{`sed -n '/XX/{s//rm -rf ~/;p}' ../t.sh | sh`, "ask"}, // the empty expression: not modelled
		{`cat ../t.sh | sed 's/XX/rm -rf ~/' | sh`, "deny"},
		{`x=$(echo ~/a | sed 's/a/.bashrc/'); echo x > $x`, "deny"},
		// A script only known at run time is any script.
		{`sed "$(cat ../s.sed)" ../ok.sh | sh`, "ask"},
		{`sed -e "$S" ../ok.sh | sh`, "ask"},
		// Look-alikes.
		{`sed 's/XX/echo hi/' ../t.sh | sh`, "allow"},
		{`sed -n '/XX/!p' ../t.sh | sh`, "allow"},
		{`sed '2d' ../t.sh | bash`, "allow"},
		{`sed 's/foo/bar/' ../t.sh`, "allow"},
		{`sed 's/XX/rm -rf ~/' ../t.sh > out.txt`, "allow"},
		{`eval "$(sed 's/hello/hi/' ../ok.sh)"`, "allow"},
	})
}

// TestSedEditedScriptsOracle runs the real bash and GNU sed on rows of
// TestSedEditedScripts under a scratch HOME: the payload the script makes
// runs (the canary ~/.bashrc is written) where corral denies, and nothing
// is written where it allows.
func TestSedEditedScriptsOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if v, err := exec.Command("sed", "--version").Output(); err != nil || !strings.Contains(string(v), "GNU") {
		t.Skip("no GNU sed")
	}
	for _, tc := range []struct {
		cmd, want string
		runs      bool
	}{
		{`sed 's|XX|echo PWNED >> ~/.bashrc|' ../t.sh | sh`, "deny", true},
		{`eval "$(sed -n 's|XX|echo PWNED >> ~/.bashrc|p' ../t.sh)"`, "deny", true},
		{`sed '$a echo PWNED >> ~/.bashrc' ../ok.sh | bash`, "deny", true},
		{`sed 'y/X/Z/;s/ZZ/echo PWNED >> ~\/.bashrc/' ../t.sh | sh`, "deny", true},
		{`sed 's/XX/echo hi/' ../t.sh | sh`, "allow", false},
		{`sed -n '/XX/!p' ../t.sh | sh`, "allow", false},
	} {
		cfg := scratchProject(t, sedPrintedFiles)
		if r := Check(cfg, tc.cmd); r.Decision.String() != tc.want {
			t.Errorf("%s: corral %s, want %s (%v)", tc.cmd, r.Decision, tc.want, r.Findings)
		}
		home := filepath.Join(filepath.Dir(cfg.Project), "home")
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, _ := run.CombinedOutput()
		got, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
		if ran := strings.Contains(string(got), "PWNED"); ran != tc.runs {
			t.Errorf("%s: canary written %v, want %v (~/.bashrc %q, output %s)", tc.cmd, ran, tc.runs, got, out)
		}
	}
}
