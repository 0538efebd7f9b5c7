package rewrite

import (
	"fmt"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/internal/procpath"
	"os"
	"path"
	"strings"
	"unicode"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

var bashWrite = Rule{
	Name:      "bash-write",
	Decisions: []Decision{Warn, Ask, Deny},
	Doc: `Files a shell command writes go through the same path guards as the
Write and Edit tools, so that both reach the same verdict for the same path:
redirection targets (>, >>, &>, >|; not duplications such as 2>&1), tee,
the destinations of cp, mv, install and ln, files edited in place by sed -i
and perl -i, dd of=, truncate and touch, the log, trace and output files
programs take under an option (time -o, curl -c, pandoc -o, tcpdump -w,
gdb's set logging file, Vim's writefile(); the table in writes_outputs.go),
the backup copies programs keep of the files they replace (sed -i.SUFFIX
and perl -i with a * in the suffix, cp/mv/ln/install -b/-S, patch's
.orig, rsync --backup-dir, tar --backup; writes_backup.go),
the files an apply_patch envelope
adds, updates, moves to or deletes (Codex CLI runs "apply_patch <<'EOF'"
given to its shell tool as its own file editor), resolved against the working
directory the call runs in (cd is followed). A copy through ssh to this
machine (localhost, 127.0.0.1, ::1, …) is a local one, a relative remote
path being in the home directory: scp and rsync to HOST:PATH (rsync
--delete there too), and the put, rename, ln/symlink, rm/rmdir and chmod
of an sftp batch or of lftp on an sftp:// or fish:// site
(loopback_transfer.go). A protected path is denied, an
outside-safe path asked about, a warned path warned. A target only known at
run time is judged by its known part: "$dir/.env" is asked about because it
could be a protected file, and "$DIR/.git/hooks/pre-commit" or
$X/.bashrc because under the root, the project, the home directory or the
working directory it is one; a whole target a program prints at run time
(> $(cat f), X=$(cat f); : > $X) is asked about; a target from the
environment ("$LOG") is not judged.
A change of the mode, owner or attributes of a path the guards block
(chmod, chown, chgrp, chattr, setfacl) asks, and is denied when the mode
lets others write or sets set-user-ID (chmod 777 /etc/shadow, chmod u+s
/bin/bash; chmod +x .git/hooks/pre-commit asks); a mode that only closes
the file to others (chmod 600 ~/.ssh/id_rsa) passes.
A path whose change runs code or switches corral off (the agent's
settings, startup files, corral's files, what .git holds) given to a
program corral has no reading of, in any position (foo
~/.claude/settings.json, mytool --out=$HOME/.bashrc), is asked about:
corral does not know whether the program writes it.
Writes to corral's own policy files and state are denied. A download or
clone whose destination is protected (curl -o .git/hooks/pre-commit,
wget -O ~/.bashrc) is refused here with the guard's reason rather than
moved into the sandbox.`,
	Words:    []string{"tee", "touch", "truncate", "cp", "mv", "install", "ln", "link", "sed", "perl", "dd"},
	Call:     checkWriteCall,
	Redirect: checkRedirect,
}

var bashDelete = Rule{
	Name:      "bash-delete",
	Decisions: []Decision{Warn, Ask, Deny},
	Doc: `Files a shell command deletes go through the path guards as
deletions: rm, rmdir, unlink, shred -u, the sources of mv, the roots of
find -delete and find -exec rm, what xargs rm and parallel rm receive from
the stage before them (echo, printf, find), the destination of rsync
--delete, and the directories git clean empties — all with the same
message. Outside the project, the sandbox, the safe paths and any git
repository corral asks (seed 002's "rm outside safe paths" confirm rule,
decided on the resolved target rather than on the text "rm "); protected
paths are asked about. A deletion of only the files a command selects
(find -name x, git clean) is judged by what it can select under its root,
so find . -name '*.pyc' -delete passes and git clean -f in the sandbox
passes. Removing git's stale lock files (.git/index.lock, .git/*.lock)
passes. The directory a clean verb removes when an option, a variable or
a configuration names it (cargo clean --target-dir, CARGO_TARGET_DIR,
uv cache clean --cache-dir, GOMODCACHE=DIR go clean -modcache,
PRE_COMMIT_HOME, bazel --output_base clean --expunge, dotnet clean -o
DIR) is judged as rm -rf DIR; the tools that remove their own layout
under the directory, as rm -rf of that part (npm cache clean --force
--cache DIR: DIR/_cacache; pip cache purge: http, http-v2, wheels;
GOCACHE=DIR go clean -cache and CCACHE_DIR=DIR ccache -C: the
subdirectories 00…ff and 0…f on disk; pnpm store prune: v10, v3; poetry
cache clear NAME --all: cache/repositories/NAME). Catastrophic targets (/, ~, system directories) are the
rm-root rule's.`,
	// Ends with moreDeleters (TestDerivedListsWrittenOut).
	Commands: []string{"rm", "rmdir", "unlink", "shred", "mv", "find", "fd", "fdfind", "rsync", "git",
		"cmake", "gio", "gvfs-trash", "trash-put", "trash", "rmtrash", "rclone", "tar", "gtar", "bsdtar",
		"zip", "7z", "7za", "7zr", "rar", "srm", "wipe", "tmpreaper", "tmpwatch", "cargo", "uv", "pre-commit", "go", "bazel",
		"bazelisk", "kioclient", "kioclient5", "kioclient6"},
	Call: checkDeleteCall,
}

// target is one path a call writes or deletes.
type target struct {
	// inSandbox reports a write judged only where it lands in the
	// sandbox (curl -o FILE: elsewhere the download rule moves it there,
	// and judges where it was going); there a link is followed.
	inSandbox bool
	arg       syntax.Arg
	value     string // the path, when it differs from arg.Value (dd of=, cp into a directory)
	action    guards.Action
	// derived reports a path found from another: a glob's match, a link's
	// target. It is not expanded again.
	derived bool
	// attrs reports a change of the file's mode, owner or attributes
	// (chmod, chown, chattr, setfacl): judged only where the guards block
	// writes (a mode that stops the agent's settings or corral from being
	// read switches corral off; chmod +x .git/hooks/x turns a hook on).
	attrs bool
	// closes reports a chmod whose mode only takes access away from the
	// group and others (600, go-rwx); opens one whose mode lets them
	// write or sets set-user-ID or set-group-ID (777, u+s). A change of
	// the mode or owner of a protected path is asked about unless it
	// closes, denied when it opens.
	closes, opens bool
	// mount reports a mount point (mount, sshfs, bindfs): judged only
	// when it is the home directory, the project or a path under either,
	// where what the agent's tools and the user's programs find is then
	// the mounted file system's. A mount elsewhere is system
	// administration the path guards do not judge.
	mount bool
	// unmount reports a directory umount (or mount --move) takes a
	// mounted tree away from: judged only where its files are guarded
	// (a path merely outside the safe ones is the user's own mount).
	unmount bool
	// pattern reports a value whose last segment is a pattern for names
	// only run time knows: cp /tmp/x/*.json DIR/ writes DIR/*.json.
	pattern bool
	// created reports a file the program only makes when no file of
	// that name is there (gzip, zstd without -f: NAME.gz beside NAME):
	// judged only where making it runs code or switches corral off
	// (runsCodePath, corral's own files), as it never changes a file.
	created bool
	// treeMember reports a file of a directory tree a recursive copy
	// lists (writes_tree.go): its compiled Python (__pycache__/*.pyc)
	// travels with the sources it was compiled from and is not asked
	// about as a .pyc written by name is (guards.PyBytecodeRule).
	treeMember bool
	// hardLink reports the file a hard link is made to (ln A B, cp -l):
	// judged as a write of it, without the warnings of ordinary writes.
	hardLink bool
	// worktree reports the work tree git worktree add makes of the
	// repository's own commits: it is a git repository once made, which
	// seed 002 counts as a safe path, so the outside-safe-paths verdict
	// is not given for it (a protected or blocked path still is).
	worktree bool
	// replaces reports a write that puts a new file at the name instead
	// of writing the file there (mv, install, ln, sed -i, perl -i, cp
	// --remove-destination or -a: a rename over the name, or an unlink
	// first): the other names of a hard link keep their content, so they
	// are not judged (guards.Policy.DecideReplace).
	replaces bool
	// route resolves a path that names a descriptor (/dev/fd/3,
	// /proc/$$/fd/$fd) to the stream it points at where the file is
	// opened: a redirection's table (syntax.Redirect.Route); nil for a
	// call's target, whose call's table is used (syntax.Call.Route).
	route func(string) (syntax.Stream, bool)
	// backup reports the copy a program keeps of a file it replaces,
	// under a name derived from the file's (sed -i.bak, cp -b;
	// writes_backup.go): judged as any write, its findings saying so.
	backup bool
	// unlinks reports the removal of a symbolic link's own name (rm,
	// unlink of a link): the name is judged, not what it points at
	// (guards.Policy.DecideUnlink).
	unlinks bool
	// entryLinks reports a deletion by find of the names a pattern
	// matches, a match that is a symbolic link going as the link.
	entryLinks bool
}

// literalTilde returns "./~…" for a target whose path starts with a "~"
// that bash left alone because it is not at the start of the word: the
// attached value of an option (-o~/x, --output=~/x, as the option scanner
// splits it off). syntax expands every tilde bash expands (~/x, NAME=~/x),
// so a "~" still there is the start of a name in the working directory.
func literalTilde(t target) (string, bool) {
	v := t.path()
	if t.derived || !t.arg.Static || !strings.HasPrefix(v, "~") {
		return "", false
	}
	// The word as written, past the quoting bash removes before the
	// option's letters (\-o~/x, $'-o'~/x, "-"o~/x are -o~/x).
	raw := strings.TrimLeft(t.arg.Raw, `"'\$`)
	if !strings.HasPrefix(raw, "-") || strings.HasPrefix(raw, "~") {
		return "", false
	}
	return "./" + v, true
}

func (t target) path() string {
	if t.value != "" {
		return t.value
	}
	return t.arg.Value
}

func checkRedirect(p *Pass, r syntax.Redirect) {
	if !r.Writes() || r.Target.Value == "" {
		return
	}
	if _, _, ok := netRedirect(r); ok {
		return // a connection, not a file: the exfiltrate rule's
	}
	// Redirections of a call are reported with the call's span; others
	// (of a block or a loop) with their own. A target that names a
	// descriptor (> /dev/fd/3) is the file the descriptor refers to
	// where the redirection opens (route).
	if !r.Target.Static && r.Stmt != nil && r.Script != nil {
		// for f in .git/*; do echo x > "$f"; done: each value an
		// enclosing for loop of static items gives the target (a
		// pattern item's as that pattern), as for a program's operand
		// (judge); the word is judged as run-time text below too.
		in := &syntax.Call{Loop: true, Script: r.Script, Stmt: r.Stmt, Dir: r.Dir}
		if vals, ok := syntax.LoopValues(in, r.Target, p.Config.Home); ok {
			for _, v := range vals {
				v.Start, v.End, v.Raw = r.Target.Start, r.Target.End, r.Target.Raw
				p.judge(nil, r.Script, r.Dir, target{arg: v, action: guards.Write, route: r.Route}, "bash-write", "redirection")
			}
		}
	}
	p.judge(nil, r.Script, r.Dir, target{arg: r.Target, action: guards.Write, route: r.Route}, "bash-write", "redirection")
	p.checkLoopFoundRedirect(r) // find … | while read f; do echo x > "$f"; done
}

// reopenedFile returns the file a write through a descriptor's path
// reaches when the descriptor is a file that a redirection opened
// without writing it (exec 3<f, { …; } 3<f): on Linux opening
// /dev/fd/3, /proc/self/fd/3 or /proc/$$/fd/3 opens that file again, in
// the new open's mode, so a descriptor opened for reading is a way to
// write its file. A file the redirection opened for writing (exec 3>f,
// 3<>f) is judged where it is opened; a pipe, a terminal or a
// connection is no file.
func reopenedFile(s syntax.Stream) (syntax.Redirect, bool) {
	r, ok := s.File()
	if !ok || r.Writes() || r.Target.Value == "" || r.Proc != nil {
		return syntax.Redirect{}, false
	}
	if _, _, net := netRedirect(r); net {
		return syntax.Redirect{}, false
	}
	return r, true
}

// judgeReopened judges the write through a descriptor's path (path as
// written) that reaches the stream s: the file a redirection opened for
// reading, judged as a write of it where it was opened.
func (p *Pass) judgeReopened(c *syntax.Call, s syntax.Stream, path, what string) {
	// A descriptor that differs between the paths the command may take
	// (if …; then exec 3<f; fi): each file it may be.
	for _, s := range s.Streams() {
		r, ok := reopenedFile(s)
		if !ok {
			continue
		}
		t := target{arg: r.Target, action: guards.Write}
		at := c
		if c != nil && c.Script != r.Script {
			// The finding is the call's; the file's word is in another
			// script (an enclosing one's exec 3<f).
			at = nil
		}
		p.judge(at, r.Script, r.Dir, t, "bash-write", what+" through "+path+", a descriptor of the file "+r.Op+" "+r.Target.Raw+" opened (Linux opens that file again, for writing),")
	}
}

// writeTargets lists the files a call writes, by command.
func writeTargets(c *syntax.Call) []target {
	// The files named by the options of the program or of a wrapper
	// before it (time -o F cp a b): the table of outputFiles.
	out := outputTargets(c)
	// operands are the call's non-option words, read with its program's
	// options (programs.go).
	operands := func() []syntax.Arg {
		_, idx := scan(c.Args, specFor(c.Name))
		files := make([]syntax.Arg, 0, len(idx))
		for _, i := range idx {
			files = append(files, c.Args[i])
		}
		return files
	}
	switch c.Name {
	case "tee", "touch", "truncate":
		for _, a := range operands() {
			out = append(out, target{arg: a, action: guards.Write})
		}
	case "mktemp":
		out = append(out, mktempTargets(c)...)
	case "cp", "mv", "install", "ln":
		ts := copyTargets(c)
		out = append(out, ts...)
		if c.Name == "cp" {
			out = append(out, parentsTargets(c, specFor(c.Name), "parents")...) // writes_rename.go
		}
		out = append(out, copyBackups(c, ts)...) // writes_backup.go
	case "pax", "ditto":
		// ditto SRC... DST (macOS) copies files and trees into DST
		// (its trees are read by treeCopies, writes_tree.go). pax -rw
		// FILE... DIR (pax(1), POSIX) copies each FILE to DIR/FILE, the
		// path as given, and a directory's files under it.
		files := operands()
		if len(files) < 2 {
			break
		}
		d := files[len(files)-1]
		if c.Name == "ditto" {
			out = append(out, target{arg: d, action: guards.Write}, target{arg: d, value: strings.TrimSuffix(d.Value, "/") + "/*", action: guards.Write})
			break
		}
		if opts, _ := scan(c.Args, optSpec{shortVal: "bfopsx"}); !has(opts, "r") || !has(opts, "w") {
			break
		}
		for _, src := range files[:len(files)-1] {
			at := strings.TrimSuffix(d.Value, "/") + "/" + strings.TrimPrefix(src.Value, "/")
			out = append(out, target{arg: d, value: at, action: guards.Write}, target{arg: d, value: strings.TrimSuffix(at, "/") + "/*", action: guards.Write})
		}
	case "link":
		// link FILE1 FILE2 (coreutils, busybox): FILE2 is a new name of
		// FILE1, made as ln FILE1 FILE2 makes it (a git hook, a policy
		// file that did not exist).
		if files := operands(); len(files) == 2 {
			out = append(out, target{arg: files[1], action: guards.Write})
		}
	case "rename":
		for _, a := range renameOperands(c) {
			out = append(out, target{arg: a, action: guards.Delete})
		}
		out = append(out, renameNewNames(c)...) // writes_rename.go
	case "sed":
		out = append(out, inPlaceTargets(c)...)
	case "perl":
		out = append(out, inPlaceTargets(c)...)
	case "apply_patch", "applypatch":
		out = append(out, patchTargets(c)...)
	case "socat":
		out = append(out, socatWrites(c)...)
	case "dd":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Value, "of=") {
				t := target{arg: a, value: strings.TrimPrefix(a.Value, "of="), action: guards.Write}
				out = append(out, t)
			}
		}
	default:
		out = append(out, programWrites(c)...)
		out = append(out, compilerWrites(c)...)
		out = append(out, phpLogTargets(c)...)
		out = append(out, pyModuleWrites(c)...)
	}
	return out
}

