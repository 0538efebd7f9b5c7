package rewrite

import "testing"

// TestCurlReadsLocalFiles: curl prints the file a file:// URL names, and
// -w/--write-out @FILE prints FILE's text as its output format: a secret
// there is read, as cat reads it.
func TestCurlReadsLocalFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "K=v\n", "proj/fmt.txt": "%{http_code}\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`curl file://` + cfg.Project + `/.env`, "deny"},
		{`curl -s file://localhost` + cfg.Project + `/.env`, "deny"},
		{`curl file://$HOME/.ssh/id_rsa`, "deny"},
		{`curl --url file://$HOME/.aws/credentials`, "deny"},
		{`curl -w @.env https://example.com`, "deny"},
		{`curl --write-out @.env https://example.com`, "deny"},
		// Look-alikes.
		{`curl file://` + cfg.Project + `/fmt.txt`, "allow"},
		{`curl -w '%{http_code}' https://example.com`, "allow"},
		{`curl -w @fmt.txt https://example.com`, "allow"},
		{`curl -s https://example.com/.env`, "allow"},
	})
}
