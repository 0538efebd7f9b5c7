//go:build unix

package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestIncludedCode holds that code a program reads in from a file —
// Vim's :source and -S, --remote-send keys, awk's @include, -f and gawk
// -i, gdb's -x and source — is read from disk with the script reader and
// analysed with that program's reader, that a file that is there but
// cannot be read (a FIFO) or is named at run time is hidden code (asked
// about), and that a file that does not exist, a gawk library found
// elsewhere (-i inplace) and a file that sources itself add nothing and
// do not hang.
func TestIncludedCode(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"x.vim":    ":!rm -rf /victim\n",
		"self.vim": "source self.vim\n",
		"f.awk":    "BEGIN { system(\"rm -rf /victim\") }\n",
		"inc.awk":  "@include \"f.awk\"\n",
		"lib.awk":  "function f() { system(\"rm -rf /victim\") }\n",
		"cmds.gdb": "shell rm -rf /victim\n",
		"top.gdb":  "source -v cmds.gdb\n",
		"ok.awk":   "BEGIN { print 1 }\n",
		// AWKPATH's directories: gawk looks there for -f, -i and
		// @include names without a slash (and again with .awk).
		"awklib/evil.awk": "BEGIN { system(\"rm -rf /victim\") }\n",
		"awklib/ok.awk":   "BEGIN { system(\"rm -rf /victim\") }\n",
		// A quoted #include is found beside the file that holds it.
		"src/evil.h": "#include <stdlib.h>\nint main() { system(\"rm -rf /victim\"); }\n",
		"src/main.c": "#include \"evil.h\"\n",
		"ok.c":       "#include \"evil.h\"\nint main() { return 0; }\n",
	}
	for _, d := range []string{"src", "awklib"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for n, c := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.vim"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmd    string
		rm     bool // an rm of /victim is found
		hidden bool // hidden code is reported
	}{
		{"vim -c 'source x.vim'", true, false},
		{"vim -c 'so x.vim' notes.txt", true, false},
		{"vim -S x.vim", true, false},
		{"vim --servername S --remote-send '<Esc>:!rm -rf /victim<CR>'", true, false},
		{"awk '@include \"f.awk\"'", true, false},
		{"awk -f inc.awk", true, false},
		{"gawk -i lib '{ print }' data", true, false},
		{"gdb -x top.gdb", true, false},
		{"gdb -ex 'source cmds.gdb' ./a.out", true, false},
		{"gcc src/main.c -o app && ./app", true, false},
		{"cd src && cc main.c && ./a.out", true, false},
		{"vim -S fifo.vim", false, true},
		{"awk -f \"$F\" data", false, true},
		{"AWKPATH=awklib gawk -f evil.awk data", true, false},
		{"AWKPATH=awklib awk -f evil data", true, false},
		{"AWKPATH=awklib gawk -i evil '{ print }' data", true, false},
		{"export AWKPATH=/nowhere:awklib; gawk '@include \"evil\"' data", true, false},
		{"env AWKPATH=awklib gawk -f ok.awk data", true, false}, // the path's ok.awk, not ./ok.awk
		{"AWKPATH=\"$D\" gawk -f ok.awk data", false, true},
		// Look-alikes.
		{"vim -c 'source missing.vim'", false, false},
		{"gawk -i inplace '{ print }' data", false, false},
		{"awk -f ok.awk data", false, false},
		{"AWKPATH=/nowhere gawk -f evil.awk data", false, false},
		{"AWKPATH=awklib gawk -f ./ok.awk data", false, false}, // a slash: not searched
		{"AWKPATH=awklib gawk -i inplace '{ print }' data", false, false},
		{"AWKPATH=awklib awk '{ print }' data", false, false},
		{"gcc ok.c -o ok && ./ok", false, false}, // evil.h is not beside ok.c
		{"vim -c 'source self.vim'", false, false},
		{"vim --remote-send ':w<CR>'", false, false},
		{"echo 'source x.vim' > notes.txt", false, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: dir, ReadFile: ReadScript})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		rm := false
		for _, c := range m.Calls {
			if c.Name == "rm" && len(c.Args) > 0 && c.Args[len(c.Args)-1].Value == "/victim" {
				rm = true
			}
		}
		if rm != tc.rm {
			t.Errorf("%s: rm of /victim found = %v, want %v", tc.cmd, rm, tc.rm)
		}
		if hidden := len(m.Hidden) > 0; hidden != tc.hidden {
			var what []string
			for _, h := range m.Hidden {
				what = append(what, h.What)
			}
			t.Errorf("%s: hidden code = %q, want %v", tc.cmd, what, tc.hidden)
		}
	}
	// Without a reader (the virtual machine of the corpus) nothing is read.
	m, _ := Analyze("vim -S x.vim", Options{Cwd: dir})
	for _, c := range m.Calls {
		if c.Name == "rm" {
			t.Error("read an included file without a reader")
		}
	}
}

// TestTypedExCommands checks which ex commands keys typed into Vim enter.
func TestTypedExCommands(t *testing.T) {
	for keys, want := range map[string]string{
		"<Esc>:!rm -rf ~<CR>":           "!rm -rf ~",
		":w<CR>:q<CR>":                  "w\nq",
		"ihello<Esc>":                   "",
		"<C-c>:e x<Bar>!ls<Enter>":      "e x|!ls",
		":echo 1<Esc>:source a.vim<CR>": "source a.vim",
		":so<Space>x.vim":               "so x.vim",
	} {
		if got := typedExCommands(keys); got != want {
			t.Errorf("typedExCommands(%q) = %q, want %q", keys, got, want)
		}
	}
	if strings.Contains(typedExCommands("<lt>:x<CR>"), "<") {
		t.Error("<lt> outside a command line became part of one")
	}
}
