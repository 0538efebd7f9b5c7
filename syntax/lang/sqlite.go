package lang

import (
	"net/url"
	"slices"
	"strings"
)

// SQLite is the input of the sqlite3 shell: SQL statements and its dot
// commands.
const SQLite Lang = "sqlite"

// sqliteScript finds what sqlite3 input does beyond the database: dot
// commands that run a shell (.shell, .system, .output |cmd, .once
// |cmd, .import |cmd, .read |cmd), write a file (.output, .once, .save,
// .backup, .log), read one (.import, .read); SQL that writes or runs
// native code (ATTACH 'file' creates it, VACUUM INTO 'file',
// writefile('file', …) of the CLI's fileio, load_extension); and SQL
// that reads a file into its result (readfile('f'), duckdb's
// read_text('f') and kin, FROM 'f'). A dot
// command is read at the start of a line; SQL everywhere outside
// comments, with its quoting.
func sqliteScript(src string) []Effect {
	var out []Effect
	off := 0
	var sql strings.Builder
	sqlAt := -1
	for _, line := range strings.SplitAfter(src, "\n") {
		at := off
		off += len(line)
		s := strings.TrimSpace(line)
		if pending := strings.TrimSpace(sql.String()); strings.HasPrefix(s, ".") && (pending == "" || strings.HasSuffix(pending, ";")) {
			// A dot command starts a line between statements.
			out = append(out, sqliteDot(s, at)...)
			continue
		}
		if sqlAt < 0 {
			sqlAt = at
		}
		sql.WriteString(line)
	}
	if sqlAt >= 0 {
		out = append(out, sqliteSQL(sql.String(), sqlAt)...)
	}
	return out
}

