package rewrite

import (
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// guardedConfig is testConfig with the default path policy.
func guardedConfig() *Config {
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	return cfg
}

// testRuleWith is testRule under cfg.
func testRuleWith(t *testing.T, cfg *Config, rule string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		r := Check(cfg, tc.cmd)
		got := Allow
		for _, f := range r.Findings {
			if f.Rule == rule && f.Decision > got {
				got = f.Decision
			}
		}
		if got != tc.want {
			t.Errorf("%s: %s says %s, want %s (findings %v)", tc.cmd, rule, got, tc.want, r.Findings)
		}
	}
}

// TestUnknownPathRoots: a recursive or forced deletion whose target starts
// with a value only known at run time could start at / (bash: an empty
// or unset variable expands to nothing, "$DIR/x" is then "/x").
func TestUnknownPathRoots(t *testing.T) {
	t.Parallel()
	testRule(t, "rm-root", []ruleCase{
		{`rm -rf "$DIR/"*`, Ask},
		{`rm -rf $TMPDIR/x`, Ask},
		{`rm -rf "${DIR}/x"`, Ask},
		{`rm -f "$DIR/x"`, Ask},              // forced, not recursive: still asks
		{"cd \"$X\" && rm -rf `pwd`/x", Ask}, // pwd is unknown after cd "$X"
		{`rm -rf "$(dirname "$0")/x"`, Ask},
		{`rm -rf $1/*`, Ask},
		{`DIR=/tmp/x rm -rf "$DIR/"*`, Ask}, // a prefix assignment does not change what $DIR expands to here
		{`rm -rf ${D:-/}*`, Ask},            // unset D: /*
		{`rm -rf ${D:-/etc}`, Ask},
		{`rm -rf $(pwd)`, Deny}, // the project
		{"rm -rf `pwd`", Deny},
		{`rm -rf $(pwd)/*`, Deny},
		{`cd /tmp && rm -rf $(pwd)`, Allow},
		{"rm -rf `pwd`/build", Allow}, // the cwd is known: <project>/build
		{`rm -rf /home/$USER`, Deny},
		{`rm -rf "/home/${USER}/"`, Deny},
		{`find "$DIR/x" -delete`, Ask},
		{`find $DIR/ -name '*.o' -delete`, Ask},
		{`mv "$DIR/"* /tmp/x`, Ask},
		// ${X:?} rules out only an empty X: as the whole last component
		// directly in /, a system directory, the home or a directory
		// holding the project it can name any of their entries.
		{`rm -rf /${X:?}`, Ask},
		{`rm -rf /usr/${X:?}`, Ask},
		{`rm -rf ~/${X:?}`, Ask},
		{`rm -rf "$HOME/${X:?}/"`, Ask},
		{`rm -rf ../"${X:?}"`, Ask},
		{`find /usr/${X:?} -delete`, Ask},
		{`rm -rf ~/${X:?}/build`, Allow}, // a fixed tail
		{`rm -rf ~/"${X:?}".bak`, Allow},
		{`rm -rf build/${X:?}`, Allow},
		{`rm -f /usr/${X:?}`, Allow},                                 // not recursive: no directory goes
		{`find /srv/${X:?} -type d -empty -exec rmdir {} \;`, Allow}, // empty directories only
		{`find /usr/${X:?} -type d -delete`, Allow},
		// Look-alikes that pass.
		{`rm -rf "$DIR"`, Allow}, // empty: rm -rf "" deletes nothing
		{`rm -rf ''`, Allow},     // no file has an empty name
		{`x=; rm -rf "$x"`, Allow},
		{`x=; rm -rf "$x"*`, Deny}, // rm -rf *: the project's files
		{`rm -f "$f"`, Allow},
		{`rm $DIR/x`, Allow}, // neither recursive nor forced: rm asks itself when it matters
		{`rm -rf "${DIR:?}/"*`, Allow},
		{`rm -rf "${DIR:?not set}/x"`, Allow},
		{`DIR=/tmp/build; rm -rf "$DIR/"*`, Allow},
		{`rm -rf ${D:-build}/x`, Allow}, // unset or empty: build/x; set: as unknown as "$f"
		{`mv "$f" done/`, Allow},
		{`mv * dest/`, Allow},
		{`rm -rf ./"$name"`, Allow},
		{`echo rm -rf "$DIR/"*`, Allow},
		{`rm -rf "$DIR/"* --help`, Ask},
	})
	testRule(t, "chmod-recursive", []ruleCase{
		{`chmod -R 755 "$DIR/"`, Ask},
		{`chown -R me "$DIR/"*`, Ask},
		{`chmod -R 755 "$DIR"`, Allow},
		{`chmod 755 "$DIR/x"`, Allow},
	})
}

