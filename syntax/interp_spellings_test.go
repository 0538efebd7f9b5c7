package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestInterpreterSpellingsScanned: the option spellings of red team 15
// OV1, read with each interpreter's table as the programs read them
// (node --help and node's options parser, ruby --help, php -h and
// php_cli.c, jshell --help): the word that holds the code, the script
// file, whether the program comes from standard input.
func TestInterpreterSpellingsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src        string
		code, file string
		stdin      bool
	}{
		// node: -pe is --print --eval; -p takes the next word unless it
		// is an option; no attached short values; value options take the
		// next word.
		{`node -pe CODE`, "CODE", "", false},
		{`node -p CODE`, "CODE", "", false},
		{`node -p -e CODE`, "CODE", "", false},
		{`node --print -e CODE`, "CODE", "", false},
		{`node --print CODE`, "CODE", "", false},
		{`node -r m -pe CODE`, "CODE", "", false},
		{`node --disable-warning x -e CODE`, "CODE", "", false},
		{`node --unhandled-rejections strict -e CODE`, "CODE", "", false},
		{`node --unhandled-rejections strict x.js`, "", "x.js", false},
		{`node --inspect x.js`, "", "x.js", false},
		{`node --require m`, "", "", true},
		{`node -c x.js`, "", "", false},
		// an option of a newer node: the code is read.
		{`node --future-option v -e CODE`, "CODE", "", false},
		{`node --trace-warnings x.js`, "", "x.js", false},
		// ruby
		{`ruby --encoding utf-8 -e CODE`, "CODE", "", false},
		{`ruby --disable gems x.rb`, "", "x.rb", false},
		{`ruby --disable=gems -e CODE`, "CODE", "", false},
		{`ruby --backtrace-limit 1 -e CODE`, "CODE", "", false},
		{`ruby -W0e CODE`, "CODE", "", false},
		{`ruby -ne CODE f`, "CODE", "", false},
		{`ruby -ie x.rb`, "", "x.rb", false},
		{`ruby -Fe x.rb`, "", "x.rb", false},
		// php
		{`php --run CODE`, "CODE", "", false},
		{`php -nr CODE`, "CODE", "", false},
		{`php --define x=1 --run CODE`, "CODE", "", false},
		{`php -S localhost:8000 router.php`, "", "router.php", false},
		// python
		{`python3 -Sc CODE`, "CODE", "", false},
		{`python3 -X dev -W ignore -c CODE`, "CODE", "", false},
		// jshell: --startup runs a file and then the program.
		{`jshell --startup DEFAULT`, "", "", true},
		{`jshell --startup=DEFAULT -`, "", "", true},
		{`jshell --startup x.jsh`, "", "", true},
		// jshell's operands are load files it runs before its input.
		{`jshell PRINTING`, "", "", true},
		{`jshell -q x.jsh -`, "", "", true},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[0]
		code, file, _, ok := InterpreterWords(c)
		var gotCode, gotFile string
		if code >= 0 {
			gotCode = c.Args[code].Value
		}
		if file >= 0 {
			gotFile = c.Args[file].Value
		}
		stdin, _ := ProgramFromStdin(c)
		runs := tc.code != "" || tc.file != "" || tc.stdin
		if gotCode != tc.code || gotFile != tc.file || stdin != tc.stdin || ok != runs {
			t.Errorf("%q: code %q, file %q, stdin %v, ok %v; want %q, %q, %v, %v", tc.src, gotCode, gotFile, stdin, ok, tc.code, tc.file, tc.stdin, runs)
		}
	}
}