// sqliteArgs splits a dot command's arguments as sqlite3 does: blanks
// separate, '…' and "…" quote.
func sqliteArgs(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		if q := s[i]; q == '\'' || q == '"' {
			j := strings.IndexByte(s[i+1:], q)
			if j < 0 {
				out = append(out, s[i+1:])
				break
			}
			out = append(out, s[i+1:i+1+j])
			i += j + 2
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// SQLiteOutput stands, in the shell text of .output |CMD, for the
// output of the queries piped into CMD: a program corral does not know,
// so what it prints is only known at run time.
const SQLiteOutput = "sqlite3-query-output"

func sqliteDot(s string, at int) []Effect {
	word, rest, _ := strings.Cut(strings.Replace(s, "\t", " ", 1), " ")
	name := sqliteDotName(strings.TrimPrefix(word, "."))
	args := sqliteArgs(rest)
	// The operands, options (-x, --bom, --csv, …) left out.
	var ops []string
	for i, a := range args {
		if strings.HasPrefix(a, "|") && (name == "output" || name == "once") {
			// .output |CMD takes every word after it, options too.
			ops = append(ops, strings.Join(args[i:], " "))
			break
		}
		if !strings.HasPrefix(a, "-") {
			ops = append(ops, a)
		}
	}
	file := func(p string, write bool) Effect {
		if cmd, ok := strings.CutPrefix(p, "|"); ok {
			cmd = strings.TrimSpace(cmd)
			if write {
				// The queries' output is the command's input: a shell
				// reading it runs text only known at run time.
				cmd = SQLiteOutput + " | " + cmd
			}
			return Effect{Kind: Shell, Call: "." + name + " |", Text: cmd, Offset: at}
		}
		if write {
			return Effect{Kind: Write, Call: "." + name, Path: p, Offset: at}
		}
		return Effect{Kind: Read, Call: "." + name, Path: p, Offset: at}
	}
	switch name {
	case "shell", "system":
		return []Effect{{Kind: Shell, Call: "." + name, Text: strings.Join(args, " "), Offset: at}}
	case "load":
		// .load FILE [ENTRY] loads a shared library as an extension: its
		// constructor and entry point run native code in the shell
		// (real sqlite3 ran a canary library's constructor), as
		// load_extension() does.
		if len(ops) == 0 {
			return nil
		}
		return []Effect{{Kind: Hidden, Call: ".load", Text: ops[0], Offset: at}}
	case "output", "once", "log":
		if name != "log" && (slices.Contains(args, "-x") || slices.Contains(args, "-e")) {
			// .once -x / -e: the output goes to a temporary file that
			// sqlite3 then opens with system("xdg-open FILE").
			return []Effect{sqliteXdgOpen("."+name, at)}
		}
		if len(ops) == 0 || name == "log" && (ops[0] == "off" || ops[0] == "stdout" || ops[0] == "stderr") || ops[0] == "stdout" {
			return nil
		}
		return []Effect{file(ops[0], true)}
	case "excel":
		return []Effect{sqliteXdgOpen(".excel", at)}
	case "trace":
		// .trace FILE appends every statement's text (the agent's
		// words) to FILE, opened for writing: real sqlite3 wrote a
		// comment's lines into it. stdout, stderr and off name no file.
		for _, op := range ops {
			if op != "stdout" && op != "stderr" && op != "off" {
				return []Effect{{Kind: Write, Call: ".trace", Path: op, Offset: at}}
			}
		}
		return nil
	case "iotrace":
		// .iotrace FILE (builds with SQLITE_ENABLE_IOTRACE): "-" is
		// stdout.
		if len(ops) == 0 {
			return nil
		}
		return []Effect{{Kind: Write, Call: ".iotrace", Path: ops[0], Offset: at}}
	case "open":
		return sqliteOpen(args, at)
	case "clone":
		// .clone NEWDB copies the database into a new file.
		if len(ops) == 0 {
			return nil
		}
		return []Effect{{Kind: Write, Call: ".clone", Path: sqliteFileName(ops[0]), Offset: at}}
	case "restore":
		// .restore ?DB? FILE reads FILE into the database.
		if len(ops) == 0 {
			return nil
		}
		return []Effect{{Kind: Read, Call: ".restore", Path: sqliteFileName(ops[len(ops)-1]), Offset: at}}
	case "cd":
		// .cd DIR changes the shell's working directory: the relative
		// names after it are there (no ~ expansion: chdir(2) of the
		// word).
		if len(ops) == 0 {
			return nil
		}
		return []Effect{{Kind: Chdir, Call: ".cd", Path: ops[0], Text: ops[0], Offset: at}}
	case "archive":
		return sqliteArchive(args, at).effects
	case "save", "backup":
		if len(ops) == 0 {
			return nil
		}
		return []Effect{file(sqliteFileName(ops[len(ops)-1]), true)}
	case "import":
		if len(ops) == 0 {
			return nil
		}
		return []Effect{file(ops[0], false)}
	case "read":
		if len(ops) == 0 {
			return nil
		}
		e := file(ops[0], false)
		if e.Kind != Read {
			return []Effect{e}
		}
		// .read FILE runs the file's lines as sqlite3 input: its dot
		// commands (.shell, .system, a nested .read) too. The path is
		// the working directory's, wherever the .read is.
		return []Effect{e, {Kind: Include, Call: ".read", Path: ops[0], Offset: at}}
	}
	return nil
}

// sqlTok is a token of SQL text: a word (lower case), a literal or a
// punctuation character.
type sqlTok struct {
	text string
	str  bool
	// list reports a [ … ] token, which sqlite3 takes for a quoted
	// name and duckdb for a list (read_text(['a', 'b'])).
	list bool
	// dq reports a "…" token: sqlite3 takes a double-quoted name
	// that is no column for a string literal (readfile(".env")).
	dq  bool
	off int
}

// sqliteSQL reads SQL text: its keywords and calls outside strings and
// comments, with the string literal that follows them.
func sqliteSQL(src string, base int) []Effect {
	type tok = sqlTok
	var toks []tok
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				i = len(src)
			} else {
				i += j
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				i = len(src)
			} else {
				i += j + 4
			}
		case c == '\'':
			var b strings.Builder
			j := i + 1
			for j < len(src) {
				if src[j] == '\'' {
					if j+1 < len(src) && src[j+1] == '\'' {
						b.WriteByte('\'')
						j += 2
						continue
					}
					break
				}
				b.WriteByte(src[j])
				j++
			}
			toks = append(toks, tok{text: b.String(), str: true, off: i})
			i = j + 1
		case c == '"' || c == '`' || c == '[':
			end := byte('"')
			if c == '`' {
				end = '`'
			} else if c == '[' {
				end = ']'
			}
			j := strings.IndexByte(src[i+1:], end)
			if j < 0 {
				i = len(src)
			} else {
				toks = append(toks, tok{text: src[i+1 : i+1+j], list: c == '[', dq: c == '"', off: i})
				i += j + 2
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			toks = append(toks, tok{text: strings.ToLower(src[i:j]), off: i})
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			toks = append(toks, tok{text: string(c), off: i})
			i++
		}
	}
	var out []Effect
	word := func(k int) tok {
		if k >= 0 && k < len(toks) {
			return toks[k]
		}
		return tok{}
	}
	// literalArg reports whether the argument at token k is one literal
	// (a string, a double-quoted name, a [list]) that ends the argument:
	// followed by "," or ")", not by an operator or a call.
	literalArg := func(k int) bool {
		w := word(k)
		if !w.str && !w.dq && !w.list {
			return false
		}
		next := word(k + 1)
		return !next.str && !next.dq && !next.list && (next.text == "," || next.text == ")")
	}
	for k, t := range toks {
		if t.str {
			continue
		}
		switch t.text {
		case "attach":
			n := k + 1
			if w := word(n); !w.str && w.text == "database" {
				n++
			}
			if w := word(n); w.str && !sqliteMemory(w.text) {
				p := sqliteFileName(w.text)
				// The attached database is read by the queries, and created or
				// changed by the statements.
				out = append(out, Effect{Kind: Read, Call: "ATTACH", Path: p, Offset: base + t.off}, Effect{Kind: Write, Call: "ATTACH", Path: p, Offset: base + t.off})
			} else if !w.str {
				out = append(out, Effect{Kind: Hidden, Call: "ATTACH", Text: w.text, Offset: base + t.off})
			}
		case "copy":
			// COPY … TO 'f' / FROM 'f' (duckdb's and PostgreSQL's,
			// whose server writes and reads its own files) and
			// PostgreSQL's COPY … TO PROGRAM 'cmd' / FROM PROGRAM 'cmd',
			// which run cmd by the shell. The first TO or FROM outside
			// parentheses (COPY (SELECT …) TO 'f') before the ";".
			out = append(out, sqlCopy(k, word, base)...)
		case "outfile", "dumpfile":
			// MySQL's SELECT … INTO OUTFILE 'f' / INTO DUMPFILE 'f'.
			if word(k-1).text == "into" && !word(k-1).str {
				if w := word(k + 1); w.str {
					out = append(out, Effect{Kind: Write, Call: "INTO " + strings.ToUpper(t.text), Path: w.text, Offset: base + t.off})
				} else {
					out = append(out, Effect{Kind: Hidden, Call: "INTO " + strings.ToUpper(t.text), Text: w.text, Offset: base + t.off})
				}
			}
		case "infile":
			// MySQL's LOAD DATA [LOCAL] INFILE 'f' and LOAD XML INFILE.
			if w := word(k + 1); w.str && w.text != "" {
				out = append(out, Effect{Kind: Read, Call: "LOAD DATA INFILE", Path: w.text, Offset: base + t.off})
			}
		case "lo_export":
			// PostgreSQL's lo_export(oid, 'f') writes a large object.
			if word(k+1).text == "(" {
				n := k + 2
				for n < len(toks) && word(n).text != "," && word(n).text != ")" {
					n++
				}
				if word(n).text == "," {
					if w := word(n + 1); w.str && literalArg(n+1) {
						out = append(out, Effect{Kind: Write, Call: "lo_export", Path: w.text, Offset: base + t.off})
					} else {
						out = append(out, Effect{Kind: Hidden, Call: "lo_export", Text: w.text, Offset: base + t.off})
					}
				}
			}
		case "into":
			if p := word(k - 1); !p.str && p.text == "vacuum" || word(k-2).text == "vacuum" {
				if w := word(k + 1); w.str {
					out = append(out, Effect{Kind: Write, Call: "VACUUM INTO", Path: sqliteFileName(w.text), Offset: base + t.off})
				} else {
					out = append(out, Effect{Kind: Hidden, Call: "VACUUM INTO", Text: w.text, Offset: base + t.off})
				}
			}
		case "from":
			// duckdb reads a file named where a table would be (SELECT
			// * FROM 'f.csv', COPY t FROM 'f', globs allowed); sqlite3
			// takes the string for a table's name, which names no file
			// it reads.
			if w := word(k + 1); w.str && w.text != "" {
				out = append(out, Effect{Kind: Read, Call: "FROM", Path: w.text, Glob: strings.ContainsAny(w.text, "*?["), Offset: base + t.off})
			}
		case "readfile", "read_text", "read_blob", "read_csv", "read_csv_auto", "read_json", "read_json_auto",
			"read_json_objects", "read_ndjson", "read_ndjson_auto", "read_ndjson_objects", "read_parquet",
			"parquet_scan", "read_xlsx", "sniff_csv",
			// PostgreSQL's and MySQL's server-side reads.
			"pg_read_file", "pg_read_binary_file", "lo_import", "load_file":
			// sqlite3's fileio readfile('f'), duckdb's table functions:
			// the file's content becomes the query's result. duckdb
			// takes a list of names (['a', 'b']) and globs.
			if word(k+1).text != "(" {
				continue
			}
			var names []string
			if w := word(k + 2); !literalArg(k + 2) {
				// A name computed in SQL ('.e'||'nv', char(46,…), a
				// column): the file is only known when it runs.
				out = append(out, Effect{Kind: Hidden, Call: t.text, Text: w.text, Offset: base + t.off})
			} else if w.str || w.dq {
				names = append(names, w.text)
			} else if w.list {
				names = append(names, sqlite3Strings(w.text)...)
			}
			for _, n := range names {
				out = append(out, Effect{Kind: Read, Call: t.text, Path: n, Glob: strings.ContainsAny(n, "*?[") && t.text != "readfile", Offset: base + t.off})
			}
		case "writefile", "load_extension", "edit":
			if word(k+1).text != "(" {
				continue
			}
			w := word(k + 2)
			switch {
			case t.text == "writefile" && (w.str || w.dq) && literalArg(k+2):
				out = append(out, Effect{Kind: Write, Call: "writefile", Path: w.text, Offset: base + t.off})
			case t.text == "edit":
				out = append(out, Effect{Kind: Hidden, Call: "edit", Text: "an editor named at run time", Offset: base + t.off})
			default:
				out = append(out, Effect{Kind: Hidden, Call: t.text, Text: w.text, Offset: base + t.off})
			}
		}
	}
	return out
}

