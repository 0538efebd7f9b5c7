package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRequireStdin (issue 9): Node's require of the standard input
// (/dev/stdin, /dev/fd/0, /proc/self/fd/0) runs the code it reads there,
// as node /dev/stdin does; Perl's require "FILE" of a path runs the file
// as do FILE does.
// Look-alikes: require of a package, of a project file (left to the
// file's own reading), Perl's require of a module or a version.
func TestRequireStdin(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"js-stdin", JS, `require("/dev/stdin")`, []string{"exec require: node /dev/stdin"}},
		{"js-fd0", JS, `require('/dev/fd/0')`, []string{"exec require: node /dev/fd/0"}},
		{"js-proc-fd0", JS, `const m = require("/proc/self/fd/0")`, []string{"exec require: node /proc/self/fd/0"}},
		{"pl-stdin", Perl, `require "/dev/stdin"`, []string{"exec require: perl /dev/stdin"}},
		{"pl-file", Perl, `require "./lib/x.pl";`, []string{"exec require: perl ./lib/x.pl"}},
		// Look-alikes.
		{"pl-module", Perl, `require strict; require 5.010; require "strict.pm";`, nil},
		{"js-package", JS, `const fs = require("fs")`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}
