package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

var wgetRule = Rule{
	Name: "wget",
	Doc: `wget downloads. -O/--output-document FILE becomes sandbox/<base name>
(-O - is stdout, followed like curl's); -P/--directory-prefix DIR outside
the sandbox becomes the sandbox; without either, the files (one, many with
-i, a tree with -r/-m) would land in the working directory, so -P <sandbox>
is added. -o/-a are log files, not content, and stay.`,
	Commands: []string{"wget", "wget2"},
	Call:     checkWget,
}

var wgetSpec = optSpec{
	shortVal: "eoaiBtOTwQPlARDXIU",
	longVal: setOf("execute", "output-file", "append-output", "input-file", "base", "config", "bind-address",
		"tries", "output-document", "backups", "timeout", "dns-timeout", "connect-timeout", "read-timeout",
		"limit-rate", "wait", "waitretry", "quota", "directory-prefix", "cut-dirs", "default-page", "user", "password",
		"http-user", "http-password", "header", "max-redirect", "proxy-user", "proxy-password", "referer",
		"save-cookies", "load-cookies", "post-data", "post-file", "method", "body-data", "body-file", "user-agent",
		"certificate", "certificate-type", "private-key", "private-key-type", "ca-certificate", "ca-directory",
		"secure-protocol", "level", "accept", "reject", "accept-regex", "reject-regex", "domains", "exclude-domains",
		"include-directories", "exclude-directories", "local-encoding", "remote-encoding", "restrict-file-names",
		"progress", "e", "ftp-user", "ftp-password", "regex-type", "report-speed", "warc-file", "rejected-log",
		"hsts-file", "use-askpass", "ciphers", "pinnedpubkey", "crl-file", "egd-file", "random-file"),
	longEq: true,
}

func checkWget(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, wgetSpec)
	if has(opts, "h", "help", "V", "version") && len(operands) == 0 {
		return
	}
	var edits []syntax.Edit
	var rel []Relocation
	var dests []string
	docs := find(opts, "O", "output-document")
	stdout := false
	for _, o := range docs {
		v := o.val
		if v.Static && v.Value == "-" {
			stdout = true
			continue
		}
		if p.InSandbox(c.Dir, v) {
			continue
		}
		dest, text := p.sandboxed(v, "download")
		edits = append(edits, setValue(c, o, text))
		rel = append(rel, relocate(c, c.Dir, v.Value, dest)...)
		dests = append(dests, dest)
	}
	if len(docs) == 0 {
		if prefixes := find(opts, "P", "directory-prefix"); len(prefixes) > 0 {
			d := prefixes[len(prefixes)-1]
			if !p.InSandbox(c.Dir, d.val) {
				dest, text := p.sandboxed(d.val, "download")
				edits = append(edits, setValue(c, d, text))
				dests = append(dests, dest)
			}
		} else if !p.DirInSandbox(c.Dir) && (len(operands) > 0 || c.ExtraArgs || has(opts, "i", "input-file")) {
			var urls []string
			if !has(opts, "r", "recursive", "m", "mirror") {
				for _, i := range operands {
					urls = append(urls, c.Args[i].Value)
				}
			}
			e, r, d := p.intoSandboxDir(c, " -P ", urls)
			edits, rel, dests = append(edits, e...), append(rel, r...), append(dests, d...)
		}
	}
	if len(edits) > 0 {
		p.acquire(c, "wget", "download", "wget saves the download outside the sandbox", joinDests(dests), edits, rel)
	}
	if stdout {
		p.followStdout(c, "wget", "download")
	}
}

func joinDests(d []string) string {
	out := ""
	for i, s := range d {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}
