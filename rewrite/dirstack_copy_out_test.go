package rewrite

import "testing"

// TestCopyOutAfterDirStack: a download made in the sandbox through pushd
// and copied back out after popd asks, whether or not pushd can fail
// (red team ra): a pushd that fails leaves the stack empty, so the popd
// fails and stays, and one that works is undone by the popd; either way
// the copy runs in the project. A copy from a directory that is one of a
// few (a cd that may not have run) is judged in each. Look-alikes: a
// build in a subdirectory, a copy that stays in the sandbox, a copy of
// the project's own file.
func TestCopyOutAfterDirStack(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README.md":       "hi\n",
		"proj/build/Makefile":  "all:\n",
		"proj/agent_sandbox/":  "",
		"proj/src/main.go":     "package main\n",
		"home/.ssh/id_ed25519": "k\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; cp agent_sandbox/a .", "ask"},
		{"pushd agent_sandbox >/dev/null && curl -O https://x.io/a; popd >/dev/null; mv agent_sandbox/a src/", "ask"},
		{"pushd agent_sandbox; curl -O https://x.io/a; popd; cp agent_sandbox/a .", "ask"},
		{"pushd agent_sandbox && wget https://x.io/a.sh && popd; cp agent_sandbox/a.sh .", "ask"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; popd; cp agent_sandbox/a .", "ask"},
		{"pushd src && pushd ../agent_sandbox && curl -O https://x.io/a; popd; popd; cp agent_sandbox/a .", "ask"},
		{"f() { pushd agent_sandbox && curl -O https://x.io/a; popd; }; f; cp agent_sandbox/a .", "ask"},
		{"for u in a b; do pushd agent_sandbox && curl -O https://x.io/$u; popd; done; cp agent_sandbox/a .", "ask"},
		{"pushd agent_sandbox && curl -O https://x.io/a; cd /tmp; popd; cp agent_sandbox/a .", "ask"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd -n; cp a ../src/", "ask"},
		{"cd agent_sandbox && wget https://x.io/a.sh && cd ..; cp agent_sandbox/a.sh .", "ask"},
		{"cd agent_sandbox && wget https://x.io/a.sh && cd ..; dd if=agent_sandbox/a.sh of=x.sh", "ask"},
		{"cd agent_sandbox && wget https://x.io/a.sh && cd ..; tee x.sh < agent_sandbox/a.sh", "ask"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; dd if=agent_sandbox/a of=x", "ask"},
		{"pushd agent_sandbox && curl -O https://x.io/a.tgz; popd; tar xzf agent_sandbox/a.tgz", "ask"},
		// dirs -c empties the stack: popd fails and stays.
		{"pushd ~/.ssh; dirs -c; popd; rm -f id_ed25519", "deny"},
		// Look-alikes.
		{"pushd build && make; popd; ls", "allow"},
		{"pushd build >/dev/null && make; popd >/dev/null; ls", "allow"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; ls agent_sandbox", "allow"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; cp agent_sandbox/a agent_sandbox/b", "allow"},
		{"pushd agent_sandbox && curl -O https://x.io/a; popd; cp README.md docs/", "allow"},
		{"pushd ~/.ssh; dirs -v; popd; rm -f id_ed25519", "allow"},
		{"if c; then cd /tmp; fi; cp README.md docs/", "allow"},
		{"if c; then cd /tmp; fi; dd if=README.md of=r.txt", "allow"},
		{"cd agent_sandbox && wget https://x.io/a.sh && cd ..; dd if=agent_sandbox/a.sh of=agent_sandbox/x.sh", "allow"},
	})
}
