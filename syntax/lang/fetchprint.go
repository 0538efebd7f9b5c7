package lang

import (
	"github.com/corral-dev/corral/internal/lazy"
)

// printNames are, per language, the calls and streams that write to the
// program's standard output (a stream named as a value counts: r.pipe(
// process.stdout), shutil.copyfileobj(r, sys.stdout), then(console.log)).
var printNames = lazy.Value[map[Lang][]string]{New: func() map[Lang][]string {
	return map[Lang][]string{
		Python: {"print", "sys.stdout", "sys.stdout.write", "sys.stdout.buffer", "sys.stdout.buffer.write", "pprint.pprint", "os.write"},
		JS: {"console.log", "console.info", "console.dir", "console.error", "process.stdout", "process.stdout.write",
			"Deno.stdout", "Bun.stdout", "Bun.write"},
		Ruby: {"print", "puts", "p", "pp", "$stdout", "STDOUT", "$stdout.write", "STDOUT.write", "$stdout.puts", "STDOUT.puts",
			"$stdout.print", "STDOUT.print", "IO.copy_stream"},
		Perl: {"print", "say", "printf", "STDOUT", "syswrite"},
		PHP:  {"echo", "print", "printf", "print_r", "var_dump", "fpassthru", "STDOUT", "php.output"},
	}
}}

// fetchPrinters are calls that fetch a URL and print the body themselves
// (LWP::Simple's getprint, PHP's readfile of a URL literal).
var fetchPrinters = lazy.Value[map[Lang][]string]{New: func() map[Lang][]string {
	return map[Lang][]string{
		Perl: {"getprint", "LWP.Simple.getprint"},
		PHP:  {"readfile"},
	}
}}

// FetchPrint finds, in program code of Python, JavaScript, Ruby, Perl or
// PHP, a network call whose result the code prints to its standard
// output: the call inside a print's statement (print(urlopen(URL).read()),
// fetch(URL).then(r => r.text()).then(console.log), print get(URL) after
// use LWP::Simple, echo file_get_contents("https://…")), or a name the
// statement of the network call binds (r = urlopen(URL), with urlopen(URL)
// as r, for line in urlopen(URL), my $c = get(URL)), and every name bound
// from one of those in turn, used in a print's statement; also the calls
// that fetch and print in one (getprint, PHP's readfile of a URL). The
// program's stdout is then a download, as curl's is. It returns the
// network call. A fetch whose result is not printed (urlopen(URL);
// print("done")) and a print of other text are not.
func FetchPrint(l Lang, src string) (string, bool) {
	if l == Tcl {
		return tclFetchPrint(src) // tclfetch.go
	}
	if _, ok := netPrefixes.Get()[l]; !ok {
		return "", false
	}
	text, _, _ := programText(l, src)
	text = lineEnds(l, text)
	text = pySource(l, text)
	p := &parser{src: text, toks: lex(l, text), l: l}
	p.consts = p.constants()
	p.indirect()
	lwpSimple := l == Perl && p.usesModule("LWP", "Simple")
	// The statements: tokens between a newline or ";" and the next.
	type stmt struct {
		net, print bool
		netCall    string
		idents     map[string]bool
		binds      []string
	}
	var stmts []*stmt
	cur := &stmt{idents: map[string]bool{}}
	for i := 0; i < len(p.toks); i++ {
		t := p.toks[i]
		if t.kind == tNewline || t.kind == tPunct && t.text == ";" {
			stmts = append(stmts, cur)
			cur = &stmt{idents: map[string]bool{}}
			continue
		}
		if t.kind != tIdent {
			continue
		}
		cur.idents[t.text] = true
		next := p.tok(i + 1)
		if next.kind == tPunct && (next.text == "=" || next.text == ":=" || next.text == ".=" || next.text == "+=") {
			cur.binds = append(cur.binds, t.text)
		}
		if prev := p.tok(i - 1); prev.kind == tIdent && (prev.text == "as" || prev.text == "for" || prev.text == "my" ||
			prev.text == "const" || prev.text == "let" || prev.text == "var") {
			cur.binds = append(cur.binds, t.text)
		}
		full, first, call, ok := p.nameAt(i)
		if !ok || l == Python && p.importLine(first) {
			continue
		}
		for _, n := range fetchPrinters.Get()[l] {
			if full == n && call && (l != PHP || urlLiteral(p.tok(i+2))) && !fileURLLiteral(p.tok(i+2)) {
				return full, true
			}
		}
		switch {
		case (call || l == Ruby || l == Perl) && netPrefix(l, full) && !(call && fileURLLiteral(p.tok(i+2))),
			l == PHP && call && (full == "file_get_contents" || full == "fopen") && urlLiteral(p.tok(i+2)),
			lwpSimple && (full == "get" || full == "head"):
			cur.net = true
			if cur.netCall == "" {
				cur.netCall = full
			}
		}
		for _, n := range printNames.Get()[l] {
			if full == n && !(next.kind == tPunct && (next.text == "=" || next.text == ".")) {
				cur.print = true
			}
		}
	}
	stmts = append(stmts, cur)
	// Names bound from the network call, then from those, in order.
	held := map[string]bool{}
	netCall := ""
	for pass := 0; pass < 2; pass++ {
		for _, s := range stmts {
			from := s.net
			for n := range s.idents {
				from = from || held[n]
			}
			if !from {
				continue
			}
			if s.net && netCall == "" {
				netCall = s.netCall
			}
			if s.print && netCall != "" {
				return netCall, true
			}
			for _, b := range s.binds {
				held[b] = true
			}
		}
	}
	return "", false
}

// usesModule reports whether Perl code loads module a::b (use a::b).
func (p *parser) usesModule(a, b string) bool {
	for i := 0; i+3 < len(p.toks); i++ {
		if isI(p.toks[i], "use") && isI(p.toks[i+1], a) && isP(p.toks[i+2], "::") && isI(p.toks[i+3], b) {
			return true
		}
	}
	return false
}
