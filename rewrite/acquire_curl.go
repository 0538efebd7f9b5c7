package rewrite

import (
	"iter"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var curlRule = Rule{
	Name:      "curl",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `curl downloads. Every file it saves is moved into the sandbox.
-o/--output FILE (bundled as in -fsSLo f, attached as -ofile, one per URL)
becomes sandbox/<base name> (the relative path is kept with --create-dirs).
-O, --remote-name, --remote-name-all and -J name the file after the URL or
the server, so they get --output-dir <sandbox>; an --output-dir outside the
sandbox is replaced. curl puts every -o under --output-dir, even an
absolute one, so when an --output-dir is set the -o names are made
relative to it. The header dump (-D/--dump-header) and traces (--trace,
--trace-ascii) hold what the server sent and move too; state files that
curl reads back (-c cookie jar, --hsts, --alt-svc, --etag-save) and its own
logs (--stderr, --libcurl) stay where they are. stdout sent to a file with
>, >>, &>, to tee, through filters into a file, or into tar x is moved
too; stdout alone (curl URL, curl URL | jq) is not a file and passes, as
does an upload (-T). Options that take a value (-H, -d, -u, -X, -w, …) are
skipped, so their values are never taken for URLs or files. Later
references to a moved file in the same command (tar xzf x.tgz) follow it.
A config (-K FILE, -K -) can set the URL and the output: it asks unless
the file is readable and sets none of the options that save a file.`,
	Commands: []string{"curl"},
	Call:     checkCurl,
}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// curlMove collects the edits that move a curl call's files.
type curlMove struct {
	edits []syntax.Edit
	rel   []Relocation
	dests []string
}

func (m *curlMove) add(e syntax.Edit, rel []Relocation, dest string) {
	m.edits = append(m.edits, e)
	m.rel = append(m.rel, rel...)
	m.dests = append(m.dests, dest)
}

func checkCurl(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, specFor("curl"))
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
	outputs := find(opts, "o", "output")
	remote := has(opts, "O", "remote-name", "remote-name-all")
	if has(opts, "T", "upload-file") && len(outputs) == 0 && !remote {
		return // an upload, not a download
	}
	if p.curlConfigs(c, opts) {
		return
	}
	var m curlMove
	outDirs := find(opts, "output-dir")
	switch {
	case len(outDirs) == 0 && (!remote || p.DirInSandbox(c.Dir)):
		p.curlOutputs(c, outputs, has(opts, "create-dirs"), &m)
	case remote || anyFileOutput(c, curlOutputBase(c, outDirs), outputs):
		if !p.curlOutputDir(c, outputs, outDirs, urls, remote, has(opts, "create-dirs"), &m) {
			return
		}
	}
	p.curlRecords(c, opts, &m)
	if len(m.edits) > 0 {
		p.acquire(c, "curl", "download", "curl saves the download outside the sandbox", joinDests(m.dests), m.edits, m.rel)
	}
	for _, o := range outputs {
		if st, ok := p.Model.ArgStream(o.val); ok {
			// -o >(tar x): the substitution's commands read the bytes.
			p.followStream(c, st, "curl", "download")
		}
	}
	// What is not saved to a file goes to stdout: each -o and each -O
	// names one URL's file, --remote-name-all every URL's.
	saved := len(outputs) + len(named(opts, "O", "remote-name"))
	bodyStdout := !has(opts, "remote-name-all") && saved < max(len(urls), 1) || hasStdoutOutput(outputs)
	p.curlWriteOut(c, opts, outputs, bodyStdout)
	if bodyStdout {
		p.followStdout(c, "curl", "download")
		return
	}
	// -o /dev/stdout, -o /dev/fd/3: the bytes go where the descriptor
	// points.
	for _, o := range outputs {
		if o.val.Static && p.followRoute(c, o.val.Value, "curl", "download") {
			return
		}
	}
}

// fileOutputs yields the -o options that name a file (not stdout or a
// device), a relative one read from base (the --output-dir). They are yielded, not copied: a call at the word limit has
// 16,000 of them.
func fileOutputs(c *syntax.Call, base syntax.Dir, outputs []option) iter.Seq[option] {
	return func(yield func(option) bool) {
		for _, o := range outputs {
			if v := o.val; v.Static && v.Value == "-" || deviceOutput(c, base, v) || syntax.ProcSubstOf(v.Word) != nil {
				continue // stdout, a device, or the pipe of >(…) (followed)
			}
			if !yield(o) {
				return
			}
		}
	}
}

