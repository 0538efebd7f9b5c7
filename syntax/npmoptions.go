package syntax

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// NpmOptions is npm's options as its config definitions type them
// (@npmcli/config: every option whose type is not Boolean takes a value;
// an option it does not know takes none),
// with nopt's shorthands (-w workspace, -C prefix, -c call, -L location,
// -m message, --reg registry) and its abbreviations of long names.
var NpmOptions = OptSpec{ShortVal: "cLmCw", LongEq: true, Abbrev: true, Stop: true,
	LongVal: []string{"_auth", "access", "allow-directory", "allow-file", "allow-git", "allow-remote", "allow-scripts", "also",
		"audit-level", "auth-type", "before", "browser", "ca", "cache", "cache-max", "cache-min", "cafile", "call", "cert", "cidr",
		"color", "cpu", "depth", "diff", "diff-dst-prefix", "diff-src-prefix", "diff-unified", "editor", "expect-result-count",
		"expires", "fetch-retries", "fetch-retry-factor", "fetch-retry-maxtimeout", "fetch-retry-mintimeout", "fetch-timeout",
		"git", "globalconfig", "heading", "https-proxy", "include", "init-author-email", "init-author-name", "init-author-url",
		"init-license", "init-module", "init-type", "init-version", "init.author.email", "init.author.name", "init.author.url",
		"init.license", "init.module", "init.version", "install-strategy", "key", "libc", "local-address", "location",
		"lockfile-version", "loglevel", "logs-dir", "logs-max", "name", "maxsockets", "message", "min-release-age",
		"min-release-age-exclude", "node-gyp", "node-options", "noproxy", "omit", "only", "orgs", "os", "otp", "package",
		"pack-destination", "packages", "prefix", "preid", "provenance-file", "proxy", "registry", "replace-registry-host",
		"save-prefix", "sbom-format", "sbom-type", "scope", "scopes", "packages-and-scopes-permission", "orgs-permission",
		"password", "token-description", "script-shell", "searchexclude", "searchlimit", "searchopts", "searchstaleness",
		"shell", "tag", "tag-version-prefix", "umask", "user-agent", "userconfig", "viewer", "which", "workspace",
		"enjoy-by", "reg"},
	LongFlag: []string{"all", "allow-same-version", "audit", "bin-links", "bypass-2fa", "commit-hooks",
		"dangerously-allow-all-scripts", "description", "dev", "diff-ignore-all-space", "diff-name-only", "diff-no-prefix",
		"diff-text", "dry-run", "engine-strict", "expect-results", "force", "foreground-scripts", "format-package-lock", "fund",
		"git-tag-version", "global", "global-style", "if-present", "ignore-scripts", "include-staged", "include-workspace-root",
		"include-attestations", "init-private", "install-links", "json", "legacy-bundling", "legacy-peer-deps", "link", "long",
		"offline", "omit-lockfile-registry-resolved", "optional", "package-lock", "package-lock-only", "parseable",
		"prefer-dedupe", "prefer-offline", "prefer-online", "production", "progress", "provenance", "read-only",
		"rebuild-bundle", "save", "save-bundle", "save-dev", "save-exact", "save-optional", "save-peer", "save-prod",
		"shrinkwrap", "sign-git-commit", "sign-git-tag", "strict-peer-deps", "strict-ssl", "timing", "unicode",
		"update-notifier", "usage", "version", "versions", "workspaces", "workspaces-update", "yes", "quiet", "silent",
		"verbose", "desc", "help", "local", "no", "porcelain", "readonly", "iwr", "ws"}}

// pnpmOptions are pnpm's options that take a value (pnpm --help and
// @pnpm/config's types: -C/--dir the project's directory, -F/--filter a
// selector); the rest are flags.
var pnpmOptions = OptSpec{ShortVal: "CF", LongEq: true, Stop: true,
	LongVal: []string{"dir", "filter", "filter-prod", "workspace-concurrency", "reporter", "loglevel", "resume-from",
		"changed-files-ignore-pattern", "test-pattern", "store-dir", "virtual-store-dir", "modules-dir", "lockfile-dir",
		"registry", "node-linker", "pnpmfile", "global-pnpmfile", "network-concurrency", "child-concurrency",
		"package-import-method", "global-dir", "cache-dir", "state-dir", "config-dir", "use-node-version", "shell-emulator"}}

// yarnOptions are yarn's (1.x, and berry's --cwd) options that take a
// value: --cwd is the project's directory.
var yarnOptions = OptSpec{LongEq: true, Stop: true,
	LongVal: []string{"cwd", "modules-folder", "cache-folder", "global-folder", "link-folder", "mutex",
		"network-concurrency", "network-timeout", "preferred-cache-folder", "use-yarnrc", "otp", "registry", "proxy",
		"https-proxy", "emoji"}}

