package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// followReader handles a call that reads a download on its standard
// input: the files it writes the bytes to move into the sandbox (tee's
// files, dd of=, split's pieces, sponge's file, install or cp of
// /dev/stdin, tar's extraction, the redirections of a shell script's
// commands). It reports whether the bytes go on to the call's stdout, to
// be followed further down the pipeline.
func (p *Pass) followReader(s *syntax.Call, rule, kind string) bool {
	if s.Name == "git" && p.followMailsplit(s, rule, kind) {
		return false // acquire_copy_out_patch.go
	}
	if s.Name == "git" && p.followGitStdin(s, rule, kind) {
		return false // git_stdin_writers.go
	}
	if p.followSQLiteImport(s, rule, kind) {
		return false // acquire_sqlite_stdin.go
	}
	switch s.Name {
	case "tee":
		p.moveOperands(s, rule, kind, "tee")
	case "script":
		// curl URL | script -qc cat f: the typescript records it
		// (acquire_script.go); the command's output goes on.
		p.followScript(s, rule, kind)
	case "tar", "bsdtar", "gtar":
		p.extractTar(s, rule, kind)
		return false
	case "dd":
		return p.followDd(s, rule, kind)
	case "socat":
		p.followSocat(s, rule, kind)
	case "split":
		p.followSplit(s, rule, kind)
		return false
	case "sponge":
		if p.moveOperands(s, rule, kind, "sponge") {
			return false
		}
	case ":", "true", "false":
		if !s.Defined {
			// curl URL | true > f, curl URL | { > f; } (the null
			// command): they read nothing, so the download goes no
			// further and f stays empty.
			return false
		}
	case "install", "cp", "mv":
		return p.followCopy(s, rule, kind)
	case "tmux":
		// tmux load-buffer - puts the download in a paste buffer that a
		// later save-buffer writes (acquire_tmux.go).
		p.followTmux(s, rule, kind, tmuxStdinFill(s))
		return false
	case "awk", "gawk", "mawk", "nawk", "sed", "gsed":
		if fc, ok := syntax.FilterCodeOf(s); ok && (len(fc.Writes) > 0 || fc.Dynamic != "") {
			what := "a file its program names"
			if len(fc.Writes) > 0 {
				what = fc.Writes[0]
			}
			p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
				Message: s.Name + " writes the download to " + what + " from inside its program; corral cannot move that into the sandbox"})
			return false
		}
	default:
		if handled, passes := p.followStdinWriter(s, rule, kind); handled {
			if passes {
				p.moveRedirects(s, rule, kind)
			}
			return passes
		}
		if handled, passes := p.followWriter(s, rule, kind); handled {
			return passes
		}
		if syntax.IsShell(s.Name) {
			// sh -c 'cat > f': the script's commands read the pipe;
			// sh -c cat > f: they write it to the shell's stdout.
			if !p.followInside(s, rule, kind) {
				return false
			}
		}
	}
	p.moveRedirects(s, rule, kind)
	return true
}

// moveOperands moves the file operands of a tee or sponge call into the
// sandbox; it reports whether the call names a file.
func (p *Pass) moveOperands(s *syntax.Call, rule, kind, what string) bool {
	_, operands := scan(s.Args, specFor(what))
	for _, j := range operands {
		a := s.Args[j]
		if a.Value == "-" && what == "tee" {
			continue
		}
		if st, ok := p.Model.ArgStream(a); ok {
			// tee >(tar x): the substitution's commands read the bytes.
			p.followStream(s, st, rule, kind)
			continue
		}
		if a.Value == "/dev/null" || p.InSandbox(s.Dir, a) {
			continue
		}
		if _, fd := s.Route(a.Value); fd {
			// tee /dev/stderr: one of the call's descriptors, whose
			// file (if any) is judged where it is opened.
			p.followFdOperand(s, a.Value, rule, kind)
			continue
		}
		dest, text := p.sandboxed(a, "download")
		p.acquire(s, rule, kind, what+" writes the download to "+a.Value+", outside the sandbox", dest,
			[]syntax.Edit{Replace(s, a, text)}, relocate(s, s.Dir, a.Value, dest))
		if what == "sponge" {
			break // sponge writes one file
		}
	}
	return len(operands) > 0
}

