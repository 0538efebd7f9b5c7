package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Programs whose ordinary job is to run code (red team 14 CR1): Ruby's
// erb runs the Ruby of a template's <% %> and <%= %> tags (and of its
// lines that begin with %); gem build evaluates the .gemspec it builds
// (Gem::Specification.load is an eval of the file); prove runs each test
// file, as perl, or with the program its -e/--exec names. Each is read as
// the code it runs: the template's Ruby as ruby -e of it, the gemspec as
// ruby FILE, prove's program as a command with the test file as its last
// word.

// erbSpec is the erb command's options (erb --help; erb 2.2's own
// parser: -r, -S, -T and -E take a value, attached or the next word, and
// letters cluster).
var erbSpec = OptSpec{ShortVal: "rSTE", LongVal: []string{"encoding"}, LongFlag: []string{"version", "help", "debug"}, LongEq: true}

// erbVar matches erb's var=value operand.
var erbVar = lazy.Regexp{Expr: `^\w+=`}

// erbRun models erb [switches] [var=value…] [FILE…]: the files (all of
// them, read one after the other as Ruby's ARGF does; stdin when none is
// given or for "-") are templates whose Ruby runs; -x prints that Ruby
// instead of running it; -r LIB requires LIB first, as ruby -r does;
// -P leaves the lines beginning with % as text.
func (w *walker) erbRun(c scope, call *Call) {
	opts, operands := ScanOptions(call.Args, erbSpec)
	first := len(call.Args)
	var files []Arg
	for _, i := range operands {
		a := call.Args[i]
		if len(files) == 0 && a.Static && erbVar.Get().MatchString(a.Value) {
			continue // a variable for the template
		}
		first = min(first, i)
		files = append(files, a)
	}
	run, percent := true, true
	for _, o := range opts {
		if o.Idx > first {
			break // after the first file every word is a file (ARGF)
		}
		switch o.Name {
		case "help", "version":
			return // erb exits before it reads a template (after the -r before)
		case "x":
			run = false
		case "P":
			percent = false
		case "r":
			if o.HasVal {
				// The library is required as ruby -r requires it.
				words := []Arg{{Value: "ruby", Raw: "ruby", Static: true}, {Value: "-r", Raw: "-r", Static: true}, o.Val,
					{Value: "-e", Raw: "-e", Static: true}, {Value: "nil", Raw: "nil", Static: true}}
				w.argvChild(c, call, words, "erb -r", call.env, call.Dir)
			}
		}
	}
	if !run {
		return
	}
	var texts []stdinText
	stdin := len(files) == 0
	for _, a := range files {
		if a.Static && a.Value == "-" {
			stdin = true
			continue
		}
		if !a.Static {
			continue // a template only known at run time: nothing to read
		}
		if text, ok := w.readScript(call.Dir.Join(a.Value)); ok {
			texts = append(texts, stdinText{text: text, kind: a.Value, file: a.Value})
		}
	}
	if stdin {
		for _, t := range w.codeOnStdin(c, call) {
			t.kind += " on stdin"
			texts = append(texts, t)
		}
		if t, ok := w.stdinFileText(call); ok {
			texts = append(texts, t)
		}
	}
	for _, t := range texts {
		code := ErbCode(t.text, percent)
		if strings.TrimSpace(strings.NewReplacer(";", "", "\n", "").Replace(code)) == "" {
			continue // text only: nothing runs
		}
		w.program(c, call, lang.Ruby, code, "erb template ("+clip(t.kind, 60)+")", t.dynamic, t.file)
	}
}

