package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMaybeValueDeletesProtected: a deletion whose word can take a value
// that deletes a path the project protects (${D:-.git} when D is unset or
// empty; : "${D:=.git}" gives D that value then) asks, as the deletion
// written out does: the protected path's own question is kept, and the
// tree the value names is judged for the guarded files it holds
// (.git/config), a deny turned into an ask. A default that names nothing
// protected keeps its decision.
func TestMaybeValueDeletesProtected(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.git/config": "[core]\n", "proj/build/a.o": "o",
		"proj/node_modules/x/i.js": "x",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rm -rf "${D:-.git}"`, "ask"},
		{`rm -rf ${D-.git}`, "ask"},
		{`: ${D:=.git}; rm -rf "$D"`, "ask"},
		{`: "${D=.git}"; rm -rf $D`, "ask"},
		{`D=${E:-.git}; rm -rf "$D"`, "ask"},
		{`rm -f "${F:-.git/HEAD}"`, "ask"},
		// Look-alikes: a default that is no protected path.
		{`rm -rf "${D:-build}"`, "allow"},
		{`: ${D:=build}; rm -rf "$D"`, "allow"},
		{`rm -rf "${OUT:-./dist}"`, "allow"},
		{`rm -rf "$D"`, "allow"},
		{`echo "rm -rf ${D:-.git}"`, "allow"},
		{`rm -rf ./build`, "allow"},
	})
}

// TestKillOfListedPids: kill of the pids a listing of every process
// prints (ps -e, ps -A, ps ax: procps ps(1) "-e Select all processes",
// BSD "ax") is kill -1 by another name; pkill -v (--inverse, pgrep(1):
// "Negates the matching") signals every process its pattern does not
// match; pkill -P 1 every child of pid 1. A ps selecting some processes
// (-p, -C, a pipe through grep) and pkill of a name keep their decision.
func TestKillOfListedPids(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`ps -eo pid= | xargs kill -9`, "ask"},
		{`kill -9 $(ps -eo pid=)`, "ask"},
		{`kill $(ps -A -o pid=)`, "ask"},
		{`ps axo pid= | xargs kill`, "ask"},
		{`ps aux | xargs kill`, "ask"},
		{`pkill -9 -v xyz`, "ask"},
		{`pkill --inverse -f nothingmatches`, "ask"},
		{`pgrep -v xyz | xargs kill -9`, "ask"},
		{`kill -9 $(pgrep -v xyz)`, "ask"},
		{`pkill -P 1`, "ask"},
		{`kill -9 -${x:-1}`, "ask"},
		{`kill -9 -1${x}`, "ask"},
		{`p=-1; kill -9 $p`, "ask"},
		{`pgrep -u "$USER" | xargs kill`, "ask"},
		{`kill -9 $(pgrep -u "$USER")`, "ask"},
		{`kill $(cat /var/run/sshd.pid)`, "ask"},
		// Look-alikes.
		{`kill -9 $pid`, "allow"},
		{`kill -9 ${pid:-1234}`, "allow"},
		{`kill -9 $(pgrep -u me node)`, "allow"},
		{`kill $(cat server.pid)`, "allow"},
		{`kill $(ps -o pid= -p 123)`, "allow"},
		{`ps -o pid= -C myserver | xargs kill`, "allow"},
		{`ps aux | grep myserver | awk '{print $2}' | xargs kill`, "allow"},
		{`kill $(ps aux | grep '[p]ython x.py' | awk '{print $2}')`, "allow"},
		{`kill -HUP $(ps -A -ostat,ppid | grep -e '[zZ]' | awk '{ print $2 }')`, "allow"},
		{`ps -ef`, "allow"},
		{`ps -o e`, "allow"},
		{`pkill -f myserver`, "allow"},
		{`pkill -v .`, "allow"},
		{`pkill -P 1234`, "allow"},
		{`echo "kill -9 -1"`, "allow"},
	})
}

// TestGitMovesBranches: git update-ref REF NEWVALUE sets a branch, tag
// or HEAD as git branch --force does (git-update-ref(1)); git checkout -B
// and git switch -C reset a branch that exists to the start point
// ("If <new-branch> already exists, it will be reset to <start-point>").
// The environment's configuration (GIT_CONFIG_COUNT/KEY/VALUE,
// GIT_CONFIG_PARAMETERS) is -c's: remote.X.push=+… forces and
// remote.X.mirror mirrors.
func TestGitMovesBranches(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`git update-ref "$REF" HEAD~1`, "ask"},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.push GIT_CONFIG_VALUE_0='+refs/heads/*:refs/heads/*' git push`, "ask"},
		{`GIT_CONFIG_PARAMETERS="'remote.origin.push'='+main:main'" git push`, "ask"},
		{`export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.mirror GIT_CONFIG_VALUE_0=true; git push`, "ask"},
		{`git config clean.requireForce false`, "ask"},
		{`git config clean.requireForce "$V"`, "ask"},
		// Look-alikes.
		{`git update-ref refs/notes/x HEAD`, "allow"},
		{`git update-ref refs/heads/main`, "allow"}, // git refuses: usage
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.push GIT_CONFIG_VALUE_0=refs/heads/main git push`, "allow"},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=x git push`, "allow"},
		{`git config clean.requireForce true`, "allow"},
		{`git push origin main`, "allow"},
	})
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "a\n"})
	proj := cfg.Project
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "a.txt"}, {"-c", "user.name=a", "-c", "user.email=a@example.com", "commit", "-qm", "a"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+filepath.Join(proj, "..", "home"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, "untracked.txt"), []byte("u\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=clean.requireForce GIT_CONFIG_VALUE_0=false git clean -dx`, "ask"},
		{`GIT_CONFIG_PARAMETERS="'clean.requireForce'='false'" git clean -d`, "ask"},
		{`git config clean.requireForce false; git clean -dx`, "ask"},
		{"printf '[clean]\\nrequireForce = false\\n' > c.cfg; GIT_CONFIG_GLOBAL=c.cfg git clean -dx", "ask"},
		{"printf '[user]\\nname = x\\n' > c.cfg; GIT_CONFIG_GLOBAL=c.cfg git clean -dx", "allow"},
		{`git clean -dx`, "allow"}, // git refuses: clean.requireForce defaults to true
		{`git clean -n`, "allow"},
		{`git update-ref refs/heads/main HEAD~5`, "ask"},
		{`git update-ref -m x refs/heads/main 0000000000000000000000000000000000000000`, "ask"},
		{`git update-ref HEAD HEAD~1`, "ask"},
		{`git update-ref refs/heads/new HEAD`, "allow"}, // a new branch
		{`git update-ref refs/tags/v1 HEAD`, "allow"},   // a new tag
		{`git checkout -B main HEAD~1`, "ask"},
		{`git branch -M main`, "ask"},
		{`git branch -C other main`, "ask"},
		{`git branch -M renamed`, "allow"}, // a rename to a new name
		{`git switch -C main origin/main`, "ask"},
		{`git switch --force-create main HEAD`, "ask"},
		{`git checkout -B "$B"`, "ask"},
		// A branch that does not exist yet is created.
		{`git checkout -B feature`, "allow"},
		{`git switch -C feature`, "allow"},
		{`git checkout -b main2`, "allow"},
	})
}

