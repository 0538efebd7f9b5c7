package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var wgetRule = Rule{
	Name:      "wget",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `wget downloads. -O/--output-document FILE becomes sandbox/<base name>
(-O - is stdout, followed like curl's: into a redirect, tee, tar or a
shell); -P/--directory-prefix DIR outside the sandbox becomes
sandbox/<its base name>; without either, the files (one, many with -i, a
tree with -r/-m/-p/-x) would land in the working directory, so -P <sandbox>
is added, and a later reference to the file or to the host directory of a
recursive download (cd example.com) follows it. -e/--execute runs a
wgetrc command in its place among the options: dir_prefix= is -P,
output_document= is -O, input= is -i, recursive/mirror/page_requisites/
dirstruct/spider are their flags; the other commands wget's manual lists
(robots=off, tries=3) change nothing here, and a command only known at run
time or not in the manual asks. A startup file wget reads instead of the
user's (--config FILE, WGETRC or HOME set in the command) asks unless
corral can read it, the command does not change it first, and it sets
neither output_document nor input (the -P corral adds overrides its
dir_prefix). wget's log holds text the server chose (the reason phrase,
Content-Type, Location, every header with -S/-d): the -o/-a file, or -b's
wget-log, moves into the sandbox, and the log on stderr (or stdout with
-o -) is followed like the body; -q without -S or -d logs nothing. -n takes its letters as a value (-nd, -nH,
-nv), as in wget itself.`,
	Commands: []string{"wget", "wget2"},
	Call:     checkWget,
}

func checkWget(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, specFor("wget"))
	opts, unknown := wgetExecute(opts)
	if has(opts, "h", "help", "V", "version") && len(operands) == 0 || has(opts, "spider") {
		// --spider checks that the pages are there and saves nothing.
		return
	}
	wgetExecuteAsk(p, c, unknown)
	if p.wgetStartupFile(c, opts) {
		return
	}
	var edits []syntax.Edit
	var rel []Relocation
	var dests []string
	docs := find(opts, "O", "output-document")
	stdout := false
	var routes []string
	var substs []syntax.Stream
	for _, o := range docs {
		v := o.val
		if v.Static && v.Value == "-" {
			stdout = true
			continue
		}
		if st, ok := p.Model.ArgStream(v); ok {
			substs = append(substs, st) // -O >(tar x): followed below
			continue
		}
		if _, fd := c.Route(v.Value); v.Static && fd {
			// -O /dev/stdout, /dev/fd/3: where the descriptor points.
			routes = append(routes, v.Value)
			continue
		}
		if v.Static && streamDevice(c.Dir, v.Value) {
			continue // nothing is kept
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
			tree := has(opts, "r", "recursive", "m", "mirror", "p", "page-requisites", "x", "force-directories")
			if !tree {
				for _, i := range operands {
					urls = append(urls, c.Args[i].Value)
				}
			}
			e, r, d := p.intoSandboxDir(c, " -P ", urls)
			edits, rel, dests = append(edits, e...), append(rel, r...), append(dests, d...)
			if tree && !wgetNo(opts, 'd', "no-directories") && len(find(opts, "cut-dirs")) == 0 {
				// A tree lands in a directory named after each host, or,
				// with -nH, after the first directory of each URL's path.
				noHost := wgetNo(opts, 'H', "no-host-directories")
				for _, i := range operands {
					a := c.Args[i]
					top := urlHost(a.Value)
					if noHost {
						top = urlTopDir(a.Value)
					}
					if top != "" && a.Static {
						rel = append(rel, relocate(c, c.Dir, top, p.Config.Sandbox+"/"+top)...)
					}
				}
			}
		}
	}
	if e, r, d := p.wgetLog(c, opts, stdout); len(e) > 0 {
		// -b's -o goes into the same insertion as -P (after the name):
		// two insertions at one place would be two edits of one text.
		merged := false
		for i := range edits {
			if ed := &edits[i]; ed.Script == e[0].Script && ed.Start == e[0].Start && ed.End == e[0].End && ed.Start == ed.End {
				ed.New += e[0].New
				merged = true
			}
		}
		if !merged {
			edits = append(edits, e...)
		}
		rel, dests = append(rel, r...), append(dests, d)
	}
	if len(edits) > 0 {
		p.acquire(c, "wget", "download", "wget saves the download outside the sandbox", joinDests(dests), edits, rel)
	}
	for _, st := range substs {
		p.followStream(c, st, "wget", "download")
	}
	if stdout {
		p.followStdout(c, "wget", "download")
		return
	}
	for _, r := range routes {
		if p.followRoute(c, r, "wget", "download") {
			return
		}
	}
}

// joinDests lists destinations for a message. It joins once: a string
// built by repeated concatenation is quadratic in the number of outputs
// (curl with 16,000 -o options allocated 9 GB).
func joinDests(d []string) string { return strings.Join(d, ", ") }

