#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: runs every fuzz target of ./fuzz for SECONDS
# (default 30) each, one after the other, and prints each target's
# executions. A crasher is written under fuzz/testdata/fuzz/<Target>/ by go
# test; commit it: plain `go test ./fuzz` replays it. Failures already
# reported (knownGaps in fuzz/seeds_test.go) are passed over here
# (CORRAL_FUZZ_SKIP_KNOWN=1), so that the run looks for new ones; plain go
# test still fails on them until they are fixed. Exits 1 when a target
# fails.
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
	if CORRAL_FUZZ_SKIP_KNOWN=1 go test ./fuzz -run '^$' -fuzz "^${target}\$" -fuzztime "${secs}s" -fuzzminimizetime 5s >"$log" 2>&1; then
		result=ok
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
