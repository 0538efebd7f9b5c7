package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRenameThroughFilter: a rename whose filter corral does not compute
// (sed, rev, cut, awk) makes any name of the handed one (red team 19
// PI2's rest). Handed names from the home directory's tree, from above
// it or from a source corral cannot place ask as a path a program
// computed; renames of the project's names, and plain renames by
// basename, dirname, echo and printf, pass. The oracle runs each loop in
// real bash over a scratch home, with printf in place of the writer, and
// requires it to print ~/.bashrc.
func TestRenameThroughFilter(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":        "x\n",
		"proj/b.JPG":        "x\n",
		"home/.bashrc":      "# rc\n",
		"home/.bashrx":      "x\n",
		"home/.bash_logout": "x\n",
	})
	loops := []string{
		`find ~ -name .bashrx | while read f; do W "$(echo "$f" | sed s/x$/c/)"; done`,
		`find ~ -maxdepth 1 -name .bash_logout | while read f; do W "$(echo "$f" | sed s/_logout/rc/)"; done`,
		`find ~ -name .bashrx | while read -r f; do W "$(echo "$f" | rev | cut -c2- | rev)c"; done`,
		`ls -d ~/.bashrx | while read f; do W "$(printf %s "$f" | sed 's/x$/c/')"; done`,
		`find ~ -name .bashrx | while read f; do n=$(echo "$f" | sed s/x$/c/); W "$n"; done`,
		`find ~ -maxdepth 1 -name .bashrx -exec bash -c 'W "$(echo "$1" | sed s/x$/c/)"' _ {} \;`,
	}
	var rows []struct{ cmd, want string }
	for _, l := range loops {
		rows = append(rows,
			struct{ cmd, want string }{strings.ReplaceAll(l, "W ", "cp /tmp/p "), "ask"},
			struct{ cmd, want string }{strings.ReplaceAll(l, "W ", "rm -f "), "ask"})
	}
	rows = append(rows, []struct{ cmd, want string }{
		// A source corral cannot place.
		{`while read f; do cp /tmp/p "$(echo "$f" | sed s/x$/c/)"; done < list.txt`, "ask"},
		{`cat list.txt | while read f; do cp /tmp/p "$(echo "$f" | sed s/x$/c/)"; done`, "ask"},
		{`for f in $(cat list.txt); do cp /tmp/p "$(echo "$f" | sed s/x$/c/)"; done`, "ask"},
		{`for f in "$D"/*; do cp /tmp/p "$(echo "$f" | sed s/x$/c/)"; done`, "ask"},
		// Look-alikes: the project's names, plain renames.
		{`for f in *.txt; do mv "$f" "$(echo "$f" | sed s/txt$/md/)"; done`, "allow"},
		{`find . -name '*.txt' | while read f; do mv "$f" "$(echo "$f" | sed s/txt$/md/)"; done`, "allow"},
		{`find . -name '*.JPG' -exec sh -c 'mv "$1" "$(echo "$1" | tr A-Z a-z)"' _ {} \;`, "allow"},
		{`for f in *.txt; do mv -i "$f" "$(dirname "$f")/$(basename "$f" | tr ' ' _)"; done`, "allow"},
		{`find ~ -name '*.log' | while read f; do mv "$f" "$(dirname "$f")/old-$(basename "$f")"; done`, "allow"},
		{`find . -name '*.o' | while read f; do rm -f "$f"; done`, "allow"},
		{`for f in *.txt; do n=$(echo "$f" | sed s/txt$/md/); mv "$f" "$n"; done`, "allow"},
		{`find ~ -name '*.log' | while read f; do d=$(dirname "$f"); mv "$f" "$d/old.log"; done`, "allow"},
		// The renamed name is followed (src/*.bak): seed 001 warns of a
		// write under src/ whichever way it is spelled.
		{`for f in src/*.txt; do cp "$f" "$(echo "$f" | sed s/txt$/bak/)"; done`, "warn"},
		{`cp src/a.txt src/a.bak`, "warn"},
		{`for f in docs/*.txt; do cp "$f" "$(echo "$f" | sed s/txt$/bak/)"; done`, "allow"},
	}...)
	checkDecisions(t, cfg, rows)

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, l := range loops {
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `W() { printf '%s\n' "$1"; }; export -f W; `+l)
		cmd.Dir = filepath.Join(filepath.Dir(cfg.Home), "proj")
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C"}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v", l, err)
			continue
		}
		if got := strings.TrimSpace(string(out)); got != filepath.Join(cfg.Home, ".bashrc") {
			t.Errorf("bash %q printed %q, not ~/.bashrc", l, out)
		}
	}
}
