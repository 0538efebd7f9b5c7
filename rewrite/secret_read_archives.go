package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// sevenZipInputs returns what 7-Zip's a (add) and u (update) commands put
// into the archive, as 7-Zip's command-line manual describes them: the
// words after the archive name, each file or directory taken whole
// (7-Zip recurses into a directory it is given, hidden files included),
// or the working directory's files when none is given. Switches start
// with - and are one word (-xr!*.env, -mx=9, -p…); -x!PAT, -xr!PAT and
// -xr-!PAT exclude a name (a list file, -x@FILE, or an -i include list
// leaves the walk judged by patterns alone: walk nil). ok is false for
// the other commands (x, e, l, t, d), which write no archive of local
// files.
func sevenZipInputs(c *syntax.Call) (in []syntax.Arg, walk *guards.Walk, ok bool) {
	walk = &guards.Walk{Hidden: true}
	cmd, archive, switches := "", false, true
	for _, a := range c.Args {
		v := a.Value
		if switches && a.Static && v == "--" {
			switches = false
			continue
		}
		if switches && a.Static && strings.HasPrefix(v, "-") && len(v) > 1 {
			if walk == nil {
				continue
			}
			low := strings.ToLower(v)
			switch {
			case strings.HasPrefix(low, "-x"):
				pat := strings.TrimLeft(v[2:], "rR-0123456789")
				if p, isPat := strings.CutPrefix(pat, "!"); isPat {
					if p = baseGlob(p); p != "" {
						walk.Exclude = append(walk.Exclude, p)
					}
				} else {
					walk = nil // -x@listfile
				}
			case strings.HasPrefix(low, "-i"), strings.HasPrefix(low, "-ai"), strings.HasPrefix(low, "-ax"), low == "-si":
				walk = nil
			}
			continue
		}
		switch {
		case cmd == "":
			cmd = strings.ToLower(v)
			if cmd != "a" && cmd != "u" {
				return nil, nil, false
			}
		case !archive:
			archive = true
		default:
			in = append(in, a)
		}
	}
	if cmd == "" || !archive {
		return nil, nil, false
	}
	if len(in) == 0 {
		in = []syntax.Arg{{Value: ".", Static: true, Raw: "."}}
	}
	return in, walk, true
}

// jarInputs returns the files and directories jar's create (c) and
// update (u) modes put into the archive, as the jar tool's manual
// describes both of its forms: the old one (jar cvf x.jar [-C dir] files;
// the words f, m and e name come first, in the order of those letters)
// and the long one (jar --create --file x.jar, -c -f x.jar, --manifest,
// --main-class). A directory is taken whole, hidden files included; -C
// DIR FILE takes FILE under DIR. ok is false for the other modes (x, t,
// i), which write no archive of local files.
func jarInputs(c *syntax.Call) (in []syntax.Arg, ok bool) {
	args := c.Args
	if len(args) == 0 {
		return nil, false
	}
	creates := false
	i := 0
	first := args[0].Value
	if args[0].Static && !strings.HasPrefix(first, "--") && len(first) > 0 {
		// The old form: a cluster of letters, with or without a dash.
		letters := strings.TrimPrefix(first, "-")
		if strings.ContainsAny(letters, "cu") && strings.Trim(letters, "cuvfme0MPnxti") == "" && !strings.ContainsAny(letters, "xti") {
			creates = true
			i = 1
			for _, l := range letters {
				if l == 'f' || l == 'm' || l == 'e' {
					i++ // the jar file, the manifest, the entry point
				}
			}
		}
	}
	valued := map[string]bool{"-f": true, "--file": true, "-m": true, "--manifest": true, "-e": true, "--main-class": true,
		"--module-version": true, "--hash-modules": true, "--module-path": true, "-p": true, "--release": false}
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Static && strings.HasPrefix(v, "-") && v != "-C" {
			switch {
			case v == "-c" || v == "--create" || v == "-u" || v == "--update":
				creates = true
			case v == "-x" || v == "--extract" || v == "-t" || v == "--list" || v == "-i" || v == "--generate-index":
				return nil, false
			case valued[v]:
				i++
			}
			continue
		}
		if a.Static && v == "-C" && i+2 < len(args) {
			dir, f := args[i+1], args[i+2]
			i += 2
			if dir.Static && f.Static {
				in = append(in, sub(f, strings.TrimSuffix(dir.Value, "/")+"/"+f.Value))
			} else {
				in = append(in, dir)
			}
			continue
		}
		in = append(in, a)
	}
	if !creates {
		return nil, false
	}
	return in, true
}

