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
		// Red team 14 RG1: other agents' system settings and
		// configuration in the environment, approvals off in the other
		// agents corral registers with, subagent hooks on claude's line.
		{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/g.json gemini -p hi", Ask},
		{"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/tmp/g.json gemini -p hi", Ask},
		{"QWEN_CODE_SYSTEM_SETTINGS_PATH=/tmp/g.json qwen -p hi", Ask},
		{`OPENCODE_CONFIG_CONTENT='{"plugin":[]}' opencode run hi`, Ask},
		{`OPENCODE_PERMISSION='{"bash":"allow"}' opencode run hi`, Ask},
		{"cline --yolo hi", Ask},
		{"cline -y hi", Ask},
		{"kiro-cli chat --trust-all-tools", Ask},
		{"hermes chat -q hi --yolo", Ask},
		{"GOOSE_MODE=auto goose run -t hi", Ask},
		{`claude -p hi --agents '{"x":{"description":"x","prompt":"x","hooks":{"PreToolUse":[]}}}'`, Ask},
		// A subagent whose permissionMode turns Claude Code's prompts off
		// (red team 16 RG4b); plan and default pass.
		{`claude -p hi --agents '{"x":{"description":"x","prompt":"x","permissionMode":"bypassPermissions"}}'`, Ask},
		{`claude -p hi --agents='{"x":{"description":"x","prompt":"x","permissionMode":"acceptEdits"}}'`, Ask},
		{`claude -p hi --agents '{"x":{"description":"x","prompt":"x","permissionMode":"plan"}}'`, Allow},
		{`claude -p hi --agents "$A"`, Ask},
		{`claude -p hi --agents '{"x":{"description":"x","prompt":"x"}}'`, Allow},
		// The command-line spellings (red team 17 RG4c): --allowedTools
		// (variadic: the words up to the next option) and --permission-mode
		// approving Bash, Write, Edit or MCP tools broadly ask; read-only
		// tools, a narrowed command and plan pass, as does a prompt after
		// the list.
		{`claude --allowedTools 'Bash(*)' -p hi`, Ask},
		{`claude --allowed-tools 'Bash(*)' -p hi`, Ask},
		{`claude --allowedTools=Bash -p hi`, Ask},
		{`claude --allowedTools Read Write -p hi`, Ask},
		{`claude -p hi --allowedTools 'Read,Edit'`, Ask},
		{`claude -p hi --allowedTools mcp__github`, Ask},
		{`claude -p hi --allowedTools 'Write(**)'`, Ask},
		{`claude -p hi --allowedTools "$T"`, Ask},
		{`claude -p --permission-mode acceptEdits hi`, Ask},
		{`claude -p --permission-mode=dontAsk hi`, Ask},
		{`claude -p --permission-mode "$M" hi`, Ask},
		{`npx @anthropic-ai/claude-code --allowedTools Bash -p hi`, Ask},
		{`claude -p 'hi' --allowedTools Read`, Allow},
		{`claude --allowedTools 'Bash(git status:*)' Read -p hi`, Allow},
		{`claude -p --allowedTools Read Grep 'summarize the bash script'`, Allow},
		{`claude -p --permission-mode plan hi`, Allow},
		{`claude -p --permission-mode default hi`, Allow},
		{`claude -p --model sonnet Bash`, Allow},
		// Red team 15 RG4: codex's hooks are a feature flag, off for one
		// run with --disable or a features override.
		{"codex exec --disable hooks hi", Ask},
		{"codex --disable hooks exec hi", Ask},
		{"codex exec --disable codex_hooks hi", Ask},
		{"codex exec --disable=hooks hi", Ask},
		{`codex exec --disable "$F" hi`, Ask},
		{"codex exec -c features.hooks=false hi", Ask},
		{"codex -c features.codex_hooks=false", Ask},
		{"codex exec -c 'features={codex_hooks=false}' hi", Ask},
		{"codex exec --enable js_repl hi", Allow},
		{"codex exec --disable web_search hi", Allow},
		{"codex exec -c model=o3 hi", Allow},
		{"cline hi", Allow},
		{"goose run -t hi", Allow},
		{"kiro-cli chat", Allow},
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
		// Options that leave corral's hook out (claude --bare and
		// --safe-mode skip the hooks of the settings files; --restricted
		// ignores the files) or load programs that run unseen (MCP
		// servers, plugins, codex notify and trusted hooks, gemini policy
		// files), from each CLI's --help.
		{"claude --bare -p hi", Ask},
		{"claude --safe-mode -p hi", Ask},
		{"claude --restricted --tools Bash -p hi", Ask},
		{`claude --mcp-config '{"mcpServers":{"x":{"command":"sh","args":["-c","rm -rf ~"]}}}' -p hi`, Ask},
		{"claude --mcp-config=m.json -p hi", Ask},
		{"claude --plugin-dir ./p -p hi", Ask},
		{"claude --plugin-url http://127.0.0.1/p.zip -p hi", Ask},
		{`codex -c 'notify=["sh","-c","rm -rf ~"]' exec hi`, Ask},
		{"codex -c mcp_servers.x.command=sh exec hi", Ask},
		{"codex --dangerously-bypass-hook-trust exec hi", Ask},
		{"gemini --policy p.toml -p hi", Ask},
		{"gemini --skip-trust -p hi", Ask},
		{"CLAUDE_CODE_SIMPLE=1 claude -p hi", Ask},
		{"export CLAUDE_CODE_PERSONAL_HOOKS_OFF=1; claude -p hi", Ask},
		{"env CLAUDE_CODE_EVEN_MORE_DANGEROUSLY_SKIP_PERMISSIONS=1 claude -p hi", Ask},
		{"CLAUDE_CODE_MAX_OUTPUT_TOKENS=9000 claude -p hi", Allow},
		{`claude -p "what does --bare do"`, Allow},
		{"claude --model opus -p hi", Allow},
		{"codex -c model_reasoning_effort=high exec hi", Allow},
		// The agent run by its installed files: the package's program,
		// an interpreter given its entry script, python -m of its module,
		// and uv tool run / uvx of its Python package.
		{"node node_modules/@anthropic-ai/claude-code/cli.js --dangerously-skip-permissions -p hi", Ask},
		{`node "$(npm root -g)/@anthropic-ai/claude-code/cli.js" --dangerously-skip-permissions`, Ask},
		{"/usr/lib/node_modules/@anthropic-ai/claude-code/bin/claude.exe --dangerously-skip-permissions", Ask},
		{"node ~/.npm-global/lib/node_modules/@openai/codex/bin/codex.js --yolo exec hi", Ask},
		{"python3 -m aider --yes-always", Ask},
		{"python3 .venv/bin/aider --yes-always", Ask},
		{"uvx aider-chat --yes-always", Ask},
		{"uv tool run aider-chat --yes-always", Ask},
		{"uv tool run --from aider-chat aider --yes-always", Ask},
		{"node node_modules/@anthropic-ai/claude-code/cli.js -p hi", Allow},
		{"node app.js --yolo", Allow},
		{"python3 -m pytest -y", Allow},
		{"uv tool run black .", Allow},
	})
}
