package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var diskWrite = Rule{
	Name:      "disk-write",
	Decisions: []Decision{Ask, Deny},
	Doc: `Writing a block device destroys its file systems: mkfs, mkfs.*,
mke2fs, mkswap, wipefs -a/-o (not -n, and not wipefs alone, which lists
the signatures), blkdiscard of a device, cryptsetup luksFormat,
erase, luksErase, luksKillSlot and reencrypt, nvme format, sanitize,
delete-ns and write-zeroes, sg_format --format/-F (not alone, which
reports, nor with --dry-run), sg_sanitize --block/--crypto/--overwrite,
hdparm --security-erase(-enhanced), --trim-sector-ranges(-stdin),
--write-sector, --make-bad-sector, --dco-restore and --fwdownload*
(deny; --security-set-pass, --dco-setmax and -N SIZE, which lock data
away, ask; hdparm -I and the other settings pass), debugfs -w and
xfs_repair -L (zeroes the log) of a device (ask; of an image file, and
without -w or with -n, pass), badblocks -w
(its write test overwrites the device; -n, which puts each block back,
asks), sgdisk
--zap-all/-Z/--clear, sfdisk --delete and parted DEVICE rm/mklabel of a
disk (deny; of a device only known at
run time, ask; of an image file, pass); fdisk, sfdisk, parted, sgdisk,
cfdisk otherwise (ask, unless every option only lists, prints or dumps the
table), gdisk unless it is given two words, one of them -l (with one word,
-l, --list and --help included, gdisk edits the file so named); dd of=/dev/<disk> (dcfldd and dc3dd
of=, hof=, wipe=, hwipe= too), ddrescue's output file, and any redirection, tee, cp or shred onto a
disk device (/dev/sd*, nvme*, vd*, xvd*, hd*, mmcblk*, md*, dm-*, loop*,
/dev/disk/…, /dev/mapper/…, an LVM volume /dev/<group>/<volume>) (deny).
Device paths are cleaned (/dev//sda) and resolved against the working
directory (cd /dev && mkfs.ext4 sda). Reading a device (dd if=/dev/sda
of=disk.img) and /dev/null, /dev/zero, /dev/stdout, /dev/fd/N, /dev/pts/N
are fine.`,
	Words: []string{"mkfs", "mkfs.", "mke2fs", "mkswap", "wipefs", "blkdiscard", "mkdosfs", "mkntfs", "mkexfatfs", "mkudffs", "cryptsetup", "nvme",
		"fdisk", "sfdisk", "parted", "sgdisk", "cfdisk", "gdisk", "dd", "dcfldd", "dc3dd", "ddrescue", "tee", "cp", "shred", "badblocks",
		"sg_format", "sg_sanitize", "hdparm", "debugfs", "xfs_repair"},
	Call:     checkDiskWrite,
	Redirect: checkDeviceRedirect,
}

var blockDevice = lazy.Regexp{Expr: `^/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|md\d|dm-\d|loop\d|sr\d|disk\d|rdisk\d|disk/|mapper/|root$|nbd\d|zd\d|block/|zvol/|bcache\d|rbd\d|ubi|mtd)`}

// streamDirs are the directories of /dev whose files are not disks.
var streamDirs = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("fd", "pts", "pty", "shm", "mqueue", "hugepages", "net", "snd", "input", "dri", "bus", "char", "cpu", "usb", "vfio", "serial", "v4l", "dma_heap", "hidraw")
}}

// devicePath returns the device a word names, cleaned, resolved against
// the directory the call runs in (cd /dev && mkfs.ext4 sda) — or "".
func devicePath(dir syntax.Dir, a syntax.Arg) string {
	if oneOf(a) {
		// Each value the word can take: a disk among them wins.
		first := ""
		for _, r := range candidateArgs(a) {
			if d := devicePath(dir, r); d != "" && isBlockDevice(d) {
				return d
			} else if first == "" {
				first = d
			}
		}
		return first
	}
	if !a.Static || a.Value == "" {
		return ""
	}
	d := dir.Join(a.Value)
	if !d.Known || !strings.HasPrefix(d.Path, "/dev/") {
		return ""
	}
	return d.Path
}

