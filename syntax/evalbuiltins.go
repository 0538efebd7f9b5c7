package syntax

import (
	"strconv"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"
)

// Builtins that run text the script hands them as data: compgen runs
// its -C command and -F function and expands its -W word list (its
// substitutions run); fc -s re-runs an entry of the shell's history (put
// there by history -s, even in bash -c), and fc without -s or -l runs an
// editor on one and then runs what the editor leaves; an element
// assigned to BASH_ALIASES defines an alias. Text known here is walked
// as the script it is; text only known at run time is reported in
// Model.Hidden.

// compgen walks what compgen runs: -C's command (in a subshell), -F's
// function and the expansions of -W's word list (in this shell).
func (w *walker) compgen(c scope, call *Call, st *state) {
	args := call.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Static && a.Value == "--" {
			return
		}
		if !a.Static || len(a.Value) < 2 || a.Value[0] != '-' {
			continue // the word completed, or an option only run time knows
		}
		for j := 1; j < len(a.Value); j++ {
			opt := a.Value[j]
			if !strings.ContainsRune("oAGWFCXPS", rune(opt)) {
				continue
			}
			val := Arg{Value: a.Value[j+1:], Static: true}
			if val.Value == "" {
				if i+1 >= len(args) {
					return
				}
				i++
				val = args[i]
			}
			switch opt {
			case 'C':
				if !val.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Value,
						What: "compgen -C runs a command only known at run time"})
				} else {
					w.childIn(c, call, val.Value, nil, "compgen -C", false, st, st.dir)
				}
			case 'F':
				if !val.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Value,
						What: "compgen -F runs a function only known at run time"})
				} else if _, ok := st.funcs[val.Value]; ok && isName(val.Value) {
					w.childIn(c, call, val.Value, nil, "compgen -F", false, st, st.dir)
				}
			case 'W':
				// The list is split and each word expanded: its
				// substitutions run. A list only known at run time (the
				// output of a command) is data, as any word's value is.
				if val.Static && strings.ContainsAny(val.Value, "$`<>") {
					w.childIn(c, call, ": "+val.Value, nil, "compgen -W", false, st, st.dir)
				}
			}
			break
		}
	}
}

// history applies history's changes to the history list: -s adds its
// words as one entry, -c clears the list, -r, -n and -d change it in
// ways only run time knows.
func (w *walker) history(call *Call, st *state) {
	args := call.Args
	w.historyPrint(call, st)
	for i, a := range args {
		if !a.Static || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			continue
		}
		switch {
		case strings.Contains(a.Value, "s"):
			entry := make([]string, 0, len(args)-i-1)
			known := true
			for _, x := range args[i+1:] {
				known = known && x.Static
				entry = append(entry, x.Value)
			}
			if !known {
				st.hist, st.histAll = nil, false
				return
			}
			if len(entry) > 0 {
				st.hist = append(st.hist, strings.Join(entry, " "))
			}
			return
		case strings.Contains(a.Value, "c"):
			st.hist, st.histAll = nil, true
		case strings.ContainsAny(a.Value, "rnd"):
			st.hist, st.histAll = nil, false
		}
	}
}

// histPrints are the texts history -p calls printed (see
// state.histOut).
type histPrints struct {
	m map[*Call]string
}

// historyPrint records what history -p ARG… prints (red team 15 HX1):
// each ARG after history expansion against the history list as it is
// where the call runs, one a line. history -s puts text there even in a
// shell that is not interactive, so set -o history; history -s 'CMD';
// eval "$(history -p '!!')" runs CMD. An expansion this model does not
// compute (a word designator or modifier, !N, an event not among the
// known entries of a list that may hold more) leaves the output unknown:
// historyPrinted then reports it only known at run time, and what runs
// it asks.
func (w *walker) historyPrint(call *Call, st *state) {
	if st == nil || st.histOut == nil {
		return
	}
	args := call.Args
	for i, a := range args {
		if !a.Static || a.Value == "--" {
			return
		}
		if a.Value != "-p" {
			// -s, -c, -d, -r, -w… print nothing to run; history and
			// history N print the numbered list, which historyPrinted
			// reports only known at run time.
			return
		}
		var lines []string
		for _, x := range args[i+1:] {
			if !x.Static {
				return
			}
			line, ok := historyExpand(x.Value, st.hist, st.histAll)
			if !ok {
				return
			}
			if line == nil {
				// An event not found: history -p fails, printing nothing.
				lines = nil
				break
			}
			lines = append(lines, *line)
		}
		if st.histOut.m == nil {
			st.histOut.m = map[*Call]string{}
		}
		text := strings.Join(lines, "\n")
		if len(lines) > 0 {
			text += "\n"
		}
		st.histOut.m[call] = text
		return
	}
}

