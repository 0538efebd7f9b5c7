package lang

import (
	"encoding/base64"
	"encoding/hex"
	"path"
	"sort"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/internal/lazy"
)

// maxPieces bounds the pieces kept for one path built at run time.
const maxPieces = 8

// placeholder matches the holes of a format string the program fills at
// run time: printf's %s and %(name)s, str.format's {} and {0}, template
// strings' ${x}, Ruby's #{x}, string.Template's and Perl's $x and @a.
var placeholder = lazy.Regexp{Expr: `%(?:\([A-Za-z_]\w*\))?[-#0 +]*\d*(?:\.\d+)?[sdrifxXo]|\{[^{}]*\}|\$\{[^}]*\}|#\{[^}]*\}|[$@][A-Za-z_]\w*`}

// runTimePath is a write or a read of a path the program only knows at
// run time: built by formatting ("%s/.bashrc" % os.environ["HOME"],
// "{}/x".format(h), sprintf, util.format), by joining ("/".join([h,
// ".bashrc"]), [h, ".bashrc"].join("/"), implode), or decoded
// (base64.b64decode("…"), a literal reversed with [::-1]). Its Pieces are
// the literal parts, cut at the format's holes, with the reversed or
// decoded form of a literal where the code reverses or decodes one: the
// walker judges each as the tail of a path whose head is only known at
// run time, so a piece that can name a protected file or a secret
// (/.local/state/corral/allowlist.json, /.ssh/id_rsa) asks, and one
// that cannot (result.txt) passes. A name the path holds whose value
// is not known brings the literals of the values assigned to it
// anywhere in the program (p = h; if x: p += "/.bashrc"; open(p, "a")).
// The effect also carries the form of the expression and of those values
// (shapeOf): the walker asks about a path whose text an operation
// computes from literals, and about one under the home directory whose
// name is only known at run time. A plain name with no value in sight
// (open(p, "w")) has no effect.
func runTimePath(c call, k Kind, a *arg, appendTo bool) (Effect, bool) {
	if a == nil || a.text == "" {
		return Effect{}, false
	}
	text := a.text
	var listed []Effect
	for _, t := range a.assigned {
		if rest, walk := strings.CutPrefix(t, walkMark); walk {
			if k == Read {
				continue // the walk reading of the glob's files judges it
			}
			t = rest
		}
		if k == Write {
			listed = append(listed, listedWrites(t, a.text)...)
		}
		text += "\n" + t
	}
	pieces := pathPieces(text)
	shape := shapeOf(text)
	if len(pieces) == 0 && shape.hides == "" && !shape.home && shape.computed == "" && len(shape.env) == 0 && len(listed) == 0 {
		return Effect{}, false
	}
	return Effect{Kind: k, Call: c.name, Text: a.text, Pieces: pieces, Append: appendTo, Offset: c.off,
		Hides: shape.hides, Home: shape.home, Computed: shape.computed, Env: shape.env, EnvWhole: shape.envWhole, Listed: listed}, true
}

// joinsDir reports an expression that holds the directory d as a string
// literal of its own or the head of one (".claude/" + f, path.join(".claude",
// f)).
func joinsDir(expr, d string) bool {
	d = strings.TrimSuffix(d, "/")
	for _, l := range stringLiterals(expr) {
		if strings.TrimSuffix(l, "/") == d || strings.HasPrefix(l, d+"/") {
			return true
		}
	}
	return false
}

// dirListing matches a call that lists a directory's entries (Python's
// os.listdir, os.scandir and Path.iterdir, Node's fs.readdir and
// readdirSync, Ruby's Dir.children, Dir.entries and each_child, PHP's
// scandir).
var dirListing = lazy.Regexp{Expr: `\b(?:listdir|scandir|iterdir|readdirSync|readdir|children|entries|each_child)\s*\(`}

