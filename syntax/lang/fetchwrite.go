package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// fetchStores are, per language, the calls that fetch a URL and save the
// response to the file named by their second argument (Python's
// urlretrieve and the wget module, LWP::Simple's getstore and mirror,
// PHP's copy of an http(s) or ftp URL).
var fetchStores = lazy.Value[map[Lang][]string]{New: func() map[Lang][]string {
	return map[Lang][]string{
		Python: {"urllib.request.urlretrieve", "urllib.urlretrieve", "wget.download"},
		Perl:   {"getstore", "mirror", "LWP.Simple.getstore", "LWP.Simple.mirror"},
		PHP:    {"copy"},
	}
}}

// urlLiteral reports whether t is a string literal of a network URL.
func urlLiteral(t token) bool {
	return t.kind == tString && (strings.HasPrefix(t.text, "http://") || strings.HasPrefix(t.text, "https://") ||
		strings.HasPrefix(t.text, "ftp://"))
}

// fetchWrite finds, in a program of Python, JavaScript, Ruby, Perl or
// PHP, a network call (netPrefixes; PHP's file_get_contents, fopen,
// readfile and copy of a URL literal) together with a file the program
// writes (a Write among effects, or the file a fetch-and-store call such
// as urlretrieve(URL, "f") saves to): what it fetched may be what it
// writes, which is a download corral cannot place in the sandbox. ok is
// false unless the program does both. Path is the file ("" when the
// store call names it at run time), Call the network call.
func fetchWrite(p *parser, effects []Effect) (Effect, bool) {
	if _, ok := netPrefixes.Get()[p.l]; !ok {
		return Effect{}, false
	}
	if e, ok := perlMethodStore(p); ok {
		return e, true // fetchmethods.go
	}
	netCall, netOff := "", -1
	path, stored := "", false
	for i := 0; i < len(p.toks) && !stored; i++ {
		name, first, call, ok := p.nameAt(i)
		if !ok || p.l == Python && p.importLine(first) {
			continue
		}
		t, full := p.toks[i], strings.ReplaceAll(name, "::", ".")
		for _, s := range fetchStores.Get()[p.l] {
			if full != s || !call {
				continue
			}
			if p.l == PHP && !urlLiteral(p.tok(i+2)) || fileURLLiteral(p.tok(i+2)) {
				continue // copy() of a local file; urlretrieve("file:///…", F) copies one (fileURLReads)
			}
			netCall, netOff, stored = full, t.off, true // a store call wins
			// The second argument, when the first is one token.
			if p.tok(i+3).text == "," {
				if a := p.tok(i + 4); a.kind == tString && a.lit {
					path = a.text
				}
			}
		}
		if stored || netOff >= 0 {
			continue // the first network call is named; a store call may follow
		}
		if (call || p.l == Ruby || p.l == Perl) && netPrefix(p.l, full) && !(call && fileURLLiteral(p.tok(i+2))) {
			netCall, netOff = full, t.off
		}
		if p.l == PHP && call && (full == "file_get_contents" || full == "fopen" || full == "readfile") && urlLiteral(p.tok(i+2)) {
			netCall, netOff = full, t.off
		}
	}
	if netOff < 0 {
		return Effect{}, false
	}
	if !stored {
		found := false
		for _, e := range effects {
			if e.Kind == Write {
				path, found = e.Path, true
				break
			}
		}
		if !found {
			return Effect{}, false
		}
	}
	return Effect{Kind: Fetch, Call: netCall, Path: path, Offset: netOff}, true
}
