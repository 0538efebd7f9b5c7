package syntax

import (
	"os"
	"path/filepath"
	"strings"
)

// vagrant ssh runs a command (-c/--command) or a login shell in the
// project's virtual machine. The machine's own files are not this
// one's, as another host's are not (ssh HOST CMD is not judged), but
// its synced folders are: by default Vagrant shares the project
// directory, the one holding the Vagrantfile (found from the working
// directory upwards, or VAGRANT_CWD), at /vagrant in the guest, and
// config.vm.synced_folder "HOST", "GUEST" shares more (VirtualBox's
// shared folders, NFS: both ways). So the command's paths under a
// synced folder are this machine's (vagrant ssh -c 'rm -rf /vagrant'
// deletes the project), judged as docker run -v HOST:CTR's are; the
// script ssh feeds the remote shell on stdin (vagrant ssh [-c 'bash
// -s'] < job.sh, <<EOF) too. A folder the Vagrantfile marks
// disabled: true is not shared.

// vagrantSSHSpec is vagrant ssh's options (Ruby's OptionParser: long
// options by any unambiguous prefix, -cCMD attached); the words after
// "--" are ssh's own.
var vagrantSSHSpec = OptSpec{ShortVal: "c", LongEq: true, Abbrev: true, LongVal: []string{"command"}}

// vagrantSynced returns the synced folders of the Vagrant project above
// dir: the project directory at /vagrant unless disabled, and the
// folders its Vagrantfile shares with a literal host and guest path.
func (w *walker) vagrantSynced(dir Dir, cwdVar string) []ctrMount {
	if cwdVar != "" {
		dir = dir.Join(cwdVar)
	}
	if !dir.Known {
		return nil
	}
	root := ""
	for d := dir.Path; ; d = filepath.Dir(d) {
		if fi, err := os.Stat(filepath.Join(d, "Vagrantfile")); err == nil && fi.Mode().IsRegular() {
			root = d
			break
		}
		if d == "/" || d == "." || cwdVar != "" {
			break
		}
	}
	if root == "" {
		return nil
	}
	text, _ := w.readScriptDirect(Dir{Path: filepath.Join(root, "Vagrantfile"), Known: true})
	mounts := []ctrMount{{host: root, ctr: "/vagrant"}}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") || !strings.Contains(line, "synced_folder") {
			continue
		}
		q := quotedStrings(line[strings.Index(line, "synced_folder"):]) // docplugins.go
		if len(q) < 2 || !strings.HasPrefix(q[1], "/") {
			continue
		}
		guest := cleanPath(q[1])
		disabled := strings.Contains(line, "disabled: true") || strings.Contains(line, ":disabled => true")
		for i := 0; i < len(mounts); i++ {
			if mounts[i].ctr == guest {
				mounts = append(mounts[:i], mounts[i+1:]...) // redefined or disabled
				i--
			}
		}
		if disabled {
			continue
		}
		host := q[0]
		if (host == "~" || strings.HasPrefix(host, "~/")) && w.home != "" {
			host = filepath.Join(w.home, host[1:])
		}
		if !filepath.IsAbs(host) {
			host = filepath.Join(root, host)
		}
		mounts = append(mounts, ctrMount{host: filepath.Clean(host), ctr: guest})
	}
	return mounts
}

// vagrantSSH models vagrant ssh: its command and the script it feeds
// the remote shell on stdin, with the synced folders' paths as this
// machine's (vagrantSynced); text that names none of them touches only
// the machine's own files and is not judged.
func (w *walker) vagrantSSH(c scope, call *Call, st *state) {
	_, ops := ScanOptions(call.Args, OptSpec{Stop: true})
	if len(ops) == 0 || call.Args[ops[0]].Value != "ssh" {
		return
	}
	args := call.Args[ops[0]+1:]
	for i, a := range args {
		if a.Static && a.Value == "--" {
			args = args[:i] // ssh's own arguments
			break
		}
	}
	opts, _ := ScanOptions(args, vagrantSSHSpec)
	var cmd *Arg
	for _, o := range opts {
		if (o.Name == "c" || o.Long && o.Name == "command") && o.HasVal {
			v := o.Val
			cmd = &v
		}
	}
	cwdVar := ""
	for _, e := range []*state{st, call.env} {
		if e == nil {
			continue
		}
		if v, ok := e.vars["VAGRANT_CWD"]; ok && v.known && v.set && v.exported {
			cwdVar = v.str
		}
	}
	mounts := w.vagrantSynced(call.Dir, cwdVar)
	if len(mounts) == 0 {
		return
	}
	if cmd != nil {
		w.vagrantScript(c, call, cmd.Value, !cmd.Static, mounts, "vagrant ssh -c")
	}
	// The remote side reads ssh's stdin: the login shell, or a command
	// that is a shell or an interpreter given no program.
	if cmd != nil {
		if !cmd.Static {
			return
		}
		if r, ok := remoteStdinReader(cmd.Value); !ok || !IsShell(r.Name) {
			return
		}
	}
	in := call.Fd(0)
	if text, static, ok := in.Text(); ok {
		w.vagrantScript(c, call, text, !static, mounts, "vagrant ssh (stdin)")
	} else if r, ok := in.File(); ok && r.Op == "<" && r.Target.Static {
		if text, ok := w.readScriptDirect(r.Dir.Join(r.Target.Value)); ok {
			w.vagrantScript(c, call, text, false, mounts, "vagrant ssh (stdin)")
		}
	}
}

// vagrantScript walks text, run in the virtual machine, with the synced
// folders' paths as this machine's.
func (w *walker) vagrantScript(c scope, call *Call, text string, dynamic bool, mounts []ctrMount, kind string) {
	mapped := text
	for _, mt := range mounts {
		mapped = mountedText(mapped, mt.ctr, mt.host)
	}
	if mapped == text {
		return
	}
	saved := w.origin
	w.origin = "the virtual machine's command, with its synced folders as this machine's"
	inner := *call
	inner.Dir = Dir{}
	w.childIn(c, &inner, mapped, nil, kind, dynamic, newState(Dir{}, w.home), Dir{})
	w.origin = saved
}
