package rewrite

import (
	sh "mvdan.cc/sh/v3/syntax"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
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
"cd / && rm -rf *" is caught, $(pwd) and ` + "`pwd`" + ` are the working directory,
$USER the home directory's name, and a for loop's static items are tried
in turn (for d in / /etc; do rm -rf "$d"; done). A glob that picks names
(/e*, ~/pro*) is denied when it matches such a directory; build* and *.log
pass. A recursive or forced deletion whose target starts with a value only
known at run time ("$DIR/"*, $TMPDIR/x, ` + "`pwd`" + `/x) is asked about: if the
value is empty or unset the path starts at /; ${DIR:?}/x, which stops the
shell first, passes, and so does "$DIR" alone. A default that is / or a
system directory (${D:-/}*) is asked about. The same judgement applies to
every other way of deleting a tree: find <root> -delete or -exec rm (with a
test that selects some files, -name, -mtime, …, it passes in the home
directory or the project and asks on / or a system directory), xargs rm and
parallel rm with the paths the stage before them gives (echo, printf, find,
find | grep: a pattern keeps some paths, -v nearly all), find -maxdepth 1
with -delete or a non-recursive rm (the files directly in its root, as
rm -f ROOT/* takes them), a shell that find -exec or xargs hands the paths
to (find . -exec sh -c 'rm -rf {}' \;, xargs sh -c 'rm -rf "$@"' _),
rsync --delete onto a directory, git clean; the sources of mv are judged
only for a start known at run time (mv "$DIR/"* x asks).`,
	// Ends with moreDeleters (TestDerivedListsWrittenOut).
	Commands: []string{"rm", "find", "fd", "fdfind", "rsync", "git", "mv",
		"cmake", "gio", "gvfs-trash", "trash-put", "trash", "rmtrash", "rclone", "tar", "gtar", "bsdtar",
		"zip", "7z", "7za", "7zr", "rar", "srm", "wipe", "tmpreaper", "tmpwatch", "cargo", "uv", "pre-commit", "go", "bazel",
		"bazelisk", "kioclient", "kioclient5", "kioclient6"},
	Call: checkRmRoot,
}

// systemDirs are directories whose loss breaks the machine.
var systemDirs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"/": true, "/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true,
		"/lib": true, "/lib32": true, "/lib64": true, "/libx32": true, "/opt": true, "/proc": true, "/root": true,
		"/run": true, "/sbin": true, "/srv": true, "/sys": true, "/usr": true, "/var": true, "/snap": true,
		"/usr/bin": true, "/usr/lib": true, "/usr/local": true, "/usr/sbin": true, "/usr/share": true, "/var/lib": true,
		"/System": true, "/Library": true, "/Applications": true, "/Users": true, "/private": true, "/mnt": true, "/media": true}
}}

// catastrophic reports why deleting the tree at dir (recursively) is a
// disaster, or "".
func (p *Pass) catastrophic(dir string) string {
	cfg := p.Config
	switch {
	case dir == "/":
		return "the root of the file system"
	case systemDirs.Get()[dir]:
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
// "" and "build*", "/+(etc)" is "/" and "+(etc)"). ok is false for a
// pattern with a slash inside ("*/cache", "/*/bin"), which reaches deeper
// than one directory.
func splitGlob(v string) (dir, pattern string, ok bool) {
	i := syntax.GlobMeta(v)
	j := strings.LastIndex(v[:i], "/")
	dir, pattern = v[:j+1], v[j+1:]
	return dir, pattern, !strings.Contains(strings.TrimSuffix(pattern, "/"), "/")
}

// wholeDir are the patterns that list everything in a directory.
var wholeDir = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("*", ".*", "*/", ".*/", "{*,.*}")
}}

// anyNames are names of every shape: a pattern that matches each of
// them (?*, !(x), *[!.]*, +(?)) lists a whole directory as * does.
var anyNames = []string{"a", "Makefile", "src", "x.go", "0_-9", "README.md", "Z"}

