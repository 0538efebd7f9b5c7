package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// envRouteCases are program code that writes to a path the environment
// supplies by a route other than os.environ["T"] written out (red team
// 13, class EP): each is run with T naming the file.
var envRouteCases = []struct {
	name, prog, flag, code string
}{
	{"py-expandvars", "python3", "-c", `import os; open(os.path.expandvars("$T"), "a").write("x")`},
	{"py-expandvars-braces", "python3", "-c", `import os; open(os.path.expandvars("${T}"), "a").write("x")`},
	{"py-environ-const-key", "python3", "-c", `import os; k = "T"; open(os.environ[k], "a").write("x")`},
	{"py-getenv-const-key", "python3", "-c", `import os; k = "T"; open(os.getenv(k), "a").write("x")`},
	{"py-environ-alias", "python3", "-c", `import os; env = os.environ; open(env["T"], "a").write("x")`},
	{"py-format-environ", "python3", "-c", `import os; open("{T}".format(**os.environ), "a").write("x")`},
	{"py-percent-environ", "python3", "-c", `import os; open("%(T)s" % os.environ, "a").write("x")`},
	{"py-template-environ", "python3", "-c", `import os, string; open(string.Template("$T").substitute(os.environ), "a").write("x")`},
	{"py-path-expandvars", "python3", "-c", `import os, pathlib; pathlib.Path(os.path.expandvars("$T")).write_text("x")`},
	{"py-path-assigned-env", "python3", "-c", `import os, pathlib; p = os.environ["T"]; pathlib.Path(p).write_text("x")`},
	{"js-env-const-key", "node", "-e", `const k = "T"; require("fs").appendFileSync(process.env[k], "x")`},
	{"js-destructure-process", "node", "-e", `const {env} = process; require("fs").appendFileSync(env.T, "x")`},
	{"js-destructure", "node", "-e", `const {T} = process.env; require("fs").appendFileSync(T, "x")`},
	{"js-destructure-rename", "node", "-e", `const {T: p} = process.env; require("fs").appendFileSync(p, "x")`},
	{"js-env-alias", "node", "-e", `const env = process.env; require("fs").appendFileSync(env.T, "x")`},
	{"js-env-subscript", "node", "-e", `require("fs").appendFileSync(process.env["T"], "x")`},
	{"awk-environ", "awk", "", `BEGIN { print "x" >> ENVIRON["T"] }`},
}

// TestCodeEnvPathRoutes: the value the command gives the variable is the
// path, so T=~/.bashrc with each route is the write of ~/.bashrc (deny);
// a value only run time knows asks for a write, as bash's : > "$T" does;
// look-alikes pass.
func TestCodeEnvPathRoutes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct{ cmd, want string }
	for _, tc := range envRouteCases {
		code := "'" + tc.code + "'"
		flag := tc.flag
		if flag != "" {
			flag += " "
		}
		rows = append(rows,
			struct{ cmd, want string }{"T=~/.bashrc " + tc.prog + " " + flag + code, "deny"},
			struct{ cmd, want string }{"export T=~/.bashrc; " + tc.prog + " " + flag + code, "deny"},
			struct{ cmd, want string }{"T=$(cat name.txt) " + tc.prog + " " + flag + code, "ask"},
		)
		if !strings.Contains(tc.code, "Template") {
			// A file in the project passes (string.Template asks
			// whatever it fills: a call that is no path builder).
			rows = append(rows, struct{ cmd, want string }{"T=build/out.txt " + tc.prog + " " + flag + code, "allow"})
		}
	}
	rows = append(rows, []struct{ cmd, want string }{
		{`D=~ python3 -c 'import os; open(os.path.expandvars("$D/.bashrc"), "a").write("x")'`, "deny"},
		{`D=~ awk 'BEGIN { print "x" > ENVIRON["D"] "/.bashrc" }'`, "deny"},
		{`K=~/.ssh/id_rsa awk 'BEGIN { while ((getline l < ENVIRON["K"]) > 0) print l }'`, "deny"},
		{`T=~/.bashrc perl -e 'my $k = "T"; open(F, ">>", $ENV{$k})'`, "deny"},
		// Look-alikes: printed, not set by the command, read at a
		// run-time path (as bash's cat "$T" is), a name that only
		// looks like a variable.
		{`python3 -c 'import os; print(os.environ["HOME"])'`, "allow"},
		{`T=~/.bashrc python3 -c 'import os; print(os.getenv("T"))'`, "allow"},
		{`T=~/.bashrc node -e 'const {T} = process.env; console.log(T)'`, "allow"},
		{`python3 -c 'import os; open(os.path.expandvars("$OUT"), "w").write("x")'`, "allow"},
		{`python3 -c 'import os; k = "OUT"; open(os.environ[k], "w").write("x")'`, "allow"},
		{`T=$(cat name.txt) python3 -c 'import os; print(open(os.environ["T"]).read())'`, "allow"},
		{`T=$(mktemp) python3 -c 'import os; open(os.environ["T"], "w").write("x")'`, "allow"},
		{`python3 -c 'import os; open(os.environ["T"], "w").write("x")'`, "allow"},
		{`awk 'BEGIN { print "x" > ENVIRON["OUT"] }'`, "allow"},
		{`python3 -c 'import os; open(os.path.expandvars("out.txt"), "w").write("x")'`, "allow"},
	}...)
	checkDecisions(t, cfg, rows)
}

// TestCodeEnvPathRoutesOracle runs the real programs (when installed)
// with T naming a canary under a temporary directory: each writes the
// canary, so the route takes the path from the variable as modelled.
func TestCodeEnvPathRoutesOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range envRouteCases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		args := []string{tc.code}
		if tc.flag != "" {
			args = []string{tc.flag, tc.code}
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "T="+canary)
		out, err := cmd.CombinedOutput()
		b, rerr := os.ReadFile(canary)
		if rerr != nil || !strings.Contains(string(b), "x") {
			t.Errorf("%s: the canary was not written (%v, %s)", tc.name, err, out)
		}
	}
}
