package rewrite

import (
	"os/exec"
	"path"
	"strings"
	"testing"
)

// TestUnknownRootsInBash runs each command in real bash with rm replaced
// by a function that prints its arguments (nothing is deleted), the
// variables unset, and checks corral's answer against what bash would
// have deleted: an ask where some argument is / or directly under it, a
// pass where bash stops first (${DIR:?}) or the path stays relative.
func TestUnknownRootsInBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	for _, tc := range []struct {
		cmd  string
		root bool // bash passes rm a path at the top of the file system
	}{
		{`rm -rf "$DIR/"*`, true},
		{`rm -rf $TMPDIR_UNSET/x`, true},
		{`DIR=/tmp/x rm -rf "$DIR/x"`, true},
		{`rm -rf ${D:-/}*`, true},
		{`rm -rf "${DIR:?}/"*`, false},
		{`rm -rf "$DIR"`, false},
		{`rm -rf ./"$DIR"x`, false},
	} {
		script := `rm() { printf '%s\n' "$@"; }; ` + tc.cmd
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Env = []string{"PATH=/usr/bin:/bin"} // every variable of the table unset
		out, _ := cmd.Output()
		atRoot := false
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if strings.HasPrefix(l, "/") && path.Dir(path.Clean(l)) == "/" {
				atRoot = true
			}
		}
		if atRoot != tc.root {
			t.Fatalf("%s: bash passed %q to rm; the table says at the root: %v", tc.cmd, out, tc.root)
		}
		got := Allow
		for _, f := range Check(testConfig(), tc.cmd).Findings {
			if f.Rule == "rm-root" && f.Decision > got {
				got = f.Decision
			}
		}
		if want := map[bool]Decision{true: Ask, false: Allow}[tc.root]; got != want {
			t.Errorf("%s: rm-root says %s, want %s (bash would delete %q)", tc.cmd, got, want, out)
		}
	}
}

// TestRunTimeChildInBash runs each command in real bash with rm replaced by
// a function that prints its arguments, X set to a name the environment
// can hold (lib, .ssh), and HOME the test's home: ${X:?} only stops an
// empty X, so a value directly under /, a system directory or the home
// can be a directory that matters (/usr, ~/.ssh). rm-root asks exactly
// where bash hands a recursive rm one of them (a fixed tail after $X, or
// a directory the project owns, keeps it to a name no one relies on).
func TestRunTimeChildInBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not found")
	}
	cfg := testConfig()
	// The directories the values of X below name: deleting one is a disaster.
	matters := map[string]bool{"/usr": true, "/usr/lib": true, "/etc/ssh": true, cfg.Home + "/.ssh": true, cfg.Project: true}
	for _, tc := range []struct {
		cmd, x string
		ask    bool
	}{
		{`rm -rf /${X:?}`, "usr", true},
		{`rm -rf /usr/${X:?}`, "lib", true},
		{`rm -rf "/usr/${X:?}/"`, "lib", true},
		{`rm -rf ~/${X:?}`, ".ssh", true},
		{`rm -rf "$HOME/${X:?}"`, ".ssh", true},
		{`rm -rf /etc/"$X"`, "ssh", true},
		{`rm -fr ../"${X:?}"`, "proj", true}, // ~: the project's parent, the home
		// Look-alikes: a fixed tail, the project's own entries, a
		// directory no one relies on, no recursion.
		{`rm -rf ~/${X:?}/build`, ".ssh", false},
		{`rm -rf /usr/${X:?}.bak`, "lib", false},
		{`rm -rf ./"${X:?}"`, "src", false},
		{`rm -rf build/${X:?}`, "x", false},
		{`rm -rf "${X:?}"/build`, "usr", false},
		{`rm -f /usr/"${X:?}"`, "lib", false},
		{`echo rm -rf /${X:?}`, "usr", false},
	} {
		script := `rm() { printf '%s\n' "$@"; }; cd ` + cfg.Cwd + ` 2>/dev/null; ` + tc.cmd
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "X=" + tc.x, "HOME=" + cfg.Home}
		out, _ := cmd.Output()
		under := false
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if l == "-rf" || l == "-fr" || l == "-f" || l == "" {
				continue
			}
			if !path.IsAbs(l) {
				l = path.Join(cfg.Cwd, l)
			}
			if matters[path.Clean(l)] && (strings.HasPrefix(tc.cmd, "rm -r") || strings.HasPrefix(tc.cmd, "rm -fr")) {
				under = true
			}
		}
		if under != tc.ask {
			t.Fatalf("%s (X=%s): bash passed %q to rm; the table says a directory that matters: %v", tc.cmd, tc.x, out, tc.ask)
		}
		got := Allow
		for _, f := range Check(cfg, tc.cmd).Findings {
			if f.Rule == "rm-root" && f.Decision > got {
				got = f.Decision
			}
		}
		if want := map[bool]Decision{true: Ask, false: Allow}[tc.ask]; got != want {
			t.Errorf("%s: rm-root says %s, want %s (bash would delete %q)", tc.cmd, got, want, out)
		}
	}
}
