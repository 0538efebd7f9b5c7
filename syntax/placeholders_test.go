package syntax

import "testing"

// TestFillInput: the words xargs -I and GNU parallel build from an
// input, as parallel's Perl (s:\.[^/.]*$::, s:.*/::, File::Basename's
// dirname) and xargs' every-occurrence replacement build them.
func TestFillInput(t *testing.T) {
	xargs := func(r string) *Call { return &Call{ExtraArgs: true, Wrappers: []string{"xargs"}, Replace: r} }
	par := func(opts ...Option) *Call {
		return &Call{ExtraArgs: true, Wrappers: []string{"parallel"}, rpl: parallelStrings(opts)}
	}
	opt := func(name, val string) Option {
		return Option{Name: name, HasVal: true, Val: Arg{Value: val, Static: true}}
	}
	tests := []struct {
		c         *Call
		word, in  string
		want      string
		has, know bool
	}{
		{xargs("{}"), "~/.b{}", "ashrc", "~/.bashrc", true, true},
		{xargs("{}"), "{}/{}", "a", "a/a", true, true},
		{xargs("%%"), "/x/%%.bak", "f", "/x/f.bak", true, true},
		{xargs("XX"), "XXm", "r", "rm", true, true},
		{xargs("{}"), "{.}", "a.c", "{.}", false, true}, // xargs has no {.}
		{xargs(""), "~/{}", "a", "~/{}", false, true},   // without -I: appended
		{par(), "~/{}", ".bashrc", "~/.bashrc", true, true},
		{par(), "{.}.o", "src/a.c", "src/a.o", true, true},
		{par(), "{.}", "/root/.bashrc", "/root/", true, true},
		{par(), "{.}", "a.b/c", "a.b/c", true, true},
		{par(), "{/}", "/x/.bashrc", ".bashrc", true, true},
		{par(), "{//}", "/root/.bashrc", "/root", true, true},
		{par(), "{//}", "a", ".", true, true},
		{par(), "{//}", "/a/", "/", true, true},
		{par(), "{/.}", "/x/a.tar.gz", "a.tar", true, true},
		{par(), "{#}-{%}", "x", "1-1", true, true},
		{par(), "{1//}/{1/}", "/a/b", "/a/b", true, true},
		{par(), "{= s/x/y/ =}", "x", "x", true, false},
		{par(), "{a}", "x", "{a}", false, true},
		{par(opt("I", "XX")), "~/XX", ".bashrc", "~/.bashrc", true, true},
		{par(opt("I", "XX")), "~/{}", ".bashrc", "~/{}", false, true}, // -I renames {}
		{par(opt("bnr", "BB")), "~/BB", "/x/.bashrc", "~/.bashrc", true, true},
		{par(opt("dnr", "DD")), "DD/.bashrc", "/root/x", "/root/.bashrc", true, true},
	}
	for _, tt := range tests {
		if got := tt.c.HasPlaceholder(tt.word); got != tt.has {
			t.Errorf("%v HasPlaceholder(%q) = %v, want %v", tt.c.Wrappers, tt.word, got, tt.has)
		}
		got, known := tt.c.FillInput(tt.word, tt.in)
		if got != tt.want || known != tt.know {
			t.Errorf("%v FillInput(%q, %q) = %q, %v; want %q, %v", tt.c.Wrappers, tt.word, tt.in, got, known, tt.want, tt.know)
		}
	}
}
