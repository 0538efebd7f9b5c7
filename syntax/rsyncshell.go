package syntax

import "strings"

// rsync starts programs on this machine to reach the other end (issue 12):
//
//   - for HOST:PATH, the remote shell: -e/--rsh CMD, else RSYNC_RSH, else
//     ssh. rsync splits CMD at spaces itself (rshWords: quotes group, a
//     doubled quote inside quotes is one quote, no backslashes, no other
//     shell syntax) and runs the words directly, followed by [-l USER],
//     HOST, the --rsync-path text (rsync), the server's options, "." and
//     the path. So -e 'sh -c' runs HOST as a script, and a "#" or ";" in
//     CMD is a word, not a comment or a separator (-e 'env -u # sh -c "…"');
//   - with -e, HOST::MODULE and rsync://HOST/ are reached through the same
//     remote shell (a daemon over it); without -e, RSYNC_CONNECT_PROG,
//     which rsync runs with sh -c, %H being the host.
//
// When the remote shell is ssh, the command ssh runs on HOST is the
// --rsync-path text followed by the server's words: the ssh call is
// judged with that text (ssh's model decides where HOST is), not with the
// server's words, which are rsync's protocol; with --old-args the path
// too, which the shell on HOST splits.

// rsyncSpec are rsync's options (popt: long names are matched whole,
// never by prefix; a short option's value may follow an "=").
var rsyncSpec = OptSpec{ShortVal: "eBfMT@", LongEq: true, LongVal: []string{"rsh", "rsync-path", "exclude", "include", "exclude-from",
	"include-from", "files-from", "filter", "backup-dir", "suffix", "block-size", "max-delete", "max-size", "min-size", "partial-dir",
	"temp-dir", "compare-dest", "copy-dest", "link-dest", "chmod", "chown", "usermap", "groupmap", "timeout", "contimeout", "port",
	"log-file", "log-file-format", "out-format", "password-file", "bwlimit", "write-batch", "only-write-batch", "read-batch",
	"protocol", "iconv", "checksum-choice", "compress-choice", "compress-level", "skip-compress", "modify-window", "sockopts",
	"outbuf", "remote-option", "stop-after", "stop-at", "info", "debug", "address", "config", "early-input",
	"max-alloc", "copy-as"}}

// rsyncEnd is where one rsync operand leads: a remote shell's host or a
// daemon's.
type rsyncEnd struct {
	user, host, path string
	daemon           bool
}

// rsyncOperandEnd reads an operand as rsync does (check_for_hostspec):
// rsync://[USER@]HOST[:PORT]/PATH and [USER@]HOST::PATH are a daemon's,
// [USER@]HOST:PATH a remote shell's (HOST has no "/"; [v6] is bracketed);
// anything else is a local path.
func rsyncOperandEnd(v string) (rsyncEnd, bool) {
	if rest, ok := strings.CutPrefix(v, "rsync://"); ok {
		hp, path, _ := strings.Cut(rest, "/")
		e := rsyncEnd{host: hp, path: path, daemon: true}
		if at := strings.LastIndexByte(hp, '@'); at >= 0 {
			e.user, e.host = hp[:at], hp[at+1:]
		}
		if h, _, ok := strings.Cut(strings.TrimPrefix(e.host, "["), "]"); ok {
			e.host = h
		} else if i := strings.IndexByte(e.host, ':'); i >= 0 {
			e.host = e.host[:i]
		}
		return e, e.host != ""
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '/':
			return rsyncEnd{}, false
		case '[':
			j := strings.IndexAny(v[i:], "]/")
			if j < 0 || v[i+j] != ']' {
				return rsyncEnd{}, false
			}
			i += j
		case ':':
			hp := v[:i]
			e := rsyncEnd{host: hp, path: v[i+1:]}
			if strings.HasPrefix(e.path, ":") {
				e.path, e.daemon = e.path[1:], true
			}
			if at := strings.LastIndexByte(hp, '@'); at >= 0 {
				e.user, e.host = hp[:at], hp[at+1:]
			}
			e.host = strings.TrimSuffix(strings.TrimPrefix(e.host, "["), "]")
			return e, e.host != ""
		}
	}
	return rsyncEnd{}, false
}

