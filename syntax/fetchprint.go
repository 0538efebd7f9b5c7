package syntax

import "github.com/corral-dev/corral/syntax/lang"

// FetchPrint reports whether interpreter call c runs code given on its
// command line (python3 -c, node -e/-p, ruby -e, perl -e, php -r) that
// fetches a URL and prints what it fetched (lang.FetchPrint): its
// standard output is a download, as curl's is, to be followed to the
// files it reaches. Perl's -M modules count as use lines (perl
// -MLWP::Simple -e 'print get(URL)'). what names the network call. A
// script on disk is the project's own program and is not read here.
func FetchPrint(c *Call) (what string, ok bool) {
	l := lang.ForProgram(c.Name)
	if l == "" {
		return "", false
	}
	p, ok := interpreterProgram(c)
	if !ok || !p.hasCode || len(p.code) > MaxSource {
		return "", false
	}
	src := p.code
	for _, m := range perlLoadedModules(c) {
		src += "\n;use " + m + ";"
	}
	return lang.FetchPrint(l, src)
}
