package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goModfileFiles is a module whose go.mod replaces example.com/lib with a
// harmless ./lib, another module file (alt.mod, outside the project too)
// and workspace files whose replace or use put evlib (init appends to
// ~/.bashrc) in its place (red team 19 GO2).
func goModfileFiles() map[string]string {
	evil := "package lib\n\nimport \"os\"\n\nfunc init() {\n\tf, _ := os.OpenFile(os.Getenv(\"HOME\")+\"/.bashrc\", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)\n\tf.WriteString(\"GO2_RAN\\n\")\n\tf.Close()\n}\n\nfunc F() int { return 1 }\n"
	mod := func(rest string) string {
		return "module example.com/app\n\ngo 1.21\n\nrequire example.com/lib v0.0.0\n\n" + rest
	}
	return map[string]string{
		"proj/gp/go.mod":       mod("replace example.com/lib => ./lib\n"),
		"proj/gp/go.test.mod":  mod("replace example.com/lib => ./lib\n"),
		"proj/gp/alt.mod":      mod("replace example.com/lib => ../../evlib\n"),
		"proj/gp/ov.json":      "{\"Replace\":{\"main.go\":\"../../evlib/lib.go\"}}\n",
		"proj/gp/main.go":      "package main\n\nimport \"example.com/lib\"\n\nfunc main() { _ = lib.F() }\n",
		"proj/gp/lib/go.mod":   "module example.com/lib\n\ngo 1.21\n",
		"proj/gp/lib/lib.go":   "package lib\n\nfunc F() int { return 1 }\n",
		"evlib/go.mod":         "module example.com/lib\n\ngo 1.21\n",
		"evlib/lib.go":         evil,
		"out.mod":              mod("replace (\n\texample.com/lib => ../../evlib // from the module root\n)\n"),
		"gw/go.work":           "go 1.21\n\nuse ../proj/gp\n\nreplace example.com/lib => ../evlib\n",
		"gu/go.work":           "go 1.21\n\nuse (\n\t../proj/gp\n\t../evlib\n)\n",
		"proj/ws/go.work":      "go 1.21\n\nuse ./app\n",
		"proj/ws/app/go.mod":   mod("replace example.com/lib => ../../../evlib\n"),
		"proj/ws/app/main.go":  "package main\n\nimport \"example.com/lib\"\n\nfunc main() { _ = lib.F() }\n",
		"proj/cw/go.work":      "go 1.21\n\nuse ./a\n",
		"proj/cw/a/go.mod":     "module example.com/a\n\ngo 1.21\n",
		"proj/cw/a/main.go":    "package main\n\nfunc main() {}\n",
		"proj/cw/b/go.mod":     "module example.com/b\n\ngo 1.21\n",
		"proj/cw/b/b.go":       "package b\n\nfunc B() int { return 2 }\n",
		"proj/ws/safe.work":    "go 1.21\n\nuse ./app2\n",
		"proj/ws/app2/go.mod":  "module example.com/app2\n\ngo 1.21\n",
		"proj/ws/app2/main.go": "package main\n\nfunc main() {}\n",
	}
}

// TestGoModfileReplaced: go -modfile FILE (flag or GOFLAGS) reads FILE's
// replace directives in place of go.mod's, and GOWORK=FILE's replace and
// use directives (and the used modules' own go.mod replacements) are the
// workspace's: the replacement's init runs (red team 19 GO2).
func TestGoModfileReplaced(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, goModfileFiles())
	root := filepath.Dir(cfg.Project)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// before: allow (corral read go.mod's harmless ./lib)
		{"cd gp && go run -modfile=alt.mod .", "deny"},
		{"cd gp && go run -modfile alt.mod .", "deny"},
		{"cd gp && go run -modfile=" + root + "/out.mod .", "deny"},
		{"cd gp && GOFLAGS=-modfile=alt.mod go run .", "deny"},
		{"cd gp && GOFLAGS=-modfile=" + root + "/out.mod go test ./...", "deny"},
		{"cd gp && export GOFLAGS=-modfile=alt.mod && go run .", "deny"},
		{"cd gp && go build -modfile alt.mod -o bin . && ./bin", "deny"},
		{"cd gp && go test -modfile=alt.mod ./...", "deny"},
		{"go -C gp run -modfile=alt.mod .", "deny"},
		{"cd gp && GOWORK=" + root + "/gw/go.work go run .", "deny"},
		{"cd gp && GOWORK=" + root + "/gu/go.work go run .", "deny"},
		{"cd gp && export GOWORK=" + root + "/gw/go.work && go test ./...", "deny"},
		{"cd gp && env GOWORK=" + root + "/gw/go.work go run .", "deny"},
		// a workspace module's own go.mod replacement
		{"cd ws/app && go run .", "deny"},
		// a module or workspace file only run time knows
		{"cd gp && go run -modfile=\"$(mktemp)\" .", "ask"},
		{"cd gp && GOWORK=\"$W\" go run .", "ask"},
		{"cd gp && GOFLAGS=\"-modfile=$M\" go run .", "ask"},
		{"cd gp && go env -w GOWORK=" + root + "/gw/go.work && go run .", "ask"},
		// a module file this command fills with text corral cannot know
		{"cd gp && cat \"$F\" > m.mod && go run -modfile=m.mod .", "ask"},
		{"cd gp && sed -i \"s/lib/$X/\" go.test.mod && go run -modfile=go.test.mod .", "ask"},
		{"cd gp && cp \"$F\" m.mod && go run -modfile=m.mod .", "ask"},
		{"cd gp && printf \"$T\" > go.work && go run .", "ask"},
		{"cd gp && export GOFLAGS=-overlay=$PWD/ov.json && go run .", "deny"},
		// The go command edits the module or workspace file first.
		{"cd gp && go mod edit -replace example.com/lib=../../evlib && go run .", "deny"},
		{"cd gp && go mod edit -replace=example.com/lib=" + root + "/evlib && go test ./...", "deny"},
		{"cd gp && go work init . ../../evlib && go run .", "deny"},
		{"cd gp && go work init && go work use ../../evlib && go run .", "deny"},
		{"cd ws && go work use ../../evlib && cd app && go run .", "deny"},
		{"cd ws && go work edit -replace=example.com/lib=../../evlib && go run ./app2", "deny"},
		{"cd gp && go mod edit -replace example.com/lib=\"$D\" && go run .", "ask"},
		// Look-alikes: go.mod's own harmless replacement, a module file
		// whose replacements are readable and harmless, no workspace.
		{"cd gp && go run .", "allow"},
		{"cd gp && go build ./...", "allow"},
		{"cd gp && go run -modfile=go.mod .", "allow"},
		{"cd gp && go build -modfile=go.test.mod ./...", "allow"},
		{"cd gp && GOFLAGS=-modfile=go.test.mod go test ./...", "allow"},
		{"cd gp && GOWORK=off go test ./...", "allow"},
		{"cd ws && GOWORK=$PWD/safe.work go run ./app2", "allow"},
		{"cd gp && go mod edit -go=1.22 && go run .", "allow"},
		{"cd gp && go mod edit -replace example.com/lib=./lib && go run .", "allow"},
		{"cd gp && go mod edit -print -replace example.com/lib=../../evlib && go run .", "allow"},
		{"cd cw && go work use ./b && go run ./a", "allow"},
		{"cd gp && go mod tidy && go run .", "allow"},
		{"cd gp && go env -w GOWORK=off && go run .", "allow"},
	})
}

