package syntax

import "strings"

// Repl is one replacement string in a word of a command a launcher runs:
// the bytes [Start, End) of the word's value, which the launcher replaces
// by Op of each input: "" the input itself; ".", "/", "//", "/." its
// name without extension, basename, dirname, basename without extension
// (and --plus's "..", "...", "/..", "/...", "+/", "+.", "+..", "+...");
// "#" a job number ({#}, {%}, {##}, {0#}); "=" what code computes at run
// time ({= perl =}, a --rpl tag, --plus's {:-str}, {%re}, {/re/str}…).
// N is the input source of a positional string ({2.}: 2), 0 otherwise.
type Repl struct {
	Start, End int
	Op         string
	N          int
	Str        string // the string as written
}

// Computed reports a replacement that is not the input itself: the word
// names a path parallel or fd computes from the input (its dirname,
// basename, name without extension) or one only run time knows.
func (r Repl) Computed() bool { return r.Op != "" }

// Repls returns where v, a word of call c, holds a replacement string of
// the launcher that runs c, left to right, as the launcher reads them:
// find -exec/-execdir/-ok/-okdir's {}; fd -x/-X's {}, {.}, {/}, {//},
// {/.}; xargs -I R (-i, --replace) and xe's R; GNU parallel's whole set
// under the names its options give them (-I, --er, --bnr, --dnr, --bner,
// --seqreplace, --slotreplace; {N…} positional strings; {= perl =}
// between --parens; --rpl's tags; --plus's). nil when v holds none or c
// is no launcher's. The launcher is the last one among c's wrappers
// (xargs -I{} env touch {}: xargs's).
func (c *Call) Repls(v string) []Repl {
	if c == nil || !c.ExtraArgs {
		return nil
	}
	l := feedingLauncher(c)
	switch {
	case l == "parallel" || l == "sem":
		strs := c.rpl
		if strs == nil {
			strs = parallelStrings(nil)
		}
		return replsIn(v, strs, true)
	case l == "xargs" || l == "xe":
		if c.Replace != "" {
			return replsIn(v, []replString{{str: c.Replace}}, false)
		}
	case strings.HasPrefix(l, "find "):
		// GNU find replaces {} wherever it stands in a word of -exec …
		// \; (and the lone {} before + of -exec … +).
		return replsIn(v, []replString{{str: "{}"}}, false)
	case strings.HasPrefix(l, "fd "):
		return replsIn(v, fdStrings, false)
	}
	return nil
}

// fdStrings are fd's placeholders (fd --help, -x): the path, its
// basename, parent directory, path and basename without extension.
// fd's {.} and {/.} are its own ops (fd. and fd/.): the stem is Rust's
// Path::file_stem, which keeps a hidden name without another dot whole
// (.bashrc, where parallel's {.} gives ""), and ./ is stripped
// (src/exec/input.rs remove_extension).
var fdStrings = []replString{{str: "{}"}, {str: "{/}", op: "/"}, {str: "{//}", op: "//"}, {str: "{.}", op: "fd."}, {str: "{/.}", op: "fd/."}}

// fdNoExt is fd's {.} of s: its directory joined with the stem of its
// base name (Rust's file_stem: the name before its last dot, unless that
// dot begins the name), "./" stripped.
func fdNoExt(s string) string {
	dir, base := "", s
	if i := strings.LastIndexByte(strings.TrimRight(s, "/"), '/'); i >= 0 {
		dir, base = s[:i+1], s[i+1:]
	}
	if i := strings.LastIndexByte(base, '.'); i > 0 && base != ".." {
		base = base[:i]
	}
	out := dir + base
	for strings.HasPrefix(out, "./") && len(out) > 2 {
		out = out[2:]
	}
	return out
}

// feedingLauncher returns the last of c's wrappers that hands it inputs
// in its words: xargs, xe, parallel, sem, "find -exec" (and -execdir,
// -ok, -okdir), "fd -x" (and its other spellings); "" when none does.
func feedingLauncher(c *Call) string {
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		switch w := c.Wrappers[i]; {
		case w == "xargs" || w == "xe" || w == "parallel" || w == "sem":
			return w
		case strings.HasPrefix(w, "find -") || strings.HasPrefix(w, "fd -"):
			return w
		}
	}
	return ""
}

