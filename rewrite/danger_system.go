package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var volumeDestroy = Rule{
	Name:      "volume-destroy",
	Decisions: []Decision{Ask, Deny},
	Doc: `Destroying a storage volume loses everything on it, as mkfs does:
zpool destroy and labelclear, zfs destroy (a dataset, a snapshot or, with
-r/-R, their children), lvremove, vgremove and pvremove (LVM), mdadm
--zero-superblock (a RAID member's metadata), btrfs subvolume delete
(also abbreviated, btrfs sub del, as btrfs takes prefixes), and dmsetup
wipe_table or remove_all --force (the mapped devices, the root file
system's among them, fail every read and write): deny. dmsetup
remove_all, which removes every mapping not in use, asks. Their dry runs
(zfs destroy -n, -nv) and listings pass.`,
	Commands: []string{"zpool", "zfs", "lvremove", "vgremove", "pvremove", "mdadm", "btrfs", "dmsetup"},
	Call:     checkVolumeDestroy,
}

func checkVolumeDestroy(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	words := c.Words()
	msg := ""
	switch c.Name {
	case "zpool":
		if len(words) > 1 && (words[0] == "destroy" || words[0] == "labelclear") {
			msg = "zpool " + words[0] + " destroys the pool " + words[len(words)-1] + " and everything on it"
		}
	case "zfs":
		if len(words) > 1 && words[0] == "destroy" {
			for _, w := range words[1:] {
				if strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.Contains(w, "n") {
					return // -n: a dry run
				}
			}
			msg = "zfs destroy deletes the dataset " + words[len(words)-1] + " and its data"
		}
	case "lvremove", "vgremove", "pvremove":
		ops := 0
		for _, w := range words {
			if !strings.HasPrefix(w, "-") {
				ops++
			}
		}
		if ops > 0 {
			msg = c.Name + " removes the LVM volume " + words[len(words)-1] + " and the data on it"
		}
	case "btrfs":
		// btrfs [global options] subvolume delete PATH…: each group and
		// command may be any unambiguous prefix (btrfs sub del).
		var cmd []string
		for _, w := range words {
			if !strings.HasPrefix(w, "-") {
				cmd = append(cmd, w)
			}
		}
		if len(cmd) >= 3 && len(cmd[0]) >= 2 && strings.HasPrefix("subvolume", cmd[0]) && strings.HasPrefix("delete", cmd[1]) {
			msg = "btrfs subvolume delete deletes the subvolume " + cmd[len(cmd)-1] + " and every file in it"
		}
	case "dmsetup":
		// dmsetup wipe_table DEV and remove_all --force put an error
		// table under the devices: every read and write fails.
		force, op := false, ""
		for _, w := range words {
			switch {
			case w == "-f" || w == "--force":
				force = true
			case !strings.HasPrefix(w, "-") && op == "":
				op = w
			}
		}
		switch {
		case op == "wipe_table" || op == "remove_all" && force:
			msg = "dmsetup " + op + " makes the mapped devices fail every read and write (the root file system's too, if it is one)"
		case op == "remove_all":
			p.Report(c, Finding{Rule: "volume-destroy", Decision: Ask, Message: "dmsetup remove_all removes every device-mapper device not in use (encrypted and LVM volumes among them)"})
		}
	case "mdadm":
		for _, w := range words {
			if w == "--zero-superblock" {
				msg = "mdadm --zero-superblock erases a RAID member's metadata, which takes its array's data"
			}
		}
	}
	if msg != "" {
		p.Report(c, Finding{Rule: "volume-destroy", Decision: Deny, Message: msg})
	}
}

var accountChange = Rule{
	Name:      "account-change",
	Decisions: []Decision{Ask},
	Doc: `Changing the machine's user accounts can lock people out or delete
their files: userdel and deluser (with -r/--remove-home the home directory
goes too), usermod -L/--lock, -e/--expiredate, -s/--shell and
-d/--home, passwd -d/--delete, -l/--lock and -e/--expire, chpasswd and
chage -E: ask. So does killing every process of a user (pkill -u USER
with no pattern, killall -u USER with no name), which ends the agent and
the user's session, and setcap, which gives a program privileges
(setcap cap_setuid+ep /usr/bin/python3 is a way to root; -r and -v
pass). passwd alone, passwd -S, usermod -aG, pkill -u USER NAME and the
like pass.`,
	Commands: []string{"userdel", "deluser", "usermod", "passwd", "chpasswd", "chage", "pkill", "killall", "setcap"},
	Call:     checkAccountChange,
}

func checkAccountChange(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	words := c.Words()
	has := func(names ...string) bool {
		for _, w := range words {
			for _, n := range names {
				if w == n || strings.HasPrefix(n, "--") && strings.HasPrefix(w, n+"=") ||
					len(n) == 2 && strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.Contains(w[1:], n[1:]) {
					return true
				}
			}
		}
		return false
	}
	msg := ""
	switch c.Name {
	case "userdel", "deluser":
		ops := 0
		for _, w := range words {
			if !strings.HasPrefix(w, "-") {
				ops++
			}
		}
		if c.Name == "deluser" && ops >= 2 && !has("--backup-to") {
			return // deluser USER GROUP takes the user out of a group
		}
		if len(words) > 0 {
			msg = c.Name + " deletes the account " + words[len(words)-1]
			if has("-r", "--remove-home", "--remove-all-files") {
				msg += " and its home directory"
			}
		}
	case "usermod":
		if has("-L", "--lock", "-e", "--expiredate", "-s", "--shell", "-d", "--home") {
			msg = "usermod locks, expires or moves the account " + words[len(words)-1]
		}
	case "passwd":
		if has("-d", "--delete", "-l", "--lock", "-e", "--expire") {
			msg = "passwd deletes, locks or expires a password"
		}
	case "chpasswd":
		msg = "chpasswd sets the passwords it reads"
	case "setcap":
		// setcap CAPS FILE gives the program privileges (cap_setuid+ep
		// on an interpreter is a way to root); -r removes them, -v only
		// verifies.
		if has("-r", "-v") {
			return
		}
		msg = "setcap gives a program privileges every user who runs it gets"
	case "chage":
		if has("-E", "--expiredate") {
			msg = "chage -E expires an account"
		}
	case "pkill", "killall":
		// pkill -u USER (no pattern), killall -u USER (no name): every
		// process of the user.
		if !has("-u", "--user", "-U", "--uid") {
			return
		}
		ops := 0
		for i := 0; i < len(words); i++ {
			w := words[i]
			switch {
			case w == "-u" || w == "--user" || w == "-U" || w == "--uid" || w == "-s" || w == "--signal" || w == "-g" || w == "-G" || w == "-P" || w == "-t":
				i++
			case strings.HasPrefix(w, "-"):
			default:
				ops++
			}
		}
		if ops == 0 {
			msg = c.Name + " -u kills every process of the user, the agent and the user's session among them"
		}
	}
	if msg != "" {
		p.Report(c, Finding{Rule: "account-change", Decision: Ask, Message: msg})
	}
}
