package syntax

import (
	"path/filepath"
	"strings"

	"github.com/google/shlex"
)

// Editors the command chooses (red team 16 ED1, GE1). A program that
// lets the user edit a file runs the editor as shell text with the file
// appended: git runs sh -c 'EDITOR "$@"' EDITOR FILE (run-command.c,
// prepare_shell_cmd), crontab(1), visudo, vipw and systemctl edit run
// EDITOR FILE the same way. An editor that is a plain program (cp F,
// tee, sed -i …) is then a writer of that file, and the file is what
// the program acts on: git's configuration, the rebase todo whose exec
// lines run at once, the .envrc direnv edit allows, a systemd unit,
// /etc/sudoers, /etc/passwd, ~/.npmrc. The editor's text is judged as a
// nested command with the file as its last word, so GIT_EDITOR='cp F'
// git config --edit is cp F .git/config and judged as that write is.
// Only an editor the command itself sets is read so (a prefix, an
// export, env NAME=…, git -c core.editor=…, an earlier git config
// core.editor X, a program's --editor option): the user's own editor is
// interactive and theirs. A commit, tag or merge message file is data:
// its editor is judged as its own text, as before.

// editTarget is a file a program hands the editor it runs.
type editTarget struct {
	// program names the editing command in findings (git config --edit).
	program string
	// file is the file the editor is given, absolute; "" when the
	// program installs a file only run time names (install says what).
	file string
	// vars are the environment variables the program takes its editor
	// from; keys the git configuration keys (lower case); option the
	// program's own option naming it (npm --editor).
	vars   []string
	keys   []string
	option string
	// install, when not "", is what the program installs from the
	// editor's file once it exits (the user's crontab): whatever the
	// editor the command chose leaves there.
	install string
	// todo is git's rebase todo list: an in-place sed that only renames
	// git's own commands (s/^pick/fixup/) leaves no exec line.
	todo bool
}

var (
	gitEditorVars      = []string{"GIT_EDITOR", "VISUAL", "EDITOR"}
	gitSequenceVars    = []string{"GIT_SEQUENCE_EDITOR", "GIT_EDITOR", "VISUAL", "EDITOR"}
	sudoEditorVars     = []string{"SUDO_EDITOR", "VISUAL", "EDITOR"}
	systemdEditorVars  = []string{"SYSTEMD_EDITOR", "EDITOR", "VISUAL"}
	visualEditorVars   = []string{"VISUAL", "EDITOR"}
	editorVarOnly      = []string{"EDITOR"}
	npmEditorVars      = []string{"EDITOR", "VISUAL"}
	crontabSpec        = OptSpec{ShortVal: "us"}
	visudoSpec         = OptSpec{ShortVal: "f", LongEq: true, LongVal: []string{"file"}}
	sudoEditSpec       = OptSpec{ShortVal: "CDghpRTUu", LongEq: true, LongVal: []string{"close-from", "chdir", "group", "host", "prompt", "chroot", "command-timeout", "other-user", "user"}}
	npmConfigEditSpec  = OptSpec{ShortVal: "L", LongEq: true, LongVal: []string{"location", "userconfig", "globalconfig", "editor", "prefix"}}
	systemctlEditSpec  = OptSpec{ShortVal: "tpPHMsno", LongEq: true, LongVal: []string{"type", "property", "host", "machine", "signal", "lines", "output", "root", "drop-in", "job-mode", "state", "kill-whom", "what", "timestamp", "image", "when", "preset-mode", "message", "kill-value", "image-policy", "boot-loader-entry", "reboot-argument", "check-inhibitors"}}
	gitConfigEditScope = []string{"global", "system", "worktree", "file", "f"}
)

