package rewrite

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// foundLinks lists the symbolic links on disk now that find f hands a
// program when it lists what its tests select under root r (selects is
// the name its -name or -iname gives, "*" for any): find . -name 'k*'
// -exec shred {} \; shreds what a link k1 -> ~/.ssh/id_rsa points at,
// though no name in the command says so, as truncate, chmod, cp onto it
// or a redirection to it do. Each is returned as find prints it (the root
// as written, then the names below it), for the path guards to follow.
//
// find does not enter a link to a directory unless told to (-L,
// -follow): then what it reaches through one is listed too, links or
// not, as all of it is elsewhere. With -H or -L a root that is a link is
// entered. The walk goes in name order and stops at guards.MaxWalkEntries
// entries and guards.MaxWalkDepth levels (or find's -maxdepth), never
// entering a system tree; a root only known at run time, a pattern, or a
// root relative to a directory only known at run time lists nothing.
func (p *Pass) foundLinks(f *syntax.Call, r syntax.Arg, selects string) []foundLink {
	if f == nil || f.Name != "find" || !r.Static || r.Glob || p.Config.NoGlobMatches {
		return nil
	}
	start := r.Value
	if strings.HasPrefix(start, "~/") || start == "~" {
		start = p.Config.Home + strings.TrimPrefix(start, "~")
	}
	root := f.Dir.Join(start)
	if !root.Known {
		return nil
	}
	keepRoots, keepEntries := findKeepsLinks(f)
	maxDepth := guards.MaxWalkDepth
	for i, a := range f.Args {
		if a.Value == "-maxdepth" && i+1 < len(f.Args) {
			if n, err := strconv.Atoi(f.Args[i+1].Value); err == nil && f.Args[i+1].Static && n >= 0 && n < maxDepth {
				maxDepth = n
			}
		}
	}
	fold := findFolds(f)
	key := fmt.Sprintf("%s\x00%s\x00%t%t%d", r.Value, root.Path, keepRoots, keepEntries, maxDepth)
	all, walked := p.foundOnDisk[key]
	if !walked {
		all = walkFound(r, root.Path, keepRoots, keepEntries, maxDepth)
		if p.foundOnDisk == nil {
			p.foundOnDisk = map[string][]foundLink{}
		}
		p.foundOnDisk[key] = all
	}
	var out []foundLink
	for _, l := range all {
		if findNameMatch(selects, path.Base(l.shown), fold) {
			out = append(out, l)
		}
	}
	rootShown := strings.TrimSuffix(r.Value, "/")
	if r.Value == "/" {
		rootShown = ""
	}
	// A link this command made before find runs (ln -s ~/.ssh/id_rsa k
	// && find . -name k -exec shred {} +) is there for it too.
	at := topStart(f.Script, f.Start)
	for _, l := range p.madeLinks() {
		if !l.symbolic || !l.madeBefore(at, f) || !guards.Within(root.Path, l.link) || l.link == root.Path {
			continue
		}
		rel := strings.TrimPrefix(l.link, strings.TrimSuffix(root.Path, "/")+"/")
		if strings.Count(rel, "/")+1 > maxDepth || !findNameMatch(selects, path.Base(l.link), fold) {
			continue
		}
		out = append(out, foundLink{shown: rootShown + "/" + rel, dir: !l.unknown && isDir(l.target)})
	}
	return out
}

// walkFound is foundLinks' walk of the disk under root (abs), named as
// r is written: every entry find can hand over that is a link or is
// reached through one, whatever its name.
func walkFound(r syntax.Arg, abs string, keepRoots, keepEntries bool, maxDepth int) []foundLink {
	var out []foundLink
	root := syntax.Dir{Path: abs, Known: true}
	info, err := os.Lstat(root.Path)
	if err != nil {
		return nil
	}
	rootShown := strings.TrimSuffix(r.Value, "/")
	if r.Value == "/" {
		rootShown = ""
	}
	followed := false // the root is a link find enters
	if info.Mode()&fs.ModeSymlink != 0 {
		followed = true
		if keepRoots {
			return []foundLink{{shown: r.Value, dir: isDir(root.Path)}}
		}
		if info, err = os.Stat(root.Path); err != nil || !info.IsDir() {
			return nil
		}
	}
	type level struct {
		dir, shown string
		depth      int
		through    bool // reached through a link find followed
	}
	queue := []level{{root.Path, rootShown, 1, followed}}
	seen := 0
	for len(queue) > 0 && seen < guards.MaxWalkEntries {
		cur := queue[0]
		queue = queue[1:]
		entries, err := os.ReadDir(cur.dir)
		if err != nil {
			continue
		}
		sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
		for _, e := range entries {
			if seen++; seen > guards.MaxWalkEntries {
				break
			}
			full := strings.TrimSuffix(cur.dir, "/") + "/" + e.Name()
			shown := cur.shown + "/" + e.Name()
			link := e.Type()&fs.ModeSymlink != 0
			if link || cur.through {
				out = append(out, foundLink{shown: shown, through: cur.through, dir: isDir(full)})
			}
			if cur.depth >= maxDepth || guards.SystemTree(full) {
				continue
			}
			switch {
			case e.IsDir():
				queue = append(queue, level{full, shown, cur.depth + 1, cur.through})
			case link && !keepEntries:
				if fi, err := os.Stat(full); err == nil && fi.IsDir() {
					queue = append(queue, level{full, shown, cur.depth + 1, true})
				}
			}
		}
	}
	return out
}

// foundLink is an entry foundLinks lists: shown is its path as find
// prints it; through reports that find reached it through a link to a
// directory it followed, so that it is elsewhere whether a link or not.
type foundLink struct {
	shown   string
	through bool
	dir     bool // it is, or points at, a directory
}

// isDir reports a directory on disk now, through symbolic links.
func isDir(abs string) bool {
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}

// judgeFoundLinks judges, as an action t of their own, the symbolic
// links find f selects under roots that program c, which find runs on
// them or which reads what find prints, follows (foundLinks). follows
// says that c acts on what a link points at (shred, truncate, chmod, a
// write); when it does not (rm, unlink, find -delete) only what find
// reaches through a link it followed (-L) is judged.
func (p *Pass) judgeFoundLinks(c, f *syntax.Call, roots []syntax.Arg, selects string, t target, follows bool, rule, what string) {
	if p.Config.Paths == nil || f == nil {
		return
	}
	if _, entries := findKeepsLinks(f); !follows && entries {
		return // only links to remove: nothing is reached through one
	}
	for _, r := range roots {
		for _, l := range p.foundLinks(f, r, selects) {
			if !follows && !l.through {
				continue // the link itself goes
			}
			if follows && t.action == guards.Delete && l.dir && !l.through {
				continue // shred of a directory fails
			}
			u := t
			u.arg = syntax.Arg{Value: l.shown, Raw: l.shown, Static: true}
			u.value = ""
			p.judge(c, c.Script, f.Dir, u, rule, what)
		}
	}
}
