package rewrite

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestFetchURLReaders: commits fetched from a URL reach the work tree not
// only by checkout and merge but through the git commands that print a
// tree or a blob of them (git-show(1) REV:PATH, git-cat-file(1),
// git-archive(1), git-diff(1) and git-format-patch(1) --stdout piped into
// git apply or git am) and through a ref made from them by
// git-update-ref(1). A configured remote pointed at a URL by git remote
// set-url or git config remote.NAME.url fetches foreign commits under its
// own name.
func TestFetchURLReaders(t *testing.T) {
	testRule(t, "fetch-url-checkout", []ruleCase{
		{"git fetch https://h.example/r.git && git show FETCH_HEAD:a.sh > a.sh", Rewrite},
		{"git fetch -q https://h.example/r.git main && git show FETCH_HEAD:src/x.go | tee x.go", Rewrite},
		{"git fetch https://h.example/r.git && git cat-file -p FETCH_HEAD:a.sh > a.sh", Rewrite},
		{"git fetch https://h.example/r.git && git cat-file blob FETCH_HEAD:a.sh >> a.sh", Rewrite},
		{"git fetch https://h.example/r.git main:x && git show x:a.sh > a.sh", Rewrite},
		{"git fetch https://h.example/r.git && git archive FETCH_HEAD | tar x", Rewrite},
		{"git fetch https://h.example/r.git && git archive --format=tar FETCH_HEAD src | tar -x -f -", Rewrite},
		{"git fetch https://h.example/r.git && git archive -o f.tar FETCH_HEAD", Rewrite},
		{"git fetch https://h.example/r.git && git archive --output=f.zip FETCH_HEAD", Rewrite},
		{"git fetch https://h.example/r.git && git diff HEAD FETCH_HEAD | git apply", Ask},
		{"git fetch https://h.example/r.git && git format-patch --stdout HEAD..FETCH_HEAD | git am", Ask},
		{"git fetch https://h.example/r.git && git format-patch HEAD..FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git update-ref refs/heads/x FETCH_HEAD && git checkout x", Ask},
		{"git remote set-url origin https://h.example/r.git && git pull", Ask},
		{"git remote set-url origin https://h.example/r.git && git pull origin main", Ask},
		{"git remote set-url origin git@h.example:o/r.git && git fetch && git merge origin/main", Ask},
		{"git config remote.origin.url https://h.example/r.git && git pull", Ask},
		{"git config remote.up.url https://h.example/r.git && git fetch up && git reset --hard up/main", Ask},
		// url.BASE.insteadOf redirects every remote whose URL starts with
		// the prefix; a revision only run time knows may be a fetched one.
		{"git -c url.https://h.example/.insteadOf=https://github.com/ pull", Ask},
		{"git -c url.https://h.example/.insteadOf=https://github.com/ fetch origin && git merge origin/main", Ask},
		{`git fetch https://h.example/r.git main && git merge "$(cut -f1 .git/FETCH_HEAD)"`, Ask},
		{`git fetch https://h.example/r.git main && git checkout "$REV"`, Ask},
		// Without a revision, merge and rebase take the upstream, which
		// the redirected remote's fetch just wrote.
		{"git remote set-url origin https://h.example/r.git && git fetch && git merge", Ask},
		{"git remote set-url origin https://h.example/r.git && git fetch origin && git rebase -q", Ask},
		// Look-alikes: the local history, a configured remote, the fetched
		// blob printed to the terminal or to a pager, a fetch alone, a
		// remote pointed at a local path, the sandbox.
		{"git show HEAD:a.sh > a.sh", Allow},
		{"git cat-file -p HEAD:a.sh > old.sh", Allow},
		{"git archive HEAD | tar x -C /tmp/x", Allow},
		{"git fetch origin && git show FETCH_HEAD:a.sh > a.sh", Allow},
		{"git fetch origin && git merge FETCH_HEAD", Allow},
		{"git fetch https://h.example/r.git && git show FETCH_HEAD:a.sh", Allow},
		{"git fetch https://h.example/r.git && git show FETCH_HEAD:a.sh | less", Allow},
		{"git fetch https://h.example/r.git && git show HEAD:a.sh > a.sh", Allow},
		{"git fetch https://h.example/r.git && git diff --stat HEAD FETCH_HEAD", Allow},
		{"git fetch https://h.example/r.git && git archive -o /dev/null FETCH_HEAD", Allow},
		{"git remote set-url origin https://h.example/r.git", Allow},
		{"git remote set-url origin https://h.example/r.git && git fetch", Allow},
		{"git remote set-url origin ../mirror && git pull", Allow},
		{"git config remote.origin.url", Allow},
		{"git config user.name x && git pull", Allow},
		{"git -c url.../mirror/.insteadOf=https://github.com/ pull", Allow},
		{"git -c url.https://h.example/.pushInsteadOf=https://github.com/ pull", Allow},
		{`git fetch origin && git checkout "$REV"`, Allow},
		{"git fetch origin && git merge", Allow},
		{"git remote set-url origin https://h.example/r.git && git fetch && git merge --abort", Allow},
		{"cd agent_sandbox/r && git fetch https://h.example/r.git && git show FETCH_HEAD:a.sh > a.sh", Allow},
	})
}

