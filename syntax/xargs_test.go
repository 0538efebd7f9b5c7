package syntax

import "testing"

// TestXargsOptions checks that xargs' options with optional values (GNU
// --replace, --eof, --max-lines) do not swallow the command, and that
// BSD's -J and -R take one.
func TestXargsOptions(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]string{
		"echo / | xargs --replace bash -c 'rm -rf {}'": "bash",
		"xargs --replace=X rm -rf X":                   "rm",
		"xargs --eof rm -rf":                           "rm",
		"xargs --max-lines rm":                         "rm",
		"echo / | xargs -J {} rm -rf {}":               "rm",
		"xargs -R 2 -I {} rm {}":                       "rm",
		"xargs -I {} rm {}":                            "rm",
	} {
		m, err := Analyze(src, opts)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		for _, c := range m.Calls {
			if len(c.Wrappers) > 0 && c.Wrappers[len(c.Wrappers)-1] == "xargs" {
				got = c.Name
			}
		}
		if got != want {
			t.Errorf("%q: xargs runs %q, want %q", src, got, want)
		}
	}
}
