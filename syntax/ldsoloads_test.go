package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoaderOptions (red team 19 LP1): the dynamic loader run as a
// program loads the libraries its --preload, --audit and --library-path
// name into the program it runs, judged as LD_PRELOAD, LD_AUDIT and
// LD_LIBRARY_PATH are; --list runs only --audit's, --verify none.
func TestLoaderOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"x.so": "\x7fELF", "r9/libselinux.so.1": "\x7fELF", "y.c": "int main(void) { return 0; }\n", "e.c": "#include <stdlib.h>\n__attribute__((constructor)) static void i(void) { system(getenv(\"X\")); }\n"})
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`/lib64/ld-linux-x86-64.so.2 --preload ./x.so /bin/true`, true},
		{`/lib64/ld-linux-x86-64.so.2 --preload "./x.so /usr/lib/libm.so.6" true`, true},
		{`ld.so --audit ./x.so /bin/true`, true},
		{`/lib/ld-linux-aarch64.so.1 --audit ` + dir + `/x.so ls`, true},
		{`/lib/ld-musl-x86_64.so.1 --preload ./x.so /bin/echo hi`, true},
		{`ld.so --audit ./x.so --list /bin/ls`, true}, // the auditor runs in list mode too
		{`ld.so --library-path r9 /bin/ls`, true},
		{`ld.so --library-path r9 --inhibit-cache --argv0 ls /bin/ls -l`, true},
		{`ld.so --preload "$L" /bin/true`, true},
		{`/lib/x86_64-linux-gnu/ld-2.31.so --preload ./x.so /bin/true`, true}, // the file before glibc 2.34
		{`/lib/ld-linux-riscv32-ilp32d.so.1 --audit ./x.so /bin/true`, true},
		{`/lib64/ld-linux-loongarch-lp64d.so.1 --preload ./x.so ls`, true},
		{`/lib/ld64.so.2 --preload ./x.so ls`, true},
		{`LD_PRELOAD=./x.so ld.so --preload libm.so.6 /bin/true`, true}, // both load
		{`ld.so --audit ./x.so --audit libm.so.6 /bin/true`, true},      // every --audit loads
		{`ld.so --preload ./x.so:libm.so.6 /bin/true`, true},
		{`sudo /lib64/ld-linux-x86-64.so.2 --preload ./x.so /bin/true`, true},
		{`cc -shared -o z.so e.c && ld.so --preload ./z.so /bin/true`, true}, // its source is read: system of a run-time string
		{`cc -shared -o z.so y.c && ld.so --preload ./z.so /bin/true`, false},
		// Look-alikes.
		{`ld.so --list /bin/ls`, false},
		{`ld.so --preload ./x.so --list /bin/ls`, false}, // trace mode runs no constructor
		{`ld.so --library-path r9 --list /bin/ls`, false},
		{`ld.so --audit ./x.so --verify /bin/ls`, false},
		{`/lib64/ld-linux-x86-64.so.2 --version`, false},
		{`/lib64/ld-linux-x86-64.so.2 --help`, false},
		{`ldd /bin/ls`, false},
		{`ld.so --preload x.so /bin/true`, false}, // searched in the library directories
		{`ld.so --preload /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /bin/true`, false},
		{`ld.so --library-path /usr/lib/x86_64-linux-gnu /bin/ls`, false},
		{`ld.so --preload ./missing.so /bin/true`, false},
		{`ld.so --inhibit-cache --argv0 x /bin/true`, false},
		{`ld.so --preload ./x.so --preload libm.so.6 /bin/true`, false}, // the last --preload counts
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}

