package lang

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// arg is one argument of a call in program text.
type arg struct {
	// key is the name of a keyword argument (shell=True) or "".
	key string
	// lit reports a string whose value is known; str is that value.
	lit bool
	str string
	// list holds the values of a list of literals ([…], qw(), array(…)),
	// and isList reports that the argument is such a list.
	list   []string
	isList bool
	// text is the argument's source text.
	text string
	// shell reports a literal that is a shell command itself (backticks).
	shell bool
	// tilde reports a literal whose leading ~ the program expanded to the
	// home directory (os.path.expanduser("~/x"), Path.home() / "x").
	tilde bool
	// pathObj reports a Python pathlib path (Path("/x"), Path.home() /
	// ".ssh"), whose methods read, write and delete it.
	pathObj bool
	// listHome, when set, reports for each item of list whether its
	// leading ~ is the home directory the program expanded
	// (["rm", "-rf", os.path.expanduser("~")]).
	listHome []bool
	// assigned is, for an argument whose value is not known, the source
	// text of the values assigned to the names it holds (p in open(p,
	// "a") after p = h; if x: p += "/.bashrc"): its literals may be
	// parts of the path (runTimePath).
	assigned []string
}

// call is a call found in program text: a dotted name (os.system,
// child_process.execSync, FileUtils.rm_rf, Path.unlink) and its arguments.
type call struct {
	name string
	// recv is the literal receiver of a method call on a constructor with
	// one literal argument: Path('/x').unlink() has name "Path.unlink" and
	// recv "/x". recvLit is false when the receiver is anything else.
	recv      string
	recvLit   bool
	recvTilde bool
	// recvText is the source text of a receiver that is a call's or a
	// parenthesised expression's value (Path(".en" + chr(118)) in
	// Path(".en" + chr(118)).read_text()), whatever recvLit says.
	recvText string
	// recvName is a receiver that is a plain name with values assigned
	// to it or bound by a loop (p in `for p in Path.home().iterdir():
	// p.read_text()`), and recvAssigned those values' texts.
	recvName     string
	recvAssigned []string
	method       bool // a method on an expression (x.unlink(), Path(p).unlink())
	args         []arg
	off          int
	parens       bool
	// tagged reports a JavaScript tagged template (Bun's $`…`).
	tagged bool
	// first and next are the indexes of the call's first token and of
	// the token after its name.
	first, next int
}

// parser walks the tokens and finds calls.
type parser struct {
	src  string
	toks []token
	l    Lang
	// depth counts the evaluators that handed this text on (eval of a
	// literal); al holds the names the text binds to modules and
	// functions; extra the effects its indirection has (indirect.go).
	depth int
	al    aliases
	extra []Effect
	// envLoads are the reads of the env files the code loads into its
	// own environment (python-dotenv's load_dotenv()): what a printer of
	// the environment then prints.
	envLoads []Effect
	// vars maps Perl and PHP variables to the names they hold.
	vars map[string]string
	// closeIdx caches closers of the tokens being rewritten.
	closeIdx []int32
	// openIdx caches the inverse of closeIdx over p.toks (openOf).
	openIdx []int
	// pathDepth counts the path calls being read (pathCall).
	pathDepth int
	// consts are the names bound once at top level to a string literal
	// (constants); a bare use of one is that literal.
	consts map[string]constant
	// scoped are the constants of function bodies and blocks
	// (scopedConstants), each valid in its token range.
	scoped   []scopedConst
	scopedBy map[string][]scopedConst
	// flowNames are the names bound only by top-level statements of
	// their own, more than once or with an operator (p = h; p +=
	// "/x"): flow follows their values. assigned holds, for a name
	// bound by an assignment anywhere, the source text of the values
	// assigned (flow.go).
	flowNames map[string]bool
	assigned  map[string][]string
	// assignSpans holds, per key of assigned, the token spans of the
	// right-hand sides of its plain assignments; returns the functions
	// defined in the code (returnBindings); held caches heldValue.
	assignSpans map[string][][2]int
	returns     map[string]*funcReturns
	held        map[string]heldResult
	topAssigned map[string]bool
	// loopArgv reports a program perl or ruby -n/-p wrap in their loop
	// (AnalyzeLoopArgv): only in its BEGIN blocks (tokens marked begin)
	// is the argument vector the words as given.
	loopArgv bool
	// awkPreset are the awk variables the command line sets (AnalyzeAwk).
	awkPreset []AwkVar
	// sysNames and argvNames are a Python program's names for sys and
	// sys.argv (pySysNames), found once.
	sysNames, argvNames map[string]bool
	// bindings caches pyBindings by name.
	bindings map[string][]string
}

func (p *parser) tok(i int) token {
	if i < 0 || i >= len(p.toks) {
		return token{kind: tNewline, off: len(p.src)}
	}
	return p.toks[i]
}

// nameAt reads token i as the last part of a dotted name (os.environ,
// Net::HTTP, $ua->get): ok is false for any other token, and for a part
// that ".", "::" or "->" and a name follow. It returns the name resolved
// through the import aliases, the index of its first token, and whether
// "(" follows (a call).
func (p *parser) nameAt(i int) (full string, first int, call, ok bool) {
	if p.tok(i).kind != tIdent {
		return "", 0, false, false
	}
	next := p.tok(i + 1)
	if next.kind == tPunct && (next.text == "." || next.text == "::" || next.text == "->") && p.tok(i+2).kind == tIdent {
		return "", 0, false, false
	}
	name, first := p.dotted(i)
	return p.al.resolve(name), first, next.kind == tPunct && next.text == "(", true
}

