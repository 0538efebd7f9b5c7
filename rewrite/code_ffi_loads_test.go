package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCodeFFIRunTimeLoads: a shared object ctypes loads by a name only
// run time knows, and the libraries given to Perl's FFI::Platypus and
// FFI::Raw (red team 13 NL; syntax/lang/foreignffi.go): dlopen runs the
// object's constructors, so a run-time name asks and a library on disk
// outside the system's directories is judged as LD_PRELOAD's is. System
// libraries, the program itself and the finders' names pass.
func TestCodeFFIRunTimeLoads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// allow -> ask
		{`python3 -c 'import ctypes; ctypes.CDLL(n).system(b"x")'`, "ask"},
		{`L=$(cat lib.txt) python3 -c 'import ctypes, os; ctypes.CDLL(os.environ["L"])'`, "ask"},
		{`python3 -c 'from ctypes import cdll; cdll.LoadLibrary(input())'`, "ask"},
		{`python3 -c 'import ctypes, sys; ctypes.PyDLL(sys.stdin.readline().strip())'`, "ask"},
		{`perl -e 'use FFI::Platypus; my $ffi = FFI::Platypus->new(api => 1, lib => $ENV{L});'`, "ask"},
		{`perl -e 'use FFI::Platypus; my $ffi = FFI::Platypus->new(api => 1); $ffi->lib($p);'`, "ask"},
		{`perl -e 'use FFI::Raw; my $f = FFI::Raw->new($p, "f", FFI::Raw::int);'`, "ask"},
		// Look-alikes.
		{`python3 -c 'import ctypes, ctypes.util; ctypes.CDLL(ctypes.util.find_library("c")).getpid()'`, "allow"},
		{`python3 -c 'import ctypes; ctypes.CDLL(None).getpid()'`, "allow"},
		{`python3 -c 'import ctypes; ctypes.CDLL("libm.so.6").cos'`, "allow"},
		{`perl -e 'use FFI::Platypus; my $f = FFI::Platypus->new(api => 1, lib => undef); $f->lib(find_lib_or_die(lib => "m"));'`, "allow"},
		{`perl -e 'use FFI::Platypus; FFI::Platypus->new(api => 1, lib => "libm.so.6");'`, "allow"},
		{`perl -e 'my %o = (lib => $x); print $o{lib}'`, "allow"},
	})
}

// TestCodeFFIRunTimeLoadsOracle builds a shared object whose constructor
// makes a canary (gcc and python3, when installed) and loads it by a name
// from the environment: the constructor runs at the load, before any
// function of it is called, which is why a run-time name asks.
func TestCodeFFIRunTimeLoadsOracle(t *testing.T) {
	t.Parallel()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not installed")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	src := filepath.Join(dir, "hook.c")
	code := "#include <stdio.h>\n__attribute__((constructor)) static void init(void) { FILE *f = fopen(\"" + canary + "\", \"w\"); if (f) fclose(f); }\n"
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	lib := filepath.Join(dir, "libhook.so")
	if out, err := exec.Command(gcc, "-shared", "-fPIC", "-o", lib, src).CombinedOutput(); err != nil {
		t.Skipf("gcc: %v %s", err, out)
	}
	cmd := exec.Command(py, "-c", `import ctypes, os; ctypes.CDLL(os.environ["L"])`)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "L="+lib)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("python3: %v %s", err, out)
	}
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("the constructor did not run at the load: %v", err)
	}
}
