#!/usr/bin/env bash
# .ci/install-interpreters.sh: installs the interpreters the code execution
# tests (rewrite/exec_code_test.go) run, so that none of them skips:
#   - ruby and php from Debian (apt-get, only as root and only when missing;
#     also cpio, libarchive-tools, p7zip-full and busybox for the
#     archive extraction tests;
#     --no-install-recommends keeps it to a few packages), and pre-commit,
#     the git-hook manager whose installed hook syntax/hookmgr_test.go runs;
#   - lefthook, the other hook manager that test runs, from the npm registry
#     (its package carries the native binary), beside bun and deno;
#   - bun and deno from the npm registry (the npm packages "bun" and "deno"
#     carry the native binaries as optional dependencies) into
#     $CORRAL_INTERP_CACHE (default .cache/interp), at the versions the tests
#     were verified against; a cache already at those versions is kept, so a
#     kept .cache/ makes this a no-op.
# It never fails the run: an interpreter that could not be installed is
# reported loudly, and its execution tests skip saying so.
#
#   CORRAL_INTERP_CACHE   where bun and deno go (default <repo>/.cache/interp)
#   CORRAL_BUN_VERSION    another npm version of bun
#   CORRAL_DENO_VERSION   another npm version of deno
set -uo pipefail
cd "$(dirname "$0")/.." || exit 0
cache="${CORRAL_INTERP_CACHE:-$PWD/.cache/interp}"
bun_version="${CORRAL_BUN_VERSION:-1.4.5}"
deno_version="${CORRAL_DENO_VERSION:-2.9.6}"
lefthook_version="${CORRAL_LEFTHOOK_VERSION:-2.2.2}"

loud() { echo "INTERPRETERS: !!! $* !!!"; }

missing=()
command -v ruby >/dev/null 2>&1 || missing+=(ruby)
command -v php >/dev/null 2>&1 || missing+=(php-cli)
command -v pre-commit >/dev/null 2>&1 || missing+=(pre-commit)
# The archivers the extraction execution tests run on hostile archives
# (TestArchiveStdinRewriteExec, TestCpioSymlinkMemberExec,
# TestCpioRarMembers): GNU cpio, bsdtar and bsdcpio, 7-Zip, BusyBox.
command -v cpio >/dev/null 2>&1 || missing+=(cpio)
command -v bsdtar >/dev/null 2>&1 || missing+=(libarchive-tools)
command -v 7z >/dev/null 2>&1 || missing+=(p7zip-full)
command -v busybox >/dev/null 2>&1 || missing+=(busybox)
# Info-ZIP's zip runs its test command for TestListedAndZipOptionWords.
command -v zip >/dev/null 2>&1 || missing+=(zip)
if [ ${#missing[@]} -eq 0 ]; then
	echo "INTERPRETERS: ruby, php, pre-commit and the archivers are installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "INTERPRETERS: installing ${missing[*]} with apt-get"
	if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
		{ apt-get update -qq >/dev/null 2>&1 &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; }; then
		echo "INTERPRETERS: installed ${missing[*]}"
	else
		loud "could not install ${missing[*]}: their execution tests will skip"
	fi
else
	loud "${missing[*]} missing and not root (or no apt-get): their execution tests will skip"
fi

# have prints whether <cache>/node_modules/.bin/$1 --version says $2.
have() {
	local out
	out=$("$cache/node_modules/.bin/$1" --version 2>/dev/null | head -n1) || return 1
	case "$out" in *"$2"*) return 0 ;; esac
	return 1
}
if have bun "$bun_version" && have deno "$deno_version" && have lefthook "$lefthook_version"; then
	echo "INTERPRETERS: bun $bun_version, deno $deno_version and lefthook $lefthook_version are in $cache"
elif ! command -v npm >/dev/null 2>&1; then
	loud "npm is missing: bun and deno are not installed, their execution tests will skip"
else
	echo "INTERPRETERS: installing bun@$bun_version, deno@$deno_version and lefthook@$lefthook_version into $cache"
	mkdir -p "$cache"
	if npm install --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error \
		"bun@$bun_version" "deno@$deno_version" "lefthook@$lefthook_version" >/dev/null 2>&1 &&
		have bun "$bun_version" && have deno "$deno_version" && have lefthook "$lefthook_version"; then
		echo "INTERPRETERS: installed bun, deno and lefthook"
	else
		loud "could not install bun, deno or lefthook into $cache: their execution tests will skip"
	fi
fi
exit 0
