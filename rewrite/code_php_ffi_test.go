package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPHPFFI (red team 19 LP1): PHP's FFI calls libc's functions by name,
// judged as Python's ctypes calls are; a library or header given by path
// is judged as LD_PRELOAD's library.
func TestPHPFFI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"x.so", "x.h"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("\x7fELF"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, dir)
	if warns != nil {
		t.Fatal(warns)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// allow -> deny / ask
		{`php -r '$f = FFI::cdef("int system(const char*);", "libc.so.6"); $f->system("rm -rf ~");'`, "deny"},
		{`php -r '$f = \FFI::cdef("int system(const char *cmd);"); $f->system("rm -rf ~");'`, "deny"},
		{`php -r 'FFI::cdef("int system(const char*);")->system("rm -rf ~");'`, "deny"},
		{`php -r '$f = FFI::cdef("int unlink(const char*);"); $f->unlink("/home/u/.bashrc");'`, "deny"},
		{`php -r '$c = FFI::cdef("void *fopen(const char*, const char*);"); $c->fopen("/home/u/.bashrc", "w");'`, "deny"},
		{`php -r '$f = FFI::cdef("int system(const char*);"); $f->system(getenv("C"));'`, "ask"},
		{`php -r '$f = FFI::cdef("int system(const char*);"); $n = "sys" . "tem"; $f->$n("rm -rf ~");'`, "ask"},
		{`php -r '$f = FFI::cdef("int unlink(const char*);"); $u = [$f, "unlink"]; $u("/home/u/.bashrc");'`, "ask"},
		{`php -r '$f = FFI::cdef("int unlink(const char*);"); call_user_func(array($f, "unl" . "ink"), "x");'`, "ask"},
		{`php -r '$f = FFI::cdef("int unlink(const char*);"); $g = $f; $g->unlink("/home/u/.bashrc");'`, "deny"},
		{`php -r '$f = FFI::cdef("void hello(void);", "./x.so"); $f->hello();'`, "ask"},
		{`php -r '$f = FFI::cdef("void hello(void);", $argv[1]);' ./x.so`, "ask"},
		{`php -r '$f = FFI::load("./x.h");'`, "ask"},
		{`php -d ffi.preload=./x.h -r 1`, "ask"},
		{`php -d extension_dir=. -r 1`, "ask"}, // the configuration's own extensions load from there
		{`php -d extension_dir=` + dir + ` -d extension=x -r 1`, "ask"},
		{`cc -shared -o e2/y.so y.c && php -d extension_dir=e2 -d extension=y -r 1`, "ask"},
		{`php -d ffi.preload=/usr/share/a.h:x.h -r 1`, "ask"},
		{`php -r '$f = FFI::scope("app"); $f->system("rm -rf ~");'`, "deny"},
		{`php -r '$f = FFI::cdef($argv[1]); $f->system("rm -rf ~");' 'int system(const char*);'`, "deny"},
		// Look-alikes.
		{`php -r 'echo FFI::class;'`, "allow"},
		{`php -d ffi.preload=./missing.h -r 1`, "allow"},
		{`php -d ffi.enable=1 -r 1`, "allow"},
		{`php -d extension_dir=/usr/lib/php/20220829 -d extension=pdo -r 1`, "allow"},
		{`php -d extension_dir=./none -d extension=x -r 1`, "allow"},
		{`php -r '$f = FFI::cdef("int printf(const char *, ...);"); $f->printf("rm -rf ~\n");'`, "allow"},
		{`php -r '$f = FFI::cdef("int abs(int);", "libc.so.6"); echo $f->abs(-3);'`, "allow"},
		{`php -r '$f = FFI::cdef("int system(const char*);"); $f->system("ls -l");'`, "allow"},
		{`php -r '$f = FFI::cdef("int getpid(void);"); $a = [$f->getpid(), 1];'`, "allow"},
		{`php -r '$f = FFI::cdef("void hello(void);", "/usr/lib/x86_64-linux-gnu/libhello.so");'`, "allow"},
		{`php -r '$f = FFI::cdef("void hello(void);", "./missing.so");'`, "allow"},
		{`php -r 'echo "FFI::cdef(\"int system(const char*);\")->system(\"rm -rf ~\")";'`, "allow"},
		{`php -r '$x = new Foo(); $x->system("rm -rf ~");'`, "allow"}, // no FFI in the program
	})
}

