package syntax

import (
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/pattern"
)

// Replacement strings of xargs and GNU parallel (task LS). xargs -I R
// (-i, --replace[=R], BSD's -J R) puts each input in place of every
// occurrence of R in every word of the command, its name included: R
// inside a word (~/.b{}), after other text, several characters long
// (-I%%, -I XX). GNU parallel has a family of them, each a function of
// the input (parallel(1), its %Global::replace table): {} the input, {.}
// without its extension, {/} its basename, {//} its dirname, {/.} the
// basename without extension, {#} and {%} the job's sequence number and
// slot, {N}, {N.}, {N/}, {N//}, {N/.} the same of the Nth input source;
// -I, --extensionreplace, --basenamereplace, --dirnamereplace,
// --basenameextensionreplace, --seqreplace and --slotreplace rename
// them, and {= perl =} is code only run time computes. A word is
// judged with each input put in its place the way the launcher puts it.

// replString is one replacement string and what it stands for: op is
// "" for the input itself, ".", "/", "//", "/." for the functions
// above, "#" for a job number.
type replString struct {
	str, op string
	// end, when set, closes a string whose text runs from str to it:
	// parallel's {= perl =} (its --parens), --plus's {%re}.
	end string
	// re, when set, is a --rpl tag with groups ({:(\d+)}): a Perl
	// regular expression the string matches, its groups handed to the
	// code ($$1), as parallel reads a tag holding "(".
	re *regexp.Regexp
}

// parallelReplacements are GNU parallel's default replacement strings,
// with the options that rename each.
var parallelReplacements = []struct {
	replString
	opts []string
}{
	{replString{str: "{}", op: ""}, []string{"I", "i", "replace"}},
	{replString{str: "{.}", op: "."}, []string{"extensionreplace", "er", "U"}},
	{replString{str: "{/}", op: "/"}, []string{"basenamereplace", "bnr"}},
	{replString{str: "{//}", op: "//"}, []string{"dirnamereplace", "dnr"}},
	{replString{str: "{/.}", op: "/."}, []string{"basenameextensionreplace", "bner"}},
	{replString{str: "{#}", op: "#"}, []string{"seqreplace"}},
	{replString{str: "{%}", op: "#"}, []string{"slotreplace"}},
}

// parallelStrings returns the replacement strings of a parallel call
// given its options (the last renaming option of each counts).
func parallelStrings(opts []Option) []replString {
	var out []replString
	for _, r := range parallelReplacements {
		s := r.replString
		for _, o := range opts {
			for _, name := range r.opts {
				if o.Name == name && o.HasVal && o.Val.Value != "" {
					s.str = o.Val.Value
				}
			}
		}
		out = append(out, s)
	}
	// --rpl 'TAG perl': TAG stands for what the code makes of the input
	// (a TAG already defined is redefined); --parens LR: {= perl =}
	// between L and R, each half of the string; --plus: more strings
	// (plusStrings).
	code := replString{str: "{=", end: "=}", op: "="}
	plus := false
	for _, o := range opts {
		switch {
		case o.Name == "plus":
			plus = true
		case o.Name == "parens" && o.HasVal && len(o.Val.Value) >= 2 && len(o.Val.Value)%2 == 0:
			h := len(o.Val.Value) / 2
			code.str, code.end = o.Val.Value[:h], o.Val.Value[h:]
		case o.Name == "rpl" && o.HasVal:
			tag, _, _ := strings.Cut(strings.TrimLeft(o.Val.Value, " \t"), " ")
			if tag == "" {
				continue
			}
			i := slices.IndexFunc(out, func(r replString) bool { return r.str == tag })
			if i < 0 && strings.Contains(tag, "(") {
				if re, err := regexp.Compile(`^(?:` + tag + `)`); err == nil {
					out = append(out, replString{str: tag, op: "=", re: re})
					continue
				}
			}
			if i < 0 {
				out = append(out, replString{str: tag, op: "="})
			} else {
				out[i].op = "="
			}
		}
	}
	if plus {
		out = append(out, plusStrings...)
	}
	return append(out, code)
}

