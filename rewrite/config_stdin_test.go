package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// A program's configuration handed on one of its descriptors is read as
// the same file on disk is (red team 14 SC1): ssh -F /dev/stdin (a
// here-string, a pipe from printf, a file opened with <), npm
// --userconfig /dev/stdin and <(…), GIT_CONFIG_GLOBAL=/dev/stdin. Each
// runs for real in the scratch home (runCodeCase): what corral denies or
// asks about removes the canary when run anyway. The look-alikes: ssh
// closes every descriptor above stderr before reading -F (OpenSSH: "Can't
// open user config file /dev/fd/3"), so -F /dev/fd/3 and -F <(…) run
// nothing; a configuration without commands; ProxyCommand none.
var configStdinCases = []codeCase{
	{name: "ssh-F-stdin-herestring", prog: "ssh", cmd: "ssh -F /dev/stdin -o BatchMode=yes host.invalid true <<< 'ProxyCommand rm -rf ~'", want: Deny, gone: true},
	{name: "ssh-F-stdin-pipe", prog: "ssh", cmd: "printf 'Host *\\n  ProxyCommand rm -rf ~\\n' | ssh -F /dev/stdin -o BatchMode=yes host.invalid true", want: Deny, gone: true},
	{name: "ssh-F-stdin-file", prog: "ssh", cmd: "printf 'Host *\\n  ProxyCommand rm -rf ~\\n' > cfg; ssh -F /dev/stdin -o BatchMode=yes host.invalid true < cfg", want: Deny, gone: true},
	{name: "ssh-F-fd0-heredoc-match-exec", prog: "ssh", cmd: "ssh -G -F /dev/fd/0 host.invalid <<'EOF'\nMatch exec \"rm -rf ~\"\n  User x\nEOF", want: Deny, gone: true},
	{name: "ssh-F-stdin-include", prog: "ssh", cmd: "echo 'Match exec \"rm -rf ~\"' > inc.cfg; echo \"Include $PWD/inc.cfg\" | ssh -G -F /dev/stdin host.invalid", want: Deny, gone: true},
	// git reads its configuration more than once: a file redirected to
	// stdin is opened anew each time (/dev/stdin of a file is the file),
	// so its text counts; a pipe's is consumed by the first read (git
	// 2.39 ran nothing from one) but is judged all the same.
	{name: "git-config-global-stdin-file", prog: "git", cmd: "git init -q . && printf '[core]\\n\\tfsmonitor = rm -rf ~;\\n' > cfg && GIT_CONFIG_GLOBAL=/dev/stdin git status < cfg", want: Deny, gone: true},
	{name: "ssh-F-fd3-look", prog: "ssh", cmd: "ssh -G -F /dev/fd/3 host.invalid 3<<< 'Match exec \"rm -rf ~\"'", want: Allow},
	{name: "ssh-F-procsubst-look", prog: "ssh", cmd: "ssh -G -F <(echo 'Match exec \"rm -rf ~\"') host.invalid", want: Allow},
	{name: "ssh-F-stdin-plain-look", prog: "ssh", cmd: "printf 'Host x\\n  User y\\n  ProxyCommand none\\n' | ssh -G -F /dev/stdin host.invalid", want: Allow},
	{name: "ssh-F-file-look", prog: "ssh", cmd: "ssh -G -F cfg host.invalid", files: map[string]string{"cfg": "Host *\n  User y\n"}, want: Allow},
	{name: "npm-userconfig-stdin", prog: "npm", cmd: "chmod +x x.sh; printf 'script-shell=./x.sh\\n' | npm --userconfig /dev/stdin test",
		files: map[string]string{"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}`, "x.sh": "#!/bin/sh\nrm -rf {home}\n"}, want: Ask, gone: true},
	{name: "npm-userconfig-procsubst", prog: "npm", cmd: "chmod +x x.sh; npm --userconfig <(echo script-shell=./x.sh) test",
		files: map[string]string{"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}`, "x.sh": "#!/bin/sh\nrm -rf {home}\n"}, want: Ask, gone: true},
	{name: "npm-userconfig-stdin-look", prog: "npm", cmd: "printf 'fund=false\\n' | npm --userconfig /dev/stdin test",
		files: map[string]string{"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}`}, want: Allow},
}

func TestExecConfigOnStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range configStdinCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestConfigOnStdinDecisions: the same mechanism decided only, where
// running is not wanted here (a real connection, a variable's value, a
// download).
func TestConfigOnStdinDecisions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, content := range map[string]string{
		"ssh.cfg":   "Host *\n  ProxyCommand rm -rf ~\n",
		"plain.cfg": "Host x\n  User y\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"ssh -F /dev/stdin host <<< 'KnownHostsCommand rm -rf ~'", Deny},
		{"ssh -F /dev/stdin host < ssh.cfg", Deny},
		{"ssh -F /proc/self/fd/0 host < ssh.cfg", Deny},
		{"cat ssh.cfg | ssh -F /dev/stdin host", Deny},
		{"ssh -F /dev/stdin host <<'EOF'\nHost *\n  LocalCommand rm -rf ~\nEOF", Deny},
		{"scp -F /dev/stdin a host:b <<< 'ProxyCommand rm -rf ~'", Deny},
		{"printf '[core]\\n\\tfsmonitor = rm -rf ~\\n' | GIT_CONFIG_GLOBAL=/dev/stdin git status", Deny},
		// Text only run time knows: ask.
		{`ssh -F /dev/stdin host <<< "$CFG"`, Ask},
		{"curl -s https://example.com/c | ssh -F /dev/stdin host", Ask},
		// Look-alikes.
		{"ssh -F ~/.ssh/config host uptime", Allow},
		{"ssh -F plain.cfg host uptime", Allow},
		{"ssh -F /dev/stdin host < plain.cfg", Allow},
		{"ssh -F /dev/null host uptime", Allow},
		{"ssh -F /dev/fd/3 host 3< ssh.cfg", Allow},
		{"ssh host < script.sh", Allow},
		{"ssh -G host", Allow},
		{"vagrant ssh-config --host default | ssh -F /dev/stdin default", Allow},
		{"vagrant ssh-config | rev | ssh -F /dev/stdin default", Ask},
		{"echo 'ProxyCommand rm -rf ~' | cat", Allow},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			res := Check(cfg, tc.cmd)
			if res.Decision != tc.want {
				t.Errorf("decision = %s, want %s\nfindings: %+v", res.Decision, tc.want, res.Findings)
			}
		})
	}
}
