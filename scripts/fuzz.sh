#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: runs every fuzz target of ./fuzz for SECONDS
# (default 30) each, one after the other, and prints each run's executions.
# New crashers are written under fuzz/testdata/fuzz/<Target>/ by go test;
# commit them once fixed, and plain `go test ./fuzz` replays them.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-30}"
for target in $(go test ./fuzz -list '^Fuzz' | grep '^Fuzz'); do
	echo "== $target (${secs}s)"
	go test ./fuzz -run '^$' -fuzz "^${target}\$" -fuzztime "${secs}s" -fuzzminimizetime 2s -parallel 2 2>&1 | tail -n 3
done
