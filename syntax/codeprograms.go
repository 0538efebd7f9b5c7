package syntax

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// This file reads the code that programs which are not interpreters take
// on their command line and can run shell text with: awk's program,
// sed's script, Vim's ex commands, Emacs Lisp given to emacs, gdb's
// commands. What that code runs, deletes or writes is modelled by
// syntax/lang and walked like interpreter code (interp.go).

// awkNames are the awk implementations (busybox awk is unwrapped to awk).
var awkNames = lazy.Set{List: []string{
	"awk", "gawk", "mawk", "nawk", "original-awk", "goawk", "onetrue-awk", "bwk",
}}

// vimNames are Vim, Neovim and their other names; the r… names start in
// restricted mode, where shell commands are refused.
var vimNames = lazy.Set{List: []string{
	"vim", "vi", "nvim", "ex", "view", "gvim", "gview", "rvim", "rview", "rgvim", "rgview", "vimdiff",
	"gvimdiff", "nvimdiff", "evim", "vim.basic", "vim.tiny", "vim.nox", "vim.gtk3", "vim.gtk",
	"vim.athena", "vedit",
}}

// codePrograms models the code a call of awk, sed, vim, emacs or gdb
// runs. It reports whether call is one of them.
func (w *walker) codePrograms(c scope, call *Call) bool {
	// cmake -P, m4 and ghc -e: their code is read, and the options every
	// program is read for (programs) are read too.
	switch {
	case call.Name == "cmake":
		w.cmakeScript(c, call)
		return false
	case call.Name == "m4" || call.Name == "gm4":
		w.m4Program(c, call)
		return false
	case call.Name == "ghc" || len(call.Name) > 4 && call.Name[:4] == "ghc-" && call.Name[4] >= '0' && call.Name[4] <= '9':
		w.ghcProgram(c, call)
		return false
	}
	switch {
	case awkNames.Has(call.Name):
		w.awkProgram(c, call)
	case call.Name == "sed" || call.Name == "gsed":
		w.sedProgram(c, call)
	case vimNames.Has(call.Name):
		w.vimProgram(c, call)
	case call.Name == "emacs" || call.Name == "emacsclient" || strings.HasPrefix(call.Name, "emacs-"):
		w.emacsProgram(c, call)
	case call.Name == "gdb" || call.Name == "gdb-multiarch":
		w.gdbProgram(c, call)
		w.stdinProgram(c, call)
	case call.Name == "irb":
		w.stdinProgram(c, call)
		w.irbScript(c, call) // irb FILE (interactive.go)
	case IPythonFrontEnd(call.Name):
		// ipythonRun (testRun) reads its stdin as IPython text.
	case call.Name == "lldb":
		w.lldbProgram(c, call)
	case call.Name == "rename" || call.Name == "prename" || call.Name == "file-rename" || call.Name == "perl-rename":
		w.renameProgram(c, call)
	case call.Name == "sqlite3" || call.Name == "sqlite" || call.Name == "duckdb":
		w.sqliteProgram(c, call)
	default:
		return false
	}
	return true
}

// codePiece is one piece of program text: given on the command line
// (arg), or read from a file.
type codePiece struct {
	text   string
	arg    *Arg
	file   *Arg
	origin string
	// library reports a file the program looks up in its own library
	// path too (gawk -i/--include): one not found here is taken as one
	// of those.
	library bool
	// fed names what text holds when arg's run-time parts only print
	// files ("$(cat ev.awk)", "$p" after p=$(cat ev.awk)): text is then
	// their text, known (fedPieces).
	fed string
}

// fedPieces reads the program words whose run-time parts only print
// files as those files' text (catFedText): awk "$(cat ev.awk)",
// p=$(cat ev.awk); awk "$p", sed -e "$(< x.sed)" run the file's code.
func (w *walker) fedPieces(c scope, call *Call, pieces []codePiece) {
	for i := range pieces {
		pc := &pieces[i]
		if pc.arg == nil || pc.arg.Static || pc.arg.Word == nil || pc.file != nil || pc.fed != "" {
			continue
		}
		if t, files, ok := w.catFedText(call, pc.arg.Word, c.sc.Src, false); ok {
			pc.text, pc.fed = t, clip(strings.Join(files, ", "), 60)
		}
	}
}