// sqlCopy reads a COPY statement whose keyword is token k: the first
// TO or FROM outside parentheses before the statement's end, then
// PROGRAM 'cmd' (a shell command), STDIN/STDOUT (none) or 'file'.
func sqlCopy(k int, word func(int) sqlTok, base int) []Effect {
	depth := 0
	at := word(k).off
	for n := k + 1; ; n++ {
		w := word(n)
		if w.text == "" && !w.str {
			return nil
		}
		if w.str {
			continue
		}
		switch w.text {
		case "(":
			depth++
			continue
		case ")":
			depth--
			continue
		case ";":
			return nil
		}
		if depth > 0 || w.text != "to" && w.text != "from" {
			continue
		}
		call := "COPY " + strings.ToUpper(w.text)
		target := word(n + 1)
		if !target.str && target.text == "program" {
			cmd := word(n + 2)
			if cmd.str {
				return []Effect{{Kind: Shell, Call: call + " PROGRAM", Text: cmd.text, Offset: base + at}}
			}
			return []Effect{{Kind: Hidden, Call: call + " PROGRAM", Text: cmd.text, Offset: base + at}}
		}
		if !target.str || target.text == "" {
			return nil // STDIN, STDOUT, a variable
		}
		if w.text == "from" {
			return nil // the FROM case reads it
		}
		return []Effect{{Kind: Write, Call: call, Path: target.text, Offset: base + at}}
	}
}

