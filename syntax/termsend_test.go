package syntax

import (
	"reflect"
	"testing"
)

// TestTermSendTyped checks the text programs type into another terminal
// (kitty @ send-text, wezterm cli send-text, zellij action write-chars
// and write, xdotool, ydotool, wtype) as the scripts corral reads: the
// escapes each program decodes, the options whose values are not text,
// files and standard input. Look-alikes type nothing.
func TestTermSendTyped(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"cmds.txt": "rm -rf ~\n"})
	cases := []struct {
		src  string
		kind string
		want []string // the scripts of kind, in order
	}{
		{`kitty @ send-text 'rm -rf ~\r'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitten @ send-text --match title:x 'rm -rf ~\n'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitty @ --to unix:/tmp/k send-text -m title:x 'rm -rf ~\r'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitty @send-text --to=unix:/tmp/k rm -rf '~\x0d'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitty @ send-text 'rm -rf \u007e\015'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitty @ send-text 'echo hi\cM'`, "kitty send-text", []string{"echo hi\n"}},
		{`kitty @ send-text --from-file cmds.txt`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`kitty @ send-text --stdin <<< 'rm -rf ~'`, "kitty send-text", []string{"rm -rf ~\n"}},
		{`echo 'rm -rf ~' | kitty @ send-text --stdin`, "kitty send-text", []string{"rm -rf ~"}},
		{`wezterm cli send-text --pane-id 3 --no-paste $'rm -rf ~\n'`, "wezterm send-text", []string{"rm -rf ~\n"}},
		{`wezterm cli send-text 'rm -rf ~'`, "wezterm send-text", []string{"rm -rf ~"}},
		{`printf 'rm -rf ~\n' | wezterm cli send-text`, "wezterm send-text", []string{"rm -rf ~\n"}},
		{`zellij action write-chars $'rm -rf ~\n'`, "zellij write-chars", []string{"rm -rf ~\n"}},
		{`zellij -s main action write-chars 'rm -rf ~'`, "zellij write-chars", []string{"rm -rf ~"}},
		{`zellij action write 114 109 32 45 114 102 32 126 10`, "zellij write", []string{"rm -rf ~\n"}},
		{`xdotool type $'rm -rf ~\n'`, "xdotool type", []string{"rm -rf ~\n"}},
		{`xdotool type --delay 50 'rm -rf ~'`, "xdotool type", []string{"rm -rf ~"}},
		// type takes every word left unless --terminator or --args ends it.
		{`xdotool type 'rm -rf ~' key Return`, "xdotool type", []string{"rm -rf ~keyReturn"}},
		{`xdotool type --terminator END 'rm -rf ~' END key Return`, "xdotool type", []string{"rm -rf ~\n"}},
		{`xdotool type --args 1 'rm -rf ~' key --delay 5 KP_Enter`, "xdotool type", []string{"rm -rf ~\n"}},
		{`xdotool search --name term windowactivate type --file cmds.txt`, "xdotool type", []string{"rm -rf ~\n"}},
		{`ydotool type 'rm -rf ~\n'`, "ydotool type", []string{"rm -rf ~\n"}},
		{`ydotool key 28:1 28:0`, "ydotool key", []string{"\n"}},
		{`wtype 'rm -rf ~' -k Return`, "wtype", []string{"rm -rf ~\n"}},
		// Look-alikes.
		{`kitty @ ls`, "kitty send-text", nil},
		{`kitty @ send-text --match 'rm -rf ~'`, "kitty send-text", nil},
		{`kitty --title 'rm -rf ~'`, "kitty send-text", nil},
		{`wezterm cli list`, "wezterm send-text", nil},
		{`zellij action write-chars`, "zellij write-chars", nil},
		{`xdotool key ctrl+c`, "xdotool type", nil},
		{`ydotool key 42:1 42:0`, "ydotool key", nil},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var got []string
		for _, sc := range m.Scripts {
			if sc.Kind == tc.kind {
				got = append(got, sc.Src)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: typed %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestTermSendUnknown checks that text only known at run time asks: a
// file corral cannot read or named at run time, input from a file named
// at run time. (A download piped into --stdin asks by pipe-shell, as
// curl … | sh does.)
func TestTermSendUnknown(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`kitty @ send-text --from-file "$f"`,
		`kitty @ send-text --from-file /nonexistent/x`,
		`xdotool type --file - < "$f"`,
	} {
		m, err := Analyze(src, Options{Cwd: "/p", Home: "/home/u", ReadFile: ReadScript})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if len(m.Hidden) == 0 {
			t.Errorf("%q: no hidden text reported", src)
		}
	}
}

// TestKittyText checks kitty's ANSI-C escapes.
func TestKittyText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`a\rb`:     "a\rb",
		`\x41\x`:   "A",
		`\101\0`:   "A\x00",
		`\u00e9`:   "é",
		`\cm\q`:    "\r\\q",
		`end\`:     `end\`,
		`\e[A\?\'`: "\x1b[A?'",
	} {
		if got := kittyText(in); got != want {
			t.Errorf("kittyText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestXdotoolLine checks how an xdotool script line is split, with its
// $ words replaced as xdotool 3 does (script_main): a replaced word
// moves the reading on by the length of what replaced it.
func TestXdotoolLine(t *testing.T) {
	t.Parallel()
	args := []Arg{{Value: "s.xdo", Static: true}, {Value: "x", Static: true}, {Value: "", Static: true},
		{Value: "rm -rf ~", Static: true}, {Value: "$v", Raw: `"$v"`}}
	cases := []struct {
		line string
		want []string // the words; "?" before one only known at run time
		ok   bool
	}{
		{`type hello world`, []string{"type", "hello", "world"}, true},
		{`type 'a b' "c d" # note`, []string{"type", "a b", "c d"}, true},
		{`type $3`, []string{"type", "rm -rf ~"}, true},
		{`type $3foo tail`, []string{"type", "rm -rf ~"}, true},
		{`type $1foo bar`, []string{"type", "x", "oo", "bar"}, true},
		{`type "$3 and more"`, []string{"type", "rm -rf ~", "e"}, true},
		{`type $0`, []string{"type", "s.xdo"}, true},
		{`type $2 bar`, []string{"type", "2", "bar"}, true},
		{`type '' after`, []string{"type"}, true},
		{`type $4 ' ~'`, []string{"type", "?$v", "? ~"}, true},
		{`type $HOME x`, []string{"type", "?$HOME", "?x"}, true},
		{`type $9`, []string{"type"}, false},
	}
	for _, tc := range cases {
		words, ok := xdotoolLine(tc.line, args)
		var got []string
		for _, a := range words {
			s := a.Value
			if !a.Static {
				s = "?" + s
			}
			got = append(got, s)
		}
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}
