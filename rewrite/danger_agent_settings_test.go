package rewrite

import "testing"

func TestAgentSettings(t *testing.T) {
	t.Parallel()
	testRule(t, "agent-settings", []ruleCase{
		{`claude plugin disable corral`, Deny},
		{`claude plugin uninstall corral@corral-marketplace`, Deny},
		{`claude plugins remove corral`, Deny},
		{`claude plugin marketplace remove corral`, Deny},
		{`claude --model opus plugin disable corral`, Deny},
		{`claude mcp add shell -- npx -y some-shell-server`, Deny},
		{`claude config set -g theme dark`, Deny},
		{`claude config add allowedTools 'Bash(rm:*)'`, Deny},
		{`claude config list`, Allow},
		{`claude config get theme`, Allow},
		{`claude mcp add-json shell '{"command":"sh"}'`, Deny},
		{`claude import codex`, Deny},
		{`claude plugin "$VERB" corral`, Deny},
		{`npx @anthropic-ai/claude-code plugin disable corral`, Deny},
		{`npm exec -y @anthropic-ai/claude-code -- plugin disable corral`, Deny},
		{`corepack npm exec -y @anthropic-ai/claude-code -- plugin disable corral`, Deny},
		{`corepack pnpm@latest dlx @anthropic-ai/claude-code plugin disable corral`, Deny},
		{`npm --loglevel silent exec @anthropic-ai/claude-code plugin disable corral`, Deny},
		{`bun x @google/gemini-cli extensions disable corral`, Deny},
		{`npm exec @anthropic-ai/claude-code -- plugin list`, Allow},
		{`gemini extensions uninstall corral`, Deny},
		{`gemini extensions disable --scope user corral`, Deny},
		{`gemini hooks migrate`, Deny},
		{`gemini mcp add s sh`, Deny},
		{`qwen extensions disable corral`, Deny},
		{`codex features disable hooks`, Deny},
		{`codex -c model=o3 mcp add s -- sh`, Deny},
		{`codex plugin remove corral`, Deny},
		{`sudo -u me claude plugin disable corral`, Deny},
		{`claude "$G" disable corral`, Deny},
		{`claude "$PROMPT"`, Allow},
		{`claude "$PROMPT" --model opus`, Allow},
		// Look-alikes: showing, help, prompts and text.
		{`claude plugin list`, Allow},
		{`claude plugin --help`, Allow},
		{`claude plugin`, Allow},
		{`claude mcp list`, Allow},
		{`claude mcp get shell`, Allow},
		{`gemini extensions list`, Allow},
		{`codex features list`, Allow},
		{`codex mcp list`, Allow},
		{`claude -p 'disable the corral plugin'`, Allow},
		{`echo claude plugin disable corral`, Allow},
		{`git commit -m "claude plugin disable corral"`, Allow},
	})
}
