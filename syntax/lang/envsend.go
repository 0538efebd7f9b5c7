package lang

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// netPrefixes are, per language, the names (after import aliases) of the
// calls that open a network connection or send a request: a call whose
// name is one of them or starts with one followed by ".". They are the
// standard library's and the common clients' entry points, as their
// documentation names them.
var netPrefixes = lazy.Value[map[Lang][]string]{New: func() map[Lang][]string {
	return map[Lang][]string{
		Python: {"urllib.request", "urllib.urlopen", "urllib2", "urllib3", "requests", "httpx", "http.client", "socket",
			"aiohttp", "smtplib", "ftplib", "telnetlib", "paramiko", "xmlrpc.client", "websocket", "websockets", "pycurl"},
		JS: {"fetch", "http", "https", "http2", "net", "tls", "dgram", "axios", "undici", "got", "XMLHttpRequest", "WebSocket",
			"Deno.connect", "Deno.connectTls", "Bun.connect", "navigator.sendBeacon"},
		Ruby: {"Net.HTTP", "Net.SMTP", "Net.FTP", "URI.open", "TCPSocket", "UDPSocket", "Socket.tcp", "HTTParty", "Faraday",
			"RestClient", "Excon", "HTTP"},
		Perl: {"LWP.UserAgent", "LWP.Simple", "HTTP.Tiny", "IO.Socket.INET", "IO.Socket.IP", "IO.Socket.SSL", "Net.HTTP",
			"Net.SMTP", "Mojo.UserAgent", "Furl"},
		PHP: {"curl_exec", "curl_multi_exec", "fsockopen", "pfsockopen", "stream_socket_client", "socket_connect", "mail"},
	}
}}

// netPrefix reports whether full names a network call of language l.
func netPrefix(l Lang, full string) bool {
	for _, p := range netPrefixes.Get()[l] {
		if full == p || strings.HasPrefix(full, p+".") {
			return true
		}
	}
	return false
}

// envSend finds, in a program of Python, JavaScript, Ruby, Perl or PHP,
// reads of the environment (os.environ["KEY"], os.getenv("KEY"),
// process.env.KEY, ENV["KEY"], $ENV{KEY}, getenv("KEY"), and the whole
// table) together with a network call (urllib.request.urlopen,
// requests.post, fetch, https.request, Net::HTTP, LWP::UserAgent,
// curl_exec …). ok is false unless the program does both: a program that
// only reads its environment, or only talks to the network, sends no
// variable. A name in a string or a comment is no token, so it counts
// for nothing.
func envSend(p *parser) (Effect, bool) {
	if _, ok := netPrefixes.Get()[p.l]; !ok {
		return Effect{}, false
	}
	names := map[string]bool{}
	any := false
	netCall, netOff := "", -1
	var hosts []string
	for i := 0; i < len(p.toks); i++ {
		full, first, call, ok := p.nameAt(i)
		if !ok || p.l == Python && p.importLine(first) {
			continue // from os import environ names, it does not read
		}
		t := p.toks[i]
		if n, all, ok := p.envRead(i, full, call); ok {
			if all {
				any = true
			} else {
				names[n] = true
			}
			continue
		}
		if (call || p.l == Ruby || p.l == Perl) && netPrefix(p.l, strings.ReplaceAll(full, "::", ".")) {
			hosts = append(hosts, p.callHost(i))
			if netOff < 0 {
				netCall, netOff = full, t.off
			}
			continue
		}
		if netOff < 0 && p.l == PHP && call && (full == "file_get_contents" || full == "fopen") {
			if a := p.tok(i + 2); a.kind == tString && (strings.HasPrefix(a.text, "http://") || strings.HasPrefix(a.text, "https://") || strings.HasPrefix(a.text, "ftp://")) {
				netCall, netOff = full, t.off
				hosts = append(hosts, p.callHost(i))
			}
		}
	}
	if netOff < 0 || len(names) == 0 && !any {
		return Effect{}, false
	}
	var argv []string
	for n := range names {
		argv = append(argv, n)
	}
	sort.Strings(argv)
	e := Effect{Kind: Send, Call: strings.ReplaceAll(netCall, "::", "."), Argv: argv, Offset: netOff, Hosts: hosts}
	if any {
		e.Text = "*"
	}
	return e, true
}

