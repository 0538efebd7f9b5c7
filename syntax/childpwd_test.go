package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChildPWDAgainstBash: a new shell keeps the PWD it inherits only
// when that is an absolute path naming the directory it starts in (links
// followed), as written; bash in POSIX mode canonicalizes it; otherwise
// PWD is the physical directory (bash's set_pwd). Every row runs in real
// bash, and corral's reading of the child's echo "$PWD" must be what
// bash printed; "?" rows are ones corral leaves to run time (the command
// changes the disk first), whatever bash prints.
func TestChildPWDAgainstBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(root, "proj")
	for _, d := range []string{"proj/sub", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"proj/lnk": "sub", "proj/self": ".", "plink": "proj"} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	rows := []struct{ src, want string }{
		// The inherited PWD names the directory: kept as written.
		{`PWD=ROOT/plink bash -c 'echo "$PWD"'`, "ROOT/plink"},
		{`PWD=DIR/self bash -c 'echo "$PWD"'`, "DIR/self"},
		{`PWD=DIR/./self/ bash -c 'echo "$PWD"'`, "DIR/./self/"},
		{`PWD=DIR/./self/ bash --posix -c 'echo "$PWD"'`, "DIR/self"},
		{`cd sub; PWD=DIR/lnk bash -c 'echo "$PWD"'`, "DIR/lnk"},
		{`cd lnk; PWD=DIR/sub bash -c 'echo "$PWD"'`, "DIR/sub"},
		{`cd lnk; bash -c 'echo "$PWD"'`, "DIR/lnk"},
		{`bash -c 'echo "$PWD"'`, "DIR"},
		// Another directory, a relative one, none: the physical one.
		{`PWD=DIR/sub bash -c 'echo "$PWD"'`, "DIR"},
		{`PWD=ROOT/other bash -c 'echo "$PWD"'`, "DIR"},
		{`PWD=/ bash -c 'echo "$PWD"'`, "DIR"},
		{`PWD=self bash -c 'echo "$PWD"'`, "DIR"},
		{`PWD=DIR/nonexistent bash -c 'echo "$PWD"'`, "DIR"},
		{`PWD=DIR/self/.. bash -c 'echo "$PWD"'`, "DIR"},
		{`cd lnk; PWD=ROOT/other bash -c 'echo "$PWD"'`, "DIR/sub"},
		{`PWD=ROOT/other; bash -c 'echo "$PWD"'`, "DIR"},
		{`unset PWD; bash -c 'echo "$PWD"'`, "DIR"},
		{`env PWD=ROOT/other bash -c 'echo "$PWD"'`, "DIR"},
		{`cd sub; PWD=ROOT/other bash -c 'cd ..; echo "$PWD"'`, "DIR"},
		// cd sets PWD to the directory it enters and OLDPWD to the value
		// PWD had, assigned or not.
		{`PWD=ROOT/other; cd sub; echo "$PWD"`, "DIR/sub"},
		{`PWD=ROOT/other; cd sub && echo ~+`, "DIR/sub"},
		{`PWD=ROOT/other; cd sub; echo "$OLDPWD"`, "ROOT/other"},
		{`cd sub; cd ..; echo "$OLDPWD"`, "DIR/sub"},
		{`cd lnk; cd ..; echo "$OLDPWD"`, "DIR/lnk"},
		// The command changes the disk first: either reading.
		{`mkdir -p n; PWD=DIR/self bash -c 'echo "$PWD"'`, "?"},
	}
	for _, r := range rows {
		src := strings.ReplaceAll(strings.ReplaceAll(r.src, "DIR", proj), "ROOT", root)
		want := strings.ReplaceAll(strings.ReplaceAll(r.want, "DIR", proj), "ROOT", root)
		out := bashPrints(t, bash, proj, src, "HOME="+root, "PATH="+os.Getenv("PATH"), "PWD="+proj)
		printed := strings.TrimSuffix(out, "\n")
		if want != "?" && printed != want {
			t.Errorf("%q: bash printed %q, the row says %q", src, printed, want)
		}
		m, err := Analyze(src, Options{Cwd: proj, Home: root, Project: proj})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name != "echo" || len(c.Args) != 1 {
			t.Fatalf("%q: last call is %q %v", src, c.Name, c.Args)
		}
		a := c.Args[0]
		switch {
		case want == "?" && a.Static:
			t.Errorf("%q: corral is certain $PWD is %q; want both readings", src, a.Value)
		case want != "?" && !a.Static:
			t.Errorf("%q: corral leaves $PWD to run time; bash prints %q", src, printed)
		case want != "?" && a.Value != printed:
			t.Errorf("%q: corral reads %q, bash prints %q", src, a.Value, printed)
		}
	}
}