// checkArchivers judges 7z/7za/7zr/7zz a|u and jar c|u like tar and zip
// -r: each input is read whole, recursively, and a directory is judged by
// the files on disk under it (the bounded walk) minus 7-Zip's -x!
// exclusions.
func (p *Pass) checkArchivers(c *syntax.Call) {
	var in []syntax.Arg
	var walk *guards.Walk
	var ok bool
	if c.Name == "jar" {
		in, ok = jarInputs(c)
		walk = &guards.Walk{Hidden: true}
	} else {
		in, walk, ok = sevenZipInputs(c)
	}
	if !ok {
		return
	}
	for _, a := range in {
		if p.secretOperand(c, a, true, true, walk) {
			return
		}
	}
}

// checkTarToStdout judges an extraction to standard output (tar -xOf
// A, tar -xf A --to-stdout, unzip -p A, unzip -c A) of an archive on
// disk: the members it prints are listed the way the write guards list an
// extraction's members (archiveMembers, bounded), and a member whose
// name is a secret's, taken from the root, from the home directory or
// from the working directory (an archive made with tar -C ~ -cf k.tar
// .ssh holds .ssh/id_rsa), is a secret read. Member operands narrow the
// members printed. An archive that cannot be listed is not judged: its
// making is (tar -c of a secret is read there).
func (p *Pass) checkTarToStdout(c *syntax.Call) bool {
	if p.Config.Paths == nil {
		return false
	}
	var archive syntax.Arg
	var members []syntax.Arg
	zipOnly := false
	switch c.Name {
	case "unzip":
		opts, ops := scan(c.Args, optSpec{shortVal: "dxP"})
		if !has(opts, "p", "c") || len(ops) == 0 {
			return false
		}
		archive, zipOnly = c.Args[ops[0]], true
		for _, i := range ops[1:] {
			members = append(members, c.Args[i])
		}
	default:
		args := syntax.TarArgs(c.Args)
		opts, ops := scan(args, specFor("tar"))
		if !has(opts, "x", "extract", "get") || !has(opts, "O", "to-stdout") {
			return false
		}
		e, ok := extractionOf(c)
		if !ok {
			return false
		}
		archive = e.archive
		for _, i := range ops {
			members = append(members, args[i])
		}
	}
	if !archive.Static {
		return false
	}
	abs := c.Dir.Join(archive.Value)
	if !abs.Known {
		return false
	}
	names, err := archiveMembers(abs.Path, zipOnly)
	if err != nil {
		return false
	}
	env := p.guardsEnv(c.Dir)
	secrets := p.Config.Paths.Secrets()
	for _, n := range names {
		n = strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(n, "\\", "/")), "/")
		if n == "" || !printsMember(members, n) {
			continue
		}
		// The archive may have been made in any directory: a member is
		// also judged from the home directory with its leading
		// directories taken off (home/u/.kube/config, made in /, is
		// ~/.kube/config of the user u).
		cands := []string{}
		for _, r := range []string{"/", p.Config.Home, env.Cwd} {
			if r != "" {
				cands = append(cands, path.Join(r, n))
			}
		}
		for rest, k := n, 0; p.Config.Home != "" && k < 16; k++ {
			i := strings.IndexByte(rest, '/')
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			cands = append(cands, path.Join(p.Config.Home, rest))
		}
		for _, cand := range cands {
			if s, ok := secrets.Match(env, cand); ok {
				p.reportSecret(c, s, c.Name+" prints the member "+n+" of "+archive.Value+", named like")
				return true
			}
		}
	}
	return false
}

// printsMember reports whether an extraction given the member operands
// prints member n: all members when none is given, else the members an
// operand names or holds. An operand known only at run time, or a
// pattern (tar --wildcards, unzip's own patterns), may name any.
func printsMember(ops []syntax.Arg, n string) bool {
	if len(ops) == 0 {
		return true
	}
	for _, o := range ops {
		v := strings.Trim(path.Clean("/"+o.Value), "/")
		if !o.Static || strings.ContainsAny(o.Value, "*?[") || v == "" || v == n || guards.Within("/"+v, "/"+n) {
			return true
		}
	}
	return false
}
