package guards

// MaxBraceAlternatives bounds the alternatives ExpandBraces returns.
const MaxBraceAlternatives = 1024

// maxBraceGlob bounds the length of a glob ExpandBraces spells out, so
// that its work (alternatives times length) stays bounded.
const maxBraceGlob = 4096

// ExpandBraces spells out the {a,b} alternations of a search tool's glob
// (ripgrep's -g and Claude Code's Grep glob, gitignore-style globs of the
// globset crate; nested groups too) into the globs each choice gives:
// "{.env,README.md}" is ".env" and "README.md", "*{env,md}" is "*env"
// and "*md", "{.ssh/id_rsa,x}" is ".ssh/id_rsa" and "x". A backslash
// escapes the next character, and a "{" without its "}" is literal. ok
// is false when there are more than MaxBraceAlternatives (the ones
// returned are then only the first) or the glob is longer than
// maxBraceGlob (it is then returned as it is).
func ExpandBraces(glob string) (alts []string, ok bool) {
	if len(glob) > maxBraceGlob {
		return []string{glob}, false
	}
	out := []string{""}
	ok = expandInto(glob, &out)
	return out, ok
}

// expandInto appends glob's expansion to each prefix in *out.
func expandInto(glob string, out *[]string) bool {
	for i := 0; i < len(glob); i++ {
		switch glob[i] {
		case '\\':
			if i+1 < len(glob) {
				appendAll(out, glob[i:i+2])
				i++
				continue
			}
		case '{':
			end, parts := braceGroup(glob, i)
			if end < 0 {
				break
			}
			prefixes := *out
			var next []string
			for _, part := range parts {
				sub := append([]string(nil), prefixes...)
				okSub := expandInto(part, &sub)
				next = append(next, sub...)
				if !okSub || len(next) > MaxBraceAlternatives {
					*out = next[:min(len(next), MaxBraceAlternatives)]
					return false
				}
			}
			*out = next
			i = end
			continue
		}
		appendAll(out, glob[i:i+1])
	}
	return true
}

func appendAll(out *[]string, s string) {
	for j := range *out {
		(*out)[j] += s
	}
}

// braceGroup returns the index of the "}" closing the group opened at
// glob[open] and the group's alternatives (split at its top-level
// commas), or -1 when it is not closed.
func braceGroup(glob string, open int) (int, []string) {
	depth, start := 0, open+1
	var parts []string
	for i := open; i < len(glob); i++ {
		switch glob[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i, append(parts, glob[start:i])
			}
		case ',':
			if depth == 1 {
				parts = append(parts, glob[start:i])
				start = i + 1
			}
		}
	}
	return -1, nil
}
