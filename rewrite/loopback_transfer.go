package rewrite

import (
	"net/url"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// A copy through ssh to or from this machine (scp, rsync or sftp with the
// host localhost, 127.0.0.1, ::1 or another name syntax.LoopbackHost
// takes for this machine) reads and writes local files: ssh logs in to
// the home directory, so a relative remote path is under ~. These
// helpers turn such a remote operand into the local path it names, for
// the write, delete and secret-read rules to judge as they judge cp.

// loopbackPath returns the path on this machine that an scp or rsync
// operand names when its host is this machine: [user@]host:PATH and
// [user@][v6addr]:PATH with a loopback host give PATH, ~/PATH when PATH
// is relative and ~ when it is empty. The URL forms (scp://, rsync://)
// and rsync's daemon form (host::module/PATH), which name no path in the
// home directory, are not read.
func loopbackPath(v string) (string, bool) {
	if !remotePath(v) || strings.Contains(v, "://") {
		return "", false
	}
	colon := syntax.TransferColon(v)
	if colon <= 0 {
		return "", false
	}
	host, p := v[:colon], v[colon+1:]
	if strings.HasPrefix(p, ":") || !syntax.LoopbackHost(syntax.Arg{Value: host, Static: true}) {
		return "", false
	}
	switch {
	case p == "":
		p = "~"
	case !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~"):
		p = "~/" + p
	}
	return p, true
}

// loopbackArg returns a with the local path its remote operand names on
// this machine (loopbackPath); the word keeps its span for messages.
func loopbackArg(a syntax.Arg) (syntax.Arg, bool) {
	b, ok := syntax.ThisMachineArg(a) // "$(hostname)":.bashrc is localhost:.bashrc
	if !ok {
		return a, false
	}
	p, ok := loopbackPath(b.Value)
	if !ok {
		return a, false
	}
	a.Value, a.Static = p, true
	return a, true
}

// rsyncDest returns the local destination of an rsync call whose
// operands are ops (indexes into c.Args): the last operand when it is a
// local path, or the path on this machine a loopback host:PATH names;
// false for a destination on another host.
func rsyncDest(c *syntax.Call, ops []int) (syntax.Arg, bool) {
	dest := c.Args[ops[len(ops)-1]]
	if l, ok := loopbackArg(dest); ok {
		return l, true
	}
	return dest, !remotePath(dest.Value)
}

// localOperand returns an scp or rsync source as the local path it
// names: itself when it is one, the loopback host's path when its host
// is this machine (scp localhost:.ssh/id_rsa . reads ~/.ssh/id_rsa).
func localOperand(a syntax.Arg) syntax.Arg {
	if l, ok := loopbackArg(a); ok {
		return l
	}
	return a
}

// remoteLocal returns the path on this machine of remote path v, given
// through ssh in directory cwd (an absolute local path): ssh starts in the
// home directory; sftp (OpenSSH 8.7's expand-path extension) and lftp
// read ~ and ~/ as it (an older sftp server leaves ~ a name in the
// directory: the home directory is the one that matters).
func remoteLocal(home, cwd, v string) string {
	switch {
	case v == "~":
		return home
	case strings.HasPrefix(v, "~/"):
		return path.Join(home, v[2:])
	case strings.HasPrefix(v, "/"):
		return path.Clean(v)
	}
	return path.Join(cwd, v)
}

// checkLoopbackSftp judges the commands of an sftp batch (-b FILE, a
// here-document, a here-string, a file or echo/printf piped to its stdin;
// sftpCommands) run against this machine (sftp localhost, sftp
// me@127.0.0.1:dir/) as the file operations they are here: put, reput
// and mput write the remote path (a relative one under the home
// directory, or under the directory an earlier cd went to), rename moves
// a file, ln and symlink make a link, rm and rmdir delete, chmod, chown
// and chgrp change a file's mode or owner. A batch corral cannot read is
// asked about by the sftp rule; a host other than this machine is an
// upload, the exfiltrate rule's. get, reget and mget are reads, the
// secret-read rule's (checkLoopbackSftpGet).
func (p *Pass) checkLoopbackSftp(c *syntax.Call) {
	home := p.Config.Home
	p.loopbackSftpBatch(c, "bash-write", func(b batchCommand, cwd string) {
		ops := b.ops
		what := "sftp " + b.verb + " (" + b.at + ", on this machine)"
		file := func(v string, action guards.Action) {
			p.judgeLoopback(c, what, remoteLocal(home, cwd, v), v, action, "")
		}
		switch b.verb {
		case "put", "reput", "mput":
			if len(ops) == 0 {
				return
			}
			// put LOCAL [REMOTE]: REMOTE, or LOCAL's name in the
			// remote directory; into REMOTE when it is a directory.
			dest := path.Base(ops[0])
			if len(ops) > 1 {
				dest = ops[1]
			}
			file(dest, guards.Write)
			if len(ops) > 1 || sftpRecursive(b) {
				file(path.Join(dest, "*"), guards.Write)
			}
		case "rm", "rmdir":
			for _, o := range ops {
				file(o, guards.Delete)
			}
		case "rename":
			if len(ops) == 2 {
				file(ops[0], guards.Delete)
				file(ops[1], guards.Write)
			}
		case "ln", "symlink":
			if len(ops) == 2 {
				file(ops[1], guards.Write)
			}
		case "chmod", "chown", "chgrp":
			for _, o := range ops[min(1, len(ops)):] {
				p.judgeLoopback(c, what, remoteLocal(home, cwd, o), o, guards.Write, b.verb+" "+ops[0])
			}
		}
	})
}

// sftpRecursive reports an sftp get or put with -r or -R among its flags.
func sftpRecursive(b batchCommand) bool {
	return slices.ContainsFunc(b.flags, func(f string) bool { return strings.ContainsAny(f, "rR") })
}

// loopbackSftpBatch walks the batch of an sftp run against this machine
// (checkLoopbackSftp), rule naming it in findings: each gets every
// command but cd and chdir, which it follows, with the remote directory
// the command runs in (the home directory, HOST:DIR/'s, an earlier cd's).
func (p *Pass) loopbackSftpBatch(c *syntax.Call, rule string, each func(b batchCommand, cwd string)) {
	if c.Name != "sftp" || p.Config.Home == "" {
		return
	}
	opts, operands := scan(c.Args, sftpSpec)
	if len(operands) != 1 || has(opts, "h") || !c.Args[operands[0]].Static {
		return
	}
	host, rpath := sftpTarget(c.Args[operands[0]].Value)
	if !syntax.LoopbackHost(syntax.Arg{Value: host, Static: true}) {
		return
	}
	home := p.Config.Home
	cwd := home
	if rpath != "" {
		cwd = remoteLocal(home, home, rpath)
		if !strings.HasSuffix(rpath, "/") {
			// sftp HOST:PATH gets PATH, unless it is a directory: then
			// it starts there and reads commands.
			if fi, err := os.Stat(cwd); err != nil || !fi.IsDir() {
				return
			}
		}
	}
	text, where, why := p.sftpCommands(c, opts)
	if why != "" || where == "" {
		return // asked about by the sftp rule, or no commands
	}
	p.readBatch(c, rule, strings.Split(text, "\n"), where, "line", "-@", true, func(b batchCommand) {
		switch b.verb {
		case "cd", "chdir":
			if len(b.ops) == 0 {
				cwd = home
			} else {
				cwd = remoteLocal(home, cwd, b.ops[0])
			}
			return
		}
		each(b, cwd)
	})
}

// judgeLoopback judges a file a transfer client's command changes on this
// machine: abs is its path here, raw the name the command gave. change,
// when not empty, is the chmod, chown or chgrp (with its mode or owner)
// that changes its mode or owner rather than its content.
func (p *Pass) judgeLoopback(c *syntax.Call, what, abs, raw string, action guards.Action, change string) {
	t := target{arg: syntax.Arg{Value: abs, Raw: raw, Static: true, Glob: syntax.GlobMeta(abs) >= 0}, action: action}
	if verb, mode, ok := strings.Cut(change, " "); ok {
		t.attrs = true
		if verb == "chmod" {
			m := readMode(mode)
			t.closes, t.opens = m.closesOnly(), m.othersWrite || m.special
		}
	}
	rule := "bash-write"
	if action == guards.Delete {
		rule = "bash-delete"
	}
	p.judge(c, c.Script, c.Dir, t, rule, what)
}

// lftpLoopback returns the directory on this machine an lftp site opens
// in when it is this machine through ssh (sftp://localhost,
// fish://me@127.0.0.1/dir, sftp://box with box this machine in ssh's
// configuration): the home directory, or the URL's path (/~/DIR
// is DIR in the home directory). Other schemes (ftp://, http://; the
// default for a bare host) reach a server whose directories corral
// cannot place.
func lftpLoopback(home, site string) (string, bool) {
	u, err := url.Parse(site)
	if err != nil || !strings.EqualFold(u.Scheme, "sftp") && !strings.EqualFold(u.Scheme, "fish") {
		return "", false
	}
	if !syntax.LoopbackHost(syntax.Arg{Value: u.Hostname(), Static: true}) {
		// lftp runs ssh for the site (ssh -a -x HOST): ssh's
		// configuration decides where HOST is (Host box / HostName
		// 127.0.0.1 makes sftp://box this machine).
		if here, _ := syntax.SSHConfigHere(home, u.Hostname()); !here {
			return "", false
		}
	}
	switch p := u.Path; {
	case p == "" || p == "/" || p == "/~":
		return home, true
	case strings.HasPrefix(p, "/~/"):
		return path.Join(home, p[3:]), true
	default:
		return path.Clean(p), true
	}
}

// checkLoopbackLftp judges lftp's commands (-c, -e, -f's script, or its
// stdin; transferCommands) on a site whose files are this machine's
// (lftpReadSite: sftp:// or fish:// through ssh, ftp on a loopback host,
// file:) as the file operations they are here: put and reput write -o's
// name or the file's own name in the remote directory (-O's, or where cd
// went), mput each file's name there, mirror -R the remote directory's
// files; mv renames, ln links, rm, mrm and rmdir delete, chmod changes a
// mode. local CMD runs the lftp command CMD on the local file system, in
// the local directory (after lcd), whatever the site: local rm -r ~/.ssh
// deletes here. Whatever the site, a download writes the local file:
// get, get1, pget and reget write -o's name, or the remote file's base
// name in the local directory (-O's); mget writes each pattern's base
// name there (any file, for a pattern: lcd ~/.ssh; mget *); mirror
// REMOTE LOCAL writes LOCAL's files. Commands for another site (open switches) are the exfiltrate
// and file-transfer rules'.
func (p *Pass) checkLoopbackLftp(c *syntax.Call) {
	if c.Name != "lftp" || p.Config.Home == "" {
		return
	}
	home := p.Config.Home
	localPath := func(d syntax.Dir) string {
		if d.Known {
			return d.Path
		}
		return ""
	}
	texts, _ := p.transferCommands(c)
	_, operands := scan(c.Args, transferSpecs.Get()["lftp"])
	cwd, here := "", false
	for _, i := range operands {
		if a := c.Args[i]; a.Static && !strings.HasPrefix(a.Value, "-") {
			cwd, here = lftpReadSite(home, localPath(c.Dir), a.Value)
			break
		}
	}
	for _, t := range texts {
		if t.why != "" {
			continue // asked about by the file-transfer rule
		}
		cwd, here := cwd, here
		var command func(b batchCommand, cwd string, here, local bool)
		command = func(b batchCommand, cwd string, here, local bool) {
			if b.verb == "local" && len(b.words) > 0 {
				inner := b
				inner.verb, inner.words = strings.ToLower(b.words[0]), b.words[1:]
				if l := localPath(b.local); l != "" {
					command(inner, l, true, true)
				}
				return
			}
			// lftp reads options anywhere among the words; -o FILE and
			// -O DIR take a value.
			var ops []string
			out, base := "", ""
			for i := 0; i < len(b.words); i++ {
				w := b.words[i]
				switch {
				case (w == "-o" || w == "-O") && i+1 < len(b.words):
					i++
					if w == "-o" {
						out = b.words[i]
					} else {
						base = b.words[i]
					}
				case len(w) > 1 && w[0] == '-':
				default:
					ops = append(ops, w)
				}
			}
			reverse := slices.ContainsFunc(b.words, func(w string) bool {
				return w == "--reverse" || len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.Contains(w, "R")
			})
			if l := localPath(b.local); l != "" && !local {
				// A download writes a local file, whatever the site.
				what := "lftp " + b.verb + " (" + b.at + ", into this machine)"
				dir := l
				if base != "" {
					dir = remoteLocal(home, l, base)
				}
				switch b.verb {
				case "get", "get1", "pget", "reget":
					if out != "" {
						p.judgeLoopback(c, what, remoteLocal(home, l, out), out, guards.Write, "")
						break
					}
					for _, o := range ops {
						if !strings.Contains(o, "://") {
							p.judgeLoopback(c, what, remoteLocal(home, dir, path.Base(o)), o, guards.Write, "")
						}
					}
				case "mget":
					// mget [-d] [-O DIR] PATTERNS: each file matched
					// lands under its base name (its path with -d) in
					// the local directory or -O's; the names are the
					// remote site's, so a pattern is any name there
					// (lcd ~/.ssh; mget * writes into ~/.ssh).
					mkdirs := slices.ContainsFunc(b.words, func(w string) bool {
						return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.Contains(w, "d")
					})
					for _, o := range ops {
						if strings.Contains(o, "://") {
							continue
						}
						name := path.Base(o)
						if mkdirs && !path.IsAbs(o) {
							name = path.Clean(o)
						}
						p.judgeLoopback(c, what, remoteLocal(home, dir, name), o, guards.Write, "")
					}
				case "mirror":
					if !reverse && len(ops) > 1 {
						p.judgeLoopback(c, what, remoteLocal(home, l, path.Join(ops[1], "*")), ops[1], guards.Write, "")
					}
				}
			}
			if !here {
				return
			}
			what := "lftp " + b.verb + " (" + b.at + ", on this machine)"
			dir := cwd
			if base != "" {
				dir = remoteLocal(home, cwd, base)
			}
			file := func(d, v string, action guards.Action) {
				p.judgeLoopback(c, what, remoteLocal(home, d, v), v, action, "")
			}
			switch b.verb {
			case "put", "reput", "mput":
				if out != "" && b.verb != "mput" {
					file(dir, out, guards.Write)
					break
				}
				for _, o := range ops {
					file(dir, path.Base(o), guards.Write)
				}
			case "mirror":
				if !reverse {
					return // a download, the file-transfer rule's
				}
				// mirror -R [LOCAL [REMOTE]]: REMOTE (the remote
				// directory without one) gets LOCAL's files.
				d := "."
				if len(ops) > 1 {
					d = ops[1]
				}
				file(cwd, path.Join(d, "*"), guards.Write)
			case "rm", "mrm", "rmdir":
				for _, o := range ops {
					file(cwd, o, guards.Delete)
				}
			case "mv", "rename", "mmv":
				if len(ops) >= 2 {
					for _, o := range ops[:len(ops)-1] {
						file(cwd, o, guards.Delete)
					}
					file(cwd, ops[len(ops)-1], guards.Write)
				}
			case "ln":
				if len(ops) == 2 {
					file(cwd, ops[1], guards.Write)
				}
			case "mkdir":
				for _, o := range ops {
					file(cwd, o, guards.Write)
				}
			case "chmod":
				for _, o := range ops[min(1, len(ops)):] {
					p.judgeLoopback(c, what, remoteLocal(home, cwd, o), o, guards.Write, "chmod "+ops[0])
				}
			}
		}
		p.readBatch(c, "bash-write", p.lftpLines(c, t.text), t.where, "command", "", true, func(b batchCommand) {
			switch b.verb {
			case "open", "connect":
				if ops := lftpOperands(b.words, "upspe"); len(ops) > 0 {
					cwd, here = lftpReadSite(home, localPath(b.local), ops[len(ops)-1])
				}
				return
			case "cd":
				ops := lftpOperands(b.words, "")
				switch {
				case len(ops) == 0:
					cwd = home
				case strings.Contains(ops[0], "://") || strings.HasPrefix(strings.ToLower(ops[0]), "file:"):
					// cd URL opens its site.
					cwd, here = lftpReadSite(home, localPath(b.local), ops[0])
				case here:
					cwd = remoteLocal(home, cwd, ops[0])
				}
				return
			}
			command(b, cwd, here, false)
		})
	}
}

// checkLoopbackSftpGet judges sftp [USER@]HOST:PATH [LOCAL] with HOST this
// machine: sftp fetches the file PATH (under ~ when relative) into the
// working directory or LOCAL, a read of that file here, as scp
// localhost:PATH . is (sftp localhost:.ssh/id_rsa k). A PATH ending in
// "/", or a directory, is where sftp starts and reads commands
// (checkLoopbackSftp).
func (p *Pass) checkLoopbackSftpGet(c *syntax.Call) {
	if p.Config.Home == "" {
		return
	}
	_, operands := scan(c.Args, sftpSpec)
	if len(operands) == 0 || !c.Args[operands[0]].Static {
		return
	}
	a := c.Args[operands[0]]
	host, rpath := sftpTarget(a.Value)
	if rpath == "" || strings.HasSuffix(rpath, "/") || !syntax.LoopbackHost(syntax.Arg{Value: host, Static: true}) {
		return
	}
	abs := remoteLocal(p.Config.Home, p.Config.Home, rpath)
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return
	}
	if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: abs, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}); ok {
		p.reportSecret(c, s, "sftp (from this machine) reads")
	}
}

