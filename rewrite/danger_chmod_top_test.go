package rewrite

import "testing"

// TestChmodTop: chmod(1)'s modes read as GNU chmod applies them to the
// root, the home directory or a system directory itself (no -R).
func TestChmodTop(t *testing.T) {
	t.Parallel()
	testRule(t, "chmod-root", []ruleCase{
		{"chmod 000 ~", Ask},
		{"chmod 0 /", Ask},
		{"chmod 600 ~", Ask}, // a directory without search
		{"chmod u-x /usr", Ask},
		{"chmod a= /etc", Ask},
		{"chmod -r ~", Ask},
		{"chmod -- -x /", Ask},
		{"chmod -v 000 /bin", Ask},
		{"chmod 000 /*", Ask},
		{"chmod 777 ~", Ask},
		{"chmod o+w ~", Ask},
		{"chmod 777 /", Deny},
		{"chmod go+w /usr", Deny},
		{"chmod a=u /etc", Deny},
		{"chown nobody ~", Ask},
		{"chgrp staff /etc", Ask},
		{"sudo chown root: /", Ask},
		{"chmod --reference=x ~", Ask},
		// Look-alikes.
		{"chmod 700 ~", Allow},
		{"chmod 755 ~", Allow},
		{"chmod go-rwx ~", Allow},
		{"chmod o-w /", Allow},
		{"chmod 1777 /tmp", Allow},
		{"chmod 000 ~/x", Allow},
		{"chmod 000 secret.txt", Allow},
		{"chown me ~/notes", Allow},
		{"chmod +x ~/bin/tool", Allow},
		{"chmod -R 000 ~", Allow}, // chmod-recursive's
		{"chmod $MODE ~", Allow},  // a run-time mode
		{"echo chmod 000 ~", Allow},
	})
}

// TestReadMode: what a mode does, from chmod(1)'s grammar.
func TestReadMode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode                                      string
		opens, othersWrite, lockout, noSearch, sp bool
		closes                                    bool
	}{
		{"600", false, false, false, true, false, true},
		{"700", false, false, false, false, false, true},
		{"644", true, false, false, true, false, false},
		{"0777", true, true, false, false, false, false},
		{"4755", true, false, false, false, true, false},
		{"2700", false, false, false, false, true, false},
		{"1700", false, false, false, false, false, true},
		{"000", false, false, true, true, false, false},
		{"44", true, false, true, true, false, false},
		{"go-rwx", false, false, false, false, false, true},
		{"o+w", true, true, false, false, false, false},
		{"+x", true, false, false, false, false, false},
		{"-x", false, false, false, true, false, true}, // a file keeps its reader
		{"u=rw,go=", false, false, false, true, false, true},
		{"a=u", true, true, false, false, false, false},
		{"u+s", false, false, false, false, true, false},
		{"u-r", false, false, true, false, false, false},
	} {
		m := readMode(tc.mode)
		got := []bool{m.opens, m.othersWrite, m.lockout, m.noSearch, m.special, m.closesOnly()}
		want := []bool{tc.opens, tc.othersWrite, tc.lockout, tc.noSearch, tc.sp, tc.closes}
		for i := range got {
			if got[i] != want[i] || !m.known {
				t.Errorf("readMode(%q) = %+v (closes %v), want opens %v othersWrite %v lockout %v noSearch %v special %v closes %v",
					tc.mode, m, m.closesOnly(), tc.opens, tc.othersWrite, tc.lockout, tc.noSearch, tc.sp, tc.closes)
				break
			}
		}
	}
	for _, bad := range []string{"", "99", "12345", "q+r", "u+z"} {
		if readMode(bad).known {
			t.Errorf("readMode(%q) is known", bad)
		}
	}
}