// dotted returns the dotted name that ends at token i (an identifier),
// and the index of its first token. "a.b.c", "A::B", "$x->y" and
// "require('fs').rmSync" ("fs.rmSync") are all dotted names.
func (p *parser) dotted(i int) (string, int) {
	name := p.toks[i].text
	first := i
	for segments := 1; segments < maxSegments; segments++ {
		sep := p.tok(first - 1)
		if sep.kind != tPunct || sep.text != "." && sep.text != "::" && sep.text != "->" {
			break
		}
		prev := p.tok(first - 2)
		if prev.kind == tIdent {
			name = prev.text + "." + name
			first -= 2
			continue
		}
		if prev.kind == tPunct && prev.text == ")" {
			// require('fs').x, require("child_process").execSync
			open := p.matchBack(first - 2)
			// (await import("fs")).rmSync: the module import() gives
			// (indirect.go has made import("fs") the name fs).
			if open >= 0 && p.l == JS && isI(p.tok(open+1), "await") && p.tok(open+2).kind == tIdent && open+3 == first-2 {
				name = p.tok(open+2).text + "." + name
				first = open
			} else if open > 0 && p.tok(open-1).kind == tIdent && (p.tok(open-1).text == "require" || p.l == JS && p.tok(open-1).text == "import") &&
				p.tok(open+1).kind == tString && p.tok(open+2).text == ")" {
				mod := strings.TrimPrefix(p.tok(open+1).text, "node:")
				name = mod + "." + name
				first = open - 1
			}
		}
		break
	}
	return name, first
}

// chainStart returns the first token of a chain of calls that ends with
// the ")" at i (Path.home().joinpath(…)): the dotted name before each
// parenthesised list, through each "." that joins one call to the next;
// -1 when the text before is not such a chain.
func (p *parser) chainStart(i int) int {
	for n := 0; n < maxSegments; n++ {
		if !isP(p.tok(i), ")") {
			return -1
		}
		open := p.matchBack(i)
		if open <= 0 || p.tok(open-1).kind != tIdent {
			return -1
		}
		_, first := p.dotted(open - 1)
		if !isP(p.tok(first-1), ".") || !isP(p.tok(first-2), ")") {
			return first
		}
		i = first - 2
	}
	return -1
}

// matchBack returns the index of the "(" that the ")" at i closes, or -1.
func (p *parser) matchBack(i int) int {
	depth := 0
	for j := i; j >= 0 && i-j < 4096; j-- {
		t := p.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// args reads a parenthesised argument list starting at the "(" at i; it
// returns the arguments and the index after ")". Nested brackets are
// stepped over through the table of closers, so reading every call of a
// deeply nested expression stays linear. A bracket that is never closed
// has no arguments corral knows (the text is not a program that runs).
func (p *parser) args(i int, closeTok string) ([]arg, int) {
	end := p.closeOf(p.toks, i)
	if end < 0 {
		return nil, len(p.toks)
	}
	var out []arg
	start := i + 1
	for j := i + 1; j < end; j++ {
		t := p.toks[j]
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			if c := p.closeOf(p.toks, j); c > j && c < end {
				j = c
			}
		case ",":
			out = p.appendArg(out, start, j)
			start = j + 1
		}
	}
	if end > start {
		out = p.appendArg(out, start, end)
	}
	return out, end + 1
}

// appendArg appends the argument of tokens [a, b) to out; a literal list
// unpacked into the call (Python's f(*["a", "b"]) or f(*("a", "b")),
// Ruby's f(*["a", "b"]), JavaScript's f(...["a", "b"])) is its elements,
// each an argument of the call, as the interpreter passes them.
func (p *parser) appendArg(out []arg, a, b int) []arg {
	if open, ok := p.spreadList(a, b); ok {
		inner, _ := p.args(open, "")
		return append(out, inner...)
	}
	return append(out, p.arg(a, b))
}

// spreadList reports whether tokens [a, b) are a literal list unpacked
// into the arguments (*[…], *(…, …), ...[…]) and returns the index of its
// opening bracket. Python's *("x") unpacks the string's characters, not
// a list: it is left as it was read.
func (p *parser) spreadList(a, b int) (int, bool) {
	for a < b && p.toks[a].kind == tNewline {
		a++
	}
	for b > a && p.toks[b-1].kind == tNewline {
		b--
	}
	open := -1
	switch {
	case (p.l == Python || p.l == Ruby) && b-a >= 3 && isP(p.toks[a], "*"):
		open = a + 1
	case p.l == JS && b-a >= 5 && isP(p.toks[a], ".") && isP(p.toks[a+1], ".") && isP(p.toks[a+2], "."):
		open = a + 3
	default:
		return 0, false
	}
	t := p.toks[open]
	if !isP(t, "[") && !(p.l == Python && isP(t, "(")) {
		return 0, false
	}
	if p.closeOf(p.toks, open) != b-1 {
		return 0, false
	}
	if isP(t, "(") {
		// A tuple has a comma at its top level.
		comma := false
		for j := open + 1; j < b-1; j++ {
			if tk := p.toks[j]; isP(tk, "(") || isP(tk, "[") || isP(tk, "{") {
				if c := p.closeOf(p.toks, j); c > j {
					j = c
				}
			} else if isP(tk, ",") {
				comma = true
				break
			}
		}
		if !comma {
			return 0, false
		}
	}
	return open, true
}

// maxBareTokens bounds the tokens read as the arguments of a call without
// parentheses (eval eval eval … would read the rest of the line again for
// every call).
const maxBareTokens = 4096

// bareArgs reads the arguments of a call without parentheses (Ruby's
// system "…", Perl's unlink "…") up to the end of the statement.
func (p *parser) bareArgs(i int) ([]arg, int) {
	var out []arg
	j := i
	start := j
	depth := 0
	for j < len(p.toks) {
		if j-i > maxBareTokens {
			// Arguments longer than corral reads: one it does not know.
			out = append(out, arg{text: p.src[p.toks[start].off:p.toks[j].off]})
			return out, j
		}
		t := p.toks[j]
		if depth == 0 && (t.kind == tNewline && !p.continues(j) || t.kind == tPunct && (t.text == ";" || t.text == "}" || t.text == ")" || t.text == "]") ||
			t.kind == tIdent && (t.text == "if" || t.text == "unless" || t.text == "or" || t.text == "and" || t.text == "do" || t.text == "while" || t.text == "until")) {
			break
		}
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			case ",":
				if depth == 0 {
					out = p.appendArg(out, start, j)
					start = j + 1
				}
			}
		}
		j++
	}
	if j > start {
		out = p.appendArg(out, start, j)
	}
	return out, j
}

