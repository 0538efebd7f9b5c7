package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var sftpRule = Rule{
	Name:      "sftp",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `sftp fetches files from another host. sftp HOST:FILE [LOCAL] (and
sftp://HOST/FILE) gets FILE at once, -r a directory: LOCAL outside the
sandbox is moved there, and with no LOCAL the sandbox is added as the
local destination (sftp would save into the working directory). The
commands of a batch (-b FILE, -b - or a here-document, here-string, file
or echo/printf piped to sftp's stdin) are read when the hook runs, as a
script on disk is (a regular file of at most 1 MiB): get, reget and mget
into a place outside the sandbox (after lcd) ask, since a batch file
cannot be rewritten; put, reput and mput are uploads (the exfiltrate
rule's: a secret is denied, any other file asked about unless the host is
on network.allow_hosts; to this machine they are local writes, judged by
bash-write); ! runs a local command and asks; a batch corral cannot read
asks. sftp HOST:DIR/ with no LOCAL only changes directory and reads
commands interactively; with no stdin commands it passes.`,
	Commands: []string{"sftp"},
	Call:     checkSftp,
}

// sftpSpec are sftp's options, from sftp(1): the letters that take a value.
var sftpSpec = optSpec{shortVal: "BbcDFiJloPRSs"}

// sftpTarget splits an sftp destination ([user@]host[:path] or
// sftp://[user@]host[:port][/path]) into its host and remote path.
func sftpTarget(v string) (host, rpath string) {
	if rest, ok := strings.CutPrefix(v, "sftp://"); ok {
		hostPart, p, _ := strings.Cut(rest, "/")
		if i := strings.LastIndex(hostPart, "@"); i >= 0 {
			hostPart = hostPart[i+1:]
		}
		if h, _, ok := strings.Cut(hostPart, ":"); ok && !strings.HasPrefix(hostPart, "[") {
			hostPart = h
		}
		return strings.Trim(hostPart, "[]"), p
	}
	if i := strings.LastIndex(v, "@"); i >= 0 {
		v = v[i+1:]
	}
	if strings.HasPrefix(v, "[") {
		if j := strings.Index(v, "]"); j > 0 {
			h, p := v[1:j], strings.TrimPrefix(v[j+1:], ":")
			return h, p
		}
	}
	h, p, _ := strings.Cut(v, ":")
	return h, p
}

func checkSftp(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, sftpSpec)
	if len(operands) == 0 || has(opts, "h") {
		return
	}
	dest := c.Args[operands[0]]
	host, rpath := "", ""
	if dest.Static {
		host, rpath = sftpTarget(dest.Value)
	}
	switch {
	case len(operands) >= 2:
		// sftp HOST:PATH LOCAL gets PATH (a directory with -r) into LOCAL.
		local := c.Args[operands[1]]
		if p.InSandbox(c.Dir, local) {
			break
		}
		var d, text string
		if local.Static && (local.Value == "." || local.Value == "./") {
			d, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox+"/")
		} else {
			d, text = p.sandboxed(local, "download")
		}
		p.acquire(c, "sftp", "download", "sftp gets "+dest.Value+" into "+local.Value+", outside the sandbox", d,
			[]syntax.Edit{Replace(c, local, text)}, relocate(c, c.Dir, local.Value, d))
		return
	case !dest.Static:
		if !p.DirInSandbox(c.Dir) {
			p.Report(c, Finding{Rule: "sftp", Decision: Ask, Kind: "download",
				Message: "sftp connects to " + dest.Raw + ", known only at run time, and may get a file into the working directory, outside the sandbox"})
		}
		return
	case rpath != "" && !strings.HasSuffix(rpath, "/"):
		// sftp HOST:FILE gets FILE into the working directory; the
		// sandbox as the local destination keeps it there.
		if p.DirInSandbox(c.Dir) {
			return
		}
		name := path.Base(rpath)
		d := path.Join(p.Config.Sandbox, name)
		p.acquire(c, "sftp", "download", "sftp gets "+dest.Value+" into the working directory", d,
			[]syntax.Edit{Insert(c, dest.End, " "+syntax.Quote(p.Config.Sandbox+"/"))}, relocate(c, c.Dir, name, d))
		return
	}
	// Commands: a batch file, or stdin.
	text, where, why := p.sftpCommands(c, opts)
	if why != "" {
		p.Report(c, Finding{Rule: "sftp", Decision: Ask, Kind: "download",
			Message: "sftp runs the commands of " + why + "; they can get files into the project or send local files away"})
		return
	}
	if where == "" {
		return
	}
	p.sftpBatch(c, host, text, where, false)
}

// sftpUploads reports the files an sftp batch sends away (put, reput,
// mput), for the exfiltrate rule.
func (p *Pass) sftpUploads(c *syntax.Call) {
	opts, operands := scan(c.Args, sftpSpec)
	if len(operands) != 1 || !c.Args[operands[0]].Static {
		return
	}
	host, rpath := sftpTarget(c.Args[operands[0]].Value)
	if rpath != "" && !strings.HasSuffix(rpath, "/") {
		return // a get, and no commands
	}
	if text, where, why := p.sftpCommands(c, opts); why == "" && where != "" {
		p.sftpBatch(c, host, text, where, true)
	}
}

