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
develop, profile install and build of a github:/gitlab:/git+/http(s)
flake, cargo install --git/--index/--registry, npm/yarn/pnpm install or
add of a URL, git+, github: or file: spec, and gem install --source or
--clear-sources. Nothing of it lands where corral can move it first: ask. A
package by name from the default registry (npx eslint, pip install
requests, go run mod@version) is the everyday way to run tools and
passes.`,
	Commands: append(programsOf(lang.Python, lang.JS), "npx", "bunx", "pnpm", "pip", "pip3", "uv", "uvx", "pipx", "git", "nix", "cargo", "npm", "yarn", "gem"),
	Call:     checkRemoteRun,
	Command:  checkRemoteWrappers,
}

// checkRemoteWrappers judges uv run, uvx and pipx run where syntax took
// them off as wrappers of the program they run: their words, then the
// program's, are what remoteTool reads.
func checkRemoteWrappers(p *Pass) {
	for _, c := range p.Model.Calls {
		pre := c.PreWords()
		for k, a := range pre {
			prog := path.Base(a.Value)
			if !a.Static || prog != "uv" && prog != "uvx" && prog != "pipx" {
				continue
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
// fetch from rather than a registry name.
func remoteSpec(v string) bool {
	l := strings.ToLower(v)
	for _, p := range []string{"http://", "https://", "git+", "git://", "github:", "gitlab:", "bitbucket:", "gist:", "ssh://", "file:"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return strings.Contains(l, "@git+") || strings.Contains(l, " @ http")
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
		for _, w := range rest {
			if !strings.HasPrefix(w, "-") {
				if l := strings.ToLower(w); strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
					report("deno " + verb + " " + w + " runs a module it downloads")
				}
				return
			}
		}
	case "uvx", "pipx":
		p.remoteTool(c, c.Name, words, report)
		return
	case "nix":
		verb, rest := first()
		switch verb {
		case "run", "shell", "develop", "build", "profile":
		default:
			return
		}
		for _, w := range rest {
			if w == "--" {
				return
			}
			if !strings.HasPrefix(w, "-") && remoteSpec(w) {
				report("nix " + verb + " " + w + " builds and runs a flake fetched from that address")
				return
			}
		}
		return
	case "cargo":
		verb, rest := first()
		if verb != "install" {
			return
		}
		for i, w := range rest {
			for _, o := range []string{"--git", "--index", "--registry"} {
				if w == o && i+1 < len(rest) || strings.HasPrefix(w, o+"=") {
					report("cargo install " + o + " builds, and runs the build scripts of, a crate from another source")
					return
				}
			}
		}
		return
	case "npm", "yarn", "gem":
		verb, rest := first()
		switch {
		case c.Name == "gem" && verb == "install":
			for _, w := range rest {
				if w == "--source" || strings.HasPrefix(w, "--source=") || w == "--clear-sources" || w == "-s" {
					report("gem install " + w + " installs gems, and runs their extensions' build code, from another source")
					return
				}
			}
		case c.Name != "gem" && (verb == "install" || verb == "i" || verb == "add" || verb == "exec" && c.Name == "npm"):
			for _, w := range rest {
				if w == "--" {
					return
				}
				if !strings.HasPrefix(w, "-") && remoteSpec(w) {
					report(c.Name + " " + verb + " " + w + " installs a package, and runs its install scripts, fetched from that address")
					return
				}
			}
		}
		return
	case "npx", "bunx", "pnpm":
		rest := words
		if c.Name == "pnpm" {
			verb, r := first()
			if verb == "add" || verb == "install" || verb == "i" {
				for _, w := range r {
					if !strings.HasPrefix(w, "-") && remoteSpec(w) {
						report("pnpm " + verb + " " + w + " installs a package, and runs its install scripts, fetched from that address")
						return
					}
				}
				return
			}
			if verb != "dlx" {
				return
			}
			rest = r
		}
		for i, w := range rest {
			if w == "--" || w == "-c" || w == "--call" {
				return
			}
			v := w
			if (w == "-p" || w == "--package") && i+1 < len(rest) {
				v = rest[i+1]
			} else if pv, ok := strings.CutPrefix(w, "--package="); ok {
				v = pv
			} else if strings.HasPrefix(w, "-") {
				continue
			}
			if remoteSpec(v) {
				report(c.Name + " runs the package " + v + ", fetched from where it names")
				return
			}
			if !strings.HasPrefix(w, "-") {
				return // the command: what follows is its arguments
			}
		}
	case "pip", "pip3", "uv", "python":
		args := words
		if name == "python" {
			if len(args) < 2 || args[0] != "-m" || args[1] != "pip" {
				return
			}
			args = args[2:]
		}
		if c.Name == "uv" {
			if len(args) > 0 && (args[0] == "run" || args[0] == "tool") {
				p.remoteTool(c, "uv", args, report)
				return
			}
			if len(args) == 0 || args[0] != "pip" {
				return
			}
			args = args[1:]
		}
		if len(args) == 0 || args[0] != "install" {
			return
		}
		skip := false
		for i, w := range args[1:] {
			if skip {
				skip = false
				continue
			}
			v, opt := w, ""
			for _, o := range []string{"--index-url", "--extra-index-url", "-i"} {
				if w == o && i+2 < len(args) {
					v, opt, skip = args[i+2], o, true
				} else if ov, ok := strings.CutPrefix(w, o+"="); ok {
					v, opt = ov, o
				} else if o == "-i" && strings.HasPrefix(w, "-i") && len(w) > 2 && !strings.HasPrefix(w, "--") {
					v, opt = w[2:], o // -iURL
				}
			}
			switch {
			case opt != "" && offPyPI(v):
				report("pip install " + opt + " " + v + " installs, and runs the build code of, packages from that index")
				return
			case opt == "" && !strings.HasPrefix(w, "-") && remoteSpec(w):
				report("pip install " + w + " builds and runs code it downloads from that address")
				return
			}
		}
		for _, name := range []string{"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL"} {
			if v, ok := c.EnvValue(name); ok && offPyPI(v) {
				report("pip install with " + name + "=" + v + " installs packages from that index")
				return
			}
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

// remoteImport matches JavaScript that imports a module from an http(s)
// address: import("https://…"), import x from "https://…".
var remoteImport = lazy.Regexp{Expr: `(?:\bimport\s*\(\s*|\bfrom\s+)["'\x60]https?://`}

// remoteTool judges uv run/uvx/uv tool/pipx, whose words (after the
// program, or after uv) are a verb and its arguments: a script or
// package given as a URL or git+ spec, or --from/--spec/--with naming
// one, is code fetched and run.
func (p *Pass) remoteTool(c *syntax.Call, prog string, words []string, report func(string)) {
	what := prog
	i := 0
	if prog == "uv" || prog == "pipx" {
		for i < len(words) && strings.HasPrefix(words[i], "-") {
			i++
		}
		if i >= len(words) {
			return
		}
		what += " " + words[i]
		switch words[i] {
		case "run", "install", "tool", "inject", "upgrade":
		default:
			return
		}
		if words[i] == "tool" && i+1 < len(words) {
			i++
			what += " " + words[i]
		}
		i++
	}
	for j := i; j < len(words); j++ {
		w := words[j]
		if w == "--" {
			return
		}
		v := w
		for _, o := range []string{"--from", "--spec", "--with", "--index-url", "--index", "--extra-index-url"} {
			if w == o && j+1 < len(words) {
				v = words[j+1]
			} else if ov, ok := strings.CutPrefix(w, o+"="); ok {
				v = ov
			}
		}
		if v != w || !strings.HasPrefix(w, "-") {
			if remoteSpec(v) && (v == w || !strings.Contains(w, "index") || offPyPI(v)) {
				report(what + " " + v + " runs code fetched from that address")
				return
			}
		}
		if !strings.HasPrefix(w, "-") && v == w {
			return // the script or package: what follows is its arguments
		}
	}
}
