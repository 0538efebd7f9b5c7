package agent

import (
	"encoding/json"
	"strings"
)

// Marker comments around the lines corral adds to a TOML or YAML file,
// which it edits as text (no parser for them is in the module): uninstall
// removes exactly the lines between them.
const (
	blockBegin = "# >>> corral: written by corral init; corral uninstall removes this block"
	blockEnd   = "# <<< corral"
	// replacedPrefix records a line the block replaced (YAML's "hooks: {}").
	replacedPrefix = "# corral replaced: "
)

// findBlock returns the line indexes of corral's block (begin, end), or -1.
func findBlock(lines []string) (int, int) {
	for i, l := range lines {
		if strings.TrimSpace(l) == blockBegin {
			for j := i + 1; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == blockEnd {
					return i, j
				}
			}
			return i, -1
		}
	}
	return -1, -1
}

// removeBlock takes corral's block out of a text, restoring any line it
// replaced.
func removeBlock(path string, text string) (string, bool, error) {
	lines := strings.Split(text, "\n")
	b, e := findBlock(lines)
	if b < 0 {
		return text, false, nil
	}
	if e < 0 {
		return "", false, &PosError{File: path, Line: b + 1, Col: 1, Msg: "corral's block has no end marker (" + blockEnd + "); remove it by hand"}
	}
	var restore []string
	for _, l := range lines[b+1 : e] {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, replacedPrefix) {
			restore = append(restore, strings.TrimPrefix(t, replacedPrefix))
		}
	}
	head := lines[:b]
	if rest := strings.Join(lines[e+1:], ""); rest == "" && b > 0 && strings.TrimSpace(lines[b-1]) == "" {
		// appendBlock put a blank line before a block at the end.
		head = lines[:b-1]
	}
	out := append(append(append([]string{}, head...), restore...), lines[e+1:]...)
	return strings.Join(out, "\n"), true, nil
}

// appendBlock adds a block at the end of a text, after a blank line.
func appendBlock(text string, block []string) string {
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if text != "" {
		text += "\n"
	}
	return text + strings.Join(block, "\n") + "\n"
}

// quoted is a string as a TOML basic string / YAML double-quoted scalar
// (JSON's escapes are valid in both).
func quoted(s string) string { return string(quoteJSON(s)) }

// blockCommand finds the hook command in corral's block: the quoted
// value on the line that runs corral's hook.
func blockCommand(lines []string, agent string) string {
	for _, l := range lines {
		if strings.Contains(l, "hook --agent "+agent) {
			return quotedValue(l)
		}
	}
	return ""
}

// quotedValue reads the double-quoted string that ends a line
// (command = "…", command: "…", const CORRAL = "…";).
func quotedValue(l string) string {
	i := strings.IndexByte(l, '"')
	if i < 0 {
		return strings.TrimSpace(l)
	}
	var s string
	if err := json.Unmarshal([]byte(strings.TrimRight(strings.TrimSpace(l[i:]), ";")), &s); err != nil {
		return strings.TrimSpace(l)
	}
	return s
}
