package rewrite

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// Repository snapshots and project templates fetched into the project
// (read with the vcs-clone rule): sl (Sapling) clone SOURCE [DEST], as
// hg's; degit, tiged and giget SOURCE [DEST], which write a snapshot of a
// repository's files (degit and tiged into the working directory itself
// when no DEST is given); ghq get, which clones under its root
// (~/ghq or ghq.root), outside the project and not movable from the
// command line; and the template tools cookiecutter, copier copy and
// cargo generate, which fetch a template and run its hooks (cookiecutter's
// hooks/, copier's tasks, cargo-generate's scripts) while they render it.

// snapshotSpec returns the options that take a value of each program
// (its --help).
func snapshotSpec(name string) optSpec {
	switch name {
	case "degit":
		return optSpec{shortVal: "m", longEq: true, longVal: longOpts("mode")}
	case "tiged":
		return optSpec{shortVal: "mDo", longEq: true, longVal: longOpts("mode", "sub-directory", "proxy")}
	case "giget":
		return optSpec{longEq: true, longVal: longOpts("cwd", "auth", "provider", "registry")}
	case "sl":
		return optSpec{shortVal: "urReb", longEq: true, longVal: longOpts("updaterev", "rev", "repository", "ssh", "remotecmd", "config",
			"cwd", "enable-profile", "branch")}
	case "copier":
		return optSpec{shortVal: "adrwx", longEq: true, longVal: longOpts("answers-file", "data", "data-file", "vcs-ref", "exclude", "skip")}
	case "cargo", "cargo-generate":
		return optSpec{shortVal: "nd", longEq: true, longVal: longOpts("git", "branch", "tag", "revision", "path", "name", "define",
			"template-values-file", "destination", "config", "favorite", "subfolder")}
	case "cookiecutter":
		return optSpec{longEq: true, longVal: longOpts("checkout", "directory", "output-dir", "config-file", "default-config", "replay-file")}
	}
	return optSpec{}
}

// localTemplate reports a template source that names a directory on this
// disk rather than a repository to fetch.
func localTemplate(a syntax.Arg) bool {
	v := a.Value
	return a.Static && (v == "." || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") ||
		strings.HasPrefix(v, "~") || strings.HasPrefix(v, "file:"))
}

// remoteTemplate reports a template source cookiecutter and copier fetch
// rather than read from this disk: a URL, git@HOST:…, or an abbreviation
// (gh:, gl:, bb:, git+, hg+); any other word names a local directory (or
// one cached from an earlier fetch). A source known only at run time
// counts as remote.
func remoteTemplate(a syntax.Arg) bool {
	if !a.Static {
		return true
	}
	v := a.Value
	for _, pre := range []string{"gh:", "gl:", "bb:", "git+", "hg+", "git@"} {
		if strings.HasPrefix(v, pre) {
			return true
		}
	}
	return strings.Contains(v, "://")
}

