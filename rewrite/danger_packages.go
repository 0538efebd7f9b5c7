package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var packageRemove = Rule{
	Name:      "package-remove",
	Decisions: []Decision{Ask, Deny},
	Doc: `A package manager removing a package the machine needs to run
programs, boot, log in or install anything again takes the machine with
it: apt-get/apt/aptitude remove, purge or install PKG- (the trailing
dash removes), dpkg -r/-P, rpm -e, yum/dnf/microdnf/zypper remove or
erase, pacman -R, apk del and snap remove of one of a short documented
list (Debian's Essential: yes and Protected: yes packages, libc6,
systemd, sudo, the package managers themselves, glibc, filesystem,
musl, busybox, a kernel image…): deny. The options that override a
manager's own protection (apt --allow-remove-essential, dpkg
--force-remove-essential/--force-depends/--force-all, rpm --nodeps,
pacman -Rdd, dnf --setopt=protected_packages=), a package given by a
pattern (apt-get remove 'lib*'), a package name only known at run time,
and snap remove of a base snap (core, core22, snapd) ask. apt-get remove
vim, autoremove, pip uninstall and every install pass.`,
	Commands: []string{"apt-get", "apt", "aptitude", "dpkg", "rpm", "yum", "dnf", "microdnf", "tdnf", "zypper", "pacman", "apk", "snap"},
	Call:     checkPackageRemove,
}

// essentialPackages are the packages whose removal breaks the machine,
// by the names the distributions give them. Debian 12's come from
// dpkg-query (Essential: yes, and Protected: yes: libcrypt1, libgcc-s1),
// with libc6, apt, passwd, mount, the PAM modules and the init system that
// Priority: required brings; Fedora's and RHEL's are the base of every
// installation (glibc, filesystem, setup, shadow-utils, rpm, dnf) and the
// ones dnf's own protected_packages list holds (dnf, systemd, sudo);
// Arch's are the base group's core; Alpine's the base layout and apk.
// sudo is here because without it an administrator without the root
// password has no way back in.
var essentialPackages = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf(
		// Debian and Ubuntu: Essential: yes.
		"base-files", "base-passwd", "bash", "bsdutils", "coreutils", "dash", "debianutils", "diffutils", "dpkg",
		"findutils", "grep", "gzip", "hostname", "init-system-helpers", "libc-bin", "login", "ncurses-base",
		"ncurses-bin", "perl-base", "sed", "sysvinit-utils", "tar", "util-linux",
		// Debian: Protected: yes, and Priority: required ones the rest need.
		"libc6", "libcrypt1", "libgcc-s1", "apt", "passwd", "mount", "libpam-modules", "libpam-modules-bin",
		"libpam-runtime", "libpam0g", "systemd", "systemd-sysv", "init", "udev", "sudo",
		// Fedora, RHEL, openSUSE.
		"glibc", "glibc-common", "filesystem", "setup", "coreutils-single", "shadow-utils", "shadow", "rpm", "dnf",
		"yum", "microdnf", "zypper", "libzypp", "systemd-udev", "kernel", "kernel-core", "pam",
		// Arch.
		"pacman", "gcc-libs", "base", "linux",
		// Alpine.
		"musl", "busybox", "apk-tools", "alpine-baseline", "alpine-base",
	)
}}

// baseSnaps are the snaps every other snap runs on.
var baseSnaps = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("core", "core18", "core20", "core22", "core24", "snapd", "bare")
}}

// packageName is the package a removal operand names: without an
// architecture (libc6:amd64), version (bash=5.2) or release (bash/stable).
func packageName(w string) string {
	if i := strings.IndexAny(w, ":=/"); i > 0 {
		w = w[:i]
	}
	return strings.ToLower(w)
}

// essentialPackage reports a package of the list, or a kernel image
// (linux-image-6.1.0-13-amd64, kernel-core-6.5…).
func essentialPackage(name string) bool {
	return essentialPackages.Get()[name] || strings.HasPrefix(name, "linux-image-") || strings.HasPrefix(name, "kernel-core-")
}

