package rewrite

import "testing"

// TestCodeDispatchFolds: a function named by a literal string transform
// (reversed, rotated, base64 or hex, joined), PHP's variable variables,
// and a bare call inside JavaScript's with (MODULE) are the direct call
// (red team 13/14 DX; syntax/lang/strfold.go, dispatch.go jsWith).
// Before, each asked ("a function named at run time") or passed; the
// look-alikes that name a harmless function pass instead of asking.
func TestCodeDispatchFolds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// allow -> deny
		{`php -r '${"f"} = "system"; ${"f"}("rm -rf ~");'`, "deny"},
		{`php -r 'strrev("metsys")("rm -rf ~");'`, "deny"},
		{`node -e 'with (require("fs")) rmSync(process.env.HOME, {recursive: true})'`, "deny"},
		{`node -e 'const f = require("fs"); with (f) { rmSync("/home/u", {recursive: true}) }'`, "deny"},
		// ask -> deny
		{`php -r '$f = strrev("metsys"); $f("rm -rf ~");'`, "deny"},
		{`php -r '$f = str_rot13("flfgrz"); $f("rm -rf ~");'`, "deny"},
		{`php -r '$f = base64_decode("c3lzdGVt"); $f("rm -rf ~");'`, "deny"},
		{`php -r '(strrev("metsys"))("rm -rf ~");'`, "deny"},
		{`php -r 'call_user_func_array(strrev("metsys"), ["rm -rf ~"]);'`, "deny"},
		{`php -r '$f = implode("", ["sys", "tem"]); $f("rm -rf ~");'`, "deny"},
		{`ruby -e 'Kernel.send("metsys".reverse, "rm -rf ~")'`, "deny"},
		{`python3 -c 'import os; getattr(os, "metsys"[::-1])("rm -rf ~")'`, "deny"},
		{`python3 -c 'import os, base64; getattr(os, base64.b64decode("c3lzdGVt").decode())("rm -rf ~")'`, "deny"},
		{`python3 -c 'import os, codecs; getattr(os, codecs.decode("flfgrz", "rot13"))("rm -rf ~")'`, "deny"},
		{`node -e 'globalThis[atob("ZXZhbA==")]("require(\"child_process\").execSync(\"rm -rf ~\")")'`, "deny"},
		// Still asked: names only run time knows.
		{`php -r '${$g}("rm -rf ~");'`, "ask"},
		{`php -r '$f = strrev($x); $f("rm -rf ~");'`, "ask"},
		{`python3 -c 'import os; getattr(os, n[::-1])("rm -rf ~")'`, "ask"},
		{`node -e 'with (require("child_process")) { exec(cmd) }'`, "ask"},
		// Look-alikes: ask -> allow where the name is harmless.
		{`php -r '$f = strrev("tnirp"); $f("x");'`, "allow"},
		{`php -r '$f = str_rot13("cevags"); $f("x");'`, "allow"},
		{`php -r 'echo strrev("metsys");'`, "allow"},
		{`ruby -e 'Kernel.send("stup".reverse, "rm -rf ~")'`, "allow"},
		{`python3 -c 'print("metsys"[::-1])'`, "allow"},
		{`node -e 'with (Math) console.log(max(1, 2))'`, "allow"},
		{`node -e 'with (require("fs")) console.log(existsSync("x"))'`, "allow"},
	})
}
