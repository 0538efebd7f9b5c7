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