// fedOperands returns the paths a disk tool gets at run time: the {}
// of find -exec (each root of the find, and /dev/X for a name find
// selects under /dev), or what xargs or parallel appends (the stage
// before it as pipeInputs reads it, parallel's ::: inputs). ok is false
// for a call that is handed nothing.
func (p *Pass) fedOperands(c *syntax.Call) ([]syntax.Arg, bool) {
	if !c.ExtraArgs {
		return nil, false
	}
	var out []syntax.Arg
	if fromFind(c) {
		host := p.findHost(c)
		if host == nil {
			return nil, false
		}
		filtered, sel := findSelection(host)
		for _, r := range findRoots(host) {
			if filtered && r.Static && syntax.GlobMeta(sel) < 0 && sel != "" {
				r.Value = strings.TrimSuffix(r.Value, "/") + "/" + sel
			} else if filtered && r.Static && strings.HasPrefix(path.Clean(r.Value), "/dev") {
				// find /dev -name 'sd?': the disks it can select.
				r.Value = "/dev/sda"
				r.Raw += " (a disk it can select)"
			}
			out = append(out, r)
		}
		return out, len(out) > 0
	}
	out = append(out, c.Inputs...)
	for _, d := range pipeInputs(p, c, deletion{}) {
		a := d.arg
		if a.Static && a.Glob && strings.HasPrefix(a.Value, "/dev/") {
			// ls /dev/sd* | xargs …: the disks the pattern names.
			if m := syntax.GlobFiles(a.Value, 0); len(m) > 0 {
				for _, f := range m {
					out = append(out, syntax.Arg{Value: f, Raw: f, Static: true})
				}
				continue
			}
			a.Value = blockGlobExample(a.Value)
		}
		out = append(out, a)
	}
	return out, len(out) > 0
}

// blockGlobExample returns a disk name a /dev pattern that matches
// nothing here can match elsewhere (/dev/sd* is /dev/sda), or the
// pattern itself.
func blockGlobExample(pat string) string {
	for _, d := range []string{"/dev/sda", "/dev/sda1", "/dev/nvme0n1", "/dev/vda", "/dev/mmcblk0"} {
		if ok, _ := path.Match(pat, d); ok {
			return d
		}
	}
	return pat
}

// isBlockDevice reports a /dev path that is a disk, a partition or a
// volume: the kernel's names, /dev/disk/…, /dev/mapper/…, and an LVM
// volume /dev/<group>/<volume>.
func isBlockDevice(p string) bool {
	if blockDevice.Get().MatchString(p) {
		return true
	}
	parts := strings.Split(strings.TrimPrefix(p, "/dev/"), "/")
	return len(parts) == 2 && parts[1] != "" && !streamDirs.Get()[parts[0]]
}

