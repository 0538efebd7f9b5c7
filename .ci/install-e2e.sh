#!/usr/bin/env bash
# .ci/install-e2e.sh: installs what the end-to-end tests (cmd/e2e) need.
#   - git, curl and wget from Debian, only when missing and only as root;
#   - the Claude Code CLI from the npm registry: @anthropic-ai/claude-code,
#     whose native binary is the optional dependency for this platform
#     (@anthropic-ai/claude-code-linux-x64 here), into $CORRAL_E2E_CACHE
#     (default .cache/e2e), then checks that `claude --version` runs.
#     Nothing is done when that version is already there.
# It never fails the build: when the CLI cannot be installed it prints a
# line starting "E2E: cannot install claude CLI:" and exits 0; the tests
# then skip, unless CORRAL_E2E=require.
#
#   CORRAL_E2E_CACHE       where the CLI goes (default <repo>/.cache/e2e)
#   CORRAL_CLAUDE_VERSION  the npm version to install (default below, the
#                          one the tests were last verified against)
set -uo pipefail
cd "$(dirname "$0")/.." || exit 0
cache="${CORRAL_E2E_CACHE:-$PWD/.cache/e2e}"
version="${CORRAL_CLAUDE_VERSION:-2.1.330}"
bin="$cache/node_modules/.bin/claude"

# Debian tools the scenarios use.
missing=()
for tool in git curl wget; do
	command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -eq 0 ]; then
	echo "E2E: git, curl and wget are installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "E2E: installing ${missing[*]} with apt-get"
	if apt-get update -qq >/dev/null 2>&1 &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; then
		echo "E2E: installed ${missing[*]}"
	else
		echo "E2E: could not install ${missing[*]}; the tests that need them will skip"
	fi
else
	echo "E2E: ${missing[*]} missing and not root (or no apt-get); the tests that need them will skip"
fi

# The platform package npm should have picked for this machine.
platform_package() {
	local os arch libc=""
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
		libc=-musl
	fi
	echo "@anthropic-ai/claude-code-$os-$arch$libc"
}

installed_version() {
	"$bin" --version 2>/dev/null | awk 'NR==1 {print $1}'
}

if [ -x "$bin" ] && [ "$(installed_version)" = "$version" ]; then
	echo "E2E: Claude Code CLI $version already installed in $cache; nothing to do"
	exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
	echo "E2E: cannot install claude CLI: npm not found (apt-get install npm); the end-to-end tests will skip"
	exit 0
fi
run_npm() {
	# A registry that hangs must not hold CI up.
	if command -v timeout >/dev/null 2>&1; then
		timeout 900 npm "$@"
	else
		npm "$@"
	fi
}
mkdir -p "$cache" || {
	echo "E2E: cannot install claude CLI: cannot create $cache"
	exit 0
}
log="$cache/npm.log"
npm_flags=(--prefix "$cache" --no-audit --no-fund --include=optional --engine-strict=false --loglevel=error)
echo "E2E: npm install @anthropic-ai/claude-code@$version into $cache"
if ! run_npm install "${npm_flags[@]}" "@anthropic-ai/claude-code@$version" >"$log" 2>&1; then
	echo "E2E: npm install failed; output:"
	tail -n 15 "$log" | sed 's/^/  /'
fi

# The native binary is an optional dependency, which npm skips silently
# when told to omit optional packages or when its download fails: install
# it by name, and run the package's install script again to link it in.
if ! "$bin" --version >/dev/null 2>&1; then
	if pkg=$(platform_package); then
		echo "E2E: claude does not run yet; npm install $pkg@$version explicitly"
		log="$cache/npm-native.log"
		if run_npm install "${npm_flags[@]}" "@anthropic-ai/claude-code@$version" "$pkg@$version" >"$log" 2>&1; then
			run_npm rebuild --prefix "$cache" @anthropic-ai/claude-code >>"$log" 2>&1
		else
			tail -n 15 "$log" | sed 's/^/  /'
		fi
	fi
fi

if ! "$bin" --version >/dev/null 2>&1; then
	echo "E2E: cannot install claude CLI: $bin does not run after npm install @anthropic-ai/claude-code@$version (is its native package $(platform_package || echo '(unknown platform)') installed? see $log)"
	echo "E2E: the end-to-end tests will skip (CORRAL_E2E=require makes them fail)"
	exit 0
fi
echo "E2E: installed Claude Code CLI $("$bin" --version 2>/dev/null) in $cache:"
for dir in "$cache"/node_modules/@anthropic-ai/*/; do
	[ -f "$dir/package.json" ] || continue
	node -e 'const p = require(process.argv[1]); console.log("E2E:   " + p.name + "@" + p.version)' "$dir/package.json" 2>/dev/null
done
exit 0
