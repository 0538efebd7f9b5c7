package syntax

import "github.com/corral-dev/corral/syntax/lang"

// FetchPrint reports whether interpreter call c runs code given on its
// command line (python3 -c, node -e/-p, ruby -e, perl -e, php -r) that
// fetches a URL and prints what it fetched (lang.FetchPrint): its
// standard output is a download, as curl's is, to be followed to the
// files it reaches. Perl's -M modules count as use lines (perl
// -MLWP::Simple -e 'print get(URL)'). what names the network call. The
// program read from a here-document, a here-string, a "< FILE" or a
// script file on disk (python3 <<'E' … print(urlopen(URL).read()) E > f,
// perl x.pl > f) counts too: the walk reads it (codeFetchPrint).
func FetchPrint(c *Call) (what string, ok bool) {
	if c.fetchPrint != "" {
		return c.fetchPrint, true
	}
	l := lang.ForProgram(c.Name)
	if l == "" {
		return "", false
	}
	p, ok := interpreterProgram(c)
	if !ok || !p.hasCode || len(p.code) > MaxSource {
		return "", false
	}
	return fetchPrintText(c, l, p.code)
}

// fetchPrintText reports whether program text src of language l, run by
// call c, fetches a URL and prints what it fetched.
func fetchPrintText(c *Call, l lang.Lang, src string) (string, bool) {
	if len(src) > MaxSource {
		return "", false
	}
	for _, m := range perlLoadedModules(c) {
		src += "\n;use " + m + ";"
	}
	return lang.FetchPrint(l, src)
}

// codeFetchPrint records, for an interpreter call whose program is the
// text src (from its standard input or a script file), that the program
// fetches a URL and prints it (Call.fetchPrint, read by FetchPrint).
func codeFetchPrint(c *Call, l lang.Lang, src string) {
	if c.fetchPrint != "" {
		return
	}
	if what, ok := fetchPrintText(c, l, src); ok {
		c.fetchPrint = what
	}
}
