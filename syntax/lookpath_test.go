package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLookPathSubst: $(which NAME), $(command -v NAME) and $(type -P NAME)
// are the first executable NAME on the command's PATH when the walk may
// look at the machine, and a run-time value otherwise or when the name is
// bash's own (command -v cd prints cd).
func TestLookPathSubst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	other := t.TempDir()
	for _, f := range []struct {
		path string
		mode os.FileMode
	}{{filepath.Join(dir, "prog"), 0o755}, {filepath.Join(other, "prog"), 0o755}, {filepath.Join(dir, "data"), 0o644}} {
		if err := os.WriteFile(f.path, []byte("#!/bin/sh\n"), f.mode); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		src    string
		lookup bool
		want   string // rm's operand, "" when only known at run time
	}{
		{"PATH=" + dir + ":" + other + "; rm \"$(which prog)\"", true, filepath.Join(dir, "prog")},
		{"PATH=" + other + ":" + dir + "; rm \"$(command -v prog)\"", true, filepath.Join(other, "prog")},
		{"PATH=" + dir + "; rm \"$(type -P prog)\"", true, filepath.Join(dir, "prog")},
		{"PATH=" + dir + "; rm \"$(which data)\"", true, ""}, // not executable
		{"PATH=" + dir + "; rm \"$(which prog)\"", false, ""},
		{"PATH=" + dir + "; prog() { :; }; rm \"$(command -v prog)\"", true, ""},
		{"PATH=" + dir + "; rm \"$(command -v cd)\"", true, ""},
		{"PATH=rel:" + dir + "; rm \"$(which prog)\"", true, ""},
	} {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/h", PathLookup: tc.lookup})
		if err != nil {
			t.Fatal(err)
		}
		got := "?"
		for _, c := range m.Calls {
			if c.Name == "rm" && len(c.Args) == 1 {
				got = ""
				if c.Args[0].Static {
					got = c.Args[0].Value
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s (lookup %v): rm %q, want %q", tc.src, tc.lookup, got, tc.want)
		}
	}
}