// continues reports whether the newline at i continues an expression
// (the line ended with a comma or an operator).
func (p *parser) continues(i int) bool {
	prev := p.tok(i - 1)
	return prev.kind == tPunct && (prev.text == "," || prev.text == "+" || prev.text == "." || prev.text == "\\")
}

// arg classifies the tokens [a, b) of one argument.
func (p *parser) argValue(a, b int) arg {
	for a < b && p.toks[a].kind == tNewline {
		a++
	}
	for b > a && p.toks[b-1].kind == tNewline {
		b--
	}
	out := arg{}
	if a >= b {
		return out
	}
	end := len(p.src)
	if b < len(p.toks) {
		end = p.toks[b].off
	}
	out.text = strings.TrimSpace(p.src[p.toks[a].off:end])
	// keyword=value (Python), key: value (Ruby, JS objects are not split).
	if b-a >= 3 && p.toks[a].kind == tIdent && p.toks[a+1].kind == tPunct && p.toks[a+1].text == "=" {
		out.key = p.toks[a].text
		a += 2
	}
	// The * or ** of Python/Ruby splats a list argument into several.
	if p.toks[a].kind == tPunct && p.toks[a].text == "*" && a+1 < b {
		a++
	}
	// A name bound once to a list of literals, or to a dict unpacked
	// into the keywords (heldlist.go).
	if text, ok := p.heldKeywords(a, b); ok {
		out.text = text
		return out
	}
	if b-a == 1 {
		if v, ok := p.heldList(a); ok {
			v.text, v.key = out.text, out.key
			return v
		}
	}
	// A list of literals.
	if t := p.toks[a]; t.kind == tPunct && (t.text == "[" || t.text == "(") || t.kind == tIdent && (t.text == "array" || t.text == "c" && p.l == R) && a+1 < b && p.toks[a+1].text == "(" {
		if t.kind == tIdent {
			a++
		}
		closeTok := map[string]string{"[": "]", "(": ")"}[p.toks[a].text]
		// The list is the whole argument only when its bracket closes at
		// the end: *%w[rm -rf] + [Dir.home] is a sum, not the first list.
		if p.toks[b-1].kind == tPunct && p.toks[b-1].text == closeTok && p.closeOf(p.toks, a) == b-1 {
			inner, _ := p.args(a, closeTok)
			all := true
			var vals []string
			var homes []bool
			for _, x := range inner {
				if p.l == Perl && x.isList && x.key == "" && (strings.HasPrefix(x.text, "qw") || strings.HasPrefix(x.text, "(")) {
					// A list in a list is its elements in Perl:
					// [qw(rm -rf x)], ("a", ("b", "c")).
					vals = append(vals, x.list...)
					homes = append(homes, x.argvHomes()...)
					continue
				}
				if !x.lit || x.key != "" {
					all = false
					break
				}
				vals = append(vals, x.str)
				homes = append(homes, x.home())
			}
			if all {
				out.isList, out.list = true, vals
				if slices.Contains(homes, true) {
					out.listHome = homes
				}
				if len(inner) == 1 && p.toks[a].text == "(" {
					// (x) is x, not a list.
					out.isList, out.lit, out.str, out.list, out.listHome = false, true, vals[0], nil, nil
					out.tilde = homes[0]
				}
			}
			return out
		}
	}
	// Concatenated literals: "a" "b", "a" + "b", "a" . "b"; calls that
	// give a known path (os.path.expanduser("~/x"), path.join("a", "b"),
	// Path.home()); pathlib's / between paths.
	var b2 strings.Builder
	want := true // expecting a string
	// pathObj reports that the value so far is a pathlib path, which /
	// extends (Path("/etc") / "passwd").
	pathObj := false
	// joined reports a path object's join (/, Ruby's +) just read: an
	// absolute part after it replaces the path (Path("a") / "/etc" is
	// /etc, as Pathname("a") + "/etc" is).
	joined := false
	for k := a; k < b; k++ {
		t := p.toks[k]
		if want && p.l == Python && t.kind == tString && t.lit && !t.shell && isP(p.tok(k+1), ".") && isI(p.tok(k+2), "join") && isP(p.tok(k+3), "(") {
			// "/".join(["", "root", ".bashrc"]): str.join of a list of
			// literals (pytext.go).
			s, tilde, next, ok := p.pyJoin(k, b)
			if !ok {
				return out
			}
			if tilde && b2.Len() == 0 {
				out.tilde = true
			}
			b2.WriteString(s)
			k = next - 1
			want = false
			continue
		}
		switch {
		case want && t.kind == tString && t.lit:
			if joined && strings.HasPrefix(t.text, "/") {
				b2.Reset()
				out.tilde = false
			}
			joined = false
			b2.WriteString(t.text)
			out.shell = out.shell || t.shell
			want = false
		case want && t.kind == tString && !t.lit && !t.shell && t.tag == "":
			// f"{HOME}/.ssh/id_rsa", `${home}/.ssh`: a string whose
			// holes are constants or paths the text shows.
			s, tilde, ok := p.interpolated(k)
			if !ok {
				return out
			}
			if tilde && b2.Len() == 0 {
				out.tilde = true
			}
			b2.WriteString(s)
			want = false
		case want && t.kind == tIdent && (p.consts != nil || p.scoped != nil) && p.isConst(k):
			c, _ := p.constAt(k)
			if c.tilde && b2.Len() == 0 {
				out.tilde = true
			}
			if c.path && b2.Len() == 0 {
				pathObj = true // p / "id_rsa" where p = Path.home()
			}
			b2.WriteString(c.str)
			want = false
		case want && p.heldPathChain(k, b):
			// p.joinpath(".bashrc") where p = Path.home(), and Ruby's
			// p.join(".bashrc") where p = Pathname.new(Dir.home): the
			// constant path starts the chain the next case extends.
			c, _ := p.constRecv(k)
			if c.tilde {
				out.tilde = true
			}
			pathObj = true
			b2.WriteString(c.str)
			want = false
		case want && t.kind == tIdent:
			s, tilde, next, ok := p.pathCall(k, b)
			if !ok {
				// A value the code defines: what a function of its own
				// returns, an attribute or name assigned once, a
				// constant dict's or list's element (flow.go).
				h, hnext, hok := p.heldValue(k, b)
				if !hok {
					return out
				}
				if h.tilde && b2.Len() == 0 {
					out.tilde = true
				}
				if h.pathObj && b2.Len() == 0 {
					pathObj = true
				}
				b2.WriteString(h.str)
				k = hnext - 1
				want = false
				continue
			}
			if tilde && b2.Len() == 0 {
				out.tilde = true
			}
			if d := p.dottedFrom(k, b); b2.Len() == 0 && p.l == Python && (pathClasses.Get()[d] || strings.Contains(d, ".") && pathClasses.Get()[d[:strings.LastIndexByte(d, '.')]]) {
				pathObj = true // Path("/x"), Path.home(), Path.cwd()
			} else if b2.Len() == 0 && p.l == Ruby && rubyPathClass(d) {
				pathObj = true // Pathname("/x"), Pathname.new(Dir.home)
			}
			b2.WriteString(s)
			k = next - 1
			want = false
		case !want && p.l == Rust && isP(t, "?"):
			// home? : the value of a Result or Option, Rust's ?.
		case !want && p.l == Rust && isP(t, ".") && k+2 < b && rustValueMethods.Get()[p.toks[k+1].text] && isP(p.toks[k+2], "("):
			// .unwrap(), .expect("…"), .to_string(): the same value.
			if e := p.closeOf(p.toks, k+2); e > k+2 && e < b {
				k = e
				continue
			}
			return out
		case !want && pathObj && (p.l == Python && pathMethods.Get()[p.toks[k+1].text] || p.l == Ruby && rubyPathMethod(p.toks[k+1].text) != "") &&
			isP(t, ".") && k+2 < b && isP(p.toks[k+2], "("):
			// Path.home().joinpath(".ssh", "id_rsa"), Path("~/x").expanduser():
			// pathlib methods whose value is a path the text shows; in
			// Ruby, Pathname's join and expand_path.
			method := p.toks[k+1].text
			if p.l == Ruby {
				method = rubyPathMethod(method)
			}
			args, next := p.args(k+2, ")")
			if next > b {
				return out
			}
			if method == "with_name" || method == "with_stem" || method == "with_suffix" {
				// A sibling: the last name replaced, its stem, or its
				// suffix (p.with_name(".bashrc") is in p's directory).
				if len(args) != 1 || !args[0].lit || args[0].key != "" || b2.Len() == 0 {
					return out
				}
				cur := b2.String()
				dir, base := path.Split(cur)
				ext := path.Ext(base)
				if ext == base {
					ext = "" // .bashrc has no suffix
				}
				switch method {
				case "with_name":
					base = args[0].str
				case "with_stem":
					base = args[0].str + ext
				default:
					base = strings.TrimSuffix(base, ext) + args[0].str
				}
				b2.Reset()
				b2.WriteString(dir + base)
				k = next - 1
				continue
			}
			for _, a := range args {
				if method != "joinpath" || !a.lit || a.key != "" {
					return out
				}
				if strings.HasPrefix(a.str, "/") {
					b2.Reset()
					out.tilde = false
				} else if b2.Len() > 0 && !strings.HasSuffix(b2.String(), "/") {
					b2.WriteString("/")
				}
				b2.WriteString(a.str)
			}
			if method == "expanduser" {
				s := b2.String()
				out.tilde = out.tilde || s == "~" || strings.HasPrefix(s, "~/")
			}
			k = next - 1
		case !want && t.kind == tString && t.lit && !t.shell:
			b2.WriteString(t.text) // adjacent literals
		case !want && pathObj && p.l == Ruby && isP(t, "+"):
			// Pathname(Dir.home) + ".ssh": a join, as / is.
			b2.WriteString("/")
			want, joined = true, true
		case !want && t.kind == tPunct && (t.text == "+" || t.text == "." || t.text == ".."):
			want = true
		case !want && t.kind == tPunct && t.text == "/" && (out.tilde || pathObj):
			// Path.home() / ".ssh" / "id_rsa"
			b2.WriteString("/")
			want, joined = true, pathObj
		case t.kind == tNewline:
		default:
			return out
		}
	}
	if !want {
		out.lit, out.str, out.pathObj = true, b2.String(), pathObj
	}
	return out
}

