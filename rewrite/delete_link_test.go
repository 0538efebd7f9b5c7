package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// linkLayout is a scratch project and home with symbolic links: into the
// home directory and its .ssh, to a system program, and a home whose
// .bashrc and .claude are links into a dotfiles directory (as dotfile
// managers make them), with a project link to that .bashrc.
func linkLayout(t *testing.T) (*Config, string) {
	t.Helper()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n", "home/notes.txt": "n\n",
		"dot/bashrc": "#\n", "dot/claude/settings.json": "{}\n",
		"proj/a.txt": "a\n", "proj/venv/bin/": "", "proj/hooks/": "", "proj/nm/": "",
	})
	root := filepath.Dir(cfg.Project)
	for link, target := range map[string]string{
		"proj/homelink":         filepath.Join(root, "home"),
		"proj/sshlink":          filepath.Join(root, "home/.ssh"),
		"proj/venv/bin/python3": "/usr/bin/env",
		"home/.bashrc":          filepath.Join(root, "dot/bashrc"),
		"home/.claude":          filepath.Join(root, "dot/claude"),
		"proj/brc":              filepath.Join(root, "home/.bashrc"),
		"proj/tolink":           "homelink",
		"proj/nm/s":             filepath.Join(root, "home/.ssh"),
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return cfg, root
}