// bunOptions are bun's options that take a value (bun --help): --cwd is
// the project's directory.
var bunOptions = OptSpec{ShortVal: "crFdl", LongEq: true, Stop: true,
	LongVal: []string{"cwd", "config", "env-file", "preload", "filter", "elide-lines", "shell", "tsconfig-override",
		"define", "loader", "jsx-factory", "jsx-fragment", "jsx-import-source", "jsx-runtime", "main-fields", "conditions",
		"port", "origin", "console-depth", "user-agent", "fetch-preconnect", "install", "inspect", "inspect-wait",
		"inspect-brk", "unhandled-rejections"}}

// pmProjectArgs reads the options yarn, pnpm and bun take before their
// command, and run's before the script's name (pnpm -C web run build,
// yarn --cwd web build, bun --cwd web run build, pnpm run --dir web
// build): the directory the command runs in (its -C/--dir/--cwd, the
// last one; not Known when only run time knows it) and the operands,
// options left out, up to and with the script's name, then the words
// after it as written.
func pmProjectArgs(call *Call) (dir Dir, words []string) {
	var spec OptSpec
	var dirOpts []string
	switch call.Name {
	case "pnpm":
		spec, dirOpts = pnpmOptions, []string{"C", "dir"}
	case "yarn":
		spec, dirOpts = yarnOptions, []string{"cwd"}
	case "bun":
		spec, dirOpts = bunOptions, []string{"cwd"}
	default:
		return call.Dir, call.Words()
	}
	dir = call.Dir
	args := call.Args
	for round := 0; round < 2; round++ {
		opts, ops := ScanOptions(args, spec)
		for _, o := range opts {
			for _, n := range dirOpts {
				if o.Name != n {
					continue
				}
				if o.HasVal && o.Val.Static && o.Val.Value != "" {
					dir = call.Dir.Join(o.Val.Value)
				} else {
					dir = Dir{}
				}
			}
		}
		if len(ops) == 0 {
			return dir, words
		}
		first := args[ops[0]].Value
		if round == 0 && (first == "run" || first == "run-script") {
			words = append(words, first)
			args = args[ops[0]+1:]
			continue
		}
		for _, i := range ops {
			words = append(words, args[i].Value)
		}
		return dir, words
	}
	return dir, words
}

// npmDir is npmPrefix with the directory word read as bash expands it
// (dirword.go): npm --prefix /tmp/x/[n] is /tmp/x/n when that is the one
// match, a run-time value is unknown, and a link the command made is its
// target.
func (w *walker) npmDir(call *Call) Dir {
	d := call.Dir
	opts, _ := ScanOptions(call.Args, npmSpec())
	for _, o := range opts {
		if o.Name == "prefix" || o.Name == "C" {
			if o.HasVal && (!o.Val.Static || o.Val.Value != "") {
				d = w.optionDir(call.Dir, o)
			} else {
				d = Dir{}
			}
		}
	}
	return w.linkedDir(d)
}

// pmDir is pmProjectArgs's directory for yarn, pnpm and bun with the
// -C/--dir/--cwd word read as bash expands it (dirword.go).
func (w *walker) pmDir(call *Call, d Dir) Dir {
	var spec OptSpec
	switch call.Name {
	case "pnpm":
		spec = pnpmOptions
	case "yarn", "bun":
		spec = yarnOptions
		if call.Name == "bun" {
			spec = bunOptions
		}
	default:
		return w.linkedDir(d)
	}
	args := call.Args
	for round := 0; round < 2; round++ {
		opts, ops := ScanOptions(args, spec)
		for _, o := range opts {
			if (o.Name == "C" && call.Name == "pnpm" || o.Name == "dir" && call.Name == "pnpm" || o.Name == "cwd") &&
				o.HasVal && o.Val.Static && o.Val.Glob {
				d = w.optionDir(call.Dir, o)
			}
		}
		if len(ops) == 0 || round == 1 {
			break
		}
		if first := args[ops[0]].Value; first != "run" && first != "run-script" {
			break
		}
		args = args[ops[0]+1:]
	}
	return w.linkedDir(d)
}

// npmScriptVerbs are npm's commands that run scripts of the project's
// package.json (their own lifecycle scripts, or the one named).
var npmScriptVerbs = lazy.Set{List: []string{"run", "run-script", "rum", "urn", "test", "t", "tst", "start", "stop",
	"restart", "it", "install-test", "cit", "install-ci-test", "clean-install-test", "sit", "install", "add", "i", "in",
	"ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "ci", "clean-install", "ic", "install-clean",
	"isntall-clean", "link", "ln", "rebuild", "rb", "pack", "publish", "version", "verison"}}

// npmRunTimeDir records that npm runs the scripts of a project whose
// directory only run time knows (npm --prefix "$D" test, cd "$(…)" &&
// npm test): they cannot be read, so the call asks. ws are its operands.
func (w *walker) npmRunTimeDir(call *Call, ws []string) {
	if len(ws) == 0 || !npmScriptVerbs.Has(ws[0]) {
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
		What: call.Name + " runs the package.json scripts of a directory only known at run time"})
}