// sqlite3Strings returns the quoted literals in text, where two quotes
// in a row stand for one.
func sqlite3Strings(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '\'' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(text); j++ {
			if text[j] == '\'' {
				if j+1 < len(text) && text[j+1] == '\'' {
					b.WriteByte('\'')
					j++
					continue
				}
				break
			}
			b.WriteByte(text[j])
		}
		out = append(out, b.String())
		i = j
	}
	return out
}

// sqliteDotName is the dot command sqlite3 runs for the name typed: it
// takes any prefix of a command's name that is at least as long as that
// command needs (.o is .output, .t .trace, .c .clone, .l .load, .op
// .open, .bac .backup, .rea .read; checked against sqlite3 3.40, which
// tests the names in the order below). Other names are returned as
// typed.
func sqliteDotName(typed string) string {
	commands := [...]struct {
		name string
		min  int
	}{
		{"output", 1}, {"once", 2}, {"log", 3}, {"trace", 1}, {"clone", 1}, {"cd", 2},
		{"save", 3}, {"backup", 3}, {"open", 2}, {"load", 1}, {"shell", 2}, {"system", 2},
		{"import", 1}, {"iotrace", 2}, {"read", 3}, {"restore", 3}, {"archive", 2}, {"excel", 5},
	}
	if typed == "ar" {
		return "archive"
	}
	for _, c := range commands {
		if len(typed) >= c.min && strings.HasPrefix(c.name, typed) {
			return c.name
		}
	}
	return typed
}