// checkLoopbackSftpBatchGets judges the get, reget and mget commands of
// an sftp batch run against this machine (loopbackSftpBatch): get
// [-afpPR] REMOTE [LOCAL] fetches REMOTE (a glob sftp expands; under the
// remote directory when relative), a read of that file here, as sftp
// localhost:PATH is (sftp -b - localhost <<< 'get .ssh/id_rsa k'); with
// -r or -R, of everything under it.
func (p *Pass) checkLoopbackSftpBatchGets(c *syntax.Call) {
	home := p.Config.Home
	p.loopbackSftpBatch(c, "secret-read", func(b batchCommand, cwd string) {
		if b.verb != "get" && b.verb != "reget" && b.verb != "mget" || len(b.ops) == 0 {
			return
		}
		abs := remoteLocal(home, cwd, b.ops[0])
		what := "sftp " + b.verb + " (" + b.at + ", from this machine)"
		if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: abs, Raw: b.ops[0], Static: true, Glob: syntax.GlobMeta(abs) >= 0}); ok {
			p.reportSecret(c, s, what+" reads")
			return
		}
		if sftpRecursive(b) && p.Config.Paths != nil {
			if s, ok := p.Config.Paths.Secrets().Holds(p.guardsEnv(c.Dir), abs, true); ok {
				p.reportSecret(c, s, what+" reads everything under")
			}
		}
	})
}
