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
		// --mkpath takes no value (rsync 3.2.3): the next word is the source.
		"rsync --mkpath host:/d/ out": "rsync --mkpath host:/d/ " + cfg.Sandbox + "/out",
		// --no-dry-run is no dry run; -N is not -n.
		"rsync -avz host:/d/ out":        "rsync -avz host:/d/ " + cfg.Sandbox + "/out",
		"rsync -aN host:/d/ out":         "rsync -aN host:/d/ " + cfg.Sandbox + "/out",
		"rsync --info=name host:/d/ out": "rsync --info=name host:/d/ " + cfg.Sandbox + "/out",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Rewrite || r.Rewritten != want {
			t.Errorf("%s: %s %q, want %q", cmd, r.Decision, r.Rewritten, want)
		}
	}
	// Uploads and local copies bring nothing in: remote-copy leaves them
	// alone (an upload is the exfiltrate rule's).
	// A dry run lists what rsync would copy and writes nothing (rsync(1):
	// -n "a trial run that doesn't make any changes"; --list-only "the
	// source files to be listed instead of transferred").
	for _, cmd := range []string{"scp -i host:key a b", "rsync -a src/ host:/dst/", "rsync -e host:x a b",
		"rsync -avzn host:/d/ out", "rsync --dry-run host:/d/ out", "rsync -a --list-only host:/d/ /data/new",
		"rsync -avzn --list-only --include 'c/' --exclude '*' -e ssh u@h:/old/ /new"} {
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
