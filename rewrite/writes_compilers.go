package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// compilerWrites lists the files that compilers, linkers and binary
// tools write: the output a compiler or linker names with -o (gcc, clang,
// tcc, ld, as, rustc, go build), the files strip, upx and patchelf change
// in place, and objcopy's output. Pointing one of them at a file the
// guards protect (the hook's own program, a file under /usr) is that
// write: go build -o "$(which corral)" replaces the guard.
func compilerWrites(c *syntax.Call) []target {
	write := func(a syntax.Arg, v string) target { return target{arg: a, value: v, action: guards.Write} }
	var out []target
	name := compilerName(c.Name)
	args := c.Args
	switch name {
	case "cc", "gcc", "g++", "c++", "clang", "clang++", "tcc", "ld", "as", "rustc", "gfortran", "zig-cc", "cpp":
		// gcc(1): -o FILE or -oFILE; the other options are single-dash
		// words of their own (-static, -fno-omit-frame-pointer), never
		// clusters, and none but -o starts with "-o".
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-o" && i+1 < len(args):
				out = append(out, write(args[i+1], ""))
				i++
			case strings.HasPrefix(v, "-o") && len(v) > 2 && name != "rustc":
				out = append(out, write(args[i], v[2:]))
			case name == "rustc" && (v == "--out-dir") && i+1 < len(args):
				out = append(out, write(args[i+1], strings.TrimSuffix(args[i+1].Value, "/")+"/*"))
				i++
			case v == "-MF" && i+1 < len(args):
				// -MF FILE (-MFFILE): the dependency rules -M/-MD write,
				// whose first line -MT/-MQ choose.
				out = append(out, write(args[i+1], ""))
				i++
			case strings.HasPrefix(v, "-MF") && len(v) > 3:
				out = append(out, write(args[i], v[3:]))
			}
		}
		if name == "cpp" {
			// cpp [options] [INFILE [OUTFILE]]: the second operand is
			// the output (gcc's preprocessor, cpp(1)).
			if ops := cppOperands(args); len(ops) >= 2 && ops[1].Value != "-" {
				out = append(out, write(ops[1], ""))
			}
		}
	case "go":
		if len(args) > 0 && (args[0].Value == "build" || args[0].Value == "test") {
			for i := 1; i < len(args); i++ {
				v := args[i].Value
				switch {
				case v == "-o" && i+1 < len(args):
					out = append(out, write(args[i+1], ""))
					i++
				case strings.HasPrefix(v, "-o="):
					out = append(out, write(args[i], strings.TrimPrefix(v, "-o=")))
				case v == "--":
					i = len(args)
				}
			}
		}
	case "screen":
		// screen -L -Logfile FILE writes the session's output to FILE.
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-Logfile" {
				out = append(out, write(args[i+1], ""))
				i++
			}
		}
	case "cmake":
		// cmake -E copy/copy_directory/copy_if_different SRC… DEST,
		// make_directory DIR…, touch FILE…, create_symlink/
		// create_hardlink OLD NEW, rename OLD NEW.
		if len(args) < 2 || args[0].Value != "-E" {
			return nil
		}
		ops := plainOperands(args[2:])
		switch args[1].Value {
		case "copy", "copy_directory", "copy_if_different", "copy_directory_if_different":
			if len(ops) >= 2 {
				out = append(out, write(ops[len(ops)-1], ""), write(ops[len(ops)-1], strings.TrimSuffix(ops[len(ops)-1].Value, "/")+"/*"))
			}
		case "make_directory", "touch", "touch_nocreate":
			for _, a := range ops {
				out = append(out, write(a, ""))
			}
		case "create_symlink", "create_hardlink", "rename":
			if len(ops) == 2 {
				out = append(out, write(ops[1], ""))
			}
		}
	case "gio":
		// gio copy/move SRC… DEST, gio save FILE (stdin to FILE), gio
		// mkdir DIR….
		if len(args) == 0 {
			return nil
		}
		ops := plainOperands(args[1:])
		switch args[0].Value {
		case "copy", "cp", "move", "mv":
			if len(ops) >= 2 {
				d := ops[len(ops)-1]
				out = append(out, write(d, ""), write(d, strings.TrimSuffix(d.Value, "/")+"/*"))
			}
		case "save", "mkdir":
			for _, a := range ops {
				out = append(out, write(a, ""))
			}
		case "rename":
			// gio rename FILE NAME: FILE's directory gets NAME.
			if len(ops) == 2 && ops[0].Static && ops[1].Static && !strings.Contains(ops[1].Value, "/") {
				d := ops[1]
				d.Value = path.Join(path.Dir(ops[0].Value), ops[1].Value)
				out = append(out, write(d, ""))
			}
		}
	case "rclone", "aws", "gsutil", "gcloud", "azcopy", "s3cmd":
		// Cloud copies to a local destination: rclone copy/sync/move/
		// copyto SRC DST, aws s3 cp/sync/mv, gsutil cp/rsync/mv, gcloud
		// storage cp/rsync/mv, azcopy copy/sync. A dry run writes nothing.
		if cloudDryRun(c) {
			return nil
		}
		words := plainOperands(args)
		sub := 0
		switch name {
		case "aws":
			if len(words) < 2 || words[0].Value != "s3" {
				return nil
			}
			sub = 1
		case "gcloud":
			if len(words) < 2 || words[0].Value != "storage" {
				return nil
			}
			sub = 1
		}
		if len(words) < sub+3 {
			return nil
		}
		switch words[sub].Value {
		case "cp", "copy", "copyto", "sync", "rsync", "mv", "move", "moveto":
		default:
			return nil
		}
		d := words[len(words)-1]
		if !localPath(d.Value) {
			return nil
		}
		out = append(out, write(d, ""), write(d, strings.TrimSuffix(d.Value, "/")+"/*"))
	case "pip", "pip3", "uv", "npm", "pnpm", "yarn", "cargo", "gem":
		// Installers told where to put what they install: pip install
		// --target/-t, --prefix, --root; npm/pnpm --prefix; yarn
		// --modules-folder; cargo install --root; gem install
		// --install-dir/-i, --bindir/-n.
		dirOpts := map[string]bool{"--target": true, "-t": name == "pip" || name == "pip3" || name == "uv", "--prefix": name != "cargo" && name != "gem",
			"--root": name == "pip" || name == "pip3" || name == "cargo", "--install-dir": name == "gem", "-i": name == "gem",
			"--bindir": name == "gem", "-n": name == "gem", "--modules-folder": name == "yarn"}
		// pip --log FILE (--log-file, appended) and pip install
		// --report FILE write those files.
		pipFile := map[string]bool{"--log": name == "pip" || name == "pip3", "--log-file": name == "pip" || name == "pip3",
			"--report": name == "pip" || name == "pip3"}
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			opt, val, eq := strings.Cut(v, "=")
			if pipFile[opt] {
				if eq && val != "-" {
					out = append(out, write(args[i], val))
				} else if !eq && i+1 < len(args) && args[i+1].Value != "-" {
					out = append(out, write(args[i+1], ""))
					i++
				}
				continue
			}
			if !dirOpts[opt] {
				continue
			}
			if eq {
				out = append(out, write(args[i], strings.TrimSuffix(val, "/")+"/*"))
			} else if i+1 < len(args) {
				out = append(out, write(args[i+1], strings.TrimSuffix(args[i+1].Value, "/")+"/*"))
				i++
			}
		}
		if name == "pip" || name == "pip3" {
			out = append(out, pipUserWrites(c)...)
		}
	case "stow", "xstow":
		// stow -t/--target DIR links the package's files into DIR
		// (default: the parent of the stow directory).
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case (v == "-t" || v == "--target") && i+1 < len(args):
				out = append(out, write(args[i+1], strings.TrimSuffix(args[i+1].Value, "/")+"/*"))
				i++
			case strings.HasPrefix(v, "--target="):
				out = append(out, write(args[i], strings.TrimSuffix(strings.TrimPrefix(v, "--target="), "/")+"/*"))
			case strings.HasPrefix(v, "-t") && len(v) > 2:
				out = append(out, write(args[i], strings.TrimSuffix(v[2:], "/")+"/*"))
			}
		}
	case "chezmoi", "yadm":
		// chezmoi apply/update/init --apply writes the files of its
		// source state into the home directory; yadm checks them out
		// there.
		for _, a := range args {
			switch a.Value {
			case "apply", "update", "--apply", "checkout", "clone", "reset", "restore":
				return []target{{arg: a, value: "~/*", action: guards.Write}}
			}
		}
	case "mount", "sshfs", "bindfs", "mount.fuse", "mount.nfs", "rclone-mount", "squashfuse", "fuse-overlayfs":
		// A mount point's old content is hidden and what programs find
		// there is the mounted file system: writing the directory.
		ops := plainOperands(args)
		if name == "mount" {
			ops = mountOperands(args)
		}
		if len(ops) >= 1 && (name == "mount" || len(ops) >= 2) {
			d := ops[len(ops)-1]
			out = append(out, target{arg: d, action: guards.Write, mount: true},
				target{arg: d, value: strings.TrimSuffix(d.Value, "/") + "/*", action: guards.Write, mount: true})
		}
		if name == "mount" && len(ops) == 2 && slices.ContainsFunc(args, func(a syntax.Arg) bool {
			return a.Value == "--move" || a.Value == "-M"
		}) {
			// mount --move OLD NEW: OLD's mounted tree leaves it, and OLD
			// shows what it held before, as after umount OLD.
			d := ops[0]
			out = append(out, target{arg: d, value: strings.TrimSuffix(d.Value, "/") + "/*", action: guards.Write, mount: true, unmount: true})
		}
	case "umount":
		// umount DIR: the mounted tree leaves DIR, which shows what it
		// held under the mount: DIR's files change, as a mount over it
		// changes them (a bind mount over ~/.ssh taken away). A device
		// operand names no directory here.
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch v := a.Value; {
			case v == "-t" || v == "-O" || v == "--types" || v == "--test-opts" || v == "-N" || v == "--namespace":
				i++
			case strings.HasPrefix(v, "-") && a.Static:
			case a.Static && !strings.HasPrefix(v, "/dev/") && v != "/":
				out = append(out, target{arg: a, value: strings.TrimSuffix(v, "/") + "/*", action: guards.Write, mount: true, unmount: true})
			}
		}
	case "git":
		// git worktree add [-f] [--detach] [--checkout] [--lock [--reason
		// R]] [--orphan] [(-b|-B) BRANCH] PATH [COMMIT] makes a working
		// tree at PATH, the first operand after the options, relative to
		// the directory git runs in (-C).
		dir, sub := gitArgs(c)
		if sub < 0 || sub+1 >= len(args) || args[sub].Value != "worktree" || args[sub+1].Value != "add" {
			break
		}
		if _, ops := scan(args[sub+2:], worktreeAddSpec.Get()); len(ops) > 0 {
			d := args[sub+2+ops[0]]
			v := d.Value
			if d.Static && !strings.HasPrefix(v, "/") && dir.Known && dir.Path != c.Dir.Path {
				v = dir.Join(v).Path
			}
			for _, t := range []target{write(d, v), write(d, strings.TrimSuffix(v, "/")+"/*")} {
				t.worktree = true
				out = append(out, t)
			}
		}
	case "strip", "upx", "patchelf", "objcopy", "chrpath", "prelink":
		// strip FILE… and upx FILE… change the files in place unless -o
		// names the output; patchelf changes its operand; objcopy IN
		// [OUT] writes OUT, or IN when there is none.
		var ops []syntax.Arg
		output := false
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-o" && i+1 < len(args) && name != "objcopy" && name != "patchelf":
				out = append(out, write(args[i+1], ""))
				output = true
				i++
			case strings.HasPrefix(v, "-o") && len(v) > 2 && name == "upx":
				out = append(out, write(args[i], v[2:]))
				output = true
			case strings.HasPrefix(v, "--output="), strings.HasPrefix(v, "--output-file="):
				out = append(out, write(args[i], v[strings.IndexByte(v, '=')+1:]))
				output = true
			case strings.HasPrefix(v, "-"):
				if name == "patchelf" && strings.HasPrefix(v, "--set-") && i+1 < len(args) {
					i++ // --set-interpreter PATH, --set-rpath PATH
				}
			default:
				ops = append(ops, args[i])
			}
		}
		switch {
		case output:
		case name == "objcopy" && len(ops) >= 2:
			out = append(out, write(ops[1], ""))
		case name == "objcopy" && len(ops) == 1:
			out = append(out, write(ops[0], ""))
		default:
			for _, a := range ops {
				out = append(out, write(a, ""))
			}
		}
	}
	return out
}

