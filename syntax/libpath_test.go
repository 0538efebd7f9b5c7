package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// libraryPathAsks reports whether m asks about a library search path.
func libraryPathAsks(m *Model) bool {
	for _, h := range m.Hidden {
		if h.Always && (strings.HasPrefix(h.What, "LD_LIBRARY_PATH") || strings.HasPrefix(h.What, "GCONV_PATH")) {
			return true
		}
	}
	return false
}

// TestLibraryPathOnDisk: LD_LIBRARY_PATH naming a directory outside the
// system's that holds a shared library makes a system program load it;
// GCONV_PATH naming a directory with a gconv-modules file makes glibc's
// iconv load the modules listed. Look-alikes: the system's library
// directories, a directory without libraries, the project's own program
// run with its build directory, GCONV_PATH without a gconv-modules.
func TestLibraryPathOnDisk(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"r9/libselinux.so.1":  "\x7fELF",
		"build/lib/libapp.so": "\x7fELF",
		"build/app":           "\x7fELF",
		"docs/README.md":      "x\n",
		"g/gconv-modules":     "module EVIL// INTERNAL evil 1\n",
		"g/evil.so":           "\x7fELF",
		"README.md":           "x\n",
	})
	for _, tc := range []struct {
		cmd  string
		asks bool
	}{
		{`LD_LIBRARY_PATH=./r9 ls`, true},
		{`LD_LIBRARY_PATH=$PWD/r9 git status`, true},
		{`export LD_LIBRARY_PATH=r9; python3 -c 1`, true},
		{`env LD_LIBRARY_PATH=/usr/lib:r9 ls`, true},
		{`LD_LIBRARY_PATH=/usr/lib:r9 ls`, true},
		{`cd r9 && LD_LIBRARY_PATH=. ls`, true},
		{`cd r9 && LD_LIBRARY_PATH=/usr/lib: ls`, true}, // an empty entry is the working directory
		{`LD_LIBRARY_PATH=build/lib python3 train.py`, true},
		{`GCONV_PATH=$PWD/g iconv -f EVIL -t UTF-8 README.md`, true},
		{`GCONV_PATH=g iconv -f EVIL -t UTF-8 README.md`, true},
		{`GCONV_PATH=$(cat p) iconv -f EVIL -t UTF-8 README.md`, true},
		// Look-alikes.
		{`LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu ls`, false},
		{`LD_LIBRARY_PATH=/usr/local/cuda/lib64 python3 train.py`, false},
		{`LD_LIBRARY_PATH=docs ls`, false},
		{`LD_LIBRARY_PATH=missing ls`, false},
		{`LD_LIBRARY_PATH=build/lib ./build/app`, false},
		{`LD_LIBRARY_PATH=$PWD/build/lib build/app --help`, false},
		{`LD_LIBRARY_PATH=r9 echo hi`, false},
		{`GCONV_PATH=docs iconv -f latin1 -t UTF-8 README.md`, false},
		{`GCONV_PATH=/usr/lib/x86_64-linux-gnu/gconv iconv -f latin1 -t UTF-8 README.md`, false},
		{`iconv -f latin1 -t UTF-8 README.md`, false},
		{`ls r9`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if got := libraryPathAsks(m); got != tc.asks {
			t.Errorf("%s: asks = %v, want %v (%+v)", tc.cmd, got, tc.asks, m.Hidden)
		}
	}
}

// TestLibraryPathReal checks the mechanisms with the real loader, ls and
// iconv: a constructor in DIR/libselinux.so.1 runs in ls under
// LD_LIBRARY_PATH=DIR, and one in a module DIR/gconv-modules lists runs
// in iconv under GCONV_PATH=DIR.
func TestLibraryPathReal(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	ls, err := exec.LookPath("ls")
	if err != nil {
		t.Skip("no ls")
	}
	if out, err := exec.Command("ldd", ls).Output(); err != nil || !strings.Contains(string(out), "libselinux.so.1") {
		t.Skip("ls does not link libselinux.so.1")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	src := "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void ran(void) { int fd = open(\"" + canary + "\", O_CREAT|O_WRONLY, 0644); if (fd >= 0) close(fd); }\nint gconv_init(void *s) { return 1; }\nint gconv(void) { return 1; }\n"
	writeFiles(t, dir, map[string]string{"c.c": src, "g/gconv-modules": "module EVIL// INTERNAL evil 1\nmodule INTERNAL EVIL// evil 1\n", "t.txt": "hi\n"})
	for _, out := range []string{"r9/libselinux.so.1", "g/evil.so"} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, out)), 0o755)
		if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, out), filepath.Join(dir, "c.c")).CombinedOutput(); err != nil {
			t.Skipf("gcc: %v %s", err, b)
		}
	}
	for _, tc := range []struct {
		cmd string
		env string
		run []string
	}{
		{`LD_LIBRARY_PATH=r9 ls`, "LD_LIBRARY_PATH=r9", []string{"ls"}},
		{`GCONV_PATH=$PWD/g iconv -f EVIL -t UTF-8 t.txt`, "GCONV_PATH=" + filepath.Join(dir, "g"), []string{"iconv", "-f", "EVIL", "-t", "UTF-8", "t.txt"}},
	} {
		os.Remove(canary)
		p, err := exec.LookPath(tc.run[0])
		if err != nil {
			t.Skipf("no %s", tc.run[0])
		}
		cmd := exec.Command(p, tc.run[1:]...)
		cmd.Dir = dir
		cmd.Env = []string{tc.env, "PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		cmd.Run() // the stub library breaks the program: only the canary matters
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: the library's constructor did not run", tc.cmd)
		}
		if !libraryPathAsks(analyzeIn(t, dir, tc.cmd)) {
			t.Errorf("%s: corral does not ask", tc.cmd)
		}
	}
}
