#!/usr/bin/env bash
# .ci/install-e2e.sh: installs what the end-to-end tests (cmd/e2e) need.
#   - git, curl, wget, socat and tftp-hpa from Debian, only when missing and
#     only as root;
#   - each agent CLI the tests run, from the npm registry, into its own
#     folder $CORRAL_E2E_CACHE/<agent> (default .cache/e2e/<agent>), at the
#     version the tests were last verified against; then checks that
#     `<cli> --version` runs. An agent already there at that version is
#     not installed again, so a kept .cache/ makes this a no-op.
#
# Agents (name, npm package, version, command):
#   claude  @anthropic-ai/claude-code  its native binary is the optional
#           dependency @anthropic-ai/claude-code-<os>-<arch>
#   codex   @openai/codex              native binary in @openai/codex-<os>-<arch>
#   gemini  @google/gemini-cli         JavaScript (node >= 20)
#   qwen    @qwen-code/qwen-code       JavaScript (node >= 20)
#   opencode opencode-ai               native binary in opencode-<os>-<arch>,
#           linked into place by its postinstall script
#   cline   cline                      native binary in @cline/cli-<os>-<arch>
#   copilot @github/copilot            native binary in @github/copilot-<os>-<arch>
#
# Exit status: with CORRAL_E2E=require (CI), 1 when any agent could not be
# installed or does not run; otherwise always 0 (the tests then skip the
# agents that are missing, each saying why).
#
#   CORRAL_E2E_CACHE          where the CLIs go (default <repo>/.cache/e2e)
#   CORRAL_E2E_AGENTS         which agents (default: all of the above)
#   CORRAL_<AGENT>_VERSION    another npm version of one agent
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
cache="${CORRAL_E2E_CACHE:-$PWD/.cache/e2e}"
require=0
[ "${CORRAL_E2E:-}" = require ] && require=1

# name package default-version command
agents_table="
claude @anthropic-ai/claude-code 2.1.330 claude
codex @openai/codex 0.169.0 codex
gemini @google/gemini-cli 0.61.0 gemini
qwen @qwen-code/qwen-code 0.24.4 qwen
opencode opencode-ai 1.18.33 opencode
cline cline 3.0.65 cline
copilot @github/copilot 1.0.102 copilot

"
wanted="${CORRAL_E2E_AGENTS:-claude codex gemini qwen opencode cline copilot}"

# Debian tools the scenarios and the execution tests use (command:package;
# socat and tftp-hpa for TestNetFileRewriteExec).
missing=()
for pair in git:git curl:curl wget:wget socat:socat tftp:tftp-hpa; do
	command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "E2E: git, curl, wget, socat and tftp are installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "E2E: installing ${missing[*]} with apt-get"
	if apt-get update -qq >/dev/null 2>&1 &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; then
		echo "E2E: installed ${missing[*]}"
	else
		echo "E2E: could not install ${missing[*]}"
		[ $require = 1 ] && exit 1
	fi
else
	echo "E2E: ${missing[*]} missing and not root (or no apt-get)"
	[ $require = 1 ] && exit 1
fi

# platform prints <os>-<arch> as the agents' native packages name it.
platform() {
	local os arch
	case "$(uname -s)" in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	*) return 1 ;;
	esac
	case "$(uname -m)" in
	x86_64 | amd64) arch=x64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) return 1 ;;
	esac
	if [ "$os" = linux ] && ! ldd --version 2>&1 | grep -qiE 'glibc|gnu libc'; then
		arch=$arch-musl
	fi
	echo "$os-$arch"
}

# native_spec prints the npm spec of an agent's native package, for
# installing it by name when npm skipped the optional dependency.
native_spec() {
	local name=$1 version=$2 plat
	plat=$(platform) || return 1
	case "$name" in
	claude) echo "@anthropic-ai/claude-code-$plat@$version" ;;
	codex) echo "@openai/codex-$plat@npm:@openai/codex@$version-$plat" ;;
	opencode) echo "opencode-$plat@$version" ;;
	cline) echo "@cline/cli-$plat@$version" ;;
	copilot) echo "@github/copilot-$plat@$version" ;;
	*) return 1 ;;
	esac
}

