package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

var firmwareWrite = Rule{
	Name:      "firmware-write",
	Decisions: []Decision{Ask, Deny},
	Doc: `The firmware and boot settings sit below every file system:
flashrom -w/--write and -E/--erase rewrite or erase the flash chip
holding the BIOS/UEFI (a wrong or interrupted image leaves a board that
no longer starts: deny; -r/--read, -v/--verify, a listing and the dummy
programmer pass). efibootmgr -B/--delete-bootnum, -O/--delete-bootorder,
-o/--bootorder, -c/--create, -n/-N (next boot), -a/-A (active) and
-D/--remove-dups change which system the machine boots; fwupdmgr and
fwupdtool install, update, upgrade, downgrade, reinstall, install-blob,
switch-branch and activate flash device firmware; mokutil --import,
--delete, --reset, --password, --clear-password, --disable-validation and
the hash imports change the Secure Boot keys: ask (--set-verbosity
only makes shim talk). efibootmgr alone or
with -v, fwupdmgr get-devices/get-updates/refresh, and mokutil
--sb-state and the listings pass.`,
	Commands: []string{"flashrom", "efibootmgr", "fwupdmgr", "fwupdtool", "mokutil"},
	Call:     checkFirmwareWrite,
}

// efibootmgrSpec are efibootmgr's options (getopt_long: abbreviations
// are taken).
var efibootmgrSpec = optSpec{shortVal: "bdeEilLmMnopt@", longEq: true, abbrev: true,
	longVal: longOpts("bootnum", "disk", "edd", "device", "iface", "loader", "label", "mirror-below-4G", "mirror-above-4G",
		"bootnext", "bootorder", "part", "timeout", "append-binary-args"),
	longFlag: longOpts("active", "inactive", "delete-bootnum", "create", "create-only", "remove-dups", "driver", "gpt",
		"delete-bootnext", "delete-bootorder", "quiet", "reconnect", "delete-timeout", "unicode", "verbose", "version",
		"write-signature", "sysprep", "help", "full-dev-path", "file-dev-path", "index")}

// mokutilChanges are mokutil's options that change the Secure Boot keys
// or checks (taken by MokManager at the next boot).
var mokutilChanges = longOpts("import", "delete", "revoke-import", "revoke-delete", "reset", "password", "clear-password",
	"disable-validation", "import-hash", "delete-hash", "ignore-db", "ignore-keyring", "trust-mok", "untrust-mok",
	"set-sbat-policy")

func checkFirmwareWrite(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	report := func(d Decision, msg string) {
		p.Report(c, Finding{Rule: "firmware-write", Decision: d, Message: msg})
	}
	switch c.Name {
	case "flashrom":
		opts, _ := scan(c.Args, optSpec{shortVal: "pcrwvlio", longEq: true, abbrev: true,
			longVal: longOpts("programmer", "chip", "read", "write", "verify", "layout", "image", "output", "fmap-file",
				"ifd", "include", "wp-range", "wp-region", "wp-mode", "progress", "flash-contents", "logfile"),
			longFlag: longOpts("erase", "noverify", "noverify-all", "force", "list-supported", "list-supported-wiki",
				"flash-name", "flash-size", "fmap", "help", "version", "verbose", "wp-status", "wp-list", "wp-disable",
				"wp-enable")})
		for _, o := range find(opts, "p", "programmer") {
			if strings.HasPrefix(o.val.Value, "dummy") && o.val.Static {
				return // the emulated chip of flashrom's dummy programmer
			}
		}
		if has(opts, "w", "write", "E", "erase") {
			report(Deny, "flashrom rewrites or erases the firmware flash chip: a bad image leaves a machine that does not start")
		}
	case "efibootmgr":
		opts, _ := scan(c.Args, efibootmgrSpec)
		if has(opts, "B", "delete-bootnum", "O", "delete-bootorder", "o", "bootorder", "c", "create", "C", "create-only",
			"n", "bootnext", "N", "delete-bootnext", "a", "active", "A", "inactive", "D", "remove-dups") {
			report(Ask, "efibootmgr changes the firmware's boot entries or order: the machine may not start its system")
		}
	case "fwupdmgr", "fwupdtool":
		_, ops := scan(c.Args, optSpec{longEq: true, longVal: longOpts("filter", "json", "remote")})
		if len(ops) == 0 {
			return
		}
		switch v := c.Args[ops[0]].Value; v {
		case "install", "update", "upgrade", "downgrade", "reinstall", "install-blob", "switch-branch", "activate",
			"local-install", "sync", "sync-bkc", "emulation-load", "firmware-update":
			report(Ask, c.Name+" "+v+" flashes device firmware")
		}
	case "mokutil":
		opts, _ := scan(c.Args, optSpec{shortVal: "", longEq: true, abbrev: true,
			longFlag: append(longOpts("list-enrolled", "list-new", "list-delete", "sb-state", "test-key", "export", "pk", "kek",
				"db", "dbx", "help", "timeout", "mokx", "hash-file", "root-pw", "simple-hash", "verbose", "set-verbosity",
				"set-fallback-verbosity", "set-fallback-noreboot", "generate-hash"), mokutilChanges...)})
		for _, o := range opts {
			changes := o.long && mokutilChanges.has(o.name) || !o.long && (o.name == "i" || o.name == "d" || o.name == "p")
			for _, a := range o.ambiguous {
				changes = changes || mokutilChanges.has(a)
			}
			if changes {
				report(Ask, "mokutil changes the Secure Boot keys or checks (taken at the next boot)")
				return
			}
		}
	}
}
