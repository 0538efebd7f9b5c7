package syntax

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRepls: where a word holds the replacement strings of the launcher
// that runs its call, and what each computes (Repl.Op): find -exec's {},
// fd -x's set, xargs -I's string, GNU parallel's set under its options'
// names, with --plus, --rpl and --parens.
func TestRepls(t *testing.T) {
	call := func(wrappers ...string) *Call { return &Call{ExtraArgs: true, Wrappers: wrappers} }
	opt := func(name, val string) Option {
		return Option{Name: name, HasVal: val != "", Val: Arg{Value: val, Static: true}}
	}
	par := func(opts ...Option) *Call {
		c := call("parallel")
		c.rpl = parallelStrings(opts)
		return c
	}
	xargs := call("xargs")
	xargs.Replace = "@"
	tests := []struct {
		c    *Call
		word string
		want string // each Str=Op, space-separated
	}{
		{call("find -exec"), "{}/.bashrc", "{}="},
		{call("find -execdir"), "x{}y{}", "{}= {}="},
		{call("find -exec"), "{.}", ""},
		{call("fd -x"), "{//}/{/.}.o", "{//}=// {/.}=fd/."},
		{call("xargs"), "{}", ""}, // no -I: appended
		{xargs, "@rc", "@="},
		{xargs, "{}", ""},
		{call("xargs", "env"), "", ""},
		{par(), "{} {.}rc", "{}= {.}=."},
		{par(), "{//}/.bashrc", "{//}=//"},
		// A --rpl tag holding "(" is a regular expression with groups.
		{par(opt("rpl", `{:(\d+)} s/^(.{$$1}).*/$1/`)), "x{:12}y {:a}", "{:12}=="},
		{par(), "{2/.}-{#}-{%}", "{2/.}=/. {#}=# {%}=#"},
		{par(), "{= s/a/b/ =}x", "{= s/a/b/ =}=="},
		{par(), "{..}", ""}, // --plus only
		{par(opt("plus", "")), "{..}{+/}/{%.c}", "{..}=.. {+/}=+/ {%.c}=="},
		{par(opt("plus", "")), "{#}{##}", "{#}=# {##}=#"},
		{par(opt("I", "@")), "@ {}", "@="},
		{par(opt("dnr", "D")), "D/x", "D=//"},
		{par(opt("slotreplace", "SS")), "SS", "SS=#"},
		{par(opt("rpl", "{up} s/x/X/")), "{up}", "{up}=="},
		{par(opt("rpl", "{} s/x/X/")), "{}", "{}=="},
		{par(opt("parens", ",,,,")), ",,s/x/y/,,", ",,s/x/y/,,=="},
		{&Call{Wrappers: []string{"parallel"}}, "{}", ""}, // not run with inputs
	}
	for _, tt := range tests {
		var got []string
		for _, r := range tt.c.Repls(tt.word) {
			if tt.word[r.Start:r.End] != r.Str {
				t.Errorf("%v Repls(%q): %q at %d:%d", tt.c.Wrappers, tt.word, r.Str, r.Start, r.End)
			}
			got = append(got, r.Str+"="+r.Op)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%v Repls(%q) = %q, want %q", tt.c.Wrappers, tt.word, g, tt.want)
		}
	}
}

// TestPlusFillOracle: --plus's strings computed as a real GNU parallel
// computes them (when installed).
func TestPlusFillOracle(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("parallel not installed")
	}
	c := &Call{ExtraArgs: true, Wrappers: []string{"parallel"}, rpl: parallelStrings([]Option{{Name: "plus"}})}
	word := "{}={.}={/}={//}={/.}={..}={...}={/..}={/...}={+/}={+.}={+..}={+...}"
	for _, in := range []string{"x", "a/b.c.d", "/r/.b.c", "a.b.c.d", "/root/.bash", "a.", "/", "d/e.f/g"} {
		cmd := exec.Command("parallel", "--plus", "echo", word, ":::", in)
		cmd.Env = append(os.Environ(), "PARALLEL_HOME="+t.TempDir())
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("parallel: %v", err)
		}
		got, _ := c.FillInput(word, in)
		if want := strings.TrimSuffix(string(out), "\n"); got != want {
			t.Errorf("%q: corral %q, parallel %q", in, got, want)
		}
	}
}

// TestFdStem: fd's {.} and {/.} as fd computes them (src/exec/input.rs:
// the directory joined with Rust's file_stem, ./ stripped), against
// parallel's s:\.[^/.]*$:: where they differ (a hidden name).
func TestFdStem(t *testing.T) {
	fd := &Call{ExtraArgs: true, Wrappers: []string{"fd -x"}}
	par := &Call{ExtraArgs: true, Wrappers: []string{"parallel"}}
	for _, tt := range []struct{ word, in, fd, par string }{
		{"{.}", "foo.txt", "foo", "foo"},
		{"{.}", "dir/foo.txt", "dir/foo", "dir/foo"},
		{"{.}", "a.tar.gz", "a.tar", "a.tar"},
		{"{.}", "/h/.bashrc", "/h/.bashrc", "/h/"},
		{"{.}", ".foo", ".foo", ""},
		{"{.}", "/h/.bash.x", "/h/.bash", "/h/.bash"},
		{"{.}", "./src/a.c", "src/a", "./src/a"},
		{"{/.}", "/h/.bashrc", ".bashrc", ""},
		{"{/.}", "d/x.y.z", "x.y", "x.y"},
	} {
		if got, _ := fd.FillInput(tt.word, tt.in); got != tt.fd {
			t.Errorf("fd %s of %q = %q, want %q", tt.word, tt.in, got, tt.fd)
		}
		if got, _ := par.FillInput(tt.word, tt.in); got != tt.par {
			t.Errorf("parallel %s of %q = %q, want %q", tt.word, tt.in, got, tt.par)
		}
	}
}
