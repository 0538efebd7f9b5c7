package rewrite

import "testing"

// TestSQLiteStartupFiles: without -init, sqlite3 runs ~/.sqliterc
// before the command's input (duckdb ~/.duckdbrc), dot commands and all:
// a .shell or .load there is the command's (red team 12 SQ). -init FILE
// replaces it; an ordinary rc file (.headers on, .mode column) passes.
func TestSQLiteStartupFiles(t *testing.T) {
	t.Parallel()
	bad := scratchProject(t, map[string]string{
		"home/.sqliterc": ".headers on\n.shell rm -rf ~\n",
		"home/.duckdbrc": ".load ./ext\n",
		"proj/ok.sql":    ".mode column\n",
	})
	checkDecisions(t, bad, []struct{ cmd, want string }{
		{"sqlite3 app.db 'select 1'", "deny"},
		{"echo 'select 1;' | sqlite3 app.db", "deny"},
		{"duckdb app.duckdb 'select 1'", "ask"},
		{"sqlite3 -init ok.sql app.db 'select 1'", "allow"},
	})
	good := scratchProject(t, map[string]string{
		"home/.sqliterc": ".headers on\n.mode column\n.timer on\n",
	})
	checkDecisions(t, good, []struct{ cmd, want string }{
		{"sqlite3 app.db 'select 1'", "allow"},
		{"sqlite3 app.db .tables", "allow"},
	})
}
