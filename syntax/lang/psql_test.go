package lang

import (
	"slices"
	"testing"
)

// TestPsqlScript: the commands psql input runs, with PostgreSQL's
// literals decoded as the server decodes them (SQL 4.1.2: two quotes for one;
// E-strings' \ooo, \xhh, \uXXXX, \n; U&-strings' \XXXX, \+XXXXXX and UESCAPE; $tag$
// bodies; literals joined across a newline), and psql's \copy quoting
// (copy.c parse_slash_copy: single quotes, two for one).
func TestPsqlScript(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string // Kind:Text of each Shell or Hidden effect
	}{
		{`COPY t FROM PROGRAM 'a ''b'' c'`, []string{"S:a 'b' c"}},
		{`copy t to program E'x\ty\n\101\x42\u0043\''`, []string{"S:x\ty\nABC'"}},
		{`COPY t FROM PROGRAM U&'d\0061t\+000065'`, []string{"S:date"}},
		{`COPY t FROM PROGRAM U&'d!0061te' UESCAPE '!'`, []string{"S:date"}},
		{`COPY t FROM PROGRAM $q$it's $$ here$q$`, []string{"S:it's $$ here"}},
		{"COPY t FROM PROGRAM 'ab'\n  'cd'", []string{"S:abcd"}},
		{`COPY t FROM PROGRAM 'ab' 'cd'`, []string{"S:ab"}}, // no newline: not joined (a syntax error)
		{`COPY t FROM PROGRAM 'a\101'`, []string{`S:a\101`, "S:aA"}},
		{`COPY t FROM PROGRAM :'v'`, []string{"H::"}},
		{`COPY t FROM PROGRAM f(x)`, []string{"H:f"}},
		{`\copy t from program 'x ''y''' csv`, []string{"S:x 'y'"}},
		{`\copy (select ';from') to program 'z'`, []string{"S:z"}},
		{`\copy t from 'program.csv'`, nil},
		{`\o |less`, []string{"S:" + SQLiteOutput + " | less"}},
		{`SELECT 1 \gx |wc -l`, []string{"S:" + SQLiteOutput + " | wc -l"}},
		{"\\set a `echo hi`\nSELECT :'a';", []string{"S:echo hi"}},
		{"\\set a '`notrun`'", nil},
		{`\! ls`, nil}, // the escape reader's
		{`DO $$BEGIN EXECUTE 'COPY t FROM PROGRAM ''id'''; END$$`, []string{"S:id"}},
		{`DO $$BEGIN EXECUTE 'COPY t FROM PROGRAM ' || x; END$$`, []string{"H:a command built at run time"}},
		{`SELECT 'copy to program'`, nil},
		{`SELECT program FROM t -- COPY t FROM PROGRAM 'x'`, nil},
		{`/* /* COPY t FROM PROGRAM 'x' */ */ SELECT 1`, nil},
		{`SELECT $1, e'x'`, nil},
	} {
		var got []string
		for _, e := range psqlScript(tc.src) {
			switch e.Kind {
			case Shell:
				got = append(got, "S:"+e.Text)
			case Hidden:
				got = append(got, "H:"+e.Text)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}
