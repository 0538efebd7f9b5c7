package syntax

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// cargo reads its configuration from .cargo/config.toml (or the older
// .cargo/config) in the working directory and every directory above it,
// and from $CARGO_HOME/config.toml (~/.cargo by default). Some keys name
// programs cargo runs when it builds or runs: build.rustc-wrapper,
// build.rustc-workspace-wrapper and build.rustc (each rustc call),
// target.TRIPLE.linker and target.TRIPLE.runner (also target.'cfg(…)'),
// whose runner runs the built program for cargo run, test and bench. An
// [alias] entry is a cargo command line of its own: cargo NAME runs
// cargo with the alias's words. Each program is judged as cargo --config
// KEY=VALUE is (optionCode): a command line run from the directory that
// holds .cargo, where cargo resolves a relative path.

// maxCargoAlias bounds the aliases followed one into another.
const maxCargoAlias = 4

// cargoProgramKey reports a configuration key of table whose value is a
// program cargo runs.
func cargoProgramKey(table, key string) bool {
	full := key
	if table != "" {
		full = table + "." + key
	}
	switch full {
	case "build.rustc-wrapper", "build.rustc-workspace-wrapper", "build.rustc":
		return true
	}
	if rest, ok := strings.CutPrefix(full, "target."); ok {
		return strings.HasSuffix(rest, ".runner") || strings.HasSuffix(rest, ".linker")
	}
	return false
}

// cargoConfigFiles returns the configuration files cargo reads for a
// command in dir, nearest first.
func (w *walker) cargoConfigFiles(c scope, call *Call, dir Dir) []Dir {
	var out []Dir
	if dir.Known {
		d := dir.Path
		for k := 0; k < 64; k++ {
			for _, n := range []string{".cargo/config.toml", ".cargo/config"} {
				if p := (Dir{Path: filepath.Join(d, n), Known: true}); w.exists(p.Path) {
					out = append(out, p)
				}
			}
			if d == "/" {
				break
			}
			d = filepath.Dir(d)
		}
	}
	home, known, ok := w.envOf(c, call, "CARGO_HOME")
	if ok && !known {
		home = ""
	}
	if !ok {
		// CARGO_HOME defaults to .cargo under the HOME cargo gets.
		if h, _ := w.userHome(c, call, "runs the programs ~/.cargo/config.toml names"); h != "" {
			home = filepath.Join(h, ".cargo")
		}
	}
	if home != "" && !filepath.IsAbs(home) && call.Dir.Known {
		// A relative CARGO_HOME is taken from cargo's working directory.
		home = call.Dir.Join(home).Path
	}
	if home != "" && filepath.IsAbs(home) {
		p := Dir{Path: filepath.Join(home, "config.toml"), Known: true}
		dup := false
		for _, o := range out {
			dup = dup || o.Path == p.Path
		}
		if !dup && w.exists(p.Path) {
			out = append(out, p)
		}
	}
	return out
}

