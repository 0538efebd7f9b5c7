package syntax

import (
	"strings"
)

// In-place edits of the files agents load by themselves.
//
// sed -i, perl -i and ruby -i change a file with text corral does not
// compute in general. For a memory file (ReferencingFile: CLAUDE.md,
// GEMINI.md, .claude/rules/*.md, …) the new text matters because every
// @PATH reference in it is read into the agent's context when the agent
// next loads it: sed -i '1i @~/.ssh/id_rsa' CLAUDE.md is a read of the
// key that no tool call shows. When the edit is a sed script of literal
// substitutions (s/old/new/, s|a|b|g, anchored with ^ or $) and the file
// is one corral can read, the new text is computed and its references
// judged as a known write's are; any other sed script is run in GNU
// sed's sandbox by the rules (rewrite/memory_sed.go), and any other
// in-place edit of such a file has text only known at run time and asks
// (rule hidden-code).

// referencingEdit judges call's in-place edit of the memory file path,
// whose text before the edit is old (oldOK when corral could read it).
func (w *walker) referencingEdit(call *Call, path, old string, oldOK bool) {
	if oldOK {
		if scripts, ext, ok := sedLiteralScripts(call); ok {
			if text, ok := sedSubstituteText(scripts, ext, old); ok {
				w.noteFileRefs(call, path, text)
				return
			}
		}
	}
	if oldOK && (call.Name == "sed" || call.Name == "gsed") {
		// Any other sed script: the rules ask GNU sed's sandbox what it
		// makes of the text (rewrite/memory_sed.go), and ask when it
		// cannot say.
		w.m.MemoryEdits = append(w.m.MemoryEdits, MemoryEdit{Call: call, Path: path, Old: old, What: call.Name + " edits " + relTo(call.Dir.Path, path) + " in place" + w.loadedWith(call, path)})
		return
	}
	// A memory file, or a file one on disk imports (importedfiles.go),
	// whose new text corral cannot compute.
	name := relTo(call.Dir.Path, path)
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
		What: call.Name + " edits " + name + " in place" + w.loadedWith(call, path) + ", and corral cannot tell the text it will hold"})
}

// MemoryEdit is a sed -i edit by Call of the file at Path (a memory file
// or one a memory file imports), which held Old before it; What names
// the edit and why the agent loads the file, for a finding.
type MemoryEdit struct {
	Call      *Call
	Path, Old string
	What      string
}

// InPlaceEditText returns the text sed call leaves in a file that held
// old, when its edit is a script of literal substitutions corral computes
// (see referencingEdit); false for any other call or script.
func InPlaceEditText(call *Call, old string) (string, bool) {
	scripts, ext, ok := sedLiteralScripts(call)
	if !ok {
		return "", false
	}
	return sedSubstituteText(scripts, ext, old)
}

// sedLiteralScripts returns the scripts of a sed call (-e, --expression,
// or the first operand) and whether -E/-r is given, when every script is
// given on the command line, static, and no option but -i, -e, -E/-r, -s,
// -u, --posix or --follow-symlinks is used (a script file, -n or -z
// changes what is written).
func sedLiteralScripts(call *Call) (scripts []string, ext, ok bool) {
	if call.Name != "sed" && call.Name != "gsed" {
		return nil, false, false
	}
	opts, ops := ScanOptions(call.Args, sedSpec)
	for _, o := range opts {
		switch o.Name {
		case "i", "in-place", "s", "separate", "u", "unbuffered", "posix", "follow-symlinks":
		case "E", "r", "regexp-extended":
			ext = true
		case "e", "expression":
			if !o.HasVal || !o.Val.Static {
				return nil, false, false
			}
			scripts = append(scripts, o.Val.Value)
		default:
			return nil, false, false
		}
	}
	if len(scripts) == 0 {
		if len(ops) == 0 || !call.Args[ops[0]].Static {
			return nil, false, false
		}
		scripts = []string{call.Args[ops[0]].Value}
	}
	return scripts, ext, true
}