// findCalls returns every call in the tokens. bare reports whether the
// language calls functions without parentheses (Ruby, Perl).
func (p *parser) findCalls(bare bool, isCallee func(name string) bool) []call {
	var out []call
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind != tIdent {
			continue
		}
		next := p.tok(i + 1)
		if next.kind == tIdent && next.text == t.text {
			continue
		}
		name, first := p.dotted(i)
		if !isCallee(name) {
			continue
		}
		// A definition, not a call: def system(…), function exec(…), sub system.
		if prev := p.tok(first - 1); prev.kind == tIdent && (prev.text == "def" || prev.text == "function" || prev.text == "sub" || prev.text == "fn") {
			continue
		}
		c := call{name: name, off: p.toks[first].off, first: first, next: i + 1}
		if recv, _, ok := strings.Cut(name, "."); ok && !strings.Contains(name[len(recv)+1:], ".") && len(p.assigned[recv]) > 0 &&
			!isP(p.tok(first-1), ".") {
			c.recvName, c.recvAssigned = recv, p.assignedFurther(slices.Clone(p.assigned[recv]), map[string]bool{recv: true})
		}
		// A method on a call result: Path('/x').unlink().
		if sep := p.tok(first - 1); sep.kind == tPunct && sep.text == "." && p.tok(first-2).kind == tPunct && p.tok(first-2).text == ")" {
			open := p.matchBack(first - 2)
			c.method = true
			if open >= 0 {
				start := open
				if p.tok(open-1).kind == tIdent {
					_, start = p.dotted(open - 1)
				}
				c.recvText = p.src[p.toks[start].off:min(len(p.src), p.toks[first-2].off+1)]
				// Path(p), Path(os.path.expandvars("$T")): the values
				// its names hold, and the environment it reads (flow.go).
				c.recvAssigned = p.arg(start, first-1).assigned
			}
			// Ruby's puts (x).read: a name, a space, then parentheses
			// is a call of the name with the parenthesised expression
			// in its argument, not a call of x's method.
			spaced := p.l == Ruby && open > 0 && p.tok(open-1).kind == tIdent && p.toks[open-1].off+len(p.toks[open-1].text) < p.toks[open].off
			if spaced {
				c.recvText = p.src[p.toks[open].off:min(len(p.src), p.toks[first-2].off+1)]
				c.recvAssigned = p.arg(open, first-1).assigned
			}
			if open >= 0 && (p.tok(open-1).kind != tIdent || spaced) {
				// (Path.home() / ".ssh" / "id_rsa").read_text(): a
				// parenthesised expression whose value is known.
				if inner, _ := p.args(open, ")"); len(inner) == 1 && inner[0].lit {
					c.recv, c.recvLit, c.recvTilde = inner[0].str, true, inner[0].tilde
					if p.l == Ruby && inner[0].pathObj {
						c.name = "Pathname." + name // (Pathname(Dir.home) + ".bashrc").write
					}
				}
			} else if open > 0 && p.tok(open-1).kind == tIdent {
				ctor, _ := p.dotted(open - 1)
				inner, _ := p.args(open, ")")
				c.name = lastSegment(ctor) + "." + name
				if p.l == Ruby && ctor == "Pathname.new" {
					c.name = "Pathname." + name // Pathname.new(".").children
				}
				if len(inner) >= 1 && inner[0].lit && !pathSiblings(lastSegment(ctor)) {
					c.recv, c.recvLit, c.recvTilde = inner[0].str, true, inner[0].tilde
				}
				if p.l == Ruby && rubyPathClass(ctor) {
					// Pathname("~/x").expand_path.read: methods called
					// without parentheses that name the same file, ~
					// expanded by expand_path.
					rest := name
					for {
						head, tail, ok := strings.Cut(rest, ".")
						if !ok || rubyPathMethod(head) == "" || rubyPathMethod(head) == "joinpath" {
							break
						}
						if head == "expand_path" && c.recvLit {
							c.recvTilde = c.recv == "~" || strings.HasPrefix(c.recv, "~/")
						}
						rest = tail
					}
					if rest != name {
						c.name = "Pathname." + rest
					}
				}
				// Path.home().glob(…), Path.cwd().iterdir(): the home
				// and the working directory.
				if home, cwd := pathHomeCwd(ctor); p.l == Python && len(inner) == 0 && (home || cwd) {
					// A pathlib path's method, as Path("~").rename is
					// (Path.home().rename(…) moves the home directory);
					// a listing keeps its name (home.rglob), which its
					// findings show.
					if name != "glob" && name != "rglob" && name != "iterdir" && name != "walk" {
						c.name = "Path." + name
					}
					c.recv, c.recvLit, c.recvTilde = ".", true, false
					if home {
						c.recv, c.recvTilde = "~", true
					}
				}
				// Path.home().joinpath(".bashrc").write_text(…): a chain
				// of pathlib calls whose value the text shows.
				if (p.l == Python && pathMethods.Get()[lastSegment(ctor)] || p.l == Ruby && rubyPathMethod(lastSegment(ctor)) != "") && p.tok(open-2).text == "." {
					start := p.chainStart(open - 3)
					if _, f := p.dotted(open - 1); start < 0 && f == open-3 {
						start = f // p.joinpath(…) on a name
					}
					if start >= 0 {
						if v := p.arg(start, first-1); v.lit && v.pathObj {
							c.name = "Path." + name
							if p.l == Ruby {
								c.name = "Pathname." + name
							}
							c.recv, c.recvLit, c.recvTilde = v.str, true, v.tilde
						} else if p.pathChainUnknown(start, lastSegment(ctor)) {
							// A path object whose value only run time
							// knows (p = Path(input()); p.joinpath("a")):
							// the method is still the path's, judged on
							// an unknown path, not another class's.
							// The method's literal argument is a part of
							// the path, not the receiver.
							c.name = "Path." + name
							if p.l == Ruby {
								c.name = "Pathname." + name
							}
							c.recv, c.recvLit, c.recvTilde = "", false, false
						}
					}
				}
				// Path("~/x").expanduser().read_text(): the receiver of
				// expanduser, its ~ expanded.
				if lastSegment(ctor) == "expanduser" && len(inner) == 0 && p.tok(open-2).text == "." && p.tok(open-3).text == ")" {
					if o2 := p.matchBack(open - 3); o2 > 0 && p.tok(o2-1).kind == tIdent {
						ctor2, _ := p.dotted(o2 - 1)
						inner2, _ := p.args(o2, ")")
						c.name = lastSegment(ctor2) + "." + name
						if len(inner2) >= 1 && inner2[0].lit {
							s := inner2[0].str
							c.recv, c.recvLit, c.recvTilde = s, true, s == "~" || strings.HasPrefix(s, "~/")
						}
					}
				}
			}
			// (Path(".env") / "x").parent.read_text(): each .parent
			// before the method is the receiver's directory.
			if p.l == Python && c.recvLit {
				for rest := name; strings.HasPrefix(rest, "parent."); rest = rest[len("parent."):] {
					c.recv = path.Dir(c.recv)
				}
			}
		} else if sep.kind == tPunct && (sep.text == "." || sep.text == "->") {
			c.method = true
		} else if p.l == Python && strings.Count(name, ".") == 1 && isP(p.tok(first+1), ".") {
			// p = Path.home() / ".ssh" / "id_rsa"; p.read_text(): a
			// method on a constant pathlib path is one on that path.
			if k, ok := p.constRecv(first); ok && k.path {
				c.method, c.recv, c.recvLit, c.recvTilde = true, k.str, true, k.tilde
				c.name = "Path." + lastSegment(name)
			}
		} else if p.l == Ruby && isP(p.tok(first+1), ".") {
			p.rubyHeldPathname(&c, name, first) // pathname16.go
		}
		switch {
		case next.kind == tPunct && next.text == "(":
			c.parens = true
			c.args, _ = p.args(i+1, ")")
		case isP(next, ")") && isP(p.tok(i+2), "(") && (p.matchBack(i+1) == first-1 || isP(p.tok(first-1), ",") && p.matchBack(i+1) >= 0):
			// (fs.rmSync)(…), (0, fs.rmSync)(…), new
			// (require("worker_threads").Worker)(…): the name in
			// parentheses is what is called.
			c.parens = true
			c.args, _ = p.args(i+2, ")")
		case bare && (next.kind == tString || next.kind == tIdent || next.kind == tPunct && (next.text == "[" || next.text == "*")):
			if next.kind == tIdent && (next.text == "if" || next.text == "unless" || next.text == "or" || next.text == "and") {
				break
			}
			c.args, _ = p.bareArgs(i + 1)
		case next.kind == tString && next.tag == t.text:
			// Bun's $`…` tagged template.
			c.args = []arg{{lit: next.lit, str: next.text, text: next.text}}
			c.parens, c.tagged = true, true
		default:
			if !bare {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

func lastSegment(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// envTables are the names that hold a program's environment as a map:
// Python's os.environ, Node's process.env, Ruby's ENV, PHP's $_SERVER
// and $_ENV.
var envTables = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os.environ": true, "environ": true, "process.env": true, "Deno.env": true, "Bun.env": true, "ENV": true, "$_SERVER": true, "$_ENV": true, "_SERVER": true, "_ENV": true}
}}

// rustValueMethods are the Rust methods that give the value they are
// called on (unwrapped, converted or borrowed), as far as a path goes.
var rustValueMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"unwrap": true, "expect": true, "unwrap_or_default": true, "to_string": true,
		"as_str": true, "into": true, "clone": true, "to_owned": true, "as_path": true, "to_path_buf": true, "display": true}
}}

