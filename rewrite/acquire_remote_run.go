package rewrite

import (
	"net/url"
	"path"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

var remoteRun = Rule{
	Name:      "remote-run",
	Decisions: []Decision{Ask},
	Doc: `A program told to fetch code from an address the command names and run
it is curl | sh by another spelling: deno run/install of an http(s) URL,
npx, bunx and pnpm dlx of a github:, git+ or http(s) package
spec, pip/pip3/uv pip install of an http(s), git+ or file URL, or with
--index-url/-i/--extra-index-url (or PIP_INDEX_URL/PIP_EXTRA_INDEX_URL)
of a host other than pypi.org, and git config of url.<base>.insteadOf or
url.<base>.pushInsteadOf to another host, or http.proxy (every later
fetch goes where it says); uv run and pipx run of a URL, uvx/uv tool
run/uv tool install/pipx with --from/--spec or a package that is a URL or
git+ spec, deno eval code that imports an http(s) module, nix run, shell,
develop, profile install, build, bundle and flake init/new -t of a
github:/gitlab:/sourcehut:/git+/hg+/tarball+/http(s) flake (also as
--override-input, --inputs-from, -f or -I NAME=URL; nixpkgs itself —
github:NixOS/nixpkgs, its GitHub tarballs, the NixOS channels — is the
default source, as nixpkgs#hello is, and passes), nix-build,
nix-shell, nix-env and nix-instantiate of an http(s) expression or
-I NAME=URL, dotnet and dnx with a package source off nuget.org (--add-source,
--nuget-source, -s/--source; dotnet new install, tool install/exec, add
package, restore) and dotnet nuget add source of such a URL (a package
by name from nuget.org passes, as npm install NAME does), cargo install
--git/--index/--registry, npm/yarn/pnpm install or
add of a URL, git+, github: or file: spec, and gem install --source or
--clear-sources. Options are read with their values (uv run -p 3.12 URL,
cargo +nightly install --git; npm --loglevel silent install, yarn --cwd
x add, pnpm -C x add: the managers' global options and their values),
npm's aliases of install (in, isntall, it) are install, npm pack and npm
cache add of a git spec build it (its prepare script runs), pip3.11 and
python3.11 are pip and python, go run of a module@version fetches and
runs it, corepack NAME@URL downloads a package manager from the URL,
npm's, yarn's and pnpm's --registry off the
public registries counts as such a source, npm's user/repo is GitHub's,
PEP 508's name @ URL is the URL, and npm exec/yarn dlx of such a spec runs
it. So do pip wheel and pip download of such a source (an sdist's
setup.py runs to read its metadata), uv, poetry and pdm add of a URL or
git+ spec, bundle add --git/--github/--source, bun add of one, pipx
inject, cargo binstall --git, and the plugin installers that fetch code
from any repository or URL (gh extension install, helm plugin install,
pre-commit try-repo, krew index add, asdf and mise plugin add NAME URL,
mise use/exec of a ubi:/github: tool,
brew tap NAME URL, az extension add --source, ansible-galaxy install,
conda -c URL, vagrant plugin install --plugin-source). Nothing of it
lands where corral can move it first: ask. A
package by name from the default registry (npx eslint, pip install
requests, go run golang.org/x/tools/cmd/stringer@latest) is the
everyday way to run tools and passes.`,
	// With the Python and JavaScript interpreters of the language table
	// (see init in rules.go).
	Commands: []string{"npx", "bunx", "pnpm", "pip", "pip3", "uv", "uvx", "pipx", "git", "nix", "nix-build", "nix-shell", "nix-env", "nix-instantiate", "dotnet", "dnx", "cargo", "npm", "yarn", "gem",
		"bun", "poetry", "pdm", "bundle", "gh", "helm", "pre-commit", "kubectl", "kubectl-krew", "asdf", "mise", "brew", "az", "ansible-galaxy",
		"conda", "mamba", "micromamba", "vagrant", "pnpx", "go", "corepack"},
	Call:    checkRemoteRun,
	Command: checkRemoteWrappers,
}

// checkRemoteWrappers judges uv run, uvx and pipx run where syntax took
// them off as wrappers of the program they run: their words, then the
// program's, are what remoteTool reads.
func checkRemoteWrappers(p *Pass) {
	for _, c := range p.Model.Calls {
		pre := c.PreWords()
		for k, a := range pre {
			prog := path.Base(a.Value)
			if a.Static && (prog == "npm" || prog == "yarn" || prog == "pnpm") {
				// npm exec SPEC, npm x -p SPEC, yarn exec, pnpm exec: syntax
				// took the package off as the command run.
				var words []string
				for _, w := range pre[k+1:] {
					if w.Value != "--" {
						words = append(words, w.Value)
					}
				}
				words = append(words, c.NameArg.Value)
				// npm --userconfig F exec SPEC: the verb after the global
				// options and their values.
				args := append(append([]syntax.Arg{}, pre[k+1:]...), c.NameArg)
				if spec, ok := managerGlobalSpecs.Get()[prog]; ok {
					if _, ops := scan(args, spec); len(ops) > 0 && ops[0] < len(args) && args[ops[0]].Value != "--" {
						words = words[ops[0]:]
					}
				}
				if reg, ok := npmRegistry(c, words); ok {
					p.Report(c, Finding{Rule: "remote-run", Decision: Ask, Message: prog + " with the registry " + reg + " runs a package from there: code fetched and run at once, which corral cannot move into the sandbox first"})
					break
				}
				p.npxSpecs(c, words[1:], func(why string) {
					p.Report(c, Finding{Rule: "remote-run", Decision: Ask, Message: why + ": code fetched and run at once, which corral cannot move into the sandbox first"})
				})
				break
			}
			if !a.Static || prog != "uv" && prog != "uvx" && prog != "pipx" {
				continue
			}
			if name, v, links := envIndex(c, "UV_"); prog != "pipx" && name != "" {
				// uv run CMD, uv tool run, uvx TOOL install what they run
				// from the index the environment names.
				p.Report(c, Finding{Rule: "remote-run", Decision: Ask, Message: envIndexWhat(prog, name, v, "installs", links) + ": code fetched and run at once, which corral cannot move into the sandbox first"})
				break
			}
			var words []string
			for _, w := range pre[k+1:] {
				words = append(words, w.Value)
			}
			words = append(words, c.NameArg.Value)
			words = append(words, c.Words()...)
			p.remoteTool(c, prog, words, func(why string) {
				p.Report(c, Finding{Rule: "remote-run", Decision: Ask, Message: why + ": code fetched and run at once, which corral cannot move into the sandbox first"})
			})
			break
		}
	}
}

// remoteSpec reports a package or module spec that names a place to
// fetch from rather than a registry name. A file: spec of this machine
// (file:PATH, file:///PATH, file://localhost/PATH) names a path on its
// disk, read where it is: npm's own parser (npm-package-arg) gives
// file:path/to/dir and ./path/to/dir the same type and the same path,
// and pip and uv read file:///PATH as the directory or archive there, so
// it is judged as that path is (npm install ./dir passes); a file: URL
// of another host is not this machine's and still counts.
func remoteSpec(v string) bool {
	l := strings.ToLower(v)
	for _, p := range []string{"http://", "https://", "git+", "git://", "github:", "gitlab:", "bitbucket:", "gist:", "ssh://", "file:"} {
		if strings.HasPrefix(l, p) {
			return !localFileURL(l)
		}
	}
	// A PEP 508 direct reference, name @ URL (spaces around @ allowed),
	// or npm's alias name@URL.
	for i := 1; i < len(l); i++ {
		if l[i] != '@' {
			continue
		}
		rest := strings.TrimSpace(l[i+1:])
		for _, p := range []string{"http://", "https://", "git+", "git://", "github:", "gitlab:", "bitbucket:", "ssh://", "file:"} {
			if strings.HasPrefix(rest, p) && !localFileURL(rest) {
				return true
			}
		}
	}
	return false
}

// nixVerbs are nix's subcommands that fetch a flake or an expression
// and build, run or copy what it says: run, shell, develop, build,
// profile (install), bundle, and flake init/new of a template.
var nixVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"run": true, "shell": true, "develop": true, "build": true, "profile": true, "bundle": true, "flake": true}
}}

