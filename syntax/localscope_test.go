package syntax

import (
	"os"
	"strings"
	"testing"
)

// TestUnsetScopeAgainstBash: unset inside a function removes a caller's
// local (or a prefix assignment the function was called with) and
// uncovers the value it shadowed, in the function and in the caller
// after it returns; the local of the function running the unset stays,
// unset. Each row prints d at its end; corral's reading of that word must
// be what bash prints (UNSET when bash has no d).
func TestUnsetScopeAgainstBash(t *testing.T) {
	bash, _, home, proj := bashTree(t, "home/x", "proj/sub")
	const show = `; printf '%s\n' "${d-UNSET}"`
	rows := []string{
		// A caller's local: removed, the global is seen again.
		`d=~; f(){ local d=/x; g; }; g(){ unset d` + show + `; }; f`,
		`d=~; f(){ local d=/x; g` + show + `; }; g(){ unset d; }; f`,
		`d=~; f(){ local d; g; }; g(){ unset d` + show + `; }; f`,
		`d=~; f(){ declare d=/x; g; }; g(){ unset -v d` + show + `; }; f`,
		// Two unsets: the local, then the global.
		`d=~; f(){ local d=/x; g; }; g(){ unset d; unset d` + show + `; }; f`,
		// A local two callers out: the nearer one is removed first.
		`d=~; f(){ local d=/x; g; }; g(){ local d=/y; h` + show + `; }; h(){ unset d; }; f`,
		// After the removal an assignment goes to the global, which the
		// return does not undo.
		`d=/ok; f(){ local d=/x; g; }; g(){ unset d; d=~; }; f` + show,
		`d=/ok; f(){ local d=/x; g; local d=/w; }; g(){ unset d; d=~; }; f` + show,
		// A prefix assignment is a scope around the function.
		`d=~; g(){ unset d` + show + `; }; d=/x g`,
		`d=~; g(){ unset d` + show + `; }; f(){ local d=/y; d=/x g; }; f`,
		// declare -g gives the global the value; the local stays
		// visible until its function returns.
		`d=/x; f(){ local d=/y; declare -g d=~` + show + `; }; f`,
		`d=/x; f(){ local d=/y; declare -g d=~; }; f` + show,
		`d=/x; f(){ local d=/y; g` + show + `; }; g(){ declare -g d=~; }; f` + show,
		`d=/x; f(){ local d=/y; typeset -g d=~; unset d; g; }; g(){ unset d` + show + `; }; f`,
		`d=/x; f(){ declare -g d=~; }; f` + show,
		`d=/x; f(){ local d=/y; declare -g d; }; f` + show,
		// shopt localvar_inherit: a local starts with the caller's
		// value; localvar_unset: a caller's local stays, unset.
		`shopt -s localvar_inherit; d=~; f(){ local d` + show + `; }; f`,
		`shopt -s localvar_unset; d=~; f(){ local d=/x; g; }; g(){ unset d` + show + `; }; f`,
		`shopt -s localvar_unset; d=~; f(){ local d=/x; g; }; g(){ unset d; }; f` + show,
		`shopt -s localvar_inherit; shopt -u localvar_inherit; d=~; f(){ local d` + show + `; }; f`,
		// Look-alikes: the function's own local stays, unset; a
		// subshell's unset removes nothing outside it.
		`d=~; f(){ local d=/x; unset d` + show + `; }; f`,
		`d=~; f(){ local d=/x; unset d; unset d` + show + `; }; f`,
		`d=~; f(){ local d=/x; g; }; g(){ local d=/y; unset d` + show + `; }; f`,
		`d=~; f(){ local d=/x; g; }; g(){ ( unset d )` + show + `; }; f`,
		`d=~; f(){ local d=/x; g; }; g(){ echo "$(unset d)"` + show + `; }; f`,
		`d=~; f(){ local d=/x; g; }; g(){ :` + show + `; }; f`,
		`d=~; f(){ local d=/x; g; }; g(){ unset d; }; f` + show,
		`d=/ok; f(){ local d=/x; g; }; g(){ ( unset d; d=~ ); }; f` + show,
	}
	o := Options{Cwd: proj, Home: home, Project: proj}
	for _, src := range rows {
		out := bashPrints(t, bash, proj, src, "HOME="+home, "PATH="+os.Getenv("PATH"))
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		want := lines[len(lines)-1]
		m, err := Analyze(src, o)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		var got *Arg
		for i := range m.Calls {
			c := m.Calls[i]
			if c.Name == "printf" && len(c.Args) == 2 {
				got = &c.Args[1]
			}
		}
		if got == nil {
			t.Errorf("%q: no printf judged", src)
			continue
		}
		if !got.Static {
			t.Errorf("%q: corral leaves %q to run time; bash prints %q", src, got.Raw, want)
			continue
		}
		if got.Value != want {
			t.Errorf("%q: corral reads %q, bash prints %q", src, got.Value, want)
		}
	}
}
