package syntax

import (
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
			inventoryLocal = v.Static && ansibleLoopbackList(v.Value)
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
