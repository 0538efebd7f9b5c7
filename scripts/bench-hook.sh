#!/usr/bin/env bash
# scripts/bench-hook.sh [RUNS]: the whole `corral hook` process against a Go
# hook that only decodes JSON and allows (cmd/benchfloor), on representative
# inputs. Prints median and p90 wall time of each and the ratio of medians;
# the target is a median within 1.5x of the floor.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/corral" ./cmd/corral
go build -o "$tmp/floor" ./cmd/benchfloor
mkdir -p "$tmp/project" "$tmp/home" "$tmp/state"
export HOME="$tmp/home" CLAUDE_PROJECT_DIR="$tmp/project" CORRAL_STATE_DIR="$tmp/state" CORRAL_AUDIT_LOG=off

declare -A inputs=(
	[clone]='{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git clone https://github.com/acme/widget.git && cd widget","description":"clone"}}'
	[ls]='{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la","description":"list"}}'
	[write]='{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"'"$tmp"'/project/src/x.ts","content":"x"}}'
)

# measure BIN INPUT: prints sorted per-run nanoseconds.
measure() {
	local bin=$1 input=$2 i t0 t1
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		printf '%s' "$input" | "$bin" hook >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $((t1 - t0))
	done | sort -n
}
stat() { # median p90 in ms
	awk '{a[NR]=$1} END {printf "%.2f %.2f\n", a[int(NR*0.5)+1]/1e6, a[int(NR*0.9)+1]/1e6}'
}

printf '%-6s %12s %12s %12s %12s %7s\n' input corral-med corral-p90 floor-med floor-p90 ratio
for name in clone ls write; do
	read -r cm cp < <(measure "$tmp/corral" "${inputs[$name]}" | stat)
	read -r fm fp < <(measure "$tmp/floor" "${inputs[$name]}" | stat)
	ratio=$(awk -v a="$cm" -v b="$fm" 'BEGIN{printf "%.2f", a/b}')
	printf '%-6s %10sms %10sms %10sms %10sms %6sx\n' "$name" "$cm" "$cp" "$fm" "$fp" "$ratio"
done
