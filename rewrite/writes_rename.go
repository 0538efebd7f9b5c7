package rewrite

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// renameNewNames lists the names rename gives its files, each the write
// of that name (issue 12: rename x .bashrc ~/x and rename 's/x/.bashrc/'
// ~/x make ~/.bashrc; before, only the old names were judged, as
// deletions). Both programs named rename are read (renameOperands tells
// them apart):
//
//   - util-linux's rename [-a|-l] FROM TO FILE… replaces the first (-a
//     every, -l the last) occurrence of the literal FROM in each name by
//     TO: in the last segment of the path when neither FROM nor TO holds
//     a "/", else in the whole path as given (rename.c do_file).
//   - Perl's rename (File::Rename, prename, perl-rename) [-e] EXPR FILE…
//     sets $_ to each path as given and runs EXPR; with -d/--filename/
//     --nopath only the last segment. An EXPR that is one s/PAT/REPL/FLAGS
//     or y/tr/// is applied here (PAT read with Go's regexp, which shares
//     Perl's common syntax; REPL's $1, ${1}, \1, $&); any other (code, /e,
//     a look-around, an interpolated variable) gives names corral cannot
//     compute, judged as any name in the file's directory.
//
// A file given as a pattern (*.txt, ~/*) is each name bash expands it to
// from what is on disk when the hook runs, in the form bash gives it
// (relative stays relative); a pattern whose directory is not known, or
// that matches more than maxRenameGlob files, is any name in its
// directory. -n/--no-act
// (--nono, --dry-run) renames nothing; util-linux's -s changes where a
// link points, not its name.
func renameNewNames(c *syntax.Call) []target {
	var ops, exprs []syntax.Arg
	flags := map[string]bool{}
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Static && (a.Value == "-e" || a.Value == "-E"):
			if i+1 < len(c.Args) {
				exprs = append(exprs, c.Args[i+1])
			}
			i++
		case a.Static && a.Value == "--":
			ops = append(ops, c.Args[i+1:]...)
			i = len(c.Args)
		case a.Static && strings.HasPrefix(a.Value, "--"):
			flags[strings.TrimPrefix(a.Value, "--")] = true
		case a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-":
			for _, r := range a.Value[1:] {
				flags[string(r)] = true
			}
		default:
			ops = append(ops, a)
		}
	}
	if flags["n"] || flags["no-act"] || flags["nono"] || flags["dry-run"] || flags["just-print"] || flags["s"] || flags["symlink"] {
		return nil
	}
	var rename func(name string) (string, bool, bool) // new name, changed, known
	var files []syntax.Arg
	switch {
	case len(exprs) > 0 || len(ops) > 0 && (!ops[0].Static || perlRenameExpr(ops[0].Value)):
		if len(exprs) == 0 {
			exprs, ops = ops[:1], ops[1:]
		}
		files = ops
		base := flags["d"] || flags["filename"] || flags["nopath"] || flags["nofullpath"]
		rename = func(name string) (string, bool, bool) {
			dir, seg := "", name
			if base {
				if i := strings.LastIndex(name, "/"); i >= 0 {
					dir, seg = name[:i+1], name[i+1:]
				}
			}
			out := seg
			for _, e := range exprs {
				if !e.Static {
					return "", false, false
				}
				var ok bool
				if out, ok = perlRenameApply(e.Value, out); !ok {
					return "", false, false
				}
			}
			return dir + out, out != seg, true
		}
	case len(ops) >= 2 && ops[0].Static && ops[1].Static:
		from, to := ops[0].Value, ops[1].Value
		files = ops[2:]
		all, last := flags["a"] || flags["all"], flags["l"] || flags["last"]
		rename = func(name string) (string, bool, bool) {
			dir, seg := "", name
			if !strings.Contains(from, "/") && !strings.Contains(to, "/") {
				if i := strings.LastIndex(name, "/"); i >= 0 {
					dir, seg = name[:i+1], name[i+1:]
				}
			}
			var out string
			switch i := strings.Index(seg, from); {
			case i < 0:
				return name, false, true
			case all:
				out = strings.ReplaceAll(seg, from, to)
			case last:
				j := strings.LastIndex(seg, from)
				out = seg[:j] + to + seg[j+len(from):]
			default:
				out = seg[:i] + to + seg[i+len(from):]
			}
			return dir + out, true, true
		}
	default:
		return nil
	}
	var out []target
	anyIn := func(f syntax.Arg, name string) {
		dir := path.Dir(name)
		for _, p := range []string{"*", ".*"} {
			out = append(out, target{arg: f, value: globEscape(dir) + "/" + p, action: guards.Write, pattern: true, derived: true})
		}
	}
	for _, f := range files {
		if !f.Static && !f.Glob || f.Value == "" {
			continue
		}
		names := []string{f.Value}
		if f.Glob {
			var ok bool
			if names, ok = renameGlobNames(c, f); !ok {
				anyIn(f, f.Value)
				continue
			}
		}
		for _, name := range names {
			switch n, changed, known := rename(name); {
			case !known:
				anyIn(f, name)
			case changed:
				out = append(out, target{arg: f, value: n, action: guards.Write, derived: true})
			}
		}
	}
	return out
}