// nixRemote reports a flake reference or a Nix path that names a place
// to fetch from: the URL-like references of remoteSpec, and nix's own
// schemes (tarball+https, file+https, sourcehut:, hg+).
func nixRemote(v string) bool {
	l := strings.ToLower(v)
	if nixpkgsSource(l) {
		return false
	}
	for _, p := range []string{"tarball+", "file+http", "sourcehut:", "hg+"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return remoteSpec(v) && !strings.HasPrefix(l, "file:")
}

// offNuGet reports a NuGet source off nuget.org: a URL on another host
// (a local directory or file:// is the project's own).
func offNuGet(v string) bool {
	l := strings.ToLower(v)
	if !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "https://") {
		return false
	}
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" {
		return true
	}
	h := strings.ToLower(u.Hostname())
	return h != "api.nuget.org" && h != "www.nuget.org" && h != "nuget.org"
}

// nixpkgsSource reports (in lower case) nixpkgs itself, the package set
// the registry name "nixpkgs" stands for (nix run nixpkgs#hello): its
// GitHub repository as a flake, a git URL or a tarball of a revision,
// and the NixOS channels, over https. It is the default source, as the
// default registry is for npm.
func nixpkgsSource(l string) bool {
	for _, p := range []string{"tarball+", "file+", "git+"} {
		l = strings.TrimPrefix(l, p)
	}
	switch {
	case l == "github:nixos/nixpkgs" || strings.HasPrefix(l, "github:nixos/nixpkgs/") || strings.HasPrefix(l, "github:nixos/nixpkgs#") ||
		strings.HasPrefix(l, "github:nixos/nixpkgs?"):
		return true
	}
	u, err := url.Parse(l)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Port() != "" {
		return false
	}
	p := strings.TrimSuffix(u.Path, ".git")
	switch u.Host {
	case "github.com":
		return p == "/nixos/nixpkgs" || strings.HasPrefix(p, "/nixos/nixpkgs/")
	case "nixos.org":
		return strings.HasPrefix(p, "/channels/")
	case "channels.nixos.org":
		return true
	}
	return false
}

// wheelURL reports a URL (or name @ URL) of a built wheel: pip wheel
// and pip download save it as it is, running none of its code.
func wheelURL(v string) bool {
	if _, after, ok := strings.Cut(v, "@"); ok && !strings.Contains(v[:strings.Index(v, "@")], "/") {
		v = strings.TrimSpace(after) // name @ URL
	}
	u, err := url.Parse(v)
	if err != nil || strings.HasPrefix(strings.ToLower(u.Scheme), "git+") {
		return false
	}
	return strings.HasSuffix(strings.ToLower(u.Path), ".whl")
}

