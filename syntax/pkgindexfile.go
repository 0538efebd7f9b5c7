package syntax

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Package index settings written straight into a configuration file.
// npm config set registry URL, pip config set global.index-url URL and
// the others (pkgindex.go, rewrite/danger_toolconfig.go) only write a
// line into a file the tool reads at every later run; writing that line
// with echo, printf, a here-document, cp of a file corral can read, or
// the Write and Edit tools keeps the same setting. Each file below is
// read in its own format (npm's ini, pip's configparser ini, TOML, a
// subset of YAML, KEY=VALUE), line by line and bounded, and a setting
// that sends installs to an index other than the default asks, as the
// command that sets it does:
//
//   - .npmrc (and PREFIX/etc/npmrc): registry, @scope:registry, and the
//     other keys npm config set asks about (script-shell, node-options,
//     prefix, globalconfig, userconfig, shell, git, editor;
//     ignore-scripts unless true); .yarnrc (yarn 1): registry;
//   - .yarnrc.yml: npmRegistryServer, npmScopes.NAME.npmRegistryServer,
//     yarnPath (the file every yarn command of the project runs);
//     .yarnrc's yarn-path (yarn 1's same);
//   - pip.conf, pip.ini (any directory pip reads: ~/.config/pip,
//     ~/.pip, /etc, a virtual environment): index-url,
//     extra-index-url, find-links, trusted-host in any section;
//   - uv.toml, and pyproject.toml's [tool.uv]: index-url,
//     extra-index-url, find-links, index ([[index]] url, inline tables),
//     the pip table's same keys, python-install-mirror,
//     pypy-install-mirror; pyproject.toml's [[tool.poetry.source]] and
//     [[tool.pdm.source]]; Pipfile's [[source]];
//   - .condarc, .mambarc, condarc.d/*: channels and default_channels
//     given by URL, channel_alias, custom_channels,
//     custom_multichannels;
//   - .cargo/config.toml (.cargo/config): [source.NAME] registry or
//     git, [registries.NAME] index, [registry] index;
//   - go's env files (~/.config/go/env, which go env -w writes, and
//     GOROOT/go.env): the keys go env -w asks about.
//   - bundler's .bundle/config: BUNDLE_MIRROR__* (a mirror of a gem
//     source, or of all: mirror.all);
//   - composer.json, and composer's global config.json: the url of each
//     "repositories" entry (a URL off packagist.org, or a git address
//     in scp form; a path repository passes).
//
// The default indexes pass (registry.npmjs.org and registry.yarnpkg.com,
// pypi.org and files.pythonhosted.org, conda.anaconda.org and
// repo.anaconda.com, crates.io's index, proxy.golang.org and
// sum.golang.org, over https), and so do local ones (a path, file://)
// and conda channels by name. A value only known at run time (a shell
// variable in the written text, npm's ${VAR}) asks when its key is one of
// these; a key only known at run time asks too. Only settings the file
// did not hold before are judged: an edit elsewhere in a pyproject.toml
// with a PyTorch index passes.

// maxIndexFileText bounds the text read as a package manager's
// configuration.
const maxIndexFileText = 1 << 20

// indexFileKind is the format and owner of a package manager's
// configuration file.
type indexFileKind int

const (
	notIndexFile indexFileKind = iota
	npmrcFile
	yarnrcFile
	yarnrcYAMLFile
	pipConfFile
	uvTOMLFile
	pyprojectFile
	pipfileFile
	condarcFile
	cargoConfigFile
	goEnvFile
	bundleConfigFile
	composerJSONFile
)

// indexFileKindOf returns what configuration path is by its name.
func indexFileKindOf(path string) indexFileKind {
	base := filepath.Base(path)
	parent := filepath.Base(filepath.Dir(path))
	switch {
	case base == ".npmrc", base == "npmrc" && parent == "etc":
		return npmrcFile
	case base == ".yarnrc":
		return yarnrcFile
	case base == ".yarnrc.yml", base == ".yarnrc.yaml":
		return yarnrcYAMLFile
	case base == "pip.conf", base == "pip.ini":
		return pipConfFile
	case base == "uv.toml":
		return uvTOMLFile
	case base == "pyproject.toml":
		return pyprojectFile
	case base == "Pipfile":
		return pipfileFile
	case base == ".condarc", base == ".mambarc", base == "condarc" && parent == "conda", parent == "condarc.d":
		return condarcFile
	case (base == "config.toml" || base == "config") && parent == ".cargo":
		return cargoConfigFile
	case base == "go.env", base == "env" && parent == "go" && filepath.Base(filepath.Dir(filepath.Dir(path))) == ".config":
		return goEnvFile
	case base == "config" && parent == ".bundle":
		return bundleConfigFile
	case base == "composer.json", base == "config.json" && (parent == ".composer" || parent == "composer"):
		return composerJSONFile
	}
	return notIndexFile
}

