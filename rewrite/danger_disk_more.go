package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// The low-level disk tools below talk to a drive's controller or edit a
// file system's structures directly: what they destroy is read from their
// manuals, and their reading modes pass (sg_format alone reports the
// format, hdparm -I identifies the drive, debugfs without -w opens the
// file system read-only, xfs_repair -n only checks).

// flagWord reports whether one of the words, before a "--", is the long
// option long (or an abbreviation of it at least minLong characters long,
// "--" included) or a cluster of short options holding the letter short
// (0 for none). It is for programs whose full option table corral does
// not keep: a letter inside a value that happens to start with "-" is
// taken for the option, which at worst judges one word too many.
func flagWord(args []syntax.Arg, short byte, long string, minLong int) bool {
	for _, a := range args {
		v := a.Value
		switch {
		case !a.Static:
		case v == "--":
			return false
		case strings.HasPrefix(v, "--"):
			name, _, _ := strings.Cut(v, "=")
			if name == long || minLong > 0 && len(name) >= minLong && strings.HasPrefix(long, name) {
				return true
			}
		case short != 0 && len(v) > 1 && v[0] == '-' && shortCluster.Get().MatchString(v):
			if strings.IndexByte(v[1:], short) >= 0 {
				return true
			}
		}
	}
	return false
}

// shortCluster is a word of one-letter flags (-F, -vF), not -1 or -n5.
var shortCluster = lazy.Regexp{Expr: `^-[A-Za-z]+$`}

// diskTarget returns the device among args a call works on, or "" (an
// image file, or a target corral cannot name); dynamic reports a target
// only known at run time that could be a device.
func diskTarget(c *syntax.Call, args []syntax.Arg) (dev string, dynamic bool) {
	for _, a := range args {
		if d := devicePath(c.Dir, a); d != "" {
			return d, false
		}
		if !a.Static && strings.Contains(a.Value, "/dev/") {
			return a.Value, false
		}
	}
	for i := len(args) - 1; i >= 0; i-- {
		if !strings.HasPrefix(args[i].Value, "-") {
			return "", !args[i].Static
		}
	}
	return "", false
}

// checkDiskTools reads the drive and file-system tools: sg_format,
// sg_sanitize, hdparm, debugfs, xfs_repair and nvme's namespace
// commands.
func checkDiskTools(p *Pass, c *syntax.Call) {
	report := func(d Decision, msg string) {
		p.Report(c, Finding{Rule: "disk-write", Decision: d, Message: msg})
	}
	switch c.Name {
	case "sg_format":
		// sg_format DEVICE only reports the format; --format (-F) sends
		// FORMAT UNIT, which erases the whole drive. --dry-run (-d)
		// prepares everything but the command.
		if flagWord(c.Args, 'F', "--format", 6) && !flagWord(c.Args, 'd', "--dry-run", 4) {
			report(Deny, "sg_format --format low-level formats the drive, erasing all of it")
		}
	case "sg_sanitize":
		// sg_sanitize --block, --crypto or --overwrite erases every
		// block of the drive, past any recovery.
		if flagWord(c.Args, 'B', "--block", 4) || flagWord(c.Args, 'C', "--crypto", 4) || flagWord(c.Args, 'O', "--overwrite", 4) {
			report(Deny, "sg_sanitize erases every block of the drive")
		}
	case "hdparm":
		// hdparm's long options are compared whole. The ATA security
		// erase, TRIM of sector ranges, raw sector writes, marking
		// sectors bad, restoring the DCO and a firmware download
		// destroy the data or the drive; setting a security password
		// or the drive's visible size (-N with a value) can lock the
		// data away.
		dev, _ := diskTarget(c, c.Args)
		if dev == "" {
			dev = "the drive"
		}
		for _, w := range c.Words() {
			switch {
			case w == "--security-erase" || w == "--security-erase-enhanced" || w == "--trim-sector-ranges" ||
				w == "--trim-sector-ranges-stdin" || w == "--write-sector" || w == "--make-bad-sector" ||
				w == "--dco-restore" || strings.HasPrefix(w, "--fwdownload"):
				report(Deny, "hdparm "+w+" destroys the data or the firmware of "+dev)
				return
			}
		}
		for i, w := range c.Words() {
			if w == "--security-set-pass" || w == "--dco-setmax" ||
				w == "-N" && i+1 < len(c.Args) && hdparmMax.Get().MatchString(c.Args[i+1].Value) ||
				strings.HasPrefix(w, "-N") && hdparmMax.Get().MatchString(w[2:]) {
				report(Ask, "hdparm "+w+" locks the data of "+dev+" behind a password or a smaller size")
				return
			}
		}
	case "debugfs":
		// debugfs -w opens the file system for writing: its requests
		// (-R, -f or typed) unlink, clear and free inodes and blocks
		// with no checks. An image file is ordinary image building.
		if flagWord(c.Args, 'w', "", 0) {
			if dev, dynamic := diskTarget(c, c.Args); dev != "" || dynamic {
				report(Ask, "debugfs -w edits the file system of "+orRunTime(dev)+" directly, with no checks")
			}
		}
	case "xfs_repair":
		// xfs_repair -L zeroes the metadata log: the changes it holds
		// are lost and the file system can come out corrupted.
		if flagWord(c.Args, 'L', "", 0) && !flagWord(c.Args, 'n', "", 0) {
			if dev, dynamic := diskTarget(c, c.Args); dev != "" || dynamic {
				report(Ask, "xfs_repair -L zeroes the log of "+orRunTime(dev)+", losing the changes in it")
			}
		}
	case "nvme":
		// nvme delete-ns deletes a namespace and its data; write-zeroes
		// zeroes blocks of one.
		if len(c.Args) > 0 {
			switch v := c.Args[0].Value; v {
			case "delete-ns", "write-zeroes":
				report(Deny, "nvme "+v+" erases data of an NVMe namespace")
			}
		}
	}
}

// hdparmMax is the value of hdparm -N that sets the visible size (p for
// a permanent change), not -N alone, which reports it.
var hdparmMax = lazy.Regexp{Expr: `^p?[0-9]+$`}

// orRunTime names a device, or a target known only at run time.
func orRunTime(dev string) string {
	if dev == "" {
		return "a target known only at run time"
	}
	return dev
}

// partedWipe reports a parted command line that deletes a partition or
// writes a new, empty table (rm, mklabel, mktable, or an unambiguous
// abbreviation of the latter two: parted takes prefixes).
func partedWipe(c *syntax.Call) (string, bool) {
	_, ops := scan(c.Args, specFor("parted"))
	if len(ops) < 2 {
		return "", false
	}
	for _, i := range ops[1:] {
		w := c.Args[i].Value
		if w == "rm" || len(w) >= 3 && (strings.HasPrefix("mklabel", w) || strings.HasPrefix("mktable", w)) {
			return w, true
		}
	}
	return "", false
}