// ErbCode returns the Ruby an ERB template runs, line for line (so that
// a finding's line is the template's): the code of <% %> tags, the
// expressions of <%= %>, and with percent the lines that begin with a
// single % (the erb command's default trim mode; %% is a literal %).
// <%# %> is a comment and <%% a literal <%. Text outside the tags keeps
// only its line breaks.
func ErbCode(src string, percent bool) string {
	var b strings.Builder
	lineStart := true
	for i := 0; i < len(src); {
		if lineStart && percent && src[i] == '%' {
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			if !strings.HasPrefix(src[i:], "%%") {
				b.WriteString(src[i+1 : i+end])
			}
			if i+end < len(src) {
				b.WriteByte('\n')
			}
			i += end + 1
			continue
		}
		switch {
		case strings.HasPrefix(src[i:], "<%%"):
			i += 3
			lineStart = false
			continue
		case strings.HasPrefix(src[i:], "<%"):
			j := i + 2
			comment := j < len(src) && src[j] == '#'
			if j < len(src) && (src[j] == '=' || src[j] == '#' || src[j] == '-') {
				j++
			}
			end := strings.Index(src[j:], "%>")
			code := src[j:]
			if end >= 0 {
				code = src[j : j+end]
				i = j + end + 2
			} else {
				i = len(src)
			}
			code = strings.TrimSuffix(code, "-")
			if comment {
				// Keep the comment's line breaks only.
				b.WriteString(strings.Repeat("\n", strings.Count(code, "\n")))
			} else {
				b.WriteString(code)
				b.WriteString(";")
			}
			lineStart = false
			continue
		}
		if src[i] == '\n' {
			b.WriteByte('\n')
		}
		lineStart = src[i] == '\n'
		i++
	}
	return b.String()
}

// gemBuildSpec is gem build's options (gem help build; RubyGems'
// OptionParser, which takes unambiguous prefixes of long options), with
// gem's common options.
var gemBuildSpec = OptSpec{ShortVal: "oC", LongEq: true, Abbrev: true,
	LongVal:  []string{"output", "platform", "config-file"},
	LongFlag: []string{"force", "strict", "verbose", "no-verbose", "quiet", "silent", "backtrace", "debug", "norc", "help"}}

// gemBuild models gem build [GEMSPEC] (any unambiguous prefix of build:
// gem b): the gemspec is Ruby that Gem::Specification.load evaluates,
// in the directory -C names. GEMSPEC is the file of that name, else
// GEMSPEC.gemspec; with none, the directory's *.gemspec files.
func (w *walker) gemBuild(c scope, call *Call) {
	if len(call.Args) > 0 && call.Args[0].Static && (call.Args[0].Value == "install" || call.Args[0].Value == "i") {
		w.gemDeps(c, call)
		return
	}
	if len(call.Args) == 0 || !call.Args[0].Static || call.Args[0].Value == "" ||
		!strings.HasPrefix("build", call.Args[0].Value) {
		return
	}
	args := call.Args[1:]
	opts, operands := ScanOptions(args, gemBuildSpec)
	dir := call.Dir
	for _, o := range opts {
		switch {
		case o.Name == "help" || o.Name == "h" && !o.Long:
			return
		case o.Name == "C" && !o.Long && o.HasVal:
			if !o.Val.Static {
				return // a directory only known at run time
			}
			dir = dir.Join(o.Val.Value)
		}
	}
	inner := *call
	inner.Dir = dir
	var names []string
	if len(operands) > 0 {
		a := args[operands[0]]
		if !a.Static {
			w.scriptFile(c, &inner, a, string(lang.Ruby))
			return
		}
		names = []string{a.Value}
		if d := dir.Join(a.Value); d.Known && w.read != nil {
			if _, err := os.Stat(d.Path); err != nil {
				if _, wrote := w.written[d.Path]; !wrote {
					names = []string{a.Value + ".gemspec"}
				}
			}
		}
	} else {
		// The directory's gemspecs, and those this command wrote there.
		names = append(w.globNames(dir, "*.gemspec"), w.writtenNames(dir, "", "*.gemspec")...)
		sort.Strings(names)
		names = slices.Compact(names)
	}
	for _, n := range names {
		w.scriptFile(c, &inner, Arg{Value: n, Raw: n, Static: true}, string(lang.Ruby))
	}
}

// gemDeps models gem install -g/--file [FILE]: the gem dependencies
// file (FILE, else the first of gem.deps.rb, gems.rb, Gemfile, Isolate
// in the working directory) is Ruby that RubyGems evaluates to list the
// gems (checked with the real gem 3.3: a File.write in gem.deps.rb ran).
// FILE is the word after the option when it is not an option, as
// OptionParser takes an optional value.
func (w *walker) gemDeps(c scope, call *Call) {
	args := call.Args[1:]
	for i, a := range args {
		if !a.Static {
			continue
		}
		v := a.Value
		var file string
		switch {
		case v == "-g" || v == "--file":
			if i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-") {
				w.scriptFile(c, call, args[i+1], string(lang.Ruby))
				return
			}
		case strings.HasPrefix(v, "--file="):
			file = strings.TrimPrefix(v, "--file=")
		case strings.HasPrefix(v, "-g") && len(v) > 2 && !strings.HasPrefix(v, "--"):
			file = v[2:]
		default:
			continue
		}
		if file != "" {
			w.scriptFile(c, call, Arg{Value: file, Raw: file, Static: true}, string(lang.Ruby))
			return
		}
		for _, f := range []string{"gem.deps.rb", "gems.rb", "Gemfile", "Isolate"} {
			if _, ok := w.readScript(call.Dir.Join(f)); ok {
				w.scriptFile(c, call, Arg{Value: f, Raw: f, Static: true}, string(lang.Ruby))
				return
			}
		}
		return
	}
}

