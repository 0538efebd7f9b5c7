package rewrite

import "testing"

// approveCases: auto mode approves a rewrite only when nothing in the
// command runs other code, raises privileges or writes through an option.
var approveCases = []struct {
	cmd  string
	want bool
}{
	{"git clone https://x/a/b.git", true},
	{"git clone https://x/a/b.git && ls b", true},
	{"git -c core.autocrlf=false clone https://x/a/b.git", true},
	{"git clone --depth 1 https://x/a/b.git", true},
	{"git clone --upload-pack=x https://x/a/b.git", false},
	// Red team acq: git takes a long option by a prefix and short ones
	// in a cluster (TestGitProgramOptionOracle); gh repo clone hands
	// the words after -- to git clone; svn, hg and aria2c options and
	// ssh -F name programs or configuration corral does not read.
	{"git clone --upload=x https://x/a/b.git", false},
	{"git clone --upl x https://x/a/b.git", false},
	{"git clone -qu x https://x/a/b.git", false},
	{"git clone -ux https://x/a/b.git", false},
	{"git clone -qc core.fsmonitor=x https://x/a/b.git", false},
	{"git clone https://x/a/b.git && git ls-remote --exec=x /p", false},
	{"git clone https://x/a/b.git && git fetch --upload=x origin", false},
	{"gh repo clone o/r -- --upload-pack=x", false},
	{"gh repo clone o/r -- -c core.fsmonitor=x", false},
	{"gh repo clone o/r -- --templ=/tmp/t", false},
	{"svn co --config-option config:tunnels:ssh=x svn+ssh://h/r", false},
	{"SVN_SSH=x svn co svn+ssh://h/r", false},
	{"svn co --config-dir=/tmp/c https://h/r", false},
	{"hg clone --config hooks.post-clone=x https://h/r", false},
	{"hg clone -e x ssh://h/r", false},
	{"hg clone --ssh=x ssh://h/r", false},
	{"aria2c --on-download-complete=x https://h/a", false},
	{"aria2c --on-download-c=x https://h/a", false},
	{"aria2c --conf-path=c https://h/a", false},
	{"rsync -aex h:a .", false},
	{"scp -F cfg h:a .", false},
	{"scp -qoProxyCommand=x h:a .", false},
	{"git clone -q https://x/a/b.git", true},
	{"git clone -qb main https://x/a/b.git", true},
	{"git clone --bare https://x/a/b.git", true},
	{"git clone -c core.autocrlf=false https://x/a/b.git", true},
	{"gh repo clone o/r -- --depth 1", true},
	{"svn co --config-option servers:global:http-timeout=5 https://h/r", true},
	{"hg clone --config ui.username=x https://h/r", true},
	{"aria2c --max-tries=3 https://h/a", true},
	{"rsync -avz h:a .", true},
	{"scp -P 22 h:a .", true},
	{"scp -o ConnectTimeout=5 h:a .", true},
	{"git clone -u x https://x/a/b.git", false},
	// The program by its exec path, and an alias's own words (they were
	// approved).
	{"/usr/lib/git-core/git-clone -u x https://x/a/b.git", false},
	{"git-clone --upload-pack=x https://x/a/b.git", false},
	{"git -c alias.c='clone --upload-pack=x' c https://x/a/b.git", false},
	{"git -c alias.c='clone --template=/x' c https://x/a/b.git", false},
	{"/usr/lib/git-core/git-clone https://x/a/b.git", true},
	{"git -c alias.c='clone --depth=1' c https://x/a/b.git", true},
	{"git -c alias.c=clone c https://x/a/b.git", true},
	{"git -c core.fsmonitor=evil clone https://x/a/b.git", false},
	{"git -c core.sshCommand=evil clone https://x/a/b.git", false},
	{"git -c protocol.ext.allow=always clone https://x/a/b.git", false},
	{"git -c url.ext::sh.insteadOf=https:// clone https://x/a/b.git", false},
	{"git clone --config core.pager=evil https://x/a/b.git", false},
	// An exec path that does not exist on any machine: one that exists
	// is read for git-clone and may change the decision (a /tmp/x left
	// by someone's probing once failed this row).
	{"git --exec-path=/nonexistent/corral-test/exec clone https://x/a/b.git", false},
	{"git clone 'ext::sh -c evil' w", false},
	// A NAME:: or NAME:// transport git has no helper of its own for
	// runs git-remote-NAME from PATH (red team 14 GR1).
	{"git clone foo::bar", false},
	{"git clone s4://bucket/x.git", false},
	{"git -c remote.o.url=foo::x clone https://x/a/b.git", false},
	{"git clone https::https://x/a/b.git", true},
	{"git clone git@github.com:a/b.git", true},
	// git-clone(1) --template and init.templateDir: the template's hooks
	// are installed and post-checkout runs; git(1)'s environment that
	// names programs, configuration or the exec path.
	{"git clone --template=/tmp/t https://x/a/b.git", false},
	{"git clone --templ=/tmp/t https://x/a/b.git", false},
	{"git -c init.templateDir=/tmp/t clone https://x/a/b.git", false},
	{"GIT_TEMPLATE_DIR=/tmp/t git clone https://x/a/b.git", false},
	{"GIT_CONFIG_GLOBAL=/tmp/c git clone https://x/a/b.git", false},
	{"env GIT_EXEC_PATH=/nonexistent/corral-test/exec git clone https://x/a/b.git", false}, // not /tmp/x: see above
	{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=x GIT_CONFIG_VALUE_0=y git clone https://x/a/b.git", false},
	{"GIT_TERMINAL_PROMPT=0 git clone https://x/a/b.git", true},
	{"git clone --tags https://x/a/b.git", true},
	{"sudo git clone https://x/a/b.git", false},
	{"git clone https://x/a/b.git && cd b && PATH=.:$PATH ls", false},
	// The PATH each call runs with, as the shell model keeps it: a
	// directory that is not a system one (or only known at run time)
	// searched first makes a read-only name run whatever file is there
	// (issue 12 item 8; syntax.OwnProgram). System directories, the
	// inherited PATH with entries appended and a subshell's own PATH
	// change nothing.
	{"git clone https://x/a/b.git && cd b && export PATH=.:$PATH; ls", false},
	{"git clone https://x/a/b.git && cd b && PATH=$PWD:$PATH ls", false},
	{"git clone https://x/a/b.git && cd b && PATH=$PWD/bin:$PATH; cat README", false},
	{"git clone https://x/a/b.git && cd b && declare -x PATH=bin:$PATH; ls", false},
	{"git clone https://x/a/b.git && cd b && env PATH=.:/usr/bin ls", false},
	{"git clone https://x/a/b.git && cd b && sh -c 'PATH=.:$PATH; ls'", false},
	{"git clone https://x/a/b.git && PATH=/tmp/x; ls b", false},
	{"git clone https://x/a/b.git && PATH=$X:$PATH ls b", false},
	{"git clone https://x/a/b.git && unset PATH; ls b", false},
	{"git clone https://x/a/b.git && cd b && ./ls", false},
	{"git clone https://x/a/b.git && cd b && bin/cat x", false},
	{"export PATH=.:$PATH; git clone https://x/a/b.git", false},
	// Issue 12: an environment that makes the program load code or read
	// configuration from elsewhere (the dynamic loader's, OpenSSL's,
	// the interpreters', a moved HOME or XDG_CONFIG_HOME), given as a
	// prefix, an export or env NAME=…, and curl --engine. The defaults
	// written out (HOME=$HOME, HOME=~, XDG_CONFIG_HOME=~/.config) and a
	// locale are still approved.
	{"export LD_LIBRARY_PATH=/usr/local/lib; curl -o f https://x/y", false},
	// A library named by a bare word is searched for in the system's
	// directories; a path not there when the hook runs asks
	// (TestLoaderVarsMissingLibrary).
	{"LD_PRELOAD=libx.so curl -o f https://x/y", false},
	{"env LD_AUDIT=libx.so curl -o f https://x/y", false},
	{"DYLD_INSERT_LIBRARIES=/tmp/x.dylib git clone https://x/a/b.git", false},
	{"GCONV_PATH=/tmp/g curl -o f https://x/y", false},
	{"OPENSSL_CONF=/tmp/o.cnf curl -o f https://x/y", false},
	{"export OPENSSL_MODULES=/tmp/m; curl -o f https://x/y", false},
	{"export PYTHONPATH=/tmp; git clone https://x/a/b.git", false},
	{"NODE_OPTIONS='--require /tmp/x.js' curl -o f https://x/y", false},
	{"HOME=/tmp/h git clone https://x/a/b.git", false},
	{"export HOME=/srv/x; git clone https://x/a/b.git", false},
	{"env HOME=/tmp/h git clone https://x/a/b.git", false},
	{"XDG_CONFIG_HOME=/tmp/c git clone https://x/a/b.git", false},
	{"curl --engine foo -o f https://x/y", false},
	{"HOME=$HOME git clone https://x/a/b.git", true},
	{"HOME=~ git clone https://x/a/b.git", true},
	{"env HOME=$HOME git clone https://x/a/b.git", true},
	{"export HOME=~; git clone https://x/a/b.git", true},
	{"XDG_CONFIG_HOME=~/.config git clone https://x/a/b.git", true},
	{`XDG_CONFIG_HOME="$HOME/.config" git clone https://x/a/b.git`, true},
	{"env XDG_CONFIG_HOME=~/.config git clone https://x/a/b.git", true},
	{"LANG=C git clone https://x/a/b.git", true},
	{"env -u LD_PRELOAD curl -o f https://x/y", true},
	{"echo LD_PRELOAD=/tmp/x.so; curl -o f https://x/y", true},
	{"git clone https://x/a/b.git && cd b && PATH=$PATH:/opt/bin ls", true},
	{"git clone https://x/a/b.git && cd b && PATH=/usr/local/go/bin:$PATH ls", true},
	{"git clone https://x/a/b.git && cd b && PATH=/usr/bin:/bin ls", true},
	{"git clone https://x/a/b.git && cd b && PATH+=:/opt/x; ls", true},
	{"git clone https://x/a/b.git && cd b && (PATH=.:$PATH); ls", true},
	{"git clone https://x/a/b.git && cd b && echo $PATH", true},
	{"git clone https://x/a/b.git && cd b && /usr/bin/ls", true},
	{"git clone https://x/a/b.git && sort -o out x", false},
	{"git clone https://x/a/b.git && sort x", true},
	{"git clone https://x/a/b.git && uniq in out", false},
	{"git clone https://x/a/b.git && uniq -c in", true},
	{"git clone https://x/a/b.git && git pull", false},
	{"git clone https://x/a/b.git && git fetch origin", false},
	{"git clone https://x/a/b.git && git -C b log", true},
	// curl -K with a config that cannot be read asks (see
	// TestCurlConfigFile, which checks a readable one is not approved).
	{"curl -o f https://x/f", true},
	{"scp -o ProxyCommand=evil host:f .", false},
	{"rsync -e 'ssh -p 2' host:f .", false},
}

func TestAutoApproval(t *testing.T) {
	t.Parallel()
	cfg := &Config{Cwd: "/p", Project: "/p", Home: "/h", Sandbox: "/sb", Mode: ModeRewrite, Approve: ApproveAuto}
	for _, tc := range approveCases {
		r := Check(cfg, tc.cmd)
		if r.Decision != Rewrite {
			t.Errorf("%q: decision %s, want rewrite", tc.cmd, r.Decision)
			continue
		}
		if r.Approve != tc.want {
			t.Errorf("%q: approve %v, want %v (rewritten %q)", tc.cmd, r.Approve, tc.want, r.Rewritten)
		}
	}
}
