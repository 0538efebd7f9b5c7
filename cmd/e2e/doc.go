// Package e2e runs corral under the real agent CLIs: Claude Code, Codex CLI,
// Gemini CLI, Qwen Code and OpenCode. It is a test-only package: the CLIs come from the npm
// registry (installed by .ci/install-e2e.sh into .cache/e2e/<agent>), a
// scripted stand-in for each model API answers on loopback (Anthropic
// Messages, OpenAI Responses, Gemini, OpenAI Chat Completions), and corral is registered with
// `corral init --agent NAME --scope project` (registerCorral).
//
// TestClaudeCode checks each Claude Code scenario on disk and in what the
// model was sent: a clone and a download land in the sandbox and the model
// is told where, a Write to .env and destructive commands are refused with
// corral's reason, an ordinary command runs unchanged. TestCodex,
// TestGemini, TestQwen and TestOpenCode run the four shared scenarios
// (agentScenarios) under their CLIs; TestOpenCode runs the plugin that
// `corral init --agent opencode` writes. TestClaudePlugin installs the repository's Claude Code plugin from a
// local marketplace and runs the sandbox and .env scenarios through it;
// TestPluginLauncher and TestPluginFiles check the plugin without a CLI.
// TestHarness registers a stand-in hook (the test binary itself) instead
// of corral, proving the harness and the CLI's hook protocol; TestStandIn
// tests the Messages API stand-in alone.
//
// The package must not reach anything but loopback: when it can (root,
// unshare and ip) the test binary re-executes itself inside a network
// namespace that has only loopback. It must not touch the real home: the
// CLIs, git and corral run with a temporary HOME and state directory.
//
// Environment: CORRAL_E2E=require fails instead of skipping when a CLI or
// tool is missing (CI); CORRAL_<AGENT>_BIN names a CLI to use (for example
// CORRAL_CODEX_BIN); CORRAL_E2E_CACHE is the install cache;
// CORRAL_E2E_NETNS=off runs on the host network; CORRAL_E2E_DUMP=DIR writes
// every request a CLI sends to DIR.
package e2e
