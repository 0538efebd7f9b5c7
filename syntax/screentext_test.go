package syntax

import (
	"reflect"
	"testing"
)

// TestScreenText: the words of screen -X are read as screen reads a word
// in double quotes (screen 4.09, Parse): \n \r \t, \NNN octal, \ before
// ' " \ $ # ^, ^X control characters, ^? DEL. A backslash before any
// other character stays; $NAME is left to the shell.
func TestScreenText(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		{`ls`, "ls"},
		{`rm -rf ~\n`, "rm -rf ~\n"},
		{`rm -rf ~\r`, "rm -rf ~\r"},
		{`a\tb`, "a\tb"},
		{`rm -rf ~\015`, "rm -rf ~\r"},
		{`rm -rf ~\12`, "rm -rf ~\n"},
		{`\0`, "\x00"},
		{`\1234`, "S4"}, // three digits at most
		{`\777`, "\xff"},
		{`\8`, `\8`},
		{`rm -rf ~^M`, "rm -rf ~\r"},
		{`rm -rf ~^m`, "rm -rf ~\r"},
		{`rm -rf ~^J`, "rm -rf ~\n"},
		{`^?`, "\x7f"},
		{`^^`, "\x1e"},
		{`^[`, "\x1b"},
		{`a^`, "a^"},
		{`a\`, `a\`},
		{`\\n`, `\n`},
		{`\^M`, "^M"},
		{`\"\'\$\#`, `"'$#`},
		{`\q\x41`, `\q\x41`},
		{`$HOME`, "$HOME"},
		{`echo \176`, "echo ~"},
	}
	for _, tc := range cases {
		if got := screenText(tc.in); got != tc.want {
			t.Errorf("screenText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScreenParse: a screen command from a screenrc or eval is split as
// screen splits it: blanks, quotes (escapes and ^X decoded outside
// single quotes), "#" where a word would start ends the command, "!"
// leading is exec; a missing quote is an error.
func TestScreenParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
		ok   bool
	}{
		{`stuff "rm -rf ~\n"`, []string{"stuff", "rm -rf ~\n"}, true},
		{`stuff 'rm -rf ~\n'`, []string{"stuff", `rm -rf ~\n`}, true},
		{`stuff 'rm -rf ~^M'`, []string{"stuff", `rm -rf ~^M`}, true},
		{`stuff rm\040-rf\040~^M`, []string{"stuff", "rm -rf ~\r"}, true},
		{`  screen -t top 2 top # comment`, []string{"screen", "-t", "top", "2", "top"}, true},
		{`bind x stuff a#b`, []string{"bind", "x", "stuff", "a#b"}, true},
		{`!rm -rf /`, []string{"exec", "rm", "-rf", "/"}, true},
		{`register a "x"y'z'`, []string{"register", "a", "xyz"}, true},
		{"stuff \"a\nb\"", []string{"stuff", "a\nb"}, true},
		{"stuff a \nstuff b", []string{"stuff", "a"}, true},
		{"stuff a\nb", []string{"stuff", "a", "b"}, true}, // a newline in a word ends only the word
		{`stuff "rm -rf ~`, nil, false},
		{`# only a comment`, nil, true},
	}
	for _, tc := range cases {
		got, ok := screenParse(tc.in)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("screenParse(%q) = %q, %v, want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// TestScreenStuffEscapesRun: text that screen -X stuff, register and a
// screenrc type into a window is decoded before the shell reads it, so
// rm -rf /\n runs rm -rf / (not rm -rf /n). Look-alikes decode to other
// paths.
func TestScreenStuffEscapesRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"s.rc":  "startup_message off\nstuff \"rm -rf /\\n\"\n",
		"ok.rc": "stuff 'rm -rf /\\n'\n",
	})
	cases := []struct {
		src string
		rm  bool
	}{
		{`screen -X stuff 'rm -rf /\n'`, true},
		{`screen -S s -X stuff 'rm -rf /\r'`, true},
		{`screen -X stuff 'rm -rf \057\015'`, true},
		{`screen -X stuff 'rm -rf /^M'`, true},
		{`screen -X stuff 'rm -rf /^J'`, true},
		{`screen -X register a 'rm -rf /\n'; screen -X paste a`, true},
		{`screen -X eval 'stuff "rm -rf /\n"'`, true},
		{`screen -c s.rc -dmS x`, true},
		// Look-alikes: other paths, or a single-quoted \n in a screenrc
		// that screen types as a backslash and n.
		{`screen -X stuff 'rm -rf /\q\n'`, false},
		{`screen -X stuff 'rm -rf \057tmp\n'`, false},
		{`screen -c ok.rc -dmS x`, false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if rm := removes(m, "/"); rm != tc.rm {
			t.Errorf("%q: corral sees rm -rf / run: %v, want %v", tc.src, rm, tc.rm)
		}
	}
}
