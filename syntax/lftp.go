package syntax

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// lftp's own command language runs shell text on this machine: !CMD
// (the rest of the line), shell CMD, source -e CMD (whose output lftp
// reads as its commands), a filter (ls | CMD) and, through local, queue,
// glob, command, at, repeat, eval, alias, ( … ), source FILE, open -e
// and lftp -c, commands that do those. This file reads that language as
// lftp 4.9 does (src/parsecmd.cc, src/commands.cc) and hands the shell
// text to the nested-script analysis, as the shell text of ssh to this
// machine or tmux run-shell is.

// lftpSpec is lftp's options (lftp(1)): -c CMDS, -e CMDS, -f FILE, -p
// PORT and -u USER take a value.
var lftpSpec = OptSpec{ShortVal: "ceupf", LongVal: []string{"rcfile"}, LongFlag: []string{"norc", "help", "version", "env-password"}, LongEq: true}

// lftpCommandNames is lftp's command table (src/commands.cc,
// static_cmd_table). lftp takes a command's unique prefix, in any case,
// for the command (sh is shell, SOU is source; lo is both local and
// login, and so no command).
const lftpCommandNames = "! ( ? alias anon at bookmark bye cache cat cd chmod close cls connect command debug du echo edit " +
	"eval exit fg find get get1 glob help history jobs kill lcd lftp ln lpwd local login ls mget mirror mkdir module more " +
	"mput mrm mv mmv nlist open pget put pwd queue quit quote recls reget rels renlist repeat reput rm rmdir scache set " +
	"shell site sleep slot source suspend torrent user version wait zcat zmore bzcat bzmore"

var lftpNames = lazy.Value[[]string]{New: func() []string { return strings.Fields(lftpCommandNames) }}

