package rewrite

import "testing"

// TestContainerHostEscape: a container that is the host — --privileged,
// SYS_ADMIN (alone too), SYS_PTRACE with the host's PID namespace, a raw
// disk, the engine's socket mounted; made by docker run or by docker
// create for a later docker start — runs
// its command with every host file in reach (nsenter -t 1, chroot
// /proc/1/root, mount /dev/sda1, docker -H unix:///s run -v /:/h), so
// the command is judged as run on the host, and an image's own command
// asks. Ordinary containers (a project mount, --pid=host alone, a FUSE
// device, seccomp off for strace) are judged as before.
func TestContainerHostEscape(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`docker run --rm --privileged --pid=host alpine nsenter -t 1 -m -u -n -i sh -c "rm -rf /root"`, Deny},
		{`docker run --rm --privileged --pid=host alpine chroot /proc/1/root sh -c "rm -rf /root"`, Deny},
		{`docker run --rm --privileged=true alpine rm -rf /etc`, Deny},
		{`docker run --rm --cap-add=SYS_ADMIN --pid=host alpine nsenter -t 1 -m -- rm -rf /root`, Deny},
		{`docker run --rm --cap-add sys_ptrace --pid host alpine nsenter -t 1 -a rm -rf /root`, Deny},
		{`docker run --rm --cap-add=SYS_ADMIN --security-opt apparmor=unconfined alpine rm -rf /root`, Deny},
		{`docker run --rm --cap-add=ALL alpine rm -rf /root`, Deny},
		{`podman run --rm --privileged alpine sh -c "rm -rf /root"`, Deny},
		{`docker run --rm -v /var/run/docker.sock:/var/run/docker.sock docker:cli sh -c "docker run -v /:/h alpine rm -rf /h/root"`, Deny},
		{`docker run --rm -v /var/run/docker.sock:/s docker:cli docker -H unix:///s run -v /:/h alpine rm -rf /h/root`, Deny},
		{`docker run --rm --mount type=bind,src=/run/docker.sock,dst=/run/docker.sock docker:cli docker run -v /:/h alpine rm -rf /h/root`, Deny},
		{`docker run --rm --device /dev/sda alpine sh -c "dd if=/dev/zero of=/dev/sda"`, Deny},
		{`docker run --rm --device=/dev/nvme0n1:/dev/x alpine dd if=/dev/zero of=/dev/nvme0n1`, Deny},
		{`docker run --rm --privileged alpine`, Ask},
		{`docker run --rm --privileged tonistiigi/binfmt --install all`, Ask},
		// Issue 12: SYS_ADMIN alone (the cgroup release_agent where
		// AppArmor does not stop mount), and docker create, whose
		// container docker start runs later.
		{`docker run --rm --cap-add SYS_ADMIN alpine rm -rf /root`, Deny},
		{`docker run --rm --cap-add=CAP_SYS_ADMIN alpine`, Ask},
		{`docker create --name x -v /:/h alpine rm -rf /h/root && docker start x`, Deny},
		{`docker create --name x --privileged alpine sh -c "rm -rf /root"; docker start -a x`, Deny},
		{`podman container create --cap-add SYS_ADMIN alpine`, Ask},
		{`docker create -v ~:/h alpine`, Ask},
		{`docker run --rm -v /var/run/docker.sock:/var/run/docker.sock portainer/agent`, Ask},
		// Look-alikes.
		{`docker run --rm -v "$PWD:/w:ro" -w /w node:20 npm test`, Allow},
		{`docker run --rm --pid=host alpine ps`, Allow},
		{`docker run --rm --security-opt seccomp=unconfined alpine strace ls`, Allow},
		{`docker run --rm --device /dev/fuse alpine ls`, Allow},
		{`docker run --rm --cap-add=NET_ADMIN alpine ip link`, Allow},
		{`docker run --rm --privileged alpine ls /`, Allow},
		{`docker run --rm --privileged=false alpine rm -rf /root`, Allow},
		{`docker run --rm alpine rm -rf /root`, Allow},
		{`docker run --rm --userns=host alpine rm -rf /tmp/x`, Allow},
		{`docker create --name db -v pgdata:/var/lib/postgresql/data -p 5432:5432 postgres:16 && docker start db`, Allow},
		{`docker create --name x alpine rm -rf /root && docker start x`, Allow},
		{`docker start x`, Allow},
		{`docker run --rm --cap-add SYS_NICE alpine nice ls`, Allow},
	} {
		r := Check(cfg, tc.cmd)
		if got := r.Decision; tc.want == Allow && got > Warn || tc.want != Allow && got != tc.want {
			t.Errorf("%s: decision %v, want %v (%v)", tc.cmd, got, tc.want, r.Findings)
		}
	}
}