// envGetters are the calls that read one environment variable.
var envGetters = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"os.getenv": true, "getenv": true, "os.environ.get": true, "environ.get": true, "ENV.fetch": true, "Deno.env.get": true,
		"os.Getenv": true, "env.var": true, "std.env.var": true, "env.var_os": true, "std.env.var_os": true,
		// C and C++: std::getenv, glibc's secure_getenv.
		"std.getenv": true, "secure_getenv": true,
		// R's Sys.getenv("HOME").
		"Sys.getenv": true}
}}

// homeFromEnv reads, after the dotted name ending before token j, a read
// of the HOME variable from the environment: os.environ["HOME"],
// process.env.HOME, ENV["HOME"], os.getenv("HOME"), ENV.fetch("HOME").
// The program gets the home directory from it (the shell passes HOME
// on), so it is the home directory as ~ is. end is the index after it.
func (p *parser) homeFromEnv(name string, j, b int) (int, bool) {
	if strings.HasSuffix(name, ".HOME") && envTables.Get()[strings.TrimSuffix(name, ".HOME")] && (j >= b || p.toks[j].text != "(") {
		return j, true
	}
	if j+2 < b && envTables.Get()[name] && p.toks[j].kind == tPunct && p.toks[j].text == "[" &&
		p.toks[j+1].kind == tString && p.toks[j+1].lit && p.toks[j+1].text == "HOME" && p.toks[j+2].kind == tPunct && p.toks[j+2].text == "]" {
		return j + 3, true
	}
	if j+2 < b && name == "$ENV" && p.l == Perl && isP(p.toks[j], "{") && p.toks[j+1].text == "HOME" &&
		(p.toks[j+1].kind == tIdent || p.toks[j+1].kind == tString && p.toks[j+1].lit) && isP(p.toks[j+2], "}") {
		// Perl's $ENV{HOME}, $ENV{'HOME'}.
		return j + 3, true
	}
	if j < b && p.l == Lua && envGetters.Get()[name] && p.toks[j].kind == tString && p.toks[j].lit && p.toks[j].text == "HOME" {
		// Lua's os.getenv"HOME", os.getenv[[HOME]]: a call with one
		// string argument needs no parentheses (Lua 5.4 manual, 3.4.10).
		return j + 1, true
	}
	if j+2 < b && envGetters.Get()[name] && p.toks[j].kind == tPunct && p.toks[j].text == "(" &&
		p.toks[j+1].kind == tString && p.toks[j+1].lit && p.toks[j+1].text == "HOME" && p.toks[j+2].kind == tPunct && p.toks[j+2].text == ")" {
		return j + 3, true
	}
	return 0, false
}