// importLine reports whether token i is on a Python import statement
// (import x, from x import y): the statement's first token, after the
// last end of line or ";", is "import" or "from".
func (p *parser) importLine(i int) bool {
	for j := i - 1; j >= 0 && i-j < 256; j-- {
		t := p.toks[j]
		if t.kind == tNewline || t.kind == tPunct && t.text == ";" {
			n := p.tok(j + 1)
			return n.kind == tIdent && (n.text == "import" || n.text == "from")
		}
		if j == 0 {
			return t.kind == tIdent && (t.text == "import" || t.text == "from")
		}
	}
	return false
}

// envRead reads, at token i (the identifier that ends a dotted name, full
// once import aliases are resolved; call when "(" follows), a read of the
// environment: one variable by a literal name (os.environ["KEY"],
// os.getenv("KEY"), process.env.KEY, ENV["KEY"], $ENV{KEY}), returned as
// name, or the whole table or a name only known at run time (all). ok is
// false when the token reads no environment.
func (p *parser) envRead(i int, full string, call bool) (name string, all, ok bool) {
	t, next := p.toks[i], p.tok(i+1)
	if p.l == Perl {
		// $ENV{KEY}, $ENV{'KEY'}; %ENV is the whole table.
		switch t.text {
		case "$ENV":
			if next.text == "{" && p.tok(i+3).text == "}" && (p.tok(i+2).kind == tIdent || p.tok(i+2).kind == tString && p.tok(i+2).lit) {
				return p.tok(i + 2).text, false, true
			}
			return "", true, true
		case "%ENV":
			return "", true, true
		}
	}
	switch {
	case envGetters.Get()[full] && call:
		if a := p.tok(i + 2); a.kind == tString && a.lit && p.tok(i+3).kind == tPunct && (p.tok(i+3).text == ")" || p.tok(i+3).text == ",") {
			return a.text, false, true
		}
		return "", true, true
	case envTables.Get()[full]:
		if next.kind == tPunct && next.text == "[" && p.tok(i+2).kind == tString && p.tok(i+2).lit && p.tok(i+3).text == "]" {
			return p.tok(i + 2).text, false, true
		}
		return "", true, true // dict(os.environ), process.env[k], ENV.to_h
	}
	if dot := strings.LastIndexByte(full, '.'); dot > 0 && envTables.Get()[full[:dot]] {
		if call {
			return "", true, true // os.environ.copy(), process.env.hasOwnProperty(…)
		}
		return full[dot+1:], false, true // process.env.KEY
	}
	// ENV.to_h.to_s, ENV.to_a.join, os.environ.items().__str__: the
	// table through a method of its own, then more (red team rc: Ruby's
	// ENV.to_h sent by Net::HTTP was not read); process.env.KEY.length
	// is the variable KEY.
	for dot := strings.IndexByte(full, '.'); dot > 0; {
		if envTables.Get()[full[:dot]] {
			seg, _, _ := strings.Cut(full[dot+1:], ".")
			if envTableMethods.Has(seg) {
				return "", true, true
			}
			return seg, false, true
		}
		next := strings.IndexByte(full[dot+1:], '.')
		if next < 0 {
			break
		}
		dot += 1 + next
	}
	return "", false, false
}

// envTableMethods are the methods of an environment table (Ruby's ENV,
// Python's os.environ, a JavaScript object) that give the whole table or
// all its names or values.
var envTableMethods = lazy.Set{List: []string{"to_h", "to_hash", "to_a", "to_s", "inspect", "each", "each_pair", "map", "select",
	"filter", "reject", "keys", "values", "entries", "items", "copy", "dup", "clone", "sort", "sort_by", "find_all", "collect",
	"slice", "reduce", "each_with_object", "group_by", "partition", "min_by", "max_by", "join"}}