// IndexSetting is one setting of a package manager's configuration file
// that sends later installs elsewhere.
type IndexSetting struct {
	// File names the kind of file ("pip.conf", ".npmrc").
	File string
	// Key is the setting's key as its file nests it ("tool.uv.index.url").
	Key string
	// Value is the value as written.
	Value string
}

func (s IndexSetting) String() string {
	return clip(s.Key, 40) + " = " + clip(s.Value, 60)
}

// IndexValueRisky reports whether setting key to val in path's package
// manager configuration (as npm config set, yarn config set write it)
// sends later installs to an index other than the default or runs a
// program, as the same line written into the file is judged; runtime
// reports a value only known at run time.
func IndexValueRisky(path, key, val string, runtime bool) bool {
	kind := indexFileKindOf(path)
	switch kind {
	case npmrcFile, yarnrcFile, pipConfFile, goEnvFile:
		return indexKeyRisky(kind, key, val, runtime)
	case yarnrcYAMLFile:
		if !indexYAMLRelevant(kind, key) {
			return false
		}
		return runtime || key == "yarnPath" && val != "" || remoteIndex(kind, val)
	}
	return false
}

// IsPackageIndexFile reports whether path is a package manager's
// configuration file whose settings IndexSettings reads.
func IsPackageIndexFile(path string) bool {
	return indexFileKindOf(path) != notIndexFile
}

// NewIndexSettings returns the settings text gives path's package
// manager that send later installs to an index other than the default,
// or run a program, and that before (the file's earlier text, "" for
// none) did not hold; sorted. dynamic reports that text holds parts only
// known at run time, written as the shell wrote them ($VAR): a key or a
// value with such a part counts.
func NewIndexSettings(path, before, text string, dynamic bool) []IndexSetting {
	return newIndexSettings(indexFileKindOf(path), before, text, dynamic)
}

func newIndexSettings(kind indexFileKind, before, text string, dynamic bool) []IndexSetting {
	if kind == notIndexFile || len(text) > maxIndexFileText {
		return nil
	}
	if len(before) > maxIndexFileText {
		before = ""
	}
	old := map[IndexSetting]bool{}
	for _, s := range indexSettings(kind, before, false) {
		old[s] = true
	}
	var out []IndexSetting
	for _, s := range indexSettings(kind, text, dynamic) {
		if !old[s] {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Value < out[j].Value
	})
	return compactSettings(out)
}