// runPieces analyses the pieces in language l, as one program.
func (w *walker) runPieces(c scope, call *Call, l lang.Lang, label string, pieces []codePiece) {
	w.fedPieces(c, call, pieces)
	for _, p := range pieces {
		switch {
		case p.file != nil && p.file.Static && stdinName(p.file.Value, l == lang.Awk || l == lang.Sed):
			// awk -f - (gawk and mawk read the program on stdin), awk -f
			// /dev/stdin, gdb -x /dev/fd/0: the program is what stdin
			// carries.
			for _, in := range w.codeOnStdin(c, call) {
				w.program(c, call, l, in.text, label+" ("+in.kind+" on stdin)", in.dynamic, "")
			}
			if f := stdinFile(call); f != nil {
				// awk -f /dev/stdin < ev.awk, sed -f /dev/fd/0 < x.sed:
				// the file redirected in is the program file.
				name := f.Value
				if d := call.Dir.Join(name); d.Known {
					name = d.Path // the shell opened it, not an AWKPATH search
				}
				w.include(c, call, l, name, label+" runs the program file "+clip(f.Raw, 60), label, false, false)
			}
		case p.file != nil:
			// A program file (awk -f, vim -S, gdb -x) is read as an
			// included file is: analysed when on disk, asked about when
			// it is there but cannot be read or is named at run time.
			what := label + " runs the program file " + clip(p.file.Raw, 60)
			if p.file.Raw == "" {
				what = label + " runs the program file " + clip(p.file.Value, 60)
			}
			w.include(c, call, l, p.file.Value, what, label, !p.file.Static, p.library)
		case p.fed != "":
			w.program(c, call, l, p.text, label+" ("+p.fed+")", false, "")
		default:
			dynamic := p.arg != nil && !p.arg.Static
			w.program(c, call, l, p.text, label, dynamic, "")
		}
	}
}

// awkProgram reads awk's options (POSIX: -F FS, -v VAR=VAL, -f FILE;
// gawk: -e/--source TEXT, -E/--exec FILE, -i/--include, -l/--load, and
// -S/--sandbox, which turns off system(), pipes and redirections; mawk:
// -W OPT) and the program: the -f files and -e texts, else the first
// operand.
func (w *walker) awkProgram(c scope, call *Call) {
	args := call.Args
	var pieces []codePiece
	sandbox := false
	fromOption := false
	var vars []lang.AwkVar
	valueShort := "FvfeEilW"
	valueLong := map[string]bool{"field-separator": true, "assign": true, "file": true, "source": true, "exec": true,
		"include": true, "load": true}
	i := 0
	for ; i < len(args); i++ {
		a := &args[i]
		v := a.Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		var opt, val string
		var valArg *Arg
		has := false
		if strings.HasPrefix(v, "--") {
			opt, val, has = strings.Cut(v[2:], "=")
			if !has && valueLong[opt] && i+1 < len(args) {
				i++
				valArg, val, has = &args[i], args[i].Value, true
			}
		} else {
			opt = v[1:2]
			if strings.IndexByte(valueShort, opt[0]) >= 0 {
				if len(v) > 2 {
					val, has = v[2:], true
				} else if i+1 < len(args) {
					i++
					valArg, val, has = &args[i], args[i].Value, true
				}
			}
		}
		switch opt {
		case "f", "file", "E", "exec":
			if has {
				fromOption = true
				if valArg != nil {
					pieces = append(pieces, codePiece{file: valArg})
				} else {
					pieces = append(pieces, codePiece{file: &Arg{Value: val, Raw: val, Static: a.Static}})
				}
			}
		case "i", "include":
			// gawk -i FILE reads a library before the program (it is
			// not the program: the first operand still is).
			if has {
				f := valArg
				if f == nil {
					f = &Arg{Value: val, Raw: val, Static: a.Static}
				}
				pieces = append(pieces, codePiece{file: f, library: true})
			}
		case "e", "source":
			if has {
				fromOption = true
				pieces = append(pieces, codePiece{text: val, arg: pick(valArg, a)})
			}
		case "v", "assign":
			if has {
				static := a.Static
				if valArg != nil {
					static = valArg.Static
				}
				if name, value, ok := awkAssignment(val); ok {
					vars = append(vars, lang.AwkVar{Name: name, Value: value, Known: static})
				}
			}
		case "S", "sandbox":
			sandbox = true
		case "W":
			if val == "sandbox" {
				sandbox = true
			}
		}
		if opt == "E" || opt == "exec" {
			i++
			break // gawk -E: the rest are the program's arguments
		}
	}
	if !fromOption && i < len(args) {
		pieces = append(pieces, codePiece{text: args[i].Value, arg: &args[i]})
		i++
	}
	// The operands are ARGV[1], ARGV[2] … (ARGV[0] is awk), and the
	// one input file, when there is one, is FILENAME in the main rules
	// and END: awk 'BEGIN { printf "" > ARGV[1] }' ~/.bashrc writes the
	// file the command names. A word only known at run time or a
	// pattern can be any number of words: the ones after it are not
	// known.
	w.fedPieces(c, call, pieces)
	mentions := false
	for _, pc := range pieces {
		mentions = mentions || strings.Contains(pc.text, "ARGV") || strings.Contains(pc.text, "FILENAME")
	}
	if mentions && i <= len(args) {
		certain := true
		var files []Arg
		for k, a := range args[i:] {
			certain = certain && a.Static && !a.Glob
			if k < 64 {
				vars = append(vars, lang.AwkVar{Name: "ARGV[" + strconv.Itoa(k+1) + "]", Value: a.Value, Known: certain})
			}
			if _, _, assign := awkAssignment(a.Value); !assign && a.Value != "-" {
				files = append(files, a)
			}
		}
		if len(files) == 1 && certain {
			vars = append(vars, lang.AwkVar{Name: "FILENAME", Value: files[0].Value, Known: true})
		}
	}
	// An operand NAME=VALUE among the input files sets the variable
	// when awk reaches it (POSIX awk, "Operands").
	for ; i < len(args); i++ {
		if name, value, ok := awkAssignment(args[i].Value); ok {
			vars = append(vars, lang.AwkVar{Name: name, Value: value, Known: args[i].Static})
		}
	}
	if sandbox {
		return
	}
	saved := w.awkVars
	w.awkVars = vars
	w.runPieces(c, call, lang.Awk, call.Name, pieces)
	w.awkVars = saved
}