// replsIn scans v for strs, the longest at each place (the first listed
// on a tie), and for a parallel launcher its positional strings.
func replsIn(v string, strs []replString, parallel bool) []Repl {
	var out []Repl
	for i := 0; i < len(v); {
		best, op, n := 0, "", 0
		for _, r := range strs {
			if m := r.match(v[i:]); m > best {
				best, op = m, r.op
			}
		}
		if best == 0 && parallel {
			if m, o := positional(v[i:]); m > 0 {
				best, op = m, o
				for j := i + 1; v[j] >= '0' && v[j] <= '9'; j++ {
					n = n*10 + int(v[j]-'0')
				}
			}
		}
		if best == 0 {
			i++
			continue
		}
		out = append(out, Repl{Start: i, End: i + best, Op: op, N: n, Str: v[i : i+best]})
		i += best
	}
	return out
}

// match returns the length of r at the start of s, 0 when s does not
// start with it. A string with an end ({= … =}, --plus's {%re}) spans
// to its end, with at least one byte between.
func (r replString) match(s string) int {
	if r.re != nil {
		if loc := r.re.FindStringIndex(s); loc != nil && loc[0] == 0 {
			return loc[1]
		}
		return 0
	}
	if r.str == "" || !strings.HasPrefix(s, r.str) {
		return 0
	}
	if r.end == "" {
		return len(r.str)
	}
	rest := s[len(r.str):]
	j := strings.Index(rest, r.end)
	if j <= 0 && !(j == 0 && r.op == "=" && r.str == "{=") {
		return 0
	}
	return len(r.str) + j + len(r.end)
}

// plusStrings are the replacement strings --plus adds (parallel's
// %Global::plus): functions of the input, job counts, and the
// bash-inspired ones whose text is a pattern, computed at run time.
var plusStrings = []replString{
	{str: "{..}", op: ".."}, {str: "{...}", op: "..."}, {str: "{/..}", op: "/.."}, {str: "{/...}", op: "/..."},
	{str: "{+/}", op: "+/"}, {str: "{+.}", op: "+."}, {str: "{+..}", op: "+.."}, {str: "{+...}", op: "+..."},
	{str: "{##}", op: "#"}, {str: "{0#}", op: "#"}, {str: "{0%}", op: "#"},
	{str: "{slot}", op: "#"}, {str: "{host}", op: "="}, {str: "{sshlogin}", op: "="}, {str: "{agrp}", op: "="}, {str: "{hgrp}", op: "="},
	{str: "{choose_k}", op: "="}, {str: "{uniq}", op: "="},
	// {:-str} {:n} {:p:l} {#re} {##re} {%re} {%%re} {/re/str} {//re/str}
	// {/#re/str} {/%re/str} {^s} {^^s} {,s} {,,s}
	{str: "{:", end: "}", op: "="}, {str: "{#", end: "}", op: "="}, {str: "{%", end: "}", op: "="},
	{str: "{/", end: "}", op: "="}, {str: "{^", end: "}", op: "="}, {str: "{,", end: "}", op: "="},
}

// plusFunc computes the --plus functions of input s as parallel's Perl
// does (%Global::plus); ok is false for other ops.
func plusFunc(op, s string) (string, bool) {
	base := s[strings.LastIndexByte(s, '/')+1:]
	switch op {
	case "..":
		return cutExts(s, 2), true
	case "...":
		return cutExts(s, 3), true
	case "/..":
		return cutExts(base, 2), true
	case "/...":
		return cutExts(base, 3), true
	case "+/":
		// s:/[^/]*$:: || s:.*$::
		if i := strings.LastIndexByte(s, '/'); i >= 0 {
			return s[:i], true
		}
		return "", true
	case "+.":
		// s:.*\.:: || s:.*$::
		if i := strings.LastIndexByte(s, '.'); i >= 0 {
			return s[i+1:], true
		}
		return "", true
	case "+..", "+...":
		k := len(op) - 1
		if rest := cutExts(s, k); rest != s {
			return s[len(rest)+1:], true
		}
		return "", true
	}
	return "", false
}

// cutExts removes the last k ".EXT"s when there are k, each holding no
// "/" or "." (s:\.[^/.]*\.[^/.]*$:: for k 2); s unchanged otherwise.
func cutExts(s string, k int) string {
	end := len(s)
	for range k {
		i := strings.LastIndexAny(s[:end], "/.")
		if i < 0 || s[i] != '.' {
			return s
		}
		end = i
	}
	return s[:end]
}
