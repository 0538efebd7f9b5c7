package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// approvableCall reports whether corral may approve a command holding c in
// auto mode, whatever else decides about c: never when c runs with raised
// privileges (sudo, doas), writes through an option of a "read-only"
// program (sort -o, uniq IN OUT, iconv -o, shuf -o, csplit), is
// interpreter code that fetches and prints (python3 -c
// 'print(urlopen(URL).read())' > f, rewritten all the same), carries an option that makes a program
// run other code (git clone --upload-pack, git -c core.sshCommand=…, an
// ext:: transport, scp/rsync -e, ssh -o ProxyCommand, curl -K, curl
// --engine), runs with an environment that makes it load code or read
// configuration from elsewhere (approvalEnv), or may
// run a file other than the system's program of its name: a path outside
// the system's directories, or a name PATH leads to a directory that is
// not a system one or only known at run time (a just-cloned repository's
// files; syntax.OwnProgram). Such a command gets no decision from corral:
// the agent's own permission rules judge it.
func approvableCall(p *Pass, c *syntax.Call) bool {
	for _, w := range c.Wrappers {
		if w == "sudo" || w == "doas" || w == "pkexec" || w == "runuser" || w == "su" {
			return false
		}
	}
	if c.Name == "sudo" || c.Name == "doas" {
		return false
	}
	if approvalEnv(p, c) != "" {
		// LD_PRELOAD=x.so curl …, export PYTHONPATH=…; pip download …,
		// HOME=/tmp/h git clone …: the program loads code or reads
		// configuration the command chose.
		return false
	}
	if syntax.OwnProgram(c) {
		// ./ls, or a PATH that searches a directory other than the
		// system's first (PATH=.:$PATH ls, export PATH=$PWD/bin:$PATH;
		// cat f, PATH=$X:$PATH ls): the program may be a file of the
		// agent's, a just-cloned repository's, whatever its name.
		return false
	}
	if c.Name == "git" || c.Name == "git-clone" {
		if gitEnvRunsCode(c) {
			return false
		}
	}
	if writesNamedFile(c) {
		return false // sort -o, uniq IN OUT, iconv -o, … (the table of stdin_writers.go)
	}
	if _, ok := syntax.FetchPrint(c); ok {
		return false // interpreter code that fetches and prints: a program, whatever its output's fix
	}
	switch c.Name {
	case "curl":
		if hasOptionPrefix(c.Args, "-K", "--config", "--engine") {
			return false
		}
	case "scp", "rsync", "ssh", "sftp":
		if sshRemoteCommand(c) {
			// What the command does on the other host is not corral's
			// to judge (ssh h 'rm -rf ~' > out is rewritten all the same).
			return false
		}
		if sshRunsCode(c) {
			return false
		}
		for i, a := range c.Args {
			v := a.Value
			if v == "-e" || strings.HasPrefix(v, "--rsh") || c.Name != "rsync" && (v == "-S" || v == "-D") {
				return false
			}
			if (v == "-o" || strings.HasPrefix(v, "-o")) && i+1 <= len(c.Args) {
				opt := strings.TrimPrefix(v, "-o")
				if opt == "" && i+1 < len(c.Args) {
					opt = c.Args[i+1].Value
				}
				if l := strings.ToLower(opt); strings.HasPrefix(l, "proxycommand") || strings.HasPrefix(l, "localcommand") ||
					strings.HasPrefix(l, "permitlocalcommand") || strings.HasPrefix(l, "knownhostscommand") || strings.HasPrefix(l, "match") {
					return false
				}
			}
		}
	case "git", "git-clone":
		return !gitRunsCode(c)
	case "s3cmd":
		// -c/--config F (or S3CMD_CONFIG) reads options from F,
		// gpg_command among them (the program s3cmd runs to decrypt
		// an object it gets).
		if hasOptionPrefix(c.Args, "-c", "--config") || slices.Contains(c.EnvChanged, "S3CMD_CONFIG") {
			return false
		}
	case "aria2c":
		// --on-download-complete=P and the other event hooks run P;
		// --conf-path=F reads options (hooks among them) from F.
		// aria2c takes any unambiguous prefix of a long option.
		if longPrefixOf(c.Args, "on-download-complete", "on-download-start", "on-download-error", "on-download-stop",
			"on-download-pause", "on-bt-download-complete", "conf-path") {
			return false
		}
	case "svn":
		// --config-option config:tunnels:ssh=P (the program svn+ssh://
		// runs), config:helpers:*-cmd; --config-dir D reads D/config.
		for i, a := range c.Args {
			v := a.Value
			if v == "--" {
				break
			}
			if v == "--config-dir" || strings.HasPrefix(v, "--config-dir=") {
				return false
			}
			val, ok := strings.CutPrefix(v, "--config-option=")
			if v == "--config-option" && i+1 < len(c.Args) {
				val, ok = c.Args[i+1].Value, true
			}
			if l := strings.ToLower(val); ok && (strings.HasPrefix(l, "config:tunnels:") || strings.HasPrefix(l, "config:helpers:")) {
				return false
			}
		}
	case "hg":
		// -e/--ssh P runs P for ssh:// sources; --config of hooks.*,
		// extensions.*, ui.ssh and other program keys runs code;
		// --config-file F reads them from F.
		for i, a := range c.Args {
			v := a.Value
			if v == "--" {
				break
			}
			if v == "-e" || strings.HasPrefix(v, "-e") && !strings.HasPrefix(v, "--") || longPrefix(v, "ssh") || strings.HasPrefix(v, "--config-") {
				return false
			}
			if given, val, eq := strings.Cut(strings.TrimPrefix(v, "--"), "="); strings.HasPrefix(v, "--") && len(given) >= 3 && strings.HasPrefix("config", given) {
				if !eq && i+1 < len(c.Args) {
					val = c.Args[i+1].Value
				}
				if hgKeyRunsCode(val) {
					return false
				}
			}
		}
	case "gh":
		// gh repo clone REPO [DIR] -- FLAGS: gh hands FLAGS to git clone
		// (gh repo clone o/r -- --upload-pack=P, -- -c core.fsmonitor=P).
		if k := slices.IndexFunc(c.Args, func(a syntax.Arg) bool { return a.Value == "--" }); k >= 0 && ghClones(c.Args[:k]) {
			g := syntax.Call{Name: "git-clone", Args: c.Args[k+1:], Dir: c.Dir}
			return !gitRunsCode(&g)
		}
	}
	return true
}