// TestDeletionsAgree: every way of deleting a tree decides through the
// same guards with the same message as rm (rm -r ~/old asks, so find
// ~/old -delete asks).
func TestDeletionsAgree(t *testing.T) {
	t.Parallel()
	cfg := guardedConfig()
	testRuleWith(t, cfg, "bash-delete", []ruleCase{
		{"rm -r ~/old", Ask},
		{"find ~/old -delete", Ask},
		{"find ~/old -exec rm -rf {} +", Ask},
		{"find ~/old -print0 | xargs -0 rm -rf", Ask},
		{"echo ~/old | xargs rm -r", Ask},
		{"printf '%s\\n' ~/old | xargs -I{} rm -r {}", Ask},
		{"parallel rm -r ::: ~/old", Ask},
		{"rsync -a --delete src/ ~/old/", Ask},
		{"find ~ -name '*.bak' -delete", Ask}, // rm ~/x.bak asks too
		{"find . -name .env -delete", Ask},    // a protected file
		{"cd ~/old && git clean -fdx", Ask},
		// fd(1): -x/-X run the command on each path found under the
		// search paths, -e and a pattern select some; rg --files lists
		// the files under its paths; srm and wipe remove what they
		// overwrite.
		{"fd . ~/old -x rm -rf", Ask},
		{"fdfind -H . ~/old -X rm -r", Ask},
		{"fd --search-path ~/old --exec-batch=rm -rf", Ask},
		{"fd . ~/old -x sh -c 'rm -rf \"$1\"' _ {}", Ask},
		{"fd -e bak . ~ -x rm", Ask}, // as find ~ -name '*.bak' -delete
		{"rg --files ~/old | xargs rm -f", Ask},
		{"srm -r ~/old", Ask},
		{"wipe -rf ~/old", Ask},
		// Look-alikes.
		{"rm -r build", Allow},
		{"find build -delete", Allow},
		{"find . -name '*.pyc' -delete", Allow},
		{"find . -type d -name __pycache__ -exec rm -rf {} +", Allow},
		{"find . -name x -print0 | xargs -0 rm -rf", Allow},
		{"rsync -a --delete src/ dist/", Allow},
		{"rsync -a src/ ~/old/", Allow}, // no --delete: bash-delete has nothing to say
		{"rsync -a --delete src/ host:old/", Allow},
		{"git clean -fdx", Allow}, // in the project: the git-destroy rule asks
		{"git clean -n", Allow},
		{"cd agent_sandbox/x && git clean -fdx", Allow},
		{"find /tmp/x -delete", Allow},
		{"echo 'rm -r ~/old'", Allow},
		{"find ~/old -name x", Allow},
		{"fd -e pyc -x rm", Allow},
		{"fd -t d __pycache__ -X rm -rf", Allow},
		{"fd . ~/old -x cat", Allow},
		{"rg --files -g '*.pyc' | xargs rm", Allow},
		{"rg --files ~/old | xargs wc -l", Allow},
		{"srm notes.txt", Allow},
	})
	// The guard's reason is the same whichever program deletes.
	reason := func(cmd string) string {
		for _, f := range Check(cfg, cmd).Findings {
			if f.Rule == "bash-delete" {
				_, why, _ := strings.Cut(f.Message, ": ")
				return why
			}
		}
		return ""
	}
	want := reason("rm -r ~/old")
	if want == "" {
		t.Fatal("rm -r ~/old: no bash-delete finding")
	}
	for _, cmd := range []string{"find ~/old -delete", "find ~/old -exec rm -rf {} +", "echo ~/old | xargs rm -r", "rsync -a --delete src/ ~/old"} {
		if got := reason(cmd); got != want {
			t.Errorf("%s: bash-delete says %q, rm -r ~/old says %q", cmd, got, want)
		}
	}
	testRule(t, "rm-root", []ruleCase{
		{"rsync -a --delete empty/ ~/", Deny},
		{"rsync -a --delete-after empty/ /", Deny},
		{"rsync -a --del x/ /etc", Deny},
		{"find ~ -delete", Deny},
		{"fd -H . ~ -X rm -rf", Deny},
		{"fd . / -x rm -rf", Deny},
		{"rg --files ~ | xargs rm -rf", Deny},
		{"srm -r ~", Deny},
		{"find / -exec rm {} +", Deny},
		{"find / -exec rm -f {} \\;", Deny},
		{"find . -print0 | xargs -0 rm -rf", Deny}, // every path of the project
		{"echo ~ | xargs rm -rf", Deny},
		{"printf '/\\n' | xargs rm -rf", Ask}, // printf's format is not an input
		{"git -C / clean -fdx", Ask},          // selects files throughout /
		{"rsync -a --delete src/ dist/", Allow},
		{"rsync -a src/ ~/", Allow},
		{"find ~ -name '*.bak' -delete", Allow},
	})
}

