package rewrite

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// This file holds what the acquisition rules share: where content would
// land, whether that is inside the sandbox, and how to move it there.

// InSandbox reports whether the path a, resolved against dir, is inside
// the sandbox, through the path module (cleaned, symbolic links of the
// existing part resolved, segment by segment). A dynamic path is inside
// when the directory its literal head ends in is inside (a run-time name
// under a static sandbox directory, '/sb/'"$f" as corral writes it), its
// text with the run-time parts as opaque segments stays inside (no ".."
// after them climbs out), and so does every candidate value it takes when
// its variables are empty or unset. An unknown directory is never inside.
func (p *Pass) InSandbox(dir syntax.Dir, a syntax.Arg) bool {
	if a.Static {
		return within(p.Config.Sandbox, dir.Join(a.Value))
	}
	head := a.Head()
	i := strings.LastIndex(head, "/")
	if i < 0 || !within(p.Config.Sandbox, dir.Join(head[:i+1])) || !within(p.Config.Sandbox, dir.Join(a.Value)) {
		return false
	}
	for _, v := range a.Candidates() {
		if !within(p.Config.Sandbox, dir.Join(v)) {
			return false
		}
	}
	return true
}

// DirInSandbox reports whether dir is known and inside the sandbox.
func (p *Pass) DirInSandbox(dir syntax.Dir) bool { return within(p.Config.Sandbox, dir) }

// SandboxPath returns the sandbox path for content that would have been
// called name (its base name is kept; an empty or special name becomes
// fallback).
func (p *Pass) SandboxPath(name, fallback string) string {
	b := path.Base(strings.TrimRight(name, "/"))
	if b == "" || b == "." || b == ".." || b == "/" {
		b = fallback
	}
	return path.Join(p.Config.Sandbox, b)
}

// Replace returns an edit that replaces the word a of call c with text.
func Replace(c *syntax.Call, a syntax.Arg, text string) syntax.Edit {
	return syntax.Edit{Script: c.Script, Start: a.Start, End: a.End, New: text}
}

// Insert returns an edit that inserts text at offset off of c's script.
func Insert(c *syntax.Call, off int, text string) syntax.Edit {
	return syntax.Edit{Script: c.Script, Start: off, End: off, New: text}
}

// editable reports whether edits to c can reach the top-level command.
func editable(c *syntax.Call) bool { return c.Script.Editable() }

// acquire reports an acquisition that needs moving into the sandbox. When
// the call cannot be edited (a dynamic string parsed again) it asks.
func (p *Pass) acquire(c *syntax.Call, rule, kind, msg string, dest string, edits []syntax.Edit, rel []Relocation) {
	if !editable(c) && forwardedAcquisition(c) {
		// exec /usr/bin/git "$@" in a git wrapper the name found: the
		// acquisition is the typed call's, moved where it was typed.
		return
	}
	if !editable(c) {
		why := "it is inside a string only known at run time"
		if c.Script.Where() != "" {
			why = "it is inside code another program runs (program code, a script file, a package script or a recipe)"
		}
		p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: msg + "; " + why + ", so corral cannot move it into the sandbox"})
		return
	}
	if p.protectedDest(c, rule, kind, rel) {
		return
	}
	if w, ok := p.splitWordEdited(c, edits); ok {
		p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: msg + "; it is named inside " + w + ", which expands to several words (an array, \"$@\" or a variable bash splits), so corral cannot move it alone into the sandbox"})
		return
	}
	p.Report(c, Finding{Rule: rule, Decision: Rewrite, Kind: kind, Message: msg, Dest: dest,
		Fix: &Fix{Message: "Move " + kind + " into the sandbox", Edits: edits, Relocations: rel}})
}

// forwardedAcquisition reports whether c is the typed call run again by
// a wrapper script with exactly its words (syntax.Call.Forwards) after an
// environment change that does not decide where content lands: its
// acquisition is the typed call's. A wrapper that sets one of
// placesContentVar is judged where it runs (an ask: corral cannot move
// what it fetches there).
func forwardedAcquisition(c *syntax.Call) bool {
	if c.Forwards == nil {
		return false
	}
	for _, name := range c.ForwardEnv {
		if placesContentVar(name) {
			return false
		}
	}
	return true
}

