package syntax

import (
	"strings"
	"testing"
)

// TestGoRunsTheProject: go run runs the main package's code, go test the
// package's code and tests, and a program go build made runs when the
// command starts it (go help run, go help test, go help build: the
// default output name), and a program go build makes is judged at the
// build when the command does not run it. Look-alikes: a module's package
// by import path, go vet, a test deleting its temporary directory.
func TestGoRunsTheProject(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":          "module ex\n\ngo 1.22\n",
		"cmd/x/main.go":   "package main\n\nimport \"os\"\n\nfunc main() {\n\tos.RemoveAll(\"/victim\")\n}\n",
		"lib/lib.go":      "package lib\n",
		"lib/lib_test.go": "package lib\n\nimport (\"os\"; \"testing\")\n\nfunc TestX(t *testing.T) {\n\tos.RemoveAll(t.TempDir())\n\tos.RemoveAll(\"/victim\")\n}\n",
		"ok/ok.go":        "package ok\n",
		"ok/ok_test.go":   "package ok\n\nimport (\"os\"; \"testing\")\n\nfunc TestY(t *testing.T) {\n\td := t.TempDir()\n\tos.RemoveAll(d)\n}\n",
		"run/main.go":     "package main\n\nimport \"os/exec\"\n\nfunc main() {\n\texec.Command(\"sh\", \"-c\", \"rm -rf /victim\").Run()\n}\n",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`go run ./cmd/x`, true, false},
		{`go run cmd/x/main.go -v`, true, false},
		{`go run -tags dev ./run`, true, false},
		{`cd run && go run .`, true, false},
		{`go test ./lib`, true, false},
		{`go test -run TestX -count=1 ./...`, true, false},
		{`go build -o bin/x ./cmd/x && ./bin/x`, true, false},
		{`go build ./cmd/x && ./x`, true, false},
		{`go run "$P"`, false, true},
		// Built and not run here: the agent's next call runs the binary,
		// so its code is judged at the build (builtForLater).
		{`go build ./cmd/x`, true, false},
		// Look-alikes.
		{`go test ./ok`, false, false},
		{`go vet ./...`, false, false},
		{`go run example.com/tool@latest`, false, false},
		{`go test ./lib -list .; echo go run ./cmd/x`, true, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		rm := deletes(m, "/victim")
		asks := false
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if rm != tc.rm || asks != tc.asks {
			t.Errorf("%s: corral sees /victim deleted: %v (want %v), asks: %v (want %v)", tc.cmd, rm, tc.rm, asks, tc.asks)
		}
	}
}

// TestGoModuleImports: the packages of the main module that the program
// imports (and those they import) are compiled into it, and their init
// functions run before main; a test binary imports them too. The main
// module's path comes from go.mod's module line, so an import path
// pattern (MODULE/..., MODULE/tst) names its directories. Checked with go
// 1.26: go run . ran the init of a package imported two steps away, go
// test MODULE/... the one a _test.go file imports. Look-alikes: a
// package nobody imports, a harmless import, another module whose path
// begins with the same letters, go vet.
func TestGoModuleImports(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	evil := "package deep\n\nimport \"os\"\n\nfunc init() { os.RemoveAll(\"/victim\") }\n"
	writeFiles(t, dir, map[string]string{
		"go.mod":          "module ex\n\ngo 1.22\n",
		"main.go":         "package main\n\nimport (\n\t\"fmt\"\n\n\t\"ex/lib\"\n)\n\nfunc main() { fmt.Println(lib.X) }\n",
		"lib/lib.go":      "package lib\n\nimport _ \"ex/deep\" // its init\n\nvar X = 1\n",
		"deep/deep.go":    evil,
		"tst/t.go":        "package tst\n",
		"tst/t_test.go":   "package tst\n\nimport (\n\t\"testing\"\n\td \"ex/deep\"\n)\n\nfunc TestT(t *testing.T) { _ = d.Y }\n",
		"ok/main.go":      "package main\n\nimport \"ex/safe\"\n\nfunc main() { safe.F() }\n",
		"safe/safe.go":    "package safe\n\nimport \"os\"\n\nfunc F() { os.RemoveAll(os.TempDir() + \"/x\") }\n",
		"unused/u.go":     evil,
		"exo/main.go":     "package main\n\nimport (\n\t\"exotic/deep\"\n\t\"ex/safe\"\n)\n\nfunc main() { deep.Z(); safe.F() }\n",
		"cmd/one/main.go": "package main\n\nimport . \"ex/lib\"\n\nfunc main() { _ = X }\n",
		"tool/main.go":    "package main\n\nimport \"ex/runner\"\n\nfunc main() { runner.Run(\"git\", \"status\") }\n",
		"runner/r.go":     "package runner\n\nimport \"os/exec\"\n\nfunc Run(name string, args ...string) error { return exec.Command(name, args...).Run() }\n",
		"direct/main.go":  "package main\n\nimport (\n\t\"os\"\n\t\"os/exec\"\n)\n\nfunc main() { exec.Command(os.Args[1], os.Args[2:]...).Run() }\n",
		"huge/main.go":    "package main\n\nimport \"ex/big\"\n\nfunc main() { big.F() }\n",
		"big/big.go":      "package big\n\nfunc F() {}\n\nvar Data = []string{\n" + strings.Repeat("\t\"0123456789abcdef0123456789abcdef\",\n", 100000) + "}\n",
	})
	// An imported library's commands and paths built at run time are
	// its ordinary work, read as a test runner's files are; the main
	// package's own are not. A module too large to read whole is read as
	// far as the budget goes, and the command is not taken for unreadable.
	for _, tc := range []struct {
		cmd  string
		asks bool
	}{
		{`go run ./tool`, false},
		{`go run ./direct`, true},
		{`go run ./huge`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		asks := m.Truncated
		for _, h := range m.Hidden {
			asks = asks || h.Always
		}
		if asks != tc.asks {
			t.Errorf("%s: asks %v, want %v (truncated %v)", tc.cmd, asks, tc.asks, m.Truncated)
		}
	}
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`go run .`, true},
		{`go run main.go`, true},
		{`go run ex`, true},
		{`go build -o app . && ./app`, true},
		{`cd cmd/one && go run .`, true},
		{`go run ./cmd/one`, true},
		{`go -C cmd/one run .`, true},
		{`go test ./tst`, true},
		{`go test ex/tst`, true},
		{`go test ex/...`, true},
		{`cd tst && go test`, true},
		// Look-alikes.
		{`go run ./ok`, false},
		{`go run ./exo`, false},
		{`go test ./safe`, false},
		{`go vet ./...`, false},
		{`go run example.com/tool@v1.2.3`, false},
		{`cd tst && go run ../ok`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
