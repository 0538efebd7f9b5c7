package syntax

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMisreadOracle runs each text in real bash, where "touch M" marks
// that a command ran, and requires corral to see the same: a call of
// touch in its model exactly when bash ran it, or, where corral's parser
// cannot read the text as bash does, ErrMisread (asked about). The cases
// are the places where mvdan's parser and bash part ways: a comment that
// ends with a backslash (bash ends it at the newline), a here-document
// delimiter written across a line continuation (bash joins the lines
// before comparing), and the substitutions of an unquoted here-document
// body (bash runs them when the redirection opens).
func TestMisreadOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	cases := []string{
		"echo # \\\ntouch M",
		"true #\\\ntouch M",
		"echo a # b \\\\\ntouch M", // an escaped backslash: still a comment
		"echo a \\\ntouch M",       // a real continuation: touch is an argument
		"cat <<EOF >/dev/null\nEO\\\nF\ntouch M\nEOF",
		"cat <<-EOF >/dev/null\n\tE\\\nOF\ntouch M\nEOF",
		"cat <<-EOF >/dev/null\n\tE\\\n\tOF\ntouch M\nEOF", // the continued line keeps its tab
		"cat <<EOF >/dev/null\nline \\\ncontinued\nEOF",
		"cat <<EOF >/dev/null\n$(touch M)\nEOF",
		"cat <<EOF >/dev/null\nx `touch M` y\nEOF",
		"cat <<'EOF' >/dev/null\n$(touch M)\nEOF",
		"cat <<\"EOF\" >/dev/null\nEO\\\nF\ntouch M\nEOF",
		// A "$" followed by a line continuation: bash joins the lines
		// before it reads the expansion (red team 14 RG3).
		"cat <<EOF >/dev/null\n$\\\n(touch M)\nEOF",
		"cat <<EOF >/dev/null\n${x:-$\\\n(touch M)}\nEOF",
		"echo \"$\\\n(touch M)\" >/dev/null",
		"echo $\\\n(touch M) >/dev/null",
		"echo ${x:-$\\\n\\\n(touch M)} >/dev/null",
		"cat <<'EOF' >/dev/null\n$\\\n(touch M)\nEOF",
		"echo '$\\\n(touch M)' >/dev/null",
		"echo \\$\\\n'(touch M)' >/dev/null",
		// Any quoted part of a delimiter turns expansion off for the
		// whole body (red team 14 FA1).
		"cat <<E\"O\"F >/dev/null\n$(touch M)\nEOF",
		"cat <<\"E\"OF >/dev/null\n$(touch M)\n`touch M`\nEOF",
		"cat <<E'O'F >/dev/null\n$(touch M)\nEOF",
		"cat <<E\\OF >/dev/null\n$(touch M)\nEOF",
	}
	for _, src := range cases {
		ran, m, err := touchOracle(t, bash, src)
		if err != nil {
			if !errors.Is(err, ErrMisread) || !ran {
				t.Errorf("%q: bash ran touch: %v; corral: %v", src, ran, err)
			}
			continue
		}
		if seen := modelsTouch(m); seen != ran {
			t.Errorf("%q: bash ran touch: %v; corral models it: %v", src, ran, seen)
		}
	}
}

// touchOracle runs src in real bash in a scratch directory and reports
// whether it ran "touch M", with corral's model of the same text.
func touchOracle(t *testing.T, bash, src string) (bool, *Model, error) {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", src)
	cmd.Dir = dir
	_ = cmd.Run() // misread here-documents end in "EOF: command not found"
	_, err := os.Stat(filepath.Join(dir, "M"))
	m, aerr := Analyze(src, Options{Cwd: dir, Home: "/home/u"})
	return err == nil, m, aerr
}

// modelsTouch reports a call of touch in the model.
func modelsTouch(m *Model) bool {
	for _, c := range m.Calls {
		if c.Name == "touch" {
			return true
		}
	}
	return false
}

