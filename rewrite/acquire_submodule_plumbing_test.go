package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubmodulePlumbing covers the ways a foreign repository reaches the
// project through git's submodule machinery without git submodule add
// (red team 10, class SM), each checked against the real git first: a
// .gitmodules that only the index or HEAD holds (git reads it when the
// working tree has none), git submodule--helper (the builtin that
// git-submodule.sh calls), URLs given with git -c, and .gitmodules written
// earlier in the same command by dd, interpreter code, git submodule
// set-url or the index plumbing, or brought in by a checkout of a local
// branch. The project's own submodules keep passing.
func TestSubmodulePlumbing(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "good/lib.txt": "ok\n", "evil/payload.sh": "echo pwned\n"})
	root := filepath.Dir(cfg.Project)
	git := submoduleGit(t, root)
	for _, d := range []string{"good", "evil"} {
		git(filepath.Join(root, d), "init", "-q", "-b", "main")
		git(filepath.Join(root, d), "add", ".")
		git(filepath.Join(root, d), "commit", "-qm", d)
	}
	proj := cfg.Project
	git(root, "init", "-q", "--bare", "-b", "main", "origin.git")
	git(proj, "init", "-q", "-b", "main")
	git(proj, "add", "README")
	git(proj, "submodule", "add", "-q", filepath.Join(root, "good"), "vendor/good")
	git(proj, "commit", "-qm", "base")
	git(proj, "remote", "add", "origin", filepath.Join(root, "origin.git"))
	git(proj, "push", "-q", "origin", "main")
	git(proj, "fetch", "-q", "origin")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")

	check := func(cmd string, want Decision) {
		t.Helper()
		if r := Check(cfg, cmd); r.Decision != want {
			t.Errorf("%s: %s %+v, want %s", cmd, r.Decision, r.Findings, want)
		}
	}
	// The project's own submodule, and look-alikes.
	for _, cmd := range []string{"git submodule update --init", "git submodule--helper update --init", "git checkout main && git submodule update --init",
		"git update-index --refresh && git submodule update", "git -c submodule.vendor/good.url=" + filepath.Join(root, "good") + " submodule update --init",
		"git submodule status", "git submodule foreach git status", "git submodule--helper list"} {
		check(cmd, Allow)
	}

	sha := git(filepath.Join(root, "evil"), "rev-parse", "HEAD")
	evilURL := "file://" + filepath.Join(root, "evil")
	// URLs this command gives git, or writes first.
	check("git -c submodule.vendor/good.url="+evilURL+" submodule update --init", Ask)
	check(`git -c "$K=`+evilURL+`" submodule update --init`, Ask)
	check("git submodule--helper clone --path vendor/y --name y --url "+evilURL, Ask)
	for _, first := range []string{
		"dd of=.gitmodules if=/tmp/x status=none",
		`python3 -c 'open(".gitmodules","a").write("x")'`,
		"git submodule set-url vendor/good " + evilURL,
		"git update-index --add --cacheinfo 160000," + sha + ",vendor/y",
		"git read-tree " + sha,
	} {
		check(first+" && git submodule update --init", Ask)
	}
	// Across a nested shell, either way; a write after the update is not
	// what it reads.
	check("sh -c 'printf x > .gitmodules' && git submodule update --init", Ask)
	check("printf x > .gitmodules && bash -c 'git submodule update --init'", Ask)
	check("git submodule update --init; printf x > .gitmodules", Allow)
	check("bash -c 'git submodule update --init; printf x > .gitmodules'", Allow)

	// A .gitmodules only the index holds (no file on disk): the real git
	// reads it and clones the foreign repository.
	blob := hashObject(t, proj, root, "[submodule \"y\"]\n\tpath = vendor/y\n\turl = "+evilURL+"\n")
	if err := os.Remove(filepath.Join(proj, ".gitmodules")); err != nil {
		t.Fatal(err)
	}
	git(proj, "update-index", "--add", "--cacheinfo", "100644,"+blob+",.gitmodules", "--cacheinfo", "160000,"+sha+",vendor/y")
	check("git submodule update --init", Ask)
	check("git submodule--helper update --init", Ask)
	git(proj, "submodule--helper", "update", "--init", "vendor/y")
	if _, err := os.Stat(filepath.Join(proj, "vendor/y/payload.sh")); err != nil {
		t.Fatalf("git submodule--helper update did not clone the index's submodule: %v", err)
	}
	// Committed, then dropped from the index: git falls back to HEAD's.
	git(proj, "commit", "-qm", "y")
	git(proj, "rm", "-q", "--cached", ".gitmodules")
	git(proj, "submodule", "--quiet", "deinit", "-f", "vendor/y")
	check("git submodule update --init", Ask)

	// A local branch holding the foreign submodule, checked out by the
	// same command: its .gitmodules is read.
	git(proj, "branch", "y")
	git(proj, "reset", "-q", "--hard", "origin/main")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	check("git submodule update --init", Allow)
	check("git checkout y && git submodule update --init", Ask)
	git(proj, "branch", "-q", "-D", "y")
	check("git checkout main && git submodule update --init --recursive", Allow)
}

