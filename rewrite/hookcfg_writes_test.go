package rewrite

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestHookConfigWritesTable: the hook configurations a command writes
// are the ones the write table and the redirections name, whatever the
// writer; reads, copies elsewhere and package installs name none.
func TestHookConfigWritesTable(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/h.yml": "x: 1\n"})
	p := func(f string) string { return filepath.Join(cfg.Project, f) }
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"printf x > lefthook.yml", []string{p("lefthook.yml")}},
		{"tee .pre-commit-config.yaml < h.yml", []string{p(".pre-commit-config.yaml")}},
		{"cp h.yml lefthook.yml", []string{p("lefthook.yml")}},
		{"mv h.yml sub/.overcommit.yml", []string{p("sub/.overcommit.yml")}},
		{"install -m644 h.yml .huskyrc.json", []string{p(".huskyrc.json")}},
		{"ln -sf h.yml lefthook.yml", []string{p("lefthook.yml")}},
		{"dd if=h.yml of=.lintstagedrc status=none", []string{p(".lintstagedrc")}},
		{"rsync -a h.yml husky.config.js", []string{p("husky.config.js")}},
		{"cp h.yml /tmp/x.yml; cat lefthook.yml", nil},
		{"cp .pre-commit-config.yaml /tmp/backup.yaml", nil},
		{"npm install lodash", nil},
		{"chmod 644 lefthook.yml", nil},
	} {
		m, err := syntax.Analyze(tc.cmd, syntax.Options{Cwd: cfg.Project, Home: cfg.Home, Project: cfg.Project})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		if got := hookConfigWrites(m); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
