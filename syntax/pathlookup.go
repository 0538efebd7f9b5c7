package syntax

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Programs start other programs by name, and the kernel's execvp finds
// those through the PATH the program inherits: a command that puts a
// directory the agent can write first on PATH (PATH=./bin:$PATH git
// fetch, export PATH=…, env PATH=… gcc) runs the script it finds there
// under the helper's name, though the command only names git or gcc (red
// team 14 PH1). pathHelpers looks each helper up as pathProgram looks up
// the command's own name: found first in a directory outside the
// system's, it is read as a script (a binary there runs as itself, as a
// named program does).
//
// The table is of helpers a program starts through PATH, each checked in
// the program's source or by running it with a PATH of fakes: git runs
// ssh for ssh:// and scp-style URLs (fetch, clone, push, pull,
// ls-remote, submodule, archive --remote; GIT_SSH_COMMAND and
// core.sshCommand override it and are judged as commands), its pager
// (less, when neither GIT_PAGER, core.pager nor PAGER names one), its
// editor (vi, when no GIT_EDITOR, core.editor, VISUAL or EDITOR) and gpg
// for signing; gcc and its front ends run as and, through collect2, ld
// (the compiler's own directories first, then PATH, where Debian keeps
// both); clang runs ld; man-db runs its pager (less, pager) and the
// formatters (groff, nroff, troff, grotty, preconv, tbl, col); rsync and
// ssh-copy-id run ssh; GNU tar runs its compressor (tarCompressor); go
// runs git (module downloads) and gcc (cgo); cargo runs rustc, rustc runs
// cc; pip runs git for git+ URLs; npm and npx run sh (pathRunners in
// runners.go). make is not here: it
// runs its recipes with /bin/sh, by path, and the recipes' own commands
// are read as commands.
var pathHelperTable = lazy.Value[map[string][]string]{New: func() map[string][]string {
	compilerHelpers := []string{"as", "ld", "collect2"}
	manHelpers := []string{"less", "pager", "groff", "nroff", "troff", "grotty", "preconv", "tbl", "col"}
	return map[string][]string{
		"gcc":         compilerHelpers,
		"g++":         compilerHelpers,
		"cc":          compilerHelpers,
		"c++":         compilerHelpers,
		"gfortran":    compilerHelpers,
		"clang":       {"ld"},
		"clang++":     {"ld"},
		"man":         manHelpers,
		"rsync":       {"ssh"},
		"ssh-copy-id": {"ssh"},
		"go":          {"git", "gcc"},
		"cargo":       {"rustc", "cc"},
		"rustc":       {"cc"},
		"pip":         {"git"},
		"pip3":        {"git"},
		// The JVM launch scripts run java from PATH when JAVA_HOME is
		// not set (toolroots.go).
		"mvn": {"java"}, "mvnw": {"java"}, "gradle": {"java"}, "gradlew": {"java"}, "ant": {"java"}, "sbt": {"java"},
	}
}}

// gitPathHelpers are the helpers git starts by name for its subcommand:
// ssh for the ones that reach a remote, the pager for the ones that page
// (and any with -p/--paginate), the editor for the ones that edit a
// message, gpg for the ones that sign or verify.
var gitPathHelpers = lazy.Value[map[string][]string]{New: func() map[string][]string {
	m := map[string][]string{}
	add := func(h string, subs ...string) {
		for _, s := range subs {
			m[s] = append(m[s], h)
		}
	}
	add("ssh", "clone", "fetch", "pull", "ls-remote", "push", "archive", "remote", "submodule", "fetch-pack", "send-pack")
	add("less", "log", "show", "diff", "blame", "annotate", "grep", "shortlog", "branch", "tag", "reflog", "whatchanged", "range-diff", "stash", "help")
	add("vi", "commit", "merge", "pull", "rebase", "tag", "notes", "revert", "cherry-pick", "add", "config", "am")
	add("gpg", "commit", "merge", "pull", "rebase", "tag", "revert", "cherry-pick", "am", "push", "log", "show", "verify-commit", "verify-tag")
	return m
}}

