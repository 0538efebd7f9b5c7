package lang

import (
	"path"
	"strings"
)

// Vim's current buffer as a source of code (red team 17 VM1b): :source
// expands the file-name specials of its argument (cmdline-special) — %
// the current file, # the alternate one, with modifiers such as %:p,
// %:r.vim — so -c 'e F | so %' and vim -c 'so %' F source F; and
// :[range]source (Vim 9: :%so, :1,$source) sources the lines of the
// current buffer: the file it loaded plus what :read put in it. The
// ex state follows which file is current and alternate (:edit and the
// other commands that load a buffer, :file NAME), which files' text the
// buffer holds (:read FILE) and whether other commands may have changed
// its lines (:put, :normal, :s, a function call: then a ranged :source
// runs text corral does not know, which asks). Before any :edit the
// current file is the first file Vim was given, which only the caller
// knows: such an effect carries ExArgBuffer and a path template whose
// "%" the caller fills (ExpandBufferName); under :bufdo, :argdo, :windo
// and the like, % is each buffer in turn, ExEveryArg asking the caller
// for every file Vim was given.

// ExArgBuffer is the Text of an ex Include effect whose Path is a
// template naming the first file Vim was given (ExpandBufferName);
// ExEveryArg one naming each of them.
const (
	ExArgBuffer = "vim-argument-buffer"
	ExEveryArg  = "vim-every-argument"
)

// exArgFile stands for the first file Vim was given in the ex state,
// exUnknownFile for a file named only at run time.
const (
	exArgFile     = "\x00arg"
	exUnknownFile = "\x00unknown"
)

// exBuffer is what the ex state knows of Vim's buffers.
type exBuffer struct {
	// cur and alt name the current and alternate file ("" none,
	// exArgFile the first argument); content the files whose text the
	// current buffer holds; all every file a buffer was made for.
	cur, alt string
	content  []string
	all      []string
	// dirty: a command may have changed the current buffer's lines.
	dirty bool
	// every: the commands being read run once for each buffer (:bufdo).
	every bool
}

func newExBuffer() exBuffer {
	return exBuffer{cur: exArgFile, content: []string{exArgFile}}
}

// edit records an ex command that loads or names a buffer (exEditCommand)
// with its file arguments.
func (b *exBuffer) edit(name string, files []string) {
	for _, f := range files {
		if len(b.all) < 64 {
			b.all = append(b.all, f)
		}
	}
	switch {
	case exIs(name, "badd", 3), exIs(name, "argadd", 4):
		// Added to the lists; the current buffer stays.
		return
	case exIs(name, "balt", 4):
		if len(files) > 0 {
			b.alt = files[0]
		}
		return
	case exIs(name, "file", 1):
		// :file NAME renames the current buffer: its lines stay.
		if len(files) > 0 {
			b.alt, b.cur = b.cur, files[0]
		}
		return
	}
	if len(files) == 0 {
		if exIs(name, "new", 3) || exIs(name, "vnew", 3) || exIs(name, "tabnew", 6) || exIs(name, "tabedit", 4) {
			b.alt, b.cur, b.content, b.dirty = b.cur, "", nil, false
		}
		return
	}
	b.alt, b.cur, b.content, b.dirty = b.cur, files[0], []string{files[0]}, false
}

// read records :read FILE, whose lines join the current buffer's.
func (b *exBuffer) read(file string) {
	if len(b.content) < 64 {
		b.content = append(b.content, file)
	}
}

// note records a command that may change the current buffer's lines:
// any but those that only load, read, write, source or set options, and
// any whose argument calls a function.
func (b *exBuffer) note(name, arg string) {
	if exBufferKeeps(name) && !strings.Contains(arg, "(") {
		return
	}
	b.dirty = true
}