// sqliteXdgOpen is .excel, .once -x and .once -e: sqlite3 writes the
// output to a temporary file and runs system("xdg-open FILE"), xdg-open
// found on PATH (seen with a stand-in xdg-open).
func sqliteXdgOpen(call string, at int) Effect {
	return Effect{Kind: Exec, Call: call, Argv: []string{"xdg-open", "/tmp/sqlite3-output.csv"}, Offset: at}
}

// sqliteFileName is the file a database name opens: sqlite3's shell
// takes URI names (file:PATH?mode=…), whose path is percent-encoded;
// other names are returned unchanged.
func sqliteFileName(name string) string {
	rest, ok := strings.CutPrefix(name, "file:")
	if !ok {
		return name
	}
	if r, ok := strings.CutPrefix(rest, "//"); ok {
		// file://localhost/PATH or file:///PATH: the authority is
		// empty or localhost.
		if i := strings.IndexByte(r, '/'); i >= 0 {
			rest = r[i:]
		}
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i]
	}
	if u, err := url.PathUnescape(rest); err == nil {
		rest = u
	}
	return rest
}

// sqliteMemory reports a database name that opens no file: "",
// :memory:, file::memory: and a URI with mode=memory.
func sqliteMemory(name string) bool {
	if name == "" || name == ":memory:" {
		return true
	}
	if uri, ok := strings.CutPrefix(name, "file:"); ok {
		_, q, _ := strings.Cut(uri, "?")
		return strings.HasPrefix(uri, ":memory:") || strings.Contains("&"+q+"&", "&mode=memory&")
	}
	return false
}

