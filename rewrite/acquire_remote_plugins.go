package rewrite

import (
	"net/url"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// remoteInstaller is one verb of a package manager or of a CLI's plugin
// manager that fetches code from a place its words name, then builds or
// installs it to run (at once, or at the next use of the program):
// remote-run's other spellings of pip install git+URL.
type remoteInstaller struct {
	name string
	// subs are the spellings of the verb's words (gh extension install,
	// gh ext install); global options before them are skipped.
	subs [][]string
	spec optSpec
	// operand is the operand that names the source (asdf plugin add
	// NAME URL: 1); -1 reads every operand.
	operand int
	// anyRepo: every source is a repository of anyone's (gh extension
	// install OWNER/REPO); only local are the operands in local.
	anyRepo bool
	local   []string
	// srcOpts are options whose value is a source: judged by srcOff.
	srcOpts []string
	// srcOff reports a source value off the program's default one; nil
	// reads any network address as such.
	srcOff func(string) bool
	// opOff reports an operand that names a source off the default one;
	// nil reads a network address (netAddress) as such.
	opOff func(string) bool
	// endsAt: the words after -- are a command's (mise exec TOOL -- CMD).
	endsAt bool
	// runs says what of the fetched code runs.
	runs string
}

// remoteInstallers are the verbs remote-run reads beyond its own cases.
// A package or plugin by name from the program's default registry or
// index (uv add requests, asdf plugin add nodejs, az extension add -n x)
// passes, as npm install NAME does.
var remoteInstallers = []remoteInstaller{
	{name: "uv", subs: [][]string{{"add"}}, operand: -1, spec: optSpec{shortVal: "ipf", longEq: true, longVal: longOpts("index",
		"default-index", "index-url", "extra-index-url", "find-links", "tag", "branch", "rev", "extra", "group", "optional",
		"package", "script", "python", "directory", "project", "marker", "config-file", "cache-dir")},
		srcOpts: []string{"index", "default-index", "index-url", "i", "extra-index-url", "find-links", "f"}, srcOff: indexOffPyPI,
		runs: "its build code, when uv syncs the environment"},
	{name: "poetry", subs: [][]string{{"add"}}, operand: -1, spec: optSpec{shortVal: "GEP", longEq: true, longVal: longOpts("group",
		"extras", "source", "python", "platform", "markers", "directory", "project")}, runs: "its build code, when poetry installs it"},
	{name: "pdm", subs: [][]string{{"add"}}, operand: -1, spec: optSpec{shortVal: "Gpe", longEq: true, longVal: longOpts("group",
		"project", "venv", "editable", "config-setting", "lockfile")}, runs: "its build code, when pdm installs it"},
	{name: "bundle", subs: [][]string{{"add"}}, operand: -2, spec: optSpec{shortVal: "vgs", longEq: true, longVal: longOpts("version",
		"group", "source", "require", "path", "git", "github", "branch", "ref", "glob")},
		srcOpts: []string{"git", "github", "source", "s"}, srcOff: offRubyGems, runs: "its extensions' build code, when bundle installs it"},
	{name: "gh", subs: [][]string{{"extension", "install"}, {"extensions", "install"}, {"ext", "install"}}, anyRepo: true, local: []string{"."},
		spec: optSpec{longEq: true, longVal: longOpts("pin")}, runs: "the repository's program, which gh runs as a command of its own"},
	{name: "helm", subs: [][]string{{"plugin", "install"}, {"plugin", "add"}}, spec: optSpec{longEq: true, longVal: longOpts("version",
		"kube-context", "namespace", "kubeconfig", "registry-config", "repository-cache", "repository-config")},
		runs: "the plugin's install hook, then its commands"},
	{name: "pre-commit", subs: [][]string{{"try-repo"}}, spec: optSpec{shortVal: "c", longEq: true, longVal: longOpts("ref", "rev",
		"config", "hook-stage", "color", "from-ref", "to-ref", "source", "origin", "remote-branch", "local-branch",
		"remote-name", "remote-url", "commit-msg-filename", "prepare-commit-message-source", "commit-object-name",
		"checkout-type", "is-squash-merge", "rewrite-command")}, runs: "the repository's hooks, at once"},
	{name: "kubectl", subs: [][]string{{"krew", "index", "add"}}, operand: 1, runs: "any plugin its index lists, at the next kubectl krew install"},
	{name: "kubectl-krew", subs: [][]string{{"index", "add"}}, operand: 1, runs: "any plugin its index lists, at the next kubectl krew install"},
	{name: "kubectl", subs: [][]string{{"krew", "install"}, {"krew", "upgrade"}}, operand: -2, spec: optSpec{longEq: true,
		longVal: longOpts("manifest", "manifest-url", "archive")}, srcOpts: []string{"manifest-url"}, runs: "the plugin the manifest names, as a kubectl command"},
	{name: "kubectl-krew", subs: [][]string{{"install"}, {"upgrade"}}, operand: -2, spec: optSpec{longEq: true,
		longVal: longOpts("manifest", "manifest-url", "archive")}, srcOpts: []string{"manifest-url"}, runs: "the plugin the manifest names, as a kubectl command"},
	{name: "asdf", subs: [][]string{{"plugin", "add"}, {"plugin-add"}}, operand: 1, runs: "the plugin's bin scripts, at every asdf install and use"},
	{name: "mise", subs: [][]string{{"plugins", "install"}, {"plugins", "add"}, {"plugins", "i"}, {"plugins", "a"}, {"plugin", "install"},
		{"plugin", "add"}, {"plugin", "i"}, {"plugin", "a"}}, operand: -1, spec: optSpec{shortVal: "j", longEq: true, longVal: longOpts("jobs")},
		runs: "the plugin's scripts, at every mise install and use"},
	{name: "mise", subs: [][]string{{"use"}, {"u"}, {"install"}, {"i"}, {"exec"}, {"x"}}, operand: -1, opOff: miseRemote, endsAt: true,
		spec: optSpec{shortVal: "jpeCc", longEq: true, longVal: longOpts("jobs", "path", "env", "cd", "command", "before")},
		runs: "the tool's program, fetched from that repository"},
	{name: "brew", subs: [][]string{{"tap"}}, operand: 1, spec: optSpec{longEq: true, longVal: longOpts("custom-remote")},
		runs: "the formulae's Ruby code, at the next brew install of one"},
	{name: "brew", subs: [][]string{{"install"}, {"reinstall"}, {"upgrade"}}, operand: -1, spec: optSpec{longEq: true,
		longVal: longOpts("cc", "appdir", "language")}, runs: "the formula's Ruby code, at once"},
	{name: "az", subs: [][]string{{"extension", "add"}, {"extension", "update"}}, operand: -2, spec: optSpec{shortVal: "ns", longEq: true,
		longVal: longOpts("name", "source", "version", "pip-extra-index-urls", "pip-proxy", "target")},
		srcOpts: []string{"source", "s", "pip-extra-index-urls"}, runs: "the extension's Python code, as an az command"},
	{name: "ansible-galaxy", subs: [][]string{{"install"}, {"role", "install"}, {"collection", "install"}}, operand: -1,
		spec: optSpec{shortVal: "rspc", longEq: true, longVal: longOpts("role-file", "requirements-file", "server", "api-key",
			"roles-path", "collections-path", "token", "timeout")}, runs: "the role's or collection's code, at the next playbook run"},
	{name: "conda", subs: [][]string{{"install"}, {"create"}, {"update"}, {"env", "create"}, {"env", "update"}}, operand: -1,
		spec: condaSpec, srcOpts: []string{"c", "channel"}, runs: "the packages' install scripts, at once"},
	{name: "mamba", subs: [][]string{{"install"}, {"create"}, {"update"}, {"env", "create"}, {"env", "update"}}, operand: -1,
		spec: condaSpec, srcOpts: []string{"c", "channel"}, runs: "the packages' install scripts, at once"},
	{name: "micromamba", subs: [][]string{{"install"}, {"create"}, {"update"}}, operand: -1,
		spec: condaSpec, srcOpts: []string{"c", "channel"}, runs: "the packages' install scripts, at once"},
	{name: "vagrant", subs: [][]string{{"plugin", "install"}}, operand: -2, spec: optSpec{longEq: true, longVal: longOpts("plugin-source",
		"plugin-version", "entry-point")}, srcOpts: []string{"plugin-source"}, srcOff: offRubyGems, runs: "the plugin's Ruby code, at every vagrant command"},
}

// miseRemote reports a mise tool spec whose backend fetches a program
// from any repository or address (ubi:OWNER/REPO, github:, gitlab:,
// spm:, http:), or names one itself (cargo:https://…, pipx:git+…); a
// tool from mise's registry (node@20, aqua:cli/cli, npm:x) passes.
func miseRemote(v string) bool {
	backend, rest, ok := strings.Cut(v, ":")
	if !ok {
		return false
	}
	switch strings.ToLower(backend) {
	case "ubi", "github", "gitlab", "spm", "http", "https":
		return true
	}
	return netAddress(rest)
}

// condaSpec are conda's, mamba's and micromamba's install options that
// take a value.
var condaSpec = optSpec{shortVal: "cnpf", longEq: true, longVal: condaLong}

// condaLong are condaSpec's long options, a variable of their own so that the
// tables that copy condaSpec are static data (see init in rules.go).
var condaLong = optNames{"channel", "name", "prefix", "file", "override-channels-list",
	"solver", "repodata-fn", "platform", "subdir"}

// scpAddress matches git's user@host:path.
var scpAddress = lazy.Regexp{Expr: `^[\w.-]+@[\w.-]+:`}

// netAddress reports a source word that names a place on the network: a
// URL, a git+ or github:-style spec, or git's user@host:path (file: and
// a local path are the machine's own).
func netAddress(v string) bool {
	l := strings.ToLower(v)
	if strings.HasPrefix(l, "file:") {
		return false
	}
	if localDirectRef(v) {
		return false
	}
	return strings.Contains(l, "://") || remoteSpec(v) || scpAddress.Get().MatchString(v)
}

// localDirectRef reports a PEP 508 direct reference to a file on this
// machine (mylib @ file:///work/proj/libs/mylib): read where it is, as
// uv add ./libs/mylib is, not fetched.
func localDirectRef(v string) bool {
	name, ref, ok := strings.Cut(strings.ToLower(v), "@")
	return ok && pep508Name.Get().MatchString(strings.TrimSpace(name)) && localFileURL(strings.TrimSpace(ref))
}

// pep508Name matches a PEP 508 requirement's name with its extras
// (mylib, my_lib[extra1,extra2]).
var pep508Name = lazy.Regexp{Expr: `^[a-z0-9]([a-z0-9._-]*[a-z0-9])?(\[[a-z0-9._, -]*\])?$`}

// localFileURL reports a file: URL of this machine: file:///PATH,
// file://localhost/PATH or file:PATH (a file://HOST/ of another host is
// none; pip and uv refuse it).
func localFileURL(u string) bool {
	rest, ok := strings.CutPrefix(u, "file:")
	if !ok {
		return false
	}
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		host, _, _ := strings.Cut(after, "/")
		return host == "" || host == "localhost"
	}
	return true // file:/PATH, file:PATH
}

