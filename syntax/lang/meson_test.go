package lang

import "testing"

// TestMesonStarlarkCalls: meson's run_command and Tilt's local run what
// their literal arguments say; other calls are data.
func TestMesonStarlarkCalls(t *testing.T) {
	for _, tc := range []struct {
		l    Lang
		src  string
		want string
	}{
		{Meson, "project('x', 'c')\nr = run_command('rm', '-rf', '/victim', check: true)\n", "rm -rf /victim"},
		{Meson, "project('x', 'c')\n# run_command('rm', '-rf', '/victim')\nexecutable('x', 'x.c')\n", ""},
		{Starlark, "local('rm -rf /victim')\ndocker_build('img', '.')\n", "rm -rf /victim"},
		{Starlark, "k8s_yaml('deploy.yaml')\n", ""},
	} {
		got := ""
		for _, e := range Analyze(tc.l, tc.src) {
			if e.Kind == Exec {
				got = joinArgv(e.Argv)
			}
			if e.Kind == Shell {
				got = e.Text
			}
		}
		if got != tc.want {
			t.Errorf("%s %q: got %q, want %q (%+v)", tc.l, tc.src, got, tc.want, Analyze(tc.l, tc.src))
		}
	}
}

func joinArgv(a []string) string {
	out := ""
	for i, s := range a {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}