// awkAssignment splits an awk variable assignment NAME=VALUE (-v, an
// operand); awk turns the escape sequences of VALUE into the characters
// they stand for, as in a string literal.
func awkAssignment(s string) (name, value string, ok bool) {
	name, value, ok = strings.Cut(s, "=")
	if !ok || name == "" || !isAwkName(name) {
		return "", "", false
	}
	return name, awkUnquote(value), true
}

func isAwkName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func pick(a, b *Arg) *Arg {
	if a != nil {
		return a
	}
	return b
}

// sedProgram reads sed's options (-e/--expression SCRIPT, -f/--file FILE,
// -n, -i[SUFFIX]/--in-place[=SUFFIX], -l N, -E, -r, -s, -u, -z, and GNU
// sed's --sandbox, which refuses e, r and w) and the script: the -e and
// -f pieces, else the first operand. In a bundle, -i takes the rest of
// the word as its suffix (-ie is -i with suffix e), and e or f the rest of
// the word or the next one.
func (w *walker) sedProgram(c scope, call *Call) {
	args := call.Args
	var pieces []codePiece
	fromOption := false
	sandbox := false
	var operands []int
	for i := 0; i < len(args); i++ {
		a := &args[i]
		v := a.Value
		switch {
		case v == "--":
			for j := i + 1; j < len(args); j++ {
				operands = append(operands, j)
			}
			i = len(args)
		case strings.HasPrefix(v, "--"):
			opt, val, has := strings.Cut(v[2:], "=")
			var valArg *Arg
			if !has && (opt == "expression" || opt == "file" || opt == "line-length") && i+1 < len(args) {
				i++
				valArg, val, has = &args[i], args[i].Value, true
			}
			switch opt {
			case "expression":
				fromOption = true
				pieces = append(pieces, codePiece{text: val, arg: pick(valArg, a)})
			case "file":
				fromOption = true
				pieces = append(pieces, codePiece{file: pick(valArg, &Arg{Value: val, Raw: val, Static: a.Static})})
			case "sandbox":
				sandbox = true
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
		bundle:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'i':
					break bundle // the rest is the backup suffix
				case 'e', 'f', 'l':
					val := v[j+1:]
					var valArg *Arg
					if val == "" && i+1 < len(args) {
						i++
						valArg, val = &args[i], args[i].Value
					}
					switch v[j] {
					case 'e':
						fromOption = true
						pieces = append(pieces, codePiece{text: val, arg: pick(valArg, a)})
					case 'f':
						fromOption = true
						pieces = append(pieces, codePiece{file: pick(valArg, &Arg{Value: val, Raw: val, Static: a.Static})})
					}
					break bundle
				}
			}
		default:
			operands = append(operands, i)
		}
	}
	if !fromOption && len(operands) > 0 {
		pieces = append(pieces, codePiece{text: args[operands[0]].Value, arg: &args[operands[0]]})
	}
	if sandbox {
		return
	}
	w.runPieces(c, call, lang.Sed, call.Name, pieces)
}

