package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// printedPathCases (red team 16 PI1): a substitution that prints back
// the paths it is given — ls of files, ls -d of a pattern, compgen -G,
// realpath -s, realpath and readlink -f of a name not there yet — is
// that path. H is a scratch home with .bashrc, .bash_logout and
// .claude/settings.json; the last printf's fields are checked against
// corral's ("?" when corral must not be certain) and every certain
// answer against real bash (LC_ALL=C: ls sorts in byte order).
var printedPathCases = []struct{ src, want string }{
	{`printf '<%s>' "$(ls H/.claude/settings.json)"`, "<H/.claude/settings.json>"},
	{`printf '<%s>' $(ls H/.bashrc)`, "<H/.bashrc>"},
	{`printf '<%s>' $(ls -d H/.bash*)`, "<H/.bash_logout><H/.bashrc>"},
	{`printf '<%s>' $(ls -1d H/.claude/s*)`, "<H/.claude/settings.json>"},
	{`printf '<%s>' $(ls -d H/.claude)`, "<H/.claude>"},
	{`printf '<%s>' $(ls H/.bashrc H/.bash_logout)`, "<H/.bash_logout><H/.bashrc>"},
	{`cd H && printf '<%s>' $(ls -d .bash*)`, "<.bash_logout><.bashrc>"},
	{`printf '<%s>' $(compgen -G "H/.bash*")`, "<H/.bash_logout><H/.bashrc>"},
	{`printf '<%s>' "$(realpath -s H/.claude/settings.json)"`, "<H/.claude/settings.json>"},
	{`printf '<%s>' "$(realpath -s H/.claude/../.bashrc)"`, "<H/.bashrc>"},
	{`printf '<%s>' "$(realpath -s H/new/x)"`, "<H/new/x>"},
	{`printf '<%s>' "$(realpath H/new.txt)"`, "<H/new.txt>"},
	{`printf '<%s>' "$(readlink -f H/new.txt)"`, "<H/new.txt>"},
	{`printf '<%s>' "$(realpath H/.bashrc)"`, "<H/.bashrc>"},
	// Only run time knows these: a directory's entries, a long listing,
	// a name not there (the command may make it), the working
	// directory, a missing parent, a function named ls.
	{`printf '<%s>' $(ls H/.claude)`, "?"},
	{`printf '<%s>' $(ls -l H/.bashrc)`, "?"},
	{`printf '<%s>' $(ls H/missing)`, "?"},
	{`printf '<%s>' $(ls)`, "?"},
	{`printf '<%s>' "$(readlink -f H/new/x)"`, "?"},
	{`printf '<%s>' "$(readlink H/.bashrc)"`, "?"},
	{`ls() { echo /x; }; printf '<%s>' $(ls H/.bashrc)`, "?"},
}

func TestPrintedPathsInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	home := filepath.Join(dir, "home")
	for _, f := range []string{".bashrc", ".bash_logout", ".claude/settings.json"} {
		p := filepath.Join(home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range printedPathCases {
		src := strings.ReplaceAll(tc.src, "H", home)
		want := strings.ReplaceAll(tc.want, "H", home)
		m, err := Analyze(src, Options{Cwd: dir, Home: home})
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		var c *Call
		for i := range m.Calls {
			if m.Calls[i].Name == "printf" {
				c = m.Calls[i]
			}
		}
		if c == nil || len(c.Args) < 1 {
			t.Errorf("%q: no printf call", src)
			continue
		}
		static := true
		var b strings.Builder
		for _, a := range c.Args[1:] {
			static = static && a.Static
			b.WriteString("<" + a.Value + ">")
		}
		got := b.String()
		switch {
		case tc.want == "?" && static:
			t.Errorf("%q: corral is certain the fields are %q; want unknown", tc.src, got)
		case tc.want != "?" && !static:
			t.Errorf("%q: corral says the fields are only known at run time (%q); want %q", tc.src, got, want)
		case tc.want != "?" && got != want:
			t.Errorf("%q: corral says %q, want %q", tc.src, got, want)
		}
		if tc.want == "?" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		if string(out) != want {
			t.Errorf("%q: bash printed %q, the table says %q", tc.src, out, want)
		}
	}
}
