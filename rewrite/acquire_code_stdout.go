package rewrite

import (
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// followCodeFetchStdout follows the stdout of interpreter code written in
// the command that fetches a URL and prints what it fetched (perl
// -MLWP::Simple -e 'print get(URL)' > f, python3 -c 'print(urlopen(URL)
// .read().decode())' > f, node -e 'fetch(URL).then(r => r.text())
// .then(console.log)' | tee f, ruby -ropen-uri -e 'print URI.open(URL)
// .read' > f): that stdout is a download, as curl's is, so the files it
// reaches move into the sandbox (syntax.FetchPrint reads the code). Code
// that prints other text, or fetches without printing the result, is
// not followed.
func (p *Pass) followCodeFetchStdout() {
	for _, c := range p.Model.Calls {
		if lang.ForProgram(c.Name) == "" {
			continue
		}
		if _, ok := syntax.FetchPrint(c); ok {
			p.followStdout(c, "http-client", "download")
		}
	}
}
