package rewrite

import (
	"fmt"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var bashWrite = Rule{
	Name:      "bash-write",
	Decisions: []Decision{Warn, Ask, Deny},
	Doc: `Files a shell command writes go through the same path guards as the
Write and Edit tools, so that both reach the same verdict for the same path:
redirection targets (>, >>, &>, >|; not duplications such as 2>&1), tee,
the destinations of cp, mv, install and ln, files edited in place by sed -i
and perl -i, dd of=, truncate and touch, resolved against the working
directory the call runs in (cd is followed). A protected path is denied, an
outside-safe path asked about, a warned path warned. A target only known at
run time is judged by its known part: "$dir/.env" is asked about because it
could be a protected file; a fully dynamic target ("$f") is not judged.
Writes to corral's own policy files and state are denied.`,
	Call:     checkWriteCall,
	Redirect: checkRedirect,
}

var bashDelete = Rule{
	Name:      "bash-delete",
	Decisions: []Decision{Warn, Ask, Deny},
	Doc: `Files a shell command deletes (rm, rmdir, unlink, shred, the sources
of mv) go through the path guards as deletions: outside the project, the
sandbox, the safe paths and any git repository corral asks (seed 002's
"rm outside safe paths" confirm rule, decided on the resolved target rather
than on the text "rm "); protected paths are asked about. Catastrophic
targets (/, ~, system directories) are the rm-root rule's.`,
	Commands: []string{"rm", "rmdir", "unlink", "shred", "mv"},
	Call:     checkDeleteCall,
}

// target is one path a call writes or deletes.
type target struct {
	arg    syntax.Arg
	value  string // the path, when it differs from arg.Value (dd of=, cp into a directory)
	action guards.Action
}

func (t target) path() string {
	if t.value != "" {
		return t.value
	}
	return t.arg.Value
}

func checkRedirect(p *Pass, r syntax.Redirect) {
	if !r.Writes() || r.Target.Value == "" {
		return
	}
	// Redirections of a call are reported with the call's span; others
	// (of a block or a loop) with their own.
	p.judge(nil, r.Script, r.Dir, target{arg: r.Target, action: guards.Write}, "bash-write", "redirection")
}

// writeTargets lists the files a call writes, by command.
func writeTargets(c *syntax.Call) []target {
	var out []target
	nonOpt := func(args []syntax.Arg, valueOpts string, longValue ...string) []syntax.Arg {
		var files []syntax.Arg
		for i := 0; i < len(args); i++ {
			a := args[i]
			v := a.Value
			if a.Static && v == "--" {
				files = append(files, args[i+1:]...)
				break
			}
			if a.Static && strings.HasPrefix(v, "--") {
				name, _, has := strings.Cut(v[2:], "=")
				if !has && containsString(longValue, name) {
					i++
				}
				continue
			}
			if a.Static && strings.HasPrefix(v, "-") && len(v) > 1 {
				last := v[len(v)-1]
				if strings.IndexByte(valueOpts, last) >= 0 {
					i++
				}
				continue
			}
			files = append(files, a)
		}
		return files
	}
	switch c.Name {
	case "tee":
		for _, a := range nonOpt(c.Args, "") {
			out = append(out, target{arg: a, action: guards.Write})
		}
	case "touch":
		for _, a := range nonOpt(c.Args, "drt", "date", "reference") {
			out = append(out, target{arg: a, action: guards.Write})
		}
	case "truncate":
		for _, a := range nonOpt(c.Args, "sr", "size", "reference") {
			out = append(out, target{arg: a, action: guards.Write})
		}
	case "cp", "mv", "install", "ln":
		out = append(out, copyTargets(c)...)
	case "sed":
		out = append(out, inPlaceTargets(c, "efl", []string{"expression", "file", "line-length"}, "e")...)
	case "perl":
		out = append(out, inPlaceTargets(c, "eEIMmx", nil, "eE")...)
	case "dd":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Value, "of=") {
				t := target{arg: a, value: strings.TrimPrefix(a.Value, "of="), action: guards.Write}
				out = append(out, t)
			}
		}
	}
	return out
}

// copyTargets lists the destination of cp, mv, install and ln, and for mv
// its sources (deleted).
func copyTargets(c *syntax.Call) []target {
	valueOpts := "tSgmo"
	var files []syntax.Arg
	var dir *syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case a.Static && v == "--":
			files = append(files, c.Args[i+1:]...)
			i = len(c.Args)
		case a.Static && (v == "-t" || v == "--target-directory") && i+1 < len(c.Args):
			i++
			d := c.Args[i]
			dir = &d
		case a.Static && strings.HasPrefix(v, "--target-directory="):
			d := a
			d.Value = strings.TrimPrefix(v, "--target-directory=")
			dir = &d
		case a.Static && strings.HasPrefix(v, "--"):
			name, _, has := strings.Cut(v[2:], "=")
			if !has && name == "target-directory" {
				i++
			}
		case a.Static && strings.HasPrefix(v, "-") && len(v) > 1:
			if strings.IndexByte(valueOpts, v[len(v)-1]) >= 0 && (c.Name == "install" || v[len(v)-1] == 't' || v[len(v)-1] == 'S') {
				if v[len(v)-1] == 't' && i+1 < len(c.Args) {
					d := c.Args[i+1]
					dir = &d
				}
				i++
			}
		default:
			files = append(files, a)
		}
	}
	if c.Name == "install" && hasFlag(c.Args, 0, "-d", "--directory") {
		var out []target
		for _, f := range files {
			out = append(out, target{arg: f, action: guards.Write})
		}
		return out
	}
	var out []target
	var sources []syntax.Arg
	dest := dir
	if dest == nil && len(files) >= 2 {
		d := files[len(files)-1]
		dest = &d
		sources = files[:len(files)-1]
	} else if dest != nil {
		sources = files
	}
	if dest == nil {
		return nil
	}
	out = append(out, target{arg: *dest, action: guards.Write})
	for _, s := range sources {
		if s.Static && dest.Static && !s.Glob {
			out = append(out, target{arg: *dest, value: path.Join(dest.Value, path.Base(s.Value)), action: guards.Write})
		}
		if c.Name == "mv" {
			out = append(out, target{arg: s, action: guards.Delete})
		}
	}
	return out
}