// curlOutputBase is the directory a relative -o is read from: the last
// --output-dir, or the working directory without one.
func curlOutputBase(c *syntax.Call, outDirs []option) syntax.Dir {
	if len(outDirs) == 0 {
		return c.Dir
	}
	if last := outDirs[len(outDirs)-1].val; last.Static {
		return c.Dir.Join(last.Value)
	}
	return syntax.Dir{}
}

// anyFileOutput reports whether one of the -o options names a file.
func anyFileOutput(c *syntax.Call, base syntax.Dir, outputs []option) bool {
	for range fileOutputs(c, base, outputs) {
		return true
	}
	return false
}

// curlOutputs moves each -o FILE outside the sandbox to sandbox/<base name>
// (or sandbox/<path> with --create-dirs), when no --output-dir is involved.
func (p *Pass) curlOutputs(c *syntax.Call, outputs []option, createDirs bool, m *curlMove) {
	for o := range fileOutputs(c, c.Dir, outputs) {
		v := o.val
		if p.InSandbox(c.Dir, v) {
			continue
		}
		dest, text := p.sandboxed(v, "download")
		if rel, ok := keptPath(v, createDirs); ok {
			dest = p.Config.Sandbox + "/" + rel
			text = syntax.Quote(dest)
		}
		m.add(setValue(c, o, text), relocate(c, c.Dir, v.Value, dest), dest)
	}
}

// keptPath returns the relative path of a -o value that --create-dirs lets
// keep its directories under the sandbox.
func keptPath(v syntax.Arg, createDirs bool) (string, bool) {
	if !createDirs || !v.Static || strings.HasPrefix(v.Value, "/") {
		return "", false
	}
	rel := path.Clean(v.Value)
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return rel, true
}

// curlOutputDir moves the files of a curl call that saves into an output
// directory: the --output-dir becomes the sandbox (added after the name
// when there is none) unless it is already inside, and each -o is made a
// name relative to it, since curl puts every -o under the output
// directory. It reports false when it asked instead.
func (p *Pass) curlOutputDir(c *syntax.Call, outputs, outDirs []option, urls []string, remote, createDirs bool, m *curlMove) bool {
	oldBase := c.Dir
	var last *option
	if len(outDirs) > 0 {
		last = &outDirs[len(outDirs)-1]
		oldBase = syntax.Dir{}
		if last.val.Static {
			oldBase = c.Dir.Join(last.val.Value)
		}
	}
	keep := last != nil && p.InSandbox(c.Dir, last.val)
	newBase := oldBase
	if !keep {
		newBase = syntax.Dir{Path: p.Config.Sandbox, Known: true}
		for _, o := range outputs {
			if v := o.val; deviceOutput(c, c.Dir, v) && last == nil {
				p.Report(c, Finding{Rule: "curl", Decision: Ask, Kind: "download",
					Message: "curl saves files named by the server or the URL outside the sandbox, and the --output-dir that would move them would also apply to -o " + v.Value + "; split the command, with --output-dir " + p.Config.Sandbox + " on the downloads"})
				return false
			}
		}
	}
	for o := range fileOutputs(c, oldBase, outputs) {
		v := o.val
		if !v.Static {
			// A run-time name under the output directory: it is inside
			// once that directory is.
			continue
		}
		from := oldBase.Join(v.Value)
		inside := within(p.Config.Sandbox, from)
		if keep && !oldBase.Known {
			// A run-time directory in the sandbox: a relative name that
			// stays inside even from the sandbox root (where ".." climbs
			// out first) stays in it, by the path module.
			inside = !path.IsAbs(v.Value) && within(p.Config.Sandbox, syntax.Dir{Path: p.Config.Sandbox, Known: true}.Join(v.Value))
		}
		if inside {
			if keep {
				continue
			}
			rel, err := filepath.Rel(p.Config.Sandbox, from.Path)
			if err != nil || rel == v.Value {
				continue
			}
			m.add(setValue(c, o, syntax.Quote(rel)), nil, from.Path)
			continue
		}
		name, ok := keptPath(v, createDirs)
		if !ok {
			name = path.Base(strings.TrimRight(v.Value, "/"))
			if name == "." || name == ".." || name == "/" || name == "" {
				name = "download"
			}
		}
		dest := newBase.Join(name)
		if !dest.Known {
			dest = syntax.Dir{Path: last.val.Value + "/" + name}
		}
		var rel []Relocation
		if from.Known {
			rel = []Relocation{{Script: c.Script, After: c.End, From: from.Path, To: dest.Path}}
		}
		m.add(setValue(c, o, syntax.Quote(name)), rel, dest.Path)
	}
	if keep {
		return true
	}
	text := syntax.Quote(p.Config.Sandbox)
	if last != nil {
		m.add(setValue(c, *last, text), nil, p.Config.Sandbox)
	} else {
		m.edits = append(m.edits, Insert(c, c.NameArg.End, " --output-dir "+text))
		m.dests = append(m.dests, p.Config.Sandbox)
	}
	if remote {
		for _, u := range urls {
			if name := urlName(u); name != "" {
				m.rel = append(m.rel, relocate(c, oldBase, name, p.Config.Sandbox+"/"+name)...)
			}
		}
	}
	return true
}

