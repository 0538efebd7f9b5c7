package rewrite

import (
	"regexp"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var chmodRecursive = Rule{
	Name: "chmod-recursive",
	Doc: `chmod -R 777 (any option order; 0777, 666, a+rwx, ugo+rwx, o+w: any
mode that lets everyone write) makes a whole tree writable by everyone:
deny, as seed 002's starter table does.
chown/chgrp -R and chmod -R of /, ~, a system directory or the project's
parents change ownership of the machine: deny. A plain chmod 777 file is
allowed.`,
	Commands: []string{"chmod", "chown", "chgrp"},
	Call:     checkChmod,
}

// worldWritable reports whether a chmod mode lets everyone write: an octal
// mode whose last digit has the write bit (777, 0666), or a symbolic mode
// that adds write for others or all (a+rwx, o+w, ugo=rwx).
func worldWritable(mode string) bool {
	if mode != "" && strings.Trim(mode, "01234567") == "" {
		last := mode[len(mode)-1] - '0'
		return last&2 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+=")
		if i < 0 {
			continue
		}
		who, perms := clause[:i], clause[i+1:]
		if strings.ContainsAny(who, "oa") && strings.Contains(perms, "w") {
			return true
		}
	}
	return false
}

func checkChmod(p *Pass, c *syntax.Call) {
	opts, operands := scan(c.Args, optSpec{longVal: setOf("reference", "from"), longEq: true})
	recursive := has(opts, "R", "recursive")
	if !recursive || len(operands) == 0 {
		return
	}
	targets := operands[1:] // the mode or owner comes first
	if c.Name == "chmod" {
		if mode := c.Args[operands[0]].Value; worldWritable(mode) {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: "chmod -R " + mode + " makes a whole tree writable by everyone"})
			return
		}
	}
	for _, i := range targets {
		a := c.Args[i]
		if !a.Static {
			continue
		}
		d, ok := treeTarget(c.Dir, a)
		if !ok {
			continue
		}
		if why := p.catastrophic(d.Path); why != "" && !strings.HasPrefix(why, "the project") {
			p.Report(c, Finding{Rule: "chmod-recursive", Decision: Deny, Message: c.Name + " -R on " + why})
		}
	}
}

var forkBomb = Rule{
	Name: "fork-bomb",
	Doc: `A function that calls itself more than once per call, in a pipeline
or in the background (:(){ :|:& };: under any name) multiplies processes
until the machine stops: deny. Found in the syntax tree, so the name and
spacing do not matter, and a fork bomb that is only text (echo ':(){…}')
is not one.`,
	Command: func(p *Pass) {
		for _, f := range p.Model.Functions() {
			if f.Multiplies {
				s, e := topSpan(f.Script, f.Start, f.End)
				p.findings = append(p.findings, Finding{Rule: "fork-bomb", Decision: Deny, Start: s, End: e, Text: f.Script.Src[f.Start:f.End],
					Message: "function " + f.Name + " calls itself several times at once: a fork bomb"})
			}
		}
	},
}

var diskWrite = Rule{
	Name: "disk-write",
	Doc: `Writing a block device destroys its file systems: mkfs, mkfs.*,
mke2fs, mkswap, wipefs, blkdiscard (deny); fdisk, sfdisk, parted, sgdisk,
cfdisk (ask); dd of=/dev/<disk>, and any redirection, tee, cp or shred onto
a disk device (/dev/sd*, nvme*, vd*, xvd*, hd*, mmcblk*, md*, dm-*, loop*,
/dev/disk/…, /dev/mapper/…) (deny). Reading a device (dd if=/dev/sda
of=disk.img) and /dev/null, /dev/zero, /dev/stdout are fine.`,
	Call:     checkDiskWrite,
	Redirect: checkDeviceRedirect,
}

var blockDevice = regexp.MustCompile(`^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|loop\d|sr\d|disk\d|rdisk\d|disk/|mapper/|root$|nbd\d|zd\d)`)

// asksHelp reports whether the call only prints its help.
func asksHelp(c *syntax.Call) bool { return hasFlag(c.Args, 0, "--help") }

func checkDiskWrite(p *Pass, c *syntax.Call) {
	name := c.Name
	switch {
	case name == "mkfs" || strings.HasPrefix(name, "mkfs.") || name == "mke2fs" || name == "mkswap" || name == "wipefs" || name == "blkdiscard" || name == "mkdosfs" || name == "mkntfs":
		// A file system made in an image file is ordinary work; one made
		// on a device (or a device only known at run time) is not.
		for _, a := range c.Args {
			if strings.HasPrefix(a.Value, "/dev/") || !a.Static && strings.Contains(a.Value, "/dev/") {
				p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: name + " formats or wipes the device " + a.Value})
				return
			}
		}
	case name == "fdisk" || name == "sfdisk" || name == "parted" || name == "sgdisk" || name == "cfdisk" || name == "gdisk":
		if hasFlag(c.Args, 0, "-l", "--list", "-p", "--print", "--help", "-h", "-v", "--verify", "-L", "--list-types", "-b", "--backup", "-V", "--version") {
			return // reading the table, or saving a copy of it
		}
		p.Report(c, Finding{Rule: "disk-write", Decision: Ask, Message: name + " edits a partition table"})
	case name == "dd":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Value, "of=") && blockDevice.MatchString(strings.TrimPrefix(a.Value, "of=")) {
				p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: "dd writes the device " + strings.TrimPrefix(a.Value, "of=")})
			}
		}
	case name == "tee" || name == "cp" || name == "shred":
		for _, a := range c.Args {
			if blockDevice.MatchString(a.Value) && (name != "cp" || a.Start == c.Args[len(c.Args)-1].Start) {
				p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: name + " writes the device " + a.Value})
			}
		}
	}
}

