package rewrite

import "testing"

// TestDryRunsPass: a program told to only show what it would do (a dry
// run, an analysis, --help) passes; the same option where the program
// reads it as another option's value, after "--", undone by a later
// option, or after an operand under POSIXLY_CORRECT, does not.
func TestDryRunsPass(t *testing.T) {
	t.Parallel()
	checkDecisions(t, realWorldConfig(), []struct{ cmd, want string }{
		// git push -n / --dry-run, reflog expire -n, filter-repo's looks.
		{"git push -n --delete origin old", "allow"},
		{"git push origin --delete old --dry-run", "allow"},
		{"git push --dry-run --force origin main", "allow"},
		{"git push -nf origin main", "allow"},
		{"git push --dry origin :old", "allow"},
		{"git push --force origin main", "ask"},
		{"git push --dry-run --no-dry-run --force origin main", "ask"},
		{"git push -n --no-dry --force origin main", "ask"},
		{"git push -o --dry-run --force origin main", "ask"},
		{"git reflog expire -n --expire=now --all", "allow"},
		{"git reflog expire --expire=now --all", "ask"},
		{"git reflog expire --expire -n --all", "ask"},
		{"git filter-repo --analyze", "allow"},
		{"git filter-repo --dry-run --path src", "allow"},
		{"git filter-repo --path src", "ask"},
		{"git filter-repo --path=--analyze", "ask"},
		{"git filter-repo -- --analyze", "ask"},
		// docker compose --dry-run.
		{"docker compose --dry-run down --volumes", "allow"},
		{"docker compose down -v --dry-run", "allow"},
		{"docker compose down -v", "ask"},
		{"docker compose -f --dry-run down -v", "ask"},
		{"docker compose --project-name --dry-run down -v", "ask"},
		{"docker compose --dry-run=false down -v", "ask"},
		// Cloud copies.
		{"aws s3 sync --dryrun dist s3://bucket", "allow"},
		{"aws s3 cp f s3://bucket/f --dryrun", "allow"},
		{"aws s3 cp f s3://bucket/f", "ask"},
		{"aws s3 cp --exclude --dryrun f s3://bucket/f", "ask"},
		{"rclone sync --dry-run dir remote:dir", "allow"},
		{"rclone copy -P -n dir remote:dir", "allow"},
		{"rclone sync --dry-run dir /srv/x", "allow"},
		{"rclone sync dir /srv/x", "ask"},
		{"rclone copy --dry-run --dry-run=false dir remote:dir", "ask"},
		{"rclone sync --backup-dir --dry-run dir remote:dir", "ask"},
		{"rclone sync --order-by --dry-run dir remote:dir", "ask"},
		{"rclone sync $X --dry-run dir remote:dir", "ask"},
		{"rclone sync dir remote:dir -- --dry-run", "ask"},
		{"gsutil -m rsync -rn dir gs://b", "allow"},
		{"gsutil rsync -x -n dir gs://b", "ask"},
		{"gsutil rsync dir gs://b -n", "ask"},
		{"gsutil cp -n f gs://b", "ask"},
		{"azcopy sync dir https://x.blob.core.windows.net/c --dry-run", "allow"},
		{"azcopy sync dir https://x.blob.core.windows.net/c --delete-destination --dry-run", "ask"},
		{"azcopy copy dir https://x.blob.core.windows.net/c --dry-run=false", "ask"},
		{"git send-email --dry-run -1", "allow"},
		{"git send-email -1 --dry-run", "allow"},
		{"git send-email -1", "ask"},
		{"git send-email --to --dry-run -1", "ask"},
		{"git send-email --dry-run --no-dry-run -1", "ask"},
		{"POSIXLY_CORRECT=1 git send-email -1 --dry-run", "ask"},
		// gdisk: only two words with -l list.
		{"gdisk -l /dev/sda", "allow"},
		{"gdisk /dev/sda -l", "allow"},
		{`gdisk -l "$DISK"`, "allow"},
		{"gdisk -l $DISK", "ask"},
		{`gdisk "$@" -l`, "ask"},
		{"gdisk --list", "ask"},
		{"gdisk -l", "ask"},
		{"gdisk --help", "ask"},
		// POSIXLY_CORRECT: GNU getopt stops at the first operand.
		{"shutdown now --help", "allow"},
		{"POSIXLY_CORRECT=1 shutdown --help", "allow"},
		{"POSIXLY_CORRECT=1 shutdown -k now", "allow"},
		{"POSIXLY_CORRECT=1 shutdown now --help", "ask"},
		{"export POSIXLY_CORRECT=1; shutdown now --help", "ask"},
		{"POSIXLY_CORRECT=1 shutdown now -k", "ask"},
		{"env POSIXLY_CORRECT=1 reboot now --help", "ask"},
	})
}