// TestEvalNamesOracle: text bash evaluates although it looks like data —
// the subscript of a name a builtin takes, a string [[ ]] or declare -i
// evaluates as arithmetic, a variable whose value names another, a
// slice's offset — runs its command substitution in bash ("touch M"
// marks it), and corral must model that call; where bash only prints or
// compares the text, corral must not.
func TestEvalNamesOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	cases := []string{
		`test -v 'a[$(touch M)]'`,
		`[ -v 'a[$(touch M)]' ]`,
		`[[ -v 'a[$(touch M)]' ]]`,
		`[[ 'a[$(touch M)]' -eq 0 ]]`,
		`[[ 0 -lt 'a[$(touch M)]' ]]`,
		`printf -v 'a[$(touch M)]' x`,
		`declare 'a[$(touch M)]=1'`,
		`read 'a[$(touch M)]' <<< q`,
		`declare -i n='a[$(touch M)]'`,
		`a=(1); unset 'a[$(touch M)]'`,
		`x='a[$(touch M)]'; y=x; echo $((y))`,
		`s=abc; x='a[$(touch M)]'; echo ${s:0:x}`,
		// Look-alikes: printed, compared as strings, given to test's
		// integer comparison (no evaluation), a plain name.
		`echo 'a[$(touch M)]'`,
		`x='a[$(touch M)]'; echo "$x"`,
		`[ 'a[$(touch M)]' = x ]`,
		`[[ 'a[$(touch M)]' == x ]]`,
		`test 'a[$(touch M)]' -eq 0`,
		`test -v HOME`,
		`declare n='a[$(touch M)]'`,
	}
	for _, src := range cases {
		ran, m, err := touchOracle(t, bash, src)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if seen := modelsTouch(m); seen != ran {
			t.Errorf("%q: bash ran touch: %v; corral models it: %v", src, ran, seen)
		}
	}
}

// TestTildeOracle expands bash's other tilde prefixes in corral and in
// real bash: ~user is that user's home directory from the user database,
// ~+ the working directory, ~- the previous one (after a cd in the
// command). ~ of a user that does not exist is only known at run time
// (bash leaves the word as written, but the command could add the user).
func TestTildeOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	prelude := oraclePrelude + "cd /tmp; cd " + dir + "; "
	words := []string{"~root", "~root/.bashrc", "~+", "~+/a/../b", "~-", "~-/x", "x~root", "'~root'"}
	b := bashBatch(t, bash, dir, prelude, words)
	for i, w := range words {
		got, static, ok := corralFieldsAfter(t, dir, prelude, w)
		if !ok || !static {
			t.Errorf("%s: static %v ok %v, want static", w, static, ok)
			continue
		}
		if diff := cmp.Diff(b[i], got); diff != "" {
			t.Errorf("%s: corral differs from bash (-bash +corral):\n%s", w, diff)
		}
	}
	if _, static, _ := corralFieldsAfter(t, dir, prelude, "~nosuchuser9q/x"); static {
		t.Errorf("~nosuchuser9q/x: static, want dynamic")
	}
}

// TestCaseAttrOracle: declare -l/-u (typeset, local) make bash store each
// value assigned to the variable in that case, the one given with the
// declaration and every later one, until unset; corral's value must be
// bash's.
func TestCaseAttrOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	cases := []preludeWord{
		{"declare -l c; c=RM; ", `"$c"`},
		{"typeset -l x=/ROOT; ", `"$x"`},
		{"declare -u y=/root; ", `"$y"`},
		{"declare -u y=/root; y+=/bin; ", `"$y"`},
		{"declare -lu z=Ab; ", `"$z"`},
		{"declare -l a; a=(X Y); ", `"${a[@]}"`},
		{"declare -l c=RM; unset c; c=RM; ", `"$c"`},
		{"f() { local -u v; }; f; v=ab; ", `"$v"`},
	}
	staticAfterOracle(t, bash, dir, cases)
}

// TestDirStackTildeOracle: ~N, ~+N and ~-N are entries of pushd's
// directory stack (dirs +N, dirs -N), not the home of a user named N
// (red team 7: pushd ~; pushd /tmp; echo … >> ~1/.bashrc wrote the rc);
// corral's value must be bash's.
func TestDirStackTildeOracle(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	for _, sub := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	pre := "cd " + dir + "; pushd a >/dev/null; pushd " + dir + "/b >/dev/null; "
	staticAfterOracle(t, bash, dir, []preludeWord{
		{pre, "~1"}, {pre, "~1/x"}, {pre, "~+1/.bashrc"}, {pre, "~2"}, {pre, "~0"},
		{pre, "~-0"}, {pre, "~-1/y"}, {pre, "~+0"},
		{pre + "popd >/dev/null; ", "~1"},
	})
	// No such entry: bash leaves the word as it is; corral does not
	// take it for a user's home.
	if _, static, _ := corralFieldsAfter(t, dir, oraclePrelude+"cd "+dir+"; ", "~3/x"); static {
		t.Errorf("~3/x with an empty stack: static, want dynamic")
	}
}
