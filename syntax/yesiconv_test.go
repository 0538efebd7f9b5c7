package syntax

import (
	"context"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestYesText: what corral reads of yes's output is the real yes's first
// lines; an option (which makes GNU yes fail, or print its help) is left
// to run time.
func TestYesText(t *testing.T) {
	t.Parallel()
	for _, words := range [][]string{nil, {"rm -rf ~"}, {"echo", "hi"}, {"x", "--", "y"}, {"--", "-n"}, {"-"}, {""}, {strings.Repeat("a", 5000)}} {
		got, ok := yesText(words)
		if !ok {
			t.Errorf("yes %q: not known", words)
			continue
		}
		if _, err := exec.LookPath("yes"); err != nil {
			continue
		}
		n := strings.Count(got, "\n")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, "sh", append([]string{"-c", `yes "$@" | head -n ` + strconv.Itoa(n), "sh"}, words...)...)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, err := cmd.Output()
		cancel()
		if err != nil || string(out) != got {
			t.Errorf("yes %q: corral %q, the program %q (%v)", words, got, out, err)
		}
	}
	for _, words := range [][]string{{"-n", "x"}, {"x", "-n"}, {"--help"}, {"--version"}, {"rm", "-rf", "~"}} {
		if got, ok := yesText(words); ok {
			t.Errorf("yes %q: %q, want left to run time", words, got)
		}
	}
}

// TestIconvNonASCII: text beyond ASCII may change between two encodings
// (ascii//TRANSLIT turns fullwidth letters into ASCII ones), or fail to
// convert partway: known only when the encodings are the same.
func TestIconvNonASCII(t *testing.T) {
	t.Parallel()
	arg := func(ws ...string) []Arg {
		var out []Arg
		for _, w := range ws {
			out = append(out, Arg{Value: w, Raw: w, Static: true})
		}
		return out
	}
	in := "\uff52\uff4d -rf ~\n" // ｒｍ -rf ~
	for _, argv := range [][]string{{"-f", "utf-8", "-t", "ascii//TRANSLIT"}, {"-t", "ascii//TRANSLIT"}, {"-t", "utf-8"}, {"-f", "latin1", "-t", "utf8"}} {
		f, _, ok := iconvFilter(arg(argv...))
		if !ok {
			t.Errorf("iconv %q: not a filter", argv)
			continue
		}
		if out, ok := f(in); ok {
			t.Errorf("iconv %q on %q: %q, want unknown", argv, in, out)
		}
	}
	f, _, _ := iconvFilter(arg("-f", "UTF-8", "-t", "utf8"))
	if out, ok := f(in); !ok || out != in {
		t.Errorf("iconv -f UTF-8 -t utf8: %q %v, want the input", out, ok)
	}
}
