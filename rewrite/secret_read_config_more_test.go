package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretAsConfigFileMore (red team 17 SK1 rest): more programs that
// take a secret as their own configuration file, and PYTHONSTARTUP (and
// OPENSSL_CONF, PGSERVICEFILE) exported earlier in the command rather
// than prefixed: gpg --options, openssl -config / OPENSSL_CONF, the MySQL
// clients' --defaults-file / --defaults-extra-file, libpq's
// PGSERVICEFILE. Look-alikes: the same programs with their ordinary
// config files, and Python given a program (PYTHONSTARTUP unread).
func TestSecretAsConfigFileMore(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	for name, text := range map[string]string{"start.py": "import os\n", "gpg.conf": "armor\n", "req.cnf": "[req]\n", "my.cnf": "[client]\n", "pg.conf": "[x]\n", "x.py": "print(1)\n"} {
		if err := os.WriteFile(filepath.Join(cfg.Project, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`export PYTHONSTARTUP=~/.ssh/id_rsa; python3`, Deny},
		{`export PYTHONSTARTUP=.env; python3 -i < /dev/null`, Deny},
		{`PYTHONSTARTUP=.env; export PYTHONSTARTUP; python3 -q`, Deny},
		{`export PYTHONSTARTUP=.env; env python3`, Deny},
		{`gpg --options ~/.ssh/id_rsa --list-keys`, Deny},
		{`gpg --options=.env -k`, Deny},
		{`gpg2 --batch --options .env --list-config`, Deny},
		{`openssl req -config ~/.aws/credentials -new`, Deny},
		{`openssl ca -config .env`, Deny},
		{`OPENSSL_CONF=.env openssl version -a`, Deny},
		{`export OPENSSL_CONF=~/.ssh/id_rsa; openssl req -new`, Deny},
		{`mysql --defaults-file=.env`, Deny},
		{`mysql --defaults-extra-file ~/.aws/credentials -e "select 1"`, Deny},
		{`mysqldump --defaults-file=~/.ssh/id_rsa db`, Deny},
		{`PGSERVICEFILE=.env psql service=x`, Deny},
		{`export PGSERVICEFILE=~/.aws/credentials; pg_dump service=x`, Deny},
		// Look-alikes.
		{`export PYTHONSTARTUP=start.py; python3`, Allow},
		{`export PYTHONSTARTUP=.env; python3 x.py`, Allow},
		{`python3 -i x.py`, Allow},
		{`gpg --options gpg.conf -k`, Allow},
		{`gpg --list-keys`, Allow},
		{`openssl req -config req.cnf -new`, Allow},
		{`openssl version -a`, Allow},
		{`mysql --defaults-file=my.cnf -e "select 1"`, Allow},
		{`mysql -e "select 1"`, Allow},
		{`PGSERVICEFILE=pg.conf psql service=x`, Allow},
		{`export PGSERVICEFILE=pg.conf; psql service=x`, Allow},
	})
}

// TestSecretAsConfigFileMoreOracle runs the real programs against a
// canary given as their configuration: openssl quotes in its error the
// text after the place it failed, and a python3 -i started by bash after
// export PYTHONSTARTUP=F quotes the line in its traceback.
func TestSecretAsConfigFileMoreOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, []byte("FAKE CANARYSECRET42\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		prog string
		args []string
		env  []string
	}{
		{"openssl", []string{"req", "-config", secret, "-new"}, nil},
		{"openssl", []string{"req", "-new"}, []string{"OPENSSL_CONF=" + secret}},
		{"bash", []string{"-c", "export PYTHONSTARTUP=" + secret + "; python3 -i"}, nil},
	}
	for _, tc := range cases {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		if tc.prog == "bash" {
			if _, err := exec.LookPath("python3"); err != nil {
				continue
			}
		}
		cmd := exec.Command(tc.prog, tc.args...)
		cmd.Dir = dir
		cmd.Env = append([]string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}, tc.env...)
		cmd.Stdin = strings.NewReader("")
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "CANARYSECRET42") {
			t.Errorf("%s %v %v: the canary is not in its output:\n%s", tc.prog, tc.args, tc.env, out)
		}
	}
}
