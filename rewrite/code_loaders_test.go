package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodeLoadsAbsolute (red team 16 MI1): code that loads another file
// of code by an absolute path or a loader API is judged with that file's
// code, as node x.js is: node's require("/abs"), import("/abs"),
// import("file:///abs"), a static import "/abs" (--input-type=module),
// Module._load, createRequire(DIR)("./x.js"), child_process.fork(FILE),
// Ruby's load and require of "/abs", and python3 -m unittest MOD found
// through the command's PYTHONPATH. Look-alikes: the same loads of a
// harmless file, a package, Ruby's require "json".
func TestCodeLoadsAbsolute(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	lib := filepath.Join(root, "lib")
	ok := filepath.Join(root, "ok")
	for _, d := range []string{proj, lib, ok, filepath.Join(root, "home")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"lib/x.js":    `require("child_process").execSync("rm -rf ~")` + "\n",
		"lib/x.mjs":   `import { execSync } from "child_process"; execSync("rm -rf ~")` + "\n",
		"lib/x.rb":    `system("rm -rf ~")` + "\n",
		"lib/xmod.py": "import os\nos.system('rm -rf ~')\n",
		"ok/x.js":     `console.log("hi")` + "\n",
		"ok/x.mjs":    `console.log("hi")` + "\n",
		"ok/x.rb":     `puts "hi"` + "\n",
		"ok/xmod.py":  "print('hi')\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: proj}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, proj)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	var rows []struct{ cmd, want string }
	for _, dir := range []string{lib, ok} {
		want := "deny"
		if dir == ok {
			want = "allow"
		}
		for _, cmd := range []string{
			`node -e 'require("DIR/x.js")'`,
			`node -e 'import("DIR/x.mjs")'`,
			`node -e 'import("file://DIR/x.mjs")'`,
			`node --input-type=module -e 'import "DIR/x.mjs"'`,
			`node -e 'require("module")._load("DIR/x.js")'`,
			`node -e 'require("module").createRequire("DIR/")("./x.js")'`,
			`node -e 'const r = require("module").createRequire("DIR/a.js"); r("./x.js")'`,
			`node -e 'require("child_process").fork("DIR/x.js")'`,
			`ruby -e 'load "DIR/x.rb"'`,
			`ruby -e 'require "DIR/x"'`,
			`PYTHONPATH=DIR python3 -m unittest xmod`,
		} {
			rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(cmd, "DIR", dir), want})
		}
	}
	rows = append(rows, []struct{ cmd, want string }{
		{`node -e 'require("lodash")'`, "allow"},
		{`ruby -e 'require "json"'`, "allow"},
		{`python3 -m unittest xmod`, "allow"}, // not on the path
	}...)
	checkDecisions(t, cfg, rows)
}

// TestCodeLoadsAbsoluteOracle runs the real interpreters (when installed)
// on the loads TestCodeLoadsAbsolute judges, each loading a file that
// makes a canary: the canary exists afterwards, so each form runs the
// file's code.
func TestCodeLoadsAbsoluteOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog, file, code string
		args                   []string
	}{
		{"require", "node", "x.js", `require("fs").writeFileSync(CANARY, "x")`, []string{"-e", `require("DIR/x.js")`}},
		{"import", "node", "x.mjs", `import { writeFileSync } from "fs"; writeFileSync(CANARY, "x")`, []string{"-e", `import("DIR/x.mjs")`}},
		{"import-url", "node", "x.mjs", `import { writeFileSync } from "fs"; writeFileSync(CANARY, "x")`, []string{"-e", `import("file://DIR/x.mjs")`}},
		{"import-static", "node", "x.mjs", `import { writeFileSync } from "fs"; writeFileSync(CANARY, "x")`, []string{"--input-type=module", "-e", `import "DIR/x.mjs"`}},
		{"module-load", "node", "x.js", `require("fs").writeFileSync(CANARY, "x")`, []string{"-e", `require("module")._load("DIR/x.js")`}},
		{"create-require", "node", "x.js", `require("fs").writeFileSync(CANARY, "x")`, []string{"-e", `require("module").createRequire("DIR/")("./x.js")`}},
		{"create-require-name", "node", "x.js", `require("fs").writeFileSync(CANARY, "x")`, []string{"-e", `const r = require("module").createRequire("DIR/a.js"); r("./x.js")`}},
		{"fork", "node", "x.js", `require("fs").writeFileSync(CANARY, "x")`, []string{"-e", `require("child_process").fork("DIR/x.js")`}},
		{"rb-load", "ruby", "x.rb", `File.write(CANARY, "x")`, []string{"-e", `load "DIR/x.rb"`}},
		{"rb-require", "ruby", "x.rb", `File.write(CANARY, "x")`, []string{"-e", `require "DIR/x"`}},
		{"py-unittest", "python3", "xmod.py", `open(CANARY, "w").write("x")`, []string{"-m", "unittest", "xmod"}},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		code := strings.ReplaceAll(tc.code, "CANARY", `"`+canary+`"`)
		if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(code+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var args []string
		for _, a := range tc.args {
			args = append(args, strings.ReplaceAll(a, "DIR", dir))
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+dir, "PYTHONPATH="+dir)
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s: the canary was not made (%v, %s)", tc.name, err, out)
		}
	}
}
