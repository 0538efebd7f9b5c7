package syntax

import (
	"sort"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// StartsShell reports whether call, given no command to run, starts a
// shell that reads its commands on stdin, as a shell with no script does:
// su and runuser without -c (the target user's shell), sudo -s and sudo
// -i (sudo(8): the user's or the login shell), doas -s, chroot NEWROOT
// (chroot(8): "${SHELL} -i"), nsenter and unshare (their manuals:
// "${SHELL}"), pkexec (pkexec(1): "the default shell"), newgrp (a new
// shell with the group), script without -c (script(1): the shell, which
// reads what script reads), and ssh to this machine (localhost, a
// loopback address, its own name) with no remote command: the login
// shell. Piped or redirected text is that shell's script (echo 'rm -rf
// ~' | sudo su, curl … | sudo -s, ssh localhost <<< …).
func StartsShell(call *Call) bool {
	if call == nil {
		return false
	}
	switch call.Name {
	case "su", "runuser":
		for _, o := range suOptions(call) {
			switch o.Name {
			case "c", "command", "session-command", "help", "version":
				return false
			}
		}
		return true
	case "sudo", "doas":
		// Left as the call's name, sudo and doas were given no command
		// (unwrap takes them off when they have one).
		w, _ := wrapperFor(call.Name)
		opts, operands := ScanOptions(call.Args, w.opts)
		if len(operands) > 0 {
			return false
		}
		shell := false
		for _, o := range opts {
			switch o.Name {
			case "s", "shell", "login":
				shell = true
			case "i":
				shell = call.Name == "sudo"
			case "l", "list", "v", "validate", "k", "K", "reset-timestamp", "remove-timestamp", "e", "edit", "h", "help", "V", "version", "L":
				return false
			}
		}
		return shell
	case "chroot", "nsenter", "unshare", "pkexec":
		w, _ := wrapperFor(call.Name)
		opts, operands := ScanOptions(call.Args, w.opts)
		for _, o := range opts {
			if o.Name == "help" || o.Name == "version" || o.Name == "h" || o.Name == "V" {
				return false
			}
		}
		if call.Name == "chroot" {
			return len(operands) == 1 // NEWROOT alone
		}
		return len(operands) == 0
	case "newgrp":
		return len(call.Args) <= 2
	case "ssh":
		// ssh to this machine with no remote command starts the login
		// shell, which reads what ssh reads (-N and -W run none, -O talks
		// to a master; -n and -f give it /dev/null).
		host, cmd := sshDestination(call.Args)
		if host < 0 || cmd < len(call.Args) || !sshToHere(call, host) {
			return false
		}
		opts, _ := ScanOptions(call.Args, sshSpec)
		for _, o := range opts {
			if o.Name == "N" || o.Name == "W" || o.Name == "O" || o.Name == "V" || o.Name == "G" || o.Name == "Q" || o.Name == "n" || o.Name == "f" {
				return false
			}
		}
		return true
	case "script":
		opts, _ := ScanOptions(call.Args, scriptSpec)
		for _, o := range opts {
			switch o.Name {
			case "c", "command", "help", "version", "h", "V":
				return false
			}
		}
		return true
	}
	return false
}

// ReadsCodeOnStdin reports whether call runs, as code, what it reads on
// stdin: a shell or an interpreter given no script (bash, python3 -), at
// and batch, crontab -, a shell StartsShell starts, make -f - (or -f
// /dev/stdin), and awk -f - (or -f /dev/stdin). The rules that follow a
// download's bytes (curl … | make -f -) and the walker's pipes share it.
func ReadsCodeOnStdin(call *Call) bool {
	if call == nil {
		return false
	}
	if readsScript(call) {
		return true
	}
	if vimReadsStdin(call) || codeFromStdin(call) {
		return true
	}
	switch call.Name {
	case "make", "gmake":
		opts, _ := ScanOptions(call.Args, makeSpec)
		for _, o := range opts {
			if (o.Name == "f" || o.Name == "file" || o.Name == "makefile") && o.HasVal && stdinName(o.Val.Value, true) {
				return true
			}
		}
	case "awk", "gawk", "mawk", "nawk":
		for i, a := range call.Args {
			v := a.Value
			switch {
			case (v == "-f" || v == "--file") && i+1 < len(call.Args):
				if stdinName(call.Args[i+1].Value, true) {
					return true
				}
			case strings.HasPrefix(v, "--file="):
				if stdinName(strings.TrimPrefix(v, "--file="), true) {
					return true
				}
			case strings.HasPrefix(v, "-f") && len(v) > 2 && !strings.HasPrefix(v, "--"):
				if stdinName(v[2:], true) {
					return true
				}
			}
		}
	}
	return false
}

// envChanges lists the environment variables the command changes for a
// call (Call.EnvChanged): pre are the words before the program (wrappers
// and their words), st the state the call runs in.
func (w *walker) envChanges(ce *sh.CallExpr, pre []Arg, st *state) []string {
	set := map[string]bool{}
	if ce != nil {
		for _, as := range ce.Assigns {
			if as.Name != nil {
				set[as.Name.Value] = true
			}
		}
	}
	inEnv := false
	for i := 0; i < len(pre); i++ {
		v := pre[i].Value
		switch {
		case base(v) == "env" && pre[i].Static:
			inEnv = true
		case isAssignment(v) || !pre[i].Static && strings.Contains(pre[i].Raw, "="):
			if name, _, ok := strings.Cut(v, "="); ok && isName(name) {
				set[name] = true
			} else if name, _, ok := strings.Cut(pre[i].Raw, "="); ok && isName(name) {
				set[name] = true
			}
		case inEnv && (v == "-i" || v == "--ignore-environment" || v == "-"):
			set["*"] = true
		case inEnv && (v == "-u" || v == "--unset") && i+1 < len(pre):
			i++
			set[pre[i].Value] = true
		case inEnv && strings.HasPrefix(v, "--unset="):
			set[strings.TrimPrefix(v, "--unset=")] = true
		case inEnv && strings.HasPrefix(v, "-u") && len(v) > 2:
			set[v[2:]] = true
		case inEnv && (v == "-C" || v == "--chdir" || v == "-P" || v == "-S" || v == "--split-string") && i+1 < len(pre):
			i++ // env's options that take the next word: not a program
		case !strings.HasPrefix(v, "-"):
			inEnv = false
		}
	}
	if st != nil {
		for name, v := range st.vars {
			if v.seeded || v.forgotten || name == "_" || name == "HOME" && v.known && v.set && v.str == w.home {
				continue // the value the command started with, one only made unknown, or $_ (bash sets it for every command)
			}
			set[name] = true
		}
	}
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for name := range set {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// vimReadsStdin reports a Vim or ex call that reads commands on standard
// input: Ex mode (ex, vim -e/-E/-es), or -s naming standard input (the
// keys typed).
func vimReadsStdin(call *Call) bool {
	if !vimNames.Has(call.Name) {
		return false
	}
	ex := call.Name == "ex" || call.Name == "rex"
	for i, a := range call.Args {
		switch {
		case a.Value == "-e" || a.Value == "-E" || a.Value == "-es" || a.Value == "-Es":
			ex = true
		case a.Value == "-s" && i+1 < len(call.Args) && !ex:
			if n, ok := fdPath(call.Args[i+1].Value); ok && (n == 0 || call.Fd(n).Same(call.Fd(0))) {
				return true
			}
		}
	}
	return ex
}
