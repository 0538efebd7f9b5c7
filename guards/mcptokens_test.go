package guards

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestMCPTokenFiles (red team 15 SD1): the agents' user configuration
// files are secrets when an MCP server's env/headers table (Codex's
// TOML tables, OpenCode's "environment") holds a literal token, as
// `claude mcp add -e GITHUB_PERSONAL_ACCESS_TOKEN=ghp_…` writes it into
// ~/.claude.json; the same files with tokens taken from the environment,
// with none, or with only ordinary settings are not.
func TestMCPTokenFiles(t *testing.T) {
	t.Parallel()
	for i, tc := range []struct {
		file, body string
		want       bool
	}{
		{"~/.claude.json", `{"numStartups": 3, "mcpServers": {"github": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_abcdefghijklmnop1234"}}}}`, true},
		{"~/.claude.json", `{"projects": {"/home/u/p": {"mcpServers": {"s": {"type": "http", "url": "https://mcp.example/", "headers": {"Authorization": "Bearer sk-abcdefghijklmnop"}}}}}}`, true},
		{"~/.claude.json", `{"primaryApiKey": "sk-ant-api03-abcdefghijklmnop"}`, true},
		{"~/.cursor/mcp.json", `{"mcpServers": {"stripe": {"command": "npx", "env": {"STRIPE_SECRET_KEY": "sk_live_abcdefgh1234"}}}}`, true},
		{"~/.codeium/windsurf/mcp_config.json", `{"mcpServers": {"x": {"serverUrl": "https://m.example", "headers": {"X-Api-Key": "abcdef0123456789"}}}}`, true},
		{"~/.gemini/settings.json", `{"theme": "Default", "mcpServers": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "ghp_abcdefghijklmnop"}}}}`, true},
		{"~/.codex/config.toml", "model = \"o3\"\n[mcp_servers.github]\ncommand = \"npx\"\n[mcp_servers.github.env]\nGITHUB_TOKEN = \"ghp_abcdefghijklmnop\"\n", true},
		{"~/.codex/config.toml", "[mcp_servers.s]\ncommand = \"s\"\nenv = { \"API_KEY\" = \"abcdefghijklmnop\", MODE = \"x\" }\n", true},
		{"~/.codex/config.toml", "[mcp_servers.s]\nurl = \"https://m.example\"\nhttp_headers = { Authorization = \"Bearer abcdefghijklmnop\" }\n", true},
		{"~/.config/opencode/opencode.jsonc", "{\n  // servers\n  \"mcp\": {\"gh\": {\"type\": \"local\", \"environment\": {\"GITHUB_TOKEN\": \"ghp_abcdefghijklmnop\"},},},\n}\n", true},
		// Look-alikes: tokens from the environment, none, ordinary
		// settings whose names hold a credential word, a variable's name.
		{"~/.claude.json", `{"numStartups": 3, "userID": "0123456789abcdef", "oauthAccount": {"accountUuid": "0123-4567-89ab-cdef"}, "mcpServers": {"github": {"command": "npx", "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}}}}`, false},
		{"~/.cursor/mcp.json", `{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/u"]}}}`, false},
		{"~/.gemini/settings.json", `{"theme": "Default", "selectedAuthType": "oauth-personal", "mcpServers": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "$GITHUB_TOKEN"}}}}`, false},
		{"~/.codex/config.toml", "model = \"o3\"\n[model_providers.azure]\nenv_key = \"AZURE_OPENAI_API_KEY\"\n[mcp_servers.s]\ncommand = \"s\"\nbearer_token_env_var = \"S_TOKEN\"\n[mcp_servers.s.env]\nMODE = \"production\"\n", false},
		{"~/.config/opencode/opencode.json", `{"mcp": {"gh": {"type": "remote", "headers": {"Authorization": "Bearer {env:GITHUB_TOKEN}"}}}}`, false},
		{"~/.claude.json", `{"mcpServers": {"s": {"env": {"DEBUG": "true", "API_KEY": "dev"}}}}`, false},
	} {
		home := filepath.Join(t.TempDir(), "home")
		p := filepath.Join(home, tc.file[2:])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(tc.body), 0o600); err != nil {
			t.Fatal(err)
		}
		env := Env{Project: filepath.Join(home, "proj"), Cwd: filepath.Join(home, "proj"), Home: home, Sandbox: filepath.Join(home, "proj", "agent_sandbox")}
		got, ok := DefaultSecrets().Match(env, tc.file)
		if ok != tc.want || ok && got.Pattern != tc.file {
			t.Errorf("%d: Match(%s holding %s) = %q, %v; want %v", i, tc.file, tc.body, got.Pattern, ok, tc.want)
		}
	}
	// Not there, or a FIFO: nothing held.
	home := filepath.Join(t.TempDir(), "home")
	env := Env{Project: home + "/p", Cwd: home + "/p", Home: home}
	if _, ok := DefaultSecrets().Match(env, "~/.claude.json"); ok {
		t.Error("a ~/.claude.json that is not there is no secret")
	}
	if err := os.MkdirAll(filepath.Join(home, ".cursor"), 0o755); err == nil && syscall.Mkfifo(filepath.Join(home, ".cursor", "mcp.json"), 0o600) == nil {
		if _, ok := DefaultSecrets().Match(env, "~/.cursor/mcp.json"); ok {
			t.Error("a FIFO mcp.json is no secret")
		}
	}
}
