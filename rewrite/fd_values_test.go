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
