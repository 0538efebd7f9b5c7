#!/usr/bin/env bash
# scripts/bench-hook.sh [RUNS]: measures the whole `corral hook` process
# against the floor, a Go hook that only decodes the JSON on stdin and
# allows (cmd/benchfloor), each started RUNS times (default 200) per input
# on representative hook inputs: a Bash git clone (rewritten), an ordinary
# ls (allowed) and a Write to src/x.ts (allowed). Prints the median and
# p90 wall time of each and the ratio of the medians; the target is a
# median within 1.5x of the floor. Uses hyperfine when it is installed,
# else a loop timed with date +%s%N. corral runs as users get it: audit
# log on (in a temporary state directory), default policy.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-200}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/corral" ./cmd/corral
go build -o "$tmp/floor" ./cmd/benchfloor
mkdir -p "$tmp/project/src" "$tmp/home" "$tmp/state"
export HOME="$tmp/home" CLAUDE_PROJECT_DIR="$tmp/project" CORRAL_STATE_DIR="$tmp/state"
unset CORRAL_AUDIT_LOG CONTENT_FILTER_SANDBOX_DIR CONTENT_FILTER_ENFORCER_MODE CORRAL_APPROVE

names=(clone ls write)
printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git clone https://github.com/acme/widget.git && cd widget","description":"clone"},"tool_use_id":"t"}' >"$tmp/clone.json"
printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la","description":"list"},"tool_use_id":"t"}' >"$tmp/ls.json"
printf '%s' '{"session_id":"s","cwd":"'"$tmp"'/project","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"'"$tmp"'/project/src/x.ts","content":"export const x = 1\n"},"tool_use_id":"t"}' >"$tmp/write.json"

# Check that corral answers as expected before timing it.
"$tmp/corral" hook <"$tmp/clone.json" | grep -q '"updatedInput"' || { echo "corral did not rewrite the clone" >&2; exit 1; }

# times BIN INPUT: prints one wall time per run, in nanoseconds, sorted.
times() {
	local bin=$1 input=$2 i t0 t1
	if command -v hyperfine >/dev/null; then
		hyperfine --style none --warmup 10 --runs "$runs" --input "$input" --export-json "$tmp/h.json" "$bin hook" >/dev/null
		# hyperfine reports seconds; keep the raw times.
		grep -A "$runs" '"times"' "$tmp/h.json" | grep -o '[0-9.e-]*[0-9]' | awk '{printf "%d\n", $1*1e9}' | sort -n
		return
	fi
	for ((i = 0; i < 10; i++)); do "$bin" hook <"$input" >/dev/null 2>&1; done # warm-up
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		"$bin" hook <"$input" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $((t1 - t0))
	done | sort -n
}
# stats: median and p90 in milliseconds of sorted nanoseconds.
stats() { awk '{a[NR]=$1} END {printf "%.2f %.2f\n", a[int((NR+1)/2)]/1e6, a[int(NR*0.9+0.5)]/1e6}'; }

tool=loop
command -v hyperfine >/dev/null && tool=hyperfine
echo "corral hook vs floor, $runs runs each ($tool), $(nproc) CPUs"
printf '%-6s %11s %11s %11s %11s %7s\n' input corral-med corral-p90 floor-med floor-p90 ratio
for name in "${names[@]}"; do
	read -r cm cp < <(times "$tmp/corral" "$tmp/$name.json" | stats)
	read -r fm fp < <(times "$tmp/floor" "$tmp/$name.json" | stats)
	ratio=$(awk -v a="$cm" -v b="$fm" 'BEGIN{printf "%.2f", a/b}')
	printf '%-6s %9sms %9sms %9sms %9sms %6sx\n' "$name" "$cm" "$cp" "$fm" "$fp" "$ratio"
done
