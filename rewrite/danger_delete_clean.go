package rewrite

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// cleanDeletions lists the directory a clean verb removes with all it
// holds, each from the tool's manual, when something other than its
// default names it (the default places, target/ or ~/.cache/uv, pass):
//   - cargo clean: --target-dir DIR, --config build.target-dir=DIR,
//     CARGO_TARGET_DIR, build.target-dir of a .cargo/config.toml (or
//     .cargo/config) in the directory or one above it; -p, --release,
//     --profile and --doc remove only part of it, -n lists;
//   - uv cache clean: --cache-dir DIR, UV_CACHE_DIR (with package names
//     only their entries go);
//   - pre-commit clean: PRE_COMMIT_HOME, else XDG_CACHE_HOME/pre-commit;
//   - go clean -modcache: GOMODCACHE, else the first GOPATH entry's
//     pkg/mod;
//   - bazel clean --expunge: the --output_base=DIR given before clean;
//   - kioclient remove (rm): each URL or path.
//
// ok reports a call of one of these programs.
func cleanDeletions(home string, c *syntax.Call, touched func(abs string) bool) ([]deletion, bool) {
	name := path.Base(c.Name)
	args := c.Args
	del := func(a syntax.Arg, verb string) []deletion {
		return []deletion{{arg: a, verb: verb, recursive: true, force: true}}
	}
	// valueOf reads --opt DIR and --opt=DIR. After "=" no shell expands
	// a "~": the program gets a directory named so.
	valueOf := func(i int, opt string) (syntax.Arg, bool) {
		a := args[i]
		if a.Value == opt && i+1 < len(args) {
			return args[i+1], true
		}
		if v, ok := strings.CutPrefix(a.Value, opt+"="); ok && v != "" {
			d := a
			d.Value = v
			if strings.HasPrefix(v, "~") {
				d.Value = "./" + v
			}
			return d, true
		}
		return syntax.Arg{}, false
	}
	// A variable's value is taken as an assignment gives it: a "~" at
	// its start is the home directory (NAME=~ cmd).
	fromEnv := func(v, raw string) syntax.Arg {
		if rest, ok := strings.CutPrefix(v, "~"); ok && home != "" && (rest == "" || rest[0] == '/') {
			v = home + rest
		}
		return syntax.Arg{Value: v, Raw: raw, Static: true, Start: c.Start, End: c.Start}
	}
	words := func(from int) []string {
		var out []string
		for _, a := range args[from:] {
			if !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") {
				out = append(out, a.Value)
			}
		}
		return out
	}
	// optOrEnv is the directory an option (--opt DIR, --opt=DIR) or, else,
	// the first of the variables set for the program names; nil for
	// none.
	optOrEnv := func(opt string, vars ...string) *syntax.Arg {
		var dir *syntax.Arg
		for i := range args {
			if opt == "" {
				break
			}
			if d, ok := valueOf(i, opt); ok {
				dir = &d
			}
		}
		for _, n := range vars {
			if dir != nil {
				break
			}
			if v, ok := c.EnvKnown(n); ok && v != "" {
				d := fromEnv(v, n+"="+v)
				dir = &d
			}
		}
		return dir
	}
	// under is DIR/sub, the part of DIR a tool removes.
	under := func(d syntax.Arg, sub string) syntax.Arg {
		d.Value = strings.TrimSuffix(d.Value, "/") + "/" + sub
		return d
	}
	switch name {
	case "go":
		if len(args) > 0 && args[0].Value == "clean" {
			var out []deletion
			for _, a := range args[1:] {
				if a.Value == "-cache" || a.Value == "--cache" {
					// go clean -cache removes GOCACHE's subdirectories
					// 00 to ff and its log.txt (cmd/go/internal/clean).
					if v, ok := c.EnvKnown("GOCACHE"); ok && v != "" && v != "off" {
						d := fromEnv(v, "GOCACHE="+v)
						if !path.IsAbs(d.Value) {
							continue // go refuses a relative GOCACHE
						}
						out = append(hexDirs(c, d, 2, "go clean -cache", del), del(under(d, "log.txt"), "go clean -cache")...)
					}
				}
			}
			if more, _ := goModcacheClean(c, args, del, fromEnv); len(more) > 0 {
				out = append(out, more...)
			}
			return out, true
		}
		return nil, true
	case "cargo":
		sub := -1
		for i, a := range args {
			if a.Value == "--config" || a.Value == "-Z" || a.Value == "-C" || a.Value == "--color" {
				continue
			}
			if i > 0 && (args[i-1].Value == "--config" || args[i-1].Value == "-Z" || args[i-1].Value == "-C" || args[i-1].Value == "--color") {
				continue
			}
			if !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") {
				sub = i
				break
			}
		}
		if sub < 0 || args[sub].Value != "clean" {
			return nil, true
		}
		var dir *syntax.Arg
		for i, a := range args {
			switch {
			case a.Value == "-p" || strings.HasPrefix(a.Value, "--package") || a.Value == "--release" || a.Value == "-r" ||
				strings.HasPrefix(a.Value, "--profile") || a.Value == "--doc" || a.Value == "-n" || a.Value == "--dry-run":
				return nil, true
			}
			if d, ok := valueOf(i, "--target-dir"); ok {
				dir = &d
			}
			if d, ok := valueOf(i, "--config"); ok {
				if v, ok := configTargetDir(d.Value); ok {
					d.Value = v
					dir = &d
				}
			}
		}
		if dir == nil {
			if v, ok := c.EnvKnown("CARGO_TARGET_DIR"); ok && v != "" {
				d := fromEnv(v, "CARGO_TARGET_DIR="+v)
				dir = &d
			}
		}
		if dir == nil && c.Dir.Known && touched != nil && cargoConfigWritten(c.Dir.Path, touched) != "" {
			// The configuration this command writes first is read by
			// cargo, not by the hook: checkCargoConfigFirst asks.
			return nil, true
		}
		if dir == nil && c.Dir.Known {
			if v, at, ok := cargoConfigTargetDir(c.Dir.Path); ok {
				if !path.IsAbs(v) {
					v = path.Join(at, v) // relative to the directory holding .cargo
				}
				d := fromEnv(v, v)
				dir = &d
			}
		}
		if dir == nil {
			return nil, true
		}
		return del(*dir, "cargo clean"), true
	case "uv":
		w := words(0)
		if len(w) < 2 || w[0] != "cache" || w[1] != "clean" {
			return nil, true
		}
		var dir *syntax.Arg
		for i := range args {
			if d, ok := valueOf(i, "--cache-dir"); ok {
				dir = &d
			}
		}
		if dir == nil {
			if v, ok := c.EnvKnown("UV_CACHE_DIR"); ok && v != "" {
				d := fromEnv(v, "UV_CACHE_DIR="+v)
				dir = &d
			}
		}
		// uv cache clean PACKAGE… removes only their entries.
		if dir == nil || len(w) > 2 && !(dir.Static && len(w) == 3 && w[2] == dir.Value) {
			return nil, true
		}
		return del(*dir, "uv cache clean"), true
	case "pre-commit":
		if w := words(0); len(w) == 0 || w[0] != "clean" {
			return nil, true
		}
		if v, ok := c.EnvKnown("PRE_COMMIT_HOME"); ok && v != "" {
			return del(fromEnv(v, "PRE_COMMIT_HOME="+v), "pre-commit clean"), true
		}
		if v, ok := c.EnvKnown("XDG_CACHE_HOME"); ok && v != "" {
			return del(fromEnv(path.Join(v, "pre-commit"), "XDG_CACHE_HOME="+v), "pre-commit clean"), true
		}
		return nil, true
	case "npm":
		// npm cache clean --force removes DIR/_cacache (npm 7+; without
		// --force it refuses).
		w := words(0)
		if len(w) < 2 || w[0] != "cache" || w[1] != "clean" && w[1] != "clear" && w[1] != "rm" {
			return nil, true
		}
		forced := false
		for _, a := range args {
			forced = forced || a.Value == "--force" || a.Value == "-f"
		}
		dir := optOrEnv("--cache", "npm_config_cache", "NPM_CONFIG_CACHE")
		if !forced || dir == nil {
			return nil, true
		}
		return del(under(*dir, "_cacache"), "npm cache clean"), true
	case "pip", "pip3":
		// pip cache purge removes the files under DIR/http, http-v2 and
		// wheels.
		w := words(0)
		if len(w) < 2 || w[0] != "cache" || w[1] != "purge" {
			return nil, true
		}
		dir := optOrEnv("--cache-dir", "PIP_CACHE_DIR")
		if dir == nil {
			return nil, true
		}
		var out []deletion
		for _, sub := range []string{"http", "http-v2", "wheels"} {
			out = append(out, del(under(*dir, sub), "pip cache purge")...)
		}
		return out, true
	case "ccache":
		// ccache -C (--clear) removes the cache's files, in DIR's
		// subdirectories 0 to f, keeping ccache.conf.
		clear := false
		for _, a := range args {
			clear = clear || a.Value == "--clear" || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.Contains(a.Value, "C")
		}
		dir := optOrEnv("--dir", "CCACHE_DIR")
		if dir == nil {
			for i, a := range args {
				if a.Value == "-d" && i+1 < len(args) {
					d := args[i+1]
					dir = &d
				}
			}
		}
		if !clear || dir == nil {
			return nil, true
		}
		return hexDirs(c, *dir, 1, "ccache -C", del), true
	case "pnpm":
		// pnpm store prune removes unreferenced packages from the store,
		// DIR/v10 (pnpm 10) or DIR/v3 (pnpm 7 to 9), or DIR itself when
		// it already ends in one.
		w := words(0)
		if len(w) < 2 || w[0] != "store" || w[1] != "prune" {
			return nil, true
		}
		dir := optOrEnv("--store-dir", "npm_config_store_dir", "NPM_CONFIG_STORE_DIR", "pnpm_config_store_dir")
		if dir == nil {
			return nil, true
		}
		if b := path.Base(dir.Value); b == "v3" || b == "v10" {
			return del(*dir, "pnpm store prune"), true
		}
		return append(del(under(*dir, "v10"), "pnpm store prune"), del(under(*dir, "v3"), "pnpm store prune")...), true
	case "poetry":
		// poetry cache clear NAME --all removes DIR/cache/repositories/NAME
		// (NAME:VERSION… only that entry).
		w := words(0)
		all := false
		for _, a := range args {
			all = all || a.Value == "--all"
		}
		if len(w) < 3 || w[0] != "cache" || w[1] != "clear" || !all || strings.Contains(w[2], ":") {
			return nil, true
		}
		dir := optOrEnv("", "POETRY_CACHE_DIR")
		if dir == nil {
			return nil, true
		}
		return del(under(*dir, path.Join("cache", "repositories", w[2])), "poetry cache clear"), true
	case "dotnet":
		// dotnet clean -o DIR removes what the build wrote there, which
		// corral cannot list: judged as the directory.
		if len(args) == 0 || args[0].Value != "clean" {
			return nil, true
		}
		var dir *syntax.Arg
		for i := range args {
			if d, ok := valueOf(i, "--output"); ok {
				dir = &d
			}
			if d, ok := valueOf(i, "-o"); ok {
				dir = &d
			}
		}
		if dir == nil {
			return nil, true
		}
		return del(*dir, "dotnet clean -o"), true
	case "bazel", "bazelisk":
		sub := -1
		var base *syntax.Arg
		for i, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				sub = i
				break
			}
			if d, ok := valueOf(i, "--output_base"); ok && strings.Contains(a.Value, "=") {
				base = &d
			}
		}
		if sub < 0 || args[sub].Value != "clean" || base == nil {
			return nil, true
		}
		for _, a := range args[sub+1:] {
			if a.Value == "--expunge" || a.Value == "--expunge_async" {
				return del(*base, "bazel clean --expunge"), true
			}
		}
		return nil, true
	case "kioclient", "kioclient5", "kioclient6":
		var out []deletion
		var ops []syntax.Arg
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") || !a.Static {
				ops = append(ops, a)
			}
		}
		if len(ops) < 2 || ops[0].Value != "remove" && ops[0].Value != "rm" {
			return nil, true
		}
		for _, a := range ops[1:] {
			if v, ok := strings.CutPrefix(a.Value, "file://"); ok {
				a.Value = v
			} else if strings.Contains(a.Value, "://") {
				continue // another machine's or a virtual file system's
			}
			out = append(out, deletion{arg: a, verb: name + " remove", recursive: true, force: true})
		}
		return out, true
	}
	return nil, false
}

