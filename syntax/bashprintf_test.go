package syntax

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// printfRows are printf calls (the words after printf) that BashPrintf
// must model as bash does, or refuse; known says it must model them.
var printfRows = []struct {
	words []string
	known bool
}{
	{[]string{"%s/%s", "/home/u", ".bashrc"}, true},
	{[]string{"%b", `/home/u/.bash\x72c`}, true},
	{[]string{"%b", `/home/u/.claude/settings.jso\x6e`}, true},
	{[]string{`\x2fhome/u/.bashrc`}, true},
	{[]string{`\57home/u/.bashrc`}, true},
	{[]string{`\0057x`}, true},
	{[]string{"%b", `\0057x`}, true},
	{[]string{"%b", `\057x`}, true},
	{[]string{"%b", `\57x`}, true},
	{[]string{"%-05d|%5.2s|%-3c|", "4", "abc", "z"}, true},
	{[]string{"%b", `\57x\0y`}, true}, // a NUL byte (printf -v: refused)
	{[]string{"%b", `a\cb`, "c"}, true},
	{[]string{"%s%b%s\n", "a", `x\c`, "z"}, true},
	{[]string{`a\cb`}, true},
	{[]string{"%.24s", "/home/u/.bashrcXYZ"}, true},
	{[]string{"%.0s%s", "drop", "keep"}, true},
	{[]string{"%5s|%-5s|%.2s", "ab", "cd", "efgh"}, true},
	{[]string{"%c%s", "/", "home/u/.bashrc"}, true},
	{[]string{"%c", "xyz"}, true},
	{[]string{"%s\n", "a", "b", "c"}, true},
	{[]string{"%s=%s;", "a", "1", "b"}, true},
	{[]string{"no conversions", "extra", "args"}, true},
	{[]string{"100%%"}, true},
	{[]string{"%s|%s|%d", "only"}, true},
	{[]string{"%05d", "7"}, true},
	{[]string{"%d %i %u %o %x %X", "-3", "12", "5", "8", "255", "255"}, true},
	{[]string{"%+d % d %-4d|%.3d", "5", "5", "5", "5"}, true},
	{[]string{"%.0d|", "0"}, true},
	{[]string{`\e\a\t\v\f\r\n\\`}, true},
	{[]string{`\"\'\?`}, true},
	{[]string{"%b", `\"\'\?`}, true},
	{[]string{`\q\x\u`}, true},
	{[]string{"%b", `\q\x\u\`}, true},
	{[]string{`\u002f\U0000002f`}, true},
	{[]string{"%b", `\u002fx`}, true},
	{[]string{`\x7e/.bashr\x63`}, true},
	{[]string{"%q", "a b"}, true},
	{[]string{"%q", ""}, true},
	{[]string{"%q", "x$y;z"}, true},
	{[]string{"%q", "~/a#b"}, true},
	{[]string{"%s", `\x41`}, true},
	{[]string{`%s\`, "a"}, true},
	// Not modelled: the caller must treat the value as run-time.
	{[]string{"%(%F)T", "-1"}, false},
	{[]string{"%*s", "5", "x"}, false},
	{[]string{"%f", "1.5"}, false},
	{[]string{"%d", "0x10"}, false},
	{[]string{"%d", "'a"}, false},
	{[]string{`\u00e9`}, false},
	{[]string{"%c", ""}, false},
	{[]string{"%z"}, false},
	{[]string{"%q", "é"}, false},
}

// TestBashPrintfAgainstBash runs every row in real bash, as printf and
// as printf -v, and requires BashPrintf's text to be bash's byte for
// byte wherever it claims to know it.
func TestBashPrintfAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	home := t.TempDir()
	for _, row := range printfRows {
		got, ok := BashPrintf(row.words[0], row.words[1:])
		if ok != row.known {
			t.Errorf("BashPrintf(%q) ok = %v, want %v", row.words, ok, row.known)
		}
		if !ok {
			continue
		}
		// printf's output, and printf -v's value printed back raw.
		for _, script := range []string{`printf "$@"`, `printf -v v "$@"; printf %s "$v"`} {
			if strings.Contains(script, "-v") && strings.IndexByte(got, 0) >= 0 {
				continue // a variable holds no NUL: printfVar refuses it
			}
			cmd := exec.Command(bash, append([]string{"-c", script, "bash"}, row.words...)...)
			cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
			cmd.Dir = home
			var out bytes.Buffer
			cmd.Stdout = &out
			_ = cmd.Run()
			if out.String() != got {
				t.Errorf("%s %q: bash printed %q, BashPrintf %q", script, row.words, out.String(), got)
			}
		}
	}
}

// echoRows are echo calls BashEcho must model as bash does.
var echoRows = [][]string{
	{"-e", `/home/u/.bash\x72c`},
	{"-e", `/home/u/.bash\0162c`},
	{"-e", `/home/u/.bash\162c`},
	{"-e", `/home/u/.bash\u0072c`},
	{"-e", `a\cb`, "c"},
	{"-n", "x"},
	{"-en", `a\tb`},
	{"-e", "-n", `x\\y`},
	{"-E", `a\x41`},
	{"-ne", "-E", `a\x41`},
	{"--", "a"},
	{"-", "a"},
	{"-x", "a"},
	{"-e", `\"\'\?\q\x`},
	{"-e", `\e\a\b\f\v\r`},
	{"-e", `tail\`},
	{"plain", "words"},
}

func TestBashEchoAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	home := t.TempDir()
	for _, row := range echoRows {
		got, ok := BashEcho(row)
		if !ok {
			t.Errorf("BashEcho(%q) not modelled", row)
			continue
		}
		cmd := exec.Command(bash, append([]string{"-c", `echo "$@"`, "bash"}, row...)...)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		var out bytes.Buffer
		cmd.Stdout = &out
		_ = cmd.Run()
		if out.String() != got {
			t.Errorf("echo %q: bash printed %q, BashEcho %q", row, out.String(), got)
		}
	}
	if _, ok := BashEcho([]string{"-e", `\u00e9`}); ok {
		t.Errorf("echo -e of a \\u past ASCII is the locale's: not modelled")
	}
	if got, _ := BashEcho([]string{"-e", `a\x41`}); !strings.HasPrefix(got, "aA") {
		t.Errorf("echo -e a\\x41 = %q", got)
	}
}
