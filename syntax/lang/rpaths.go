package lang

import "strings"

// rPathCall reads, for R, a call at token j (after its dotted name) whose
// value is a path the text shows: file.path of literal parts (joined
// with "/" as R does, an absolute part or a trailing slash kept as
// written: file.path("a", "/b") is "a//b"), paste0 and paste (sep = " "
// unless a literal sep says otherwise) of literal strings, and
// path.expand or normalizePath of a literal (R expands a leading ~ to the
// home directory). Sys.getenv("HOME") is read by homeFromEnv. An argument
// that is not a literal, or a keyword other than the ones read (fsep,
// collapse, sep), makes the value one only run time knows.
func (p *parser) rPathCall(name string, j, b int) (string, bool, int, bool) {
	switch name {
	case "file.path", "paste0", "paste", "path.expand", "normalizePath":
	default:
		return "", false, 0, false
	}
	if j >= b || !isP(p.toks[j], "(") || p.pathDepth >= maxPathDepth {
		return "", false, 0, false
	}
	p.pathDepth++
	args, next := p.args(j, ")")
	p.pathDepth--
	if next > b {
		return "", false, 0, false
	}
	sep := ""
	switch name {
	case "file.path":
		sep = "/"
	case "paste":
		sep = " "
	}
	var parts []string
	tilde := false
	for _, a := range args {
		if !a.lit {
			return "", false, 0, false
		}
		switch {
		case a.key == "":
			if len(parts) == 0 {
				tilde = a.tilde
			}
			parts = append(parts, a.str)
		case a.key == "sep" && name == "paste", a.key == "fsep" && name == "file.path":
			sep = a.str
		case a.key == "collapse" && (name == "paste" || name == "paste0"):
			// Every part is one string: the result is one string,
			// which collapse leaves as it is.
		default:
			return "", false, 0, false
		}
	}
	switch name {
	case "path.expand", "normalizePath":
		if len(parts) != 1 {
			return "", false, 0, false
		}
		s := parts[0]
		return s, tilde || s == "~" || strings.HasPrefix(s, "~/"), next, true
	}
	if len(parts) == 0 {
		return "", false, 0, false
	}
	return strings.Join(parts, sep), tilde, next, true
}
