package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMakeEvalDirectives: make reads the text of --eval (-E, and
// --eval= in MAKEFLAGS or GNUMAKEFLAGS) as a makefile line before its
// makefiles, so the directives there act as they do in a Makefile on
// disk, even under make -n: include, -include and sinclude read the
// file (searched in the -I directories) and run its $(shell …), load
// runs native code, $(eval include F) and $(eval $(file <F)) read F as
// makefile text, X != CMD runs CMD, $(file >F,…) writes F (red team 19
// MK2). Text with no directive that reads another file (CFLAGS+=-O2, a
// rule, a benign include) passes. Each row with a file runs the real GNU
// make (when installed, HOME a temporary directory) against a copy of
// the project whose evil.mk touches a canary instead of deleting: the
// canary is made exactly when the row says corral must not allow.
func TestMakeEvalDirectives(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"Makefile":   "all:\n\t@echo hi\n",
		"evil.mk":    "X := $(shell rm -rf ~)\n",
		"inc/e.mk":   "X := $(shell rm -rf ~)\n",
		"ok.mk":      "CFLAGS += -O2\n",
		"canary.txt": "",
	}
	tests := []struct {
		cmd  string
		want Decision
		runs bool // the real make runs evil.mk's $(shell …)
	}{
		{`make -n --eval='include evil.mk'`, Deny, true},
		{`make -n --eval=include\ evil.mk`, Deny, true},
		{`make -n -E 'include evil.mk'`, Deny, true},
		{`make -n --eva='include evil.mk'`, Deny, true},
		{`make -n -Iinc --eval='include e.mk'`, Deny, true},
		{`make -n --eval='-include evil.mk'`, Deny, true},
		{`make -n --eval='sinclude evil.mk'`, Deny, true},
		{`make -n --eval='$(eval include evil.mk)'`, Deny, true},
		{`make -n --eval='X:=$(file <evil.mk)' --eval='$(eval $(X))'`, Deny, true},
		{`MAKEFLAGS='--eval=include\ evil.mk' make -n`, Deny, true},
		{`GNUMAKEFLAGS='--eval=include\ evil.mk' make -n`, Deny, true},
		{`MAKEFLAGS='-Iinc --eval=include\ e.mk' make -n`, Deny, true},
		{`export MAKEFLAGS='--eval=include\ evil.mk'; make -n`, Deny, true},
		{`make -n --eval='X != rm -rf ~'`, Deny, false},
		{`make -n --eval='$(file >~/.bashrc,x)'`, Deny, false},
		{`make -n --eval='load ./evil.so'`, Ask, false},
		// Look-alikes.
		{`make --eval='CFLAGS+=-O2' all`, Allow, false},
		{`make -E 'print-%:;@echo $($*)' print-CC`, Allow, false},
		{`make -n --eval='include ok.mk'`, Allow, false},
		{`MAKEFLAGS='--eval=include\ ok.mk' make -n`, Allow, false},
		{`make -n --eval='X:=$(shell git rev-parse HEAD)'`, Allow, false},
		{`make -n --eval='X != date'`, Allow, false},
	}
	cfg := scratchProject(t, prefixed("proj/", files))
	_, haveMake := exec.LookPath("make")
	for i, tt := range tests {
		if got := Check(cfg, tt.cmd).Decision; got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, Check(cfg, tt.cmd).Findings)
		}
		if haveMake != nil || strings.Contains(tt.cmd, "rm -rf") || strings.Contains(tt.cmd, "load") || strings.Contains(tt.cmd, ".bashrc") {
			continue
		}
		// The oracle: evil.mk touches ran.txt.
		dir := filepath.Join(t.TempDir(), "p")
		for rel, body := range files {
			body = strings.ReplaceAll(body, "rm -rf ~", "touch ran.txt")
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.CombinedOutput()
		_, err := os.Stat(filepath.Join(dir, "ran.txt"))
		if got := err == nil; got != tt.runs {
			t.Errorf("row %d: %s: the real make ran evil.mk's $(shell): %v, the row says %v (%q)", i, tt.cmd, got, tt.runs, out)
		}
	}
}

// prefixed returns files with each path under dir.
func prefixed(dir string, files map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range files {
		out[dir+k] = v
	}
	return out
}
