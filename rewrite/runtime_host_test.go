package rewrite

import "testing"

// TestHostNamedAtRunTime: scp evil.sh localhost:.bashrc was denied, but
// scp evil.sh "$(hostname)":.bashrc and ssh "$HOSTNAME" 'rm -rf ~' were
// allowed: the host was only known at run time, and was this machine
// (red team finding). A host that hostname, uname -n, hostnamectl,
// /etc/hostname or bash's HOSTNAME spell is now this machine; other
// run-time hosts are uploads to a host no allow list holds (ask), and
// hostname -d, the DNS domain, is not the host.
func TestHostNamedAtRunTime(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/evil.sh": "rm -rf ~\n", "proj/notes.txt": "x\n",
		"home/.ssh/id_rsa": "KEY\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// This machine, named at run time: the local write, read or
		// command it is.
		{"scp evil.sh $(hostname):.bashrc", "deny"},
		{"scp evil.sh `hostname`:.bashrc", "deny"},
		{`rsync evil.sh "$HOSTNAME":.bashrc`, "deny"},
		{"rsync evil.sh ${HOSTNAME}:.bashrc", "deny"},
		{"scp evil.sh me@$(hostname -f):.bashrc", "deny"},
		{`scp evil.sh "$(uname -n)":.ssh/authorized_keys`, "deny"},
		{"scp evil.sh $(hostnamectl hostname):.profile", "deny"},
		{"scp evil.sh $(cat /etc/hostname):.profile", "deny"},
		{"scp evil.sh $(hostname | cut -d. -f1):.profile", "deny"},
		{"scp $(hostname):.ssh/id_rsa k", "deny"},
		{"rsync -a me@$(hostname -s):.ssh/ keys/", "deny"},
		{"ssh $(hostname) 'rm -rf ~'", "deny"},
		{`ssh "$(hostname -I | awk '{print $1}')" 'rm -rf ~'`, "deny"},
		{`ssh "$HOSTNAME" 'rm -rf ~'`, "deny"},
		{"ssh $(hostname 2>/dev/null) 'rm -rf ~'", "deny"},
		// A variable that holds the name, and its copies.
		{"h=$(hostname); scp evil.sh $h:.bashrc", "deny"},
		{"h=$HOSTNAME; ssh $h 'rm -rf ~'", "deny"},
		{`export H=$(hostname -f); ssh "$H" 'rm -rf ~'`, "deny"},
		{"h=$(hostname); g=$h; ssh me@$g 'rm -rf ~'", "deny"},
		{"h=$(hostname -d); ssh $h 'rm -rf ~'", "allow"},
		{"HOSTNAME=web1; ssh $HOSTNAME 'rm -rf ~'", "allow"},
		{"h=$(hostname); mkdir -p logs/$h && echo x > logs/$h/x", "allow"},
		// The same words reaching ordinary places on this machine.
		{"ssh $(hostname) ls", "allow"},
		{"scp notes.txt $(hostname):" + cfg.Project + "/copy.txt", "allow"},
		// Not this machine's name: the domain, a name set (hostname
		// NAME prints nothing), a variable the environment gives.
		{"ssh $(hostname -d) 'rm -rf ~'", "allow"},
		{"ssh $(hostname new) 'rm -rf ~'", "allow"},
		{"ssh $(hostname -f | cut -d. -f2) 'rm -rf ~'", "allow"},
		{"ssh $H 'rm -rf ~'", "allow"},
		// A local file sent to a host only run time knows: an upload
		// no allow list holds, as to a named host.
		{"scp notes.txt $H:x", "ask"},
		{"scp notes.txt me@$H:x", "ask"},
		{`scp notes.txt "$(cat hostfile)":x`, "ask"},
		{"rsync -a . $H:backup/", "ask"},
		{"rsync -a . rsync://$H/mod", "ask"},
		{"scp notes.txt somehost:x", "ask"},
		// Local destinations: no host in the text.
		{`rsync -a . "$DEST"`, "allow"},
		{"rsync -a . out/$f", "allow"},
		{"scp notes.txt $D/x:y", "allow"},
	})
}

// TestScriptFileNamedAtRunTime: bash "$f" asked, but bash "$x.sh" and
// . "conf/$f" (for f in $(ls conf)) ran a script whose file only run
// time picks, unread (red team finding), as did make -f "$mk". A word
// whose last path component has a run-time part now asks; a known file
// name in a run-time directory ("$NVM_DIR/nvm.sh") and the items of a
// loop corral reads keep their decisions.
func TestScriptFileNamedAtRunTime(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/conf/a": "echo a\n", "proj/conf/b": "rm -rf ~\n", "proj/lib.sh": "echo lib\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`for f in $(ls conf); do . "conf/$f"; done`, "ask"},
		{`. "conf/$f"`, "ask"},
		{`bash "$x.sh"`, "ask"},
		{`bash "scripts/$1.sh"`, "ask"},
		{`source ./"$name"`, "ask"},
		{`make -f "$mk"`, "ask"},
		{`make -f "mk/$x"`, "ask"},
		{`source "$NVM_DIR/nvm.sh"`, "allow"},
		{`. "$(dirname "$0")/lib.sh"`, "allow"},
		{`. "${BASH_SOURCE%/*}/lib.sh"`, "allow"},
		{`make -f "$D/build.mk"`, "allow"},
		{`for f in a; do . "conf/$f"; done`, "allow"},
		{`for f in a b; do . "conf/$f"; done`, "deny"},
		{`for f in conf/*; do bash "$f"; done`, "deny"},
		{`mk=a.mk; make -f "$mk"`, "allow"},
	})
}