// compilerName is a compiler's name without a version or a target
// triple: gcc-12 and x86_64-linux-gnu-gcc are gcc, clang-17 is clang.
func compilerName(n string) string {
	if i := strings.LastIndexByte(n, '-'); i > 0 {
		if strings.Trim(n[i+1:], "0123456789.") == "" {
			n = n[:i]
		}
	}
	for _, c := range []string{"g++", "gcc", "clang++", "clang", "ld", "as", "strip", "objcopy"} {
		if strings.HasSuffix(n, "-"+c) {
			return c
		}
	}
	return n
}

// plainOperands returns the words of args that are not options (a word
// after an option is taken as an operand: the readers here only look at
// the last ones, or at positions the subcommand fixes).
func plainOperands(args []syntax.Arg) []syntax.Arg {
	out := make([]syntax.Arg, 0, len(args))
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			continue
		}
		out = append(out, a)
	}
	return out
}

// mountOperands are mount(8)'s operands: its options -o, -t, -L, -U, -O,
// -B/--bind and --target take values or none as the manual says.
func mountOperands(args []syntax.Arg) []syntax.Arg {
	var out []syntax.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-o" || v == "-t" || v == "-L" || v == "-U" || v == "-O" || v == "--options" || v == "--types" || v == "--source" || v == "--label" || v == "--uuid":
			i++
		case v == "--target" && i+1 < len(args):
			out = append(out, args[i+1])
			i++
		case strings.HasPrefix(v, "-") && args[i].Static:
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// localPath reports a cloud CLI operand that is a local path: no
// scheme (s3://, gs://, az://, https://) and no rclone remote (name:).
func localPath(v string) bool {
	if strings.Contains(v, "://") {
		return false
	}
	i := strings.IndexByte(v, ':')
	return i < 0 || strings.ContainsRune(v[:i], '/')
}

// cppValued are cpp's options whose value is the next word (-I DIR,
// -D NAME, -include FILE, -o FILE); their values are not operands.
var cppValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-I": true, "-D": true, "-U": true, "-include": true, "-imacros": true, "-isystem": true,
		"-iquote": true, "-idirafter": true, "-iprefix": true, "-MF": true, "-MT": true, "-MQ": true, "-o": true, "-x": true,
		"-A": true}
}}

