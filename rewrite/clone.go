package rewrite

import (
	"net/url"
	"path"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// This file is the one place that decides where a clone lands: git clone,
// gh repo/gist clone, gh repo fork --clone, hg clone, svn checkout/export,
// git svn clone and jj git clone all name their destination through it.

// cloneNaming is how a program names the directory of a clone it is given
// no directory for.
type cloneNaming struct {
	// name derives the directory from a static source, as the program does.
	name func(src string) string
	// strip is the suffix the program removes from the source's last
	// segment (".git"), used in the shell text for a source only known at
	// run time.
	strip string
}

// cloneNamings are the programs' own rules, keyed by program.
var cloneNamings = lazy.Value[map[string]cloneNaming]{New: func() map[string]cloneNaming {
	return map[string]cloneNaming{
		// git clone: the "humanish" part of the URL (builtin/clone.c).
		"git": {name: gitHumanish, strip: ".git"},
		// gh repo clone OWNER/REPO runs git clone https://github.com/OWNER/REPO.git,
		// so git's rule gives REPO; gh gist clone ID gives the ID.
		"gh": {name: gitHumanish, strip: ".git"},
		// hg clone: the base name of the source's path (hg's defaultdest).
		"hg": {name: hgDefaultDest},
		// svn checkout/export and git svn clone: the URL's base name.
		"svn": {name: svnBaseName},
		// jj git clone: the last segment after "/", "\" or ":", without ".git".
		"jj": {name: jjCloneName, strip: ".git"},
	}
}}

// cloneName is the directory program names a clone of static source src
// ("repo" when no name can be derived).
func cloneName(program, src string) string {
	n := cloneNamings.Get()[program].name(src)
	if n == "" || n == "." || n == ".." || n == "/" {
		return "repo"
	}
	return n
}

// gitHumanish is git's guess_dir_name: skip the scheme and any user@,
// drop trailing slashes and a trailing "/.git", a lone host's port, keep
// the last segment after "/" or ":", strip ".git" (".bundle" for a
// bundle), and fold runs of control characters and spaces into one space.
func gitHumanish(repo string) string {
	s := repo
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
	}
	if i := strings.IndexByte(s, '/'); i >= 0 {
		if j := strings.LastIndexByte(s[:i], '@'); j >= 0 {
			s = s[j+1:]
		}
	} else if j := strings.LastIndexByte(s, '@'); j >= 0 {
		s = s[j+1:]
	}
	s = strings.TrimRightFunc(s, func(r rune) bool { return r == '/' || unicode.IsSpace(r) })
	if len(s) > 5 && strings.HasSuffix(s, "/.git") {
		s = strings.TrimRight(s[:len(s)-5], "/")
	}
	if !strings.Contains(s, "/") {
		// host:port alone: the port is no name.
		if i := strings.LastIndexByte(s, ':'); i > 0 && i < len(s)-1 && strings.Trim(s[i+1:], "0123456789") == "" {
			s = s[:i]
		}
	}
	if i := strings.LastIndexAny(s, "/:"); i >= 0 {
		s = s[i+1:]
	}
	if strings.HasSuffix(s, ".bundle") {
		s = strings.TrimSuffix(s, ".bundle")
	} else {
		s = strings.TrimSuffix(s, ".git")
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }), " ")
}

// hgDefaultDest is hg's defaultdest: the base name of the normalised path
// of the source URL (no suffix is removed); a URL's "#branch" is no part
// of the path.
func hgDefaultDest(src string) string {
	s := src
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
		j := strings.IndexByte(s, '/')
		if j < 0 {
			return ""
		}
		s = s[j:]
		if k := strings.IndexByte(s, '?'); k >= 0 {
			s = s[:k]
		}
	}
	if s == "" {
		return ""
	}
	return path.Base(path.Clean(s))
}

// svnBaseName is the last segment of an svn URL or path, without a peg
// revision (URL@REV) and percent-decoded, as svn names a checkout.
func svnBaseName(src string) string {
	s := src
	if i := strings.LastIndexByte(s, '@'); i >= 0 && !strings.Contains(s[i:], "/") {
		s = s[:i]
	}
	s = strings.TrimRight(s, "/")
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	if d, err := url.PathUnescape(s); err == nil {
		s = d
	}
	return s
}

// jjCloneName is jj's clone_destination_for_source: ".git" is stripped,
// then one trailing "/", and the name is what follows the last "/", "\"
// or ":".
func jjCloneName(src string) string {
	s := strings.TrimSuffix(src, ".git")
	s = strings.TrimSuffix(s, "/")
	if i := strings.LastIndexAny(s, `/\:`); i >= 0 {
		s = s[i+1:]
	}
	return s
}