// lftpVerb returns the command of lftp's table a command word names:
// the exact name, or the only one it is a prefix of ("" when none or
// several are).
func lftpVerb(word string) string {
	word = strings.ToLower(word)
	if word == "" {
		return ""
	}
	found := ""
	for _, n := range lftpNames.Get() {
		if n == word {
			return n
		}
		if strings.HasPrefix(n, word) {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}

// lftpCmd is one command of lftp's language as lftp parses it.
type lftpCmd struct {
	words []string
	// bang is a !TEXT command: shell is TEXT, the rest of its line.
	bang  bool
	shell string
	// group is a ( … ) command: its commands.
	isGroup bool
	group   string
	// redir is '>' (write), '+' (append) or '|' (a filter), with its
	// file or shell command; bad reports a redirection with none, which
	// lftp refuses without running the command.
	redir  byte
	target string
	bad    bool
}

// lftpQuotable reports a character a backslash escapes in lftp's words.
func lftpQuotable(ch byte, inQuotes bool) bool {
	return ch == '"' || ch == '\\' || !inQuotes && strings.IndexByte(" \t>|;&", ch) >= 0
}

// lftpParse splits text into lftp commands as lftp's parse_one_cmd does:
// words split at blanks, in double quotes (single quotes are ordinary
// characters) with backslash escapes; commands end at a newline, ";",
// "&", "&&" or "||"; # at a command's start is a comment; ! at its start
// takes the rest of the line (to the newline, not a ";") as shell text;
// ( starts a group that ends at the matching ); > FILE, >> FILE and |
// CMD redirect the output (a filter's command runs to the ";", "&" or
// newline).
func lftpParse(s string) []lftpCmd {
	var out []lftpCmd
	i := 0
	skipBlanks := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	for i < len(s) {
		var c lftpCmd
		if strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||") {
			i += 2
		}
		finished, grouped := false, false
		for !finished && !grouped {
			skipBlanks()
			if strings.HasPrefix(s[i:], "\\\n") {
				i += 2
				continue
			}
			if i >= len(s) || strings.IndexByte("\n|>;&", s[i]) >= 0 {
				break
			}
			if len(c.words) == 0 && s[i] == '#' {
				for i < len(s) && s[i] != '\n' {
					i++
				}
				i++
				finished = true
				continue
			}
			if len(c.words) == 0 && s[i] == '!' {
				i++
				skipBlanks()
				var b strings.Builder
				for i < len(s) && s[i] != '\n' {
					if strings.HasPrefix(s[i:], "\\\n") {
						i += 2
						continue
					}
					b.WriteByte(s[i])
					i++
				}
				i++
				c.bang, c.shell = true, b.String()
				out = append(out, c)
				finished = true
				continue
			}
			if len(c.words) == 0 && s[i] == '(' {
				i++
				level, inQuotes := 1, false
				var b strings.Builder
				for i < len(s) {
					if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\' || level == 1 && s[i+1] == ')') {
						b.WriteByte(s[i])
						i++
					} else {
						if !inQuotes {
							if s[i] == ')' {
								if level--; level == 0 {
									break
								}
							} else if s[i] == '(' {
								level++
							}
						}
						if s[i] == '"' {
							inQuotes = !inQuotes
						}
					}
					b.WriteByte(s[i])
					i++
				}
				i = min(i+1, len(s)) // the ), if there is one
				skipBlanks()
				c.isGroup, c.group = true, b.String()
				grouped = true
				continue
			}
			inQuotes := false
			var b strings.Builder
			for i < len(s) {
				if strings.HasPrefix(s[i:], "\\\n") {
					i += 2
					continue
				}
				if s[i] == '\\' && i+1 < len(s) && lftpQuotable(s[i+1], inQuotes) {
					i++
				} else {
					if s[i] == '\n' || !inQuotes && strings.IndexByte(" \t>|;&", s[i]) >= 0 {
						break
					}
					if s[i] == '"' {
						inQuotes = !inQuotes
						i++
						continue
					}
				}
				b.WriteByte(s[i])
				i++
			}
			c.words = append(c.words, b.String())
		}
		if finished {
			continue
		}
		andOr := strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||")
		if !grouped && !andOr && i < len(s) && (s[i] == '>' || s[i] == '|') {
			c.redir = s[i]
			i++
			if i < len(s) && s[i] == '>' {
				c.redir = '+'
				i++
			}
			skipBlanks()
			if i >= len(s) || strings.IndexByte("\n;&", s[i]) >= 0 {
				c.bad = true
			} else {
				inQuotes := false
				var b strings.Builder
				for i < len(s) {
					if strings.HasPrefix(s[i:], "\\\n") {
						i += 2
						continue
					}
					if s[i] == '\\' && i+1 < len(s) && lftpQuotable(s[i+1], inQuotes) {
						i++
					} else {
						if s[i] == '\n' || !inQuotes && (c.redir != '|' && (s[i] == ' ' || s[i] == '\t') || s[i] == ';' || s[i] == '&') {
							break
						}
						if s[i] == '"' {
							inQuotes = !inQuotes
							i++
							continue
						}
					}
					b.WriteByte(s[i])
					i++
				}
				c.target = b.String()
				skipBlanks()
			}
		}
		if !(strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||")) && i < len(s) && strings.IndexByte(";&\n", s[i]) >= 0 {
			i++
		}
		if len(c.words) > 0 || c.isGroup {
			out = append(out, c)
		}
	}
	return out
}

// lftpWalk carries what the commands of one lftp run share.
type lftpWalk struct {
	w    *walker
	c    scope
	call *Call
	env  *state
	// aliases are the alias commands run so far (the rc files' too):
	// lftp looks a command's first word up among them, in any case,
	// before its own commands; expanding names the ones being expanded.
	aliases   map[string]string
	expanding []string
	// rc reports the rc files being read: an alias defined there is
	// judged where it is used, not where it is defined.
	rc bool
}

