package rewrite

import "testing"

func TestRemotePath(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]bool{
		"host:/srv/f":            true,
		"user@host:f.txt":        true,
		"host::module/path":      true,
		"rsync://mirror/pub/":    true,
		"scp://u@h:2222/f":       true,
		"sftp://h/f":             true,
		"host:":                  true,
		"./a:b":                  false,
		"dir/a:b":                false,
		"/abs/path":              false,
		"local.txt":              false,
		":nohost":                false,
		"C:":                     true, // a one-letter host, as scp reads it
		"agent_sandbox/x:y/file": false,
	} {
		if got := remotePath(v); got != want {
			t.Errorf("remotePath(%q) = %v, want %v", v, got, want)
		}
	}
}

func TestRemoteCopyOptions(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for cmd, want := range map[string]string{
		"scp -B host:/f.txt f.txt":                "scp -B host:/f.txt " + cfg.Sandbox + "/f.txt",
		"scp -P 22 -i key host:/f.txt f.txt":      "scp -P 22 -i key host:/f.txt " + cfg.Sandbox + "/f.txt",
		"scp -o User=x -J jump host:/f .":         "scp -o User=x -J jump host:/f " + cfg.Sandbox + "/",
		"rsync -e 'ssh -p 2' host:/d/ out/":       "rsync -e 'ssh -p 2' host:/d/ " + cfg.Sandbox + "/out",
		"rsync --exclude=x -f '- y' host:/d/ out": "rsync --exclude=x -f '- y' host:/d/ " + cfg.Sandbox + "/out",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Rewrite || r.Rewritten != want {
			t.Errorf("%s: %s %q, want %q", cmd, r.Decision, r.Rewritten, want)
		}
	}
	// Uploads and local copies bring nothing in: remote-copy leaves them
	// alone (an upload is the exfiltrate rule's).
	for _, cmd := range []string{"scp -i host:key a b", "rsync -a src/ host:/dst/", "rsync -e host:x a b"} {
		r := Check(cfg, cmd)
		for _, f := range r.Findings {
			if f.Rule == "remote-copy" {
				t.Errorf("%s: remote-copy reported %s", cmd, f.Message)
			}
		}
		if r.Decision == Rewrite {
			t.Errorf("%s: rewritten to %q", cmd, r.Rewritten)
		}
	}
}
