package rewrite

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var secretRead = Rule{
	Decisions: []Decision{Ask, Deny},
	Name:      "secret-read",
	Doc: `A shell command that reads a secret file (the path module's secret class:
SSH private keys and ~/.ssh except public parts, cloud and registry
credentials, .env files except .env.example/.sample/.template, *.pem, *.key,
*.p12, *.pfx) puts its content in front of the agent: cat, less, more, head,
tail, bat, xxd, od, hexdump, base64, strings, nl, tac, sed, awk, jq, sort,
cut, diff and the other text tools, editors, dd if=, grep/rg/ag of such a
file or, recursively, of a directory that holds an anchored secret (grep -r
x ~), copies and archives of one (cp, mv, tar, zip, rsync, scp), input
redirections from one (< ~/.ssh/id_rsa), and source or . of a secret outside
the project (a project's own .env is how it configures itself), and git
commands that print a secret out of the object store or the work tree (git
show HEAD:.env, git cat-file -p :.env, git diff HEAD -- .env, git log -p --
.env, git archive HEAD .env, git blame .env, git grep KEY -- .env; not with
--stat or --name-only, not an excluding pathspec :!.env). An operand is every
path it can name: what a glob matches (cat .en?, head ~/.ssh/id_*), each word
of a brace expansion, a command substitution whose output its text shows
(less $(echo .env)); one only known at run time ($(ls *.go)) is not judged.
Denied by
default, naming the pattern and how to allow that one path; a policy can make
it ask ("secrets": {"action": "ask"}). Uploads of secrets are the
exfiltrate rule's.`,
	Commands: []string{"cat", "less", "more", "head", "tail", "bat", "batcat", "xxd", "od", "hexdump", "base64", "base32", "strings", "nl", "tac",
		"grep", "egrep", "fgrep", "rg", "ag", "zgrep", "cp", "mv", "tar", "zip", "rsync", "scp", "source", ".",
		// Text tools print what they read; a program, filter or script
		// comes first for the ones in programFirstReaders.
		"sed", "awk", "gawk", "mawk", "jq", "yq", "sort", "cut", "diff", "cmp", "paste", "rev", "fold", "column",
		"uniq", "comm", "join", "iconv", "expand", "unexpand", "pr", "fmt", "zcat", "bzcat", "xzcat", "zless",
		"zmore", "view", "vi", "vim", "nvim", "nano", "emacs", "split", "dd", "git"},
	Call:     checkSecretRead,
	Redirect: checkSecretRedirect,
}

// readerSpecs are the options that take a value, for the commands whose
// operands are all files read.
var readerSpecs = sync.OnceValue(func() map[string]optSpec {
	return map[string]optSpec{
		"head":    {shortVal: "nc", longVal: setOf("lines", "bytes"), longEq: true},
		"tail":    {shortVal: "ncs", longVal: setOf("lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"), longEq: true},
		"od":      {shortVal: "AjNSstw", longVal: setOf("address-radix", "skip-bytes", "read-bytes", "format", "strings", "width"), longEq: true},
		"xxd":     {shortVal: "cglosn", longVal: setOf("cols", "groupsize", "len", "seek", "name")},
		"hexdump": {shortVal: "enfs", longVal: setOf("format", "format-file", "length", "skip"), longEq: true},
		"base64":  {shortVal: "w", longVal: setOf("wrap"), longEq: true},
		"base32":  {shortVal: "w", longVal: setOf("wrap"), longEq: true},
		"strings": {shortVal: "nteT", longVal: setOf("bytes", "radix", "encoding", "target", "output-separator"), longEq: true},
		"nl":      {shortVal: "bdfhilnsvw", longVal: setOf("body-numbering", "section-delimiter", "footer-numbering", "header-numbering", "line-increment", "join-blank-lines", "number-format", "number-separator", "starting-line-number", "number-width"), longEq: true},
		"tac":     {shortVal: "s", longVal: setOf("separator"), longEq: true},
		"bat":     {shortVal: "lmpHr", longVal: setOf("language", "map-syntax", "highlight-line", "line-range", "style", "theme", "tabs", "wrap", "terminal-width", "color", "paging", "pager", "decorations"), longEq: true},
		"less":    {shortVal: "bhjkoOpPtTxyz#", longVal: setOf("log-file", "tag", "pattern", "prompt"), longEq: true},
		"grep":    {shortVal: "efmABCdD", longVal: setOf("regexp", "file", "max-count", "after-context", "before-context", "context", "label", "include", "exclude", "exclude-dir", "exclude-from", "binary-files", "devices", "directories", "color", "colour"), longEq: true},
		"rg":      {shortVal: "efmABCgtTEMj", longVal: setOf("regexp", "file", "max-count", "after-context", "before-context", "context", "glob", "iglob", "type", "type-not", "encoding", "max-columns", "threads", "sort", "sortr", "color", "colors", "replace", "max-depth", "max-filesize", "ignore-file", "pre", "pre-glob", "path-separator", "type-add", "type-clear", "engine", "dfa-size-limit", "regex-size-limit", "context-separator", "field-context-separator", "field-match-separator", "hostname-bin", "hyperlink-format"), longEq: true},
		"ag":      {shortVal: "ABCGgm", longVal: setOf("after", "before", "context", "file-search-regex", "max-count", "ignore", "pager", "depth", "path-to-ignore"), longEq: true},
		"tar":     {shortVal: "fCTXbHVgKLNI", longVal: setOf("file", "directory", "files-from", "exclude-from", "exclude", "format", "group", "owner", "mode", "mtime", "newer", "transform", "use-compress-program", "checkpoint-action", "to-command", "label", "blocking-factor", "tape-length", "info-script", "volno-file", "suffix"), longEq: true},
		"zip":     {shortVal: "bnxitZP", longVal: setOf("exclude", "include", "temp-path", "suffixes", "password", "compression-method"), longEq: true},
		"cp":      {shortVal: "tS", longVal: setOf("target-directory", "suffix", "backup", "sparse", "reflink", "preserve", "no-preserve"), longEq: true},
		"mv":      {shortVal: "tS", longVal: setOf("target-directory", "suffix", "backup"), longEq: true},
	}
})