// perlRenameApply applies one Perl s/PAT/REPL/FLAGS or y/tr/SEARCH/REPL/
// to name; false when the expression is anything else or uses what Go's
// regexp or this reading does not have.
func perlRenameApply(expr, name string) (string, bool) {
	e := strings.TrimSpace(expr)
	e = strings.TrimSpace(strings.TrimSuffix(e, ";"))
	var kind string
	switch {
	case strings.HasPrefix(e, "tr"):
		kind, e = "y", e[2:]
	case strings.HasPrefix(e, "y"), strings.HasPrefix(e, "s"):
		kind, e = e[:1], e[1:]
	default:
		return "", false
	}
	left, right, flags, ok := perlQuotePair(e)
	if !ok {
		return "", false
	}
	for _, r := range flags {
		if !unicode.IsLetter(r) {
			return "", false
		}
	}
	if kind == "y" {
		if flags != "" {
			return "", false
		}
		return perlTransliterate(left, right, name)
	}
	prefix, global := "", false
	for _, f := range flags {
		switch f {
		case 'g':
			global = true
		case 'i', 'm', 's':
			prefix += string(f)
		default:
			return "", false // e, ee, x, r and the rest
		}
	}
	if perlInterpolates(left, true) {
		return "", false
	}
	if prefix != "" {
		left = "(?" + prefix + ")" + left
	}
	re, err := regexp.Compile(left)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(name, -1) {
		b.WriteString(name[last:m[0]])
		s, ok := perlReplacement(right, name, m)
		if !ok {
			return "", false
		}
		b.WriteString(s)
		last = m[1]
		if !global {
			break
		}
	}
	b.WriteString(name[last:])
	return b.String(), true
}

// perlQuotePair reads the two delimited parts of s/// or y/// after the
// operator and the flags after them: one delimiter thrice (s/a/b/,
// s|a|b|) or two bracketed parts (s{a}{b}, s(a)[b]). Backslashed
// delimiters stay in the parts, as Perl leaves them to the pattern.
func perlQuotePair(e string) (string, string, string, bool) {
	if e == "" {
		return "", "", "", false
	}
	open := rune(e[0])
	if open == '_' || unicode.IsLetter(open) || unicode.IsDigit(open) || unicode.IsSpace(open) {
		return "", "", "", false
	}
	closer := map[rune]rune{'(': ')', '{': '}', '[': ']', '<': '>'}
	read := func(s string, open rune) (string, string, bool) {
		cl, bracket := closer[open]
		if !bracket {
			cl = open
		}
		depth := 0
		for i := 1; i < len(s); i++ {
			switch c := rune(s[i]); {
			case c == '\\':
				i++
			case bracket && c == open:
				depth++
			case c == cl && depth > 0:
				depth--
			case c == cl:
				return s[1:i], s[i+1:], true
			}
		}
		return "", "", false
	}
	left, rest, ok := read(e, open)
	if !ok {
		return "", "", "", false
	}
	if _, bracket := closer[open]; bracket {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			return "", "", "", false
		}
		right, flags, ok := read(rest, rune(rest[0]))
		return left, right, flags, ok
	}
	right, flags, ok := read(string(open)+rest, open)
	return left, right, flags, ok
}

