package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// moreDeleters are the other programs that delete or move away what
// their operands name, read by moreDeletions.
var moreDeleters = []string{"cmake", "gio", "gvfs-trash", "trash-put", "trash", "rmtrash", "rclone", "tar", "gtar", "bsdtar",
	"zip", "7z", "7za", "7zr", "rar", "srm", "wipe", "tmpreaper", "tmpwatch", "cargo", "uv", "pre-commit", "go", "bazel",
	"bazelisk", "kioclient", "kioclient5", "kioclient6"}

// cleanOnlyDeleter reports the programs whose only deletion corral reads is a
// clean verb of a cache or build directory (cleanDeletions). Their names
// are everyday words (pip, dotnet) that the tables' Commands would make
// risky in text corral cannot see, so they are not among the Commands:
// checkWriteCall, which sees every call, judges them for bash-delete and
// rm-root.
func cleanOnlyDeleter(name string) bool {
	switch name {
	case "pip", "pip3", "ccache", "poetry", "dotnet", "npm", "pnpm":
		return true
	}
	return false
}

// moreDeletions lists what the other deleting programs delete, each from
// its manual: srm and wipe (overwritten, then removed; -r recursive), cmake's command mode (cmake -E rm [-r] [-f], remove,
// remove_directory, rename's source), gio trash/remove and move's sources,
// trash-put/trash/rmtrash (moved to the trash: the tree leaves its
// place), tar --remove-files (the archived members, under -C's
// directory), zip -m, 7z a -sdel, rar m and rar a -df (the files put in
// the archive), tmpreaper and tmpwatch (every file under each directory
// not used for the given time: on / or ~, nearly all of them; --test
// only lists), and rclone's local paths (purge, delete, rmdirs; sync deletes
// what the destination holds beyond the source; move's source goes).
func moreDeletions(c *syntax.Call) []deletion {
	args := c.Args
	ops := func(from int) []syntax.Arg {
		var out []syntax.Arg
		for _, a := range args[from:] {
			if !strings.HasPrefix(a.Value, "-") || !a.Static {
				out = append(out, a)
			}
		}
		return out
	}
	var out []deletion
	add := func(as []syntax.Arg, verb string, recursive, force bool) {
		for _, a := range as {
			trash := verb == "gio trash" || verb == "gvfs-trash" || verb == "trash-put" || verb == "trash" || verb == "rmtrash"
			out = append(out, deletion{arg: a, verb: verb, recursive: recursive, force: force, recoverable: trash})
		}
	}
	switch c.Name {
	case "srm", "wipe":
		// srm (secure-delete) and wipe overwrite and then remove each
		// operand; -r (wipe: -r or -R) takes directories with their
		// contents.
		recursive := false
		for _, a := range args {
			if a.Static && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.ContainsAny(a.Value, "rR") {
				recursive = true
			}
		}
		add(ops(0), c.Name, recursive, true)
		return out
	case "tar", "gtar", "bsdtar":
		// tar --remove-files deletes each file once it is in the
		// archive (GNU tar(1)): the members named, under -C's directory.
		targs := syntax.TarArgs(c.Args)
		opts, operands := scan(targs, specFor("tar"))
		if !has(opts, "remove-files") {
			return nil
		}
		dir := ""
		for _, o := range opts {
			if (o.name == "C" || o.name == "directory") && o.hasVal {
				dir = o.val.Value
				if !o.val.Static {
					dir = "$" // a directory only known at run time
				}
			}
		}
		for _, i := range operands {
			a := targs[i]
			if dir != "" && !strings.HasPrefix(a.Value, "/") {
				if dir == "$" {
					a.Static = false
					a.Value = "$DIR/" + a.Value
				} else {
					a.Value = strings.TrimSuffix(dir, "/") + "/" + a.Value
				}
			}
			out = append(out, deletion{arg: a, verb: "tar --remove-files", recursive: true, force: true})
		}
		return out
	case "tmpreaper", "tmpwatch":
		// tmpreaper/tmpwatch [options] TIME DIRECTORY…: the files under
		// each directory not accessed (or modified) for TIME go, the
		// whole tree down; -t/--test only lists them.
		opts, operands := scan(args, optSpec{shortVal: "xXUZ", longEq: true, abbrev: true,
			longVal: longOpts("protect", "exclude", "exclude-pattern", "exclude-user", "delay")})
		if has(opts, "t", "test") || len(operands) < 2 {
			return nil
		}
		// A time of 0 (0, 0d, 0h, 0m, 0s) takes every file.
		age := args[operands[0]]
		unit := strings.TrimLeft(age.Value, "0")
		every := age.Static && strings.HasPrefix(age.Value, "0") && (unit == "" || len(unit) == 1 && strings.Contains("dhms", unit))
		for _, i := range operands[1:] {
			out = append(out, deletion{arg: args[i], verb: c.Name, recursive: true, force: true, filtered: !every, selects: "*"})
		}
		return out
	case "zip":
		// zip -m/--move deletes the files once they are in the
		// archive (zip(1)): the operands after the archive.
		opts, operands := scan(args, optSpec{shortVal: "bnxitZP", longVal: longOpts("exclude", "include", "temp-path", "suffixes", "password", "compression-method"), longEq: true})
		if !has(opts, "m", "move") || len(operands) < 2 {
			return nil
		}
		for _, i := range operands[1:] {
			out = append(out, deletion{arg: args[i], verb: "zip -m", recursive: has(opts, "r", "recurse-paths"), force: true})
		}
		return out
	case "7z", "7za", "7zr":
		// 7z a -sdel ARCHIVE FILES… deletes the files after adding them.
		if len(args) < 3 || args[0].Value != "a" && args[0].Value != "u" {
			return nil
		}
		sdel, files := switchAndOperands(args[1:], "-sdel")
		if !sdel || len(files) < 2 {
			return nil
		}
		add(files[1:], "7z -sdel", true, true)
		return out
	case "rar":
		// rar m and mf move files into the archive; rar a -df deletes
		// them after archiving (rar's help).
		if len(args) < 3 {
			return nil
		}
		cmd := args[0].Value
		df, files := switchAndOperands(args[1:], "-df")
		if !(cmd == "m" || cmd == "mf" || (cmd == "a" || cmd == "u") && df) || len(files) < 2 {
			return nil
		}
		add(files[1:], "rar "+cmd, true, true)
		return out
	case "cmake":
		if len(args) < 2 || args[0].Value != "-E" {
			return nil
		}
		sub := args[1].Value
		recursive, force := false, false
		for _, a := range args[2:] {
			if a.Value == "-r" || a.Value == "-rf" || a.Value == "-fr" || a.Value == "-R" {
				recursive = true
			}
			force = force || strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "f")
		}
		switch sub {
		case "rm":
			add(ops(2), "cmake -E rm", recursive, force)
		case "remove":
			add(ops(2), "cmake -E remove", false, force)
		case "remove_directory":
			add(ops(2), "cmake -E remove_directory", true, true)
		case "rename":
			if o := ops(2); len(o) == 2 {
				out = append(out, deletion{arg: o[0], verb: "cmake -E rename", recursive: true})
			}
		}
	case "gio", "gvfs-trash", "trash-put", "trash", "rmtrash":
		from, verb := 0, c.Name
		if c.Name == "gio" {
			if len(args) == 0 {
				return nil
			}
			from, verb = 1, "gio "+args[0].Value
			switch args[0].Value {
			case "trash", "remove", "rm":
			case "rename":
				// gio rename FILE NAME: FILE leaves its name, as a move's
				// source does.
				if o := ops(1); len(o) == 2 {
					out = append(out, deletion{arg: o[0], verb: verb, recursive: true})
				}
				return out
			case "move", "mv":
				o := ops(1)
				if len(o) >= 2 {
					for _, a := range o[:len(o)-1] {
						out = append(out, deletion{arg: a, verb: verb, recursive: true})
					}
				}
				return out
			default:
				return nil
			}
		}
		add(ops(from), verb, true, true)
	case "rclone":
		if len(args) == 0 || cloudDryRun(c) {
			return nil // rclone -n/--dry-run lists what it would delete
		}
		o := ops(1)
		local := func(a syntax.Arg) bool {
			v := a.Value
			i := strings.IndexByte(v, ':')
			return i < 0 || strings.ContainsRune(v[:i], '/')
		}
		switch args[0].Value {
		case "purge", "delete", "rmdirs", "deletefile":
			for _, a := range o {
				if local(a) {
					add([]syntax.Arg{a}, "rclone "+args[0].Value, args[0].Value != "deletefile", true)
				}
			}
		case "sync":
			if len(o) == 2 && local(o[1]) {
				out = append(out, deletion{arg: o[1], verb: "rclone sync", recursive: true, force: true})
			}
		case "move", "moveto":
			if len(o) == 2 && local(o[0]) {
				out = append(out, deletion{arg: o[0], verb: "rclone " + args[0].Value, recursive: true})
			}
		}
	}
	return out
}

// switchAndOperands reads the words of 7z's and rar's commands, whose
// switches are single words: whether the switch sw is given, and the
// operands (the archive, then the files).
func switchAndOperands(args []syntax.Arg, sw string) (set bool, operands []syntax.Arg) {
	for _, a := range args {
		switch {
		case a.Value == sw:
			set = true
		case strings.HasPrefix(a.Value, "-") && a.Static:
		default:
			operands = append(operands, a)
		}
	}
	return set, operands
}
