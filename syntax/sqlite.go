package syntax

import (
	"path/filepath"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// sqliteValueOptions are sqlite3's options that take the next word.
var sqliteValueOptions = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"separator": true, "newline": true, "nullvalue": true, "vfs": true,
		"cmd": true, "init": true, "escape": true, "maxsize": true, "mmap": true, "pagecache": true, "heap": true,
		// duckdb's shell, a fork of sqlite3's: -c and -s run a command
		// and exit, -f runs a file's.
		"c": true, "s": true, "f": true}
}}

// sqliteProgram reads what a sqlite3 (or duckdb) call runs: -cmd
// COMMAND and -init FILE (duckdb's -c/-s COMMAND and -f FILE) first, or
// without -init the user's ~/.sqliterc (duckdb: ~/.duckdbrc), then each
// argument after the database (a statement or a dot command), and the
// input on stdin (a here-document or here-string).
// The sqlite3 shell runs shell commands itself (.shell, .system, .output
// |cmd) and writes files (.output FILE, .save, ATTACH, VACUUM INTO), so
// what it is given is code, read by lang.SQLite.
func (w *walker) sqliteProgram(c scope, call *Call) {
	args := call.Args
	var pieces []codePiece
	db, stmts, initGiven := false, false, false
	for i := 0; i < len(args); i++ {
		a := &args[i]
		if !db && strings.HasPrefix(a.Value, "-") && a.Static {
			opt := strings.TrimLeft(a.Value, "-")
			if sqliteValueOptions.Get()[opt] && i+1 < len(args) {
				i++
				switch opt {
				case "cmd", "c", "s":
					pieces = append(pieces, codePiece{text: args[i].Value, arg: &args[i]})
				case "init", "f":
					pieces = append(pieces, codePiece{file: &args[i]})
					initGiven = initGiven || opt == "init"
				}
			}
			continue
		}
		if !db {
			db = true // the database file
			continue
		}
		stmts = true
		pieces = append(pieces, codePiece{text: a.Value, arg: a})
	}
	if f := stdinFile(call); f != nil && !stmts {
		// sqlite3 db < x.sql: the file is the input, dot commands and
		// all (red team 9 B), when no statement follows the database.
		pieces = append(pieces, codePiece{file: f})
	}
	if !initGiven && w.home != "" {
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
	w.runPieces(c, call, lang.SQLite, call.Name, pieces)
	for _, in := range w.stdinTexts(c, call) {
		w.program(c, call, lang.SQLite, in.text, call.Name+" "+in.kind, in.dynamic, "")
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
	operands := 0
	args := call.Args
	for i := 0; i < len(args); i++ {
		if strings.HasPrefix(args[i].Value, "-") && operands == 0 {
			if sqliteValueOptions.Get()[strings.TrimLeft(args[i].Value, "-")] {
				i++
			}
			continue
		}
		operands++
	}
	return operands <= 1
}
