package syntax

import (
	"errors"
	"os"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/pattern"

	"github.com/corral-dev/corral/internal/lazy"
)

// GlobOpts are the shell options in force where a pattern is expanded
// that change which names it matches (shopt -s dotglob, nocaseglob,
// nullglob, failglob, globstar; giving GLOBIGNORE a non-empty value
// turns dotglob on, unsetting it turns dotglob off).
// Extended patterns (@(…), !(…), +(…)) are always read as such: bash
// only parses them when extglob is on, so a command that runs them has
// it on.
type GlobOpts uint8

const (
	// GlobDot is dotglob: * and ? match a leading dot (never . or ..).
	GlobDot GlobOpts = 1 << iota
	// GlobNoCase is nocaseglob: letters match either case.
	GlobNoCase
	// GlobNull is nullglob: a pattern that matches nothing is removed.
	GlobNull
	// GlobFail is failglob: a pattern that matches nothing is an error
	// and the command does not run.
	GlobFail
	// GlobStar is globstar: ** alone in a segment matches any depth.
	GlobStar
	// globNullMay and globFailMay report that nullglob or failglob may
	// be on (on along some path): without GlobNull or GlobFail, a
	// pattern that matches nothing may or may not stay as written.
	globNullMay
	globFailMay
)

// Has reports whether every option of o2 is on in o.
func (o GlobOpts) Has(o2 GlobOpts) bool { return o&o2 == o2 }

// globOptsMayBe are the options whose "may be on" is the cautious
// reading when two paths disagree (a pattern then matches more names);
// the others (nullglob, failglob) are kept only when every path turns
// them on.
const globOptsMayBe = GlobDot | GlobNoCase | GlobStar | globNullMay | globFailMay

// mergeGlobOpts is what is known after one path with a and another with
// b.
func mergeGlobOpts(a, b GlobOpts) GlobOpts {
	return (a|b)&globOptsMayBe | a&b&^globOptsMayBe
}

// globShopt maps shopt's option names to the options they turn on.
var globShopt = lazy.Value[map[string]GlobOpts]{New: func() map[string]GlobOpts {
	return map[string]GlobOpts{
		"dotglob": GlobDot, "nocaseglob": GlobNoCase, "nullglob": GlobNull | globNullMay, "failglob": GlobFail | globFailMay, "globstar": GlobStar,
	}
}}

// unmatched reports what bash makes of a pattern that matches nothing
// under o: the word as written (kept), no word (removed: nullglob, or
// failglob, which fails the command), or either (certain false: nullglob
// or failglob may be on).
func (o GlobOpts) unmatched() (kept, certain bool) {
	switch {
	case o.Has(GlobNull) || o.Has(GlobFail):
		return false, true
	case o&(globNullMay|globFailMay) != 0:
		return false, false
	}
	return true, true
}

// globOpts returns the options in force in st: those shopt set and
// those a GLOBIGNORE assignment set (state.setVar), with dotglob on
// while GLOBIGNORE holds a value only run time knows.
func (st *state) globOpts() GlobOpts {
	if st == nil {
		return 0
	}
	o := st.glob
	if v, ok := st.vars["GLOBIGNORE"]; ok && !v.known {
		o |= GlobDot
	}
	return o
}

// globIgnore returns GLOBIGNORE's value in st when it is known and not
// empty: the patterns whose matches pathname expansion removes. A value
// only run time knows removes nothing here (its dotglob effect is kept
// by globOpts).
func (st *state) globIgnore() string {
	if st == nil {
		return ""
	}
	if v, ok := st.vars["GLOBIGNORE"]; ok && v.known && v.set {
		return v.str
	}
	return ""
}

// GlobIgnored reports whether GLOBIGNORE's value ignore removes name, a
// name pathname expansion made, written as the expansion makes it
// (relative when the pattern is): bash matches it against each of the
// colon-separated patterns, a wildcard not crossing a slash but matching
// a leading dot (*/.env and src/?env remove src/.env; *.go does not
// remove src/a.go).
func GlobIgnored(ignore, name string) bool {
	if ignore == "" {
		return false
	}
	for _, p := range strings.Split(ignore, ":") {
		if p != "" && GlobMatch(p, name, GlobDot) {
			return true
		}
	}
	return false
}

// IgnoresMatch reports whether GLOBIGNORE, where a's word is expanded,
// removes match, an absolute path a's pattern matched on disk with
// relative patterns read in dir.
func (a Arg) IgnoresMatch(match, dir string) bool {
	if a.GlobIgnore() == "" {
		return false
	}
	pat := a.Pattern()
	if pat == "" {
		pat = a.Value
	}
	name := match
	if !strings.HasPrefix(pat, "/") {
		rest, ok := strings.CutPrefix(match, strings.TrimSuffix(dir, "/")+"/")
		if !ok {
			return false
		}
		name = rest
	}
	return GlobIgnored(a.GlobIgnore(), name)
}

// globMode is the pattern package's mode for one path segment (or a
// whole path, Filenames keeping * and ? within a segment) under o.
func globMode(o GlobOpts) pattern.Mode {
	m := pattern.Filenames | pattern.EntireString | pattern.ExtendedOperators
	if !o.Has(GlobStar) {
		m |= pattern.NoGlobStar
	}
	if o.Has(GlobDot) {
		m |= pattern.GlobLeadingDot
	}
	if o.Has(GlobNoCase) {
		m |= pattern.NoGlobCase
	}
	return m
}