// packageOperands splits a removal's package operands into the
// essential ones, the patterns and the run-time ones.
func packageOperands(args []syntax.Arg, idx []int, trailingDash bool) (essential, patterns, runtime []string) {
	for _, i := range idx {
		a := args[i]
		if !a.Static {
			if !trailingDash || strings.HasSuffix(a.Raw, "-") {
				runtime = append(runtime, a.Raw)
			}
			continue
		}
		w := a.Value
		if trailingDash {
			// apt-get install PKG- removes PKG; PKG and PKG+ install it.
			var ok bool
			if w, ok = strings.CutSuffix(w, "-"); !ok {
				continue
			}
		}
		if strings.ContainsAny(w, "*?[]^$~|") {
			patterns = append(patterns, w)
			continue
		}
		if n := packageName(w); essentialPackage(n) {
			essential = append(essential, n)
		}
	}
	return essential, patterns, runtime
}

// packageRemoval is what one package manager call removes.
type packageRemoval struct {
	// remove reports a removal at all; force names the option that
	// overrides the manager's own protection, if given.
	remove bool
	force  string
	// operands are the package words, as indexes of args.
	args     []syntax.Arg
	operands []int
	// trailingDash: apt's install, where PKG- removes.
	trailingDash bool
}

func checkPackageRemove(p *Pass, c *syntax.Call) {
	if asksHelp(c) {
		return
	}
	r := packageRemovalOf(c)
	if !r.remove {
		return
	}
	essential, patterns, runtime := packageOperands(r.args, r.operands, r.trailingDash)
	switch {
	case len(essential) > 0 && c.Name == "snap":
	case len(essential) > 0:
		p.Report(c, Finding{Rule: "package-remove", Decision: Deny,
			Message: c.Name + " removes " + strings.Join(essential, ", ") + ", which the machine needs to run programs, boot, log in or install anything again"})
		return
	}
	if c.Name == "snap" {
		for _, i := range r.operands {
			if a := r.args[i]; a.Static && baseSnaps.Get()[packageName(a.Value)] {
				p.Report(c, Finding{Rule: "package-remove", Decision: Ask, Message: "snap remove " + a.Value + " removes a base every other snap runs on"})
				return
			}
		}
	}
	switch {
	case r.force != "":
		p.Report(c, Finding{Rule: "package-remove", Decision: Ask,
			Message: c.Name + " " + r.force + " lets the removal take packages the machine needs, which the package manager otherwise refuses"})
	case len(patterns) > 0:
		p.Report(c, Finding{Rule: "package-remove", Decision: Ask,
			Message: c.Name + " removes every package matching " + patterns[0] + ", which can be ones the machine needs"})
	case len(runtime) > 0:
		p.Report(c, Finding{Rule: "package-remove", Decision: Ask,
			Message: c.Name + " removes " + runtime[0] + ", a package only known at run time"})
	}
}

// aptSpec are apt-get's, apt's and aptitude's options that take a value.
var aptSpec = optSpec{shortVal: "octaF", longVal: longOpts("option", "config-file", "target-release", "default-release",
	"host-architecture", "build-profiles", "solver", "planner", "display-format", "sort", "width", "show-summary",
	"schedule-only", "autoclean-on-startup"), longEq: true}

