package rewrite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitDaemonAccessHook (issue 12, class 4): git daemon
// --access-hook=CMD runs CMD with sh -c when a client asks for a
// repository, so CMD is judged as if typed (it was allowed). Without
// "=", git daemon refuses the option (usage), so the next word is no
// hook. The oracle runs the real git daemon in --inetd mode with one
// request on its standard input: the hook writes a canary.
func TestGitDaemonAccessHook(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "hook.sh": "#!/bin/sh\nrm -rf ~\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git daemon --access-hook='rm -rf ~' --export-all --base-path=.", "deny"},
		{"git daemon --reuseaddr --access-hook='cat ~/.ssh/id_rsa' --base-path=/srv/git", "deny"},
		{"git daemon --access-hook=../hook.sh --export-all", "deny"},
		{"git daemon --access-hook='rm -rf ~' & git ls-remote git://127.0.0.1/r.git", "deny"},
		// look-alikes
		{"git daemon --export-all --base-path=/srv/git --reuseaddr", "allow"},
		{"git daemon --access-hook=/usr/bin/true --export-all", "allow"},
		{"git daemon --access-hook='echo checked' --export-all", "allow"},
		{"git daemon --access-hook 'rm -rf ~'", "allow"},
	})
	t.Run("oracle", func(t *testing.T) {
		t.Parallel()
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("no git")
		}
		dir := t.TempDir()
		if out, err := exec.Command("git", "init", "-q", "--bare", filepath.Join(dir, "r.git")).CombinedOutput(); err != nil {
			t.Fatalf("git init: %v %s", err, out)
		}
		canary := filepath.Join(dir, "canary")
		req := "git-upload-pack /r.git\x00host=localhost\x00"
		cmd := exec.Command("git", "daemon", "--inetd", "--export-all", "--base-path="+dir,
			"--access-hook=echo pwned > "+canary+"; true")
		cmd.Stdin = strings.NewReader(fmt.Sprintf("%04x%s", len(req)+4, req))
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		_ = cmd.Run()
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("git daemon --access-hook did not run its shell text: %q", b)
		}
	})
}