// perlInterpolates reports a $ or @ in a pattern or replacement that Perl
// would replace by a variable: a name, {, or (in a pattern) anything but
// the end of the pattern or of an alternative.
func perlInterpolates(s string, pattern bool) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '$', '@':
			if i+1 == len(s) {
				continue
			}
			n := s[i+1]
			if pattern && s[i] == '$' && (n == ')' || n == '|') {
				continue
			}
			if n == '_' || n == '{' || n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z' || pattern && n >= '0' && n <= '9' {
				return true
			}
		}
	}
	return false
}

// perlReplacement builds REPL for one match m of name: a double-quoted
// Perl string with $N, ${N}, \N and $& for the groups, the case escapes
// \U, \L (up to \E or the end), \u, \l (the next character) and the
// backslash escapes of plain characters; \Q, another variable or an
// @array are not read.
func perlReplacement(repl, name string, m []int) (string, bool) {
	group := func(n int) string {
		if 2*n+1 < len(m) && m[2*n] >= 0 {
			return name[m[2*n]:m[2*n+1]]
		}
		return ""
	}
	var b strings.Builder
	var mode, next byte // 'U', 'L' or 0; 'u', 'l' or 0
	put := func(s string) {
		for _, r := range s {
			switch mode {
			case 'U':
				r = unicode.ToUpper(r)
			case 'L':
				r = unicode.ToLower(r)
			}
			switch next {
			case 'u':
				r = unicode.ToTitle(r)
			case 'l':
				r = unicode.ToLower(r)
			}
			next = 0
			b.WriteRune(r)
		}
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '\\' && i+1 < len(repl):
			i++
			switch n := repl[i]; {
			case n >= '0' && n <= '9':
				put(group(int(n - '0')))
			case n == 'n':
				put("\n")
			case n == 't':
				put("\t")
			case n == 'U', n == 'L':
				mode = n
			case n == 'E':
				mode = 0
			case n == 'u', n == 'l':
				next = n
			case n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z':
				return "", false
			default:
				put(string(n))
			}
		case c == '$' && i+1 < len(repl):
			j := i + 1
			braced := repl[j] == '{'
			if braced {
				j++
			}
			k := j
			for k < len(repl) && repl[k] >= '0' && repl[k] <= '9' {
				k++
			}
			switch {
			case k > j && (!braced || k < len(repl) && repl[k] == '}'):
				n, _ := strconv.Atoi(repl[j:k])
				put(group(n))
				if braced {
					k++
				}
				i = k - 1
			case !braced && repl[j] == '&':
				put(name[m[0]:m[1]])
				i = j
			default:
				return "", false
			}
		case c == '@' && perlInterpolates(repl[i:], false):
			return "", false
		default:
			put(string(c))
		}
	}
	return b.String(), true
}