// offPyPI reports an index URL on a host other than pypi.org.
func offPyPI(v string) bool {
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		return true
	}
	h := strings.ToLower(u.Hostname())
	return h != "pypi.org" && h != "pypi.python.org" && h != "files.pythonhosted.org"
}

// uvFetchVerbs are uv's commands that resolve packages from its index
// and install them (or build them, whose build backend is installed
// from there): uv remove and uv tree lock the project again, uv export
// too. uv pip is here for its install, sync and compile.
var uvFetchVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"run": true, "sync": true, "lock": true, "add": true, "remove": true, "tool": true,
		"export": true, "tree": true, "build": true, "pip": true}
}}

// uvProjectVerbs are uv's project commands whose index options
// (uv sync --index URL) are read as uv run's are; uv add's are the
// package-index rule's (syntax/pkgindex.go).
var uvProjectVerbs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"sync": true, "lock": true, "remove": true, "export": true, "tree": true, "build": true}
}}

// envIndex returns the index variable, among pip's (prefix "PIP_") or
// uv's ("UV_"), that call's environment sets to an index or find-links
// location off PyPI, with its value, and whether it is a find-links one.
// uv's are UV_INDEX_URL, UV_EXTRA_INDEX_URL, UV_DEFAULT_INDEX and
// UV_INDEX (space-separated, each maybe NAME=URL), UV_FIND_LINKS; a
// local path passes, as a local index does in uv.toml.
func envIndex(c *syntax.Call, prefix string) (name, value string, links bool) {
	for _, n := range []string{"INDEX_URL", "EXTRA_INDEX_URL", "DEFAULT_INDEX", "INDEX"} {
		if prefix == "PIP_" && (n == "DEFAULT_INDEX" || n == "INDEX") {
			continue
		}
		v, ok := c.EnvKnown(prefix + n)
		if !ok {
			continue
		}
		for _, f := range strings.Fields(v) {
			if _, u, named := strings.Cut(f, "="); named && prefix == "UV_" && n == "INDEX" && !strings.HasPrefix(f, "http") {
				f = u // UV_INDEX="name=https://…"
			}
			if strings.Contains(f, "://") && !strings.HasPrefix(strings.ToLower(f), "file:") && offPyPI(f) {
				return prefix + n, v, false
			}
		}
	}
	if v, ok := c.EnvKnown(prefix + "FIND_LINKS"); ok && findLinksRemote(strings.ReplaceAll(v, ",", " ")) {
		return prefix + "FIND_LINKS", v, true
	}
	return "", "", false
}

// envIndexWhat says what a command run with an index variable does.
func envIndexWhat(what, name, v, does string, links bool) string {
	if links {
		return what + " with " + name + "=" + v + " " + does + " packages it finds at that address"
	}
	return what + " with " + name + "=" + v + " " + does + " packages from that index"
}

// findLinksRemote reports a --find-links value (PIP_FIND_LINKS: several,
// space-separated) that pip downloads archives from: a network URL off
// PyPI. A local directory or a file:// one is read where it is.
func findLinksRemote(v string) bool {
	for _, f := range strings.Fields(v) {
		l := strings.ToLower(f)
		if strings.Contains(l, "://") && !strings.HasPrefix(l, "file:") && offPyPI(f) {
			return true
		}
	}
	return false
}

