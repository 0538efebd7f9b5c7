#!/usr/bin/env bash
# scripts/test.sh: corral's whole test suite, as CI runs it.
#   1. installs what the end-to-end tests need (the agent CLIs from npm into
#      .cache/e2e, git/curl/wget from Debian when absent), and the
#      interpreters the code execution tests run (ruby and php from Debian,
#      bun and deno from npm into .cache/interp; .ci/install-interpreters.sh),
#      and OpenSSH's client and server from Debian for the real-ssh
#      execution tests (.ci/install-sshd.sh; required under CORRAL_E2E=require);
#   2. gofmt and go vet;
#   3. unit, golden and execution tests with the race detector, for every
#      package but syntax, syntax/lang, rewrite, fuzz and cmd/e2e (those
#      left hold the CLI, the hook, the policy and audit files, with their
#      tests of concurrent processes); then the engine checked from several
#      goroutines at once under the race detector (rewrite's
#      TestConcurrentChecksAgree: the parser, the model and the rules, and
#      the caches they share between calls, run concurrently); then every
#      test of syntax, syntax/lang, rewrite (corpus, real-world corpora,
#      peer suites, execution tests) and fuzz (seeds and committed
#      crashers) without it. The detector only finds races in code that
#      runs concurrently; under it rewrite and fuzz took 20 and 11 minutes
#      of a 34-minute run (syntax about 4 minutes with or without it: its
#      oracle tests run real programs);
#   3b. the end-to-end tests with the real agent CLIs (cmd/e2e), required:
#      CORRAL_E2E=require (the default here and in CI) makes a CLI that could
#      not be installed, or a test that would skip, a failure. Only
#      CORRAL_E2E=optional ./scripts/test.sh lets them skip (local dev).
#   4. a short run of every fuzz target (FUZZTIME seconds each, default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
export CORRAL_E2E="${CORRAL_E2E:-require}"
start=$SECONDS
section() { echo "== $1 (at $((SECONDS - start)) s)"; }

section "setup (CORRAL_E2E=$CORRAL_E2E)"
if ! .ci/install-e2e.sh; then
	echo "E2E: installing the agent CLIs failed, and CORRAL_E2E=require"
	exit 1
fi

.ci/install-interpreters.sh

if ! .ci/install-sshd.sh; then
	echo "SSH: installing OpenSSH failed, and CORRAL_E2E=require (TestRealSSHLoopback would fail)"
	exit 1
fi

section "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "not gofmt-clean:"; echo "$unformatted"; exit 1
fi

section "go vet"
go vet ./...

section "go test -race (every package but syntax, syntax/lang, rewrite, fuzz and cmd/e2e)"
go test -race -count=1 -timeout 30m $(go list ./... | grep -v -e '/rewrite$' -e '/fuzz$' -e '/syntax$' -e '/syntax/lang$' -e '/cmd/e2e$')

section "go test -race: the engine checked from several goroutines (rewrite TestConcurrentChecksAgree)"
go test -race -count=1 -timeout 20m -run '^TestConcurrentChecksAgree$' ./rewrite

section "go test syntax, syntax/lang, rewrite and fuzz (parser and model, corpus, real-world corpora and peer suites with their counts, execution tests, fuzz seeds and crashers)"
# Without the race detector (see 3. above); -v for the counts the
# real-world and peer tests log.
unit_log=$(mktemp)
unit_status=0
go test -count=1 -timeout 30m -v ./syntax ./syntax/lang ./rewrite ./fuzz >"$unit_log" 2>&1 || unit_status=$?
grep -E 'agrees|allow .* deny|handled|Bash cases|agree with Write' "$unit_log" || true
grep -E '^(ok|FAIL|panic:)' "$unit_log" || true
if [ "$unit_status" != 0 ]; then
	echo "go test ./syntax ./syntax/lang ./rewrite ./fuzz failed; the failing tests' output:"
	grep -E -B1 -A40 '^\s*--- FAIL|^panic:|^FAIL' "$unit_log" | head -2000
	rm -f "$unit_log"
	exit 1
fi
rm -f "$unit_log"

section "end-to-end with the real agent CLIs (cmd/e2e)"
e2e_log=$(mktemp)
e2e_status=0
go test -race -count=1 -timeout 40m -v ./cmd/e2e >"$e2e_log" 2>&1 || e2e_status=$?
grep -E '^\s*(--- |ok|FAIL|PASS)|CLI .* at |namespace|SKIP' "$e2e_log" || true
if [ "$e2e_status" != 0 ]; then
	echo "end-to-end tests failed; their whole output:"
	cat "$e2e_log"
	rm -f "$e2e_log"
	exit 1
fi
rm -f "$e2e_log"

section "fuzz (short runs)"
if [ -x scripts/fuzz.sh ]; then
	scripts/fuzz.sh "${FUZZTIME:-20}"
fi
echo "== all tests passed in $((SECONDS - start)) s"
