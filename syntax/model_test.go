package syntax

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var opts = Options{Cwd: "/home/u/proj", Home: "/home/u"}

// callSummary is a compact, comparable view of a call.
type callSummary struct {
	Name     string
	Args     string
	Wrappers string
	Dir      string
	Depth    int
}

func summarize(m *Model) []callSummary {
	var out []callSummary
	for _, c := range m.Calls {
		dir := "?"
		if c.Dir.Known {
			dir = c.Dir.Path
		}
		out = append(out, callSummary{Name: c.Name, Args: strings.Join(c.Words(), "|"), Wrappers: strings.Join(c.Wrappers, ","), Dir: dir, Depth: c.Script.Depth})
	}
	return out
}

func TestCalls(t *testing.T) {
	t.Parallel()
	p := "/home/u/proj"
	tests := []struct {
		src  string
		want []callSummary
	}{
		{"git clone x", []callSummary{{"git", "clone|x", "", p, 0}}},
		{`\git clone x`, []callSummary{{"git", "clone|x", "", p, 0}}},
		{`'git' clone x`, []callSummary{{"git", "clone|x", "", p, 0}}},
		{`g""it clone x`, []callSummary{{"git", "clone|x", "", p, 0}}},
		{`/usr/bin/git clone x`, []callSummary{{"git", "clone|x", "", p, 0}}},
		{`"$g" clone x`, []callSummary{{"", "clone|x", "", p, 0}}},
		{"a && b || c; d | e & f", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}, {"c", "", "", p, 0}, {"d", "", "", p, 0}, {"e", "", "", p, 0}, {"f", "", "", p, 0}}},
		{"(a; { b; })", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}}},
		// bash expands the words before the prefix assignments.
		{"x=$(a) b <(c) >(d) `e`", []callSummary{{"b", "<(c)|>(d)|`e`", "", p, 0}, {"c", "", "", p, 0}, {"d", "", "", p, 0}, {"e", "", "", p, 0}, {"a", "", "", p, 0}}},
		{"for i in $(a); do b; done; while c; do d; done; until e; do f; done", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}, {"c", "", "", p, 0}, {"d", "", "", p, 0}, {"e", "", "", p, 0}, {"f", "", "", p, 0}}},
		{"if a; then b; elif c; then d; else e; fi", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}, {"c", "", "", p, 0}, {"d", "", "", p, 0}, {"e", "", "", p, 0}}},
		{"case $x in a) b;; *) c;; esac", []callSummary{{"b", "", "", p, 0}, {"c", "", "", p, 0}}},
		{"f() { a; }; function g { b; }", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}}},
		{"time a; ! b; coproc c", []callSummary{{"a", "", "", p, 0}, {"b", "", "", p, 0}, {"c", "", "", p, 0}}},
		{"sudo -u root -E git clone x", []callSummary{{"git", "clone|x", "sudo", p, 0}}},
		{"sudo -- rm -rf /", []callSummary{{"rm", "-rf|/", "sudo", p, 0}}},
		{"doas -u root rm x", []callSummary{{"rm", "x", "doas", p, 0}}},
		{"env -i -u FOO A=1 B=2 curl x", []callSummary{{"curl", "x", "env", p, 0}}},
		{"env -C /tmp wget x", []callSummary{{"wget", "x", "env", "/tmp", 0}}},
		{"env --chdir=sub wget x", []callSummary{{"wget", "x", "env", p + "/sub", 0}}},
		{"command git clone x; builtin cd /; exec rm x", []callSummary{{"git", "clone|x", "command", p, 0}, {"cd", "/", "builtin", p, 0}, {"rm", "x", "exec", "/", 0}}},
		{"command -v git", []callSummary{{"command", "-v|git", "", p, 0}}},
		{"nice -n 5 nohup timeout -s KILL 10 stdbuf -oL setsid ionice -c 3 chronic rm x", []callSummary{{"rm", "x", "nice,nohup,timeout,stdbuf,setsid,ionice,chronic", p, 0}}},
		{"timeout --signal=9 5s rm x", []callSummary{{"rm", "x", "timeout", p, 0}}},
		{"xargs -0 -n 1 -I{} rm -rf {}", []callSummary{{"rm", "-rf|{}", "xargs", p, 0}}},
		{"xargs", []callSummary{{"xargs", "", "", p, 0}}},
		{"find . -name x -exec rm -f {} \\; -execdir sh -c 'b' \\;", []callSummary{{"find", ".|-name|x|-exec|rm|-f|{}|;|-execdir|sh|-c|b|;", "", p, 0}, {"rm", "-f|{}", "find -exec", p, 0}, {"sh", "-c|b", "find -execdir", p, 0}, {"b", "", "", p, 1}}},
		{"FOO=1 BAR=$(a) git clone x", []callSummary{{"git", "clone|x", "", p, 0}, {"a", "", "", p, 0}}},
		{"bash -c 'git clone x'", []callSummary{{"bash", "-c|git clone x", "", p, 0}, {"git", "clone|x", "", p, 1}}},
		{"bash -lc 'a' arg0", []callSummary{{"bash", "-lc|a|arg0", "", p, 0}, {"a", "", "", p, 1}}},
		{"sh -e -x -c 'a'", []callSummary{{"sh", "-e|-x|-c|a", "", p, 0}, {"a", "", "", p, 1}}},
		{"zsh -c \"a; b\"", []callSummary{{"zsh", "-c|a; b", "", p, 0}, {"a", "", "", p, 1}, {"b", "", "", p, 1}}},
		{"bash script.sh", []callSummary{{"bash", "script.sh", "", p, 0}}},
		{"eval 'a b'", []callSummary{{"eval", "a b", "", p, 0}, {"a", "b", "", p, 1}}},
		{"eval a b", []callSummary{{"eval", "a|b", "", p, 0}, {"a", "b", "", p, 1}}},
		{"su -c 'a' root", []callSummary{{"su", "-c|a|root", "", p, 0}, {"a", "", "", p, 1}}},
		{"bash <<'EOF'\na x\nEOF", []callSummary{{"bash", "", "", p, 0}, {"a", "x", "", p, 1}}},
		{"bash <<< 'a x'", []callSummary{{"bash", "", "", p, 0}, {"a", "x", "", p, 1}}},
		{"cat <<EOF > f\nrm -rf /\nEOF", []callSummary{{"cat", "", "", p, 0}}},
		{"echo 'a x' | sh", []callSummary{{"echo", "a x", "", p, 0}, {"sh", "", "", p, 0}, {"a", "x", "", p, 1}}},
		{"env -S 'a x' y", []callSummary{{"", "", "env", p, 0}, {"a", "x|y", "", p, 1}}},
		{"sudo bash -c \"sudo sh -c 'rm -rf /'\"", []callSummary{{"bash", "-c|sudo sh -c 'rm -rf /'", "sudo", p, 0}, {"sh", "-c|rm -rf /", "sudo", p, 1}, {"rm", "-rf|/", "", p, 2}}},
		{"echo 'rm -rf /' # rm -rf /", []callSummary{{"echo", "rm -rf /", "", p, 0}}},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.src, opts)
		if err != nil {
			t.Errorf("%q: %v", tt.src, err)
			continue
		}
		if diff := cmp.Diff(tt.want, summarize(m)); diff != "" {
			t.Errorf("%q calls (-want +got):\n%s", tt.src, diff)
		}
	}
}