// editTargets returns the files call hands an editor, with where it
// takes the editor from; nil for a call that runs none.
func (w *walker) editTargets(call *Call) []editTarget {
	args := call.Args
	switch call.Name {
	case "git":
		return w.gitEditTargets(call)
	case "crontab":
		opts, _ := ScanOptions(args, crontabSpec)
		for _, o := range opts {
			if o.Name == "e" {
				return []editTarget{{program: "crontab -e", vars: visualEditorVars, install: "the user's crontab, whose jobs run later outside the agent's session"}}
			}
		}
	case "visudo":
		file := "/etc/sudoers"
		opts, _ := ScanOptions(args, visudoSpec)
		for _, o := range opts {
			if (o.Name == "f" || o.Name == "file") && o.HasVal && o.Val.Static {
				file = call.Dir.Join(o.Val.Value).Path
			}
		}
		return []editTarget{{program: "visudo", file: file, vars: sudoEditorVars}}
	case "vipw", "vigr":
		file, shadow := "/etc/group", "/etc/gshadow"
		if call.Name == "vipw" {
			file, shadow = "/etc/passwd", "/etc/shadow"
		}
		opts, _ := ScanOptions(args, OptSpec{ShortVal: "R", LongVal: []string{"root"}, LongEq: true})
		for _, o := range opts {
			if o.Name == "s" || o.Long && o.Name == "shadow" {
				file = shadow
			}
		}
		return []editTarget{{program: call.Name, file: file, vars: visualEditorVars}}
	case "sudoedit", "sudo":
		opts, ops := ScanOptions(args, sudoEditSpec)
		edit := call.Name == "sudoedit"
		for _, o := range opts {
			edit = edit || o.Name == "e" || o.Long && o.Name == "edit"
		}
		if !edit {
			return nil
		}
		var out []editTarget
		for _, i := range ops {
			if d := call.Dir.Join(args[i].Value); args[i].Static && d.Known {
				out = append(out, editTarget{program: "sudoedit", file: d.Path, vars: sudoEditorVars})
			}
		}
		return out
	case "direnv":
		_, ops := ScanOptions(args, OptSpec{})
		if len(ops) == 0 || args[ops[0]].Value != "edit" {
			return nil
		}
		file := ".envrc"
		if len(ops) > 1 {
			p := args[ops[1]]
			if !p.Static {
				return nil
			}
			file = p.Value
			if b := filepath.Base(file); b != ".envrc" && b != ".env" {
				file = filepath.Join(file, ".envrc")
			}
		}
		if d := call.Dir.Join(file); d.Known {
			return []editTarget{{program: "direnv edit", file: d.Path, vars: editorVarOnly}}
		}
	case "systemctl":
		return w.systemctlEditTargets(call)
	case "kubectl":
		return kubectlEditTargets(call) // kubectledit.go
	case "npm", "pnpm":
		opts, ops := ScanOptions(args, npmConfigEditSpec)
		if len(ops) < 2 || args[ops[0]].Value != "config" && args[ops[0]].Value != "c" || args[ops[1]].Value != "edit" {
			return nil
		}
		t := editTarget{program: call.Name + " config edit", vars: npmEditorVars, option: "editor"}
		if w.home != "" {
			t.file = filepath.Join(w.home, ".npmrc")
		}
		for _, o := range opts {
			switch {
			case o.Name == "g" || o.Long && o.Name == "global" || (o.Name == "L" || o.Name == "location") && o.HasVal && o.Val.Value == "global":
				t.file, t.install = "", "npm's global configuration, read by every npm of this machine"
			case (o.Name == "L" || o.Name == "location") && o.HasVal && o.Val.Value == "project":
				t.file = call.Dir.Join(".npmrc").Path
			case o.Long && o.Name == "userconfig" && o.HasVal && o.Val.Static:
				t.file = call.Dir.Join(expandTilde(o.Val.Value, w.home)).Path
			}
		}
		if t.file == "" && t.install == "" {
			return nil
		}
		return []editTarget{t}
	}
	return nil
}

