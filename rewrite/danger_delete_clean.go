package rewrite

import (
	"os"
	"path"
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
func cleanDeletions(home string, c *syntax.Call) ([]deletion, bool) {
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
	switch name {
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
	case "go":
		if len(args) == 0 || args[0].Value != "clean" {
			return nil, true
		}
		modcache := false
		for _, a := range args[1:] {
			modcache = modcache || a.Value == "-modcache" || a.Value == "--modcache"
		}
		if !modcache {
			return nil, true
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
		return nil, true
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

// readSmall reads at most limit bytes of a regular file.
func readSmall(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, os.ErrInvalid
	}
	b := make([]byte, limit)
	n, _ := f.Read(b)
	return b[:n], nil
}
