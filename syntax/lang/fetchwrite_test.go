package lang

import "testing"

// TestFetchWrite: program code that opens a network connection and
// writes a file reports the network call and the file; code that only
// reads the network, only writes, or copies a local file reports
// nothing.
func TestFetchWrite(t *testing.T) {
	t.Parallel()
	cases := []struct {
		l    Lang
		src  string
		want string // "" for no Fetch; else call + " " + path
	}{
		{Python, `import urllib.request; urllib.request.urlretrieve("https://h/x", "f")`, "urllib.request.urlretrieve f"},
		{Python, "from urllib.request import urlretrieve\nurlretrieve('https://h/x', 'out.bin')", "urllib.request.urlretrieve out.bin"},
		{Python, `import urllib.request as u; u.urlretrieve(url, name)`, "urllib.request.urlretrieve "},
		{Python, `import requests; open("f","wb").write(requests.get("https://h/x").content)`, "requests.get f"},
		{Python, `import shutil, urllib.request; shutil.copyfileobj(urllib.request.urlopen("https://h"), open("f","wb"))`, "urllib.request.urlopen f"},
		{JS, `fetch("https://h").then(r=>r.text()).then(t=>require("fs").writeFileSync("f",t))`, "fetch f"},
		{JS, `const https=require("https"),fs=require("fs"); https.get("https://h", r => r.pipe(fs.createWriteStream("f")))`, "https.get f"},
		{Ruby, `require "open-uri"; File.write("f", URI.open("https://h").read)`, "URI.open f"},
		{Perl, `use LWP::Simple; getstore("https://h/x", "f")`, "getstore f"},
		{Perl, `LWP::Simple::mirror("https://h/x", "f")`, "LWP.Simple.mirror f"},
		{PHP, `file_put_contents("f", file_get_contents("https://h/x"));`, "file_get_contents f"},
		{PHP, `copy("https://h/x", "f");`, "copy f"},
		// Look-alikes.
		{Python, `print(open("f").read())`, ""},
		{Python, `import requests; print(requests.get("https://h").json())`, ""},
		{Python, `open("log.txt", "w").write("requests.get")`, ""},
		{PHP, `copy("a.txt", "b.txt");`, ""},
		{JS, `require("fs").writeFileSync("f", "x")`, ""},
		{Perl, `print "getstore"`, ""},
	}
	for _, c := range cases {
		got := ""
		for _, e := range Analyze(c.l, c.src) {
			if e.Kind == Fetch {
				got = e.Call + " " + e.Path
			}
		}
		if got != c.want {
			t.Errorf("%s %q: %q, want %q", c.l, c.src, got, c.want)
		}
	}
}