func compactSettings(s []IndexSetting) []IndexSetting {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// indexSettings reads text as kind's format and returns its risky
// settings.
func indexSettings(kind indexFileKind, text string, dynamic bool) []IndexSetting {
	var out []IndexSetting
	name := map[indexFileKind]string{npmrcFile: ".npmrc", yarnrcFile: ".yarnrc", yarnrcYAMLFile: ".yarnrc.yml",
		pipConfFile: "pip.conf", uvTOMLFile: "uv.toml", pyprojectFile: "pyproject.toml", pipfileFile: "Pipfile",
		condarcFile: ".condarc", cargoConfigFile: ".cargo/config.toml", goEnvFile: "go env",
		bundleConfigFile: ".bundle/config", composerJSONFile: "composer.json"}[kind]
	runtime := func(s string) bool { return dynamic && (strings.Contains(s, "$") || strings.Contains(s, "`")) }
	add := func(key, val string) { out = append(out, IndexSetting{File: name, Key: key, Value: val}) }
	switch kind {
	case npmrcFile, yarnrcFile, pipConfFile, goEnvFile:
		for _, kv := range indexINIPairs(text, kind == yarnrcFile) {
			key, val := kv[0], kv[1]
			if runtime(key) {
				add(key, val)
				continue
			}
			if indexKeyRisky(kind, key, val, runtime(val)) {
				add(key, val)
			}
		}
	case uvTOMLFile, pyprojectFile, pipfileFile, cargoConfigFile:
		for _, kv := range indexTOMLPairs(text) {
			key, val := kv[0], kv[1]
			if runtime(key) && indexTOMLRelevant(kind, key) {
				add(key, val)
				continue
			}
			if !indexTOMLRelevant(kind, key) {
				continue
			}
			for _, s := range indexTOMLStrings(val) {
				if runtime(s) || remoteIndex(kind, s) {
					add(key, s)
				}
			}
		}
	case composerJSONFile:
		for _, u := range composerRepoURLs(text) {
			if runtime(u) || ComposerRepoRemote(u) {
				add("repositories", u)
			}
		}
	case yarnrcYAMLFile, condarcFile, bundleConfigFile:
		for _, kv := range indexYAMLPairs(text) {
			key, val := kv[0], kv[1]
			if !indexYAMLRelevant(kind, key) {
				continue
			}
			last := key[strings.LastIndexByte(key, '.')+1:]
			for _, s := range indexYAMLScalars(val) {
				switch {
				case runtime(s), remoteIndex(kind, s):
					add(key, s)
				case kind == yarnrcYAMLFile && key == "yarnPath" && s != "":
					// yarn 2+ runs the file named here for every yarn
					// command of the project.
					add(key, s)
				case kind == condarcFile && (last == "channel_alias" || strings.HasPrefix(key, "custom_")) && s != "":
					if !remoteIndexDefault(kind, s) && !strings.HasPrefix(s, "file://") {
						add(key, s)
					}
				}
			}
		}
	}
	return out
}

// indexKeyRisky judges one key = value line of an ini or KEY=VALUE file.
func indexKeyRisky(kind indexFileKind, key, val string, runtime bool) bool {
	switch kind {
	case npmrcFile, yarnrcFile:
		switch {
		case key == "registry", strings.HasSuffix(key, ":registry"):
			if runtime || strings.Contains(val, "${") {
				return true
			}
			return !remoteIndexDefault(kind, val)
		case key == "ignore-scripts":
			return strings.TrimSpace(strings.ToLower(val)) != "true"
		case kind == yarnrcFile && key == "yarn-path":
			// yarn 1 runs the file named here in place of itself.
			return strings.TrimSpace(val) != ""
		case kind == npmrcFile && (key == "script-shell" || key == "node-options" || key == "prefix" || key == "globalconfig" ||
			key == "userconfig" || key == "shell" || key == "git" || key == "editor" || key == "init-module" || key == "init.module"):
			return true
		}
	case pipConfFile:
		switch strings.ReplaceAll(strings.ToLower(key), "_", "-") {
		case "index-url", "extra-index-url", "find-links":
			for _, f := range strings.Fields(val) {
				if runtime || remoteIndex(kind, f) {
					return true
				}
			}
		case "trusted-host":
			for _, f := range strings.Fields(val) {
				if runtime || !remoteIndexDefault(kind, "https://"+f) {
					return true
				}
			}
		}
	case goEnvFile:
		if !goPersistKeys.Get()[key] {
			return false
		}
		switch key {
		case "GOPROXY":
			for _, p := range strings.FieldsFunc(val, func(r rune) bool { return r == ',' || r == '|' }) {
				if p != "direct" && p != "off" && !remoteIndexDefault(kind, p) {
					return true
				}
			}
			return runtime
		case "GOSUMDB":
			return val != "sum.golang.org" && val != "sum.golang.org https://sum.golang.org"
		}
		return true
	}
	return false
}

// indexTOMLRelevant reports a dotted TOML key whose string values name an
// index kind's tool installs from.
func indexTOMLRelevant(kind indexFileKind, key string) bool {
	k := key
	switch kind {
	case pyprojectFile:
		if rest, ok := strings.CutPrefix(k, "tool.uv."); ok {
			k = rest
		} else {
			return k == "tool.poetry.source" || strings.HasPrefix(k, "tool.poetry.source.") ||
				k == "tool.pdm.source" || strings.HasPrefix(k, "tool.pdm.source.")
		}
		fallthrough
	case uvTOMLFile:
		k = strings.TrimPrefix(k, "pip.")
		for _, p := range []string{"index", "index-url", "extra-index-url", "find-links", "python-install-mirror", "pypy-install-mirror"} {
			if k == p || strings.HasPrefix(k, p+".") {
				return true
			}
		}
	case pipfileFile:
		return k == "source" || strings.HasPrefix(k, "source.")
	case cargoConfigFile:
		segs := strings.Split(k, ".")
		last := segs[len(segs)-1]
		switch segs[0] {
		case "source":
			return last == "registry" || last == "git" || len(segs) <= 2
		case "registries", "registry":
			return last == "index" || len(segs) <= 2
		}
	}
	return false
}

// indexYAMLRelevant is indexTOMLRelevant for the YAML files.
func indexYAMLRelevant(kind indexFileKind, key string) bool {
	switch kind {
	case yarnrcYAMLFile:
		return key == "npmRegistryServer" || key == "yarnPath" || strings.HasPrefix(key, "npmScopes.") && strings.HasSuffix(key, ".npmRegistryServer")
	case bundleConfigFile:
		// BUNDLE_MIRROR__ALL, BUNDLE_MIRROR__HTTPS://RUBYGEMS__ORG/:
		// bundler fetches every gem of that source from the mirror.
		return strings.HasPrefix(strings.ToUpper(key), "BUNDLE_MIRROR__")
	case condarcFile:
		return key == "channels" || key == "default_channels" || key == "channel_alias" ||
			key == "custom_channels" || strings.HasPrefix(key, "custom_channels.") ||
			key == "custom_multichannels" || strings.HasPrefix(key, "custom_multichannels.")
	}
	return false
}

// remoteIndex reports a value that names a remote index other than the
// default of kind's tool: a URL that is not file:// and not the default.
func remoteIndex(kind indexFileKind, v string) bool {
	v = strings.TrimSpace(v)
	if !strings.Contains(v, "://") || strings.HasPrefix(strings.ToLower(v), "file://") {
		return false
	}
	return !remoteIndexDefault(kind, v)
}

// remoteIndexDefault reports the default index of kind's tool, over
// https.
func remoteIndexDefault(kind indexFileKind, v string) bool {
	v = strings.TrimSpace(v)
	for _, p := range []string{"sparse+", "registry+", "git+"} {
		v = strings.TrimPrefix(v, p)
	}
	u, err := url.Parse(v)
	if err != nil || !strings.EqualFold(u.Scheme, "https") || u.User != nil || u.Port() != "" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	switch kind {
	case npmrcFile, yarnrcFile, yarnrcYAMLFile:
		return host == "registry.npmjs.org" || host == "registry.yarnpkg.com"
	case pipConfFile, uvTOMLFile, pyprojectFile, pipfileFile:
		return host == "pypi.org" || host == "pypi.python.org" || host == "files.pythonhosted.org"
	case condarcFile:
		return host == "conda.anaconda.org" || host == "repo.anaconda.com"
	case cargoConfigFile:
		return host == "index.crates.io" || host == "github.com" && strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), ".git") == "/rust-lang/crates.io-index"
	case goEnvFile:
		return host == "proxy.golang.org" || host == "sum.golang.org"
	case bundleConfigFile:
		return host == "rubygems.org" || host == "index.rubygems.org"
	case composerJSONFile:
		return host == "repo.packagist.org" || host == "packagist.org"
	}
	return false
}

