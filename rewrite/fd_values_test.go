package rewrite

import "testing"

// fdValueConfig is a configuration with HOME=/home/u and a temporary
// project.
func fdValueConfig(t *testing.T) *Config {
	t.Helper()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, dir)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	return cfg
}

// TestReadRecordDecisions: a value read takes with -d, -n, -N, -t, into
// REPLY, or through < /dev/stdin is the one bash stores
// (syntax.TestReadRecordInBash checks those values against real bash),
// so the deletion it names is judged; look-alikes of ordinary reads pass.
func TestReadRecordDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`read -n 50 d <<< ~; rm -rf "$d"`, "deny"},
		{`read -rn 99 d <<< ~; rm -rf $d`, "deny"},
		{`read -N 7 d <<< /home/u; rm -rf "$d"`, "deny"},
		{"read -rd '' d <<E\n$HOME\nbuild\nE\nrm -rf $d", "deny"},
		{`read -t 5 d <<< ~; rm -rf "$d"`, "deny"},
		{`read d < /dev/stdin <<< ~; rm -rf "$d"`, "deny"},
		{`read d <<< ~ < /dev/fd/0; rm -rf "$d"`, "deny"},
		{`read <<< ~; rm -rf "$REPLY"`, "deny"},
		{`read -d '' <<< 'rm -rf /'; $REPLY`, "deny"},
		{`read -rn 50 c <<< 'rm -rf /'; $c`, "deny"},
		// Look-alikes.
		{`read -r name; echo "$name"`, "allow"},
		{`while IFS= read -r l; do echo "$l"; done < file`, "allow"},
		{`read -n 50 d <<< build; rm -rf "$d"`, "allow"},
		{`IFS= read -rd '' d <<< build; rm -rf "$d"`, "allow"},
		{`read -n 1 -p 'Continue? ' ans; [ "$ans" = y ] && echo ok`, "allow"},
		{`read -rN 9 c <<< 'echo hi'; $c`, "allow"},
	})
}

// TestMapfilePrintfDecisions: mapfile's elements (-d, no -t, -s, -n) and
// printf -vNAME are bash's values (syntax.TestMapfilePrintfInBash); an
// element printf -v or read names with a literal subscript gets the value
// as a[0]=… gives it (syntax.TestElementTargetsAgainstBash).
func TestMapfilePrintfDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`mapfile a <<< ~; rm -rf ${a[0]}`, "deny"},
		{`mapfile -t -s 1 a <<< $'x\n/home/u'; rm -rf "${a[0]}"`, "deny"},
		{`mapfile -t -n 1 < /dev/stdin <<< ~; rm -rf "${MAPFILE[0]}"`, "deny"},
		{`mapfile -d / -t a <<< 'x/rm -rf ~'; ${a[1]}`, "deny"},
		{`printf -vv '%s' ~; rm -rf "$v"`, "deny"},
		{`printf -v v -- '%s' 'rm -rf /'; $v`, "deny"},
		{`v=ls; printf -v 'v[0]' '%s' 'rm -rf /'; $v`, "deny"}, // v[0] is $v: bash runs rm -rf /
		{`v=ls; read 'v[0]' <<< 'rm -rf /'; $v`, "deny"},
		// Look-alikes.
		{`mapfile -t files < <(git ls-files); echo "${files[@]}"`, "allow"},
		{`mapfile a <<< build; rm -rf ${a[0]}`, "allow"},
		{`printf -vv '%s' build; rm -rf "$v"`, "allow"},
		{`v=ls; printf -v 'w[0]' '%s' x; $v`, "allow"},
	})
}

// TestFilterRoundTripDecisions: values through tac, rev and xxd (and
// back) are computed (syntax.TestFilterRoundTripsInBash).
func TestFilterRoundTripDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`c=$(echo '/ fr- mr' | rev); $c`, "deny"},
		{`d=$(echo ~ | tac | tac); rm -rf "$d"`, "deny"},
		{`d=$(echo ~ | rev | rev); rm -rf "$d"`, "deny"},
		{`d=$(echo ~ | xxd | xxd -r); rm -rf "$d"`, "deny"},
		{`d=$(echo ~ | xxd -p | xxd -r -p); rm -rf "$d"`, "deny"},
		{`d=$(xxd -r -p <<< 2f686f6d652f75); rm -rf "$d"`, "deny"},
		// Look-alikes.
		{`git log --oneline | tac | head`, "allow"},
		{`d=$(echo build | rev | rev); rm -rf "$d"`, "allow"},
		{`xxd firmware.bin | head`, "allow"},
		{`c=$(echo ohce | rev); $c hi`, "allow"},
	})
}

// TestCoprocDecisions: coproc CMD <<< … runs CMD on that input (the
// parser reads CMD as the coprocess's name), and a coprocess's output
// read through a copied descriptor is its text
// (syntax.TestCoprocReadsInBash).
func TestCoprocDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`coproc bash <<< 'rm -rf ~'`, "deny"},
		{`coproc sh < <(echo 'rm -rf ~')`, "deny"},
		{`coproc bash > /dev/null <<< 'rm -rf ~'`, "deny"},
		{`coproc cat <<< ~; read -u ${COPROC[0]} d; rm -rf "$d"`, "deny"},
		{`coproc P { echo ~; }; exec 4<&${P[0]}; read d <&4; rm -rf "$d"`, "deny"},
		{`coproc P { echo 'rm -rf /'; }; exec 4<&${P[0]}; read -r -u 4 c; $c`, "deny"},
		// Look-alikes.
		{`coproc bash <<< 'echo hi'`, "allow"},
		{`coproc cat <<< build; read -u ${COPROC[0]} d; rm -rf "$d"`, "allow"},
		{`coproc P { echo build; }; exec 4<&${P[0]}; read d <&4; echo "$d"`, "allow"},
		{`coproc bc -l; echo 1+1 >&${COPROC[1]}; read -u ${COPROC[0]} r; echo "$r"`, "allow"},
	})
}

// TestFifoDecisions: two writers of one file, one in the background,
// race, so a reader's value is left to run time (syntax.TestFifoReadsInBash).
func TestFifoDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`mkfifo f; echo 'rm -rf /' > f & echo ls > f & read -r c < f; $c`, "ask"},
		{`echo ls > f; echo 'rm -rf /' > f & read -r c < f; $c`, "ask"},
		{`mkfifo f; echo ~ > f & read -r d < f; rm -rf "$d"`, "deny"},
		// Look-alikes.
		{`mkfifo f; echo ls > f & read -r c < f; $c`, "allow"},
		{`mkfifo f; echo build > f & read -r d < f; rm -rf "$d"`, "allow"},
	})
}

// TestEvalReadDecisions: eval's redirections are the descriptors its text
// runs with (syntax.TestEvalReadsInBash).
func TestEvalReadDecisions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, fdValueConfig(t), []struct{ cmd, want string }{
		{`eval 'read d' <<< ~; rm -rf "$d"`, "deny"},
		{`eval 'read -u 3 d' 3<<< ~; rm -rf "$d"`, "deny"},
		{`eval 'read d < /dev/stdin' <<< ~; rm -rf "$d"`, "deny"},
		{`eval 'read -r c' <<< 'rm -rf /'; $c`, "deny"},
		// Look-alikes.
		{`eval 'read d' <<< build; rm -rf "$d"`, "allow"},
		{`eval 'read -r c' <<< 'echo hi'; $c`, "allow"},
	})
}