// pmRunTimeDir records that call runs the scripts of a project whose
// directory only run time knows (pnpm -C "$D" build, yarn --cwd "$D"
// install): they cannot be read, so the command asks. ws are its
// operands; a builtin other than install and run (pnpm -C "$D" list)
// runs no script.
func (w *walker) pmRunTimeDir(call *Call, ws []string) {
	if len(ws) > 0 && ws[0] != "run" && ws[0] != "install" && ws[0] != "i" && packageBuiltins.Get()[ws[0]] {
		return
	}
	if len(ws) == 0 && call.Name != "yarn" {
		return
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: strings.Join(call.Words(), " "),
		What: call.Name + " runs the package.json scripts of a directory only known at run time"})
}

// pmWorkspaceRun models the package managers' commands that run a script
// in the workspace packages: pnpm -r/--recursive or -F/--filter SEL
// (before the command, or after run and before the script's name) runs
// it in each workspace package (the filter is not resolved: every
// package is read, the cautious side); yarn workspace NAME [run] SCRIPT
// in the package named NAME; yarn workspaces run SCRIPT (yarn 1) and
// yarn workspaces foreach [options] run SCRIPT (yarn 2+) in each. The
// packages are those of pnpm-workspace.yaml and of the package.json
// "workspaces" of the nearest root upwards. ws are the operands
// (pmProjectArgs). It reports whether call was one.
func (w *walker) pmWorkspaceRun(c scope, call *Call, ws []string) bool {
	var script string
	var named string // yarn workspace NAME
	switch call.Name {
	case "pnpm":
		if !pnpmRecursive(call) || len(ws) == 0 {
			return false
		}
		switch {
		case ws[0] == "run" || ws[0] == "run-script":
			if len(ws) < 2 {
				return false
			}
			script = ws[1]
		case ws[0] == "install" || ws[0] == "i":
			script = "\x00install"
		case !packageBuiltins.Get()[ws[0]]:
			script = ws[0]
		default:
			return false
		}
	case "yarn":
		switch {
		case len(ws) >= 3 && ws[0] == "workspace":
			named, script = ws[1], ws[2]
			if script == "run" && len(ws) >= 4 {
				script = ws[3]
			} else if packageBuiltins.Get()[script] {
				return false
			}
		case len(ws) >= 3 && ws[0] == "workspaces" && ws[1] == "run":
			script = ws[2]
		case len(ws) >= 2 && ws[0] == "workspaces" && ws[1] == "foreach":
			for i := 2; i+1 < len(ws); i++ {
				if ws[i] == "run" {
					script = ws[i+1]
					break
				}
			}
			if script == "" {
				return false
			}
		default:
			return false
		}
	default:
		return false
	}
	if !call.Dir.Known {
		return false
	}
	var dirs []Dir
	seen := map[string]bool{}
	for p, k := call.Dir.Path, 0; k < 32; k++ {
		root := Dir{Path: p, Known: true}
		found := append(w.pnpmWorkspaceDirs(root), w.npmWorkspaceDirs(root)...)
		if len(found) > 0 || w.exists(root.Join("pnpm-workspace.yaml").Path) {
			for _, d := range found {
				if !seen[d.Path] {
					seen[d.Path] = true
					dirs = append(dirs, d)
				}
			}
			break
		}
		if p == "/" || w.home != "" && p == w.home {
			break
		}
		p = filepath.Dir(p)
	}
	label := call.Name + " (workspaces)"
	for _, d := range dirs {
		if named != "" && !w.packageNamed(d, named) {
			continue
		}
		if script == "\x00install" {
			w.ownScripts(c, call, d, lifecycleNames, label)
			continue
		}
		w.ownScripts(c, call, d, []string{"pre" + script, script, "post" + script}, label)
	}
	return true
}

// pnpmRecursive reports pnpm's -r/--recursive or -F/--filter before the
// command or between run and the script's name.
func pnpmRecursive(call *Call) bool {
	args := call.Args
	for round := 0; round < 2; round++ {
		opts, ops := ScanOptions(args, pnpmOptions)
		for _, o := range opts {
			switch o.Name {
			case "r", "recursive", "F", "filter", "filter-prod":
				return true
			}
		}
		if len(ops) == 0 || round == 1 {
			return false
		}
		if v := args[ops[0]].Value; v != "run" && v != "run-script" {
			return false
		}
		args = args[ops[0]+1:]
	}
	return false
}

// packageNamed reports that the package.json of d is named name (a
// name only known at run time, or a package.json without a name,
// matches).
func (w *walker) packageNamed(d Dir, name string) bool {
	text, ok := w.readScript(d.Join("package.json"))
	if !ok {
		return false
	}
	var pkg struct {
		Name *string `json:"name"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil || pkg.Name == nil || strings.ContainsAny(name, "$`") {
		return true
	}
	return *pkg.Name == name
}
