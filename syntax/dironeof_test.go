package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDirOneOfAgainstBash checks the directory a command runs in after
// paths of the script that end in different known directories: it is one
// of them (at most maxDirCandidates), not any. Each script runs in real
// bash with its condition $C true and false, and every directory bash
// ends in must be one corral lists.
func TestDirOneOfAgainstBash(t *testing.T) {
	bash, root, home, proj := bashTree(t, "home/x", "proj/sub/deep", "other/x", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9")
	tests := []struct {
		src  string
		want string // the directories relative to root, space-separated; "?" when any
	}{
		{"if $C; then cd ~; else cd ../other; fi; pwd", "home other"},
		{"if $C; then cd ~; fi; pwd", "home proj"},
		{"$C && cd ~; pwd", "home proj"},
		{"$C || cd sub; pwd", "proj proj/sub"},
		{"case $C in true) cd ~;; *) cd ../other;; esac; pwd", "home other"},
		// A relative cd after the merge goes on from each.
		{"if $C; then cd ~; else cd ../other; fi; cd x; pwd", "home/x other/x"},
		{"if $C; then cd ~; else cd ../other; fi; cd ../proj/sub; pwd", "proj/sub"},
		// The same directory on both paths is known.
		{"if $C; then cd sub; else cd ~/../proj/sub; fi; pwd", "proj/sub"},
		// A subshell's cd ends with it.
		{"if $C; then (cd ~); else cd sub; fi; pwd", "proj proj/sub"},
		// An unknown directory on one path makes it any.
		{`if $C; then cd "$(cat f)"; else cd sub; fi; pwd`, "?"},
		// More than maxDirCandidates: any.
		{"case $C in 1) cd ../d1;; 2) cd ../d2;; 3) cd ../d3;; 4) cd ../d4;; 5) cd ../d5;; 6) cd ../d6;; 7) cd ../d7;; 8) cd ../d8;; true) cd ../d9;; esac; pwd", "?"},
		// A loop whose body may cd: its fixed point.
		{"while $C; do cd ~; break; done; pwd", "home proj"},
	}
	o := Options{Cwd: proj, Home: home}
	for _, tt := range tests {
		m, err := Analyze(tt.src, o)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		got := "?"
		if cands := c.Dir.Candidates(); cands != nil {
			var rels []string
			for _, d := range cands {
				rel, err := filepath.Rel(root, d)
				if err != nil {
					rel = d
				}
				rels = append(rels, rel)
			}
			slices.Sort(rels)
			got = strings.Join(rels, " ")
		}
		if got != tt.want {
			t.Errorf("%q: corral reads the last call's directory as %s, want %s", tt.src, got, tt.want)
		}
		var real []string
		for _, cond := range []string{"true", "false"} {
			cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tt.src)
			cmd.Dir = proj
			cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "C=" + cond}
			out, _ := cmd.Output()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			rel, _ := filepath.Rel(root, lines[len(lines)-1])
			real = append(real, rel)
			if tt.want != "?" && !slices.Contains(strings.Fields(tt.want), rel) {
				t.Errorf("%q with C=%s: bash ends in %s, not one of %s", tt.src, cond, rel, tt.want)
			}
		}
		if tt.want != "?" {
			for _, w := range strings.Fields(tt.want) {
				if !slices.Contains(real, w) {
					t.Errorf("%q: bash never ends in %s (it ends in %v)", tt.src, w, real)
				}
			}
		}
	}
}