// GlobRegexp returns the regular expression a shell pattern is under o.
// A negated group !(…), which Go's regular expressions cannot say, is
// read as * (it matches at least what bash matches; GlobMatch matches
// such a pattern exactly instead); ok is false for a pattern bash would
// not read.
func GlobRegexp(pat string, o GlobOpts) (string, bool) {
	mode := globMode(o)
	expr, err := pattern.Regexp(pat, mode)
	var neg *pattern.NegExtGlobError
	if errors.As(err, &neg) {
		var b strings.Builder
		last := 0
		for _, g := range neg.Groups {
			b.WriteString(pat[last:g.Start])
			b.WriteString("*")
			last = g.End
		}
		b.WriteString(pat[last:])
		expr, err = pattern.Regexp(b.String(), mode)
	}
	return expr, err == nil
}

// GlobMatch reports whether a shell pattern matches name under o, as
// bash's pathname expansion matches it: without dotglob a leading dot
// is matched only by a dot; . and .. are never matched by a wildcard.
func GlobMatch(pat, name string, o GlobOpts) bool {
	if pat == "" {
		return false
	}
	if base := name[strings.LastIndex(name, "/")+1:]; base == "." || base == ".." {
		return false // globskipdots, bash 5.2's default
	}
	if !o.Has(GlobDot) && wildDot(pat, name) {
		return false
	}
	if strings.Contains(pat, "!(") {
		// A negated group: matched as bash matches it (extglob.go).
		if match, ok := extGlobMatch(pat, name, o); ok {
			return match
		}
	}
	expr, ok := GlobRegexp(pat, o)
	if !ok {
		return false
	}
	return regexpMatch(expr, strings.TrimSuffix(name, "/")) || regexpMatch(expr, name)
}

// wildDot reports a name segment with a leading dot that the pattern's
// segment starts with ?, * or a bracket expression for: without dotglob
// bash matches a leading dot only by a dot written in the pattern (?env
// and [.]env do not name .env; @(.env) and ?(.)env do). Segments are
// paired from the end (** may stand for several).
func wildDot(pat, name string) bool {
	ps, ns := strings.Split(pat, "/"), strings.Split(name, "/")
	for i := 1; i <= len(ps) && i <= len(ns); i++ {
		p, n := ps[len(ps)-i], ns[len(ns)-i]
		if p == "**" {
			return false
		}
		if strings.HasPrefix(n, ".") && p != "" && (p[0] == '?' || p[0] == '[' || p[0] == '*') && !strings.HasPrefix(p[1:], "(") {
			return true
		}
		if len(ps) != len(ns) {
			return false // only the last segment pairs for sure
		}
	}
	return false
}

// GlobMeta returns the index of the first pattern character of v (*, ?,
// [, or an extended group's @( !( +( operator), or -1.
func GlobMeta(v string) int {
	i := strings.IndexAny(v, "*?[")
	for _, op := range []string{"@(", "!(", "+("} {
		if j := strings.Index(v, op); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	return i
}

// maxGlobFiles bounds the names GlobFiles returns.
const maxGlobFiles = 256

// GlobFiles returns, sorted, the paths an absolute pattern matches on
// disk now under o, as bash's pathname expansion finds them: each
// segment with pattern characters is matched against its directory's
// entries (. and .. never), the others taken as written. It returns at
// most maxGlobFiles paths.
func GlobFiles(pat string, o GlobOpts) []string {
	out, _ := globFiles(pat, o)
	return out
}

// globFiles is GlobFiles; read reports that every directory it had to
// list was listed (none missing or unreadable), so that no match means
// that none is on disk now.
func globFiles(pat string, o GlobOpts) (out []string, read bool) {
	if !strings.HasPrefix(pat, "/") {
		return nil, false
	}
	read = true
	segs := strings.Split(strings.Trim(pat, "/"), "/")
	cur := []string{""}
	for _, seg := range segs {
		var next []string
		if GlobMeta(seg) < 0 && !strings.Contains(seg, `\`) {
			for _, c := range cur {
				next = append(next, c+"/"+seg)
			}
		} else if seg == "**" && o.Has(GlobStar) {
			for _, c := range cur {
				next = append(next, globTree(c, o)...)
			}
			read = false // a tree walk is bounded: not known whole
		} else {
			for _, c := range cur {
				dir := c
				if dir == "" {
					dir = "/"
				}
				if shellFdCanon(dir+"/x") == "/proc/self/task/x" {
					// The shell's own tasks (/proc/self/task/*, as
					// bash lists them): bash has one thread, its own,
					// whatever corral's process has.
					next = append(next, c+"/self")
					continue
				}
				entries, err := os.ReadDir(dir)
				if err != nil {
					read = false
					continue
				}
				for _, e := range entries {
					if GlobMatch(seg, e.Name(), o) {
						next = append(next, c+"/"+e.Name())
					}
				}
			}
		}
		if len(next) > maxGlobFiles {
			next, read = next[:maxGlobFiles], false
		}
		cur = next
	}
	for _, c := range cur {
		if _, err := os.Lstat(shellFdCanon(c)); err == nil {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out, read
}

// globTree lists dir and the directories under it, as ** does with
// globstar (hidden ones with dotglob only), at most maxGlobFiles.
func globTree(dir string, o GlobOpts) []string {
	out := []string{dir}
	for i := 0; i < len(out) && len(out) < maxGlobFiles; i++ {
		d := out[i]
		if d == "" {
			d = "/"
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() && (o.Has(GlobDot) || !strings.HasPrefix(e.Name(), ".")) {
				out = append(out, out[i]+"/"+e.Name())
			}
		}
	}
	return out
}