// placesContentVar reports the environment variables that decide where a
// program puts what it fetches or which configuration tells it: git's
// repository and work tree, the home and configuration directories the
// programs read their settings from (~/.gitconfig, ~/.curlrc, ~/.wgetrc),
// curl's and wget's own configuration files, and the working directory
// and temporary directory some programs write to. A switch, not a map
// (internal/lazy's TestNothingBuiltAtStartup).
func placesContentVar(name string) bool {
	switch name {
	case "GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES",
		"GIT_INDEX_FILE", "GIT_TEMPLATE_DIR", "HOME", "XDG_CONFIG_HOME", "CURL_HOME", "WGETRC", "SYSTEM_WGETRC",
		"PWD", "OLDPWD", "CDPATH", "TMPDIR", "GH_CONFIG_DIR", "HGRCPATH":
		return true
	}
	return false
}

// splitWordEdited reports whether an edit replaces, or inserts at the
// edge of, a word of c that expands to several fields ("${a[@]}", an
// unquoted $c holding spaces, "$@"): the edit would replace or move every
// field with it, not the one it means. It returns the word as written.
func (p *Pass) splitWordEdited(c *syntax.Call, edits []syntax.Edit) (string, bool) {
	split, ok := p.splitWords[c]
	if !ok {
		// Found once per call: a command of many downloads (curl -o a
		// u -o b u …) asks this for each of its words.
		for _, a := range append([]syntax.Arg{c.NameArg}, c.Args...) {
			if a.Split {
				split = append(split, a)
			}
		}
		if p.splitWords == nil {
			p.splitWords = map[*syntax.Call][]syntax.Arg{}
		}
		p.splitWords[c] = split
	}
	for _, e := range edits {
		if e.Script != c.Script {
			continue
		}
		for _, a := range split {
			if e.Start <= a.End && e.End >= a.Start {
				return a.Raw, true
			}
		}
	}
	return "", false
}

// protectedDest reports, as a denial with the path guards' reason, an
// acquisition aimed at a protected place (curl -o .git/hooks/pre-commit,
// wget -O ~/.bashrc, a clone into .git/x): moving it into the sandbox
// would hide what the command tried to do, so it is refused as a write
// there is (echo … > .git/hooks/pre-commit), by the bash-write rule. It
// reports whether it did.
func (p *Pass) protectedDest(c *syntax.Call, rule, kind string, rel []Relocation) bool {
	cfg := p.Config
	denied := false
	for _, r := range rel {
		if r.From == "" {
			continue
		}
		for _, prot := range cfg.Protected {
			if prot != "" && guards.Within(prot, r.From) {
				p.Report(c, Finding{Rule: "bash-write", Decision: Deny, Kind: kind,
					Message: c.Name + " writes " + r.From + " (" + rule + " " + kind + "), which is corral's own configuration or state"})
				denied = true
			}
		}
		if cfg.Paths == nil || denied {
			continue
		}
		env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
		// A system directory (sudo curl -o /usr/local/bin/tool) is a place
		// to install into, and the download moves to the sandbox as any
		// other; so does one that FILE_RESTRICTIONS does not allow (the
		// list says which project files may change, and the move changes
		// none: git clone URL with the project root outside the list).
		// A protected file or a blocked place in the home directory (~/.ssh)
		// is refused.
		d := cfg.Paths.Decide(env, r.From, guards.Write)
		if d.Verdict == guards.Deny && d.Rule != "allowlist" && d.Rule != "traversal" &&
			(d.Rule != "blocked-path" || cfg.Home != "" && guards.Within(cfg.Home, r.From)) {
			p.Report(c, Finding{Rule: "bash-write", Decision: Deny, Kind: kind, PathContext: d.PathContext,
				Message: c.Name + " writes " + r.From + " (" + rule + " " + kind + "): " + d.Message})
			denied = true
		}
	}
	return denied || p.linkedSandboxDest(c, kind, rel)
}