func checkRemoteRun(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	words := c.Words()
	report := func(why string) {
		p.Report(c, Finding{Rule: "remote-run", Decision: Ask, Message: why + ": code fetched and run at once, which corral cannot move into the sandbox first"})
	}
	first := func() (string, []string) {
		for i, w := range words {
			if !strings.HasPrefix(w, "-") {
				return w, words[i+1:]
			}
		}
		return "", nil
	}
	name := c.Name
	if lang.ForProgram(name) == lang.Python {
		name = "python"
	} else if syntax.Unversioned(name) == "pip" {
		name = "pip" // pip3.11
	}
	if p.checkRemoteInstallers(c, report) {
		return
	}
	switch name {
	case "deno":
		verb, rest := first()
		if verb == "eval" {
			// deno eval 'await import("https://…")': every permission,
			// and a module from the network.
			for _, w := range rest {
				if remoteImport.Get().MatchString(w) {
					report("deno eval imports a module from the network")
					return
				}
			}
			return
		}
		if verb != "run" && verb != "install" && verb != "x" {
			return
		}
		for k := 0; k < len(rest); k++ {
			w := rest[k]
			switch w {
			case "-n", "--name", "--root", "-c", "--config", "--import-map", "--lock", "--cert", "--location", "--seed", "-L", "--log-level":
				k++ // deno install -n NAME URL: the option's value
				continue
			}
			if !strings.HasPrefix(w, "-") {
				if l := strings.ToLower(w); strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
					report("deno " + verb + " " + w + " runs a module it downloads")
				}
				return
			}
		}
	case "uvx", "pipx":
		if name, v, links := envIndex(c, "UV_"); c.Name == "uvx" && name != "" {
			report(envIndexWhat("uvx", name, v, "installs", links))
			return
		}
		p.remoteTool(c, c.Name, words, report)
		return
	case "nix", "nix-build", "nix-shell", "nix-env", "nix-instantiate":
		// nix [global options] VERB …: the verb is the first word that is
		// one (a global option's value comes before it: nix
		// --extra-experimental-features 'nix-command flakes' run …).
		verb, rest := "", words
		if c.Name == "nix" {
			rest = nil
			for i, w := range words {
				if nixVerbs.Get()[w] {
					verb, rest = w, words[i+1:]
					break
				}
			}
		}
		for i, w := range rest {
			if w == "--" || (w == "-c" || w == "--command") && (verb == "shell" || verb == "develop") {
				return // the program's words
			}
			if verb == "flake" && i == 0 && w != "init" && w != "new" {
				return // nix flake show, update, lock …
			}
			v := w
			if i > 0 && (rest[i-1] == "-I" || rest[i-1] == "--include") || strings.HasPrefix(w, "-I") && len(w) > 2 {
				// -I nixpkgs=URL: a search path entry fetched as a tarball.
				v = strings.TrimPrefix(w, "-I")
				if _, u, ok := strings.Cut(v, "="); ok {
					v = u
				}
			}
			if !strings.HasPrefix(v, "-") && nixRemote(v) {
				what := c.Name + " " + verb
				if c.Name != "nix" {
					what = c.Name
				}
				report(strings.TrimSpace(what) + " " + w + " builds and runs Nix code fetched from that address")
				return
			}
		}
		return
	case "dotnet", "dnx":
		// dotnet new install PKG, dotnet tool install/update/exec, dotnet
		// add package, restore, build, dnx PKG: a package by name comes
		// from nuget.org (the default, as npm install NAME); a source off
		// nuget.org (--add-source, --nuget-source, -s/--source) installs
		// packages, and runs their build targets, from there, and so does
		// dotnet nuget add source URL for every later restore.
		for i, w := range words {
			if w == "--" {
				return // the program's own words (dotnet run -- …)
			}
			if c.Name == "dotnet" && i+2 < len(words) && w == "nuget" && words[i+1] == "add" && words[i+2] == "source" {
				for _, u := range words[i+3:] {
					if offNuGet(u) {
						report("dotnet nuget add source " + u + " makes every later restore fetch packages, and run their build targets, from there")
						return
					}
				}
				return
			}
			opt, val, eq := strings.Cut(w, "=")
			if !eq && i+1 < len(words) {
				val = words[i+1]
			}
			switch opt {
			case "--add-source", "--nuget-source", "-s", "--source":
				if offNuGet(val) {
					report(c.Name + " " + opt + " " + val + " installs packages, and runs their build targets, from there")
					return
				}
			}
			if !strings.HasPrefix(w, "-") && (strings.HasPrefix(strings.ToLower(w), "http://") || strings.HasPrefix(strings.ToLower(w), "https://")) &&
				i > 0 && (words[i-1] == "install" || words[i-1] == "-i" || words[i-1] == "--install") {
				report(c.Name + " installs " + w + ", fetched from that address")
				return
			}
		}
		return
	case "cargo":
		// cargo +nightly install …: the toolchain comes first; --config,
		// -Z, -C and --color take a value before the subcommand.
		verb, rest := "", []string(nil)
		for k := 0; k < len(words); k++ {
			w := words[k]
			if w == "--config" || w == "-Z" || w == "-C" || w == "--color" {
				k++
				continue
			}
			if strings.HasPrefix(w, "+") || strings.HasPrefix(w, "-") {
				continue
			}
			verb, rest = w, words[k+1:]
			break
		}
		if verb != "install" && verb != "binstall" {
			return
		}
		for i, w := range rest {
			// cargo binstall --pkg-url: the binary is fetched from there.
			for _, o := range []string{"--git", "--index", "--registry", "--pkg-url"} {
				if w == o && i+1 < len(rest) || strings.HasPrefix(w, o+"=") {
					report("cargo " + verb + " " + o + " builds, and runs the build scripts of, a crate from another source, or installs a program fetched from there")
					return
				}
			}
		}
		return
	case "npm", "yarn", "gem":
		if c.Name != "gem" {
			if reg, ok := npmRegistry(c, words); ok {
				report(c.Name + " with the registry " + reg + " installs packages, and runs their install scripts, from there")
				return
			}
		}
		// The subcommand after the global options and their values (npm
		// --loglevel silent install, yarn --cwd x add), as the manager
		// names it (npm in is install).
		verb, k := managerVerb(c)
		if k < 0 {
			return
		}
		rest := words[k+1:]
		if c.Name == "yarn" && verb == "global" && len(rest) > 0 {
			verb, rest = rest[0], rest[1:] // yarn global add SPEC
		}
		switch {
		case c.Name == "gem" && verb == "install":
			for _, w := range rest {
				if w == "--source" || strings.HasPrefix(w, "--source=") || w == "--clear-sources" || w == "-s" {
					report("gem install " + w + " installs gems, and runs their extensions' build code, from another source")
					return
				}
			}
		case c.Name == "yarn" && verb == "dlx":
			p.npxSpecs(c, rest, report)
		case c.Name == "npm" && verb == "exec":
			p.npxSpecs(c, rest, report)
		case c.Name == "npm" && (verb == "install" || verb == "install-test"):
			// npm it SPEC is npm install SPEC, then npm test.
			npmInstallSpecs(c.Name, words[k], rest, report)
		case c.Name == "npm" && verb == "pack":
			npmGitBuilds("npm "+words[k], rest, report)
		case c.Name == "npm" && verb == "cache" && len(rest) > 0 && rest[0] == "add":
			npmGitBuilds("npm cache add", rest[1:], report)
		case c.Name == "yarn" && (verb == "install" || verb == "i" || verb == "add"):
			npmInstallSpecs(c.Name, verb, rest, report)
		}
		return
	case "bun":
		// bun add/install/i PKG…, bun x PKG (bunx): the same package
		// specs as npm's (bun add --help).
		if reg, ok := npmRegistry(c, words); ok {
			report("bun with the registry " + reg + " installs packages, and runs their install scripts, from there")
			return
		}
		verb, k := managerVerb(c)
		if k < 0 {
			return
		}
		switch rest := words[k+1:]; verb {
		case "add", "a", "install", "i":
			npmInstallSpecs(c.Name, verb, rest, report)
		case "x":
			p.npxSpecs(c, rest, report)
		}
		return
	case "go":
		// go run MODULE@VERSION fetches the module from its repository,
		// builds and runs it at once: a module path names a repository,
		// not a curated registry (the Go project's own golang.org/x
		// modules are its default tools, as nixpkgs is nix's).
		if len(c.Args) < 2 || c.Args[0].Value != "run" {
			return
		}
		if pkg, ok := syntax.GoRunPackage(c.Args[1:]); ok && goRemoteModule(pkg.Value) {
			report("go run " + pkg.Value + " builds and runs a module fetched from its repository")
		}
		return
	case "corepack":
		// corepack yarn@URL, corepack pnpm@URL, corepack install -g
		// yarn@URL, corepack prepare yarn@URL: the package manager is
		// downloaded from the URL and run (a version is fetched from
		// npm's registry, and passes).
		for _, w := range words {
			if _, ref, ok := strings.Cut(w, "@"); ok && !strings.HasPrefix(w, "-") {
				if l := strings.ToLower(ref); strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
					report("corepack " + w + " downloads that package manager from the address and runs it")
					return
				}
			}
		}
		return
	case "npx", "bunx", "pnpm", "pnpx":
		rest := words
		if c.Name == "pnpm" {
			if reg, ok := npmRegistry(c, words); ok {
				report("pnpm with the registry " + reg + " installs packages, and runs their install scripts, from there")
				return
			}
			verb, k := managerVerb(c)
			if k < 0 {
				return
			}
			r := words[k+1:]
			if verb == "add" || verb == "install" || verb == "i" {
				npmInstallSpecs(c.Name, verb, r, report)
				return
			}
			if verb != "dlx" {
				return
			}
			rest = r
		}
		p.npxSpecs(c, rest, report)
	case "pip", "pip3", "uv", "python":
		args := words
		if name == "python" {
			if len(args) < 2 || args[0] != "-m" || args[1] != "pip" {
				return
			}
			args = args[2:]
		}
		if c.Name == "uv" {
			// uv -q pip install, uv --cache-dir c tool install: uv's own
			// options come first (remoteTool reads them again).
			all := args
			for len(args) > 0 && strings.HasPrefix(args[0], "-") {
				w := args[0]
				_, ok := uvValueOpt(w)
				takes := ok && !strings.Contains(w, "=") && (strings.HasPrefix(w, "--") || len(w) == 2)
				args = args[1:]
				if takes && len(args) > 0 {
					args = args[1:] // --directory d
				}
			}
			if len(args) > 0 && uvFetchVerbs.Get()[args[0]] {
				// uv sync, lock, run, tool…: they resolve and install from
				// the index the environment names (uv pip is read below).
				if name, v, links := envIndex(c, "UV_"); name != "" {
					report(envIndexWhat("uv "+args[0], name, v, "installs", links))
					return
				}
			}
			if len(args) > 0 && (args[0] == "run" || args[0] == "tool" || uvProjectVerbs.Get()[args[0]]) {
				p.remoteTool(c, "uv", all, report)
				return
			}
			if len(args) == 0 || args[0] != "pip" {
				return
			}
			args = args[1:]
		}
		// pip -q install, pip --cache-dir D wheel: the general options
		// come before the command.
		if n := len(words) - len(args); n >= 0 {
			k := pipVerbAt(c.Args[n:])
			if k < 0 {
				return
			}
			args = args[k:]
		}
		// pip wheel and pip download fetch what install would and run
		// an sdist's build code too (setup.py, to read its metadata and
		// to build the wheel); a wheel itself is only saved.
		if len(args) == 0 || args[0] != "install" && args[0] != "wheel" && args[0] != "download" {
			return
		}
		verb, does := args[0], "installs"
		switch verb {
		case "wheel":
			does = "builds"
		case "download":
			does = "fetches"
		}
		if n := len(words) - len(args); n >= 0 && n+1 <= len(c.Args) && p.pipReqFiles(c, c.Args[n+1:], report) {
			return
		}
		skip := false
		for i, w := range args[1:] {
			if skip {
				skip = false
				continue
			}
			v, opt := w, ""
			for _, o := range []string{"--index-url", "--extra-index-url", "-i", "--find-links", "-f"} {
				if w == o && i+2 < len(args) {
					v, opt, skip = args[i+2], o, true
				} else if ov, ok := strings.CutPrefix(w, o+"="); ok {
					v, opt = ov, o
				} else if len(o) == 2 && strings.HasPrefix(w, o) && len(w) > 2 && !strings.HasPrefix(w, "--") {
					v, opt = w[2:], o // -iURL, -fURL
				}
			}
			switch {
			case opt == "--find-links" || opt == "-f":
				if findLinksRemote(v) {
					report("pip " + verb + " " + opt + " " + v + " " + does + ", and runs the build code of, packages it finds at that address")
					return
				}
			case opt != "" && offPyPI(v):
				report("pip " + verb + " " + opt + " " + v + " " + does + ", and runs the build code of, packages from that index")
				return
			case opt == "" && !strings.HasPrefix(w, "-") && remoteSpec(w) && !localDirectRef(w) && !localFileURL(strings.ToLower(w)) && (verb == "install" || !wheelURL(w)):
				report("pip " + verb + " " + w + " builds and runs code it downloads from that address")
				return
			}
		}
		if name, v, links := envIndex(c, "PIP_"); name != "" {
			report(envIndexWhat("pip "+verb, name, v, does, links))
			return
		}
		if name, v, links := envIndex(c, "UV_"); c.Name == "uv" && name != "" {
			report(envIndexWhat("pip "+verb, name, v, does, links))
			return
		}
	case "git":
		_, sub := gitArgs(c)
		if sub < 0 || c.Args[sub].Value != "config" {
			return
		}
		rest := c.Args[sub+1:]
		for i, a := range rest {
			k := strings.ToLower(a.Value)
			if strings.HasPrefix(k, "url.") && (strings.HasSuffix(k, ".insteadof") || strings.HasSuffix(k, ".pushinsteadof")) {
				// url.BASE.insteadOf VALUE: URLs starting with VALUE go to
				// BASE. The same host by another scheme (https for ssh)
				// moves nothing elsewhere.
				base := a.Value[len("url.") : len(a.Value)-len(".insteadOf")]
				if strings.HasSuffix(k, ".pushinsteadof") {
					base = a.Value[len("url.") : len(a.Value)-len(".pushInsteadOf")]
				}
				if i+1 < len(rest) && gitURLHost(base) != "" && strings.EqualFold(gitURLHost(base), gitURLHost(rest[i+1].Value)) {
					return
				}
				report("git config " + a.Value + " sends later fetches and pushes of the repositories it names to " + base)
				return
			}
			if k == "http.proxy" || k == "https.proxy" || strings.HasPrefix(k, "http.") && strings.HasSuffix(k, ".proxy") {
				report("git config " + a.Value + " sends every later fetch and push through that proxy")
				return
			}
		}
	}
}

