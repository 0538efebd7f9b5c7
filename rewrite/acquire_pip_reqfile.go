package rewrite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// pip install -r FILE (and -c FILE, the constraints) reads requirement
// lines from FILE as if they were given on the command line: an editable
// VCS checkout (-e git+URL#egg=x), a direct reference (git+URL,
// https://…/x.tar.gz, name @ URL), an index option (-i/--index-url/
// --extra-index-url URL), a find-links location on the network
// (-f/--find-links URL: pip downloads the archives its page links to)
// and nested -r/-c files. pip clones or downloads
// each and runs its build code, so a line that does it is judged as the
// same requirement on the command line (red team 6, row 14). The file is
// read when the hook runs (at most maxReqDepth files deep, each bounded
// by syntax.ReadScript); one that a command here writes first is only
// known when it runs.

const maxReqDepth = 5

// reqFileOptions are pip's options that name a requirements or
// constraints file.
var reqFileOptions = []string{"-r", "--requirement", "-c", "--constraint"}

// reqFileArg returns the file a pip install word names with -r/-c (the
// next word, or attached: -rFILE, --requirement=FILE), and whether the
// next word is that value.
func reqFileArg(w string, next *syntax.Arg) (*syntax.Arg, bool) {
	for _, o := range reqFileOptions {
		switch {
		case w == o:
			return next, true
		case strings.HasPrefix(o, "--") && strings.HasPrefix(w, o+"="):
			return &syntax.Arg{Value: w[len(o)+1:], Raw: w[len(o)+1:], Static: true}, false
		case !strings.HasPrefix(o, "--") && !strings.HasPrefix(w, "--") && strings.HasPrefix(w, o) && len(w) > 2:
			return &syntax.Arg{Value: w[2:], Raw: w[2:], Static: true}, false
		}
	}
	return nil, false
}

// pipReqFiles judges the requirement files of pip install's words args
// (after "install"); report is remote-run's.
func (p *Pass) pipReqFiles(c *syntax.Call, args []syntax.Arg, report func(string)) bool {
	for i := 0; i < len(args); i++ {
		var next *syntax.Arg
		if i+1 < len(args) {
			next = &args[i+1]
		}
		f, skip := reqFileArg(args[i].Value, next)
		opt := "-r"
		if strings.HasPrefix(args[i].Value, "-c") || strings.HasPrefix(args[i].Value, "--constraint") {
			opt = "-c"
		}
		if skip {
			i++
		}
		if f == nil {
			continue
		}
		if p.Config.NoScriptFiles {
			return false
		}
		if !f.Static || f.Value == "-" || !c.Dir.Join(f.Value).Known {
			// A file known only at run time is judged as a package
			// named at run time is (pip install "$P"): it passes.
			continue
		}
		path := c.Dir.Join(f.Value).Path
		if p.namedEarlier(c, path) {
			report("pip install reads requirements from " + f.Value + ", which a command here writes first, and installs what its lines name (git+ URLs, archives from anywhere)")
			return true
		}
		if why := reqFileRemote(path, maxReqDepth); why != "" {
			report("pip install " + opt + " " + f.Value + ": " + why)
			return true
		}
	}
	return false
}

// reqFileRemote returns why a requirements file fetches code from an
// address (its line and what pip does), or "".
func reqFileRemote(path string, depth int) string {
	text, err := syntax.ReadScript(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "" // pip fails: nothing is installed
		}
		if _, serr := os.Lstat(path); serr != nil {
			return ""
		}
		return "the file cannot be read when the hook runs (not a regular file, or too large), and pip installs what its lines name"
	}
	// pip joins a line ending in a backslash with the next, and drops a
	// comment that starts a line or follows a blank.
	text = strings.ReplaceAll(text, "\\\r\n", "")
	text = strings.ReplaceAll(text, "\\\n", "")
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if i := strings.Index(line, "\t#"); i >= 0 {
			line = line[:i]
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		words := strings.Fields(line)
		w := words[0]
		val := ""
		if len(words) > 1 {
			val = words[1]
		}
		opt := w
		if k, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "--") {
			opt, val = k, v
		} else if strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && len(w) > 2 {
			opt, val = w[:2], w[2:]
		}
		switch opt {
		case "-e", "--editable":
			if remoteSpec(val) {
				return "the line " + clipLine(line) + " clones " + val + ", and pip runs its build code"
			}
		case "-i", "--index-url", "--extra-index-url":
			if offPyPI(val) {
				return "the line " + clipLine(line) + " installs, and runs the build code of, packages from that index"
			}
		case "-f", "--find-links":
			if findLinksRemote(val) {
				return "the line " + clipLine(line) + " installs, and runs the build code of, packages pip finds at that address"
			}
		case "-r", "--requirement", "-c", "--constraint":
			if depth <= 0 || val == "" {
				continue
			}
			nested := val
			if !filepath.IsAbs(nested) {
				nested = filepath.Join(filepath.Dir(path), nested)
			}
			if why := reqFileRemote(nested, depth-1); why != "" {
				return "its -r " + val + ": " + why
			}
		default:
			if strings.HasPrefix(w, "-") {
				continue
			}
			// A requirement: name[extras][specifier][; marker], a URL,
			// or name @ URL (PEP 508), whose spaces split the words.
			if remoteSpec(w) || remoteSpec(strings.SplitN(line, ";", 2)[0]) {
				return "the line " + clipLine(line) + " builds and runs code pip downloads from that address"
			}
		}
	}
	return ""
}

func clipLine(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