// maxPathDepth bounds the path calls read inside one another
// (os.path.join(os.path.join(…))).
const maxPathDepth = 8

// pathCall reads, at token k (before b), a call whose value is a path the
// text shows: the home directory (Path.home(), os.homedir(), Dir.home),
// a ~ the program expands (os.path.expanduser("~/x"),
// File.expand_path("~/x")), or literal parts joined (os.path.join,
// path.join, path.resolve, File.join). It returns the path, whether its
// leading ~ is the home directory, and the index after the call.
func (p *parser) pathCall(k, b int) (string, bool, int, bool) {
	name := p.toks[k].text
	j := k + 1
	for j+1 < b && p.toks[j].kind == tPunct && (p.toks[j].text == "." || p.toks[j].text == "::") && p.toks[j+1].kind == tIdent {
		name += "." + p.toks[j+1].text
		j += 2
	}
	if p.al != nil {
		// const p = require("path"); p.join(…): the module's function.
		name = p.al.resolve(name)
	}
	last := lastSegment(name)
	if p.l == JS && (name == "new" && j < b && p.toks[j].kind == tIdent && p.toks[j].text == "URL" || last == "fileURLToPath") {
		// new URL("file:///home/u/.bashrc"), fileURLToPath("file:…"):
		// the file the URL names; fs calls take a file: URL as a path.
		if name == "new" {
			j++
		}
		if j >= b || !isP(p.toks[j], "(") || p.pathDepth >= maxPathDepth {
			return "", false, 0, false
		}
		p.pathDepth++
		args, next := p.args(j, ")")
		p.pathDepth--
		if next > b || len(args) != 1 || !args[0].lit {
			return "", false, 0, false
		}
		if f, ok := fileURLPath(args[0].str); ok {
			return f, false, next, true
		}
		return "", false, 0, false
	}
	if name == "Dir.home" && (j >= b || p.toks[j].text != "(") {
		return "~", true, j, true
	}
	if end, ok := p.homeFromEnv(name, j, b); ok {
		return "~", true, end, true
	}
	if p.l == Perl && (name == "glob" || name == "CORE.glob") {
		return p.perlGlobCall(j, b)
	}
	if j >= b || p.toks[j].kind != tPunct || p.toks[j].text != "(" {
		return "", false, 0, false
	}
	if p.l == Go && name == "os.ExpandEnv" && p.pathDepth < maxPathDepth {
		// os.ExpandEnv("$HOME/.ssh/id_rsa"): the home directory's file
		// (a literal with no other variable is itself).
		p.pathDepth++
		args, next := p.args(j, ")")
		p.pathDepth--
		if next > b || len(args) != 1 || !args[0].lit {
			return "", false, 0, false
		}
		v := args[0].str
		for _, h := range []string{"${HOME}", "$HOME"} {
			if rest, ok := strings.CutPrefix(v, h); ok && (rest == "" || rest[0] == '/') && !strings.Contains(rest, "$") {
				return "~" + rest, true, next, true
			}
		}
		if strings.Contains(v, "$") {
			return "", false, 0, false
		}
		return v, false, next, true
	}
	if p.l == Python {
		if s, next, ok := p.pyTextCall(name, k, j, b); ok {
			return s, false, next, true
		}
	}
	if p.l == R {
		if s, tilde, next, ok := p.rPathCall(name, j, b); ok {
			return s, tilde, next, true
		}
	}
	if p.l == Python && pathClasses.Get()[name] || p.l == Ruby && rubyPathClass(name) {
		// Path("/etc"): a path object of that literal, which / extends.
		p.pathDepth++
		args, next := p.args(j, ")")
		p.pathDepth--
		if next > b || len(args) != 1 || !args[0].lit || args[0].key != "" {
			return "", false, 0, false
		}
		return args[0].str, args[0].tilde, next, true
	}
	switch name {
	case "Path.home", "pathlib.Path.home", "os.homedir", "Dir.home", "File.expand_path", "dirs.home_dir", "env.home_dir", "std.env.home_dir", "home.home_dir",
		"os.path.join", "path.join", "path.resolve", "File.join", "posixpath.join", "filepath.Join", "path.Join":
	case "expand", "vim.fn.expand":
		if p.l != Ex && p.l != Lua {
			return "", false, 0, false
		}
	default:
		if last != "expanduser" {
			// Not a call that gives a path: its arguments are not read
			// (reading every nested call's arguments again would take
			// quadratic time).
			return "", false, 0, false
		}
	}
	if p.pathDepth >= maxPathDepth {
		return "", false, 0, false
	}
	p.pathDepth++
	args, next := p.args(j, ")")
	p.pathDepth--
	if next > b {
		return "", false, 0, false
	}
	switch {
	case len(args) == 0 && (name == "Path.home" || name == "pathlib.Path.home" || name == "os.homedir" || name == "Dir.home" ||
		name == "dirs.home_dir" || name == "env.home_dir" || name == "std.env.home_dir" || name == "home.home_dir"):
		return "~", true, next, true
	case len(args) >= 1 && args[0].lit && (name == "expand" || name == "vim.fn.expand"):
		// Vim's expand("~/x") and expand("$HOME/x"): the home directory's
		// file. A name with Vim's special characters (%, #, <cfile>) or
		// a wildcard is not a literal path.
		s := args[0].str
		if h, ok := strings.CutPrefix(s, "$HOME"); ok && (h == "" || h[0] == '/') {
			s = "~" + h
		}
		if s == "" || strings.ContainsAny(s, "%#<*?[$`") {
			return "", false, 0, false
		}
		return s, s == "~" || strings.HasPrefix(s, "~/"), next, true
	case len(args) == 1 && args[0].lit && (last == "expanduser" || name == "File.expand_path"):
		s := args[0].str
		return s, s == "~" || strings.HasPrefix(s, "~/"), next, true
	case len(args) > 0 && (name == "os.path.join" || name == "path.join" || name == "path.resolve" || name == "File.join" || name == "posixpath.join" ||
		name == "filepath.Join" || name == "path.Join"):
		parts := make([]string, len(args))
		for i, a := range args {
			if !a.lit || a.key != "" {
				return "", false, 0, false
			}
			parts[i] = a.str
		}
		joined := parts[0]
		for _, s := range parts[1:] {
			if strings.HasPrefix(s, "/") {
				joined = s
				continue
			}
			joined = strings.TrimSuffix(joined, "/") + "/" + s
		}
		return joined, args[0].tilde, next, true
	}
	return "", false, 0, false
}

