package e2e

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// netnsEnv tells a re-executed test binary that it already runs inside the
// network namespace; "off" runs the tests on the host network.
const netnsEnv = "CORRAL_E2E_NETNS"

// network says where the tests run, for the logs.
var network = "on the host network"

// TestMain has three jobs. Run as the stand-in hook (fakeHookEnv set), it is
// that hook and nothing else; run as the MCP server (mcpServerEnv set),
// that server. Otherwise it runs the tests inside a network
// namespace that has only loopback when it can (root, a working unshare -n
// and ip): the test binary re-executes itself under unshare -n, and the
// Messages API stand-in, the file server, the CLI and its hooks all live
// in there, so nothing the CLI tries can leave the machine. Where that is
// not possible it says so and runs on the host network, where the CLI still
// only talks to loopback.
func TestMain(m *testing.M) {
	if log, ok := os.LookupEnv(fakeHookEnv); ok {
		os.Exit(fakeHook(log, os.Stdin, os.Stdout, os.Stderr))
	}
	if _, ok := os.LookupEnv(mcpServerEnv); ok {
		os.Exit(mcpServer(os.Stdin, os.Stdout))
	}
	switch os.Getenv(netnsEnv) {
	case "inside":
		if out, err := exec.Command("ip", "link", "set", "lo", "up").CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: cannot bring up loopback in the network namespace: %v %s\n", err, out)
			os.Exit(1)
		}
		network = "in a network namespace with only loopback"
		os.Exit(runTests(m))
	case "off":
		fmt.Fprintln(os.Stderr, "e2e: "+netnsEnv+"=off: running on the host network")
		os.Exit(runTests(m))
	}
	if why := cannotUnshare(); why != "" {
		fmt.Fprintf(os.Stderr, "e2e: no network namespace (%s); running on the host network\n", why)
		os.Exit(runTests(m))
	}
	self, err := os.Executable()
	if err != nil {
		self = os.Args[0]
	}
	cmd := exec.Command("unshare", append([]string{"-n", self}, os.Args[1:]...)...)
	cmd.Env = append(os.Environ(), netnsEnv+"=inside")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		os.Exit(exit.ExitCode())
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: cannot enter a network namespace (%v); running on the host network\n", err)
		os.Exit(runTests(m))
	}
	os.Exit(0)
}

// cannotUnshare says why the tests cannot run in a network namespace of
// their own, or "" when they can.
func cannotUnshare() string {
	if os.Geteuid() != 0 {
		return "not root"
	}
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := exec.LookPath(tool); err != nil {
			return tool + " not found"
		}
	}
	if out, err := exec.Command("unshare", "-n", "ip", "link", "set", "lo", "up").CombinedOutput(); err != nil {
		return fmt.Sprintf("unshare -n does not work here: %v %s", err, out)
	}
	return ""
}
