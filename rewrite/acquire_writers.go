package rewrite

import (
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// cpioSpec are GNU cpio's (and bsdcpio's) options that take a value.
var cpioSpec = optSpec{shortVal: "CDEFHIMORsW", longEq: true, longVal: longOpts("block-size", "directory", "pattern-file",
	"file", "format", "message", "owner", "rsh-command", "io-size", "warning", "to-stdout")}

// followWriter handles the programs that take a download on stdin and
// write files from it that corral cannot place in the sandbox by a
// rewrite: a patch applied to the work tree (git apply, git am, patch),
// an archive unpacked where its members say (cpio -i, pax -r, busybox
// unzip -, 7z x -si), a repository import (git fast-import), a
// decompressor's -o FILE. Each asks: the content is external and lands
// in the project. handled reports that s is one of them; passes that the
// bytes go on to its stdout (patch -o -, unzip -p, 7z -so).
func (p *Pass) followWriter(s *syntax.Call, rule, kind string) (handled, passes bool) {
	return p.followWriterFrom(s, rule, kind, nil)
}

// followWriterFrom is followWriter for a download that reaches s as its
// stdin or, when fromFile is set, through a file name fromFile reports
// (the path of a process substitution: git apply <(curl -s URL)).
func (p *Pass) followWriterFrom(s *syntax.Call, rule, kind string, fromFile func(a syntax.Arg) bool) (handled, passes bool) {
	ask := func(what string) {
		p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: what + "; corral cannot keep that in the sandbox"})
	}
	readsStdin := func(a syntax.Arg) bool {
		if fromFile != nil {
			return fromFile(a)
		}
		v := a.Value
		if v == "-" {
			return true
		}
		st, fd := s.Route(v)
		return fd && (st.Kind == syntax.StreamPipe || st.Kind == syntax.StreamInherited && st.Fd == 0)
	}
	switch s.Name {
	case "git":
		_, sub := gitArgs(s)
		if sub < 0 {
			return false, false
		}
		args := s.Args[sub+1:]
		switch s.Args[sub].Value {
		case "apply":
			opts, ops := scan(args, optSpec{shortVal: "pC", longEq: true,
				longVal: longOpts("exclude", "include", "directory", "whitespace", "build-fake-ancestor")})
			if has(opts, "stat", "numstat", "summary", "check") && !has(opts, "apply") {
				return true, false // reports on the patch
			}
			if len(ops) > 0 && !slices.ContainsFunc(ops, func(i int) bool { return readsStdin(args[i]) }) ||
				len(ops) == 0 && fromFile != nil {
				return true, false // applies files, not the download
			}
			ask("git apply applies the downloaded patch to the work tree")
			return true, false
		case "am":
			_, ops := scan(args, optSpec{shortVal: "pCS", longEq: true,
				longVal: longOpts("whitespace", "directory", "exclude", "include", "patch-format", "resolvemsg", "gpg-sign", "quoted-cr", "empty")})
			if len(ops) > 0 && !slices.ContainsFunc(ops, func(i int) bool { return readsStdin(args[i]) }) ||
				len(ops) == 0 && fromFile != nil {
				return true, false
			}
			ask("git am commits the downloaded patches and checks them out")
			return true, false
		case "fast-import":
			ask("git fast-import writes the downloaded stream into the repository")
			return true, false
		}
		return false, false
	case "patch":
		opts, _ := scan(s.Args, patchSpec)
		if has(opts, "dry-run") {
			return true, false
		}
		if in := find(opts, "i", "input"); len(in) > 0 && !readsStdin(in[len(in)-1].val) {
			return true, false // the diff is a file, stdin is unused
		} else if len(in) == 0 && fromFile != nil {
			// patch [FILE [PATCHFILE]]: the second operand is the diff.
			if _, ops := scan(s.Args, patchSpec); len(ops) < 2 || !readsStdin(s.Args[ops[1]]) {
				return true, false
			}
		}
		if out := find(opts, "o", "output"); len(out) > 0 && out[len(out)-1].val.Value == "-" {
			return true, true // the patched text goes to stdout
		}
		ask("patch applies the downloaded diff to the files it names")
		return true, false
	case "cpio", "bsdcpio":
		opts, _ := scan(s.Args, cpioSpec)
		if !has(opts, "i", "extract") || has(opts, "t", "list") {
			return true, false // -o/-p read file names; -t lists
		}
		if has(opts, "to-stdout") {
			return true, true
		}
		// GNU cpio (2.13) writes a member through a symbolic link an
		// earlier member made (lnk -> /home/u, then lnk/.bashrc) even
		// with -D DIR and --no-absolute-filenames: it cannot be pointed
		// at the sandbox (TestCpioSymlinkMemberExec). bsdcpio refuses
		// absolute names, ".." and writes through links unless
		// --insecure, but has no directory option: the stage runs in
		// the sandbox instead (bsdcpioInSandbox).
		if s.Name == "bsdcpio" && fromFile == nil && p.bsdcpioInSandbox(s, opts, rule, kind) {
			return true, false
		}
		ask(s.Name + " -i unpacks the downloaded archive where its members say (GNU cpio writes through a symbolic link a member makes, even with -D and --no-absolute-filenames)")
		return true, false
	case "uudecode":
		// uudecode [-o FILE] [FILE…] (GNU sharutils, busybox): the
		// decoded bytes go to -o FILE (--output-file), "-" or
		// /dev/stdout being standard output, else to the file the
		// begin line of the input names, which the download chooses:
		// any path, ~/.bashrc or .git/hooks/pre-commit.
		opts, ops := scan(s.Args, optSpec{shortVal: "o", longEq: true, abbrev: true, longVal: longOpts("output-file"),
			longFlag: longOpts("ignore-chmod", "help", "version")})
		if len(ops) > 0 && !slices.ContainsFunc(ops, func(i int) bool { return readsStdin(s.Args[i]) }) {
			return true, false // decodes files, not the download
		}
		if outs := find(opts, "o", "output-file"); len(outs) > 0 {
			o := outs[len(outs)-1].val
			if o.Static && (o.Value == "-" || o.Value == "/dev/stdout") {
				return true, true
			}
			if p.InSandbox(s.Dir, o) || o.Static && streamDevice(s.Dir, o.Value) {
				return true, false
			}
			ask("uudecode writes the decoded download to " + o.Value + ", outside the sandbox")
			return true, false
		}
		ask("uudecode writes the decoded download to the file its begin line names, which the download chooses")
		return true, false
	case "pax":
		opts, _ := scan(s.Args, optSpec{shortVal: "bfopsx"})
		if !has(opts, "r") || has(opts, "w") {
			return true, false // lists, or copies files it names
		}
		if f := find(opts, "f"); len(f) > 0 && !readsStdin(f[len(f)-1].val) {
			return true, false
		}
		ask("pax -r unpacks the downloaded archive where its members say")
		return true, false
	case "unzip":
		opts, ops := scan(s.Args, optSpec{shortVal: "dxP"})
		if len(ops) == 0 || !readsStdin(s.Args[ops[0]]) {
			return false, false
		}
		if has(opts, "l", "t", "v", "Z", "z") {
			return true, false
		}
		if has(opts, "p", "c") {
			return true, true
		}
		// Info-ZIP's unzip reads no archive from a pipe (unzip - prints
		// its usage); busybox unzip does, and unpacks under -d DIR,
		// taking the leading / and ../ off member names and refusing a
		// symbolic link that points out: -d SANDBOX keeps both in the
		// sandbox (TestArchiveStdinRewriteExec).
		if d := find(opts, "d"); len(d) > 0 {
			last := d[len(d)-1]
			if p.InSandbox(s.Dir, last.val) {
				return true, false
			}
			p.acquire(s, rule, kind, "unzip unpacks the downloaded archive into "+last.val.Value+", outside the sandbox", p.Config.Sandbox,
				[]syntax.Edit{setValue(s, last, syntax.Quote(p.Config.Sandbox))}, nil)
			return true, false
		}
		if !p.DirInSandbox(s.Dir) {
			p.acquire(s, rule, kind, "unzip unpacks the downloaded archive into the working directory", p.Config.Sandbox,
				[]syntax.Edit{Insert(s, s.Args[len(s.Args)-1].End, " -d "+syntax.Quote(p.Config.Sandbox))}, nil)
		}
		return true, false
	case "jar":
		j, ok := jarExtraction(s)
		if !ok || j.archive != nil && !(fromFile != nil && fromFile(*j.archive)) || j.archive == nil && fromFile != nil {
			return false, false
		}
		ask("jar x unpacks the downloaded archive into the working directory, where its members say")
		return true, false
	case "7z", "7za", "7zr", "7zz":
		si, so := false, false
		for _, a := range s.Args {
			si = si || strings.HasPrefix(a.Value, "-si")
			so = so || a.Value == "-so"
		}
		_, ops := scan(s.Args, optSpec{})
		if !si || len(ops) == 0 || (s.Args[ops[0]].Value != "x" && s.Args[ops[0]].Value != "e") {
			return false, false
		}
		if so {
			return true, true
		}
		// 7-Zip unpacks under -o{DIR} (the last one counts), members'
		// absolute paths made relative and .. dropped unless -spf asks
		// for full paths, and writes no member through a link another
		// made (TestArchiveStdinRewriteExec): -oSANDBOX keeps it there.
		var out *syntax.Arg
		for i := range s.Args {
			a := &s.Args[i]
			if !a.Static {
				ask(s.Name + " -si unpacks the downloaded archive where a word only known at run time says")
				return true, false
			}
			v := strings.ToLower(a.Value)
			if strings.HasPrefix(v, "-spf") {
				ask(s.Name + " -spf unpacks the downloaded archive's members at their full paths")
				return true, false
			}
			if strings.HasPrefix(v, "-o") {
				out = a
			}
		}
		if out != nil {
			if p.InSandbox(s.Dir, syntax.Arg{Value: out.Value[2:], Static: true}) {
				return true, false
			}
			p.acquire(s, rule, kind, s.Name+" unpacks the downloaded archive into "+out.Value[2:]+", outside the sandbox", p.Config.Sandbox,
				[]syntax.Edit{Replace(s, *out, syntax.Quote("-o"+p.Config.Sandbox))}, nil)
			return true, false
		}
		if !p.DirInSandbox(s.Dir) {
			p.acquire(s, rule, kind, s.Name+" unpacks the downloaded archive into the working directory", p.Config.Sandbox,
				[]syntax.Edit{Insert(s, s.Args[len(s.Args)-1].End, " "+syntax.Quote("-o"+p.Config.Sandbox))}, nil)
		}
		return true, false
	case "zstd", "unzstd", "brotli", "lz4", "unlz4":
		opts, _ := scan(s.Args, optSpec{shortVal: "oDq", longEq: true, longVal: longOpts("output", "dictionary")})
		out := find(opts, "o", "output")
		if len(out) == 0 {
			return false, false
		}
		if v := out[len(out)-1].val.Value; v == "-" || v == "/dev/stdout" {
			return true, true
		}
		ask(s.Name + " -o writes the downloaded data to " + out[len(out)-1].val.Value)
		return true, false
	}
	return false, false
}