// cargoConfig judges the programs cargo's configuration names for a
// command sub that builds or runs, and follows an alias named sub. It
// reports whether sub was an alias.
func (w *walker) cargoConfig(c scope, call *Call, dir Dir, sub string, building bool) bool {
	if w.cur == nil {
		return false
	}
	alias := false
	type source struct {
		text string
		root Dir
	}
	// The --config values first (cargo takes them before the files):
	// KEY=VALUE, a TOML line whose relative paths are the working
	// directory's, or a file's path (cargo's --config documentation).
	var sources []source
	for _, v := range cargoConfigArgs(call.Args) {
		if !v.Static {
			if building || cargoCredentialVerbs.Has(sub) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.Raw,
					What: "cargo --config " + v.Raw + " may name a program cargo runs, a value only known at run time"})
			}
			continue
		}
		if k, _, ok := strings.Cut(v.Value, "="); ok && !strings.ContainsAny(strings.TrimSpace(k), " /") {
			sources = append(sources, source{text: v.Value, root: call.Dir})
			continue
		}
		f := call.Dir.Join(v.Value)
		if text, ok := w.readScript(f); ok {
			// A relative program there is taken from the directory
			// above the file's, as for .cargo/config.toml (real cargo
			// ran x/wrap.sh for --config x/y/extra.toml).
			sources = append(sources, source{text: text, root: Dir{Path: filepath.Dir(filepath.Dir(f.Path)), Known: true}})
		}
	}
	for _, f := range w.cargoConfigFiles(c, call, dir) {
		text, ok := w.readScript(f)
		if !ok {
			continue
		}
		sources = append(sources, source{text: text, root: Dir{Path: filepath.Dir(filepath.Dir(f.Path)), Known: true}})
	}
	for _, src := range sources {
		text, root := src.text, src.root
		inner := *call
		inner.Dir = root
		for _, e := range tomlEntries(text) {
			name, line, words := cargoEntry(e)
			if len(words) == 0 {
				continue
			}
			switch {
			case building && (name == "build.rustflags" || strings.HasPrefix(name, "target.") && strings.HasSuffix(name, ".rustflags")):
				// [build] rustflags = ["-C", "linker=PROG"]: rustc's
				// flags, a linker among them.
				flagWords := words
				if !strings.HasPrefix(strings.TrimSpace(e.value), "[") {
					flagWords = strings.Fields(words[0])
				}
				for _, p := range rustLinkerWords(flagWords) {
					w.child(c, &inner, Quote(p), nil, "cargo config "+name+" -C linker", false)
				}
			case building && cargoProgramKey(e.table, e.key),
				cargoCredentialVerbs.Has(sub) && cargoCredentialKey(e.table, e.key):
				for _, l := range cargoProgramLines(name == "registry.global-credential-providers", words, line) {
					w.child(c, &inner, l, nil, "cargo config "+name, false)
				}
			case (sub == "doc" || sub == "d" || sub == "test" || sub == "t") &&
				(name == "build.rustdoc" || name == "doc.browser" && cargoDocOpens(call)):
				// build.rustdoc runs for cargo doc and the doctests;
				// doc.browser opens cargo doc --open's pages.
				w.child(c, &inner, line, nil, "cargo config "+name, false)
			case !alias && sub != "" && !cargoBuiltinCommands.Has(sub) && (e.table == "alias" && e.key == sub || e.table == "" && e.key == "alias."+sub):
				// cargo expands the alias before it runs anything (a
				// built-in command's name is never one; a built-in
				// alias such as b is): its words take the alias's
				// place, the global options before and the words after
				// it stay. A string is split at white space, with no
				// quoting (red team 17 CA1: --config
				// target.T.runner="/x" keeps its TOML quotes).
				alias = true
				if w.cargoAliasDepth >= maxCargoAlias {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: sub,
						What: "cargo alias " + sub + " expands to further aliases more than " + strconv.Itoa(maxCargoAlias) + " deep"})
					continue
				}
				aliasWords, ok := cargoAliasWords(e.value)
				if !ok {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.value,
						What: "cargo alias " + sub + " is a command line corral cannot read"})
					continue
				}
				w.cargoAliasDepth++
				w.child(c, call, cargoAliasLine(call.Args, sub, aliasWords), nil, "cargo alias "+sub, false)
				w.cargoAliasDepth--
			}
		}
	}
	return alias
}

// cargoBuiltinCommands are cargo's own commands (cargo --list, 1.95, less
// the built-in aliases b, c, d, r, rm, t and the installed cargo-*
// programs): cargo ignores a user alias of one of these names.
var cargoBuiltinCommands = lazy.Set{List: []string{"add", "bench", "build", "check", "clean", "config", "doc", "fetch", "fix",
	"generate-lockfile", "git-checkout", "help", "info", "init", "install", "locate-project", "login", "logout", "metadata",
	"new", "owner", "package", "pkgid", "publish", "read-manifest", "remove", "report", "run", "rustc", "rustdoc", "search",
	"test", "tree", "uninstall", "update", "vendor", "verify-project", "version", "yank"}}

// cargoAliasWords reads an [alias] value as cargo does: a TOML string
// (escapes applied) split at white space, or an array of strings, each
// one word.
func cargoAliasWords(value string) ([]string, bool) {
	p := &tomlReader{s: strings.TrimSpace(value)}
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	switch v := v.(type) {
	case string:
		if q := strings.TrimSpace(value); q == "" || q[0] != '"' && q[0] != '\'' {
			return nil, false // a bare word is no TOML string
		}
		return strings.Fields(v), true
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			s, ok := x.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}

// cargoAliasLine is the cargo command line an alias makes: the words
// before the alias's name (global options), the alias's words, then
// the words after the name, each quoted as one shell word.
func cargoAliasLine(args []Arg, sub string, aliasWords []string) string {
	_, ops := ScanOptions(args, cargoOptions)
	k := -1
	for _, i := range ops {
		if args[i].Value == sub {
			k = i
			break
		}
	}
	words := []string{"cargo"}
	word := func(a Arg) string {
		if a.Static {
			return Quote(a.Value)
		}
		return a.Raw
	}
	if k >= 0 {
		for _, a := range args[:k] {
			words = append(words, word(a))
		}
	}
	for _, a := range aliasWords {
		words = append(words, Quote(a))
	}
	if k >= 0 {
		for _, a := range args[k+1:] {
			words = append(words, word(a))
		}
	}
	return strings.Join(words, " ")
}

// cargoCredentialVerbs are cargo's commands that authenticate to a
// registry, and so run its credential provider.
var cargoCredentialVerbs = lazy.Set{List: []string{"publish", "login", "logout", "owner", "yank", "info", "search"}}

// cargoCredentialKey reports a key whose value is a credential provider,
// a program cargo runs to get a registry's token: credential-provider
// of [registry] or [registries.NAME], and
// registry.global-credential-providers (each a command line, or cargo's
// own cargo:… providers, which run nothing else).
func cargoCredentialKey(table, key string) bool {
	full := key
	if table != "" {
		full = table + "." + key
	}
	if full == "registry.credential-provider" || full == "registry.global-credential-providers" {
		return true
	}
	rest, ok := strings.CutPrefix(full, "registries.")
	return ok && strings.HasSuffix(rest, ".credential-provider")
}

// cargoProgramLines returns the command lines a program key's value
// holds: global-credential-providers is a list of command lines, any
// other key one (a string, or an array of words, as line has it);
// cargo's own cargo:… providers are left out.
func cargoProgramLines(global bool, words []string, line string) []string {
	lines := []string{line}
	if global {
		lines = words
	}
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(strings.Trim(l, `'"`)), "cargo:") {
			out = append(out, l)
		}
	}
	return out
}

