// Package e2e runs corral under the real Claude Code CLI. It is a test-only
// package: the CLI comes from the npm registry (installed by
// .ci/install-e2e.sh into .cache/e2e), a scripted stand-in for the Anthropic
// Messages API answers on loopback, and the project's .claude/settings.json
// registers the hook under test for Bash|Write|Edit|MultiEdit|NotebookEdit.
//
// TestClaudeCode registers a freshly built `corral hook` and checks each
// scenario on disk and in what the model was sent: a clone and a download
// land in the sandbox and the model is told where, a Write to .env and
// destructive commands are refused with corral's reason, an ordinary
// command runs unchanged. TestHarness registers a stand-in hook (the test
// binary itself) instead, proving the harness and the CLI's hook protocol
// independently of corral; TestStandIn tests the API stand-in alone.
//
// The package must not reach anything but loopback: when it can (root,
// unshare and ip) the test binary re-executes itself inside a network
// namespace that has only loopback. It must not touch the real home: the
// CLI, git and corral run with a temporary HOME and state directory.
//
// Environment: CORRAL_E2E=require fails instead of skipping when the CLI
// is missing; CORRAL_CLAUDE_BIN names a CLI to use; CORRAL_E2E_CACHE is the
// install cache; CORRAL_E2E_NETNS=off runs on the host network;
// CORRAL_E2E_DUMP=DIR writes every request the CLI sends to DIR.
package e2e