// gitEditTargets returns the files a git call hands its editor: the
// configuration file of git config --edit (-e, git config edit) in the
// scope given, and the todo list of an interactive rebase (-i,
// --interactive, --edit-todo), which takes the sequence editor first.
func (w *walker) gitEditTargets(call *Call) []editTarget {
	args := call.Args
	dir := call.Dir
	var gitDirOpt, workTreeOpt *Arg
	bare := false
	opts, operands := ScanOptions(args, GitGlobalOptions)
	for _, o := range opts {
		switch {
		case o.Name == "C" && o.HasVal:
			if !o.Val.Static {
				return nil
			}
			dir = dir.Join(o.Val.Value)
		case o.Long && (o.Name == "git-dir" || o.Name == "work-tree") && o.HasVal:
			v := o.Val
			if o.Name == "git-dir" {
				gitDirOpt = &v
			} else {
				workTreeOpt = &v
			}
		case o.Long && o.Name == "bare":
			bare = true
		}
	}
	if len(operands) == 0 || !dir.Known {
		return nil
	}
	i := operands[0]
	sub, rest := args[i].Value, args[i+1:]
	gitDir := func() (string, string) {
		r := w.locateGitRepo(call, dir, gitDirOpt, workTreeOpt, bare)
		config := r.config
		if config == "" {
			config = dir.Join(".git/config").Path
		}
		d := r.dir
		if d == "" {
			d = filepath.Dir(config)
		}
		return d, config
	}
	switch sub {
	case "config":
		copts, cops := ScanOptions(rest, gitConfigSpec)
		edit := len(cops) > 0 && rest[cops[0]].Value == "edit"
		for _, o := range copts {
			edit = edit || o.Name == "e" || o.Long && o.Name == "edit"
		}
		if !edit {
			return nil
		}
		d, file := gitDir()
		for _, o := range copts {
			if !o.Long && o.Name != "f" || !containsString(gitConfigEditScope, o.Name) {
				continue
			}
			switch o.Name {
			case "global":
				if w.home == "" {
					return nil
				}
				file = filepath.Join(w.home, ".gitconfig")
			case "system":
				file = "/etc/gitconfig"
			case "worktree":
				file = filepath.Join(d, "config.worktree")
			case "file", "f":
				if !o.HasVal || !o.Val.Static {
					return nil
				}
				file = dir.Join(expandTilde(o.Val.Value, w.home)).Path
			}
		}
		return []editTarget{{program: "git config --edit", file: file, vars: gitEditorVars, keys: []string{"core.editor"}}}
	case "rebase":
		ropts, _ := ScanOptions(rest, gitRebaseSpec)
		for _, o := range ropts {
			if o.Name == "i" || o.Long && (o.Name == "interactive" || o.Name == "edit-todo") {
				d, _ := gitDir()
				return []editTarget{{program: "git rebase -i", file: filepath.Join(d, "rebase-merge", "git-rebase-todo"),
					vars: gitSequenceVars, keys: []string{"sequence.editor", "core.editor"}, todo: true}}
			}
		}
	}
	return nil
}

// systemctlEditTargets returns the files systemctl edit UNIT… hands the
// editor (SYSTEMD_EDITOR, EDITOR, VISUAL): the unit's drop-in
// (UNIT.d/override.conf, --drop-in=NAME) or with --full the unit file,
// under /etc/systemd/system, /run/systemd/system with --runtime,
// ~/.config/systemd/user with --user, /etc/systemd/user with --global.
// systemctl installs what the editor leaves there and reloads.
func (w *walker) systemctlEditTargets(call *Call) []editTarget {
	args := call.Args
	opts, ops := ScanOptions(args, systemctlEditSpec)
	if len(ops) < 2 || args[ops[0]].Value != "edit" {
		return nil
	}
	base, full, dropIn := "/etc/systemd/system", false, "override"
	for _, o := range opts {
		switch {
		case o.Long && o.Name == "user":
			if w.home == "" {
				return nil
			}
			base = filepath.Join(w.home, ".config/systemd/user")
		case o.Long && o.Name == "global":
			base = "/etc/systemd/user"
		case o.Long && o.Name == "runtime":
			base = "/run/systemd/system"
		case o.Long && o.Name == "full":
			full = true
		case o.Long && o.Name == "drop-in" && o.HasVal && o.Val.Static:
			dropIn = strings.TrimSuffix(o.Val.Value, ".conf")
		}
	}
	var out []editTarget
	for _, i := range ops[1:] {
		u := args[i]
		if !u.Static || strings.Contains(u.Value, "/") {
			continue
		}
		name := u.Value
		if !strings.Contains(name, ".") {
			name += ".service"
		}
		file := filepath.Join(base, name+".d", dropIn+".conf")
		if full {
			file = filepath.Join(base, name)
		}
		out = append(out, editTarget{program: "systemctl edit", file: file, vars: systemdEditorVars})
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// editorTargetsFor returns the targets of call that take their editor
// from the variable name.
func (w *walker) editorTargetsFor(call *Call, name string) []editTarget {
	if !strings.HasSuffix(name, "EDITOR") && name != "VISUAL" {
		return nil
	}
	var out []editTarget
	for _, t := range w.editTargets(call) {
		if containsString(t.vars, name) {
			out = append(out, t)
		}
	}
	return out
}

// editKey is what makes one judgement of an editor value for targets
// differ from another: the files it is given.
func editKey(ts []editTarget) string {
	k := ""
	for _, t := range ts {
		k += "\x00" + t.file + "\x00" + t.install
	}
	return k
}

// runEditor judges the editor text (from source: EDITOR, git -c
// core.editor, …) the command chose, run by targets on their files;
// with no target it is judged on its own.
func (w *walker) runEditor(c scope, call *Call, targets []editTarget, text, kind string, dynamic bool) {
	if len(targets) == 0 {
		w.child(c, call, text, nil, kind, dynamic)
		return
	}
	for _, t := range targets {
		switch {
		case t.install != "":
			w.child(c, call, text, nil, kind, dynamic)
			if !noEditor(text) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: clip(text, 40),
					What: t.program + " installs, as " + t.install + ", what the editor the command chose (" + clip(text, 40) + ") leaves in its file"})
			}
		case t.todo && !dynamic && safeTodoSed(text):
			// Renames git's own commands: the todo keeps no exec line.
			w.child(c, call, text, nil, kind, dynamic)
		case t.todo:
			// A shell or an interpreter given the todo runs its lines,
			// whose commit subjects the agent wrote (pick 1a2b x; rm -rf
			// ~): git's file is not on disk yet.
			from := len(w.m.Calls)
			w.child(c, call, text, nil, kind, dynamic)
			w.editorScriptReaders(from, call, kind)
			w.child(c, call, text+" "+Quote(t.file), nil, kind+" on "+t.program+"'s file", dynamic)
		default:
			w.child(c, call, text+" "+Quote(t.file), nil, kind+" on "+t.program+"'s file", dynamic)
		}
	}
}

