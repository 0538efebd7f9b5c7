package rewrite

import "testing"

// TestSecretReachers: a secret read by perl -n/-p or ruby -n/-p, and one
// read through a link the same command makes, are reads of a secret;
// their look-alikes pass.
func TestSecretReachers(t *testing.T) {
	t.Parallel()
	env := map[string]string{"HOME": "/home/u", EnvProject: "/home/u/proj"}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, "/home/u/proj")
	cfg.NoScriptFiles, cfg.NoGlobMatches = true, true
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"perl -ne print .env", Deny},
		{"ruby -pe '' ~/.ssh/id_rsa", Deny},
		{"perl -pe 's/a/b/' README.md", Allow},
		{"ln -s ~/.ssh/id_rsa k; cat k", Deny},
		{"ln -s ~/.ssh s && base64 s/id_ed25519", Deny},
		{"ln -s README.md k; cat k", Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
