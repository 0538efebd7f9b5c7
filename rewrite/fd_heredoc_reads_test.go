package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestReadsOfHereStringDescriptors: a read of a descriptor that a
// here-string or here-document opened on a block, a loop, a function call
// or an earlier exec (red team 12, class FD2: { read -r d <&3; rm -rf
// "$d"; } 3<<< ~ passed, while the same text on standard input was
// denied) gives the read that text. Bash expands the here-string's tilde:
// checked with the real bash first.
func TestReadsOfHereStringDescriptors(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("bash is required")
	}
	home := t.TempDir()
	for _, src := range []string{
		`{ read -r d <&3; printf %s "$d"; } 3<<< ~`,
		`exec 3<<< ~; read -r d <&3; printf %s "$d"`,
		`f() { read -r d <&3; printf %s "$d"; }; f 3<<< ~`,
	} {
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", src)
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
		out, err := cmd.Output()
		if err != nil || strings.TrimSpace(string(out)) != home {
			t.Fatalf("bash %q printed %q (%v), want %q", src, out, err, home)
		}
	}
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, dir)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`{ read -r d <&3; rm -rf "$d"; } 3<<< ~`, "deny"},
		{`exec 3<<< ~; read -r d <&3; rm -rf "$d"`, "deny"},
		{`f() { read -r d <&3; rm -rf "$d"; }; f 3<<< ~`, "deny"},
		{`while read -r d <&3; do rm -rf "$d"; done 3<<< ~`, "deny"},
		{"exec 3<<X\n/home/u\nX\nread -r d <&3; rm -rf \"$d\"", "deny"},
		// Look-alikes: a project directory, and a read of the block's
		// standard input that is not the descriptor.
		{`{ read -r d <&3; rm -rf "$d"; } 3<<< build`, "allow"},
		{`{ read -r d <&3; echo "$d"; } 3<<< ~`, "allow"},
	})
}