// ghClones reports whether gh's words (before "--") are a clone: gh repo
// clone, or gh repo fork with --clone.
func ghClones(args []syntax.Arg) bool {
	var words []string
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") {
			words = append(words, a.Value)
		}
	}
	return len(words) >= 2 && words[0] == "repo" && (words[1] == "clone" || words[1] == "fork")
}

// gitRunsCode reports whether a git call carries something that makes git
// run a program of the command's choosing: --upload-pack/-u, --exec-path=,
// -c/--config of a key that names a program or allows a transport, or an
// ext:: or fd:: URL.
func gitRunsCode(c *syntax.Call) bool {
	if c.Name == "git" {
		// git -c alias.x='clone --upload-pack=P' x URL: the alias's words
		// are the command's (they were approved). git ignores an alias
		// of a built-in name, so one expansion is all there is.
		if _, sub := gitArgs(c); sub >= 0 {
			if val, ok := gitAliasValue(c, sub, c.Args[sub].Value); ok && !strings.HasPrefix(val, "!") {
				g := *c
				g.Args = append([]syntax.Arg{}, c.Args[:sub]...)
				for _, w := range strings.Fields(val) {
					g.Args = append(g.Args, syntax.Arg{Value: w, Raw: w, Static: true})
				}
				g.Args = append(g.Args, c.Args[sub+1:]...)
				if _, gsub := gitArgs(&g); gsub >= 0 && g.Args[gsub].Value != c.Args[sub].Value && gitRunsCode(&g) {
					return true
				}
			}
		}
	}
	if gitSubOptionRunsCode(c) {
		return true
	}
	for i, a := range c.Args {
		v := a.Value
		if strings.HasPrefix(v, "ext::") || strings.HasPrefix(v, "fd::") || strings.Contains(v, "::ext::") {
			return true
		}
		if _, u, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "--") && (strings.HasPrefix(u, "ext::") || strings.HasPrefix(u, "fd::")) {
			return true // --remote=ext::…
		}
		if name, ok := syntax.GitRemoteHelper(strings.TrimPrefix(v, "--remote=")); ok && !syntax.GitOwnTransport(name) {
			return true // NAME::URL runs git-remote-NAME, found on PATH (red team 14 GR1)
		}
		if k, u, ok := strings.Cut(v, "="); ok {
			if _, remote := syntax.RemoteURLKey(k); remote {
				if name, ok := syntax.GitRemoteHelper(u); ok && !syntax.GitOwnTransport(name) {
					return true // -c remote.X.url=NAME::URL
				}
			}
		}
		if (v == "--exec" || strings.HasPrefix(v, "--exec=")) && gitSubcommand(c) == "archive" {
			return true // the upload-archive program, run locally for a local repository
		}
		if v == "--upload-pack" || strings.HasPrefix(v, "--upload-pack=") || strings.HasPrefix(v, "--exec-path=") ||
			v == "--receive-pack" || strings.HasPrefix(v, "--receive-pack=") || v == "--config-env" || strings.HasPrefix(v, "--config-env=") {
			return true
		}
		if v == "-u" && (gitSubcommand(c) == "clone" || c.Name == "git-clone") {
			return true
		}
		if len(v) > 4 && strings.HasPrefix("--template", strings.SplitN(v, "=", 2)[0]) && strings.HasPrefix(v, "--te") {
			return true // clone/init --template=DIR (or an abbreviation): its hooks run
		}
		key := ""
		switch {
		case (v == "-c" || v == "--config") && i+1 < len(c.Args):
			key = c.Args[i+1].Value
		case strings.HasPrefix(v, "--config="):
			key = strings.TrimPrefix(v, "--config=")
		case strings.HasPrefix(v, "-c") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			key = v[2:]
		}
		if key != "" && gitKeyRunsCode(key) {
			return true
		}
	}
	return false
}