// cargoTargetDir matches build.target-dir in a cargo configuration
// (--config's KEY=VALUE, or a line under [build]).
var cargoTargetDir = lazy.Regexp{Expr: `^\s*(?:build\.)?target-dir\s*=\s*(?:"([^"]*)"|'([^']*)')\s*(?:#.*)?$`}

// configTargetDir reads --config build.target-dir="DIR" (TOML: the value
// is quoted).
func configTargetDir(kv string) (string, bool) {
	if !strings.HasPrefix(strings.TrimSpace(kv), "build.") {
		return "", false
	}
	m := cargoTargetDir.Get().FindStringSubmatch(kv)
	if m == nil {
		return "", false
	}
	return m[1] + m[2], m[1]+m[2] != ""
}

// cargoConfigTargetDir returns build.target-dir of the nearest
// .cargo/config.toml (or .cargo/config) in dir or a directory above it,
// and the directory that holds that .cargo; at most 64 levels and 64 KiB
// per file are read.
func cargoConfigTargetDir(dir string) (string, string, bool) {
	for n := 0; n < 64 && dir != ""; n++ {
		for _, f := range []string{".cargo/config.toml", ".cargo/config"} {
			b, err := readSmall(path.Join(dir, f), 64<<10)
			if err != nil {
				continue
			}
			section := ""
			for _, line := range strings.Split(string(b), "\n") {
				t := strings.TrimSpace(line)
				if strings.HasPrefix(t, "[") {
					section = strings.Trim(t, "[] ")
					continue
				}
				if m := cargoTargetDir.Get().FindStringSubmatch(line); m != nil &&
					(section == "build" || section == "" && strings.HasPrefix(t, "build.")) {
					if v := m[1] + m[2]; v != "" {
						return v, dir, true
					}
				}
			}
		}
		parent := path.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", "", false
}

// readSmall reads at most limit bytes of a regular file, opened without
// waiting (a FIFO named there would block a plain open until something
// wrote to it: syntax.OpenRegular).
func readSmall(name string, limit int64) ([]byte, error) {
	f, err := syntax.OpenRegular(name)
	if err != nil {
		if errors.Is(err, fs.ErrInvalid) {
			return nil, os.ErrInvalid
		}
		return nil, err
	}
	defer f.Close()
	b := make([]byte, limit)
	n, _ := io.ReadFull(f, b)
	return b[:n], nil
}

// goModcacheClean is go clean -modcache: GOMODCACHE, else the first
// GOPATH entry's pkg/mod.
func goModcacheClean(c *syntax.Call, args []syntax.Arg, del func(syntax.Arg, string) []deletion, fromEnv func(v, raw string) syntax.Arg) ([]deletion, bool) {
	modcache := false
	for _, a := range args[1:] {
		modcache = modcache || a.Value == "-modcache" || a.Value == "--modcache"
	}
	if !modcache {
		return nil, false
	}
	if v, ok := c.EnvKnown("GOMODCACHE"); ok && v != "" {
		return del(fromEnv(v, "GOMODCACHE="+v), "go clean -modcache"), true
	}
	if v, ok := c.EnvKnown("GOPATH"); ok && v != "" {
		first, _, _ := strings.Cut(v, ":")
		if first != "" {
			return del(fromEnv(path.Join(first, "pkg", "mod"), "GOPATH="+v), "go clean -modcache"), true
		}
	}
	return nil, false
}

// maxHexEntries bounds the entries of a cache directory read for the
// subdirectories a clean verb removes.
const maxHexEntries = 4096

// hexDirs lists the entries of directory d whose names are n hexadecimal
// digits (ccache's 0…f, Go's build cache 00…ff): what the tool removes,
// each judged as rm -rf of it, as they are on disk when the hook runs.
// A directory only known at run time, or one corral cannot read though
// it is there, is judged whole.
func hexDirs(c *syntax.Call, d syntax.Arg, n int, verb string, del func(syntax.Arg, string) []deletion) []deletion {
	if !d.Static {
		return del(d, verb)
	}
	at := c.Dir.Join(d.Value)
	if !at.Known {
		return del(d, verb)
	}
	f, err := os.Open(at.Path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil // nothing there to remove
		}
		return del(d, verb)
	}
	defer f.Close()
	names, err := f.Readdirnames(maxHexEntries)
	if err != nil && len(names) == 0 {
		return nil
	}
	if len(names) == maxHexEntries {
		return del(d, verb)
	}
	slices.Sort(names)
	var out []deletion
	for _, name := range names {
		if len(name) != n || strings.Trim(name, "0123456789abcdef") != "" {
			continue
		}
		e := d
		e.Value = strings.TrimSuffix(d.Value, "/") + "/" + name
		out = append(out, del(e, verb)...)
	}
	return out
}

