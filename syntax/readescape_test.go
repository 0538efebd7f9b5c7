package syntax

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// readEscapeCases (red team 15 task 6): read without -r takes a backslash
// as an escape: the next character is kept, even a blank or an IFS
// character, which then splits no field, and the backslash goes. The
// last printf prints the variables' values <one><per><field>; "?" when
// corral must not be certain (an escaped newline continues the record).
// Every certain answer is checked against bash.
var readEscapeCases = []struct{ src, want string }{
	{`read x <<< '/h/.bash\rc'; printf '<%s>' "$x"`, "</h/.bashrc>"},
	{`read -r x <<< '/h/.bash\rc'; printf '<%s>' "$x"`, `</h/.bash\rc>`},
	{`read x y <<< 'a\ b c'; printf '<%s>' "$x" "$y"`, "<a b><c>"},
	{`read x y <<< 'a b\ c d'; printf '<%s>' "$x" "$y"`, "<a><b c d>"},
	{`read x <<< '  a\ \ '; printf '<%s>' "$x"`, "<a  >"},
	{`read x <<< 'a\\b'; printf '<%s>' "$x"`, `<a\b>`},
	{`IFS=: read x y <<< 'a\:b:c'; printf '<%s>' "$x" "$y"`, "<a:b><c>"},
	{`read <<< ' a\tb '; printf '<%s>' "$REPLY"`, "< atb >"},
	{`read -a arr <<< 'x\ y z'; printf '<%s>' "${arr[@]}"`, "<x y><z>"},
	{`printf 'a\\\nb\n' | { read x; printf '<%s>' "$x"; }`, "?"},
	{`read x <<< 'a\'; printf '<%s>' "$x"`, "?"},
}

func TestReadEscapesInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range readEscapeCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "printf" && len(x.Args) > 0 && x.Args[0].Value == "<%s>" {
				c = x
			}
		}
		if c == nil {
			t.Errorf("%q: no printf call", tc.src)
			continue
		}
		static := true
		var b strings.Builder
		for _, a := range c.Args[1:] {
			static = static && a.Static
			b.WriteString("<" + a.Value + ">")
		}
		got := b.String()
		switch {
		case tc.want == "?" && static:
			t.Errorf("%q: corral is certain the fields are %q; want unknown", tc.src, got)
		case tc.want != "?" && !static:
			t.Errorf("%q: corral says the fields are only known at run time (%q); want %q", tc.src, got, tc.want)
		case tc.want != "?" && got != tc.want:
			t.Errorf("%q: corral says %q, want %q", tc.src, got, tc.want)
		}
		if tc.want == "?" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		if string(out) != tc.want {
			t.Errorf("%q: bash printed %q, the table says %q", tc.src, out, tc.want)
		}
	}
}
