package syntax

import (
	"strings"
	"testing"
)

// TestDirStackVariableAgainstBash: bash's DIRSTACK array is the directory
// stack as dirs lists it, in full paths ([0] the working directory, then
// the entries pushd saved, newest first); a word naming one of its
// elements is that directory (it was a variable only run time knows, so
// pushd ~; pushd /tmp; rm -rf "${DIRSTACK[1]}" passed). Each row's last
// call is printf '%s\n' WORDS; its words as corral resolves them must be
// byte for byte the lines real bash prints. A script's own value of
// CLAUDE_PROJECT_DIR is static; the one it starts with is not (Claude
// Code sets it to the project, some releases leave it unset): its
// candidates are "" and the project (TestProjectDirCandidates).
func TestDirStackVariableAgainstBash(t *testing.T) {
	rows := []string{
		`pushd ~ >/dev/null; pushd ../other >/dev/null; printf '%s\n' "${DIRSTACK[1]}"`,
		`pushd ~ >/dev/null; pushd ../other >/dev/null; printf '%s\n' "${DIRSTACK[@]}"`,
		`pushd ~ >/dev/null; pushd ../other >/dev/null; printf '%s\n' "${#DIRSTACK[@]}" "${DIRSTACK[2]}"`,
		`pushd sub >/dev/null; printf '%s\n' "${DIRSTACK[0]}/y" "${DIRSTACK[1]}"`,
		`pushd ~ >/dev/null; pushd ../other >/dev/null; popd >/dev/null; printf '%s\n' "${DIRSTACK[@]}"`,
		`cd ~/x; printf '%s\n' "${DIRSTACK[0]}" "${DIRSTACK[1]:-none}"`,
		`pushd ~ >/dev/null; pushd +1 >/dev/null; printf '%s\n' "${DIRSTACK[@]}"`,
		`CLAUDE_PROJECT_DIR=$HOME/x; printf '%s\n' "$CLAUDE_PROJECT_DIR"`,
	}
	lastCallAgainstBash(t, rows)
}

// TestProjectDirCandidates: "$CLAUDE_PROJECT_DIR" as a command starts is
// one of "" and the project the hook was given (Claude Code sets it for
// the commands it runs, some releases leave it unset), wherever the
// command has moved to; "$CLAUDE_PROJECT_DIR/sub" is one of /sub and the
// project's sub. A relative or empty project seeds nothing.
func TestProjectDirCandidates(t *testing.T) {
	proj := "/srv/p/proj"
	for _, c := range []struct {
		src, project string
		want         []string
	}{
		{`ls "$CLAUDE_PROJECT_DIR"`, proj, []string{"", proj}},
		{`cd /tmp; ls "$CLAUDE_PROJECT_DIR/sub"`, proj, []string{"/sub", proj + "/sub"}},
		{`ls "$CLAUDE_PROJECT_DIR"`, "", nil},
		{`ls "$CLAUDE_PROJECT_DIR"`, "rel/proj", nil},
	} {
		m, err := Analyze(c.src, Options{Cwd: "/srv/p/proj", Home: "/srv/p/home", Project: c.project})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		a := m.Calls[len(m.Calls)-1].Args[0]
		if a.Static {
			t.Errorf("%q (project %q): static %q, want a value only run time knows", c.src, c.project, a.Value)
			continue
		}
		got := a.Candidates()
		if strings.Join(got, "|") != strings.Join(c.want, "|") || (c.want != nil) != a.OneOf {
			t.Errorf("%q (project %q): candidates %q (one of: %v), want %q", c.src, c.project, got, a.OneOf, c.want)
		}
	}
}
