package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDispatchOracle runs the real interpreters (when installed) on each
// route of dynamic dispatch the analysis rewrites into the direct call,
// told to run `touch CANARY` instead of a deletion: the canary exists
// afterwards, so the route really reaches the shell, and the analysis
// reports that shell call with that command.
func TestDispatchOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		l          Lang
		flag       string
		code       string // CMD stands for the shell command
	}{
		{"py-methodcaller", "python3", Python, "-c", `import operator, os; operator.methodcaller("system", "CMD")(os)`},
		{"py-methodcaller-from", "python3", Python, "-c", "from operator import methodcaller as mc\nimport subprocess as sp\nmc('call', 'CMD', shell=True)(sp)"},
		{"py-attrgetter", "python3", Python, "-c", `import operator; operator.attrgetter("system")(__import__("os"))("CMD")`},
		{"py-print-self", "python3", Python, "-c", `print.__self__.__import__("os").system("CMD")`},
		{"py-len-self", "python3", Python, "-c", `len.__self__.__import__("os").system("CMD")`},
		{"py-vars-builtins", "python3", Python, "-c", `vars()["__builtins__"].__import__("os").system("CMD")`},
		{"py-builtins-alias", "python3", Python, "-c", "import builtins as b\nb.__import__('os').system('CMD')"},
		{"py-func-globals", "python3", Python, "-c", "def f(): pass\nf.__globals__['__builtins__'].__import__('os').system('CMD')"},
		{"py-module-self", "python3", Python, "-c", `import os; os.getcwd.__self__.system("CMD")`},
		{"py-dunder-call", "python3", Python, "-c", `import os; os.system.__call__("CMD")`},
		{"py-getattribute", "python3", Python, "-c", `import os; os.__getattribute__("system")("CMD")`},
		{"py-object-getattribute", "python3", Python, "-c", `import os; object.__getattribute__(os, "system")("CMD")`},
		{"py-type-getattribute", "python3", Python, "-c", `import os; type(os).__getattribute__(os, "system")("CMD")`},
		{"py-dict-get", "python3", Python, "-c", `import os; os.__dict__.get("system")("CMD")`},
		{"py-vars-get", "python3", Python, "-c", `import os; vars(os).get("system")("CMD")`},
		{"py-importlib-import", "python3", Python, "-c", `import importlib; importlib.__import__("os").system("CMD")`},
		{"py-eval-name", "python3", Python, "-c", `eval("__import__")("os").system("CMD")`},
		{"py-operator-call", "python3", Python, "-c", `import operator, os; operator.call(os.system, "CMD")`},
		{"py-router-alias", "python3", Python, "-c", "import os, operator\nmc = operator.methodcaller\nmc('system', 'CMD')(os)"},
		{"js-descriptor", "node", JS, "-e", `const cp = require("child_process"); Object.getOwnPropertyDescriptor(cp, "execSync").value("CMD")`},
		{"rb-instance-method-bind", "ruby", Ruby, "-e", `Kernel.instance_method(:system).bind(self).call("CMD")`},
		{"rb-unbind-bind", "ruby", Ruby, "-e", `method(:system).unbind.bind(self).call("CMD")`},
		{"rb-bind-call", "ruby", Ruby, "-e", `Kernel.instance_method(:system).bind_call(self, "CMD")`},
		{"rb-symbol-to-proc", "ruby", Ruby, "-e", `:system.to_proc.call(Kernel, "CMD")`},
		{"py-module-func-globals", "python3", Python, "-c", `import os; os.popen.__globals__["system"]("CMD")`},
		{"js-call", "node", JS, "-e", `const cp = require("child_process"); cp.execSync.call(null, "CMD")`},
		{"js-apply", "node", JS, "-e", `require("child_process").execSync.apply(null, ["CMD"])`},
		{"js-reflect-apply", "node", JS, "-e", `const cp = require("child_process"); Reflect.apply(cp.execSync, null, ["CMD"])`},
		{"js-bind", "node", JS, "-e", `const cp = require("child_process"); cp.execSync.bind(null, "CMD")()`},
		{"js-bind-later", "node", JS, "-e", `const cp = require("child_process"); const x = cp.execSync.bind(cp); x("CMD")`},
		{"js-call-call", "node", JS, "-e", `const cp = require("child_process"); Function.prototype.call.call(cp.execSync, null, "CMD")`},
		{"js-apply-call", "node", JS, "-e", `const cp = require("child_process"); Function.prototype.apply.call(cp.execSync, null, ["CMD"])`},
		{"js-reflect-get", "node", JS, "-e", `const cp = require("child_process"); Reflect.get(cp, "execSync")("CMD")`},
		{"php-paren-callee", "php", PHP, "-r", `("sys"."tem")("CMD");`},
		{"php-var-concat", "php", PHP, "-r", `$f = "sys"."tem"; $f("CMD");`},
		{"rb-public-send", "ruby", Ruby, "-e", `Kernel.public_send(:system, "CMD")`},
		{"rb-send", "ruby", Ruby, "-e", `Kernel.send(:system, "CMD")`},
		{"rb-send-concat", "ruby", Ruby, "-e", `Kernel.send("sys" + "tem", "CMD")`},
		{"rb-quoted-symbol", "ruby", Ruby, "-e", `Kernel.public_send(:"system", "CMD")`},
		{"rb-to-proc", "ruby", Ruby, "-e", `Kernel.method(:system).to_proc.call("CMD")`},
		{"rb-method-index", "ruby", Ruby, "-e", `method(:system)["CMD"]`},
		{"rb-method-call", "ruby", Ruby, "-e", `method(:system).call("CMD")`},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		shell := "touch " + canary
		code := strings.ReplaceAll(tc.code, "CMD", shell)
		found := false
		for _, e := range Analyze(tc.l, code) {
			if e.Kind == Shell && strings.Contains(describe(e), shell) || e.Kind == Exec && strings.Contains(describe(e), shell) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the analysis does not report the shell call: %q", tc.name, describeAll(Analyze(tc.l, code)))
		}
		cmd := exec.Command(bin, tc.flag, code)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("%s: the canary was not made (%v, %s)", tc.name, err, out)
		}
	}
}

func describeAll(effs []Effect) []string {
	var out []string
	for _, e := range effs {
		out = append(out, describe(e))
	}
	return out
}
