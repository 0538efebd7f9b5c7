package rewrite

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// The write tables (writeTargets, programWrites, compilerWrites,
// outputFiles) list what the programs corral knows write. Any other
// program may write any path it is given: foo ~/.claude/settings.json,
// mytool --out ~/.bashrc, python3 -m json.tool in ~/.claude/settings.json
// (its second operand is the output). For the few paths whose change runs
// code or switches corral off (the agent's settings, the shell's startup
// files, corral's own files, a repository's .git: its config and hooks),
// the default is inverted: such a path given to a program corral has no
// reading of is asked about, whatever position it takes (an operand, an
// option's value, --opt=PATH, KEY=PATH). Programs known only to read
// their words, and programs whose words the tables read, are not.

// wordsKnown are the programs whose handling of their words corral
// knows: they only read the files they are given (cat, grep, diff, ls,
// the checksum programs), or the write and delete tables judge what they
// write (cp, sed -i, tar, rm, chmod). An interactive editor writes what
// the person types, so it is not one of them.
var wordsKnown = lazy.Set{List: []string{
	// Readers: they print, compare, count, search or describe.
	"cat", "tac", "nl", "less", "more", "most", "head", "tail", "bat", "batcat", "grep", "egrep", "fgrep", "rg", "ag",
	"ack", "zgrep", "zcat", "zless", "bzcat", "xzcat", "zstdcat", "diff", "colordiff", "cmp", "comm", "wc", "stat", "ls",
	"ll", "file", "od", "hexdump", "hd", "strings", "cut", "column", "fold", "fmt", "pr", "expand",
	"unexpand", "tr", "jq", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum",
	"sum", "shasum", "realpath", "readlink", "basename", "dirname", "namei", "test", "[", "[[", "echo", "printf",
	"du", "tree", "exa", "eza", "lsd", "lsattr", "getfacl", "which", "type", "command", "export", "local", "declare",
	"readonly", "unset", "cd", "pushd", "popd", "true", "false", ":", "mkdir", "shellcheck", "sha256", "look",
	"bind", // bind -f FILE reads readline's key bindings
	// Writers and deleters whose words the tables read.
	"tee", "touch", "truncate", "cp", "mv", "install", "ln", "link", "rename", "sed", "dd", "socat",
	"apply_patch", "applypatch", "rm", "rmdir", "unlink", "shred", "find", "fd", "fdfind", "chmod", "chown", "chgrp",
	"chattr", "setfacl", "sort", "uniq", "split", "csplit", "awk", "gawk", "patch", "gzip", "gunzip", "bzip2",
	"bunzip2", "xz", "unxz", "lzma", "unlzma", "pigz", "unpigz", "lzip", "tar", "bsdtar", "gtar", "unzip", "zip", "7z",
	"7za", "7zr", "7zz", "sponge", "iconv", "trash", "trash-put", "gio", "srm", "wipe", "git", "scp", "rsync",
	"zstd", "unzstd", "pzstd", "zstdmt", "lz4", "lz4c", "unlz4", "brotli", "unbrotli", "lzop", "shuf", "sdiff",
	"dos2unix", "unix2dos", "mac2unix", "unix2mac", "keytool", "ar", "htpasswd", "crudini", "sqlite3", "pandoc", "tree",
	"ditto", "mount", "sshfs", "bindfs", "mount.fuse", "squashfuse", "fuse-overlayfs", "mktemp",
}}

// runsCodePath reports a guard decision on a write that protects a path
// whose change runs code or switches corral off: the agent's settings,
// startup files and corral's own files (self-protection), and what a
// repository's .git holds (config, hooks). The other protected paths
// (.env, keys, lock files, node_modules) are read by programs of every
// kind and are left to the rules that judge them.
func runsCodePath(d guards.Decision, rel string) bool {
	if d.Verdict != guards.Deny {
		return false
	}
	if d.Rule == "self-protection" {
		return true
	}
	if d.Rule != "protected-path" {
		return false
	}
	segs := strings.Split(rel, "/")
	for i, seg := range segs {
		// A repository's .git as a whole (gitstats repo/.git, bfg
		// --git-dir) is what programs that read a history take: only
		// a file or directory under it counts.
		if seg == ".git" && i < len(segs)-1 {
			return true
		}
	}
	return false
}

