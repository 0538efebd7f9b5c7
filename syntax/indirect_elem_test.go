package syntax

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// indirectElemCases (red team 15 NR1): a name reference or an
// indirection whose target is an array element — a literal index, @ or
// *, an associative array's key, an indexed array's subscript that reads
// a variable — gives that element (or every element), as bash does. Each
// prints its fields <one><per><field> in the last echo; "?" when corral
// must not be certain. Every certain answer is checked against bash.
var indirectElemCases = []struct{ src, want string }{
	{`a=(x /p); y="a[@]"; printf '<%s>' "${!y}"`, "<x></p>"},
	{`a=(x /p); y="a[*]"; printf '<%s>' "${!y}"`, "<x /p>"},
	{`a=(x /p); y="a[*]"; printf '<%s>' ${!y}`, "<x></p>"},
	{`a=(x /p); y="a[1]"; printf '<%s>' "${!y}"`, "</p>"},
	{`a=(x /p); i=1; y="a[i]"; printf '<%s>' "${!y}"`, "</p>"},
	{`declare -A m=([k]=/p); y="m[k]"; printf '<%s>' "${!y}"`, "</p>"},
	{`a=(x /p); declare -n r="a[@]"; printf '<%s>' "$r"`, "<x></p>"},
	{`a=(x /p); declare -n r=a[1]; printf '<%s>' "$r"`, "</p>"},
	{`a=(x /p); i=1; declare -n r="a[i]"; printf '<%s>' "$r"`, "</p>"},
	{`declare -A m=([k]=/p); declare -n r="m[k]"; printf '<%s>' "$r"`, "</p>"},
	{`a=(x /p); y="a[5]"; printf '<%s>' "${!y:-/q}"`, "</q>"},
	// Only run time knows these.
	{`a=(x /p); y="a[$1]"; printf '<%s>' "${!y}"`, "?"},
	{`a=(x /p); read -r y < /dev/null; printf '<%s>' "${!y}"`, "?"},
}

func TestIndirectElementsInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, tc := range indirectElemCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name != "printf" || len(c.Args) < 1 {
			t.Errorf("%q: last call is %q", tc.src, c.Name)
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