// inlineInputs returns the text a call's here-documents (as written) and
// here-strings give it on stdin.
func inlineInputs(c *syntax.Call) []syntax.Arg {
	var texts []syntax.Arg
	for _, r := range c.Redirs {
		switch {
		case (r.Op == "<<" || r.Op == "<<-") && r.Node != nil && r.Node.Hdoc != nil:
			start, end := int(r.Node.Hdoc.Pos().Offset()), int(r.Node.Hdoc.End().Offset())
			if start >= 0 && start <= end && end <= len(c.Script.Src) {
				body := c.Script.Src[start:end]
				texts = append(texts, syntax.Arg{Value: body, Raw: body, Static: true, Start: start, End: end})
			}
		case r.Op == "<<<":
			texts = append(texts, r.Target)
		}
	}
	return texts
}

// patchTargets lists the files an apply_patch call touches: the paths on
// the "*** Add File:", "*** Update File:", "*** Move to:" (written) and
// "*** Delete File:" (deleted) lines of its patch, which comes as an
// argument, a here-document or a here-string.
func patchTargets(c *syntax.Call) []target {
	texts := append(append([]syntax.Arg{}, c.Args...), inlineInputs(c)...)
	var out []target
	for _, text := range texts {
		for _, f := range envelopeFiles(text.Value) {
			out = append(out, target{arg: syntax.Arg{Value: f.Name, Raw: f.Name, Static: text.Static, Start: text.Start, End: text.End}, action: f.Action})
		}
	}
	return out
}

// envelopeFiles lists the files an apply_patch envelope's headers name:
// "*** Add File: x", "*** Update File: x", "*** Move to: x" (written) and
// "*** Delete File: x" (deleted); the file an update moves away is
// deleted too. The headers are read as loosely as the programs that apply
// them: OpenCode 1.18 takes any line that starts with "*** Add File:"
// and the rest of it trimmed as JavaScript trims (no space needed after
// the colon; a byte-order mark is trimmed too), and Codex trims the line
// before it looks at the header.
func envelopeFiles(text string) []DiffFile {
	var out []DiffFile
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		line = strings.TrimLeftFunc(line, jsSpace)
		for _, h := range []struct {
			prefix string
			action guards.Action
		}{{"*** Add File:", guards.Write}, {"*** Update File:", guards.Write}, {"*** Move to:", guards.Write}, {"*** Delete File:", guards.Delete}} {
			p, ok := strings.CutPrefix(line, h.prefix)
			if p = strings.TrimFunc(p, jsSpace); !ok || p == "" {
				continue
			}
			out = append(out, DiffFile{p, h.action})
			if h.prefix == "*** Update File:" && i+1 < len(lines) && strings.HasPrefix(strings.TrimLeftFunc(lines[i+1], jsSpace), "*** Move to:") {
				out = append(out, DiffFile{p, guards.Delete})
			}
		}
	}
	return out
}

