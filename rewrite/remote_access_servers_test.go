package rewrite

import "testing"

// TestUnauthenticatedEditorsAndNotebooks: ttyd bash asked, but
// code-server --auth none and jupyter lab with an empty token passed,
// though each serves a terminal and a code runner to whoever reaches
// its port, the agent's own curl localhost included (red team finding).
// They now ask; with their default token or password, and the
// subcommands that serve nothing, they pass.
func TestUnauthenticatedEditorsAndNotebooks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"jupyter notebook --NotebookApp.token='' --ip=0.0.0.0", "ask"},
		{"jupyter lab --ServerApp.token=''", "ask"},
		{"jupyter lab --ServerApp.token '' --no-browser", "ask"},
		{`jupyter-lab --IdentityProvider.token=""`, "ask"},
		{"nohup jupyter server --ServerApp.token= &", "ask"},
		{"code-server --auth none --bind-addr 0.0.0.0:8080", "ask"},
		{"code-server --auth=none", "ask"},
		{"openvscode-server --without-connection-token", "ask"},
		{"code serve-web --without-connection-token", "ask"},
		{"code tunnel --accept-server-license-terms", "ask"},
		// Authenticated, or serving nothing.
		{"jupyter lab", "allow"},
		{"jupyter lab --ServerApp.token=abc123", "allow"},
		{"jupyter nbconvert --to html n.ipynb", "allow"},
		{"code-server", "allow"},
		{"code-server --auth password", "allow"},
		{"code tunnel status", "allow"},
		{"code serve-web", "allow"},
		{"code .", "allow"},
		{"echo code-server --auth none", "allow"},
	})
}