// maxUnknownWords bounds the words of programs corral has no reading of
// that one command runs through the path guards: a command far longer
// than real ones is judged by its first words.
const maxUnknownWords = 4096

// wordPaths returns the paths a word can name for the program it is
// given to: the word, or the value of --opt=VALUE or KEY=VALUE. A value
// starting with ~ is taken as the home directory, as programs that read
// such options (ssh -o UserKnownHostsFile=~/x) expand it.
func wordPaths(a syntax.Arg) []string {
	v := a.Value
	if v == "" || v == "-" || v == "--" {
		return nil
	}
	out := []string{}
	if !strings.HasPrefix(v, "-") {
		out = append(out, v)
	}
	if _, val, ok := strings.Cut(v, "="); ok && val != "" {
		out = append(out, val)
	}
	return append(out, attachedValues(v)...)
}

// maxCluster bounds the letters of a cluster of short options read for
// an attached value.
const maxCluster = 32

// attachedValues returns the values a cluster of short options can
// attach, for a program whose options corral does not know: getopt reads
// letters until one that takes a value, and the rest of the word is that
// value (-o/root/.bashrc, -xo.git/config). Any letter may be that one, at
// its first place in the cluster only (a letter that takes a value
// takes it the first time). A "~" there is no tilde to bash, which
// expands one only at the start of a word or after the = of an
// assignment: -o~/x names ./~/x.
func attachedValues(v string) []string {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return nil
	}
	var out []string
	var seen [128]bool
	for i := 1; i < len(v) && i <= maxCluster; i++ {
		ch := v[i]
		if !('a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9') {
			break
		}
		if seen[ch] {
			continue
		}
		seen[ch] = true
		rest := v[i+1:]
		if rest == "" || rest[0] == '=' {
			break // -o=FILE is read as OPT=VALUE
		}
		if rest[0] == '~' {
			rest = "./" + rest
		}
		out = append(out, rest)
	}
	return out
}

