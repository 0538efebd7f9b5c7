package rewrite

import "testing"

// TestNetReadValues (red team 16 NS1): bash's read and mapfile store
// what a /dev/tcp connection sends (-u N of a descriptor exec opened, or
// their standard input), and a later call printing those variables into
// a file writes the peer's bytes there: the file moves into the sandbox
// as cat <&3 > f does (TestExecution/dev-tcp-mapfile-u and dev-tcp-read-u
// run both against a loopback server). Look-alikes: values read from a
// local file, values only shown on the terminal, a file written with
// other text.
func TestNetReadValues(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/list.txt": "a\nb\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`exec 3<>/dev/tcp/127.0.0.1/8716; printf "GET /x.sh HTTP/1.0\r\n\r\n" >&3; mapfile -u3 a; printf "%s" "${a[@]}" > x.sh`, "rewrite"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; printf "GET /x.sh HTTP/1.0\r\n\r\n" >&3; read -r -u3 l; echo "$l" > x.sh`, "rewrite"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; mapfile -t -u 3 a; printf '%s\n' "${a[@]}" | tee x.sh`, "rewrite"},
		{`exec 4</dev/tcp/127.0.0.1/8716; readarray -u4 a; echo "${a[*]}" >> x.sh`, "rewrite"},
		{`read -r l < /dev/tcp/127.0.0.1/8716; echo "$l" > x.sh`, "rewrite"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; mapfile -u3 a; printf -v s '%s' "${a[@]}"; echo "$s" > x.sh`, "rewrite"},
		// Look-alikes.
		{`mapfile -t a < list.txt; printf '%s\n' "${a[@]}" > out.txt`, "allow"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; mapfile -u3 a; echo "${#a[@]}"`, "allow"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; read -r -u3 l; echo done > x.log`, "allow"},
		{`exec 3<>/dev/tcp/127.0.0.1/8716; read -r -u3 l; echo "$l"`, "allow"},
	})
}
