package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// strFoldCases are calls whose function name is a literal string
// transform (strfold.go) or a bare name inside a JavaScript with
// (jsWith). CMD stands for the shell command, CANARY for a file the code
// writes; want is the kind of effect the analysis must report.
var strFoldCases = []struct {
	name, prog string
	l          Lang
	flag       string
	code       string
	want       Kind
}{
	{"php-strrev-var", "php", PHP, "-r", `$f = strrev("metsys"); $f("CMD");`, Shell},
	{"php-strrev-callee", "php", PHP, "-r", `strrev("metsys")("CMD");`, Shell},
	{"php-strrev-paren", "php", PHP, "-r", `(strrev("metsys"))("CMD");`, Shell},
	{"php-rot13", "php", PHP, "-r", `$f = str_rot13("flfgrz"); $f("CMD");`, Shell},
	{"php-base64", "php", PHP, "-r", `$f = base64_decode("c3lzdGVt"); $f("CMD");`, Shell},
	{"php-hex2bin", "php", PHP, "-r", `$f = hex2bin("73797374656d"); $f("CMD");`, Shell},
	{"php-implode", "php", PHP, "-r", `$f = implode("", ["sys", "tem"]); $f("CMD");`, Shell},
	{"php-cufa-strrev", "php", PHP, "-r", `call_user_func_array(strrev("metsys"), ["CMD"]);`, Shell},
	{"php-var-var", "php", PHP, "-r", `${"f"} = "system"; ${"f"}("CMD");`, Shell},
	{"php-var-var-strrev", "php", PHP, "-r", `${"f"} = strrev("metsys"); $f("CMD");`, Shell},
	{"rb-send-reverse", "ruby", Ruby, "-e", `Kernel.send("metsys".reverse, "CMD")`, Shell},
	{"rb-send-base64", "ruby", Ruby, "-e", `require "base64"; Kernel.send(Base64.decode64("c3lzdGVt"), "CMD")`, Shell},
	{"rb-send-join", "ruby", Ruby, "-e", `Kernel.send(["sys", "tem"].join, "CMD")`, Shell},
	{"py-getattr-reversed", "python3", Python, "-c", `import os; getattr(os, "metsys"[::-1])("CMD")`, Shell},
	{"py-getattr-b64", "python3", Python, "-c", `import os, base64; getattr(os, base64.b64decode("c3lzdGVt").decode())("CMD")`, Shell},
	{"py-getattr-rot13", "python3", Python, "-c", `import os, codecs; getattr(os, codecs.decode("flfgrz", "rot13"))("CMD")`, Shell},
	{"py-getattr-fromhex", "python3", Python, "-c", `import os; getattr(os, bytes.fromhex("73797374656d").decode())("CMD")`, Shell},
	{"py-getattr-join", "python3", Python, "-c", `import os; getattr(os, "".join(["sys", "tem"]))("CMD")`, Shell},
	{"py-builtins-eval-reversed", "python3", Python, "-c", `getattr(__builtins__, "lave"[::-1])("__import__('os').system('CMD')")`, Shell},
	{"js-global-atob", "node", JS, "-e", `globalThis[atob("ZXZhbA==")]("require('child_process').execSync('CMD')")`, Shell},
	{"js-reverse-join", "node", JS, "-e", `const cp = require("child_process"); cp["cnyScexe".split("").reverse().join("")]("CMD")`, Shell},
	{"js-array-join", "node", JS, "-e", `const cp = require("child_process"); cp[["exec", "Sync"].join("")]("CMD")`, Shell},
	{"js-fromcharcode", "node", JS, "-e", `globalThis[String.fromCharCode(101, 118, 97, 108)]("require('child_process').execSync('CMD')")`, Shell},
	{"js-buffer-base64", "node", JS, "-e", `const cp = require("child_process"); cp[Buffer.from("ZXhlY1N5bmM=", "base64").toString()]("CMD")`, Shell},
	{"js-with-cp", "node", JS, "-e", `with (require("child_process")) { execSync("CMD") }`, Shell},
	{"js-with-fs", "node", JS, "-e", `with (require("fs")) writeFileSync("CANARY", "x")`, Write},
	{"js-with-alias", "node", JS, "-e", `const f = require("fs"); with (f) appendFileSync("CANARY", "x")`, Write},
}

// TestStringFoldOracle runs the real interpreters (when installed) on
// each route with `touch CANARY` as the command: the canary exists
// afterwards, so the transform gives the function's name as modelled,
// and the analysis reports the call.
func TestStringFoldOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range strFoldCases {
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		shell := "touch " + canary
		code := strings.ReplaceAll(strings.ReplaceAll(tc.code, "CMD", shell), "CANARY", canary)
		found := false
		for _, e := range Analyze(tc.l, code) {
			if e.Kind == tc.want && strings.Contains(describe(e), map[Kind]string{Shell: shell, Write: canary}[tc.want]) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: the analysis does not report the call: %q", tc.name, describeAll(Analyze(tc.l, code)))
		}
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, run skipped", tc.name, tc.prog)
			continue
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

// TestStringFoldLookAlikes: transforms that give a harmless name, text
// that is printed, a result that is no plain name (a path keeps its
// form), and a with on another object.
func TestStringFoldLookAlikes(t *testing.T) {
	t.Parallel()
	rows := []struct {
		l    Lang
		code string
		want []string // substrings of the effects, in order; nil: none
	}{
		{PHP, `$f = strrev("tnirp"); $f("x");`, nil},
		{PHP, `echo strrev("metsys");`, nil},
		{PHP, `$f = str_rot13("cevags"); $f("x");`, nil},
		{PHP, `echo base64_decode("c3lzdGVt");`, nil},
		{Ruby, `puts "metsys".reverse`, nil},
		{Ruby, `Kernel.send("stup".reverse, "x")`, nil},
		{Python, `print("metsys"[::-1])`, nil},
		{Python, `import os; getattr(os, "dwcteg"[::-1])()`, nil},
		{JS, `console.log("lave".split("").reverse().join(""))`, nil},
		{JS, `with (Math) console.log(max(1, 2))`, nil},
		{JS, `with (obj) { run("x") }`, nil},
		// A decoded literal is no name: it is decoded exactly (pytext.go).
		{Python, `open(base64.b64decode("fi8uYmFzaHJj").decode(), "w")`, []string{"write open: ~/.bashrc"}},
		// Run time names still ask.
		{PHP, `${$g}("x");`, []string{"hidden"}},
		{Perl, `my $f = scalar reverse "metsys"; &$f("x")`, []string{`hidden &{"system"}`}},
	}
	for _, r := range rows {
		got := describeAll(Analyze(r.l, r.code))
		if len(r.want) == 0 && len(got) != 0 {
			t.Errorf("%s %q: %q, want none", r.l, r.code, got)
			continue
		}
		if len(got) < len(r.want) {
			t.Errorf("%s %q: %q, want %q", r.l, r.code, got, r.want)
			continue
		}
		for i, w := range r.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s %q: %q, want %q", r.l, r.code, got, r.want)
			}
		}
	}
}