// checkUnknownWriter asks about a protected path that runs code given to
// a program corral has no reading of. judged are the targets the write
// tables found for the call (their words are judged there).
func (p *Pass) checkUnknownWriter(c *syntax.Call, judged []target) {
	cfg := p.Config
	if c.Name == "" || cfg.Paths == nil || wordsKnown.Has(path.Base(c.Name)) || len(c.Args) == 0 && len(c.EnvSet) == 0 && len(c.PreWords()) == 0 {
		return
	}
	if m, _ := pythonModule(c); m == "json.tool" {
		return // its words are read (pyModuleWrites)
	}
	code, file, _, interp := syntax.InterpreterWords(c)
	if interp && code >= 0 {
		return // the words after -c/-e are argv of code corral reads
	}
	seen := map[int]bool{}
	script := interp && file >= 0 // a script given its own arguments
	if interp && file >= 0 {
		// The script an interpreter runs (python3 x.py) is read; the
		// words after it are the script's to use.
		seen[c.Args[file].Start] = true
	}
	switch syntax.RunnerOf(path.Base(c.Name)) {
	case syntax.HostRunner, syntax.ShellRunner:
		// source FILE, bash FILE: the file is read as shell code; bash
		// -c and eval run code corral reads.
		if s, _ := syntax.ShellScript(c); s >= 0 || path.Base(c.Name) == "eval" {
			return
		}
		for _, a := range c.Args {
			if a.Value != "--" && !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") {
				seen[a.Start] = true
				script = true
				break
			}
		}
	}
	for _, t := range judged {
		seen[t.arg.Start] = true
	}
	if path.Base(c.Name) == "tmux" {
		// tmux source-file FILE (source): tmux reads FILE and runs the
		// tmux commands in it (tmux(1)); reloading the user's
		// ~/.tmux.conf writes nothing. Its other commands are judged as
		// before (save-buffer, pipe-pane name files they write).
		src := false
		for _, a := range c.Args {
			switch {
			case a.Value == ";" || strings.HasSuffix(a.Value, ";"):
				src = false
			case a.Value == "source-file" || a.Value == "source":
				src = true
			case src && !strings.HasPrefix(a.Value, "-"):
				seen[a.Start] = true
			}
		}
	}
	// The values of the options the output table lists are read there,
	// written or not (npm config get --userconfig F reads F).
	for _, e := range outputFiles.Get() {
		if e.program == path.Base(c.Name) {
			opts, _ := scan(c.Args, e.spec)
			for _, o := range find(opts, e.opts...) {
				seen[o.val.Start] = true
			}
		}
	}
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	if !c.Dir.Known {
		env.Cwd = cfg.Project
	}
	// given judges one path the program is given (how names the place:
	// "" for a word, "NAME=" for a variable of its environment, whose
	// directories are not judged: XDG_CONFIG_HOME=~/.config,
	// ZDOTDIR=~ are ordinary settings); it reports whether judging ends.
	given := func(v, how string) bool {
		if !strings.ContainsAny(v, "./~") {
			return false // a name in the working directory, never one of these
		}
		if strings.Contains(v, "://") {
			return false // a URL, not a path on this machine
		}
		np := guards.Normalize(env, v)
		if cfg.Sandbox != "" && guards.Within(cfg.Sandbox, np.Abs) {
			return false // corral's sandbox, where downloads are put (curl --output-dir)
		}
		if p.unknownWords++; p.unknownWords > maxUnknownWords {
			// Bounded: the guards decide each path. A command far
			// longer than real ones is asked about rather than
			// partly read (paths in the sandbox, as a rewrite
			// makes them, do not count).
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "n/a",
				Message: fmt.Sprintf("%s is given more paths than corral reads for programs it has no reading of (%d): one could be a file whose change runs code", c.Name, maxUnknownWords)})
			return true
		}
		own := false
		for _, prot := range cfg.Protected {
			own = own || prot != "" && guards.Within(prot, np.Abs)
		}
		if how != "" && isDirWord(v, np.Abs) {
			return false // a directory in a variable is a setting (CLAUDE_CONFIG_DIR=~/.claude)
		}
		d := cfg.Paths.Decide(env, v, guards.Write)
		if !own && !runsCodePath(d, np.Rel) {
			// A directory given to such a program (an output or
			// extraction directory: dpkg-deb -x x.deb ~, node
			// --cpu-prof-dir=$HOME/.claude) is where it may create
			// any name: asked about when a file there is one of
			// these. The project and the working directory, given
			// to nearly every tool, are not, nor a repository's
			// .git as a whole (see runsCodePath).
			if how != "" || np.Abs == cfg.Project || np.Abs == env.Cwd || path.Base(np.Abs) == ".git" || !isDirWord(v, np.Abs) {
				return false
			}
			held := cfg.Paths.SelfGlob(env, func(abs string) bool { return path.Dir(abs) == np.Abs })
			if held == "" {
				return false
			}
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
				Message: fmt.Sprintf("%s is given the directory %s, which holds %s (it registers agent hooks, configures corral or runs at login); corral does not know whether %s writes there", c.Name, np.Abs, held, c.Name)})
			return true
		}
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask, PathContext: "blocked",
			Message: fmt.Sprintf("%s is given %s%s, which registers agent hooks, configures corral, runs at login or configures git; corral does not know whether %s writes it", c.Name, how, np.Abs, c.Name)})
		return true
	}
	for _, a := range c.Args {
		if !a.Static || seen[a.Start] && a.End > a.Start {
			continue
		}
		for _, v := range wordPaths(a) {
			if given(v, "") {
				return
			}
		}
	}
	if script && c.ExtraArgs {
		// echo ~/.bashrc | xargs python3 app.py, xargs bash run.sh <<<
		// ~/.bashrc: the words xargs or parallel adds are the script's
		// arguments, as words written after it are.
		for _, v := range fedWords(p, c) {
			if given(v, "") {
				return
			}
		}
	}
	// FOO=~/.bashrc foo: a variable of the program's environment that the
	// command sets for it (a prefix assignment, OUT=$HOME/x with the
	// value the shell knows, env NAME=value) is a
	// place the program may take a file name from, as an option is; bash
	// expands the "~" after an assignment's "=" (and after each ":").
	type setting struct{ name, value string }
	var env2 []setting
	for _, e := range c.EnvSet {
		// Only the call's own assignments: an export reaches every
		// later program (and the scripts a shell reads), most of which
		// never look at it.
		if e.Own && e.Value != "" {
			env2 = append(env2, setting{e.Name, e.Value})
		}
	}
	for _, a := range c.PreWords() {
		// env NAME=value foo, sudo NAME=value foo.
		if name, v, ok := strings.Cut(a.Value, "="); ok && a.Static && isEnvName(name) && v != "" {
			env2 = append(env2, setting{name, v})
		}
	}
	if syntax.RunnerOf(path.Base(c.Name)) != syntax.NotRunner {
		// A shell's or an interpreter's variables (BASH_ENV, ENV,
		// PYTHONSTARTUP) name what it reads; the code it runs is judged.
		return
	}
	for _, e := range env2 {
		if e.name == "PWD" || e.name == "OLDPWD" {
			continue
		}
		for _, part := range strings.Split(e.value, ":") {
			if part != "" && given(part, e.name+"=") {
				return
			}
		}
	}
}

