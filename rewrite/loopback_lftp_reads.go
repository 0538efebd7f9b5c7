package rewrite

import (
	"net/url"
	"path"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// lftpReadSite returns the directory on this machine a site of lftp opens
// in when the files it serves are this machine's, for the reads of
// checkLoopbackLftpReads: sftp:// and fish:// (ssh, lftpLoopback), ftp://,
// ftps:// and a bare host (lftp's default, ftp) on a loopback host (an
// FTP server here logs a local account in to its home directory), and
// file: (this machine's file system, from the URL's path or local, the
// local directory). Other schemes (http://) reach a server whose files
// corral cannot place.
func lftpReadSite(home, local, site string) (string, bool) {
	if d, ok := lftpLoopback(home, site); ok {
		return d, true
	}
	low := strings.ToLower(site)
	if strings.HasPrefix(low, "file:") {
		p := site[len("file:"):]
		if strings.HasPrefix(p, "//") {
			p = p[2:]
			if i := strings.IndexByte(p, '/'); i >= 0 {
				p = p[i:] // file://host/PATH
			} else {
				p = ""
			}
		}
		if p == "" {
			return local, local != ""
		}
		if p, err := url.PathUnescape(p); err == nil {
			return remoteLocal(home, local, p), true
		}
		return "", false
	}
	host := site
	if strings.Contains(site, "://") {
		u, err := url.Parse(site)
		if err != nil || !strings.EqualFold(u.Scheme, "ftp") && !strings.EqualFold(u.Scheme, "ftps") {
			return "", false
		}
		host = u.Hostname()
		if p := u.Path; p != "" && p != "/" && p != "/~" {
			if strings.HasPrefix(p, "/~/") {
				return path.Join(home, p[3:]), syntax.LoopbackHost(syntax.Arg{Value: host, Static: true})
			}
			return path.Clean(p), syntax.LoopbackHost(syntax.Arg{Value: host, Static: true})
		}
	} else {
		if i := strings.LastIndex(host, "@"); i >= 0 {
			host = host[i+1:]
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	}
	if !syntax.LoopbackHost(syntax.Arg{Value: host, Static: true}) {
		return "", false
	}
	return home, true
}

// lftpReadVerbs are the lftp commands that read remote files: the
// transfers to a local file (get, get1, pget, reget, mget, edit) and the
// ones that print them (cat, more, zcat, zmore, bzcat, bzmore), with the
// short options of each that take a value (get -o LFILE -O BASE -P N,
// pget -n N, edit -o TEMP). mirror is read by lftpMirrorSources.
func lftpReadVerb(verb string) (valued string, ok bool) {
	switch verb {
	case "get", "reget", "get1", "mget":
		return "oOP", true
	case "pget":
		return "on", true
	case "edit":
		return "o", true
	case "cat", "more", "zcat", "zmore", "bzcat", "bzmore", "xzcat", "xzmore":
		return "", true
	}
	return "", false
}

// lftpOperands splits the words of an lftp command into its operands,
// leaving out options and the values of the short options named in
// valued (lftp reads options anywhere among the words), and stopping at
// a word that starts a pipe or redirection (> FILE, | CMD: local).
func lftpOperands(words []string, valued string) []string {
	var ops []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case strings.HasPrefix(w, "|") || strings.HasPrefix(w, ">"):
			return ops
		case w == "--":
			return append(ops, words[i+1:]...)
		case len(w) == 2 && w[0] == '-' && strings.IndexByte(valued, w[1]) >= 0:
			i++
		case len(w) > 1 && w[0] == '-':
		default:
			ops = append(ops, w)
		}
	}
	return ops
}

// lftpMirrorSources returns the remote directories and files a mirror
// (not mirror -R, an upload) copies from: -f FILE and -F DIR, else its
// first operand, else the remote directory ("").
func lftpMirrorSources(words []string) (srcs []string, reverse bool) {
	var ops []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		name, val, eq := strings.Cut(w, "=")
		switch {
		case strings.HasPrefix(w, "|") || strings.HasPrefix(w, ">"):
			i = len(words)
		case w == "--reverse" || len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.Contains(w, "R"):
			reverse = true
		case name == "--file" || name == "--directory":
			if eq {
				srcs = append(srcs, val)
			} else if i+1 < len(words) {
				i++
				srcs = append(srcs, words[i])
			}
		case (w == "-f" || w == "-F") && i+1 < len(words):
			i++
			srcs = append(srcs, words[i])
		case len(w) == 2 && w[0] == '-' && strings.IndexByte("NixIXO", w[1]) >= 0,
			!eq && lftpMirrorValued(w):
			i++
		case w == "-P" && i+1 < len(words) && strings.Trim(words[i+1], "0123456789") == "":
			i++
		case len(w) > 1 && w[0] == '-':
		default:
			ops = append(ops, w)
		}
	}
	if len(srcs) == 0 {
		if len(ops) > 0 {
			srcs = ops[:1]
		} else {
			srcs = []string{""}
		}
	}
	return srcs, reverse
}

