#!/usr/bin/env bash
# .ci/install-e2e.sh: installs what the end-to-end tests need.
#   - the Claude Code CLI from the npm registry (@anthropic-ai/claude-code,
#     whose native binary is the registry package
#     @anthropic-ai/claude-code-linux-x64) into $CORRAL_E2E_CACHE
#     (default .cache/e2e), once;
#   - git, curl and wget from Debian when they are missing and we are root.
# It never fails the build: when the CLI cannot be installed it says so
# loudly and the end-to-end tests skip (unless CORRAL_E2E=require).
set -uo pipefail
cd "$(dirname "$0")/.."
cache="${CORRAL_E2E_CACHE:-$PWD/.cache/e2e}"
version="${CORRAL_CLAUDE_VERSION:-2.1.330}"

missing=()
for tool in git curl wget; do
	command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "E2E: installing ${missing[*]} from Debian"
		apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 ||
			echo "E2E: could not install ${missing[*]}; tests that need them will skip"
	else
		echo "E2E: ${missing[*]} missing and not root; tests that need them will skip"
	fi
fi

bin="$cache/node_modules/.bin/claude"
if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "^$version"; then
	echo "E2E: Claude Code CLI $version already installed in $cache"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "E2E: cannot install claude CLI: npm not found; end-to-end tests will skip"
	exit 0
fi
mkdir -p "$cache"
echo "E2E: installing @anthropic-ai/claude-code@$version into $cache"
if ! npm install --no-audit --no-fund --loglevel=error --prefix "$cache" "@anthropic-ai/claude-code@$version" >"$cache/npm.log" 2>&1; then
	echo "E2E: cannot install claude CLI: npm failed (see $cache/npm.log):"
	tail -n 5 "$cache/npm.log"
	exit 0
fi
if ! "$bin" --version >/dev/null 2>&1; then
	echo "E2E: cannot install claude CLI: $bin does not run (is @anthropic-ai/claude-code-linux-x64 installed?)"
	exit 0
fi
echo "E2E: $("$bin" --version)"
