package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestInheritedPathReads: which files a bare name found through the PATH
// the command inherits (Options.Path) makes the walk read: an executable
// script the hook's user owns, outside the system's directories, and the
// target of a link to one; never a binary, a FIFO, a file that is not
// executable, a link into a system directory or a system directory's
// script (/usr/bin/which); a name hashed with hash -p, a function or a
// builtin is not searched for.
func TestInheritedPathReads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	lib := filepath.Join(dir, "lib")
	for _, d := range []string{bin, lib} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, text string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(bin, "tool"), "#!/bin/sh\necho tool\n", 0o755)
	write(filepath.Join(bin, "plain"), "echo plain\n", 0o755)
	write(filepath.Join(bin, "noexec"), "echo noexec\n", 0o644)
	write(filepath.Join(lib, "cli.js"), "#!/usr/bin/env node\nconsole.log(1)\n", 0o755)
	if err := os.Symlink("../lib/cli.js", filepath.Join(bin, "cli")); err != nil {
		t.Fatal(err)
	}
	if tr, err := exec.LookPath("true"); err == nil {
		if data, err := os.ReadFile(tr); err == nil {
			write(filepath.Join(bin, "elf"), string(data), 0o755)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(bin, "fifo"), 0o755); err != nil {
		t.Fatal(err)
	}
	which := ""
	if p, err := filepath.EvalSymlinks("/usr/bin/which"); err == nil && systemProgram(p) {
		if text, err := os.ReadFile(p); err == nil && strings.HasPrefix(string(text), "#!") {
			which = p
			if err := os.Symlink("/usr/bin/which", filepath.Join(bin, "mywhich")); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := bin + ":/usr/bin:/bin"
	reads := func(src, p string) []string {
		t.Helper()
		m, err := Analyze(src, Options{Cwd: dir, Home: dir, ReadFile: ReadScript, Path: p})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range m.DiskReads {
			if strings.HasPrefix(r.Path, dir+"/") || r.Path == which {
				out = append(out, r.Path)
			}
		}
		return out
	}
	for _, tc := range []struct {
		src  string
		want string // the file read, "" for none (of dir's and /usr/bin/which)
	}{
		{"tool", filepath.Join(bin, "tool")},
		{"tool a b", filepath.Join(bin, "tool")},
		{"command tool", filepath.Join(bin, "tool")},
		{"plain", filepath.Join(bin, "plain")},
		{"cli", filepath.Join(lib, "cli.js")},
		{"noexec", ""},
		{"elf", ""},
		{"fifo", ""},
		{"hash -p /bin/true tool; tool", ""},
		{"tool() { :; }; tool", ""},
		{"echo tool", ""},
		{"PATH=/usr/bin:/bin tool", ""},
		{"mywhich ls", ""},
		{"which ls", ""},
	} {
		got := reads(tc.src, path)
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) == 0 || got[0] != tc.want) {
			t.Errorf("%q: read %v, want %q", tc.src, got, tc.want)
		}
		if got := reads(tc.src, ""); len(got) > 0 {
			t.Errorf("%q without the hook's PATH: read %v", tc.src, got)
		}
	}
	if which != "" {
		if got := reads("which ls", "/usr/bin:/bin"); len(got) > 0 {
			t.Errorf("which ls: read the system's script: %v", got)
		}
	}
	if got := reads("tool", bin+":/usr/bin:/bin"); len(got) > 0 && !ownedByUs(got[0]) && !writableByUs(got[0]) {
		t.Errorf("tool: read %v, which the hook's user neither owns nor may write", got)
	}
}
