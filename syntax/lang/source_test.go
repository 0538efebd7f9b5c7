package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lineEndCases are programs whose second part runs or not depending on
// how the interpreter ends a line (a lone CR, U+2028, PHP's ?>) and
// decodes its source (Python's coding cookie). run is what the real
// interpreter does (TestLineEndsOracle checks it where installed); corral
// must read the call exactly when it runs.
var lineEndCases = []struct {
	name string
	l    Lang
	prog string // the interpreter, for the oracle
	c    bool   // run as -c/-e/-r text rather than a file
	src  string
	run  bool
}{
	// Python: a lone CR ends a line (and so a comment), in a file and
	// in -c text; CR-LF is one line end.
	{"py-cr-comment", Python, "python3", false, "# harmless\rimport os; os.system('touch canary')\n", true},
	{"py-cr-comment-c", Python, "python3", true, "# x\rimport os; os.system('touch canary')", true},
	{"py-cr-statement", Python, "python3", false, "import os\rx = 1\ros.system('touch canary')\n", true},
	{"py-crlf", Python, "python3", false, "# a comment\r\nimport os\r\nos.system('touch canary')\r\n", true},
	{"py-crlf-comment", Python, "python3", false, "# import os; os.system('touch canary')\r\nx = 1\r\n", false},
	{"py-crlf-continuation", Python, "python3", false, "import os; x = 1 + \\\r\n  2\r\n# os.system('touch canary')\r\n", false},
	// Python: the coding cookie.
	{"py-utf7", Python, "python3", false, "# -*- coding: utf-7 -*-\n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", true},
	{"py-utf7-line2", Python, "python3", false, "#!/usr/bin/env python3\n# vim: set fileencoding=UTF_7 :\n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", true},
	{"py-utf7-line3", Python, "python3", false, "x = 1\n# coding: utf-7\n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", false},
	{"py-utf7-cr-lines", Python, "python3", false, "#!x\r# coding: utf-7\r# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", true},
	{"py-utf7-spaces", Python, "python3", false, "  \t# coding= utf-7 \n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", true},
	{"py-utf7-formfeed", Python, "python3", false, "\f#encoding:utf7\n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", true},
	{"py-utf7-after-docstring", Python, "python3", false, "\"\"\"doc\"\"\"\n# coding: utf-7\n# +AAo-import os+ADs- os.system(+ACI-touch canary+ACI-)\n", false},
	{"py-unicode-escape", Python, "python3", false, "# coding: unicode_escape\n# \\x0aimport os; os.system('touch canary')\n", true},
	{"py-raw-unicode-escape", Python, "python3", false, "# coding: raw_unicode_escape\n# \\u000aimport os; os.system('touch canary')\n", true},
	{"py-utf8-cookie", Python, "python3", false, "# -*- coding: utf-8 -*-\n# import os; os.system('touch canary')\nprint('h\u00e9')\n", false},
	{"py-latin1-cookie", Python, "python3", false, "# -*- coding: latin-1 -*-\n# caf\xe9 import os; os.system('touch canary')\n", false},
	{"py-cp1252-cookie", Python, "python3", false, "# coding=cp1252\nimport os\nos.system('touch canary')\n", true},
	// JavaScript: CR, U+2028 and U+2029 end a // comment; U+2028 is a
	// character inside a string literal.
	{"js-cr-comment", JS, "node", false, "// harmless\rrequire('child_process').execSync('touch canary')\n", true},
	{"js-ls-comment", JS, "node", false, "// harmless\u2028require('child_process').execSync('touch canary')\n", true},
	{"js-ps-comment", JS, "node", false, "// harmless\u2029require('child_process').execSync('touch canary')\n", true},
	{"js-ls-comment-e", JS, "node", true, "// x\u2028require('child_process').execSync('touch canary')", true},
	{"js-ls-code", JS, "node", false, "const cp = require('child_process')\u2028cp.execSync('touch canary')\n", true},
	{"js-ls-in-string", JS, "node", false, "var s = 'a\u2028b'; // require('child_process').execSync('touch canary')\n", false},
	{"js-crlf-comment", JS, "node", false, "// require('child_process').execSync('touch canary')\r\nvar x = 1\r\n", false},
	{"js-cr-block-comment", JS, "node", false, "/* a\rrequire('child_process').execSync('touch canary') */\n", false},
	// PHP: a CR ends a # or // comment; ?> ends one too and leaves PHP
	// until the next opening tag. Text outside the tags is output.
	{"php-cr-comment", PHP, "php", false, "<?php // harmless\rsystem('touch canary');\n", true},
	{"php-cr-hash", PHP, "php", false, "<?php # harmless\rsystem('touch canary');\n", true},
	{"php-close-in-comment", PHP, "php", false, "<?php // harmless ?><?php system('touch canary');\n", true},
	{"php-close-in-comment-echo", PHP, "php", false, "<?php // harmless ?>out<?= system('touch canary') ?>\n", true},
	{"php-close-then-html", PHP, "php", false, "<?php // a note ?>\n<p>system('touch canary');</p>\n", false},
	{"php-close-quote-html", PHP, "php", false, "<?php echo 1; ?>\n<p>don't</p>\n<?php system('touch canary');\n", true},
	{"php-close-in-string", PHP, "php", false, "<?php $s = '// ?>'; // system('touch canary');\n", false},
	{"php-close-in-block", PHP, "php", false, "<?php /* ?> */ system('touch canary');\n", true},
	{"php-echo-tag-first", PHP, "php", false, "<p><?= system('touch canary') ?></p>\n<?php echo 1;\n", true},
	{"php-upper-tag", PHP, "php", false, "<?PHP\n// x ?>\n<?PHP system('touch canary');\n", true},
	{"php-no-tag-output", PHP, "php", false, "<p>system('touch canary');</p>\n<?php echo 1;\n", false},
	{"php-crlf", PHP, "php", false, "<?php // system('touch canary');\r\n$x = 1;\r\n", false},
	// Ruby and Perl read a CR inside a comment as part of it.
	{"rb-cr-comment", Ruby, "ruby", false, "# harmless\rsystem('touch canary')\n", false},
	{"pl-cr-comment", Perl, "perl", false, "# harmless\rsystem('touch canary');\n", false},
	// tclsh reads a script file with a lone CR made a LF.
	{"tcl-cr-comment", Tcl, "tclsh", false, "# harmless\rexec sh -c {touch canary}\n", true},
	{"tcl-cr-after-command", Tcl, "tclsh", false, "puts x ;# harmless\rexec sh -c {touch canary}\n", true},
	{"tcl-crlf-comment", Tcl, "tclsh", false, "# exec sh -c {touch canary}\r\nputs x\r\n", false},
	// Lua's lexer and the C preprocessor end a line at a CR (no oracle
	// here: lua is not installed; gcc is checked by hand).
	{"lua-cr-comment", Lua, "", false, "-- harmless\ros.execute('touch canary')\n", true},
	{"c-cr-comment", C, "", false, "#include <stdlib.h>\nint main(){\n// harmless\rsystem(\"touch canary\");\n}\n", true},
}

