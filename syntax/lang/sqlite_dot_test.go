package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSQLiteDotCommands (red team 14 SQ1): the dot commands that write,
// read, run or move the working directory, in every spelling sqlite3
// takes (a prefix of the name), and the look-alikes that do none.
func TestSQLiteDotCommands(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want []string
	}{
		// .trace and .iotrace write the statements' text to a file.
		{".trace /h/.bashrc", []string{"write .trace: /h/.bashrc"}},
		{".tr --plain /h/.bashrc", []string{"write .trace: /h/.bashrc"}},
		{".t out.log", []string{"write .trace: out.log"}},
		{".trace stdout\n.trace off\n.trace stderr\n.trace", nil},
		{".iotrace /h/.bashrc", []string{"write .iotrace: /h/.bashrc"}},
		{".iotrace -", nil},
		// .open creates (and with --new truncates) the file and reads it.
		{".open --new /h/.bashrc", []string{"read .open: /h/.bashrc", "write .open: /h/.bashrc"}},
		{".op app.db", []string{"read .open: app.db", "write .open: app.db"}},
		{".open --maxsize 9 --append x.db", []string{"read .open: x.db", "write .open: x.db"}},
		{".open --readonly /h/key4.db", []string{"read .open: /h/key4.db"}},
		{".open file:/h/.bashrc?mode=rwc", []string{"read .open: /h/.bashrc", "write .open: /h/.bashrc"}},
		{".open file:///h/a%20b.db?mode=ro", []string{"read .open: /h/a b.db"}},
		{".open\n.open :memory:\n.open file::memory:?cache=shared", nil},
		// .clone, .save, .backup write a database file; .restore reads one.
		{".clone /h/.bashrc", []string{"write .clone: /h/.bashrc"}},
		{".c /h/.bashrc", []string{"write .clone: /h/.bashrc"}},
		{".sav /h/.bashrc\n.bac main /h/.profile", []string{"write .save: /h/.bashrc", "write .backup: /h/.profile"}},
		{".res main /h/.ssh/id_rsa", []string{"read .restore: /h/.ssh/id_rsa"}},
		// Prefixes of the commands handled before: .o is .output, .l .load.
		{".o /h/.bashrc\n.on /h/.profile\n.sh rm -rf ~\n.sy id\n.l ./x\n.rea x.sql\n.imp data.csv t",
			[]string{"write .output: /h/.bashrc", "write .once: /h/.profile", "shell .shell: rm -rf ~", "shell .system: id",
				"hidden .load: ./x", "read .read: x.sql", "include .read: x.sql", "read .import: data.csv"}},
		// .cd moves the shell: later relative names are there.
		{".cd /h\n.output .bashrc", []string{"chdir .cd: /h", "write .output: .bashrc"}},
		// .excel and .once -x/-e run xdg-open on a temporary file.
		{".excel\n.once -x", []string{"exec .excel: xdg-open /tmp/sqlite3-output.csv", "exec .once: xdg-open /tmp/sqlite3-output.csv"}},
		{".output -e", []string{"exec .output: xdg-open /tmp/sqlite3-output.csv"}},
		// Archives: create reads the members and writes the archive;
		// extraction asks (members by stored name); list and dry run
		// do nothing.
		{".ar -c -f /h/.bashrc Makefile", []string{"write .archive: /h/.bashrc", "read walk -r .archive -c: Makefile"}},
		{".archive --create --file=a.sqlar -C /h .ssh", []string{"write .archive: a.sqlar", "read walk -r .archive -c: /h/.ssh"}},
		{".ar cf a.sqlar src", []string{"write .archive: a.sqlar", "read walk -r .archive -c: src"}},
		{".ar -xvf a.sqlar -C /h", []string{"read .archive -x: a.sqlar", "extract .archive -x: /h"}},
		{".ar xfC a.sqlar out", []string{"read .archive -x: a.sqlar", "extract .archive -x: out"}},
		{".ar -x", []string{"extract .archive -x: "}},
		{".ar -t -f a.sqlar\n.ar -xn -f a.sqlar\n.ar -r x", nil},
		// SQL: URI names are their files.
		{"ATTACH 'file:/h/.bashrc?mode=rwc' AS a; VACUUM INTO 'file:/h/.profile';", []string{"read ATTACH: /h/.bashrc", "write ATTACH: /h/.bashrc", "write VACUUM INTO: /h/.profile"}},
		// Other dialects' file statements (duckdb is read as sqlite3;
		// database MCP tools' SQL too): COPY TO/FROM a file or PROGRAM,
		// MySQL's INTO OUTFILE and LOAD DATA INFILE, the servers' file
		// functions.
		{"COPY t FROM PROGRAM 'rm -f /h/.bashrc'; copy (select 1) to program 'sh x'", []string{"shell COPY FROM PROGRAM: rm -f /h/.bashrc", "shell COPY TO PROGRAM: sh x"}},
		{"COPY (SELECT 'to' AS a FROM t) TO '/h/.bashrc' (FORMAT csv);", []string{"write COPY TO: /h/.bashrc"}},
		{"copy t from '/h/.ssh/id_rsa'; copy t to stdout; copy t from stdin", []string{"read FROM: /h/.ssh/id_rsa"}},
		{"SELECT 1 INTO OUTFILE '/h/.bashrc'; select 2 into dumpfile '/h/.profile'", []string{"write INTO OUTFILE: /h/.bashrc", "write INTO DUMPFILE: /h/.profile"}},
		{"LOAD DATA LOCAL INFILE '/h/.aws/credentials' INTO TABLE t", []string{"read LOAD DATA INFILE: /h/.aws/credentials"}},
		{"select pg_read_file('/h/.pgpass'), load_file('/h/.netrc'); select lo_import('/h/k'), lo_export(16400, '/h/.bashrc')", []string{"read pg_read_file: /h/.pgpass", "read load_file: /h/.netrc", "read lo_import: /h/k", "write lo_export: /h/.bashrc"}},
		{"insert into t values ('copy to program'); select outfile, infile from copy_jobs; update t set copy = 1", nil},
		// Look-alikes: other commands, names no command takes.
		{".tables\n.schema\n.s on\n.b x\n.ex\n.a x\n.TRACE x\n.dump\n.mode csv\n.headers on", nil},
		{"select '.trace /h/.bashrc';\n-- .open x", nil},
	} {
		var got []string
		for _, e := range Analyze(SQLite, tc.src) {
			got = append(got, describeSQLite(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Analyze(sqlite, %q) (-want +got):\n%s", tc.src, diff)
		}
	}
}

func describeSQLite(e Effect) string {
	switch {
	case e.Kind == Extract:
		return "extract " + e.Call + ": " + e.Text
	case e.Kind == Read && e.Walk:
		r := ""
		if e.Recursive {
			r = "-r "
		}
		return "read walk " + r + e.Call + ": " + e.Path
	}
	return describeProgram(e)
}

// TestSQLiteWritesMain: the dot commands that change the open database
// itself (an archive without -f, .import, .restore).
func TestSQLiteWritesMain(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		".ar -c a.txt":           true,
		".archive --update x":    true,
		".imp data.csv t":        true,
		".restore b.db":          true,
		".ar -c -f other.db a":   false,
		".ar -t":                 false,
		".ar -x -C out":          false,
		".tables\nselect 1;":     false,
		"select '.ar -c x' as s": false,
	} {
		if got := SQLiteWritesMain(src); got != want {
			t.Errorf("SQLiteWritesMain(%q) = %v, want %v", src, got, want)
		}
	}
}
