package syntax

import (
	"os"
	"strings"
	"testing"
)

// TestAtJoinFieldsAgainstBash: an element-per-field expansion inside
// double quotes beside other text ("${a[@]}/.ssh", "pre$@x") gives the
// fields bash gives: the text before joins the first element, the text
// after the last. Each row ends in printf '%s\n' WORD; corral's fields
// must be bash's lines.
func TestAtJoinFieldsAgainstBash(t *testing.T) {
	rows := []string{
		`a=(x ~); printf '%s\n' "${a[@]}/.ssh"`,
		`a=(~ x); printf '%s\n' "pre${a[@]}/.ssh"`,
		`a=(~); printf '%s\n' "${a[@]}/.ssh"`,
		`set -- x ~; printf '%s\n' "$@/.ssh"`,
		`a=(x ~); b=(y z); printf '%s\n' "${a[@]}-${b[@]}x"`,
		`a=(x '*'); printf '%s\n' "${a[@]}x"`,
		`a=(x ~); printf '%s\n' 'q'"${a[@]}"/.ssh`,
		`a=(x y); printf -v 'a[1]' %s ~; printf '%s\n' "${a[@]}/.ssh"`,
	}
	lastCallAgainstBash(t, rows)
}

// TestElementTargetsAgainstBash: printf -v and read given an element
// (a[0], a[i], m[k]) assign that element, as a[0]=… does.
func TestElementTargetsAgainstBash(t *testing.T) {
	lastCallAgainstBash(t, []string{
		`printf -v 'a[0]' %s ~; printf '%s\n' "${a[0]}/.ssh"`,
		`printf -v 'a[1]' %s ~; printf '%s\n' "${a[1]}/.ssh"`,
		`a=(x y); printf -v 'a[1]' %s ~; printf '%s\n' "${a[0]}" "${a[1]}"`,
		`i=2; printf -v 'a[i]' %s ~; printf '%s\n' "${a[2]}"`,
		`declare -A m; printf -v 'm[k]' %s ~; printf '%s\n' "${m[k]}/.ssh"`,
		`read 'a[0]' <<< ~; printf '%s\n' "${a[0]}/.ssh"`,
		`read 'a[1]' <<< "$HOME"; printf '%s\n' "${a[1]}/.ssh"`,
		`a=(x y); read 'a[0]' <<< "$HOME"; printf '%s\n' "${a[@]}"`,
	})
}

// lastCallAgainstBash runs each row in bash, in proj of a tree holding
// home/x, proj/sub and other (CLAUDE_PROJECT_DIR set to proj), and
// compares what it prints with the arguments corral reads for the row's
// last call (its first word dropped: printf's format).
func lastCallAgainstBash(t *testing.T, rows []string) {
	t.Helper()
	bash, _, home, proj := bashTree(t, "home/x", "proj/sub", "other")
	o := Options{Cwd: proj, Home: home, Project: proj}
	for _, src := range rows {
		out := bashPrints(t, bash, proj, src, "HOME="+home, "PATH="+os.Getenv("PATH"), "CLAUDE_PROJECT_DIR="+proj)
		want := strings.TrimSuffix(out, "\n")
		m, err := Analyze(src, o)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		var got []string
		for _, a := range c.Args[1:] {
			if !a.Static {
				got = nil
				t.Errorf("%q: corral leaves %q to run time; bash prints %q", src, a.Raw, want)
				break
			}
			got = append(got, a.Value)
		}
		if got != nil && strings.Join(got, "\n") != want {
			t.Errorf("%q: corral reads %q, bash prints %q", src, strings.Join(got, "\n"), want)
		}
	}
}