// TestDeletionsThroughShellScripts: a shell that find -exec or xargs
// hands its words to (find -exec sh -c 'rm -rf {}' \;, xargs sh -c 'rm
// "$@"' _) deletes what find or the stage before xargs gives, as the same
// deletion without the shell does; and bash -c STRING NAME ARGS sets the
// positional parameters from ARGS.
func TestDeletionsThroughShellScripts(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{`find . -iname .svn -exec bash -c 'rm -rf {}' \;`, `find . -iname .svn -exec rm -rf {} \;`},
		{`find . -name '*.o' -exec sh -c 'rm -f "$1"' _ {} \;`, `find . -name '*.o' -exec rm -f {} \;`},
		{`find . -name '*.o' -exec sh -c 'rm -f "$@"' _ {} +`, `find . -name '*.o' -exec rm -f {} +`},
		{`find . -name 'x y' -print0 | xargs -0 -I '{}' sh -c 'ls -ld {} >> log.txt; rm -rdf {}'`, `find . -name 'x y' -print0 | xargs -0 -I '{}' rm -rdf {}`},
		{`find . -name x -print0 | xargs -0 sh -c 'rm -rf "$@"' _`, `find . -name x -print0 | xargs -0 rm -rf`},
		{`find / -exec sh -c 'rm -rf {}' \;`, `find / -exec rm -rf {} \;`},
		{`find ~ -exec bash -c 'rm -rf "$@"' _ {} +`, `find ~ -exec rm -rf {} +`},
		{`find . -exec sh -c 'rm -rf {}' \;`, `find . -exec rm -rf {} \;`},
		{`find /etc -name '*.o' -exec sh -c 'rm -f {}' \;`, `find /etc -name '*.o' -exec rm -f {} \;`},
		{`find / -name '*.o' -exec sh -c 'rm -rf {}' \;`, `find / -name '*.o' -exec rm -rf {} \;`},
		{`find / -print0 | xargs -0 sh -c 'rm -rf "$@"' _`, `find / -print0 | xargs -0 rm -rf`},
		{`find ~/old -exec sh -c 'rm -r {}' \;`, `find ~/old -exec rm -r {} \;`},
	}
	cfg := guardedConfig()
	for _, p := range same {
		got, want := Check(cfg, p[0]), Check(cfg, p[1])
		if got.Decision != want.Decision {
			t.Errorf("%s: %s, but %s: %s (findings %v)", p[0], got.Decision, p[1], want.Decision, got.Findings)
		}
	}
	testRuleWith(t, cfg, "rm-root", []ruleCase{
		{`find / -exec sh -c 'rm -rf {}' \;`, Deny},
		{`find ~ -exec bash -c 'rm -rf "$1"' _ {} \;`, Deny},
		{`find . -exec sh -c 'rm -rf "$@"' _ {} +`, Deny},
		{`find . -name '*.o' -exec sh -c 'rm -rf "$1"' _ / {} \;`, Deny},
		{`sh -c 'rm -rf "$1"' _ /`, Deny},
		{`bash -c 'rm -rf "$@"' _ ~`, Deny},
		{`find / -type d -exec sh -c 'cd {} && rm -rf *' \;`, Ask}, // cd into a directory find gives
		{`find / -type d -exec sh -c 'cd "$1" && rm -rf *' _ {} \;`, Ask},
		{`xargs sh -c 'rm -rf "$@"' _`, Ask}, // from stdin, unseen
		{`cat list | xargs -I{} sh -c 'rm -rf {}'`, Ask},
		{`echo / | xargs --replace=FOO bash -c 'rm -rf FOO'`, Deny}, // xargs's own replace string
		{`echo / | xargs -0IFOO sh -c 'rm -rf FOO/'`, Deny},
		{`echo / | xargs -i sh -c 'rm -rf {}'`, Deny},
		{`echo / | xargs -I FOO sh -c 'cd FOO && rm -rf *'`, Deny}, // echo gives /: cd / && rm -rf *
		{`cat list | xargs -I FOO sh -c 'cd FOO && rm -rf *'`, Ask},
		// Look-alikes that pass.
		{`find . -iname .svn -exec bash -c 'rm -rf {}' \;`, Allow},
		{`find . -name '*.o' -exec sh -c 'rm -rf "$1"' _ {} \;`, Allow},
		{`find -maxdepth 1 -type d -exec sh -c "cd {} && [ -d test ] && rm -rvf test" {} \;`, Allow},
		{`sh -c 'rm -rf "$1"' _ build`, Allow},
		{`find . -name '*.o' -exec sh -c 'rm -rf "$2"' _ / {} \;`, Allow}, // $2 is {}, $1 is /
		{`find . -exec sh -c 'echo rm -rf {}' \;`, Allow},
		{`echo build | xargs -I FOO sh -c 'rm -rf FOO'`, Allow},
		{`echo / | xargs sh -c 'cd build && rm -rf *'`, Allow}, // the inputs go to $0…, unused
	})
}

