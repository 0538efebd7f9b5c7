package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestTarTransformPaths runs GNU tar with --transform expressions on an
// archive and compares the files it writes with the names corral
// predicts (memberPath after the renames), with and without -P.
func TestTarTransformPaths(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("tar is not installed")
	}
	members := []string{"a.txt", "./b/c.txt", "h/i/j.txt", "X.md", "../up/e.txt"}
	tests := []struct {
		xform string
		abs   bool
	}{
		{xform: `s,^,pre/,`},
		{xform: `s,a,/abs/A,`},
		{xform: `s,^,../out/,`},
		{xform: `s/\(.*\)\/\(.*\)/\2.\1/`},
		{xform: `s/x/Y/i;s/Y/z\U&/`},
		{xform: `s/[ab]/Q/g`},
		{xform: `s/(txt|md)$/\U\1/x`},
		{xform: `s|^\(h\)/.*|\u&-\1|`},
		{xform: `s,^a,sub/../../esc,`, abs: true},
		{xform: `s,^,out/,`, abs: true},
		{xform: `s/.*\.\(txt\)$/d\/&.\1/`},
	}
	for _, tt := range tests {
		t.Run(tt.xform, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "w", "out")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			archive := filepath.Join(root, "a.tar")
			writeTar(t, archive, false, members...)
			args := []string{"-xf", archive, "--transform=" + tt.xform}
			if tt.abs {
				args = append(args, "-P")
			}
			cmd := exec.Command("tar", args...)
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			src := "tar " + strings.Join([]string{"-xf", "a.tar", "--transform='" + tt.xform + "'"}, " ")
			if tt.abs {
				src += " -P"
			}
			e, err := extractionFor(t, src)
			if err != nil || len(e.transforms) == 0 || e.unreadTransform != "" {
				t.Fatalf("%s: transforms not read (%v, %q)", src, err, e.unreadTransform)
			}
			var want []string
			for _, m := range members {
				p := memberPath(m, e)
				if p == "" || strings.HasPrefix(p, "/") {
					continue // absolute names are left out of this run
				}
				p = filepath.Clean(filepath.Join("w/out", p))
				if !slices.Contains(want, p) {
					want = append(want, p)
				}
			}
			sort.Strings(want)
			var got []string
			for _, f := range listFiles(t, root) {
				if f != "a.tar" {
					got = append(got, f)
				}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: tar wrote %v, corral predicts %v\n%s", tt.xform, got, want, out)
			}
		})
	}
	// What corral cannot apply is reported as such.
	for _, src := range []string{`tar -xf a.tar --transform='s/\(a\)\1/b/'`, `tar -xf a.tar --xform='y/a/b/'`, `tar -xf a.tar --transform="$T"`, `tar -xf a.tar --transform='s,a,b'`, `tar -xf a.tar --transform='s/a/b/2'`} {
		if e, _ := extractionFor(t, src); e.unreadTransform == "" {
			t.Errorf("%s: read as %v", src, e.transforms)
		}
	}
}

// TestTarTransformDecisions: a renamed member is judged by the name it
// is written to (red team 6 #12): tar -xPf x.tar --transform='s,x,
// ~/.bashrc,' writes the rc file; without -P the name stays under the
// directory; a rename corral cannot read asks where names matter.
func TestTarTransformDecisions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "home/.claude/x": "{}\n"})
	root := filepath.Dir(cfg.Project)
	writeTar(t, filepath.Join(root, "proj", "x.tar"), false, "x")
	home := filepath.Join(root, "home")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar -xPf x.tar --transform='s,x," + home + "/.bashrc,'", "deny"},
		{"tar -xf x.tar -P --xform 's,x," + home + "/.claude/settings.json,'", "deny"},
		{"tar -xPf x.tar --transform='s,x,../home/.bashrc,'", "deny"},
		{"tar -xf x.tar --xform 's,x,.bashrc,' -C ~", "deny"},
		{"tar -xf x.tar --transform 's,x,.claude/settings.json,' -C ~", "deny"},
		{"tar -xf x.tar --transform 's/\\(x\\)/.bashr\\1/;s/x$/c/' -C ~", "deny"},
		{"bsdtar -xf x.tar -s ',x,.bashrc,' -C ~", "deny"},
		{"tar -xf x.tar --transform 's,x,.git/hooks/pre-commit,'", "deny"},
		{"tar -xPf x.tar --transform=\"$T\"", "ask"},
		// Look-alikes: renames that stay in the project.
		{"tar -xf x.tar --transform='s,^,sub/,'", "allow"},
		{"tar -xf x.tar --transform='s,x," + home + "/.bashrc,'", "allow"}, // without -P: proj/<that path>
		{"tar -xf x.tar --transform='s,x,../../.bashrc,'", "allow"},        // without -P: proj/.bashrc
		{"tar -xPf x.tar --transform='s,^,out/,'", "allow"},
		{"tar -xf x.tar --strip-components=1 --transform 's,^,vendor/,'", "allow"},
	})
}
