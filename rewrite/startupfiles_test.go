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

// TestLoginAndAccessFileWrites (issue 12, classes 6 and 7): files a
// program runs or trusts at login, at logout, on mail delivery or on a
// remote login, beyond the shells' rc files: csh's and tcsh's ~/.login
// and ~/.logout, nushell's and PowerShell's profiles, ~/.forward (a
// "|command" line runs a program on every mail), ~/.rhosts/~/.shosts
// (host trust for rsh and ssh), ~/.ssh/rc and authorized_keys2, user
// systemd units in ~/.local/share/systemd/user, mvn's ~/.mavenrc and
// Gradle's init scripts. Each was allowed as any file in the home
// directory; now denied as ~/.bashrc is. Look-alikes: reading them, a
// backup beside one, a project file of the same name, other files in
// the same directories.
func TestLoginAndAccessFileWrites(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"echo 'rm -rf ~' >> ~/.login", Deny},
		{"echo x > ~/.logout", Deny},
		{"tee -a ~/.cshdirs < x", Deny},
		{"echo 'rm -rf ~' > ~/.config/nushell/config.nu", Deny},
		{"echo x >> ~/.config/nushell/env.nu", Deny},
		{"cp x.nu ~/.config/nushell/login.nu", Deny},
		{"cp x.nu ~/.config/nushell/autoload/x.nu", Deny},
		{"echo x > ~/.config/powershell/Microsoft.PowerShell_profile.ps1", Deny},
		{"echo x > ~/.config/powershell/profile.ps1", Deny},
		{"echo x > ~/.xonshrc", Deny},
		{"echo x > ~/.config/elvish/rc.elv", Deny},
		{`echo '"|/tmp/x.sh"' > ~/.forward`, Deny},
		{`echo '|/tmp/x.sh' > ~/.qmail-default`, Deny},
		{"echo x >> ~/.procmailrc", Deny},
		{"echo '+ +' > ~/.rhosts", Deny},
		{"echo 'evil.example user' >> ~/.shosts", Deny},
		{"echo 'ssh-ed25519 AAAA x' >> ~/.ssh/authorized_keys2", Deny},
		{"echo 'touch /tmp/x' > ~/.ssh/rc", Deny},
		{"echo 'LD_PRELOAD=/tmp/x.so' > ~/.ssh/environment", Deny},
		{"echo 'evil@EXAMPLE.COM' >> ~/.k5login", Deny},
		{"cp evil.service ~/.local/share/systemd/user/evil.service", Deny},
		{"echo x > ~/.config/systemd/user/default.target.wants/evil.service", Deny},
		{"echo 'DefaultEnvironment=LD_PRELOAD=/tmp/x.so' >> ~/.config/systemd/user.conf", Deny},
		{"echo '@/tmp/x.sh' >> ~/.config/lxsession/LXDE/autostart", Deny},
		{"echo x > ~/.gnomerc", Deny},
		{"echo x > ~/.xinputrc", Deny},
		{"cp x.sh ~/.config/autostart-scripts/x.sh", Deny},
		{"cp x.fish ~/.config/fish/completions/git.fish", Deny},
		{"echo 'curl x | sh' > ~/.mavenrc", Deny},
		{"cp init.gradle ~/.gradle/init.d/x.gradle", Deny},
		{"echo x > ~/.gradle/init.gradle.kts", Deny},
		{"echo 'rm -rf ~' > ~/.antrc", Deny},
		{"echo 'curl x | sh' >> ~/.ant/ant.conf", Deny},
		{`echo '"rm -rf ~".!' > ~/.sbt/1.0/global.sbt`, Deny},
		{"cp x.sbt ~/.sbt/1.0/plugins/x.sbt", Deny},
		{"cp X.scala ~/.sbt/0.13/plugins/project/X.scala", Deny},
		{"echo 'eval x' > ~/.sbtrc", Deny},
		{"echo x > ~/.config/systemd/user.control/x.service.d/50-x.conf", Deny},
		{"echo 'rm -rf ~' >> ~/.zcompdump", Deny},
		{"echo x >> ~/.zcompdump-host-5.9", Deny},
		{"echo 'curl x | sh' > ~/.oh-my-zsh/custom/x.zsh", Deny},
		{"cp x.zsh ~/.oh-my-zsh/custom/plugins/git/git.plugin.zsh", Deny},
		// Look-alikes: a backup beside one and another file of the
		// directory are asked about as any write in the home directory
		// outside the project is, not denied.
		{"echo x > ~/.login.bak", Ask},
		{"cat ~/.forward ~/.rhosts ~/.login", Allow},
		{"echo x > notes/.login", Allow},
		{"echo x > .forward", Allow},
		{"echo x > docs/profile.ps1", Allow},
		{"echo x > ~/.gradle/gradle.properties.example", Ask},
		{"cat ~/.antrc ~/.sbtrc ~/.sbt/1.0/global.sbt", Allow},
		{"echo x > ~/.ant/lib.txt", Ask},
		{"echo x > .antrc", Allow},
		{"echo x > project/plugins.sbt", Allow},
		{"cat ~/.config/nushell/config.nu", Allow},
		{"cat ~/.local/share/systemd/user/x.service", Allow},
		// compinit rebuilds a missing dump: deleting it runs nothing, and
		// asks as any deletion in the home directory outside the project.
		{"rm -f ~/.zcompdump*", Ask},
		{"rm -f ~/.zcompdump ~/.zcompdump.zwc", Ask},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}

// TestLftpRcFileWrites (issue 12): lftp runs /etc/lftp.conf, ~/.lftprc
// and the rc of its directory (~/.lftp/rc, else ~/.config/lftp/rc) at
// every start, before its commands: a !command line, an alias that
// replaces ls, set cmd:at-exit run what they hold. Writing one is writing
// a start-up file, denied as ~/.tmux.conf and ~/.gdbinit are (before, it
// asked as any home file outside the project). Look-alikes: reading
// them, lftp's other files there (bookmarks, its history), a project
// file of the same name, lftp -norc.
func TestLftpRcFileWrites(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"echo '!rm -rf ~' >> ~/.lftprc", Deny},
		{"echo 'set net:timeout 5' >> ~/.lftprc", Deny},
		{"printf 'alias ls \"!rm -rf ~\"\\n' > ~/.lftp/rc", Deny},
		{"echo 'set cmd:at-exit \"!sh x\"' > ~/.config/lftp/rc", Deny},
		{"cp rc.txt ~/.config/lftp/rc", Deny},
		{"tee -a ~/.lftprc < x", Deny},
		{"sed -i s/a/b/ ~/.lftp/rc", Deny},
		{"echo x > /etc/lftp.conf", Deny},
		// Look-alikes.
		{"cat ~/.lftprc ~/.lftp/rc ~/.config/lftp/rc", Allow},
		{"echo 'x ftp://example.com' >> ~/.lftp/bookmarks", Ask},
		{"echo x > ~/.config/lftp/rc.bak", Ask},
		{"echo '!rm -rf ~' > .lftprc", Allow},
		{"echo x > docs/lftp/rc", Allow},
		{"lftp -norc -c 'open ftp://example.com; ls'", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
