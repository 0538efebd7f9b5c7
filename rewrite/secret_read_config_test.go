package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretAsConfigFile: a secret given to a program as its own
// configuration file, by an option or the environment, is printed by the
// program's settings listing or quoted in its errors (red team 17 SK1).
// Look-alikes: the same programs with their ordinary configs.
func TestSecretAsConfigFile(t *testing.T) {
	t.Parallel()
	testRuleWith(t, secretScratch(t), "secret-read", []ruleCase{
		{`npm --userconfig .env config list`, Deny},
		{`npm config list --userconfig=.env`, Deny},
		{`npm config get SECRET --userconfig .env`, Deny},
		{`npm --globalconfig ~/.aws/credentials config list`, Deny},
		{`NPM_CONFIG_USERCONFIG=.env npm config list`, Deny},
		{`npm_config_userconfig=~/.aws/credentials npm config list`, Deny},
		{`export npm_config_globalconfig=.env; npm config list`, Deny},
		{`curl -K ~/.ssh/id_rsa`, Deny},
		{`curl -sK .env https://example.com`, Deny},
		{`curl --config ~/.ssh/id_rsa https://example.com`, Deny},
		{`ssh -F ~/.ssh/id_rsa localhost`, Deny},
		{`ssh -G -F ~/.aws/credentials x`, Deny},
		{`scp -F .env a b:`, Deny},
		{`PIP_CONFIG_FILE=~/.aws/credentials pip config list`, Deny},
		{`PYTHONSTARTUP=.env python3 -i`, Deny},
		{`git -c include.path=~/.aws/credentials config -l`, Deny},
		{`git -c includeIf.onbranch:main.path=~/.aws/credentials config -l`, Deny},
		{`npm config list`, Allow},
		{`npm --userconfig ./.npmrc.ci config list`, Allow},
		{`NPM_CONFIG_USERCONFIG=.npmrc.ci npm ci`, Allow},
		{`ssh -F ssh_config.test host`, Allow},
		{`PIP_CONFIG_FILE=pip.conf pip config list`, Allow},
		{`PYTHONSTARTUP=start.py python3 -i`, Allow},
		{`git config -l`, Allow},
	})
}

// TestSecretAsConfigFileOracle runs the real programs on a canary
// secret given as their config file and checks that its text reaches
// stdout or stderr, the mechanism TestSecretAsConfigFile denies.
func TestSecretAsConfigFileOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, []byte("CANARYSECRET42\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		prog string
		args []string
		env  []string
	}{
		{"curl", []string{"-K", secret, "file:///dev/null"}, nil},
		{"ssh", []string{"-G", "-F", secret, "x"}, nil},
		{"python3", []string{"-i"}, []string{"PYTHONSTARTUP=" + secret}},
	}
	for _, tc := range cases {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		cmd := exec.Command(tc.prog, tc.args...)
		cmd.Dir = dir
		cmd.Env = append([]string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}, tc.env...)
		cmd.Stdin = strings.NewReader("")
		out, _ := cmd.CombinedOutput()
		// ssh quotes the keyword lower-cased.
		if !strings.Contains(strings.ToLower(string(out)), "canarysecret42") {
			t.Errorf("%s %v: the canary is not in its output:\n%s", tc.prog, tc.args, out)
		}
	}
}
