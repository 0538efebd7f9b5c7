package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPathSearch: the PATH each call runs with, as bash keeps it (a
// prefix assignment, a plain one, export, declare, local, a subshell's
// copy, env's PATH= word, branches), says whether the command's name may
// run a file outside the system's directories (Call.PathDir) or one only
// run time says (Call.PathRunTime). System directories, the inherited
// PATH with entries appended, builtins and functions give neither.
func TestPathSearch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "ls"), []byte("#!/bin/sh\necho hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	const runTime = "<run time>"
	for _, tc := range []struct {
		src  string
		name string // the call looked at: the last of this name
		want string // PathDir, runTime for PathRunTime, "" for neither
	}{
		{"ls", "ls", ""},
		{"PATH=.:$PATH ls", "ls", "."},
		{"PATH=:$PATH ls", "ls", "."},
		{"PATH=/tmp/evil; ls", "ls", "/tmp/evil"},
		{"PATH=/tmp/evil; cat f", "cat", "/tmp/evil"},
		{`export PATH="$PWD/bin:$PATH"; make`, "make", dir + "/bin"},
		{"PATH=./node_modules/.bin:$PATH eslint", "eslint", "./node_modules/.bin"},
		{"declare -x PATH=bin:$PATH; ls", "ls", "bin"},
		{"f() { local PATH=bin:$PATH; ls; }; f", "ls", "bin"},
		{"(PATH=bin:$PATH; ls)", "ls", "bin"},
		{"(PATH=bin:$PATH); ls", "ls", ""},
		{"PATH=bin:$PATH true; ls", "ls", ""},
		{"env PATH=bin:/usr/bin ls", "ls", "bin"},
		{"PATH=bin:$PATH sh -c 'cat f'", "cat", "bin"},
		{"if [ -d x ]; then PATH=bin:$PATH; fi; ls", "ls", "bin"},
		{"PATH=/usr/../tmp/x:$PATH ls", "ls", "/usr/../tmp/x"},
		{"PATH=~/bin:$PATH ls", "ls", "/h/bin"},
		{"unset PATH; ls", "ls", "."},
		{"PATH=; ls", "ls", "."},
		// A part only run time knows, searched first.
		{"PATH=$X:$PATH ls", "ls", runTime},
		{"PATH=$(cat p):$PATH ls", "ls", runTime},
		{"read -r PATH < p; ls", "ls", runTime},
		{"PATH=/usr/bin:$X ls", "ls", ""}, // /usr/bin/ls first
		// System directories only, or the inherited PATH first.
		{"PATH=/usr/local/go/bin:$PATH go build", "go", ""},
		{"PATH=/usr/bin:/bin ls", "ls", ""},
		{"PATH=/usr/bin:/bin:. ls", "ls", ""},
		{"PATH=$PATH:/opt/bin ls", "ls", ""},
		{"PATH=$PATH:. ls", "ls", ""},
		{`PATH="${PATH}:$HOME/bin" ls`, "ls", ""},
		{"PATH+=:bin; ls", "ls", ""},
		{"PATH=$PATH; ls", "ls", ""},
		{"if [ -d x ]; then PATH=$PATH:/opt/bin; fi; ls", "ls", ""},
		{"echo $PATH", "echo", ""},
		// Entries appended after the inherited PATH: searched for a
		// name the hook's PATH lacks.
		{"PATH=$PATH:./bin zzcorralnotool", "zzcorralnotool", "./bin"},
		{"PATH+=:bin; zzcorralnotool", "zzcorralnotool", "bin"},
		{`export PATH="$PATH:$PWD/bin"; zzcorralnotool`, "zzcorralnotool", dir + "/bin"},
		{"if [ -d x ]; then PATH=$PATH:bin; fi; zzcorralnotool", "zzcorralnotool", "bin"},
		{"PATH=$PATH:/opt/x zzcorralnotool", "zzcorralnotool", ""},
		{"PATH=$PATH:bin ls", "ls", ""},
		// Not looked up: a builtin, a function, a path.
		{"PATH=/usr/bin:/bin:bin; echo hi", "echo", "bin"},
		{"PATH=bin:$PATH; ls() { :; }; ls", "ls", "bin"}, // any entry counts for a name not looked up
		{"PATH=/usr/bin:/bin:bin; ls() { :; }; ls", "ls", "bin"},
		{"PATH=/usr/bin:/bin:bin; /usr/bin/ls", "ls", "bin"},
	} {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/h", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		var call *Call
		for _, c := range m.Calls {
			if c.Name == tc.name {
				call = c
			}
		}
		if call == nil {
			t.Errorf("%s: no %s call", tc.src, tc.name)
			continue
		}
		got := call.PathDir
		if call.PathRunTime {
			got = runTime
		}
		if got != tc.want {
			t.Errorf("%s: %s searches %q first, want %q", tc.src, tc.name, got, tc.want)
		}
	}
}

// TestShellLookupSkipsFunctionsAndBuiltins: a function or a builtin of
// the name runs, not the file PATH would find (pathProgram is not asked),
// while a wrapper that runs programs (env, xargs, exec) finds the file.
func TestShellLookupSkipsFunctionsAndBuiltins(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []string{"ls", "echo", "zzcorraltool"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\nrm -rf /victim\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		src  string
		runs bool // the file's rm is a call of the model
	}{
		{"PATH=.:$PATH ls", true},
		{"PATH=.:$PATH; ls() { :; }; ls", false},
		{"PATH=.:$PATH; ls() { :; }; command ls", true},
		{"PATH=.:$PATH echo hi", false},
		{"PATH=.:$PATH command echo hi", false},
		{"PATH=.:$PATH env echo hi", true},
		{"PATH=.:$PATH exec echo hi", true},
		{"unset PATH; ls", true},
		{"unset PATH; env ls", false}, // execvp: the system's default path
		{"PATH=$PATH:. zzcorraltool", true},
		{"PATH+=:.; zzcorraltool", true},
		{"PATH=$PATH:. ls", false},
	} {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/h", ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		runs := false
		for _, c := range m.Calls {
			runs = runs || c.Name == "rm"
		}
		if runs != tc.runs {
			t.Errorf("%s: the file runs %v, want %v", tc.src, runs, tc.runs)
		}
	}
}
