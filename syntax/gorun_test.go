package syntax

import (
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