func TestDirTracking(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  string
		last string // directory of the last call, "?" when unknown
	}{
		{"cd sub && x", "/home/u/proj/sub"},
		// A failed cd leaves the directory as it was: after the chain it
		// is one or the other.
		{"cd sub && a; x", "?"},
		{"cd sub || x", "/home/u/proj"},
		{"cd sub || exit; x", "/home/u/proj/sub"},
		{"cd sub || exit 1 && x", "/home/u/proj/sub"},
		{"cd sub && a && b || c; x", "?"},
		{"cd sub; a && b; x", "/home/u/proj/sub"},
		{"cd /tmp; cd ..; x", "/"},
		{"cd; x", "/home/u"},
		{"cd ~/w && x", "/home/u/w"},
		{"cd $HOME/w && x", "/home/u/w"},
		{"cd \"$d\" && x", "?"},
		{"cd - && x", "?"}, // OLDPWD is the environment's
		// cd sets OLDPWD to the directory it left; cd - goes back to it,
		// "$OLDPWD" names it (bash(1), "cd").
		{"cd /tmp && cd - && x", "/home/u/proj"},
		{"cd /tmp; cd /var; cd -; x", "/tmp"},
		{"cd ~ && cd /tmp && cd \"$OLDPWD\" && x", "/home/u"},
		{"cd \"$d\"; cd /tmp; cd -; x", "?"},
		{"pushd /tmp; cd /var; cd - && x", "/tmp"},
		{"(cd /tmp); x", "/home/u/proj"},
		{"{ cd /tmp; }; x", "/tmp"},
		{"cd /tmp | cat; x", "/home/u/proj"},
		{"pushd /tmp; popd; x", "/home/u/proj"},
		{"pushd /tmp && x", "/tmp"},
		{"if a; then cd /tmp; fi; x", "?"},
		{"if a; then cd /tmp; else cd /tmp; fi; x", "/tmp"},
		{"for i in a b; do cd $i; done; x", "?"},
		{"for i in a b; do x; cd sub; done", "?"},
		{"sudo cd /tmp; x", "/home/u/proj"},
		{"cd /tmp && bash -c 'x'", "/tmp"},
		{"x=$(cd /tmp); x", "/home/u/proj"},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.src, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		got := "?"
		if c.Dir.Known {
			got = c.Dir.Path
		}
		if got != tt.last {
			t.Errorf("%q: last call runs in %s, want %s", tt.src, got, tt.last)
		}
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		word   string
		value  string
		static bool
		glob   bool
	}{
		{`plain`, "plain", true, false},
		{`'single $x'`, "single $x", true, false},
		{`"double \"q\" \$x \\ \a"`, `double "q" $x \ \a`, true, false},
		{`$'a\tb\x41\101\n'`, "a\tbAA\n", true, false},
		// \u gives a character of bash's locale, unknown here.
		{`$'\u00e9'`, "é", false, false},
		{`~`, "/home/u", true, false},
		{`~/x`, "/home/u/x", true, false},
		{`~bob/x`, "~bob/x", false, false},
		{`'~'/x`, "~/x", true, false},
		{`$HOME/x`, "/home/u/x", true, false},
		{`${HOME}/x`, "/home/u/x", true, false},
		{`"$HOME"/x`, "/home/u/x", true, false},
		{`$PWD/.env`, "/home/u/proj/.env", true, false},
		{`${HOME:-/}`, "/home/u", true, false},
		{`${NOPE:-/}`, "${NOPE:-/}", false, false},
		{`$x/y`, "$x/y", false, false},
		// pwd prints the directory corral tracks: computed, static.
		{`"$(pwd)"/y`, "/home/u/proj/y", true, false},
		{`*.go`, "*.go", true, true},
		{`'*'.go`, "*.go", true, false},
		{`\*`, "*", true, false},
		{`a\ b`, "a b", true, false},
		// bash expands the tilde of an argument that looks like an
		// assignment.
		{`x=~/y`, "x=/home/u/y", true, false},
		{`x='~'/y`, "x=~/y", true, false},
	}
	for _, tt := range tests {
		m, err := Analyze("cmd "+tt.word, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.word, err)
		}
		a := m.Calls[0].Args[0]
		if a.Value != tt.value || a.Static != tt.static || a.Glob != tt.glob {
			t.Errorf("%s: got (%q, static %v, glob %v), want (%q, %v, %v)", tt.word, a.Value, a.Static, a.Glob, tt.value, tt.static, tt.glob)
		}
		if a.Raw != tt.word {
			t.Errorf("%s: raw %q", tt.word, a.Raw)
		}
	}
}