// followDd moves dd's of= file into the sandbox when dd copies the
// download (no if=, or if= naming its stdin); it reports whether dd writes
// the bytes to its stdout instead.
func (p *Pass) followDd(s *syntax.Call, rule, kind string) bool {
	var of *syntax.Arg
	for i, a := range s.Args {
		v, ok := strings.CutPrefix(a.Value, "if=")
		if ok {
			if st, fd := s.Route(v); !fd || st.Kind != syntax.StreamPipe && !(st.Kind == syntax.StreamInherited && st.Fd == 0) {
				return false // dd copies another file
			}
		}
		if strings.HasPrefix(a.Value, "of=") {
			of = &s.Args[i]
		}
	}
	if of == nil {
		p.moveRedirects(s, rule, kind)
		return true
	}
	v := strings.TrimPrefix(of.Value, "of=")
	if st, fd := s.Route(v); fd {
		if st.Kind == syntax.StreamPipe {
			return true
		}
		p.followFdOperand(s, v, rule, kind)
		p.moveRedirects(s, rule, kind)
		return false
	}
	if v == "/dev/null" || v == "" {
		return false
	}
	name := syntax.Arg{Value: v, Static: of.Static, Raw: strings.TrimPrefix(of.Raw, "of="), Start: of.Start + 3, End: of.End}
	if !strings.HasPrefix(of.Raw, "of=") || p.InSandbox(s.Dir, name) {
		if !strings.HasPrefix(of.Raw, "of=") && !p.InSandbox(s.Dir, name) {
			p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
				Message: "dd writes the download to " + v + ", a name corral cannot rewrite in place"})
		}
		return false
	}
	dest, text := p.sandboxed(name, "download")
	p.acquire(s, rule, kind, "dd writes the download to "+v+", outside the sandbox", dest,
		[]syntax.Edit{{Script: s.Script, Start: name.Start, End: name.End, New: text}}, relocate(s, s.Dir, v, dest))
	return false
}

// splitSpec are split's options that take a value.
var splitSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "abClnt", longVal: longOpts("suffix-length", "bytes", "line-bytes", "lines", "number",
		"separator", "additional-suffix", "filter"), longFlag: longOpts("numeric-suffixes", "hex-suffixes", "elide-empty-files",
		"unbuffered", "verbose", "help", "version"), longEq: true, abbrev: true}
}}

// followSplit makes split of a download write its pieces (PREFIXaa, …) into
// the sandbox: the prefix is rewritten, or added when split would use the
// default x in the working directory. --filter hands the pieces to a
// command, which asks.
func (p *Pass) followSplit(s *syntax.Call, rule, kind string) {
	opts, ops := scan(s.Args, splitSpec.Get())
	if len(ops) > 0 && s.Args[ops[0]].Value != "-" {
		if st, fd := s.Route(s.Args[ops[0]].Value); !fd || st.Kind != syntax.StreamPipe {
			return // split reads another file
		}
	}
	if has(opts, "filter") {
		p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: "split --filter hands the pieces of the download to a command; corral cannot keep them in the sandbox"})
		return
	}
	if len(ops) >= 2 {
		a := s.Args[ops[1]]
		if p.InSandbox(s.Dir, a) {
			return
		}
		dest, text := p.sandboxed(a, "x")
		p.acquire(s, rule, kind, "split writes the pieces of the download to "+a.Value+"…, outside the sandbox", dest,
			[]syntax.Edit{Replace(s, a, text)}, nil)
		return
	}
	if p.DirInSandbox(s.Dir) {
		return
	}
	end := s.NameArg.End
	if len(s.Args) > 0 {
		end = s.Args[len(s.Args)-1].End
	}
	add := " " + syntax.Quote(p.Config.Sandbox+"/x")
	if len(ops) == 0 {
		add = " -" + add
	}
	p.acquire(s, rule, kind, "split writes the pieces of the download to the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(s, end, add)}, nil)
}

