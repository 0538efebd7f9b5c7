package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplacementStrings: xargs -I R (-i, --replace[=R], a several
// character R) and GNU parallel's {} {.} {/} {//} {/.} put each input in
// place of every occurrence of R inside every word, the command's name
// and sh -c text included (syntax/placeholders.go), and du, tree -fi,
// realpath, readlink -f, dirname print paths xargs and $( ) take
// (danger_listers.go). Each deletion is judged as the path it builds. A
// real bash runs each spelling with realpath -m in place of rm and shows
// it names the file (parallel, tree and fd only when installed).
func TestReplacementStrings(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.txt":      "x\n",
		"proj/src/a.go":   "package a\n",
		"proj/build/a.o":  "x\n",
		"home/.bashrc":    "# rc\n",
		"home/notes/a.md": "x\n",
	})
	home := cfg.Home
	type spelling struct{ cmd, want, names, needs string }
	spellings := []spelling{
		{`echo ashrc | xargs -I{} ACT ~/.b{}`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs -i ACT ~/.b{}`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs --replace ACT ~/.b{}`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs --replace=X ACT ~/.bX`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs -I%% ACT ~/.b%%`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs -I XX ACT ~/.bXX`, "deny", "~/.bashrc", ""},
		{`echo ashrc | xargs -I% sh -c 'ACT ~/.b%'`, "deny", "~/.bashrc", ""},
		{`ls -a ~ | grep bashrc | xargs -I{} ACT ~/{}`, "deny", "~/.bashrc", ""},
		{`ls -a ~ | xargs -I{} ACT ~/{}`, "deny", "~/.bashrc", ""},
		{`ls -a ~ | xargs --replace=X ACT ~/X`, "deny", "~/.bashrc", ""},
		{`parallel ACT ~/.{} ::: bashrc`, "deny", "~/.bashrc", "parallel"},
		{`parallel ACT ~/{} ::: .bashrc`, "deny", "~/.bashrc", "parallel"},
		{`parallel ACT {//}/.bashrc ::: ~/x`, "deny", "~/.bashrc", "parallel"},
		{`parallel ACT ~/{/} ::: /x/.bashrc`, "deny", "~/.bashrc", "parallel"},
		{`parallel ACT ~/{/.}rc ::: /x/.bash.txt`, "deny", "~/.bashrc", "parallel"},
		{`parallel -I XX ACT ~/.bXX ::: ashrc`, "deny", "~/.bashrc", "parallel"},
		{`parallel --bnr BB ACT ~/BB ::: /x/.bashrc`, "deny", "~/.bashrc", "parallel"},
		{`parallel 'ACT ~/.{}' ::: bashrc`, "deny", "~/.bashrc", "parallel"},
		{`echo ~/x | parallel ACT {//}/.bashrc`, "deny", "~/.bashrc", "parallel"},
		{`ls -a ~ | parallel ACT ~/{}`, "deny", "~/.bashrc", "parallel"},
		{`realpath ~/.bashrc | xargs ACT`, "deny", "~/.bashrc", ""},
		{`readlink -f ~/.bashrc | xargs ACT`, "deny", "~/.bashrc", ""},
		{`dirname ~/.bashrc/x | xargs ACT`, "deny", "~/.bashrc", ""},
	}
	// rm -rf of the home directory itself, printed by a lister.
	homeSpellings := []spelling{
		{`du -s ~ | cut -f2 | xargs ACT`, "deny", "~", ""},
		{`du ~ | awk '{print $2}' | xargs ACT`, "deny", "~", ""},
		{`du -s ~ | sort | head -1 | cut -f2 | xargs ACT`, "deny", "~", ""},
		{`tree -fi ~ | xargs ACT`, "deny", "~", "tree"},
		{`fdfind -H . ~ | xargs -I{} ACT {}`, "deny", "~/.bashrc", "fdfind"},
		{`ACT $(du -s ~ | cut -f2)`, "deny", "~", ""},
		{`ACT "$(dirname "$(realpath ~/.bashrc)")"`, "deny", "~", ""},
		{`echo rm | xargs -I{} {} -rf ~`, "deny", "", ""},
		{`echo r | xargs -I{} {}m -rf ~`, "deny", "", ""},
	}
	var rows []struct{ cmd, want string }
	for _, s := range spellings {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(s.cmd, "ACT", "rm -f"), s.want})
	}
	for _, s := range homeSpellings {
		rows = append(rows, struct{ cmd, want string }{strings.ReplaceAll(s.cmd, "ACT", "rm -rf"), s.want})
	}
	rows = append(rows, []struct{ cmd, want string }{
		// Inputs only run time knows, at the head of a recursive
		// deletion or after a known directory: asked, as before.
		{`cat list | xargs -I{} rm -rf {}/build`, "ask"},
		{`cat list | xargs -I{} rm -rf ~/x{}`, "ask"},
		{`realpath --relative-to=. src | xargs rm -rf`, "ask"},
		// Look-alikes: the project's files, built names that stay in it.
		{`ls *.txt | xargs -I{} cp {} backup/`, "allow"},
		{`find . -name '*.o' | xargs -i rm {}`, "allow"},
		{`git ls-files | xargs -I{} wc -l {}`, "allow"},
		{`ls src | xargs -I{} wc -l src/{}`, "allow"},
		{`echo a.txt | xargs -I{} rm -f old_{}`, "allow"},
		{`echo a | xargs -I%% rm -f build/%%.o`, "allow"},
		{`parallel rm -f {.}.o ::: a.c b.c`, "allow"},
		{`parallel gzip -k {} ::: a.txt`, "allow"},
		{`parallel rm -f build/{/.}.o ::: src/a.c`, "allow"},
		{`ls src | parallel wc -l src/{}`, "allow"},
		{`du -s build | cut -f2 | xargs rm -rf`, "allow"},
		{`du -sh * | sort -h | tail -3`, "allow"},
		{`realpath a.txt | xargs rm -f`, "allow"},
		{`dirname src/a.go | xargs ls`, "allow"},
		{`echo hi | xargs -I{} echo {}`, "allow"},
		{`echo 'rm -rf ~' | xargs -I{} echo {}`, "allow"},
		{`rm -rf "$(dirname build/a.o)"`, "allow"},
	}...)
	checkDecisions(t, cfg, rows)

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, tool := range []string{"realpath", "xargs", "du", "cut", "dirname", "readlink"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " not installed")
		}
	}
	if err := exec.Command("realpath", "-m", "/x").Run(); err != nil {
		t.Skip("realpath has no -m")
	}
	proj := filepath.Join(filepath.Dir(home), "proj")
	for _, s := range append(spellings, homeSpellings...) {
		if s.names == "" {
			continue
		}
		if s.needs != "" {
			if _, err := exec.LookPath(s.needs); err != nil {
				continue
			}
		}
		text := strings.ReplaceAll(s.cmd, "ACT", "realpath -m")
		if strings.HasPrefix(s.cmd, "ACT ") {
			text = strings.ReplaceAll(s.cmd, "ACT", "realpath -m --")
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", text)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "LC_ALL=C", "PARALLEL_HOME=" + t.TempDir()}
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("bash %q: %v", text, err)
			continue
		}
		want := home
		if s.names != "~" {
			want = filepath.Join(home, strings.TrimPrefix(s.names, "~/"))
		}
		if !strings.Contains("\n"+string(out), "\n"+want+"\n") {
			t.Errorf("bash %q printed %q, not %s", text, out, s.names)
		}
	}
}