func checkDiskWrite(p *Pass, c *syntax.Call) {
	if fed, ok := p.fedOperands(c); ok {
		// echo /dev/sda | xargs mkfs.ext4, find /dev -name 'sd?' -exec
		// wipefs -a {} \;: the call as it runs with the paths handed to
		// it in place of {} or after its words.
		saved, savedExtra := c.Args, c.ExtraArgs
		defer func() { c.Args, c.ExtraArgs = saved, savedExtra }()
		var args []syntax.Arg
		for _, a := range saved {
			if !(a.Static && a.Value == "{}" && c.HasPlaceholder(a.Value)) {
				args = append(args, a)
			}
		}
		for _, f := range fed {
			c.Args, c.ExtraArgs = append(append([]syntax.Arg(nil), args...), f), false
			checkDiskWrite(p, c)
		}
		return
	}
	name := c.Name
	switch {
	case name == "wipefs":
		// wipefs erases only with -a or -o; alone it lists the
		// signatures, and -n (--no-act) does everything but the write.
		opts, _ := scan(c.Args, wipefsSpec)
		if given(opts, "a", "all", "o", "offset") && !given(opts, "n", "no-act") {
			formatDevice(p, c, "wipefs erases the signatures of", c.Args)
		}
	case name == "mkfs" || strings.HasPrefix(name, "mkfs.") || name == "mke2fs" || name == "mkswap" || name == "blkdiscard" || name == "mkdosfs" || name == "mkntfs" || name == "mkexfatfs" || name == "mkudffs":
		formatDevice(p, c, name+" formats or wipes", c.Args)
	case name == "cryptsetup":
		// luksFormat, erase and luksErase destroy the data or its key
		// slots; open, close, status and the rest pass.
		_, ops := scan(c.Args, optSpec{shortVal: "cdhslSiMbpoTt", longVal: longOpts("cipher", "key-file", "hash", "key-size", "key-slot", "iter-time", "type", "header", "offset", "skip", "uuid", "label", "subsystem", "pbkdf", "sector-size"), longEq: true})
		if len(ops) > 0 {
			switch op := c.Args[ops[0]].Value; op {
			case "luksFormat", "erase", "luksErase", "reencrypt", "luksKillSlot", "repair":
				formatDevice(p, c, "cryptsetup "+op+" destroys the data or keys of", c.Args[ops[0]+1:])
			}
		}
	case name == "badblocks":
		// badblocks -w writes test patterns over the whole device (its
		// data is gone); -n rewrites each block after reading it back,
		// safe only while nothing else writes; without either it only
		// reads.
		opts, ops := scan(c.Args, optSpec{shortVal: "bcdeiopt", longEq: true})
		switch {
		case given(opts, "w"):
			var devs []syntax.Arg
			if len(ops) > 0 {
				devs = []syntax.Arg{c.Args[ops[0]]}
			}
			formatDevice(p, c, "badblocks -w overwrites", devs)
		case given(opts, "n"):
			p.Report(c, Finding{Rule: "disk-write", Decision: Ask,
				Message: "badblocks -n rewrites every block of the device (each block's data is put back, unless something else writes it meanwhile)"})
		}
	case name == "nvme":
		// nvme format and nvme sanitize erase a namespace; nvme list,
		// smart-log and id-ctrl only read.
		if len(c.Args) > 0 && (c.Args[0].Value == "format" || c.Args[0].Value == "sanitize") {
			p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: "nvme " + c.Args[0].Value + " erases an NVMe namespace"})
		}
		checkDiskTools(p, c)
	case name == "sg_format" || name == "sg_sanitize" || name == "hdparm" || name == "debugfs" || name == "xfs_repair":
		checkDiskTools(p, c)
	case name == "fdisk" || name == "sfdisk" || name == "parted" || name == "sgdisk" || name == "cfdisk" || name == "gdisk":
		if partitionRead(c) {
			return // reading the table, or saving a copy of it
		}
		if partitionWipe(c) {
			p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: name + " wipes a partition table"})
			return
		}
		if name == "parted" {
			// parted DEVICE rm N / mklabel TYPE on a disk deletes its
			// partitions as sfdisk --delete and sgdisk -o do; on an image
			// file or a device known at run time it asks as any edit.
			if w, ok := partedWipe(c); ok {
				_, ops := scan(c.Args, specFor("parted"))
				if dev := devicePath(c.Dir, c.Args[ops[0]]); dev != "" && isBlockDevice(dev) {
					p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: "parted " + w + " deletes the partitions of the device " + dev})
					return
				}
			}
		}
		p.Report(c, Finding{Rule: "disk-write", Decision: Ask, Message: name + " edits a partition table"})
	case name == "ddrescue":
		// GNU ddrescue [OPTIONS] INFILE OUTFILE [MAPFILE]: OUTFILE is
		// written (a device only with -f/--force, which it asks for).
		_, ops := scan(c.Args, optSpec{shortVal: "abBceiKlLmoOrsTwxZ", longEq: true, abbrev: true, longVal: longOpts("min-read-rate", "sector-size",
			"cluster-size", "cpass", "max-error-rate", "input-position", "skip-size", "log-rates", "log-reads", "domain-mapfile", "output-position",
			"retry-passes", "size", "timeout", "max-read-rate", "pause-on-error", "delay-slow", "mapfile-interval", "max-slow-reads", "reset-slow", "log-events")})
		if len(ops) >= 2 {
			if dev := devicePath(c.Dir, c.Args[ops[1]]); dev != "" && isBlockDevice(dev) {
				p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: "ddrescue writes the device " + dev})
			}
		}
	case name == "dd" || name == "dcfldd" || name == "dc3dd":
		// dcfldd and dc3dd are dd with more outputs: of=, hof= (verified
		// too), and dc3dd's wipe= and hwipe= (the device overwritten).
		for _, a := range c.Args {
			key, _, _ := strings.Cut(a.Value, "=")
			if key == "of" || name != "dd" && (key == "hof" || key == "wipe" || key == "hwipe") {
				of := a
				of.Value = strings.TrimPrefix(a.Value, key+"=")
				var cands []string
				for _, v := range a.Candidates() {
					cands = append(cands, strings.TrimPrefix(v, key+"="))
				}
				of.SetCandidates(cands)
				if dev := devicePath(c.Dir, of); dev != "" && isBlockDevice(dev) {
					p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: name + " writes the device " + dev})
				}
			}
		}
	case name == "tee" || name == "cp" || name == "shred":
		for _, a := range c.Args {
			if dev := devicePath(c.Dir, a); dev != "" && isBlockDevice(dev) && (name != "cp" || a.Start == c.Args[len(c.Args)-1].Start) {
				p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: name + " writes the device " + dev})
			}
		}
	}
}

