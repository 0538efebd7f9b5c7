package rewrite

import "testing"

// TestPrintingFetchers: commands that print what they fetch are
// downloads whose stdout is followed as curl's is (a file moves into the
// sandbox, | tar x extracts there, | git apply asks): rclone cat
// REMOTE:path, gsutil cat and gcloud storage cat gs://…, a cloud copy to
// "-" (aws s3 cp s3://b/k -: "-" is stdout, an operand, not an option)
// and gh gist view. They were allowed into the project.
func TestPrintingFetchers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "home/.bashrc": "# rc\n"})
	checkRewrites(t, cfg, []struct{ cmd, want, in string }{
		{`rclone cat remote:a > out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`gsutil cat gs://b/a > out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`gcloud storage cat gs://b/a | tee out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`aws s3 cp s3://b/a - > out.bin`, "rewrite", "agent_sandbox/out.bin"},
		{`aws s3 cp s3://b/a.tgz - | tar xz`, "rewrite", "-C"},
		{`gsutil cp gs://b/a - > o`, "rewrite", "agent_sandbox/o"},
		{`gh gist view abc --raw > f`, "rewrite", "agent_sandbox/f"},
		{`gh gist view abc | tar x`, "rewrite", "-C"},
		{`rclone cat remote:a >> ~/.bashrc`, "deny", ""},
		// An upload from stdin reads what is redirected there.
		{`aws s3 cp - s3://b/a < a.txt`, "ask", ""},
		// Look-alikes: to the terminal or a pager, uploads, a gist
		// opened in the browser, names only, a local cat.
		{`rclone cat remote:a`, "allow", ""},
		{`aws s3 cp s3://b/a - | head`, "allow", ""},
		{`echo hi | aws s3 cp - s3://b/x`, "allow", ""},
		{`gh gist view abc | less`, "allow", ""},
		{`gh gist view abc --web`, "allow", ""},
		{`gh pr diff 12 | git apply`, "allow", ""},
		{`cat a.txt > b.txt`, "allow", ""},
	})
}

// TestOperandDirFetchers: ncftpget HOST LOCAL-DIR REMOTE… (or a URL,
// into the working directory) and MinIO's mc cp/mirror name their local
// directory as an operand, which corral does not move: outside the
// sandbox they ask, as gem fetch does. They were allowed.
func TestOperandDirFetchers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ncftpget ftp.example.com . /pub/f`, "ask"},
		{`ncftpget ftp://ftp.example.com/pub/f`, "ask"},
		{`mc cp s3/b/a .`, "ask"},
		{`mc mirror s3/b ./data`, "ask"},
		// Look-alikes: in the sandbox, listing.
		{`mkdir -p agent_sandbox && cd agent_sandbox && ncftpget ftp.example.com . /pub/f`, "allow"},
		{`mc ls s3/b`, "allow"},
	})
}