// templateFetch judges the calls of the programs above; it reports
// whether c was one of them.
func (p *Pass) templateFetch(c *syntax.Call) bool {
	args := c.Args
	name := c.Name
	switch name {
	case "sl":
		opts, ops := scan(args, snapshotSpec("sl"))
		if len(ops) < 2 || args[ops[0]].Value != "clone" || has(opts, "h", "help") {
			return true
		}
		cl := clone{call: c, rule: "vcs-clone", kind: "sl clone", program: "hg", src: args[ops[1]], dir: c.Dir, at: args[ops[1]].End}
		if len(ops) >= 3 {
			cl.dest = &args[ops[2]]
		}
		p.cloneDest(cl)
		return true
	case "degit", "tiged", "giget":
		opts, ops := scan(args, snapshotSpec(name))
		if len(ops) == 0 || has(opts, "h", "help") || localTemplate(args[ops[0]]) {
			return true
		}
		if name == "giget" && has(opts, "install", "shell") {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "template",
				Message: "giget --install/--shell runs the fetched template's package scripts or a shell in it; fetch it into " + p.Config.Sandbox + " and read it first"})
			return true
		}
		src := args[ops[0]]
		if i := strings.IndexByte(src.Value, '#'); i > 0 && src.Static {
			// OWNER/REPO#REF: the name is the repository's.
			src.Value = src.Value[:i]
		}
		cl := clone{call: c, rule: "vcs-clone", kind: name, program: "gh", src: src, dir: c.Dir, at: args[ops[0]].End}
		if len(ops) >= 2 {
			cl.dest = &args[ops[1]]
		}
		p.cloneDest(cl)
		return true
	case "ghq":
		if len(args) > 0 && args[0].Value == "get" && !p.DirInSandbox(c.Dir) {
			p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "ghq get",
				Message: "ghq get clones the repository under ghq's root (~/ghq or ghq.root), outside the sandbox; clone it with git clone into " + p.Config.Sandbox})
		}
		return true
	case "cookiecutter", "copier", "cargo", "cargo-generate":
		rest := args
		what := name
		switch name {
		case "cargo":
			if len(args) == 0 || args[0].Value != "generate" {
				return false
			}
			rest, what = args[1:], "cargo generate"
		case "copier":
			if len(args) > 0 && (args[0].Value == "copy" || args[0].Value == "recopy" || args[0].Value == "update") {
				what = "copier " + args[0].Value
				rest = args[1:]
			}
		}
		opts, ops := scan(rest, snapshotSpec(name))
		if has(opts, "h", "help", "version", "V", "list-installed", "l") {
			return true
		}
		if name == "cargo" || name == "cargo-generate" {
			// cargo generate --path DIR renders a template on this disk.
			for _, o := range find(opts, "path") {
				if o.hasVal && localTemplate(o.val) {
					return true
				}
			}
		} else if what != "copier update" && what != "copier recopy" && (len(ops) == 0 || !remoteTemplate(rest[ops[0]])) {
			return true
		}
		if p.DirInSandbox(c.Dir) {
			return true
		}
		p.Report(c, Finding{Rule: "vcs-clone", Decision: Ask, Kind: "template",
			Message: what + " fetches a template and runs its hooks while it renders it into the project; fetch it into " + p.Config.Sandbox + " and read it first"})
		return true
	}
	return false
}

var remoteMount = Rule{
	Name:      "remote-mount",
	Decisions: []Decision{Ask},
	Doc: `A remote file system mounted inside the project (sshfs HOST:DIR
MOUNTPOINT, curlftpfs HOST MOUNTPOINT, rclone mount|nfsmount|cmount
REMOTE:PATH MOUNTPOINT) puts foreign files there that later reads and
builds take for the project's, and sends writes into it to the remote:
asked about unless the mount point is in the sandbox or outside the
project. rclone's flags may stand anywhere: its mount point is the first
word after the remote that is no option.`,
	Commands: []string{"sshfs", "curlftpfs", "rclone"},
	Call:     checkRemoteMount,
}

func checkRemoteMount(p *Pass, c *syntax.Call) {
	var point *syntax.Arg
	switch c.Name {
	case "sshfs", "curlftpfs":
		_, ops := scan(c.Args, optSpec{shortVal: "opF"})
		if len(ops) < 2 {
			return
		}
		point = &c.Args[ops[1]]
	case "rclone":
		verb := -1
		for i, a := range c.Args {
			if a.Static && (a.Value == "mount" || a.Value == "nfsmount" || a.Value == "cmount") {
				verb = i
				break
			}
			prev := ""
			if i > 0 {
				prev = c.Args[i-1].Value
			}
			if !strings.HasPrefix(a.Value, "-") && !(strings.HasPrefix(prev, "--") && !strings.Contains(prev, "=")) {
				return // another subcommand (a word after --flag may be its value)
			}
		}
		if verb < 0 {
			return
		}
		remote := false
		for i := verb + 1; i < len(c.Args); i++ {
			a := c.Args[i]
			if strings.HasPrefix(a.Value, "-") {
				continue
			}
			if !remote {
				remote = strings.Contains(a.Value, ":")
				continue
			}
			point = &c.Args[i]
			break
		}
	}
	if point == nil || p.InSandbox(c.Dir, *point) {
		return
	}
	if point.Static && !within(p.Config.Project, c.Dir.Join(point.Value)) && c.Dir.Known {
		return // a mount point outside the project
	}
	p.Report(c, Finding{Rule: "remote-mount", Decision: Ask, Kind: "mount",
		Message: c.Name + " mounts a remote file system at " + point.Value + " in the project: its files are foreign content and writes there go to the remote; mount it under " + p.Config.Sandbox + " or outside the project"})
}

