package lang

import (
	"net/url"
	"strings"
)

// fileSend finds, in a program of Python, JavaScript, Ruby, Perl or PHP,
// a network call (netPrefixes; PHP's file_get_contents or fopen of a URL
// literal) together with a local file the program reads (a Read among
// effects): what it read may be what it sends, an upload as curl -d @f
// is. ok is false unless the program does both. Text is the host of the
// first http(s)/ftp URL literal of the program or, failing one, of a
// host-name literal given to the network call (socket.create_connection
// (("h", 80)), IO::Socket::INET->new("h:80")); "" when neither is there.
func fileSend(p *parser, effects []Effect) (Effect, bool) {
	if _, ok := netPrefixes.Get()[p.l]; !ok {
		return Effect{}, false
	}
	path := ""
	for _, e := range effects {
		// A read the network library itself makes (urlopen of a
		// file:// URL, LWP's get of one) is that library reading a
		// local file, not a file sent.
		if e.Kind == Read && e.Path != "" && !strings.Contains(e.Path, "://") && !netPrefix(p.l, strings.ReplaceAll(e.Call, "::", ".")) {
			path = e.Path
			break
		}
	}
	if path == "" {
		return Effect{}, false
	}
	netCall, netOff, at := "", -1, -1
	for i := 0; i < len(p.toks) && netOff < 0; i++ {
		name, first, call, ok := p.nameAt(i)
		if !ok || p.l == Python && p.importLine(first) {
			continue
		}
		full := strings.ReplaceAll(name, "::", ".")
		if (call || p.l == Ruby || p.l == Perl) && netPrefix(p.l, full) && !(call && fileURLLiteral(p.tok(i+2))) {
			netCall, netOff, at = full, p.toks[i].off, i
		}
		if p.l == PHP && call && (full == "file_get_contents" || full == "fopen") && urlLiteral(p.tok(i+2)) {
			netCall, netOff, at = full, p.toks[i].off, i
		}
	}
	if netOff < 0 {
		return Effect{}, false
	}
	host := ""
	for _, t := range p.toks {
		if urlLiteral(t) {
			if u, err := url.Parse(t.text); err == nil {
				host = u.Hostname()
			}
			break
		}
	}
	if host == "" {
		// The first string literal a few tokens after the call's name:
		// its argument, or the first of a tuple or a method's.
		for k := at + 1; k < len(p.toks) && k <= at+6; k++ {
			if t := p.toks[k]; t.kind == tString {
				host = hostLiteral(t.text)
				break
			}
		}
	}
	return Effect{Kind: Upload, Call: netCall, Path: path, Text: host, Offset: netOff}, true
}

// hostLiteral is the host of a literal "host", "host:port" or
// "[v6]:port", or "" when s does not look like one.
func hostLiteral(s string) string {
	if strings.HasPrefix(s, "[") {
		if i := strings.Index(s, "]"); i > 1 {
			return s[1:i]
		}
		return ""
	}
	if strings.Count(s, ":") == 1 {
		s, _, _ = strings.Cut(s, ":")
	}
	if s == "" || strings.ContainsAny(s, " /\\\t\n@") {
		return ""
	}
	return s
}