// vimProgram reads the ex commands a Vim call runs: -c CMD, +CMD,
// --cmd CMD, and the files -S FILE and -u VIMRC source (and a -s
// scriptin's : lines, outside Ex mode), with the files it edits as what
// :w and :wq write. In restricted mode (-Z, rvim, rview) shell commands
// are refused; with -m or -M writing is.
func (w *walker) vimProgram(c scope, call *Call) {
	args := vimArgs(call.Args)
	var pieces []codePiece
	var files []string
	restricted := strings.HasPrefix(call.Name, "r")
	noWrite := false
	exMode := call.Name == "ex"
	for _, a := range args {
		if a.Value == "-e" || a.Value == "-E" || a.Value == "-es" || a.Value == "-Es" {
			exMode = true
		}
	}
	valueShort := map[string]bool{"-T": true, "-i": true, "-t": true, "-q": true, "-U": true, "-W": true, "-w": true}
	valueLong := map[string]bool{"--servername": true, "--startuptime": true, "--log": true,
		"--remote-wait": false, "--listen": true}
	onlyFiles := false
	var vimArgs []Arg
	for i := 0; i < len(args); i++ {
		a := &args[i]
		v := a.Value
		next := func() *Arg {
			if i+1 < len(args) {
				i++
				return &args[i]
			}
			return nil
		}
		switch {
		case onlyFiles || v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+"):
			if v != "-" && a.Static {
				files = append(files, Quote(v))
			}
			vimArgs = append(vimArgs, *a)
			if a.Static && strings.Contains(v, "://") {
				// vim URL: netrw fetches it into the buffer, as :e URL
				// does (lang/ex.go), before the -c commands run.
				pieces = append([]codePiece{{text: "edit " + strings.ReplaceAll(v, " ", `\ `), arg: a}}, pieces...)
			}
		case v == "--":
			onlyFiles = true
		case strings.HasPrefix(v, "+"):
			cmd := v[1:]
			if cmd == "" || strings.Trim(cmd, "0123456789") == "" || cmd[0] == '/' || cmd[0] == '?' {
				continue // a line number or a search
			}
			pieces = append(pieces, codePiece{text: cmd, arg: a})
		case v == "-c" || v == "--cmd":
			if n := next(); n != nil {
				pieces = append(pieces, codePiece{text: n.Value, arg: n})
			}
		case v == "--remote-send":
			// Keys typed into the Vim server named by --servername: the
			// ex commands among them run there.
			if n := next(); n != nil {
				if cmds := typedExCommands(n.Value); cmds != "" {
					pieces = append(pieces, codePiece{text: cmds, arg: n})
				}
			}
		case v == "-S" || v == "-u" || v == "--remote-expr":
			n := next()
			if n == nil {
				continue
			}
			switch {
			case v == "--remote-expr":
				pieces = append(pieces, codePiece{text: "call " + n.Value, arg: n})
			case v == "-u" && (n.Value == "NONE" || n.Value == "NORC" || n.Value == "DEFAULTS"):
			case v == "-S" && strings.HasPrefix(n.Value, "-"):
				i-- // -S alone sources Session.vim
			default:
				pieces = append(pieces, codePiece{file: n})
			}
		case v == "-s" && !exMode:
			if n := next(); n != nil && n.Static {
				if fd, isFd := fdPath(n.Value); isFd && (fd == 0 || call.Fd(fd).Same(call.Fd(0))) {
					// vim -s /dev/stdin: the keys typed come on stdin.
					for _, in := range w.codeOnStdin(c, call) {
						pieces = append(pieces, codePiece{text: vimScriptinCommands(in.text), arg: &Arg{Value: in.text, Raw: in.text, Static: !in.dynamic}})
					}
				} else if text, ok := w.readScript(call.Dir.Join(n.Value)); ok {
					pieces = append(pieces, codePiece{text: vimScriptinCommands(text), arg: n})
				}
			}
		case v == "-w" || v == "-W":
			if n := next(); n != nil && strings.Trim(n.Value, "0123456789") != "" {
				// -w FILE records the keys typed into FILE.
				w.effect(c, call, ": >> "+Quote(n.Value), call.Name+" "+v+" appends the keys typed to "+n.Value, !n.Static, false)
			}
		case valueShort[v] || valueLong[v]:
			next()
		case v == "-Z":
			restricted = true
		case v == "-m" || v == "-M":
			noWrite = true
		}
	}
	if exMode {
		// Ex mode (ex, vim -e/-E, -es) reads its commands from standard
		// input after the -c ones: a here-document, a here-string, or
		// what a pipe carries (unknown text there is hiddenPipe's).
		for _, in := range w.codeOnStdin(c, call) {
			pieces = append(pieces, codePiece{text: in.text, arg: &Arg{Value: in.text, Raw: in.text, Static: !in.dynamic}})
		}
		if f := stdinFile(call); f != nil {
			// ex -s f < x.ed, vim -es f < x.vim: the file's lines are
			// the commands (red team 9 R).
			pieces = append(pieces, codePiece{file: f})
		}
	}
	// $VIMINIT and $EXINIT are read with the start-up files (homerc.go).
	for _, name := range []string{"VIMRUNTIME", "VIM"} {
		if _, _, set := w.envChoices(c, call, name, false); set {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "$" + name,
				What: call.Name + " sources the Vim scripts under $" + name + ", which corral does not read"})
		}
	}
	if noWrite {
		files = nil
	}
	if files == nil {
		files = []string{} // :e FILE adds the files a :w writes
	}
	pieces = joinTextPieces(pieces)
	saved, savedRestricted, savedArgs := w.editing, w.restricted, w.vimArgs
	w.editing, w.restricted, w.vimArgs = files, restricted, vimArgs
	w.runPieces(c, call, lang.Ex, call.Name, pieces)
	w.editing, w.restricted, w.vimArgs = saved, savedRestricted, savedArgs
}

