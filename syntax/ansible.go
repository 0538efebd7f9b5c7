package syntax

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/shlex"
)

// ansibleSpec is the options of ansible (ansible --help, 2.16): those
// that take a value; the rest are flags. The first operand is the host
// pattern.
var ansibleSpec = OptSpec{ShortVal: "aBcefiIlMmPTtu", LongEq: true,
	LongVal: []string{"args", "background", "connection", "extra-vars", "forks", "inventory", "inventory-file",
		"limit", "module-path", "module-name", "poll", "timeout", "tree", "user", "become-user", "become-method",
		"private-key", "key-file", "ssh-common-args", "sftp-extra-args", "scp-extra-args", "ssh-extra-args",
		"vault-id", "vault-password-file", "playbook-dir", "task-timeout", "connection-password-file",
		"become-password-file"},
	LongFlag: []string{"ask-pass", "ask-become-pass", "become", "check", "diff", "list-hosts", "one-line",
		"syntax-check", "verbose", "version", "help", "ask-vault-password", "ask-vault-pass", "flush-cache"}}

// ansibleShellModules are the modules whose free-form argument is a
// command: shell and raw give it to a shell, command runs it as argv
// (read as shell text all the same: its words are the command's).
var ansibleShellModules = []string{"shell", "command", "raw", "ansible.builtin.shell", "ansible.builtin.command",
	"ansible.builtin.raw"}

// ansible models an ad-hoc ansible command run on this machine: the
// host pattern is a loopback name or address (ansible's implicit
// localhost), the connection is local (-c local), or the inventory is a
// list of loopback hosts (-i localhost,). The command of the shell,
// command and raw modules is read as a nested script (chdir= is where it
// runs); the script module's file is read as a script; the file module
// with state=absent deletes its path, read as rm -rf of it. Another
// machine's commands are not judged, as for ssh.
func (w *walker) ansible(c scope, call *Call) {
	opts, operands := ScanOptions(call.Args, ansibleSpec)
	if len(operands) == 0 {
		return
	}
	local := loopbackHost(call.Args[operands[0]])
	var module, args *Arg
	inventoryLocal := false
	place, why, scripts := w.ansibleTargets(c, call, call.Args[operands[0]], opts)
	for _, p := range scripts {
		// An executable inventory source: ansible runs it (--list) for
		// the hosts.
		w.scriptFile(c, call, Arg{Value: p, Raw: p, Static: true}, "")
	}
	switch place {
	case sshHere:
		inventoryLocal = true
	case sshMaybe:
		defer func() {
			if args != nil && !local && !inventoryLocal {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Text: args.Value,
					What: "ansible runs " + clip(args.Value, 60) + " on a machine that may be this one (" + why + ")"})
			}
		}()
	}
	for _, o := range opts {
		if !o.HasVal {
			if o.Name == "C" || o.Name == "check" || o.Name == "list-hosts" || o.Name == "syntax-check" {
				return // runs nothing
			}
			continue
		}
		v := o.Val
		switch o.Name {
		case "c", "connection":
			local = local || v.Static && v.Value == "local"
		case "i", "inventory", "inventory-file":
			inventoryLocal = inventoryLocal || v.Static && ansibleLoopbackList(v.Value)
		case "m", "module-name":
			module = &o.Val
		case "a", "args":
			args = &o.Val
		}
	}
	if !local && !inventoryLocal {
		return
	}
	name := "command" // ansible's default module
	if module != nil {
		if !module.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: module.Raw,
				What: "ansible runs the module " + clip(module.Raw, 40) + " on this machine, only known at run time"})
			return
		}
		name = module.Value
	}
	if args == nil {
		return
	}
	text := args.Value
	switch {
	case slices.Contains(ansibleShellModules, name):
		dir, cmd := ansibleFreeForm(text)
		run := call.Dir
		if dir != "" {
			run = call.Dir.Join(dir)
		}
		w.childIn(c, call, cmd, nil, "ansible -m "+name, !args.Static, nil, run)
	case name == "script" || name == "ansible.builtin.script":
		// chdir= is where the script runs, not where it is read from.
		_, cmd := ansibleFreeForm(text)
		if words, err := shlex.Split(cmd); err == nil && len(words) > 0 {
			w.scriptFile(c, call, Arg{Value: words[0], Raw: words[0], Static: args.Static}, "")
		}
	case name == "file" || name == "ansible.builtin.file":
		kv := ansibleKeyValues(text)
		path := kv["path"]
		if path == "" {
			path = kv["dest"]
		}
		if path == "" {
			path = kv["name"]
		}
		if kv["state"] == "absent" && path != "" {
			w.child(c, call, "rm -rf -- "+Quote(path), nil, "ansible -m "+name, !args.Static)
		}
	}
}