// TestInterpreterSpellingsOracle runs the real interpreters (those
// installed) with each spelling and code that writes a canary under a
// temporary directory: the canary proves the program ran the code, and
// corral must read that code (the word InterpreterWords names, or the
// program on standard input).
func TestInterpreterSpellingsOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	js := func(f string) string { return `require("fs").writeFileSync("` + filepath.Join(dir, f) + `","ran")` }
	rb := func(f string) string { return `File.write("` + filepath.Join(dir, f) + `","ran")` }
	ph := func(f string) string { return `file_put_contents("` + filepath.Join(dir, f) + `","ran");` }
	py := func(f string) string { return `open("` + filepath.Join(dir, f) + `","w").write("ran")` }
	pl := func(f string) string { return `open(F,">","` + filepath.Join(dir, f) + `"); print F "ran"` }
	cases := []struct {
		argv  []string
		stdin string // program text on standard input ("" for none)
		code  string // the code corral must find in an argument
	}{
		{argv: []string{"node", "-pe", js("n1")}, code: js("n1")},
		{argv: []string{"node", "-p", js("n2")}, code: js("n2")},
		{argv: []string{"node", "-p", "-e", js("n3")}, code: js("n3")},
		{argv: []string{"node", "--print", "-e", js("n4")}, code: js("n4")},
		{argv: []string{"node", "--print", js("n5")}, code: js("n5")},
		{argv: []string{"node", "--eval=" + js("n6")}, code: js("n6")},
		{argv: []string{"node", "--disable-warning", "x", "-e", js("n7")}, code: js("n7")},
		{argv: []string{"node", "--unhandled-rejections", "strict", "-e", js("n8")}, code: js("n8")},
		{argv: []string{"node", "--dns-result-order", "ipv4first", "-e", js("n9")}, code: js("n9")},
		{argv: []string{"node", "--title", "t", "-e", js("n10")}, code: js("n10")},
		{argv: []string{"node", "--require", "/dev/null", "-pe", js("n11")}, code: js("n11")},
		{argv: []string{"ruby", "--encoding", "utf-8", "-e", rb("r1")}, code: rb("r1")},
		{argv: []string{"ruby", "--external-encoding", "utf-8", "-e", rb("r2")}, code: rb("r2")},
		{argv: []string{"ruby", "--internal-encoding", "utf-8", "-e", rb("r3")}, code: rb("r3")},
		{argv: []string{"ruby", "--enable", "frozen-string-literal", "-e", rb("r4")}, code: rb("r4")},
		{argv: []string{"ruby", "--disable", "gems", "-e", rb("r5")}, code: rb("r5")},
		{argv: []string{"ruby", "--backtrace-limit", "1", "-e", rb("r6")}, code: rb("r6")},
		{argv: []string{"ruby", "-W0e", rb("r7")}, code: rb("r7")},
		{argv: []string{"ruby", "-we", rb("r8")}, code: rb("r8")},
		{argv: []string{"php", "--run", ph("p1")}, code: ph("p1")},
		{argv: []string{"php", "--run=" + ph("p2")}, code: ph("p2")},
		{argv: []string{"php", "-d", "x=1", "--run", ph("p3")}, code: ph("p3")},
		{argv: []string{"php", "-nr", ph("p4")}, code: ph("p4")},
		{argv: []string{"php", "--define", "x=1", "-r", ph("p5")}, code: ph("p5")},
		{argv: []string{"python3", "-Sc", py("y1")}, code: py("y1")},
		{argv: []string{"python3", "-X", "dev", "-c", py("y2")}, code: py("y2")},
		{argv: []string{"python3", "-W", "ignore", "-c", py("y3")}, code: py("y3")},
		{argv: []string{"perl", "-le", pl("l1")}, code: pl("l1")},
		{argv: []string{"perl", "-I", "/tmp", "-e", pl("l2")}, code: pl("l2")},
		{argv: []string{"jshell", "--startup", "DEFAULT"}, stdin: `java.nio.file.Files.writeString(java.nio.file.Path.of("` + filepath.Join(dir, "j1") + `"), "ran")` + "\n/exit\n"},
		{argv: []string{"jshell", "PRINTING"}, stdin: `java.nio.file.Files.writeString(java.nio.file.Path.of("` + filepath.Join(dir, "j3") + `"), "ran")` + "\n/exit\n"},
		{argv: []string{"jshell", "--startup", "DEFAULT", "-"}, stdin: `java.nio.file.Files.writeString(java.nio.file.Path.of("` + filepath.Join(dir, "j2") + `"), "ran")` + "\n/exit\n"},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.argv[0])
		if err != nil {
			continue // the program is not installed
		}
		canary := ""
		if m := regexp.MustCompile(`"(/[^"]+)"`).FindStringSubmatch(tc.code + tc.stdin); m != nil {
			canary = m[1]
		}
		timeout := 20 * time.Second
		if tc.argv[0] == "jshell" {
			timeout = 120 * time.Second
		}
		cmd := exec.Command(bin, tc.argv[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+home)
		if tc.stdin != "" {
			cmd.Stdin = strings.NewReader(tc.stdin)
		}
		done := make(chan []byte, 1)
		if err := cmd.Start(); err != nil {
			t.Errorf("%v: %v", tc.argv, err)
			continue
		}
		go func() { _ = cmd.Wait(); done <- nil }()
		select {
		case <-done:
		case <-time.After(timeout):
			_ = cmd.Process.Kill()
			<-done
			t.Logf("%v: timed out", tc.argv)
			continue
		}
		if b, err := os.ReadFile(canary); err != nil || strings.TrimSpace(string(b)) != "ran" {
			t.Errorf("%v: the real %s did not run the code (canary %q: %v)", tc.argv, tc.argv[0], b, err)
		}
		src := quoteArgv(tc.argv)
		if tc.stdin != "" {
			src += " <<'EOF'\n" + tc.stdin + "EOF\n"
		}
		m, err := Analyze(src, Options{Cwd: dir, Home: home})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%s: %v", src, err)
			continue
		}
		c := m.Calls[0]
		code, _, _, ok := InterpreterWords(c)
		if tc.stdin != "" {
			if stdin, _ := ProgramFromStdin(c); !stdin {
				t.Errorf("%s: corral does not read the program on standard input", src)
			}
			continue
		}
		if !ok || code < 0 || !strings.Contains(c.Args[code].Value, tc.code) {
			t.Errorf("%s: corral reads no code word (code %d, ok %v)", src, code, ok)
		}
	}
}

// TestNodeValueOptionsFromHelp: every option the installed node's --help
// lists with a value ("--name=...") is in nodeLongVal, so that the
// scanner takes its value from the next word as node does.
func TestNodeValueOptionsFromHelp(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	out, err := exec.Command(node, "--help").Output()
	if err != nil {
		t.Skip("node --help: ", err)
	}
	known := strings.Fields(nodeLongVal)
	re := regexp.MustCompile(`--([a-z0-9-]+)=\.\.\.|--([a-z0-9-]+) \[\.\.\.\]|--([a-z0-9-]+), --[a-z0-9-]+=`)
	n := 0
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		name := m[1] + m[2] + m[3]
		n++
		if !slices.Contains(known, name) {
			t.Errorf("node --help lists --%s with a value; nodeLongVal does not have it", name)
		}
	}
	if n < 20 {
		t.Errorf("found only %d value options in node --help: the pattern no longer reads it", n)
	}
}
