package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

var runDownload = Rule{
	Name: "run-download",
	Doc: `Downloading a script and running it in the same command
(curl -o i.sh URL && bash i.sh, wget URL && ./install.sh, … && source f,
bash < i.sh, mysql db < d.sql, psql -f d.sql, and installing the download
as a package, whose install scripts or build code run: npm i ./x.tgz,
npm i file:x.tgz, pip install ./x.tar.gz) is
remote code execution in two steps: ask, as for curl | sh. The download is
still moved into the sandbox. A file already downloaded into the sandbox
and run in the same command (curl -o agent_sandbox/i.sh URL && bash
agent_sandbox/i.sh) asks too.`,
	Decisions: []Decision{Ask},
	Requires:  movers,
	Command:   checkRunDownload,
}

func checkRunDownload(p *Pass) {
	var moved []Relocation
	for _, f := range p.ResultOf(movers...) {
		if f.Fix != nil {
			moved = append(moved, f.Fix.Relocations...)
		}
	}
	ix := indexRelocations(moved)
	p.sandboxRunAfterFetch()
	for _, c := range p.Model.Calls {
		if !ix.scripts[c.Script] {
			continue
		}
		for _, a := range filesRun(c) {
			if !a.Static {
				continue
			}
			d := c.Dir.Join(a.Value)
			if !d.Known {
				continue
			}
			if rl, ok := ix.lookup(c.Script, d.Path, c.Start); ok && rl.From == d.Path {
				p.Report(c, Finding{Rule: "run-download", Decision: Ask,
					Message: "runs " + rl.From + ", which this command downloads: remote code execution; download it into the sandbox and read it first"})
				break
			}
		}
	}
	// Code the shell model read from a file for a call (syntax.Model.DiskReads:
	// cat e.sh | sh, eval "$(cat e.sh)", sh -c "$(< e.sh)", make -f e.mk,
	// GIT_CONFIG_GLOBAL=e.cfg git status): when an earlier part of this
	// command downloads that file, the text read is the disk's before the
	// download, not the one that runs (red team 17 RD1).
	reported := map[*syntax.Call]bool{}
	for _, r := range p.Model.DiskReads {
		c := r.Call
		if c == nil || reported[c] {
			continue
		}
		if to, ok := movedTo(moved, r.Path); ok {
			// GIT_CONFIG_GLOBAL=agent_sandbox/e.cfg git status, bash
			// --init-file agent_sandbox/e.sh: named where the download
			// lands.
			reported[c] = true
			p.Report(c, Finding{Rule: "run-download", Decision: Ask,
				Message: c.Name + " runs code it reads from " + r.Path + ", where this command downloads to (" + to + "): remote code execution; download it into the sandbox and read it first"})
			continue
		}
		if in, ok := c.Fd(0).File(); ok && in.Op == "<" && !runsStdin(c) {
			if d := c.Dir.Join(in.Target.Value); in.Target.Static && d.Known && d.Path == r.Path {
				continue // mysql -e 'select 1' db < a.sql reads no script there
			}
		}
		// The downloaded file itself: a repository cloned and then built
		// (git clone … && cd w && make) is rewritten for the agent's own
		// rules to judge, as the design has it.
		if rl, ok := ix.lookup(c.Script, r.Path, c.Start); ok && rl.From == r.Path {
			reported[c] = true
			p.Report(c, Finding{Rule: "run-download", Decision: Ask,
				Message: c.Name + " runs code it reads from " + r.Path + ", which this command downloads (to " + rl.From + "): remote code execution; download it into the sandbox and read it first"})
		}
	}
}

// movedTo reports whether p is the place a download of this command
// lands at (a file; a clone's directory is judged as the design has it,
// above).
func movedTo(moved []Relocation, p string) (string, bool) {
	for _, rl := range moved {
		if rl.To != "" && rl.To == p {
			return rl.To, true
		}
	}
	return "", false
}