// isEnvName reports a shell variable name.
func isEnvName(s string) bool {
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !(ch == '_' || 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || i > 0 && '0' <= ch && ch <= '9') {
			return false
		}
	}
	return s != ""
}

// pyModuleWrites lists the files Python's command-line modules write:
// python3 -m json.tool [INFILE [OUTFILE]] writes OUTFILE; -m cProfile
// (profile) -o FILE the profile; -m trace -C DIR (--coverdir) the .cover
// files and -f FILE (--file) the counts it reads and writes back.
func pyModuleWrites(c *syntax.Call) []target {
	m, args := pythonModule(c)
	var out []target
	write := func(a syntax.Arg, v string) {
		if v != "-" && v != "" {
			out = append(out, target{arg: a, value: v, action: guards.Write})
		}
	}
	switch m {
	case "json.tool":
		_, ops := scan(args, optSpec{longEq: true, longVal: longOpts("indent")})
		if len(ops) >= 2 {
			write(args[ops[1]], args[ops[1]].Value)
		}
	case "cProfile", "profile", "trace":
		spec := optSpec{shortVal: "osm", longEq: true, longVal: longOpts("outfile", "sort"), stop: true}
		names := []string{"o", "outfile"}
		if m == "trace" {
			spec = optSpec{shortVal: "Cf", longEq: true, longVal: longOpts("coverdir", "file", "ignore-module", "ignore-dir"), stop: true}
			names = []string{"f", "file"}
		}
		opts, _ := scan(args, spec)
		for _, o := range find(opts, names...) {
			write(o.val, o.val.Value)
		}
		if m == "trace" {
			for _, o := range find(opts, "C", "coverdir") {
				write(o.val, strings.TrimSuffix(o.val.Value, "/")+"/*")
			}
		}
	}
	return out
}

// isDirWord reports a word that names a directory: written with a
// trailing slash, or a directory on disk when the hook runs.
func isDirWord(v, abs string) bool {
	if strings.HasSuffix(v, "/") {
		return true
	}
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}

// fedWords returns the words known at hook time that xargs or parallel
// adds to c's command line: its Inputs (a here-string, xargs -a FILE,
// parallel's ::: words), the words echo or printf pipes to it, or the
// path ROOT/NAME a find -exec hands over when its test selects one name.
func fedWords(p *Pass, c *syntax.Call) []string {
	var out []string
	for _, in := range c.Inputs {
		if in.Static {
			out = append(out, in.Value)
		}
	}
	if len(c.Inputs) > 0 {
		return out
	}
	if feeder := argsFeeder(c); fromFind(feeder) {
		// find ~ -maxdepth 1 -name .bashrc -exec python3 app.py {} \;:
		// a test that selects one name without a pattern finds ROOT/NAME
		// when it is there, among the paths it hands over.
		host := p.findHost(feeder)
		if host == nil || isFd(host) {
			return out
		}
		filtered, selects := findSelects(host, setOf(c.Name, feeder.Name), false)
		if !filtered || selects == "" || strings.ContainsAny(selects, "*?[\\/") {
			return out
		}
		for _, r := range findRoots(host) {
			if r.Static && !r.Glob {
				out = append(out, strings.TrimSuffix(r.Value, "/")+"/"+selects)
			}
		}
		return out
	}
	for _, d := range pipeInputs(p, c, deletion{}) {
		if d.arg.Static && !d.filtered && !strings.Contains(d.arg.Raw, "(from ") {
			out = append(out, d.arg.Value)
		}
	}
	return out
}