// bsdcpioInSandbox runs a bsdcpio -i that unpacks a download on its
// standard input in the sandbox, as (cd SANDBOX && bsdcpio -i …): libarchive's
// cpio keeps every member under its working directory unless --insecure
// (absolute names, ".." and paths through a symbolic link an earlier
// member made are refused: TestBsdcpioSandboxExec). It reports false, to
// ask, where moving the working directory would change more than where
// the members land: --insecure, a file option (-E, -F, -I, -O: their
// relative names would move too), a wrapper (sudo bsdcpio), a stage that
// is not the call alone, a redirection to a relative path.
func (p *Pass) bsdcpioInSandbox(s *syntax.Call, opts []option, rule, kind string) bool {
	if p.DirInSandbox(s.Dir) {
		return true
	}
	if has(opts, "insecure", "E", "F", "I", "O", "pattern-file", "file") || len(s.Wrappers) > 0 || s.Pipe == nil || s.Pipe.Stage(s.PipeIndex) != s || !editable(s) {
		return false
	}
	for _, r := range s.Redirs {
		if !r.Target.Static || r.Proc != nil {
			return false
		}
		if v := r.Target.Value; r.Op != ">&" && r.Op != "<&" && !strings.HasPrefix(v, "/") && r.Op != "<<" && r.Op != "<<-" && r.Op != "<<<" {
			return false
		}
	}
	start, end, ok := s.Pipe.StageSpan(s.PipeIndex)
	if !ok {
		return false
	}
	p.acquire(s, rule, kind, "bsdcpio unpacks the downloaded archive into the working directory", p.Config.Sandbox,
		[]syntax.Edit{
			{Script: s.Script, Start: start, End: start, New: "(cd " + syntax.Quote(p.Config.Sandbox) + " && "},
			{Script: s.Script, Start: end, End: end, New: ")"},
		}, nil)
	return true
}
