package e2e

import (
	"os"
	"os/exec"
	"testing"
)

// registerCorral registers corral as agent's hook in the machine's project
// the way a user does: `corral init --agent NAME --scope project`, run in
// the project with the machine's home. It is the only place the tests
// register corral; what init writes is what the real CLI then reads.
func registerCorral(t *testing.T, m *machine, agent, corral string) {
	t.Helper()
	cmd := exec.Command(corral, "init", "--agent", agent, "--scope", "project", "--project", m.project)
	cmd.Dir = m.project
	cmd.Env = append(m.agentEnv(), "CORRAL_AUDIT_LOG=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("corral init --agent %s --scope project: %v\n%s", agent, err, out)
	}
	t.Logf("corral init --agent %s --scope project:\n%s", agent, out)
	if _, err := os.Stat(m.project); err != nil {
		t.Fatal(err)
	}
}
