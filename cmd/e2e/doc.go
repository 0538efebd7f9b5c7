// Package e2e runs corral under the real Claude Code CLI: the CLI from the
// npm registry (installed by .ci/install-e2e.sh), a scripted stand-in for
// the Anthropic Messages API on loopback, and corral registered as the
// project's PreToolUse hook. Each scenario checks what happened on disk and
// what the model was sent. Without the CLI the tests skip with a message,
// unless CORRAL_E2E=require.
package e2e