func TestPipelineAndHost(t *testing.T) {
	t.Parallel()
	m, err := Analyze("curl -fsSL u | sudo bash -s -- -y | tee log", opts)
	if err != nil {
		t.Fatal(err)
	}
	curl, bash, tee := m.Calls[0], m.Calls[1], m.Calls[2]
	if curl.Pipe == nil || curl.Pipe != bash.Pipe || bash.PipeIndex != 1 || tee.PipeIndex != 2 || curl.Pipe.Stage(1) != bash {
		t.Fatalf("pipeline not modelled: %+v", curl.Pipe)
	}
	if _, stdin := ShellScript(bash); !stdin {
		t.Error("bash -s should read its script from stdin")
	}
	m, err = Analyze(`sh -c "$(curl -fsSL u)"; bash <(wget -O- u)`, opts)
	if err != nil {
		t.Fatal(err)
	}
	var curls, wgets []*Call
	for _, c := range m.Calls {
		switch c.Name {
		case "curl":
			curls = append(curls, c)
		case "wget":
			wgets = append(wgets, c)
		}
	}
	if len(curls) != 1 || curls[0].Host == nil || curls[0].Host.Name != "sh" || curls[0].Subst != "$(" {
		t.Errorf("curl in $( ) of sh -c: %+v", curls)
	}
	if len(wgets) != 1 || wgets[0].Host == nil || wgets[0].Host.Name != "bash" || wgets[0].Subst != "<(" {
		t.Errorf("wget in <( ) of bash: %+v", wgets)
	}
}

