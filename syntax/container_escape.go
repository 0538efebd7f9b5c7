package syntax

import (
	"path"
	"strings"
)

// containerHostEscape reports what makes a docker or podman run's
// container the host, from its options (hostPath resolves a bind mount's
// source), or "": --privileged (every device, every capability: mount
// /dev/sda1, nsenter); --cap-add of ALL, SYS_MODULE or SYS_ADMIN (with
// the host's PID namespace nsenter -t 1; alone, the cgroup release_agent
// where AppArmor does not stop mount), of SYS_PTRACE with the
// host's PID namespace; --device of a disk or of memory; a bind mount of
// the container engine's socket (or the run directory holding it),
// through which the command starts any container of its choosing on the
// host with -v /:/h. --userns=host, --security-opt …unconfined and
// --pid=host alone are not (the default capabilities cannot leave).
func containerHostEscape(opts []Option, hostPath func(string) (string, bool)) string {
	privileged := false
	pidHost, unconfined := false, false
	caps := map[string]bool{}
	why := ""
	for _, o := range opts {
		switch o.Name {
		case "privileged":
			privileged = !(o.HasVal && o.Val.Value == "false")
		case "pid":
			pidHost = o.HasVal && o.Val.Value == "host"
		case "security-opt":
			unconfined = unconfined || o.HasVal && strings.Contains(o.Val.Value, "unconfined")
		case "cap-add":
			for _, c := range strings.Split(o.Val.Value, ",") {
				caps[strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(c)), "CAP_")] = true
			}
		case "device":
			if dev, _, _ := strings.Cut(o.Val.Value, ":"); why == "" && hostDisk(dev) {
				why = "is given the host's device " + dev
			}
		case "v", "volume", "mount":
			src := ""
			if o.Name == "mount" {
				for _, kv := range strings.Split(o.Val.Value, ",") {
					if k, v, _ := strings.Cut(kv, "="); k == "source" || k == "src" {
						src = v
					}
				}
			} else {
				src, _, _ = strings.Cut(o.Val.Value, ":")
			}
			if p, ok := hostPath(src); ok && src != "" && why == "" && engineSocket(p) {
				why = "mounts the container engine's socket " + p
			}
		}
	}
	switch {
	case privileged:
		return "is --privileged"
	case caps["ALL"] || caps["SYS_MODULE"]:
		return "adds the capabilities to load kernel modules and more (--cap-add)"
	case caps["SYS_ADMIN"]:
		// Docker's default seccomp profile lets mount, unshare and
		// the rest through once SYS_ADMIN is added, and a host without
		// AppArmor (or with it off) then lets the container mount a
		// cgroup and set its release_agent, which the host runs.
		if pidHost || unconfined {
			return "adds SYS_ADMIN with the host's processes or without confinement"
		}
		return "adds SYS_ADMIN, which lets it mount a cgroup whose release_agent the host runs"
	case caps["SYS_PTRACE"] && pidHost:
		return "adds SYS_PTRACE in the host's PID namespace"
	}
	return why
}

// hostDisk reports a device path that holds the host's files or memory:
// a disk or partition, a device-mapper or loop device, /dev/mem.
func hostDisk(dev string) bool {
	dev = path.Clean(dev)
	if !strings.HasPrefix(dev, "/dev/") {
		return false
	}
	name := strings.TrimPrefix(dev, "/dev/")
	if strings.HasPrefix(name, "disk/") || strings.HasPrefix(name, "mapper/") {
		return true
	}
	for _, p := range []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "dm-", "loop", "md", "mem", "kmem", "port"} {
		if strings.HasPrefix(name, p) && !strings.Contains(name, "/") {
			return true
		}
	}
	return false
}

// engineSocket reports the socket of a container engine (docker,
// podman, containerd, CRI-O) or a run directory that holds one.
func engineSocket(p string) bool {
	switch path.Base(p) {
	case "docker.sock", "podman.sock", "containerd.sock", "crio.sock", "dockershim.sock", "buildkitd.sock":
		return true
	}
	return p == "/run" || p == "/var/run" || p == "/run/podman" || p == "/run/containerd" || p == "/run/docker"
}