// joinTextPieces joins consecutive pieces of program text into one, in
// order, so that what one piece does is known to the next (vim -c 'cd
// ~' -c 'e .bashrc' -c w: the directory and the buffer carry over, as
// Vim runs its -c commands one after another). The result is static only
// when every piece was.
func joinTextPieces(pieces []codePiece) []codePiece {
	var out []codePiece
	for _, p := range pieces {
		n := len(out)
		if p.file != nil || n == 0 || out[n-1].file != nil {
			out = append(out, p)
			continue
		}
		last := &out[n-1]
		static := (last.arg == nil || last.arg.Static) && (p.arg == nil || p.arg.Static)
		text := last.text + "\n" + p.text
		last.text, last.arg = text, &Arg{Value: text, Raw: text, Static: static}
	}
	return out
}

// emacsProgram reads the Emacs Lisp an emacs call evaluates: --eval EXPR
// (-eval, --execute), -l/--load FILE, --script FILE; and emacsclient -e
// (--eval), whose operands are expressions evaluated by the server.
func (w *walker) emacsProgram(c scope, call *Call) {
	args := call.Args
	var pieces []codePiece
	if call.Name == "emacsclient" {
		eval := false
		for i := range args {
			v := args[i].Value
			switch {
			case v == "-e" || v == "--eval":
				eval = true
			case strings.HasPrefix(v, "-"):
			case eval:
				pieces = append(pieces, codePiece{text: v, arg: &args[i]})
			}
		}
		w.runPieces(c, call, lang.Elisp, call.Name, pieces)
		return
	}
	pieces = append(pieces, optionPieces(args, []string{"--eval", "-eval", "--execute", "-execute"},
		[]string{"-l", "--load", "-load", "--script", "-script", "-x"}, "")...)
	w.runPieces(c, call, lang.Elisp, call.Name, pieces)
}