// filesRun returns the words naming the files c runs: fileRun's, the
// file its standard input is opened on when c runs what it reads there
// (bash < i.sh, mysql db < d.sql, psql < d.sql), and psql's -f FILE.
func filesRun(c *syntax.Call) []syntax.Arg {
	var out []syntax.Arg
	if a, ok := fileRun(c); ok {
		out = append(out, a)
	}
	if r, ok := c.Fd(0).File(); ok && r.Op == "<" && runsStdin(c) {
		out = append(out, r.Target)
	}
	if c.Name == "java" {
		// java -jar app.jar, java -cp app.jar Main: compiled code.
		out = append(out, syntax.JavaFiles(c)...)
	}
	if c.Name == "psql" {
		for _, o := range syntax.PsqlFiles(c) {
			out = append(out, o)
		}
	}
	return append(out, packagesInstalled(c)...)
}

// packagesInstalled returns the words naming the package archives or
// directories an install runs the code of: the specs after npm's, yarn's,
// pnpm's and bun's install or add (npm's preinstall, install and
// postinstall scripts run; a file: spec is the path it names, as
// npm-package-arg reads it, and name@file:PATH an alias of it), and the
// requirements after pip install (an sdist's setup.py runs as it is
// built; -e/--editable's value too). curl -o x.tgz URL && npm i ./x.tgz
// runs the download's scripts as bash x.sh runs x.sh. Only the words the
// program reads as a path count (packagePathWord): a registry name that
// shares a download's name is another package.
func packagesInstalled(c *syntax.Call) []syntax.Arg {
	var from int
	switch {
	case syntax.Unversioned(c.Name) == "pip":
		from = -1
		for i, a := range c.Args {
			if a.Value == "install" {
				from = i + 1
				break
			}
		}
	case lang.ForProgram(c.Name) == lang.Python:
		// python3 -m pip install SPEC.
		from = -1
		for i := 0; i+2 < len(c.Args); i++ {
			if c.Args[i].Value == "-m" && c.Args[i+1].Value == "pip" && c.Args[i+2].Value == "install" {
				from = i + 3
				break
			}
		}
	default:
		verb, k := managerVerb(c)
		if k < 0 {
			return nil
		}
		if c.Name == "yarn" && verb == "global" && k+1 < len(c.Args) {
			k++
			verb = c.Args[k].Value // yarn global add SPEC
		}
		switch c.Name {
		case "npm":
			if verb != "install" && verb != "install-test" {
				return nil
			}
		case "yarn", "pnpm", "bun":
			if verb != "add" && verb != "a" && verb != "install" && verb != "i" {
				return nil
			}
		default:
			return nil
		}
		from = k + 1
	}
	if from < 0 {
		return nil
	}
	pip := c.Name != "npm" && c.Name != "yarn" && c.Name != "pnpm" && c.Name != "bun"
	var out []syntax.Arg
	for _, a := range c.Args[from:] {
		if v, ok := localPackagePath(a.Value); ok {
			a.Value = v
			out = append(out, a)
		} else if packagePathWord(a.Value, pip) {
			out = append(out, a)
		}
	}
	return out
}

// packagePathWord reports an install's word that names a path rather than
// a package of the registry: one that starts with ".", "/" or "~/", or
// ends as an archive does, and otherwise one with a "/" that is no
// registry or repository name — npm reads @scope/name as a registry name
// and user/repo as a GitHub repository (npm install widget installs the
// registry's widget, not ./widget); pip reads a word as a path when it
// holds a "/" at all.
func packagePathWord(v string, pip bool) bool {
	if v == "" || strings.HasPrefix(v, "-") {
		return false
	}
	l := strings.ToLower(v)
	for _, suf := range []string{".tgz", ".tar.gz", ".tar", ".tar.bz2", ".tar.xz", ".zip", ".whl"} {
		if strings.HasSuffix(l, suf) {
			return true
		}
	}
	if strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~/") {
		return true
	}
	if !strings.Contains(v, "/") || strings.Contains(v, "://") {
		return false
	}
	if pip {
		return true
	}
	scoped := strings.HasPrefix(v, "@") && strings.Count(v, "/") == 1
	return !scoped && !npmShorthand(v)
}

