package lang

import (
	"path"
	"strings"
)

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
	case "file.path", "paste0", "paste", "path.expand", "normalizePath", "tempdir":
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
	if name == "tempdir" {
		// tempdir() is the session's own directory, which R made
		// new at start-up (RtmpXXXXXX under TMPDIR, TMP or TEMP): it
		// holds only what this session put there. Its check argument
		// only re-creates it.
		for _, a := range args {
			if a.key != "check" && a.key != "" || a.key == "" && len(args) > 1 {
				return "", false, 0, false
			}
		}
		return rSessionTemp, false, next, true
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
	joined := strings.Join(parts, sep)
	if !rInSessionTemp(joined) {
		return "", false, 0, false
	}
	return joined, tilde, next, true
}

// rSessionTemp stands for R's session directory, tempdir(): its real
// parent (TMPDIR) is only known at run time, so a path that leaves it
// (file.path(tempdir(), "..")) is not read.
const rSessionTemp = "/tmp/RtmpXXXXXX"

// rInSessionTemp reports a path that does not mention the session
// directory, or stays inside it once cleaned.
func rInSessionTemp(s string) bool {
	i := strings.Index(s, rSessionTemp)
	if i < 0 {
		return true
	}
	c := path.Clean(s[i:])
	return i == 0 && (c == rSessionTemp || strings.HasPrefix(c, rSessionTemp+"/"))
}
