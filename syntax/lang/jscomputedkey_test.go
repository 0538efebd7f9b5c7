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
// function: the pattern's z deletes the directory.
func TestJSComputedKeyOracle(t *testing.T) {
	t.Parallel()
	t.Run("node", func(t *testing.T) {
		node, err := exec.LookPath("node")
		if err != nil {
			t.Skip("node not installed")
		}
		d := t.TempDir()
		victim := filepath.Join(d, "victim")
		if err := os.MkdirAll(filepath.Join(victim, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(node, "-e", "const {[`rm${\"Sync\"}`]: z} = require(\"fs\"); z(process.env.D + \"/victim\", {recursive: true})")
		cmd.Env = append(os.Environ(), "D="+d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("node: %v %s", err, out)
		}
		if _, err := os.Stat(victim); !os.IsNotExist(err) {
			t.Errorf("node kept %s (%v): the computed key did not name rmSync", victim, err)
		}
	})
}