// gitProgramOptions are, by subcommand, the options of git(1) whose
// value is a program git runs: the upload-pack of clone, fetch, pull and
// ls-remote (run locally for a local or file:// repository, and as ssh's
// remote command), push's receive-pack, the upload-archive of archive
// --exec, and rebase's --exec.
func gitProgramOptions(sub string) []string {
	switch sub {
	case "clone", "fetch", "pull":
		return []string{"upload-pack"}
	case "ls-remote":
		return []string{"upload-pack", "exec"}
	case "push":
		return []string{"receive-pack", "exec"}
	case "archive", "rebase":
		return []string{"exec"}
	}
	return nil
}

// gitSubOptionRunsCode reports whether the options of c's subcommand
// name a program (gitProgramOptions) or set a configuration key that
// runs one (clone -c/--config), as git's parse-options reads them: a long
// option by any unambiguous prefix (clone --upload=P, --conf K=V, push
// --rece=P), short ones in a cluster with the value attached or in the
// next word (clone -qu P, -uP, -qc K=V). A prefix that could be such an
// option counts whatever else it could be (git refuses the ambiguous
// one), and so does a short letter that takes a value only there.
func gitSubOptionRunsCode(c *syntax.Call) bool {
	args, sub := c.Args, "clone"
	if c.Name == "git" {
		_, i := gitArgs(c)
		if i < 0 {
			return false
		}
		args, sub = c.Args[i+1:], c.Args[i].Value
	}
	progs := gitProgramOptions(sub)
	if progs == nil {
		return false
	}
	for i, a := range args {
		v := a.Value
		if v == "--" {
			break
		}
		if strings.HasPrefix(v, "--") && len(v) > 2 {
			given, val, eq := strings.Cut(v[2:], "=")
			for _, full := range progs {
				if strings.HasPrefix(full, given) {
					return true
				}
			}
			if sub == "clone" && strings.HasPrefix("config", given) {
				if !eq && i+1 < len(args) {
					val = args[i+1].Value
				}
				if gitKeyRunsCode(val) {
					return true
				}
			}
			continue
		}
		if len(v) < 2 || v[0] != '-' || sub != "clone" && sub != "ls-remote" {
			continue
		}
		// clone -obucj and ls-remote -uo take a value: the rest of the
		// word, or the next one.
		for k := 1; k < len(v); k++ {
			ch := v[k]
			if !strings.ContainsRune("obucj", rune(ch)) {
				continue
			}
			val := v[k+1:]
			if val == "" && i+1 < len(args) {
				val = args[i+1].Value
			}
			if ch == 'u' || ch == 'c' && sub == "clone" && gitKeyRunsCode(val) {
				return true
			}
			break
		}
	}
	return false
}