// wipefsSpec are wipefs's options (util-linux 2.38 wipefs --help): it
// reads them with getopt_long, which takes any unambiguous prefix
// (wipefs --al is --all). --lock's mode is only ever attached
// (--lock=nonblock), so it is listed as a flag.
var wipefsSpec = optSpec{shortVal: "otO", longVal: longOpts("offset", "types", "output"), longEq: true, abbrev: true,
	longFlag: longOpts("all", "backup", "force", "noheadings", "json", "no-act", "parsable", "quiet", "lock", "help", "version")}

// formatDevice reports a formatting tool run on a device (deny), or on a
// target only known at run time (ask); an image file passes.
func formatDevice(p *Pass, c *syntax.Call, what string, args []syntax.Arg) {
	for _, a := range args {
		if dev := devicePath(c.Dir, a); dev != "" {
			p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: what + " the device " + dev})
			return
		}
		if !a.Static && strings.Contains(a.Value, "/dev/") {
			p.Report(c, Finding{Rule: "disk-write", Decision: Deny, Message: what + " the device " + a.Value})
			return
		}
	}
	var target *syntax.Arg
	for i := len(args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(args[i].Value, "-") {
			target = &args[i]
			break
		}
	}
	if target != nil && !target.Static {
		p.Report(c, Finding{Rule: "disk-write", Decision: Ask, Message: what + " " + target.Raw + ", known only at run time: it could be a disk"})
	}
}

func checkDeviceRedirect(p *Pass, r syntax.Redirect) {
	if dev := devicePath(r.Dir, r.Target); r.Writes() && dev != "" && isBlockDevice(dev) {
		s, e := topSpan(r.Script, r.Target.Start, r.Target.End)
		p.Report(nil, Finding{Rule: "disk-write", Decision: Deny, Start: s, End: e, Text: r.Target.Raw,
			Message: "a redirection writes the device " + dev})
	}
}

