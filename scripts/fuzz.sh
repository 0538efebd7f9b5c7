#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: runs every fuzz target of ./fuzz for SECONDS
# (default 30) each, one after the other, and prints each target's
# executions. A crasher is written under fuzz/testdata/fuzz/<Target>/ by go
# test; commit it: plain `go test ./fuzz` replays it. Failures already
# reported (knownGaps in fuzz/seeds_test.go) are passed over here
# (CORRAL_FUZZ_SKIP_KNOWN=1), so that the run looks for new ones; plain go
# test still fails on them until they are fixed. A run that fails only
# with the Go coordinator's own "context deadline exceeded" and no failing
# input (go.dev/issue/75804, Go 1.26) is run once more. Exits 1 when a
# target fails.
set -uo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
status=0
targets=$(go test ./fuzz -list '^Fuzz' | grep '^Fuzz') || { echo "fuzz: cannot list targets" >&2; exit 1; }
for target in $targets; do
	echo "== $target (${secs}s)"
	log=$(mktemp)
	# Minimising a new interesting input is bounded, so that a short run
	# spends its time fuzzing.
	run_target() {
		CORRAL_FUZZ_SKIP_KNOWN=1 go test ./fuzz -run '^$' -fuzz "^${target}\$" -fuzztime "${secs}s" -fuzzminimizetime 5s >"$log" 2>&1
	}
	if run_target; then
		result=ok
	elif grep -q 'context deadline exceeded' "$log" && ! grep -qE 'Failing input written|panic:' "$log" &&
		[ "$(grep -cE '^\s+[a-z_]+_test\.go:[0-9]+:' "$log")" = 0 ]; then
		# Go 1.26's fuzzing coordinator can report the -fuzztime deadline
		# itself as a failure, with no failing input written
		# (go.dev/issue/75804, fixed in Go 1.27). A real finding always
		# writes its input under testdata/fuzz; run the target once more.
		echo "$target: the Go coordinator reported its own deadline with no failing input (go.dev/issue/75804); running it again"
		if run_target; then
			result=ok
		else
			result=FAIL
			status=1
		fi
	else
		result=FAIL
		status=1
	fi
	execs=$(grep -o 'execs: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*')
	interesting=$(grep -o 'new interesting: [0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*$')
	echo "$target: $result, ${execs:-0} executions, ${interesting:-0} new interesting inputs in ${secs}s"
	if [ "$result" = FAIL ]; then
		grep -v '^fuzz: elapsed' "$log" | tail -n 30
	fi
	rm -f "$log"
done
exit $status