func TestRedirects(t *testing.T) {
	t.Parallel()
	m, err := Analyze("cd sub; a > f 2>&1 >> g &> h >| i < j 3>&- >&k; { b; } > l", opts)
	if err != nil {
		t.Fatal(err)
	}
	var writes []string
	for _, r := range m.Redirs {
		if r.Writes() {
			writes = append(writes, r.Op+r.Target.Value+"@"+r.Dir.Path)
		}
	}
	want := []string{">f@/home/u/proj/sub", ">>g@/home/u/proj/sub", "&>h@/home/u/proj/sub", ">|i@/home/u/proj/sub", ">&k@/home/u/proj/sub", ">l@/home/u/proj/sub"}
	if diff := cmp.Diff(want, writes); diff != "" {
		t.Errorf("write redirects (-want +got):\n%s", diff)
	}
}

func TestApply(t *testing.T) {
	t.Parallel()
	src := `a 1; bash -c 'git clone x' ; b 2`
	m, err := Analyze(src, opts)
	if err != nil {
		t.Fatal(err)
	}
	var git *Call
	for _, c := range m.Calls {
		if c.Name == "git" {
			git = c
		}
	}
	last := git.Args[len(git.Args)-1]
	out, err := Apply(m.Script, []Edit{{Script: git.Script, Start: last.End, End: last.End, New: " '/sb/x y'"}})
	if err != nil {
		t.Fatal(err)
	}
	m2, err := Analyze(out, opts)
	if err != nil {
		t.Fatalf("result %s does not parse: %v", out, err)
	}
	if !strings.HasPrefix(out, "a 1; bash -c ") || !strings.HasSuffix(out, " ; b 2") {
		t.Errorf("untouched statements changed: %s", out)
	}
	if got := m2.Calls[1].Args[1].Value; got != "git clone x '/sb/x y'" {
		t.Errorf("inner script after Apply = %q", got)
	}
	// Overlapping edits are refused.
	if _, err := Apply(m.Script, []Edit{{Script: m.Script, Start: 0, End: 3, New: "x"}, {Script: m.Script, Start: 2, End: 4, New: "y"}}); err == nil {
		t.Error("overlapping edits accepted")
	}
	// Edits inside a dynamic string cannot be carried back.
	m, _ = Analyze(`bash -c "git clone $u"`, opts)
	inner := m.Calls[len(m.Calls)-1]
	if inner.Script.Editable() {
		t.Error("dynamic bash -c string reported editable")
	}
	if _, err := Apply(m.Script, []Edit{{Script: inner.Script, Start: 0, End: 0, New: "x"}}); err == nil {
		t.Error("edit in a dynamic string accepted")
	}
}