// perlTransliterate applies y/SEARCH/REPL/ (no flags) to name: ranges
// a-z expanded, backslash escapes read, a shorter REPL padded with its
// last character, an empty one the same as SEARCH.
func perlTransliterate(search, repl, name string) (string, bool) {
	expand := func(s string) ([]rune, bool) {
		var lit []rune
		rs := []rune(s)
		for i := 0; i < len(rs); i++ {
			r := rs[i]
			if r == '\\' && i+1 < len(rs) {
				i++
				switch rs[i] {
				case 'n':
					r = '\n'
				case 't':
					r = '\t'
				default:
					if unicode.IsLetter(rs[i]) || unicode.IsDigit(rs[i]) {
						return nil, false
					}
					r = rs[i]
				}
				lit = append(lit, r)
				continue
			}
			if r == '-' && len(lit) > 0 && i+1 < len(rs) {
				lo, hi := lit[len(lit)-1], rs[i+1]
				if hi == '\\' || hi < lo {
					return nil, false
				}
				for c := lo + 1; c <= hi; c++ {
					lit = append(lit, c)
				}
				i++
				continue
			}
			lit = append(lit, r)
		}
		return lit, true
	}
	from, ok := expand(search)
	if !ok {
		return "", false
	}
	to, ok := expand(repl)
	if !ok {
		return "", false
	}
	if len(to) == 0 {
		to = from
	}
	m := map[rune]rune{}
	for i, r := range from {
		if _, seen := m[r]; seen {
			continue
		}
		if i < len(to) {
			m[r] = to[i]
		} else {
			m[r] = to[len(to)-1]
		}
	}
	return strings.Map(func(r rune) rune {
		if t, ok := m[r]; ok {
			return t
		}
		return r
	}, name), true
}

// maxRenameGlob bounds the files a rename pattern is expanded to: what
// syntax.GlobFiles returns at most (a listing cut there is not all).
const maxRenameGlob = 256

// renameGlobNames expands the pattern operand f of rename as bash does,
// from the files on disk now, each in the form bash passes it.
func renameGlobNames(c *syntax.Call, f syntax.Arg) ([]string, bool) {
	pat := f.Pattern()
	if pat == "" {
		return nil, false
	}
	prefix := ""
	if !strings.HasPrefix(pat, "/") {
		if !c.Dir.Known || c.Dir.Path == "" {
			return nil, false
		}
		prefix = strings.TrimSuffix(c.Dir.Path, "/") + "/"
		pat = globEscape(prefix) + pat
	}
	m := syntax.GlobFiles(pat, f.GlobOpts)
	if len(m) >= maxRenameGlob {
		return nil, false
	}
	out := make([]string, 0, len(m))
	for _, p := range m {
		out = append(out, strings.TrimPrefix(p, prefix))
	}
	return out, true
}

// parentsTargets lists the files cp --parents and rsync -R/--relative
// write: DEST/SRC with SRC's path as given (issue 12: cp --parents
// .ssh/rc ~ writes ~/.ssh/rc, which was judged as ~/rc and allowed);
// rsync keeps only what follows a "/./" in SRC and drops a leading "/".
// A source that is a pattern or only known at run time is left to the
// tree judgement of the copy.
func parentsTargets(c *syntax.Call, spec optSpec, names ...string) []target {
	opts, ops := scan(c.Args, spec)
	if !has(opts, names...) {
		return nil
	}
	var dest syntax.Arg
	if ds := find(opts, "t", "target-directory"); c.Name == "cp" && len(ds) > 0 {
		dest = ds[len(ds)-1].val
	} else if len(ops) >= 2 {
		dest, ops = c.Args[ops[len(ops)-1]], ops[:len(ops)-1]
		if c.Name == "rsync" {
			dest = localOperand(dest) // rsync -R f localhost:d writes ~/d/f
		}
	} else {
		return nil
	}
	if !dest.Static || dest.Glob {
		return nil
	}
	var out []target
	for _, i := range ops {
		s := c.Args[i]
		if !s.Static || s.Glob || s.Value == "" {
			continue
		}
		rel := s.Value
		if c.Name == "rsync" {
			if j := strings.LastIndex(rel, "/./"); j >= 0 {
				rel = rel[j+3:]
			}
			rel = strings.TrimLeft(rel, "/")
		}
		out = append(out, target{arg: dest, value: path.Join(dest.Value, rel), action: guards.Write, derived: true})
	}
	return out
}