// perlGlobCall reads Perl's glob of a literal pattern at token j
// (glob("~"), glob "~/.ssh/*", CORE::glob('/etc/x*')), before b: its
// value is the path the pattern names, ~ and ~/ the home directory, as
// the shell's expansion of the same word is. A pattern glob would split
// (a blank), expand by braces or wildcards, unquote, or give another
// user's home (~name) is not read; without parentheses only a literal that ends the
// expression is (glob "~" . "/x" globs the whole concatenation).
func (p *parser) perlGlobCall(j, b int) (string, bool, int, bool) {
	var pat string
	next := 0
	switch {
	case j < b && isP(p.toks[j], "("):
		p.pathDepth++
		args, n := p.args(j, ")")
		p.pathDepth--
		if n > b || len(args) != 1 || !args[0].lit || args[0].key != "" {
			return "", false, 0, false
		}
		pat, next = args[0].str, n
	case j < b && p.toks[j].kind == tString && p.toks[j].lit && (j+1 >= b || p.toks[j+1].kind == tNewline ||
		p.toks[j+1].kind == tPunct && strings.Contains(";),}]", p.toks[j+1].text)):
		pat, next = p.toks[j].text, j+1
	default:
		return "", false, 0, false
	}
	if !perlStaticGlob(pat) {
		return "", false, 0, false
	}
	return pat, pat == "~" || strings.HasPrefix(pat, "~/"), next, true
}

