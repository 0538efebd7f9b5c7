#!/usr/bin/env bash
# .ci/install-sshd.sh: installs OpenSSH (the client, ssh-keygen, the server
# sshd and sftp-server) from Debian for the real-ssh execution tests
# (rewrite/ssh_real_test.go, TestRealSSHLoopback), only when missing and
# only as root. The tests start their own unprivileged sshd on a loopback
# port with throwaway keys; nothing here starts or enables a service.
#
# Exit status: with CORRAL_E2E=require (CI), 1 when OpenSSH is missing and
# could not be installed; otherwise 0 (the test then skips, saying why).
set -uo pipefail
require=0
[ "${CORRAL_E2E:-}" = require ] && require=1

have() {
	command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 && command -v sftp >/dev/null 2>&1 &&
		{ [ -x /usr/sbin/sshd ] || command -v sshd >/dev/null 2>&1; } &&
		{ [ -x /usr/lib/openssh/sftp-server ] || [ -x /usr/libexec/openssh/sftp-server ] || [ -x /usr/libexec/sftp-server ]; }
}

if have; then
	echo "SSH: OpenSSH client and server are installed"
	exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "SSH: installing openssh-client and openssh-server with apt-get"
	log=$(mktemp)
	# policy-rc.d keeps the package from starting the system's sshd.
	policy=/usr/sbin/policy-rc.d
	made_policy=0
	if [ ! -e "$policy" ]; then
		printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && made_policy=1
	fi
	if apt-get update -qq >"$log" 2>&1 &&
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-client openssh-server openssh-sftp-server >>"$log" 2>&1; then
		echo "SSH: installed OpenSSH"
	else
		echo "SSH: COULD NOT INSTALL OpenSSH; apt-get said:"
		tail -n 30 "$log"
	fi
	[ $made_policy = 1 ] && rm -f "$policy"
	rm -f "$log"
else
	echo "SSH: OpenSSH (ssh, ssh-keygen, sftp, sshd, sftp-server) is missing and this is not root with apt-get"
fi
if have; then
	exit 0
fi
echo "SSH: OpenSSH IS MISSING: TestRealSSHLoopback cannot run"
[ $require = 1 ] && exit 1
exit 0