// lftp models the commands lftp runs: -c's, -e's, the script of -f, or
// (without -c and -f) the here-document or here-string it reads on its
// standard input. It reports whether it read any.
func (w *walker) lftp(c scope, call *Call, st *state) bool {
	env := call.env
	if env == nil {
		env = st.exportedOnly(call.Dir, w.home)
	}
	lw := &lftpWalk{w: w, c: c, call: call, env: env}
	opts, _ := ScanOptions(call.Args, lftpSpec)
	lw.rcFiles(c, call, opts)
	read, commands := false, false
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		switch o.Name {
		case "c", "e":
			lw.text(o.Val.Value, call.Dir, false, 0)
			read = true
			commands = commands || o.Name == "c"
		case "f":
			lw.file(o.Val.Value, call.Dir, 0)
			read, commands = true, true
		}
	}
	if !commands {
		for _, t := range w.stdinTexts(c, call) {
			if !t.dynamic {
				lw.text(t.text, call.Dir, false, 0)
				read = true
			}
		}
	}
	return read
}

// rcFiles models the files lftp runs before its commands: /etc/lftp.conf,
// then (without -norc) ~/.lftprc and rc in lftp's directory ($LFTP_HOME,
// ~/.lftp, or $XDG_CONFIG_HOME/lftp, ~/.config/lftp, when ~/.lftp is not
// there), then each --rcfile. Their aliases take effect for the
// commands after them.
func (lw *lftpWalk) rcFiles(c scope, call *Call, opts []Option) {
	w := lw.w
	norc := false
	var extra []string
	for _, o := range opts {
		norc = norc || o.Name == "norc"
		if o.Name == "rcfile" && o.HasVal && o.Val.Static {
			extra = append(extra, call.Dir.Join(expandTilde(o.Val.Value, w.home)).Path)
		}
	}
	lftpHome, _, _ := w.envOf(c, call, "LFTP_HOME")
	xdg, _, _ := w.envOf(c, call, "XDG_CONFIG_HOME")
	for _, f := range lftpRcPaths(w.home, lftpHome, xdg, norc, extra) {
		if text, exists, ok := readSSHConfig(f); ok && exists {
			lw.rc = true
			lw.text(text, call.Dir, false, 1)
			lw.rc = false
		}
	}
}

// lftpRcPaths returns the rc files lftp reads, in order (rcFiles).
func lftpRcPaths(home, lftpHome, xdg string, norc bool, extra []string) []string {
	files := []string{"/etc/lftp.conf"}
	if !norc && home != "" {
		files = append(files, filepath.Join(home, ".lftprc"))
		dir := ""
		if lftpHome != "" {
			dir = expandTilde(lftpHome, home)
		} else if fi, err := os.Stat(filepath.Join(home, ".lftp")); err == nil && fi.IsDir() {
			dir = filepath.Join(home, ".lftp")
		} else if filepath.IsAbs(xdg) {
			dir = filepath.Join(xdg, "lftp")
		} else {
			dir = filepath.Join(home, ".config", "lftp")
		}
		files = append(files, filepath.Join(dir, "rc"))
	}
	var out []string
	for _, f := range append(files, extra...) {
		if filepath.IsAbs(f) {
			out = append(out, f)
		}
	}
	return out
}

// LftpRcAliases returns the aliases lftp's rc files define (lftpRcPaths,
// with lftp's own directory where it is without LFTP_HOME), by lower-case
// name, for LftpLinesAliases; extra are --rcfile's files.
func LftpRcAliases(home string, norc bool, extra []string) map[string]string {
	aliases := map[string]string{}
	for _, f := range lftpRcPaths(home, "", "", norc, extra) {
		if text, exists, ok := readSSHConfig(f); ok && exists {
			lftpLines(text, aliases)
		}
	}
	return aliases
}

// file models source FILE and lftp -f FILE: FILE's commands.
func (lw *lftpWalk) file(name string, dir Dir, depth int) {
	w := lw.w
	text, ok := w.readScript(dir.Join(expandTilde(name, w.home)))
	if !ok {
		return // the file-transfer rule asks about a script it cannot read
	}
	lw.text(text, dir, false, depth+1)
}

