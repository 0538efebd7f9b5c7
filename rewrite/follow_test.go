package rewrite

import (
	"fmt"
	"strings"
	"testing"
)

// followCases: after a clone or download is moved, words that are paths to
// it follow it; words that only share its name stay as written.
var followCases = []struct {
	cmd, want string
}{
	// Paths to the clone.
	{"git clone https://x/a/widget.git && cd widget", "cd /sb/widget"},
	{"git clone https://x/a/widget.git && make -C widget", "make -C /sb/widget"},
	{"git clone https://x/a/widget.git && ls widget/", "ls /sb/widget"},
	{"git clone https://x/a/widget.git && cat widget/README.md", "cat /sb/widget/README.md"},
	{"git clone https://x/a/widget.git && git -C widget log", "git -C /sb/widget log"},
	{"git clone https://x/a/widget.git && ./widget/install.sh", "/sb/widget/install.sh"},
	{"git clone https://x/a/widget.git && grep -rn TODO widget", "grep -rn TODO /sb/widget"},
	{"git clone https://x/a/widget.git && python3 widget/setup.py install", "python3 /sb/widget/setup.py install"},
	{"curl -o d.json https://x/d.json && jq . d.json", "jq . /sb/d.json"},
	{"curl -o t.tgz https://x/t.tgz && tar xzf t.tgz", "tar xzf /sb/t.tgz -C /sb"},
	{"git clone https://x/a/widget.git && cd widget && ls src", "ls src"},
	// An input redirection reads the moved file, of a call or a loop.
	{"curl -o d.json https://x/d.json && jq . < d.json", "jq . < /sb/d.json"},
	{"curl -o l.txt https://x/l.txt && while read x; do echo $x; done < l.txt", "done < /sb/l.txt"},
	{"curl -o d.json https://x/d.json && jq . < other.json", "jq . < other.json"},
	// Words that share the name and are no path.
	{"git clone https://x/a/widget.git && git checkout -b widget", "git checkout -b widget"},
	{"git clone https://x/library/redis.git && docker run -d redis", "docker run -d redis"},
	{"git clone https://x/a/widget.git && echo widget", "echo widget"},
	{"git clone https://x/a/widget.git && grep widget notes.txt", "grep widget notes.txt"},
	{"git clone https://x/a/widget.git && npm install widget", "npm install widget"},
	{"git clone https://x/a/widget.git && pip show widget", "pip show widget"},
	{"git clone https://x/a/widget.git && kubectl get pod widget", "kubectl get pod widget"},
	// A sibling whose name starts the same is another path.
	{"git clone https://x/a/widget.git && cd widget-docs", "cd widget-docs"},
}

func TestFollowOnlyPaths(t *testing.T) {
	t.Parallel()
	cfg := &Config{Cwd: "/p", Project: "/p", Home: "/h", Sandbox: "/sb", Mode: ModeRewrite, Approve: ApproveAuto}
	for _, tc := range followCases {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite {
			t.Errorf("%q: decision %s, want rewrite (%+v)", tc.cmd, r.Decision, r.Findings)
			continue
		}
		_, after, ok := strings.Cut(r.Rewritten, " && ")
		if !ok {
			t.Fatalf("%q: no second part in %q", tc.cmd, r.Rewritten)
		}
		if !strings.Contains(after, tc.want) {
			t.Errorf("%q:\n  got  %q\n  want %q in it", tc.cmd, after, tc.want)
		}
	}
}

// manyClones is a command of n clones, each followed by a cd into it.
func manyClones(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(" && ")
		}
		fmt.Fprintf(&b, "git clone https://github.com/a/r%d.git && cd r%d && make && cd ..", i, i)
	}
	return b.String()
}

// TestManyClonesAnswer checks that a command of 1,000 clones is decided,
// every clone moved and every cd following its own clone (the speed is
// BenchmarkManyClones's).
func TestManyClonesAnswer(t *testing.T) {
	t.Parallel()
	cfg := &Config{Cwd: "/p", Project: "/p", Home: "/h", Sandbox: "/sb", Mode: ModeRewrite, Approve: ApproveAuto}
	r := Check(cfg, manyClones(1000))
	if r.Decision != Rewrite {
		t.Fatalf("decision %s, want rewrite", r.Decision)
	}
	for _, i := range []int{0, 1, 499, 999} {
		want := fmt.Sprintf("git clone https://github.com/a/r%d.git /sb/r%d && cd /sb/r%d && make && cd ..", i, i, i)
		if !strings.Contains(r.Rewritten, want) {
			t.Errorf("clone %d: %q missing from the rewrite", i, want)
		}
	}
	if n := strings.Count(r.Rewritten, "cd /sb/r"); n != 1000 {
		t.Errorf("%d cds follow their clone, want 1000", n)
	}
}

// TestLargeCommandAnswers checks that a 235 KB command of downloads and
// the files they are unpacked from gets an answer.
func TestLargeCommandAnswers(t *testing.T) {
	t.Parallel()
	cfg := &Config{Cwd: "/p", Project: "/p", Home: "/h", Sandbox: "/sb", Mode: ModeRewrite, Approve: ApproveAuto}
	var b strings.Builder
	for i := 0; b.Len() < 235_000; i++ {
		fmt.Fprintf(&b, "curl -o f%d.tgz https://e.com/f%d.tgz && tar xzf f%d.tgz; ", i, i, i)
	}
	r := Check(cfg, b.String())
	if r.Decision < Rewrite {
		t.Fatalf("decision %s for %d bytes of downloads", r.Decision, b.Len())
	}
}
