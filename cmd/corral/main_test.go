package main

import (
	"os"
	"testing"

	"github.com/corral-dev/corral/cmd/corral/app"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run "corral" as a real command: the test
// binary re-executes itself as corral, as a user's shell would run it.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"corral": func() { os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv)) },
	})
}

// TestScripts runs testdata/script/*.txtar: command lines as a user types
// them, with exit codes, stdout and stderr asserted whole.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("XDG_CONFIG_HOME", "")
			e.Setenv("CORRAL_STATE_DIR", e.WorkDir+"/state")
			e.Setenv("CLAUDE_PROJECT_DIR", e.WorkDir+"/proj")
			e.Setenv("NO_COLOR", "1")
			return os.MkdirAll(e.WorkDir+"/proj", 0o755)
		},
	})
}
