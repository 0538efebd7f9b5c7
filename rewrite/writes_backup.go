package rewrite

import (
	"os"
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Backup copies. A program that keeps the old content of a file it
// replaces renames that file to a second name it derives from the first,
// and that name is a write as much as the file's own: sed -i'../.git/*'
// s/x/y/ f renames f to ../.git/f, cp -b -S rc x .bash renames .bash to
// .bashrc. Each backup name is judged by the path guards as the write of
// that path (the findings say "(backup copy)").
//
// How each program forms the name, checked against the real programs
// (GNU sed 4.9, perl 5.36, ruby 3.1, coreutils 9.1, GNU patch 2.7.6;
// TestBackupNamesOracle):
//   - sed -i[SUFFIX], --in-place[=SUFFIX] and perl -i[SUFFIX]: with no
//     "*" the name is FILE+SUFFIX; each "*" is replaced by FILE as given
//     (sed -i'bak/*' d/f renames d/f to bak/d/f, relative to the working
//     directory); sed's lone "*" and an empty suffix keep no backup. A
//     "/" in a suffix without "*" makes FILE+SUFFIX a path through the
//     regular file FILE, which the kernel refuses (ENOTDIR): no backup.
//   - ruby -i[SUFFIX]: FILE+SUFFIX, "*" is no special character.
//   - cp, mv, ln, install with -b, --backup[=CONTROL], -S SUFFIX or
//     --suffix=SUFFIX (-S alone turns backups on): FILE+SUFFIX beside the
//     destination, SUFFIX from -S/--suffix, else SIMPLE_BACKUP_SUFFIX,
//     else "~"; one with a "/" (or empty) is replaced by "~". CONTROL, or
//     VERSION_CONTROL for -b and -S, picks simple (FILE+SUFFIX), numbered
//     (FILE.~N~, judged as FILE.~1~) or existing (either); none/off
//     keeps no backup.
//   - patch: -b, -B PREFIX, -Y PREFIX, -z SUFFIX and, unless
//     --no-backup-if-mismatch, every file a hunk patches inexactly:
//     FILE.orig, FILE+SUFFIX (-z, SIMPLE_BACKUP_SUFFIX), FILE.~N~
//     (-V numbered, PATCH_VERSION_CONTROL, VERSION_CONTROL); -B and -Y
//     were already followed (writes_diff.go).
//   - rsync -b/--backup with --backup-dir=DIR and --suffix=SUFFIX: the
//     files replaced or deleted under the destination are moved into DIR
//     (relative to the destination), which is judged as a directory
//     written; without DIR, beside each file with SUFFIX ("~").
//   - tar -x --backup[=CONTROL] or --suffix=SUFFIX: each listed member's
//     old file, named as cp names it (GNU tar 1.34 keeps a suffix with a
//     "/", and the rename then fails).
//
//   - perl's $^I set in the code (BEGIN{$^I = "rc"}, of -e/-E or of the
//     script file read at hook time) names the backups as -i does, with
//     or without -i; a value the code computes is a suffix only run time
//     knows.
//   - sed --follow-symlinks: the backup lies beside the file the link
//     reaches (read on disk), named after that file's name as sed joins
//     it (the link's directory and a relative target, not cleaned).
//   - numbered backups: FILE.~N~ with N one more than the highest there,
//     judged as FILE.~1~ and as the pattern FILE.~[1-9]*~.
//
// A suffix only run time knows (sed -i"$X", cp -S "$S",
// SIMPLE_BACKUP_SUFFIX=$(cat f) cp -b) is judged as the guards judge any
// target only known at run time: for sed and perl, where a "*" can send
// the backup anywhere, as the word itself ("$X": asked about when a
// program printed it, not judged when it comes from the environment), as
// FILE"$X", and as the pattern FILE* of the names it can make (asked
// about when it can name a file that runs at login or configures the
// agent: ~/.bash* can be ~/.bashrc).

// backupStyle is how a program derives a backup's name from a file's.
type backupStyle int

const (
	// backupStar: FILE+SUFFIX, or SUFFIX with each "*" replaced by FILE
	// (sed, perl).
	backupStar backupStyle = iota
	// backupAppend: FILE+SUFFIX, nothing special in SUFFIX, one with a
	// "/" failing (ruby, patch, rsync, tar).
	backupAppend
	// backupCoreutils: FILE+SUFFIX, a SUFFIX that is empty or holds a "/"
	// replaced by "~" (cp, mv, ln, install: gnulib's backupfile).
	backupCoreutils
)

// backupSuffix is a suffix a program may use: its value and the word it
// comes from (a run-time one when !static).
type backupSuffix struct {
	arg    syntax.Arg
	value  string
	static bool
	// fromEnv: the suffix is an environment variable's value, whose
	// word is no run-time target of its own.
	fromEnv bool
}

// backupPlan is how one call names its backups.
type backupPlan struct {
	style    backupStyle
	suffixes []backupSuffix // simple backups, one name per suffix
	numbered bool           // FILE.~N~ too
}

// backupsOf returns the backup files plan makes of the files ts writes.
func backupsOf(ts []target, plan backupPlan) []target {
	var out []target
	for _, t := range ts {
		if t.action != guards.Write || t.attrs || t.mount || t.hardLink || t.backup {
			continue
		}
		name := t.path()
		if name == "" || name == "-" || strings.HasSuffix(name, "/") {
			continue
		}
		for _, s := range plan.suffixes {
			out = append(out, backupNamed(t, name, s, plan.style)...)
		}
		if plan.numbered {
			// FILE.~N~, N one more than the highest on disk: .~1~, and
			// any N as a pattern.
			b := t
			b.value, b.replaces, b.created, b.backup = name+".~1~", true, false, true
			out = append(out, b)
			if t.arg.Static {
				b.value, b.pattern, b.derived = globEscape(name)+".~[1-9]*~", true, true
				out = append(out, b)
			}
		}
	}
	return out
}

// backupNamed returns the backup of the file name (target t) with suffix s.
func backupNamed(t target, name string, s backupSuffix, style backupStyle) []target {
	b := t
	b.replaces, b.created, b.backup = true, false, true
	if !s.static {
		// A suffix only run time knows: judged as the run-time target it
		// makes, with the suffix's word (its variables, what printed
		// them) as the word written.
		b.arg, b.derived = s.arg, true
		var out []target
		if style == backupStar && !s.fromEnv {
			w := b
			w.value = s.value
			out = append(out, w)
		}
		if t.arg.Static {
			// FILE+anything: a pattern judged by the files it can
			// name (SIMPLE_BACKUP_SUFFIX=$(cat f) cp -b x ~/.bash can
			// make ~/.bashrc).
			p := b
			p.arg, p.value, p.pattern = t.arg, globEscape(name)+"*", true
			out = append(out, p)
		}
		b.value = name + s.value
		return append(out, b)
	}
	v := s.value
	switch style {
	case backupStar:
		if v == "" || v == "*" {
			return nil
		}
		if strings.Contains(v, "*") {
			b.value = strings.ReplaceAll(v, "*", name)
			if strings.HasPrefix(b.value, "~") && t.arg.Static {
				// Neither sed nor perl expands a "~": a directory named so.
				b.value = "./" + b.value
			}
			if b.value == name {
				return nil
			}
			return []target{b}
		}
		if strings.Contains(v, "/") {
			return nil // FILE/…: through a regular file, ENOTDIR
		}
	case backupAppend:
		if v == "" || strings.Contains(v, "/") {
			return nil
		}
	case backupCoreutils:
		if v == "" || strings.Contains(v, "/") {
			v = "~"
		}
	}
	b.value = name + v
	return []target{b}
}

// callEnv returns the value the program c starts gets for the variable
// name as far as the command sets it: set reports that the command sets
// (or unsets) it, known that the value is known. A variable the command
// leaves alone is the user's own environment, taken as unset.
func callEnv(c *syntax.Call, name string) (val string, set, known bool) {
	pre := c.PreWords()
	for i := len(pre) - 1; i >= 0; i-- {
		// env NAME=value cmd: a word of the wrapper's.
		if v, ok := strings.CutPrefix(pre[i].Value, name+"="); ok && pre[i].Static {
			return v, true, true
		}
	}
	for _, e := range c.EnvSet {
		if e.Name == name {
			return e.Value, true, true
		}
	}
	if slices.Contains(c.EnvChanged, name) {
		return "", true, false
	}
	return "", false, true
}

// envSuffix is the suffix of the environment variable name, when the
// command sets it: ok is false when it does not.
func envSuffix(c *syntax.Call, name string) (backupSuffix, bool) {
	val, set, known := callEnv(c, name)
	if !set {
		return backupSuffix{}, false
	}
	if known {
		return backupSuffix{arg: syntax.Arg{Value: val, Raw: name + "=" + val, Static: true, Start: c.Start, End: c.End}, value: val, static: true}, true
	}
	word := "${" + name + "}"
	return backupSuffix{arg: syntax.Arg{Value: word, Raw: word, Start: c.Start, End: c.End}, value: word, fromEnv: true}, true
}

// optionSuffixes returns the suffixes an option's value can be: its
// value, each of the values different paths give it, or one only run
// time knows.
func optionSuffixes(o option) []backupSuffix {
	if o.val.Static {
		return []backupSuffix{{arg: o.val, value: o.val.Value, static: true}}
	}
	if oneOf(o.val) {
		var out []backupSuffix
		for _, r := range candidateArgs(o.val) {
			if v, ok := strings.CutPrefix(r.Value, o.prefix); ok {
				out = append(out, backupSuffix{arg: r, value: v, static: true})
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return []backupSuffix{{arg: o.val, value: o.val.Value}}
}

// inPlaceBackups returns the backups sed -i, perl -i and ruby -i keep of
// the files ts they edit in place: the last -i's (or --in-place=)
// suffix.
func inPlaceBackups(c *syntax.Call, opts []option, ts []target) []target {
	var last *option
	for i := range opts {
		o := &opts[i]
		if (o.name == "i" || o.name == "in-place") && o.ambiguous == nil {
			last = o
		}
	}
	var suffixes []backupSuffix
	if last != nil && last.hasVal {
		suffixes = optionSuffixes(*last)
	}
	// perl's $^I set in the code: its values too (-i's until the code
	// runs, the code's after).
	suffixes = append(suffixes, perlCodeSuffixes(c, opts)...)
	if len(suffixes) == 0 {
		return nil
	}
	style := backupStar
	if c.Name == "ruby" {
		style = backupAppend
	}
	if (c.Name == "sed" || c.Name == "gsed") && has(opts, "follow-symlinks") {
		ts = followedEdits(c, ts)
	}
	return backupsOf(ts, backupPlan{style: style, suffixes: suffixes})
}

// followedEdits returns the files sed --follow-symlinks edits in place
// of the links ts name: sed reads each link (on disk at hook time) and
// puts the backup beside the file it reaches, named after that file's
// name as sed builds it: the link's directory joined to a relative
// target, not cleaned (ln -s ../d/f x/l; sed --follow-symlinks -irc …
// x/l keeps x/../d/frc). A name that is no link stays.
func followedEdits(c *syntax.Call, ts []target) []target {
	out := make([]target, 0, len(ts))
	for _, t := range ts {
		name := t.path()
		if !t.arg.Static || name == "" {
			out = append(out, t)
			continue
		}
		for range maxLinkHops {
			d := c.Dir.Join(name)
			if !d.Known {
				break
			}
			to, err := os.Readlink(d.Path)
			if err != nil || to == "" {
				break
			}
			if !strings.HasPrefix(to, "/") {
				if i := strings.LastIndex(name, "/"); i >= 0 {
					to = name[:i+1] + to
				}
			}
			name = to
		}
		if name != t.path() {
			t.value, t.derived = name, true
		}
		out = append(out, t)
	}
	return out
}

// versionControl reads a backup CONTROL word as gnulib's backupfile does
// (any unambiguous prefix of a method's name): simple and numbered
// report the names it makes, none that it keeps no backup. A method
// corral does not know (a value only run time knows, a misspelling,
// which makes the program fail) is taken as both names.
func versionControl(v string, static bool) (simple, numbered bool) {
	if !static || v == "" {
		return true, true
	}
	methods := []struct {
		name             string
		simple, numbered bool
	}{
		{"none", false, false}, {"off", false, false},
		{"simple", true, false}, {"never", true, false},
		{"existing", true, true}, {"nil", true, true},
		{"numbered", false, true}, {"t", false, true},
	}
	var found []int
	for i, m := range methods {
		if m.name == v {
			return m.simple, m.numbered
		}
		if strings.HasPrefix(m.name, v) {
			found = append(found, i)
		}
	}
	if len(found) == 1 {
		return methods[found[0]].simple, methods[found[0]].numbered
	}
	return true, true
}

// envControl is the method a variable of the environment names, when
// the command sets it; (true, true) for the default, existing.
func envControl(c *syntax.Call, names ...string) (simple, numbered bool) {
	for _, n := range names {
		if val, set, known := callEnv(c, n); set {
			if known && val == "" {
				continue
			}
			return versionControl(val, known)
		}
	}
	return true, true
}

// copyBackups returns the backups cp, mv, ln and install keep of the
// files ts they replace, with -b, --backup[=CONTROL], -S or --suffix.
func copyBackups(c *syntax.Call, ts []target) []target {
	opts, _ := scan(c.Args, specFor(c.Name))
	if c.Name == "install" && has(opts, "d", "directory") {
		return nil
	}
	on := false
	var control *option
	var suffix *option
	for i := range opts {
		o := &opts[i]
		if o.ambiguous != nil {
			continue
		}
		switch o.name {
		case "b":
			on = true
		case "backup":
			on = true
			if o.hasVal {
				control = o
			}
		case "S", "suffix":
			if o.hasVal {
				on, suffix = true, o
			}
		}
	}
	if !on {
		return nil
	}
	plan := backupPlan{style: backupCoreutils}
	plan.controlled(c, control, suffix)
	return backupsOf(ts, plan)
}

// controlled sets the plan's names as GNU's backup code (cp, mv, ln,
// install, patch) picks them: the version control of the option, else
// VERSION_CONTROL; a simple backup's suffix from the option, else
// SIMPLE_BACKUP_SUFFIX, else ~.
func (plan *backupPlan) controlled(c *syntax.Call, control, suffix *option) {
	simple, numbered := envControl(c, "VERSION_CONTROL")
	if control != nil {
		simple, numbered = versionControl(control.val.Value, control.val.Static)
	}
	plan.numbered = numbered
	if !simple {
		return
	}
	switch {
	case suffix != nil:
		plan.suffixes = optionSuffixes(*suffix)
	default:
		if s, ok := envSuffix(c, "SIMPLE_BACKUP_SUFFIX"); ok {
			plan.suffixes = []backupSuffix{s}
		} else {
			plan.suffixes = []backupSuffix{{value: "~", static: true}}
		}
	}
}

// patchBackupPlan is how GNU patch names the backups of the files it
// patches besides -B and -Y (writes_diff.go): -z SUFFIX, else
// SIMPLE_BACKUP_SUFFIX, else ".orig"; numbered ones under -V numbered,
// PATCH_VERSION_CONTROL or VERSION_CONTROL. patch keeps a backup with
// -b and, unless --no-backup-if-mismatch or POSIXLY_CORRECT, of each file
// a hunk does not patch exactly, which corral cannot tell: so always,
// but then.
func patchBackupPlan(c *syntax.Call, opts []option) (backupPlan, bool) {
	plan := backupPlan{style: backupAppend}
	if !has(opts, "b", "backup") {
		if given(opts, "no-backup-if-mismatch") {
			return plan, false
		}
		if _, set, _ := callEnv(c, "POSIXLY_CORRECT"); set && !has(opts, "backup-if-mismatch") {
			return plan, false
		}
	}
	simple, numbered := envControl(c, "PATCH_VERSION_CONTROL", "VERSION_CONTROL")
	if vs := find(opts, "V", "version-control"); len(vs) > 0 {
		v := vs[len(vs)-1].val
		simple, numbered = versionControl(v.Value, v.Static)
	}
	plan.numbered = numbered
	if !simple {
		return plan, true
	}
	if zs := find(opts, "z", "suffix"); len(zs) > 0 {
		plan.suffixes = optionSuffixes(zs[len(zs)-1])
	} else if s, ok := envSuffix(c, "SIMPLE_BACKUP_SUFFIX"); ok {
		plan.suffixes = []backupSuffix{s}
	} else {
		plan.suffixes = []backupSuffix{{value: ".orig", static: true}}
	}
	return plan, true
}

// rsyncBackups returns where rsync -b/--backup keeps the files it
// replaces or deletes in the destination dest: under --backup-dir DIR
// (relative to dest), judged as files written anywhere in it; or beside
// them with --suffix (default "~"), each target's name with it.
func rsyncBackups(c *syntax.Call, opts []option, dest syntax.Arg, ts []target) []target {
	dirs := find(opts, "backup-dir")
	if !has(opts, "b", "backup") && len(dirs) == 0 {
		return nil
	}
	if len(dirs) > 0 {
		d := dirs[len(dirs)-1].val
		arg, v := d, d.Value
		if !strings.HasPrefix(v, "/") && !(!d.Static && strings.HasPrefix(v, "$")) {
			// Relative to the destination directory; a "~" in
			// --backup-dir=~/x is no tilde to bash or rsync. A value
			// that starts with a variable may be absolute: judged as
			// it is.
			base := strings.TrimSuffix(dest.Value, "/")
			if base == "" {
				base = "."
			}
			v = base + "/" + v
			if !dest.Static {
				arg = dest
			}
		}
		return []target{{arg: arg, value: strings.TrimSuffix(v, "/") + "/*", action: guards.Write, replaces: true, backup: true}}
	}
	plan := backupPlan{style: backupAppend, suffixes: []backupSuffix{{value: "~", static: true}}}
	if ss := find(opts, "suffix"); len(ss) > 0 {
		plan.suffixes = optionSuffixes(ss[len(ss)-1])
	}
	return backupsOf(ts, plan)
}

// patchBackups returns the backups GNU patch keeps of the files ts it
// patches. -B PREFIX and -Y PREFIX name them PREFIX+FILE and
// DIR/PREFIX+NAME, without a suffix; a prefix only run time knows is
// judged as the run-time target it makes. namesDone reports that the
// static prefixes were applied to the names already (diffTargets, which
// applies them before -d places the names).
func patchBackups(c *syntax.Call, opts []option, ts []target, namesDone bool) []target {
	pre, base := find(opts, "B", "prefix"), find(opts, "Y", "basename-prefix")
	if len(pre) == 0 && len(base) == 0 {
		plan, ok := patchBackupPlan(c, opts)
		if !ok {
			return nil
		}
		return backupsOf(ts, plan)
	}
	var out []target
	for _, t := range ts {
		if t.action != guards.Write || t.backup {
			continue
		}
		name := t.path()
		for _, o := range pre {
			if o.val.Static && namesDone {
				continue
			}
			b := t
			b.value, b.replaces, b.backup = o.val.Value+name, true, true
			if !o.val.Static {
				b.arg, b.derived = o.val, true
			}
			out = append(out, b)
		}
		for _, o := range base {
			if o.val.Static && namesDone {
				continue
			}
			b := t
			b.value, b.replaces, b.backup = path.Join(path.Dir(name), o.val.Value+path.Base(name)), true, true
			if !o.val.Static {
				b.arg, b.derived = o.val, true
			}
			out = append(out, b)
		}
	}
	return out
}

// tarBackupPlan is how GNU tar names the backup of a file an extraction
// replaces, with --backup[=CONTROL] or --suffix=SUFFIX (which turns
// backups on): FILE+SUFFIX (--suffix, else SIMPLE_BACKUP_SUFFIX, else
// "~"; tar 1.34 keeps a suffix with a "/", and the rename through the
// member fails), or FILE.~N~ as CONTROL or VERSION_CONTROL says.
func tarBackupPlan(c *syntax.Call) (backupPlan, bool) {
	plan := backupPlan{style: backupAppend}
	switch c.Name {
	case "tar", "gtar":
	default:
		return plan, false
	}
	opts, _ := scan(syntax.TarArgs(c.Args), specFor("tar"))
	on := false
	var control, suffix *option
	for i := range opts {
		o := &opts[i]
		switch {
		case o.ambiguous != nil || !o.long:
		case o.name == "backup":
			on = true
			if o.hasVal {
				control = o
			}
		case o.name == "suffix" && o.hasVal:
			on, suffix = true, o
		}
	}
	if !on {
		return plan, false
	}
	plan.controlled(c, control, suffix)
	return plan, true
}

// appendedBackups returns, as affixes around the path, the names of the
// backups a call keeps of the operands xargs appends to it (… | xargs
// sed -i'.git/hooks/*' s/a/b/ writes .git/hooks/PATH): the backups of a
// stand-in operand, where its one appearance is the path.
func appendedBackups(c *syntax.Call) []affix {
	const mark = "\x00"
	t := []target{{arg: syntax.Arg{Value: mark, Raw: mark, Static: true}, action: guards.Write}}
	var bs []target
	switch c.Name {
	case "sed", "perl":
		opts, _ := scan(c.Args, specFor(c.Name))
		bs = inPlaceBackups(c, opts, t)
	case "cp", "mv", "install", "ln":
		bs = copyBackups(c, t)
	}
	var out []affix
	for _, b := range bs {
		if v := b.path(); b.arg.Static && strings.Count(v, mark) == 1 {
			pre, suf, _ := strings.Cut(v, mark)
			out = append(out, affix{pre, suf})
		}
	}
	return out
}
