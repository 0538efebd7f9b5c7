package syntax

import (
	"slices"
	"testing"
)

// TestTaskfileTasks: go-task's Taskfile.yml as its schema documents it:
// cmds as strings, - cmd:, block scalars, - task: calls, deps as flow and
// block lists, the short NAME: COMMAND form; keys of other sections and
// comments are not commands.
func TestTaskfileTasks(t *testing.T) {
	t.Parallel()
	text := `version: '3'
vars:
  X: rm -rf /not-a-command
tasks:
  build:
    desc: "builds: rm -rf is not here"
    deps: [gen, "lint"]
    cmds:
      - go build ./...   # a comment
      - cmd: 'echo it''s built'
      - task: test
      - defer: echo cleanup
  gen:
    deps:
      - task: tools
    cmds:
      - |
        echo one
        echo two
      - >
        folded
        line
  clean: rm -rf dist
  many: [echo a, "echo b"]
  single:
    cmd: make all
`
	tasks := taskfileTasks(text)
	cmds := func(name string) []string {
		var out []string
		if t := tasks[name]; t != nil {
			for _, l := range t.cmds {
				out = append(out, l.text)
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"build", []string{"go build ./...", "echo it's built"}},
		{"gen", []string{"echo one\necho two", "folded line"}},
		{"clean", []string{"rm -rf dist"}},
		{"many", []string{"echo a", "echo b"}},
		{"single", []string{"make all"}},
	} {
		if got := cmds(tc.name); !slices.Equal(got, tc.want) {
			t.Errorf("task %s: cmds %q, want %q", tc.name, got, tc.want)
		}
	}
	if b := tasks["build"]; b == nil || !slices.Equal(b.deps, []string{"gen", "lint"}) || !slices.Equal(b.calls, []string{"test"}) {
		t.Errorf("build: %+v, want deps gen, lint and a call of test", b)
	}
	if g := tasks["gen"]; g == nil || !slices.Equal(g.deps, []string{"tools"}) {
		t.Errorf("gen: %+v, want deps tools", g)
	}
	if _, ok := tasks["X"]; ok {
		t.Errorf("a variable of vars: read as a task")
	}
}

// TestTaskRunnersRead: task and mise run run the project's task text.
func TestTaskRunnersRead(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"Taskfile.yml": "version: '3'\ntasks:\n  default:\n    cmds:\n      - task: build\n  build:\n    deps: [gen]\n    cmds:\n      - echo build\n" +
			"  gen:\n    cmds:\n      - rm -rf /victim\n  ok:\n    cmds:\n      - echo fine\n  tpl:\n    cmds:\n      - rm -rf {{.DIR}}\n",
		"mise.toml":        "[tasks.build]\nrun = \"echo b\"\ndepends = [\"wipe\"]\n\n[tasks.wipe]\nrun = [\"echo a\", \"rm -rf /victim\"]\n\n[tasks.fine]\nrun = \"echo ok\"\n",
		".mise/tasks/nuke": "#!/bin/sh\nrm -rf /victim\n",
		"sub/x.txt":        "",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`task`, true, false},
		{`cd sub && task build`, true, false},
		{`task -d . gen`, true, false},
		{`task tpl`, false, true},
		{`mise run build`, true, false},
		{`mise r wipe`, true, false},
		{`mise run nuke`, true, false},
		// Look-alikes.
		{`task ok`, false, false},
		{`task --list`, false, false},
		{`mise run fine`, false, false},
		{`mise install`, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		rm := deletes(m, "/victim")
		asks := len(m.Hidden) > 0
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: /victim deleted %v (want %v), hidden %v (want %v)", tc.cmd, rm, tc.rm, asks, tc.asks)
		}
	}
}