// launcherStrings returns the replacement strings of the launcher that
// hands call its inputs: xargs' -I string, xe's, GNU parallel's family;
// nil when the inputs are appended (xargs without -I) or the call is no
// launcher's.
func launcherStrings(c *Call) []replString {
	if c == nil || !c.ExtraArgs {
		return nil
	}
	switch lastWrapper(c) {
	case "parallel", "sem":
		if c.rpl != nil {
			return c.rpl
		}
		return parallelStrings(nil)
	case "xargs", "xe":
		if c.Replace != "" {
			return []replString{{str: c.Replace}}
		}
	}
	return nil
}

// positional reports parallel's {N}, {N.}, {N/}, {N//}, {N/.} at the
// start of s (the Nth input source's value, or a function of it): its
// length and op; 0 when s does not start with one.
func positional(s string) (n int, op string) {
	if len(s) < 3 || s[0] != '{' {
		return 0, ""
	}
	i := 1
	for i < len(s) && i < 8 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 1 {
		return 0, ""
	}
	for _, o := range []string{"", ".", "/", "//", "/."} {
		if strings.HasPrefix(s[i:], o+"}") {
			return i + len(o) + 1, o
		}
	}
	return 0, ""
}

// HasPlaceholder reports whether v holds a string the launcher that
// runs c (xargs -I, parallel) replaces by each input.
func (c *Call) HasPlaceholder(v string) bool {
	if c == nil || !c.ExtraArgs {
		return false
	}
	parallel := lastWrapper(c) == "parallel" || lastWrapper(c) == "sem"
	return len(replsIn(v, launcherStrings(c), parallel)) > 0
}

// FillInput returns v as the launcher that runs c builds it for the
// input in: every replacement string replaced by what it stands for (the
// input, its basename, …). known is false when a part is computed only
// at run time (parallel's {= perl =}).
func (c *Call) FillInput(v, in string) (out string, known bool) {
	return c.fill(v, in, nil)
}

// fill is FillInput with each replacement passed through put (the shell
// quoting of a template line); put nil leaves it as it is.
func (c *Call) fill(v, in string, put func(string) string) (out string, known bool) {
	if put == nil {
		put = func(s string) string { return s }
	}
	rs := c.Repls(v) // find's {} and fd's set too: callers ask HasPlaceholder first
	if len(rs) == 0 {
		return v, true
	}
	var b strings.Builder
	known = true
	last := 0
	for _, r := range rs {
		b.WriteString(v[last:r.Start])
		last = r.End
		if r.Op == "=" {
			// {= perl =}, a --rpl tag: a stand-in, the code's result
			// is unknown.
			b.WriteString(put(in))
			known = false
			continue
		}
		b.WriteString(put(replFunc(r.Op, in)))
		if b.Len() > MaxSource {
			return v, false
		}
	}
	b.WriteString(v[last:])
	return b.String(), known
}

// replFunc computes parallel's replacement op of input s, as its Perl
// does (s:\.[^/.]*$:: for {.}, s:.*/:: for {/}, File::Basename's
// dirname for {//}).
func replFunc(op, s string) string {
	switch op {
	case ".":
		return noExt(s)
	case "/":
		return s[strings.LastIndexByte(s, '/')+1:]
	case "//":
		return dirnameOf(s) // File::Basename dirname on Unix is POSIX dirname
	case "/.":
		return noExt(s[strings.LastIndexByte(s, '/')+1:])
	case "#":
		return "1"
	case "fd.":
		return fdNoExt(s)
	case "fd/.":
		return fdNoExt(s[strings.LastIndexByte(s, '/')+1:])
	}
	if v, ok := plusFunc(op, s); ok {
		return v
	}
	return s
}

// noExt removes a last ".EXT" holding no "/" or "." (s:\.[^/.]*$::).
func noExt(s string) string {
	i := strings.LastIndexAny(s, "/.")
	if i >= 0 && s[i] == '.' {
		return s[:i]
	}
	return s
}