// clone is one clone-like command, as cloneDest takes it.
type clone struct {
	call       *syntax.Call
	rule, kind string
	// program names the clone the way cloneNamings says.
	program string
	// src is the source; dest the destination operand, or nil. more are
	// further sources (svn checkout URL1 URL2 [PATH]): each lands in its
	// own directory under dest, or under the working directory.
	src  syntax.Arg
	more []syntax.Arg
	dest *syntax.Arg
	// dir is the directory the clone runs in (git -C moves it).
	dir syntax.Dir
	// at is the offset a destination is inserted at when none is given,
	// after prefix ("-- " for gh repo fork, whose git flags follow "--").
	at     int
	prefix string
	// suffix is added to a derived name (".git" for git clone --bare).
	suffix string
}

// cloneDest moves a clone into the sandbox: a given destination becomes
// sandbox/<its base name> (a destination such as "." that has none takes
// the derived name), a missing one is added as sandbox/<the name the
// program would derive>. A source only known at run time gets the same
// treatment, with the name derived by the shell at run time:
// sandbox/"$(basename -- SRC .git)". Only a source holding a command
// substitution, which that would run twice, is asked about. A destination
// already in the sandbox, or a clone run from inside it, is left alone.
func (p *Pass) cloneDest(cl clone) {
	name := ""
	if cl.src.Static {
		name = cloneName(cl.program, cl.src.Value) + cl.suffix
	}
	if cl.dest != nil {
		d := *cl.dest
		if p.InSandbox(cl.dir, d) {
			return
		}
		fallback := name
		if fallback == "" {
			fallback = "repo"
		}
		dest, text := p.sandboxed(d, fallback)
		p.acquire(cl.call, cl.rule, cl.kind, cl.kind+" into "+d.Value+" is outside the sandbox", dest,
			[]syntax.Edit{Replace(cl.call, d, text)}, relocate(cl.call, cl.dir, d.Value, dest))
		return
	}
	if p.DirInSandbox(cl.dir) {
		return
	}
	c := cl.call
	if len(cl.more) > 0 {
		// Several sources, each in a directory of its own name: the
		// sandbox itself becomes the parent.
		var rel []Relocation
		for _, a := range append([]syntax.Arg{cl.src}, cl.more...) {
			if a.Static {
				n := cloneName(cl.program, a.Value)
				rel = append(rel, relocate(c, cl.dir, n, p.SandboxPath(n, "repo"))...)
			}
		}
		p.acquire(c, cl.rule, cl.kind, cl.kind+" without a destination would land in the working directory", p.Config.Sandbox,
			[]syntax.Edit{Insert(c, cl.at, " "+cl.prefix+syntax.Quote(p.Config.Sandbox))}, rel)
		return
	}
	if !cl.src.Static {
		text, ok := p.runTimeName(cl)
		if !ok {
			p.Report(c, Finding{Rule: cl.rule, Decision: Ask, Kind: cl.kind,
				Message: cl.kind + " of a source named by a command substitution; give it a destination in the sandbox (" + p.Config.Sandbox + ")"})
			return
		}
		p.acquire(c, cl.rule, cl.kind, cl.kind+" of a source named at run time would land in the working directory", p.Config.Sandbox+"/…",
			[]syntax.Edit{Insert(c, cl.at, " "+cl.prefix+text)}, nil)
		return
	}
	dest := p.SandboxPath(name, "repo")
	p.acquire(c, cl.rule, cl.kind, cl.kind+" without a destination would land in the working directory", dest,
		[]syntax.Edit{Insert(c, cl.at, " "+cl.prefix+syntax.Quote(dest))}, relocate(c, cl.dir, name, dest))
}

// runTimeName is the shell text of a sandbox directory named after a
// source only known at run time, derived as the program derives it:
// sandbox/"$(basename -- SRC .git)". A source holding a command
// substitution is not repeated (it would run twice), and reports false.
func (p *Pass) runTimeName(cl clone) (string, bool) {
	raw := cl.src.Raw
	if strings.Contains(raw, "$(") || strings.Contains(raw, "`") || strings.Contains(raw, "<(") || strings.Contains(raw, ">(") {
		return "", false
	}
	strip := ""
	if s := cloneNamings.Get()[cl.program].strip; s != "" {
		strip = " " + s
	}
	return syntax.Quote(p.Config.Sandbox+"/") + `"$(basename -- ` + raw + strip + `)` + cl.suffix + `"`, true
}
