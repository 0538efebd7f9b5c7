package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The go command takes its module file and its workspace file from
// elsewhere than the directories above the package: -modfile FILE (a
// flag, or in GOFLAGS) reads FILE in place of go.mod (go.mod still marks
// the module's root, and FILE's relative replacements are taken from
// there), and GOWORK=FILE (the environment, else the go env file) is the
// workspace file instead of the nearest go.work (GOWORK=off: none). Their
// replace and use directives put the agent's directory in place of a
// dependency, whose init functions run with the program (red team 19
// GO2). A file only run time knows asks.

// goModSel names the module and workspace files a go call reads.
type goModSel struct {
	// modfile is -modfile's FILE ("" for go.mod), as given.
	modfile string
	// gowork is GOWORK's value: "" to search, "off", or the file.
	gowork string
	// call is the go call: a file it reads that the command wrote with
	// text only run time knows asks.
	call *Call
}

// goWorkValue returns the GOWORK a go call runs with: its environment's,
// else the go env file's (envFile); known is false for a value only run
// time knows.
func (w *walker) goWorkValue(c scope, call *Call, envWords map[string]string, envFile string) (value string, known bool) {
	if v, ok := envWords["GOWORK"]; ok {
		return v, true
	}
	if v, known, ok := w.envValue(c, call, "GOWORK", true); ok {
		return v, known
	}
	for _, line := range strings.Split(envFile, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "GOWORK="); ok {
			return v, true
		}
	}
	return "", true
}

// goModReplaced returns the local directories the module file text
// (read from the module root root) replaces dependencies with, and, for a
// workspace file, the modules it uses together with the directories
// their own go.mod files replace dependencies with.
func (w *walker) goModReplaced(text string, work bool, root string) []string {
	var out []string
	for _, p := range goModLocalDirs(text, work) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		p = filepath.Clean(p)
		out = append(out, p)
		if !work {
			continue
		}
		// A workspace module's own go.mod replacements apply in the
		// workspace too.
		mod, ok := w.readScript(Dir{Path: filepath.Join(p, "go.mod"), Known: true})
		if !ok {
			continue
		}
		for _, q := range goModLocalDirs(mod, false) {
			if !filepath.IsAbs(q) {
				q = filepath.Join(p, q)
			}
			out = append(out, filepath.Clean(q))
		}
	}
	return out
}

// goEditSpec reads go mod edit's and go work edit's, use's and init's
// options (go help mod edit, go help work).
var goEditSpec = lazy.Value[OptSpec]{New: func() OptSpec {
	return OptSpec{LongVal: []string{"replace", "dropreplace", "use", "dropuse", "go", "toolchain", "module",
		"require", "droprequire", "exclude", "dropexclude", "retract", "dropretract", "godebug", "dropgodebug",
		"tool", "droptool", "ignore", "dropignore"},
		LongFlag: []string{"fmt", "print", "json", "n", "x", "r"}, LongEq: true}
}}

// goModEdit models the go commands that edit the module or workspace
// file a later go call reads (args: the words after mod or work, from
// dir): go mod edit -replace OLD=NEW and go work edit -replace/-use add
// the directive to the file's text, go work use DIR… adds use lines
// (absolute, from dir) and go work init [DIR…] writes a go.work there. A
// later go run of the module then follows them (red team 19 GO2). The
// drop options are not applied (what stays is judged).
func (w *walker) goModEdit(call *Call, sub string, args []Arg, dir Dir) {
	if len(args) == 0 || !dir.Known {
		return
	}
	verb := args[0].Value
	// Go's flags take one dash or two alike: -replace=OLD=NEW is
	// --replace=OLD=NEW.
	words := make([]Arg, 0, len(args)-1)
	for _, a := range args[1:] {
		if strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && len(a.Value) > 1 {
			a.Value = "-" + a.Value
		}
		words = append(words, a)
	}
	opts, operands := ScanOptions(words, goEditSpec.Get())
	var lines []string
	unknown := false
	for _, o := range opts {
		switch {
		case o.Name == "n" || o.Name == "print" || o.Name == "json":
			return // prints the result, writes nothing
		case o.Name == "replace" && o.HasVal:
			old, repl, ok := strings.Cut(o.Val.Value, "=")
			if !ok {
				continue
			}
			lines = append(lines, "replace "+old+" => "+repl)
			unknown = unknown || !o.Val.Static
		case o.Name == "use" && o.HasVal:
			u := o.Val.Value
			if !filepath.IsAbs(u) && !strings.HasPrefix(u, ".") {
				u = "./" + u // go.work's use is a directory either way
			}
			lines = append(lines, "use "+u)
			unknown = unknown || !o.Val.Static
		}
	}
	var file Dir
	switch {
	case sub == "mod" && verb == "edit":
		if len(operands) > 0 {
			file = dir.Join(args[1+operands[0]].Value)
		} else if root, ok := w.goFileAbove(dir, "go.mod"); ok {
			file = root
		}
	case sub == "work" && (verb == "edit" || verb == "use"):
		if verb == "edit" && len(operands) > 0 {
			file = dir.Join(args[1+operands[0]].Value)
		} else if f, ok := w.goFileAbove(dir, "go.work"); ok {
			file = f
		}
		if verb == "use" {
			for _, i := range operands {
				a := args[1+i]
				lines = append(lines, "use "+dir.Join(a.Value).Path)
				unknown = unknown || !a.Static
			}
		}
	case sub == "work" && verb == "init":
		file = dir.Join("go.work")
		lines = append(lines, "go 1.21")
		for _, i := range operands {
			a := args[1+i]
			lines = append(lines, "use "+dir.Join(a.Value).Path)
			unknown = unknown || !a.Static
		}
	default:
		return
	}
	if !file.Known || len(lines) == 0 {
		return
	}
	if unknown {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "go " + sub + " " + verb,
			What: "go " + sub + " " + verb + " puts a directory only known at run time in the " + filepath.Base(file.Path) + " later go commands compile from"})
		return
	}
	text := ""
	if verb != "init" {
		text, _ = w.readScript(file)
	}
	w.setWritten(file.Path, text+"\n"+strings.Join(lines, "\n")+"\n")
}

// goFileAbove returns the nearest file name (go.mod, go.work) in dir or
// a directory above it.
func (w *walker) goFileAbove(dir Dir, name string) (Dir, bool) {
	d := dir.Path
	for k := 0; k < 64; k++ {
		f := Dir{Path: filepath.Join(d, name), Known: true}
		if _, ok := w.readScript(f); ok {
			return f, true
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return Dir{}, false
}