// gitKeyRunsCode reports whether setting the git config key (NAME=VALUE)
// can make git run a program: core.*command, core.fsmonitor,
// core.hooksPath, core.pager, core.editor, core.gitProxy, protocol.*.allow,
// url.*.insteadOf, alias.* to a shell command, filters, diff and merge
// drivers, credential helpers, and the like.
func gitKeyRunsCode(kv string) bool {
	k, v, _ := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	switch {
	case strings.HasPrefix(k, "core.") && (strings.HasSuffix(k, "command") || k == "core.fsmonitor" || k == "core.hookspath" ||
		k == "core.pager" || k == "core.editor" || k == "core.gitproxy" || k == "core.askpass" || k == "core.worktree"):
		return true
	case strings.HasPrefix(k, "protocol.") && strings.HasSuffix(k, ".allow"):
		return true
	case strings.HasPrefix(k, "url.") && (strings.HasSuffix(k, ".insteadof") || strings.HasSuffix(k, ".pushinsteadof")):
		return true
	case strings.HasPrefix(k, "alias."):
		return strings.HasPrefix(strings.TrimSpace(v), "!")
	case strings.HasPrefix(k, "filter."), strings.HasPrefix(k, "diff.") && strings.HasSuffix(k, "command"),
		strings.HasPrefix(k, "merge.") && strings.HasSuffix(k, "driver"), strings.HasPrefix(k, "credential"),
		strings.HasSuffix(k, "uploadpack"), strings.HasSuffix(k, "receivepack"), strings.HasPrefix(k, "gpg."),
		strings.HasSuffix(k, ".sshcommand"), k == "include.path", strings.HasPrefix(k, "includeif."),
		strings.HasPrefix(k, "sequence.editor"), strings.HasPrefix(k, "pager."), strings.HasPrefix(k, "remote.") && strings.HasSuffix(k, "vcs"),
		strings.HasPrefix(k, "submodule.") && strings.HasSuffix(k, ".update"), strings.HasPrefix(k, "hook."),
		k == "init.templatedir":
		return true
	case syntax.GitStrategyKey(k):
		return len(syntax.GitMergeStrategies(k, v)) > 0
	}
	return false
}

// hasOptionPrefix reports whether an option of args is one of names,
// with its value attached or not.
func hasOptionPrefix(args []syntax.Arg, names ...string) bool {
	for _, a := range args {
		if a.Value == "--" {
			return false
		}
		for _, n := range names {
			if a.Value == n || strings.HasPrefix(a.Value, n) && (len(n) == 2 || strings.HasPrefix(a.Value, n+"=")) {
				return true
			}
		}
	}
	return false
}

// gitCodeEnv are the environment variables that make git run programs or
// read configuration of the command's choosing (git(1), "Environment
// Variables"): the exec path, the template directory whose hooks a clone
// installs and runs, configuration files and parameters, and the
// programs git starts for ssh, proxies, prompts, diffs and editors.
var gitCodeEnv = []string{"GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_PARAMETERS",
	"GIT_CONFIG_COUNT", "GIT_CONFIG", "GIT_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_PROXY_COMMAND", "GIT_EXTERNAL_DIFF",
	"GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_PAGER", "GIT_DIR", "GIT_WORK_TREE"}

// gitEnvRunsCode reports whether git call c is given one of gitCodeEnv,
// as a prefix assignment or an env word before it (env NAME=… git …).
func gitEnvRunsCode(c *syntax.Call) bool {
	names := func(name string) bool {
		for _, n := range gitCodeEnv {
			if name == n || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_") {
				return true
			}
		}
		return false
	}
	if c.Expr == nil {
		return false
	}
	for _, a := range c.Expr.Assigns {
		if a.Name != nil && names(a.Name.Value) {
			return true
		}
	}
	for _, w := range c.Expr.Args {
		lit := syntax.LitText(w) // env GIT_\DIR=… is GIT_DIR=…
		if lit == "git" || strings.HasSuffix(lit, "/git") {
			break
		}
		if k, _, ok := strings.Cut(lit, "="); ok && names(k) {
			return true
		}
	}
	return false
}

// approvalEnv returns the variable of c's environment, changed by the
// command (a prefix assignment, an export earlier, env NAME=…), that
// makes the program load code or read configuration the command chose,
// or "": the dynamic loader's (LD_PRELOAD, LD_AUDIT, LD_LIBRARY_PATH,
// macOS's DYLD_*), glibc's GCONV_PATH, OpenSSL's configuration, engines
// and providers, the interpreters' search paths and option variables
// and the rest of codeLoadingVar, and a HOME or XDG_CONFIG_HOME moved
// from the user's (every dot file and ~/.config file is then read from
// there). HOME=$HOME, HOME=~ and XDG_CONFIG_HOME=~/.config are the
// defaults written out; PATH is judged by syntax.OwnProgram; a variable
// the command unsets loads nothing.
func approvalEnv(p *Pass, c *syntax.Call) string {
	for _, name := range c.EnvChanged {
		switch {
		case name == "*" || name == "PATH" || name == "SHELL":
			// PATH is judged by syntax.OwnProgram; SHELL is set by the
			// child shell itself (bash -c 'git clone …' is modelled as
			// changing it), and no fetcher runs it.
			continue
		case name == "HOME" || name == "XDG_CONFIG_HOME":
			val, set, ok := c.ChangedEnvValue(name)
			if ok && (!set || defaultHomeDir(p.Config.Home, name, val)) {
				continue
			}
			return name
		case strings.HasPrefix(name, "DYLD_"), name == "OPENSSL_CONF", name == "OPENSSL_ENGINES", name == "OPENSSL_MODULES",
			codeLoadingVar(name):
			if _, set, ok := c.ChangedEnvValue(name); ok && !set {
				continue
			}
			return name
		}
	}
	return ""
}

