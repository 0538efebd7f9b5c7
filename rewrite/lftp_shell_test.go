package rewrite

import "testing"

// TestLftpShellText: the shell text lftp runs (!CMD to the end of the
// line, shell CMD, source -e CMD, a | filter, and through queue, repeat,
// at, command, local, glob, alias, eval, ( … ), open -e and lftp -c) was
// asked about (!) or passed (shell, source -e, the rest). It is now
// judged as a nested script: a deletion of a protected path is denied as
// the same rm is, a harmless command passes. lftp parses its commands
// itself: single quotes are ordinary characters, so get 'x; !CMD #'
// runs CMD. source -e also asks: its output is commands only run time
// knows.
func TestLftpShellText(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes.txt": "x\n",
		"proj/bad.lftp":  "open ftp://example.com\n!rm -rf ~/.ssh\n",
		"proj/good.lftp": "open ftp://example.com\n!ls -l\nget notes.txt -o notes.txt\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"rm -rf ~/.ssh", "deny"}, // the decision the rows below match
		{"lftp -c '!rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'open ftp://example.com; !rm -rf ~/.claude'", "deny"},
		{"lftp -c 'open ftp://example.com && !rm -rf ~/.ssh'", "deny"},
		{"lftp -c '!echo hi; rm -rf ~/.ssh'", "deny"}, // ! takes the whole line
		{"lftp -c 'shell rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'sh rm -rf ~/.ssh'", "deny"},    // a unique prefix of shell
		{"lftp -c 'SHELL rm -rf ~/.ssh'", "deny"}, // any case
		{`lftp -c 'source -e "rm -rf ~/.ssh"'`, "deny"},
		{"lftp -c 'open ftp://example.com; ls | rm -rf ~/.ssh'", "deny"},
		{"lftp -c \"open ftp://example.com; get 'x; !rm -rf ~/.ssh #'\"", "deny"},
		{"lftp -c 'queue !rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'repeat 5m shell rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'at now -- !rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'command ! rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'local shell rm -rf ~/.ssh'", "deny"},
		{`lftp -c 'alias x "shell rm -rf ~/.ssh"; x'`, "deny"},
		{"lftp -c '(!rm -rf ~/.ssh)'", "deny"},
		{`lftp -c 'open -e "!rm -rf ~/.ssh" ftp://example.com'`, "deny"},
		{`lftp -c 'lftp -c "!rm -rf ~/.ssh"'`, "deny"},
		{"lftp -e '!rm -rf ~/.ssh' ftp://example.com", "deny"},
		{"lftp ftp://example.com <<< '!rm -rf ~/.ssh'", "deny"},
		{"lftp -f bad.lftp", "deny"},
		{`lftp -c 'set cmd:at-exit "!rm -rf ~/.ssh"'`, "deny"},
		{`lftp -c 'set at-fin "shell rm -rf ~/.ssh"'`, "deny"}, // a unique prefix
		{`lftp -c 'set sftp:connect-program "rm -rf ~/.ssh;"; open sftp://example.com'`, "deny"},
		{`lftp -c 'set xfer:verify-command/example.com "rm -rf ~/.ssh"'`, "deny"},
		{"lftp -c 'open ftp://example.com; cat x > ~/.ssh/authorized_keys'", "deny"},
		{"lftp -c 'open ftp://example.com; cat x.sh | sh'", "ask"}, // as curl … | sh
		{"lftp -c 'open ftp://example.com; cat x.sh | bash -s'", "ask"},
		{"lftp -c 'open ftp://example.com; cat x.py | python3'", "ask"},
		// Look-alikes that keep (or now get) their decision.
		{"lftp -c '!ls'", "allow"},
		{"lftp -c 'shell ls -l'", "allow"},
		{"lftp -c 'repeat 5m !ls'", "allow"},
		{"lftp -c 'open ftp://example.com; ls | grep foo'", "allow"},
		{"lftp -c 'open ftp://example.com; cat x.py | python3 tool.py'", "allow"}, // the output is data
		{"lftp -c 'open ftp://example.com; cat x | sh -c \"wc -l\"'", "allow"},
		{`lftp -c 'echo "!rm -rf ~/.ssh"'`, "allow"},              // echo prints it
		{"lftp -c 'open ftp://example.com; rm -r .ssh'", "allow"}, // the remote host's
		{"lftp -c 'open ftp://example.com; cat x > out.txt'", "allow"},
		{"lftp ftp://example.com <<< '!ls'", "allow"},
		{`lftp -c 'set sftp:connect-program "ssh -a -x -i key"; open sftp://example.com; ls'`, "allow"},
		{`lftp -c 'set ssl:verify-certificate no; set cmd:at-exit "echo done"'`, "allow"},
		{`lftp -c 'source -e "echo ls"'`, "ask"}, // lftp runs what it prints
		{"lftp -f good.lftp", "ask"},             // the download, as before
	})
}

