package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// sed -i of the files the agent loads with every @file they name.
//
// A memory file (CLAUDE.md, .claude/rules/*.md) or a file one imports
// (README.md, package.json a CLAUDE.md names) is judged by the text an
// in-place edit leaves there. The walker computes a script of literal
// substitutions itself (syntax/memoryedits.go); any other sed script
// (a regular expression, 1i, a /re/d address) is run here by the real
// GNU sed in its --sandbox mode (no e, r or w command: it runs nothing
// and touches no file) on the text the file holds at that point, bounded
// like the other listings, and the @ references of the result are judged
// as a write of that text's would be: sed -i 's/v[0-9.]*/v2/' README.md
// passes, sed -i '1i @~/.ssh/id_rsa' CLAUDE.md is the read of the key. A
// script sed cannot run there (a -f file, a run-time word, e/r/w, an
// option corral does not pass on) or one with an F (the file's name,
// which the sandbox does not have) asks, as before (hidden-code).

// checkMemorySedEdits judges c's sed -i edits of memory files the walker
// left to the rules (syntax.Model.MemoryEdits).
func (p *Pass) checkMemorySedEdits(c *syntax.Call) {
	for _, e := range p.Model.MemoryEdits {
		if e.Call != c {
			continue
		}
		text, ok := p.sandboxedSedEdit(c, e.Old)
		if !ok {
			p.Report(c, Finding{Rule: "hidden-code", Decision: Ask,
				Message: e.What + ", and corral cannot tell the text it will hold"})
			continue
		}
		p.judgeMemoryText(c, e.Path, text)
	}
}

// sedEditText returns the text sed call c leaves in a file that held old:
// a script of literal substitutions computed, any other run in GNU sed's
// sandbox; false when neither can tell.
func (p *Pass) sedEditText(c *syntax.Call, old string) (string, bool) {
	if text, ok := syntax.InPlaceEditText(c, old); ok {
		return text, true
	}
	if c.Name != "sed" && c.Name != "gsed" {
		return "", false
	}
	return p.sandboxedSedEdit(c, old)
}

// sandboxedSedEdit runs sed call c's script on old in GNU sed's sandbox
// (sandboxedSed) and returns what an in-place edit leaves: false when
// the script is not all on the command line and static, when an option
// changes more than the text (or is not one sed -i takes), or when sed
// fails or the bounds cut it.
func (p *Pass) sandboxedSedEdit(c *syntax.Call, old string) (string, bool) {
	if p.Config.NoScriptFiles {
		return "", false
	}
	opts, ops := scan(c.Args, specFor("sed"))
	args := []string{"--sandbox"}
	scripted := false
	for _, o := range opts {
		switch o.name {
		case "i", "in-place", "s", "separate", "u", "unbuffered", "follow-symlinks", "b", "binary", "debug", "sandbox":
		case "e", "expression":
			if !o.val.Static {
				return "", false
			}
			scripted = true
			args = append(args, "-e", o.val.Value)
		case "E", "r", "regexp-extended":
			args = append(args, "-E")
		case "z", "null-data", "zero-terminated":
			args = append(args, "-z")
		case "posix":
			args = append(args, "--posix")
		case "n", "quiet", "silent":
			args = append(args, "-n")
		case "l", "line-length":
			if !o.val.Static {
				return "", false
			}
			args = append(args, "-l", o.val.Value)
		default:
			return "", false // -f FILE and anything else
		}
	}
	if !scripted {
		if len(ops) == 0 || !c.Args[ops[0]].Static {
			return "", false
		}
		args = append(args, "-e", c.Args[ops[0]].Value)
	}
	for _, a := range args {
		if strings.Contains(a, "F") {
			// F prints the file's name, which is - in the sandbox and the
			// path sed is given when it runs: a path can hold " @…".
			return "", false
		}
	}
	out, err := sandboxedSed(old, args)
	if err != nil {
		return "", false
	}
	return out, true
}