// jsSpace reports whether JavaScript's String.prototype.trim removes r:
// Unicode's white space and line ends, and the byte-order mark (U+FEFF),
// which Go's unicode.IsSpace leaves.
func jsSpace(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' }

// copyTargets lists the destination of cp, mv, install and ln, and for mv
// its sources (deleted).
func copyTargets(c *syntax.Call) []target {
	opts, idx := scan(c.Args, specFor(c.Name))
	files := make([]syntax.Arg, 0, len(idx))
	for _, i := range idx {
		files = append(files, c.Args[i])
	}
	var dir *syntax.Arg
	if ds := find(opts, "t", "target-directory"); len(ds) > 0 {
		d := ds[len(ds)-1].val
		dir = &d
	}
	if c.Name == "install" && has(opts, "d", "directory") {
		var out []target
		for _, f := range files {
			out = append(out, target{arg: f, action: guards.Write})
		}
		return out
	}
	replaces := replacesName(c.Name, opts)
	var out []target
	var sources []syntax.Arg
	dest := dir
	if dest == nil && len(files) >= 2 {
		d := files[len(files)-1]
		dest = &d
		sources = files[:len(files)-1]
	} else if dest != nil {
		sources = files
	}
	if dest == nil {
		return nil
	}
	if dir == nil && !intoDirectory(c, *dest, opts) {
		out = append(out, target{arg: *dest, action: guards.Write, replaces: replaces})
	} else {
		// -t DIR names a directory that must exist: what is written is
		// a file in it (sources added at run time too), never DIR itself.
		out = append(out, target{arg: *dest, value: strings.TrimSuffix(dest.Value, "/") + "/*", action: guards.Write, replaces: replaces})
	}
	// A destination that is not a directory when the hook runs may
	// become one before the copy (mkdir d; mv .env d), unless the copy
	// is the first thing the command runs: then it names the file
	// itself (mv .env .env.bak writes .env.bak, never .env.bak/.env).
	into := dir != nil || intoDirectory(c, *dest, opts) || !c.RunsFirst()
	for _, s := range sources {
		if t, ok := landsIn(*dest, s); ok && into {
			t.replaces = replaces
			out = append(out, t)
		}
		if c.Name == "mv" {
			out = append(out, target{arg: s, action: guards.Delete})
		}
	}
	return out
}

// replacesName reports whether cp, mv, install or ln with opts puts a
// new file at its destination rather than writing the file there (checked
// with stat -c %i before and after): mv renames over the name, install
// and ln -f unlink it first, and so does cp with --remove-destination,
// with a backup (-b: the old file is renamed away), when it makes links
// (-l, -s: it fails on an existing name without -f) or preserves them
// (-a, -d, --preserve=links or all: an existing name with several links
// is unlinked); plain cp, -f, -p and -r open the existing file and write
// it. A --no-preserve that names links or all keeps cp writing in place.
func replacesName(name string, opts []option) bool {
	switch name {
	case "mv", "install", "ln":
		return true
	case "cp":
	default:
		return false
	}
	for _, o := range opts {
		if o.name == "no-preserve" && o.ambiguous == nil && (strings.Contains(o.val.Value, "links") || strings.Contains(o.val.Value, "all") || !o.val.Static) {
			return false
		}
	}
	for _, o := range opts {
		if o.ambiguous != nil {
			continue
		}
		switch o.name {
		case "remove-destination", "a", "archive", "d", "b", "backup", "l", "link", "s", "symbolic-link":
			return true
		case "preserve":
			if o.hasVal && o.val.Static && (strings.Contains(o.val.Value, "links") || strings.Contains(o.val.Value, "all")) {
				return true
			}
		}
	}
	return false
}

// intoDirectory reports whether the last operand dest of cp, mv, install
// or ln names a directory the command writes into (dest/NAME), not a file
// it creates or replaces: it ends in "/" or is "." or "..", or it is a
// directory when the hook runs (for ln -n, --no-dereference, a link to a
// directory is replaced, not entered, so only a real directory counts).
// -T (--no-target-directory) always treats dest as the file to replace.
// Writing into the sandbox root is not replacing it (cp x agent_sandbox/).
func intoDirectory(c *syntax.Call, dest syntax.Arg, opts []option) bool {
	if !dest.Static || has(opts, "T", "no-target-directory") {
		return false
	}
	v := dest.Value
	if strings.HasSuffix(v, "/") || v == "." || v == ".." || strings.HasSuffix(v, "/.") || strings.HasSuffix(v, "/..") {
		return true
	}
	d := c.Dir.Join(v)
	if !d.Known {
		return false
	}
	stat := os.Stat
	if c.Name == "ln" && has(opts, "n", "no-dereference") {
		stat = os.Lstat
	}
	fi, err := stat(d.Path)
	return err == nil && fi.IsDir()
}

// inPlaceTargets lists the files sed -i or perl -i edit in place: the
// operands, less the script when no -e/-f (perl: -e/-E) gave it.
func inPlaceTargets(c *syntax.Call) []target {
	opts, idx := scan(c.Args, specFor(c.Name))
	if !has(opts, "i", "in-place") && !perlCodeInPlace(c, opts) && !perlScriptInPlace(c, opts, idx) {
		return nil
	}
	if !has(opts, "e", "E", "f", "expression", "file") && len(idx) > 0 {
		idx = idx[1:] // the script
	}
	var out []target
	for _, i := range idx {
		// Both write a new file and rename it over the name (perl
		// unlinks it first): the name gets a new inode.
		out = append(out, target{arg: c.Args[i], action: guards.Write, replaces: true})
	}
	return append(out, inPlaceBackups(c, opts, out)...) // writes_backup.go
}

func checkWriteCall(p *Pass, c *syntax.Call) {
	if cleanOnlyDeleter(c.Name) {
		checkDeleteCall(p, c)
		for _, d := range deletions(p, c) {
			p.judgeTree(c, "rm-root", d)
		}
	}
	ts := writeTargets(c)
	for _, t := range ts {
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name)
	}
	for _, t := range p.rsyncListedTargets(c) { // file_producer.go
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name)
	}
	p.checkUnknownWriter(c, ts)
	p.checkLoopFoundWrites(c, ts) // find_loops.go
	p.checkFilledDirs(c, ts)      // writes_tree.go
	p.checkRunFileWrites(c, ts)
	p.checkFileRefs(c)
	p.checkMemoryLinks(c)
	p.checkMemorySedEdits(c) // memory_sed.go
	// GIT_TRACE=/abs/file git …, HISTFILE, SSLKEYLOGFILE: the file the
	// program's environment names.
	for _, f := range c.EnvFiles {
		p.judge(c, c.Script, c.Dir, target{arg: f.Arg, action: guards.Write}, "bash-write", c.Name+" (through "+f.Name+")")
	}
	for _, t := range p.diffTargets(c) {
		p.judge(c, c.Script, c.Dir, t, "bash-write", c.Name+" (from its diff)")
	}
	p.checkExtraction(c)
	p.checkTarToCommand(c)
	p.checkSplitFilter(c)
	p.checkArExtract(c)
	p.checkPsqlWrites(c)
	p.checkExtractDirs(c)
	p.checkPipUser(c)
	p.checkInstallerOutputs(c)
	p.checkSelfLinks(c)
	p.checkHardLinks(c)
	p.checkGitTreeWrites(c)
	p.checkIndexConfigEdit(c)
	p.checkTreeCopy(c)
	p.checkRunTimeWrites(c)
	p.checkLoopbackSftp(c) // loopback_transfer.go
	p.checkLoopbackLftp(c)
	checkSelfAttrs(p, c)
	checkSelfAncestors(p, c)
	p.checkChangedReads(c)
}