// partitionWipe reports a partitioning tool told to wipe the table, its
// options read with the tool's own table (programs.go): sgdisk
// --zap-all/-Z, --zap/-z, --clear/-o, in any cluster (-pZ); sfdisk
// --delete (or an abbreviation, --del) and --wipe always (-w always,
// --wipe=always).
func partitionWipe(c *syntax.Call) bool {
	opts, _ := scan(c.Args, specFor(c.Name))
	switch c.Name {
	case "sgdisk":
		return has(opts, "zap-all", "Z", "zap", "z", "clear", "o")
	case "sfdisk":
		if has(opts, "delete") {
			return true
		}
		for _, o := range find(opts, "w", "wipe") {
			if !o.val.Static || o.val.Value == "always" {
				return true
			}
		}
	}
	return false
}

// partitionReadOptions are, per tool, the options (names as scan gives
// them: a letter or a long name) with which a partitioning tool only
// reads the table or saves a copy of it.
var partitionReadOptions = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"fdisk":  {"l", "list", "x", "list-details", "L", "help", "h", "V", "version", "s", "getsz"},
		"sfdisk": {"l", "list", "d", "dump", "J", "json", "s", "show-size", "g", "show-geometry", "F", "list-free", "V", "verify", "T", "list-types", "help", "h", "version", "v"},
		"sgdisk": {"p", "print", "i", "info", "v", "verify", "b", "backup", "L", "list-types", "O", "print-mbr", "V", "version", "help", "?"},
		"cfdisk": {"help", "h", "V", "version"},
		"parted": {"l", "list", "help", "h", "v", "version"},
	}
}}

// partedRead are parted's commands that change nothing.
var partedRead = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("print", "p", "unit", "s", "B", "kB", "MB", "GB", "TB", "KiB", "MiB", "GiB", "TiB", "%", "cyl", "chs", "compact", "help", "version", "free", "all", "list", "devices")
}}

// gdiskRead reports a gdisk that only reads. gdisk (GPT fdisk 1.0) has no
// option parser: with one word it opens that word as the device and
// takes its editing commands from stdin, whatever the word is (gdisk
// --list, gdisk -l and gdisk --help edit a file so named, which may be a
// link to a disk); with two words, one of them exactly "-l", it only
// lists the other's table; with more it prints its usage. Every word
// must be one field: static, or a double-quoted one ("$DEV") with no
// "$@" or array in it; an unquoted run-time word may expand to any
// number of words.
func gdiskRead(args []syntax.Arg) bool {
	for _, a := range args {
		quoted := len(a.Raw) >= 2 && strings.HasPrefix(a.Raw, `"`) && strings.HasSuffix(a.Raw, `"`) &&
			strings.Count(a.Raw, `"`) == 2 && !strings.Contains(a.Raw, "@") && !a.Split
		if !a.Static && !quoted {
			return false
		}
	}
	switch {
	case len(args) == 2:
		return args[0].Value == "-l" || args[1].Value == "-l"
	case len(args) > 2:
		return true
	}
	return false
}

// partitionRead reports whether a partitioning tool only reads. Its
// options are read with its own table, so an option's value is not taken
// for an option (sgdisk -b t.bak -p, sgdisk --backup=t.bak).
func partitionRead(c *syntax.Call) bool {
	if c.Name == "gdisk" {
		return gdiskRead(c.Args)
	}
	opts, operands := scan(c.Args, specFor(c.Name))
	readOpts := partitionReadOptions.Get()[c.Name]
	if c.Name != "parted" {
		// Read-only when every option is a reading one: sgdisk -b bak
		// --zap-all /dev/sda saves a copy and then wipes.
		reads, others := 0, 0
		for _, o := range opts {
			if o.ambiguous == nil && containsString(readOpts, o.name) {
				reads++
			} else {
				others++
			}
		}
		return reads > 0 && others == 0
	}
	for _, o := range opts {
		if o.ambiguous == nil && containsString(readOpts, o.name) {
			return true
		}
	}
	// parted [options] [device [command...]]: read-only when every command
	// word after the device only prints.
	if len(operands) < 2 {
		return false
	}
	for _, i := range operands[1:] {
		if !c.Args[i].Static || !partedRead.Get()[c.Args[i].Value] {
			return false
		}
	}
	return true
}
