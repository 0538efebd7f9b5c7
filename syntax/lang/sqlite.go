package lang

import "strings"

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
	name, rest, _ := strings.Cut(s, " ")
	name = strings.TrimPrefix(name, ".")
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
		if len(ops) == 0 || name == "log" && (ops[0] == "off" || ops[0] == "stdout" || ops[0] == "stderr") || ops[0] == "stdout" {
			return nil
		}
		return []Effect{file(ops[0], true)}
	case "save", "backup":
		if len(ops) == 0 {
			return nil
		}
		return []Effect{file(ops[len(ops)-1], true)}
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

// sqliteSQL reads SQL text: its keywords and calls outside strings and
// comments, with the string literal that follows them.
func sqliteSQL(src string, base int) []Effect {
	type tok struct {
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
			if w := word(n); w.str && w.text != "" && w.text != ":memory:" && !strings.HasPrefix(w.text, "file::memory:") {
				out = append(out, Effect{Kind: Write, Call: "ATTACH", Path: w.text, Offset: base + t.off})
			} else if !w.str {
				out = append(out, Effect{Kind: Hidden, Call: "ATTACH", Text: w.text, Offset: base + t.off})
			}
		case "into":
			if p := word(k - 1); !p.str && p.text == "vacuum" || word(k-2).text == "vacuum" {
				if w := word(k + 1); w.str {
					out = append(out, Effect{Kind: Write, Call: "VACUUM INTO", Path: w.text, Offset: base + t.off})
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
			"parquet_scan", "read_xlsx", "sniff_csv":
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
