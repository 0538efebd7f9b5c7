package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSecretAsConfigFileTmuxNginxAws (SK1 rest): tmux -f, nginx -c (with
// -p's prefix) and aws's AWS_SHARED_CREDENTIALS_FILE / AWS_CONFIG_FILE
// take a secret as their own configuration and print parts of it. The
// user's own ~/.aws/credentials there is aws's default, and kubectl's
// --kubeconfig / KUBECONFIG and libpq's PGSYSCONFDIR quote nothing of a
// file they cannot read (TestSecretAsConfigFileTmuxAwsOracle).
func TestSecretAsConfigFileTmuxNginxAws(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	for name, text := range map[string]string{"proj/tmux.conf": "set -g mouse on\n", "proj/nginx.conf": "events {}\n",
		"proj/aws.ini": "[default]\nregion = eu-west-1\n", ".aws/credentials": "[default]\n", ".pypirc": "[pypi]\n",
		"proj/kubeconfig.yaml": "apiVersion: v1\n"} {
		p := filepath.Join(cfg.Home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`tmux -f .env new -d`, Deny},
		{`tmux -L x -f ~/.ssh/id_ed25519 start-server`, Deny},
		{`tmux -2 -f.env new-session -d \; show-environment -g`, Deny},
		{`tmux source-file .env`, Deny},
		{`tmux new -d \; source -q ~/.ssh/id_ed25519`, Deny},
		{`nginx -t -c ~/.ssh/id_ed25519`, Deny},
		{`nginx -c "$PWD/.env" -t`, Deny},
		{`nginx -p ~/.ssh/ -c id_ed25519 -t`, Deny},
		{`AWS_SHARED_CREDENTIALS_FILE=~/.pypirc aws configure get password --profile pypi`, Deny},
		{`AWS_CONFIG_FILE=.env aws configure list`, Deny},
		{`export AWS_SHARED_CREDENTIALS_FILE=.env; aws --profile x s3 ls`, Deny},
		{`env AWS_CONFIG_FILE=~/.ssh/id_ed25519 aws sts get-caller-identity`, Deny},
		// Look-alikes.
		{`tmux -f tmux.conf new -d`, Allow},
		{`tmux new -d -s dev make`, Allow},
		{`tmux source-file tmux.conf`, Allow},
		{`nginx -t -c nginx.conf`, Allow},
		{`nginx -p . -c nginx.conf -t`, Allow},
		{`AWS_CONFIG_FILE=aws.ini aws s3 ls`, Allow},
		{`AWS_SHARED_CREDENTIALS_FILE=~/.aws/credentials aws s3 ls`, Allow},
		{`AWS_PROFILE=dev aws s3 ls`, Allow},
		{`kubectl --kubeconfig kubeconfig.yaml get pods`, Allow},
		{`kubectl --kubeconfig .env get pods`, Allow},
		{`KUBECONFIG=.env kubectl get pods`, Allow},
		{`PGSYSCONFDIR=.ssh psql service=x`, Allow},
	})
}

// TestSecretAsConfigFileTmuxAwsOracle runs the real tmux and aws against
// a canary given as their configuration (the rows above deny them), and
// kubectl and psql, whose errors quote none of it (the rows above allow
// them). HOME and TMUX_TMPDIR are a temporary directory; nothing reaches
// a network (aws configure reads local files, kubectl fails at the
// parse, psql at the service lookup).
func TestSecretAsConfigFileTmuxAwsOracle(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	env := write("env", "API_KEY=CANARYSECRET42\n")
	key := write("key", "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARYSECRET42b3BlbnNzaC1rZXktdjE\n-----END OPENSSH PRIVATE KEY-----\n")
	token := write("token", "hf_CANARYSECRET42\n") // a token file of one line
	ini := write("pypirc", "[pypi]\nusername = __token__\npassword = CANARYSECRET42\n")
	sock := "corral-oracle-" + filepath.Base(dir)
	cases := []struct {
		prog  string
		args  []string
		env   []string
		leaks bool
	}{
		{"tmux", []string{"-L", sock, "-f", env, "new-session", "-d", "sleep 5", ";", "show-environment", "-g", "API_KEY", ";", "kill-server"}, nil, true},
		{"tmux", []string{"-L", sock + "k", "-f", "/dev/null", "new-session", "-d", "sleep 5", ";", "source-file", token, ";", "kill-server"}, nil, true},
		{"aws", []string{"configure", "get", "password", "--profile", "pypi"}, []string{"AWS_SHARED_CREDENTIALS_FILE=" + ini}, true},
		{"kubectl", []string{"--kubeconfig", env, "get", "pods"}, nil, false},
		{"kubectl", []string{"--kubeconfig", key, "config", "view"}, nil, false},
		{"kubectl", []string{"--kubeconfig", ini, "config", "view"}, nil, false},
		{"kubectl", []string{"get", "pods"}, []string{"KUBECONFIG=" + env}, false},
		{"psql", []string{"service=x", "-c", "select 1"}, []string{"PGSERVICEFILE=" + env}, false},
	}
	for _, tc := range cases {
		if _, err := exec.LookPath(tc.prog); err != nil {
			t.Logf("%s not installed", tc.prog)
			continue
		}
		cmd := exec.Command(tc.prog, tc.args...)
		cmd.Dir = dir
		cmd.Env = append([]string{"HOME=" + dir, "PATH=" + os.Getenv("PATH"), "TMUX_TMPDIR=" + dir, "AWS_EC2_METADATA_DISABLED=true"}, tc.env...)
		cmd.Stdin = strings.NewReader("")
		cmd.WaitDelay = 5 * time.Second
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARYSECRET42"); got != tc.leaks {
			t.Errorf("%s %v %v: canary in its output = %v, want %v:\n%s", tc.prog, tc.args, tc.env, got, tc.leaks, out)
		}
	}
}