func checkDeleteCall(p *Pass, c *syntax.Call) {
	if c.Name == "mv" {
		return // mv's sources are judged with its destination
	}
	checkCargoConfigFirst(p, c)
	listed := map[*syntax.Call]bool{} // git ls-files the real git listed
	for _, d := range deletions(p, c) {
		if d.recoverable {
			// gio trash ~/.claude/settings.json: the trash keeps it, but
			// it is gone from where it works; a file the guards protect
			// (or a tree holding one) is judged as its deletion is, and
			// anything else passes, as a restorable move does.
			p.judgeRecoverable(c, d)
			continue
		}
		if d.moved {
			continue
		}
		if d.verb == "git clean" || d.verb == "git stash -u" {
			if paths, ok := p.gitCleanPaths(c); ok {
				// What the real git says this clean removes: untracked
				// files (ignored ones too with -x), never a tracked one.
				for _, abs := range paths {
					a := syntax.Arg{Value: strings.TrimSuffix(abs, "/"), Raw: abs, Static: true}
					if a.Value == p.Config.Sandbox && p.Config.Sandbox != "" {
						// git clean -fdx in a project with corral's sandbox
						// lists the sandbox as untracked: it empties what was
						// downloaded there, and replaces nothing (a link put
						// there later is refused when a decision reads the
						// sandbox), so it asks as cleaning the project does.
						p.Report(c, Finding{Rule: "bash-delete", Decision: Ask, PathContext: "safe",
							Message: fmt.Sprintf("%s deletes corral's sandbox %s and what was downloaded into it (git clean -e %s keeps it)", d.verb, abs, path.Base(a.Value))})
						continue
					}
					// git clean removes a symbolic link as a file, never
					// what it points at (delete_link.go).
					unlinks := !strings.HasSuffix(abs, "/") && p.removesLinkOnly(c, a)
					p.judge(c, c.Script, c.Dir, target{arg: a, action: guards.Delete, unlinks: unlinks}, "bash-delete", d.verb)
					if strings.HasSuffix(abs, "/") {
						p.judgeSelfReached(c, []syntax.Arg{a}, "", false, guards.Delete, false, "bash-delete", d.verb)
					}
				}
				break
			}
		}
		if d.lister != nil {
			// git ls-files | xargs rm: the files the real git lists
			// (danger_listed.go).
			if _, done := listed[d.lister]; !done {
				what := c.Name
				if d.verb != "" {
					what = d.verb
				}
				listed[d.lister] = p.checkListedDeletions(c, d, what)
			}
		}
		if hit, ok := gitDirMatch(c, d); ok {
			// find . -name '*.pack' -delete: the selection reaches into .git.
			p.judge(c, c.Script, c.Dir, target{arg: hit, action: guards.Delete}, "bash-delete", d.verb)
		}
		if d.finder != nil {
			// find . -name 'k*' -exec shred {} \;, find … | xargs shred:
			// a selected link's target is shredded (find_links.go).
			sel := "*"
			if d.filtered {
				sel = d.selects
			}
			follows := c.Name == "shred" || c.Name == "find" && strings.HasSuffix(d.verb, " shred")
			p.judgeFoundLinks(c, d.finder, []syntax.Arg{d.arg}, sel, target{action: guards.Delete}, follows, "bash-delete", d.verb)
		}
		t := target{arg: d.arg, action: guards.Delete, unlinks: d.linkOnly, entryLinks: d.entryLinks}
		if d.filtered {
			// Only what the command selects under the root goes: judge a
			// file it can select, not the root with all it holds.
			t.value = strings.TrimSuffix(d.arg.Value, "/") + "/" + d.selects
			if !d.arg.Static {
				t.arg.Value = t.value
			}
			if d.entryLinks && d.arg.Static && !d.arg.Glob && syntax.GlobMeta(d.selects) < 0 {
				// find . -name LINK -delete: the link goes.
				t.unlinks = p.removesLinkOnly(c, syntax.Arg{Value: t.value, Raw: t.value, Static: true})
			}
		}
		if d.verb == "rsync --delete" && d.arg.Static && c.Dir.Join(d.arg.Value) == (syntax.Dir{Path: p.Config.Sandbox, Known: true}) {
			// rsync --delete removes files under the destination, never
			// the destination itself: rsync --delete src/ agent_sandbox
			// changes what the sandbox holds, and the root stays. (For
			// any other destination the whole tree is judged, which is
			// what holds ~/.ssh or /etc.)
			t.value = strings.TrimSuffix(d.arg.Value, "/") + "/*"
		}
		what := c.Name
		if d.verb != c.Name && d.verb != "" {
			what = d.verb
		}
		p.judge(c, c.Script, c.Dir, t, "bash-delete", what)
		if (d.recursive || d.filtered || strings.HasPrefix(d.verb, "find")) && !d.linkOnly && !(d.lister != nil && listed[d.lister]) {
			// find / -name corral -delete, rm -rf DIR holding corral's
			// program: corral's own files that go with the tree.
			name := ""
			if d.filtered && d.selects != "*" {
				name = d.selects
			}
			fold := c.Name == "find" && findFolds(c)
			if d.recursive || name != "" || c.Name == "find" {
				p.judgeSelfReachedTree(c, []syntax.Arg{d.arg}, name, fold, d.deep, guards.Delete, false, "bash-delete", what)
				if m := maybeArgs(d.arg); len(m) > 0 {
					// rm -rf "${D:-.git}": the tree a value the word can
					// take holds (.git/config), judged as possible.
					p.judgeMaybe(func() {
						p.judgeSelfReachedTree(c, m, name, fold, d.deep, guards.Delete, false, "bash-delete", what)
					})
				}
			}
		}
	}
}

