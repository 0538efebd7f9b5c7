package syntax

import (
	"path/filepath"
	"strings"
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
	for _, f := range w.cargoConfigFiles(c, call, dir) {
		text, ok := w.readScript(f)
		if !ok {
			continue
		}
		root := Dir{Path: filepath.Dir(filepath.Dir(f.Path)), Known: true}
		inner := *call
		inner.Dir = root
		for _, e := range tomlEntries(text) {
			words := tomlStrings(e.value)
			if len(words) == 0 {
				continue
			}
			line := words[0]
			if strings.HasPrefix(strings.TrimSpace(e.value), "[") {
				q := make([]string, len(words))
				for i, s := range words {
					q[i] = Quote(s)
				}
				line = strings.Join(q, " ")
			}
			name := e.key
			if e.table != "" {
				name = e.table + "." + e.key
			}
			switch {
			case building && e.key == "rustflags" && (e.table == "build" || strings.HasPrefix(e.table, "target.")):
				// [build] rustflags = ["-C", "linker=PROG"]: rustc's
				// flags, a linker among them.
				flagWords := words
				if !strings.HasPrefix(strings.TrimSpace(e.value), "[") {
					flagWords = strings.Fields(words[0])
				}
				for _, p := range rustLinkerWords(flagWords) {
					w.child(c, &inner, Quote(p), nil, "cargo config "+name+" -C linker", false)
				}
			case building && cargoProgramKey(e.table, e.key):
				w.child(c, &inner, line, nil, "cargo config "+name, false)
			case !alias && sub != "" && (e.table == "alias" && e.key == sub || e.table == "" && e.key == "alias."+sub):
				alias = true
				if w.cargoAliasDepth >= maxCargoAlias {
					continue
				}
				w.cargoAliasDepth++
				w.child(c, call, "cargo "+line, nil, "cargo alias "+sub, false)
				w.cargoAliasDepth--
			}
		}
	}
	return alias
}