func checkSecretRead(p *Pass, c *syntax.Call) {
	if c.Name == "git" {
		p.gitSecretRead(c)
		return
	}
	name := c.Name
	switch name {
	case "egrep", "fgrep", "zgrep":
		name = "grep"
	case "batcat":
		name = "bat"
	}
	spec := readerSpecs()[name]
	if name == "rsync" || name == "scp" {
		spec = remoteCopySpec(name)
	}
	opts, operands := scan(c.Args, spec)
	files := operands
	recursive, hidden := false, true
	switch name {
	case "sed", "awk", "gawk", "mawk", "jq", "yq":
		if name == "sed" && has(opts, "i", "in-place") {
			return // edited in place, not printed: the write guards judge it
		}
		// The first operand is the script or filter, unless -e/-f (sed)
		// or -f (awk) gave it.
		if !has(opts, "e", "f", "expression", "file") && len(files) > 0 {
			files = files[1:]
		}
	case "dd":
		// dd if=FILE reads it.
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Value, "if="); ok {
				p.secretOperand(c, sub(a, v), false, false)
			}
		}
		return
	case "grep", "rg", "ag":
		// The first operand is the pattern, unless -e/-f gave it.
		if !has(opts, "e", "f", "regexp", "file") && len(files) > 0 {
			files = files[1:]
		}
		recursive = name != "grep" || has(opts, "r", "R", "recursive", "dereference-recursive", "d")
		// ripgrep and ag skip hidden directories unless told otherwise.
		hidden = name == "grep" || has(opts, "hidden", "u", "unrestricted", ".")
	case "tar":
		if !tarCreates(c, opts) {
			return
		}
		recursive = true
	case "zip", "rsync", "scp", "cp":
		recursive = name != "cp" || has(opts, "r", "R", "a", "recursive", "archive")
		if name == "zip" && len(files) > 0 {
			files = files[1:] // the archive written
		} else if len(files) > 0 {
			files = files[:len(files)-1] // the destination
		}
	case "mv":
		if len(files) > 0 {
			files = files[:len(files)-1]
		}
	case "source", ".":
		if len(files) > 0 {
			files = files[:1]
		}
	}
	if name == "tar" {
		for _, o := range find(opts, "T", "files-from") {
			p.secretOperand(c, o.val, false, false)
		}
	}
	for _, i := range files {
		a := c.Args[i]
		if name == "source" || name == "." {
			if s, ok := p.secretOf(c.Dir, a); ok && !s.Path.InProject {
				p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
			}
			continue
		}
		p.secretOperand(c, a, recursive, hidden)
	}
}

// tarCreates reports whether tar reads files to put in an archive
// (-c/--create, -r, -u, -A) rather than extracting or listing.
func tarCreates(c *syntax.Call, opts []option) bool {
	if has(opts, "c", "create", "r", "append", "u", "update") {
		return true
	}
	// Old-style first word without a dash: "tar czf out.tgz dir".
	if len(c.Args) > 0 && c.Args[0].Static {
		v := c.Args[0].Value
		if len(v) > 0 && v[0] != '-' {
			for _, ch := range v {
				if ch == 'c' || ch == 'r' || ch == 'u' {
					return true
				}
			}
		}
	}
	return false
}

// secretOf judges one word as a path read in dir: every path it can
// name (readPaths) is matched against the secret class.
func (p *Pass) secretOf(dir syntax.Dir, a syntax.Arg) (guards.Secret, bool) {
	if p.Config.Paths == nil {
		return guards.Secret{}, false
	}
	secrets := p.Config.Paths.Secrets()
	env := p.guardsEnv(dir)
	for _, r := range p.readPaths(dir, a) {
		if r.glob {
			if s, ok := secrets.MatchGlob(env, r.path); ok {
				return s, true
			}
			continue
		}
		if s, ok := secrets.Match(env, r.path); ok {
			return s, true
		}
	}
	return guards.Secret{}, false
}

