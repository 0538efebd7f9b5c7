#!/usr/bin/env bash
# scripts/bench-hook.sh [RUNS]: measures the whole `corral hook` process
# against the floor, a Go hook that only decodes the JSON on stdin and
# allows (cmd/benchfloor), each started RUNS times (default 200) per input
# as "hook --agent claude" (what corral init registers) on representative
# hook inputs: a Bash git clone (rewritten), an ordinary ls (allowed) and a
# Write to src/x.ts (allowed). Prints the median and p90 wall time of
# each, the ratio of the medians, the median CPU time of each and its
# ratio, and the median page faults; the target (issue 8)
# is a median within 1.2x of the floor. corral runs as users get it: audit
# log on (in a temporary state directory), default policy, built as the
# README's install lines build it (CGO_ENABLED=0: a static binary; see the
# README's performance section), and the floor built the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/corral" ./cmd/corral
CGO_ENABLED=0 go build -o "$tmp/floor" ./cmd/benchfloor
mkdir -p "$tmp/project/src" "$tmp/home" "$tmp/state"
export HOME="$tmp/home" CLAUDE_PROJECT_DIR="$tmp/project" CORRAL_STATE_DIR="$tmp/state"
unset CORRAL_AUDIT_LOG CONTENT_FILTER_SANDBOX_DIR CONTENT_FILTER_ENFORCER_MODE CORRAL_APPROVE

printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git clone https://github.com/acme/widget.git && cd widget","description":"clone"},"tool_use_id":"t"}' >"$tmp/clone.json"
printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la","description":"list"},"tool_use_id":"t"}' >"$tmp/ls.json"
printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"'"$tmp"'/project/src/x.ts","content":"export const x = 1\n"},"tool_use_id":"t"}' >"$tmp/write.json"

# Check that corral answers as expected before timing it.
"$tmp/corral" hook --agent claude <"$tmp/clone.json" | grep -q '"updatedInput"' || { echo "corral did not rewrite the clone" >&2; exit 1; }

# The timer is cmd/benchfloor's "time" mode: it starts corral and the floor
# alternately (interleaved, so that load on the machine hits both alike),
# timing each process directly from start to exit; nothing else is forked
# in the timed loop.
echo "corral hook vs floor, $runs runs each, interleaved, audit log on, $(nproc) CPUs"
"$tmp/floor" time "$runs" "$tmp/corral" "$tmp/floor" "$tmp/clone.json" "$tmp/ls.json" "$tmp/write.json"
