package syntax

import (
	"strings"
	"testing"
)

// A ${…} mvdan rejects and bash accepts is parsed as a variable the text
// names nowhere else, of the same length (offsets stay bash's); text it
// cannot rewrite safely still fails to parse.
func TestOpaqueParam(t *testing.T) {
	for _, tc := range []struct {
		src   string
		parse bool
	}{
		{`x=RM; ${x~~} -rf ~`, true},
		{`: ${x!}; cat f`, true},
		{`: ${#x[@]:1}; cat f`, true},
		{`echo "a${x~}b"`, true},
		{`: ${_00~~} ${x~~}`, true},
		{`: ${x$}`, false},    // a $ inside: where bash closes it is not plain
		{`: ${x!"}"}`, false}, // a quote inside
		{`: ${}`, false},      // no room for a name
		{strings.Repeat(": ${x~~}; ", maxOpaqueParams+1), false},
	} {
		f, err := parseSource(tc.src)
		if (err == nil) != tc.parse {
			t.Errorf("%q: parse error %v, want parsed=%v", tc.src, err, tc.parse)
			continue
		}
		if err != nil {
			continue
		}
		if end := int(f.End().Offset()); end > len(tc.src) {
			t.Errorf("%q: the parsed text ends at %d, past the source", tc.src, end)
		}
	}
	m, err := Analyze(`x=RM; ${y~~} -rf ~`, Options{Cwd: "/p", Home: "/h"})
	if err != nil {
		t.Fatal(err)
	}
	var name Arg
	for _, c := range m.Calls {
		if len(c.Args) == 2 && c.Args[0].Value == "-rf" {
			name = c.NameArg
		}
	}
	if name.Static || name.Raw != "${y~~}" {
		t.Errorf("the command name is %+v, want the run-time word ${y~~} as written", name)
	}
}
