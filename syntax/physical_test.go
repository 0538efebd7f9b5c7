package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPhysicalCd: cd -P, set -P / set -o physical and pwd -P resolve
// links before "..", as bash does (checked against the real bash first):
// with s a link to home/.ssh, cd -P s/.. is home, where a logical cd
// s/.. stays in the project. Links the command made count too.
func TestPhysicalCd(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	for _, d := range []string{filepath.Join(home, ".ssh"), filepath.Join(proj, "build")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(home, ".ssh"), filepath.Join(proj, "s")); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ cmd, want string }{
		{"cd -P s/..", home},
		{"cd s && cd -P ..", home},
		{"set -P; cd s/..", home},
		{"set -o physical; cd s; cd ..", home},
		{"cd -L -P s/..", home},
		{"cd s; cd \"$(pwd -P)/..\"", home},
		{"ln -s " + filepath.Join(home, ".ssh") + " u; cd -P u/..", home},
		{"set -P; set +P; cd s/..", proj},
		{"cd -P -L s/..", proj},
		{"cd s/..", proj},
		{"cd s; cd ..", proj},
		{"cd -P build && cd ..", proj},
		{"cd \"$(pwd -P)\"", proj},
		{"(set -P); cd s/..", proj},
	}
	for _, tc := range tests {
		// What bash does, in a copy of the project so that links the
		// command makes do not stay.
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tc.cmd+"; pwd -P; rm -f u")
		cmd.Dir = proj
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bash %q: %v %s", tc.cmd, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != tc.want {
			t.Fatalf("bash %q ends in %s, the test expects %s", tc.cmd, got, tc.want)
		}
		m, err := Analyze(tc.cmd+" && rm -rf .claude", Options{Cwd: proj, Home: home, ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		var rm *Call
		for _, c := range m.Calls {
			if c.Name == "rm" {
				rm = c
			}
		}
		if rm == nil || !rm.Dir.Known || rm.Dir.Path != tc.want {
			d := Dir{}
			if rm != nil {
				d = rm.Dir
			}
			t.Errorf("%s: rm runs in %+v, bash in %s", tc.cmd, d, tc.want)
		}
	}
}
