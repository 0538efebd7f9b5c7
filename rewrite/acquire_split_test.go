package rewrite

import (
	"strings"
	"testing"
)

// TestDownloadNameFromSplitWord: a download whose output file is one of
// several words an expansion gives (an array "${a[@]}", an unquoted
// variable bash splits on IFS, "$@" in a function) cannot be moved alone:
// replacing the whole word would drop the other words (the seed replaced
// "${a[@]}" by the sandbox path, so that the command ran the path). It
// asks, with the reason; a word of its own beside the expansion is moved.
func TestDownloadNameFromSplitWord(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`a=(curl -o f https://h.example/x); "${a[@]}"`, Ask},
		{`a=(-o f https://h.example/x); curl "${a[@]}"`, Ask},
		{`a=(-o f); curl -s "${a[@]}" https://h.example/x`, Ask},
		{`c="curl -o f https://h.example/x"; $c`, Ask},
		{`o="-o f"; curl $o https://h.example/x`, Ask},
		{`read -r c <<< "curl -o f https://h.example/x"; $c`, Ask},
		{`g() { wget "$@"; }; g -O a.sh https://h.example/a.sh`, Ask},
		{`a=(wget -q); "${a[@]}" https://h.example/f`, Ask},
		{`a=(wget -O f); "${a[@]}" https://h.example/f`, Ask},
		// The file name is a word of its own: moved.
		{`a=(curl -s); "${a[@]}" -o b.txt https://h.example/b`, Rewrite},
		{`mapfile -t a <<< "curl"; ${a[0]} -o f https://h.example/x`, Rewrite},
		{`u=https://h.example/y; curl -o f "$u"`, Rewrite},
		{`g() { curl -sSL "$1" -o "$2"; }; g https://h.example/a.sh a.sh`, Rewrite},
		// Look-alikes: no download, the sandbox.
		{`a=(ls -la); "${a[@]}"`, Allow},
		{`a=(curl -o agent_sandbox/f https://h.example/x); "${a[@]}"`, Allow},
	} {
		r := Check(testConfig(), tc.cmd)
		if r.Decision != tc.want {
			t.Errorf("%s: %v, want %v (%v)", tc.cmd, r.Decision, tc.want, r.Findings)
			continue
		}
		if tc.want == Ask {
			for _, f := range r.Findings {
				if f.Rule == "rewrite-failed" {
					t.Errorf("%s: asks only because the rewrite failed: %v", tc.cmd, r.Findings)
				}
			}
		}
	}
}

// TestDownloadInFunctionCalledTwice: a function's body is analysed where
// it is called, so one word of it (-o "$2") takes a different value at
// each call. A single edit of that word cannot move every download:
// the seed kept the first call's edit and dropped the second's, so that
// get URL b.sh wrote the first call's file. Calls that agree keep the
// rewrite; calls that differ ask.
func TestDownloadInFunctionCalledTwice(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Decision
		in   string // the rewritten command holds this
	}{
		{`get() { curl -sSL "$1" -o "$2"; }; get https://h.example/a.sh a.sh; get https://h.example/b.sh b.sh`, Ask, ""},
		{`get() { curl -sSL "$1" > "$2"; }; get https://h.example/a.sh a.sh; get https://h.example/b.sh b.sh`, Ask, ""},
		{`get() { wget -q "$1" -O "$2"; }; get https://h.example/a a; get https://h.example/b b`, Ask, ""},
		{`get() { curl -sSL "$1" -o "$2"; }; get https://h.example/a.sh a.sh; get https://h.example/b.sh a.sh`, Rewrite, "-o /home/u/proj/agent_sandbox/a.sh"},
		{`get() { curl -sSL "$1" -o "$2"; }; get https://h.example/a.sh a.sh`, Rewrite, "-o /home/u/proj/agent_sandbox/a.sh"},
		{`get() { curl -sSLO "$1"; }; get https://h.example/a.sh; get https://h.example/b.sh`, Rewrite, "--output-dir"},
		// One call's file is in the sandbox already and needs no edit: the
		// edit the other needs would send both downloads to its name.
		{`get() { curl -sSL "$1" -o "$2"; }; get https://h.example/a.sh a.sh; get https://h.example/b.sh agent_sandbox/b.sh`, Ask, ""},
		{`get() { curl -sSL "$1" > "$2"; }; get https://h.example/a.sh agent_sandbox/a.sh; get https://h.example/b.sh b.sh`, Ask, ""},
		{`get() { curl -sSL "$1" -o "$2"; }; get https://h.example/a.sh agent_sandbox/a.sh; get https://h.example/b.sh agent_sandbox/b.sh`, Allow, ""},
	} {
		r := Check(testConfig(), tc.cmd)
		if r.Decision != tc.want || !strings.Contains(r.Rewritten, tc.in) {
			t.Errorf("%s: %v %q, want %v with %q (%v)", tc.cmd, r.Decision, r.Rewritten, tc.want, tc.in, r.Findings)
			continue
		}
		for _, f := range r.Findings {
			if f.Rule == "rewrite-failed" {
				t.Errorf("%s: asks only because the rewrite failed: %v", tc.cmd, r.Findings)
			}
		}
	}
}
