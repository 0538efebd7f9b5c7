package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPacksCommand(t *testing.T) {
	m := newMachine(t)
	code, out, stderr := m.run("", "packs")
	if code != 0 || stderr != "" {
		t.Fatalf("corral packs: %d %q", code, stderr)
	}
	for _, want := range []string{"terraform: Terraform", "\n  aws s3 rm --recursive: ask — ", "\n  kubectl delete ns: deny — "} {
		if !strings.Contains(out, want) {
			t.Errorf("corral packs lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = m.run("", "packs", "--json", "databases")
	var packs []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &packs) != nil || len(packs) != 1 || packs[0]["name"] != "databases" {
		t.Errorf("packs --json databases: %d %s", code, out)
	}
	if code, _, stderr := m.run("", "packs", "terrafrom"); code != 1 || !strings.Contains(stderr, `unknown rule pack "terrafrom"`) {
		t.Errorf("a misspelt pack: %d %q", code, stderr)
	}
}

// TestHookPacks: a policy enables a pack and the hook asks about its
// commands; a policy naming an unknown pack is reported and the others of
// its settings still apply.
func TestHookPacks(t *testing.T) {
	m := newMachine(t)
	pol := filepath.Join(m.home, "policy.json")
	if err := os.WriteFile(pol, []byte(`{"corral": 1, "packs": ["aws"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, _ := m.hook(bashInput("aws --profile prod s3 rm s3://b --recursive"), "--policy", pol)
	if hs := out.HookSpecificOutput; hs == nil || hs.PermissionDecision != "ask" || !strings.Contains(hs.PermissionDecisionReason, "aws pack:") {
		t.Errorf("aws pack: %+v", out.HookSpecificOutput)
	}
	if _, raw, _ := m.hook(bashInput("terraform destroy"), "--policy", pol); strings.TrimSpace(raw) != "" {
		t.Errorf("a pack that is not enabled acted: %s", raw)
	}
	bad := filepath.Join(m.home, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"corral": 1, "packs": ["awz"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, raw, stderr := m.hook(bashInput("aws s3 rm s3://b --recursive"), "--policy", bad)
	if !strings.Contains(stderr, `unknown rule pack "awz"`) || strings.TrimSpace(raw) != "" {
		t.Errorf("an unknown pack: stdout %q stderr %q", raw, stderr)
	}
}