// packageRemovalOf reads the removal c makes, if any.
func packageRemovalOf(c *syntax.Call) packageRemoval {
	r := packageRemoval{args: c.Args}
	switch c.Name {
	case "apt-get", "apt", "aptitude":
		opts, ops := scan(c.Args, aptSpec)
		if len(ops) == 0 {
			return r
		}
		switch c.Args[ops[0]].Value {
		case "remove", "purge", "autoremove", "autopurge":
			// autoremove PKG removes PKG too; alone, only what nothing
			// needs any more.
			r.remove = true
		case "install":
			r.remove, r.trailingDash = true, true
		default:
			return r
		}
		r.operands = ops[1:]
		for _, o := range opts {
			switch {
			case o.name == "allow-remove-essential":
				r.force = "--allow-remove-essential"
			case (o.name == "o" || o.name == "option") && o.hasVal && strings.Contains(strings.ToLower(o.val.Value), "allow-remove-essential"):
				r.force = "-o " + o.val.Value
			}
		}
	case "dpkg":
		// dpkg ACTION: -r/--remove and -P/--purge take the packages
		// that follow; --force-THINGS lift its checks.
		for i, a := range c.Args {
			v := a.Value
			switch {
			case v == "-r" || v == "--remove" || v == "-P" || v == "--purge":
				r.remove = true
			case strings.HasPrefix(v, "--force-"):
				for _, f := range strings.Split(strings.TrimPrefix(v, "--force-"), ",") {
					switch f {
					case "all", "remove-essential", "remove-protected", "depends":
						r.force = v
					}
				}
			case !strings.HasPrefix(v, "-") || !a.Static:
				r.operands = append(r.operands, i)
			}
		}
	case "rpm":
		for i, a := range c.Args {
			v := a.Value
			switch {
			case v == "--erase" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "e"):
				r.remove = true
			case v == "--nodeps":
				r.force = v
			case !strings.HasPrefix(v, "-") || !a.Static:
				r.operands = append(r.operands, i)
			}
		}
	case "yum", "dnf", "microdnf", "tdnf", "zypper":
		opts, ops := scan(c.Args, optSpec{shortVal: "cdexRr", longVal: longOpts("config", "setopt", "exclude", "disablerepo",
			"enablerepo", "repo", "repoid", "releasever", "installroot", "color", "debuglevel", "errorlevel", "rpmverbosity",
			"forcearch", "downloaddir", "destdir", "comment", "advisory", "root"), longEq: true})
		if len(ops) == 0 {
			return r
		}
		switch c.Args[ops[0]].Value {
		case "remove", "erase", "rm", "autoremove":
			// autoremove PKG removes PKG; alone, only leftovers.
			r.remove = true
		default:
			return r
		}
		r.operands = ops[1:]
		for _, o := range find(opts, "setopt") {
			if strings.HasPrefix(strings.ToLower(o.val.Value), "protected_packages") {
				r.force = "--setopt=" + o.val.Value
			}
		}
		if has(opts, "force-resolution") {
			r.force = "--force-resolution"
		}
	case "pacman":
		// pacman -R (--remove) with its modifiers in one word: -Rdd (or
		// --nodeps twice) skips the dependency checks too.
		nodeps := 0
		for i, a := range c.Args {
			v := a.Value
			switch {
			case v == "--remove":
				r.remove = true
			case v == "--nodeps":
				nodeps++
			case strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--"):
				if strings.Contains(v, "R") {
					r.remove = true
				}
				nodeps += strings.Count(v, "d")
			case !strings.HasPrefix(v, "-") || !a.Static:
				r.operands = append(r.operands, i)
			}
		}
		if nodeps >= 2 {
			r.force = "-dd"
		}
	case "apk":
		_, ops := scan(c.Args, optSpec{shortVal: "pXU", longVal: longOpts("root", "repository", "repositories-file", "keys-dir", "arch", "cache-dir", "virtual"), longEq: true})
		if len(ops) > 0 && c.Args[ops[0]].Value == "del" {
			r.remove, r.operands = true, ops[1:]
		}
		for _, a := range c.Args {
			if a.Value == "--force-broken-world" {
				r.force = a.Value
			}
		}
	case "snap":
		_, ops := scan(c.Args, optSpec{longVal: longOpts("revision"), longEq: true})
		if len(ops) > 0 && c.Args[ops[0]].Value == "remove" {
			r.remove, r.operands = true, ops[1:]
		}
	}
	return r
}