// TestRemoveLinkOnly: rm and unlink of a name that is a symbolic link
// remove the link, never what it points at (rm -rf link deletes no tree),
// so the name is what is judged: a venv's python, a link to the home
// directory or to ~/.ssh go deny -> allow. What the kernel resolves
// through the link keeps its decision: a trailing slash, link/., a glob
// under it, a path below it, a link or bind mount the command made on
// the way, and a name that is a system directory (rm /bin, a link to
// usr/bin). A link that is itself a guarded name, or is on the way to
// one (~/.bashrc or ~/.claude as a link into a dotfiles directory), is
// still its deletion.
func TestRemoveLinkOnly(t *testing.T) {
	t.Parallel()
	cfg, _ := linkLayout(t)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rm -rf homelink`, "allow"},
		{`rm homelink`, "allow"},
		{`unlink sshlink`, "allow"},
		{`rm -f sshlink`, "allow"},
		{`rm -rf ./sshlink`, "allow"},
		{`rm venv/bin/python3`, "warn"}, // venv/bin is made again by its manager
		{`cd venv/bin && rm -f python3`, "warn"},
		{`rm -rf tolink`, "allow"},
		{`for f in homelink sshlink; do rm -rf "$f"; done`, "allow"},
		{`xargs rm -rf <<< sshlink`, "allow"},
		{`python3 -c "import os; os.unlink('sshlink')"`, "allow"},
		{`rm brc`, "allow"},
		// Made by the command: the last thing made at the name decides.
		{`ln -s ~ l && rm -rf l`, "allow"},
		{`ln -s ~/.ssh '~' && rm -rf '~'`, "allow"},
		{`ln -s /usr/bin l && cp -P l m && rm -rf m`, "allow"},
		{`ln -s /usr/bin l && cp -P l m && rm -rf m/`, "deny"},
		{`ln -s ~/.ssh l; rm l; mount --bind ~/.ssh l; rm -rf l`, "deny"},
		{`mount --bind ~/.ssh x && rm -rf x`, "deny"},
		{`ln -s ~/.ssh d && rm -rf d/`, "deny"},
		{`ln -s ~ d && rm -rf d/.ssh`, "deny"},
		// A match of a pattern that is a link goes as a link.
		{`rm -rf nm/*`, "allow"},
		{`rm -f nm/?`, "allow"},
		{`rm -rf nm/*/`, "deny"},
		{`rm -rf nm/*/.`, "deny"},
		{`rm -rf nm/*/*`, "deny"},
		// Resolved through the link by the kernel.
		{`rm -rf sshlink/`, "deny"},
		{`rm -rf sshlink/.`, "deny"},
		{`rm -rf sshlink/*`, "deny"},
		{`rm -rf homelink/.ssh`, "deny"},
		{`rm -rf tolink/.ssh`, "deny"},
		{`shred sshlink/id_rsa`, "deny"},
		// mv renames the link itself: nothing through it moves or is
		// read; a later use of the new name goes through the link.
		{`mv sshlink old-sshlink`, "allow"},
		{`mv homelink /tmp/x`, "allow"},
		{`mv -t venv sshlink`, "allow"},
		{`mv sshlink m && rm -rf m`, "allow"},
		{`mv sshlink/ x`, "deny"},
		{`mv homelink/.ssh x`, "deny"},
		{`mv sshlink m && echo x > m/authorized_keys`, "deny"},
		{`mv sshlink m && cat m/id_rsa`, "deny"},
		{`mount --bind ~/.ssh l && mv l m`, "deny"},
		{`mv ~/.bashrc x`, "deny"},
		{`mv ~/.claude x`, "deny"},
		// Names the guards protect, as links.
		{`rm ~/.bashrc`, "deny"},
		{`unlink ~/.bashrc`, "deny"},
		{`rm -rf ~/.claude`, "deny"},
		{`rm ~/.claude/settings.json`, "deny"},
		{`rm /bin`, "deny"},
		{`rm -rf ~/.ssh`, "deny"},
	})
}

// TestRemoveLinkOracle runs rm in real bash on the same shapes of
// links in a scratch directory and checks what corral reads: where the
// operand's link is removed and its target left, the target's files are
// still there; where corral reads the target as deleted, bash deleted
// files of it.
func TestRemoveLinkOracle(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	t.Parallel()
	for _, tc := range []struct {
		cmd      string
		linkOnly bool
	}{
		{`rm -rf l`, true},
		{`rm l`, true},
		{`unlink l`, true},
		{`rm -rf ./l`, true},
		{`rm -rf l/`, false},
		{`rm -rf l/*`, false},
		{`rm -rf l/sub`, false},
		{`rm -rf m`, true}, // m -> l -> t
		{`ln -s t n && rm -rf n`, true},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range []string{"t/sub/x", "t/y"} {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink("t", filepath.Join(dir, "l")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("l", filepath.Join(dir, "m")); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", "-c", tc.cmd)
			cmd.Dir = dir
			cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
			_ = cmd.Run() // rm -rf l/ reports that it cannot remove l/
			_, errX := os.Stat(filepath.Join(dir, "t/sub/x"))
			kept := errX == nil
			if kept != tc.linkOnly {
				t.Fatalf("%s: target kept %v, corral reads it as link-only %v", tc.cmd, kept, tc.linkOnly)
			}
			// The same shape judged by corral, the target being ~/.ssh.
			cfg, _ := linkLayout(t)
			for _, pre := range []string{"rm -f l m; ln -s ~/.ssh l; ln -s l m; "} {
				r := Check(cfg, pre+tc.cmd)
				if got := r.Decision.String(); (got == "allow") != tc.linkOnly {
					t.Errorf("%s: corral says %s, bash kept the target: %v (%v)", tc.cmd, got, kept, r.Findings)
				}
			}
		})
	}
}

// TestGitCleanLink: git clean removes an untracked symbolic link as a
// file (the real git lists it without a trailing slash), so a link to
// ~/.ssh in the work tree is cleaning the project (ask), not a deletion
// of ~/.ssh (deny).
func TestGitCleanLink(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	t.Parallel()
	cfg, root := linkLayout(t)
	init := exec.Command("git", "init", "-q", filepath.Join(root, "proj"))
	init.Env = append(os.Environ(), "HOME="+filepath.Join(root, "home"))
	if out, err := init.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`git clean -fdx`, "ask"},
		{`git clean -fd -- sshlink`, "ask"},
		{`git clean -n`, "allow"},
	})
}
