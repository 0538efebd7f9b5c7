package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// A patch is content: applying one that sits in the sandbox (a download,
// or the pieces git mailsplit cut from a downloaded mailbox) writes what
// it says into the work tree, outside the sandbox, as unpacking a
// sandboxed archive does. git apply PATCH, git am MBOX|DIR (a Maildir or
// mailsplit's directory), git mailsplit -oDIR MBOX (the pieces copied
// out) and patch -i PATCH / patch FILE PATCH / patch < PATCH of a
// sandboxed file ask (copy-out); --check, --stat, --numstat, --summary
// and patch --dry-run write nothing, and a work tree inside the sandbox
// (git -C agent_sandbox/repo am …) keeps it there. A download piped into
// git mailsplit (no mailbox operand: it reads stdin) has its -o
// directory outside the sandbox asks (followMailsplit).

// gitApplySpec are git apply's options that take a value.
var gitApplySpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "pC", longEq: true, abbrev: true,
		longVal: longOpts("exclude", "include", "directory", "whitespace", "build-fake-ancestor")}
}}

// gitAmSpec are git am's options that take a value (-S/--gpg-sign's
// value is only attached).
var gitAmSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "pC", shortOpt: "S", longEq: true, abbrev: true,
		longVal: longOpts("directory", "exclude", "include", "whitespace", "patch-format", "resolvemsg", "quoted-cr", "empty")}
}}

// patchOutOf asks when git apply, git am, git mailsplit or patch takes
// a patch or mailbox that is in the sandbox (or that this command moved
// there) to a work tree or directory outside it. It reports whether it
// asked.
func (p *Pass) patchOutOf(c *syntax.Call, ix relocationIndex) bool {
	var files []syntax.Arg
	where := c.Dir // where the content lands
	base := c.Dir  // what the file names are relative to
	verb := c.Name
	switch c.Name {
	case "git":
		dir, sub := gitArgs(c)
		if sub < 0 {
			return false
		}
		where, base = dir, dir
		args := c.Args[sub+1:]
		verb = "git " + c.Args[sub].Value
		switch c.Args[sub].Value {
		case "apply":
			opts, ops := scan(args, gitApplySpec.Get())
			if has(opts, "stat", "numstat", "summary", "check") && !has(opts, "apply") {
				return false
			}
			for _, i := range ops {
				files = append(files, args[i])
			}
		case "am":
			_, ops := scan(args, gitAmSpec.Get())
			for _, i := range ops {
				files = append(files, args[i])
			}
		case "mailsplit":
			for _, a := range args {
				if d, ok := strings.CutPrefix(a.Value, "-o"); ok && a.Static {
					where = where.Join(d)
				} else if !strings.HasPrefix(a.Value, "-") {
					files = append(files, a)
				}
			}
		default:
			return false
		}
	case "patch":
		opts, ops := scan(c.Args, patchSpec) // writes_diff.go
		if has(opts, "dry-run") {
			return false
		}
		for _, o := range find(opts, "i", "input") {
			files = append(files, o.val)
		}
		if len(ops) >= 2 {
			files = append(files, c.Args[ops[1]])
		}
		if ds := find(opts, "d", "directory"); len(ds) > 0 {
			// patch -d DIR changes to DIR before anything else.
			if d := ds[len(ds)-1].val; d.Static {
				where = where.Join(d.Value)
			} else {
				where = syntax.Dir{}
			}
			base = where
		}
	default:
		return false
	}
	if r, ok := c.Fd(0).File(); ok && r.Op == "<" && (c.Name == "patch" || verb == "git apply" || verb == "git am" || verb == "git mailsplit") {
		files = append(files, r.Target) // patch < agent_sandbox/x.patch
	}
	if where.Known && p.inSandboxPath(where.Path) {
		return false
	}
	at := *c
	at.Dir = base
	for _, f := range files {
		src, ok := resolveMoved(&at, ix, f)
		if !ok || !p.inSandboxPath(src) {
			continue
		}
		what := "applies " + src + ", external content in the sandbox, to the work tree outside it"
		if verb == "git mailsplit" {
			what = "copies the mails of " + src + ", external content in the sandbox, out of it"
		}
		p.Report(c, Finding{Rule: "copy-out", Decision: Ask, Kind: "download",
			Message: verb + " " + what + "; apply it in a clone in the sandbox, or review it and copy it out yourself"})
		return true
	}
	return false
}

// followMailsplit asks about git mailsplit cutting a downloaded mailbox,
// read on its stdin (no mailbox operand), into the -o directory outside
// the sandbox: the pieces are patches a later git am applies, and git
// mailsplit needs the directory to exist, so moving it would only make
// the command fail. It reports whether s is git mailsplit.
func (p *Pass) followMailsplit(s *syntax.Call, rule, kind string) bool {
	_, sub := gitArgs(s)
	if sub < 0 || s.Args[sub].Value != "mailsplit" {
		return false
	}
	var out *syntax.Arg
	for i, a := range s.Args[sub+1:] {
		switch {
		case strings.HasPrefix(a.Value, "-o"):
			out = &s.Args[sub+1+i]
		case a.Value == "--" || strings.HasPrefix(a.Value, "-"):
		default:
			if st, fd := s.Route(a.Value); !fd || st.Kind != syntax.StreamPipe {
				return true // it reads a mailbox on disk
			}
		}
	}
	if out == nil {
		return true // git refuses to run without -o
	}
	dir := syntax.Arg{Value: strings.TrimPrefix(out.Value, "-o"), Static: out.Static}
	if p.InSandbox(s.Dir, dir) {
		return true
	}
	p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
		Message: "git mailsplit cuts the downloaded mailbox into patches in " + dir.Value + ", outside the sandbox, for git am to apply; corral cannot keep them in the sandbox (the directory must exist)"})
	return true
}