// cppOperands returns cpp's operands: the words that are neither an
// option nor an option's value.
func cppOperands(args []syntax.Arg) []syntax.Arg {
	var ops []syntax.Arg
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case cppValued.Get()[v]:
			i++
		case v == "-" || !strings.HasPrefix(v, "-"):
			ops = append(ops, args[i])
		}
	}
	return ops
}

// pipValued are pip install's options that take the next word.
var pipValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-r": true, "--requirement": true, "-c": true, "--constraint": true, "-e": true, "--editable": true,
		"-t": true, "--target": true, "--prefix": true, "--root": true, "-i": true, "--index-url": true, "--extra-index-url": true,
		"-f": true, "--find-links": true, "--src": true, "--upgrade-strategy": true, "--python-version": true, "--platform": true,
		"--implementation": true, "--abi": true, "--no-binary": true, "--only-binary": true, "--progress-bar": true,
		"--config-settings": true, "-C": true, "--global-option": true, "--log": true, "--cache-dir": true, "--proxy": true,
		"--retries": true, "--timeout": true, "--exists-action": true, "--trusted-host": true, "--cert": true, "--client-cert": true,
		"--python": true, "--report": true, "--root-user-action": true, "--group": true}
}}

// pipUserWrites models pip install --user (or PIP_USER=1) of a local
// artifact — a wheel, an sdist, a directory, a file: URL, an editable
// path: it writes the user site (PYTHONUSERBASE, else ~/.local:
// lib/pythonX.Y/site-packages and bin), whose .pth files every later
// python runs at start-up, so it is judged as pip install -t there is.
// A name from the index (pip install --user requests) is an ordinary
// install and is not.
func pipUserWrites(c *syntax.Call) []target {
	local, base, ok := pipUserLocal(c, c.Args)
	if !ok {
		return nil
	}
	return []target{{arg: local, value: strings.TrimSuffix(base, "/") + "/*", action: guards.Write}}
}