// defaultHomeDir reports a value of HOME or XDG_CONFIG_HOME that is the
// default written out: the home directory (HOME=$HOME, HOME=~), its
// .config for XDG_CONFIG_HOME (XDG_CONFIG_HOME=~/.config,
// "$HOME/.config").
func defaultHomeDir(home, name, val string) bool {
	if val == "" {
		return false
	}
	want := "~"
	if name == "XDG_CONFIG_HOME" {
		want = "~/.config"
	}
	if path.Clean(val) == want {
		return true
	}
	if home == "" || !path.IsAbs(val) {
		return false
	}
	if name == "XDG_CONFIG_HOME" {
		return path.Clean(val) == path.Join(home, ".config")
	}
	return path.Clean(val) == path.Clean(home)
}

// longPrefix reports whether v is the long option name (--name,
// --name=value) or an abbreviation of it, as getopt_long takes one.
func longPrefix(v, name string) bool {
	given, _, _ := strings.Cut(strings.TrimPrefix(v, "--"), "=")
	return strings.HasPrefix(v, "--") && given != "" && strings.HasPrefix(name, given)
}

// longPrefixOf reports whether a word of args before "--" is one of the
// long options names, whole or abbreviated (longPrefix).
func longPrefixOf(args []syntax.Arg, names ...string) bool {
	for _, a := range args {
		if a.Value == "--" {
			return false
		}
		for _, n := range names {
			if longPrefix(a.Value, n) {
				return true
			}
		}
	}
	return false
}

// hgKeyRunsCode reports whether a Mercurial --config SECTION.NAME=VALUE
// can make hg run code: hooks, extensions (Python loaded from a path),
// the programs of ui.ssh, ui.editor, ui.merge and merge tools, pager and
// shell aliases.
func hgKeyRunsCode(kv string) bool {
	k, v, _ := strings.Cut(kv, "=")
	k = strings.ToLower(k)
	switch {
	case strings.HasPrefix(k, "hooks."), strings.HasPrefix(k, "extensions."), strings.HasPrefix(k, "merge-tools."),
		strings.HasPrefix(k, "pager."), k == "ui.ssh", k == "ui.editor", k == "ui.merge", k == "ui.remotecmd", k == "%include":
		return true
	case strings.HasPrefix(k, "alias."):
		return strings.HasPrefix(strings.TrimSpace(v), "!")
	}
	return false
}

// sshShortValues are the one-letter options of ssh, scp, sftp and rsync
// that take a value, by program (ssh(1), scp(1), sftp(1), rsync(1)).
func sshShortValues(name string) string {
	switch name {
	case "ssh":
		return "BbcDEeFIiJLlmOoPpQRSWw"
	case "scp":
		return "cDFiJlPSoX"
	case "sftp":
		return "BbcDFiJlPRSos"
	case "rsync":
		return "eBfMT@"
	}
	return ""
}

// sshRunsCode reports whether a short option of an ssh-family call, in a
// cluster or alone, names a program or a configuration corral does not
// read: rsync -e P (rsync -aez P, -aeP), -F FILE (ssh's configuration:
// ProxyCommand and LocalCommand there run), scp/sftp -S P, sftp -D P,
// and -o of a program key, attached or not (-qoProxyCommand=P).
func sshRunsCode(c *syntax.Call) bool {
	letters := sshShortValues(c.Name)
	for i, a := range c.Args {
		v := a.Value
		if v == "--" {
			break
		}
		if len(v) < 2 || v[0] != '-' || v[1] == '-' {
			continue
		}
		for k := 1; k < len(v); k++ {
			ch := v[k]
			if !strings.ContainsRune(letters, rune(ch)) {
				continue
			}
			val := v[k+1:]
			if val == "" && i+1 < len(c.Args) {
				val = c.Args[i+1].Value
			}
			switch {
			case c.Name == "rsync":
				if ch == 'e' {
					return true
				}
			case ch == 'F', ch == 'S' && c.Name != "ssh", ch == 'D' && c.Name == "sftp":
				return true
			case ch == 'o':
				l := strings.ToLower(strings.TrimLeft(val, " "))
				for _, key := range []string{"proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "match", "include"} {
					if strings.HasPrefix(l, key) {
						return true
					}
				}
			}
			break
		}
	}
	return false
}