// historyPrinted returns what the history -p call src printed (see
// historyPrint); known is false when only run time knows it, and for
// every other history or fc call that prints entries of the list
// (history, history N, fc -l, fc -ln: an eval of fc -ln -1 runs the last
// entry).
func (w *walker) historyPrinted(src *Call) (text string, known bool) {
	if w.cur == nil || w.cur.histOut == nil {
		return "", false
	}
	text, known = w.cur.histOut.m[src]
	return text, known
}

// historyFeeds reports whether stage i of p prints text that came, through
// the filters between them, from a stage that prints entries of the
// shell's history list (red team 17 HX1b): in eval "$(history 1 | sed
// 's/^ *[0-9]* *//')" sed only strips the number history puts before the
// entry history -s stored, so what eval runs is that entry: code, only
// known at run time, as history's own output is (generatesCode). Each
// stage from the history call on must read the one before it (history |
// date prints no entry).
func historyFeeds(p *Pipeline, i int) bool {
	if p == nil || i <= 0 || i >= len(p.Calls) {
		return false
	}
	for j := i; j > 0; j-- {
		if p.Calls[j] == nil || !readsStage(p.Calls[j], p, j) {
			return false
		}
		if src := p.Calls[j-1]; src != nil && (src.Name == "history" || src.Name == "fc") && !silentCall(src) {
			return true
		}
	}
	return false
}

// historyExpand applies bash's history expansion to s as history -p
// does: !! (the last entry), !-N (the Nth last), !STR (the last
// starting with STR), !?STR[?] (the last containing STR), and ^OLD^NEW[^]
// at the start (the last entry with the first OLD replaced). A ! before a
// blank, =, ( or the end is itself. line is nil for an event the known
// whole list does not hold (bash fails: event not found); ok is false
// when only run time knows the result.
func historyExpand(s string, hist []string, all bool) (line *string, ok bool) {
	find := func(match func(string) bool) (string, bool, bool) {
		for i := len(hist) - 1; i >= 0; i-- {
			if match(hist[i]) {
				return hist[i], true, true
			}
		}
		return "", false, all
	}
	if strings.ContainsRune(s, '\\') {
		return nil, false // a backslash quotes ! (and history's quoting rules): not modelled
	}
	if strings.HasPrefix(s, "^") {
		parts := strings.SplitN(s[1:], "^", 3)
		if len(parts) < 2 || parts[0] == "" || len(parts) == 3 && parts[2] != "" {
			return nil, false
		}
		e, found, known := find(func(string) bool { return true })
		if !known {
			return nil, false
		}
		if !found || !strings.Contains(e, parts[0]) {
			return nil, true // no event, or no OLD in it: bash fails
		}
		r := strings.Replace(e, parts[0], parts[1], 1)
		return &r, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '!' || i+1 >= len(s) || strings.ContainsRune(" \t\n=(", rune(s[i+1])) {
			b.WriteByte(s[i])
			continue
		}
		rest := s[i+1:]
		var e string
		var found, known bool
		n := 0 // bytes of rest the event takes
		switch {
		case rest[0] == '!':
			n = 1
			e, found, known = find(func(string) bool { return true })
		case rest[0] == '-' && len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9':
			n = 1
			for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
				n++
			}
			k, err := strconv.Atoi(rest[1:n])
			if err != nil || k < 1 {
				return nil, false
			}
			if k <= len(hist) {
				e, found, known = hist[len(hist)-k], true, true
			} else {
				known = all
			}
		case rest[0] == '?':
			end := strings.IndexByte(rest[1:], '?')
			str := rest[1:]
			n = len(rest)
			if end >= 0 {
				str, n = rest[1:1+end], end+2
			}
			if str == "" {
				return nil, false
			}
			e, found, known = find(func(h string) bool { return strings.Contains(h, str) })
		case rest[0] >= '0' && rest[0] <= '9', strings.ContainsRune("#$^*%:", rune(rest[0])):
			return nil, false // !N, !#, a word of the last entry: not modelled
		default:
			n = strings.IndexAny(rest, " \t\n:;&|<>()")
			if n < 0 {
				n = len(rest)
			}
			str := rest[:n]
			e, found, known = find(func(h string) bool { return strings.HasPrefix(h, str) })
		}
		if n < len(rest) && strings.ContainsRune(":$^*%", rune(rest[n])) {
			return nil, false // a word designator or modifier: not modelled
		}
		if !known {
			return nil, false
		}
		if !found {
			return nil, true
		}
		b.WriteString(e)
		i += n
	}
	r := b.String()
	return &r, true
}