// pipUserLocal returns the local artifact pip install --user (or
// PIP_USER=1) installs and the user base it goes to.
func pipUserLocal(c *syntax.Call, args []syntax.Arg) (local syntax.Arg, base string, ok bool) {
	if len(args) == 0 || args[0].Value != "install" {
		return syntax.Arg{}, "", false
	}
	var user *syntax.Arg
	if v, ok := c.EnvKnown("PIP_USER"); ok && (v == "1" || strings.EqualFold(v, "true") || strings.EqualFold(v, "yes") || strings.EqualFold(v, "on")) {
		user = &args[0]
	}
	var loc *syntax.Arg
	for i := 1; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Static && v == "--" {
			continue
		}
		if a.Static && strings.HasPrefix(v, "-") && v != "-" {
			opt, _, eq := strings.Cut(v, "=")
			switch {
			case opt == "--user":
				user = &args[i]
			case opt == "--no-user":
				user = nil
			case (opt == "-e" || opt == "--editable") && !eq && i+1 < len(args):
				if pipLocalArtifact(args[i+1].Value) {
					loc = &args[i+1]
				}
				i++
			case (opt == "-e" || opt == "--editable") && eq:
				if pipLocalArtifact(strings.SplitN(v, "=", 2)[1]) {
					loc = &args[i]
				}
			case pipValued.Get()[opt] && !eq:
				i++
			}
			continue
		}
		if pipLocalArtifact(v) {
			loc = &args[i]
		}
	}
	if user == nil || loc == nil {
		return syntax.Arg{}, "", false
	}
	base = "~/.local"
	if v, ok := c.EnvKnown("PYTHONUSERBASE"); ok && v != "" {
		base = v
	}
	return *loc, base, true
}

// pipLocalArtifact reports a requirement that names a local file or
// directory rather than a project on the index: a path, a file: URL, an
// archive or wheel by its file name, or NAME @ file:….
func pipLocalArtifact(v string) bool {
	v = strings.TrimSpace(v)
	if _, ref, ok := strings.Cut(v, "@"); ok && strings.Contains(ref, "file:") {
		return true
	}
	switch {
	case strings.HasPrefix(v, "file:"):
		return true
	case strings.Contains(v, "://"):
		return false // a download or a repository: the acquisition rules'
	case v == "." || v == ".." || strings.Contains(v, "/"):
		return true
	}
	for _, ext := range []string{".whl", ".tar.gz", ".tgz", ".zip", ".tar.bz2", ".tar.xz", ".tar"} {
		if strings.HasSuffix(strings.ToLower(v), ext) {
			return true
		}
	}
	return false
}
