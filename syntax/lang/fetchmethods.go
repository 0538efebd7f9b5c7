package lang

// Perl's HTTP clients also save a response to a file through a method of
// a client object, which fetchStores (function names) does not see:
// HTTP::Tiny->new->mirror(URL, FILE) and LWP::UserAgent's
// $ua->mirror(URL, FILE) write the body to FILE (HTTP::Tiny(3pm),
// LWP::UserAgent(3pm)), and LWP::UserAgent's get/post/put/request with
// the ":content_file" => FILE option write it there too. Such a call is a
// fetch that writes FILE, as getstore(URL, FILE) is.

// perlMethodStore finds such a method call in Perl code: a ->mirror(…)
// whose first argument is a URL literal or in a program that names a
// Perl HTTP client (netPrefixes), or, in such a program, a call given
// ":content_file" => FILE. Path is FILE when it is a literal.
func perlMethodStore(p *parser) (Effect, bool) {
	if p.l != Perl {
		return Effect{}, false
	}
	client := false
	for i := range p.toks {
		if name, _, _, ok := p.nameAt(i); ok && netPrefix(p.l, name) {
			client = true
			break
		}
	}
	for i := 1; i+2 < len(p.toks); i++ {
		t := p.toks[i]
		if client && t.kind == tString && t.text == ":content_file" && (isP(p.tok(i+1), "=>") || isP(p.tok(i+1), ",")) {
			// An option of the call around it: the response body is
			// saved to the value.
			path := ""
			if f := p.tok(i + 2); litStr(f) {
				path = f.text
			}
			return Effect{Kind: Fetch, Call: ":content_file", Path: path, Offset: t.off}, true
		}
		if t.kind != tIdent || t.text != "mirror" || !isP(p.tok(i-1), "->") || !isP(p.tok(i+1), "(") ||
			!urlLiteral(p.tok(i+2)) && !client {
			continue
		}
		name, _ := p.dotted(i)
		path := ""
		// The second argument, when the first is one token.
		if isP(p.tok(i+3), ",") && litStr(p.tok(i+4)) && (isP(p.tok(i+5), ")") || isP(p.tok(i+5), ",")) {
			path = p.tok(i + 4).text
		}
		return Effect{Kind: Fetch, Call: name, Path: path, Offset: t.off}, true
	}
	return Effect{}, false
}
