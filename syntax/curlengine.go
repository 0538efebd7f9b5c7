package syntax

import (
	"path/filepath"
	"slices"
	"strings"
)

// curl's --engine ID (red team 19 LP1): curl hands ID to OpenSSL's
// ENGINE_by_id (a provider's name to OSSL_PROVIDER_try_load where curl
// has no engines), which loads a name it does not know with the dynamic
// engine from the engines directory (OPENSSL_ENGINES, else OpenSSL's
// own; OPENSSL_MODULES for a provider) and nowhere else: an ID with a
// slash is a path, taken as it is when absolute and from that directory
// when relative (curl 7.88 with OpenSSL 3.0: --engine /abs/x.so and
// --engine ../../../../../abs/x.so run x.so's constructor, --engine
// ./x.so finds nothing). An absolute path is judged as LD_PRELOAD's
// library; a relative one from a directory the command names
// (OPENSSL_ENGINES=DIR) likewise there; one that climbs out of
// OpenSSL's own directory (..) asks, since corral cannot tell where it
// lands; an ID only known at run time asks. A name without a slash is
// OPENSSL_ENGINES's (judged for every program by opensslModuleDirs) or
// built in; --engine list lists.
//
// The option may also stand in a configuration file curl reads: one -K
// FILE / --config FILE names (and the files those name in turn), and,
// unless -q/--disable comes first, the default .curlrc of the home
// directory (curl(1): "engine = ID", "engine ID", "--engine ID").

// curlEngine judges the engines call, a curl command, loads.
func (w *walker) curlEngine(c scope, call *Call) {
	spec := curlSpec
	spec.LongVal = append(slices.Clone(curlSpec.LongVal), "engine")
	opts, _ := ScanOptions(call.Args, spec)
	seen := map[string]bool{}
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "engine":
			w.curlEngineID(c, call, o.Val, "curl --engine")
		case "K", "config":
			if o.Val.Static && o.Val.Value != "-" {
				w.curlConfigEngines(c, call, call.Dir.Join(expandTilde(o.Val.Value, w.home)), seen)
			}
		}
	}
	if len(call.Args) > 0 && call.Args[0].Static && (call.Args[0].Value == "-q" || call.Args[0].Value == "--disable") {
		return
	}
	if w.home != "" {
		w.curlConfigEngines(c, call, Dir{Path: filepath.Join(w.home, ".curlrc"), Known: true}, seen)
	}
}

// curlConfigEngines judges the engine lines of the curl configuration
// file at d, following its config lines.
func (w *walker) curlConfigEngines(c scope, call *Call, d Dir, seen map[string]bool) {
	if !d.Known || seen[d.Path] || len(seen) >= maxConfFiles {
		return
	}
	seen[d.Path] = true
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		name, val, ok := curlConfigLine(line)
		if !ok {
			continue
		}
		switch name {
		case "engine":
			w.curlEngineID(c, call, Arg{Value: val, Raw: val, Static: true}, "engine in "+d.Path)
		case "config", "K":
			w.curlConfigEngines(c, call, call.Dir.Join(expandTilde(val, w.home)), seen)
		}
	}
}

// curlConfigLine splits a line of a curl configuration file into the
// option's name (without dashes) and its value: "name = value", "name:
// value", "name value", "--name value", a value in double quotes with
// its backslash escapes. ok is false for a blank line or a comment.
func curlConfigLine(line string) (name, val string, ok bool) {
	line = strings.TrimSpace(line)
	if line == "" || line[0] == '#' {
		return "", "", false
	}
	end := strings.IndexAny(line, " \t=:")
	if end < 0 {
		return strings.TrimLeft(line, "-"), "", true
	}
	name = strings.TrimLeft(line[:end], "-")
	rest := strings.TrimLeft(line[end:], " \t")
	if rest != "" && (rest[0] == '=' || rest[0] == ':') {
		rest = strings.TrimLeft(rest[1:], " \t")
	}
	if strings.HasPrefix(rest, `"`) {
		var b strings.Builder
		for i := 1; i < len(rest); i++ {
			ch := rest[i]
			if ch == '"' {
				break
			}
			if ch == '\\' && i+1 < len(rest) {
				i++
				switch rest[i] {
				case 't':
					ch = '\t'
				case 'n':
					ch = '\n'
				case 'r':
					ch = '\r'
				case 'v':
					ch = '\v'
				default:
					ch = rest[i]
				}
			}
			b.WriteByte(ch)
		}
		return name, b.String(), true
	}
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		rest = rest[:i]
	}
	return name, rest, true
}

// curlEngineID judges one engine id curl loads, given by how.
func (w *walker) curlEngineID(c scope, call *Call, id Arg, how string) {
	switch {
	case !id.Static:
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: id.Raw,
			What: how + " loads an OpenSSL engine only known at run time"})
		return
	case id.Value == "list" || !strings.Contains(id.Value, "/"):
		return
	}
	what := how + " " + id.Value + " makes OpenSSL load " + id.Value + " as an engine, a library whose code corral cannot read"
	if filepath.IsAbs(id.Value) {
		w.loadedLibrary(c, call, how, call.Dir.Join(id.Value), what)
		return
	}
	from := false
	for _, name := range opensslModuleVars {
		if v, known, set := w.envOf(c, call, name); set && known && v != "" {
			from = true
			w.loadedLibrary(c, call, how, call.Dir.Join(expandTilde(v, w.home)).Join(id.Value), what)
		}
	}
	if !from && strings.HasPrefix(filepath.Clean(id.Value), "..") {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: id.Raw,
			What: how + " " + id.Value + " makes OpenSSL load a library by a path that leaves its engines directory, code corral cannot read"})
	}
}