// TestStartupFileFromEnv: env NAME=VALUE puts BASH_ENV and ENV in the
// shell's environment as a prefix assignment does, so a value only known
// at run time (a process substitution's /dev/fd/N) is the start-up file
// bash(1) sources first, and asks; env -u takes it away, and
// BASH_ENV=/dev/null runs nothing.
func TestStartupFileFromEnv(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`env BASH_ENV=<(echo "rm -rf .git") bash -c :`, "ask"},
		{`env ENV=<(echo "rm -rf .git") sh -i`, "ask"},
		{`env BASH_ENV="$X" bash -c :`, "ask"},
		// Look-alikes.
		{`env -u BASH_ENV bash -c :`, "allow"},
		{`env FOO=<(echo hi) bash -c :`, "allow"},
		{`BASH_ENV=/dev/null bash -c :`, "allow"},
		{`env BASH_ENV=/dev/null bash -c :`, "allow"},
	})
}

// TestDescriptorWrittenScript: a file written through a descriptor other
// than standard output (3>x.sh >&3, exec 3>x.sh; echo … >&3, 2>x.sh)
// gets text corral does not follow, so running it later in the command
// asks; a file written by > with text corral knows keeps that text's
// decision.
func TestDescriptorWrittenScript(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "hi\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`exec 3>x.sh; echo 'rm -rf .git' >&3; bash x.sh`, "ask"},
		{`echo 'rm -rf .git' 3>x.sh >&3; bash x.sh`, "ask"},
		{`echo 'rm -rf .git' >/dev/fd/3 3>x.sh; bash x.sh`, "ask"},
		{`ls 2>x.sh; sh x.sh`, "ask"},
		// Look-alikes.
		{`echo 'echo hi' > x.sh; bash x.sh`, "allow"},
		{`make 2>err.log; cat err.log`, "allow"},
		{`echo hi 2>/dev/null; bash a.txt`, "allow"},
	})
}

