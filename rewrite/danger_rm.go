package rewrite

import (
	"path"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var rmRoot = Rule{
	Name:      "rm-root",
	Decisions: []Decision{Ask, Deny},
	Doc: `A recursive rm of /, /*, ~, $HOME, a system directory (/etc, /usr,
/var, …), the project root or anything above it — however the flags are
spelled (-rf, -fr, -r -f, -Rf, --recursive --force, with --,
--no-preserve-root) and through any wrapper or nested shell — destroys the
machine or the work: deny. The directory is resolved through cd, so
"cd / && rm -rf *" is caught, and a for loop's static items are tried in
turn (for d in / /etc; do rm -rf "$d"; done). A glob that picks names
(/e*, ~/pro*) is denied when it matches such a directory; build* and
*.log pass. A target only known at run time whose known
part is nothing or a slash ("$DIR/", "$X"/*) could be / and is asked
about. find <such root> -delete or -exec rm is the same; with a test that
selects some files (-name, -mtime, …) it passes in the home directory or
the project, and asks on / or a system directory.`,
	Commands: []string{"rm", "find"},
	Call:     checkRmRoot,
}

// systemDirs are directories whose loss breaks the machine.
var systemDirs = map[string]bool{"/": true, "/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true,
	"/lib": true, "/lib32": true, "/lib64": true, "/libx32": true, "/opt": true, "/proc": true, "/root": true,
	"/run": true, "/sbin": true, "/srv": true, "/sys": true, "/usr": true, "/var": true, "/snap": true,
	"/usr/bin": true, "/usr/lib": true, "/usr/local": true, "/usr/sbin": true, "/usr/share": true, "/var/lib": true,
	"/System": true, "/Library": true, "/Applications": true, "/Users": true, "/private": true, "/mnt": true, "/media": true}

// catastrophic reports why deleting the tree at dir (recursively) is a
// disaster, or "".
func (p *Pass) catastrophic(dir string) string {
	cfg := p.Config
	switch {
	case dir == "/":
		return "the root of the file system"
	case systemDirs[dir]:
		return "the system directory " + dir
	case cfg.Home != "" && dir == path.Clean(cfg.Home):
		return "the home directory"
	case cfg.Project != "" && path.IsAbs(dir) && guards.Within(dir, cfg.Project):
		return "the project (or a directory holding it)"
	}
	return ""
}

// splitGlob splits a glob operand into the directory it lists and the
// pattern of its last segment ("/etc/*" is "/etc/" and "*", "build*" is
// "" and "build*"). ok is false for a pattern with a slash inside
// ("*/cache", "/*/bin"), which reaches deeper than one directory.
func splitGlob(v string) (dir, pattern string, ok bool) {
	i := strings.IndexAny(v, "*?[")
	j := strings.LastIndex(v[:i], "/")
	dir, pattern = v[:j+1], v[j+1:]
	return dir, pattern, !strings.Contains(strings.TrimSuffix(pattern, "/"), "/")
}

// wholeDir are the patterns that list everything in a directory.
var wholeDir = setOf("*", ".*", "*/", ".*/", "{*,.*}")

// treeTarget resolves an rm/find/chmod operand to the directory tree it
// covers: the path itself, or for a glob that lists a whole directory
// (dir/*, dir/.*, dir/*/), that directory. A glob that picks some names
// only (build*, *.log) has no tree target; see globVictim.
func treeTarget(dir syntax.Dir, a syntax.Arg) (syntax.Dir, bool) {
	v := a.Value
	if a.Glob && strings.ContainsAny(v, "*?[") {
		d, pattern, ok := splitGlob(v)
		if !ok || !wholeDir[pattern] {
			return syntax.Dir{}, false
		}
		if d == "" {
			d = "."
		}
		v = d
	}
	t := dir.Join(v)
	return t, t.Known
}

// globVictim reports the catastrophic directory (a system directory, the
// home directory, the project or one of its parents) that a glob picking
// some names matches: /e* matches /etc, ~/pro* the project. It returns
// "" when the glob matches none of them.
func (p *Pass) globVictim(dir syntax.Dir, a syntax.Arg) (victim, why string) {
	if !a.Glob || !strings.ContainsAny(a.Value, "*?[") {
		return "", ""
	}
	d, pattern, ok := splitGlob(a.Value)
	if !ok || wholeDir[pattern] {
		return "", ""
	}
	if d == "" {
		d = "."
	}
	parent := dir.Join(d)
	if !parent.Known {
		return "", ""
	}
	pattern = strings.TrimSuffix(pattern, "/")
	for _, cand := range p.catastrophicDirs() {
		if path.Dir(cand) != parent.Path || cand == "/" {
			continue
		}
		if m, err := path.Match(pattern, path.Base(cand)); err == nil && m {
			return cand, p.catastrophic(cand)
		}
	}
	return "", ""
}

// catastrophicDirs lists, sorted, every directory p.catastrophic names.
func (p *Pass) catastrophicDirs() []string {
	out := make([]string, 0, len(systemDirs)+8)
	for d := range systemDirs {
		out = append(out, d)
	}
	if h := p.Config.Home; h != "" {
		out = append(out, path.Clean(h))
	}
	for d := p.Config.Project; d != "" && d != "/" && d != "."; d = path.Dir(d) {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

func checkRmRoot(p *Pass, c *syntax.Call) {
	if c.Name == "find" {
		checkFindRoot(p, c)
		return
	}
	opts, operands := scan(c.Args, specFor("rm"))
	recursive := has(opts, "r", "R", "recursive")
	targets := make([]syntax.Arg, 0, len(operands)+len(c.Inputs))
	for _, i := range operands {
		a := c.Args[i]
		if a.Value == "{}" && c.ExtraArgs {
			continue
		}
		// for d in / /etc; do rm -rf "$d"; done: each value of the loop.
		if vals, ok := syntax.LoopValues(c, a, p.Config.Home); ok {
			for _, v := range vals {
				v.Raw = a.Raw + " (" + v.Value + ")"
				targets = append(targets, v)
			}
			continue
		}
		targets = append(targets, a)
	}
	targets = append(targets, c.Inputs...)
	if c.ExtraArgs && len(c.Inputs) == 0 && recursive && has(opts, "f", "force") && !fromFind(c) {
		// xargs rm -rf: the targets arrive on stdin, unseen.
		p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -rf of paths that only arrive at run time (xargs, parallel)"})
	}
	for _, a := range targets {
		if !a.Static {
			if recursive && strings.HasPrefix(a.Value, "~") {
				p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -r of " + a.Raw + ": another user's home directory"})
				continue
			}
			if recursive && strings.Contains(a.Value, "/..") {
				p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -r of " + a.Raw + ": a run-time path that climbs out with .."})
				continue
			}
			if risky, why := dynamicRoot(a); risky && recursive {
				p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -r of " + a.Raw + ": " + why})
			}
			continue
		}
		if victim, why := p.globVictim(c.Dir, a); victim != "" {
			// Every victim is a directory: only a recursive rm deletes it.
			if recursive {
				p.Report(c, Finding{Rule: "rm-root", Decision: Deny, Message: "rm -r of " + a.Raw + " matches " + victim + ": it deletes " + why})
			}
			continue
		}
		d, ok := treeTarget(c.Dir, a)
		if !ok {
			if !c.Dir.Known && recursive && (a.Value == "*" || a.Value == "." || a.Value == "./*") {
				p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -r of " + a.Raw + " in a directory only known at run time"})
			}
			continue
		}
		why := p.catastrophic(d.Path)
		switch {
		case why == "":
		case recursive:
			p.Report(c, Finding{Rule: "rm-root", Decision: Deny, Message: "rm -r of " + a.Raw + " deletes " + why})
		case a.Glob && (d.Path == "/" || systemDirs[d.Path]):
			p.Report(c, Finding{Rule: "rm-root", Decision: Deny, Message: "rm of " + a.Raw + " deletes every file in " + why})
		case a.Glob:
			p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm of " + a.Raw + " deletes every file in " + why})
		}
	}
}

// dynamicRoot reports whether a run-time path could be a root: its known
// part is empty, a slash, or a slash and a star.
func dynamicRoot(a syntax.Arg) (bool, string) {
	v := a.Value
	if !strings.HasPrefix(v, "$") && !strings.HasPrefix(v, "`") {
		return false, ""
	}
	// Strip the leading variable reference.
	rest := v
	if strings.HasPrefix(rest, "${") {
		if i := strings.Index(rest, "}"); i >= 0 {
			rest = rest[i+1:]
		}
	} else if strings.HasPrefix(rest, "$(") || strings.HasPrefix(rest, "`") {
		return false, ""
	} else {
		i := 1
		for i < len(rest) && (rest[i] == '_' || rest[i] >= 'a' && rest[i] <= 'z' || rest[i] >= 'A' && rest[i] <= 'Z' || rest[i] >= '0' && rest[i] <= '9') {
			i++
		}
		rest = rest[i:]
	}
	switch rest {
	case "/", "/*", "/.*":
		return true, "if the variable is empty or unset this is " + rest + ", the root of the file system"
	}
	return false, ""
}

// findFilters are find tests that select some files only.
var findFilters = map[string]bool{"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true,
	"-iwholename": true, "-regex": true, "-iregex": true, "-newer": true, "-mtime": true, "-mmin": true, "-atime": true,
	"-amin": true, "-ctime": true, "-cmin": true, "-size": true, "-empty": true, "-user": true, "-group": true,
	"-perm": true, "-links": true, "-inum": true, "-samefile": true, "-lname": true, "-ilname": true, "-nouser": true, "-nogroup": true}

// checkFindRoot catches find <root> -delete and find <root> -exec rm.
func checkFindRoot(p *Pass, c *syntax.Call) {
	deletes := false
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		if v == "-delete" {
			deletes = true
		}
		if v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir" {
			j := i + 1
			for j < len(c.Args) && c.Args[j].Value != ";" && c.Args[j].Value != "+" {
				if n := path.Base(c.Args[j].Value); n == "rm" || n == "shred" || n == "unlink" {
					deletes = true
				}
				j++
			}
			i = j // words inside -exec are the command's, not find's
		}
	}
	if !deletes {
		return
	}
	filtered := false
	for _, a := range c.Args {
		if findFilters[a.Value] {
			filtered = true // only matching files are deleted
		}
	}
	var roots []syntax.Arg
	for _, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") || a.Value == "(" || a.Value == "!" {
			break
		}
		roots = append(roots, a)
	}
	if len(roots) == 0 {
		roots = []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
	}
	for _, r := range roots {
		if !r.Static {
			if risky, why := dynamicRoot(r); risky && !filtered {
				p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "find " + r.Raw + " deletes files throughout a run-time directory: " + why})
			}
			continue
		}
		d := c.Dir.Join(r.Value)
		if !d.Known {
			continue
		}
		why := p.catastrophic(d.Path)
		switch {
		case why == "":
		case !filtered:
			p.Report(c, Finding{Rule: "rm-root", Decision: Deny, Message: "find " + r.Raw + " deletes files throughout " + why})
		case d.Path == "/" || systemDirs[d.Path]:
			// find / -name core -delete: the names chosen still reach
			// into every system directory.
			p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "find " + r.Raw + " deletes the files it selects throughout " + why})
		}
	}
}

// fromFind reports whether c is run by find -exec, whose targets are the
// files find selects (judged by the find itself).
func fromFind(c *syntax.Call) bool {
	for _, w := range c.Wrappers {
		if strings.HasPrefix(w, "find") {
			return true
		}
	}
	return false
}
