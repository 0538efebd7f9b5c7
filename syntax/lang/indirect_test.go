package lang

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// indirectCases reach calls through indirection — a lookup by a name
// string, a module loaded by a string, a function kept in a variable,
// code in a string handed to an evaluator — with what each language does
// with it; look-alikes (the same names as data, lookups on ordinary
// objects, evaluators of harmless code) have no effect.
var indirectCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	// Python: lookups by a literal name are the direct call.
	{"py-alias", Python, `import os; f=os.system; f("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"py-dunder-import", Python, `__import__("shutil").rmtree("/")`, []string{"delete -r shutil.rmtree: /"}},
	{"py-getattr", Python, `import os; getattr(os, "system")("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"py-getattr-nested", Python, `getattr(__import__("os"), "sys" + "tem")("id")`, []string{"shell os.system: id"}},
	{"py-import-module", Python, `import importlib; importlib.import_module("os").system("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"py-import-module-alias", Python, "import importlib\nm = importlib.import_module('subprocess')\nm.run(['rm', '-rf', '/srv'])", []string{"exec subprocess.run: rm -rf /srv"}},
	{"py-dict", Python, `import os; os.__dict__["system"]("rm -rf ~"); vars(os)["remove"]("a")`, []string{"shell os.system: rm -rf ~", "delete os.remove: a"}},
	{"py-builtins", Python, `__builtins__.__dict__["exec"]("import os; os.remove('b')"); getattr(__builtins__, "eval")("os.system('ls')"); globals()["exec"]("os.rmdir('d')")`,
		[]string{"delete exec → os.remove: b", "shell eval → os.system: ls", "rmdir exec → os.rmdir: d"}},
	{"py-sys-modules", Python, `import sys; sys.modules["os"].system("ls")`, []string{"shell os.system: ls"}},
	// Evaluators: literal code is read, bounded; the rest asks.
	{"py-exec", Python, `exec("import os; os.system(\"rm -rf ~\")")`, []string{"shell exec → os.system: rm -rf ~"}},
	{"py-exec-nested", Python, `exec("exec('exec(\"exec(\\'exec(1)\\')\")')")`, []string{"hidden exec → exec → exec → exec → exec: 1"}},
	{"py-compile", Python, `exec(compile("import shutil; shutil.rmtree('/srv')", "<x>", "exec"))`, []string{"hidden exec: compile(\"import shutil; shutil.rmtree('/srv')\", \"<x>\", \"exec\")", "delete -r compile → shutil.rmtree: /srv"}},
	{"py-eval-dynamic", Python, "print(eval(input()))\nexec(open('setup.py').read())", []string{"hidden eval: input()", "exec exec: python3 setup.py", "read open: setup.py"}},
	{"py-load-source", Python, `import imp; imp.load_source("m", "plug.py")`, []string{"exec imp.load_source: python3 plug.py"}},
	{"py-spec-from-file", Python, "import importlib.util as u\ns = u.spec_from_file_location('m', 'r9/p.py')\nm = u.module_from_spec(s)\ns.loader.exec_module(m)", []string{"exec importlib.util.spec_from_file_location: python3 r9/p.py"}},
	{"py-source-loader", Python, `from importlib.machinery import SourceFileLoader; SourceFileLoader("m", "x.py").load_module()`, []string{"exec importlib.machinery.SourceFileLoader: python3 x.py"}},
	{"py-spec-computed", Python, `import importlib.util as u; s = u.spec_from_file_location("m", path)`, nil},
	{"py-exec-open-read", Python, `exec(open("setup_env.py").read())`, []string{"exec exec: python3 setup_env.py", "read open: setup_env.py"}},
	{"py-exec-open-rb", Python, `exec(open('x.py', 'rb').read(), globals())`, []string{"exec exec: python3 x.py", "read open: x.py"}},
	{"py-runpy", Python, `import runpy; runpy.run_path("clean.py"); runpy.run_module("http.server")`, []string{"exec runpy.run_path: python3 clean.py", "exec runpy.run_module: python3 -m http.server"}},
	// Dynamic lookups on a module that runs or deletes ask.
	{"py-dynamic", Python, "import os\ngetattr(os, name)('x')\n__import__(n)\nos.__dict__[k]('y')", []string{"hidden getattr: getattr(os, name)", "hidden __import__: __import__(n)", "hidden os.__dict__: .__dict__[k]"}},
	// A dangerous function used as a value.
	{"py-value", Python, "import os\nlist(map(os.remove, paths))\nfoo(callback=os.system)", []string{"hidden os.remove: os.remove used as a value", "hidden os.system: os.system used as a value"}},
	// A module whose functions run or delete, stored or passed, is
	// called under a name corral does not follow (interp3: these were
	// allowed); a name bound to it, a destructuring, a parameter and an
	// introspection are no such use.
	{"py-module-value", Python, "import os, subprocess\nx = {'a': os}\nx['a'].system('rm -rf ~')\ny = [subprocess]\ng(shutil)", []string{"hidden os: os used as a value", "hidden subprocess: subprocess used as a value", "hidden shutil: shutil used as a value"}},
	{"js-module-value", JS, `const x = {a: require("child_process")}; x.a.exec("rm -rf ~"); const fs = require("fs"); const o = {fs}; f(require("node:child_process"))`,
		[]string{"hidden child_process: child_process used as a value", "hidden fs: fs used as a value"}},
	{"py-module-value-look", Python, "import os, shutil\nprint(hasattr(os, 'fork'), os, dir(shutil))\nm = os\nm.getcwd()", nil},
	{"js-module-value-look", JS, `const {execSync} = require("child_process"); const cp = require("child_process"); console.log(typeof cp, require("fs")); import("fs").then(async function (g) { g.existsSync("x") })`, nil},
	{"py-value-alias", Python, "import os\nf = os.system\nthreads.submit(f, cmd)", []string{"hidden os.system: os.system used as a value"}},
	// A function picked by an operator (a conditional expression, or,
	// and, ||, ?:) is a value the call runs under a name corral does
	// not follow (red team rc: (os.system if 1 else None)(…) was
	// allowed). A call in the same places is judged as the call it is.
	{"py-value-chosen", Python, "import os\n(os.system if 1 else None)('rm -rf ~')\nf = print if c else os.remove\ng = os.unlink or print",
		[]string{"hidden os.system: os.system used as a value", "hidden os.remove: os.remove used as a value", "hidden os.unlink: os.unlink used as a value"}},
	{"js-value-chosen", JS, "const cp = require('child_process')\n(c ? cp.execSync : null)('rm -rf ~')\nconst f = cp.exec || g",
		[]string{"hidden child_process.execSync: child_process.execSync used as a value", "hidden child_process.exec: child_process.exec used as a value"}},
	{"js-value-key-look", JS, "const {Worker} = require('worker_threads')\nnew Worker('1', {a: 1, eval: true})\nconst o = {x: 1, execSync: 2}", nil},
	{"py-value-chosen-look", Python, "import os, shutil\nx = 1 if os.path.exists('a') else 2\nos.system('ls') if c else None\nshutil.rmtree('build') or print(1)",
		[]string{"shell os.system: ls", "delete -r shutil.rmtree: build"}},
	{"py-unknown-recv", Python, `m = load(); m.system("rm -rf ~"); m.system(cmd); platform.system()`, []string{"shell os.system: rm -rf ~"}},
	// Dynamic dispatch: a method named to operator, the module a
	// builtin or a bound method belongs to, a function's globals.
	{"py-methodcaller", Python, `import operator, os; operator.methodcaller("system", "rm -rf ~")(os); operator.attrgetter("rmtree")(__import__("shutil"))("/srv")`,
		[]string{"shell os.system: rm -rf ~", "delete -r shutil.rmtree: /srv"}},
	{"py-methodcaller-from", Python, "from operator import methodcaller as mc\nimport subprocess as sp\nmc('run', ['rm', '-rf', '/srv'])(sp)", []string{"exec subprocess.run: rm -rf /srv"}},
	{"py-methodcaller-later", Python, "import operator, os\nm = operator.methodcaller('system', 'rm -rf ~')\nm(os)\nn = operator.methodcaller(name)\nn(x)",
		[]string{"hidden operator.methodcaller: operator.methodcaller(\"system\") applied to an object only run time gives", "hidden os: os used as a value", "hidden operator.methodcaller: methodcaller(name)"}},
	{"py-self", Python, `print.__self__.__import__("os").system("rm -rf ~"); import os; os.remove.__self__.rmdir("d"); os.system.__call__("id")`,
		[]string{"shell os.system: rm -rf ~", "rmdir os.rmdir: d", "shell os.system: id"}},
	{"py-builtins-routes", Python, "vars()['__builtins__'].__import__('os').system('a')\nimport builtins as b\nb.__import__('shutil').rmtree('/x')\n(lambda: 0).__globals__\nf.__globals__['__builtins__'].exec('import os; os.remove(\"c\")')\n__builtins__['__import__']('os').system('d')",
		[]string{"shell os.system: a", "delete -r shutil.rmtree: /x", "delete exec → os.remove: c", "shell os.system: d"}},
	{"py-getattribute", Python, "import os\nos.__getattribute__('system')('a')\nobject.__getattribute__(os, 'system')('b')\ntype(os).__getattribute__(os, 'remove')('c')\nos.__getattribute__(n)('d')",
		[]string{"shell os.system: a", "shell os.system: b", "delete os.remove: c", "hidden os.__getattribute__: .__getattribute__(n)"}},
	{"py-namespace-get", Python, "import os, importlib\nos.__dict__.get('system')('a')\nvars(os).get('remove')('b')\nimportlib.__import__('os').system('c')\neval('__import__')('shutil').rmtree('/d')\nimport operator; operator.call(os.system, 'e')",
		[]string{"shell os.system: a", "delete os.remove: b", "shell os.system: c", "delete -r shutil.rmtree: /d", "shell os.system: e"}},
	{"py-router-alias", Python, "import os, operator\ng = getattr\ng(os, 'system')('a')\nmc = operator.methodcaller\nmc('system', 'b')(os)\ni = __import__\ni('os').system('c')",
		[]string{"shell os.system: a", "shell os.system: b", "shell os.system: c"}},
	{"py-func-globals", Python, "import os\nos.popen.__globals__['system']('a')\n[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == '_wrap_close'][0].__init__.__globals__['system']('b')\nf.__init__.__globals__['name']",
		[]string{"shell os.system: a", "hidden __subclasses__: object.__subclasses__()", "hidden __globals__: .__globals__['system']"}},
	{"py-look-dispatch", Python, `import operator; print(operator.methodcaller("upper")("x")); sorted(xs, key=operator.attrgetter("name")); operator.methodcaller(m)(obj); print(m.__self__); print(vars()["x"]); d.get("system"); print(eval("x")); obj.__getattribute__("name")`, nil},
	// Python look-alikes.
	{"py-look-data", Python, `print("os.system"); print(getattr(obj, "name")); getattr(obj, name); json.loads(s); print("eval('x')")  # exec("x")`, nil},
	{"py-look-dicts", Python, "x = {'a': 1}; print(x['a']); eval('1+2'); import re; re.compile('x'); import platform; print(platform.system())", nil},
	{"py-look-imports", Python, "from os import path, system\nimport os\nf = os.path.join\ng = os.remove\nprint(os.environ['HOME']); globals()['x'] = 1; sys.modules['json']", []string{"print env print: HOME"}},
	{"py-look-key", Python, `sorted(xs, key=len); getattr(settings, "DEBUG", False); vars(args)["verbose"]`, nil},

	// JavaScript.
	{"js-computed", JS, `const cp=require("child_process"); cp["execSync"]("rm -rf ~")`, []string{"shell child_process.execSync: rm -rf ~"}},
	{"js-computed-fs", JS, `require("fs")["rmSync"]("/x", {recursive: true})`, []string{"delete -r fs.rmSync: /x"}},
	{"js-eval", JS, `eval("require(\"child_process\").execSync(\"rm -rf ~\")")`, []string{"shell eval → child_process.execSync: rm -rf ~"}},
	{"js-indirect-eval", JS, `(0, eval)("child_process.execSync('ls')"); globalThis["eval"]("fs.unlinkSync('a')")`, []string{"shell eval → child_process.execSync: ls", "delete eval → fs.unlinkSync: a"}},
	{"js-dynamic-import", JS, `import("child_process").then(m=>m.execSync("rm -rf ~"))`, []string{"hidden import(child_process).then: child_process handed to a callback", "shell child_process.execSync: rm -rf ~"}},
	{"js-dynamic-import-var", JS, `import("child_process").then(m => m.execSync(cmd)); import("fs").then(fs => fs.readFileSync("a"))`, []string{"hidden import(child_process).then: child_process handed to a callback", "hidden child_process.execSync: cmd", "read fs.readFileSync: a"}},
	{"js-function", JS, `new Function("return require")()("child_process").execSync("rm -rf ~")`, []string{"shell child_process.execSync: rm -rf ~"}},
	{"js-function-body", JS, `Function("a", "require('fs').rmSync(a, {recursive: true})")("/srv")`, []string{"hidden Function → fs.rmSync: a"}},
	{"js-vm", JS, `require("vm").runInNewContext("process.mainModule.require('child_process').execSync('id')", {process})`, []string{"shell vm.runInNewContext → child_process.execSync: id"}},
	{"js-timer", JS, `setTimeout("require('child_process').execSync('rm -rf /tmp/x')", 10); setTimeout(() => x(), 10); setTimeout(fn, 10)`, []string{"shell setTimeout → child_process.execSync: rm -rf /tmp/x"}},
	{"js-module-require", JS, `module.require("child_process").spawnSync("rm", ["-rf", "/"])`, []string{"exec child_process.spawnSync: rm -rf /"}},
	{"js-dynamic", JS, "fs[m](p); process.binding('spawn_sync'); require(name); eval(code); globalThis[f]('x')",
		[]string{"hidden fs[…]: fs[m]", "hidden process.binding: process.binding('spawn_sync')", "hidden require: require(name)", "hidden eval: code", "hidden globalThis[…]: globalThis[f]"}},
	{"js-value", JS, "const cp = require('child_process')\n[c].forEach(cp.execSync)\nconst x = cp.execSync\nx('ls')", []string{"hidden child_process.execSync: child_process.execSync used as a value", "shell child_process.execSync: ls"}},
	// The call forms of a function: call, apply, bind, Reflect.
	{"js-call-apply", JS, `const cp = require("child_process"); cp.execSync.call(null, "rm -rf ~"); require("child_process").execSync.apply(null, ["rm -rf /a"]); Reflect.apply(cp.execSync, null, ["rm -rf /b"])`,
		[]string{"shell child_process.execSync: rm -rf ~", "shell child_process.execSync: rm -rf /a", "shell child_process.execSync: rm -rf /b"}},
	{"js-bind", JS, `const cp = require("child_process"); cp.execSync.bind(cp, "rm -rf ~")(); const x = cp.execSync.bind(null); x("ls"); Function.prototype.call.call(cp.execSync, null, "id"); Reflect.get(cp, "execSync")("rm -rf /c")`,
		[]string{"shell child_process.execSync: rm -rf ~", "shell child_process.execSync: ls", "shell child_process.execSync: id", "shell child_process.execSync: rm -rf /c"}},
	{"js-apply-dynamic", JS, `const cp = require("child_process"); cp.execSync.apply(null, args); Reflect.apply(cp.execSync, null, args); const g = cp.execSync.bind(null, cmd)`,
		[]string{"hidden child_process.execSync.apply: cp.execSync.apply(null, args)", "hidden child_process.execSync: child_process.execSync used as a value", "hidden child_process.execSync.bind: cp.execSync.bind(null, cmd)"}},
	{"js-descriptor", JS, `const cp = require("child_process"); Object.getOwnPropertyDescriptor(cp, "execSync").value("rm -rf ~")`, []string{"shell child_process.execSync: rm -rf ~"}},
	{"js-look-call", JS, `function f(x){return x}; console.log(f.call(null, 1)); Math.max.apply(null, [1, 2]); Array.prototype.slice.call(arguments, 1); const h = this.onClick.bind(this); Reflect.get(o, "k")`, nil},
	// JavaScript look-alikes.
	{"js-look", JS, `console.log(1); console.log("child_process"); obj["key"]; arr[0]; process.env["HOME"]; JSON.parse(s); [1,2].map(String); re.exec("x"); new Function("a", "return a+1")`, nil},
	{"js-look-require", JS, "require(path.join(__dirname, 'x')); require(`./${n}.json`); const {execSync} = require('child_process')\nimport { rmSync, spawnSync } from 'node:child_process'\nconsole.log(\"eval('x')\")", nil},

	// Ruby.
	{"rb-eval", Ruby, `eval(%q(system %q(rm -rf ~)))`, []string{"shell eval → system: rm -rf ~"}},
	{"rb-instance-eval", Ruby, `Object.new.instance_eval("FileUtils.rm_rf('/srv')"); binding.eval("exec 'ls'"); instance_eval { 1 }; eval(code)`,
		[]string{"delete -r Object.new.instance_eval → FileUtils.rm_rf: /srv", "shell binding.eval → exec: ls", "hidden eval: code"}},
	{"rb-send", Ruby, "send(:system, 'rm -rf ~')\nKernel.send(:exec, 'ls')\n''.__send__('system', 'id')\nFileUtils.public_send(:rm_rf, '/srv')", []string{"shell system: rm -rf ~", "shell exec: ls", "shell system: id", "delete -r FileUtils.rm_rf: /srv"}},
	{"rb-method", Ruby, "m = method(:system)\nm.call('rm -rf /tmp/a')\nm.('ls')\nKernel.method(:exec).call('id')", []string{"shell system: rm -rf /tmp/a", "shell system: ls", "shell exec: id"}},
	{"rb-const-get", Ruby, `Object.const_get(:FileUtils).rm_rf('/x'); Kernel.const_get("File").delete("f")`, []string{"delete -r FileUtils.rm_rf: /x", "delete File.delete: f"}},
	{"rb-dynamic", Ruby, "send(name, 'x')\n[1].each(&method(:system))\nObject.const_get(k).send(:x)", []string{"hidden send: send(name, 'x')", "hidden system: system used as a value", "hidden const_get: const_get(k)"}},
	// A name computed from literals, a quoted symbol, a Method's Proc
	// and its [] call.
	{"rb-dispatch-forms", Ruby, "Kernel.send('sys' + 'tem', 'rm -rf ~')\nKernel.public_send(:\"system\", 'a')\nKernel.method('sys' + 'tem').call('b')\nKernel.method(:system).to_proc.call('c')\nmethod(:system)['d']\nKernel.send(n.to_sym, 'e')",
		[]string{"shell system: rm -rf ~", "shell system: a", "shell system: b", "shell system: c", "shell system: d", "hidden send: send(n.to_sym, 'e')"}},
	{"rb-bind", Ruby, "Kernel.instance_method(:system).bind(self).call('a')\nmethod(:system).unbind.bind(self).call('b')\nKernel.instance_method(:system).bind_call(self, 'c')\n:system.to_proc.call(Kernel, 'd')",
		[]string{"shell system: a", "shell system: b", "shell system: c", "shell Kernel.system: d"}},
	// Ruby look-alikes.
	{"rb-look", Ruby, "puts :system; obj.send(:name); x.send(name); [1,2].map(&:to_s); h = {a: 1}; method(:puts).call('hi'); Object.const_get(:JSON); eval('1+1'); puts 'eval(\"system 1\")'", nil},

	// Perl.
	{"pl-eval", Perl, `eval q(system q(rm -rf ~)); eval "unlink('/etc/x')"; eval { system_like() }; eval $code`, []string{"shell eval → system: rm -rf ~", "delete eval → unlink: /etc/x", "hidden eval: $code"}},
	{"pl-do", Perl, `do "cleanup.pl"; do $file; do { 1 }`, []string{"exec do: perl cleanup.pl", "hidden do: $file"}},
	// A builtin called through a name string reaches a sub of that
	// name, never the builtin: Perl dies unless one is defined. Ask.
	{"pl-symbolic-builtin", Perl, `$f="system"; &$f("rm -rf ~")`, []string{`hidden &{"system"}: a sub named system called by name (perl reaches a sub of that name, not its builtin)`}},
	{"pl-symbolic-sub", Perl, `use File::Path; my $g = "File::Path::rmtree"; &$g("/srv"); &{"POSIX::system"}("ls"); my $h = \&rmtree; $h->("/x")`, []string{"delete -r File::Path::rmtree: /srv", "shell system: ls", "delete -r rmtree: /x"}},
	{"pl-dynamic", Perl, `my @a = (\&CORE::unlink); &{$unknown}(); &$g(1)`, []string{"hidden \\&CORE::unlink: a reference to CORE::unlink kept as a value", "hidden &{…}: &{$unknown}", "hidden &$g: a sub named at run time"}},
	// Perl look-alikes.
	{"pl-look", Perl, `eval { die }; do { 1 }; my $x = $a & $b; print "eval"; my $f = sub { 1 }; $f->(); &$f; &foo(); print "system('x')"`, nil},

	// PHP.
	{"php-var-func", PHP, `$f="system"; $f("rm -rf ~"); $g = 'un' . 'link'; $g('/etc/x');`, []string{"shell system: rm -rf ~", "delete unlink: /etc/x"}},
	{"php-call-user-func", PHP, `call_user_func("system", "rm -rf ~"); call_user_func_array('passthru', ['id']); "exec"("ls");`, []string{"shell system: rm -rf ~", "shell passthru: id", "shell exec: ls"}},
	{"php-eval", PHP, `eval("system(\"rm -rf ~\");"); assert('unlink("/etc/x")'); create_function('', 'exec("ls");'); preg_replace('/x/e', 'system("id")', $s);`,
		[]string{"shell eval → system: rm -rf ~", "delete assert → unlink: /etc/x", "shell create_function → exec: ls", "shell preg_replace → system: id"}},
	{"php-callbacks", PHP, `array_map('system', ['ls', 'rm -rf /x']); array_walk($a, 'exec'); $r = new ReflectionFunction('system');`,
		[]string{"shell system: ls", "shell system: rm -rf /x", "hidden array_walk: exec as the callback of array_walk", "hidden ReflectionFunction: new ReflectionFunction('system')"}},
	// A deleting callback over an array: the deletion of its elements.
	{"php-callback-delete", PHP, `array_map('unlink', glob('/srv/x/*')); array_walk($a, 'rmdir'); array_filter(glob('/etc/*'), 'unlink');`,
		[]string{"hidden unlink: glob('/srv/x/*')", "shell unlink of what glob lists: rm -f -- '/srv/x/'*", "hidden rmdir: $a",
			"hidden unlink: glob('/etc/*')", "shell unlink of what glob lists: rm -f -- '/etc/'*"}},
	{"php-callback-look", PHP, `array_map('strtoupper', glob('/etc/*')); usort($a, 'strcmp'); array_map('unlink', $a, $b);`,
		[]string{"hidden array_map: unlink as the callback of array_map"}},
	{"php-dynamic", PHP, `$cb($x); eval($code); call_user_func($name, 'x');`, []string{"hidden $cb: a function named at run time", "hidden eval: $code", "hidden call_user_func: call_user_func($name, 'x')"}},
	// A callee computed in parentheses.
	{"php-paren-callee", PHP, `("sys"."tem")("rm -rf ~"); ('un' . 'link')('/etc/x'); echo ("shell_"."exec")("id"); ("sys".$x)("ls");`,
		[]string{"shell system: rm -rf ~", "delete unlink: /etc/x", "shell shell_exec: id", "hidden (…)(): a function named at run time: (\"sys\".$x)"}},
	{"php-array-callee", PHP, `$a = ["system"]; $a[0]("rm -rf ~"); $h = []; $h['x'] = function($v) { return $v; }; $h['x'](1);`, []string{"hidden $a[…]: a function named by an element of $a, which holds system"}},
	{"php-look-paren", PHP, `($this->handler)($x); (function($a){return $a;})(1); echo ("str"."toupper")("x"); if ($a) ($b);`, nil},
	// PHP look-alikes.
	{"php-look", PHP, `echo "system"; $f = function($x){return $x;}; $f(1); $arr = ['a']; echo $arr[0]; function_exists('exec'); array_map('strtoupper', $a); call_user_func('strtoupper', 'x');`, nil},
	{"php-look-more", PHP, `usort($a, fn($x,$y)=>$x<=>$y); $obj->$method(); assert($x > 0); preg_replace('/a/', 'b', $s); $g = 'strlen'; echo $g('abc'); echo "eval('system(1)')";`, nil},
}

func TestIndirect(t *testing.T) {
	t.Parallel()
	for _, tc := range indirectCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestEvalBounded: evaluators nested in one another are read to
// maxEvalDepth, and a large literal handed to eval is read once per level,
// not once per enclosing call.
func TestEvalBounded(t *testing.T) {
	t.Parallel()
	code := "import os; os.system('rm -rf ~')"
	for depth := 1; depth <= maxEvalDepth+1; depth++ {
		code = "exec(" + pyQuote(code) + ")"
		effs := Analyze(Python, code)
		if len(effs) != 1 {
			t.Fatalf("depth %d: %d effects", depth, len(effs))
		}
		want := Shell
		if depth > maxEvalDepth {
			want = Hidden
		}
		if effs[0].Kind != want || strings.Count(effs[0].Call, "exec") != min(depth, maxEvalDepth+1) {
			t.Errorf("depth %d: %+v, want kind %v", depth, effs[0], want)
		}
	}
	big := "exec(" + pyQuote(strings.Repeat("x = 1\n", 50000)+"import shutil; shutil.rmtree('/srv')\n") + ")"
	effs := Analyze(Python, big)
	if len(effs) != 1 || effs[0].Path != "/srv" || effs[0].Line != 1 {
		t.Errorf("big eval: %+v", effs)
	}
}

// pyQuote is a Python string literal of s.
func pyQuote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
