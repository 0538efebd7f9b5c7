package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var rmRoot = Rule{
	Name: "rm-root",
	Doc: `A recursive rm of /, /*, ~, $HOME, a system directory (/etc, /usr,
/var, …), the project root or anything above it — however the flags are
spelled (-rf, -fr, -r -f, -Rf, --recursive --force, with --,
--no-preserve-root) and through any wrapper or nested shell — destroys the
machine or the work: deny. The directory is resolved through cd, so
"cd / && rm -rf *" is caught. A target only known at run time whose known
part is nothing or a slash ("$DIR/", "$X"/*) could be / and is asked
about. find <such root> -delete or -exec rm is the same.`,
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
	case cfg.Project != "" && (dir == cfg.Project || strings.HasPrefix(cfg.Project, dir+"/")):
		return "the project (or a directory holding it)"
	}
	return ""
}

// treeTarget resolves an rm/find operand to the directory tree it
// deletes: a glob deletes everything in its fixed directory part.
func treeTarget(dir syntax.Dir, a syntax.Arg) (syntax.Dir, bool) {
	v := a.Value
	glob := a.Glob
	if glob {
		// "*", "/*", "~/*", "/etc/*": the directory the pattern lists.
		i := strings.IndexAny(v, "*?[")
		prefix := v[:i]
		if j := strings.LastIndex(prefix, "/"); j >= 0 {
			v = prefix[:j+1]
			if v == "" {
				v = "/"
			}
		} else {
			v = "."
		}
		rest := a.Value[i:]
		if strings.Contains(strings.TrimLeft(rest, "*?"), "/") || strings.Trim(rest, "*") != "" && rest != "*" {
			// A pattern such as *.log or */cache deletes a part only.
			if !(rest == "*" || rest == ".*" || rest == "{*,.*}") {
				return syntax.Dir{}, false
			}
		}
	}
	d := dir.Join(v)
	return d, d.Known
}

func checkRmRoot(p *Pass, c *syntax.Call) {
	if c.Name == "find" {
		checkFindRoot(p, c)
		return
	}
	opts, operands := scan(c.Args, optSpec{})
	recursive := has(opts, "r", "R", "recursive")
	targets := make([]syntax.Arg, 0, len(operands)+len(c.Inputs))
	for _, i := range operands {
		if c.Args[i].Value != "{}" || !c.ExtraArgs {
			targets = append(targets, c.Args[i])
		}
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
	for _, a := range c.Args {
		if findFilters[a.Value] {
			return // only matching files are deleted
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
			continue
		}
		d := c.Dir.Join(r.Value)
		if !d.Known {
			continue
		}
		if why := p.catastrophic(d.Path); why != "" {
			p.Report(c, Finding{Rule: "rm-root", Decision: Deny, Message: "find " + r.Raw + " deletes files throughout " + why})
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