// editorScriptReaders reports, for the calls an editor's command line
// made (w.m.Calls from index from), each that reads its script from its
// input when it has no script operand (sh, bash, python3, perl, node):
// given the file as its last word (sh FILE), it runs what the program
// hands its editor as code. A commit or tag message is data to an
// editor, but git -c core.editor=sh commit -e -m 'rm -rf ~' runs the
// message (issue 12, class 4; it was allowed).
func (w *walker) editorScriptReaders(from int, host *Call, kind string) {
	if from < 0 || from > len(w.m.Calls) || RunnerOf(host.Name) != NotRunner {
		return // a shell or an interpreter runs no editor
	}
	for _, k := range w.m.Calls[from:len(w.m.Calls):len(w.m.Calls)] {
		if k == nil || k.Fd(0).Kind != StreamInherited || xargsChild(k) || memberChild(k) || !readsScript(k) {
			continue
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: k, Always: true, Text: host.Text(),
			What: k.Name + ", the editor " + kind + " names, runs the file " + host.Name + " hands its editor (a message, a list) as a script"})
	}
}

// noEditor reports an editor that changes no file: the shell's : and
// true, with any words.
func noEditor(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && (f[0] == ":" || f[0] == "true")
}

// gitEditors judges the editors a git call that edits a file takes from
// its own -c core.editor=/sequence.editor= options and from a git config
// core.editor (or sequence.editor) VALUE earlier in the command, each
// given the file (see runEditor).
func (w *walker) gitEditors(c scope, call *Call) {
	targets := w.editTargets(call)
	if len(targets) == 0 {
		return
	}
	type val struct {
		key, text string
		dynamic   bool
	}
	var vals []val
	opts, _ := ScanOptions(call.Args, GitGlobalOptions)
	for _, o := range opts {
		if o.Name != "c" || !o.HasVal {
			continue
		}
		k, v, ok := strings.Cut(o.Val.Value, "=")
		if ok {
			vals = append(vals, val{strings.ToLower(k), v, !o.Val.Static})
		}
	}
	for _, s := range w.gitEditorSets {
		vals = append(vals, val{s[0], s[1], false})
	}
	for _, v := range vals {
		if strings.TrimSpace(v.text) == "" {
			continue
		}
		var ts []editTarget
		for _, t := range targets {
			if containsString(t.keys, v.key) {
				ts = append(ts, t)
			}
		}
		if len(ts) == 0 {
			continue
		}
		key := "git " + v.key + "=" + v.text + editKey(ts)
		if w.ranVars[key] {
			continue
		}
		if w.ranVars == nil {
			w.ranVars = map[string]bool{}
		}
		w.ranVars[key] = true
		w.runEditor(c, call, ts, v.text, "git "+v.key, v.dynamic)
	}
}

// noteGitEditor records git config core.editor (or sequence.editor)
// VALUE of the command, in any scope: a later git of the command that
// edits a file runs it.
func (w *walker) noteGitEditor(key, val *Arg) {
	if !key.Static || !val.Static {
		return
	}
	k := strings.ToLower(key.Value)
	if k == "core.editor" || k == "sequence.editor" {
		w.gitEditorSets = append(w.gitEditorSets, [2]string{k, val.Value})
	}
}