// TestFindExecPlaceholderInWord: find -exec and -ok replace {} inside a
// word too (GNU find 4.9: -exec echo rm backup/{} {}.orig prints "rm
// backup/etc/a.conf etc/a.conf.orig"), so rm backup/{} deletes
// backup/PATH, not the path found; -execdir hands ./NAME in the file's
// own directory and keeps the found tree's judgement.
func TestFindExecPlaceholderInWord(t *testing.T) {
	t.Parallel()
	testRuleWith(t, guardedConfig(), "bash-delete", []ruleCase{
		{`find /etc -name '*.conf' -exec rm backup/{} \;`, Allow}, // backup//etc/….conf, in the project
		{`find /etc -name '*.conf' -exec rm -f {}.orig \;`, Deny}, // /etc/….conf.orig
		{`find /etc -name '*.conf' -exec rm {} backup/{} \;`, Deny},
		{`find /etc -name '*.conf' -exec rm {} \;`, Deny},
		{`find . -name hooks -exec rm -rf .git/{} \;`, Deny},
		{`find etc -exec rm -rf /{} \;`, Deny}, // /etc
		{`find . -exec rm -rf ~/{} \;`, Deny},  // the home directory
		{`find /etc -name '*.conf' -execdir rm ../{} \;`, Deny},
		// No {}: -exec runs the deleter in find's own directory with its
		// own words (GNU find 4.9: find etc -name a.conf -exec rm -rf
		// build \; removed ./build and left etc/), -execdir in each found
		// file's directory (it removed etc/build).
		{`find /etc -name x -exec rm -rf build \;`, Allow},
		{`find /etc -name x -ok rm -rf build \;`, Allow},
		{`find /etc -name x -execdir rm -rf build \;`, Deny},
		{`find /etc -name x -exec rm -rf $X \;`, Deny}, // $X may be {}
		{`find /etc -name x -exec rm -rf build \; -delete`, Deny},
		{`find . -name x -exec rm -rf ~/.ssh \;`, Deny}, // rm's own word
	})
}