// optionPieces returns the program text options of args give (text: the
// value is the text, files: the value names a file of it), value
// attached with "=" or in the next word; words after stop ("" for none)
// are not read.
func optionPieces(args []Arg, text, files []string, stop string) []codePiece {
	var pieces []codePiece
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if stop != "" && v == stop {
			break
		}
		opt, val, has := strings.Cut(v, "=")
		isText, isFile := slices.Contains(text, opt), slices.Contains(files, opt)
		if !isText && !isFile {
			continue
		}
		if p, ok := optionPiece(args, &i, val, has, isFile); ok {
			pieces = append(pieces, p)
		}
	}
	return pieces
}

// optionPiece is the code an option at args[*i] gives: its value after
// "=" (val, has) or the next word, which *i then moves past; file
// reports a value that names a file of code rather than the code.
func optionPiece(args []Arg, i *int, val string, has, file bool) (codePiece, bool) {
	a := &args[*i]
	switch {
	case has && file:
		return codePiece{file: &Arg{Value: val, Raw: val, Static: a.Static}}, true
	case has:
		return codePiece{text: val, arg: a}, true
	case *i+1 >= len(args):
		return codePiece{}, false
	}
	*i++
	if file {
		return codePiece{file: &args[*i]}, true
	}
	return codePiece{text: args[*i].Value, arg: &args[*i]}, true
}

// gdbProgram reads the commands a gdb call runs: -ex/--eval-command CMD,
// -iex/--init-eval-command CMD, -eiex/--early-init-eval-command CMD,
// -x/--command FILE, -ix/--init-command FILE, -eix/--early-init-command
// FILE, each by any prefix gdb takes.
func (w *walker) gdbProgram(c scope, call *Call) {
	args := call.Args
	var pieces []codePiece
	for i := 0; i < len(args); i++ {
		if args[i].Value == "--" {
			break
		}
		// Long options only, by any unambiguous prefix (gdbOption):
		// --eval, -init-eval, -eiex run their text too.
		code, val, has, _ := gdbOption(args[i].Value)
		switch code {
		case "text", "file":
			if p, ok := optionPiece(args, &i, val, has, code == "file"); ok {
				pieces = append(pieces, p)
			}
		case "value":
			if !has {
				i++
			}
		case "args":
			i = len(args) // the program to debug and its arguments
		}
	}
	// The working directory's .gdbinit runs once the auto-load safe
	// path admits it (-iex 'set auto-load safe-path /', or the user's
	// own init file): read unless -nx, whatever the safe path.
	noInit := false
	for _, a := range args {
		if a.Value == "--" || a.Value == "--args" || a.Value == "-args" {
			break
		}
		noInit = noInit || gdbNoInit(a.Value)
	}
	if !noInit {
		pieces = append([]codePiece{{file: &Arg{Value: ".gdbinit", Raw: ".gdbinit", Static: true}}}, pieces...)
	}
	w.runPieces(c, call, lang.Gdb, call.Name, pieces)
}

// lldbProgram reads the commands an lldb call runs (lldb --help):
// -o/--one-line, -O/--one-line-before-file and -k/--one-line-on-crash
// CMD, -s/--source, -S/--source-before-file and -K/--source-on-crash
// FILE; read with gdb's reader, which knows lldb's platform shell,
// script and command source.
func (w *walker) lldbProgram(c scope, call *Call) {
	// The words after -- are the program to debug and its arguments.
	pieces := optionPieces(call.Args, []string{"-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"},
		[]string{"-s", "--source", "-S", "--source-before-file", "-K", "--source-on-crash"}, "--")
	w.runPieces(c, call, lang.Gdb, call.Name, pieces)
}

