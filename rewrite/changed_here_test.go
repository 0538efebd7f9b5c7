package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAppendedBuildFile: text appended (>>, &>>, tee -a) to a build file
// or a script the same command then runs is read after what the file
// holds on disk: a recipe line appended to a Makefile continues its last
// rule, a line appended to a script runs after its own (red team 15
// SW1). A file this command changed with content corral cannot know
// stays so when text is appended. Look-alikes: an appended harmless
// recipe, a new rule, an append to a file nothing runs.
func TestAppendedBuildFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile":     "all:\n\techo ok\n",
		"proj/build.sh":     "echo build\n",
		"proj/package.json": `{"name":"x","scripts":{"test":"echo test"}}`,
		"home/.keep":        "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// The appended recipe line continues the rule "all".
		{`echo -e '\trm -rf ~' >> Makefile && make`, "deny"},
		{`printf '\trm -rf ~\n' >> Makefile && make`, "deny"},
		{`printf '\techo x > ~/.bashrc\n' >> Makefile; make`, "deny"},
		{`echo -e '\trm -rf ~' | tee -a Makefile && make`, "deny"},
		{`echo -e '\trm -rf ~' &>> Makefile && make`, "deny"},
		{`printf 'x:\n\trm -rf ~\n' >> Makefile && make x`, "deny"},
		// Appended to a script: runs after the script's own lines.
		{`echo 'rm -rf ~' >> build.sh; bash build.sh`, "deny"},
		{`echo 'rm -rf ~' >> build.sh && ./build.sh`, "deny"},
		// Two appends: both count, in order.
		{`echo all: > new.mk; echo -e '\trm -rf ~' >> new.mk; make -f new.mk`, "deny"},
		// Changed with unknown content first, then appended to: still
		// unknown.
		{`sed -i s/a/b/ Makefile; echo x >> Makefile; make`, "ask"},
		// Look-alikes.
		{`printf '\techo hi\n' >> Makefile && make`, "allow"},
		{`echo 'test:' >> Makefile && make`, "allow"},
		{`echo 'echo more' >> build.sh; bash build.sh`, "allow"},
		{`echo x >> out.txt; make`, "allow"},
		{`echo 'echo hi' >> new.sh; bash new.sh`, "allow"},
		{`echo "rm -rf /" >> notes.txt`, "allow"},
	})
}

// TestAppendedBuildFileOracle runs the real make and bash on an appended
// Makefile and script under a scratch HOME: the appended line runs (it
// writes the canary ~/.bashrc), and corral denies the same command.
func TestAppendedBuildFileOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	_, makeErr := exec.LookPath("make")
	for _, tc := range []struct {
		name, cmd string
		make      bool
	}{
		{"make", `printf '\techo PWNED >> ~/.bashrc\n' >> Makefile && make`, true},
		{"tee", `printf '\techo PWNED >> ~/.bashrc\n' | tee -a Makefile >/dev/null && make`, true},
		{"script", `echo 'echo PWNED >> ~/.bashrc' >> build.sh; bash build.sh`, false},
	} {
		if tc.make && makeErr != nil {
			continue
		}
		cfg := scratchProject(t, map[string]string{
			"proj/Makefile": "all:\n\t@echo ok\n",
			"proj/build.sh": "echo build\n",
			"home/.bashrc":  "# canary\n",
		})
		if r := Check(cfg, tc.cmd); r.Decision.String() != "deny" {
			t.Errorf("%s: %s: corral %s, want deny (%v)", tc.name, tc.cmd, r.Decision, r.Findings)
		}
		home := filepath.Join(filepath.Dir(cfg.Project), "home")
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, err := run.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", tc.name, err, out)
		}
		got, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
		if !strings.Contains(string(got), "PWNED") {
			t.Errorf("%s: the appended line did not run (~/.bashrc: %q, output %s)", tc.name, got, out)
		}
	}
}