// hashObject stores text as a blob in the repository at dir with the real
// git and returns its name.
func hashObject(t *testing.T, dir, home, text string) string {
	t.Helper()
	cmd := exec.Command("git", "hash-object", "-w", "--stdin")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1")
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git hash-object: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// TestResolveRelativeURLOracle compares resolveRelativeURL with the URL
// the real git submodule init stores for a relative submodule URL, for
// remotes of each shape (no network: init only resolves).
func TestResolveRelativeURLOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	root := t.TempDir()
	git := submoduleGit(t, root)
	repo := filepath.Join(root, "r")
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	git(repo, "init", "-q", "-b", "main")
	for _, remote := range []string{"https://github.com/me/app.git", "https://github.com/me/app/", "git@github.com:me/app.git",
		"host:app", "ssh://git@h.example:2222/srv/app.git", "/srv/git/app.git", "file:///srv/git/app.git"} {
		for _, rel := range []string{"../lib.git", "./lib", "../../other/lib.git", "./../lib/"} {
			gm := "[submodule \"s\"]\n\tpath = s\n\turl = " + rel + "\n"
			if err := os.WriteFile(filepath.Join(repo, ".gitmodules"), []byte(gm), 0o644); err != nil {
				t.Fatal(err)
			}
			git(repo, "update-index", "--add", "--cacheinfo", "160000,"+strings.Repeat("1", 40)+",s")
			git(repo, "config", "remote.origin.url", remote)
			exec.Command("git", "-C", repo, "config", "--unset", "submodule.s.url").Run()
			cmd := exec.Command("git", "-C", repo, "submodule", "init", "-q")
			cmd.Env = append(os.Environ(), "HOME="+root, "GIT_CONFIG_NOSYSTEM=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				got, ok := resolveRelativeURL(remote, rel)
				if ok {
					t.Errorf("%s + %s: git fails (%s), corral resolves to %s", remote, rel, strings.TrimSpace(string(out)), got)
				}
				continue
			}
			want := git(repo, "config", "submodule.s.url")
			got, ok := resolveRelativeURL(remote, rel)
			if !ok && strings.HasPrefix(want, ".:") {
				continue // git runs out of components ("host:app" + ../../x gives ".:x"); corral declines, and the URL stays foreign
			}
			if !ok || got != want {
				t.Errorf("%s + %s: corral %q (%v), git %q", remote, rel, got, ok, want)
			}
		}
	}
}

// TestSubmoduleRelativeURLInit: a project whose remote names a submodule
// by a relative URL (../lib). git submodule init stores it resolved
// against the remote's URL; the update after it is the remote's own
// submodule and passes, while a configuration pointing it elsewhere asks.
func TestSubmoduleRelativeURLInit(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "lib/lib.txt": "ok\n", "evil/payload.sh": "echo pwned\n"})
	root := filepath.Dir(cfg.Project)
	git := submoduleGit(t, root)
	for _, d := range []string{"lib", "evil"} {
		git(filepath.Join(root, d), "init", "-q", "-b", "main")
		git(filepath.Join(root, d), "add", ".")
		git(filepath.Join(root, d), "commit", "-qm", d)
	}
	proj := cfg.Project
	git(root, "init", "-q", "--bare", "-b", "main", "origin.git")
	git(proj, "init", "-q", "-b", "main")
	git(proj, "remote", "add", "origin", filepath.Join(root, "origin.git"))
	git(proj, "add", "README")
	git(proj, "submodule", "add", "-q", "../lib", "vendor/lib")
	git(proj, "commit", "-qm", "base")
	git(proj, "push", "-q", "origin", "main")
	git(proj, "fetch", "-q", "origin")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	git(proj, "submodule", "--quiet", "init")
	if got := git(proj, "config", "submodule.vendor/lib.url"); got != filepath.Join(root, "lib") {
		t.Fatalf("git submodule init stored %q", got)
	}
	for _, cmd := range []string{"git submodule update", "git submodule update --init --recursive", "git submodule sync && git submodule update"} {
		if r := Check(cfg, cmd); r.Decision != Allow {
			t.Errorf("%s: %s %+v, want allow", cmd, r.Decision, r.Findings)
		}
	}
	git(proj, "config", "submodule.vendor/lib.url", filepath.Join(root, "evil"))
	if r := Check(cfg, "git submodule update"); r.Decision != Ask {
		t.Errorf("git submodule update of a configured foreign URL: %s, want ask", r.Decision)
	}
}
