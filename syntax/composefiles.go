package syntax

import (
	"path/filepath"
	"strings"
)

// The files Docker Compose merges (compose spec, compose-go's loader):
// with no -f and no COMPOSE_FILE, the first compose file found from the
// project directory upwards and, beside it, the first override file
// (compose.override.yaml …), whose services are merged into the main
// file's by name (volumes and options added, image and command
// replaced); COMPOSE_FILE may come from the project directory's .env or
// from --env-file; a top-level include: pulls in other compose files,
// each with its own directory for relative paths. A service of the
// merged set is what compose starts.

// composeOverrideNames are the override files compose merges with the
// main file it finds, in the order compose-go looks for them.
var composeOverrideNames = []string{"compose.override.yml", "compose.override.yaml", "docker-compose.override.yml", "docker-compose.override.yaml"}

// Bounds of the include walk.
const (
	maxComposeIncludeDepth = 4
	maxComposeFiles        = 16
)

// ComposeText is one compose file of a project: its path, its text and
// the directory its relative paths resolve from.
type ComposeText struct {
	Path, Text, Dir string
	// Group numbers the files merged together: the project's files
	// (the main file, its override, the -f list) are group 0, each
	// included file its own.
	Group int
}

// ComposeOverride returns the override file beside the main compose file
// at main, read with read.
func ComposeOverride(main string, read func(string) (string, bool)) (path, text string, ok bool) {
	dir := filepath.Dir(main)
	for _, n := range composeOverrideNames {
		p := filepath.Join(dir, n)
		if t, ok := read(p); ok {
			return p, t, true
		}
	}
	return "", "", false
}

// ComposeWithIncludes returns files followed by the compose files their
// include: entries name, and theirs (depth and count bounded), read
// with read; remote includes (a URL, oci://) are left out.
func ComposeWithIncludes(files []ComposeText, read func(string) (string, bool)) []ComposeText {
	out := append([]ComposeText(nil), files...)
	seen := map[string]bool{}
	for _, f := range files {
		seen[f.Path] = true
	}
	group := 1
	var walk func(f ComposeText, depth int)
	walk = func(f ComposeText, depth int) {
		if depth >= maxComposeIncludeDepth {
			return
		}
		for _, inc := range ComposeIncludes(f.Text) {
			if len(out) >= maxComposeFiles {
				return
			}
			p := inc
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(f.Path), p)
			}
			p = filepath.Clean(p)
			if seen[p] {
				continue
			}
			seen[p] = true
			t, ok := read(p)
			if !ok {
				continue
			}
			g := ComposeText{Path: p, Text: t, Dir: filepath.Dir(p), Group: group}
			group++
			out = append(out, g)
			walk(g, depth+1)
		}
	}
	for _, f := range files {
		walk(f, 0)
	}
	return out
}

// ComposeIncludes returns the local files a compose text's top-level
// include: names: a list of paths (block or flow), or of items whose
// path: is a path or a list of them.
func ComposeIncludes(text string) []string {
	var out []string
	add := func(v string) {
		v = strings.Trim(strings.TrimSpace(stripYAMLComment(v)), `"'`)
		if v != "" && !strings.Contains(v, "://") && len(out) < maxComposeFiles {
			out = append(out, v)
		}
	}
	flow := func(v string) bool {
		v = strings.TrimSpace(stripYAMLComment(v))
		if !strings.HasPrefix(v, "[") {
			return false
		}
		for _, x := range strings.Split(strings.Trim(v, "[]"), ",") {
			add(x)
		}
		return true
	}
	// sub is the key inside include: whose value the lines below it
	// are (path:, env_file:), at subIndent; "" at an item's level.
	in, sub, subIndent := false, "", -1
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(trimmed)
		if indent == 0 { // a top-level key
			in, sub, subIndent = false, "", -1
			if v, ok := strings.CutPrefix(trimmed, "include:"); ok {
				in = true
				flow(v)
			}
			continue
		}
		if !in {
			continue
		}
		if indent <= subIndent {
			sub, subIndent = "", -1
		}
		keyIndent := indent
		item := false
		if rest, ok := strings.CutPrefix(trimmed, "- "); ok {
			item = true
			keyIndent += 2 + len(rest) - len(strings.TrimLeft(rest, " "))
			trimmed = strings.TrimLeft(rest, " ")
		}
		key, val, isKey := strings.Cut(trimmed, ":")
		if isKey && (val == "" || val[0] == ' ' || val[0] == '\t') && !strings.ContainsAny(key, " \"'") {
			sub, subIndent = key, keyIndent
			if key == "path" && strings.TrimSpace(val) != "" && !flow(val) {
				add(val)
			}
			continue
		}
		if item && (sub == "" || sub == "path") {
			// A path: an item of include: itself, or of its path: list.
			add(trimmed)
		}
	}
	return out
}

// stripYAMLComment removes a " #" comment from a plain value.
func stripYAMLComment(v string) string {
	if i := strings.Index(v, " #"); i >= 0 {
		return v[:i]
	}
	return v
}

// ComposeFileFromEnv returns the COMPOSE_FILE an env file's text sets
// (compose reads it from the project directory's .env, or --env-file):
// its ":"-separated files (COMPOSE_PATH_SEPARATOR when set).
func ComposeFileFromEnv(text string) ([]string, bool) {
	vals := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "export "))
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		} else {
			v = stripYAMLComment(v)
		}
		vals[k] = v
	}
	f, ok := vals["COMPOSE_FILE"]
	if !ok || f == "" {
		return nil, false
	}
	sep := ":"
	if s := vals["COMPOSE_PATH_SEPARATOR"]; s != "" {
		sep = s
	}
	var out []string
	for _, p := range strings.Split(f, sep) {
		if p != "" {
			out = append(out, p)
		}
	}
	return out, len(out) > 0
}

// mergeComposeServices merges the services of files read in order, as
// compose merges an override into the file before it: by name, lists
// added, image, command and entrypoint replaced when set.
func mergeComposeServices(texts []string) []composeService {
	var out []composeService
	at := map[string]int{}
	for _, t := range texts {
		for _, s := range parseCompose(t) {
			i, ok := at[s.name]
			if !ok {
				at[s.name] = len(out)
				out = append(out, s)
				continue
			}
			m := &out[i]
			if s.image != "" {
				m.image = s.image
			}
			if s.command != nil || s.commandRaw != "" {
				m.command, m.commandRaw = s.command, s.commandRaw
			}
			if s.entry != nil || s.entRaw != "" {
				m.entry, m.entRaw = s.entry, s.entRaw
			}
			m.volumes = append(m.volumes, s.volumes...)
			m.hostOpts = append(m.hostOpts, s.hostOpts...)
			m.envFiles = append(m.envFiles, s.envFiles...)
			m.takes = append(m.takes, s.takes...)
		}
	}
	return out
}
