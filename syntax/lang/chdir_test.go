package lang

import (
	"strings"
	"testing"
	"time"
)

// TestChdirEffects checks the changes of directory each language's code
// makes, in order with the effects they place, and the working directory
// of the processes the code starts.
func TestChdirEffects(t *testing.T) {
	t.Parallel()
	type want struct {
		kind        Kind
		path        string
		tilde, back bool
		cwd         string
		cwdHidden   bool
	}
	cases := []struct {
		l    Lang
		src  string
		want []want
	}{
		{Python, `import os; os.chdir(os.path.expanduser("~")); os.remove(".bashrc")`,
			[]want{{kind: Chdir, path: "~", tilde: true}, {kind: Delete, path: ".bashrc"}}},
		{Python, `import os, sys; os.chdir(sys.argv[1]); os.remove("x")`,
			[]want{{kind: Chdir}, {kind: Delete, path: "x"}}},
		{Python, `import subprocess; subprocess.run("make", shell=True, cwd="build")`,
			[]want{{kind: Shell, cwd: "build"}}},
		{Python, `import os; os.unlink(".bashrc", dir_fd=fd)`,
			[]want{{kind: Delete, path: ".bashrc", cwdHidden: true}}},
		{JS, `process.chdir("/tmp"); require("fs").unlinkSync("x")`,
			[]want{{kind: Chdir, path: "/tmp"}, {kind: Delete, path: "x"}}},
		{JS, `require("child_process").execSync("make", {stdio: "inherit", cwd: "web"})`,
			[]want{{kind: Shell, cwd: "web"}}},
		{JS, `require("child_process").execSync("make", {cwd: dir})`,
			[]want{{kind: Shell, cwdHidden: true}}},
		{Ruby, `Dir.chdir("/tmp") { File.delete("x") }; File.delete("y")`,
			[]want{{kind: Chdir, path: "/tmp"}, {kind: Delete, path: "x"}, {kind: Chdir, back: true}, {kind: Delete, path: "y"}}},
		{Ruby, "Dir.chdir(\"/tmp\") do\n  if true\n    File.delete(\"x\")\n  end\nend\nFile.delete(\"y\")",
			[]want{{kind: Chdir, path: "/tmp"}, {kind: Delete, path: "x"}, {kind: Chdir, back: true}, {kind: Delete, path: "y"}}},
		{Ruby, `system("make", chdir: "lib")`, []want{{kind: Shell, cwd: "lib"}}},
		{Ruby, `system("rm", "-rf", "x", chdir: "lib")`, []want{{kind: Exec, cwd: "lib"}}},
		{Ruby, `system("make", :chdir => "lib")`, []want{{kind: Shell, cwd: "lib"}}},
		{Perl, `chdir; unlink ".bashrc"`, []want{{kind: Chdir, path: "~", tilde: true}, {kind: Delete, path: ".bashrc"}}},
		{Perl, `chdir "/tmp" or die; unlink "x"`, []want{{kind: Chdir, path: "/tmp"}, {kind: Delete, path: "x"}}},
		{PHP, `chdir("/tmp"); unlink("x");`, []want{{kind: Chdir, path: "/tmp"}, {kind: Delete, path: "x"}}},
		// Data, not calls.
		{Python, `print("os.chdir('/')")`, nil},
		{JS, `const o = {cwd: "/"}; console.log(o)`, nil},
	}
	for _, tc := range cases {
		got := Analyze(tc.l, tc.src)
		if len(got) != len(tc.want) {
			t.Errorf("%s %q: %d effects %+v, want %d", tc.l, tc.src, len(got), got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			g := got[i]
			if g.Kind != w.kind || g.Path != w.path || g.Tilde != w.tilde || g.Back != w.back || g.Cwd != w.cwd || g.CwdHidden != w.cwdHidden {
				t.Errorf("%s %q: effect %d is %+v, want %+v", tc.l, tc.src, i, g, w)
			}
		}
	}
}

// TestChdirBlocksBounded: many Dir.chdir blocks, each looked up to its
// end within a bound, stay fast.
func TestChdirBlocksBounded(t *testing.T) {
	t.Parallel()
	src := strings.Repeat("Dir.chdir(\"a\") do\n", 20000) + "File.delete(\"x\")\n"
	start := time.Now()
	Analyze(Ruby, src)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("%d bytes of Dir.chdir blocks took %v", len(src), d)
	}
}

// TestFileURLPath checks the paths file: URLs name, as Node's
// fileURLToPath gives them.
func TestFileURLPath(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"file:///home/u/.bashrc":            "/home/u/.bashrc",
		"file://localhost/home/u/%2Ebashrc": "/home/u/.bashrc",
		"FILE:///x%20y":                     "/x y",
		"file://host/x":                     "",
		"https://x/y":                       "",
		"file:x":                            "",
	} {
		got, ok := fileURLPath(in)
		if got != want || ok != (want != "") {
			t.Errorf("fileURLPath(%q) = %q, %v, want %q", in, got, ok, want)
		}
	}
}