// cargoDocOpens reports cargo doc --open.
func cargoDocOpens(call *Call) bool {
	for _, a := range call.Args {
		if a.Value == "--open" {
			return true
		}
	}
	return false
}

// cargoOptions are cargo's options that take a value (cargo help, and
// the build commands' own), read to find each --config.
var cargoOptions = OptSpec{ShortVal: "CZpjF", LongEq: true,
	LongVal: []string{"config", "color", "manifest-path", "target-dir", "package", "bin", "example", "test", "bench",
		"features", "target", "jobs", "profile", "message-format", "lockfile-path", "exclude", "path", "root", "registry",
		"index", "git", "branch", "tag", "rev", "explain", "artifact-dir", "timings", "token", "vers", "version"}}

// cargoConfigArgs returns the values of call's --config options (before
// and after the subcommand, not after "--").
func cargoConfigArgs(args []Arg) []Arg {
	for i, a := range args {
		if a.Value == "--" {
			args = args[:i]
			break
		}
	}
	opts, _ := ScanOptions(args, cargoOptions)
	var out []Arg
	for _, o := range opts {
		if o.Name == "config" && o.HasVal {
			out = append(out, o.Val)
		}
	}
	return out
}

// cargoEntriesPrograms judges the programs a cargo configuration's
// entries name, for a write of that configuration (codeconfig.go):
// every program key, rustflags' -C linker, build.rustdoc, doc.browser
// and the credential providers, as cargo --config KEY=VALUE would run
// them from inner's directory (the one that holds .cargo), and every
// [alias] as the cargo command line it makes.
func (w *walker) cargoEntriesPrograms(c scope, call, inner *Call, entries []tomlEntry) {
	for _, e := range entries {
		name, line, words := cargoEntry(e)
		if len(words) == 0 {
			continue
		}
		switch {
		case name == "build.rustflags" || strings.HasPrefix(name, "target.") && strings.HasSuffix(name, ".rustflags"):
			flagWords := words
			if !strings.HasPrefix(strings.TrimSpace(e.value), "[") {
				flagWords = strings.Fields(words[0])
			}
			for _, p := range rustLinkerWords(flagWords) {
				w.child(c, inner, Quote(p), nil, "cargo config "+name+" -C linker", false)
			}
		case cargoProgramKey(e.table, e.key) || cargoCredentialKey(e.table, e.key):
			for _, l := range cargoProgramLines(name == "registry.global-credential-providers", words, line) {
				w.child(c, inner, l, nil, "cargo config "+name, false)
			}
		case name == "build.rustdoc" || name == "doc.browser":
			w.child(c, inner, line, nil, "cargo config "+name, false)
		case e.table == "alias" || e.table == "" && strings.HasPrefix(e.key, "alias."):
			aliasWords, ok := cargoAliasWords(e.value)
			if !ok {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e.value,
					What: "cargo alias " + e.key + " is a command line corral cannot read"})
				continue
			}
			q := []string{"cargo"}
			for _, s := range aliasWords {
				q = append(q, Quote(s))
			}
			w.child(c, inner, strings.Join(q, " "), nil, "cargo alias "+e.key, false)
		}
	}
}

// cargoEntry returns a cargo configuration entry's dotted name, its
// string words and the command line they make: an array's words quoted
// and joined, a string as written (cargo splits it on white space).
func cargoEntry(e tomlEntry) (name, line string, words []string) {
	words = tomlStrings(e.value)
	if len(words) == 0 {
		return "", "", nil
	}
	line = words[0]
	if strings.HasPrefix(strings.TrimSpace(e.value), "[") {
		q := make([]string, len(words))
		for i, s := range words {
			q[i] = Quote(s)
		}
		line = strings.Join(q, " ")
	}
	name = e.key
	if e.table != "" {
		name = e.table + "." + e.key
	}
	return name, line, words
}