// typedExCommands returns the ex command lines that keys typed into Vim
// (--remote-send, in Vim's <Key> notation) enter: the text after a ":"
// typed in Normal mode, up to <CR>. Other keys are dropped; a command
// left unfinished is still taken (a later key may end it).
func typedExCommands(keys string) string {
	var lines []string
	var cur strings.Builder
	inCmd := false
	end := func() {
		if inCmd {
			lines = append(lines, cur.String())
		}
		cur.Reset()
		inCmd = false
	}
	for i := 0; i < len(keys); i++ {
		ch := keys[i]
		if ch == '<' {
			if j := strings.IndexByte(keys[i:], '>'); j > 1 {
				switch strings.ToLower(keys[i+1 : i+j]) {
				case "cr", "enter", "return", "nl", "c-m", "c-j":
					end()
				case "esc", "c-c", "c-[":
					cur.Reset()
					inCmd = false
				case "bar":
					if inCmd {
						cur.WriteByte('|')
					}
				case "space":
					if inCmd {
						cur.WriteByte(' ')
					}
				case "lt":
					if inCmd {
						cur.WriteByte('<')
					}
				case "bslash":
					if inCmd {
						cur.WriteByte('\\')
					}
				}
				i += j
				continue
			}
		}
		switch {
		case ch == '\r' || ch == '\n':
			end()
		case inCmd:
			cur.WriteByte(ch)
		case ch == ':':
			inCmd = true
		}
	}
	end()
	return strings.Join(lines, "\n")
}

// awkSearch returns the files gawk tries, in order, for a program file
// (-f, -E), a library (-i) or an @include named p: a name with a slash is
// taken as it stands; any other is looked up in each directory of
// AWKPATH (an empty entry is the working directory) and then, not found,
// in each again with ".awk" added — and with AWKPATH set the working
// directory is not searched unless the path lists it (gawk 5.2.1:
// AWKPATH=lib gawk -f x.awk runs lib/x.awk, not ./x.awk). Without AWKPATH
// the working directory is the place (gawk's default path starts with
// "."; its own directory holds only its libraries). open reports an
// AWKPATH only run time knows: the file can be anywhere.
func (w *walker) awkSearch(c scope, call *Call, p string, library bool) (names []string, open bool) {
	if strings.Contains(p, "/") {
		if library && !strings.HasSuffix(p, ".awk") {
			return []string{p, p + ".awk"}, false
		}
		return []string{p}, false
	}
	dirs := []string{"."}
	if v, known, set := w.envValue(c, call, "AWKPATH", true); set && v != "" {
		if !known {
			return nil, true
		}
		dirs = strings.Split(v, ":")
		if len(dirs) > 64 {
			dirs = dirs[:64]
		}
	}
	for _, suffix := range []string{"", ".awk"} {
		if suffix != "" && strings.HasSuffix(p, ".awk") {
			break
		}
		for _, d := range dirs {
			if d == "" {
				d = "."
			}
			names = append(names, filepath.Join(d, p+suffix))
		}
	}
	return names, false
}

// renameProgram reads the Perl code of Perl's rename (File::Rename:
// rename, prename, file-rename, perl-rename), which evals EXPR — each -e
// or -E value, else the first operand — for every file it renames (from
// the command line, else from standard input): rename 'system("…")' a b
// runs the command (issue 12). util-linux's rename takes FROM TO instead,
// and which one "rename" is depends on the machine, so a first operand is
// read as Perl only where it cannot be a plain FROM string: a
// substitution or transliteration, $_, or code punctuation ( ; ` { $ ").
func (w *walker) renameProgram(c scope, call *Call) {
	var pieces []codePiece
	args := call.Args
	first := -1
	for i := 0; i < len(args); i++ {
		a := &args[i]
		switch {
		case a.Static && (a.Value == "-e" || a.Value == "-E"):
			if i+1 < len(args) {
				i++
				pieces = append(pieces, codePiece{text: args[i].Value, arg: &args[i]})
			}
		case a.Static && a.Value == "--":
			if first < 0 && i+1 < len(args) {
				first = i + 1
			}
			i = len(args)
		case a.Static && strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			if first < 0 {
				first = i
			}
		}
	}
	if len(pieces) == 0 && first >= 0 {
		a := &args[first]
		if !a.Static || strings.ContainsAny(a.Value, "();`{$\"") || perlSubstWord(a.Value) {
			pieces = append(pieces, codePiece{text: a.Value, arg: a})
		}
	}
	if len(pieces) > 0 {
		w.runPieces(c, call, lang.Perl, call.Name, pieces)
	}
}

// perlSubstWord reports a word that starts as Perl's s///, y/// or
// tr/// does: the operator and a delimiter that is no word character.
func perlSubstWord(v string) bool {
	for _, op := range []string{"s", "y", "tr"} {
		if rest, ok := strings.CutPrefix(v, op); ok && rest != "" {
			r := rest[0]
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '\t') {
				return true
			}
		}
	}
	return false
}
