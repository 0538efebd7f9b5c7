package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// TestSecretArchivers: 7-Zip's a/u and jar's c/u take their inputs whole,
// hidden files included, like tar and zip -r: an input that is or holds a
// secret (a directory judged by the files on disk under it) is a read.
// 7-Zip's -x!/-xr! exclusions count; extracting, listing, a tree with no
// secret and jar's -C of another directory pass.
func TestSecretArchivers(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t) // proj/.env, ~/.ssh/id_ed25519
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`7z a out.7z ~/.ssh`, Deny},
		{`7za a -t7z -mx=9 out.7z .`, Deny},
		{`7zr u out.7z ./`, Deny},
		{`7zz a out.7z`, Deny}, // no input: the working directory
		{`7z a out.7z -- .env`, Deny},
		{`jar cf x.jar ~/.ssh`, Deny},
		{`jar cvf x.jar .`, Deny},
		{`jar --create --file x.jar -C . .`, Deny},
		{`jar -c -f x.jar .env`, Deny},
		// Look-alikes.
		{`7z a out.7z . '-xr!.env'`, Allow},
		{`7z a out.7z src docs`, Allow},
		{`7z x archive.7z`, Allow},
		{`7z l out.7z`, Allow},
		{`7z a keys.7z ~/.ssh/id_ed25519.pub`, Allow},
		{`jar cf x.jar -C src .`, Allow},
		{`jar cfm x.jar manifest.txt src`, Allow},
		{`jar xf x.jar`, Allow},
		// A name the anchored directory's exceptions leave out is a file
		// that holds no secret, for every archiver (Secrets.Holds).
		{`tar czf k.tgz ~/.ssh/id_ed25519.pub`, Allow},
		{`zip -r k.zip ~/.ssh/id_ed25519.pub`, Allow},
		{`tar czf k.tgz ~/.ssh`, Deny},
		{`jar tf x.jar`, Allow},
	})
}

// TestSecretTarDirectory: tar's create and append operands are resolved
// against the directory the -C DIR/--directory=DIR before them leads to
// (GNU tar and bsdtar change directory as they meet each -C), and an
// extraction to standard output of an archive on disk (tar -xOf,
// --to-stdout, unzip -p/-c) prints the members it holds: a member named
// like a secret (from /, the home directory or the working directory)
// is a read. Python's TarFile.add and ZipFile.write of a secret archive
// it. Red-team 3, section 7.
func TestSecretTarDirectory(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no tar")
	}
	cfg := secretScratch(t) // proj/.env, ~/.ssh/id_ed25519
	home, proj := cfg.Home, cfg.Project
	run := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	run(home, "tar", "-cf", proj+"/keys.tar", ".ssh")
	run(proj, "tar", "-cf", "env.tar", ".env", "README.md")
	run(proj, "tar", "-cf", "docs.tar", "README.md", "docs")
	cases := []ruleCase{
		{`tar -C ~ -cf - .ssh | tar -xOf -`, Deny},
		{`tar -cf - -C ~ .ssh | base64`, Deny},
		{`tar --directory=` + home + ` -cf - .ssh | cat`, Deny},
		{`tar --directory ~ -czf k.tgz .ssh`, Deny},
		{`tar -cf k.tar -C / ` + strings.TrimPrefix(home, "/") + `/.ssh`, Deny},
		{`tar -C src -cf - . -C ~ .ssh`, Deny},
		{`bsdtar -C ~ -cf - .ssh`, Deny},
		{`tar cf - -C ~ .ssh`, Deny},
		{`tar -xOf keys.tar`, Deny},
		{`tar -xf keys.tar -O`, Deny},
		{`tar xOf keys.tar .ssh/id_ed25519`, Deny},
		{`tar --extract --to-stdout --file=env.tar .env`, Deny},
		{`cat keys.tar | tar -xO`, Deny},
		{`python3 -c 'import tarfile; tarfile.open("x.tar","w").add("` + home + `/.ssh")'`, Deny},
		{`python3 -c 'import zipfile; zipfile.ZipFile("x.zip","w").write(".env")'`, Deny},
		{"python3 - <<'EOF'\nimport tarfile\nwith tarfile.open('x.tar', 'w') as t:\n    t.add('.env')\nEOF", Deny},
		// Look-alikes: -C after the operands, a -C to a tree with no
		// secret, members that are not secrets, extraction to disk,
		// listing.
		{`tar -cf - .ssh -C ~`, Allow}, // ./.ssh: none in the project
		{`tar -C src -czf src.tgz .`, Allow},
		{`tar -C ~ -cf k.tar .ssh/id_ed25519.pub`, Allow},
		{`tar -xOf env.tar README.md`, Allow},
		{`tar -xOf docs.tar`, Allow},
		{`tar -xf keys.tar -C agent_sandbox`, Allow},
		{`tar -tf keys.tar`, Allow},
		{`tar -xOf missing.tar`, Allow},
		{`python3 -c 'import tarfile; tarfile.open("x.tar","w").add("src")'`, Allow},
		{`python3 -c 'import zipfile; zipfile.ZipFile("x.zip","w").write("README.md")'`, Allow},
		{`python3 -c 's = set(); s.add(".env")'`, Allow},
	}
	if _, err := exec.LookPath("zip"); err == nil {
		run(proj, "zip", "-q", "env.zip", ".env", "README.md")
		cases = append(cases,
			ruleCase{`unzip -p env.zip`, Deny},
			ruleCase{`unzip -c env.zip .env`, Deny},
			ruleCase{`unzip -p env.zip README.md`, Allow},
			ruleCase{`unzip -l env.zip`, Allow})
	}
	testRuleWith(t, cfg, "secret-read", cases)
}
