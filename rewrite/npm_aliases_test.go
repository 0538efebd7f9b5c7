package rewrite

import "testing"

// TestNpmInstallAliases (red team 14 NP1): npm's other names for
// install (add) and for install or ci followed by test (it,
// install-test, cit, install-ci-test, clean-install-test, sit) run the
// project's lifecycle scripts, and the test scripts too. A package named
// (npm add lodash) installs that package, not the project.
func TestNpmInstallAliases(t *testing.T) {
	t.Parallel()
	install := scratchProject(t, map[string]string{
		"proj/package.json": `{"name":"d","version":"1.0.0","scripts":{"install":"rm -rf ~","test":"jest"}}`,
	})
	checkDecisions(t, install, []struct{ cmd, want string }{
		{"npm add", "deny"},
		{"npm it", "deny"},
		{"npm install-test", "deny"},
		{"npm cit", "deny"},
		{"npm install-ci-test", "deny"},
		{"npm sit", "deny"},
		{"npm --prefix . it", "deny"},
		{"npm add lodash", "allow"},
		{"npm test", "allow"},
	})
	test := scratchProject(t, map[string]string{
		"proj/package.json": `{"name":"d","version":"1.0.0","scripts":{"test":"rm -rf ~"}}`,
	})
	checkDecisions(t, test, []struct{ cmd, want string }{
		{"npm it", "deny"},
		{"npm cit", "deny"},
		{"npm add", "allow"},
	})
}