// TestLoaderNames: the dynamic loader by any architecture's or glibc
// version's name runs the program it is given; programs with names like
// it are not the loader.
func TestLoaderNames(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		want string // the name of the last call
	}{
		{`/lib/x86_64-linux-gnu/ld-2.31.so /bin/rm -rf ~`, "rm"},
		{`/lib/ld-linux-riscv32-ilp32d.so.1 --argv0 x /bin/rm -rf ~`, "rm"},
		{`/lib/ld-linux-mipsn8.so.1 rm -rf ~`, "rm"},
		{`/lib/ld-uClibc.so.0 rm -rf ~`, "rm"},
		{`/usr/lib/ld-musl-armhf.so.1 rm -rf ~`, "rm"},
		{`ld -o out a.o`, "ld"},
		{`ld.gold -o out a.o`, "ld.gold"},
		{`./ld-linux-helper rm`, "ld-linux-helper"},
		{`ld-2.x.so rm`, "ld-2.x.so"},
	} {
		m := analyzeIn(t, t.TempDir(), tc.cmd)
		if len(m.Calls) == 0 {
			t.Fatalf("%s: no call", tc.cmd)
		}
		if got := m.Calls[len(m.Calls)-1].Name; got != tc.want {
			t.Errorf("%s: runs %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestLoaderOptionsOracle runs the real dynamic loader with a library
// built by gcc whose constructor makes a canary: it runs exactly where
// corral asks.
func TestLoaderOptionsOracle(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	ldso := ""
	for _, p := range []string{"/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"} {
		if _, err := os.Stat(p); err == nil {
			ldso = p
			break
		}
	}
	if ldso == "" {
		t.Skip("no glibc dynamic loader")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	src := "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void ran(void) { int fd = open(\"" + canary + "\", O_CREAT|O_WRONLY, 0644); if (fd >= 0) close(fd); }\n"
	writeFiles(t, dir, map[string]string{"c.c": src})
	for _, out := range []string{"x.so", "r9/libselinux.so.1"} {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, out)), 0o755)
		if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, out), filepath.Join(dir, "c.c")).CombinedOutput(); err != nil {
			t.Skipf("gcc: %v %s", err, b)
		}
	}
	lsLinks := false
	if out, err := exec.Command("ldd", "/bin/ls").Output(); err == nil && strings.Contains(string(out), "libselinux.so.1") {
		lsLinks = true
	}
	for _, tc := range []struct {
		args []string
		ls   bool   // needs ls linking libselinux.so.1
		env  string // a variable given to the loader
	}{
		{args: []string{"--preload", "libm.so.6", "/bin/true"}, env: "LD_PRELOAD=./x.so"},
		{args: []string{"--audit", "./x.so", "--audit", "libm.so.6", "/bin/true"}},
		{args: []string{"--preload", "./x.so", "--preload", "libm.so.6", "/bin/true"}},
		{args: []string{"--preload", "./x.so", "/bin/true"}},
		{args: []string{"--audit", "./x.so", "/bin/true"}},
		{args: []string{"--audit", "./x.so", "--list", "/bin/true"}},
		{args: []string{"--library-path", "r9", "/bin/ls"}, ls: true},
		{args: []string{"--preload", "./x.so", "--list", "/bin/true"}},
		{args: []string{"--library-path", "r9", "--list", "/bin/ls"}, ls: true},
		{args: []string{"--audit", "./x.so", "--verify", "/bin/true"}},
		{args: []string{"--preload", "x.so", "/bin/true"}},
		{args: []string{"--inhibit-cache", "/bin/true"}},
	} {
		if tc.ls && !lsLinks {
			continue
		}
		os.Remove(canary)
		cmd := exec.Command(ldso, tc.args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		line := ldso + " " + strings.Join(tc.args, " ")
		if tc.env != "" {
			cmd.Env = append(cmd.Env, tc.env)
			line = tc.env + " " + line
		}
		cmd.Run() // the stub library may break the program: only the canary matters
		_, err := os.Stat(canary)
		ran := err == nil
		if asks := len(analyzeIn(t, dir, line).Hidden) > 0; asks != ran {
			t.Errorf("%s: the constructor ran %v, corral asks %v", line, ran, asks)
		}
	}
}