// text models the lftp commands of text, run with dir as lftp's local
// directory; local reports that they run on the local file system (local
// CMD).
func (lw *lftpWalk) text(text string, dir Dir, local bool, depth int) {
	if depth > maxNestedCommands {
		return
	}
	for _, c := range lftpParse(text) {
		dir = lw.command(c, dir, local, depth)
	}
}

// shell hands text, shell text lftp runs with /bin/sh -c, to the
// nested-script analysis, in lftp's local directory.
func (lw *lftpWalk) shell(text, kind string, dir Dir) {
	if strings.TrimSpace(text) == "" {
		return
	}
	lw.w.childIn(lw.c, lw.call, text, nil, kind, false, lw.env, dir)
}

// command models one lftp command and returns lftp's local directory
// after it (lcd changes it).
func (lw *lftpWalk) command(c lftpCmd, dir Dir, local bool, depth int) Dir {
	w := lw.w
	if c.bad {
		return dir
	}
	switch {
	case c.bang:
		lw.shell(c.shell, "lftp !", dir)
		return dir
	case c.isGroup:
		lw.text(c.group, dir, local, depth+1)
		return dir
	}
	switch c.redir {
	case '|':
		// The output goes to /bin/sh -c TARGET.
		lw.shell(c.target, "lftp |", dir)
	case '>', '+':
		// The output is written to TARGET (~ is the home directory), a
		// file of this machine however the command reads.
		op := " > "
		if c.redir == '+' {
			op = " >> "
		}
		lw.shell(":"+op+lftpLocalWord(c.target), "lftp >", dir)
	}
	if len(c.words) == 0 {
		return dir
	}
	args := c.words[1:]
	if a, ok := lw.aliases[strings.ToLower(c.words[0])]; ok && !slices.Contains(lw.expanding, strings.ToLower(c.words[0])) {
		// An alias: its text with the command's other words after it,
		// parsed again (not the alias being expanded: lftp does not
		// expand a name inside its own alias).
		lw.expanding = append(lw.expanding, strings.ToLower(c.words[0]))
		text := a
		if len(args) > 0 {
			text += " " + lftpCombine(args)
		}
		lw.text(text, dir, local, depth+1)
		lw.expanding = lw.expanding[:len(lw.expanding)-1]
		return dir
	}
	switch lftpVerb(c.words[0]) {
	case "lcd":
		switch {
		case len(args) == 0 && w.home != "":
			return Dir{Path: w.home, Known: true}
		case len(args) == 0 || args[0] == "-":
			return Dir{}
		}
		return dir.Join(expandTilde(args[0], w.home))
	case "shell", "!":
		// shell ARGS (and ! ARGS, a command whose name is the word !:
		// command ! ARGS) runs its words joined with spaces
		// (ArgV::Combine).
		lw.shell(strings.Join(args, " "), "lftp shell", dir)
	case "source":
		i, e := 0, false
		for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
			if args[i] == "--" {
				i++
				break
			}
			e = e || strings.Contains(args[i], "e")
		}
		if i >= len(args) {
			break
		}
		if !e {
			lw.file(args[i], dir, depth)
			break
		}
		// source -e CMD: /bin/sh -c CMD, whose output lftp reads as its
		// commands, which only run time knows.
		text := strings.Join(args[i:], " ")
		lw.shell(text, "lftp source -e", dir)
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: lw.call, Always: true, Text: text,
			What: "lftp runs the commands " + clip(text, 60) + " prints (source -e)"})
	case "local":
		// local CMD: the lftp command CMD on the local file system.
		if len(args) > 0 {
			lw.command(lftpCmd{words: args}, dir, true, depth+1)
		}
	case "command", "glob":
		// The words run as a command again (builtin_restart).
		if rest := lftpWrapped(lftpVerb(c.words[0]), args); len(rest) > 0 {
			lw.command(lftpCmd{words: rest}, dir, local, depth+1)
		}
	case "queue", "repeat", "at":
		// The words are joined into a command line lftp parses again
		// (ArgV::CombineCmd): queue !rm -rf ~ runs the shell.
		if rest := lftpWrapped(lftpVerb(c.words[0]), args); len(rest) > 0 {
			lw.text(lftpCombine(rest), dir, local, depth+1)
		}
	case "eval":
		// eval [-f FORMAT] ARGS: the words (or FORMAT) as commands.
		if len(args) > 1 && args[0] == "-f" {
			args = args[1:2]
		}
		lw.text(strings.Join(args, " "), dir, local, depth+1)
	case "alias":
		// alias NAME VALUE: VALUE runs where NAME is written; it is
		// judged where it is defined.
		if len(args) > 1 {
			if !lw.rc {
				lw.text(strings.Join(args[1:], " "), dir, local, depth+1)
			}
			if lw.aliases == nil {
				lw.aliases = map[string]string{}
			}
			lw.aliases[strings.ToLower(args[0])] = strings.Join(args[1:], " ")
		} else if len(args) == 1 {
			delete(lw.aliases, strings.ToLower(args[0])) // alias NAME removes it
		}
	case "set":
		lw.setting(args, dir, local, depth)
	case "open", "connect", "lftp":
		wargs := make([]Arg, len(args))
		for i, a := range args {
			wargs[i] = Arg{Value: a, Raw: a, Static: true}
		}
		opts, _ := ScanOptions(wargs, lftpSpec)
		for _, o := range opts {
			switch o.Name {
			case "c", "e":
				lw.text(o.Val.Value, dir, local, depth+1)
			case "f":
				lw.file(o.Val.Value, dir, depth)
			}
		}
	}
	return dir
}