// listedWrites returns the patterns of the files a value assigned from a
// listing (t, the source text of what is assigned) can name, for a write
// of the expression expr that holds it: a glob's pattern (its directory
// before it when the call is a path object's, Path(".claude").glob("*")),
// a directory listing's entries (d/*) when the expression joins them to
// the directory (fs.writeFileSync(".claude/" + f)) or the listing yields
// whole paths (Path(d).iterdir()). The program writes one of those
// files: a listing of .claude/ whose entries it overwrites writes
// .claude/settings.json, which the path guards judge as the shell's tee
// of the same pattern. A leading ~ is the home directory only when the
// code expands it. A listing whose directory or pattern is not a literal
// adds nothing (the value's other forms are judged as before).
func listedWrites(t, expr string) []Effect {
	glob := globListing.Get().MatchString(t)
	dir := dirListing.Get().MatchString(t)
	if !glob && !dir {
		return nil
	}
	lits := stringLiterals(t)
	if len(lits) == 0 || lits[0] == "" {
		return nil
	}
	tilde := strings.Contains(t, "expanduser") || strings.Contains(t, "expand_path") || strings.Contains(t, "homedir") || strings.Contains(t, "home()")
	pathObj := strings.Contains(t, "Path(") || strings.Contains(t, "Pathname(") || strings.Contains(t, "Pathname.new(")
	var pat string
	switch {
	case glob && pathObj && len(lits) >= 2:
		if strings.Contains(t, "rglob") {
			pat = path.Join(lits[0], "**", lits[1])
		} else {
			pat = path.Join(lits[0], lits[1])
		}
	case glob:
		pat = lits[0]
	case pathObj || joinsDir(expr, lits[0]):
		pat = strings.TrimSuffix(lits[0], "/") + "/*"
	default:
		return nil
	}
	if strings.Contains(pat, "**") {
		// The shell's * in place of **: every level is not one pattern,
		// but the levels the guards' patterns name (.claude/x, ~/.x)
		// are the first two.
		a, b, _ := strings.Cut(pat, "**")
		one := path.Clean(a + "*" + b)
		zero := path.Clean(a + strings.TrimPrefix(b, "/"))
		return []Effect{{Kind: Write, Path: zero, Glob: true, Tilde: tilde}, {Kind: Write, Path: one, Glob: true, Tilde: tilde}}
	}
	return []Effect{{Kind: Write, Path: pat, Glob: true, Tilde: tilde}}
}

// pathPieces returns the literal pieces of the expression text that may
// be part of a path, sorted and without repeats.
func pathPieces(text string) []string {
	reversed := strings.Contains(text, "[::-1]") || strings.Contains(text, "reverse")
	decoded := strings.Contains(text, "b64decode") || strings.Contains(text, "base64") || strings.Contains(text, "atob(")
	hexed := strings.Contains(text, "fromhex") || strings.Contains(text, "unhexlify") || strings.Contains(text, "'hex'") ||
		strings.Contains(text, `"hex"`) || strings.Contains(text, "pack(")
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		for _, p := range placeholder.Get().Split(s, -1) {
			p = strings.TrimSpace(p)
			if len(p) < 2 || seen[p] || !strings.ContainsFunc(p, unicode.IsLetter) || strings.ContainsAny(p, "\x00\n") {
				continue
			}
			seen[p] = true
			out = append(out, p)
		}
	}
	lits := stringLiterals(text)
	if strings.Contains(text, "join") || strings.Contains(text, "implode") {
		// "/".join([h, ".claude", "settings.json"]), path.join(h, a,
		// b): the literals after any element, joined, are a tail.
		var parts []string
		for _, lit := range lits {
			if t := strings.Trim(lit, "/"); t != "" {
				parts = append(parts, t)
			}
		}
		for i := len(parts) - 2; i >= 0 && i >= len(parts)-4; i-- {
			add(strings.Join(parts[i:], "/"))
		}
	}
	for _, lit := range lits {
		add(lit)
		if reversed {
			r := []rune(lit)
			for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
				r[i], r[j] = r[j], r[i]
			}
			add(string(r))
		}
		if decoded {
			if b, err := base64.StdEncoding.DecodeString(lit); err == nil && printable(b) {
				add(string(b))
			}
		}
		if hexed {
			if b, err := hex.DecodeString(lit); err == nil && printable(b) {
				add(string(b))
			}
		}
	}
	if len(out) > maxPieces {
		out = out[:maxPieces] // the joined tails first, then the literals in order
	}
	sort.Strings(out)
	return out
}

// printable reports bytes that are text a path could be made of.
func printable(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return true
}

// stringLiterals returns the contents of the quoted strings in text ('…',
// "…", `…`), with a backslash taking the character after it as it is.
func stringLiterals(text string) []string {
	var out []string
	for i := 0; i < len(text) && len(out) < 4*maxPieces; i++ {
		q := text[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(text) && text[j] != q; j++ {
			if text[j] == '\\' && j+1 < len(text) {
				j++
			}
			b.WriteByte(text[j])
		}
		if j >= len(text) {
			break // unterminated
		}
		out = append(out, b.String())
		i = j
	}
	return out
}