// goRemoteModule reports a go run package that is a module path with a
// version (host/path@version), off the Go project's golang.org/x.
func goRemoteModule(v string) bool {
	mod, ver, ok := strings.Cut(v, "@")
	if !ok || ver == "" || mod == "" || strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") || strings.HasSuffix(mod, ".go") {
		return false
	}
	host, _, _ := strings.Cut(mod, "/")
	if !strings.Contains(host, ".") {
		return false // std, or a path in the main module
	}
	return host != "golang.org" || !strings.HasPrefix(mod, "golang.org/x/")
}

// npxSpecs judges the words after npx, bunx, pnpm dlx or yarn dlx: a
// package (-p/--package, or the command itself) given as a URL, git+,
// github: or user/repo spec is code fetched and run.
func (p *Pass) npxSpecs(c *syntax.Call, rest []string, report func(string)) {
	call := false
	for i, w := range rest {
		if w == "-c" || w == "--call" || strings.HasPrefix(w, "--call=") {
			// npm exec --call CMD: the command is the string; the packages
			// are only what --package names.
			call = true
			continue
		}
		if call && i > 0 && (rest[i-1] == "-c" || rest[i-1] == "--call") {
			continue // the string
		}
		v := w
		if w == "--" {
			// The end of the runner's options: the next word is the
			// package whose command runs (npx -- github:a/b).
			if i+1 < len(rest) && (remoteSpec(rest[i+1]) || npmShorthand(rest[i+1])) {
				report(c.Name + " runs the package " + rest[i+1] + ", fetched from where it names")
			}
			return
		}
		if (w == "-p" || w == "--package") && i+1 < len(rest) {
			v = rest[i+1]
		} else if pv, ok := strings.CutPrefix(w, "--package="); ok {
			v = pv
		} else if strings.HasPrefix(w, "-") {
			continue
		}
		if remoteSpec(v) || npmShorthand(v) {
			report(c.Name + " runs the package " + v + ", fetched from where it names")
			return
		}
		if !strings.HasPrefix(w, "-") && !call {
			return // the command: what follows is its arguments
		}
	}
}