// wgetNo reports whether wget's -n<letter> (bundled: -nvd) or its long
// form was given.
func wgetNo(opts []option, letter byte, long string) bool {
	for _, o := range opts {
		if o.long && o.name == long || !o.long && o.name == "n" && o.hasVal && strings.IndexByte(o.val.Value, letter) >= 0 {
			return true
		}
	}
	return false
}

// urlHost is the host part of a URL ("" when it has none), as wget names
// the directory of a recursive download.
func urlHost(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return ""
	}
	h := u[i+3:]
	if j := strings.IndexAny(h, "/?#"); j >= 0 {
		h = h[:j]
	}
	if j := strings.LastIndex(h, "@"); j >= 0 {
		h = h[j+1:]
	}
	if strings.HasPrefix(h, "[") {
		return "" // an IPv6 literal: wget's directory name differs
	}
	if name, port, ok := strings.Cut(h, ":"); ok {
		// wget keeps a port that is not the scheme's default.
		if def := map[string]string{"http": "80", "https": "443", "ftp": "21"}[strings.ToLower(u[:i])]; port == def || port == "" {
			return name
		}
	}
	return h
}

// urlTopDir is the first directory of a URL's path ("site" for
// http://h/site/page.html), or "" when the path has no directory.
func urlTopDir(u string) string {
	i := strings.Index(u, "://")
	if i < 0 {
		return ""
	}
	rest := u[i+3:]
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		rest = rest[:j]
	}
	j := strings.Index(rest, "/")
	if j < 0 {
		return ""
	}
	dir, _, ok := strings.Cut(rest[j+1:], "/")
	if !ok || dir == "" || dir == "." || dir == ".." {
		return ""
	}
	return dir
}

// wgetLog follows wget's log, which holds text the server chose: the
// status line's reason phrase, the Content-Type, a redirect's Location
// (and under -nv the final URL and an error's reason), and with
// -S/--server-response or -d/--debug every response header, which -q
// does not silence. It goes to stderr, to stdout with -o -, or to the
// file the last -o/--output-file or -a/--append-output names; with -b
// and none of them, to wget-log in the working directory. That file is a
// download like the body, as curl's -D and --trace files are: one outside
// the sandbox moves into it (the edit returned, made with the body's), a
// stream is followed (wget -S URL 2> log.txt,
// 2>&1 | tee log.txt). -q without -S or -d writes nothing (-q -o log.txt
// leaves it empty), and a log sent to the terminal, /dev/null or a pipe
// into a reader (2>&1 | grep HTTP) keeps its decision.
func (p *Pass) wgetLog(c *syntax.Call, opts []option, bodyStdout bool) ([]syntax.Edit, []Relocation, string) {
	quiet, headers, background := false, false, false
	var logFile *option
	for i, o := range opts {
		switch o.name {
		case "q", "quiet":
			quiet = true
		case "no-quiet":
			quiet = false
		case "S", "server-response", "d", "debug":
			headers = true
		case "b", "background":
			background = true
		case "o", "output-file", "a", "append-output":
			logFile = &opts[i]
		}
	}
	if quiet && !headers {
		return nil, nil, ""
	}
	if logFile == nil {
		if background {
			// wget -b: "Output will be written to wget-log" (or
			// wget-log.N when that exists), here.
			if p.DirInSandbox(c.Dir) {
				return nil, nil, ""
			}
			dest := p.Config.Sandbox + "/wget-log"
			return []syntax.Edit{Insert(c, c.NameArg.End, " -o "+syntax.Quote(dest))}, relocate(c, c.Dir, "wget-log", dest), dest
		}
		p.wgetLogRoute(c, "/dev/stderr", bodyStdout)
		return nil, nil, ""
	}
	v := logFile.val
	switch {
	case v.Static && v.Value == "-":
		p.wgetLogRoute(c, "/dev/stdout", bodyStdout)
	case v.Static && streamDevice(c.Dir, v.Value):
	default:
		if _, fd := c.Route(v.Value); v.Static && fd {
			p.wgetLogRoute(c, v.Value, bodyStdout)
			return nil, nil, ""
		}
		if p.InSandbox(c.Dir, v) {
			return nil, nil, ""
		}
		dest, text := p.sandboxed(v, "wget-log")
		return []syntax.Edit{setValue(c, *logFile, text)}, relocate(c, c.Dir, v.Value, dest), dest
	}
	return nil, nil, ""
}

// wgetLogRoute follows the log written to a descriptor, unless the body
// already goes down the same stream (wget -O - URL 2>&1 | tee f).
func (p *Pass) wgetLogRoute(c *syntax.Call, route string, bodyStdout bool) {
	st, ok := c.Route(route)
	if !ok || bodyStdout && st.Same(c.Stdout()) {
		return
	}
	if st.Same(c.Stdout()) {
		p.followStdout(c, "wget", "download")
		return
	}
	p.followRoute(c, route, "wget", "download")
}
