package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var curlRule = Rule{
	Name: "curl",
	Doc: `curl downloads. Every output is moved into the sandbox: -o/--output
FILE (bundled as in -fsSLo f or attached as -ofile; one per URL) becomes
sandbox/<base name>; -O, --remote-name, --remote-name-all and -J get
--output-dir <sandbox> (an --output-dir outside the sandbox is replaced);
stdout sent to a file with >, >>, &>, to tee, through filters into a file,
or into tar x is moved too. Output to stdout alone (curl URL, curl URL | jq)
is not a file and passes. Options that take a value (-H, -d, -u, -X, -w,
…) are skipped correctly. Later references to a moved file in the same
command (tar xzf x.tgz) follow it.`,
	Commands: []string{"curl"},
	Call:     checkCurl,
}

var curlSpec = optSpec{
	shortVal: "AbcCdDeEFhHKmoPQrtTuUwxXYyz",
	longVal: setOf("abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert", "cert-type", "ciphers",
		"config", "connect-timeout", "connect-to", "continue-at", "cookie", "cookie-jar", "create-file-mode", "crlfile",
		"curves", "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "delegation", "dns-interface",
		"dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "dump-header", "egd-file", "engine", "etag-compare",
		"etag-save", "expect100-timeout", "form", "form-string", "ftp-account", "ftp-alternative-to-user", "ftp-method",
		"ftp-port", "ftp-ssl-ccc-mode", "happy-eyeballs-timeout-ms", "haproxy-clientip", "header", "help", "hostpubmd5",
		"hostpubsha256", "hsts", "interface", "ip-tos", "ipfs-gateway", "json", "keepalive-time", "key", "key-type",
		"krb", "libcurl", "limit-rate", "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt",
		"max-filesize", "max-redirs", "max-time", "netrc-file", "noproxy", "oauth2-bearer", "output", "output-dir",
		"parallel-max", "pass", "pinnedpubkey", "preproxy", "proto", "proto-default", "proto-redir", "proxy",
		"proxy-cacert", "proxy-capath", "proxy-cert", "proxy-cert-type", "proxy-ciphers", "proxy-crlfile",
		"proxy-header", "proxy-key", "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name",
		"proxy-tls13-ciphers", "proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0",
		"pubkey", "quote", "random-file", "range", "rate", "referer", "request", "request-target", "resolve",
		"retry", "retry-delay", "retry-max-time", "sasl-authzid", "service-name", "socks4", "socks4a", "socks5",
		"socks5-gssapi-service", "socks5-hostname", "speed-limit", "speed-time", "stderr", "telnet-option",
		"tftp-blksize", "time-cond", "tls-max", "tls13-ciphers", "tlsauthtype", "tlspassword", "tlsuser", "trace",
		"trace-ascii", "trace-config", "unix-socket", "upload-file", "url", "url-query", "user", "user-agent",
		"variable", "write-out", "ech", "ip-tos", "vlan-priority", "ssl-sessions", "knownhosts"),
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

func checkCurl(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, curlSpec)
	if has(opts, "h", "help", "V", "version", "M", "manual") && len(operands) == 0 {
		return
	}
	var urls []string
	for _, i := range operands {
		urls = append(urls, c.Args[i].Value)
	}
	for _, o := range find(opts, "url") {
		urls = append(urls, o.val.Value)
	}
	if has(opts, "T", "upload-file") && !has(opts, "o", "output", "O", "remote-name", "remote-name-all") {
		return // an upload, not a download
	}
	var edits []syntax.Edit
	var rel []Relocation
	var dests []string
	// -o FILE, one per URL.
	outputs := find(opts, "o", "output")
	outDir := find(opts, "output-dir")
	for _, o := range outputs {
		v := o.val
		if v.Static && (v.Value == "-" || strings.HasPrefix(v.Value, "/dev/")) {
			continue // stdout, or discarded
		}
		base := c.Dir
		if len(outDir) > 0 && outDir[0].val.Static {
			base = base.Join(outDir[0].val.Value)
		}
		if p.InSandbox(base, v) {
			continue
		}
		dest, text := p.sandboxed(v, "download")
		edits = append(edits, setValue(c, o, text))
		rel = append(rel, relocate(c, base, v.Value, dest)...)
		dests = append(dests, dest)
	}
	remote := has(opts, "O", "remote-name", "remote-name-all")
	if remote {
		switch {
		case len(outDir) > 0:
			d := outDir[len(outDir)-1]
			if !p.InSandbox(c.Dir, d.val) {
				edits = append(edits, setValue(c, d, syntax.Quote(p.Config.Sandbox)))
				dests = append(dests, p.Config.Sandbox)
			}
		case !p.DirInSandbox(c.Dir):
			e, r, d := p.intoSandboxDir(c, " --output-dir ", urls)
			edits, rel, dests = append(edits, e...), append(rel, r...), append(dests, d...)
		}
	}
	if len(edits) > 0 {
		p.acquire(c, "curl", "download", "curl saves the download outside the sandbox", joinDests(dests), edits, rel)
	}
	// What is not saved to a file goes to stdout.
	if !remote && len(outputs) < max(len(urls), 1) || hasStdoutOutput(outputs) {
		p.followStdout(c, "curl", "download")
	}
}

func hasStdoutOutput(outputs []option) bool {
	for _, o := range outputs {
		if o.val.Static && o.val.Value == "-" {
			return true
		}
	}
	return false
}