// composerRepoURLs returns the addresses a composer.json (or composer's
// global config.json) gives in its "repositories": each entry's "url",
// and a "package" entry's dist and source urls, at any depth under it
// (repositories is a list or an object of named entries). Text that is
// not JSON gives none.
func composerRepoURLs(text string) []string {
	var doc struct {
		Repositories json.RawMessage `json:"repositories"`
	}
	if json.Unmarshal([]byte(text), &doc) != nil || len(doc.Repositories) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(doc.Repositories, &v) != nil {
		return nil
	}
	var out []string
	var walk func(v any, key string, depth int)
	walk = func(v any, key string, depth int) {
		if depth > 8 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(e, k, depth+1)
			}
		case []any:
			for _, e := range x {
				walk(e, key, depth+1)
			}
		case string:
			if key == "url" {
				out = append(out, x)
			}
		}
	}
	walk(v, "", 0)
	sort.Strings(out)
	return out
}

// ComposerRepoRemote reports a composer repository address composer
// fetches packages from elsewhere: a URL that is not file:// and not
// packagist.org's, or a git address in scp form (git@host:a/b.git). A
// path (a "path" or "artifact" repository) is read where it is.
func ComposerRepoRemote(u string) bool {
	u = strings.TrimSpace(u)
	if strings.Contains(u, "://") {
		return remoteIndex(composerJSONFile, u)
	}
	at := strings.IndexByte(u, '@')
	colon := strings.IndexByte(u, ':')
	return at > 0 && colon > at && !strings.Contains(u[:at], "/")
}

// indexINIPairs returns the key = value lines of an ini text (npm's, pip's
// configparser: "=" or ":", comments with # or ;, indented lines
// continuing the value before them), or KEY VALUE lines when spaced
// (yarn 1's .yarnrc). Section names are left out: every key counts in
// any section. Bounded by the text.
func indexINIPairs(text string, spaced bool) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' || t[0] == ';' || t[0] == '[' {
			continue
		}
		if len(out) > 0 && (line[0] == ' ' || line[0] == '\t') {
			out[len(out)-1][1] += " " + t
			continue
		}
		var k, v string
		var ok bool
		if spaced {
			k, v, ok = strings.Cut(t, " ")
		} else {
			i := strings.IndexAny(t, "=:")
			if j := strings.IndexByte(t, '='); j >= 0 && (i < 0 || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "@")) {
				i = j // npm keys hold ":" (//host/:_authToken, @scope:registry)
			}
			if i >= 0 {
				k, v, ok = t[:i], t[i+1:], true
			}
		}
		if !ok {
			continue
		}
		out = append(out, [2]string{strings.TrimSpace(k), strings.Trim(strings.TrimSpace(v), `"'`)})
	}
	return out
}