// ansibleFreeForm splits the free-form argument of the command-like
// modules into its chdir= value and the command, dropping the other
// key=value options those modules take before or after it; the command's
// own text is kept as written.
func ansibleFreeForm(text string) (dir, cmd string) {
	keys := []string{"chdir", "creates", "removes", "executable", "warn", "stdin", "stdin_add_newline",
		"strip_empty_ends", "expand_argument_vars"}
	option := func(word string) (string, string, bool) {
		k, v, ok := strings.Cut(word, "=")
		return k, strings.Trim(v, `"'`), ok && slices.Contains(keys, k)
	}
	cmd = strings.TrimSpace(text)
	for {
		word, rest, _ := strings.Cut(cmd, " ")
		k, v, ok := option(word)
		if !ok {
			break
		}
		if k == "chdir" {
			dir = v
		}
		cmd = strings.TrimSpace(rest)
	}
	for {
		i := strings.LastIndexByte(cmd, ' ')
		if i < 0 {
			break
		}
		k, v, ok := option(cmd[i+1:])
		if !ok {
			break
		}
		if k == "chdir" {
			dir = v
		}
		cmd = strings.TrimSpace(cmd[:i])
	}
	return dir, cmd
}

// ansibleKeyValues reads a module's key=value argument string.
func ansibleKeyValues(text string) map[string]string {
	out := map[string]string{}
	words, err := shlex.Split(text)
	if err != nil {
		words = strings.Fields(text)
	}
	for _, wd := range words {
		if k, v, ok := strings.Cut(wd, "="); ok {
			out[k] = v
		}
	}
	return out
}

// ansibleLoopbackList reports whether an inventory given as a host list
// ("localhost," or "127.0.0.1,localhost") names only this machine.
func ansibleLoopbackList(v string) bool {
	if !strings.Contains(v, ",") {
		return false
	}
	n := 0
	for _, h := range strings.Split(v, ",") {
		if h = strings.TrimSpace(h); h == "" {
			continue
		}
		if !loopbackHost(Arg{Value: h, Static: true}) {
			return false
		}
		n++
	}
	return n > 0
}

// ansibleHost is a host of ansible's inventory with the variables that
// decide where it is: ansible_host (the name ssh is given), and
// ansible_connection (local runs here).
type ansibleHost struct {
	name, addr, conn string
	groups           []string
}

