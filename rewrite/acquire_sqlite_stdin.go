package rewrite

import (
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// followSQLiteImport asks about a sqlite3 call that reads a download on
// its stdin through a dot command of its statements (sqlite3 x.db
// ".import /dev/stdin t", -cmd ".import --csv /dev/stdin t"): the
// download is stored in the database file, or with .read run as its
// statements, where corral cannot move it into the sandbox. sqlite3
// reading its commands on stdin is runsStdin's (the pipe-shell rule). It
// reports whether s was such a call.
func (p *Pass) followSQLiteImport(s *syntax.Call, rule, kind string) bool {
	if s.Name != "sqlite3" {
		return false
	}
	opts, ops := scan(s.Args, outputFileSpec("sqlite3"))
	if len(ops) < 2 && len(find(opts, "cmd")) == 0 {
		return false
	}
	texts := []syntax.Arg{}
	for _, o := range find(opts, "cmd") {
		texts = append(texts, o.val)
	}
	for _, i := range ops[min(1, len(ops)):] {
		texts = append(texts, s.Args[i])
	}
	db := "its database"
	if len(ops) > 0 {
		db = s.Args[ops[0]].Value
	}
	for _, a := range texts {
		if !a.Static {
			continue
		}
		for _, e := range lang.Analyze(lang.SQLite, a.Value) {
			if e.Kind != lang.Read || e.Path == "" || !p.namesStdin(s, syntax.Arg{Value: e.Path, Raw: e.Path, Static: true}) || e.Path == "-" {
				continue
			}
			what := "stores the download in " + db
			if e.Call == ".read" {
				what = "runs the download as its statements on " + db
			}
			p.Report(s, Finding{Rule: rule, Decision: Ask, Kind: kind,
				Message: "sqlite3 " + e.Call + " " + e.Path + " " + what + "; corral cannot keep that in the sandbox"})
			return true
		}
	}
	return false
}