// Project initializers: a package manager's verb that fetches a package,
// runs its code and writes the tree it makes into the working directory —
// npm create/init PKG (npm init with no package, or only options, writes
// a package.json and is local), yarn/pnpm create PKG, bun create
// TEMPLATE (an npm create-TEMPLATE package or a GitHub repository; a local
// file or directory is not fetched), composer create-project PKG, and
// rails new -m/--template URL, which evaluates a remote Ruby template. A
// create-* package (or @scope/create) run by any package runner (npx
// create-vite app, pnpm dlx create-vite, deno run npm:create-vite) is the
// same call. They are judged as the template tools are: asked about
// unless they run in the sandbox or their destination is there.

// initializerSpec returns the options that take a value of each
// initializer verb (their --help): any other word that starts with "-"
// is a flag, and the first other word is the package or template.
func initializerSpec(name string) optSpec {
	switch name {
	case "npm":
		return optSpec{shortVal: "w", longEq: true, longVal: longOpts("workspace", "scope", "init-author-name", "init-author-email",
			"init-author-url", "init-license", "init-module", "init-version", "userconfig", "registry", "cache", "prefix")}
	case "yarn", "pnpm", "bun":
		return optSpec{shortVal: "C", longEq: true, longVal: longOpts("cwd", "dir", "registry")}
	case "composer":
		return optSpec{shortVal: "sd", longEq: true, longVal: longOpts("stability", "repository", "repository-url", "add-repository",
			"prefer-install", "working-dir", "ignore-platform-req")}
	case "rails":
		return optSpec{shortVal: "mdjracTJ", longEq: true, longVal: longOpts("template", "database", "javascript", "ruby", "asset-pipeline",
			"css", "rc", "skip-namespace")}
	}
	return optSpec{}
}

// initializerPackage reports an npm package whose command is a project
// initializer: create-NAME, @SCOPE/create-NAME, @SCOPE/create (npm's
// naming for npm init), with any @VERSION.
func initializerPackage(pkg string) bool {
	if at := strings.LastIndexByte(pkg, '@'); at > 0 {
		pkg = pkg[:at]
	}
	base := pkg
	if strings.HasPrefix(pkg, "@") {
		_, b, ok := strings.Cut(pkg, "/")
		if !ok {
			return false
		}
		base = b
	}
	return base == "create" || strings.HasPrefix(base, "create-")
}

// initializer returns what a call that runs a project initializer is
// called in messages and its destination (nil when it has none or it is
// not a word), and whether c is one. A create-* package's own call counts
// when a package runner runs it: the runner's child (npx create-vite app,
// pnpm dlx, bunx, deno run npm:create-vite) or a call unwrapped from npm,
// yarn or pnpm exec.
func initializer(c *syntax.Call) (what string, dest *syntax.Arg, ok bool) {
	args := c.Args
	if initializerPackage(c.Name) {
		runner := ""
		if c.RunBy != nil {
			if _, isRun := syntax.PackageRunArgs(c.RunBy); isRun {
				runner = c.RunBy.Name
			}
		}
		if n := len(c.Wrappers); runner == "" && n > 0 && slices.Contains(syntax.PackageRunnerNames(), c.Wrappers[n-1]) {
			runner = c.Wrappers[n-1]
		}
		if runner == "" {
			if !installedInitializer(c, os.Getenv("PATH")) {
				return "", nil, false
			}
			runner = "the installed"
		}
		_, ops := scan(args, optSpec{})
		if len(ops) > 0 {
			dest = &args[ops[0]]
		}
		return runner + " " + c.Name, dest, true
	}
	if len(args) == 0 || !args[0].Static {
		return "", nil, false
	}
	verb, at := args[0].Value, 0
	if v, k := managerVerb(c); k >= 0 {
		// npm --prefix x init PKG, yarn --cwd d create PKG: the verb
		// after the manager's global options and their values (npm's
		// dereferenced: create and innit are init).
		verb, at = v, k
	}
	switch {
	case c.Name == "npm" && (verb == "create" || verb == "init" || verb == "innit"),
		(c.Name == "yarn" || c.Name == "pnpm" || c.Name == "bun") && verb == "create",
		c.Name == "composer" && verb == "create-project":
	case c.Name == "rails" && verb == "new":
		opts, ops := scan(args[1:], initializerSpec("rails"))
		for _, o := range find(opts, "m", "template") {
			if remoteTemplate(o.val) {
				if len(ops) > 0 {
					dest = &args[1+ops[0]]
				}
				return "rails new --template " + o.val.Value, dest, true
			}
		}
		return "", nil, false
	default:
		return "", nil, false
	}
	_, ops := scan(args[at+1:], initializerSpec(c.Name))
	if len(ops) == 0 {
		return "", nil, false // npm init, npm init -y: a package.json here
	}
	src := args[at+1+ops[0]]
	if c.Name == "bun" && localTemplate(src) {
		return "", nil, false
	}
	if len(ops) > 1 {
		dest = &args[at+1+ops[1]]
	}
	return c.Name + " " + verb + " " + src.Value, dest, true
}

