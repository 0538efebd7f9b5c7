package syntax

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// extTree is the scratch tree the extended-pattern oracle matches in.
var extTree = []string{
	"usr", "bin", "sbin", "xin", "in", ".in", "b.go", "a.go", ".hid", "keep",
	"d1/.ssh/", "d2/.ssh/", "x/.ssh/", "x/y/", ".cfg/.ssh/", "src/.env", "src/deep/.env",
}

// extCases are patterns with negated groups anywhere in them, with what
// a bash reader says they name in extTree (bash under shopt -s extglob
// and pre).
var extCases = []struct {
	pre, pat string
	want     []string
}{
	{"", "!(usr)in", []string{"bin", "in", "sbin", "xin"}},
	{"", "!(x)in", []string{"bin", "in", "sbin"}},
	{"", "!(x)/.ssh", []string{"d1/.ssh", "d2/.ssh"}},
	{"", "!(d1)/.ssh", []string{"d2/.ssh", "x/.ssh"}},
	{"", "!(d*)/.ssh", []string{"x/.ssh"}},
	{"shopt -s dotglob", "!(d*)/.ssh", []string{".cfg/.ssh", "x/.ssh"}},
	{"", "!(b).go", []string{"a.go"}},
	{"", "!(x).hid", nil},
	{"shopt -s dotglob", "!(x).hid", []string{".hid"}},
	{"", "!(!(b)).go", []string{"b.go"}},
	{"", "@(!(b)).go", []string{"a.go"}},
	{"", ".!(hid)", []string{".cfg", ".in"}},
	{"", "!(*.go|*in)", []string{"d1", "d2", "keep", "src", "usr", "x"}},
	{"", "!(a|b)!(c)", []string{"a.go", "b.go", "bin", "d1", "d2", "in", "keep", "sbin", "src", "usr", "x", "xin"}},
	{"", "s!(bin)", []string{"src"}},
	{"", "+(!(x))/y", nil},
	{"", "*/!(.ssh)", []string{"src/deep", "x/y"}},
	{"", "src/!(x)", []string{"src/deep"}},
	{"", "src/!(deep)", nil},
	{"shopt -s globstar", "**/!(x).env", nil},
	{"shopt -s globstar; shopt -s dotglob", "**/!(x).env", []string{"src/.env", "src/deep/.env"}},
	{"shopt -s nocaseglob", "!(USR)in", []string{"bin", "in", "sbin", "xin"}},
	{"", "!([a-c]*)", []string{"d1", "d2", "in", "keep", "sbin", "src", "usr", "x", "xin"}},
}

// TestExtGlobAgainstBash checks which paths corral takes a pattern with
// a negated group to name, against the table and against real bash
// (shopt -s extglob; for f in PATTERN) in a scratch tree.
func TestExtGlobAgainstBash(t *testing.T) {
	t.Parallel()
	dir := oracleDir(t)
	for _, p := range extTree {
		full := filepath.Join(dir, p)
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var all []string
	_ = filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if rel, _ := filepath.Rel(dir, p); err == nil && rel != "." {
			all = append(all, rel)
		}
		return nil
	})
	bash, _ := exec.LookPath("bash")
	for _, tc := range extCases {
		src := "shopt -s extglob\n" + tc.pre + "\nrm -f " + tc.pat
		m, err := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		a := m.Calls[len(m.Calls)-1].Args[1]
		var got []string
		for _, p := range all {
			if a.Static && a.Glob && GlobMatch(a.Pattern(), p, a.GlobOpts) || a.Static && !a.Glob && a.Value == p {
				got = append(got, p)
			}
		}
		// On disk: the segment-by-segment expansion gives the same.
		var disk []string
		if a.Glob {
			for _, f := range GlobFiles(dir+"/"+a.Pattern(), a.GlobOpts) {
				disk = append(disk, strings.TrimPrefix(f, dir+"/"))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: corral takes %q to name %q, want %q", src, tc.pat, got, tc.want)
		}
		if a.Glob && !strings.Contains(tc.pat, "**") && !slices.Equal(disk, tc.want) {
			t.Errorf("%q: GlobFiles names %q, want %q", src, disk, tc.want)
		}
		if bash == "" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", "shopt -s extglob\n"+tc.pre+"\nfor f in "+tc.pat+"; do printf '%s\\0' \"$f\"; done")
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("%q: bash: %v", src, err)
		}
		var ran []string
		for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if slices.Contains(all, f) {
				ran = append(ran, f)
			}
		}
		slices.Sort(ran)
		if !slices.Equal(ran, tc.want) {
			t.Errorf("%q: bash names %q, the table says %q", src, ran, tc.want)
		}
	}
}