// proveSpec is prove's options (App::Prove: Getopt::Long with bundling,
// so letters cluster and long options take unambiguous prefixes).
var proveSpec = OptSpec{ShortVal: "eIMPaj", LongEq: true, Abbrev: true,
	LongVal: []string{"exec", "ext", "harness", "source", "formatter", "state", "statefile", "archive", "jobs", "rules",
		"tapversion"},
	LongFlag: []string{"verbose", "failures", "comments", "lib", "blib", "shuffle", "color", "nocolor", "colour",
		"nocolour", "count", "nocount", "dry", "ignore-exit", "recurse", "reverse", "parse", "quiet", "QUIET", "merge",
		"directives", "help", "man", "version", "timer", "normalize", "trap", "norc"}}

// proveRcWord matches a word of a .proverc line (App::Prove's
// add_rc_file): a single- or double-quoted string, a comment to the end
// of the line, or a run of non-space characters.
var proveRcWord = lazy.Regexp{Expr: `'([^']*)'|"([^"]*)"|(#.*)|(\S+)`}

// maxProveTests bounds the test files a prove call is read for.
const maxProveTests = 64

// proveRun models prove [options] [FILE|DIR…] [:: ARGS]: the options of
// ~/.proverc and ./.proverc come first (unless --norc), then the
// command line's. Each test file (a directory's *.t, every level with
// -r; t/ by default) runs with -e/--exec PROG's words before it (split
// at white space; an empty PROG runs the file itself), else as perl
// with -I of -I, -l (lib) and -b (blib/lib, blib/arch) and -M's modules.
func (w *walker) proveRun(c scope, call *Call) {
	// App::Prove reads --norc, --rc FILE and --rc=FILE before its
	// options: each --rc file's options come after those of ~/.proverc
	// and ./.proverc (none with --norc).
	var args []Arg
	rcFiles := []string{".proverc"}
	if w.home != "" {
		rcFiles = []string{filepath.Join(w.home, ".proverc"), ".proverc"}
	}
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		switch {
		case a.Static && a.Value == "--norc":
			rcFiles = nil
		case a.Static && a.Value == "--rc" && i+1 < len(call.Args):
			i++
			rcFiles = append(rcFiles, call.Args[i].Value)
		case a.Static && strings.HasPrefix(a.Value, "--rc="):
			rcFiles = append(rcFiles, strings.TrimPrefix(a.Value, "--rc="))
		default:
			args = append(args, a)
		}
	}
	var rc []Arg
	for _, f := range rcFiles {
		rc = append(rc, w.proveRc(call.Dir.Join(f))...)
	}
	args = append(rc, args...)
	for i, a := range args {
		if a.Static && a.Value == "::" {
			args = args[:i]
			break
		}
	}
	opts, operands := ScanOptions(args, proveSpec)
	var exec *Arg
	var perlOpts []Arg
	recurse := false
	exts := []string{}
	word := func(v string) Arg { return Arg{Value: v, Raw: v, Static: true} }
	for _, o := range opts {
		switch o.Name {
		case "help", "h", "H", "man", "version", "V":
			return
		case "e", "exec":
			if o.HasVal {
				v := o.Val
				exec = &v
			}
		case "r", "recurse":
			recurse = true
		case "ext":
			if o.HasVal && o.Val.Static {
				exts = append(exts, o.Val.Value)
			}
		case "I", "M":
			if o.HasVal {
				perlOpts = append(perlOpts, word("-"+o.Name), o.Val)
			}
		case "l", "lib":
			perlOpts = append(perlOpts, word("-I"), word("lib"))
		case "b", "blib":
			perlOpts = append(perlOpts, word("-I"), word("blib/lib"), word("-I"), word("blib/arch"))
		}
	}
	if len(exts) == 0 {
		exts = []string{".t"}
	}
	var targets []Arg
	for _, i := range operands {
		targets = append(targets, args[i])
	}
	if len(targets) == 0 {
		targets = []Arg{word("t")}
	}
	var tests []Arg
	for _, a := range targets {
		if !a.Static {
			tests = append(tests, a)
			continue
		}
		files, isDir := w.proveDir(call.Dir, a.Value, exts, recurse)
		if !isDir {
			tests = append(tests, a)
			continue
		}
		for _, f := range files {
			tests = append(tests, word(f))
		}
	}
	if len(tests) > maxProveTests {
		tests = tests[:maxProveTests]
		w.m.Truncated = true
	}
	if exec != nil {
		var prog []Arg
		if exec.Static {
			for _, f := range strings.Fields(exec.Value) {
				prog = append(prog, word(f))
			}
		} else {
			prog = []Arg{*exec}
		}
		if len(tests) == 0 {
			tests = targets // the files may appear before prove runs
		}
		for _, t := range tests {
			words := append(append([]Arg{}, prog...), t)
			if len(prog) == 0 && t.Static && !strings.Contains(t.Value, "/") {
				words = []Arg{word("./" + t.Value)}
			}
			w.argvChild(c, call, words, "prove --exec", call.env, call.Dir)
		}
		return
	}
	for _, t := range tests {
		words := append(append([]Arg{word("perl")}, perlOpts...), t)
		w.argvChild(c, call, words, "prove", call.env, call.Dir)
	}
}