// installedInitializer reports a create-* program run by its name (or
// path) that is an npm package's command installed globally (npm i -g
// create-react-app, yarn global add, pnpm add -g, bun add -g): the file
// found on path is a link into a node_modules/create-*/ (or
// @SCOPE/create*) directory, or a small launcher script (pnpm's) that
// names one. Such a program does what npm create does with it: writes a
// tree, and most run npm install in it. create-image and other programs
// that happen to share the prefix are not npm packages and pass.
func installedInitializer(c *syntax.Call, path string) bool {
	name := c.NameArg.Value
	if !c.NameArg.Static || name == "" {
		return false
	}
	var file string
	if strings.Contains(name, "/") {
		d := c.Dir.Join(name)
		if !d.Known {
			return false
		}
		file = d.Path
	} else {
		for _, dir := range filepath.SplitList(path) {
			if dir == "" || !filepath.IsAbs(dir) {
				continue // the working directory: a file the agent may have written, read by pathProgram
			}
			f := filepath.Join(dir, name)
			if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
				file = f
				break
			}
		}
	}
	if file == "" {
		return false
	}
	if real, err := filepath.EvalSymlinks(file); err == nil && initializerModulePath(real) {
		return true
	}
	// A launcher script: read its first 4 KiB for a path into one.
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	text := string(head[:n])
	for _, field := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(" \t\n\"'`=:;()", r) }) {
		if initializerModulePath(field) {
			return true
		}
	}
	return false
}

// initializerModulePath reports a path with a node_modules element
// followed by an initializer package's directory (create-NAME,
// @SCOPE/create-NAME, @SCOPE/create).
func initializerModulePath(p string) bool {
	parts := strings.Split(filepath.ToSlash(p), "/")
	for i := 0; i+1 < len(parts); i++ {
		if parts[i] != "node_modules" {
			continue
		}
		pkg := parts[i+1]
		if strings.HasPrefix(pkg, "@") && i+2 < len(parts) {
			pkg += "/" + parts[i+2]
		}
		if initializerPackage(pkg) {
			return true
		}
	}
	return false
}

var projectInitializer = Rule{
	Name:      "project-initializer",
	Decisions: []Decision{Ask},
	Doc: `The package managers' project initializers fetch a package, run its
code and write the tree it makes into the working directory, as the
template tools do: npm create/init PKG (npm init foo runs the package
create-foo; npm init alone, or with options only, writes a package.json
and passes), yarn, pnpm and bun create (bun create of a local file or
directory passes), composer create-project PKG, rails new -m/--template
URL (a remote Ruby template it evaluates), and a create-* package run by
any package runner of the one table (npx create-vite app, npm exec,
pnpm dlx, bunx, bun x, deno run npm:create-vite), or installed globally
and run by its name (create-react-app app, create-vite x, found on PATH
as a link into a node_modules/create-*/ directory or a launcher script
naming one; create-image, not an npm package, passes). Asked about unless the
call runs in the sandbox or its destination (the first operand after the
package) is there.`,
	Words: []string{"composer", "rails"},
	Call:  checkProjectInitializer,
}

// checkProjectInitializer judges the calls initializer finds.
func checkProjectInitializer(p *Pass, c *syntax.Call) {
	if !strings.Contains(c.Name, "create") && c.Name != "npm" && c.Name != "yarn" && c.Name != "pnpm" && c.Name != "bun" && c.Name != "composer" &&
		c.Name != "rails" {
		return
	}
	what, dest, ok := initializer(c)
	if !ok {
		return
	}
	if p.DirInSandbox(c.Dir) || dest != nil && dest.Static && p.DirInSandbox(c.Dir.Join(dest.Value)) {
		return
	}
	p.Report(c, Finding{Rule: "project-initializer", Decision: Ask, Kind: "template",
		Message: what + " fetches a project template, runs its code and writes the tree it makes into the project; run it in the sandbox (cd " +
			syntax.Quote(p.Config.Sandbox) + " first, or a destination there) and read the result first"})
}
