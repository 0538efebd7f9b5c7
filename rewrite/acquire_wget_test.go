package rewrite

import "testing"

func TestWgetScan(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd        string
		doc        string // -O value, "" if none
		noDirs     bool
		noHostDirs bool
	}{
		{"wget -qO- https://x/a", "-", false, false},
		{"wget -O- https://x/a", "-", false, false},
		{"wget -qO f https://x/a", "f", false, false},
		{"wget -Otool.tgz https://x/a", "tool.tgz", false, false},
		{"wget --output-document=f https://x/a", "f", false, false},
		{"wget -nv https://x/a", "", false, false},
		{"wget -nd -r https://x/", "", true, false},
		{"wget -rnH https://x/", "", false, true},
		{"wget -nvdH https://x/", "", true, true},
		{"wget --no-directories https://x/", "", true, false},
		{"wget -e robots=off -O f https://x/", "f", false, false},
		{"wget -o log -a log2 https://x/", "", false, false},
	} {
		c := callOf(t, tc.cmd)
		opts, _ := scan(c.Args, specFor("wget"))
		doc := ""
		if d := find(opts, "O", "output-document"); len(d) > 0 {
			doc = d[len(d)-1].val.Value
		}
		if doc != tc.doc {
			t.Errorf("%s: -O %q, want %q", tc.cmd, doc, tc.doc)
		}
		if got := wgetNo(opts, 'd', "no-directories"); got != tc.noDirs {
			t.Errorf("%s: no directories %v, want %v", tc.cmd, got, tc.noDirs)
		}
		if got := wgetNo(opts, 'H', "no-host-directories"); got != tc.noHostDirs {
			t.Errorf("%s: no host directories %v, want %v", tc.cmd, got, tc.noHostDirs)
		}
	}
}

func TestURLHostAndTopDir(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ url, host, top string }{
		{"https://example.com/site/page.html", "example.com", "site"},
		{"https://user:pw@example.com/a/", "example.com", "a"},
		{"http://example.com:80/a/b", "example.com", "a"},
		{"https://example.com:443/", "example.com", ""},
		{"http://example.com:8080/x/", "example.com:8080", "x"},
		{"https://example.com", "example.com", ""},
		{"https://example.com/file.txt", "example.com", ""},
		{"https://example.com/?q=a/b", "example.com", ""},
		{"http://[::1]:8080/a/", "", "a"},
		{"example.com/a/b", "", ""},
	} {
		if got := urlHost(tc.url); got != tc.host {
			t.Errorf("urlHost(%q) = %q, want %q", tc.url, got, tc.host)
		}
		if got := urlTopDir(tc.url); got != tc.top {
			t.Errorf("urlTopDir(%q) = %q, want %q", tc.url, got, tc.top)
		}
	}
}
