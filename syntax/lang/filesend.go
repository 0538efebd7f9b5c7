package lang

import (
	"net/url"
	"strings"
)

// fileSend finds, in a program of Python, JavaScript, Ruby, Perl or PHP,
// a network call (netPrefixes; PHP's file_get_contents or fopen of a URL
// literal) together with a local file the program reads (a Read among
// effects): what it read may be what it sends, an upload as curl -d @f
// is. ok is false unless the program does both. Argv holds, for each
// network call of the program, the host its literal argument names, ""
// for one whose target is built at run time: the file may go to any of
// them.
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
	// Every network call of the program, with the host its own literal
	// argument names ("" when it names none: a URL built at run time).
	netCall, netOff := "", -1
	var hosts []string
	for i := 0; i < len(p.toks); i++ {
		name, first, call, ok := p.nameAt(i)
		if !ok || p.l == Python && p.importLine(first) {
			continue
		}
		full := strings.ReplaceAll(name, "::", ".")
		net := (call || p.l == Ruby || p.l == Perl) && netPrefix(p.l, full) && !(call && fileURLLiteral(p.tok(i+2)))
		if p.l == PHP && call && (full == "file_get_contents" || full == "fopen") && urlLiteral(p.tok(i+2)) {
			net = true
		}
		if !net {
			continue
		}
		if netOff < 0 {
			netCall, netOff = full, p.toks[i].off
		}
		hosts = append(hosts, p.callHost(i))
	}
	if netOff < 0 {
		return Effect{}, false
	}
	return Effect{Kind: Upload, Call: netCall, Path: path, Argv: hosts, Offset: netOff}, true
}

// callHost is the host a network call at token i names by its first
// literal argument — a URL, or a host name with or without a port
// (socket.create_connection(("h", 80)), IO::Socket::INET->new("h:80"))
// — or "" when its target is not a literal.
func (p *parser) callHost(i int) string {
	for k := i + 1; k < len(p.toks) && k <= i+6; k++ {
		t := p.toks[k]
		switch {
		case t.kind == tNewline || t.kind == tPunct && (t.text == ";" || t.text == ")" || t.text == ","):
			return ""
		case urlLiteral(t):
			if u, err := url.Parse(t.text); err == nil {
				return u.Hostname()
			}
			return ""
		case t.kind == tString:
			return hostLiteral(t.text)
		}
	}
	return ""
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
