package rewrite

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestPsqlPrograms: the shell commands psql input runs beyond \! —
// COPY … FROM/TO PROGRAM (the server's /bin/sh -c), \copy … program
// (psql's popen), \o |cmd, \g |cmd, `cmd` in a meta-command — in -c, a
// -f script, a here-document and a pipe, with PostgreSQL's literals
// read as the server reads them. Plain queries and COPY of STDIN,
// STDOUT or a file pass.
func TestPsqlPrograms(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	dir := t.TempDir()
	for name, text := range map[string]string{
		"evil.sql": "SELECT 1;\nCOPY t FROM PROGRAM $x$rm -rf ~$x$;\n",
		"ok.sql":   "CREATE TABLE t (x int);\nCOPY t FROM STDIN;\n\\copy t from 'data.csv' csv\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Cwd = dir
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`psql -c "COPY t FROM PROGRAM 'rm -rf ~'"`, Deny},
		{`psql -c "copy t to program 'rm -rf ~'"`, Deny},
		{`psql -c "COPY (SELECT 1) TO PROGRAM 'rm -rf ~'"`, Deny},
		{`psql -c "\copy t from program 'rm -rf ~'"`, Deny},
		{`psql -c "\copy (select 1) to program 'rm -rf ~' csv"`, Deny},
		{`psql --command="COPY t FROM PROGRAM 'rm -rf ~'" db`, Deny},
		// PostgreSQL's literals: E'' escapes, U&'', dollar quotes, two
		// literals joined across a newline, the second reading of a
		// backslash (standard_conforming_strings off).
		{`psql -c "COPY t FROM PROGRAM E'rm -rf \\176'"`, Deny},
		{`psql -c "COPY t FROM PROGRAM E'rm -rf \\x7e'"`, Deny},
		{`psql -c "COPY t FROM PROGRAM U&'rm -rf \\007e'"`, Deny},
		{`psql -c "COPY t FROM PROGRAM U&'rm -rf !007e' UESCAPE '!'"`, Deny},
		{`psql -c 'COPY t FROM PROGRAM $$rm -rf ~$$'`, Deny},
		{"psql -c \"COPY t FROM PROGRAM 'rm -rf '\n'~'\"", Deny},
		{`psql -c "SET standard_conforming_strings = off; COPY t FROM PROGRAM 'rm -rf \\176'"`, Deny},
		// Code the server runs from a string: a DO block, EXECUTE, a
		// query whose result \gexec runs.
		{`psql -c "DO \$\$ BEGIN EXECUTE 'COPY t FROM PROGRAM ''rm -rf ~'''; END \$\$"`, Deny},
		{`psql -c "SELECT 'COPY t FROM PROGRAM ''rm -rf ~''' \gexec"`, Deny},
		// Text only known at run time.
		{`psql -c "COPY t FROM PROGRAM :'cmd'"`, Ask},
		{`psql -c "DO \$\$ BEGIN EXECUTE 'COPY t FROM PROGRAM ' || quote_literal(current_setting('x.c')); END \$\$"`, Ask},
		{`psql -c "DO \$\$ BEGIN EXECUTE format('COPY t FROM PROGRAM %L', current_setting('x.c')); END \$\$"`, Ask},
		// psql's meta-commands that run a command.
		{`psql -c '\o |rm -rf ~'`, Deny},
		{`psql -c 'SELECT 1 \g |rm -rf ~'`, Deny},
		{`psql -c 'SELECT 1 \g (format=csv) |rm -rf ~'`, Deny},
		{"psql -c '\\set x `rm -rf ~`'", Deny},
		// Other inputs: a -f script, a here-document, a pipe, < FILE.
		{`psql -f evil.sql`, Deny},
		{`psql < evil.sql`, Deny},
		{"psql <<'E'\nCOPY t FROM PROGRAM 'rm -rf ~';\nE", Deny},
		{`psql <<< "COPY t TO PROGRAM 'rm -rf ~'"`, Deny},
		{`echo "COPY t FROM PROGRAM 'rm -rf ~'" | psql db`, Deny},
		{`printf '%s\n' "\copy t from program 'rm -rf ~'" | psql`, Deny},
		// Look-alikes.
		{`psql -c 'SELECT 1'`, Allow},
		{`psql -c "COPY t FROM PROGRAM 'gzip -dc data.csv.gz'"`, Allow},
		{`psql -c "\copy t from program 'cat data.csv' csv"`, Allow},
		{`psql -c "COPY t TO STDOUT WITH CSV"`, Allow},
		{`psql -c "\copy t to 'out.csv' csv"`, Allow},
		{`psql -c "\copy t from 'data.csv' csv"`, Allow},
		{`psql -c "INSERT INTO notes VALUES ('copy to program'), ('rm -rf ~')"`, Allow},
		{`psql -c "SELECT 'COPY t FROM PROGRAM is superuser only'"`, Allow},
		{`psql -c "SELECT program FROM jobs"`, Allow},
		{`psql -f ok.sql`, Allow},
		{`psql -c '\o out.txt'`, Allow},
		{"psql -c '\\set x `date`'", Allow},
		{`echo "SELECT count(*) FROM t" | psql db`, Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