// npmInstallSpecs judges the words after npm/yarn/pnpm/bun add or
// install: a package spec that is a URL, git+, github: or user/repo is
// code fetched and its install scripts run. "--" ends the options; the
// words after it are still package specs (npm i -- https://x/y.tgz, as
// nopt reads it).
func npmInstallSpecs(prog, verb string, rest []string, report func(string)) {
	ended := false
	valueOpt := npmValueOpt
	if prog == "npm" {
		valueOpt = npmTakesValue
	}
	for k, w := range rest {
		if w == "--" && !ended {
			ended = true
			continue
		}
		if !ended && (strings.HasPrefix(w, "-") || k > 0 && valueOpt(rest[k-1])) {
			continue // an option; --registry URL (judged apart), --tag next, -w app
		}
		if remoteSpec(w) || npmShorthand(w) {
			report(prog + " " + verb + " " + w + " installs a package, and runs its install scripts, fetched from that address")
			return
		}
	}
}

// npmTakesValue reports an npm option word that takes the next word as
// its value (npmGlobalSpec: npm's options are the same before and after
// the command).
func npmTakesValue(w string) bool {
	if strings.Contains(w, "=") || !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
		return false
	}
	if strings.HasPrefix(w, "--") {
		name, cands := npmGlobalSpec.Get().core().Resolve(w[2:])
		return cands == nil && npmGlobalSpec.Get().longVal.has(name) || strings.HasSuffix(w, ":registry")
	}
	// A cluster of letters: the last one takes the next word when it is a
	// value letter and none before it took the rest of the word.
	for i := 1; i < len(w); i++ {
		if strings.Contains(npmGlobalSpec.Get().shortVal, w[i:i+1]) {
			return i == len(w)-1
		}
	}
	return false
}

