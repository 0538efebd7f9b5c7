package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var httpClients = Rule{
	Name: "http-client",
	Doc: `The other HTTP clients download as curl does: httpie (http, https)
and xh (xh, xhs) print the body, or with -d/--download save it to
-o/--output or to a file named after the URL in the working directory;
curlie takes curl's options; the text browsers lynx, w3m, links and elinks
print a page with -dump or -source; gh api prints the GitHub API's answer
(a tarball, a file's contents) and gh gist view a gist's files;
libwww-perl's lwp-request and its
GET, POST and PUT print the body, and lwp-download URL [FILE] saves it to
FILE or, without one, to a file named after the URL here (the sandbox
directory is given as FILE then). A saved file (-o FILE) moves into the
sandbox; a download with --download and no -o asks, since the client
names the file from the server's answer; what goes to stdout is followed
into the files and the programs it reaches, as curl's is (a shell
reading it is the pipe-shell rule's). Interpreter code written in the
command is an HTTP client too: Python, JavaScript, Ruby, Perl or PHP code
that opens a network connection and writes a file (urlretrieve(URL, "f"),
requests.get with open("f", "wb"), fetch with fs.writeFileSync,
URI.open with File.write, getstore/mirror, Perl's client objects'
->mirror(URL, FILE) and LWP's :content_file => FILE, file_put_contents of
file_get_contents("https://…"), copy("https://…", "f")) asks, since the
file is named inside the program; the file in the sandbox passes, and so
does code that only reads the network or only writes. Code that prints
what it fetched (print(urlopen(URL).read()), fetch(URL).then(r =>
r.text()).then(console.log), perl -MLWP::Simple -e 'print get(URL)',
print URI.open(URL).read) is a downloader whose stdout is followed as
curl's is. Converters given a URL fetch it too: pandoc's http(s) input,
xmllint's and xsltproc's http or ftp document or stylesheet (unless
--nonet), ffmpeg's -i URL; their output file (pandoc -o, xmllint
--output, xsltproc -o, ffmpeg's last argument) moves into the sandbox
and their stdout is followed.`,
	Decisions: []Decision{Rewrite, Ask},
	Commands:  []string{"http", "https", "xh", "xhs", "curlie", "lynx", "w3m", "links", "elinks", "gh", "lwp-request", "GET", "POST", "PUT", "lwp-download", "pandoc", "xmllint", "xsltproc", "ffmpeg"},
	Call:      checkHTTPClient,
	Command:   checkCodeFetch,
}

// checkCodeFetch asks about interpreter code in the command that fetches
// from the network and writes a file (syntax's NetWrites).
func checkCodeFetch(p *Pass) {
	p.followCodeFetchStdout() // acquire_code_stdout.go: code that fetches and prints
	for _, nw := range p.Model.NetWrites {
		c := nw.Call
		if nw.Path != "" && p.InSandbox(c.Dir, syntax.Arg{Value: nw.Path, Raw: nw.Path, Static: true}) {
			continue
		}
		what := "a file it names at run time"
		if nw.Path != "" {
			what = nw.Path
		}
		p.Report(c, Finding{Rule: "http-client", Decision: Ask, Kind: "download",
			Message: nw.What + " fetches from the network and the code writes " + what + "; corral cannot move that into the sandbox inside the program"})
	}
}

// httpieSpec is httpie's and xh's options that take a value (http --help,
// xh --help).
var httpieSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "ohapsvbAP", longEq: true, longVal: longOpts("output", "auth", "auth-type", "print", "pretty",
		"style", "format-options", "response-charset", "response-mime", "session", "session-read-only", "verify", "cert",
		"cert-key", "cert-key-pass", "ssl", "ciphers", "proxy", "timeout", "max-redirects", "max-headers", "default-scheme",
		"boundary", "raw", "unix-socket", "bearer", "method", "http-version", "resolve", "interface")}
}}