// judge runs one target through the path guards and reports what they say.
func (p *Pass) judge(c *syntax.Call, sc *syntax.Script, dir syntax.Dir, t target, rule, what string) {
	if t.arg.Value == "{}" && p.placeholder(c, sc) || t.path() == "/dev/null" || t.path() == "-" && what == "tee" {
		return
	}
	route := t.route
	if route == nil && c != nil {
		route = c.Route
	}
	if route != nil {
		if s, ok := route(t.path()); ok {
			// tee /dev/fd/3, dd of=/proc/self/fd/3, curl -o /dev/fd/$fd:
			// the file the descriptor refers to, opened again. Only a
			// write opens it (a rename, an unlink or a hard link of a
			// /proc entry fails).
			if t.action == guards.Write && !t.replaces && !t.hardLink && !t.backup {
				p.judgeReopened(c, s, t.arg.Raw, what)
			}
			return
		}
	}
	if procpath.Descriptor(t.path()) {
		return
	}
	if !t.arg.Static && t.action == guards.Write && syntax.RuntimeFdPath(t.path()) {
		// echo x > /dev/fd/$N: whichever descriptor N is, Linux opens
		// again the file it refers to, for writing. A value N can have
		// that names a known descriptor (${N:-3}) is judged as that one;
		// an empty N (/dev/fd/, a directory no write opens) is not.
		for _, r := range append(candidateArgs(t.arg), maybeArgs(t.arg)...) {
			if !r.Static || !procpath.Descriptor(r.Value) && !strings.HasPrefix(r.Value, "/dev/std") {
				continue
			}
			u := t
			u.arg, u.value = r, ""
			p.judgeMaybe(func() { p.judge(c, sc, dir, u, rule, what) })
		}
		f := Finding{Rule: rule, Decision: Ask,
			Message: what + " writes " + t.arg.Raw + ": the descriptor it names is only known at run time, and Linux opens again, for writing, the file that descriptor refers to"}
		if c == nil {
			f.Text = t.arg.Raw
			f.Start, f.End = topSpanOf(sc, t.arg.Start, t.arg.End)
			f.Message = whereIn(sc, t.arg.Start) + f.Message
		}
		p.Report(c, f)
		return
	}
	if t.action == guards.Delete && !t.unlinks && !t.derived && t.value == "" && p.unlinkedSource(c, t.arg) {
		t.unlinks = true // mv link elsewhere: the link's name goes
	}
	if t.backup && !strings.HasSuffix(what, " (backup copy)") {
		what += " (backup copy)"
	}
	if t.inSandbox {
		// The directory it is in, its links resolved, is the sandbox or
		// under it; the file itself may be a link, which is judged.
		if !t.arg.Static || !dir.Known || p.Config.Sandbox == "" || !guards.Within(p.Config.Sandbox, path.Dir(dir.Join(t.path()).Path)) {
			return
		}
		t.inSandbox = false
	}
	if v, ok := literalTilde(t); ok {
		// sort -o~/.bashrc, --output=~/x: a "~" inside a word is no
		// tilde to bash, and the program gets a directory named so.
		t.value = v
	} else if v, ok := quotedTilde(sc, t, what); ok {
		t.value = v
	}
	if oneOf(t.arg) && !t.derived && (t.value == "" || strings.HasPrefix(t.value, t.arg.Value)) {
		// A word that different paths give different values: each
		// value is judged, and the worst verdict wins.
		for _, r := range candidateArgs(t.arg) {
			u := t
			u.arg = r
			if t.value != "" {
				u.value = r.Value + t.value[len(t.arg.Value):]
			}
			p.judge(c, sc, dir, u, rule, what)
		}
		return
	}
	if c != nil && !t.arg.Static && !t.derived && t.value == "" {
		// for f in .git/*; do cp a.txt "$f"; done: the values an
		// enclosing for loop of static items gives the word, a pattern
		// item's as that pattern, when the loop has too many to list
		// (its variable is then unknown to the model).
		if vals, ok := syntax.LoopValues(c, t.arg, p.Config.Home); ok {
			for _, r := range vals {
				u := t
				u.arg = r
				p.judge(c, sc, dir, u, rule, what)
			}
			return
		}
	}
	if m := maybeArgs(t.arg); len(m) > 0 && !t.derived && (t.value == "" || strings.HasPrefix(t.value, t.arg.Value)) {
		// ${x:-~/.bashrc}: a value the word takes when its variables are
		// unset or empty, judged as possible (a deny asks); the word is
		// then judged as run-time text too.
		p.judgeMaybe(func() {
			for _, r := range m {
				if tt, ok := treeTarget(dir, r); ok && t.action == guards.Delete && p.catastrophic(tt.Path) != "" {
					continue // rm -rf "$DIR/": rm-root's to judge
				}
				u := t
				u.arg = r
				if t.value != "" {
					u.value = r.Value + t.value[len(t.arg.Value):]
				}
				p.judge(c, sc, dir, u, rule, what)
			}
		})
	}
	cfg := p.Config
	env := guards.Env{Project: cfg.Project, Cwd: dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	verb := "writes"
	if t.action == guards.Delete {
		verb = "deletes"
	}
	if t.hardLink {
		verb = "makes a hard link (a second name that writes it) to"
	}
	report := func(d Decision, msg, ctx string) {
		f := Finding{Rule: rule, Decision: d, Message: msg, PathContext: ctx}
		if c == nil {
			f.Text = t.arg.Raw
			f.Start, f.End = topSpanOf(sc, t.arg.Start, t.arg.End)
			f.Message = whereIn(sc, t.arg.Start) + f.Message
		}
		p.Report(c, f)
	}
	if lp, ok := syntax.LookedUp(t.arg); ok && !t.derived && !p.Config.NoGlobMatches {
		// rm "$(which corral)": the program the lookup finds (on this
		// machine's disk, so not for a virtual one).
		d := t
		d.value, d.derived = lp, true
		d.arg.Static = true
		p.judge(c, sc, dir, d, rule, what)
		return
	}
	if !t.arg.Static {
		// .env$(true): with its run-time pieces empty the path is .env,
		// and a protected name is one it can have.
		if cand := stripRuntime(t.path()); cand != "" && cfg.Paths != nil && !strings.ContainsAny(t.path()[:1], "$`") {
			cenv := env
			if !dir.Known {
				cenv.Cwd = cfg.Project
			}
			if d := cfg.Paths.Decide(cenv, cand, t.action); d.Verdict == guards.Deny && d.Rule == "protected-path" {
				report(Ask, fmt.Sprintf("%s %s %s, a path only known at run time that can be %s (%s)", what, verb, t.arg.Raw, cand, d.Pattern), "n/a")
				return
			}
		}
		if pieces, ok := runtimePieces(t.path()); ok && t.action == guards.Write {
			if held := p.runtimeNameSelf(pieces, env); held != "" {
				report(Ask, fmt.Sprintf("%s %s %s, a name only run time knows in a directory that holds %s, which registers agent hooks, configures corral or runs at login", what, verb, t.arg.Raw, held), "blocked")
				return
			}
		}
		// Judge what is known: the part after the last run-time piece.
		tail := t.path()
		if i := strings.LastIndexAny(tail, "$`)}"); i >= 0 {
			tail = tail[i+1:]
		}
		if p.unknownRoot(dir, t, report, what, verb) || p.computedTarget(t, report, what, verb) {
			return
		}
		base := path.Base(tail)
		if tail == "" || base == "/" || base == "." || !strings.Contains(tail, "/") && tail == t.path() {
			return
		}
		if cfg.Paths == nil {
			return
		}
		d := cfg.Paths.Decide(guards.Env{Project: cfg.Project, Cwd: cfg.Project, Home: cfg.Home, Sandbox: cfg.Sandbox}, base, t.action)
		if d.Verdict == guards.Deny && d.Rule == "protected-path" {
			report(Ask, fmt.Sprintf("%s %s %s, a path only known at run time that could be protected (%s)", what, verb, t.arg.Raw, d.Pattern), "n/a")
		}
		return
	}
	if pieces, ok := placeholderPieces(c, t.path()); ok && t.action == guards.Write && !p.execDirRun(c) {
		// ls d | xargs -I{} cp d/{} ~/.claude/{}: the launcher puts
		// each input there. (find -execdir runs c in each file's own
		// directory, which writes_execdir.go judges.)
		// The path as written is still judged below: a directory the
		// guards block (~/.ssh/{}) is denied whatever the name.
		if held := p.runtimeNameSelf(pieces, env); held != "" {
			report(Ask, fmt.Sprintf("%s %s %s, a name its launcher fills in at run time in a directory that holds %s, which registers agent hooks, configures corral or runs at login", what, verb, t.arg.Raw, held), "blocked")
		}
	}
	if !dir.Known && !strings.HasPrefix(t.path(), "/") && !strings.HasPrefix(t.path(), "~") {
		// Relative to a directory only known at run time: judge it as if in
		// the project, and never allow more than there; and as the same
		// name in the other directories that cd "$(…)" can enter.
		env.Cwd = cfg.Project
		p.unknownCwd(dir, t, report, what, verb)
	}
	norm := guards.Normalize(env, t.path())
	if t.unlinks {
		norm = guards.NormalizeName(env, t.path())
	}
	if !t.derived && !t.unlinks {
		at := t.arg.Start
		if c != nil {
			at = c.Start
		}
		at = topStart(sc, at)
		ord := c
		if ord == nil && sc != nil && sc.Parent != nil {
			// A redirection in a nested script (sh -c 'ln -s ~ m; echo
			// x > m/.bashrc'): its place there orders it after the
			// links made before it (orderInNested), as a call's does.
			ord = &syntax.Call{Script: sc, Start: t.arg.Start, End: t.arg.End}
		}
		for _, alt := range p.alternatives(dir, t, norm.Abs, at, ord) {
			d := t
			d.value, d.derived = alt, true
			if b := path.Base(t.path()); t.action == guards.Delete && c != nil && (what == c.Name && (c.Name == "rm" || c.Name == "unlink") || t.entryLinks) && !strings.HasSuffix(t.path(), "/") && b != "." && b != ".." {
				// rm -rf build/*: a match that is a symbolic link goes
				// as a link (delete_link.go).
				d.unlinks = p.removesLinkOnly(c, syntax.Arg{Value: alt, Raw: alt, Static: true})
			}
			p.judge(c, sc, dir, d, rule, what)
		}
		if t.action == guards.Write && !t.attrs {
			p.judgeUnknownExtractLinks(c, norm.Abs, at, report, what, verb)
		}
	}
	if t.action == guards.Write && !t.attrs {
		p.noteSeenWrite(c, norm.Abs)
	}
	if t.action == guards.Write && !t.attrs && (t.pattern || t.arg.Glob && !t.derived) && syntax.GlobMeta(t.path()) >= 0 && cfg.Paths != nil {
		// A pattern for names run time gives: judged by the protected
		// files it can name, whether or not they are there now.
		opts, pat := t.arg.GlobOpts, norm.Abs
		if held := cfg.Paths.SelfGlob(env, func(abs string) bool { return syntax.GlobMatch(pat, abs, opts) }); held != "" {
			report(Ask, fmt.Sprintf("%s %s %s, a pattern whose names only run time knows and that can name %s, which registers agent hooks, configures corral or runs at login", what, verb, norm.Abs, held), "blocked")
		}
	}
	for _, prot := range cfg.Protected {
		if prot != "" && guards.Within(prot, norm.Abs) {
			if t.attrs {
				verb = "changes the mode or owner of"
			}
			report(Deny, fmt.Sprintf("%s %s %s, which is corral's own configuration, state or program", what, verb, norm.Abs), "blocked")
			return
		}
	}
	if cfg.Paths == nil {
		return
	}
	if t.mount && !(cfg.Home != "" && guards.Within(cfg.Home, norm.Abs) || cfg.Project != "" && guards.Within(cfg.Project, norm.Abs)) {
		return
	}
	if t.attrs {
		d := cfg.Paths.Decide(env, t.path(), guards.Write)
		switch {
		case d.Verdict != guards.Deny:
		case d.Rule == "self-protection" || t.opens:
			report(Deny, fmt.Sprintf("%s changes the mode or owner of %s: %s", what, t.path(), d.Message), d.PathContext)
		case !t.closes:
			// chmod +x .git/hooks/pre-commit turns a hook on; chmod 644
			// ~/.ssh/id_rsa lets others read a key; chown of /etc/sudoers.
			report(Ask, fmt.Sprintf("%s changes the mode or owner of %s: %s", what, t.path(), d.Message), d.PathContext)
		}
		return
	}
	if t.action == guards.Delete && gitLockFile(norm.Abs) {
		return
	}
	if t.action == guards.Write {
		p.judgeHooksDir(norm.Abs, report, what, verb)
	}
	var d guards.Decision
	if t.replaces && t.action == guards.Write {
		d = cfg.Paths.DecideReplace(env, t.path())
	} else if t.unlinks && t.action == guards.Delete {
		d = cfg.Paths.DecideUnlink(env, t.path())
	} else {
		d = cfg.Paths.Decide(env, t.path(), t.action)
	}
	if t.unmount && d.Rule == "outside-safe-path" {
		// A directory that holds a guarded file (umount ~): what it
		// shows under the mount changes too.
		dir := strings.TrimSuffix(norm.Abs, "/*")
		if held := cfg.Paths.SelfGlob(env, func(abs string) bool { return guards.Within(dir, abs) }); held != "" {
			report(Ask, fmt.Sprintf("%s takes a mounted tree away from %s, which holds %s (it registers agent hooks, configures corral or runs at login): what is there changes", what, dir, held), "blocked")
		}
		return
	}
	if t.worktree && d.Rule == "outside-safe-path" || t.treeMember && d.Rule == guards.PyBytecodeRule {
		return
	}
	if t.created {
		own := false
		for _, prot := range cfg.Protected {
			own = own || prot != "" && guards.Within(prot, norm.Abs)
		}
		if !own && !runsCodePath(d, norm.Rel) {
			return // zstd .env makes .env.zst, a new file and no secret's change
		}
	}
	msg := fmt.Sprintf("%s %s %s: %s", what, verb, t.path(), d.Message)
	switch d.Verdict {
	case guards.Deny:
		report(Deny, msg, d.PathContext)
	case guards.Ask:
		// rm -rf "${D:-.git}", : "${D:=.git}"; rm -rf "$D": a value the
		// word can take that deletes a path the project protects asks,
		// as its certain deletion does (other asks of a possible value,
		// a path outside the project, are dropped by judgeMaybe).
		p.mayBeKeep = t.action == guards.Delete && d.Rule == "protected-path"
		report(Ask, msg, d.PathContext)
		p.mayBeKeep = false
	case guards.Warn:
		if !t.hardLink {
			report(Warn, msg, d.PathContext)
		}
	}
}

// landsIn returns where source s lands when copied or moved into the
// directory dest: DEST/NAME for a source named as written; for a pattern
// (cp /tmp/x/*.json DEST/) or a name only run time knows, DEST/ and the
// pattern's last segment (or *), a pattern target.
func landsIn(dest, s syntax.Arg) (target, bool) {
	if !dest.Static {
		return target{}, false
	}
	if s.Static && !s.Glob {
		return target{arg: dest, value: path.Join(dest.Value, path.Base(s.Value)), action: guards.Write}, true
	}
	base := "*"
	if s.Static {
		v := s.Pattern()
		if v == "" {
			v = s.Value
		}
		base = path.Base(strings.TrimSuffix(v, "/"))
	}
	return target{arg: dest, value: strings.TrimSuffix(dest.Value, "/") + "/" + base, action: guards.Write, pattern: syntax.GlobMeta(base) >= 0}, true
}

// maxGlobMatches bounds the matches of one glob that are judged.
const maxGlobMatches = 32

// alternatives lists the other paths a write to abs reaches: the files a
// glob in it matches now (tee .en?, cd .gi? && … > config: bash expands
// them before the command runs), and, through a link made earlier in the
// same command (ln -s .git g && echo > g/config, ln .env e && … > e), the
// file the link points at.
func (p *Pass) alternatives(dir syntax.Dir, t target, abs string, at int, c *syntax.Call) []string {
	var out []string
	// The hook's own working directory is literal even when its name holds
	// glob characters (a directory called "*"): only what the command adds
	// is a pattern.
	pattern, cwd := abs, p.Config.Cwd
	if cwd != "" && cwd != "/" && strings.ContainsAny(cwd, "*?[\\") {
		if rest, ok := strings.CutPrefix(abs, cwd); ok && (rest == "" || rest[0] == '/') {
			pattern = globEscape(cwd) + rest
		}
	}
	// The directory is a pattern only for what the command's own cd added
	// to it, and only for a relative target: an absolute one ignores it.
	added := dir.Path
	if rest, ok := strings.CutPrefix(dir.Path, cwd); ok && cwd != "" && (rest == "" || rest[0] == '/' || cwd == "/") {
		added = rest
	}
	dirGlob := !strings.HasPrefix(t.path(), "/") && strings.ContainsAny(added, "*?[")
	if !p.Config.NoGlobMatches && syntax.GlobMeta(strings.TrimPrefix(abs, cwd)) >= 0 && (t.arg.Glob && syntax.GlobMeta(t.path()) >= 0 || dirGlob) {
		// The file need not exist yet: match its directory and keep the
		// name (cd .gi? && echo > new-file). Matched as bash does under
		// the shell options in force: without dotglob, * skips ~/.bashrc.
		opts := t.arg.GlobOpts
		matches := syntax.GlobFiles(pattern, opts)
		if parent, base := path.Split(pattern); syntax.GlobMeta(base) < 0 {
			dirs := syntax.GlobFiles(strings.TrimSuffix(parent, "/"), opts)
			for _, d := range dirs {
				matches = append(matches, d+"/"+base)
			}
		}
		seen := map[string]bool{abs: true}
		for _, m := range matches {
			if len(out) == maxGlobMatches {
				break
			}
			if dir.Known && t.arg.IgnoresMatch(m, dir.Path) {
				continue // GLOBIGNORE removes it from the expansion
			}
			if !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
		// A link the command made before the word expands is an entry
		// the pattern matches too (ln -s ~/.ssh l9 && rm -rf l*/): bash
		// expands it when the call runs, after the link is made, and
		// what follows the link's name goes through it.
		for _, l := range p.madeLinks() {
			if len(out) >= maxGlobMatches || !l.madeBefore(at, c) {
				continue
			}
			cand, ok := globThroughLink(pattern, l.link, opts)
			if !ok || seen[cand] {
				continue
			}
			seen[cand] = true
			out = append(out, cand)
			if b := path.Base(t.path()); cand == l.link && l.symbolic && t.action == guards.Delete && c != nil && (c.Name == "rm" || c.Name == "unlink") && !strings.HasSuffix(t.path(), "/") && b != "." && b != ".." {
				continue // rm -rf l*: the link itself goes (delete_link.go)
			}
			for _, th := range p.throughLinks(cand, at, c) {
				out = append(out, th)
				if syntax.GlobMeta(th) >= 0 {
					for _, m := range syntax.GlobFiles(th, opts) {
						if len(out) < maxGlobMatches && !seen[m] {
							seen[m] = true
							out = append(out, m)
						}
					}
				}
			}
		}
	}
	if !t.arg.Glob {
		cwd := dir.Path
		if !dir.Known {
			cwd = p.Config.Cwd
		}
		if phys, ok := p.physicalPath(cwd, t.path(), at, c); ok && phys != abs {
			out = append(out, phys)
			out = append(out, p.throughLinks(phys, at, c)...)
		}
	}
	return append(out, p.throughLinks(abs, at, c)...)
}

// globThroughLink reports whether the absolute pattern matches the made
// link's absolute name in its first segments, those holding a glob, and
// returns the path it then names: the link's name followed by the
// pattern's remaining segments (a trailing "/" kept: l*/ names the link's
// target).
func globThroughLink(pattern, link string, opts syntax.GlobOpts) (string, bool) {
	rest, ok := linkGlobRest(pattern, link, opts, true)
	return link + rest, ok
}

// linkGlobRest reports whether the first segments of the absolute
// pattern match the absolute name link (meta: only when they hold a
// glob), and returns the pattern's remaining segments, each after a "/"
// ("" when the pattern ends there).
func linkGlobRest(pattern, link string, opts syntax.GlobOpts, meta bool) (string, bool) {
	ps, ls := strings.Split(pattern, "/"), strings.Split(link, "/")
	if len(ps) < len(ls) || link == "/" || link == "" {
		return "", false
	}
	prefix := strings.Join(ps[:len(ls)], "/")
	if meta && syntax.GlobMeta(prefix) < 0 || !syntax.GlobMatch(prefix, link, opts) {
		return "", false
	}
	if rest := ps[len(ls):]; len(rest) > 0 {
		return "/" + strings.Join(rest, "/"), true
	}
	return "", true
}

// physicalPath returns where the path v, relative to cwd, leads when a
// ".." in it comes after a link the command made before position at:
// the kernel resolves the link first, so the ".." leaves the link's
// target, not the link (ln -s ~/.ssh t; rm -rf t/../.claude removes
// ~/.claude). Links on disk are resolved before each ".." too; ok is
// false when no such ".." follows a made link.
func (p *Pass) physicalPath(cwd, v string, at int, c *syntax.Call) (string, bool) {
	if !strings.Contains(v, "..") {
		return "", false
	}
	var links []madeLink
	for _, l := range p.madeLinks() {
		if l.madeBefore(at, c) {
			links = append(links, l)
		}
	}
	if len(links) == 0 {
		return "", false
	}
	switch {
	case v == "~" || strings.HasPrefix(v, "~/"):
		if p.Config.Home == "" {
			return "", false
		}
		v = p.Config.Home + v[1:]
	case !strings.HasPrefix(v, "/"):
		if cwd == "" {
			return "", false
		}
		v = cwd + "/" + v
	}
	todo := strings.Split(v, "/")
	out := "/"
	linked, moved := false, false
	for hops := 0; len(todo) > 0; {
		seg := todo[0]
		todo = todo[1:]
		switch seg {
		case "", ".":
			continue
		case "..":
			// The directory reached so far, its links on disk resolved.
			out = path.Dir(guards.Normalize(guards.Env{}, out).Abs)
			moved = moved || linked
			continue
		}
		next := path.Join(out, seg)
		found := false
		if hops < maxLinkHops {
			real := guards.Normalize(guards.Env{}, next).Abs
			for _, l := range links {
				if l.link == next || l.link == real {
					hops++
					found, linked = true, true
					todo = append(strings.Split(l.target, "/"), todo...)
					out = "/"
					break
				}
			}
		}
		if !found {
			out = next
		}
	}
	return out, moved
}

// throughLinks returns the paths abs leads to through the links the
// command made before position at (a top-level offset), each step
// resolved again (ln -s . loop; rm -rf loop/loop/*), at most maxLinkHops
// steps.
func (p *Pass) throughLinks(abs string, at int, c *syntax.Call) []string {
	links := p.madeLinks()
	var out []string
	cur := abs
	for hop := 0; hop < maxLinkHops && len(links) > 0; hop++ {
		next := ""
		for _, l := range links {
			if !l.madeBefore(at, c) {
				continue // made after the write, or by it
			}
			if l.unknown {
				continue
			}
			if rest, ok := strings.CutPrefix(cur, l.link); ok && (rest == "" || rest[0] == '/') {
				next = path.Clean(l.target + rest)
				break
			}
		}
		if next == "" || next == cur {
			break
		}
		out = append(out, next)
		cur = next
	}
	return out
}

// maxLinkHops bounds how many links made in the command one path is
// followed through.
const maxLinkHops = 8

// madeLink is a link a command creates: link now names target.
type madeLink struct {
	link, target string
	// unknown: the link's target is only known at run time (target is
	// then empty and the link is not followed, only reported).
	unknown bool
	// symbolic: the link is a symbolic one (ln -s, cp -s, a copy that
	// keeps a symbolic link as one), not a hard link or a mount: rm of
	// its name removes the link alone (delete_link.go).
	symbolic bool
	// end is where the ln call ends in the top-level command
	// (linkMadeAt); call is the ln call.
	end  int
	call *syntax.Call
}

// madeBefore reports whether link l is there for call c, which is at
// position at of the top-level command: made before that position, and
// not by c itself (program code's link is placed at the start of its
// interpreter's call, as its writes are).
func (l madeLink) madeBefore(at int, c *syntax.Call) bool {
	if c != nil && l.call == c {
		return false
	}
	if c != nil && l.call != nil {
		if before, ok := orderInNested(l.call, c); ok {
			return before // sh -c 'ln -s ~ m && rm -rf m/.ssh'
		}
	}
	return l.end <= at
}

// orderInNested orders two calls of the same nested shell script, or of
// scripts nested in one (sh -c 'ln -s ~ m && rm -rf m/.ssh', bash -c
// 'mount --bind ~ m; sh -c "rm -rf m/*"'): before is whether a ends
// before b starts in the innermost script both run in. Positions in the
// top-level command are not enough there, since the whole nested script
// is one call of it. ok is false when that script is the top level, the
// text of program code (whose order corral does not place: linkMadeAt),
// or where the two overlap.
func orderInNested(a, b *syntax.Call) (before, ok bool) {
	type span struct {
		sc         *syntax.Script
		start, end int
	}
	chain := func(c *syntax.Call) []span {
		out := []span{{c.Script, c.Start, c.End}}
		for sc := c.Script; sc != nil && sc.Parent != nil && sc.Runner != nil && sc.Runner.Script == sc.Parent && len(out) < 64; sc = sc.Parent {
			out = append(out, span{sc.Parent, sc.Runner.Start, sc.Runner.End})
		}
		return out
	}
	as, bs := chain(a), chain(b)
	for _, x := range as {
		for _, y := range bs {
			if x.sc != y.sc {
				continue
			}
			if x.sc == nil || x.sc.Parent == nil || x.sc.Origin != "" && !x.sc.FromCode {
				return false, false
			}
			switch {
			case x.end <= y.start:
				return true, true
			case y.end <= x.start:
				return false, true
			}
			return false, false
		}
	}
	return false, false
}

// lnSpec are ln's options that take a value.
var lnSpec = lazy.Value[optSpec]{New: func() optSpec { return copyOptions("ln") }}

// madeLinks lists the links that ln calls of the command create, with
// absolute, normalised paths; a symbolic link's relative target is taken
// from the link's directory, a hard link's from the working directory.
func (p *Pass) madeLinks() []madeLink {
	if p.linkList != nil && p.linkList.model == p.Model {
		return p.linkList.links
	}
	links := p.listLinks()
	p.linkList = &linkCache{model: p.Model, links: links}
	return links
}

// linkCache is madeLinks' result for one model.
type linkCache struct {
	model *syntax.Model
	links []madeLink
}

// listLinks is madeLinks without the cache.
func (p *Pass) listLinks() []madeLink {
	if src := topScript(p.Model.Script).Src; !strings.Contains(src, "ln") && !strings.Contains(src, "cp") && !strings.Contains(src, "mv") && !strings.Contains(src, "rsync") && !strings.Contains(src, "link") && !strings.Contains(src, "bind") && !strings.Contains(src, "mount") &&
		!strings.Contains(src, "tar") && !strings.Contains(src, "zip") && !strings.Contains(src, "7z") && !strings.Contains(src, "jar") {
		return nil
	}
	cfg := p.Config
	var out []madeLink
	for _, c := range p.Model.Calls {
		if links, _, _, ok := p.extractionLinks(c); ok {
			// tar x, unzip, 7z x, jar x: the links the archive's members
			// make (writes_extract_links.go).
			out = append(out, links...)
			continue
		}
		if (c.Name == "mount" || c.Name == "bindfs") && c.Dir.Known {
			// A bind mount shows SRC's tree at DST: what is done under
			// DST is done to SRC (mount --bind ~ a; rm -rf a/*).
			if src, dst, ok := bindMount(c); ok {
				env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
				out = append(out, madeLink{link: guards.Normalize(env, dst).Abs, target: guards.Normalize(env, src).Abs, end: linkMadeAt(c), call: c})
			}
			continue
		}
		if c.Name == "link" && c.Dir.Known {
			// link FILE1 FILE2: FILE2 becomes a hard link to FILE1.
			if srcs := hardLinkSources(c); len(srcs) == 1 {
				_, ops := scan(c.Args, specFor("link"))
				l, tg := c.Args[ops[1]], srcs[0]
				if l.Static && tg.Static && tg.Value != "" && l.Value != "" {
					env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
					out = append(out, madeLink{link: guards.Normalize(env, l.Value).Abs, target: guards.Normalize(env, tg.Value).Abs, end: linkMadeAt(c), call: c})
				}
			}
			continue
		}
		out = append(out, copiedLinks(c, cfg, out)...)
		if c.Name != "ln" && c.Name != "cp" || !c.Dir.Known {
			continue
		}
		opts, ops := scan(c.Args, lnSpec.Get())
		symbolic := has(opts, "s", "symbolic")
		if c.Name == "cp" {
			// cp -s (--symbolic-link) and cp -l (--link) make links to
			// their sources instead of copies, as ln -s and ln do.
			opts, ops = scan(c.Args, specFor("cp"))
			symbolic = has(opts, "s", "symbolic-link")
			if !symbolic && !has(opts, "l", "link") {
				continue
			}
		}
		env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
		var dirArg *syntax.Arg
		for _, o := range find(opts, "t", "target-directory") {
			v := o.val
			dirArg = &v
		}
		var targets []syntax.Arg
		for _, i := range ops {
			targets = append(targets, c.Args[i])
		}
		var linkOf func(tg syntax.Arg) (string, bool)
		switch {
		case dirArg != nil:
			linkOf = func(tg syntax.Arg) (string, bool) {
				return linkName(c, *dirArg, dirArg.Value+"/"+path.Base(tg.Value)), dirArg.Static
			}
		case len(targets) == 1:
			linkOf = func(tg syntax.Arg) (string, bool) { return path.Base(tg.Value), true }
		case len(targets) >= 2:
			last := targets[len(targets)-1]
			targets = targets[:len(targets)-1]
			many := len(targets) > 1 || strings.HasSuffix(last.Value, "/")
			linkOf = func(tg syntax.Arg) (string, bool) {
				if many {
					return linkName(c, last, last.Value+"/"+path.Base(tg.Value)), last.Static
				}
				return linkName(c, last, last.Value), last.Static
			}
		}
		for _, tg := range targets {
			l, ok := linkOf(tg)
			if !ok || tg.Value == "" {
				continue
			}
			link := guards.Normalize(env, l).Abs
			values := []string{tg.Value}
			if p, ok := syntax.ShellProcPath(tg.Value); ok && !tg.Static {
				// ln -s /proc/$$/fd/3 l: the shell's descriptor 3, as
				// /proc/self/fd/3 names it.
				values = []string{p}
			} else if !tg.Static {
				// ln -s "$(command echo ~/.bashrc)" agent_sandbox/x.sh:
				// each value the target word may take (red team 19 PI2),
				// or a link to a place only run time knows.
				values = tg.Candidates()
				if len(values) == 0 || tg.SubstOpen() || tg.Printed || !tg.OneOf {
					out = append(out, madeLink{link: link, unknown: true, symbolic: symbolic, end: linkMadeAt(c), call: c})
				}
			}
			for _, tv := range values {
				if tv == "" {
					continue
				}
				if symbolic && !strings.HasPrefix(tv, "/") {
					tv = path.Dir(link) + "/" + tv
				}
				out = append(out, madeLink{link: link, target: guards.Normalize(env, tv).Abs, symbolic: symbolic, end: linkMadeAt(c), call: c})
			}
		}
	}
	return out
}

// copiedLinks lists the links a copy that keeps links makes (mv; cp
// -P/-d/-a/--no-dereference, or -r without -L/-H; rsync -l/-a without
// -L): a source that is a symbolic link on disk, or one made earlier in
// the command (earlier), arrives as a link with the same target text,
// so a write through the copy reaches that target (red team 15 RG5: cp -P
// /tmp/l agent_sandbox/evil.sh, then a download rewritten into the
// sandbox wrote ~/.bashrc). A relative target on disk is taken from the
// copy's directory, as the kernel resolves it there.
func copiedLinks(c *syntax.Call, cfg *Config, earlier []madeLink) []madeLink {
	if c.Name != "cp" && c.Name != "mv" && c.Name != "rsync" || !c.Dir.Known {
		return nil
	}
	opts, idx := scan(c.Args, copySpec(c.Name))
	if !copyKeepsLinks(c.Name, opts) || len(idx) == 0 {
		return nil
	}
	files := make([]syntax.Arg, 0, len(idx))
	for _, i := range idx {
		files = append(files, c.Args[i])
	}
	env := guards.Env{Project: cfg.Project, Cwd: c.Dir.Path, Home: cfg.Home, Sandbox: cfg.Sandbox}
	var out []madeLink
	for i, l := range symlinkNames(c, opts, files) {
		src := files[i]
		if !l.Static || l.Glob || !src.Static || src.Glob || i >= len(files)-1 && len(find(opts, "t", "target-directory")) == 0 {
			continue
		}
		dest := files[len(files)-1]
		for _, o := range find(opts, "t", "target-directory") {
			dest = o.val
		}
		dst := guards.NormalizeName(env, linkName(c, dest, l.Value)).Abs
		name := guards.NormalizeName(env, strings.TrimSuffix(src.Value, "/")).Abs
		target, sym := "", true
		for _, e := range earlier {
			if e.link == name || e.link == guards.Normalize(env, src.Value).Abs {
				target, sym = e.target, e.symbolic
			}
		}
		if target == "" {
			sym = true
			fi, err := os.Lstat(name)
			if err != nil || fi.Mode()&os.ModeSymlink == 0 {
				continue
			}
			text, err := os.Readlink(name)
			if err != nil {
				continue
			}
			if !strings.HasPrefix(text, "/") {
				text = path.Dir(dst) + "/" + text
			}
			target = guards.Normalize(env, text).Abs
		}
		if dst != "" && target != "" {
			out = append(out, madeLink{link: dst, target: target, symbolic: sym, end: linkMadeAt(c), call: c})
		}
	}
	return out
}

// copySpec is the option table of a copy program that can keep links.
func copySpec(name string) optSpec {
	if name == "rsync" {
		return rsyncSpec.Get()
	}
	return specFor(name)
}

// copyKeepsLinks reports whether a copy program given opts copies a
// symbolic link named on its command line as a link: mv always; GNU cp
// with -P/-d/-a/--no-dereference/--archive, or -r/-R without them, unless
// a later -L/-H/--dereference follows links again (the last of these
// options wins); rsync with -l/-a unless -L/--copy-links (or
// --copy-unsafe-links, which copies links that leave the tree: a link
// named on the command line always does).
func copyKeepsLinks(name string, opts []option) bool {
	switch name {
	case "mv":
		return true
	case "cp":
		keep, set := false, false
		for _, o := range opts {
			switch o.name {
			case "P", "d", "a", "no-dereference", "archive":
				keep, set = true, true
			case "L", "H", "dereference":
				keep, set = false, true
			}
		}
		if !set {
			return has(opts, "r", "R", "recursive")
		}
		return keep
	case "rsync":
		return has(opts, "l", "a", "links", "archive") && !has(opts, "L", "copy-links", "copy-unsafe-links")
	}
	return false
}

// socatWrites returns the files a socat address writes: a CREATE:
// address always, another file address when it receives for certain (the
// second of -u, the first of -U) or its options create, append to or
// truncate it (,creat ,append ,trunc). A bidirectional file address
// without those (socat FILE:/dev/ttyUSB0,b115200 STDIO) is left out.
func socatWrites(c *syntax.Call) []target {
	a, b, u, rev, ok := socatAddrs(c)
	if !ok {
		return nil
	}
	var out []target
	for i, addr := range []syntax.Arg{a, b} {
		file, _, p := socatKind(addr)
		if !file || p == "" {
			continue
		}
		up := strings.ToUpper(addr.Value)
		opts := strings.ToLower(addr.Value)
		// Without -u or -U data flows both ways: socat - FILE writes
		// what stdin gives into FILE, opened for reading and writing
		// (socat - ~/.bashrc, socat - /dev/fd/3 after exec 3<~/.bashrc).
		// A device (socat - /dev/ttyUSB0) is a conversation, not a file
		// the write lands in.
		_, fd := c.Route(p)
		both := !u && !rev && (fd || !strings.HasPrefix(p, "/dev/"))
		receives := i == 1 && u || i == 0 && rev || both
		if strings.HasPrefix(up, "CREATE:") || strings.HasPrefix(up, "CREAT:") || receives ||
			strings.Contains(opts, ",creat") || strings.Contains(opts, ",append") || strings.Contains(opts, ",trunc") {
			out = append(out, target{arg: addr, value: p, action: guards.Write})
		}
	}
	return out
}

// bindMount reads a bind mount: mount --bind/-B, --rbind/-R or -o bind
// (rbind) SRC DST (mount(8)), and bindfs [OPTIONS] SRC DST (its -o, -u,
// -g, -p, -m, -M take a value). ok is false for any other mount, or when
// SRC or DST is only known at run time.
func bindMount(c *syntax.Call) (src, dst string, ok bool) {
	bind := c.Name == "bindfs"
	var ops []syntax.Arg
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case v == "--bind" || v == "-B" || v == "--rbind" || v == "-R":
			bind = true
		case v == "-o" || v == "--options" || v == "-t" || v == "--types" || v == "-L" || v == "-U" ||
			c.Name == "bindfs" && len(v) == 2 && strings.Contains("ugpmM", v[1:]):
			if i+1 < len(c.Args) {
				i++
				if v == "-o" || v == "--options" {
					for _, o := range strings.Split(c.Args[i].Value, ",") {
						bind = bind || o == "bind" || o == "rbind"
					}
				}
			}
		case strings.HasPrefix(v, "-o") && c.Name == "mount":
			for _, o := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(v, "-o"), "="), ",") {
				bind = bind || o == "bind" || o == "rbind"
			}
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, a)
		}
	}
	if !bind || len(ops) != 2 || !ops[0].Static || !ops[1].Static {
		return "", "", false
	}
	return ops[0].Value, ops[1].Value, true
}

