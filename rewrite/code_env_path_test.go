package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// codePathCases set PATH in program code, in the environment or in a copy
// of it handed to the child, and run a program by name: DIR is the
// directory PATH then starts with.
var codePathCases = []struct{ prog, flag, code string }{
	{"python3", "-c", `import os, subprocess; e = dict(os.environ); e["PATH"] = "DIR:" + e["PATH"]; subprocess.run(["tool"], env=e)`},
	{"python3", "-c", `import os, subprocess; subprocess.run(["tool"], env={**os.environ, "PATH": "DIR"})`},
	{"python3", "-c", `import os, subprocess; subprocess.run(["tool"], env=dict(os.environ, PATH="DIR"))`},
	{"python3", "-c", `import os; os.environ["PATH"] = "DIR:" + os.environ["PATH"]; os.system("tool")`},
	{"node", "-e", `require("child_process").execFileSync("tool", {env: {...process.env, PATH: "DIR"}})`},
	{"node", "-e", `process.env.PATH = "DIR:" + process.env.PATH; require("child_process").execSync("tool")`},
	{"perl", "-e", `$ENV{PATH} = "DIR:$ENV{PATH}"; system("tool")`},
	{"ruby", "-e", `system({"PATH" => "DIR"}, "tool")`},
	{"ruby", "-e", `ENV["PATH"] = "DIR:" + ENV["PATH"]; system("tool")`},
	{"php", "-r", `putenv("PATH=DIR"); system("tool");`},
}

// TestCodeRunsThroughSetPath: a program run by name (not a path) after
// the code sets PATH, in the environment or in an environment copy it
// hands the child, is the file that PATH finds, which the code chose at
// run time: ask, as a program path read from the environment does. Each
// was allow. Look-alikes: code that reads PATH, sets another variable,
// or runs a program by its path passes.
func TestCodeRunsThroughSetPath(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	var rows []struct {
		cmd  string
		want Decision
	}
	for _, tc := range codePathCases {
		code := strings.ReplaceAll(tc.code, "DIR", "/tmp/x")
		rows = append(rows, struct {
			cmd  string
			want Decision
		}{tc.prog + " " + tc.flag + " '" + code + "'", Ask})
	}
	for _, r := range []struct {
		cmd  string
		want Decision
	}{
		{`python3 -c 'import os, subprocess; e = os.environ.copy(); e["PATH"] = "/tmp/x"; subprocess.run("make", shell=True, env=e)'`, Ask},
		// The program named by a variable read through an environment
		// copy, whether the command sets it or not.
		{`X=ls python3 -c 'import os, subprocess; e = dict(os.environ); subprocess.run([e["X"]])'`, Ask},
		{`python3 -c 'import os, subprocess; subprocess.run([os.environ.copy()["X"], "-la"])'`, Ask},
		{`X=ls node -e 'const e = {...process.env}; require("child_process").execFileSync(e.X)'`, Ask},
		{`X=ls perl -e 'my %e = %ENV; system($e{X})'`, Ask},
		{`X=ls ruby -e 'e = ENV.to_h; system(e["X"])'`, Ask},
		{`X=ls php -r '$e = getenv(); system($e["X"]);'`, Ask},
		// Look-alikes.
		{`python3 -c 'import os, subprocess; print(os.environ["PATH"]); subprocess.run(["ls"])'`, Allow},
		{`python3 -c 'import os, subprocess; e = dict(os.environ); e["PYTHONUNBUFFERED"] = "1"; subprocess.run(["ls"], env=e)'`, Allow},
		{`python3 -c 'import os, subprocess; e = dict(os.environ); e["PATH"] = "/tmp/x"; subprocess.run(["/bin/ls"], env=e)'`, Allow},
		{`node -e 'console.log(process.env.PATH.split(":")); require("child_process").execSync("ls")'`, Allow},
		{`perl -e 'print $ENV{PATH}; system("ls")'`, Allow},
		{`python3 -c 'PATH = "/tmp/x"; print(PATH)'`, Allow},
	} {
		rows = append(rows, r)
	}
	for _, r := range rows {
		if got := Check(cfg, r.cmd).Decision; got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
}

// TestCodeRunsThroughSetPathOracle runs each case with the real program
// (when installed), DIR holding an executable "tool" that writes a
// canary: the canary proves the program ran DIR's tool, found through
// the PATH the code set.
func TestCodeRunsThroughSetPathOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range codePathCases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		tool := "#!/bin/sh\necho ran > " + canary + "\n"
		if err := os.WriteFile(filepath.Join(dir, "tool"), []byte(tool), 0o755); err != nil {
			t.Fatal(err)
		}
		code := strings.ReplaceAll(tc.code, "DIR", dir)
		cmd := exec.Command(bin, tc.flag, code)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if b, rerr := os.ReadFile(canary); rerr != nil || strings.TrimSpace(string(b)) != "ran" {
			t.Errorf("%s %s: DIR/tool did not run (%v, %s)", tc.prog, code, err, out)
		}
	}
}