// followCopy moves the destination of install, cp or mv /dev/stdin DEST
// into the sandbox; it reports whether the call writes to its stdout.
func (p *Pass) followCopy(s *syntax.Call, rule, kind string) bool {
	opts, ops := scan(s.Args, specFor(s.Name))
	targets := find(opts, "t", "target-directory")
	srcs, dst := ops, -1
	if len(targets) == 0 {
		if len(ops) < 2 {
			return false
		}
		srcs, dst = ops[:len(ops)-1], ops[len(ops)-1]
	}
	reads := false
	for _, i := range srcs {
		if st, fd := s.Route(s.Args[i].Value); fd && st.Kind == syntax.StreamPipe {
			reads = true
		}
	}
	if !reads {
		return false
	}
	if len(targets) > 0 {
		t := targets[len(targets)-1]
		if p.InSandbox(s.Dir, t.val) {
			return false
		}
		p.acquire(s, rule, kind, s.Name+" writes the download into "+t.val.Value+", outside the sandbox", p.Config.Sandbox,
			[]syntax.Edit{setValue(s, t, syntax.Quote(p.Config.Sandbox))}, nil)
		return false
	}
	a := s.Args[dst]
	if st, fd := s.Route(a.Value); fd {
		return st.Kind == syntax.StreamPipe
	}
	if a.Value == "/dev/null" || p.InSandbox(s.Dir, a) {
		return false
	}
	dest, text := p.sandboxed(a, "download")
	p.acquire(s, rule, kind, s.Name+" writes the download to "+a.Value+", outside the sandbox", dest,
		[]syntax.Edit{Replace(s, a, text)}, relocate(s, s.Dir, a.Value, dest))
	return false
}

// followInside follows a download into the commands of the script a
// shell stage runs (sh -c '…'): those that read the stdin they inherit
// from host, in host's script or in scripts nested there. It reports
// whether any of them writes the bytes on to the stdout it inherits,
// which is host's.
func (p *Pass) followInside(host *syntax.Call, rule, kind string) bool {
	passes := false
	for _, d := range p.Model.Calls {
		if d == host || d.Script == host.Script || !within2(host.Script, host.Start, host.End, d) {
			continue
		}
		if in := d.Fd(0); in.Kind != syntax.StreamInherited || in.Fd != 0 {
			continue
		}
		if runsStdin(d) {
			continue // the pipe-shell rule's
		}
		if !p.followReader(d, rule, kind) {
			continue
		}
		switch out := d.Stdout(); {
		case out.Kind == syntax.StreamInherited && out.Fd == 1:
			passes = true
		case out.Kind == syntax.StreamPipe:
			p.followStream(d, out, rule, kind)
		}
	}
	return passes
}

// within2 reports whether call d lies in script between start and end,
// itself or through the argument that holds the nested script it is in.
func within2(script *syntax.Script, start, end int, d *syntax.Call) bool {
	pos, sc := d.Start, d.Script
	for sc != script {
		if sc.Parent == nil || sc.Host == nil {
			return false
		}
		pos, sc = sc.Host.Start, sc.Parent
	}
	return pos >= start && pos < end
}

// followSocat asks about a socat that joins the download on its standard
// input (-, STDIN, STDIO, FD:0) to a file address that receives it
// (socatWrites: CREATE:f, f,creat, the second address of -u): socat's
// address syntax holds the path, with options after it, where corral does
// not rewrite it.
func (p *Pass) followSocat(s *syntax.Call, rule, kind string) {
	a, b, _, _, ok := socatAddrs(s)
	if !ok || !socatStdin(a) && !socatStdin(b) {
		return
	}
	for _, t := range socatWrites(s) {
		if !t.arg.Static || streamDevice(s.Dir, t.value) || routes(s.Route, t.value) || within(p.Config.Sandbox, s.Dir.Join(t.value)) {
			continue
		}
		p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
			Message: "socat writes the download to " + t.value + ", outside the sandbox; corral does not rewrite socat's addresses"})
		return
	}
}

// socatStdin reports a socat address that is its standard input: -,
// STDIN, STDIO, FD:0 (any case, options after a comma).
func socatStdin(a syntax.Arg) bool {
	v, _, _ := strings.Cut(strings.ToUpper(a.Value), ",")
	return a.Static && (v == "-" || v == "STDIN" || v == "STDIO" || v == "FD:0" || v == "FDIN:0")
}