// indexTOMLPairs returns the key = value pairs of a TOML text, each key the
// whole dotted path from its table ([a.b] or [[a.b]], quoted parts
// unquoted) and the value as written, continued over lines while a
// bracket, brace or multi-line string is open.
func indexTOMLPairs(text string) [][2]string {
	var out [][2]string
	table := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(strings.TrimRight(lines[i], "\r"))
		if t == "" || t[0] == '#' {
			continue
		}
		if t[0] == '[' {
			h := strings.TrimPrefix(strings.TrimPrefix(t, "["), "[")
			if end := strings.IndexByte(h, ']'); end >= 0 {
				h = h[:end]
			}
			table = indexTOMLKey(h)
			continue
		}
		eq := indexTOMLEquals(t)
		if eq < 0 {
			continue
		}
		key := indexTOMLKey(t[:eq])
		if table != "" {
			key = table + "." + key
		}
		val := strings.TrimSpace(t[eq+1:])
		// A value goes on over at most 256 lines (each line rescans it).
		for n := 0; n < 256 && i+1 < len(lines) && indexTOMLOpen(val); n++ {
			i++
			val += "\n" + lines[i]
		}
		out = append(out, [2]string{key, val})
	}
	return out
}

// indexTOMLEquals returns the index of the "=" after a key, outside quotes.
func indexTOMLEquals(t string) int {
	var q byte
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '=':
			return i
		}
	}
	return -1
}

// indexTOMLKey unquotes and joins the parts of a dotted key.
func indexTOMLKey(k string) string {
	var parts []string
	var b strings.Builder
	var q byte
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			} else {
				b.WriteByte(c)
			}
		case c == '"' || c == '\'':
			q = c
		case c == '.':
			parts = append(parts, strings.TrimSpace(b.String()))
			b.Reset()
		case c == ' ' || c == '\t':
		default:
			b.WriteByte(c)
		}
	}
	parts = append(parts, strings.TrimSpace(b.String()))
	return strings.Join(parts, ".")
}

// indexTOMLOpen reports a value whose brackets, braces or multi-line string
// are not closed yet.
func indexTOMLOpen(v string) bool {
	depth := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case strings.HasPrefix(v[i:], `"""`) || strings.HasPrefix(v[i:], "'''"):
			end := strings.Index(v[i+3:], v[i:i+3])
			if end < 0 {
				return true
			}
			i += 3 + end + 2
		case c == '"' || c == '\'':
			end := strings.IndexByte(v[i+1:], c)
			if end < 0 {
				return false
			}
			i += 1 + end
		case c == '#':
			for i < len(v) && v[i] != '\n' {
				i++
			}
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		}
	}
	return depth > 0
}

// indexTOMLStrings returns the string values in a TOML value as written.
func indexTOMLStrings(v string) []string {
	var out []string
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '#' {
			for i < len(v) && v[i] != '\n' {
				i++
			}
			continue
		}
		if c != '"' && c != '\'' {
			continue
		}
		q := v[i : i+1]
		if strings.HasPrefix(v[i:], strings.Repeat(q, 3)) {
			q = strings.Repeat(q, 3)
		}
		end := strings.Index(v[i+len(q):], q)
		if end < 0 {
			out = append(out, v[i+len(q):])
			break
		}
		s := v[i+len(q) : i+len(q)+end]
		if c == '"' {
			s = unescapeC(s)
		}
		out = append(out, strings.TrimSpace(s))
		i += len(q) + end + len(q) - 1
	}
	return out
}

// indexYAMLPairs returns a YAML text's keys as dotted paths from the
// indentation, each with its value: the scalar or flow collection after
// the colon, or a "- item" under it.
func indexYAMLPairs(text string) [][2]string {
	var stack []yamlLevel
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' || t == "---" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		if item, ok := strings.CutPrefix(t, "-"); ok && (item == "" || item[0] == ' ') {
			for len(stack) > 0 && stack[len(stack)-1].indent > indent {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 {
				out = append(out, [2]string{indexYAMLPath(stack), strings.TrimSpace(item)})
			}
			continue
		}
		k, v, ok := indexYAMLKeyValue(t)
		if !ok {
			if len(stack) > 0 {
				out = append(out, [2]string{indexYAMLPath(stack), t}) // a continued flow value
			}
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, yamlLevel{indent, k})
		if v != "" {
			out = append(out, [2]string{indexYAMLPath(stack), v})
		}
	}
	return out
}

// yamlLevel is a key open at an indentation.
type yamlLevel struct {
	indent int
	key    string
}

func indexYAMLPath(stack []yamlLevel) string {
	parts := make([]string, len(stack))
	for i, l := range stack {
		parts[i] = l.key
	}
	return strings.Join(parts, ".")
}

// indexYAMLKeyValue splits "key: value" (the key maybe quoted).
func indexYAMLKeyValue(t string) (string, string, bool) {
	var q byte
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case (c == '"' || c == '\'') && i == 0:
			q = c
		case c == ':' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t'):
			return strings.Trim(strings.TrimSpace(t[:i]), `"'`), strings.TrimSpace(t[i+1:]), true
		case c == '{' || c == '[':
			return "", "", false
		}
	}
	return "", "", false
}