// sedLiteral is one literal substitution: pat is found as a plain string,
// at the start of the line only (start), at its end only (end), or
// anywhere; every match is replaced when all is set, the first otherwise.
type sedLiteral struct {
	pat, repl       string
	start, end, all bool
}

// sedSubstituteText runs scripts, each a sequence of literal
// substitutions separated by ; or newlines, over text line by line as GNU
// sed does, and reports false for any script it does not model: another
// command, an address, a pattern with a regular-expression operator
// (ext selects the extended set), a replacement with \ or &, or a flag
// other than g.
func sedSubstituteText(scripts []string, ext bool, text string) (string, bool) {
	var prog []sedLiteral
	for _, s := range scripts {
		p, ok := parseSedLiterals(s, ext)
		if !ok {
			return "", false
		}
		prog = append(prog, p...)
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var b strings.Builder
	for _, line := range lines {
		body := strings.TrimSuffix(line, "\n")
		for _, c := range prog {
			body = c.apply(body)
		}
		b.WriteString(body)
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String(), true
}

func (c sedLiteral) apply(line string) string {
	switch {
	case c.start && c.end:
		if line == c.pat {
			return c.repl
		}
		return line
	case c.start:
		if strings.HasPrefix(line, c.pat) {
			return c.repl + line[len(c.pat):]
		}
		return line
	case c.end:
		if strings.HasSuffix(line, c.pat) {
			return line[:len(line)-len(c.pat)] + c.repl
		}
		return line
	case c.pat == "":
		// s/^// and s/$// are handled above; an empty pattern reuses the
		// last regular expression, which is not modelled.
		return line
	case c.all:
		return strings.ReplaceAll(line, c.pat, c.repl)
	}
	return strings.Replace(line, c.pat, c.repl, 1)
}

// parseSedLiterals parses a script of literal substitutions.
func parseSedLiterals(s string, ext bool) ([]sedLiteral, bool) {
	special := `\.*[]`
	if ext {
		special += `+?(){}|`
	}
	var out []sedLiteral
	for {
		s = strings.TrimLeft(s, " \t\n;")
		if s == "" {
			return out, len(out) > 0
		}
		if len(s) < 2 || s[0] != 's' || s[1] == '\\' || s[1] == '\n' || s[1] == ' ' {
			return nil, false
		}
		d := s[1]
		pat, rest, ok := sedLiteralPart(s[2:], d)
		if !ok {
			return nil, false
		}
		repl, rest, ok := sedLiteralPart(rest, d)
		if !ok {
			return nil, false
		}
		k := 0
		for k < len(rest) && rest[k] != ';' && rest[k] != '\n' && rest[k] != ' ' && rest[k] != '\t' {
			k++
		}
		flags := rest[:k]
		s = rest[k:]
		if flags != "" && flags != "g" || strings.ContainsAny(repl, `\&`+"\n") {
			return nil, false
		}
		c := sedLiteral{repl: repl, all: flags == "g"}
		if strings.HasPrefix(pat, "^") {
			c.start, pat = true, pat[1:]
		}
		if strings.HasSuffix(pat, "$") {
			c.end, pat = true, pat[:len(pat)-1]
		}
		if strings.ContainsAny(pat, special+"^$\n") || pat == "" && !c.start && !c.end {
			return nil, false
		}
		c.pat = pat
		out = append(out, c)
	}
}

// sedLiteralPart reads the pattern or replacement of an s command up to
// the delimiter d, with \d standing for d itself; any other backslash is
// not modelled.
func sedLiteralPart(s string, d byte) (part, rest string, ok bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == d:
			return b.String(), s[i+1:], true
		case s[i] == '\\':
			if i+1 >= len(s) || s[i+1] != d {
				return "", "", false
			}
			i++
			b.WriteByte(d)
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", false
}