// exBufferKeeps reports an ex command that leaves the current buffer's
// lines as they are (or, :edit and :read, is followed on its own).
func exBufferKeeps(name string) bool {
	if exEditCommand(name) {
		return true
	}
	for _, c := range []struct {
		full string
		min  int
	}{{"read", 1}, {"source", 2}, {"runtime", 2}, {"set", 2}, {"setlocal", 4}, {"setglobal", 4}, {"cd", 2}, {"chdir", 3},
		{"lcd", 2}, {"tcd", 3}, {"write", 1}, {"update", 2}, {"wall", 2}, {"quit", 1}, {"qall", 2}, {"quitall", 5},
		{"xit", 1}, {"exit", 3}, {"xall", 2}, {"wqall", 3}, {"redir", 4}, {"echo", 2}, {"echomsg", 5}, {"silent", 3},
		{"bufdo", 5}, {"argdo", 5}, {"tabdo", 4}, {"windo", 5}, {"filetype", 5}, {"syntax", 2}, {"nohlsearch", 3},
		{"messages", 3}, {"let", 3}, {"unlet", 3}, {"if", 2}, {"endif", 2}, {"else", 2}, {"try", 3}, {"endtry", 4},
		{"catch", 3}, {"finally", 4}, {"sleep", 2}, {"version", 2}, {"buffers", 7}, {"ls", 2}, {"print", 1}} {
		if exIs(name, c.full, c.min) {
			return true
		}
	}
	return name == "wq" || name == "qa" || name == "x"
}

// source returns what :[range]source[!] [FILE] runs: the file arg names
// after its specials are expanded, or with a range and no file the
// current buffer's lines (Vim 9).
func (st *exState) source(arg, rng string, at int) []Effect {
	f, _, _ := exBar(arg)
	f = strings.TrimSpace(f)
	b := &st.buf
	if f == "" {
		if rng == "" {
			return nil
		}
		// :%so, :1,$source: the buffer's lines.
		var out []Effect
		for _, c := range b.content {
			out = append(out, bufferInclude(":source (the buffer's lines)", c, "", "%", at)...)
		}
		if b.dirty || len(b.content) == 0 && b.cur == "" {
			out = append(out, Effect{Kind: Hidden, Call: ":" + rng + "source", Text: "the lines of the current buffer, changed by other commands", Offset: at})
		}
		return out
	}
	if !exHasSpecial(f) {
		return []Effect{exSourceFile(":source", exFile(f), at)}
	}
	if b.every {
		// % is each buffer in turn: those the commands named, and
		// each file Vim was given.
		var out []Effect
		seen := map[string]bool{}
		for _, c := range append([]string{b.cur, b.alt}, b.all...) {
			if c != "" && c != exArgFile && !seen[c] {
				seen[c] = true
				out = append(out, bufferInclude(":source", c, b.alt, f, at)...)
			}
		}
		tpl, ok := expandBufferSpecials(f, exArgFile, b.alt)
		if ok && strings.Contains(tpl, exArgFile) {
			out = append(out, Effect{Kind: Include, Call: ":source", Path: strings.ReplaceAll(tpl, exArgFile, "%"), Text: ExEveryArg, Offset: at})
		}
		return out
	}
	return bufferInclude(":source", b.cur, b.alt, f, at)
}

// bufferInclude returns the Include of the file named by f with % the
// file cur and # the file alt.
func bufferInclude(call, cur, alt, f string, at int) []Effect {
	p, ok := expandBufferSpecials(f, cur, alt)
	switch {
	case !ok:
		return []Effect{{Kind: Hidden, Call: call, Text: f, Offset: at}}
	case p == "":
		return nil // no such file: Vim refuses (E499, E194)
	}
	if strings.Contains(p, exArgFile) {
		return []Effect{{Kind: Include, Call: call, Path: strings.ReplaceAll(p, exArgFile, "%"), Text: ExArgBuffer, Offset: at}}
	}
	return []Effect{exSourceFile(call, exFile(p), at)}
}

// exSourceFile is the Include of a file :source runs; a URL is fetched
// by netrw (its SourceCmd autocommand) and run: code from the network.
func exSourceFile(call, p string, at int) Effect {
	if exNetrwURL(p) {
		return Effect{Kind: Hidden, Call: call, Text: p, Offset: at}
	}
	return Effect{Kind: Include, Call: call, Path: p, Offset: at}
}

// exHasSpecial reports an unescaped % or # (or <…> special) in a file
// argument.
func exHasSpecial(f string) bool {
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case '\\':
			i++
		case '%', '#':
			return true
		case '<':
			for _, sp := range []string{"<cfile>", "<cword>", "<cWORD>", "<cexpr>", "<afile>", "<abuf>", "<amatch>", "<client>"} {
				if strings.HasPrefix(f[i:], sp) {
					return true
				}
			}
		}
	}
	return false
}