// TestListedDeletions: find … | xargs rm -rf takes each directory find
// selects with its tree (find . -name '.g*' selects .git, as -exec rm -rf
// does); a for loop over $(ls -A) runs its body with each name the
// listing prints, the names ls -A's pattern matches now (.git among them:
// rm -rf $(ls -A) written as a loop); a loop over a producer's paths
// (du ~ | cut -f2 | while read f) is judged as xargs' input.
func TestListedDeletions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.git/config": "[core]\n", "proj/a.o": "o", "proj/build/b.o": "o",
		"home/.ssh/id_rsa": "k",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find . -maxdepth 1 -name '.g*' | xargs rm -rf`, "deny"},
		{`find . -name '.g*' -print0 | xargs -0 rm -rf`, "deny"},
		{`for f in $(ls -A); do rm -rf "$f"; done`, "deny"},
		{`for f in $(ls -a | grep git); do rm -rf $f; done`, "deny"},
		{`du ~ | cut -f2 | while read f; do rm -rf "$f"; done`, "deny"},
		{`for f in $(du ~ | cut -f2); do rm -rf "$f"; done`, "deny"},
		{`while read f; do rm -rf "$f"; done < <(ls -A)`, "deny"},
		{`while read f; do rm -rf "$f"; done < <(echo .git)`, "deny"},
		{`while read f; do rm -rf "$f"; done < <(du ~ | cut -f2)`, "deny"},
		// Look-alikes.
		{`find . -name '*.o' | xargs rm -rf`, "allow"},
		{`find . -name '.g*' | xargs rm -f`, "allow"}, // rm -f refuses directories
		{`for f in $(ls *.o); do rm -f "$f"; done`, "allow"},
		{`for f in $(ls -A); do wc -c "$f"; done`, "allow"},
		{`while read f; do wc -c "$f"; done < <(ls -A)`, "allow"},
		{`while read f; do rm -rf "$f"; done < <(echo build)`, "allow"},
		{`while read f; do rm -f "$f"; done < <(find . -name '*.o')`, "allow"},
		{`for f in $(echo build); do rm -rf "$f"; done`, "allow"},
		{`rm -rf ./build`, "allow"},
	})
}

// TestFoundAttrChanges: chmod, chown and their kin run by find -exec on
// {} or by xargs on the paths it appends change the files handed to
// them, judged as chmod of those files written out: under ~/.ssh it asks
// as chmod 644 ~/.ssh/id_rsa does.
func TestFoundAttrChanges(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k", "proj/x.sh": "echo\n", "proj/build/a": "a"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`chmod 644 ~/.ssh/id_rsa`, "ask"},
		{`find ~/.ssh -exec chmod 644 {} +`, "ask"},
		{`find ~/.ssh -name 'id_*' -exec chmod 644 {} \;`, "ask"},
		{`echo ~/.ssh/id_rsa | xargs chmod 644`, "ask"},
		// Look-alikes.
		{`find . -name '*.sh' -exec chmod +x {} +`, "allow"},
		{`find build -exec chown me {} +`, "allow"},
		{`find . -name '*.sh' -print0 | xargs -0 chmod +x`, "allow"},
		{`echo x.sh | xargs chmod +x`, "allow"},
	})
}

// TestDiskCopiers: GNU ddrescue writes its second operand (INFILE
// OUTFILE [MAPFILE]); dcfldd and dc3dd are dd with more outputs (of=,
// hof=, and dc3dd's wipe=/hwipe=). Onto a disk that is the device's
// loss; reading a disk into an image passes.
func TestDiskCopiers(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`ddrescue --force /dev/zero /dev/sda`, "deny"},
		{`ddrescue -f -r 3 /dev/zero /dev/sda map`, "deny"},
		{`dcfldd if=/dev/zero of=/dev/sda`, "deny"},
		{`dc3dd hof=/dev/nvme0n1 if=img`, "deny"},
		{`dc3dd wipe=/dev/sda`, "deny"},
		{`echo /dev/sda | xargs mkfs.ext4`, "deny"},
		{`ls /dev/sd* | xargs -n1 wipefs -a`, "deny"},
		{`find /dev -name 'sd?' -exec wipefs -a {} \;`, "deny"},
		// Look-alikes.
		{`echo disk.img | xargs mkfs.ext4`, "allow"},
		{`find . -name '*.img' -exec mkfs.ext4 -F {} \;`, "allow"},
		{`ls /dev/sd* | xargs -n1 wipefs`, "allow"}, // lists the signatures
		{`ddrescue /dev/sda disk.img disk.map`, "allow"},
		{`dcfldd if=/dev/sda of=disk.img`, "allow"},
		{`echo "dd of=/dev/sda"`, "allow"},
	})
}

// TestUserVarEmpty: $USER and $LOGNAME are not always set (a service,
// cron, a container's shell); when empty, /home/$USER is /home/, every
// user's home directory, so a recursive deletion of it asks. A path that
// stays harmless without the name keeps its decision.
func TestUserVarEmpty(t *testing.T) {
	t.Parallel()
	// A home directory outside /home (a container's /root, /srv/u):
	// corral's guess of $USER names no directory there.
	cfg := testConfig()
	cfg.Cwd, cfg.Project, cfg.Home, cfg.Sandbox = "/srv/u/proj", "/srv/u/proj", "/srv/u", "/srv/u/proj/agent_sandbox"
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`rm -rf /home/$USER`, "deny"}, // /home/u is the home directory
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rm -rf /home/$USER`, "ask"},
		{`rm -rf "/home/${USER}"`, "ask"},
		{`rm -rf /home/$LOGNAME`, "ask"},
		// Look-alikes.
		{`rm -rf /tmp/$USER-cache`, "allow"},
		{`rm -rf "/tmp/build-$USER"`, "allow"},
		{`echo "rm -rf /home/$USER"`, "allow"},
	})
}