// indexYAMLScalars returns the scalars of a YAML value: one, or each of a
// flow collection's ([a, b], {k: v}).
func indexYAMLScalars(v string) []string {
	if i := strings.Index(v, " #"); i >= 0 {
		v = v[:i]
	}
	fields := strings.FieldsFunc(v, func(r rune) bool { return r == '[' || r == ']' || r == '{' || r == '}' || r == ',' })
	var out []string
	for _, f := range fields {
		f = strings.TrimSpace(f)
		if k, val, ok := indexYAMLKeyValue(f); ok && k != "" {
			f = val
		}
		out = append(out, strings.Trim(f, `"'`))
	}
	return out
}

// indexWrite is a package manager's configuration file a call writes,
// with the text it leaves there (from this command).
type indexWrite struct {
	path, text string
	dynamic    bool
}

// pipConfigFile reads the file PIP_CONFIG_FILE names for call (in its
// environment words or exported) as a pip.conf: pip reads it first, on
// any name, so a file written with an index and named there keeps that
// index for the pip the call runs.
func (w *walker) pipConfigFile(c scope, call *Call, st *state, envWords map[string]string) {
	v, ok := commandEnv(st, envWords, "PIP_CONFIG_FILE")
	if !ok {
		w.pipHomeConfig(c, call, envWords)
	}
	if !ok || v == "" || v == os.DevNull {
		return
	}
	d := call.Dir.Join(v)
	text, ok := w.configFileText(c, call, d, nil, "pip reads its configuration, which can name the index it installs from,") // /dev/stdin too
	if !ok {
		return
	}
	w.reportIndexSettings(call, d.Path, "PIP_CONFIG_FILE", newIndexSettings(pipConfFile, "", text, false))
}

// pipHomeConfig reads the user configuration files pip takes from a
// HOME the command gives it (userHome): HOME/.config/pip/pip.conf (when
// XDG_CONFIG_HOME is not given) and the legacy HOME/.pip/pip.conf, as
// PIP_CONFIG_FILE's file is read. The user's own home is not read here.
func (w *walker) pipHomeConfig(c scope, call *Call, envWords map[string]string) {
	if call.Name != "pip" && call.Name != "pip3" && !strings.HasPrefix(call.Name, "pip3.") {
		return
	}
	home, _ := w.userHome(c, call, "")
	if home == "" || home == w.home {
		return
	}
	files := []string{".pip/pip.conf"}
	if _, _, xdg := w.envOf(c, call, "XDG_CONFIG_HOME"); !xdg {
		files = append([]string{".config/pip/pip.conf"}, files...)
	}
	for _, f := range files {
		d := Dir{Path: filepath.Join(home, f), Known: true}
		text, found := w.written[d.Path]
		if !found {
			if text, found = w.readScript(d); !found {
				continue
			}
		}
		w.reportIndexSettings(call, d.Path, "HOME", newIndexSettings(pipConfFile, "", text, false))
	}
}

// uvConfigFile reads the uv.toml uv is told to take as its
// configuration — uv --config-file F (also --config-file=F, uvx's too),
// or UV_CONFIG_FILE in its environment words or exported — as
// pipConfigFile reads PIP_CONFIG_FILE's file: uv takes that file's
// index settings (index-url, [[index]], the pip table's) for the
// packages the call installs, on any name. The user's uv.toml under a
// HOME or XDG_CONFIG_HOME the command gives it is read alike
// (HOME/.config/uv/uv.toml); --no-config or UV_NO_CONFIG turns off that
// discovery (not the named file).
func (w *walker) uvConfigFile(c scope, call *Call, st *state, envWords map[string]string) {
	args := call.Args
	if call.Name != "uv" && call.Name != "uvx" {
		if args = uvWords(call.pre); args == nil {
			return
		}
	}
	v, ok := commandEnv(st, envWords, "UV_CONFIG_FILE")
	as := "UV_CONFIG_FILE"
	noConfig := false
	var named *Arg // --config-file <(…)
	if x, found := commandEnv(st, envWords, "UV_NO_CONFIG"); found && x != "" && x != "0" && x != "false" {
		noConfig = true
	}
	for i, a := range args {
		if a.Value == "--" {
			break
		}
		switch {
		case a.Value == "--config-file" && i+1 < len(args):
			if _, sub := w.m.ArgStream(args[i+1]); sub {
				// --config-file <(…): the text the substitution prints.
				named = &args[i+1]
				v, ok, as = args[i+1].Raw, true, "--config-file"
				continue
			}
			if !args[i+1].Static {
				return
			}
			v, ok, as = args[i+1].Value, true, "--config-file"
		case strings.HasPrefix(a.Value, "--config-file="):
			if !a.Static {
				return
			}
			v, ok, as = strings.TrimPrefix(a.Value, "--config-file="), true, "--config-file"
		case a.Value == "--no-config":
			noConfig = true
		}
	}
	var files []Dir
	switch {
	case named != nil:
		files = append(files, Dir{Path: named.Raw, Known: true})
	case ok && v != "" && v != os.DevNull:
		files = append(files, call.Dir.Join(v))
	case !ok && !noConfig:
		// The user's uv.toml: XDG_CONFIG_HOME/uv/uv.toml, else
		// HOME/.config/uv/uv.toml, when the command moves either.
		as = "HOME"
		if x, known, given := w.envOf(c, call, "XDG_CONFIG_HOME"); given {
			if known && x != "" {
				files, as = append(files, call.Dir.Join(filepath.Join(expandTilde(x, w.home), "uv", "uv.toml"))), "XDG_CONFIG_HOME"
			}
		} else if home, _ := w.userHome(c, call, ""); home != "" && home != w.home {
			files = append(files, Dir{Path: filepath.Join(home, ".config", "uv", "uv.toml"), Known: true})
		}
	}
	for _, d := range files {
		if !d.Known || as == "XDG_CONFIG_HOME" && d.Path == filepath.Join(w.home, ".config", "uv", "uv.toml") {
			continue // the user's own
		}
		text, found := w.written[d.Path]
		if !found {
			if text, found = w.configFileText(c, call, d, named, "uv reads its configuration, which can name the index it installs from,"); !found { // /dev/stdin, <(…) too
				continue
			}
		}
		w.reportIndexSettings(call, d.Path, as, newIndexSettings(uvTOMLFile, "", text, false))
	}
}

