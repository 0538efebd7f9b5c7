package rewrite

import "testing"

// TestPackageIndexSettings: a package index kept in a tool's
// configuration is asked about, as pip config set global.index-url is:
// every later install fetches packages, and runs their install code,
// from there. A channel or registry by name and the commands that only
// read or use the configuration pass.
func TestPackageIndexSettings(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pip config set global.index-url https://e.x/simple", "ask"},
		{"conda config --add channels https://e.x/", "ask"},
		{"conda config --prepend channels https://e.x/c", "ask"},
		{"mamba config --set channel_alias https://e.x", "ask"},
		{"poetry config repositories.x https://e.x", "ask"},
		{"poetry source add --priority explicit x https://e.x/simple", "ask"},
		{"uv add --index https://e.x/simple requests", "ask"},
		{"uv add --default-index=https://e.x/simple requests", "ask"},
		{"uv python install --mirror https://e.x 3.12", "ask"},
		{"npm config set registry https://e.x/", "ask"},
		{"npm set @acme:registry=https://e.x/", "ask"},
		{"pnpm config set registry https://e.x/", "ask"},
		{"yarn config set npmRegistryServer https://e.x", "ask"},
		{"yarn config set registry https://e.x", "ask"},
		// Look-alikes.
		{"conda config --add channels conda-forge", "allow"},
		{"conda config --show channels", "allow"},
		{"poetry config virtualenvs.in-project true", "allow"},
		{"poetry source show", "allow"},
		{"poetry source add source_name source_url", "allow"}, // a placeholder, no URL
		{"uv add requests", "allow"},
		{"uv python install 3.12", "allow"},
		{"npm config set fund false", "allow"},
		{"npm config get registry", "allow"},
		{"yarn config set nodeLinker node-modules", "allow"},
	})
}