// fc walks what fc runs. fc -l lists. fc -s [PAT=REP] [CMD] (and fc -e
// -) re-runs the last entry of the history list, or the last that starts
// with CMD, after replacing PAT by REP; any other fc runs an editor
// ($FCEDIT, $EDITOR or vi) on entries and then runs the file it leaves.
func (w *walker) fc(c scope, call *Call, st *state) {
	args := call.Args
	list, again := false, false
	var operands []Arg
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(operands) == 0 && a.Static && len(a.Value) > 1 && a.Value[0] == '-' && !isInteger(a.Value) {
			if a.Value == "--help" {
				return
			}
			if a.Value == "--" {
				operands = append(operands, args[i+1:]...)
				break
			}
			for j := 1; j < len(a.Value); j++ {
				switch a.Value[j] {
				case 'l':
					list = true
				case 's':
					again = true
				case 'e':
					ed := a.Value[j+1:]
					if ed == "" && i+1 < len(args) {
						i++
						ed = args[i].Value
						if !args[i].Static {
							ed = "?"
						}
					}
					again = again || ed == "-"
					j = len(a.Value)
				}
			}
			continue
		}
		operands = append(operands, a)
	}
	if list {
		return
	}
	if !again {
		if st.histAll && len(st.hist) == 0 {
			return // nothing to edit: fc fails
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Name,
			What: "fc runs an editor on a command from the shell's history, then runs the text the editor leaves, only known at run time"})
		return
	}
	pat, rep, prefix := "", "", ""
	for _, o := range operands {
		if !o.Static {
			w.fcUnknown(call)
			return
		}
		if p, r, ok := strings.Cut(o.Value, "="); ok && pat == "" && prefix == "" {
			pat, rep = p, r
			continue
		}
		if prefix == "" {
			prefix = o.Value
		}
	}
	entry, found := "", false
	for i := len(st.hist) - 1; i >= 0; i-- {
		if prefix == "" || strings.HasPrefix(st.hist[i], prefix) {
			entry, found = st.hist[i], true
			break
		}
	}
	if !found || isInteger(strings.TrimPrefix(prefix, "-")) && prefix != "" {
		if st.histAll && !isInteger(strings.TrimPrefix(prefix, "-")) {
			return // no such entry: fc fails
		}
		w.fcUnknown(call)
		return
	}
	if pat != "" {
		entry = strings.ReplaceAll(entry, pat, rep)
	}
	w.childIn(c, call, entry, nil, "fc -s", false, st, st.dir)
}

func (w *walker) fcUnknown(call *Call) {
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Name,
		What: "fc -s runs a command from the shell's history, which only run time knows"})
}

// aliasAssign models an assignment to BASH_ALIASES: each element
// assigned defines the alias its subscript names, standing for its
// value (BASH_ALIASES[x]='rm -rf ~' is alias x='rm -rf ~').
func (w *walker) aliasAssign(c scope, st *state, a *sh.Assign) {
	r := w.resolver(c, st)
	line := a.End().Line()
	key := func(x sh.ArithmExpr) (string, bool) {
		if wd, ok := x.(*sh.Word); ok {
			if k := r.arg(wd); k.Static {
				return k.Value, true
			}
		}
		return "", false
	}
	define := func(x sh.ArithmExpr, val *sh.Word, append bool) {
		name, ok := key(x)
		text := Arg{Static: true}
		if val != nil {
			text = r.literal(val, true)
		}
		w.defineAlias(c, st, name, ok, text.Value, text.Static && !append, line)
	}
	switch {
	case a.Index != nil:
		define(a.Index, a.Value, a.Append)
	case a.Array != nil:
		for _, e := range a.Array.Elems {
			define(e.Index, e.Value, a.Append)
		}
	case a.Value != nil && !a.Naked:
		// BASH_ALIASES=text assigns element 0.
		define(&sh.Word{Parts: []sh.WordPart{&sh.Lit{Value: "0"}}}, a.Value, a.Append)
	}
}

