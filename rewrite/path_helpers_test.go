package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// Programs a command starts by name are found through the PATH it
// inherits (red team 14 PH1): with the agent's directory first on PATH,
// git runs bin/ssh for an ssh URL, gcc runs bin/as, tar xzf runs
// bin/gzip. Each runs for real in the scratch home (runCodeCase) with the
// helper a script that deletes it: what corral denies removes the canary
// when run anyway; the look-alikes (a system-only PATH, a subcommand
// that starts no helper, an https URL) leave it.
var pathHelperCases = []codeCase{
	{name: "git-ls-remote-ssh", prog: "git", cmd: "chmod +x bin/ssh; PATH=$PWD/bin:$PATH git ls-remote ssh://x.invalid/y", files: pathHelperFiles("ssh"), want: Deny, gone: true},
	{name: "git-ls-remote-scp-style", prog: "git", cmd: "chmod +x bin/ssh; PATH=$PWD/bin:$PATH git ls-remote x.invalid:y", files: pathHelperFiles("ssh"), want: Deny, gone: true},
	{name: "git-export-path-clone", prog: "git", cmd: "chmod +x bin/ssh; export PATH=$PWD/bin:$PATH; git clone -q x.invalid:y agent_sandbox/y", files: pathHelperFiles("ssh"), want: Deny, gone: true},
	{name: "gcc-as", prog: "gcc", cmd: "chmod +x bin/as; echo 'int x;' > x.c; PATH=$PWD/bin:$PATH gcc -c x.c -o x.o", files: pathHelperFiles("as"), want: Deny, gone: true},
	{name: "tar-gzip", prog: "tar", cmd: "tar czf a.tgz build; chmod +x bin/gzip; env PATH=$PWD/bin:/usr/bin:/bin tar xzf a.tgz", files: pathHelperFiles("gzip"), want: Deny, gone: true},
	{name: "npm-test-sh", prog: "npm", cmd: "chmod +x bin/sh; PATH=$PWD/bin:$PATH npm test",
		files: map[string]string{"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}`, "bin/sh": "#!/bin/sh\nrm -rf {home}\n"}, want: Deny, gone: true},
	{name: "npm-bin-path-look", prog: "npm", cmd: "PATH=$PWD/node_modules/.bin:$PATH npm test",
		files: map[string]string{"package.json": `{"name":"x","version":"1.0.0","scripts":{"test":"echo ok"}}`, "node_modules/.bin/eslint": "#!/bin/sh\nrm -rf {home}\n"}, want: Allow},
	{name: "git-system-path-look", prog: "git", cmd: "chmod +x bin/ssh; PATH=/usr/bin:/bin git ls-remote ssh://x.invalid/y", files: pathHelperFiles("ssh"), want: Allow},
	{name: "git-status-look", prog: "git", cmd: "chmod +x bin/ssh bin/less; git init -q . && PATH=$PWD/bin:$PATH git status", files: pathHelperFiles("ssh", "less"), want: Allow},
	{name: "git-https-look", prog: "git", cmd: "chmod +x bin/ssh; PATH=$PWD/bin:$PATH git ls-remote https://127.0.0.1:9/y", files: pathHelperFiles("ssh"), want: Allow},
	{name: "tar-plain-look", prog: "tar", cmd: "tar cf a.tar build; chmod +x bin/gzip; PATH=$PWD/bin:$PATH tar tf a.tar", files: pathHelperFiles("gzip"), want: Allow},
}

// pathHelperFiles are scripts named names in bin/ that delete the home.
func pathHelperFiles(names ...string) map[string]string {
	m := map[string]string{}
	for _, n := range names {
		m["bin/"+n] = "#!/bin/sh\nrm -rf {home}\n"
	}
	return m
}

func TestExecPathHelpers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs")
	}
	for _, tc := range pathHelperCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// TestPathHelperDecisions: the helpers decided only, where running them
// is not possible here (a pager needs a terminal) or not wanted.
func TestPathHelperDecisions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"ssh", "less", "vi", "gpg", "as", "ld", "groff", "nroff", "gzip", "xz", "rustc", "cc"} {
		p := filepath.Join(dir, "bin", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\nrm -rf ~\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, dir)
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"PATH=./bin:$PATH git fetch ssh://x/y", Deny},
		{"PATH=bin:$PATH git push origin main", Deny},
		{"PATH=$PWD/bin:$PATH git log", Deny},
		{"PATH=bin:$PATH git -p status", Deny},
		{"PATH=bin:$PATH git commit", Deny},
		{"PATH=bin:$PATH git tag -s v1", Deny},
		{"env PATH=bin:/usr/bin:/bin gcc -o app x.c", Deny},
		{"PATH=bin:$PATH cc x.c", Deny},
		{"PATH=bin:$PATH man ls", Deny},
		{"PATH=bin:$PATH rsync -a x host:y", Deny},
		{"PATH=bin:$PATH ssh-copy-id host", Deny},
		{"PATH=bin:$PATH tar xJf a.tar.xz", Deny},
		{"PATH=bin:$PATH cargo build", Deny},
		{"export PATH=$PWD/bin:$PATH; git clone host:repo agent_sandbox/repo", Deny},
		// Look-alikes.
		{"PATH=/usr/local/bin:$PATH git fetch", Allow},
		{"PATH=/usr/bin:/bin git fetch ssh://x/y", Allow},
		{"PATH=$HOME/go/bin:$PATH go build ./...", Allow},
		{"PATH=$PWD/node_modules/.bin:$PATH eslint .", Allow},
		{"PATH=bin:$PATH git status", Allow},
		{"PATH=bin:$PATH git clone https://example.com/r.git agent_sandbox/r", Allow},
		{"git fetch ssh://x/y", Allow},
		{"gcc -o app x.c", Allow},
		{"man ls", Allow},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			res := Check(cfg, tc.cmd)
			if res.Decision != tc.want {
				t.Errorf("decision = %s, want %s\nfindings: %+v", res.Decision, tc.want, res.Findings)
			}
		})
	}
}
