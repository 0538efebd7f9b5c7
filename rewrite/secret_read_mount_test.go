package rewrite

import (
	"path/filepath"
	"testing"
)

// TestContainerMountSecrets: a bind mount hands the container what it
// names, read-only or not; a secret outside the project, or a directory
// that holds an anchored one, is read by whatever runs there (docker run
// -v ~/.ssh:/x). The project, a cache and the project's own .env pass as
// the container's configuration. kubectl create secret tls uploads its
// --key and --cert files to the cluster: a secret asks, as --from-file.
func TestContainerMountSecrets(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":      "k",
		"home/.aws/credentials": "c",
		"home/.cache/pip/x":     "",
		"proj/.env":             "API_KEY=x\n",
		"proj/.git/":            "",
	})
	cfg.Cwd = filepath.Join(filepath.Dir(cfg.Home), "proj")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"docker run -v ~/.ssh:/x alpine true", "deny"},
		{"docker run --rm -v ~/.ssh:/root/.ssh:ro alpine ssh host", "deny"},
		{"docker run --mount type=bind,src=$HOME/.aws,dst=/root/.aws amazon/aws-cli s3 ls", "deny"},
		{"podman run -v ~/.ssh/id_rsa:/k:ro alpine true", "deny"},
		{"docker container create -v ~:/h alpine", "deny"},
		{"nerdctl run -v $HOME/.aws/credentials:/c alpine", "deny"},
		{"docker run -v ~/.cache/pip:/root/.cache/pip python pip install x", "allow"},
		{"docker run -v ~/.cache/pip:/c:ro alpine", "allow"},
		{"docker run -v .env:/app/.env:ro node", "allow"},
		{"docker run -v myvol:/data alpine", "allow"},
		{"docker volume create ssh", "allow"},
		{"kubectl create secret tls t --key ~/.ssh/id_rsa --cert c.crt", "ask"},
		{"kubectl create secret generic g --from-file=~/.aws/credentials", "ask"},
		{"kubectl create secret generic g --from-literal=k=v", "allow"},
	})
}