// TestGoModfileReplacedReal runs the real go offline (HOME, GOPATH,
// GOCACHE under the test's directory, GOPROXY=off): -modfile, GOFLAGS
// -modfile and GOWORK each run the replacement's init, and plain go run .
// does not (the rows TestGoModfileReplaced judges).
func TestGoModfileReplacedReal(t *testing.T) {
	t.Parallel()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go")
	}
	cfg := scratchProject(t, goModfileFiles())
	root := filepath.Dir(cfg.Project)
	home := filepath.Join(root, "home")
	os.MkdirAll(home, 0o755)
	rc := filepath.Join(home, ".bashrc")
	run := func(dir string, want bool, env []string, args ...string) {
		t.Helper()
		os.WriteFile(rc, nil, 0o644)
		cmd := exec.Command(goBin, args...)
		cmd.Dir = filepath.Join(cfg.Project, dir)
		cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOPATH=" + filepath.Join(root, "gopath"),
			"GOMODCACHE=" + filepath.Join(root, "gopath", "mod"), "GOCACHE=" + filepath.Join(root, "gocache"),
			"GOPROXY=off", "GOTOOLCHAIN=local", "GOENV=off"}, env...)
		out, err := cmd.CombinedOutput()
		b, _ := os.ReadFile(rc)
		if got := strings.Contains(string(b), "GO2_RAN"); got != want {
			t.Errorf("go %v %v in %s: replacement ran %v, want %v (%v): %s", env, args, dir, got, want, err, out)
		}
	}
	run("gp", false, []string{"GOFLAGS=-mod=mod"}, "run", ".")
	run("gp", true, []string{"GOFLAGS=-mod=mod"}, "run", "-modfile=alt.mod", ".")
	run("gp", true, []string{"GOFLAGS=-mod=mod"}, "run", "-modfile="+filepath.Join(root, "out.mod"), ".")
	run("gp", true, []string{"GOFLAGS=-mod=mod -modfile=alt.mod"}, "run", ".")
	run("gp", true, []string{"GOWORK=" + filepath.Join(root, "gw", "go.work")}, "run", ".")
	run("gp", true, []string{"GOWORK=" + filepath.Join(root, "gu", "go.work")}, "run", ".")
	run("ws/app", true, nil, "run", ".")
	run("gp", false, []string{"GOFLAGS=-mod=mod", "GOWORK=off"}, "run", ".")
	// The go command's own editors: go work init with the module beside
	// the project's, then go mod edit -replace.
	edit := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(goBin, args...)
		cmd.Dir = filepath.Join(cfg.Project, dir)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "GOPROXY=off", "GOTOOLCHAIN=local", "GOENV=off",
			"GOPATH=" + filepath.Join(root, "gopath"), "GOCACHE=" + filepath.Join(root, "gocache")}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %v: %v: %s", args, err, out)
		}
	}
	edit("gp", "work", "init", ".", "../../evlib")
	run("gp", true, nil, "run", ".")
	os.Remove(filepath.Join(cfg.Project, "gp", "go.work"))
	run("gp", false, []string{"GOFLAGS=-mod=mod"}, "run", ".")
	edit("gp", "mod", "edit", "-replace", "example.com/lib=../../evlib")
	run("gp", true, []string{"GOFLAGS=-mod=mod"}, "run", ".")
}