// npmGitBuilds judges the package specs of npm pack and npm cache add
// (verb): npm clones a git repository spec (git+, git://, github:,
// gitlab:, bitbucket:, gist:, ssh:// or user/repo) and runs its install
// and prepare scripts to build the package it packs, as npm install
// does. A tarball by URL is only saved (package-fetch moves npm pack's).
func npmGitBuilds(verb string, rest []string, report func(string)) {
	ended := false
	for k, w := range rest {
		if w == "--" && !ended {
			ended = true
			continue
		}
		if !ended && (strings.HasPrefix(w, "-") || k > 0 && npmTakesValue(rest[k-1])) {
			continue
		}
		if npmGitSpec(w) {
			report(verb + " " + w + " clones that repository and runs its install and prepare scripts to build the package")
			return
		}
	}
}

// npmGitSpec reports a package spec npm reads as a git repository: a
// git URL, a hosted shorthand (github:a/b, user/repo), or name@ one.
func npmGitSpec(v string) bool {
	l := strings.ToLower(v)
	if i := strings.Index(l, "@"); i > 0 {
		if rest := l[i+1:]; remoteSpec(rest) || npmShorthand(rest) {
			l = rest // name@github:a/b, name@git+https://…
		}
	}
	for _, p := range []string{"git+", "git://", "github:", "gitlab:", "bitbucket:", "gist:", "ssh://"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	if u, err := url.Parse(l); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		// A hosted repository's page (https://github.com/a/b) is a git
		// spec to npm; a tarball (.tgz) is not.
		h := strings.TrimPrefix(u.Hostname(), "www.")
		p := strings.Trim(u.Path, "/")
		return (h == "github.com" || h == "gitlab.com" || h == "bitbucket.org") && strings.Count(p, "/") == 1 || strings.HasSuffix(p, ".git")
	}
	return npmShorthand(v)
}

// npmValueOpt reports an option of npm, yarn or pnpm install that takes
// the next word as its value.
func npmValueOpt(w string) bool {
	if strings.HasPrefix(w, "--") && strings.HasSuffix(w, ":registry") {
		return true
	}
	switch w {
	case "--registry", "--tag", "--prefix", "-w", "--workspace", "--cache", "--userconfig", "--globalconfig", "--otp",
		"--omit", "--include", "--install-strategy", "--save-prefix", "--filter", "-C", "--dir", "--cwd":
		return true
	}
	return false
}

// npmShorthand reports a package spec npm reads as a GitHub repository:
// user/repo[#ref] that is no scoped name (@scope/x) and no path (./x,
// ../x, /x, ~/x) or tarball (x/y.tgz) — npm-package-arg's hosted-git
// shorthand.
func npmShorthand(v string) bool {
	if v == "" || strings.ContainsAny(v[:1], "@./~-") || strings.Count(v, "/") != 1 || strings.ContainsAny(v, ":@% ") {
		return false
	}
	l := strings.ToLower(v)
	if strings.HasSuffix(l, ".tgz") || strings.HasSuffix(l, ".tar.gz") || strings.HasSuffix(l, ".tar") {
		return false
	}
	user, repo, _ := strings.Cut(v, "/")
	repo, _, _ = strings.Cut(repo, "#")
	return user != "" && repo != ""
}

// npmRegistry returns the registry a npm, yarn or pnpm call is pointed
// at (--registry URL, --registry=URL, --@scope:registry=URL, or
// npm_config_registry/NPM_CONFIG_REGISTRY in its environment), when it
// is another host than npm's and yarn's public ones, and the call
// installs or runs packages: install, i, add, ci, exec, x, dlx, update
// (npm config set registry is tool-config's).
func npmRegistry(c *syntax.Call, words []string) (string, bool) {
	installs := false
	reg := ""
	for i, w := range words {
		if w == "--" {
			break // the arguments of the script npm run starts
		}
		switch w {
		case "install", "i", "add", "ci", "exec", "x", "dlx", "update", "up", "upgrade", "create", "init":
			installs = true
		}
		name, v, eq := strings.Cut(w, "=")
		if !strings.HasPrefix(name, "--") || name != "--registry" && !strings.HasSuffix(name, ":registry") {
			continue
		}
		if !eq {
			if i+1 >= len(words) {
				continue
			}
			v = words[i+1]
		}
		reg = v
	}
	if c.Name == "npm" {
		// npm --registry URL in foo: the command as npm dereferences it.
		switch v, _ := managerVerb(c); v {
		case "install", "install-test", "ci", "install-ci-test", "exec", "update", "init":
			installs = true
		}
	}
	for _, n := range []string{"npm_config_registry", "NPM_CONFIG_REGISTRY", "YARN_REGISTRY", "YARN_NPM_REGISTRY_SERVER"} {
		if v, ok := c.EnvValue(n); ok && reg == "" {
			reg = v
		}
	}
	if !installs || reg == "" {
		return "", false
	}
	u, err := url.Parse(reg)
	if err != nil || u.Host == "" {
		return reg, true
	}
	switch strings.ToLower(u.Hostname()) {
	case "registry.npmjs.org", "registry.yarnpkg.com", "registry.npmjs.com", "localhost", "127.0.0.1", "::1":
		return "", false
	}
	return reg, true
}

