package syntax

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dirWordTree makes, under a temporary directory, the tree the
// directory-word tests run in: x/m (a Makefile whose recipe touches
// x/c_m), x/n (a package.json whose test script touches x/c_n), x/g (a
// repository whose core.fsmonitor and core.pager touch x/c_g), x/ok (a
// Makefile that only echoes), and proj (the working directory: a
// repository with a plain Makefile, src/ and build/ with plain
// Makefiles). It returns the root and proj.
func dirWordTree(t *testing.T) (root, proj, home string) {
	t.Helper()
	root = oracleDir(t)
	x := filepath.Join(root, "x")
	proj = filepath.Join(root, "proj")
	home = filepath.Join(root, "home")
	files := map[string]string{
		"x/m/Makefile":        "all:\n\ttouch " + x + "/c_m\n",
		"x/ok/Makefile":       "all:\n\t@echo ok\n",
		"x/n/package.json":    `{"name":"n","scripts":{"test":"touch ` + x + `/c_n"}}` + "\n",
		"proj/Makefile":       "all:\n\t@echo proj\n",
		"proj/src/Makefile":   "all:\n\t@echo src\n",
		"proj/build/Makefile": "all:\n\t@echo build\n",
		"home/.keep":          "",
		"x/j/justfile":        "default:\n\ttouch " + x + "/c_j\n",
		"x/t/Taskfile.yml":    "version: '3'\ntasks:\n  default:\n    cmds:\n      - touch " + x + "/c_t\n",
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{filepath.Join(x, "g"), proj} {
		if err := os.MkdirAll(filepath.Join(d, ".git", "objects"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(d, ".git", "refs"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"
		if d != proj {
			cfg += "\tfsmonitor = \"touch " + x + "/c_g; false\"\n\tpager = \"touch " + x + "/c_g; cat\"\n"
		}
		if err := os.WriteFile(filepath.Join(d, ".git", "config"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, proj, home
}

// dirWordCases are commands whose working directory is named by a
// pattern, a run-time value or a link the command made (red team 15
// GD1). X stands for the tree's x directory. canary is the x/c_* file
// the command makes run ("" for none), ask that corral asks because the
// directory is only known at run time; env is what the real run gives
// the run-time value.
var dirWordCases = []struct {
	cmd, canary string
	ask         bool
	env         string
	// cautious marks a row where corral reads more than bash runs
	// (several matches: each is read).
	cautious bool
}{
	// A pattern matched at hook time: its one match.
	{cmd: `cd X/[m] && make`, canary: "c_m"},
	{cmd: `cd X/m* && make`, canary: "c_m"},
	{cmd: `pushd X/[m] >/dev/null && make`, canary: "c_m"},
	{cmd: `make -C X/[m]`, canary: "c_m"},
	{cmd: `make -C X/?`, canary: "c_m", cautious: true}, // g, m, n: make -C X/g X/m X/n reads X/g, no Makefile
	{cmd: `make --directory X/m*`, canary: "c_m"},
	{cmd: `npm --prefix X/[n] test`, canary: "c_n"},
	{cmd: `cd X/[n] && npm test`, canary: "c_n"},
	{cmd: `git -C X/[g] status`, canary: "c_g"},
	{cmd: `git -C X/g* diff`, canary: "c_g"},
	{cmd: `cd X/g? 2>/dev/null || cd X/[g] && git status`, canary: "c_g"},
	{cmd: `git --git-dir X/[g]/.git status`, canary: "c_g"},
	// A directory a mkdir of the command makes is there when bash expands.
	{cmd: `mkdir -p X/q && cp X/m/Makefile X/q/ && cd X/[q] && make`, canary: "c_m"},
	{cmd: `mkdir -p X/q && cp X/m/Makefile X/q/ && make -C X/[q]`, canary: "c_m"},
	// A link the command made: its target.
	{cmd: `ln -s X/g l && git -C l status`, canary: "c_g"},
	{cmd: `ln -s X/g/.git l && git --git-dir=l status`, canary: "c_g"},
	{cmd: `ln -s X/m l && make -C l`, canary: "c_m"},
	{cmd: `ln -s X/m l && cd l && make`, canary: "c_m"},
	{cmd: `ln -s X/n l && npm --prefix l test`, canary: "c_n"},
	// A directory only run time knows: the files cannot be read.
	{cmd: `cd "$(ls -dt X/m)" && make`, ask: true, canary: "c_m"},
	// ls -d prints the name back (red team 16 PI1): X/m's Makefile.
	{cmd: `cd "$(ls -d X/m)" && make`, canary: "c_m"},
	{cmd: `make -C "$D"`, ask: true, env: "D=X/m", canary: "c_m"},
	{cmd: `cd "$D" && make -f Makefile`, ask: true, env: "D=X/m", canary: "c_m"},
	{cmd: `npm --prefix "$D" test`, ask: true, env: "D=X/n", canary: "c_n"},
	{cmd: `cd "$D" && npm test`, ask: true, env: "D=X/n", canary: "c_n"},
	{cmd: `git -C "$D" status`, ask: true, env: "D=X/g", canary: "c_g"},
	{cmd: `cd "$D" && git status`, ask: true, env: "D=X/g", canary: "c_g"},
	// git for-each-repo: git -C PATH for each value of the setting.
	{cmd: `git -c x.y=X/g for-each-repo --config=x.y status`, canary: "c_g"},
	{cmd: `git -c x.y=X/g -c x.y=X/ok for-each-repo --config x.y status`, canary: "c_g"},
	{cmd: `git -c "x.y=$D" for-each-repo --config=x.y status`, ask: true, env: "D=X/g", canary: "c_g"},
	{cmd: `git -c x.y=X/ok for-each-repo --config=x.y status`},
	// Task runners: their files where they work.
	{cmd: `cd X/[j] && just`, canary: "c_j"},
	{cmd: `just -d X/[j] --justfile X/j/justfile`, canary: "c_j"},
	{cmd: `task -d X/[t]`, canary: "c_t"},
	{cmd: `cd "$D" && just`, ask: true, env: "D=X/j", canary: "c_j"},
	{cmd: `task -d "$D"`, ask: true, env: "D=X/t", canary: "c_t"},
	{cmd: `cd "$D" && rake`, ask: true, env: "D=X/r"},
	{cmd: `tox --root "$D"`, ask: true, env: "D=X/x"},
	// Look-alikes.
	{cmd: `cd src && make`},
	{cmd: `make -C build`},
	{cmd: `make -C X/o*`},
	{cmd: `cd X/[mo]* && make`},              // two matches: cd refuses, make does not run
	{cmd: `make -CX/[m]`},                    // one word: bash matches it whole, make gets the pattern
	{cmd: `git --git-dir=X/[g]/.git status`}, // the same for git
	{cmd: `git -C "$(git rev-parse --show-toplevel)" status`},
	{cmd: `cd "$D" && ls`, env: "D=X/m"},
	{cmd: `git status`},
	{cmd: `if [ -n "$E" ]; then d=src; else d=build; fi; cd "$d" && make`},
}

// dirWordModel analyses a case's command in proj, with the disk read.
func dirWordModel(t *testing.T, cmd, proj, home string) *Model {
	t.Helper()
	m, err := Analyze(cmd, Options{Cwd: proj, Home: home, ReadFile: ReadScript})
	if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	return m
}

// touchesCanary reports a touch of a file named name among the calls.
func touchesCanary(m *Model, name string) bool {
	for _, c := range m.Calls {
		if c.Name != "touch" {
			continue
		}
		for _, a := range c.Args {
			if strings.HasSuffix(a.Value, "/"+name) {
				return true
			}
		}
	}
	return false
}

// runTimeDirAsk reports a hidden-code entry for a directory only known
// at run time.
func runTimeDirAsk(m *Model) bool {
	for _, h := range m.Hidden {
		if strings.Contains(h.What, "directory only known at run time") {
			return true
		}
	}
	return false
}

// TestDirWordPrograms: make, npm and git read the Makefile, package.json
// and repository configuration of a directory named by a pattern (its
// match at hook time), reached through a link the command made (its
// target), and ask when the directory is only known at run time; the
// look-alikes read the plain files or ask nothing.
func TestDirWordPrograms(t *testing.T) {
	root, proj, home := dirWordTree(t)
	x := filepath.Join(root, "x")
	for _, tc := range dirWordCases {
		cmd := strings.ReplaceAll(tc.cmd, "X/", x+"/")
		m := dirWordModel(t, cmd, proj, home)
		for _, name := range []string{"c_m", "c_n", "c_g", "c_j", "c_t"} {
			want := name == tc.canary && !tc.ask
			if got := touchesCanary(m, name); got != want {
				for _, c := range m.Calls {
					t.Logf("call %s %v", c.Name, c.Words())
				}
				t.Errorf("%q: corral sees the %s canary run: %v, want %v", tc.cmd, name, got, want)
			}
		}
		if got := runTimeDirAsk(m); got != tc.ask {
			t.Errorf("%q: asks for a run-time directory: %v (%v), want %v", tc.cmd, got, m.Hidden, tc.ask)
		}
	}
}

// TestDirWordOracle runs every case in real bash (make, npm and git as
// installed) in a copy of the tree and checks that the canary the
// command makes run is the one corral sees, or that corral asks when the
// directory is only known at run time; rows marked cautious may be seen
// when bash does not run them (corral reads each match).
func TestDirWordOracle(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	for i, tc := range dirWordCases {
		prog := ""
		for _, p := range []string{"make", "npm", "git"} {
			if strings.Contains(tc.cmd, p+" ") {
				prog = p
			}
		}
		if prog == "" {
			continue
		}
		if _, err := exec.LookPath(prog); err != nil {
			continue
		}
		t.Run(fmt.Sprintf("%02d", i), func(t *testing.T) {
			t.Log(tc.cmd)
			root, proj, home := dirWordTree(t)
			x := filepath.Join(root, "x")
			cmd := strings.ReplaceAll(tc.cmd, "X/", x+"/")
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			run := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", cmd)
			run.Dir = proj
			run.Env = []string{"HOME=" + home, "PATH=/usr/local/bin:/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM=1",
				"GIT_PAGER=", "PAGER=", "npm_config_update_notifier=false", "npm_config_cache=" + filepath.Join(home, ".npm")}
			if tc.env != "" {
				run.Env = append(run.Env, strings.ReplaceAll(tc.env, "X/", x+"/"))
			}
			out, _ := run.CombinedOutput()
			m := dirWordModel(t, cmd, proj, home)
			for _, name := range []string{"c_m", "c_n", "c_g", "c_j", "c_t"} {
				_, err := os.Stat(filepath.Join(x, name))
				ran := err == nil
				seen := touchesCanary(m, name)
				switch {
				case tc.ask:
					if ran != (name == tc.canary) {
						t.Errorf("real run made %s: %v, want %v (the run-time value's program)\n%s", name, ran, name == tc.canary, out)
					}
				case ran && !seen:
					t.Errorf("real run made %s, corral does not see it run\n%s", name, out)
				case seen && !ran && !tc.cautious:
					t.Errorf("corral sees %s run, the real run did not make it\n%s", name, out)
				}
			}
			if tc.ask && !runTimeDirAsk(m) {
				t.Errorf("corral does not ask: %v", m.Hidden)
			}
		})
	}
}
