package syntax

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestFdDirCdAgainstBash: cd through a descriptor opened on a directory
// goes where bash goes. Logically (the default) bash drops each ".." with
// the name before it in the text first: cd /dev/fd/3/.. enters /dev/fd,
// the shell's descriptor directory, not the parent of the directory fd 3
// was opened on; only when that text names nothing (cd
// /dev/fd/3/../.ssh) does the kernel climb out of it. cd -P and set -P
// let the kernel resolve the whole path. Each row ends in pwd -P, which
// corral's directory for the last call must be (a /proc/PID/fd read as
// /proc/self/fd).
func TestFdDirCdAgainstBash(t *testing.T) {
	bash, _, home, proj := bashTree(t, "home/.config/sub", "home/.ssh", "proj/sub")
	pid := regexp.MustCompile(`^/proc/[0-9]+/`)
	rows := []string{
		`exec 3<~/.config; cd /dev/fd/3/..; pwd -P`,
		`exec 3<~/.config; cd -L /dev/fd/3/..; pwd -P`,
		`exec 3<~/.config; cd -P /dev/fd/3/..; pwd -P`,
		`exec 3<~/.config; set -P; cd /dev/fd/3/..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3/../.ssh; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3/sub/..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3/sub; pwd -P`,
		`exec 3<~/.config; pushd /dev/fd/3/.. >/dev/null; pwd -P`,
		`exec 3<~/.config; pushd /dev/fd/3/../.ssh >/dev/null; pwd -P`,
		// Entered first, left with cd .. next: logically bash's PWD is
		// /dev/fd/3, and .. of it is /dev/fd; physically the directory
		// fd 3 was opened on, and .. its parent.
		`exec 3<~/.config; cd /dev/fd/3; cd ..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd ../3/sub; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd ../../fd/3/..; pwd -P`,
		`exec 3<~/.config; cd /proc/self/fd/3; cd ..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3/sub; cd ../..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd -P ..; pwd -P`,
		`exec 3<~/.config; cd -P /dev/fd/3; cd ..; pwd -P`,
		`exec 3<~/.config; set -P; cd /dev/fd/3; cd ..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd ..; cd 3; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd sub; cd ..; pwd -P`,
		`exec 3<~/.config; cd /dev/fd/3; cd ..; cd ..; pwd -P`,
		// An assigned PWD is not where a relative cd starts.
		`PWD=~; cd sub; pwd -P`,
		`PWD=/; cd sub; pwd -P`,
		`PWD=~; cd -P sub; pwd -P`,
		`PWD=~/.config; cd ..; pwd -P`,
	}
	read := func(p string) (string, error) { b, err := os.ReadFile(p); return string(b), err }
	o := Options{Cwd: proj, Home: home, Project: proj, ReadFile: read}
	for _, src := range rows {
		out := bashPrints(t, bash, proj, src, "HOME="+home, "PATH="+os.Getenv("PATH"))
		want := pid.ReplaceAllString(strings.TrimSpace(out), "/proc/self/")
		m, err := Analyze(src, o)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		d := m.Calls[len(m.Calls)-1].Dir
		if !d.Known || d.Path != want {
			t.Errorf("%q: corral's directory %+v, bash's %q", src, d, want)
		}
	}
}
