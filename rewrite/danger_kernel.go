package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var kernelChange = Rule{
	Name:      "kernel-change",
	Decisions: []Decision{Ask},
	Doc: `Changing the running kernel's state can stop the machine or the
devices it works through: fsfreeze -f (every write to the file system
waits until it is thawed; freezing / hangs the machine, the agent's own
shell among it), kexec -e or kexec KERNEL (boots another kernel at once,
with no shutdown), rmmod and modprobe -r (a driver unloaded: the disk,
network or display it drives goes), insmod (code loaded into the
kernel), sysctl -w, sysctl KEY=VALUE, -p and --system (kernel settings:
kernel.panic, kernel.sysrq, vm.overcommit_memory…) and swapoff (the
memory in swap must fit in RAM, or programs are killed): ask. fsfreeze
-u, kexec -l/-p/-u (loading or unloading only), lsmod, modinfo,
modprobe of a module by name, sysctl -a and sysctl KEY (reading) pass.
Writing /proc/sys or /proc/sysrq-trigger directly is a write to /proc,
which the path guards refuse.`,
	Commands: []string{"fsfreeze", "kexec", "rmmod", "modprobe", "insmod", "sysctl", "swapoff"},
	Call:     checkKernelChange,
}

func checkKernelChange(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	msg := ""
	switch c.Name {
	case "fsfreeze":
		opts, ops := scan(c.Args, optSpec{longFlag: longOpts("freeze", "unfreeze", "help", "version"), abbrev: true})
		if has(opts, "f", "freeze") {
			what := "the file system"
			if len(ops) > 0 {
				what = c.Args[ops[len(ops)-1]].Value
			}
			msg = "fsfreeze -f stops every write to " + what + " until it is thawed (freezing / hangs the machine)"
		}
	case "kexec":
		opts, ops := scan(c.Args, optSpec{shortVal: "t", longVal: longOpts("type", "command-line", "append", "initrd", "ramdisk",
			"reuse-cmdline", "mem-min", "mem-max", "dtb", "dt-no-old-root"), longEq: true})
		switch {
		case has(opts, "e", "exec"):
			msg = "kexec -e boots the loaded kernel at once, with no shutdown"
		case has(opts, "l", "load", "p", "load-panic", "u", "unload", "S", "status", "v", "version"):
		case len(ops) > 0:
			msg = "kexec " + c.Args[ops[0]].Value + " loads and boots that kernel at once, with no shutdown"
		}
	case "rmmod":
		if _, ops := scan(c.Args, optSpec{}); len(ops) > 0 {
			msg = "rmmod unloads the kernel module " + c.Args[ops[0]].Value + " (the disk, network or display it drives goes)"
		}
	case "modprobe":
		opts, ops := scan(c.Args, optSpec{shortVal: "CdS", longVal: longOpts("config", "dirname", "set-version", "dump-modversions"), longEq: true})
		if has(opts, "r", "remove", "remove-dependencies") && !has(opts, "n", "dry-run", "show") && len(ops) > 0 {
			msg = "modprobe -r unloads the kernel module " + c.Args[ops[0]].Value + " (the disk, network or display it drives goes)"
		}
	case "insmod":
		if _, ops := scan(c.Args, optSpec{}); len(ops) > 0 {
			msg = "insmod loads " + c.Args[ops[0]].Value + " into the kernel, where it can do anything"
		}
	case "sysctl":
		opts, ops := scan(c.Args, optSpec{shortOpt: "p", longVal: longOpts("pattern"), longFlag: longOpts("load", "system", "write",
			"all", "binary", "ignore", "names", "values", "quiet", "deprecated", "help", "version"), longEq: true})
		write := has(opts, "w", "write", "p", "load", "system")
		for _, i := range ops {
			// KEY=VALUE sets KEY, as -w does.
			write = write || strings.Contains(c.Args[i].Raw, "=")
		}
		if write {
			msg = "sysctl changes the running kernel's settings"
		}
	case "swapoff":
		if len(c.Args) > 0 { // alone, swapoff prints its usage
			msg = "swapoff moves what is in swap back into memory; when it does not fit, programs are killed"
		}
	}
	if msg != "" {
		p.Report(c, Finding{Rule: "kernel-change", Decision: Ask, Message: msg})
	}
}