// cargoConfigWritten returns the .cargo/config.toml (or .cargo/config) in
// dir or a directory above it that touched reports the command writes or
// changes before cargo runs, or "".
func cargoConfigWritten(dir string, touched func(abs string) bool) string {
	for n := 0; n < 64; n++ {
		for _, f := range []string{".cargo/config.toml", ".cargo/config"} {
			if touched(path.Join(dir, f)) {
				return path.Join(dir, f)
			}
		}
		if path.Dir(dir) == dir {
			break
		}
		dir = path.Dir(dir)
	}
	return ""
}

// checkCargoConfigFirst asks about cargo clean after the command writes
// a cargo configuration (printf '[build]\ntarget-dir = "…"' >
// .cargo/config.toml; cargo clean): its build.target-dir, the directory
// cargo clean removes whole, is only known when cargo reads it. With
// --target-dir, --config build.target-dir or CARGO_TARGET_DIR the
// directory is named there and cleanDeletions judges it.
func checkCargoConfigFirst(p *Pass, c *syntax.Call) {
	if path.Base(c.Name) != "cargo" || !c.Dir.Known {
		return
	}
	sawTouched := false
	out, _ := cleanDeletions(p.Config.Home, c, func(abs string) bool {
		t := p.writtenEarlier(c, abs)
		sawTouched = sawTouched || t
		return t
	})
	if len(out) > 0 || !sawTouched {
		return
	}
	cfgFile := cargoConfigWritten(c.Dir.Path, func(abs string) bool { return p.writtenEarlier(c, abs) })
	p.Report(c, Finding{Rule: "bash-delete", Decision: Ask, PathContext: "n/a",
		Message: "cargo clean removes the whole build.target-dir of " + cfgFile + ", which this command writes first: the directory is only known when cargo reads it"})
}

// writtenEarlier reports whether a call before c in the command writes
// the file at abs: a redirection or a target of the write tables (cp,
// tee, sed -i, …). Reading it (cat) does not count.
func (p *Pass) writtenEarlier(c *syntax.Call, abs string) bool {
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.End > c.Start {
			continue
		}
		for _, r := range o.Redirs {
			if r.Writes() && r.Target.Static {
				if d := r.Dir.Join(r.Target.Value); d.Known && d.Path == abs {
					return true
				}
			}
		}
		for _, t := range writeTargets(o) {
			if d := o.Dir.Join(t.path()); t.arg.Static && d.Known && d.Path == abs {
				return true
			}
		}
	}
	return false
}