// listsWholeDir reports a last-segment pattern that lists everything in
// its directory under the options o: one of wholeDir, or one that matches
// names of every shape.
func listsWholeDir(pattern string, o syntax.GlobOpts) bool {
	if wholeDir.Get()[pattern] {
		return true
	}
	pattern = strings.TrimSuffix(pattern, "/")
	for _, n := range anyNames {
		if !syntax.GlobMatch(pattern, n, o) {
			return false
		}
	}
	return true
}

// treeTarget resolves an rm/find/chmod operand to the directory tree it
// covers: the path itself, or for a glob that lists a whole directory
// (dir/*, dir/.*, dir/*/, dir/!(x)), that directory. A glob that picks
// some names only (build*, *.log) has no tree target; see globVictim.
func treeTarget(dir syntax.Dir, a syntax.Arg) (syntax.Dir, bool) {
	v := a.Value
	if a.Glob && syntax.GlobMeta(v) >= 0 {
		d, pattern, ok := splitGlob(v)
		if !ok || !listsWholeDir(pattern, a.GlobOpts) {
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
	if !a.Glob || syntax.GlobMeta(a.Value) < 0 {
		return "", ""
	}
	d, pattern, ok := splitGlob(a.Value)
	if !ok || listsWholeDir(pattern, a.GlobOpts) {
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
		if syntax.GlobMatch(pattern, path.Base(cand), a.GlobOpts) {
			return cand, p.catastrophic(cand)
		}
	}
	return "", ""
}

// catastrophicDirs lists, sorted, every directory p.catastrophic names.
func (p *Pass) catastrophicDirs() []string {
	out := make([]string, 0, len(systemDirs.Get())+8)
	for d := range systemDirs.Get() {
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
	// An input only run time knows (xargs rm -rf <<< "$X x.o": the $X
	// part) leaves the paths open as no input does.
	openInputs := len(c.Inputs) == 0 || slices.ContainsFunc(c.Inputs, func(a syntax.Arg) bool { return !a.Static })
	if c.Name == "rm" && c.ExtraArgs && !fedByFind(c) && openInputs && runTimeOnly(pipeInputs(p, argsFeeder(c), deletion{})) {
		opts, operands := scan(c.Args, specFor("rm"))
		fed := argsFeeder(c) == c // xargs rm -rf: the words are appended
		for _, i := range operands {
			_, runTime := feederOperand(c, c.Args[i])
			fed = fed || runTime
		}
		if fed && has(opts, "r", "R", "recursive") && has(opts, "f", "force") {
			// xargs rm -rf: the targets arrive on stdin, unseen.
			p.Report(c, Finding{Rule: "rm-root", Decision: Ask, Message: "rm -rf of paths that only arrive at run time (xargs, parallel)"})
		}
	}
	for _, d := range deletions(p, c) {
		p.judgeTree(c, "rm-root", d)
	}
}

// runTimeOnly reports inputs of a deleter that leave its paths to run
// time: none corral can see, or some that passed through a program it
// cannot read (opaqueStage), which may print any other path too.
func runTimeOnly(in []deletion) bool {
	for _, d := range in {
		if d.opaque {
			return true
		}
	}
	return len(in) == 0
}

// judgeTree decides whether deletion d reaches a catastrophic directory
// (/, ~, a system directory, the project or above), statically or because
// its target starts with a value only known at run time.
func (p *Pass) judgeTree(c *syntax.Call, rule string, d deletion) {
	a := d.arg
	verb := d.verb
	if d.recursive && d.verb == "rm" {
		verb = "rm -r"
	}
	report := func(dec Decision, msg string) {
		p.Report(c, Finding{Rule: rule, Decision: dec, Message: msg})
	}
	if d.linkOnly {
		// rm -rf link: the link goes, not the tree it points at; its
		// own name is judged by the path guards (rm /bin, a link, is
		// still the deletion of a system directory's name there).
		return
	}
	if d.moved && a.Static {
		// mv * dir/, mv ~/src ~/src2: ordinary work. Moving away /, a
		// system directory or the home directory is its deletion
		// where everything looks for it (mv /etc /tmp/e, mv ~ /tmp/h).
		if t, ok := treeTarget(c.Dir, a); ok && !a.Glob {
			if h := p.Config.Home; t.Path == "/" || systemDirs.Get()[t.Path] || h != "" && t.Path == path.Clean(h) {
				report(Deny, "mv of "+a.Raw+" moves away "+p.catastrophic(t.Path)+": nothing finds it where it was, as if it were deleted")
			}
		}
		return
	}
	if a.Static && a.Value == "" && !d.filtered {
		// rm -rf '': no file has an empty name; rm, rmdir and find fail
		// on it and delete nothing.
		return
	}
	if d.fromFile != "" {
		if d.recursive || d.force {
			report(Ask, verb+" of "+a.Raw+": paths read from a file at run time, which corral cannot see (they could be / or ~)")
		}
		return
	}
	if oneOf(a) {
		// A variable that different paths set differently: each value it
		// can hold is judged, so rm -rf of {build, ~} is rm -rf ~.
		for _, r := range candidateArgs(a) {
			d.arg = r
			p.judgeTree(c, rule, d)
		}
		return
	}
	if !a.Static {
		if d.recursive && slices.ContainsFunc(userVars, func(u string) bool { return strings.Contains(a.Value, u) }) {
			// rm -rf /home/$USER: USER and LOGNAME are not always set
			// (a service, a container, cron); empty, the path is the
			// directory of every user's home.
			v := a.Value
			for _, u := range userVars {
				v = strings.ReplaceAll(v, u, "")
			}
			if !strings.ContainsAny(v, "$`") {
				if t, ok := treeTarget(c.Dir, syntax.Arg{Value: v, Raw: v, Static: true}); ok && t.Path != "/" {
					if why := p.catastrophic(t.Path); why != "" {
						report(Ask, verb+" of "+a.Raw+" (can be "+v+" when $USER is empty or unset): "+why)
					}
				}
			}
		}
		if r, ok := p.resolveTarget(c.Dir, a); ok {
			r.Raw = a.Raw + " (" + r.Value + ")"
			d.arg = r
			p.judgeTree(c, rule, d)
			return
		}
		if !d.recursive && !d.force {
			return
		}
		switch {
		case strings.HasPrefix(a.Value, "~"):
			if d.recursive {
				what := "another user's home directory"
				if name, _, _ := strings.Cut(a.Value[1:], "/"); syntax.IsDirStackTilde(name) {
					what = "an entry of the directory stack only known at run time"
				}
				report(Ask, verb+" of "+a.Raw+": "+what)
			}
		case strings.Contains(a.Value, "/.."):
			if d.recursive {
				report(Ask, verb+" of "+a.Raw+": a run-time path that climbs out with ..")
			}
		default:
			if why := defaultRoot(a); why != "" {
				report(Ask, verb+" of "+a.Raw+": "+why)
			} else if p.judgeMaybe(func() {
				// ${x:-$HOME}, ${d:-~/}: what the word is with its
				// variables unset or empty.
				for _, r := range maybeArgs(a) {
					if last := path.Base(strings.TrimRight(r.Value, "/")); c.Name == "rm" && (last == "." || last == "..") {
						continue // rm refuses ./ and ../ (rm -rf ./"$name")
					}
					d.arg = r
					p.judgeTree(c, rule, d)
				}
			}) {
			} else if why := p.runTimeChild(c.Dir, a); why != "" && d.recursive && !d.emptyDirs {
				report(Ask, verb+" of "+a.Raw+": "+why)
			} else if why := unknownRoot(a); why != "" {
				report(Ask, verb+" of "+a.Raw+": "+why)
			} else if d.recursive && d.force && (a.PrintedHead() || syntax.PrintedVarHead(a)) && !strings.HasSuffix(a.Raw, " (from find)") {
				// rm -rf $(ls -A), rm -rf "$(cat list)": the paths a
				// program prints, as unseen as xargs rm -rf's.
				report(Ask, verb+" of "+a.Raw+": paths a command prints at run time, which corral cannot see (they could be / or ~)")
			}
		}
		return
	}
	if victim, why := p.globVictim(c.Dir, a); victim != "" {
		// Every victim is a directory: only a recursive deletion takes it.
		if d.recursive {
			report(Deny, verb+" of "+a.Raw+" matches "+victim+": it deletes "+why)
		}
		return
	}
	t, ok := treeTarget(c.Dir, a)
	if !ok {
		if !c.Dir.Known && d.recursive && (a.Value == "*" || a.Value == "." || a.Value == "./*") {
			report(Ask, verb+" of "+a.Raw+" in a directory only known at run time")
		}
		return
	}
	why := p.catastrophic(t.Path)
	if why == "" {
		// Through a link the command made before (ln -s ~ h; rm -rf h/,
		// ln -s . l; rm -rf l/l/*): the directory the link leads to.
		at := topStart(c.Script, c.Start)
		alts := p.throughLinks(t.Path, at, c)
		if a.Static && !a.Glob && c.Dir.Known {
			// ln -s ~/.ssh t; rm -rf t/..: the ".." leaves the target.
			if phys, ok := p.physicalPath(c.Dir.Path, a.Value, at, c); ok {
				alts = append(append([]string{phys}, p.throughLinks(phys, at, c)...), alts...)
			}
		}
		for _, alt := range alts {
			if w := p.catastrophic(alt); w != "" {
				why = w + " (through a link the command made)"
				t.Path = alt
				break
			}
		}
	}
	switch {
	case why == "":
	case d.filtered && (t.Path == "/" || systemDirs.Get()[t.Path]):
		// find / -name core -delete: the names chosen still reach into
		// every system directory.
		report(Ask, verb+" of "+a.Raw+" deletes the files it selects throughout "+why)
	case d.tracked && d.selects == "*" && !d.narrowed:
		// git ls-files | xargs rm -f: git checkout brings the files
		// back, not their uncommitted changes (the untracked ones of
		// git ls-files -o are judged as git clean's: danger_listed.go).
		report(Ask, verb+" of "+a.Raw+" deletes every file git tracks in "+why+", with their uncommitted changes")
	case d.filtered:
	case d.shallow && (t.Path == "/" || systemDirs.Get()[t.Path]):
		report(Deny, verb+" of "+a.Raw+" deletes every file directly in "+why)
	case d.shallow:
		report(Ask, verb+" of "+a.Raw+" deletes every file directly in "+why)
	case d.recursive:
		report(Deny, verb+" of "+a.Raw+" deletes "+why)
	case a.Glob && (t.Path == "/" || systemDirs.Get()[t.Path]):
		report(Deny, verb+" of "+a.Raw+" deletes every file in "+why)
	case a.Glob:
		report(Ask, verb+" of "+a.Raw+" deletes every file in "+why)
	}
}

// defaultRoot reports a target whose head is a parameter with a default
// (${D:-/}*, ${D-~}): when the variable is unset the default is used, and
// it is / or a system directory.
func defaultRoot(a syntax.Arg) string {
	head, rest, ok := headOf(a.Value)
	if !ok || !strings.HasPrefix(head, "${") {
		return ""
	}
	inner := head[2 : len(head)-1]
	i := strings.IndexAny(inner, ":-=")
	if i < 0 {
		return ""
	}
	op := inner[i:]
	var def string
	switch {
	case strings.HasPrefix(op, ":-"), strings.HasPrefix(op, ":="):
		def = op[2:]
	case strings.HasPrefix(op, "-"), strings.HasPrefix(op, "="):
		def = op[1:]
	default:
		return ""
	}
	v := def + rest
	if strings.ContainsAny(v, "$`") || !strings.HasPrefix(v, "/") && def != "~" && !strings.HasPrefix(def, "~/") {
		return ""
	}
	dir := path.Clean(strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(v, "*"), ".*"), "/"))
	if dir == "." || dir == "" {
		dir = "/"
	}
	if dir == "/" || systemDirs.Get()[dir] || def == "~" || strings.HasPrefix(def, "~/") {
		return "when the variable is unset or empty this is " + v
	}
	return ""
}

// fromFind reports whether c is run by find -exec, whose targets are the
// files find selects (judged by the find itself).
func fromFind(c *syntax.Call) bool {
	for _, w := range c.Wrappers {
		if strings.HasPrefix(w, "find") || strings.HasPrefix(w, "fd -") {
			return true // find -exec, fd -x/-X
		}
	}
	return false
}

// substFinds returns, for a word that is one command substitution of a
// find (or fd), the deletions of what it prints: its roots, with its
// selection, as pipeInputs gives them for find … | xargs rm. nil when
// the word holds more, or its substitution is another program.
func (p *Pass) substFinds(c *syntax.Call, a syntax.Arg, base deletion) []deletion {
	if !strings.HasPrefix(a.Raw, "$(") && !strings.HasPrefix(a.Raw, "`") && !strings.HasPrefix(a.Raw, "\"$(") && !splitSubst(a.Word) {
		return nil
	}
	if out, ok := p.substListing(c, a, base); ok {
		return out // rm -rf $(du -s ~ | cut -f2), $(tree -fi ~)
	}
	if fs := syntax.FileSubstFiles(a.Word); len(fs) == 1 {
		// find ~ -name id_rsa > l; rm $(< l) (file_producer.go).
		return p.fileStageInputs(c, c.Dir.Join(fs[0]), base)
	}
	var finds []*syntax.Call
	for _, o := range p.callsWithin(c.Script, a.Start, a.End, c) {
		if role, f, ok := lineFilter(o); ok && o.Pipe == nil {
			// find ~ -name id_rsa > l; rm $(cat l), rm $(sort l),
			// rm $(sed p l) (file_producer.go, line_filters.go).
			return throughFilter(p.fileStageInputs(o, f, base), o, role)
		}
		if o.Name != "find" && !isFd(o) || o.Pipe != nil {
			return nil // another program prints, or find's output is piped on
		}
		finds = append(finds, o)
	}
	if len(finds) != 1 {
		return nil
	}
	return foundDeletions(finds[0], base)
}

// runTimeChild reports why a deletion whose last component is a value only
// known at run time, directly under a catastrophic directory (/${X:?},
// /usr/$X, ~/"$name", ../$X), can take a directory that matters, or ""
// when it cannot. ${X:?} only rules out an empty X: X=usr, X=.ssh or
// X=lib names the system's or the user's own directories. The project
// itself is not one of those directories (rm -rf ./"$name" is everyday
// work), and a fixed tail after the value ($X/build, $X.bak) keeps the
// deletion to that name.
func (p *Pass) runTimeChild(dir syntax.Dir, a syntax.Arg) string {
	v := a.Value
	i := strings.IndexAny(v, "$`")
	if i <= 0 || v[i-1] != '/' {
		return ""
	}
	head, rest, ok := headOf(v[i:])
	if !ok || strings.Trim(rest, "/") != "" {
		return ""
	}
	prefix := strings.TrimRight(v[:i], "/")
	if prefix == "" {
		prefix = "/"
	}
	if strings.ContainsAny(prefix, "$`") || syntax.GlobMeta(prefix) >= 0 && a.Glob {
		return ""
	}
	t := dir.Join(prefix)
	if !t.Known {
		return ""
	}
	if prj := p.Config.Project; prj != "" && t.Path == path.Clean(prj) {
		return ""
	}
	why := p.catastrophic(t.Path)
	if why == "" {
		return ""
	}
	return head + " is only known at run time, and whatever name it holds (one of the entries of " + t.Path + ") goes: it is directly in " + why
}

// splitSubst reports a word with an unquoted command substitution after
// other text (rm x$(find ~/.ssh)): bash splits what it prints, so every
// line but the first is a word of its own, whatever the text before it.
func splitSubst(w *sh.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		if _, ok := part.(*sh.CmdSubst); ok {
			return true
		}
	}
	return false
}