// localPackagePath returns the path a file: spec of this machine names
// (file:P, file:///P, file://localhost/P, name@file:P), as npm and pip
// read it.
func localPackagePath(v string) (string, bool) {
	l := strings.ToLower(v)
	i := strings.Index(l, "file:")
	if i < 0 || i > 0 && l[i-1] != '@' {
		return "", false
	}
	if !localFileURL(l[i:]) {
		return "", false
	}
	rest := v[i+len("file:"):]
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		_, p, _ := strings.Cut(after, "/")
		return "/" + p, true
	}
	return rest, true
}

// fileRun returns the word naming the file that c executes: the command
// itself when it is a path, or the script of a shell, an interpreter or
// source.
func fileRun(c *syntax.Call) (syntax.Arg, bool) {
	if c.NameArg.Word != nil && strings.Contains(c.NameArg.Value, "/") {
		return c.NameArg, true
	}
	switch r := syntax.RunnerOf(c.Name); {
	case r == syntax.NotRunner || c.Name == "eval":
		return syntax.Arg{}, false
	case c.Name == "source" || c.Name == ".":
		// bash's source takes no options but "--".
		args := c.Args
		if len(args) > 0 && args[0].Static && args[0].Value == "--" {
			args = args[1:]
		}
		if len(args) > 0 {
			return args[0], true
		}
		return syntax.Arg{}, false
	}
	// A shell's or interpreter's script file, read with its options
	// (bash -o pipefail i.sh, python3 -W ignore i.py, not -c's string).
	if _, file, _, ok := programWords(c); ok {
		if file >= 0 {
			return c.Args[file], true
		}
		return syntax.Arg{}, false
	}
	// A runner whose options corral does not model (lua, Rscript, pwsh):
	// its first word that is no option.
	for _, a := range c.Args {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		return a, true
	}
	return syntax.Arg{}, false
}

// sandboxRunAfterFetch asks when a call runs a file inside the sandbox
// (by name, on standard input, as a package installed) after a call of
// the same command that fetches a file: curl -o agent_sandbox/i.sh URL && bash
// agent_sandbox/i.sh is curl | sh in two steps, like the download the
// rewrite moves, though nothing was moved. Running what the sandbox
// holds in a command of its own, after reading it, passes.
func (p *Pass) sandboxRunAfterFetch() {
	for _, c := range p.Model.Calls {
		for _, a := range filesRun(c) {
			if !a.Static {
				continue
			}
			d := c.Dir.Join(a.Value)
			if !d.Known || !p.inSandboxPath(d.Path) {
				continue
			}
			if f := fetchBefore(p.Model, c); f != nil {
				p.Report(c, Finding{Rule: "run-download", Decision: Ask,
					Message: "runs " + d.Path + " from the sandbox after " + f.Name + " fetched content earlier in this command: remote code execution; read it first, then run it in a command of its own"})
				break
			}
		}
	}
}

// fetchBefore returns a call of model m before c that fetches a file
// from elsewhere: a downloader (syntax.Downloaders) or a copy from
// another host (scp, rsync, sftp, aria2c, axel); nil when there is none.
// A clone then built or run (git clone … && cd w && ./install.sh) is
// left to the agent's own rules, as the design has it for a clone the
// rewrite moves.
func fetchBefore(m *syntax.Model, c *syntax.Call) *syntax.Call {
	for _, f := range m.Calls {
		if f == c || f.Script == c.Script && f.Start >= c.Start {
			continue
		}
		switch {
		case slices.Contains(syntax.Downloaders, f.Name):
			return f
		case f.Name == "scp" || f.Name == "rsync" || f.Name == "sftp" || f.Name == "aria2c" || f.Name == "axel":
			return f
		}
	}
	return nil
}