// TestCurlEngine (red team 19 LP1): curl --engine ID loads ID through
// OpenSSL's dynamic engine, a path as it is when absolute and from the
// engines directory when relative.
func TestCurlEngine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"x.so": "\x7fELF", "eng/keep": "",
		"c1": "silent\nengine = " + dir + "/x.so\n", "c2": "  --engine \"" + dir + "/x.so\" # x\n", "c3": "config: c1\n",
		"c4":           "# engine = " + dir + "/x.so\nengine pkcs11\nurl = https://example.com\n",
		"home/.curlrc": "engine=" + dir + "/x.so\n"})
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`curl --engine ` + dir + `/x.so https://example.com`, true},
		{`curl --engine "$PWD/x.so" -sS https://example.com`, true},
		{`curl -sS --engine ../../../../../../../..` + dir + `/x.so https://example.com`, true},
		{`OPENSSL_ENGINES=` + dir + `/eng curl --engine ../x.so https://example.com`, true},
		{`curl --engine "$E" https://example.com`, true},
		{`curl -K cfg --engine ` + dir + `/x.so https://example.com`, true},
		{`curl -K c1 https://example.com`, true},
		{`curl --config c2 https://example.com`, true},
		{`curl -K c3 https://example.com`, true},
		{`echo 'engine = ` + dir + `/x.so' > c5; curl -K c5 https://example.com`, true},
		// Look-alikes.
		{`curl --engine list`, false},
		{`curl --engine pkcs11 https://example.com`, false},
		{`curl --engine ./x.so https://example.com`, false}, // found in the engines directory only
		{`curl --engine /usr/lib/x86_64-linux-gnu/engines-3/pkcs11.so https://example.com`, false},
		{`curl --engine ` + dir + `/missing.so https://example.com`, false},
		{`curl -d --engine https://example.com`, false}, // -d's value
		{`echo curl --engine ` + dir + `/x.so`, false},
		{`curl -K c4`, false},
		{`curl -K - https://example.com < c1`, false}, // stdin: the download rules ask about -K -
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
	// The home's .curlrc, unless -q comes first.
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`curl https://example.com`, true},
		{`curl -q https://example.com`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, Home: filepath.Join(dir, "home"), ReadFile: ReadScript})
		if err != nil {
			t.Fatal(err)
		}
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s with a .curlrc naming an engine: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}

// TestCurlEngineOracle runs the real curl with a library built by gcc
// whose constructor makes a canary: where it runs, corral asks; where
// corral passes, it does not run.
func TestCurlEngineOracle(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	if out, _ := exec.Command(curl, "--engine", "list").CombinedOutput(); !strings.Contains(string(out), "dynamic") {
		t.Skip("curl without OpenSSL's dynamic engine")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	src := "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void ran(void) { int fd = open(\"" + canary + "\", O_CREAT|O_WRONLY, 0644); if (fd >= 0) close(fd); }\n"
	writeFiles(t, dir, map[string]string{"c.c": src, "eng/keep": ""})
	if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, "x.so"), filepath.Join(dir, "c.c")).CombinedOutput(); err != nil {
		t.Skipf("gcc: %v %s", err, b)
	}
	// An engine line of a -K file loads the same way.
	if err := os.WriteFile(filepath.Join(dir, "cfg"), []byte("engine = "+dir+"/x.so\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(canary)
	cfgRun := exec.Command(curl, "-sS", "--max-time", "5", "-K", "cfg", "http://127.0.0.1:1/")
	cfgRun.Dir = dir
	cfgRun.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	cfgRun.Run()
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("curl -K cfg: the engine's constructor did not run")
	}
	if len(analyzeIn(t, dir, "curl -sS -K cfg http://127.0.0.1:1/").Hidden) == 0 {
		t.Errorf("curl -K cfg: corral does not ask")
	}
	for _, tc := range []struct {
		env, id string
	}{
		{"", dir + "/x.so"},
		{"", "../../../../../../../.." + dir + "/x.so"},
		{"OPENSSL_ENGINES=" + dir + "/eng", "../x.so"},
		{"", "./x.so"},
		{"", "x"},
		{"", "list"},
	} {
		os.Remove(canary)
		cmd := exec.Command(curl, "-sS", "--max-time", "5", "--engine", tc.id, "http://127.0.0.1:1/")
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		if tc.env != "" {
			cmd.Env = append(cmd.Env, tc.env)
		}
		cmd.Run()
		_, err := os.Stat(canary)
		ran := err == nil
		line := strings.TrimSpace(tc.env + " curl -sS --engine " + tc.id + " http://127.0.0.1:1/")
		asks := len(analyzeIn(t, dir, line).Hidden) > 0
		if ran && !asks || !ran && asks && !strings.Contains(tc.id, "..") {
			t.Errorf("%s: the constructor ran %v, corral asks %v", line, ran, asks)
		}
	}
}