// callEnd returns where c ends in the top-level command: a call in a
// script that program code runs (python3 -c 'os.symlink(…)') ends where
// the call that runs it does, not where the whole command does.
func callEnd(c *syntax.Call) int {
	start, end, sc := c.Start, c.End, c.Script
	for sc.Parent != nil && sc.Host == nil && sc.Runner != nil && sc.Runner.Script == sc.Parent {
		start, end, sc = sc.Runner.Start, sc.Runner.End, sc.Parent
	}
	_, end = topSpanOf(sc, start, end)
	return end
}

// topStart is where the call that starts at start in sc begins in the
// top-level command: a call of program code (a script its interpreter
// runs from the code's calls, not from a word) is at the start of the
// interpreter's call, so that a link the command made before it counts.
func topStart(sc *syntax.Script, start int) int {
	for sc.Parent != nil && sc.Host == nil && sc.Runner != nil && sc.Runner.Script == sc.Parent {
		start, sc = sc.Runner.Start, sc.Parent
	}
	s, _ := topSpanOf(sc, start, start)
	return s
}

// linkMadeAt is the position from which a link call c makes counts: the
// end of its top-level call; for program code's link call (os.symlink,
// fs.symlinkSync, read as ln), the start of the interpreter's call, so
// that the program's own writes through the link are followed (the code
// runs in the order corral does not place within one call: a write
// before the link in the code is taken as through it too).
func linkMadeAt(c *syntax.Call) int {
	if sc := c.Script; sc != nil && sc.Parent != nil && sc.Host == nil && sc.Origin != "" && sc.Runner != nil {
		return topStart(sc, c.Start)
	}
	return callEnd(c)
}

