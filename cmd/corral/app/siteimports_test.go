package app

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSiteStartImports (red team 16 PT1): a .pth import line or a
// sitecustomize.py that imports a module runs that module at every start
// of the interpreter, from the site directory. Before: a .pth "import
// evilmod" written by the Write tool after evilmod.py (written in another
// call) passed, and so did one importing a module not written yet. Now
// the module there is judged as Python (deny), a module that is neither
// there nor in the standard library asks, and imports of the standard
// library or of a harmless module there pass.
func TestSiteStartImports(t *testing.T) {
	m := newMachine(t)
	siteRel := ".venv/lib/python3.12/site-packages"
	site := filepath.Join(m.project, siteRel)
	m.projectFile(siteRel+"/evilmod.py", "import os\nos.system('rm -rf ~')\n")
	m.projectFile(siteRel+"/evilpkg/__init__.py", "import shutil\nshutil.rmtree('/home')\n")
	m.projectFile(siteRel+"/_virtualenv.py", "import sys\nsys.dont_write_bytecode = False\n")
	m.projectFile(siteRel+"/nspkg/mod.py", "x = 1\n")
	m.projectFile(siteRel+"/fastext.cpython-312-x86_64-linux-gnu.so", "\x7fELF")
	for _, tc := range []struct{ name, file, content, want string }{
		{"pth importing a module there that deletes home", "zz.pth", "import evilmod\n", "deny"},
		{"pth importing a package there that deletes", "zz.pth", "import evilpkg\n", "deny"},
		{"sitecustomize importing the module", "sitecustomize.py", "import evilmod\n", "deny"},
		{"usercustomize importing the module", "usercustomize.py", "from evilmod import x\n", "deny"},
		{"pth importing a module not there yet", "zz.pth", "import laterwritten\n", "ask"},
		{"pth importing two, one missing", "zz.pth", "import os, laterwritten2\n", "ask"},
		{"sitecustomize importing a module not there", "sitecustomize.py", "import json\nimport laterwritten\n", "ask"},
		// A native extension module there is machine code corral does
		// not read: it asks, as python3 -c 'import fastext' beside it does.
		{"pth importing an extension module there", "ext.pth", "import fastext\n", "ask"},
		// Look-alikes.
		{"pth importing the standard library", "zz.pth", "import os, sys; sys.flags\n", ""},
		{"pth importing a harmless module there", "_virtualenv.pth", "import _virtualenv\n", ""},
		{"pth importing a namespace package there", "ns.pth", "import nspkg.mod\n", ""},
		{"pth of paths", "paths.pth", "/opt/lib\n../src\n", ""},
		{"sitecustomize of the standard library", "sitecustomize.py", "import sys, os\nsys.path.insert(0, os.getcwd())\n", ""},
	} {
		got := m.refusal("Write", map[string]any{"file_path": filepath.Join(site, tc.file), "content": tc.content})
		if got != tc.want {
			t.Errorf("%s: Write %s = %q, want %q", tc.name, tc.file, got, tc.want)
		}
	}
	// The other order: a .pth there imports latermod; the module written
	// after it by the Write tool runs at every start (was allow).
	m.projectFile(siteRel+"/later.pth", "import latermod\n")
	for _, tc := range []struct{ name, file, content, want string }{
		{"module a .pth imports, deleting home", "latermod.py", "import os\nos.system('rm -rf ~')\n", "deny"},
		{"package a .pth imports, deleting home", "latermod/__init__.py", "import shutil\nshutil.rmtree('/home')\n", "deny"},
		{"module a .pth imports, harmless", "latermod.py", "X = 1\n", ""},
		// A module no .pth imports still runs in every program that
		// imports it (red team of 2026-12-06: was allow).
		{"module no .pth imports", "othermod.py", "import os\nos.system('rm -rf ~')\n", "deny"},
		{"module no .pth imports, harmless", "othermod.py", "X = 1\n", ""},
	} {
		got := m.refusal("Write", map[string]any{"file_path": filepath.Join(site, tc.file), "content": tc.content})
		if got != tc.want {
			t.Errorf("%s: Write %s = %q, want %q", tc.name, tc.file, got, tc.want)
		}
	}
	for cmd, want := range map[string]string{
		"echo 'import laterwritten' > " + siteRel + "/zz.pth":                                           "ask",
		"printf 'import json\\nimport nosuch2\\n' > " + siteRel + "/sitecustomize.py":                   "ask",
		"echo 'import evilmod' > " + siteRel + "/zz.pth":                                                "deny",
		"echo 'import os' > " + siteRel + "/zz.pth":                                                     "",
		"echo 'import _virtualenv' > " + siteRel + "/_virtualenv.pth":                                   "",
		"echo 'x = 1' > " + siteRel + "/newmod.py && echo 'import newmod' > " + siteRel + "/newmod.pth": "",
		"echo 'import laterwritten' > notes/zz.pth":                                                     "",
	} {
		if got := m.refusal("Bash", map[string]any{"command": cmd}); got != want {
			t.Errorf("%s: %q, want %q", cmd, got, want)
		}
	}
}

// TestSiteStartImportsOracle: the real python3's site module, given a
// site directory, imports the module a .pth line names from that
// directory and runs it (the canary is made), and a module written there
// after the .pth runs the same at the next start.
func TestSiteStartImportsOracle(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	dir := t.TempDir()
	site := filepath.Join(dir, "site-packages")
	home := filepath.Join(dir, "home")
	for _, d := range []string{site, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(dir, "made")
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(site, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	start := func() bool {
		t.Helper()
		os.Remove(canary)
		cmd := exec.Command("python3", "-c", "import site, sys; site.addsitedir(sys.argv[1])", site)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), "HOME="+home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		_, err := os.Stat(canary)
		return err == nil
	}
	write("evilmod.py", "open("+quotePy(canary)+", 'w').write('x')\n")
	write("zz.pth", "import evilmod\n")
	if !start() {
		t.Error("the .pth import line did not run the module beside it")
	}
	// The .pth first, the module later: the next start runs it.
	os.Remove(filepath.Join(site, "evilmod.py"))
	write("zz.pth", "import latermod\n")
	if start() {
		t.Error("made without the module")
	}
	write("latermod.py", "open("+quotePy(canary)+", 'w').write('x')\n")
	if !start() {
		t.Error("the module written after the .pth did not run")
	}
}

// quotePy is s as a Python string literal (no quote or backslash in s).
func quotePy(s string) string { return "'" + s + "'" }
