package rewrite

import (
	"strings"
	"unicode"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// The package managers' global options, read with the one option scanner
// so that the subcommand after them is found: npm --loglevel silent
// install X is npm install X, not a command named "silent". An option
// taking a value is listed with it; npm's (nopt's) unknown options take
// none.

// npmGlobalSpec is npm's options (syntax.NpmOptions), before and after
// its command.
var npmGlobalSpec = lazy.Value[optSpec]{New: func() optSpec { return fromCore(syntax.NpmOptions) }}

// managerGlobalSpecs are the other package managers' options that take a
// value before the subcommand (their --help): yarn --cwd D, pnpm -C D /
// --filter X, bun --cwd D, gem --config-file F.
var managerGlobalSpecs = lazy.Value[map[string]optSpec]{New: func() map[string]optSpec {
	return map[string]optSpec{
		"npm": npmGlobalSpec.Get(),
		"yarn": {longEq: true, stop: true, longVal: longOpts("cwd", "cache-folder", "modules-folder", "global-folder", "link-folder",
			"mutex", "network-concurrency", "network-timeout", "preferred-cache-folder", "otp", "use-yarnrc", "proxy", "https-proxy",
			"registry", "emoji", "scripts-prepend-node-path", "har-folder")},
		"pnpm": {shortVal: "CF", longEq: true, stop: true, longVal: longOpts("dir", "filter", "filter-prod", "loglevel", "reporter",
			"store-dir", "virtual-store-dir", "registry", "workspace-concurrency", "resume-from", "test-pattern",
			"changed-files-ignore-pattern", "cache-dir", "global-dir", "modules-dir", "lockfile-dir", "config-dir", "tag")},
		"bun": {shortVal: "cr", longEq: true, stop: true, longVal: longOpts("cwd", "config", "env-file", "preload", "cache-dir")},
		"gem": {longEq: true, stop: true, longVal: longOpts("config-file")},
	}
}}

// npmCommands and npmAliases are npm's command words and the aliases it
// dereferences (npm's lib/utils/cmd-list.js): npm isntall, npm in, npm
// add are install; npm it install-test; npm ic, clean-install ci; npm
// cit, sit install-ci-test. Any unambiguous prefix of one is it too (npm
// install-cl is install-clean, so ci).
var npmCommands = []string{"access", "adduser", "approve-scripts", "audit", "bugs", "cache", "ci", "completion", "config",
	"dedupe", "deny-scripts", "deprecate", "diff", "dist-tag", "docs", "doctor", "edit", "exec", "explain", "explore",
	"find-dupes", "fund", "get", "help", "help-search", "init", "install", "install-ci-test", "install-scripts", "install-test",
	"link", "ll", "login", "logout", "ls", "org", "outdated", "owner", "pack", "ping", "pkg", "prefix", "profile", "prune",
	"publish", "query", "rebuild", "repo", "restart", "root", "run", "sbom", "search", "set", "shrinkwrap", "stage", "star",
	"stars", "start", "stop", "team", "test", "token", "trust", "undeprecate", "uninstall", "unpublish", "unstar", "update",
	"version", "view", "whoami"}

var npmAliases = lazy.Value[map[string]string]{New: func() map[string]string {
	return map[string]string{"author": "owner", "home": "docs", "issues": "bugs", "info": "view", "show": "view",
		"find": "search", "add": "install", "unlink": "uninstall", "remove": "uninstall", "rm": "uninstall", "r": "uninstall",
		"un": "uninstall", "rb": "rebuild", "list": "ls", "ln": "link", "create": "init", "i": "install", "it": "install-test",
		"cit": "install-ci-test", "u": "update", "up": "update", "c": "config", "s": "search", "se": "search", "tst": "test",
		"t": "test", "ddp": "dedupe", "v": "view", "run-script": "run", "clean-install": "ci",
		"clean-install-test": "install-ci-test", "x": "exec", "why": "explain", "la": "ll", "verison": "version", "ic": "ci",
		"innit": "init", "in": "install", "ins": "install", "inst": "install", "insta": "install", "instal": "install",
		"isnt": "install", "isnta": "install", "isntal": "install", "isntall": "install", "install-clean": "ci",
		"isntall-clean": "ci", "hlep": "help", "dist-tags": "dist-tag", "upgrade": "update", "udpate": "update", "rum": "run",
		"sit": "install-ci-test", "urn": "run", "ogr": "org", "add-user": "adduser"}
}}

// npmCommand returns the command npm runs for the word w, as npm
// dereferences it: camelCase to kebab-case, a command, an alias, or an
// unambiguous prefix of one of them (then its alias), else "".
func npmCommand(w string) string {
	if strings.IndexFunc(w, unicode.IsUpper) >= 0 {
		var b strings.Builder
		for _, r := range w {
			if unicode.IsUpper(r) {
				b.WriteByte('-')
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
		}
		w = b.String()
	}
	if w == "" {
		return ""
	}
	for _, c := range npmCommands {
		if c == w {
			return c
		}
	}
	if a, ok := npmAliases.Get()[w]; ok {
		return a
	}
	found := ""
	consider := func(c string) bool {
		if !strings.HasPrefix(c, w) {
			return true
		}
		if found != "" && found != c {
			found = ""
			return false // ambiguous: npm runs no command
		}
		found = c
		return true
	}
	for _, c := range npmCommands {
		if !consider(c) {
			return ""
		}
	}
	for a := range npmAliases.Get() {
		if !consider(a) {
			return ""
		}
	}
	for i := 0; i < 4 && npmAliases.Get()[found] != ""; i++ {
		found = npmAliases.Get()[found]
	}
	return found
}

// managerVerb returns a package manager's subcommand (npm, yarn, pnpm,
// bun, gem) after the global options and their values, and its index in
// c.Args, or "", -1. npm's is the command npm runs (npmCommand: npm in
// is install). A word "true" or "false" after a long option without a
// value is that option's value (nopt reads npm --audit false install so),
// and so is a word npm has no command for after one; yarn workspace NAME
// VERB runs VERB.
func managerVerb(c *syntax.Call) (string, int) {
	spec, ok := managerGlobalSpecs.Get()[c.Name]
	if !ok {
		return "", -1
	}
	opts, ops := scan(c.Args, spec)
	k := -1
	for _, i := range ops {
		v := c.Args[i].Value
		if (v == "true" || v == "false") && i > 0 && afterFlag(opts, i) {
			continue
		}
		if c.Name == "npm" && npmCommand(v) == "" && i > 0 && afterFlag(opts, i) {
			// npm --newer-option VALUE install: an option this list does
			// not know may take a value in the npm that runs; were it a
			// flag, npm would stop at the unknown command and run nothing.
			continue
		}
		k = i
		break
	}
	if k < 0 {
		return "", -1
	}
	verb := c.Args[k].Value
	if c.Name == "npm" {
		verb = npmCommand(verb)
	}
	if c.Name == "yarn" && verb == "workspace" && k+2 < len(c.Args) {
		k += 2
		verb = c.Args[k].Value
	}
	return verb, k
}

// afterFlag reports whether word i follows a long option given without a
// value.
func afterFlag(opts []option, i int) bool {
	for _, o := range opts {
		if o.idx == i-1 && o.long && !o.hasVal {
			return true
		}
	}
	return false
}