// expandBufferSpecials puts the file names in place of the specials of
// a file argument: % is cur, # is alt (when known: the state's), each
// with its modifiers (:p :~ :. :h :t :r :e). ok is false for a special
// corral cannot name (#N, ##, <cword>, :s modifiers, # with no alternate
// known, a modifier of the first argument's name, which the caller
// applies).
func expandBufferSpecials(f, cur, alt string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '\\' && i+1 < len(f) && (f[i+1] == '%' || f[i+1] == '#' || f[i+1] == '<'):
			b.WriteByte(f[i+1])
			i++
		case c == '%' || c == '#':
			name := cur
			if c == '#' {
				if i+1 < len(f) && (f[i+1] == '#' || f[i+1] == '<' || f[i+1] >= '0' && f[i+1] <= '9') {
					return "", false
				}
				name = alt
			}
			switch name {
			case "":
				return "", true // no such file: the command fails
			case exUnknownFile:
				return "", false
			}
			j := i + 1
			mods := ""
			for j+1 < len(f) && f[j] == ':' && strings.IndexByte("p~.htre", f[j+1]) >= 0 {
				mods += f[j : j+2]
				j += 2
			}
			if j+1 < len(f) && f[j] == ':' && (f[j+1] == 's' || f[j+1] == 'g') {
				return "", false
			}
			if name == exArgFile {
				b.WriteString(exArgFile + mods)
			} else {
				b.WriteString(ExModifyName(name, mods))
			}
			i = j - 1
		case c == '<':
			for _, sp := range []string{"<cfile>", "<cword>", "<cWORD>", "<cexpr>", "<afile>", "<abuf>", "<amatch>", "<client>"} {
				if strings.HasPrefix(f[i:], sp) {
					return "", false
				}
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// ExModifyName applies Vim's file-name modifiers (mods: a sequence of
// ":p", ":~", ":.", ":h", ":t", ":r", ":e") to name: :p, :~ and :. name
// the same file; :h is the head, :t the tail, :r the root, :e the
// extension.
func ExModifyName(name, mods string) string {
	for i := 0; i+1 < len(mods); i += 2 {
		switch mods[i+1] {
		case 'h':
			if d := path.Dir(name); d != "." || strings.Contains(name, "/") {
				name = d
			} else {
				name = "."
			}
		case 't':
			name = path.Base(name)
		case 'r':
			if e := path.Ext(name); e != "" && e != name {
				name = strings.TrimSuffix(name, e)
			}
		case 'e':
			if e := path.Ext(name); e != "" {
				name = e[1:]
			} else {
				name = ""
			}
		}
	}
	return name
}

// ExpandBufferName fills a path template of an ExArgBuffer or ExEveryArg
// effect with file, a file Vim was given: each "%" and its modifiers.
func ExpandBufferName(tpl, file string) string {
	p, ok := expandBufferSpecials(tpl, file, "")
	if !ok {
		return ""
	}
	return exFile(p)
}

// eachBuffer reads the command :bufdo (:argdo, :windo, …) runs once for
// each buffer: % is each of them.
func (st *exState) eachBuffer(arg string, depth int) []Effect {
	saved := st.buf.every
	st.buf.every = true
	out := st.commands(arg, depth+1)
	st.buf.every = saved
	return out
}

// exEditFiles returns the files an :edit-like command's argument f names,
// its specials expanded with the current and alternate files (:e #);
// a name only run time knows (or a modifier of the first argument's)
// is exUnknownFile.
func (b *exBuffer) exEditFiles(f, name string) []string {
	var out []string
	for _, w := range exFileArgs(f, exIs(name, "args", 2) || exIs(name, "argadd", 4) || exIs(name, "next", 1)) {
		if exHasSpecial(w) {
			p, ok := expandBufferSpecials(w, b.cur, b.alt)
			switch {
			case !ok || strings.Contains(p, exArgFile) && p != exArgFile:
				out = append(out, exUnknownFile)
			case p != "":
				out = append(out, p)
			}
			continue
		}
		if p, ok := exPath(w); ok {
			out = append(out, p)
		} else {
			out = append(out, exUnknownFile)
		}
	}
	return out
}
