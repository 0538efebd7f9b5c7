package rewrite

import "testing"

// TestAgentUnguarded: another agent started with its approvals off, or
// with an environment that decides whether and how corral guards it
// (corral's variables, the project directory, the directories its
// settings and corral's state are found in), by every route a program's
// environment is set: a prefix, env NAME=…, env -u, env -i, sudo NAME=…,
// export or unset earlier in the command. Look-alikes: other variables,
// an agent started plainly, corral's variables set for another program.
func TestAgentUnguarded(t *testing.T) {
	t.Parallel()
	testRule(t, "agent-unguarded", []ruleCase{
		{"claude --dangerously-skip-permissions -p hi", Ask},
		{"codex --yolo exec hi", Ask},
		{"npx @google/gemini-cli --yolo -p hi", Ask},
		{"CONTENT_FILTER_ENFORCER_MODE=off claude -p hi", Ask},
		{"env CORRAL_APPROVE=auto claude -p hi", Ask},
		{"export CORRAL_POLICY=/tmp/p.json; codex exec hi", Ask},
		{"CORRAL_STATE_DIR=/tmp/s claude -p hi", Ask},
		{"unset FILE_RESTRICTIONS; claude -p hi", Ask},
		{"env -u CONTENT_FILTER_SANDBOX_DIR gemini -p hi", Ask},
		{"env -i PATH=/usr/bin claude -p hi", Ask},
		{"sudo CORRAL_APPROVE=auto claude -p hi", Ask},
		{"HOME=/tmp/h claude -p hi", Ask},
		{"export HOME=/tmp/h; claude -p hi", Ask},
		{"XDG_CONFIG_HOME=/tmp/c npx @google/gemini-cli -p hi", Ask},
		{"CLAUDE_CONFIG_DIR=/tmp/c claude -p hi", Ask},
		{"CODEX_HOME=/tmp/c codex exec hi", Ask},
		{"CLAUDE_PROJECT_DIR=/ claude -p hi", Ask},
		// Every package runner's spelling (the runner table), with
		// options before the verb, npm's command prefixes and its "--".
		{"npm exec @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"npm --yes exec @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"npm exec --yes -- @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"npm exe @anthropic-ai/claude-code@latest --dangerously-skip-permissions", Ask},
		{"npm x -y @openai/codex --yolo exec hi", Ask},
		{"pnpm --dir . dlx @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"pnpm exec @google/gemini-cli --yolo", Ask},
		{"bun x @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"deno run -A npm:@google/gemini-cli --yolo", Ask},
		// corepack runs the package manager it names, at any version.
		{"corepack pnpm dlx @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"corepack pnpm@9.1.0 dlx @anthropic-ai/claude-code --dangerously-skip-permissions", Ask},
		{"corepack npx -y @openai/codex --yolo exec hi", Ask},
		{"corepack yarnpkg dlx @google/gemini-cli --yolo", Ask},
		{"yarnpkg dlx @google/gemini-cli --yolo", Ask},
		// Look-alikes.
		{"claude -p hi", Allow},
		{"ANTHROPIC_MODEL=claude-x claude -p hi", Allow},
		{"DEBUG=1 codex exec hi", Allow},
		{"cd sub && claude -p hi", Allow},
		{"CORRAL_APPROVE=auto make test", Allow},
		{"HOME=/tmp/h ls", Allow},
		{"for i in 1 2; do claude -p \"$i\"; done", Allow},
		{"npm exec @anthropic-ai/claude-code -- -p hello", Allow},
		{"npm --yes exec @google/gemini-cli -p hi", Allow},
		{"npm exec claude-code --dangerously-skip-permissions", Allow},
		{"npm run exec", Allow},
		{"bun x prettier --write .", Allow},
		{`codex -c 'sandbox_mode="danger-full-access"' exec hi`, Ask},
		{`codex --config='sandbox_mode = "danger-full-access"' exec hi`, Ask},
		{"codex --config sandbox_mode=danger-full-access exec hi", Ask},
		{"codex -c sandbox_mode=workspace-write exec hi", Allow},
		{"codex -c model=o3 exec hi", Allow},
		{"corepack enable", Allow},
		{"corepack use pnpm@9.1.0", Allow},
		{"corepack pnpm@9.1.0 install", Allow},
		{"corepack yarn dlx @anthropic-ai/claude-code -p hi", Allow},
	})
}
