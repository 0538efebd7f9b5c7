package syntax

import (
	"reflect"
	"testing"
)

// TestLftpParse pins lftp's command reading (src/parsecmd.cc): ! takes
// the rest of the line, single quotes are ordinary characters, double
// quotes and backslashes quote, a filter runs to the ";", and ( … )
// groups commands.
func TestLftpParse(t *testing.T) {
	t.Parallel()
	type cmd struct {
		Words  []string
		Shell  string
		Group  string
		Redir  string
		Target string
	}
	tests := []struct {
		text string
		want []cmd
	}{
		{"!rm -rf ~; ls", []cmd{{Shell: "rm -rf ~; ls"}}},
		{"open x; !id\nls", []cmd{{Words: []string{"open", "x"}}, {Shell: "id"}, {Words: []string{"ls"}}}},
		{"get 'x; !id #'", []cmd{{Words: []string{"get", "'x"}}, {Shell: "id #'"}}},
		{`get "a b" c\;d`, []cmd{{Words: []string{"get", "a b", "c;d"}}}},
		{"open x && !id || ls", []cmd{{Words: []string{"open", "x"}}, {Shell: "id || ls"}}},
		{"ls | grep a | sh; pwd", []cmd{{Words: []string{"ls"}, Redir: "|", Target: "grep a | sh"}, {Words: []string{"pwd"}}}},
		{"cat f >> ~/log & ls", []cmd{{Words: []string{"cat", "f"}, Redir: "+", Target: "~/log"}, {Words: []string{"ls"}}}},
		{"(cd x; !id) & ls", []cmd{{Group: "cd x; !id"}, {Words: []string{"ls"}}}},
		{"# !rm -rf ~\nls", []cmd{{Words: []string{"ls"}}}},
		{"ls >", nil},
		{"echo \"!rm\"", []cmd{{Words: []string{"echo", "!rm"}}}},
	}
	for _, tt := range tests {
		var got []cmd
		for _, c := range lftpParse(tt.text) {
			if c.bad {
				continue
			}
			g := cmd{Words: c.words, Shell: c.shell, Group: c.group, Target: c.target}
			if c.redir != 0 {
				g.Redir = string(c.redir)
			}
			got = append(got, g)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("lftpParse(%q) = %+v, want %+v", tt.text, got, tt.want)
		}
	}
	for word, want := range map[string]string{"sh": "shell", "SOU": "source", "lo": "", "local": "local", "q": "", "queue": "queue", "!": "!"} {
		if got := lftpVerb(word); got != want {
			t.Errorf("lftpVerb(%q) = %q, want %q", word, got, want)
		}
	}
}

// TestLftpParseNoPanic feeds lftpParse every short text of lftp's special
// characters: none may panic or loop.
func TestLftpParseNoPanic(t *testing.T) {
	t.Parallel()
	chars := []string{"!", "(", ")", "\"", "\\", ";", "&", "|", ">", "#", "\n", " ", "a"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		lftpParse(prefix)
		LftpLines(prefix)
		if n == 0 {
			return
		}
		for _, c := range chars {
			gen(prefix+c, n-1)
		}
	}
	gen("", 5)
}