// curlRecords moves the header dump and traces of a download: they hold
// what the server sent.
func (p *Pass) curlRecords(c *syntax.Call, opts []option, m *curlMove) {
	for _, o := range find(opts, "D", "dump-header", "trace", "trace-ascii") {
		v := o.val
		if v.Static && (v.Value == "-" || v.Value == "%" || strings.HasPrefix(v.Value, "/dev/")) {
			continue
		}
		if p.InSandbox(c.Dir, v) {
			continue
		}
		dest, text := p.sandboxed(v, "headers")
		m.add(setValue(c, o, text), relocate(c, c.Dir, v.Value, dest), dest)
	}
}

// named returns the options with one of the names, with or without a value.
func named(opts []option, names ...string) []option {
	var out []option
	for _, o := range opts {
		for _, n := range names {
			if o.name == n {
				out = append(out, o)
			}
		}
	}
	return out
}

func hasStdoutOutput(outputs []option) bool {
	for _, o := range outputs {
		if o.val.Static && o.val.Value == "-" {
			return true
		}
	}
	return false
}

// curlWriteOut follows the header dump and the traces written to a
// descriptor (-D -, --trace-ascii /dev/stderr), and the text of a
// -w/--write-out format that the server chooses (%header{NAME}, %{header_json}, %{content_type},
// %{redirect_url}, %{json}, …) to where the format writes it: stdout,
// or stderr after %{stderr}. curl -s -o /dev/null -w '%header{x}' URL >
// f put a header's value, a line of code, in f (allow); it is a download
// like the body and moves into the sandbox. A format of the transfer's
// numbers and the agent's own text (%{http_code}, %{time_total}) passes;
// %output{FILE} is the syntax walker's (curlwriteout.go). A stream the
// body already goes to is followed once.
func (p *Pass) curlWriteOut(c *syntax.Call, opts []option, outputs []option, bodyStdout bool) {
	var routes []string
	if formats := find(opts, "w", "write-out"); len(formats) > 0 {
		if f := formats[len(formats)-1].val; f.Static && !strings.HasPrefix(f.Value, "@") { // the last -w wins
			var files []string
			routes, files = curlServerTargets(f.Value)
			p.curlWriteOutServerFiles(c, files)
		}
	}
	// The header dump and the traces hold what the server sent, as
	// curlRecords moves their files: -D - and --trace - write them to
	// stdout, --trace % to stderr, -D /dev/stderr where fd 2 points.
	if curlVerbose(opts) {
		// -v is a trace to stderr (--trace-ascii %, plain): the
		// response's status line and headers.
		routes = append(routes, "/dev/stderr")
	}
	for _, o := range find(opts, "D", "dump-header", "trace", "trace-ascii") {
		switch v := o.val; {
		case !v.Static:
		case v.Value == "-":
			routes = append(routes, "/dev/stdout")
		case v.Value == "%" && o.name != "D" && o.name != "dump-header":
			routes = append(routes, "/dev/stderr")
		default:
			if _, ok := c.Route(v.Value); ok {
				routes = append(routes, v.Value)
			}
		}
	}
	if len(routes) == 0 {
		return
	}
	var followed []syntax.Stream
	if bodyStdout {
		followed = append(followed, c.Stdout())
	}
	for _, o := range outputs {
		if st, ok := c.Route(o.val.Value); o.val.Static && ok {
			followed = append(followed, st)
		}
	}
	if slices.Contains(routes, "/dev/stderr") {
		// --stderr F sends what curl writes to stderr to F (--stderr -
		// to stdout); curl 7.88 still writes the write-out after
		// %{stderr} to fd 2 (newer ones to F), so both are followed.
		if errs := find(opts, "stderr"); len(errs) > 0 {
			switch o := errs[len(errs)-1]; {
			case o.val.Static && o.val.Value == "-":
				routes = append(routes, "/dev/stdout")
			case o.val.Static && o.val.Value == "/dev/null":
			default:
				if _, ok := c.Route(o.val.Value); o.val.Static && ok {
					routes = append(routes, o.val.Value)
				} else if !p.InSandbox(c.Dir, o.val) {
					dest, text := p.sandboxed(o.val, "stderr")
					p.acquire(c, "curl", "download", "curl writes what the server sent to "+o.val.Value+" (--stderr), outside the sandbox",
						dest, []syntax.Edit{setValue(c, o, text)}, relocate(c, c.Dir, o.val.Value, dest))
				}
			}
		}
	}
	for _, route := range routes {
		st, ok := c.Route(route)
		if !ok || slices.ContainsFunc(followed, st.Same) {
			continue
		}
		followed = append(followed, st)
		if st.Same(c.Stdout()) {
			p.followStdout(c, "curl", "download")
		} else {
			p.followRoute(c, route, "curl", "download")
		}
	}
}

