package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var fileTransfer = Rule{
	Name:      "file-transfer",
	Decisions: []Decision{Ask},
	Doc: `lftp, smbclient and ftp run a command language of their own (lftp -c
and -e, or a script with -f; smbclient -c; ftp's commands on stdin: a
here-document, here-string, file or echo/printf piped to it). Its text is
read when the hook runs (a script file as script files are): get, mget,
pget, reget, get1 and mirror (not mirror -R) fetch files from another
host into the working directory, which corral cannot move into the
sandbox inside another program's language: ask. ! runs a local command:
smbclient's and ftp's (shell text corral does not analyse there) ask,
lftp's is judged as a nested script (syntax/lftp.go), as are its
shell, source -e and filters (ls | CMD); a filter that runs lftp's
output as code (cat x.sh | sh) asks, as curl … | sh does. Commands
corral cannot read (a variable's text, a script it cannot open) ask. put,
mput, reput, send, append and mirror -R are uploads, the exfiltrate rule's:
a secret is denied, another file asked about unless the host is on
network.allow_hosts.`,
	Commands: []string{"lftp", "smbclient", "ftp"},
	Call:     checkFileTransfer,
}

// transferSpecs are the options of the clients whose command language
// transferCommands reads (lftp 4.9, Samba 4.17's smbclient, netkit and
// tnftp ftp).
var transferSpecs = lazy.Value[map[string]optSpec]{New: func() map[string]optSpec {
	return map[string]optSpec{
		"lftp": {shortVal: "fceup", longEq: true, longVal: longOpts("rcfile", "env-password")},
		"smbclient": {shortVal: "cAUWpmnsDIOTblMLRdt", longEq: true, longVal: longOpts("command", "authentication-file", "user",
			"workgroup", "port", "max-protocol", "netbiosname", "configfile", "directory", "ip-address", "socket-options", "tar",
			"send-buffer", "log-basename", "debuglevel", "message", "list", "name-resolve", "timeout", "option", "scope",
			"signing", "password", "use-kerberos", "client-protection")},
		"ftp": {shortVal: "oPrTuqs", longEq: true},
	}
}}

// transferText is one piece of command text a client runs, with where it
// comes from (for messages) or why corral cannot know it.
type transferText struct {
	text, where, why string
}

// transferCommands returns the command texts c runs, and the host it
// talks to ("" when corral cannot tell).
func (p *Pass) transferCommands(c *syntax.Call) (texts []transferText, host string) {
	spec, ok := transferSpecs.Get()[c.Name]
	if !ok {
		return nil, ""
	}
	opts, operands := scan(c.Args, spec)
	for _, i := range operands {
		if a := c.Args[i]; a.Static && !strings.HasPrefix(a.Value, "-") {
			host = transferHost(a.Value)
			break
		}
	}
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		switch {
		case c.Name == "lftp" && (o.name == "c" || o.name == "e"),
			c.Name == "smbclient" && (o.name == "c" || o.name == "command"):
			if !o.val.Static {
				texts = append(texts, transferText{why: fmt.Sprintf("commands named only at run time (%s)", o.val.Raw)})
				continue
			}
			texts = append(texts, transferText{text: o.val.Value, where: fmt.Sprintf("%s -%s", c.Name, o.name)})
		case c.Name == "lftp" && o.name == "f":
			if !o.val.Static {
				texts = append(texts, transferText{why: fmt.Sprintf("a script named only at run time (%s)", o.val.Raw)})
				continue
			}
			t, ok := p.readSftpFile(c.Dir, o.val.Value)
			if !ok {
				texts = append(texts, transferText{why: "the script " + o.val.Value + ", which corral cannot read"})
				continue
			}
			texts = append(texts, transferText{text: t, where: "the script " + o.val.Value})
		}
	}
	if c.Name == "ftp" || c.Name == "lftp" && len(texts) == 0 {
		// ftp, and lftp with no -c/-e/-f, read commands from stdin when
		// it is not the terminal.
		if t, where, why := p.sftpCommands(c, nil); why != "" {
			texts = append(texts, transferText{why: why})
		} else if where != "" {
			texts = append(texts, transferText{text: t, where: where})
		}
	}
	return texts, host
}