// sqliteOpen is .open ?OPTIONS? ?FILE?: sqlite3 opens FILE as the main
// database, creating it (real sqlite3 made an empty file) and writing
// every later change there; --new first truncates it to an empty
// database. --readonly, --deserialize and --hexdb only read it. A read
// is reported too: the database's content is what the queries print.
func sqliteOpen(args []string, at int) []Effect {
	var file string
	readOnly := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--maxsize" || a == "-maxsize":
			i++
		case a == "--readonly" || a == "-readonly" || a == "--deserialize" || a == "-deserialize" || a == "--hexdb" || a == "-hexdb":
			readOnly = true
		case strings.HasPrefix(a, "-"):
		case file == "":
			file = a
		}
	}
	if sqliteMemory(file) {
		return nil
	}
	if uri, ok := strings.CutPrefix(file, "file:"); ok {
		_, q, _ := strings.Cut(uri, "?")
		readOnly = readOnly || strings.Contains("&"+q+"&", "&mode=ro&")
	}
	path := sqliteFileName(file)
	out := []Effect{{Kind: Read, Call: ".open", Path: path, Offset: at}}
	if !readOnly {
		out = append(out, Effect{Kind: Write, Call: ".open", Path: path, Offset: at})
	}
	return out
}

// sqliteArchiveCmd is what a .archive (.ar, sqlite3 -A) command does.
type sqliteArchiveCmd struct {
	effects []Effect
	// main reports a change of the main database: the archive is the
	// database sqlite3 has open (no -f/-a FILE).
	main bool
}

// sqliteArchive reads .archive's arguments as sqlite3's arParseCommand
// does: a first word without "-" is a cluster of letters (tar's old
// style: "xvf A" takes -f's value from the next word); otherwise -c,
// -u, -i, -r, -t, -x, -v, -n, -g, -f FILE, -a FILE, -C DIR and their
// long names, clustered short options taking the rest of the word or
// the next one; the first other word starts the members.
// Create, update and insert write the archive and read each member
// (from DIR with -C): a tree copied in, secrets and all. Remove writes
// the archive. Extract writes each member under DIR (else the working
// directory) by its stored name: absolute names are kept without -C,
// and a member stored as a symbolic link is made first, so the ones
// after it are written through it (real sqlite3 wrote outside -C DIR
// that way; names with ".." are skipped). The members are only known
// when it runs, so an extraction asks. -n only prints the SQL.
func sqliteArchive(args []string, at int) sqliteArchiveCmd {
	var cmd byte
	var file, dir string
	dry := false
	var members []string
	short := func(c byte) {
		switch c {
		case 'c', 'u', 'i', 'r', 't', 'x':
			cmd = c
		case 'n':
			dry = true
		}
	}
	takes := func(c byte) bool { return c == 'f' || c == 'a' || c == 'C' }
	set := func(c byte, v string) {
		if c == 'C' {
			dir = v
		} else {
			file = v
		}
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		next := 1
		for i := 0; i < len(args[0]); i++ {
			c := args[0][i]
			if takes(c) {
				if next < len(args) {
					set(c, args[next])
					next++
				}
				continue
			}
			short(c)
		}
		members = args[min(next, len(args)):]
	} else {
		longs := [...]struct {
			name string
			c    byte
		}{{"create", 'c'}, {"update", 'u'}, {"insert", 'i'}, {"remove", 'r'}, {"list", 't'}, {"extract", 'x'},
			{"verbose", 'v'}, {"dryrun", 'n'}, {"glob", 'g'}, {"file", 'f'}, {"append", 'a'}, {"directory", 'C'}, {"help", 'h'}}
		i := 0
	scan:
		for ; i < len(args); i++ {
			a := args[i]
			switch {
			case strings.HasPrefix(a, "--") && len(a) > 2:
				// A long option: any prefix of one name.
				name, val, eq := strings.Cut(a[2:], "=")
				for _, l := range longs {
					if !strings.HasPrefix(l.name, name) {
						continue
					}
					if takes(l.c) {
						if !eq && i+1 < len(args) {
							i++
							val = args[i]
						}
						set(l.c, val)
					} else {
						short(l.c)
					}
					break
				}
			case strings.HasPrefix(a, "-") && len(a) > 1:
				for j := 1; j < len(a); j++ {
					c := a[j]
					if !takes(c) {
						short(c)
						continue
					}
					if j+1 < len(a) {
						set(c, a[j+1:])
					} else if i+1 < len(args) {
						i++
						set(c, args[i])
					}
					break
				}
			default:
				break scan
			}
		}
		members = args[i:]
	}
	var out sqliteArchiveCmd
	if dry {
		return out
	}
	archive := func(k Kind) {
		if file == "" {
			out.main = k == Write
			return
		}
		out.effects = append(out.effects, Effect{Kind: k, Call: ".archive", Path: sqliteFileName(file), Offset: at})
	}
	switch cmd {
	case 'c', 'u', 'i':
		archive(Write)
		for _, m := range members {
			p := m
			if dir != "" {
				p = dir + "/" + m
			}
			// A member that is a directory is read whole.
			out.effects = append(out.effects, Effect{Kind: Read, Call: ".archive -" + string(cmd), Path: p, Walk: true, Recursive: true, Offset: at})
		}
	case 'r':
		archive(Write)
	case 'x':
		if file != "" {
			out.effects = append(out.effects, Effect{Kind: Read, Call: ".archive -x", Path: sqliteFileName(file), Offset: at})
		}
		out.effects = append(out.effects, Effect{Kind: Extract, Call: ".archive -x", Text: dir, Argv: []string{"sqlar"}, Offset: at})
	}
	return out
}