// curlServerText returns the descriptors ("/dev/stdout", "/dev/stderr")
// that the write-out format writes text the server chose to: a
// %header{…} or a %{variable} that is not one of the transfer's numbers,
// addresses or the agent's own words (curlOwnVariable).
func curlServerText(format string) []string {
	fds, _ := curlServerTargets(format)
	return fds
}

// curlServerTargets is curlServerText with the files of %output{FILE}
// that receive such text (files, as written, >> removed).
func curlServerTargets(format string) (fds, files []string) {
	var out []string
	target := "/dev/stdout"
	file := ""
	add := func() {
		if file != "" && !slices.Contains(files, file) {
			files = append(files, file)
		}
		if target != "" && !slices.Contains(out, target) {
			out = append(out, target)
		}
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			continue
		}
		rest := format[i+1:]
		switch {
		case rest[0] == '%':
			i++
		case strings.HasPrefix(rest, "header{"):
			add()
		case strings.HasPrefix(rest, "output{"):
			target = "" // a file: curlwriteout.go
			name, _, _ := strings.Cut(rest[len("output{"):], "}")
			file = strings.TrimPrefix(name, ">>")
		case rest[0] == '{':
			name, _, ok := strings.Cut(rest[1:], "}")
			if !ok {
				continue
			}
			switch {
			case name == "stdout":
				target, file = "/dev/stdout", ""
			case name == "stderr":
				target, file = "/dev/stderr", ""
			case !curlOwnVariable(name):
				add()
			}
		}
	}
	return out, files
}

// curlOwnVariable reports a write-out variable whose text the server
// does not choose: times, sizes, speeds and counts, the status code,
// addresses and ports, the URL the command gave, the exit code.
func curlOwnVariable(name string) bool {
	for _, p := range []string{"time_", "size_", "speed_", "num_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	switch name {
	case "http_code", "response_code", "http_connect", "http_version", "exitcode", "local_ip", "local_port", "remote_ip",
		"remote_port", "scheme", "method", "ssl_verify_result", "proxy_ssl_verify_result", "proxy_used", "url", "urlnum", "onerror":
		return true
	}
	return false
}

// curlVerbose reports a curl call whose -v/--verbose is in force: curl
// reads -v as a plain trace to stderr, so the last of -v, --trace and
// --trace-ascii wins (tool_getparam.c), and --no-verbose turns it off.
func curlVerbose(opts []option) bool {
	v := false
	for _, o := range opts {
		switch o.name {
		case "v", "verbose":
			v = true
		case "no-verbose", "trace", "trace-ascii":
			v = false
		}
	}
	return v
}
