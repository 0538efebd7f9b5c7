package syntax

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
)

// Scripts named by a pathname expansion, and run-parts.

// sourceGlob returns the word source or . reads as its file: bash
// expands a pattern first (source env.s*), and the first match is the
// file (the others become its positional parameters); a pattern with no
// match stays as written.
func (w *walker) sourceGlob(call *Call, a Arg) Arg {
	if !a.Static || !a.Glob || a.Pattern() == "" {
		return a
	}
	names := w.globNames(call.Dir, a.Pattern())
	if len(names) == 0 {
		return a
	}
	return Arg{Value: names[0], Raw: a.Raw, Static: true, Start: a.Start, End: a.End}
}

// runPartsSpec is Debian's run-parts(8).
var runPartsSpec = OptSpec{ShortVal: "ua", LongEq: true, Abbrev: true,
	LongVal: []string{"umask", "arg", "regex"},
	LongFlag: []string{"test", "list", "verbose", "debug", "report", "reverse", "exit-on-error", "stdin", "lsbsysinit",
		"new-session", "version", "help"}}

// runParts models run-parts [OPTION]… DIR: it runs, in name order, every
// executable file in DIR whose name passes its rules (letters, digits, _
// and - by default; --lsbsysinit a few more; --regex=ERE its own), each
// as a program run by path. Every regular file is judged, executable or
// not (a chmod before it may set the bit); a system directory's files
// are not read, as they are not when run by path. --test and --list only
// print the names. A directory only run time knows asks.
func (w *walker) runParts(c scope, call *Call) {
	opts, ops := ScanOptions(call.Args, runPartsSpec)
	var re *regexp.Regexp
	lsb, badRegex := false, false
	for _, o := range opts {
		switch o.Name {
		case "test", "list", "h", "help", "V", "version":
			return
		case "lsbsysinit":
			lsb = true
		case "regex":
			if !o.HasVal {
				continue
			}
			r, err := regexp.CompilePOSIX(o.Val.Value)
			if err != nil || !o.Val.Static {
				badRegex = true // any name may pass
				continue
			}
			re = r
		}
	}
	if len(ops) == 0 {
		return
	}
	d := call.Args[ops[0]]
	if !d.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: d.Raw,
			What: "run-parts runs every executable file in " + clip(d.Raw, 40) + ", a directory only known at run time"})
		return
	}
	dir := call.Dir.Join(d.Value)
	if !dir.Known || w.read == nil {
		return
	}
	for _, p := range systemPrograms {
		if guards.Within(filepath.Clean(p), dir.Path) {
			// run-parts /etc/cron.daily: the system's own scripts, as
			// /etc/cron.daily/x run by path is.
			return
		}
	}
	names := map[string]bool{}
	if entries, err := os.ReadDir(dir.Path); err == nil {
		for _, e := range entries {
			// Executable or not: a chmod earlier in the command may
			// make it so.
			if info, err := os.Stat(filepath.Join(dir.Path, e.Name())); err == nil && info.Mode().IsRegular() {
				names[e.Name()] = true
			}
		}
	}
	for p := range w.written {
		// A file this command wrote there (and may have made
		// executable).
		if filepath.Dir(p) == dir.Path {
			names[filepath.Base(p)] = true
		}
	}
	sorted := make([]string, 0, len(names))
	for n := range names {
		if runPartsName(n, re, lsb, badRegex) {
			sorted = append(sorted, n)
		}
	}
	sort.Strings(sorted)
	if len(sorted) > maxScriptMatches {
		sorted = sorted[:maxScriptMatches]
		w.m.Truncated = true
	}
	for _, n := range sorted {
		p := filepath.Join(d.Value, n)
		w.scriptFile(c, call, Arg{Value: p, Raw: p, Static: true, Start: d.Start, End: d.End}, "")
	}
}

// runPartsName reports a file name run-parts runs: one that --regex's
// pattern matches, else (--lsbsysinit) letters, digits, _ . and - , else
// letters, digits, _ and -. A pattern corral cannot read lets any name
// through.
func runPartsName(name string, re *regexp.Regexp, lsb, anyName bool) bool {
	switch {
	case anyName:
		return true
	case re != nil:
		return re.MatchString(name)
	}
	for _, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || lsb && r == '.'
		if !ok {
			return false
		}
	}
	return name != "" && !strings.HasPrefix(name, ".")
}