// readPath is one path a word can name: a literal path, or a glob
// pattern (bash's, quoted characters escaped).
type readPath struct {
	path string
	glob bool
}

// readPaths lists the paths a read operand can name, the way bash
// expands it: a static word is itself (brace expansion already made one
// word per value); a glob is its pattern and, unless the engine is told
// not to look, the files it matches on disk now (as the write guards
// match theirs); a word built by command substitutions whose output the
// text shows (less $(echo .env), cat .env$(true)) is each field it gives.
// A word only known at run time ($(ls *.go), "$f") names nothing: a read
// of it is not judged.
func (p *Pass) readPaths(dir syntax.Dir, a syntax.Arg) []readPath {
	if !a.Static {
		fields, ok := syntax.SubstFields(a)
		if !ok {
			return nil
		}
		var out []readPath
		for _, f := range fields {
			out = append(out, p.readPaths(dir, f)...)
		}
		return out
	}
	if a.Value == "" {
		return nil
	}
	pat := a.Pattern
	if pat == "" {
		pat = a.Value
	}
	if !a.Glob || !strings.ContainsAny(pat, "*?[") {
		return []readPath{{path: a.Value}}
	}
	out := []readPath{{path: pat, glob: true}}
	return append(out, p.globOnDisk(dir, pat)...)
}

// globOnDisk returns the files a glob matches when the hook runs (at most
// maxGlobMatches), skipping names with a leading dot that the pattern's
// segment does not start with, as bash does without dotglob.
func (p *Pass) globOnDisk(dir syntax.Dir, pat string) []readPath {
	if p.Config.NoGlobMatches {
		return nil
	}
	abs := pat
	if strings.HasPrefix(abs, "~/") && p.Config.Home != "" {
		abs = globEscape(p.Config.Home) + abs[1:]
	}
	if !strings.HasPrefix(abs, "/") {
		base := dir.Path
		if !dir.Known || base == "" {
			base = p.Config.Project
		}
		if base == "" {
			return nil
		}
		abs = globEscape(base) + "/" + abs
	}
	matches, _ := filepath.Glob(abs)
	psegs := strings.Split(abs, "/")
	var out []readPath
	for _, m := range matches {
		if len(out) == maxGlobMatches {
			break
		}
		msegs := strings.Split(m, "/")
		hidden := false
		for i := range msegs {
			if i < len(psegs) && strings.HasPrefix(msegs[i], ".") && !strings.HasPrefix(psegs[i], ".") && !strings.HasPrefix(psegs[i], `\.`) {
				hidden = true
				break
			}
		}
		if !hidden {
			out = append(out, readPath{path: m})
		}
	}
	return out
}

func (p *Pass) secretOperand(c *syntax.Call, a syntax.Arg, recursive, hidden bool) {
	if s, ok := p.secretOf(c.Dir, a); ok {
		p.reportSecret(c, s, fmt.Sprintf("%s reads", c.Name))
		return
	}
	if !recursive || p.Config.Paths == nil {
		return
	}
	for _, r := range p.readPaths(c.Dir, a) {
		if r.glob {
			continue
		}
		if s, ok := p.Config.Paths.Secrets().Holds(p.guardsEnv(c.Dir), r.path, hidden); ok {
			p.reportSecret(c, s, fmt.Sprintf("%s reads everything under", c.Name))
			return
		}
	}
}

func (p *Pass) reportSecret(c *syntax.Call, s guards.Secret, verb string) {
	d := Deny
	if p.Config.Paths.Secrets().Verdict == guards.Ask {
		d = Ask
	}
	p.Report(c, Finding{Rule: "secret-read", Decision: d, Message: s.Reason(verb), PathContext: "blocked"})
}

// guardsEnv is the path module's view of a call running in dir.
func (p *Pass) guardsEnv(dir syntax.Dir) guards.Env {
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !dir.Known {
		env.Cwd = cfg.Project
	}
	return env
}

func checkSecretRedirect(p *Pass, r syntax.Redirect) {
	if r.Op != "<" && r.Op != "<>" || p.Config.Paths == nil {
		return
	}
	s, ok := p.secretOf(r.Dir, r.Target)
	if !ok {
		return
	}
	d := Deny
	if p.Config.Paths.Secrets().Verdict == guards.Ask {
		d = Ask
	}
	f := Finding{Rule: "secret-read", Decision: d, Message: s.Reason("a redirection reads"), PathContext: "blocked", Text: r.Target.Raw}
	f.Start, f.End = topSpanOf(r.Script, r.Target.Start, r.Target.End)
	p.Report(nil, f)
}