// perlStaticGlob reports a Perl glob pattern that names one path as the
// same shell word would: not empty, no blank (glob splits there), no
// braces or quotes, no wildcard (its matches would reach the judge as a
// literal name: a pattern stays only known at run time), and a leading ~
// only as the home directory (~ or ~/…).
func perlStaticGlob(pat string) bool {
	if pat == "" || strings.ContainsAny(pat, " \t\n\r\v\f{}\"'\\*?[") {
		return false
	}
	return !strings.HasPrefix(pat, "~") || pat == "~" || strings.HasPrefix(pat, "~/")
}

// pathMethods are the pathlib methods whose value is a path the text
// shows: joinpath of literal parts, expanduser, and resolve and absolute,
// which name the same file.
var pathMethods = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"joinpath": true, "expanduser": true, "resolve": true, "absolute": true,
		"with_name": true, "with_stem": true, "with_suffix": true}
}}

// pathSiblings reports the pathlib methods whose argument is a name,
// not a path: the value is a sibling of the receiver.
func pathSiblings(method string) bool {
	return method == "with_name" || method == "with_stem" || method == "with_suffix"
}

// pathClasses are pathlib's constructors: Path("/x") is a path object
// that / extends.
var pathClasses = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"Path": true, "pathlib.Path": true, "PurePath": true, "pathlib.PurePath": true,
		"PosixPath": true, "pathlib.PosixPath": true}
}}

// dottedFrom returns the dotted name that starts at token k (a.b.c),
// reading no further than b.
func (p *parser) dottedFrom(k, b int) string {
	name := p.toks[k].text
	for j := k + 1; j+1 < b && p.toks[j].kind == tPunct && (p.toks[j].text == "." || p.toks[j].text == "::") && p.toks[j+1].kind == tIdent; j += 2 {
		name += "." + p.toks[j+1].text
	}
	return name
}

// fileURLPath returns the path a file: URL names (file:///x/y,
// file://localhost/x, with its %XX escapes decoded), as Node's fs reads a
// URL object; ok is false for any other URL.
func fileURLPath(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Host != "" && !strings.EqualFold(u.Host, "localhost") || u.Opaque != "" {
		return "", false
	}
	if u.Path == "" || !strings.HasPrefix(u.Path, "/") || strings.Contains(u.Path, "\x00") {
		return "", false
	}
	return u.Path, true
}