// transferHost is the host a client's operand names (ftp://host/path,
// smb's //host/share, user@host, host).
func transferHost(v string) string {
	if strings.HasPrefix(v, "//") || strings.HasPrefix(v, `\\`) {
		h := strings.TrimLeft(v, `/\`)
		if i := strings.IndexAny(h, `/\`); i >= 0 {
			h = h[:i]
		}
		return h
	}
	if strings.Contains(v, "://") {
		return hostOf(v)
	}
	if i := strings.LastIndex(v, "@"); i >= 0 {
		v = v[i+1:]
	}
	return v
}

// batchLines splits a client's command text into commands: lftp's as
// lftp reads them (syntax.LftpLines), the others' with transferLines.
func (p *Pass) batchLines(c *syntax.Call, text string) []string {
	if c.Name == "lftp" {
		return p.lftpLines(c, text)
	}
	return transferLines(text)
}

// lftpLines splits lftp's command text into commands as lftp runs them:
// with the aliases its rc files define (~/.lftprc, ~/.config/lftp/rc,
// /etc/lftp.conf, --rcfile; none of the user's with -norc) and those the
// text defines, each replacing the command word it names.
func (p *Pass) lftpLines(c *syntax.Call, text string) []string {
	norc := false
	var extra []string
	for i, a := range c.Args {
		switch {
		case a.Value == "-norc" || a.Value == "--norc":
			norc = true
		case a.Value == "--rcfile" && i+1 < len(c.Args) && c.Args[i+1].Static && c.Dir.Known:
			extra = append(extra, c.Dir.Join(c.Args[i+1].Value).Path)
		case strings.HasPrefix(a.Value, "--rcfile=") && a.Static && c.Dir.Known:
			extra = append(extra, c.Dir.Join(strings.TrimPrefix(a.Value, "--rcfile=")).Path)
		}
	}
	return syntax.LftpLinesAliases(text, syntax.LftpRcAliases(p.Config.Home, norc, extra))
}

// transferLines splits a client's command text into commands: lines, and
// within a line the commands smbclient separates with ";" (and "&&" and
// "||"), outside quotes.
func transferLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start, quote := 0, byte(0)
		for i := 0; i < len(line); i++ {
			ch := line[i]
			switch {
			case quote != 0:
				if ch == quote {
					quote = 0
				} else if ch == '\\' && quote == '"' {
					i++
				}
			case ch == '\'' || ch == '"':
				quote = ch
			case ch == '\\':
				i++
			case ch == ';':
				out = append(out, line[start:i])
				start = i + 1
			case (ch == '&' || ch == '|') && i+1 < len(line) && line[i+1] == ch:
				out = append(out, line[start:i])
				start = i + 2
				i++
			}
		}
		out = append(out, line[start:])
	}
	return out
}

// transferBatch judges the commands c runs in its own language: with
// uploads, what each upload sends (exfiltrate's); without, the downloads
// and local commands (file-transfer's).
func (p *Pass) transferBatch(c *syntax.Call, uploads bool) {
	texts, host := p.transferCommands(c)
	for _, t := range texts {
		if t.why != "" {
			if !uploads {
				p.Report(c, Finding{Decision: Ask, Message: fmt.Sprintf("%s runs %s, which corral cannot read", c.Name, t.why)})
			}
			continue
		}
		p.transferText(c, t, host, uploads)
	}
}

func (p *Pass) transferText(c *syntax.Call, t transferText, host string, uploads bool) {
	p.readBatch(c, "", p.batchLines(c, t.text), t.where, "command", "", uploads, func(b batchCommand) {
		// lftp and smbclient read options anywhere among the words.
		reverse := false
		var ops []string
		for _, f := range b.words {
			if len(f) < 2 || f[0] != '-' {
				ops = append(ops, f)
			} else if f == "--reverse" || !strings.HasPrefix(f, "--") && strings.Contains(f, "R") {
				reverse = true
			}
		}
		switch b.verb {
		case "open", "connect":
			if len(ops) > 0 {
				host = transferHost(ops[len(ops)-1])
			}
		case "get", "mget", "pget", "reget", "get1", "recv", "newer", "mirror", "torrent":
			if b.verb == "mirror" && reverse {
				if !uploads {
					return
				}
				src := "."
				if len(ops) > 0 {
					src = ops[0]
				}
				p.transferUpload(c, b.local, src, host)
				return
			}
			if uploads || len(ops) == 0 && b.verb != "mirror" {
				return
			}
			p.Report(c, Finding{Decision: Ask, Kind: "download",
				Message: fmt.Sprintf("%s fetches %s into %s (%s %s, from %s); corral cannot move it into the sandbox inside %s's commands, so fetch into %s instead",
					c.Name, transferWhat(ops), transferInto(b.local), b.verb, strings.Join(ops, " "), b.at, c.Name, p.Config.Sandbox)})
		case "put", "mput", "reput", "send", "append":
			if !uploads {
				return
			}
			for j, f := range ops {
				if b.verb != "mput" && j > 0 {
					break // put LOCAL [REMOTE]
				}
				p.transferUpload(c, b.local, f, host)
			}
		}
	})
}

func transferWhat(ops []string) string {
	if len(ops) == 0 {
		return "a directory"
	}
	return ops[0]
}

func transferInto(d syntax.Dir) string {
	if d.Known {
		return d.Path
	}
	return "the working directory"
}

// transferUpload judges local file name, relative to local, sent to host.
func (p *Pass) transferUpload(c *syntax.Call, local syntax.Dir, name, host string) {
	a := syntax.Arg{Value: name, Raw: name, Static: true}
	if home := p.Config.Home; home != "" && (name == "~" || strings.HasPrefix(name, "~/")) {
		// lftp and smbclient expand a local ~ as the shell does.
		name = home + name[1:]
		a.Value = name
	}
	if f := local.Join(name); f.Known {
		a.Value = f.Path
	}
	p.upload(c, a, host)
}

func checkFileTransfer(p *Pass, c *syntax.Call) {
	p.transferBatch(c, false)
	if c.Name == "lftp" {
		p.lftpFilterRuns(c)
	}
	if c.Name != "ftp" {
		return
	}
	// tnftp (Debian's ftp) fetches a URL operand at once into the working
	// directory (or -o FILE): ftp http://host/x.sh, ftp ftp://host/dir/f.
	opts, operands := scan(c.Args, transferSpecs.Get()["ftp"])
	if len(find(opts, "u")) > 0 {
		return // ftp -u URL FILE...: an upload
	}
	for _, i := range operands {
		a := c.Args[i]
		v := strings.ToLower(a.Value)
		if !a.Static || !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") && !strings.HasPrefix(v, "ftp://") {
			continue
		}
		if strings.HasPrefix(v, "ftp://") && (strings.HasSuffix(v, "/") || strings.Count(v, "/") < 3) {
			continue // a directory: an interactive session there
		}
		p.Report(c, Finding{Decision: Ask, Kind: "download",
			Message: fmt.Sprintf("ftp fetches %s into the working directory (or -o's file); corral does not rewrite ftp, so fetch into %s with curl or wget instead", a.Raw, p.Config.Sandbox)})
	}
}

// ftpUploads judges tnftp's ftp -u URL FILE...: each FILE is sent to
// URL's host.
func (p *Pass) ftpUploads(c *syntax.Call) {
	opts, operands := scan(c.Args, transferSpecs.Get()["ftp"])
	u := find(opts, "u")
	if len(u) == 0 {
		return
	}
	host := ""
	if v := u[len(u)-1].val; v.Static {
		host = hostOf(v.Value)
	}
	for _, i := range operands {
		p.upload(c, c.Args[i], host)
	}
}

// lftpFilterRuns judges the filters of lftp's commands (cat x.sh | sh,
// ls | grep a): the filter is walked as a nested script (syntax/lftp.go);
// a command of it that reads lftp's output, its standard input, as code
// runs what lftp fetched, as curl … | sh does: ask.
func (p *Pass) lftpFilterRuns(c *syntax.Call) {
	for _, d := range p.Model.Calls {
		if d.Script == nil || d.Script.Kind != "lftp |" || d.Script.Runner != c {
			continue
		}
		if in := d.Fd(0); in.Kind != syntax.StreamInherited || in.Fd != 0 || !runsStdin(d) {
			continue
		}
		p.Report(c, Finding{Decision: Ask,
			Message: fmt.Sprintf("lftp pipes a command's output into %s, which runs it: what lftp fetched runs as code; fetch the file into %s and read it first", d.Name, p.Config.Sandbox)})
		return
	}
}