// rsyncShell judges the programs an rsync call starts to reach the other
// end (see above).
func (w *walker) rsyncShell(c scope, call *Call) {
	args := call.Args
	opts, ops := ScanOptions(args, rsyncSpec)
	var rsh, rsyncPath *Arg
	used := map[int]bool{}
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		val := o.Val
		if !o.Long && o.Attached {
			val.Value = strings.TrimPrefix(val.Value, "=") // -e=CMD
		}
		if strings.Contains(val.Value, "!#:+") {
			// popt puts the next word that is not an option in place of
			// !#:+ in a value, and takes it from the operands.
			for _, i := range ops {
				if i > o.ValIdx && !used[i] {
					used[i] = true
					val.Value = strings.Replace(val.Value, "!#:+", args[i].Value, 1)
					val.Static = val.Static && args[i].Static
					break
				}
			}
		}
		switch {
		case o.Name == "e" || o.Name == "rsh":
			rsh = &val
		case o.Name == "rsync-path":
			rsyncPath = &val
		}
	}
	var operands []Arg
	for _, i := range ops {
		if !used[i] {
			operands = append(operands, args[i])
		}
	}
	if len(operands) == 0 {
		return
	}
	// rsync reads the first operand, else the last, for a host.
	var end rsyncEnd
	var endArg Arg
	found, pull := false, false
	for k, a := range []Arg{operands[0], operands[len(operands)-1]} {
		if k == 1 && len(operands) == 1 {
			break
		}
		if e, ok := rsyncOperandEnd(a.Value); ok {
			end, endArg, found, pull = e, a, true, k == 0
			break
		}
	}
	if !found {
		return
	}
	if end.daemon && rsh == nil {
		// A daemon's socket, or RSYNC_CONNECT_PROG run with sh -c.
		if v, known, set := call.Getenv("RSYNC_CONNECT_PROG"); set && v != "" {
			text := strings.NewReplacer("%H", end.host, "%%", "%").Replace(v)
			w.child(c, call, text, nil, "RSYNC_CONNECT_PROG", !known || !endArg.Static)
		}
		return
	}
	if rsh == nil {
		if v, known, set := call.Getenv("RSYNC_RSH"); set {
			rsh = &Arg{Value: v, Raw: "RSYNC_RSH", Static: known}
		}
	}
	var words []Arg
	if rsh == nil {
		words = []Arg{{Value: "ssh", Raw: "ssh", Static: true}}
	} else if !rsh.Static {
		words = []Arg{*rsh}
	} else {
		for _, s := range rshWords(rsh.Value) {
			words = append(words, Arg{Value: s, Raw: s, Static: true})
		}
	}
	if len(words) == 0 {
		return
	}
	hostArg := func(v string) Arg { return Arg{Value: v, Raw: endArg.Raw, Static: endArg.Static} }
	if end.user != "" {
		words = append(words, Arg{Value: "-l", Raw: "-l", Static: true}, hostArg(end.user))
	}
	words = append(words, hostArg(end.host))
	path := Arg{Value: "rsync", Raw: "rsync", Static: true}
	if rsyncPath != nil {
		path = *rsyncPath
	}
	if words[0].Static && baseName(words[0].Value) == "ssh" {
		// ssh runs its command's words as shell text on HOST: the
		// --rsync-path text is what rsync adds there (the server's
		// words after it are rsync's protocol).
		// With --old-args (or RSYNC_OLD_ARGS), rsync sends the path
		// unescaped: the shell on HOST splits it, so "HOST:y; cmd" runs
		// cmd there (rsync 3.2.4 and later escape it otherwise; -s sends
		// it inside the protocol).
		oldArgs, protect := false, false
		if v, known, set := call.Getenv("RSYNC_OLD_ARGS"); set && (!known || v != "" && v != "0") {
			oldArgs = true
		}
		for _, o := range opts {
			switch o.Name {
			case "old-args":
				oldArgs = true
			case "s", "protect-args", "secluded-args":
				protect = true
			}
		}
		oldArgs = oldArgs && !protect && !end.daemon
		if rsyncPath == nil && rsh == nil && !oldArgs {
			return // plain ssh: resolveTransfer places the host
		}
		switch {
		case oldArgs:
			if rsyncPath == nil {
				// The server's own words are rsync's protocol: a stand-in
				// that reads none of them.
				path = Arg{Value: "true", Raw: "rsync", Static: true}
			}
			words = append(words, path, Arg{Value: "--server", Raw: "--server", Static: true}, Arg{Value: ".", Raw: ".", Static: true}, hostArg(end.path))
		case rsyncPath != nil:
			words = append(words, path)
		}
		w.argvChild(c, call, words, "rsync -e", call.env, call.Dir)
		return
	}
	words = append(words, path, Arg{Value: "--server", Raw: "--server", Static: true})
	switch {
	case end.daemon:
		words = append(words, Arg{Value: "--daemon", Raw: "--daemon", Static: true}, Arg{Value: ".", Raw: ".", Static: true})
	case pull:
		words = append(words, Arg{Value: "--sender", Raw: "--sender", Static: true}, Arg{Value: ".", Raw: ".", Static: true}, hostArg(end.path))
	default:
		words = append(words, Arg{Value: ".", Raw: ".", Static: true}, hostArg(end.path))
	}
	w.argvChild(c, call, words, "rsync -e", call.env, call.Dir)
}