// indexOffPyPI reports an index or find-links value on the network off
// PyPI (a local directory is the project's own).
func indexOffPyPI(v string) bool {
	return netAddress(v) && offPyPI(v)
}

// offRubyGems reports a gem source off rubygems.org: a repository
// (--git, --github take any) or another gem server.
func offRubyGems(v string) bool {
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		return true // user/repo (--github), a path-less spec
	}
	h := strings.ToLower(u.Hostname())
	return h != "rubygems.org" && h != "index.rubygems.org"
}

// checkRemoteInstallers judges a call by remoteInstallers; it reports
// whether an entry matched the call's verb.
func (p *Pass) checkRemoteInstallers(c *syntax.Call, report func(string)) bool {
	for i := range remoteInstallers {
		r := &remoteInstallers[i]
		if r.name != c.Name {
			continue
		}
		for _, sub := range r.subs {
			k := verbAt(c.Args, sub)
			if k < 0 {
				continue
			}
			r.judge(c, sub, c.Args[k+len(sub):], report)
			return true
		}
	}
	return false
}

// verbAt returns where the words sub start in args after the program's
// leading options and their values (gh --repo x extension install, helm
// --kube-context x plugin install: a word after an option written
// without "=" may be its value), or -1.
func verbAt(args []syntax.Arg, sub []string) int {
	for k := 0; k+len(sub) <= len(args); k++ {
		match := true
		for j, w := range sub {
			if args[k+j].Value != w {
				match = false
				break
			}
		}
		if match {
			return k
		}
		// Only options and the values they may take come before the verb.
		v := args[k].Value
		if strings.HasPrefix(v, "-") {
			continue
		}
		if k > 0 && strings.HasPrefix(args[k-1].Value, "-") && !strings.Contains(args[k-1].Value, "=") {
			continue
		}
		return -1
	}
	return -1
}