// TestPackageToolHooks (issue 12, class 4): dpkg --pre-invoke=CMD,
// --post-invoke and --status-logger, and apt-get/apt/aptitude -o KEY=VALUE
// of a key that names a command (DPkg::Pre-Invoke, DPkg::Post-Invoke,
// DPkg::Pre-Install-Pkgs, APT::Update::Pre-Invoke and Post-Invoke,
// DPkg::Options::=--pre-invoke=CMD, Dir::Bin::dpkg,
// Acquire::http::Proxy-Auto-Detect), also from a -c FILE or APT_CONFIG
// file, run that command: it is judged as if typed (all were allowed).
// The oracles run the real apt-get update and dpkg --configure -a with
// every directory they write in a scratch one.
func TestPackageToolHooks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/README":     "x\n",
		"proj/evil.conf":  "DPkg::Pre-Invoke { \"rm -rf ~\"; };\n",
		"proj/evil2.conf": "APT {\n  Update {\n    Post-Invoke-Success { \"echo ok\"; \"rm -rf ~/.ssh\"; };\n  };\n};\n",
		"proj/good.conf":  "Acquire::Retries \"3\";\nAPT::Install-Recommends \"false\"; // no\n",
		"evil.sh":         "#!/bin/sh\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"apt-get -o APT::Update::Pre-Invoke::='rm -rf ~' update", "deny"},
		{"apt-get -o DPkg::Pre-Invoke::='rm -rf ~' install -y jq", "deny"},
		{"apt-get -oDPkg::Post-Invoke::='rm -rf ~' install jq", "deny"},
		{"sudo apt --option dpkg::pre-install-pkgs::='rm -rf ~' install jq", "deny"},
		{"apt-get -o Binary::apt-get::APT::Update::Post-Invoke-Success::='cat ~/.ssh/id_rsa' update", "deny"},
		{"aptitude -o DPkg::Options::=--pre-invoke='rm -rf ~' install jq", "deny"},
		{"apt-get -o Dir::Bin::dpkg=../evil.sh install jq", "deny"},
		{"apt-get -o Acquire::http::Proxy-Auto-Detect=../evil.sh update", "deny"},
		{"apt-get -o Dir::Bin::Methods=../ update", "ask"},
		{"apt-get -c evil.conf install jq", "deny"},
		{"apt-get --config-file=evil2.conf update", "deny"},
		{"APT_CONFIG=evil.conf apt-get install jq", "deny"},
		{"printf 'DPkg::Pre-Invoke {\"rm -rf ~\";};' > a.conf; apt-get -c a.conf install jq", "deny"},
		{"apt-get -c \"$F\" install jq", "ask"},
		{"dpkg --pre-invoke='rm -rf ~' -i x.deb", "deny"},
		{"dpkg --post-invoke 'rm -rf ~' -i x.deb", "deny"},
		{"dpkg --status-logger='cat ~/.ssh/id_rsa' -i x.deb", "deny"},
		// look-alikes
		{"apt-get install -y build-essential", "allow"},
		{"apt-get -o Acquire::Retries=3 update", "allow"},
		{"apt-get -o DPkg::Options::=--force-confold install jq", "allow"},
		{"apt-get -o DPkg::Pre-Invoke::='echo hi' install jq", "allow"},
		{"apt-get -c good.conf update", "allow"},
		{"apt-get -o Dir::Bin::dpkg=/usr/bin/dpkg install jq", "allow"},
		{"dpkg -i x.deb", "allow"},
		{"dpkg --force-confnew -i x.deb", "allow"},
		{"dpkg --post-invoke=ldconfig -i x.deb", "allow"},
	})
	t.Run("apt-get", func(t *testing.T) {
		t.Parallel()
		if _, err := exec.LookPath("apt-get"); err != nil || os.Geteuid() != 0 {
			t.Skip("no apt-get, or not root")
		}
		dir := t.TempDir()
		for _, d := range []string{"lists/partial", "cache/archives/partial"} {
			if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command("apt-get", "-o", "Debug::NoLocking=1", "-o", "Dir::State::Lists="+filepath.Join(dir, "lists"),
			"-o", "Dir::Cache="+filepath.Join(dir, "cache"), "-o", "Dir::Etc::SourceList=/dev/null",
			"-o", "Dir::Etc::SourceParts="+filepath.Join(dir, "none"), "-o", "Dir::Log="+dir,
			"-o", "APT::Update::Pre-Invoke::=echo pwned > "+canary, "update")
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.CombinedOutput()
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("apt-get update did not run APT::Update::Pre-Invoke: %q %s", b, out)
		}
	})
	t.Run("dpkg", func(t *testing.T) {
		t.Parallel()
		if _, err := exec.LookPath("dpkg"); err != nil || os.Geteuid() != 0 {
			t.Skip("no dpkg, or not root (dpkg --configure needs it)")
		}
		dir := t.TempDir()
		adm := filepath.Join(dir, "adm")
		for _, d := range []string{"updates", "info"} {
			if err := os.MkdirAll(filepath.Join(adm, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range []string{"status", "available"} {
			if err := os.WriteFile(filepath.Join(adm, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command("dpkg", "--admindir="+adm, "--log="+filepath.Join(dir, "dpkg.log"),
			"--pre-invoke", "echo pwned > "+canary, "--configure", "-a")
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.CombinedOutput()
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("dpkg --configure -a did not run --pre-invoke: %q %s", b, out)
		}
	})
}

// TestDpkgBuildpackageHooks (issue 12, class 4): dpkg-buildpackage
// --hook-NAME=CMD runs CMD with the shell (debuild's --NAME-hook=CMD
// alike), -pPROG, --check-command=PROG and -rPROG run a program, and
// the package's debian/rules (or --rules-file=CMD) is run with clean
// (not under -nc), build and binary: a #!/usr/bin/make -f rules file
// whose clean recipe deletes the home is that recipe (all were allowed).
// The oracle runs the real dpkg-buildpackage with an init hook that
// writes a canary and then fails, so nothing is built.
func TestDpkgBuildpackageHooks(t *testing.T) {
	t.Parallel()
	changelog := "x (1.0) unstable; urgency=low\n\n  * x\n\n -- A <a@b.c>  Mon, 01 Jan 2024 00:00:00 +0000\n"
	control := "Source: x\nMaintainer: A <a@b.c>\n\nPackage: x\nArchitecture: all\nDescription: x\n x\n"
	cfg := scratchProject(t, map[string]string{
		"proj/debian/rules":     "#!/usr/bin/make -f\n%:\n\tdh $@\n",
		"proj/debian/changelog": changelog,
		"proj/debian/control":   control,
		"proj/bad/debian/rules": "#!/usr/bin/make -f\n%:\n\tdh $@\nclean:\n\trm -rf ~\n",
		"evil.sh":               "#!/bin/sh\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"dpkg-buildpackage --hook-init='rm -rf ~'", "deny"},
		{"dpkg-buildpackage -us -uc --hook-done='cat ~/.ssh/id_rsa'", "deny"},
		{"debuild --lintian-hook='rm -rf ~' -us -uc", "deny"},
		{"dpkg-buildpackage -p../evil.sh", "deny"},
		{"dpkg-buildpackage --check-command=../evil.sh", "deny"},
		{"dpkg-buildpackage --rules-file='sh -c \"rm -rf ~\"'", "deny"},
		{"cd bad && dpkg-buildpackage -us -uc", "deny"},
		{"cd bad && debuild -b", "deny"},
		// look-alikes
		{"dpkg-buildpackage -us -uc", "allow"},
		{"dpkg-buildpackage -b -rfakeroot", "allow"},
		{"cd bad && dpkg-buildpackage -b -nc", "allow"},
		{"dpkg-buildpackage --hook-check='lintian %p_%v_%a.changes'", "allow"},
	})
	t.Run("oracle", func(t *testing.T) {
		t.Parallel()
		if _, err := exec.LookPath("dpkg-buildpackage"); err != nil {
			t.Skip("no dpkg-buildpackage")
		}
		dir := t.TempDir()
		for name, text := range map[string]string{"debian/changelog": changelog, "debian/control": control} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command("dpkg-buildpackage", "--hook-init=echo pwned > "+canary+"; false")
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.CombinedOutput()
		if b, _ := os.ReadFile(canary); string(b) != "pwned\n" {
			t.Errorf("dpkg-buildpackage --hook-init did not run its shell text: %q %s", b, out)
		}
	})
}