// defineAlias records an alias defined by the statement ending on line:
// one whose name or text only run time knows is kept as unknown (under
// the empty name when its name is).
func (w *walker) defineAlias(c scope, st *state, name string, nameKnown bool, text string, textKnown bool, line uint) {
	if !nameKnown {
		name = ""
	}
	st.aliases = cloneMap(st.aliases)
	if st.aliases == nil {
		st.aliases = map[string]alias{}
	}
	st.aliases[name] = alias{value: text, line: line, sc: c.sc, unknown: !nameKnown || !textKnown}
}

// aliasTarget models the names of BASH_ALIASES elements that read,
// mapfile, printf -v and declare assign: an alias whose text only run
// time knows.
func (w *walker) aliasTarget(c scope, st *state, target string, line uint) {
	open := strings.IndexByte(target, '[')
	if open <= 0 || !strings.HasSuffix(target, "]") {
		return
	}
	if base, ok := st.resolve(target[:open]); !ok || base != "BASH_ALIASES" {
		return
	}
	name := target[open+1 : len(target)-1]
	w.defineAlias(c, st, name, !strings.ContainsAny(name, "$`"), "", false, line)
}

// hashAssign models an assignment to BASH_CMDS, bash's table of command
// paths: each element assigned makes the command its subscript names
// run the element's value (BASH_CMDS[ls]=/bin/rm; ls -rf ~ runs rm).
func (w *walker) hashAssign(c scope, st *state, a *sh.Assign) {
	r := w.resolver(c, st)
	put := func(x sh.ArithmExpr, val *sh.Word) {
		name := ""
		if wd, ok := x.(*sh.Word); ok {
			if k := r.arg(wd); k.Static {
				name = k.Value
			}
		}
		path := ""
		if val != nil {
			if v := r.literal(val, true); v.Static && v.Value != "" {
				path = v.Value
			}
		}
		st.hash(name, path)
	}
	switch {
	case a.Index != nil:
		put(a.Index, a.Value)
	case a.Array != nil:
		for _, e := range a.Array.Elems {
			put(e.Index, e.Value)
		}
	case a.Value != nil && !a.Naked:
		put(&sh.Word{Parts: []sh.WordPart{&sh.Lit{Value: "0"}}}, a.Value)
	}
}

// hashTarget models the names of BASH_CMDS elements that read, mapfile,
// printf -v and declare assign: path, or ("") a path only run time knows.
func (w *walker) hashTarget(st *state, target, path string) {
	open := strings.IndexByte(target, '[')
	if open <= 0 || !strings.HasSuffix(target, "]") {
		return
	}
	if base, ok := st.resolve(target[:open]); !ok || base != "BASH_CMDS" {
		return
	}
	name := target[open+1 : len(target)-1]
	if strings.ContainsAny(name, "$`") {
		name = ""
	}
	st.hash(name, path)
}

// printfValue returns the text printf -v NAME FORMAT [ARGS] stores when
// every word is static and the format is one corral reads exactly.
func printfValue(call *Call) (string, bool) {
	if call.Name != "printf" || len(call.Args) < 3 || call.Args[0].Value != "-v" {
		return "", false
	}
	var ops []string
	for _, a := range call.Args[2:] {
		if !a.Static {
			return "", false
		}
		ops = append(ops, a.Value)
	}
	if ops[0] == "--" {
		ops = ops[1:]
	}
	if len(ops) == 0 {
		return "", false
	}
	out, ok := BashPrintf(ops[0], ops[1:])
	return out, ok && strings.IndexByte(out, 0) < 0
}

// hashedCall judges a command whose name is in bash's table of command
// paths as the program the table names, with the call's words.
func (w *walker) hashedCall(c scope, call *Call, st *state) {
	path, ok := st.hashed[call.Name]
	if !ok && !st.hashAny {
		return
	}
	if path == "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Name,
			What: "BASH_CMDS or hash -p makes " + call.Name + " run a program only known at run time"})
		return
	}
	if baseName(path) == call.Name {
		return
	}
	words := append([]Arg{{Value: path, Raw: path, Static: true}}, call.Args...)
	w.argvChild(c, call, words, "BASH_CMDS", nil, call.Dir)
}
