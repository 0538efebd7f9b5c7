package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ${x@P} decodes the prompt escapes whose value is known (\n, \\, octal,
// \[ \], \w and \W of a known directory, …) as bash does, then expands
// what they leave; an escape only run time answers leaves no value.
func TestPromptEscapeValue(t *testing.T) {
	bash := bashPath(t)
	dir := oracleDir(t)
	parent := filepath.Dir(dir)
	for _, tc := range []struct {
		prelude, word string
		static        bool
	}{
		{`x='a\nb'; `, `"${x@P}"`, true},
		{`x='\\'; `, `"${x@P}"`, true},
		{`x='\\\\'; `, `"${x@P}"`, true},
		{`x='\\$HOME'; `, `"${x@P}"`, true},
		{`x='\101\060\1234'; `, `"${x@P}"`, true},
		{`x='\044HOME'; `, `"${x@P}"`, true}, // an octal $ is expanded
		{`x='a\[x\]b'; `, `"${x@P}"`, true},
		{`x='\e[0m\a\r'; `, `"${x@P}"`, true},
		{`x='\q\8\x41 a\'; `, `"${x@P}"`, true},      // not escapes: kept
		{`x='ab\000cd\400\777'; `, `"${x@P}"`, true}, // a NUL is dropped, the byte kept
		{`x='ab\01cd'; `, `"${x@P}"`, false},
		{`x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=` + parent + `; x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=` + dir + `; x='\w|\W'; `, `"${x@P}"`, true},
		{`HOME=/; x='\w'; `, `"${x@P}"`, true},
		{`x='rm\040-rf\040/'; `, `${x@P}`, true},
		{`x='\u'; `, `"${x@P}"`, true}, // the user the hook runs as
		{`x='/home/\u'; `, `"${x@P}"`, true},
		{`x='\h'; `, `"${x@P}"`, false},
		{`x='\$'; `, `"${x@P}"`, true}, // # for the superuser, $ for anyone else
		{`x='\$HOME \$(echo hi)'; `, `"${x@P}" ${x@P}`, true},
		{`x='\\\\$(echo hi)'; `, `"${x@P}"`, false}, // \\ is one backslash: $( … ) runs
		{`x='\D{%s}'; `, `"${x@P}"`, false},
		{`x='\t'; `, `"${x@P}"`, false},
		{`x='\140echo hi\140'; `, `"${x@P}"`, false}, // a backquote: a command runs
		{`PROMPT_DIRTRIM=1; x='\w'; `, `"${x@P}"`, false},
	} {
		checkAgainstBash(t, bash, dir, tc.prelude, tc.word, tc.static)
	}
}

// \$ in a prompt is # for the superuser and a $ that expands nothing for
// anyone else: the other case is checked against bash run as nobody.
func TestPromptDollarOtherUser(t *testing.T) {
	bash := bashPath(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root to run bash as another user")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("no setpriv")
	}
	dir := oracleDir(t)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	old := effectiveUID
	effectiveUID = func() int { return 65534 }
	defer func() { effectiveUID = old }()
	for _, tc := range []struct{ prelude, word string }{
		{`x='\$'; `, `"${x@P}"`},
		{`x='a\$HOME \$(echo hi)'; `, `"${x@P}" ${x@P}`},
		{`x='\\$HOME'; `, `"${x@P}"`},
	} {
		got, static, ok := corralFieldsAfter(t, dir, tc.prelude, tc.word)
		if !ok || !static {
			t.Errorf("%s%s: static %v (%q), want a value", tc.prelude, tc.word, static, got)
			continue
		}
		cmd := exec.Command(setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", bash, "--norc", "--noprofile", "-c",
			"set -f; "+tc.prelude+"printf '%s\\0' START "+tc.word+" END")
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8"}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s%s: bash as nobody: %v", tc.prelude, tc.word, err)
		}
		fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		want := fields[1 : len(fields)-1]
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s%s: corral differs from bash as nobody (-bash +corral):\n%s", tc.prelude, tc.word, diff)
		}
	}
}