// TestFetchURLRedirectedRemoteOracle runs the real git: git remote
// set-url points origin elsewhere, and a plain git pull then writes that
// repository's files into the work tree; git show of a fetched blob
// prints the foreign file. A local path stands in for the URL, which the
// same commands with a URL are checked for.
func TestFetchURLRedirectedRemoteOracle(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	env := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+dir,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	run := func(wd string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = wd
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	own, foreign, proj := filepath.Join(dir, "own"), filepath.Join(dir, "foreign"), filepath.Join(dir, "proj")
	if err := os.MkdirAll(own, 0o755); err != nil {
		t.Fatal(err)
	}
	run(own, "init", "-q", "-b", "main")
	run(own, "commit", "-q", "--allow-empty", "-m", "own")
	run(dir, "clone", "-q", own, proj)
	run(dir, "clone", "-q", own, foreign)
	if err := os.WriteFile(filepath.Join(foreign, "canary.txt"), []byte("foreign\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(foreign, "add", ".")
	run(foreign, "commit", "-qm", "foreign")

	canary := filepath.Join(proj, "canary.txt")
	run(proj, "fetch", "-q", foreign)
	if got := run(proj, "show", "FETCH_HEAD:canary.txt"); got != "foreign\n" {
		t.Fatalf("git show FETCH_HEAD:canary.txt printed %q", got)
	}
	if _, err := os.Stat(canary); err == nil {
		t.Fatal("git show wrote the foreign file")
	}
	run(proj, "remote", "set-url", "origin", foreign)
	run(proj, "pull", "-q", "--no-rebase")
	if b, err := os.ReadFile(canary); err != nil || string(b) != "foreign\n" {
		t.Fatalf("git pull of the redirected origin did not write the foreign file: %v", err)
	}
	for cmd, want := range map[string]Decision{
		"git fetch -q https://h.example/r.git && git show FETCH_HEAD:canary.txt > canary.txt": Rewrite,
		"git fetch -q https://h.example/r.git && git show FETCH_HEAD:canary.txt":              Allow,
		"git remote set-url origin https://h.example/r.git && git pull -q --no-rebase":        Ask,
		"git remote set-url origin ../foreign && git pull -q --no-rebase":                     Allow,
	} {
		if got := Check(testConfig(), cmd).Decision; got != want {
			t.Errorf("%s: %v, want %v", cmd, got, want)
		}
	}
}

// TestFetchURLEarlierCommand: the fetch and the checkout come as two
// commands (two tool calls), so the fetch is not in the command corral
// reads; the repository on disk says where the commits came from. Real
// git fetches from a loopback HTTP server (git's dumb protocol over a
// bare repository) into FETCH_HEAD and into a branch a refspec makes;
// checking them out then writes the foreign file (the oracle), and
// corral asks about that checkout, but not about the same commands after
// a fetch of a configured remote, or about reading the commits.
func TestFetchURLEarlierCommand(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	root := t.TempDir()
	env := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+root,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
	run := func(wd string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = wd
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	foreign, bare := filepath.Join(root, "foreign"), filepath.Join(root, "foreign.git")
	own, proj := filepath.Join(root, "own"), filepath.Join(root, "proj")
	for _, d := range []string{foreign, own} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		run(d, "init", "-q", "-b", "main")
	}
	if err := os.WriteFile(filepath.Join(foreign, "canary.txt"), []byte("foreign\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(foreign, "add", ".")
	run(foreign, "commit", "-qm", "foreign")
	run(own, "commit", "-q", "--allow-empty", "-m", "own")
	run(root, "clone", "-q", "--bare", foreign, bare)
	run(bare, "update-server-info")
	run(root, "clone", "-q", own, proj)
	srv := httptest.NewServer(http.FileServer(http.Dir(bare)))
	defer srv.Close()
	url := srv.URL + "/"

	env2 := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env2[k] }, proj)
	canary := filepath.Join(proj, "canary.txt")

	run(proj, "fetch", "-q", url, "main")
	head, err := os.ReadFile(filepath.Join(proj, ".git", "FETCH_HEAD"))
	if err != nil || len(head) < 40 {
		t.Fatalf("FETCH_HEAD: %v %q", err, head)
	}
	sha := string(head[:12])
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// By hash, or by a revision only run time knows.
		{"git checkout " + sha, "ask"},
		{`git merge "$(cut -f1 .git/FETCH_HEAD)"`, "ask"},
		{"git merge FETCH_HEAD", "ask"},
		{"git reset --keep FETCH_HEAD", "ask"},
		{"git checkout FETCH_HEAD -- canary.txt", "ask"},
		{"git -C . cherry-pick FETCH_HEAD~0", "ask"},
		{"git log --oneline FETCH_HEAD", "allow"},
		{"git show FETCH_HEAD --stat", "allow"},
		{"git merge main", "allow"},
	})
	run(proj, "fetch", "-q", url, "main:refs/heads/x")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git checkout x", "ask"},
		{"git switch x", "ask"},
		{"git rebase refs/heads/x", "ask"},
		{"git log x", "allow"},
		{"git checkout -b y", "allow"},
	})
	if _, err := os.Stat(canary); err == nil {
		t.Fatal("the fetches wrote the foreign file already")
	}
	run(proj, "checkout", "-q", "x")
	if b, err := os.ReadFile(canary); err != nil || string(b) != "foreign\n" {
		t.Fatalf("checkout of the fetched branch did not write the foreign file: %v", err)
	}
	run(proj, "checkout", "-q", "main")

	// A fetch of a configured remote replaces FETCH_HEAD: merging it is
	// ordinary work. A remote the user configured with that URL is one.
	run(proj, "fetch", "-q", "origin")
	run(proj, "remote", "add", "up", url)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git merge FETCH_HEAD", "allow"},
		{"git merge origin/main", "allow"},
		{`git checkout "$BRANCH"`, "allow"},
		{"git checkout " + sha, "allow"}, // no longer what FETCH_HEAD says was fetched
	})
	run(proj, "fetch", "-q", "up", "main")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"git merge FETCH_HEAD", "allow"},
		{"git checkout x", "allow"}, // its reflog's fetch URL is now a configured remote's
	})
}
