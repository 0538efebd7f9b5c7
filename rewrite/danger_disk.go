package rewrite

import (
	"regexp"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var diskWrite = Rule{
	Name:      "disk-write",
	Decisions: []Decision{Ask, Deny},
	Doc: `Writing a block device destroys its file systems: mkfs, mkfs.*,
mke2fs, mkswap, wipefs, blkdiscard of a device (deny; of a device only
known at run time, ask; of an image file, pass); fdisk, sfdisk, parted,
sgdisk, cfdisk (ask, unless every option only lists, prints or dumps the
table); dd of=/dev/<disk>, and any redirection, tee, cp or shred onto a
disk device (/dev/sd*, nvme*, vd*, xvd*, hd*, mmcblk*, md*, dm-*, loop*,
/dev/disk/…, /dev/mapper/…) (deny). Reading a device (dd if=/dev/sda
of=disk.img) and /dev/null, /dev/zero, /dev/stdout are fine.`,
	Words: []string{"mkfs", "mkfs.", "mke2fs", "mkswap", "wipefs", "blkdiscard", "mkdosfs", "mkntfs",
		"fdisk", "sfdisk", "parted", "sgdisk", "cfdisk", "gdisk", "dd", "tee", "cp", "shred"},
	Call:     checkDiskWrite,
	Redirect: checkDeviceRedirect,
}

var blockDevice = regexp.MustCompile(`^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|loop\d|sr\d|disk\d|rdisk\d|disk/|mapper/|root$|nbd\d|zd\d)`)

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
		if target := lastOperand(c); target != nil && !target.Static {
			p.Report(c, Finding{Rule: "disk-write", Decision: Ask, Message: name + " formats or wipes " + target.Raw + ", known only at run time: it could be a disk"})
		}
	case name == "fdisk" || name == "sfdisk" || name == "parted" || name == "sgdisk" || name == "cfdisk" || name == "gdisk":
		if partitionRead(c) {
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
		p.Report(nil, Finding{Rule: "disk-write", Decision: Deny, Start: s, End: e, Text: r.Target.Raw,
			Message: "a redirection writes the device " + r.Target.Value})
	}
}

// partitionReadFlags are, per tool, the options with which a partitioning
// tool only reads the table or saves a copy of it.
var partitionReadFlags = map[string][]string{
	"fdisk":  {"-l", "--list", "-x", "--list-details", "-L", "--help", "-h", "-V", "--version", "-s", "--getsz"},
	"sfdisk": {"-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size", "-g", "--show-geometry", "-F", "--list-free", "-V", "--verify", "-T", "--list-types", "--help", "-h", "--version", "-v"},
	"sgdisk": {"-p", "--print", "-i", "--info", "-v", "--verify", "-b", "--backup", "-L", "--list-types", "-O", "--print-mbr", "-V", "--version", "--help", "-?"},
	"gdisk":  {"-l", "--help", "-h"},
	"cfdisk": {"--help", "-h", "-V", "--version"},
	"parted": {"-l", "--list", "--help", "-h", "-v", "--version"},
}

// partedRead are parted's commands that change nothing.
var partedRead = setOf("print", "p", "unit", "s", "B", "kB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "%", "cyl", "chs", "compact", "help", "version", "free", "all", "list", "devices")

// partitionRead reports whether a partitioning tool only reads.
func partitionRead(c *syntax.Call) bool {
	if c.Name != "parted" {
		// Read-only when every option is a reading one: sgdisk -b bak
		// --zap-all /dev/sda saves a copy and then wipes.
		reads, others := 0, 0
		for i := 0; i < len(c.Args); i++ {
			v := c.Args[i].Value
			if !strings.HasPrefix(v, "-") || v == "-" {
				continue
			}
			if !containsString(partitionReadFlags[c.Name], v) {
				others++
				continue
			}
			reads++
			if (v == "-b" || v == "--backup" || v == "-i" || v == "--info") && c.Name == "sgdisk" {
				i++ // the option's value
			}
		}
		return reads > 0 && others == 0
	}
	if hasFlag(c.Args, 0, partitionReadFlags[c.Name]...) {
		return true
	}
	// parted [options] [device [command...]]: read-only when every command
	// word only prints.
	words := 0
	for _, a := range c.Args {
		v := a.Value
		if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "/dev/") {
			continue
		}
		if !partedRead[v] {
			return false
		}
		words++
	}
	return words > 0
}

// lastOperand returns the last word of c that is not an option, or nil.
func lastOperand(c *syntax.Call) *syntax.Arg {
	for i := len(c.Args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(c.Args[i].Value, "-") {
			return &c.Args[i]
		}
	}
	return nil
}
