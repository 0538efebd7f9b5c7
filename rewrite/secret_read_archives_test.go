package rewrite

import "testing"

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
