package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// editorProject is a scratch project with a git repository, a copy
// source for the editors and a home.
func editorProject(t *testing.T) *Config {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{
		"proj/README":  "x\n",
		"src/todo":     "exec echo pwned >~/.bashrc\n",
		"src/gc":       "[core]\n\tpager = echo pwned >~/.bashrc; cat\n[alias]\n\tx = !echo pwned >~/.bashrc\n",
		"src/cmd":      "!echo pwned >~/.bashrc\n",
		"home/.keep":   "",
		"src/npmrc":    "script-shell=/tmp/x\n",
		"src/crontab":  "* * * * * echo pwned >~/.bashrc\n",
		"src/unit":     "[Service]\nExecStart=/bin/sh -c 'echo pwned'\n",
		"src/envrc":    "echo pwned\n",
		"src/sudoers":  "ALL ALL=(ALL) NOPASSWD: ALL\n",
		"src/passwd":   "root::0:0::/root:/bin/sh\n",
		"src/gitignor": "*\n",
		"src/plain":    "[user]\n\tname = x\n",
	})
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = cfg.Project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	return cfg
}

// TestEditorSetByCommand (red team 16 ED1, GE1): an editor the command
// chooses for a program that edits a file is judged as that editor run
// on the file, so it decides as the write it stands for; the user's own
// editor, a commit message's editor and the no-op editors pass.
func TestEditorSetByCommand(t *testing.T) {
	cfg := editorProject(t)
	src := filepath.Join(filepath.Dir(cfg.Project), "src")
	r := strings.NewReplacer("SRC", src, "HOME", cfg.Home)
	var rows []struct{ cmd, want string }
	for _, tt := range []struct{ cmd, want string }{
		// git's rebase todo: its exec lines run at once.
		{"GIT_SEQUENCE_EDITOR='cp SRC/todo' git rebase -i HEAD", "deny"},
		{"git -c sequence.editor='cp SRC/todo' rebase -i HEAD", "deny"},
		{"GIT_EDITOR='cp SRC/todo' git rebase --interactive HEAD", "deny"},
		{"EDITOR='cp SRC/todo' git rebase --edit-todo", "deny"},
		{"git config sequence.editor 'cp SRC/todo' && git rebase -i HEAD", "deny"},
		{`GIT_SEQUENCE_EDITOR="sed -i 's/^pick [0-9a-f]* /e/'" git rebase -i HEAD~2`, "deny"},
		{`GIT_SEQUENCE_EDITOR="sed -i '1i exec make'" git rebase -i HEAD~2`, "deny"},
		{`GIT_SEQUENCE_EDITOR="sed -i 's/^pick/x/'" git rebase -i HEAD~2`, "deny"},
		// git's configuration file.
		{"GIT_EDITOR='cp SRC/gc' git config --edit", "deny"},
		{"EDITOR='cp SRC/gc' git config -e", "deny"},
		{"VISUAL='cp SRC/gc' git config edit", "deny"},
		{"git -c core.editor='cp SRC/gc' config --edit", "deny"},
		{"export GIT_EDITOR='cp SRC/gc'; git config --edit", "deny"},
		{"env GIT_EDITOR='cp SRC/gc' git config --edit", "deny"},
		{"git config core.editor 'cp SRC/gc' && git config --edit", "deny"},
		{"GIT_EDITOR='cp SRC/gc' git config --global --edit && git x", "deny"},
		{"GIT_EDITOR='cp SRC/gc' git config --global --edit", "deny"},
		{"GIT_EDITOR='tee -a .git/hooks/x <' git config --edit", "deny"},
		// Files other programs install.
		{"EDITOR='cp SRC/crontab' crontab -e", "ask"},
		{"VISUAL=vim crontab -e", "ask"},
		{"EDITOR='cp SRC/envrc' direnv edit .", "deny"},
		{"SYSTEMD_EDITOR='cp SRC/unit' systemctl --user edit --full x.service", "deny"},
		{"EDITOR='cp SRC/unit' systemctl edit x", "deny"},
		{"EDITOR='cp SRC/sudoers' visudo", "deny"},
		{"EDITOR='cp SRC/passwd' vipw", "deny"},
		{"SUDO_EDITOR='cp SRC/gitignor' sudoedit /etc/hosts", "deny"},
		// sudo -e is sudoedit: its operands are files, not a command.
		{"EDITOR='cp SRC/gitignor' sudo -e /etc/hosts", "deny"},
		{"VISUAL='cp SRC/gitignor' sudo -u root --edit /etc/hosts", "deny"},
		{"export EDITOR='cp SRC/gitignor'; sudo -e /etc/hosts", "deny"},
		{"EDITOR='cp SRC/npmrc' npm config edit -g", "ask"},
		// A code-running key set to a program's output (GE1).
		{`git config alias.st "$(cat SRC/cmd)"`, "ask"},
		{`git config alias.st "$(head -1 SRC/cmd)" && git st`, "ask"},
		{`git config core.pager "$(cat SRC/cmd)"`, "ask"},
		{`git config --global credential.helper "$(cat SRC/cmd)"`, "ask"},
		{`git -c alias.st="$(cat SRC/cmd)" status`, "ask"},
		// A key only known at run time: any setting (it was allowed).
		{`K=$(cat SRC/cmd); git -c "$K=cat" log`, "ask"},
		{`KV=$(cat SRC/cmd); git -c "$KV" log`, "ask"},
		{`K=$(cat SRC/cmd); git -c"$K" status`, "ask"},
		// An editor that is a shell or an interpreter runs the file it
		// is given as a script: the message the agent wrote, the todo
		// of subjects it chose (all were allowed).
		{"git -c core.editor=sh commit -e -m 'rm -rf ~'", "ask"},
		{"GIT_EDITOR=sh git commit --amend", "ask"},
		{"GIT_EDITOR='bash -x' git tag -a v1 -m x", "ask"},
		{"EDITOR=python3 git merge --edit main", "ask"},
		{"git config core.editor bash", "ask"},
		{"GIT_SEQUENCE_EDITOR=sh git rebase -i HEAD~2", "ask"},
		// Look-alikes.
		{`GIT_EDITOR='sh -c "cat $1" ed' git commit --amend`, "allow"},
		{`N=$(cat SRC/cmd); git -c "user.name=$N" commit -m x`, "allow"},
		{`git config user.name "$(cat SRC/cmd)"`, "allow"},
		{"git commit -m x", "allow"},
		{"GIT_EDITOR=true git rebase --continue", "allow"},
		{"EDITOR=vim git commit", "allow"},
		{"git -c core.editor=true commit --amend", "allow"},
		{"GIT_EDITOR='cp SRC/cmd' git commit --amend", "allow"},
		{"GIT_SEQUENCE_EDITOR=: git rebase -i --autosquash HEAD~3", "allow"},
		{"GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2", "allow"},
		{`GIT_SEQUENCE_EDITOR="sed -i 's/^pick/fixup/'" git rebase -i HEAD~3`, "allow"},
		{`GIT_SEQUENCE_EDITOR="sed -i -e '2,\$s/^pick/squash/'" git rebase -i HEAD~3`, "allow"},
		{`GIT_SEQUENCE_EDITOR="sed -i '/WIP/d; s/^pick \(.*\)/reword \1/'" git rebase -i HEAD~3`, "deny"},
		{`GIT_SEQUENCE_EDITOR="sed -i -E 's/^pick (abc)/edit /'" git rebase -i HEAD~3`, "allow"},
		{"git rebase -i HEAD~2", "allow"},
		{"git config --edit", "allow"},
		{"EDITOR=true git config --edit", "allow"},
		{"GIT_EDITOR=cat git config --edit", "allow"},
		{"GIT_SEQUENCE_EDITOR='cp SRC/todo' git rebase HEAD~2", "allow"},
		{"crontab -l", "allow"},
		{"EDITOR='cp SRC/crontab' crontab -l", "allow"},
		{"EDITOR=true crontab -e", "allow"},
		{`git config user.name "$(whoami)"`, "allow"},
		{`git config core.editor "code --wait"`, "allow"},
		{`echo "GIT_EDITOR='cp x' git config --edit"`, "allow"},
		{"direnv edit", "allow"},
		{"sudo -e /etc/hosts", "allow"}, // the user's own editor
		{"EDITOR=vim sudo -e /etc/hosts", "allow"},
		{"sudo -l rm -rf /", "allow"}, // -l lists what may run
		{"systemctl --user edit x", "allow"},
	} {
		rows = append(rows, struct{ cmd, want string }{r.Replace(tt.cmd), tt.want})
	}
	checkDecisions(t, cfg, rows)

	// Each editor decides as the write it stands for, whatever the
	// guards say of that file.
	for _, p := range [][2]string{
		{"GIT_EDITOR='cp SRC/plain' git config --global --edit", "cp SRC/plain HOME/.gitconfig"},
		{"EDITOR='cp SRC/npmrc' npm config edit", "cp SRC/npmrc HOME/.npmrc"},
		{"EDITOR='cp SRC/npmrc' npm config edit --location=project", "cp SRC/npmrc .npmrc"},
		{"GIT_EDITOR='cp SRC/gc' git config --file x.cfg --edit", "cp SRC/gc x.cfg"},
		{"EDITOR='cp SRC/envrc' direnv edit sub", "cp SRC/envrc sub/.envrc"},
	} {
		ed, wr := r.Replace(p[0]), r.Replace(p[1])
		if a, b := Check(cfg, ed).Decision, Check(cfg, wr).Decision; a != b {
			t.Errorf("%s: %s, but %s: %s", ed, a, wr, b)
		}
	}
}