// ansibleTargets returns where the hosts the pattern selects from the
// inventory (-i host1,host2, or an INI inventory file) are: ansible's ssh
// connection runs ssh with the host's ansible_host (its name when not
// set) and --ssh-common-args/--ssh-extra-args, so ssh's options and
// configuration decide (Host box / HostName 127.0.0.1 is this machine);
// ansible_connection=local (or -c local, -e ansible_connection=local) is
// this machine. sshHere when one selected host is this machine,
// sshMaybe when one may be.
func (w *walker) ansibleTargets(c scope, call *Call, pattern Arg, opts []Option) (sshPlace, string, []string) {
	var hosts []ansibleHost
	var inv ansibleInv
	var scripts []string
	sources, unknown := false, false
	conn, extraAddr, extraConn := "", "", ""
	var sshWords []string
	for _, o := range opts {
		if !o.HasVal {
			continue
		}
		switch o.Name {
		case "c", "connection":
			if o.Val.Static {
				conn = o.Val.Value
			}
		case "i", "inventory", "inventory-file":
			sources = true
			if !o.Val.Static {
				unknown = true
				continue
			}
			if strings.Contains(o.Val.Value, ",") {
				for _, h := range strings.Split(o.Val.Value, ",") {
					if h = strings.TrimSpace(h); h != "" {
						hosts = append(hosts, ansibleHost{name: h, groups: []string{"all", "ungrouped"}})
					}
				}
				continue
			}
			scripts = append(scripts, w.ansibleSourcePath(&inv, call.Dir, o.Val.Value)...)
		case "e", "extra-vars":
			if !o.Val.Static || strings.HasPrefix(o.Val.Value, "@") {
				continue
			}
			kv := ansibleKeyValues(o.Val.Value)
			if v, ok := kv["ansible_host"]; ok {
				extraAddr = v
			}
			if v, ok := kv["ansible_connection"]; ok {
				extraConn = v
			}
		case "ssh-common-args", "ssh-extra-args":
			if o.Val.Static {
				sshWords = append(sshWords, rshWords(o.Val.Value)...)
			}
		}
	}
	if !sources {
		// No -i: ANSIBLE_INVENTORY, ansible.cfg's inventory=, or
		// /etc/ansible/hosts.
		if list, ok := w.ansibleDefaultSources(c, call); !ok {
			unknown = true
		} else {
			for _, p := range list {
				scripts = append(scripts, w.ansibleSourcePath(&inv, call.Dir, p)...)
			}
		}
	}
	hosts = append(hosts, inv.hosts()...)
	if !pattern.Static {
		return sshOther, "", scripts
	}
	var sargs []Arg
	for _, wd := range sshWords {
		sargs = append(sargs, Arg{Value: wd, Raw: wd, Static: true})
	}
	sopts, _ := ScanOptions(sargs, sshSpec)
	r := sshResolver{home: w.home, read: readSSHConfig}
	place, why := sshOther, ""
	for _, h := range hosts {
		if !ansiblePatternSelects(pattern.Value, h.name) && !slices.ContainsFunc(h.groups, func(g string) bool { return ansiblePatternSelects(pattern.Value, g) }) {
			continue
		}
		c, addr := h.conn, h.addr
		if conn != "" {
			c = conn // the command line comes before the inventory
		}
		if extraConn != "" {
			c = extraConn // extra vars come before everything
		}
		if extraAddr != "" {
			addr = extraAddr
		}
		if addr == "" {
			addr = h.name
		}
		switch c {
		case "local", "ansible.builtin.local":
			return sshHere, "ansible runs " + h.name + " with the local connection", scripts
		case "", "ssh", "smart", "ansible.builtin.ssh":
			p, wy := r.target(Arg{Value: addr, Raw: addr, Static: true}, sopts, call.Dir)
			if p == sshHere {
				if wy == "" {
					wy = "ansible connects " + h.name + " to " + addr
				}
				return sshHere, wy, scripts
			}
			if p == sshMaybe && place == sshOther {
				place, why = sshMaybe, wy
			}
		default:
			if loopbackHost(Arg{Value: addr, Static: true}) {
				return sshHere, "ansible connects " + h.name + " to " + addr, scripts
			}
		}
	}
	if place == sshOther && (unknown || len(scripts) > 0) {
		place, why = sshMaybe, "its inventory is only known at run time"
	}
	return place, why, scripts
}

// ansiblePatternSelects reports whether ansible's host pattern may
// select the host name: all, a wildcard pattern it matches (web*), a
// regular expression (~web.*), a group or a name among its parts (a:b,
// a,b; !x and &y parts narrow, read as selecting).
func ansiblePatternSelects(pattern, name string) bool {
	for _, part := range strings.FieldsFunc(pattern, func(r rune) bool { return r == ':' || r == ',' }) {
		part = strings.TrimLeft(part, "!&")
		if part == "all" || strings.HasPrefix(part, "~") || strings.EqualFold(part, name) {
			return true // ~REGEX: read as selecting
		}
		if ok, err := filepath.Match(part, name); ok || err != nil {
			return true
		}
	}
	return false
}

// ansibleSourcePath reads the inventory source name (a file or a
// directory, relative to dir) into inv (ansibleinv.go).
func (w *walker) ansibleSourcePath(inv *ansibleInv, dir Dir, name string) []string {
	p := expandTilde(name, w.home)
	if !filepath.IsAbs(p) {
		if !dir.Known {
			return nil
		}
		p = dir.Join(p).Path
	}
	return ansibleSource(inv, p, 0)
}