// FillArg returns word a as the launcher that runs c builds it for input
// in (FillInput): static when both are and no part is computed at run
// time; an input that is a pattern (the names a listing prints,
// listedinputs.go) leaves a pattern, the word's own text quoted in it.
func (c *Call) FillArg(a, in Arg) Arg {
	v, known := c.FillInput(a.Value, in.Value)
	out := a
	out.Value = v
	out.Static = a.Static && in.Static && known
	out.Raw = a.Raw + " (" + in.Value + ")"
	if v == in.Value && in.Raw != "" {
		out.Raw = in.Raw // the word is the input
	}
	if in.Glob && known {
		p, _ := c.FillInput(globText(a), globText(in))
		out.Glob, out.GlobOpts = true, in.GlobOpts
		out.SetPattern(p)
	}
	return out
}

// globText is a word as a glob pattern: its pattern when it has one,
// else its value with the pattern characters quoted.
func globText(a Arg) string {
	if a.Glob {
		if p := a.Pattern(); p != "" {
			return p
		}
		return a.Value
	}
	return pattern.QuoteMeta(a.Value, 0)
}

// Dirname is dirname(1) of s (File::Basename's, which parallel's {//}
// computes, is the same on Unix).
func Dirname(s string) string { return dirnameOf(s) }

// RunTimeName returns word a as the launcher that runs c builds it for
// input in, when the replacement strings in a that only run time
// computes ({= perl =}, a --rpl tag, --plus's {/re/str}) all lie in its
// last path component: a pattern for the names that component can take,
// each such string any text (hidden names too), and one that begins the
// word a name in the input's directory, the code turning the input into
// another name there (parallel --rpl '{R} s/y/rc/' cp x {R} ::: ~/.bashy
// writes ~/.bashrc: ~/* as a pattern). The strings corral computes are
// filled in as FillArg does. ok is false when a holds none, or one in a
// directory part (the path is then one only run time knows, FillArg's).
func (c *Call) RunTimeName(a, in Arg) (out Arg, ok bool) {
	v := a.Value
	rs := c.Repls(v)
	lastSlash := -1
	for i, r := range rs {
		lo := 0
		if i > 0 {
			lo = rs[i-1].End
		}
		if j := strings.LastIndexByte(v[lo:r.Start], '/'); j >= 0 {
			lastSlash = lo + j
		}
	}
	lo := 0
	if len(rs) > 0 {
		lo = rs[len(rs)-1].End
	}
	if j := strings.LastIndexByte(v[lo:], '/'); j >= 0 {
		lastSlash = lo + j
	}
	unknown := false
	for _, r := range rs {
		if r.Op == "=" {
			if r.Start < lastSlash {
				return a, false
			}
			unknown = true
		}
	}
	if !unknown {
		return a, false
	}
	inText := in.Value
	if in.Glob {
		inText = globText(in)
	}
	quote := func(s string) string { return pattern.QuoteMeta(s, 0) }
	var val, pat strings.Builder
	last := 0
	for _, r := range rs {
		val.WriteString(v[last:r.Start])
		pat.WriteString(quote(v[last:r.Start]))
		last = r.End
		if r.Op != "=" {
			val.WriteString(replFunc(r.Op, in.Value))
			if in.Glob {
				pat.WriteString(replFunc(r.Op, inText))
			} else {
				pat.WriteString(quote(replFunc(r.Op, in.Value)))
			}
			continue
		}
		if r.Start == 0 {
			// A name made from the input, in its directory.
			if d := dirnameOf(in.Value); d != "." || strings.HasPrefix(in.Value, "./") {
				val.WriteString(strings.TrimSuffix(d, "/") + "/")
			}
			if d := dirnameOf(inText); d != "." || strings.HasPrefix(inText, "./") {
				if in.Glob {
					pat.WriteString(strings.TrimSuffix(d, "/") + "/")
				} else {
					pat.WriteString(quote(strings.TrimSuffix(d, "/")) + "/")
				}
			}
		}
		val.WriteString("*")
		pat.WriteString("*")
		if val.Len() > MaxSource {
			return a, false
		}
	}
	val.WriteString(v[last:])
	pat.WriteString(quote(v[last:]))
	out = a
	out.Value = val.String()
	out.Static = a.Static && in.Static
	out.Raw = a.Raw + " (" + in.Value + ")"
	out.Glob, out.GlobOpts = true, in.GlobOpts|GlobDot
	out.SetPattern(pat.String())
	return out, true
}