// runsCanary reports whether effects run the canary command.
func runsCanary(effects []Effect) bool {
	for _, e := range effects {
		if (e.Kind == Shell || e.Kind == Exec) && strings.Contains(e.Text+strings.Join(e.Argv, " "), "touch canary") {
			return true
		}
	}
	return false
}

func TestLineEnds(t *testing.T) {
	t.Parallel()
	for _, tc := range lineEndCases {
		if got := runsCanary(Analyze(tc.l, tc.src)); got != tc.run {
			t.Errorf("%s: corral reads the call: %v, the interpreter runs it: %v\n%q\n%v", tc.name, got, tc.run, tc.src, Analyze(tc.l, tc.src))
		}
	}
}

// TestLineEndsOracle runs each case with the real interpreter (when
// installed) in a temporary directory: the canary file exists afterwards
// exactly when the case says the call runs.
func TestLineEndsOracle(t *testing.T) {
	t.Parallel()
	flag := map[string]string{"python3": "-c", "node": "-e", "php": "-r", "ruby": "-e", "perl": "-e"} // tclsh: files only
	for _, tc := range lineEndCases {
		if tc.prog == "" {
			continue
		}
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		args := []string{"prog"}
		if tc.c {
			args = []string{flag[tc.prog], tc.src}
		} else if err := os.WriteFile(filepath.Join(dir, "prog"), []byte(tc.src), 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, _ := cmd.CombinedOutput()
		_, serr := os.Stat(filepath.Join(dir, "canary"))
		if ran := serr == nil; ran != tc.run {
			t.Errorf("%s: %s ran the call: %v, the case says %v (%s)", tc.name, tc.prog, ran, tc.run, out)
		}
	}
}

// TestUnreadEncodings: a cookie naming an encoding corral cannot decode
// makes the text unreadable (a Hidden effect); ASCII-compatible ones do
// not.
func TestUnreadEncodings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src    string
		unread bool
	}{
		{"# -*- coding: cp500 -*-\nprint(1)\n", true},
		{"# coding: utf-16\n", true},
		{"# coding: hz\nprint(1)\n", true},
		{"# coding: unicode_escape\n# \\N{LINE FEED}print(1)\n", true},
		{"# coding: shift_jis\nprint('\x83\\')\n", true},
		{"# coding: shift_jis\nprint('ascii only')\n", false},
		{"# -*- coding: utf-8 -*-\nprint(1)\n", false},
		{"# -*- coding: iso-8859-15 -*-\nprint('\xa4')\n", false},
		{"\ufeff# coding: utf-8\nprint(1)\n", false},
		{"print(1)\n# coding: cp500\n", false},
		{"# coding is fine\nprint(1)\n", false},
	} {
		es := Analyze(Python, tc.src)
		got := len(es) > 0 && es[0].Kind == Hidden && strings.HasPrefix(es[0].Call, "coding: ")
		if got != tc.unread {
			t.Errorf("%q: unreadable %v, want %v (%v)", tc.src, got, tc.unread, es)
		}
	}
}