func checkHTTPClient(p *Pass, c *syntax.Call) {
	switch c.Name {
	case "pandoc", "xmllint", "xsltproc", "ffmpeg":
		// A converter given a URL fetches it (acquire_url_converters.go).
		checkURLConverter(p, c)
	case "gh":
		// gh api ENDPOINT prints the answer (gh-api(1)): followed as
		// curl's stdout is.
		if len(c.Args) > 1 && c.Args[0].Value == "api" {
			for _, a := range c.Args[1:] {
				if a.Value == "--help" || a.Value == "-h" {
					return
				}
			}
			p.followStdout(c, "http-client", "download")
			return
		}
		// gh gist view ID prints a gist's files (--raw: as stored, -f
		// FILE: one of them), fetched from GitHub (gh-gist-view(1)):
		// external content followed as gh api's answer is. --web opens
		// a browser; --help prints help. (gh pr diff, the project's own
		// pull requests, is left to the reviewer: gh pr diff | git apply
		// passes.)
		if len(c.Args) > 1 && c.Args[0].Value == "gist" && c.Args[1].Value == "view" {
			for _, a := range c.Args[2:] {
				switch a.Value {
				case "--web", "-w", "--help", "-h":
					return
				}
			}
			p.followStdout(c, "http-client", "download")
		}
	case "curlie":
		// curl's options: -o FILE saves, else stdout.
		opts, _ := scan(c.Args, specFor("curl"))
		if outs := find(opts, "o", "output"); len(outs) > 0 {
			p.moveOutputOption(c, outs[len(outs)-1], "http-client")
			return
		}
		p.followStdout(c, "http-client", "download")
	case "lwp-request", "GET", "POST", "PUT":
		// lwp-request(1): -d prints no content; -o is a format.
		opts, operands := scan(c.Args, optSpec{shortVal: "mbticpCoH"})
		if len(operands) == 0 || has(opts, "d", "h") {
			return
		}
		p.followStdout(c, "http-client", "download")
	case "lwp-download":
		// lwp-download [-a] [-s] URL [LOCAL_PATH]: a LOCAL_PATH that is
		// a directory gets the URL's file name.
		_, operands := scan(c.Args, optSpec{})
		switch len(operands) {
		case 1:
			if p.DirInSandbox(c.Dir) {
				return
			}
			u := c.Args[operands[0]]
			p.acquire(c, "http-client", "download", "lwp-download saves the download into the working directory", p.Config.Sandbox,
				[]syntax.Edit{Insert(c, u.End, " "+syntax.Quote(p.Config.Sandbox+"/"))}, nil)
		case 2:
			f := c.Args[operands[1]]
			if p.InSandbox(c.Dir, f) || f.Static && strings.HasPrefix(f.Value, "/dev/") {
				return
			}
			dest, text := p.sandboxed(f, "download")
			if f.Static && path.Clean(f.Value) == "." {
				dest, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox+"/")
			}
			p.acquire(c, "http-client", "download", "lwp-download saves the download to "+f.Value+", outside the sandbox", dest,
				[]syntax.Edit{Replace(c, f, text)}, relocate(c, c.Dir, f.Value, dest))
		}
	case "lynx", "w3m", "links", "elinks":
		for _, a := range c.Args {
			switch strings.TrimLeft(a.Value, "-") {
			case "dump", "source", "dump_source", "mime_header":
				p.followStdout(c, "http-client", "download")
				return
			}
		}
	default:
		opts, operands := scan(c.Args, httpieSpec.Get())
		if has(opts, "help", "version") || len(operands) == 0 {
			return
		}
		if outs := find(opts, "o", "output"); len(outs) > 0 {
			p.moveOutputOption(c, outs[len(outs)-1], "http-client")
			return
		}
		if has(opts, "d", "download") {
			if !p.DirInSandbox(c.Dir) {
				p.Report(c, Finding{Rule: "http-client", Decision: Ask, Kind: "download",
					Message: c.Name + " --download names the file from the server's answer, in the working directory: add -o " + p.Config.Sandbox + "/NAME to keep it in the sandbox"})
			}
			return
		}
		p.followStdout(c, "http-client", "download")
	}
}

// moveOutputOption moves the file an -o option names into the sandbox.
func (p *Pass) moveOutputOption(c *syntax.Call, o option, rule string) {
	if o.val.Static && (o.val.Value == "-" || strings.HasPrefix(o.val.Value, "/dev/")) || p.InSandbox(c.Dir, o.val) {
		if o.val.Value == "-" {
			p.followStdout(c, rule, "download")
		}
		return
	}
	dest, text := p.sandboxed(o.val, "download")
	p.acquire(c, rule, "download", c.Name+" saves the download to "+o.val.Value+", outside the sandbox", dest,
		[]syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
}