// gitRunTimeCodeValue reports git config KEY VALUE (or -c KEY=VALUE)
// whose VALUE only run time knows, a program's output that no candidate
// covers, for a key whose value git runs (red team 16 GE1: git config
// alias.st "$(cat F)"): an alias (a "!" one runs shell text, any other
// runs git with the options it starts with), a shell key, a driver, a
// credential helper, a submodule's update command.
func gitRunTimeCodeValue(key string, a *Arg) bool {
	if a == nil || a.Static || len(a.Candidates()) > 0 && !a.Printed && !a.SubstOpen() {
		return false
	}
	k := strings.ToLower(key)
	return strings.HasPrefix(k, "alias.") || gitShellKeys.Get()[k] || gitDriverKey(k) ||
		strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper") ||
		strings.HasPrefix(k, "submodule.") && strings.HasSuffix(k, ".update") ||
		strings.HasPrefix(k, "sendemail.") && strings.HasSuffix(k, ".smtpserver")
}

// safeTodoSed reports an in-place sed (sed -i [-E] [-e] SCRIPT) as a
// sequence editor that can put no exec line in git's rebase todo: every
// command is d or s with a literal replacement (no \, &, newline) and
// flags g, I, i or a number, whose replacement, if it lands at the start
// of a line, starts that line with a word other than x and exec (and
// not one of their prefixes that the rest of the line could complete:
// s/^pick [0-9a-f]* /e/ before a subject "xec CMD" makes exec CMD).
func safeTodoSed(text string) bool {
	argv, err := shlex.Split(text)
	if err != nil || len(argv) < 2 || argv[0] != "sed" && argv[0] != "gsed" {
		return false
	}
	args := make([]Arg, 0, len(argv)-1)
	for _, a := range argv[1:] {
		args = append(args, Arg{Value: a, Raw: a, Static: true})
	}
	opts, ops := ScanOptions(args, sedSpec)
	inPlace := false
	var scripts, operands []string
	for _, o := range opts {
		switch {
		case o.Name == "i" || o.Long && o.Name == "in-place":
			inPlace = true
		case (o.Name == "e" || o.Long && o.Name == "expression") && o.HasVal:
			scripts = append(scripts, o.Val.Value)
		case o.Name == "E" || o.Name == "r" || o.Name == "s" || o.Long && (o.Name == "regexp-extended" || o.Name == "separate" || o.Name == "posix"):
		default:
			return false // -f FILE, -n, -z, …: not read
		}
	}
	for _, i := range ops {
		operands = append(operands, args[i].Value)
	}
	if len(scripts) == 0 && len(operands) > 0 {
		scripts, operands = operands[:1], operands[1:]
	}
	if !inPlace || len(scripts) == 0 || len(operands) > 0 {
		return false
	}
	for _, s := range scripts {
		if !safeTodoSedScript(s) {
			return false
		}
	}
	return true
}

// safeTodoSedScript reads one sed script for safeTodoSed.
func safeTodoSedScript(s string) bool {
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ';' || s[i] == '\n') {
			i++
		}
	}
	address := func() bool {
		switch {
		case i < len(s) && s[i] == '$':
			i++
		case i < len(s) && s[i] >= '0' && s[i] <= '9':
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		case i < len(s) && s[i] == '/':
			i++
			for i < len(s) && s[i] != '/' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(s) {
				return false
			}
			i++
		}
		return true
	}
	for skip(); i < len(s); skip() {
		if !address() {
			return false
		}
		if i < len(s) && s[i] == ',' {
			i++
			if !address() {
				return false
			}
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '!') {
			i++
		}
		if i >= len(s) {
			return false
		}
		switch s[i] {
		case 'd':
			i++
		case 's':
			if i+1 >= len(s) {
				return false
			}
			delim := s[i+1]
			if delim == '\\' || delim == '\n' || delim == ' ' {
				return false
			}
			i += 2
			for i < len(s) && s[i] != delim {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(s) {
				return false
			}
			i++
			start := i
			for i < len(s) && s[i] != delim {
				i++
			}
			if i >= len(s) {
				return false
			}
			repl := s[start:i]
			i++
			if !safeTodoReplacement(repl) {
				return false
			}
			for i < len(s) && s[i] != ';' && s[i] != '\n' {
				if f := s[i]; f != 'g' && f != 'i' && f != 'I' && (f < '0' || f > '9') && f != ' ' {
					return false
				}
				i++
			}
		default:
			return false
		}
	}
	return true
}

// safeTodoReplacement reports a literal replacement that starts no exec
// line (see safeTodoSed).
func safeTodoReplacement(r string) bool {
	if r == "" || strings.ContainsAny(r, "\\&\n") || r[0] == ' ' || r[0] == '\t' {
		return false
	}
	word, _, spaced := strings.Cut(strings.ReplaceAll(r, "\t", " "), " ")
	if spaced {
		return word != "x" && word != "exec"
	}
	return !strings.HasPrefix("exec", word) && !strings.HasPrefix("x", word)
}
