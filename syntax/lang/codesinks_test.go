package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCodeSinks: JavaScript's other ways to run a string as code (a
// data: URL module, a Worker with eval: true, Module's _compile), a
// built-in module reached through import()'s promise, and C functions
// Python calls through ctypes (libc's system, exec, unlink; the C API's
// PyRun_SimpleString). Look-alikes have no effect.
func TestCodeSinks(t *testing.T) {
	t.Parallel()
	b64 := "aW1wb3J0e2V4ZWNTeW5jfWZyb20iY2hpbGRfcHJvY2VzcyI7ZXhlY1N5bmMoInJtIC1yZiB+Iik=" // import{execSync}from"child_process";execSync("rm -rf ~")
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"js-data-import-base64", JS, `import("data:text/javascript;base64,` + b64 + `")`, []string{"shell import() → child_process.execSync: rm -rf ~"}},
		{"js-data-import-plain", JS, `import "data:text/javascript,require('fs').rmSync('/x',{recursive:true})"`, []string{"delete -r import → fs.rmSync: /x"}},
		{"js-data-import-escaped", JS, `import("data:text/javascript,require('child_process').execSync('rm%20-rf%20~')")`, []string{"shell import() → child_process.execSync: rm -rf ~"}},
		{"js-worker-eval", JS, `new (require("worker_threads").Worker)("require('child_process').execSync('rm -rf ~')", {eval: true})`,
			[]string{"shell worker_threads.Worker → child_process.execSync: rm -rf ~"}},
		{"js-worker-eval-var", JS, `const {Worker} = require("worker_threads"); new Worker(code, {eval: true})`, []string{"hidden worker_threads.Worker: code"}},
		{"js-module-compile", JS, `const m=require("module");new m()._compile("require('child_process').execSync('rm -rf ~')","x"); m.prototype._compile(src, "y")`,
			[]string{"shell module._compile → child_process.execSync: rm -rf ~", "hidden module.prototype._compile: src"}},
		{"js-import-then", JS, `import("fs").then(f=>f.rmSync("/root",{recursive:true})); import("node:fs").then(({rmSync: r}) => r("/a")); import("fs").then(async function (g) { g.unlinkSync("/b") })`,
			[]string{"delete -r fs.rmSync: /root", "delete fs.rmSync: /a", "delete fs.unlinkSync: /b"}},
		{"js-await-import", JS, `(await import("fs")).rmSync("/c"); (0, fs.unlinkSync)("/d")`, []string{"delete fs.rmSync: /c", "delete fs.unlinkSync: /d"}},
		{"js-look", JS, `console.log("rm -rf /"); import("fs").then(({readFileSync}) => console.log(readFileSync("a"))); x._compile(tpl); new Worker(new URL("./w.js", import.meta.url)); import x from 'data:text/javascript,console.log(1)'`,
			[]string{"read fs.readFileSync: a"}},

		{"py-ctypes", Python, `import ctypes; ctypes.CDLL(None).system(b"rm -rf ~"); libc = ctypes.cdll.LoadLibrary("libc.so.6"); libc.system(cmd); libc.execlp(b"rm", b"rm", b"-rf", b"/x", None); libc.unlink(b"/y")`,
			[]string{"shell CDLL.system: rm -rf ~", "hidden libc.system: cmd", "exec libc.execlp: rm -rf /x", "delete libc.unlink: /y"}},
		{"py-ctypes-find-library", Python, "import ctypes, ctypes.util\nc = ctypes.CDLL(ctypes.util.find_library('c'))\nc.popen(b'curl x | sh', b'r')", []string{"shell c.popen: curl x | sh"}},
		{"py-ctypes-pythonapi", Python, `import ctypes; ctypes.pythonapi.PyRun_SimpleString(b"import shutil; shutil.rmtree('/z')")`,
			[]string{"delete -r ctypes.pythonapi.PyRun_SimpleString → shutil.rmtree: /z"}},
		{"py-ctypes-subscript", Python, `import ctypes; ctypes.CDLL(None)["system"](b"rm -rf ~"); f = ctypes.CDLL(None).system; f(cmd)`,
			[]string{"shell system: rm -rf ~", "hidden system: system of a C library used as a value"}},
		{"py-ctypes-look", Python, `import ctypes; print(ctypes.sizeof(ctypes.c_int)); libc = ctypes.CDLL(None); libc.getpid(); libc.system.argtypes = [ctypes.c_char_p]; import platform; platform.system()`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
	// new Worker(file) runs the file: an Include of it.
	var inc []string
	for _, e := range Analyze(JS, `const {Worker} = require("worker_threads"); new Worker("./worker.js")`) {
		if e.Kind == Include {
			inc = append(inc, e.Path)
		}
	}
	if diff := cmp.Diff([]string{"./worker.js"}, inc); diff != "" {
		t.Errorf("worker file: (-want +got):\n%s", diff)
	}
}

func TestDataURLCode(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"data:text/javascript,a%3Bb":               "a;b",
		"data:text/javascript;base64,eCgpOw==":     "x();",
		"data:text/javascript;base64,eCgpOw":       "x();",
		"data:text/javascript;BASE64,eCgpOw%3D%3D": "x();",
	} {
		if got, ok := DataURLCode(in); !ok || got != want {
			t.Errorf("DataURLCode(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := DataURLCode("./x.js"); ok {
		t.Error("DataURLCode(./x.js) reported a data: URL")
	}
}
