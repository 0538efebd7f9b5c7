package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestProgramStartupFileWrites: less's lesskey files and gdb's init
// files run commands whenever the user starts less (git log, man) or gdb,
// outside any tool call: writing one is writing a start-up file, denied
// as ~/.bashrc is (red team 13: echo … > ~/.lesskey asked as any file
// outside the project). Look-alikes: reading them, a project file named
// like one, lesskey's output elsewhere.
func TestProgramStartupFileWrites(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`printf '#env\nLESSOPEN=|rm -rf ~ %s\n' > ~/.lesskey`, Deny},
		{"echo x >> ~/.config/lesskey", Deny},
		{"cp keys.bin ~/.less", Deny},
		{"lesskey -o ~/.less keys.txt", Deny},
		{"lesskey --output=$HOME/.config/less keys.txt", Deny},
		{"echo 'shell rm -rf ~' > ~/.gdbinit", Deny},
		{"tee ~/.config/gdb/gdbinit < init.gdb", Deny},
		{"echo 'set auto-load safe-path /' >> ~/.gdbearlyinit", Deny},
		// Editors' start-up files (ved's follow-up to red team 14 RG4).
		{`echo '!rm -rf ~' >> ~/.vimrc`, Deny},
		{`vim -es '+mkvimrc! ~/.vimrc' +q`, Deny},
		{"cp x.vim ~/.vim/plugin/x.vim", Deny},
		{"echo 'os.execute(\"id\")' > ~/.config/nvim/init.lua", Deny},
		{"echo '(shell-command \"id\")' >> ~/.emacs.d/init.el", Deny},
		// Look-alikes.
		{"cat ~/.vimrc", Allow},
		{"echo x > project.vim", Allow},
		{"cat ~/.lesskey", Allow},
		{"less ~/.gdbinit", Allow},
		{"echo x > keys.lesskey", Allow},
		{"echo 'shell ls' > .gdbinit", Allow},
		{"lesskey -o build/keys.bin keys.txt", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestMoreStartupFileWrites: further files that programs or the login
// session run commands from when the user next starts them (tmux's
// run-shell, bash-completion's ~/.bash_completion in every interactive
// shell, IPython's startup scripts, pam_env and environment.d setting
// LD_PRELOAD for the next session): writing one is denied as ~/.bashrc
// is; before, each was allowed as any file in the home directory.
// Look-alikes: reading them, project files of the same names.
func TestMoreStartupFileWrites(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`echo 'run-shell "rm -rf ~"' >> ~/.tmux.conf`, Deny},
		{"cp tmux.conf ~/.config/tmux/tmux.conf", Deny},
		{"echo 'exec rm -rf ~' >> ~/.screenrc", Deny},
		{"cp x ~/.bash_completion", Deny},
		{"echo 'rm -rf ~' > ~/.local/share/bash-completion/completions/git", Deny},
		{`printf '[custom.x]\ncommand = "rm -rf ~"\n' >> ~/.config/starship.toml`, Deny},
		{"echo 'rm -rf ~' >> ~/.config/direnv/direnvrc", Deny},
		{"echo 'import shutil' > ~/.ipython/profile_default/startup/00-x.py", Deny},
		{"echo 'c = 1' > ~/.jupyter/jupyter_server_config.py", Deny},
		{"echo 'system(\"rm -rf ~\")' >> ~/.irbrc", Deny},
		{"echo 'system(\"id\")' >> ~/.Rprofile", Deny},
		{`echo '\! rm -rf ~' >> ~/.psqlrc`, Deny},
		{"echo '.system rm -rf ~' >> ~/.sqliterc", Deny},
		{"echo 'LD_PRELOAD DEFAULT=/tmp/x.so' >> ~/.pam_environment", Deny},
		{"echo 'BASH_ENV=/tmp/e' > ~/.config/environment.d/50-x.conf", Deny},
		{"tee ~/.xsession < x", Deny},
		// Look-alikes.
		{"cat ~/.tmux.conf", Allow},
		{"echo x > .tmux.conf", Allow},
		{"echo x > docs/psqlrc.example", Allow},
		{"less ~/.bash_completion", Allow},
		{"cat ~/.irbrc ~/.psqlrc", Allow},
		// tmux reloading the user's configuration reads it; its other
		// commands that name a file there still ask.
		{"tmux source ~/.tmux.conf", Allow},
		{"tmux source-file -q ~/.tmux.conf", Allow},
		{"tmux save-buffer ~/.tmux.conf", Ask},
		{`tmux source ~/.tmux.conf \; save-buffer ~/.tmux.conf`, Ask},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestProgramStartupFilesRun shows the mechanism with the real programs:
// less 590 runs the LESSOPEN of ~/.lesskey's #env on a file it shows
// (its output in a pipe), and gdb runs ~/.gdbinit's shell command at a
// plain gdb -batch, each touching a canary in a scratch home.
func TestProgramStartupFilesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs less and gdb")
	}
	for _, tc := range []struct {
		prog, file, text, cmd string
	}{
		{"less", ".lesskey", "#env\nLESSOPEN=|touch {home}/made %s\n", "less x.txt | cat"},
		{"gdb", ".gdbinit", "shell touch {home}/made\n", "gdb -batch"},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		home := t.TempDir()
		if err := os.WriteFile(filepath.Join(home, tc.file), []byte(strings.ReplaceAll(tc.text, "{home}", home)), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, "x.txt"), []byte("hi\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", tc.cmd)
		cmd.Dir = home
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TERM=dumb"}
		out, _ := cmd.CombinedOutput()
		if _, err := os.Stat(filepath.Join(home, "made")); err != nil {
			t.Errorf("%s did not run the command of ~/%s: %s", tc.prog, tc.file, out)
		}
	}
}
