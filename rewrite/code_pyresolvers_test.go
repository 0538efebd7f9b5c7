package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestPythonNameResolvers: pkgutil.resolve_name and pydoc.locate return
// the object a dotted name string names, so calling what they return is
// calling that function (resolve_name("os:system")("rm -rf ~") is
// os.system's); one given a name only run time knows asks. distutils'
// spawn(argv) runs argv as a program. Before: each was allowed (red team
// of 2026-12-05).
func TestPythonNameResolvers(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import pkgutil; pkgutil.resolve_name("os:system")("rm -rf ~")'`, "deny"},
		{`python3 -c 'from pkgutil import resolve_name as r; r("os.system")("rm -rf ~")'`, "deny"},
		{`python3 -c 'import pydoc; pydoc.locate("shutil.rmtree")("/")'`, "deny"},
		{`python3 -c 'import pydoc, sys; pydoc.locate(sys.argv[1])("rm -rf ~")' os.system`, "deny"}, // argv is known
		{`python3 -c 'import pydoc; pydoc.locate(input())("rm -rf ~")'`, "ask"},
		{`python3 -c 'from distutils.spawn import spawn; spawn(["rm", "-rf", "/"])'`, "deny"},
		{`python3 -c 'import distutils.spawn; distutils.spawn.spawn(["rm", "-rf", "/"])'`, "deny"},
		// Look-alikes: a harmless function named, a harmless program.
		{`python3 -c 'import pkgutil; print(pkgutil.resolve_name("json:dumps")({}))'`, "allow"},
		{`python3 -c 'import pydoc; print(pydoc.locate("str"))'`, "allow"},
		{`python3 -c 'from distutils.spawn import spawn; spawn(["ls", "-la"])'`, "allow"},
		{`python3 -c 'print("pkgutil.resolve_name(\"os:system\")")'`, "allow"},
	})
}

// TestPythonNameResolversOracle runs the real python3: what
// pkgutil.resolve_name and pydoc.locate return runs the shell text, and
// distutils' spawn runs the argument list (each makes a canary).
func TestPythonNameResolversOracle(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	for name, code := range map[string]string{
		"resolve_name": `import pkgutil; pkgutil.resolve_name("os:system")("touch canary")`,
		"locate":       `import pydoc; pydoc.locate("os.system")("touch canary")`,
		"spawn":        `import warnings; warnings.simplefilter("ignore"); from distutils.spawn import spawn; spawn(["touch", "canary"])`,
	} {
		dir := t.TempDir()
		cmd := exec.Command(py, "-c", code)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if name == "spawn" && err != nil {
			t.Logf("distutils not importable here (%v): %s", err, out)
			continue
		}
		if _, statErr := os.Stat(filepath.Join(dir, "canary")); statErr != nil {
			t.Errorf("%s: no canary (%v, %s)", name, err, out)
		}
	}
}

// TestPathlibHomeMethods: a method called on Path.home() or Path.cwd()
// is that pathlib method on the home or working directory, as on
// Path("~"): Path.home().rename(x) moves the home directory (before:
// allowed, while Path.home().joinpath(".ssh").rename(x) was denied; red
// team of 2026-12-05).
func TestPathlibHomeMethods(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'from pathlib import Path; Path.home().rename("/tmp/gone")'`, "deny"},
		{`python3 -c 'import pathlib; pathlib.Path.home().replace("/tmp/gone")'`, "deny"},
		{`python3 -c 'from pathlib import Path; Path.home().joinpath(".ssh").rename("/tmp/gone")'`, "deny"},
		{`python3 -c 'from pathlib import Path; print(Path.home().exists())'`, "allow"},
		{`python3 -c 'from pathlib import Path; print(list(Path.home().glob("*")))'`, "allow"},
	})
}

// TestPythonDictConfigFactories: logging.config.dictConfig imports the
// name a dict gives under "()" or "class" and calls it with the dict's
// other keys as keyword arguments, so {"()": "os.system", "command":
// "rm -rf ~"} is os.system(command="rm -rf ~") (before: allowed; red
// team of 2026-12-05). The first argument of os.system, shutil.rmtree
// and their kin is read when given by keyword too (before: asked).
// Look-alikes: a logging class, the same dict only printed.
func TestPythonDictConfigFactories(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`python3 -c 'import logging.config; logging.config.dictConfig({"version": 1, "handlers": {"h": {"()": "os.system", "command": "rm -rf ~"}}})'`, "deny"},
		{`python3 -c 'import logging.config; logging.config.dictConfig({"version": 1, "handlers": {"h": {"class": "subprocess.Popen", "args": "rm -rf ~", "shell": True}}})'`, "deny"},
		{`python3 -c 'from logging.config import dictConfig; c = {"version": 1, "filters": {"f": {"()": "shutil.rmtree", "path": "/"}}}; dictConfig(c)'`, "deny"},
		{`python3 -c 'import logging.config; logging.config.dictConfig({"version": 1, "formatters": {"f": {"()": "os.system", "command": input()}}})'`, "ask"},
		{`python3 -c 'import os; os.system(command="rm -rf ~")'`, "deny"},
		{`python3 -c 'import shutil; shutil.rmtree(path="/")'`, "deny"},
		// Look-alikes.
		{`python3 -c 'import logging.config; logging.config.dictConfig({"version": 1, "handlers": {"h": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout"}}})'`, "allow"},
		{`python3 -c 'd = {"()": "os.system", "command": "rm -rf ~"}; print(d)'`, "allow"},
		{`python3 -c 'import shutil; shutil.rmtree(path="build")'`, "allow"},
	})
}

// TestPythonDictConfigFactoriesOracle runs the real python3: each
// factory dictConfig is given runs (it makes a canary) before the
// configuration fails.
func TestPythonDictConfigFactoriesOracle(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	for name, code := range map[string]string{
		"handler-factory":   `import logging.config; logging.config.dictConfig({"version": 1, "handlers": {"h": {"()": "os.system", "command": "touch canary"}}})`,
		"handler-class":     `import logging.config; logging.config.dictConfig({"version": 1, "handlers": {"h": {"class": "subprocess.Popen", "args": "touch canary", "shell": True}}})`,
		"filter-factory":    `import logging.config; logging.config.dictConfig({"version": 1, "filters": {"f": {"()": "os.system", "command": "touch canary"}}})`,
		"formatter-factory": `import logging.config; logging.config.dictConfig({"version": 1, "formatters": {"f": {"()": "os.system", "command": "touch canary"}}})`,
		"keyword-command":   `import os; os.system(command="touch canary")`,
	} {
		dir := t.TempDir()
		cmd := exec.Command(py, "-c", code)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		// Popen returns before its child is done: wait for the canary.
		var statErr error
		for i := 0; i < 50; i++ {
			if _, statErr = os.Stat(filepath.Join(dir, "canary")); statErr == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if statErr != nil {
			t.Errorf("%s: no canary (%v, %s)", name, err, out)
		}
	}
}
