package lang

import "testing"

// TestPythonAliasesAfterSemicolon: an import that follows ; or the : of a
// compound statement on the same line, and each name of a comma list,
// binds its alias as one at the start of a line does (import os; import
// distutils.dir_util as f made f unknown; found by red team 16's helper).
func TestPythonAliasesAfterSemicolon(t *testing.T) {
	for _, tc := range []struct{ src, alias, want string }{
		{"import distutils.dir_util as f", "f", "distutils.dir_util"},
		{"import os; import distutils.dir_util as f", "f", "distutils.dir_util"},
		{"import os, shutil as s", "s", "shutil"},
		{"import a as x, b.c as y", "y", "b.c"},
		{"if 1: import shutil as s", "s", "shutil"},
		{"x = 1; from shutil import rmtree as r", "r", "shutil.rmtree"},
		{"print('import shutil as s')", "s", ""},
	} {
		if got := pythonAliases(tc.src)[tc.alias]; got != tc.want {
			t.Errorf("%s: %s is %q, want %q", tc.src, tc.alias, got, tc.want)
		}
	}
}