// proveRc returns the options of a .proverc file, as App::Prove reads
// them: the words of each line, quotes removed, comments dropped.
func (w *walker) proveRc(d Dir) []Arg {
	text, ok := w.readScript(d)
	if !ok {
		return nil
	}
	var out []Arg
	for _, line := range strings.Split(text, "\n") {
		for _, m := range proveRcWord.Get().FindAllStringSubmatch(line, -1) {
			switch {
			case m[3] != "":
			case m[4] != "":
				out = append(out, Arg{Value: m[4], Raw: m[4], Static: true})
			default:
				v := m[1] + m[2]
				out = append(out, Arg{Value: v, Raw: v, Static: true})
			}
		}
	}
	return out
}

// proveDir returns the test files in directory name (those ending in
// one of exts; at every level with recurse), sorted; isDir is false
// when name is not a directory on disk.
func (w *walker) proveDir(dir Dir, name string, exts []string, recurse bool) (files []string, isDir bool) {
	d := dir.Join(name)
	if !d.Known || w.read == nil {
		return nil, false
	}
	if fi, err := os.Stat(d.Path); (err != nil || !fi.IsDir()) && len(w.writtenNames(dir, name, "*")) == 0 {
		return nil, false // no directory, nor one this command wrote files in
	}
	match := func(n string) bool {
		for _, e := range exts {
			if strings.HasSuffix(n, e) {
				return true
			}
		}
		return false
	}
	if !recurse {
		entries, _ := os.ReadDir(d.Path)
		for _, e := range entries {
			if !e.IsDir() && match(e.Name()) {
				files = append(files, filepath.Join(name, e.Name()))
			}
		}
		for _, e := range exts {
			files = append(files, w.writtenNames(dir, name, "*"+e)...)
		}
		sort.Strings(files)
		return slices.Compact(files), true
	}
	_ = filepath.WalkDir(d.Path, func(p string, e os.DirEntry, err error) error {
		if err != nil || len(files) > maxProveTests {
			return filepath.SkipDir
		}
		if !e.IsDir() && match(e.Name()) {
			rel, _ := filepath.Rel(d.Path, p)
			files = append(files, filepath.Join(name, rel))
		}
		return nil
	})
	sort.Strings(files)
	return files, true
}

// writtenNames returns the files this command wrote directly in
// directory sub of dir whose base name matches pattern, as paths joined
// to sub (sorted).
func (w *walker) writtenNames(dir Dir, sub, pattern string) []string {
	d := dir.Join(sub)
	if !d.Known {
		return nil
	}
	var out []string
	for p := range w.written {
		if filepath.Dir(p) != d.Path {
			continue
		}
		if ok, _ := filepath.Match(pattern, filepath.Base(p)); ok {
			out = append(out, filepath.Join(sub, filepath.Base(p)))
		}
	}
	sort.Strings(out)
	return out
}