// TestLftpLocalWrites: lftp's local CMD runs CMD on this machine's file
// system, a download writes a local file (get -o FILE, or the file's name
// in the local directory after lcd), and put, mirror -R, rm and mv on a
// site that is this machine (ftp on a loopback host, file:, sftp) write
// or delete here; they passed, or were asked about as a download. Each is
// now judged as the local write or deletion it is: denied where rm or cp
// of the same path is. Other hosts and ordinary files keep their
// decisions.
func TestLftpLocalWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes.txt": "x\n", "proj/evil": "k\n",
		"home/.ssh/id_rsa": "KEY\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"rm -rf ~/.ssh", "deny"},                  // the decisions the rows below match
		{"cp evil ~/.ssh/authorized_keys", "deny"}, // the same
		{"lftp -c 'local rm -rf ~/.ssh'", "deny"},
		{"lftp -c 'lcd ~/.ssh; local rm id_rsa'", "deny"},
		{"lftp -c 'local mv ~/.ssh/id_rsa x'", "deny"},
		{"lftp -c 'open ftp://example.com; get -o ~/.ssh/authorized_keys x'", "deny"},
		{"lftp -c 'open ftp://example.com; lcd ~/.ssh; get authorized_keys'", "deny"},
		{"lftp -c 'open ftp://localhost; put evil -o .ssh/authorized_keys'", "deny"},
		{"lftp -c 'open ftp://127.0.0.1; mirror -R . .ssh'", "deny"},
		{"lftp -c 'open file:; put evil -o ~/.ssh/authorized_keys'", "deny"},
		{"lftp -c 'open ftp://localhost; rm -r .ssh'", "deny"},
		{"lftp -c \"echo 'x; local rm -rf ~/.ssh #'\"", "deny"}, // single quotes are ordinary characters to lftp
		{"lftp -c '(lcd ~/.ssh; local rm id_rsa)'", "deny"},
		{"lftp -c 'open sftp://localhost; mv .ssh/id_rsa x'", "deny"},
		// mget writes each matched file under its base name in the
		// local directory (-O's): any name, for a pattern.
		{"lftp -c 'open ftp://example.com; lcd ~/.ssh; mget *'", "deny"},
		{"lftp -c 'open ftp://example.com; mget -O ~/.ssh *'", "deny"},
		{"lftp -c 'open ftp://example.com; lcd ~/.ssh; mget a b'", "deny"},
		{"lftp -c 'open ftp://example.com; lcd ~; mget -d .ssh/authorized_keys'", "deny"},
		// Look-alikes that keep their decision.
		{"lftp -c 'open ftp://example.com; mget *.txt'", "ask"},
		{"lftp -c 'open ftp://example.com; mget -O out *'", "ask"},
		{"lftp -c 'open ftp://example.com; lcd ~; mget .ssh/authorized_keys'", "ask"},
		{"lftp -c 'local rm notes.txt'", "allow"},
		{"lftp -c 'local ls ~/.ssh'", "allow"},
		{"lftp -c 'open ftp://example.com; get x'", "ask"},            // the download, as before
		{"lftp -c 'open ftp://example.com; get -o out.txt x'", "ask"}, // the same
		{"lftp -c 'open ftp://example.com; mirror -R . .ssh'", "ask"}, // an upload to another host
		{"lftp -c 'open ftp://example.com; rm -r .ssh'", "allow"},     // the remote host's files
		{"lftp -c 'open ftp://localhost; put notes.txt -o notes2.txt'", "allow"},
	})
}

// TestLftpRcAliases: lftp runs /etc/lftp.conf, ~/.lftprc and rc in its
// directory (~/.lftp, else ~/.config/lftp) before its commands; an alias
// defined there replaces the command word it names (in any case), so
// the alias's text runs where the word is used. Look-alikes: -norc, a
// command no alias names, --rcfile's alias left unused.
func TestLftpRcAliases(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n",
		"home/.lftprc":         "set xfer:clobber on\nalias ls \"!rm -rf ~/.ssh\"\n",
		"home/.config/lftp/rc": "alias dl \"local rm -rf ~/.ssh\"\nalias safe \"!echo hi\"\n",
		"proj/extra.rc":        "alias wipe \"!rm -rf ~/.ssh\"\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"lftp -c 'open ftp://example.com; ls'", "deny"},
		{"lftp -c 'open ftp://example.com; LS -l'", "deny"},
		{"lftp -c 'open ftp://example.com; dl'", "deny"},
		{"lftp --rcfile extra.rc -c 'wipe'", "deny"},
		{"lftp -c 'alias x \"!echo hi\"; alias x \"!rm -rf ~/.ssh\"; x'", "deny"},
		// An alias the text defines is a command word too, for lftp's
		// own file commands (local, get -o).
		{"lftp -c 'alias dl \"local rm -rf ~/.ssh\"; dl'", "deny"},
		{"lftp -c 'open ftp://example.com; alias g \"get -o\"; g ~/.bashrc x'", "deny"},
		{"lftp -c 'open ftp://example.com; alias g \"get -o ~/.bashrc\"; alias g; g x'", "allow"},
		// Look-alikes.
		{"lftp -norc -c 'open ftp://example.com; ls'", "allow"},
		{"lftp -c 'open ftp://example.com; cls'", "allow"},
		{"lftp -c 'open ftp://example.com; safe'", "allow"},
		{"lftp --rcfile extra.rc -c 'open ftp://example.com; cls'", "allow"},
	})
}
