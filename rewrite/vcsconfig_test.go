package rewrite

import "testing"

// TestVCSConfigCommands (issue 12, class 4): Subversion and Mercurial run
// the commands their options and configuration name, judged as if typed
// (all were allowed): svn --editor-cmd, --diff-cmd, --config-option
// config:tunnels:NAME=CMD and config:helpers:editor-cmd, SVN_SSH; hg
// --config hooks.NAME (shell text, or python:FILE:FUNC), alias.NAME=!CMD,
// ui.ssh, ui.editor, pager.pager, extensions.NAME=FILE,
// merge-tools.T.executable, the same keys in HGRCPATH's files, and a
// write to the repository's .hg/hgrc (now one of the files whose content
// runs at the next command, as .git/config). Neither program is installed
// where these tests run, so there is no oracle; the keys are svn(1)'s and
// hgrc(5)'s.
func TestVCSConfigCommands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":    "x\n",
		"proj/evil.hgrc": "[hooks]\nupdate = rm -rf ~\n[ui]\nusername = x\n",
		"proj/good.hgrc": "[ui]\nusername = me\n[extensions]\nrebase =\n",
		"proj/ext.py":    "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"evil.sh":        "#!/bin/sh\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"hg --config hooks.pre-status='rm -rf ~' status", "deny"},
		{"hg --config=hooks.post-pull='cat ~/.ssh/id_rsa' pull", "deny"},
		{"hg --config alias.st='!rm -rf ~' st", "deny"},
		{"hg --config ui.ssh='rm -rf ~' pull ssh://x/y", "deny"},
		{"hg --config ui.editor='rm -rf ~' commit", "deny"},
		{"hg --config pager.pager='rm -rf ~' log", "deny"},
		{"hg --config extensions.x=ext.py status", "deny"},
		{"hg --config hooks.pre-status=python:ext.py:f status", "deny"},
		{"hg --config merge-tools.x.executable=../evil.sh merge", "deny"},
		{"HGRCPATH=evil.hgrc hg update", "deny"},
		{"HGRCPATH=\"$X\" hg update", "ask"},
		{"printf '[hooks]\\npre-status = rm -rf ~\\n' >> .hg/hgrc; hg status", "deny"},
		{"svn --config-option config:tunnels:ssh='rm -rf ~' co svn+ssh://x/y", "deny"},
		{"svn --config-option=config:helpers:editor-cmd='rm -rf ~' commit", "deny"},
		{"svn --editor-cmd 'rm -rf ~' commit", "deny"},
		{"svn --diff-cmd ../evil.sh diff", "deny"},
		{"SVN_SSH='rm -rf ~' svn co svn+ssh://x/y", "deny"},
		// look-alikes
		{"hg status", "allow"},
		{"hg --config ui.username=me commit -m x", "allow"},
		{"hg --config extensions.rebase= rebase", "allow"},
		{"hg --config alias.st=status st", "allow"},
		{"HGRCPATH=good.hgrc hg log", "allow"},
		{"hg --config hooks.pre-status='echo hi' status", "allow"},
		{"cat .hg/hgrc", "allow"},
		{"svn --config-option config:miscellany:global-ignores=x status", "allow"},
		{"svn --editor-cmd vim commit", "allow"},
		{"svn --diff-cmd /usr/bin/diff diff", "allow"},
		{"svn log -l 5", "allow"},
	})
}
