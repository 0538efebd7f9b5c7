package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// Code run through a variable or an option of another program (runvia):
// the editor git starts, the compiler make runs, the module an
// interpreter loads before the program, ssh's proxy, tar's compressor
// named in an old-style cluster, vim's -c inside a cluster of letters.
// Each runs for real in the scratch home (runCodeCase): what corral denies
// removes the canary when run anyway; the look-alikes leave it.
var runViaCases = []codeCase{
	// Interpreters' preloaded modules: node -r/--import, NODE_OPTIONS,
	// perl -M, PERL5OPT, ruby -r, RUBYOPT, python -m (the working
	// directory comes first on its module path).
	{name: "node-require-preload", prog: "node", cmd: "node -r ./x.js -e 0",
		files: map[string]string{"x.js": `require("child_process").execSync("rm -rf {home}")`}, want: Deny, gone: true},
	{name: "node-import-preload", prog: "node", cmd: "node --import ./x.mjs -e 0",
		files: map[string]string{"x.mjs": `import { execSync } from "child_process"; execSync("rm -rf {home}")`}, want: Deny, gone: true},
	{name: "node-import-data-url", prog: "node", cmd: `node --import 'data:text/javascript,import("child_process").then(m => m.execSync("rm -rf ~"))' -e 0`, want: Deny, gone: true},
	{name: "node-options-require", prog: "node", cmd: "NODE_OPTIONS='--require ./x.js' node -e 0",
		files: map[string]string{"x.js": `require("child_process").execSync("rm -rf {home}")`}, want: Deny, gone: true},
	{name: "node-require-look", prog: "node", cmd: "node -r ./x.js -e 0",
		files: map[string]string{"x.js": `console.log("rm -rf ~")`}, want: Allow},
	{name: "perl-M-statement", prog: "perl", cmd: `perl -M'5;system("rm -rf ~")' -e1`, want: Deny, gone: true},
	{name: "perl-I-module", prog: "perl", cmd: "cd ../.. && perl -Ihome/project -MEvil -e 1",
		files: map[string]string{"Evil.pm": "package Evil; use File::Path qw(remove_tree); remove_tree('{home}'); 1;\n"}, want: Deny, gone: true},
	{name: "perl5opt-module", prog: "perl", cmd: "cd ../.. && PERL5OPT='-Ihome/project -MEvil' perl -e 1",
		files: map[string]string{"Evil.pm": "package Evil; use File::Path qw(remove_tree); remove_tree('{home}'); 1;\n"}, want: Deny, gone: true},
	{name: "perl-module-look", prog: "perl", cmd: "perl -MList::Util=sum -e 'print sum(1, 2)'", want: Allow},
	{name: "ruby-r-file", prog: "ruby", cmd: "ruby -r ./x.rb -e 1",
		files: map[string]string{"x.rb": `require "fileutils"; FileUtils.rm_rf("{home}")`}, want: Deny, gone: true},
	{name: "rubyopt-r-file", prog: "ruby", cmd: "RUBYOPT='-r./x' ruby -e 1",
		files: map[string]string{"x.rb": `require "fileutils"; FileUtils.rm_rf("{home}")`}, want: Deny, gone: true},
	{name: "python-m-cwd-module", prog: "python3", cmd: "python3 -m evil",
		files: map[string]string{"evil.py": "import shutil\nshutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "python-breakpoint-hook", prog: "python3", cmd: "PYTHONBREAKPOINT=os.system python3 bp.py",
		files: map[string]string{"bp.py": "breakpoint('rm -rf {home}')\n"}, want: Deny, gone: true},
	{name: "python-breakpoint-hook-code", prog: "python3", cmd: `PYTHONBREAKPOINT=shutil.rmtree python3 -c 'breakpoint("{home}")'`, want: Deny, gone: true},
	{name: "python-breakpoint-hook-heredoc", prog: "python3", cmd: "PYTHONBREAKPOINT=os.system python3 <<'EOF'\nbreakpoint('rm -rf {home}')\nEOF", want: Deny, gone: true},
	{name: "python-breakpointhook-direct", prog: "python3", cmd: `PYTHONBREAKPOINT=os.system python3 -c 'import sys; sys.breakpointhook("rm -rf {home}")'`, want: Deny, gone: true},
	{name: "python-breakpoint-off-look", prog: "python3", cmd: "PYTHONBREAKPOINT=0 python3 bp.py",
		files: map[string]string{"bp.py": "breakpoint('rm -rf {home}')\n"}, want: Allow},
	{name: "python-m-look", prog: "python3", cmd: "echo '{}' | python3 -m json.tool", want: Allow},
	// Programs that run a variable's value: git's editor, make's
	// compiler.
	{name: "git-editor-var", prog: "git", cmd: "git init -q . && EDITOR='rm -rf ~;' git -c user.name=a -c user.email=a@b commit -q --allow-empty", want: Deny, gone: true},
	{name: "git-editor-exported", prog: "git", cmd: "export GIT_EDITOR='rm -rf ~;'; git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty", want: Deny, gone: true},
	{name: "git-editor-look", prog: "git", cmd: "git init -q . && EDITOR=true git -c user.name=a -c user.email=a@b commit -q --allow-empty -m x", want: Allow},
	{name: "make-cc-var", prog: "make", cmd: "echo 'int main(void) { return 0; }' > a.c && CC='rm -rf ~;' make -s a", want: Deny, gone: true},
	{name: "make-cc-look", prog: "make", cmd: "echo 'int main(void) { return 0; }' > a.c && CC=true make -s a", want: Allow},
	// Options that run commands: ssh's proxy, tar's compressor in an
	// old-style cluster, zip's test command, ex's -c inside -sc.
	{name: "ssh-proxycommand", prog: "ssh", cmd: "ssh -o ProxyCommand='rm -rf ~' -o BatchMode=yes host.invalid true", want: Deny, gone: true},
	{name: "ssh-proxycommand-look", prog: "ssh", cmd: "ssh -o ProxyCommand=none -o BatchMode=yes -o ConnectTimeout=1 host.invalid true", want: Allow},
	{name: "tar-oldstyle-compressor", prog: "tar", cmd: "tar cIf 'rm -rf ~;' x.tar build", want: Deny, gone: true},
	{name: "tar-options-var", prog: "tar", cmd: `TAR_OPTIONS='--use-compress-program=rm\ -rf\ ~\;' tar cf x.tar build`, want: Deny, gone: true},
	{name: "tar-options-var-oldstyle", prog: "tar", cmd: "printf 'rm -rf ~\\n' > m.sh && tar cf x.tar m.sh && rm m.sh && TAR_OPTIONS=--to-command=sh tar xf x.tar", want: Ask, gone: true},
	{name: "tar-oldstyle-look", prog: "tar", cmd: "tar czf x.tgz build", want: Allow},
	{name: "zip-test-command", prog: "zip", cmd: "echo a > build/a.txt && zip -q -r x.zip build -T -TT 'rm -rf ~;'", want: Deny, gone: true},
	{name: "ex-cluster-c", prog: "ex", cmd: "ex -sc '!rm -rf ~' -cq < /dev/null", want: Deny, gone: true},
	// A script or a program followed through the names the command
	// gives it before running it: cp, mv, ln, tee, cat > f; a copy of a
	// system program keeps its name; a file written with content only
	// known at run time asks when run.
	{name: "copy-written-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; cp a b; bash b", want: Deny, gone: true},
	{name: "move-written-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; mv a b.sh; sh b.sh", want: Deny, gone: true},
	{name: "link-written-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; ln -s a b; bash b", want: Deny, gone: true},
	{name: "cat-written-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; cat a > b; bash b", want: Deny, gone: true},
	{name: "tee-written-script", prog: "bash", cmd: "echo 'rm -rf ~' | tee a > /dev/null; bash a", want: Deny, gone: true},
	{name: "dd-written-script", prog: "bash", cmd: "printf 'rm -rf ~\n' | dd of=b.sh status=none; bash b.sh", want: Deny, gone: true},
	{name: "dd-if-written-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; dd if=a of=b.sh status=none; bash b.sh", want: Deny, gone: true},
	{name: "dd-count-written-script", prog: "bash", cmd: "printf 'rm -rf ~\n' | dd of=b.sh count=1 status=none; bash b.sh", want: Ask, gone: true},
	{name: "tee-stdin-file-script", prog: "bash", cmd: "echo 'rm -rf ~' > a; tee b.sh < a > /dev/null; bash b.sh", want: Deny, gone: true},
	{name: "sort-written-script", prog: "bash", cmd: "echo 'rm -rf ~' | sort -o b.sh; bash b.sh", want: Ask, gone: true},
	{name: "gunzip-written-script", prog: "bash", cmd: "echo 'rm -rf ~' | gzip > b.gz; gunzip -f b.gz; bash b", want: Ask, gone: true},
	{name: "install-stdin-script", prog: "bash", cmd: "echo 'rm -rf ~' | install /dev/stdin b.sh; bash b.sh", want: Deny, gone: true},
	{name: "install-stdin-look", prog: "bash", cmd: "echo 'echo hi' | install /dev/stdin b.sh; bash b.sh", want: Allow},
	{name: "copy-written-look", prog: "bash", cmd: "echo 'echo hi' > a; cp a b; bash b", want: Allow},
	// A subcommand git runs as the program git-SUB found on PATH (a
	// directory the command put first); its own subcommands are never
	// looked up there.
	{name: "git-path-subcommand", prog: "git", cmd: "chmod +x bin/git-foo && PATH=$PWD/bin:$PATH git foo",
		files: map[string]string{"bin/git-foo": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-path-alias-subcommand", prog: "git", cmd: "chmod +x bin/git-foo && PATH=$PWD/bin:$PATH git -c alias.st=foo st",
		files: map[string]string{"bin/git-foo": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-path-own-subcommand-look", prog: "git", cmd: "chmod +x bin/git-status && PATH=$PWD/bin:$PATH git status --short",
		files: map[string]string{"bin/git-status": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "git-path-subcommand-look", prog: "git", cmd: "chmod +x bin/git-hello && PATH=$PWD/bin:$PATH git hello",
		files: map[string]string{"bin/git-hello": "#!/bin/sh\necho hello\n"}, want: Allow},
	{name: "git-credential-helper-path", prog: "git", cmd: "chmod +x h.sh && printf 'protocol=https\\nhost=x.test\\nusername=u\\npassword=p\\n\\n' | git -c credential.helper=\"$PWD/h.sh\" credential approve",
		files: map[string]string{"h.sh": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "git-credential-helper-path-look", prog: "git", cmd: "chmod +x h.sh && printf 'protocol=https\\nhost=x.test\\nusername=u\\npassword=p\\n\\n' | git -c credential.helper=\"$PWD/h.sh\" credential approve",
		files: map[string]string{"h.sh": "#!/bin/sh\ncat > /dev/null\n"}, want: Allow},
	{name: "renamed-rm", prog: "bash", cmd: "cp /bin/rm ./x; ./x -rf ~", want: Deny, gone: true},
	{name: "linked-rm", prog: "bash", cmd: "ln -s /bin/rm x; ./x -rf ~", want: Deny, gone: true},
	{name: "renamed-ls-look", prog: "bash", cmd: "cp /bin/ls ./x; ./x -la", want: Allow},
	{name: "path-linked-rm", prog: "bash", cmd: "ln -s /bin/rm ./ls; PATH=.:$PATH ls -rf ~", want: Deny, gone: true},
	{name: "path-linked-ls-look", prog: "bash", cmd: "ln -s /bin/ls ./ll; PATH=.:$PATH ll -la", want: Allow},
	{name: "generated-script", prog: "bash", cmd: "printf '%s\n' 'rm -rf ~' | sed 's/^/ /' > run.sh; bash run.sh", want: Ask, gone: true},
	{name: "hash-p-rename", prog: "bash", cmd: "hash -p /bin/rm ls; ls -rf ~", want: Deny, gone: true},
	{name: "realpath-home", prog: "bash", cmd: `rm -rf "$(realpath ~)"`, want: Deny, gone: true},
	{name: "cd-pwd-home", prog: "bash", cmd: `rm -rf "$(cd; pwd)"`, want: Deny, gone: true},
	{name: "realpath-build-look", prog: "bash", cmd: `rm -rf "$(realpath build)"`, want: Allow},
	// Package managers' configuration that names a program: npm's
	// script-shell and node-options from .npmrc, the environment or the
	// command line.
	{name: "npm-script-shell-npmrc", prog: "npm", cmd: `echo '{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}' > package.json; echo 'script-shell=./x.sh' > .npmrc; printf '#!/bin/sh\nrm -rf ~\n' > x.sh; chmod +x x.sh; npm test`, want: Deny, gone: true},
	{name: "npm-script-shell-env", prog: "npm", cmd: `echo '{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}' > package.json; printf '#!/bin/sh\nrm -rf ~\n' > x.sh; chmod +x x.sh; npm_config_script_shell=./x.sh npm test`, want: Deny, gone: true},
	{name: "npm-node-options-npmrc", prog: "npm", cmd: `echo '{"name":"x","version":"1.0.0","scripts":{"test":"node -e 0"}}' > package.json; echo 'require("fs").rmSync(require("os").homedir(), {recursive: true})' > y.js; echo 'node-options=--require ./y.js' > .npmrc; npm test`, want: Deny, gone: true},
	{name: "npm-script-shell-look", prog: "npm", cmd: `echo '{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}' > package.json; npm test --script-shell=bash`, want: Allow},
	// A trap's action runs in the shell with the state it has when the
	// trap fires: for EXIT, the state the script ends in.
	{name: "trap-exit-later-value", prog: "bash", cmd: `trap 'rm -rf "$D"' EXIT; D=~`, want: Deny, gone: true},
	{name: "trap-unexported-value", prog: "bash", cmd: `D=~; trap 'rm -rf "$D"' EXIT`, want: Deny, gone: true},
	{name: "trap-double-dash", prog: "bash", cmd: `trap -- 'rm -rf ~' EXIT`, want: Deny, gone: true},
	{name: "trap-function-later-value", prog: "bash", cmd: `f() { rm -rf "$D"; }; trap f EXIT; D=~`, want: Deny, gone: true},
	{name: "trap-build-look", prog: "bash", cmd: `trap 'rm -rf "$T"' EXIT; T=build/tmp`, want: Allow},
	// A DEBUG trap's assignments apply before every later command, an
	// ERR trap's after a failure.
	{name: "trap-debug-assign-home", prog: "bash", cmd: `trap 'D=~' DEBUG; D=build; rm -rf "$D"`, want: Deny, gone: true},
	{name: "trap-err-assign-home", prog: "bash", cmd: `trap 'D=~' ERR; D=build; false; rm -rf "$D"`, want: Deny, gone: true},
	{name: "trap-debug-assign-look", prog: "bash", cmd: `trap 'D=build/tmp' DEBUG; D=~; rm -rf "$D"`, want: Allow},
	{name: "trap-err-assign-look", prog: "bash", cmd: `trap 'rc=1' ERR; false; rm -rf build`, want: Allow},
	// A script file that names a descriptor of the call is what that
	// descriptor carries: a pipe, a here-string, a file opened on it.
	{name: "bash-dev-stdin-pipe", prog: "bash", cmd: `echo 'rm -rf ~' | bash /dev/stdin`, want: Deny, gone: true},
	{name: "source-dev-stdin-pipe", prog: "bash", cmd: `echo 'rm -rf ~' | source /dev/stdin`, want: Deny, gone: true},
	{name: "bash-fd3-herestring", prog: "bash", cmd: `bash /dev/fd/3 3<<< 'rm -rf ~'`, want: Deny, gone: true},
	{name: "bash-fd4-file", prog: "bash", cmd: `echo 'rm -rf ~' > x.sh; bash /dev/fd/4 4< x.sh`, want: Deny, gone: true},
	{name: "python-dev-stdin", prog: "python3", cmd: `echo 'import shutil; shutil.rmtree("{home}")' | python3 /dev/stdin`, want: Deny, gone: true},
	{name: "bash-dev-stdin-look", prog: "bash", cmd: `echo 'ls build' | bash /dev/stdin`, want: Allow},
	// Program code's argument vector: the words after the code.
	{name: "python-argv-rmtree", prog: "python3", cmd: `python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1])' ~`, want: Deny, gone: true},
	{name: "perl-shift-rmtree", prog: "perl", cmd: `cd / && perl -MFile::Path=remove_tree -e 'remove_tree(shift)' ~`, want: Deny, gone: true},
	{name: "node-argv-rm", prog: "node", cmd: `node -e 'require("fs").rmSync(process.argv[1], {recursive: true})' ~`, want: Deny, gone: true},
	{name: "python-argv-look", prog: "python3", cmd: `python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1])' build`, want: Allow},
	{name: "ex-cluster-look", prog: "ex", cmd: "ex -sc '%s/a/b/' -cwq build/a.txt < /dev/null", files: map[string]string{"build/a.txt": "a\n"}, want: Allow},
}

func TestExecRunVia(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range runViaCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestRunViaDecisions: the same mechanisms where running the command is
// not safe or not possible here (a pager needs a terminal, docker a
// daemon), decided only.
func TestRunViaDecisions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"ssh.cfg":                "Host *\n  ProxyCommand rm -rf ~\n",
		"match.cfg":              "Match exec \"rm -rf ~\"\n  User x\n",
		"plain.cfg":              "Host x\n  User y\n  ProxyCommand none\n",
		"askpass.sh":             "#!/bin/sh\nrm -rf ~\n",
		"bin/kubectl-foo":        "#!/bin/sh\nrm -rf ~\n",
		"bin/kubectl-sub-cmd":    "#!/bin/sh\nrm -rf ~\n",
		"bin/kubectl-snake_case": "#!/bin/sh\nrm -rf ~\n",
		"bin/cargo-foo":          "#!/bin/sh\nrm -rf ~\n",
		"bin/dotnet-foo":         "#!/bin/sh\nrm -rf ~\n",
		"pass-ok.sh":             "#!/bin/sh\necho secret\n",
		"lk":                     "#command\n\\r forw-line\n#env\nLESSOPEN = \\|rm -rf ~ %s\n",
		"lk-ok":                  "#env\nLESSOPEN=| /usr/bin/lesspipe %s\nLESS = -R\n#command\nLESSOPEN=|rm -rf ~ %s\n",
		// Compiled lesskey files, as lesskey 590 -o writes them.
		"lk.bin":                     "\x00M+Gc\x00\x00e\x00\x00v\x17\x00LESSOPEN\x00\x81|rm -rf ~ %s\x00xEnd",
		"lk-ok.bin":                  "\x00M+Gc\x00\x00e\x00\x00v\x21\x00LESSOPEN\x00\x81| /usr/bin/lesspipe %s\x00xEnd",
		"lk-edit":                    "#env\nVISUAL = rm -rf ~;\n",
		"node_modules/evil/index.js": `require("child_process").execSync("rm -rf ~")`,
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		// Variables whose value a program runs.
		{"PAGER='rm -rf ~;' man ls", Deny},
		{"MANPAGER='sh -c \"rm -rf ~\"' man ls", Deny},
		{"SYSTEMD_PAGER='rm -rf ~;' systemctl status", Deny},
		{"VISUAL='rm -rf ~;' crontab -e", Deny},
		{"BROWSER='rm -rf ~;' python3 -m webbrowser x", Deny},
		{"export LESSOPEN='|rm -rf ~ %s'; less README.md", Deny},
		{"env GIT_SEQUENCE_EDITOR='rm -rf ~;' git rebase -i HEAD~1", Deny},
		{"CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm -rf ~;' cargo run", Deny},
		{"SUDO_ASKPASS=./askpass.sh sudo -A true", Deny},
		{"SUDO_ASKPASS=./pass-ok.sh sudo -A true", Allow},
		{"PAGER=cat git log", Allow},
		{"MANPAGER='less -R' man ls", Allow},
		{"LESSOPEN='| /usr/bin/lesspipe %s' less README.md", Allow},
		// A lesskey source's #env section sets LESSOPEN for every less
		// that reads it: named by an option (abbreviated too), by
		// LESSKEYIN, inside $LESS, or through a pager.
		{"less --lesskey-src=lk README.md", Deny},
		{"less --lesskey-s lk README.md", Deny},
		{"LESSKEYIN=lk less README.md", Deny},
		{"LESS='-R --lesskey-src=lk' less README.md", Deny},
		{"LESS=--lesskey-src=lk git log", Deny},
		{"export LESSKEYIN=lk; git log -p", Deny},
		{"LESSKEYIN_SYSTEM=lk man ls", Deny},
		{"MANPAGER='less --lesskey-src=lk' man ls", Deny},
		{"git -c core.pager='less --lesskey-src=lk' log", Deny},
		{"less --lesskey-content=$'#env\\nLESSOPEN=|rm -rf ~ %s' README.md", Deny},
		{"less --lesskey-src=missing README.md", Ask},
		{"less --lesskey-src=lk-ok README.md", Allow},
		{"LESSKEYIN=lk-ok git log", Allow},
		{"less -k lk README.md", Allow}, // -k wants the compiled form
		// The compiled form: -k, --lesskey-file, LESSKEY; lesskey's
		// output carries its source's #env; the editor of #env.
		{"less -k lk.bin README.md", Deny},
		{"less -klk.bin README.md", Deny},
		{"less --lesskey-file=lk.bin README.md", Deny},
		{"LESSKEY=lk.bin git log", Deny},
		{"lesskey -o out.less lk", Deny},
		{"LESSKEYIN=lk-edit less README.md", Deny},
		{"less -k lk-ok.bin README.md", Allow},
		{"LESSKEY=lk git log", Allow}, // a source where less wants the compiled form
		{"less --lesskey-src=lk.bin README.md", Allow},
		{"lesskey -o out.less lk-ok", Allow},
		{"lesskey --output out.less missing.src", Allow}, // lesskey fails
		{"LESS=-R git log", Allow},
		// A script file named by one command substitution, quoted or
		// not, is the command's output; run-parts of a directory only
		// run time knows.
		{"bash $(ls -t askpass.*)", Ask},
		{"sh \"$(ls -t askpass.*)\"", Ask},
		// ls prints the file back (red team 16 PI1): askpass.sh is read.
		{"bash $(ls askpass.*)", Deny},
		{"sh \"$(ls askpass.*)\"", Deny},
		{"run-parts \"$D\"", Ask},
		{"bash \"$(dirname \"$0\")/askpass.sh\"", Allow},
		{"run-parts /etc/cron.daily", Allow},
		{"export EDITOR='rm -rf ~'; echo \"$EDITOR\"", Allow},
		{"EDITOR='code --wait' git commit", Allow},
		// Subcommands found on PATH as PROG-SUB (kubectl plugins, cargo
		// and dotnet external subcommands, brew external commands).
		{"PATH=./bin:$PATH kubectl -n prod foo", Deny},
		{"PATH=./bin:$PATH cargo foo --release", Deny},
		{"export PATH=$PWD/bin:$PATH; dotnet foo", Deny},
		{"PATH=./bin:$PATH kubectl sub cmd --x", Deny}, // kubectl-sub-cmd
		{"PATH=./bin:$PATH kubectl snake-case", Deny},  // kubectl-snake_case
		{"PATH=./bin:$PATH kubectl get pods", Allow},
		{"kubectl foo", Allow},
		// Options of an interpreter only run time knows (a command's
		// output) may load code: asked about, as MAKEFILES is;
		// the user's own value and a size from a command pass.
		{"X=$(cat f); NODE_OPTIONS=$X node app.js", Ask},
		{"NODE_OPTIONS=\"--require $(cat f)\" node app.js", Ask},
		{"X=$(cat f); export NODE_OPTIONS=$X; npm test", Ask},
		{"X=$(cat f); env NODE_OPTIONS=$X node app.js", Ask},
		{"X=$(cat f); PERL5OPT=$X perl x.pl", Ask},
		{"X=$(cat f); RUBYOPT=$X ruby x.rb", Ask},
		{"NODE_OPTIONS=$NODE_OPTIONS node app.js", Allow},
		{"NODE_OPTIONS=\"$NODE_OPTIONS --max-old-space-size=4096\" node app.js", Allow},
		{"NODE_OPTIONS=\"--max-old-space-size=$(nproc)\" node app.js", Allow},
		{"export NODE_OPTIONS=--max-old-space-size=$(( 1024 * 4 )); npm run build", Allow},
		{"X=$(cat f); TAR_OPTIONS=$X tar tf a.tar", Allow},
		// GNU tar spells out an old-style first word before it adds
		// TAR_OPTIONS' words: the member runs as with tar -xf.
		{"TAR_OPTIONS=--to-command=sh tar xf a.tar", Ask},
		{"export TAR_OPTIONS=--to-command=sh; tar xf a.tar", Ask},
		{"TAR_OPTIONS=-v tar xf a.tar", Allow},
		// Options that run commands.
		{"less '+!rm -rf ~' README.md", Deny},
		{"less +G README.md", Allow},
		{"man -P 'rm -rf ~;' ls", Deny},
		{"man --pager='rm -rf ~;' ls", Deny},
		{"man -P cat ls", Allow},
		{"bat --paging=always --pager 'rm -rf ~' README.md", Deny},
		{"batcat --pager='rm -rf ~' f", Deny},
		{"bat -P --pager 'rm -rf ~' README.md", Allow},
		{"bat --paging=never --pager 'rm -rf ~' README.md", Allow},
		{"bat --pager 'less -RF' README.md", Allow},
		{"ack --pager='rm -rf ~' foo", Deny},
		{"ack --pager 'rm -rf ~' foo", Deny},
		{"ack-grep --pag='rm -rf ~' foo", Deny},
		{"ACK_PAGER_COLOR='rm -rf ~' ack foo", Deny},
		{"ack --pager='rm -rf ~' --nopager foo", Allow},
		{"ack --pager='less -R' foo", Allow},
		{"ag --pager 'rm -rf ~' foo", Deny},
		{"ag --pager='rm -rf ~' foo", Deny},
		{"ag --pager 'rm -rf ~' --nopager foo", Allow},
		{"ag --pager sh foo", Ask},
		{"ack --pager=bash foo", Ask},
		{"bat --paging=always --plain --pager sh notes.txt", Ask},
		{"man -P sh -l ./page.1", Ask},
		{"man -P 'less -s' ls", Allow},
		{"ag --pager 'less -R' foo", Allow},
		{"ssh -F ssh.cfg host true", Deny},
		{"ssh -F match.cfg host true", Deny},
		{"ssh -F plain.cfg host true", Allow},
		{"ssh host -o 'ProxyCommand rm -rf ~' true", Deny},
		{"scp -o ProxyCommand='rm -rf ~' a host:b", Deny},
		{"node -r evil -e 0", Deny},
		{"node -r dotenv/config app.js", Allow},
		{"tar -xf a.tar --to-comm='rm -rf ~'", Deny},
		{"tar -cIf 'rm -rf ~' x.tar .", Allow}, // -I takes "f": 'rm -rf ~' is a file to archive
		{"tar --rsh-command='rm -rf ~' -xf host:a.tar", Deny},
		{"vim -c'!rm -rf ~'", Deny},
		{"vim -o2 a b", Allow},
		// git configuration keys whose value git runs.
		{"git -c gpg.program='rm -rf ~;' commit -S -m x", Deny},
		{"git -c core.gitProxy='rm -rf ~ for example.com' fetch", Deny},
		{"git -c remote.o.uploadpack='rm -rf ~;' fetch o", Deny},
		{"git config sendemail.toCmd 'rm -rf ~'", Deny},
		{"git -c trailer.x.command='rm -rf ~' interpret-trailers --trailer x=y", Deny},
		{"git -c man.viewer=x -c man.x.cmd='rm -rf ~' help -m log", Deny},
		{"git -c interactive.diffFilter='rm -rf ~' add -p", Deny},
		{"git config submodule.x.update '!rm -rf ~'", Deny},
		// A program's path git runs (red team 10, GC): a credential
		// helper or sendmail given by absolute path, a known tool's
		// program, git-lfs's transfer agent; bare names are git's own.
		{"git config credential.helper \"$PWD/askpass.sh\"", Deny},
		{"git -c credential.https://x.test.helper=$PWD/askpass.sh fetch", Deny},
		{"git -c difftool.vimdiff.path=./askpass.sh difftool -t vimdiff", Deny},
		{"git config --global mergetool.meld.path ./askpass.sh", Deny},
		{"git config browser.x.path ./askpass.sh", Deny},
		{"git config sendemail.smtpServer \"$PWD/askpass.sh\"", Deny},
		{"git config sendemail.headerCmd ./askpass.sh", Deny},
		{"git config lfs.customtransfer.x.path ./askpass.sh", Deny},
		{"git config guitool.x.cmd 'rm -rf ~'", Deny},
		{"git config credential.helper store", Allow},
		{"git config credential.helper 'cache --timeout=3600'", Allow},
		{"git config credential.helper /usr/lib/git-core/git-credential-libsecret", Allow},
		{"git config difftool.vimdiff.path /usr/bin/nvim", Allow},
		{"git config sendemail.smtpServer smtp.example.com", Allow},
		{"git -c gpg.program=gpg2 commit -S -m x", Allow},
		{"git -c interactive.diffFilter='delta --color-only' add -p", Allow},
		{"git -c trailer.sign.key='Signed-off-by: ' interpret-trailers", Allow},
		// A container's command with the host's directories mounted.
		{"PATH=/usr/bin:/bin; cp x \"$(which ls)\"", Deny},
		{"gcc -O2 -o /usr/local/bin/x x.c", Deny},
		{"go build -o ~/.bashrc ./cmd/x", Deny},
		{"strip /usr/bin/ls", Deny},
		{"screen -L -Logfile /etc/profile -dm echo x", Deny},
		{"screen -L -Logfile screen.log -dm make", Allow},
		{"gcc -O2 -fno-omit-frame-pointer -o app x.c", Allow},
		{"go build -o bin/app ./cmd/app", Allow},
		// Shells' own spellings of command text: fish's long options
		// and -C, nushell's, PowerShell's -Command and -EncodedCommand
		// (a language corral does not read: ask when it names a command
		// that deletes, writes, downloads or runs code).
		{"fish --command='rm -rf ~'", Deny},
		{"fish --comm 'rm -rf ~'", Deny},
		{"fish -C 'rm -rf ~' x.fish", Deny},
		{"fish --command='ls'", Allow},
		{"nu --commands 'rm -rf ~'", Deny},
		{"xonsh -c 'rm -rf ~'", Deny},
		{"oksh -c 'rm -rf ~'", Deny},
		{"pwsh -Command Remove-Item -Recurse ~", Ask},
		{"pwsh -EncodedCommand UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIAB+AA==", Ask},
		{"pwsh -ec RwBlAHQALQBDAGgAaQBsAGQASQB0AGUAbQA=", Allow},
		{"pwsh -c Get-ChildItem", Allow},
		// Other programs that delete, move away or write what their
		// operands name, judged as rm and the write guards judge them.
		{"cmake -E rm -rf ~", Deny},
		{"tar -C ~ --remove-files -cf /tmp/x.tar .", Deny},
		{"tar --remove-files -czf /tmp/k.tgz ~/.ssh", Deny},
		{"tar cf out.tar --remove-files build", Allow},
		{"tar -cf /tmp/out.tar build", Allow},
		{"zip -rm /tmp/x.zip /etc", Deny},
		{"zip --move -r /tmp/x.zip ~/docs", Ask},
		{"7z a -sdel /tmp/x.7z /usr", Deny},
		{"rar m /tmp/x.rar /etc", Deny},
		{"rar a -df /tmp/x.rar /var", Deny},
		{"zip -r /tmp/x.zip build", Allow},
		{"zip -rm dist.zip build", Allow},
		{"7z a /tmp/x.7z /etc/hosts", Allow},
		{"rar a /tmp/x.rar build", Allow},
		{"cmake -E remove_directory ~", Deny},
		{"cmake -E rm -rf build", Allow},
		{"cmake -E copy x ~/.bashrc", Deny},
		{"cmake -E make_directory build", Allow},
		{"gio trash ~", Deny},
		{"gio move ~ /tmp/x", Deny},
		{"gio move a.txt b.txt", Allow},
		{"trash-put ~", Deny},
		{"trash-put build/x", Allow},
		{"rclone purge ~", Deny},
		{"rclone sync empty ~", Deny},
		{"rsync -a --delete empty/ ~/", Deny},      // the same deletion, judged the same way
		{"rclone sync remote:b ./mirror", Rewrite}, // a download: package-fetch moves it into the sandbox
		{"rclone copy remote:x ~/.config", Ask},
		{"aws s3 cp s3://b/x ~/.bashrc", Deny},
		{"aws s3 sync s3://b ./data", Rewrite},
		{"gsutil cp gs://b/x /etc/profile", Deny},
		// A work tree of the repository's own commits, a git repository
		// once made: beside the repository, outside the safe paths is no
		// reason to ask (TestWorktreeAdd judges the files it checks out);
		// elsewhere outside them it asks as any write there does (red
		// team 14 GW1: ~/.config/git).
		{"git worktree add ../w", Allow},
		{"git worktree add ~/w", Ask},
		{"git worktree add /etc/w", Deny},
		{"pip install --target ~ x", Ask},
		{"pip install -t ./vendor x", Allow},
		{"npm install --prefix ~ x", Ask},
		{"cargo install --root ~ x", Ask},
		{"stow -t ~ pkg", Ask},
		{"chezmoi apply", Ask},
		{"chezmoi diff", Allow},
		{"sshfs host:/ ~", Ask},
		{"mount --bind /tmp ~", Ask},
		{"gdb -ex run --args rm -rf ~", Deny},
		{"lldb -o run -- rm -rf ~", Deny},
		{"rr record rm -rf ~", Deny},
		{"gdb --args ./app --flag", Allow},
		// enable -f of a shared object that is not there when the hook runs,
		// and that nothing in the command makes, loads nothing (bash fails
		// the enable); one the command puts there is code corral cannot read.
		{"enable -f ./x.so evil; evil", Allow},
		{"cp /bin/true x.so; enable -f ./x.so evil; evil", Ask},
		{"enable -n echo", Allow},
		{"hash -p /usr/bin/ls ls", Allow},
		{"printf '%s' rm | xargs -I{} {} -rf ~", Deny}, // the input is known: xargs runs rm -rf ~ (placeholders.go)
		{"cat names | xargs -I{} {} -rf ~", Ask},
		{"find . -name rm -exec {} -rf ~ \\;", Ask},
		{"ls | xargs -I{} echo {}", Allow},
		{"printf 'yarnPath: ./y.js\\n' > .yarnrc.yml; echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > y.js; yarn install", Deny},
		{"printf 'preload = [\"./y.js\"]\\n' > bunfig.toml; echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > y.js; bun test", Deny},
		{"yarn install", Allow},
		{"docker run -v ~:/h alpine rm -rf /h", Deny},
		{"docker run --rm -v $HOME:/h busybox sh -c 'rm -rf /h/*'", Deny},
		// The home directory holds the SSH keys and cloud credentials:
		// mounted, read-only or not, the image's code reads them.
		{"docker run -v ~:/h img", Deny},
		{"docker run -v ~:/h:ro img", Deny},
		{"docker run -v ~/src/app:/h:ro img", Allow},
		{"docker run --rm -v /var/tmp:/t alpine sh -c 'rm -rf /t/x'", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
