#!/usr/bin/env bash
# scripts/test.sh: corral's whole test suite, as CI runs it.
#   1. installs what the end-to-end tests need (the Claude Code CLI from npm,
#      git/curl/wget from Debian when absent) — never fatal;
#   2. gofmt and go vet;
#   3. unit, golden, corpus, execution and end-to-end tests with the race
#      detector (fuzz seeds and committed crashers are replayed here);
#   4. a short run of every fuzz target (FUZZTIME seconds each, default 20).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup"
if [ -x .ci/install-e2e.sh ]; then
	.ci/install-e2e.sh || echo "E2E: install script failed; the end-to-end tests will skip"
fi

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "not gofmt-clean:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test -race (unit, golden corpus, execution, fuzz seeds and crashers, end-to-end)"
go test -race -count=1 ./...

echo "== real-world corpora and peer suites (counts)"
go test -count=1 -v -run 'TestRealWorld|TestPeers|TestCorpus$|TestBashWriteMatchesWrite' ./rewrite |
	grep -E 'agrees|allow .* deny|handled|Bash cases|agree with Write|^(ok|FAIL|---)' || true

echo "== end-to-end with the real Claude Code CLI"
go test -count=1 -v -run TestClaudeCode ./cmd/e2e | grep -E '^\s*(---|ok|FAIL|PASS)|Claude Code CLI|namespace|skip' || true

echo "== fuzz (short runs)"
if [ -x scripts/fuzz.sh ]; then
	scripts/fuzz.sh "${FUZZTIME:-20}"
fi
echo "== all tests passed"