// SQLiteWritesMain reports whether sqlite3 input changes the database
// the shell has open through a dot command: an .archive that creates,
// updates, inserts or removes without -f/-a FILE (the archive is the
// database), and .import, .restore, .read, .load in any spelling.
func SQLiteWritesMain(src string) bool {
	for _, line := range strings.Split(src, "\n") {
		s := strings.TrimSpace(line)
		if !strings.HasPrefix(s, ".") {
			continue
		}
		word, rest, _ := strings.Cut(strings.Replace(s, "\t", " ", 1), " ")
		switch sqliteDotName(strings.TrimPrefix(word, ".")) {
		case "archive":
			if sqliteArchive(sqliteArgs(rest), 0).main {
				return true
			}
		case "import", "restore", "read", "load":
			return true
		}
	}
	return false
}

// SQLiteFileName is sqliteFileName for the syntax package (the
// database named on sqlite3's command line).
func SQLiteFileName(name string) string { return sqliteFileName(name) }

// SQLiteMemory is sqliteMemory for the syntax package.
func SQLiteMemory(name string) bool { return sqliteMemory(name) }

// SQLiteReadOnlyURI reports a file: URI that opens its file read-only
// (mode=ro) or immutable.
func SQLiteReadOnlyURI(name string) bool {
	uri, ok := strings.CutPrefix(name, "file:")
	if !ok {
		return false
	}
	_, q, _ := strings.Cut(uri, "?")
	q = "&" + q + "&"
	return strings.Contains(q, "&mode=ro&") || strings.Contains(q, "&immutable=1&")
}

// SQLiteMovesDir reports sqlite3 input with a .cd command.
func SQLiteMovesDir(src string) bool {
	for _, line := range strings.Split(src, "\n") {
		s := strings.TrimSpace(line)
		word, _, _ := strings.Cut(strings.Replace(s, "\t", " ", 1), " ")
		if strings.HasPrefix(word, ".") && sqliteDotName(word[1:]) == "cd" {
			return true
		}
	}
	return false
}
