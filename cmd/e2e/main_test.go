package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestMain runs the tests inside a network namespace with only loopback
// when it can (root, unshare and ip available): whatever the CLI tries,
// nothing leaves the machine. CORRAL_E2E_NETNS=off runs them as they are.
func TestMain(m *testing.M) {
	switch os.Getenv("CORRAL_E2E_NETNS") {
	case "inside":
		if out, err := exec.Command("ip", "link", "set", "lo", "up").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: cannot bring up loopback in the namespace: %v %s\n", err, out)
			os.Exit(1)
		}
		os.Exit(m.Run())
	case "off":
		os.Exit(m.Run())
	}
	unshare, err1 := exec.LookPath("unshare")
	_, err2 := exec.LookPath("ip")
	if os.Geteuid() != 0 || err1 != nil || err2 != nil || exec.Command(unshare, "-n", "true").Run() != nil {
		fmt.Fprintln(os.Stderr, "e2e: no network namespace (needs root and a working unshare -n and ip); running on the host network")
		os.Exit(m.Run())
	}
	cmd := exec.Command(unshare, append([]string{"-n", os.Args[0]}, os.Args[1:]...)...)
	cmd.Env = append(os.Environ(), "CORRAL_E2E_NETNS=inside")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			os.Exit(ee.ExitCode())
		}
		fmt.Fprintf(os.Stderr, "e2e: cannot enter a network namespace (%v); running on the host network\n", err)
		os.Exit(m.Run())
	}
	os.Exit(0)
}