// sftpCommands returns the command text an sftp call runs and where it
// comes from: the -b batch file (- is stdin), or its stdin when that is
// not the terminal (sftp then reads commands from it as from a batch).
// why says, when corral cannot know the text, what it would have been.
func (p *Pass) sftpCommands(c *syntax.Call, opts []option) (text, where, why string) {
	batch := find(opts, "b")
	if len(batch) > 0 {
		v := batch[len(batch)-1].val
		switch {
		case !v.Static:
			return "", "", "a batch file named only at run time (" + v.Raw + ")"
		case v.Value != "-":
			t, ok := p.readSftpFile(c.Dir, v.Value)
			if !ok {
				return "", "", "the batch file " + v.Value + ", which corral cannot read"
			}
			return t, "the batch file " + v.Value, ""
		}
	}
	// A here-document or here-string of the call itself is its stdin
	// (the last redirection of fd 0 wins).
	for i := len(c.Redirs) - 1; i >= 0; i-- {
		r := c.Redirs[i]
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		if body, static, ok := r.Body(); ok {
			if !static {
				return "", "", "a here-document or here-string only known at run time"
			}
			return body, "the " + map[bool]string{true: "here-string", false: "here-document"}[r.Op == "<<<"], ""
		}
		if r.Op == "<" || r.Op == "<&" || r.Op == "<>" {
			break
		}
	}
	in := c.Fd(0)
	switch in.Kind {
	case syntax.StreamInherited:
		if len(batch) > 0 {
			return "", "", "a batch read from the agent's stdin"
		}
		return "", "", "" // interactive: nothing to read
	case syntax.StreamFile:
		r := in.Redirect
		if body, static, ok := r.Body(); ok {
			if !static {
				return "", "", "a here-document or here-string only known at run time"
			}
			return body, "the " + map[bool]string{true: "here-string", false: "here-document"}[r.Op == "<<<"], ""
		}
		if r.Op == "<" && r.Target.Static {
			if r.Target.Value == "/dev/null" {
				return "", "", ""
			}
			t, ok := p.readSftpFile(r.Dir, r.Target.Value)
			if !ok {
				return "", "", "the file " + r.Target.Value + " on its stdin, which corral cannot read"
			}
			return t, "the file " + r.Target.Value, ""
		}
		return "", "", "its stdin (" + r.Target.Raw + "), only known at run time"
	case syntax.StreamPipe:
		if in.Pipe != nil {
			if src := in.Pipe.Stage(in.Stage - 1); src != nil {
				if t, ok := echoText(src); ok {
					return t, "the text " + src.Name + " prints", ""
				}
			}
		}
		return "", "", "what the previous pipeline stage prints, only known at run time"
	}
	return "", "", "its stdin, only known at run time"
}

// echoText is the text echo or printf of static words prints (printf's
// format with its escapes; other conversions are kept as written), and
// whether it could be known.
func echoText(c *syntax.Call) (string, bool) {
	if c.Name != "echo" && c.Name != "printf" || c.ExtraArgs || len(c.Args) == 0 {
		return "", false
	}
	var words []string
	for _, a := range c.Args {
		if !a.Static {
			return "", false
		}
		words = append(words, a.Value)
	}
	if c.Name == "echo" {
		for len(words) > 0 && (words[0] == "-e" || words[0] == "-n" || words[0] == "-E" || words[0] == "-ne" || words[0] == "-en") {
			words = words[1:]
		}
	}
	text := strings.Join(words, " ")
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(text), true
}

// readSftpFile reads a batch file at hook time, as script files are read.
func (p *Pass) readSftpFile(dir syntax.Dir, name string) (string, bool) {
	d := dir.Join(name)
	if !d.Known || p.Config.NoScriptFiles {
		return "", false
	}
	text, err := syntax.ReadScript(d.Path)
	return text, err == nil
}

// sftpBatch judges the commands of an sftp batch: where each get saves
// and what local commands run, or, with uploads, what each put sends.
func (p *Pass) sftpBatch(c *syntax.Call, host, text, where string, uploads bool) {
	p.readBatch(c, "sftp", strings.Split(text, "\n"), where, "line", "-@", uploads, func(b batchCommand) {
		ops := b.ops
		switch b.verb {
		case "get", "reget", "mget":
			if len(ops) == 0 || uploads {
				return
			}
			target := b.local
			if len(ops) >= 2 {
				target = b.local.Join(ops[1])
			}
			if target.Known && within(p.Config.Sandbox, target) {
				return
			}
			p.Report(c, Finding{Rule: "sftp", Decision: Ask, Kind: "download",
				Message: "sftp gets " + ops[0] + " into " + transferInto(target) + ", outside the sandbox (" + b.at + "); corral cannot rewrite a batch, so get into " + p.Config.Sandbox + " instead"})
		case "put", "reput", "mput":
			if len(ops) == 0 || !uploads {
				return
			}
			f := b.local.Join(ops[0])
			a := syntax.Arg{Value: ops[0], Raw: ops[0], Static: true}
			if f.Known {
				a.Value = f.Path
			}
			p.upload(c, a, host)
		}
	})
}

// clipText shortens s to about n bytes for a message.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
