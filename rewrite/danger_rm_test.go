package rewrite

import "testing"

func TestRmRoot(t *testing.T) {
	t.Parallel()
	testRule(t, "rm-root", []ruleCase{
		{"rm -rf /", Deny},
		{"rm -rf /*", Deny},
		{"rm -fr ~", Deny},
		{"rm -r -f ~/", Deny},
		{"rm -Rf $HOME", Deny},
		{"rm --recursive --force ${HOME}", Deny},
		{`rm -rf "$HOME/"`, Deny},
		{"rm -rf -- /", Deny},
		{"rm -rf --no-preserve-root /", Deny},
		{"rm -r /", Deny}, // not forced, still catastrophic
		{"rm -R //", Deny},
		{"rm -rf /./", Deny},
		{"rm -rf /etc/", Deny},
		{"rm -rf /usr/local", Deny},
		{"rm -rf /lib64 /sbin", Deny},
		{"rm -rf *", Deny},  // cwd is the project root
		{"rm -rf */", Deny}, // every directory of the project
		{"rm -rf .", Deny},  // the project itself
		{"rm -rf ..", Deny}, // the home directory
		{"rm -rf /home/u/proj", Deny},
		{"rm -rf /e*", Deny}, // matches /etc
		{"rm -rf ~/pro*", Deny},
		{"cd / && rm -rf *", Deny},
		// Through links the command made: each link followed in turn.
		{"ln -s ~ h && rm -rf h/", Deny},
		{"ln -s / r; rm -rf r/etc", Deny},
		{"ln -s . l; rm -rf l/l/l/*", Deny},
		{"ln -s build b; rm -rf b/*", Allow},
		{"rm -rf h/; ln -s ~ h", Allow}, // the link comes after
		{"cd ~ && rm -rf ./*", Deny},
		{"sudo rm -rf /", Deny},
		{"env -i rm -rf /", Deny},
		{"bash -c 'rm -rf /'", Deny},
		{"timeout 5 nohup rm -rf / &", Deny},
		{"echo $(rm -rf ~)", Deny},
		{"for d in /tmp/x /etc; do rm -rf \"$d\"; done", Deny},
		{"for f in /*; do rm -rf $f; done", Deny},
		{"for f in /tmp/x/* build; do rm -rf \"$f\"; done", Allow},
		{"parallel rm -rf ::: /", Deny},
		// Paths read from a file at run time: xargs -a FILE, parallel ::::
		// FILE (every line is an input).
		{"xargs -a list.txt rm -rf", Ask},
		{"xargs --arg-file=list.txt rm -rf", Ask},
		{"parallel rm -rf :::: list.txt", Ask},
		{"parallel rm -rf {} :::: list.txt", Ask},
		{"parallel gzip :::: list.txt", Allow},
		{"find / -delete", Deny},
		{"find ~ -exec rm -rf {} +", Deny},
		{"find . -type f -delete", Deny},
		{"find / -name core -delete", Ask}, // selected files, but throughout the system
		{`rm -rf "$DIR/"*`, Ask},
		{"rm -rf $X/", Ask},
		// Paths a command substitution prints: unseen, as xargs rm -rf's,
		// except a fresh temporary directory and what find prints (its
		// roots, with its selection, as find … | xargs rm -rf), alone or
		// through the filters of a pipeline.
		{"rm -rf $(ls -A)", Ask},
		{`rm -rf "$(cat list.txt)"`, Ask},
		{"rm -rf $(find / -name x)", Ask},
		// A pipeline is read as xargs gets it: some of the project,
		// as find . | head -1 | xargs rm -rf is.
		{"rm -rf $(find . | head -1)", Deny},
		{"rm -rf $(mktemp -d)", Allow},
		{"rm -rf `find . -type d -name .svn`", Allow},
		{"rm -f $(ls *.o)", Allow},      // not recursive
		{"rm -rf ~root", Deny},          // /root, a system directory
		{"rm -rf ~nosuchuser9q", Ask},   // no such user now; the command could make one
		{"echo / | xargs rm -rf", Deny}, // the paths echo gives
		{"rm /etc/*", Deny},
		{"rm *", Ask},
		// Look-alikes.
		{"rm -rf build", Allow},
		{"rm -rf build* dist/", Allow},
		{"rm -rf ./*.log", Allow},
		{"rm -rf /tmp/x", Allow},
		{"cd /tmp && rm -rf *", Allow},
		{"rm -f /etc", Allow}, // not recursive: rm refuses a directory
		{`rm -rf "$DIR"`, Allow},
		{"for d in build dist; do rm -rf $d; done", Allow},
		{"find . -name '*.pyc' -delete", Allow},
		{"find build -delete", Allow},
		{"find / -name '*.conf'", Allow},
		{`echo "rm -rf /"`, Allow},
		{`git commit -m "rm -rf /"`, Allow},
		{"cat <<EOF > notes.md\nrm -rf /\nEOF", Allow},
		{"# rm -rf /", Allow},
		{"alias nuke='rm -rf /'", Allow},
		{"ls -la /", Allow},
	})
}

// TestMoveAwayRoot: mv(1) renames its sources, so moving away /, a system
// directory or the home directory leaves nothing where every program looks
// for it, as rm -rf does; a source inside them, the project's own files
// and a mv that only names those directories as its destination pass
// rm-root (the path guards judge them).
func TestMoveAwayRoot(t *testing.T) {
	t.Parallel()
	testRule(t, "rm-root", []ruleCase{
		{"mv /etc /tmp/e", Deny},
		{"mv /usr /tmp/u", Deny},
		{"mv /home /tmp/h", Deny},
		{"mv ~ /tmp/h", Deny},
		{"mv ~/ /tmp/h", Deny},
		{"mv /home/u/ /tmp/h", Deny},
		{"mv -t /tmp/x /usr/lib", Deny}, // -t: every operand is a source
		{"mv -f /var /tmp/v", Deny},
		{"cd / && mv usr x", Deny},
		{"sudo mv /etc /etc.old", Deny},
		// Look-alikes.
		{"mv ~/src ~/src2", Allow},
		{"mv build dist", Allow},
		{"mv * dest/", Allow},
		{"mv /tmp/a /etc", Allow},       // /etc is the destination
		{"mv /usr/lib/foo /tmp", Allow}, // inside: the path guard's (it denies)
		{"mv /etcx /tmp", Allow},
		{"echo mv /etc /tmp", Allow},
		{"mv -- -etc /tmp", Allow},
	})
}