// rubyPHPConfig reads the configuration bundler and composer take
// their sources from when the command moves it, as pipConfigFile does
// pip's: bundler's BUNDLE_MIRROR__* variables (BUNDLE_MIRROR__ALL=URL
// bundle install fetches every gem from URL), the .bundle/config under
// BUNDLE_APP_CONFIG or a HOME the command gives it; composer's
// composer.json named by COMPOSER (composer install reads that file in
// place of ./composer.json) and the config.json of COMPOSER_HOME or of a
// HOME the command gives it, whose "repositories" composer installs
// from (and runs the plugins of).
func (w *walker) rubyPHPConfig(c scope, call *Call, st *state, envWords map[string]string) {
	read := func(d Dir, as string, kind indexFileKind) {
		if !d.Known {
			return
		}
		text, found := w.written[d.Path]
		if !found {
			if text, found = w.readScript(d); !found {
				return
			}
		}
		w.reportIndexSettings(call, d.Path, as, newIndexSettings(kind, "", text, false))
	}
	home := func() string {
		if h, _ := w.userHome(c, call, ""); h != "" && h != w.home {
			return h
		}
		return ""
	}
	switch call.Name {
	case "bundle", "bundler":
		var names []string
		for n := range envWords {
			names = append(names, n)
		}
		for n, v := range st.vars {
			if v.exported {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			if !strings.HasPrefix(strings.ToUpper(n), "BUNDLE_MIRROR__") {
				continue
			}
			v, ok := commandEnv(st, envWords, n)
			if !ok || !remoteIndex(bundleConfigFile, v) {
				continue
			}
			w.reportIndexSettings(call, n, "ENV", []IndexSetting{{File: "environment", Key: n, Value: v}})
		}
		if v, ok := commandEnv(st, envWords, "BUNDLE_APP_CONFIG"); ok && v != "" {
			read(call.Dir.Join(filepath.Join(v, "config")), "BUNDLE_APP_CONFIG", bundleConfigFile)
		} else if h := home(); h != "" {
			read(Dir{Path: filepath.Join(h, ".bundle", "config"), Known: true}, "HOME", bundleConfigFile)
		}
	case "composer":
		if v, ok := commandEnv(st, envWords, "COMPOSER"); ok && v != "" {
			read(call.Dir.Join(v), "COMPOSER", composerJSONFile)
		}
		if v, ok := commandEnv(st, envWords, "COMPOSER_HOME"); ok && v != "" {
			read(call.Dir.Join(filepath.Join(v, "config.json")), "COMPOSER_HOME", composerJSONFile)
		} else if h := home(); h != "" {
			read(Dir{Path: filepath.Join(h, ".config", "composer", "config.json"), Known: true}, "HOME", composerJSONFile)
			read(Dir{Path: filepath.Join(h, ".composer", "config.json"), Known: true}, "HOME", composerJSONFile)
		}
	}
}

// uvWords returns the words of the uv or uvx among a call's wrapper
// words pre (uv run
// CMD, uvx TOOL: taken off as the wrapper of the command it runs) after
// that program's name, or nil.
func uvWords(pre []Arg) []Arg {
	var args []Arg
	for k, a := range pre {
		if b := filepath.Base(a.Value); a.Static && (b == "uv" || b == "uvx") {
			args = pre[k+1:]
			if args == nil {
				args = []Arg{}
			}
		}
	}
	return args
}

// underUv reports a call uv or uvx runs (uv run CMD, uvx TOOL: pre are
// the wrapper words before it), whose environment uv reads for its
// index settings.
func underUv(pre []Arg) bool { return uvWords(pre) != nil }

// npmUserConfig reads the file npm is told to take as the user's
// configuration — npm --userconfig F (also --userconfig=F), or
// NPM_CONFIG_USERCONFIG / npm_config_userconfig in its environment
// words or exported — as an .npmrc, as pipConfigFile does: npm reads it
// in place of ~/.npmrc, on any name, so a file written with a registry
// and named there keeps that registry for the npm the call runs.
// npm config set writes that file instead (the tool-config rule judges
// the value), so its own text is not judged then.
func (w *walker) npmUserConfig(c scope, call *Call, st *state, envWords map[string]string) {
	if call.Name != "npm" && call.Name != "pnpm" {
		return
	}
	// globalconfig is read the same way, in place of the global npmrc
	// (npm_config_globalconfig=F npm install).
	for _, key := range []string{"userconfig", "globalconfig"} {
		w.npmConfigFile(c, call, st, envWords, key)
	}
}

// npmConfigFile is npmUserConfig for one key naming a file.
func (w *walker) npmConfigFile(c scope, call *Call, st *state, envWords map[string]string, key string) {
	v, ok := "", false
	as := "NPM_CONFIG_" + strings.ToUpper(key)
	for _, n := range []string{as, "npm_config_" + key} {
		if x, found := commandEnv(st, envWords, n); found {
			v, ok = x, true
		}
	}
	set := false
	var named *Arg // the file's word on the command line: <(…) too
	for i, a := range call.Args {
		switch {
		case a.Value == "--"+key && i+1 < len(call.Args):
			if _, sub := w.m.ArgStream(call.Args[i+1]); sub {
				named, v, ok, as = &call.Args[i+1], call.Args[i+1].Value, true, "--"+key
				continue
			}
			if !call.Args[i+1].Static {
				return
			}
			named, v, ok, as = nil, call.Args[i+1].Value, true, "--"+key
		case strings.HasPrefix(a.Value, "--"+key+"="):
			if !a.Static {
				return
			}
			named, v, ok, as = nil, strings.TrimPrefix(a.Value, "--"+key+"="), true, "--"+key
		case a.Value == "set" && a.Static:
			set = true
		}
	}
	if !ok && !set && key == "userconfig" {
		// The user's .npmrc is under the HOME npm gets: one the
		// command moves (HOME=DIR npm install) is read as if named.
		if home, _ := w.userHome(c, call, ""); home != "" && home != w.home {
			v, ok, as = filepath.Join(home, ".npmrc"), true, "HOME"
		}
	}
	if !ok || v == "" || v == os.DevNull || set {
		return
	}
	src := Arg{Value: v, Raw: v, Static: true}
	if named != nil {
		src = *named
	}
	d := call.Dir.Join(v)
	if named != nil {
		d = Dir{Path: named.Raw, Known: true} // <(…): named as written
	}
	if !d.Known {
		return
	}
	text, found := w.written[d.Path]
	if !found {
		// --userconfig /dev/stdin, <(…): the text it carries (configText).
		if text, found = w.configText(c, call, src, call.Name+" reads its configuration, which can name the shell its scripts run in,"); !found {
			return
		}
	}
	w.reportIndexSettings(call, d.Path, as, newIndexSettings(npmrcFile, "", text, false))
}

// reportIndexSettings asks about settings file gives, each once.
func (w *walker) reportIndexSettings(call *Call, file, as string, settings []IndexSetting) {
	for _, s := range settings {
		seen := [2]string{file, s.Key + "=" + s.Value}
		if w.indexSeen[seen] {
			continue
		}
		if w.indexSeen == nil {
			w.indexSeen = map[[2]string]bool{}
		}
		w.indexSeen[seen] = true
		what := call.Name + " writes " + s.String() + " into " + file + " (" + s.File + ")"
		switch as {
		case "":
		case "ENV":
			what = call.Name + " runs with " + clip(s.Key, 60) + "=" + clip(s.Value, 60)
		case "HOME", "XDG_CONFIG_HOME":
			what = call.Name + " reads " + file + " as the user's configuration (from the " + as + " the command gives it), which sets " + s.String()
		default:
			what = call.Name + " runs with " + as + "=" + file + ", which sets " + s.String()
		}
		tail := ": every later install fetches packages, and runs their install code, from there"
		if as == "ENV" {
			tail = ": its install fetches packages, and runs their install code, from there"
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: s.Value, What: what + tail})
	}
}

// indexFileWrites asks about the settings the files call wrote give their
// package managers (indexPending): each new one, once per command.
func (w *walker) indexFileWrites(call *Call) {
	pending := w.indexPending
	w.indexPending = nil
	for _, iw := range pending {
		before := ""
		if w.read != nil {
			if t, err := w.read(iw.path); err == nil && len(t) <= maxIndexFileText {
				before = t
			}
		}
		w.reportIndexSettings(call, iw.path, "", NewIndexSettings(iw.path, before, iw.text, iw.dynamic))
	}
}