// stripRuntime returns v with its run-time pieces ($X, ${X}, $(…), `…`)
// left out: the value they give when empty. It returns "" when nothing
// is left out.
func stripRuntime(v string) string {
	pieces, ok := runtimePieces(v)
	if !ok {
		return ""
	}
	return strings.Join(pieces, "")
}

// gitLockFile reports a lock file inside a .git directory (index.lock,
// HEAD.lock, refs/heads/x.lock): git leaves one behind when it is killed,
// and deleting it is the documented way out ("remove the file manually to
// continue"); it holds no data.
func gitLockFile(abs string) bool {
	if !strings.HasSuffix(abs, ".lock") {
		return false
	}
	dir, _ := path.Split(abs)
	for _, seg := range strings.Split(dir, "/") {
		if seg == ".git" {
			return true
		}
	}
	return false
}

// placeholder reports whether a word {} in call c (or, for a redirection,
// c is nil, in script sc) is replaced at run time: the call's arguments are
// completed by find -exec, xargs or parallel, or the script is one that
// such a call runs (find . -exec sh -c 'cat > {}' \;). Elsewhere {} is a
// file name like any other (: > {} writes a file named {}).
func (p *Pass) placeholder(c *syntax.Call, sc *syntax.Script) bool {
	if c != nil {
		return c.ExtraArgs
	}
	for s := sc; s != nil && s.Parent != nil; s = s.Parent {
		for _, host := range p.Model.Calls {
			if host.ExtraArgs && host.Script == s.Parent && s.Host != nil && host.Start <= s.Host.Start && s.Host.End <= host.End {
				return true
			}
		}
	}
	return false
}