// TestPHPFFIOracle runs the real php (when installed with FFI) against a
// canary home: libc's unlink and system called through FFI delete and
// run, and a library given to FFI::cdef by path runs its constructor,
// where corral denies or asks; the look-alikes leave the canary.
func TestPHPFFIOracle(t *testing.T) {
	t.Parallel()
	php, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php not installed")
	}
	if out, _ := exec.Command(php, "-m").Output(); !strings.Contains(string(out), "FFI") {
		t.Skip("php without FFI")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{home, proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(home, ".bashrc")
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, proj)
	if warns != nil {
		t.Fatal(warns)
	}
	type row struct {
		opt   string // a -d setting
		code  string
		gone  bool // the canary is removed
		allow bool // corral allows it
	}
	rows := []row{
		{"", `$f = FFI::cdef("int unlink(const char*);"); $f->unlink("` + canary + `");`, true, false},
		{"", `$f = FFI::cdef("int system(const char*);", "libc.so.6"); $f->system("rm -f ` + canary + `");`, true, false},
		{"", `FFI::cdef("int unlink(const char*);")->unlink("` + canary + `");`, true, false},
		{"", `$f = FFI::cdef("int unlink(const char*);"); $n = "unl" . "ink"; $f->$n("` + canary + `");`, true, false},
		{"", `$f = FFI::cdef("int unlink(const char*);"); $u = [$f, "unl" . "ink"]; $u("` + canary + `");`, true, false},
		{"", `$f = FFI::cdef("int printf(const char *, ...);"); $f->printf("rm -f ` + canary + `\n");`, false, true},
		{"", `echo FFI::class;`, false, true},
	}
	if gcc, err := exec.LookPath("gcc"); err == nil {
		src := filepath.Join(dir, "c.c")
		code := "#include <unistd.h>\n__attribute__((constructor)) static void init(void) { unlink(\"" + canary + "\"); }\nvoid hello(void) {}\n"
		if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(proj, "x.so"), src).CombinedOutput(); err == nil {
			rows = append(rows, row{"", `$f = FFI::cdef("void hello(void);", "./x.so");`, true, false})
			// ffi.preload's header names the library, loaded at start-up.
			h := "#define FFI_SCOPE \"t\"\n#define FFI_LIB \"" + filepath.Join(proj, "x.so") + "\"\nvoid hello(void);\n"
			if err := os.WriteFile(filepath.Join(proj, "x.h"), []byte(h), 0o644); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, row{"ffi.preload=./x.h", `echo 1;`, true, false})
			// extension_dir: PHP loads the extensions it names from there.
			rows = append(rows, row{"extension_dir=.|extension=x", `echo 1;`, true, false},
				row{"extension_dir=" + filepath.Join(dir, "none") + "|extension=x", `echo 1;`, false, true})
		} else {
			t.Logf("gcc: %v %s", err, out)
		}
	}
	for _, r := range rows {
		if err := os.WriteFile(canary, []byte("# canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"-r", r.code}
		line := "php -r " + shellQuoteTest(r.code)
		if r.opt != "" {
			// -d settings, separated by |.
			var ds []string
			for _, o := range strings.Split(r.opt, "|") {
				ds = append(ds, "-d", o)
			}
			args = append(ds, args...)
			line = "php " + strings.Join(ds, " ") + " -r " + shellQuoteTest(r.code)
		}
		cmd := exec.Command(php, args...)
		cmd.Dir = proj
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}
		out, _ := cmd.CombinedOutput()
		_, err := os.Stat(canary)
		if gone := err != nil; gone != r.gone {
			t.Errorf("php -r %q: canary removed %v, want %v (%s)", r.code, gone, r.gone, out)
		}
		if allow := Check(cfg, line).Decision.String() == "allow"; allow != r.allow {
			t.Errorf("%s: corral allows %v, want %v", line, allow, r.allow)
		}
	}
}

// shellQuoteTest quotes s as one shell word.
func shellQuoteTest(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
