package syntax

import (
	"path/filepath"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// sqliteValueOptions are sqlite3's options that take words after them,
// with how many (-pagecache SIZE N, -lookaside SIZE N).
var sqliteValueOptions = lazy.Value[map[string]int]{New: func() map[string]int {
	return map[string]int{"separator": 1, "newline": 1, "nullvalue": 1, "vfs": 1,
		"cmd": 1, "init": 1, "escape": 1, "maxsize": 1, "mmap": 1, "pagecache": 2, "lookaside": 2, "heap": 1, "nonce": 1,
		// duckdb's shell, a fork of sqlite3's: -c and -s run a command
		// and exit, -f runs a file's.
		"c": 1, "s": 1, "f": 1}
}}

// sqliteCall is a sqlite3 (or duckdb) command line as the shell reads
// it: options anywhere among the words (sqlite3 3.40 took -init and
// -cmd after the database, and refused an unknown -x there), the first
// other word the database, the rest statements and dot commands. -A
// takes every word after it (and the rest of its own word: -Ax) as the
// arguments of .archive, and the shell reads nothing else.
type sqliteCall struct {
	db                *Arg
	cmds, stmts, init []codePiece
	initGiven         bool
	archive           []Arg
	archiveText       string
	readOnly          bool
}

func parseSQLiteCall(call *Call) sqliteCall {
	var s sqliteCall
	args := call.Args
	for i := 0; i < len(args); i++ {
		a := &args[i]
		if a.Static && len(a.Value) > 1 && strings.HasPrefix(a.Value, "-") {
			opt := strings.TrimLeft(a.Value, "-")
			if call.Name != "duckdb" && strings.HasPrefix(a.Value, "-A") && !strings.HasPrefix(a.Value, "--") {
				words := args[i+1:]
				if rest := a.Value[2:]; rest != "" {
					words = append([]Arg{{Value: rest, Raw: rest, Static: true, Start: a.Start, End: a.End}}, words...)
				}
				s.archive = words
				s.archiveText = ".archive"
				for _, w := range words {
					s.archiveText += " " + sqliteQuote(w.Value)
				}
				break
			}
			if n := sqliteValueOptions.Get()[opt]; n > 0 && i+n < len(args) {
				switch opt {
				case "cmd", "c", "s":
					s.cmds = append(s.cmds, codePiece{text: args[i+1].Value, arg: &args[i+1]})
				case "init", "f":
					s.init = append(s.init, codePiece{file: &args[i+1]})
					s.initGiven = s.initGiven || opt == "init"
				}
				i += n
				continue
			}
			s.readOnly = s.readOnly || opt == "readonly" || opt == "deserialize"
			continue
		}
		if s.db == nil {
			s.db = a // the database file
			continue
		}
		s.stmts = append(s.stmts, codePiece{text: a.Value, arg: a})
	}
	return s
}

// sqliteQuote writes a word as sqlite3's dot-command reader splits it.
func sqliteQuote(w string) string {
	switch {
	case w != "" && !strings.ContainsAny(w, " \t'\""):
		return w
	case !strings.Contains(w, "'"):
		return "'" + w + "'"
	}
	return `"` + w + `"`
}

// sqliteProgram reads what a sqlite3 (or duckdb) call runs: -init FILE
// (duckdb's -f FILE) first, or without -init the user's ~/.sqliterc
// (duckdb: ~/.duckdbrc), then each -cmd COMMAND (duckdb's -c/-s), then
// each argument after the database (a statement or a dot command), and
// the input on stdin (a here-document or here-string); with -A the
// .archive command its words make.
// The sqlite3 shell runs shell commands itself (.shell, .system, .output
// |cmd) and writes files (.output FILE, .save, .open, .trace, ATTACH,
// VACUUM INTO), so what it is given is code, read by lang.SQLite. The
// database file is read (its content is what the queries print), and
// written by a dot command that changes it (an archive without -f,
// .import) or, named as a file: URI, by any call that may write.
func (w *walker) sqliteProgram(c scope, call *Call) {
	s := parseSQLiteCall(call)
	pieces := append(append(s.init, s.cmds...), s.stmts...)
	if s.archive != nil {
		dynamic := false
		for _, a := range s.archive {
			dynamic = dynamic || !a.Static
		}
		arg := &Arg{Value: s.archiveText, Raw: s.archiveText, Static: !dynamic}
		pieces = append(pieces, codePiece{text: s.archiveText, arg: arg})
	}
	if f := stdinFile(call); f != nil && len(s.stmts) == 0 && s.archive == nil {
		// sqlite3 db < x.sql: the file is the input, dot commands and
		// all (red team 9 B), when no statement follows the database.
		pieces = append(pieces, codePiece{file: f})
	}
	if !s.initGiven && w.home != "" {
		// Without -init, sqlite3 runs ~/.sqliterc first (the home of the
		// user's passwd entry, else HOME; real sqlite3 3.40 read the
		// passwd one) and duckdb ~/.duckdbrc: dot commands and all.
		rc := ".sqliterc"
		if call.Name == "duckdb" {
			rc = ".duckdbrc"
		}
		if p := filepath.Join(w.home, rc); w.exists(p) {
			pieces = append([]codePiece{{file: &Arg{Value: p, Raw: "~/" + rc, Static: true}}}, pieces...)
		}
	}
	pieces = sqliteJoinMoves(pieces)
	w.runPieces(c, call, lang.SQLite, call.Name, pieces)
	stdin := w.stdinTexts(c, call)
	for _, in := range stdin {
		w.program(c, call, lang.SQLite, in.text, call.Name+" "+in.kind, in.dynamic, "")
	}
	w.sqliteDatabase(c, call, s, pieces, stdin)
}

// sqliteJoinMoves makes the static text pieces one program when one of
// them changes the directory (.cd DIR): the names in the commands after
// it are in DIR. sqlite3 runs each argument as a whole: a statement
// gets its ";", so that a dot command after it starts a line.
func sqliteJoinMoves(pieces []codePiece) []codePiece {
	moves := false
	for _, p := range pieces {
		moves = moves || p.file == nil && p.arg != nil && p.arg.Static && lang.SQLiteMovesDir(p.text)
	}
	if !moves {
		return pieces
	}
	var out []codePiece
	var joined *codePiece
	for _, p := range pieces {
		if p.file != nil || p.arg == nil || !p.arg.Static {
			out = append(out, p)
			continue
		}
		t := strings.TrimSpace(p.text)
		if !strings.HasPrefix(t, ".") && !strings.HasSuffix(t, ";") {
			t += ";"
		}
		if joined == nil {
			out = append(out, codePiece{text: t, arg: p.arg})
			joined = &out[len(out)-1]
			continue
		}
		joined.text += "\n" + t
	}
	return out
}

// sqliteDatabase judges the database file of a sqlite3 call: a read
// (cat of it: a secret database such as a browser's cookies or key4.db
// is printed by the queries) and, when the input changes the open
// database by a dot command the SQL write check does not see (.archive
// -c without -f, .import), a write. A file: URI name (the shell takes
// URIs) is its path, and a write unless it or the call is read-only.
func (w *walker) sqliteDatabase(c scope, call *Call, s sqliteCall, pieces []codePiece, stdin []stdinText) {
	if s.db == nil || !s.db.Static || call.Name == "duckdb" {
		return
	}
	name := s.db.Value
	if lang.SQLiteMemory(name) {
		return
	}
	path := lang.SQLiteFileName(name)
	w.effect(c, call, "cat -- "+Quote(path), call.Name+" reads the database "+clip(s.db.Raw, 60), false, false)
	if s.readOnly {
		return
	}
	writes := strings.HasPrefix(name, "file:") && !lang.SQLiteReadOnlyURI(name)
	for _, p := range pieces {
		writes = writes || p.file == nil && lang.SQLiteWritesMain(p.text)
	}
	for _, in := range stdin {
		writes = writes || lang.SQLiteWritesMain(in.text)
	}
	if writes {
		w.effect(c, call, ": 0<&- > "+Quote(path), call.Name+" writes the database "+clip(s.db.Raw, 60), false, false)
	}
}

// SQLiteReadsStdin reports whether a sqlite3 call reads its commands on
// standard input: no statement follows the database and no redirection
// replaces the input.
func SQLiteReadsStdin(call *Call) bool {
	if call.Name != "sqlite3" && call.Name != "sqlite" && call.Name != "duckdb" {
		return false
	}
	for _, r := range call.Redirs {
		if r.Node.N == nil || r.Node.N.Value == "0" {
			if r.Node.Op == sh.RdrIn || r.Node.Op == sh.Hdoc || r.Node.Op == sh.DashHdoc || r.Node.Op == sh.WordHdoc || r.Node.Op == sh.RdrInOut || r.Node.Op == sh.DplIn {
				return false
			}
		}
	}
	s := parseSQLiteCall(call)
	return s.archive == nil && len(s.stmts) == 0
}