// TestCodecClassOracle asks Python, when installed, how each encoding
// name it knows decodes: corral must not read as plain text a source in
// an encoding where an ASCII byte is not itself, nor read byte by byte
// one whose other bytes start multi-byte characters.
func TestCodecClassOracle(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	const probe = `
import codecs, encodings, encodings.aliases, pkgutil
names = set(encodings.aliases.aliases) | set(encodings.aliases.aliases.values())
names |= {m.name for m in pkgutil.iter_modules(encodings.__path__)}
for n in sorted(names):
    try:
        codecs.lookup(n)
        same = bytes(range(128)).decode(n) == bytes(range(128)).decode("latin-1")
        single = all(len(bytes([b]).decode(n, "replace")) == 1 for b in range(128, 256))
    except Exception:
        same, single = False, False
    print(n, int(same), int(single))
`
	cmd := exec.Command(bin, "-c", probe)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		n++
		same, single := f[1] == "1", f[2] == "1"
		switch codecClass(f[0]) {
		case codecASCII:
			if !same || !single {
				t.Errorf("%s: read as ASCII text byte by byte; Python: ASCII kept %v, one character a byte %v", f[0], same, single)
			}
		case codecASCIIMB:
			if !same {
				t.Errorf("%s: read as ASCII text when all bytes are ASCII; Python does not keep ASCII", f[0])
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d encodings from Python", n)
	}
}

// TestLineEndsLines: findings in decoded or CR-ended text carry the
// offsets and the LF lines of the text as given (what an editor and sed
// show), not of the text as the interpreter reads it.
func TestLineEndsLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src        string
		line, from int
	}{
		{"# a\rimport os; os.system('rm -rf ~')\n", 1, 4},
		{"x = 1\n# a\rimport os\ros.system('rm -rf ~')\n", 2, 20},
		{"# coding: utf-7\n\n# +AAo-import os+ADs- os.system(+ACI-rm -rf +AH4-+ACI-)\n", 3, 19},
		{"# coding: unicode_escape\n# \\x0aimport os; os.system('rm -rf ~')\n", 2, 27},
	} {
		es := Analyze(Python, tc.src)
		if len(es) != 1 || es[0].Line != tc.line || es[0].Offset < tc.from || es[0].Offset >= len(tc.src) {
			t.Errorf("%q: %+v, want one effect on line %d at an offset from %d", tc.src, es, tc.line, tc.from)
		}
	}
}