run_npm() {
	# A registry that hangs must not hold CI up.
	if command -v timeout >/dev/null 2>&1; then
		timeout 900 npm "$@"
	else
		npm "$@"
	fi
}

# version_of prints the first version-looking word the CLI prints.
version_of() {
	"$1" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1
}

# install_agent installs one agent into $cache/<name>; it prints what it did
# and returns non-zero when the CLI does not run afterwards.
install_agent() {
	local name=$1 pkg=$2 version=$3 cmd=$4
	local dir="$cache/$name" bin="$cache/$name/node_modules/.bin/$cmd" log="$cache/$name.npm.log"
	local flags=(--prefix "$dir" --no-audit --no-fund --include=optional --engine-strict=false --loglevel=error)
	if [ -x "$bin" ] && [ "$(version_of "$bin")" = "$version" ]; then
		echo "E2E: $name: $pkg@$version already in $dir"
		return 0
	fi
	mkdir -p "$dir" || return 1
	local start=$SECONDS
	if ! run_npm install "${flags[@]}" "$pkg@$version" >"$log" 2>&1; then
		echo "E2E: $name: npm install $pkg@$version failed:"
		tail -n 15 "$log" | sed 's/^/  /'
	fi
	if ! "$bin" --version >/dev/null 2>&1 && spec=$(native_spec "$name" "$version"); then
		# npm skips an optional dependency silently when told to omit
		# them or when its download fails: name it, then relink.
		echo "E2E: $name: does not run yet; npm install $spec explicitly"
		run_npm install "${flags[@]}" "$pkg@$version" "$spec" >>"$log" 2>&1 &&
			run_npm rebuild --prefix "$dir" "$pkg" >>"$log" 2>&1
	fi
	if ! "$bin" --version >/dev/null 2>&1; then
		echo "E2E: cannot install $name: $bin does not run after npm install $pkg@$version (see $log)"
		return 1
	fi
	echo "E2E: $name: installed $pkg@$version in $((SECONDS - start)) s ($(du -sh "$dir" 2>/dev/null | cut -f1))"
}

if ! command -v npm >/dev/null 2>&1; then
	echo "E2E: cannot install the agent CLIs: npm not found (apt-get install npm)"
	[ $require = 1 ] && exit 1
	exit 0
fi
mkdir -p "$cache" || {
	echo "E2E: cannot create $cache"
	[ $require = 1 ] && exit 1
	exit 0
}

# The installs run side by side (each into its own folder); each prints
# its lines when it is done.
start=$SECONDS
pids=()
names=()
while read -r name pkg version cmd; do
	[ -n "$name" ] || continue
	case " $wanted " in *" $name "*) ;; *) continue ;; esac
	var="CORRAL_$(echo "$name" | tr '[:lower:]' '[:upper:]')_VERSION"
	version="${!var:-$version}"
	install_agent "$name" "$pkg" "$version" "$cmd" >"$cache/$name.install.log" 2>&1 &
	pids+=($!)
	names+=("$name")
done <<<"$agents_table"
failed=()
for i in "${!pids[@]}"; do
	if ! wait "${pids[$i]}"; then
		failed+=("${names[$i]}")
	fi
	cat "$cache/${names[$i]}.install.log"
done
echo "E2E: agent CLIs ready in $((SECONDS - start)) s"
if [ ${#failed[@]} -gt 0 ]; then
	echo "E2E: not installed: ${failed[*]}"
	if [ $require = 1 ]; then
		echo "E2E: CORRAL_E2E=require: failing"
		exit 1
	fi
	echo "E2E: their end-to-end tests will skip (CORRAL_E2E=require makes them fail)"
fi
exit 0
