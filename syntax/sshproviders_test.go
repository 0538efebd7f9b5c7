package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSSHProviders (red team 19 LP1): OpenSSH's clients load the PKCS#11
// and security key provider libraries their options and SSH_SK_PROVIDER
// name, judged as LD_PRELOAD's library.
func TestSSHProviders(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"p11.so": "\x7fELF", "sk.so": "\x7fELF"})
	for _, tc := range []struct {
		cmd  string
		hide bool
	}{
		{`ssh-keygen -D ./p11.so`, true},
		{`ssh-keygen -e -D ` + dir + `/p11.so`, true},
		{`ssh -I ./p11.so host`, true},
		{`ssh -v -o PKCS11Provider=./p11.so host true`, true},
		{`ssh -o "pkcs11provider ./p11.so" host`, true},
		{`ssh -oSecurityKeyProvider=./sk.so host`, true},
		{`scp -o PKCS11Provider=./p11.so f host:`, true},
		{`sftp -o PKCS11Provider=./p11.so host`, true},
		{`ssh-keygen -t ecdsa-sk -w ./sk.so -f k`, true},
		{`SSH_SK_PROVIDER=./sk.so ssh-keygen -K`, true},
		{`export SSH_SK_PROVIDER=$PWD/sk.so; ssh host`, true},
		{`ssh -o PKCS11Provider="$P" host`, true},
		// Look-alikes.
		{`ssh -i ./p11.so host`, false},
		{`ssh host -I ./p11.so`, false}, // words of the remote command
		{`ssh-keygen -t ed25519 -f k -N ""`, false},
		{`ssh-keygen -D /usr/lib/x86_64-linux-gnu/opensc-pkcs11.so`, false},
		{`ssh-keygen -w internal -t ecdsa-sk`, false},
		{`ssh -o PKCS11Provider=opensc-pkcs11.so host`, false},
		{`ssh -o IdentityFile=./p11.so host`, false},
		{`ssh-add -s ./p11.so`, false}, // the agent loads only what its allow-list permits
		{`ssh-keygen -D ./missing.so`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		if hide := len(m.Hidden) > 0; hide != tc.hide {
			t.Errorf("%s: hidden %v (%+v), want %v", tc.cmd, hide, m.Hidden, tc.hide)
		}
	}
}

// TestSSHProvidersOracle runs the real ssh-keygen with libraries built
// by gcc that export the symbol OpenSSH checks for and make a canary in
// their constructor: ssh-keygen -D, -w and SSH_SK_PROVIDER run it, and
// corral asks.
func TestSSHProvidersOracle(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("no gcc")
	}
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("no ssh-keygen")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "ran")
	ctor := "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void ran(void) { int fd = open(\"" + canary + "\", O_CREAT|O_WRONLY, 0644); if (fd >= 0) close(fd); }\n"
	writeFiles(t, dir, map[string]string{"p.c": ctor + "int C_GetFunctionList(void **p) { return 5; }\n", "s.c": ctor + "unsigned sk_api_version(void) { return 0; }\n"})
	for lib, src := range map[string]string{"p11.so": "p.c", "sk.so": "s.c"} {
		if b, err := exec.Command(gcc, "-shared", "-fPIC", "-o", filepath.Join(dir, lib), filepath.Join(dir, src)).CombinedOutput(); err != nil {
			t.Skipf("gcc: %v %s", err, b)
		}
	}
	for _, tc := range []struct {
		env  string
		args []string
	}{
		{"", []string{"-D", "./p11.so"}},
		{"", []string{"-K", "-w", "./sk.so"}},
		{"SSH_SK_PROVIDER=" + dir + "/sk.so", []string{"-K"}},
	} {
		os.Remove(canary)
		cmd := exec.Command(keygen, tc.args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		line := "ssh-keygen " + strings.Join(tc.args, " ")
		if tc.env != "" {
			cmd.Env = append(cmd.Env, tc.env)
			line = tc.env + " " + line
		}
		cmd.Run()
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: the provider's constructor did not run", line)
		}
		if len(analyzeIn(t, dir, line).Hidden) == 0 {
			t.Errorf("%s: corral does not ask", line)
		}
	}
}