func topSpanOf(sc *syntax.Script, start, end int) (int, int) { return topSpan(sc, start, end) }

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// globEscape quotes the glob characters of a literal path for
// filepath.Glob.
func globEscape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune("*?[\\", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// judgeRecoverable judges a move to the desktop's trash (gio trash,
// trash-put): only what the path guards refuse to let go — the agents'
// settings, corral's own files, shell start-up files, protected project
// paths such as .git's configuration and hooks — and trees holding such
// files; moving one away switches a guard off as deleting it does.
func (p *Pass) judgeRecoverable(c *syntax.Call, d deletion) {
	cfg := p.Config
	if cfg.Paths == nil || !d.arg.Static || d.arg.Glob || !c.Dir.Known {
		return
	}
	abs := c.Dir.Join(d.arg.Value).Path
	if dec := cfg.Paths.Decide(p.guardsEnv(c.Dir), abs, guards.Delete); dec.Verdict == guards.Deny {
		p.Report(c, Finding{Rule: "bash-delete", Decision: Deny, PathContext: "blocked",
			Message: fmt.Sprintf("%s moves %s to the trash, away from where it works: %s", d.verb, abs, dec.Message)})
		return
	}
	p.judgeSelfReached(c, []syntax.Arg{d.arg}, "", false, guards.Delete, false, "bash-delete", d.verb)
}

// mktempTargets is the file (or directory, -d) mktemp creates: its
// TEMPLATE (tmp.XXXXXXXXXX when none is given) with the trailing X's
// replaced, in -p/--tmpdir's directory, else, with -t, -p, --tmpdir or
// no template, in $TMPDIR (GNU mktemp), else as the template is
// written, with --suffix's text after it. -u (--dry-run) creates
// nothing. It is a new file of a name no program reads, so, as gzip's
// NAME.gz, it is judged only where making a file runs code or touches
// corral's own files (mktemp --suffix=.desktop
// ~/.config/autostart/XXXX runs at login; mktemp ~/.ssh/XXX changes no
// key). $TMPDIR only run time knows is the user's (a temporary
// directory), as an unset one is /tmp.
func mktempTargets(c *syntax.Call) []target {
	// --tmpdir takes its value only attached (--tmpdir=DIR).
	args := make([]syntax.Arg, 0, len(c.Args))
	tmpdirVal := -1
	for i, a := range c.Args {
		if strings.HasPrefix(a.Value, "--tmpdir=") {
			tmpdirVal = i
			a.Value = "--tmpdir"
		}
		args = append(args, a)
	}
	opts, idx := scan(args, optSpec{shortVal: "p", longVal: longOpts("suffix"),
		longFlag: longOpts("directory", "dry-run", "quiet", "tmpdir", "help", "version"), longEq: true, abbrev: true})
	if has(opts, "u", "dry-run", "help", "version") {
		return nil
	}
	if tmpdirVal >= 0 {
		a := c.Args[tmpdirVal]
		v, _ := strings.CutPrefix(a.Value, "--tmpdir=")
		opts = append(opts, option{name: "tmpdir", long: true, hasVal: true, val: syntax.Arg{Value: v, Raw: v, Static: a.Static}})
	}
	tmpl := syntax.Arg{Value: "tmp.XXXXXXXXXX", Raw: "tmp.XXXXXXXXXX", Static: true}
	given := false
	if len(idx) > 0 {
		tmpl, given = c.Args[idx[len(idx)-1]], true
	}
	dir, useDir := "", !given || has(opts, "t")
	for _, o := range find(opts, "p", "tmpdir") {
		useDir = true
		if o.hasVal {
			if !o.val.Static {
				return nil // a directory only run time knows
			}
			dir = o.val.Value
		}
	}
	if useDir && dir == "" {
		v, set, known := callEnv(c, "TMPDIR")
		switch {
		case set && !known:
			return nil
		case set && v != "":
			dir = v
		default:
			dir = "/tmp"
		}
	}
	t := tmpl
	if useDir && !strings.HasPrefix(tmpl.Value, "/") {
		t.Value = strings.TrimSuffix(dir, "/") + "/" + tmpl.Value
		t.Raw = t.Value
		t.Static = tmpl.Static && !strings.Contains(dir, "$")
	}
	for _, o := range find(opts, "suffix") {
		// --suffix=.desktop: the name ends with it.
		t.Value += o.val.Value
		t.Raw = t.Value
		t.Static = t.Static && o.val.Static
	}
	if !t.Static {
		return nil
	}
	return []target{{arg: t, action: guards.Write, created: true}}
}
