package syntax

import "strings"

// tomlEntry is one key = value of a TOML text: the table it is in
// ("" before any), the key (unquoted) and the raw value, a multi-line
// string or an array or inline table taken whole.
type tomlEntry struct {
	table, key, value string
}

// tomlEntries reads the key = value lines of a TOML text, as the readers
// of pyproject.toml, Cargo.toml and mise.toml need them: [table] headers
// (not [[arrays of tables]]), and values that go on over lines
// (triple-quoted strings, [ … ], { … }) joined.
func tomlEntries(text string) []tomlEntry {
	lines := strings.Split(text, "\n")
	var out []tomlEntry
	table := ""
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "[[") {
			table = strings.Trim(line, "[] ")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		switch {
		case strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, "'''"):
			q := v[:3]
			for strings.Count(v, q) < 2 && i+1 < len(lines) {
				i++
				v += "\n" + lines[i]
			}
		case strings.HasPrefix(v, "[") || strings.HasPrefix(v, "{"):
			for strings.Count(v, "[")+strings.Count(v, "{") > strings.Count(v, "]")+strings.Count(v, "}") && i+1 < len(lines) {
				i++
				v += " " + strings.TrimSpace(lines[i])
			}
		}
		out = append(out, tomlEntry{table: table, key: strings.Trim(strings.TrimSpace(k), `"'`), value: v})
	}
	return out
}

// tomlKeyRaw returns the raw value of key in [table].
func tomlKeyRaw(text, table, key string) (string, bool) {
	for _, e := range tomlEntries(text) {
		if e.table == table && e.key == key {
			return e.value, true
		}
	}
	return "", false
}

// tomlKey returns the value of key in [table]: its first string, or the
// raw value (build = false).
func tomlKey(text, table, key string) (string, bool) {
	v, ok := tomlKeyRaw(text, table, key)
	if !ok {
		return "", false
	}
	if s := tomlStrings(v); len(s) > 0 {
		return s[0], true
	}
	return v, true
}