// lftpWrapped returns the command words of a command that runs another
// lftp command: command CMD, glob [OPTS] CMD, queue [OPTS] CMD (none
// with -d or -m), repeat [OPTS] [DELAY] CMD, at TIME -- CMD.
func lftpWrapped(verb string, args []string) []string {
	switch verb {
	case "command":
		return args
	case "at":
		for i, a := range args {
			if a == "--" {
				return args[i+1:]
			}
		}
		return nil
	}
	i := 0
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		switch {
		case verb == "queue" && (strings.ContainsAny(a, "dm") && !strings.HasPrefix(a, "--") || a == "--delete" || a == "--move"):
			return nil
		case verb == "queue" && a == "-n", verb == "repeat" && (a == "-c" || a == "-d" || a == "--count" || a == "--delay"):
			i++
		}
	}
	if verb == "repeat" && i < len(args) && strings.TrimLeft(strings.TrimRight(args[i], "smhd"), "0123456789.") == "" {
		i++ // the delay
	}
	if i >= len(args) {
		return nil
	}
	return args[i:]
}

// lftpLocalWord is a local file name of lftp as shell text: lftp expands
// a leading ~ as the shell does (expand_home_relative); the rest is
// literal.
func lftpLocalWord(name string) string {
	switch {
	case name == "~":
		return "~"
	case strings.HasPrefix(name, "~/"):
		return "~/" + Quote(name[2:])
	}
	return Quote(name)
}

// lftpCombine joins words into a command line as lftp does
// (ArgV::CombineCmdTo): one word as it is, several each quoted when it
// holds a blank or one of the characters " ' \ & | > ; (xstring::append_quoted).
func lftpCombine(words []string) string {
	if len(words) == 1 {
		return words[0]
	}
	parts := make([]string, len(words))
	for i, w := range words {
		if !strings.ContainsAny(w, " \t\"'\\&|>;") {
			parts[i] = w
			continue
		}
		var b strings.Builder
		b.WriteByte('"')
		for j := 0; j < len(w); j++ {
			if w[j] == '"' || w[j] == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(w[j])
		}
		b.WriteByte('"')
		parts[i] = b.String()
	}
	return strings.Join(parts, " ")
}

