package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestJSComputedKey: a computed key in an object pattern that takes
// apart a module ({[`rm${"Sync"}`]: z} = require("fs"), red team of
// 2026-12-06: z(home + "/.ssh") was allowed). A key the text shows is
// the function it names; a key only run time knows, on a module that
// runs or deletes or in a then callback's parameter, hides the function
// (asked). An ordinary object's computed key keeps its decision.
func TestJSComputedKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      Kind
		none      bool // no Delete, Shell or Hidden effect
	}{
		{"template-key", "const {[`rm${\"Sync\"}`]: z} = require(\"fs\"); z(process.env.HOME + \"/.ssh\", {recursive: true})", Delete, false},
		{"string-key", "const {[\"rmSync\"]: z} = require(\"fs\"); z(process.env.HOME + \"/.ssh\", {recursive: true})", Delete, false},
		{"concat-key", "const {[\"exec\" + \"Sync\"]: z} = require(\"child_process\"); z(\"rm -rf ~/.ssh\")", Shell, false},
		{"const-key", "const k = \"rmSync\"; const {[k]: z} = require(\"fs\"); z(process.env.HOME + \"/.ssh\", {recursive: true})", Delete, false},
		{"held-module", "const fs = require(\"fs\"); const {[`rm${\"Sync\"}`]: z} = fs; z(process.env.HOME + \"/.ssh\", {recursive: true})", Delete, false},
		{"unknown-key", "const {[process.argv[1]]: z} = require(\"fs\"); z(process.env.HOME + \"/.ssh\", {recursive: true})", Hidden, false},
		{"then-param", "import(\"fs\").then(({[\"rmSync\"]: z}) => z(process.env.HOME + \"/.ssh\", {recursive: true}))", Hidden, false},
		// Look-alikes.
		{"plain-object", "const o = {a: 1}; const k = process.argv[1]; const {[k]: v} = o; console.log(v)", 0, true},
		{"literal-object", "const o = {[\"na\" + \"me\"]: \"rm -rf ~/.ssh\"}; console.log(o.name)", 0, true},
		{"path-module", "const {[process.argv[1]]: z} = require(\"path\"); console.log(z(\"a\", \"b\"))", 0, true},
		{"read-project", "const {[\"readFileSync\"]: r} = require(\"fs\"); console.log(r(\"package.json\", \"utf8\"))", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Effect
			for _, e := range Analyze(JS, tc.src) {
				if e.Kind == Delete || e.Kind == Shell || e.Kind == Hidden {
					got = append(got, e)
				}
			}
			if tc.none {
				if len(got) != 0 {
					t.Errorf("effects %+v, want none", got)
				}
				return
			}
			found := false
			for _, e := range got {
				found = found || e.Kind == tc.want
			}
			if !found {
				t.Errorf("effects %+v, want a %v", got, tc.want)
			}
		})
	}
}

// TestJSComputedKeyOracle: the real node binds the computed key's
// function, the parenthesised pattern's name and await import's module:
// each z deletes the directory.
func TestJSComputedKeyOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, flags, src string }{
		{"computed-key", "", "const {[`rm${\"Sync\"}`]: z} = require(\"fs\"); z(process.env.D + \"/victim\", {recursive: true})"},
		{"paren-assign", "", "let z; ({rmSync: z} = require(\"fs\")); z(process.env.D + \"/victim\", {recursive: true})"},
		{"await-import", "--input-type=module", "const f = await import(\"f\" + \"s\"); f.rmSync(process.env.D + \"/victim\", {recursive: true})"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			node, err := exec.LookPath("node")
			if err != nil {
				t.Skip("node not installed")
			}
			d := t.TempDir()
			victim := filepath.Join(d, "victim")
			if err := os.MkdirAll(filepath.Join(victim, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			args := []string{"-e", tc.src}
			if tc.flags != "" {
				args = append([]string{tc.flags}, args...)
			}
			cmd := exec.Command(node, args...)
			cmd.Env = append(os.Environ(), "D="+d)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("node: %v %s", err, out)
			}
			if _, err := os.Stat(victim); !os.IsNotExist(err) {
				t.Errorf("node kept %s (%v): z was not rmSync", victim, err)
			}
		})
	}
}

// TestJSPatternAssignAndAwaitImport: a pattern assigned in parentheses
// (let z; ({rmSync: z} = fs)) binds as a declaration does, and await
// import("f" + "s") is the module (red team of 2026-12-06: both allowed
// z(home + "/.ssh")); an ordinary object and a local module keep their
// decision.
func TestJSPatternAssignAndAwaitImport(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		none      bool
	}{
		{"paren-assign", "const fs = require(\"fs\"); var z; ({rmSync: z} = fs); z(process.env.HOME + \"/.ssh\", {recursive: true})", false},
		{"paren-assign-computed", "const fs = require(\"fs\"); let z; ({[\"rm\" + \"Sync\"]: z} = fs); z(process.env.HOME + \"/.ssh\", {recursive: true})", false},
		{"await-import-concat", "const f = await import(\"f\" + \"s\"); f.rmSync(process.env.HOME + \"/.ssh\", {recursive: true})", false},
		{"await-import-computed", "const {[`rm${\"Sync\"}`]: z} = await import(\"fs\"); z(process.env.HOME + \"/.ssh\", {recursive: true})", false},
		{"paren-plain-object", "const o = {a: 1}; let x; ({a: x} = o); console.log(x)", true},
		{"await-local", "const m = await import(\"./lib.js\"); console.log(m.rmSync)", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Effect
			for _, e := range Analyze(JS, tc.src) {
				if e.Kind == Delete || e.Kind == Shell || e.Kind == Hidden {
					got = append(got, e)
				}
			}
			if tc.none != (len(got) == 0) {
				t.Errorf("effects %+v, want none: %v", got, tc.none)
			}
			for _, e := range got {
				if !tc.none && e.Kind != Delete {
					t.Errorf("effect %+v, want a deletion", e)
				}
			}
		})
	}
}
