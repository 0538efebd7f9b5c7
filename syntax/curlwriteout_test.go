package syntax

import (
	"reflect"
	"testing"
)

// TestCurlWriteOutFiles: the files and texts of curl's write-out format
// as tool_writeout.c (curl 8.3+) writes them: %output{F} truncates F,
// %output{>>F} appends, the text runs to the next %output, %{stdout} or
// %{stderr}; \n \r \t and %% are escapes, another backslash pair is
// written as it is; a variable makes the text unknown.
func TestCurlWriteOutFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		format string
		want   []CurlWriteOut
	}{
		{`%{http_code}\n`, nil},
		{`%output{a.sh}rm -rf ~\n`, []CurlWriteOut{{Name: "a.sh", Text: "rm -rf ~\n", Known: true}}},
		{`%output{>>a}x%%y\t\q`, []CurlWriteOut{{Name: "a", Append: true, Text: "x%y\t\\q", Known: true}}},
		{`pre%output{a}one%{stderr}mid%output{b}two`, []CurlWriteOut{{Name: "a", Text: "one", Known: true}, {Name: "b", Text: "two", Known: true}}},
		{`%output{a}t=%{time_total}`, []CurlWriteOut{{Name: "a", Text: "t=%{time_total}", Known: false}}},
		{`%output{a}%header{x}`, []CurlWriteOut{{Name: "a", Text: "%header{x}", Known: false}}},
		{`%output{a`, nil},
		{`%output{}x`, nil},
	} {
		if got := CurlWriteOutFiles(tc.format); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %+v, want %+v", tc.format, got, tc.want)
		}
	}
}