// inPlaceTargets lists the files sed -i or perl -i edit in place.
func inPlaceTargets(c *syntax.Call, valueOpts string, long []string, codeOpts string) []target {
	inPlace, code := false, false
	var files []syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case a.Static && v == "--":
			files = append(files, c.Args[i+1:]...)
			i = len(c.Args)
		case a.Static && strings.HasPrefix(v, "--"):
			name, _, has := strings.Cut(v[2:], "=")
			if name == "in-place" {
				inPlace = true
			}
			if containsString(long, name) {
				code = code || name == "expression" || name == "file"
				if !has {
					i++
				}
			}
		case a.Static && strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				ch := v[j]
				if ch == 'i' {
					inPlace = true
					break // the rest is the backup suffix
				}
				if strings.IndexByte(valueOpts, ch) >= 0 {
					if strings.IndexByte(codeOpts, ch) >= 0 || ch == 'f' {
						code = true
					}
					if j == len(v)-1 {
						i++
					}
					break
				}
			}
		default:
			files = append(files, a)
		}
	}
	if !inPlace {
		return nil
	}
	if !code && len(files) > 0 {
		files = files[1:] // the script
	}
	var out []target
	for _, f := range files {
		out = append(out, target{arg: f, action: guards.Write})
	}
	return out
}

func checkWriteCall(p *Pass, c *syntax.Call) {
	for _, t := range writeTargets(c) {
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name)
	}
}

func checkDeleteCall(p *Pass, c *syntax.Call) {
	if c.Name == "mv" {
		return // mv's sources are judged with its destination
	}
	_, files := scan(c.Args, optSpec{})
	for _, i := range files {
		p.judge(c, c.Script, c.Dir, target{arg: c.Args[i], action: guards.Delete}, "bash-delete", c.Name)
	}
}

// judge runs one target through the path guards and reports what they say.
func (p *Pass) judge(c *syntax.Call, sc *syntax.Script, dir syntax.Dir, t target, rule, what string) {
	if t.arg.Value == "{}" || strings.HasPrefix(t.path(), "/dev/fd/") || t.path() == "/dev/null" || t.path() == "-" && what == "tee" {
		return
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	verb := "writes"
	if t.action == guards.Delete {
		verb = "deletes"
	}
	report := func(d Decision, msg, ctx string) {
		f := Finding{Rule: rule, Decision: d, Message: msg, PathContext: ctx}
		if c == nil {
			f.Text = t.arg.Raw
			f.Start, f.End = topSpanOf(sc, t.arg.Start, t.arg.End)
		}
		p.Report(c, f)
	}
	if !t.arg.Static {
		// Judge what is known: the part after the last run-time piece.
		tail := t.path()
		if i := strings.LastIndexAny(tail, "$`)}"); i >= 0 {
			tail = tail[i+1:]
		}
		base := path.Base(tail)
		if tail == "" || base == "/" || base == "." || !strings.Contains(tail, "/") && tail == t.path() {
			return
		}
		if cfg.Paths == nil {
			return
		}
		d := cfg.Paths.Decide(guards.Env{Project: cfg.Project, Cwd: cfg.Project, Home: cfg.Home, Sandbox: cfg.Sandbox}, base, t.action)
		if d.Verdict == guards.Deny && d.Rule == "protected-path" {
			report(Ask, fmt.Sprintf("%s %s %s, a path only known at run time that could be protected (%s)", what, verb, t.arg.Raw, d.Pattern), "n/a")
		}
		return
	}
	if !dir.Known && !strings.HasPrefix(t.path(), "/") && !strings.HasPrefix(t.path(), "~") {
		// Relative to a directory only known at run time: judge it as if in
		// the project, and never allow more than there.
		env.Cwd = cfg.Project
	}
	norm := guards.Normalize(env, t.path())
	for _, prot := range cfg.Protected {
		if prot != "" && guards.Within(prot, norm.Abs) {
			report(Deny, fmt.Sprintf("%s %s %s, which is corral's own configuration or state", what, verb, norm.Abs), "blocked")
			return
		}
	}
	if cfg.Paths == nil {
		return
	}
	d := cfg.Paths.Decide(env, t.path(), t.action)
	msg := fmt.Sprintf("%s %s %s: %s", what, verb, t.path(), d.Message)
	switch d.Verdict {
	case guards.Deny:
		report(Deny, msg, d.PathContext)
	case guards.Ask:
		report(Ask, msg, d.PathContext)
	case guards.Warn:
		report(Warn, msg, d.PathContext)
	}
}

func topSpanOf(sc *syntax.Script, start, end int) (int, int) { return topSpan(sc, start, end) }

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
