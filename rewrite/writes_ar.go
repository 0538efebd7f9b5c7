package rewrite

import (
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// checkArExtract judges the members ar x writes: into the working
// directory, or the directory of --output DIR (GNU ar 2.38 and later,
// given before or after the key), each by its base name, as GNU ar
// stores and extracts them. The members named after the archive are the
// ones written; with none named, every member is, and the archive on disk
// when the hook runs is listed by the system's own ar t (bounded as tar's
// listing is). An archive that cannot be listed is judged by its
// directory: where that holds one of corral's own files or an agent's
// settings, ask (ar x --output ~/.claude x.a).
func (p *Pass) checkArExtract(c *syntax.Call) {
	if path.Base(c.Name) != "ar" {
		return
	}
	var words []syntax.Arg
	var outDir *syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Value == "--output" && i+1 < len(c.Args):
			i++
			d := c.Args[i]
			outDir = &d
		case strings.HasPrefix(a.Value, "--output="):
			d := a
			d.Value = strings.TrimPrefix(a.Value, "--output=")
			outDir = &d
		case a.Value == "--plugin" || a.Value == "--target":
			i++
		case !strings.HasPrefix(a.Value, "--"):
			words = append(words, a)
		}
	}
	if len(words) < 2 || !words[0].Static {
		return
	}
	key := strings.TrimPrefix(words[0].Value, "-")
	if !strings.Contains(key, "x") || strings.ContainsAny(key, "tpO") {
		return // O: the members go to standard output
	}
	archive := 1
	if strings.Contains(key, "N") && len(words) > 2 {
		archive++ // ar xN COUNT ARCHIVE NAME
	}
	if archive >= len(words) {
		return
	}
	base := "."
	if outDir != nil {
		if !outDir.Static {
			return // a directory only known at run time: the run-time rules'
		}
		base = strings.TrimSuffix(outDir.Value, "/")
		if strings.HasPrefix(base, "~") {
			base = "./" + base // --output=~: no shell expands it there
		}
	}
	at := func(name string) string {
		if base == "." {
			return path.Base(name)
		}
		return base + "/" + path.Base(name)
	}
	arg := words[archive]
	if outDir != nil {
		arg = *outDir
	}
	if members := words[archive+1:]; len(members) > 0 {
		for _, m := range members {
			if m.Static {
				p.judge(c, c.Script, c.Dir, target{arg: m, value: at(m.Value), action: guards.Write, derived: true}, "bash-write", "ar x")
			}
		}
		return
	}
	a := c.Dir.Join(words[archive].Value)
	if !words[archive].Static || !a.Known {
		return
	}
	names, err := arMembers(a.Path)
	if err != nil {
		if outDir != nil {
			p.judgeUnnamedTree(c, treeCopy{src: syntax.Arg{Value: "the archive " + words[archive].Value, Raw: words[archive].Raw, Static: true},
				dest: *outDir, base: base}, false)
		}
		return
	}
	seen := map[string]bool{}
	for _, n := range names {
		if n == "" || seen[n] {
			continue
		}
		seen[n] = true
		p.judge(c, c.Script, c.Dir, target{arg: arg, value: at(n), action: guards.Write, derived: true}, "bash-write", "ar x (a member of "+words[archive].Value+")")
	}
}

// arMembers lists an ar archive's members with the system's ar t, as
// archiveMembers lists tar and zip archives.
func arMembers(p string) ([]string, error) {
	if !path.IsAbs(p) || guards.Within("/proc", p) || guards.Within("/dev", p) {
		return nil, errArchiveTooLarge
	}
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
		return nil, errArchiveTooLarge
	}
	data, err := boundedOutput("", []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}, "ar", "t", p)
	if err != nil {
		return nil, err
	}
	names := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if len(names) > maxArchiveMembers {
		return nil, errArchiveTooLarge
	}
	return names, nil
}