// linkedSandboxDest denies a download moved into the sandbox whose new
// place is a symbolic link, one on disk or one an earlier ln of this
// command makes, that leads to a file the path guards deny writing (red
// team 14 SL1: ln -s ~/.bashrc agent_sandbox/evil.sh; curl -o evil.sh
// URL, rewritten to -o agent_sandbox/evil.sh, wrote ~/.bashrc). The
// sandbox is the agent's to write, so a link there is followed here.
func (p *Pass) linkedSandboxDest(c *syntax.Call, kind string, rel []Relocation) bool {
	cfg := p.Config
	if cfg.Paths == nil {
		return false
	}
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	at := topStart(c.Script, c.Start)
	for _, r := range rel {
		if r.To == "" {
			continue
		}
		to := guards.Normalize(env, r.To).Abs
		for _, l := range p.madeLinks() {
			if l.unknown && l.madeBefore(at, c) && (l.link == to || guards.Within(l.link, to)) {
				// ln -s "$(…)" agent_sandbox/x.sh; curl -o x.sh URL: the
				// download goes where a link only run time knows leads.
				p.Report(c, Finding{Rule: "bash-write", Decision: Ask, Kind: kind,
					Message: c.Name + " would write its download to " + r.To + ", a link this command makes to a place only known at run time"})
				return true
			}
		}
		leads := append([]string{guards.Normalize(env, r.To).Abs}, p.throughLinks(r.To, at, c)...)
		for _, q := range leads {
			if q == r.To || p.inSandboxPath(q) && q != guards.Normalize(env, r.To).Abs {
				continue
			}
			d := cfg.Paths.Decide(env, q, guards.Write)
			if d.Verdict == guards.Deny {
				p.Report(c, Finding{Rule: "bash-write", Decision: Deny, Kind: kind, PathContext: d.PathContext,
					Message: c.Name + " would write its download to " + r.To + ", a link to " + q + ": " + d.Message})
				return true
			}
		}
		onDisk := []string{}
		if real, err := filepath.EvalSymlinks(r.To); err == nil && real != r.To {
			// A link on disk where the download lands (ln -s ../a.txt
			// agent_sandbox/a made earlier; curl -O URL/a): the file
			// written is its target.
			if sb, err := filepath.EvalSymlinks(cfg.Sandbox); err == nil && !guards.Within(sb, real) {
				onDisk = append(onDisk, real)
			}
		}
		for _, q := range append(p.throughLinks(r.To, at, c), onDisk...) {
			if !p.inSandboxPath(q) {
				// ln -s ../src agent_sandbox/x.sh; curl -O URL/x.sh: a
				// link (made by this command or on disk) leads the moved
				// download out of the sandbox, to a file the guards let
				// the agent write.
				p.Report(c, Finding{Rule: "bash-write", Decision: Ask, Kind: kind,
					Message: c.Name + " would write its download to " + r.To + ", a link to " + q + ", outside the sandbox"})
				return true
			}
		}
	}
	return false
}

// intoSandboxDir is the fix for a downloader that saves into its working
// directory: flag (e.g. " -P ") plus the sandbox is inserted after the
// command name, and each URL's file name is recorded as moved.
func (p *Pass) intoSandboxDir(c *syntax.Call, flag string, urls []string) ([]syntax.Edit, []Relocation, []string) {
	var rel []Relocation
	var dests []string
	for _, u := range urls {
		if name := urlName(u); name != "" {
			dest := p.Config.Sandbox + "/" + name
			rel = append(rel, relocate(c, c.Dir, name, dest)...)
			dests = append(dests, dest)
		}
	}
	if len(dests) == 0 {
		dests = []string{p.Config.Sandbox}
	}
	return []syntax.Edit{Insert(c, c.NameArg.End, flag+syntax.Quote(p.Config.Sandbox))}, rel, dests
}

// intoDirOption moves the downloads of a program that saves into its
// working directory or into the directory given by an option: the last
// of dirs (when given) outside the sandbox is replaced by the sandbox,
// and when none is given, flag and the sandbox are inserted at offset at
// (-1: after the command name). It reports whether it found anything to
// move.
func (p *Pass) intoDirOption(c *syntax.Call, rule, kind string, dirs []option, flag string, at int) bool {
	if len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(c.Dir, d.val) {
			return false
		}
		p.acquire(c, rule, kind, c.Name+" saves into "+d.val.Value+", outside the sandbox", p.Config.Sandbox,
			[]syntax.Edit{setValue(c, d, syntax.Quote(p.Config.Sandbox))}, nil)
		return true
	}
	if p.DirInSandbox(c.Dir) {
		return false
	}
	if at < 0 {
		at = c.NameArg.End
	}
	p.acquire(c, rule, kind, c.Name+" saves into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(c, at, flag+syntax.Quote(p.Config.Sandbox))}, nil)
	return true
}