func (r *remoteInstaller) judge(c *syntax.Call, sub []string, args []syntax.Arg, report func(string)) {
	what := c.Name + " " + strings.Join(sub, " ")
	off := r.srcOff
	if off == nil {
		off = netAddress
	}
	opts, ops := scan(args, r.spec)
	for _, o := range find(opts, r.srcOpts...) {
		if v := o.val.Value; o.hasVal && off(v) {
			report(what + " from " + v + " installs code fetched from there, and runs " + r.runs)
			return
		}
	}
	opOff := r.opOff
	if opOff == nil {
		opOff = netAddress
	}
	end := len(args)
	if r.endsAt {
		for k, a := range args {
			if a.Value == "--" {
				end = k
				break
			}
		}
	}
	for n, k := range ops {
		v := args[k].Value
		if r.operand == -2 || r.operand >= 0 && n != r.operand || k >= end {
			continue
		}
		if r.anyRepo && !slices.Contains(r.local, v) || !r.anyRepo && opOff(v) {
			report(what + " " + v + " installs code fetched from that repository or address, and runs " + r.runs)
			return
		}
	}
}

// pipGeneralSpec are pip's general options, which may come before its
// command (pip -q install …, pip --cache-dir D download …); optparse
// takes any unambiguous prefix of a long one.
var pipGeneralSpec = optSpec{longEq: true, abbrev: true, stop: true,
	longVal: longOpts("python", "log", "log-file", "local-log", "keyring-provider", "proxy", "retries", "timeout", "exists-action",
		"trusted-host", "cert", "client-cert", "cache-dir", "use-feature", "use-deprecated", "root-user-action"),
	longFlag: longOpts("help", "debug", "isolated", "require-virtualenv", "require-venv", "verbose", "version", "quiet", "no-input",
		"no-cache-dir", "disable-pip-version-check", "no-color", "no-python-version-warning")}

// pipVerbAt returns the index of pip's command word in args (the words
// after pip, or after python -m pip), behind its general options; -1
// when there is none.
func pipVerbAt(args []syntax.Arg) int {
	_, ops := scan(args, pipGeneralSpec)
	if len(ops) == 0 {
		return -1
	}
	return ops[0]
}