// remoteImport matches JavaScript that imports a module from an http(s)
// address: import("https://…"), import x from "https://…".
var remoteImport = lazy.Regexp{Expr: `(?:\bimport\s*\(\s*|\bfrom\s+)["'\x60]https?://`}

// remoteTool judges uv run/uvx/uv tool/pipx, whose words (after the
// program, or after uv) are a verb and its arguments: a script or
// package given as a URL or git+ spec, or --from/--spec/--with naming
// one, or an index off PyPI, is code fetched and run. Options are read
// with the values uv's and pipx's manuals give them (uv run -p 3.12 URL:
// 3.12 is the Python version, URL the script); a word after an option
// corral does not know may be its value, so the word after it is read as
// the script too.
func (p *Pass) remoteTool(c *syntax.Call, prog string, words []string, report func(string)) {
	what := prog
	i := 0
	// pipx inject VENV SPEC…: every operand after the environment's
	// name is a package installed into it.
	inject, venv := false, true
	if prog == "uv" || prog == "pipx" {
		for i < len(words) && strings.HasPrefix(words[i], "-") {
			if _, ok := uvValueOpt(words[i]); ok && !strings.Contains(words[i], "=") {
				i++
			}
			i++
		}
		if i >= len(words) {
			return
		}
		what += " " + words[i]
		switch {
		case words[i] == "run", words[i] == "install", words[i] == "tool", words[i] == "inject", words[i] == "upgrade":
		case prog == "uv" && uvProjectVerbs.Get()[words[i]]:
		default:
			return
		}
		if words[i] == "tool" && i+1 < len(words) {
			i++
			what += " " + words[i]
		}
		inject = words[i] == "inject"
		i++
	}
	maybeValue := false
	for j := i; j < len(words); j++ {
		w := words[j]
		if w == "--" {
			if j+1 < len(words) && remoteSpec(words[j+1]) {
				report(what + " " + words[j+1] + " runs code fetched from that address")
			}
			return
		}
		if strings.HasPrefix(w, "-") && w != "-" {
			carrier, known := uvValueOpt(w)
			if !known {
				maybeValue = true
				continue
			}
			maybeValue = false
			v, attached := "", false
			if k := strings.Index(w, "="); k > 0 && strings.HasPrefix(w, "--") {
				v, attached = w[k+1:], true
			} else if !strings.HasPrefix(w, "--") && len(w) > 2 {
				v, attached = w[2:], true // -p3.12, -ihttps://…
			}
			if !attached {
				if j+1 >= len(words) {
					return
				}
				j++
				v = words[j]
			}
			switch carrier {
			case "spec":
				if remoteSpec(v) {
					report(what + " " + v + " runs code fetched from that address")
					return
				}
			case "index":
				if offPyPI(v) && (strings.Contains(v, "://") || remoteSpec(v)) {
					report(what + " " + w + " " + v + " installs, and runs, packages from that index")
					return
				}
			}
			continue
		}
		if remoteSpec(w) {
			report(what + " " + w + " runs code fetched from that address")
			return
		}
		if inject {
			if venv {
				what += " " + w
			}
			venv = false
			continue
		}
		if !maybeValue {
			return // the script or package: what follows is its arguments
		}
		maybeValue = false
	}
}

// uvValueOpt reports whether option word w (--name, --name=value, -x or
// -xVALUE) takes a value in uv run, uvx, uv tool and pipx, and what its
// value can carry: "spec" (a package or script that may be a URL),
// "index" (a package index or find-links location) or "" (anything else:
// a Python version, a directory, a group).
func uvValueOpt(w string) (carrier string, ok bool) {
	name := w
	if strings.HasPrefix(w, "--") {
		name, _, _ = strings.Cut(w, "=")
	} else if len(w) > 2 {
		name = w[:2]
	}
	switch name {
	case "--from", "--spec", "--with", "--with-editable", "--preinstall", "--suffix-spec":
		return "spec", true
	case "--index", "--index-url", "-i", "--extra-index-url", "--default-index", "--find-links", "-f", "--pip-args":
		return "index", true
	case "--python", "-p", "--with-requirements", "--directory", "--project", "--package", "--extra", "--group",
		"--only-group", "--no-group", "--env-file", "--config-file", "--cache-dir", "--python-preference",
		"--config-setting", "-C", "--refresh-package", "--reinstall-package", "--upgrade-package", "-P", "--resolution",
		"--prerelease", "--exclude-newer", "--link-mode", "--keyring-provider", "--index-strategy", "--color",
		"--allow-insecure-host", "--no-binary-package", "--no-build-package", "--python-platform", "--torch-backend",
		"--suffix", "--emit-index-url", "--build-constraints", "--constraints", "--overrides", "-c", "-b",
		"--no-build-isolation-package", "--exclude-newer-package", "--fork-strategy", "--python-version":
		return "", true
	}
	return "", false
}