func checkDeviceRedirect(p *Pass, r syntax.Redirect) {
	if r.Writes() && blockDevice.MatchString(r.Target.Value) {
		s, e := topSpan(r.Script, r.Target.Start, r.Target.End)
		p.findings = append(p.findings, Finding{Rule: "disk-write", Decision: Deny, Start: s, End: e, Text: r.Target.Raw,
			Message: "a redirection writes the device " + r.Target.Value})
	}
}

var power = Rule{
	Name: "power",
	Doc: `shutdown, reboot, halt, poweroff, init 0/6, telinit 0/6 and
systemctl poweroff/reboot/halt/kexec stop the machine everyone is working
on: ask (seed 002: confirm). shutdown -c (cancel) passes.`,
	Commands: []string{"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl"},
	Call: func(p *Pass, c *syntax.Call) {
		switch c.Name {
		case "init", "telinit":
			if len(c.Args) == 0 || (c.Args[0].Value != "0" && c.Args[0].Value != "6") {
				return
			}
		case "systemctl":
			if !hasWord(c, "poweroff", "reboot", "halt", "kexec", "soft-reboot") {
				return
			}
		case "shutdown":
			if hasFlag(c.Args, 0, "-c", "--help") {
				return
			}
		default:
			if hasFlag(c.Args, 0, "--help") {
				return
			}
		}
		p.Report(c, Finding{Rule: "power", Decision: Ask, Message: c.Name + " stops or restarts the machine"})
	},
}

// hasWord reports whether one of words is a non-option argument of c.
func hasWord(c *syntax.Call, words ...string) bool {
	for _, a := range c.Args {
		for _, w := range words {
			if a.Value == w {
				return true
			}
		}
	}
	return false
}

var serviceStop = Rule{
	Name: "service-stop",
	Doc: `systemctl stop, disable and mask (and service NAME stop) take a
service down: ask (seed 002: confirm). status, start, restart and the rest
pass.`,
	Commands: []string{"systemctl", "service"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		if c.Name == "service" {
			if len(c.Args) >= 2 && c.Args[1].Value == "stop" {
				p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: "service " + c.Args[0].Value + " stop takes a service down"})
			}
			return
		}
		_, operands := scan(c.Args, optSpec{shortVal: "HMptsn", longVal: setOf("host", "machine", "property", "type", "state", "signal", "lines", "output", "root", "kill-whom", "job-mode"), longEq: true})
		if len(operands) == 0 {
			return
		}
		switch v := c.Args[operands[0]].Value; v {
		case "stop", "disable", "mask":
			p.Report(c, Finding{Rule: "service-stop", Decision: Ask, Message: "systemctl " + v + " takes a service down"})
		}
	},
}

var kubectlDelete = Rule{
	Name: "kubectl-delete",
	Doc: `kubectl delete (and drain) removes cluster resources: ask, with the
options anywhere (kubectl -n prod delete pod x, --context=x delete).
get, describe, apply and the rest pass.`,
	Commands: []string{"kubectl", "oc"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		_, operands := scan(c.Args, optSpec{shortVal: "nlsc", longVal: setOf("namespace", "context", "cluster", "kubeconfig", "user", "server", "token", "selector", "as", "as-group", "request-timeout", "cache-dir", "certificate-authority", "client-certificate", "client-key", "tls-server-name", "field-selector", "output", "filename"), longEq: true})
		if len(operands) == 0 {
			return
		}
		switch v := c.Args[operands[0]].Value; v {
		case "delete", "drain":
			p.Report(c, Finding{Rule: "kubectl-delete", Decision: Ask, Message: c.Name + " " + v + " removes cluster resources"})
		}
	},
}

var dockerDestroy = Rule{
	Name: "docker-destroy",
	Doc: `docker rm, docker container rm/prune, docker system prune, docker
volume rm/prune, docker image/network/builder prune (and podman's) remove
containers and data: ask (seed 002: confirm). docker rmi (images can be
pulled again), ps, run and build pass.`,
	Commands: []string{"docker", "podman"},
	Call: func(p *Pass, c *syntax.Call) {
		if asksHelp(c) {
			return
		}
		_, operands := scan(c.Args, optSpec{shortVal: "Hc", longVal: setOf("host", "context", "config", "log-level"), longEq: true})
		if len(operands) == 0 {
			return
		}
		w := func(i int) string {
			if i < len(operands) {
				return c.Args[operands[i]].Value
			}
			return ""
		}
		hit := ""
		switch w(0) {
		case "rm":
			hit = "rm"
		case "container", "volume", "system", "image", "network", "builder":
			if sub := w(1); sub == "rm" || sub == "prune" || sub == "remove" {
				if !(w(0) == "image" && sub == "rm") {
					hit = w(0) + " " + sub
				}
			}
		}
		if hit != "" {
			p.Report(c, Finding{Rule: "docker-destroy", Decision: Ask, Message: c.Name + " " + hit + " removes containers or their data"})
		}
	},
}