// pathHelpersOf returns the programs call starts by name through PATH
// (pathHelperTable, and git's by subcommand), or nil.
func pathHelpersOf(call *Call) []string {
	name := baseName(call.NameArg.Value)
	if name == "tar" {
		return tarCompressor(call)
	}
	if name != "git" {
		return append(slices.Clone(pathHelperTable.Get()[name]), pathRunners.Get()[name]...)
	}
	opts, ops := ScanOptions(call.Args, GitGlobalOptions)
	var out []string
	for _, o := range opts {
		if o.Long && o.Name == "paginate" || !o.Long && o.Name == "p" {
			out = append(out, "less")
		}
	}
	if len(ops) > 0 && call.Args[ops[0]].Static {
		for _, h := range gitPathHelpers.Get()[call.Args[ops[0]].Value] {
			if h == "ssh" && gitOtherTransport(call.Args[ops[0]+1:]) {
				continue // git clone https://…: git's own http helper, no ssh
			}
			out = append(out, h)
		}
	}
	return out
}

// gitOtherTransport reports that the repository a transport subcommand
// names (its first word that is not an option) is a URL git reaches
// without ssh: http(s), ftp(s), file, git:// or a remote helper's
// NAME::. A remote's name, a scp-style host:path or a run-time word may
// be reached over ssh.
func gitOtherTransport(rest []Arg) bool {
	for _, a := range rest {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if !a.Static {
			return false
		}
		if _, _, helper := strings.Cut(a.Value, "::"); helper {
			return true
		}
		scheme, _, ok := strings.Cut(a.Value, "://")
		switch strings.ToLower(scheme) {
		case "http", "https", "ftp", "ftps", "file", "git":
			return ok
		}
		return false
	}
	return false
}

// pathHelpers judges each helper call's program starts by name that the
// command's PATH finds first in a directory outside the system's: the
// file there runs as that helper, and is read as pathProgram reads the
// command's own program.
func (w *walker) pathHelpers(c scope, call *Call) {
	if call.Name == "" || !call.NameArg.Static {
		return
	}
	seen := map[string]bool{call.Name: true}
	for _, h := range pathHelpersOf(call) {
		if seen[h] {
			continue
		}
		seen[h] = true
		helper := *call
		helper.Name = h
		helper.NameArg = Arg{Value: h, Raw: h, Static: true, Start: call.NameArg.Start, End: call.NameArg.End}
		helper.Args = nil
		w.pathProgram(c, &helper)
	}
}

// tarCompressor is the compressor GNU tar starts by name: the one its
// option names (-z gzip, -j bzip2, -J xz, --zstd, --lzip, --lzma, --lzop,
// -Z gzip for reading), or with -a/--auto-compress, or when it reads an
// archive file without one, the one the archive's first bytes (or, for
// a file not there yet, its suffix) call for.
func tarCompressor(call *Call) []string {
	opts, _ := ScanOptions(TarArgs(call.Args), TarOptions)
	var file *Arg
	for _, o := range opts {
		switch o.Name {
		case "z", "gzip", "gunzip", "ungzip", "Z", "compress", "uncompress":
			return []string{"gzip"}
		case "j", "bzip2":
			return []string{"bzip2"}
		case "J", "xz":
			return []string{"xz"}
		case "zstd", "lzip", "lzma", "lzop":
			return []string{o.Name}
		case "f", "file":
			if o.HasVal {
				v := o.Val
				file = &v
			}
		}
	}
	if file == nil || !file.Static || file.Value == "-" {
		return nil
	}
	d := call.Dir.Join(file.Value)
	if !d.Known {
		return nil
	}
	if f, err := os.Open(d.Path); err == nil {
		defer f.Close()
		var head [6]byte
		n, _ := f.Read(head[:])
		h := string(head[:n])
		for _, m := range []struct{ magic, prog string }{
			{"\x1f\x8b", "gzip"}, {"\x1f\x9d", "gzip"}, {"BZh", "bzip2"}, {"\xfd7zXZ\x00", "xz"},
			{"\x28\xb5\x2f\xfd", "zstd"}, {"LZIP", "lzip"}, {"\x5d\x00\x00", "lzma"}, {"\x89LZO", "lzop"},
		} {
			if strings.HasPrefix(h, m.magic) {
				return []string{m.prog}
			}
		}
		return nil
	}
	ext := strings.ToLower(filepath.Ext(d.Path))
	switch ext {
	case ".gz", ".tgz", ".taz", ".z":
		return []string{"gzip"}
	case ".bz2", ".tbz", ".tbz2", ".tz2":
		return []string{"bzip2"}
	case ".xz", ".txz":
		return []string{"xz"}
	case ".zst", ".tzst":
		return []string{"zstd"}
	case ".lz":
		return []string{"lzip"}
	case ".lzma", ".tlz":
		return []string{"lzma"}
	case ".lzo":
		return []string{"lzop"}
	}
	return nil
}
