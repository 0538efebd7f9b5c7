package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSecretReadCopyOnDisk: an archive or a recursive copy of a directory
// takes every file under it, so one of a project that holds a .env on
// disk reads it, unless the command's own exclusions leave it out; the
// same commands in a tree with no secret, or without recursion, pass.
func TestSecretReadCopyOnDisk(t *testing.T) {
	t.Parallel()
	cfg := secretScratch(t)
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`tar c . | gzip > /tmp/x.tgz`, Deny},
		{`tar czf out.tgz .`, Deny},
		{`tar -czf out.tgz ./`, Deny},
		{`tar --create --file=x.tar .`, Deny},
		{`zip -r x.zip .`, Deny},
		{`cp -r . /tmp/x`, Deny},
		{`cp -a ./ /tmp/x`, Deny},
		{`rsync -a ./ /tmp/x`, Deny},
		{`rsync -a ./ host:`, Deny},
		{`cd .. && tar czf p.tgz proj`, Deny},
		// An exclusion of another file leaves the .env in.
		{`tar czf out.tgz --exclude=node_modules .`, Deny},
		{`rsync -a --exclude .git ./ /tmp/x`, Deny},
		// Look-alikes: excluded, not recursive, or a tree with no secret.
		{`tar czf out.tgz --exclude=.env .`, Allow},
		{`tar czf out.tgz --exclude '.env*' .`, Allow},
		{`zip -r x.zip . -x '*.env'`, Allow},
		{`zip -r x.zip . -x .git/ '*/.env' .env`, Allow},
		{`rsync -a --exclude=.env ./ /tmp/x`, Allow},
		{`rsync -a --filter='- .env' ./ /tmp/x`, Allow},
		{`zip x.zip .`, Allow},
		{`zip -r x.zip . -i '*.go' '*.md'`, Allow},
		{`zip -r x.zip . -i '*.go' .env`, Deny},
		{`cp . /tmp/x`, Allow},
		{`tar czf src.tgz src`, Allow},
		{`cp -r docs /tmp/x`, Allow},
		{`rsync -a src/ /tmp/x`, Allow},
		{`tar tzf out.tgz`, Allow},
		{`tar xzf out.tgz`, Allow},
	})
	// The same commands in a tree that holds no secret pass.
	clean := secretScratch(t)
	if err := os.Remove(filepath.Join(clean.Project, ".env")); err != nil {
		t.Fatal(err)
	}
	testRuleWith(t, clean, "secret-read", []ruleCase{
		{`tar czf out.tgz .`, Allow},
		{`zip -r x.zip .`, Allow},
		{`cp -r . /tmp/x`, Allow},
		{`rsync -a ./ /tmp/x`, Allow},
	})
	// Without looking at disk only the patterns count.
	nodisk := *cfg
	nodisk.NoGlobMatches = true
	testRuleWith(t, &nodisk, "secret-read", []ruleCase{
		{`tar czf out.tgz .`, Allow},
		{`tar czf keys.tgz ~/.ssh`, Deny},
	})
}