// TestEditorSetByCommandOracle runs the real git to show what the rows
// above model: git hands the editor the file as its last word (cp F
// replaces .git/config), runs the exec lines an editor leaves in the
// rebase todo, and one a sed that rewrites pick lines makes out of a
// commit's subject (s/^pick [0-9a-f]* /e/ before "xec CMD"); a config
// value read from a file is run as an alias.
func TestEditorSetByCommandOracle(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "repo")
	for _, d := range []string{home, repo} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(root, "canary")
	write := func(p, s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
		"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "CANARY="+canary)
	run := func(script string) string {
		t.Helper()
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", script, err, out)
		}
		return string(out)
	}
	readCanary := func() string {
		b, _ := os.ReadFile(canary)
		os.Remove(canary)
		return string(b)
	}
	run(`git init -q && for n in one two; do echo $n > $n && git add $n && git commit -q -m $n; done`)

	gc := filepath.Join(root, "gc")
	write(gc, "[alias]\n\tx = !echo by-alias >\"$CANARY\"\n")
	run(`GIT_EDITOR='cp ` + gc + `' git config --edit && git x`)
	if got := readCanary(); got != "by-alias\n" {
		t.Errorf("git config --edit with cp F: canary %q, want the alias F adds to run", got)
	}
	if b, _ := os.ReadFile(filepath.Join(repo, ".git", "config")); !strings.Contains(string(b), "by-alias") {
		t.Errorf(".git/config is not F's text: %q", b)
	}

	todo := filepath.Join(root, "todo")
	write(todo, "exec echo by-todo >\"$CANARY\"\n")
	run(`GIT_SEQUENCE_EDITOR='cp ` + todo + `' git rebase -i HEAD~1`)
	if got := readCanary(); got != "by-todo\n" {
		t.Errorf("rebase todo from cp F: canary %q, want its exec line run", got)
	}

	run(`git commit -q --allow-empty -m 'xec echo subject >"$CANARY"' && GIT_SEQUENCE_EDITOR="sed -i '/xec/s/^pick [0-9a-f]* /e/'" git rebase -i HEAD~1`)
	if got := readCanary(); got != "subject\n" {
		t.Errorf("sed s/^pick HASH /e/: canary %q, want the subject run as exec", got)
	}

	run(`for n in three four; do echo $n > $n && git add $n && git commit -q -m "xec echo $n >\"\$CANARY\""; done && GIT_SEQUENCE_EDITOR="sed -i 's/^pick/reword/'" GIT_EDITOR=true git rebase -i HEAD~2`)
	if got := readCanary(); got != "" {
		t.Errorf("sed s/^pick/reword/: canary %q, want nothing run", got)
	}

	cmdFile := filepath.Join(root, "cmd")
	write(cmdFile, "!echo by-value >\"$CANARY\"\n")
	run(`git config alias.st "$(cat ` + cmdFile + `)" && git st`)
	if got := readCanary(); got != "by-value\n" {
		t.Errorf(`git config alias.st "$(cat F)": canary %q, want F's command run`, got)
	}

	// An editor that is a shell runs the message it is handed.
	run(`echo five > five && git add five && git -c core.editor=sh commit -q -e -m 'echo by-message >"$CANARY"'`)
	if got := readCanary(); got != "by-message\n" {
		t.Errorf("git -c core.editor=sh commit -e -m CMD: canary %q, want the message run", got)
	}
}