// lftpMirrorValued reports a long option of mirror whose value may be
// the next word.
func lftpMirrorValued(w string) bool {
	switch w {
	case "--newer-than", "--older-than", "--size-range", "--include", "--exclude", "--include-glob",
		"--exclude-glob", "--include-rx-from", "--exclude-rx-from", "--target-directory", "--script",
		"--log", "--on-change", "--use-pget-n", "--max-errors", "--recursion", "--loop", "--parallel":
		return true
	}
	return false
}

// checkLoopbackLftpReads judges the reads of lftp's commands (-c, -e,
// -f's script, or its stdin; transferCommands) on a site whose files are
// this machine's (lftpReadSite: lftp sftp://localhost, open
// ftp://127.0.0.1, open file:): get, get1, pget, reget, mget and edit
// fetch the remote file, cat, more, zcat, zmore, bzcat and bzmore print
// it, and mirror copies everything under a remote directory: each a read
// of that file here, as scp localhost:PATH . is (a secret is the
// secret-read rule's, denied). A relative name is under the directory
// the site opens in (the home directory through ssh or ftp) or where cd
// went; a URL operand names its own site (get sftp://localhost/~/.aws/
// credentials). local CMD runs the lftp command CMD on the local file
// system, in the local directory (after lcd), whatever the site.
func (p *Pass) checkLoopbackLftpReads(c *syntax.Call) {
	if c.Name != "lftp" || p.Config.Home == "" || p.Config.Paths == nil {
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
	var command func(b batchCommand, cwd string, here bool)
	command = func(b batchCommand, cwd string, here bool) {
		if b.verb == "local" && len(b.words) > 0 {
			inner := b
			inner.verb, inner.words = strings.ToLower(b.words[0]), b.words[1:]
			if l := localPath(b.local); l != "" {
				command(inner, l, true)
			}
			return
		}
		what := "lftp " + b.verb + " (" + b.at + ", from this machine)"
		// file returns the path here a remote name of the command
		// names: a URL for its own site, else under cwd.
		file := func(v string) (string, bool) {
			if strings.Contains(v, "://") || strings.HasPrefix(strings.ToLower(v), "file:") {
				return lftpReadSite(home, localPath(b.local), v)
			}
			if !here {
				return "", false
			}
			return remoteLocal(home, cwd, v), true
		}
		read := func(v string, under bool) {
			abs, ok := file(v)
			if !ok || abs == "" {
				return
			}
			if !strings.HasPrefix(abs, "/") {
				if l := b.local.Join(abs); l.Known {
					abs = l.Path
				} else {
					return
				}
			}
			if s, ok := p.secretOf(c.Dir, syntax.Arg{Value: abs, Raw: v, Static: true, Glob: syntax.GlobMeta(abs) >= 0}); ok {
				p.reportSecret(c, s, what+" reads")
				return
			}
			if under {
				if s, ok := p.Config.Paths.Secrets().Holds(p.guardsEnv(c.Dir), abs, true); ok {
					p.reportSecret(c, s, what+" reads everything under")
				}
			}
		}
		if b.verb == "mirror" {
			srcs, reverse := lftpMirrorSources(b.words)
			if reverse {
				return // an upload
			}
			for _, s := range srcs {
				if s == "" {
					s = "."
				}
				read(s, true)
			}
			return
		}
		valued, ok := lftpReadVerb(b.verb)
		if !ok {
			return
		}
		for _, o := range lftpOperands(b.words, valued) {
			read(o, false)
		}
	}
	for _, t := range texts {
		if t.why != "" {
			continue // asked about by the file-transfer rule
		}
		cwd, here := cwd, here
		p.readBatch(c, "secret-read", p.lftpLines(c, t.text), t.where, "command", "", true, func(b batchCommand) {
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
			command(b, cwd, here)
		})
	}
}
