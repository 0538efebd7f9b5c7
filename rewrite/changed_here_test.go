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

// TestChangedEarlierReads: a file the shell model reads from disk to
// judge what a call runs (a Makefile, a script, package.json) asks when
// an earlier call of the same command changes it in a way the model
// does not follow: a patch (git apply, patch -p1), an archive's member
// (tar x, unzip), a git checkout of a branch where it differs (red team
// 15 SW1). Look-alikes: a diff or archive of other files, the same
// steps in the other order, make && make install, npm install && npm
// test, a write of another file.
func TestChangedEarlierReads(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile":     "all:\n\techo ok\n",
		"proj/build.sh":     "echo build\n",
		"proj/package.json": `{"name":"x","scripts":{"test":"echo test"}}`,
		"proj/x.c":          "int x;\n",
		"mk.diff":           "--- a/Makefile\n+++ b/Makefile\n@@ -1,2 +1,2 @@\n all:\n-\techo ok\n+\trm -rf ~\n",
		"sh.diff":           "--- a/build.sh\n+++ b/build.sh\n@@ -1 +1 @@\n-echo build\n+rm -rf ~\n",
		"src.diff":          "--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-int x;\n+int y;\n",
		"home/.keep":        "",
	})
	root := filepath.Dir(cfg.Project)
	writeTestTar(t, filepath.Join(root, "mk.tar"), false, archiveEntry{name: "Makefile", text: "all:\n\trm -rf ~\n"})
	writeTestTar(t, filepath.Join(root, "pkg.tgz"), true, archiveEntry{name: "package.json", text: `{"scripts":{"test":"rm -rf ~"}}`})
	writeTestTar(t, filepath.Join(root, "docs.tar"), false, archiveEntry{name: "docs/README", text: "hi\n"})
	writeTestZip(t, filepath.Join(root, "mk.zip"), archiveEntry{name: "Makefile", text: "all:\n\trm -rf ~\n"})
	writeTestZip(t, filepath.Join(root, "sh.zip"), archiveEntry{name: "build.sh", text: "rm -rf ~\n"})
	writeTestTar(t, filepath.Join(root, "new.tar"), false, archiveEntry{name: "new.sh", text: "rm -rf ~\n"})
	writeTestTar(t, filepath.Join(root, "gnu.tar"), false, archiveEntry{name: "GNUmakefile", text: "all:\n\trm -rf ~\n"})
	writeTestTar(t, filepath.Join(root, "okmk.tar"), false, archiveEntry{name: "Makefile", text: "all:\n\techo built\n"})
	writeTestZip(t, filepath.Join(root, "okmk.zip"), archiveEntry{name: "Makefile", text: "all:\n\techo built\n"})
	xz, xzErr := exec.LookPath("xz")
	if xzErr == nil {
		writeTestTar(t, filepath.Join(root, "mkx.tar"), false, archiveEntry{name: "Makefile", text: "all:\n\trm -rf ~\n"})
		if out, err := exec.Command(xz, filepath.Join(root, "mkx.tar")).CombinedOutput(); err != nil {
			t.Fatalf("xz: %v %s", err, out)
		}
		os.Rename(filepath.Join(root, "mkx.tar.xz"), filepath.Join(root, "mk.tar.xz"))
	}
	if err := os.MkdirAll(filepath.Join(cfg.Project, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	rows := []struct{ cmd, want string }{
		{`git apply ../mk.diff && make`, "ask"},
		{`patch -p1 < ../mk.diff && make`, "ask"},
		// The same inside one nested script, which is one call of the
		// top-level command (was allow: ordered by the top level's
		// positions, the patch never came before make).
		{`sh -c 'git apply ../mk.diff && make'`, "ask"},
		{`bash -c 'patch -p1 < ../sh.diff; bash build.sh'`, "ask"},
		{`sh -c 'make; git apply ../mk.diff'`, "allow"},
		{`patch -p1 < ../sh.diff && bash build.sh`, "ask"},
		{`patch -p1 -i ../sh.diff; ./build.sh`, "ask"},
		{`tar xf ../mk.tar && make`, "deny"},
		{`tar xzf ../pkg.tgz && npm test`, "deny"},
		{`unzip -o ../mk.zip && make`, "deny"},
		// unzip without -o asks before replacing a file, -n and tar -k
		// keep it: the rules ask.
		{`unzip ../mk.zip && make`, "ask"},
		{`tar xkf ../mk.tar && make`, "ask"},
		{`unzip -o ../sh.zip && bash build.sh`, "deny"},
		// A file not there yet that the extraction brings.
		{`tar xf ../new.tar && bash new.sh`, "deny"},
		{`tar xf ../new.tar && ./new.sh`, "deny"},
		{`tar xf ../new.tar -C sub && bash sub/new.sh`, "deny"},
		// A GNUmakefile, which make reads before the Makefile.
		{`tar xf ../gnu.tar && make`, "deny"},
		// Look-alikes.
		{`touch Makefile && make`, "allow"},
		{`cc -o prog x.c && ./prog`, "allow"},
		{`echo 'echo hi' > new.sh; bash new.sh`, "allow"},
		{`tar xf ../mk.tar -C sub && make`, "allow"},
		// The archive's own harmless Makefile is read.
		{`tar xf ../okmk.tar && make`, "allow"},
		{`unzip -o ../okmk.zip && make`, "allow"},
		{`tar xf ../mk.tar --strip-components=1 && make`, "allow"},
		{`git apply ../src.diff && make`, "allow"},
		{`patch -p1 < ../src.diff && bash build.sh`, "allow"},
		{`tar xf ../docs.tar && make`, "allow"},
		{`make; patch -p1 < ../mk.diff`, "allow"},
		{`bash build.sh; tar xf ../mk.tar`, "allow"},
		{`make && make install`, "allow"},
		{`npm install && npm test`, "allow"},
		{`npm ci && npm test`, "allow"},
		{`echo x > out.txt; make`, "allow"},
		{`echo "rm -rf /"`, "allow"},
	}
	if xzErr == nil {
		// An archive whose text corral does not read (xz): the rules ask.
		rows = append(rows, struct{ cmd, want string }{`tar xJf ../mk.tar.xz && make`, "ask"})
	}
	checkDecisions(t, cfg, rows)
}

// TestChangedEarlierReadsOracle runs the real patch, git apply, tar and
// unzip, then make, under a scratch HOME: the recipe the diff or the
// archive brings is the one make runs (the canary ~/.bashrc changes),
// while the Makefile on disk when corral judges is harmless; corral asks
// (a patch) or reads the archive's member and denies.
func TestChangedEarlierReadsOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make not installed")
	}
	const evil = "all:\n\techo PWNED >> ~/.bashrc\n"
	for _, tc := range []struct{ name, prog, cmd, want string }{
		{"patch", "patch", `patch -p1 < ../mk.diff >/dev/null && make`, "ask"},
		{"git-apply", "git", `git apply ../mk.diff && make`, "ask"},
		{"tar", "tar", `tar xf ../mk.tar && make`, "deny"},
		{"unzip", "unzip", `unzip -o ../mk.zip >/dev/null && make`, "deny"},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		cfg := scratchProject(t, map[string]string{
			"proj/Makefile": "all:\n\t@echo ok\n",
			"mk.diff":       "--- a/Makefile\n+++ b/Makefile\n@@ -1,2 +1,2 @@\n all:\n-\t@echo ok\n+\techo PWNED >> ~/.bashrc\n",
			"home/.bashrc":  "# canary\n",
		})
		root := filepath.Dir(cfg.Project)
		writeTestTar(t, filepath.Join(root, "mk.tar"), false, archiveEntry{name: "Makefile", text: evil})
		writeTestZip(t, filepath.Join(root, "mk.zip"), archiveEntry{name: "Makefile", text: evil})
		if r := Check(cfg, tc.cmd); r.Decision.String() != tc.want {
			t.Errorf("%s: %s: corral %s, want %s (%v)", tc.name, tc.cmd, r.Decision, tc.want, r.Findings)
		}
		home := filepath.Join(root, "home")
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null"}
		out, err := run.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v: %s", tc.name, err, out)
		}
		got, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
		if !strings.Contains(string(got), "PWNED") {
			t.Errorf("%s: the changed Makefile's recipe did not run (~/.bashrc: %q, output %s)", tc.name, got, out)
		}
	}
}