// LftpLines returns the commands of lftp's text as lftp reads them
// (lftpParse), one line each, for the readers of the transfer language
// that split lines as sftp's batches are split (rewrite's readBatch):
// each word in single quotes, !TEXT as it is, the commands of a ( … )
// group in place of the group. Single quotes are ordinary characters to
// lftp, so echo 'x; local rm -r ~/.ssh #' is two commands.
func LftpLines(text string) []string {
	return lftpLines(text, map[string]string{})
}

// LftpLinesAliases is LftpLines with the aliases defined before the
// text (LftpRcAliases): a command whose first word one names (in any
// case) is its text with the command's other words after it.
func LftpLinesAliases(text string, aliases map[string]string) []string {
	return lftpLines(text, maps.Clone(aliases))
}

func lftpLines(text string, aliases map[string]string) []string {
	var out []string
	var expanding []string
	var add func(text string, depth int)
	add = func(text string, depth int) {
		for _, c := range lftpParse(text) {
			switch {
			case c.bad:
			case c.bang:
				out = append(out, "!"+c.shell)
			case c.isGroup:
				if depth < maxNestedCommands {
					add(c.group, depth+1)
				}
			default:
				if len(c.words) > 0 {
					name := strings.ToLower(c.words[0])
					if a, ok := aliases[name]; ok && !slices.Contains(expanding, name) && depth < maxNestedCommands {
						if len(c.words) > 1 {
							a += " " + lftpCombine(c.words[1:])
						}
						expanding = append(expanding, name)
						add(a, depth+1)
						expanding = expanding[:len(expanding)-1]
						continue
					}
					if lftpVerb(c.words[0]) == "alias" && len(c.words) > 1 {
						if len(c.words) > 2 {
							aliases[strings.ToLower(c.words[1])] = strings.Join(c.words[2:], " ")
						} else {
							delete(aliases, strings.ToLower(c.words[1]))
						}
					}
				}
				parts := make([]string, len(c.words))
				for i, w := range c.words {
					parts[i] = "'" + strings.ReplaceAll(w, "'", `'"'"'`) + "'"
				}
				out = append(out, strings.Join(parts, " "))
			}
		}
	}
	add(text, 0)
	return out
}

// lftpSettings are the settings whose value lftp runs (src/resource.cc,
// src/CmdExec.cc): the lftp commands of cmd:at-exit and its kind, the
// program /bin/sh -c runs for an sftp:// or fish:// connection
// (connect-program, followed by ssh's words), and the program run on
// each transferred file (xfer:verify-command, split at blanks).
const lftpSettings = "cmd:at-exit cmd:at-exit-bg cmd:at-exit-fg cmd:at-background cmd:at-terminate cmd:at-finish " +
	"cmd:at-queue-finish sftp:connect-program fish:connect-program xfer:verify-command"

// setting models set [-a|-d] NAME VALUE: a setting whose value lftp runs
// is judged where it is set. lftp takes a variable's unique prefix, with
// or without its class (set at-exit, set sftp:connect-prog), and a
// /CLOSURE after the name; any of these settings the name may be counts.
func (lw *lftpWalk) setting(args []string, dir Dir, local bool, depth int) {
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		args = args[1:]
	}
	if len(args) < 2 {
		return
	}
	name, _, _ := strings.Cut(strings.ToLower(args[0]), "/")
	class, v, ok := strings.Cut(name, ":")
	if !ok {
		class, v = "", name
	}
	value := strings.Join(args[1:], " ")
	for _, s := range strings.Fields(lftpSettings) {
		sc, sv, _ := strings.Cut(s, ":")
		if !strings.HasPrefix(sc, class) || !strings.HasPrefix(sv, v) || v == "" {
			continue
		}
		switch {
		case sc == "cmd":
			lw.text(value, dir, local, depth+1)
		case sv == "connect-program":
			lw.shell(value+" host", "lftp set "+s, dir)
		default:
			lw.shell(value+" file", "lftp set "+s, dir)
		}
		return
	}
}