func TestQuote(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"plain", "/a/b-c_d.e", "with space", "it's", "$x", "~", "a\nb", "", "é", "=x"} {
		q := Quote(s)
		m, err := Analyze("cmd "+q, opts)
		if err != nil {
			t.Fatalf("Quote(%q) = %s does not parse: %v", s, q, err)
		}
		a := m.Calls[0].Args
		if len(a) != 1 || a[0].Value != s || !a[0].Static {
			t.Errorf("Quote(%q) = %s reads back as %+v", s, q, a)
		}
	}
}

func TestLimits(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("(", MaxNesting+1) + "a" + strings.Repeat(")", MaxNesting+1)
	if _, err := Analyze(deep, opts); !errors.Is(err, ErrTooLarge) {
		t.Errorf("deep nesting: err = %v, want ErrTooLarge", err)
	}
	// bash -c nested deeper than MaxDepth is cut off, and says so.
	cmd := "a"
	for i := 0; i < MaxDepth+3; i++ {
		cmd = "bash -c " + Quote(cmd)
	}
	m, err := Analyze(cmd, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Truncated {
		t.Error("nesting beyond MaxDepth not reported")
	}
}

func TestFunctions(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		":(){ :|:& };:":                  true,
		"bomb() { bomb | bomb & }; bomb": true,
		"f() { f & f; }; f":              true,
		"g() { echo hi; }; g":            false,
		"h() { h; }":                     false,
		"bash -c ':(){ :|:& };:'":        true,
		"echo ':(){ :|:& };:'":           false,
	} {
		m, err := Analyze(src, opts)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		got := false
		for _, f := range m.Functions() {
			got = got || f.Multiplies
		}
		if got != want {
			t.Errorf("%q: fork bomb %v, want %v", src, got, want)
		}
	}
}

func TestSpawnLoops(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"while true; do sleep 1 & done":                  true,
		"while :; do x & y; done":                        true,
		"until false; do x & done":                       true,
		"for ((;;)); do x & done":                        true,
		"for ((i=0;;i++)); do x & done":                  true,
		"bash -c 'while true; do x & done'":              true,
		"while true; do x & wait; done":                  false,
		"while true; do x & sleep 1; done":               false,
		"while true; do x & read -r l; done":             false,
		"while true; do x; done":                         false,
		"while ! true; do x & done":                      false,
		"while false; do x & done":                       false,
		"for ((i=0;i<3;i++)); do x & done":               false,
		"while [ -e lock ]; do x & done":                 false,
		"while true; do if y; then exit 0; fi; x & done": false,
		"echo 'while true; do sleep 1 & done'":           false,
	} {
		m, err := Analyze(src, opts)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got := len(m.SpawnLoops()) > 0; got != want {
			t.Errorf("%q: spawning loop %v, want %v", src, got, want)
		}
	}
}

func TestVariables(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		"a=git; $a clone x":              "git",
		"export G=git && \"$G\" clone x": "git",
		"a=git; a=$(date); $a clone x":   "",
		"a=git b=curl; ${b} -o f u":      "curl",
		"local d=/tmp; cd $d && pwd":     "pwd",
	} {
		m, err := Analyze(src, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Calls[len(m.Calls)-1].Name; got != want {
			t.Errorf("%q: last call %q, want %q", src, got, want)
		}
	}
	m, _ := Analyze("d=/tmp/w; cd $d && ls", opts)
	if c := m.Calls[len(m.Calls)-1]; c.Dir.Path != "/tmp/w" {
		t.Errorf("cd $d: %+v", c.Dir)
	}
}
