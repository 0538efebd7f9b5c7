package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 12, classes 1-3: foreign content that reached the project or
// home without the sandbox or a question. Each table is read from the
// programs' manuals (git-fetch(1) and gitrevisions(7), git-apply(1),
// patch(1), cpio(1), socat(1), tftp(1)); each has look-alikes that must
// stay allowed.

// TestFetchURLCheckout: git fetch of a URL, then a command that writes
// the fetched tree into the work tree.
func TestFetchURLCheckout(t *testing.T) {
	testRule(t, "fetch-url-checkout", []ruleCase{
		{"git fetch https://h.example/r.git && git checkout FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git merge FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git rebase FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git reset --hard FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git cherry-pick FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git cherry-pick HEAD..FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git && git checkout FETCH_HEAD~1 -- src/", Ask},
		{"git fetch https://h.example/r.git && git restore --source=FETCH_HEAD .", Ask},
		{"git fetch https://h.example/r.git && git worktree add wt FETCH_HEAD", Ask},
		{"git fetch https://h.example/r.git main:refs/heads/x && git checkout x", Ask},
		{"git fetch https://h.example/r.git +main:x && git switch x", Ask},
		{"git fetch https://h.example/r.git main:x && git branch y x && git switch y", Ask},
		{"git fetch git@h.example:o/r.git && git merge FETCH_HEAD", Ask},
		{"git fetch h.example:o/r.git && git merge FETCH_HEAD", Ask},
		{"git -C sub fetch https://h.example/r.git && git -C sub checkout FETCH_HEAD", Ask},
		{"git fetch --depth 1 https://h.example/r.git v1 && git reset FETCH_HEAD", Ask},
		{"git remote add up https://h.example/r.git && git fetch up && git merge up/main", Ask},
		{"git pull https://h.example/r.git main", Ask},
		{"git pull --rebase git@h.example:o/r.git", Ask},
		// Look-alikes: a configured remote, reading the fetched commits,
		// a local repository, the sandbox.
		{"git fetch origin && git merge origin/main", Allow},
		{"git fetch && git merge", Allow},
		{"git pull", Allow},
		{"git pull origin main", Allow},
		{"git fetch origin pull/1/head:pr1 && git checkout pr1", Allow},
		{"git fetch https://h.example/r.git && git log FETCH_HEAD", Allow},
		{"git fetch https://h.example/r.git && git diff HEAD FETCH_HEAD", Allow},
		{"git fetch https://h.example/r.git main:x && git log x", Allow},
		{"git fetch https://h.example/r.git && git checkout main", Allow},
		{"git fetch ../other && git merge FETCH_HEAD", Allow},
		{"git fetch file:///srv/r.git && git merge FETCH_HEAD", Allow},
		{"git checkout FETCH_HEAD", Allow},
		{"cd agent_sandbox/r && git fetch https://h.example/r.git && git checkout FETCH_HEAD", Allow},
	})
}

// TestFetchURLCheckoutOracle runs the real git: a refspec's destination
// is a branch that checkout then writes into the work tree, and FETCH_HEAD
// holds what was fetched, while git log of it writes nothing, as the
// rule reads them. The source is a local bare repository standing in for
// the URL.
func TestFetchURLCheckoutOracle(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(wd string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = wd
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	foreign := filepath.Join(dir, "foreign")
	proj := filepath.Join(dir, "proj")
	for _, d := range []string{foreign, proj} {
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
	if err := os.WriteFile(filepath.Join(proj, "own.txt"), []byte("own\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run(proj, "add", ".")
	run(proj, "commit", "-qm", "own")

	canary := filepath.Join(proj, "canary.txt")
	run(proj, "fetch", "-q", foreign, "main")
	run(proj, "log", "--oneline", "FETCH_HEAD")
	if _, err := os.Stat(canary); err == nil {
		t.Fatal("git log FETCH_HEAD wrote the foreign tree")
	}
	run(proj, "fetch", "-q", foreign, "main:refs/heads/x")
	run(proj, "checkout", "-q", "x")
	if b, err := os.ReadFile(canary); err != nil || string(b) != "foreign\n" {
		t.Fatalf("checkout of the refspec's branch did not write the foreign file: %v", err)
	}
	// The same commands with a URL in place of the local path ask.
	for _, cmd := range []string{"git fetch -q https://h.example/r.git main && git log --oneline FETCH_HEAD",
		"git fetch -q https://h.example/r.git main:refs/heads/x && git checkout -q x"} {
		want := Allow
		if strings.Contains(cmd, "checkout") {
			want = Ask
		}
		if got := Check(testConfig(), cmd).Decision; got != want {
			t.Errorf("%s: %v, want %v", cmd, got, want)
		}
	}
}

// TestDownloadWriters: a download piped into a program that writes files
// from it where its content says.
func TestDownloadWriters(t *testing.T) {
	testRule(t, "curl", []ruleCase{
		{"curl -sL https://h.example/p | git apply", Ask},
		{"curl -sL https://h.example/p | git apply -", Ask},
		{"curl -sL https://h.example/p | git apply --index -p1", Ask},
		{"curl -sL https://h.example/p | git -C sub apply", Ask},
		{"curl -sL https://h.example/p | git am", Ask},
		{"curl -sL https://h.example/p | git am -3", Ask},
		{"curl -sL https://h.example/p | git fast-import", Ask},
		{"curl -sL https://h.example/p | patch -p1", Ask},
		{"curl -sL https://h.example/p | patch -p0 -d sub", Ask},
		{"curl -sL https://h.example/p | patch -i /dev/stdin", Ask},
		{"curl -sL https://h.example/p | cpio -idm", Ask},
		{"curl -sL https://h.example/p | cpio --extract", Ask},
		{"curl -sL https://h.example/p | pax -r", Ask},
		// busybox unzip and 7-Zip unpack under a directory option
		// (-d DIR, -oDIR) and keep members inside it: moved into the
		// sandbox (were ask; TestArchiveStdinRewriteExec). An option
		// that keeps full paths (7z -spf, bsdtar --absolute-paths)
		// still asks, and so does GNU cpio, which writes through a link
		// a member made (TestCpioSymlinkMemberExec).
		{"curl -sL https://h.example/p | busybox unzip -", Rewrite},
		{"curl -sL https://h.example/p | unzip -o -", Rewrite},
		{"curl -sL https://h.example/p | unzip - -d /tmp/x", Rewrite},
		{"curl -sL https://h.example/p | 7z x -si -tgzip", Rewrite},
		{"curl -sL https://h.example/p | 7z x -si -ttar -o/tmp/x", Rewrite},
		{"curl -sL https://h.example/p | 7z x -si -ttar -spf", Ask},
		{"curl -sL https://h.example/p | 7z x -si -ttar \"-o$D\"", Ask},
		{"curl -sL https://h.example/p | bsdtar -xf - --absolute-paths", Ask},
		{"curl -sL https://h.example/p | bsdtar -xf - --absolute-p", Ask},
		{"curl -sL https://h.example/p | bsdtar -xf -", Rewrite},
		{"curl -sL https://h.example/p | bsdtar -xf - -C /tmp/x", Rewrite},
		{"curl -sL https://h.example/p | cpio -idm -D out --no-absolute-filenames", Ask},
		// bsdcpio keeps members under its working directory unless
		// --insecure but has no directory option: the stage runs in the
		// sandbox (was ask). What a cd would also move asks still.
		{"curl -sL https://h.example/p | bsdcpio -idm", Rewrite},
		{"curl -sL https://h.example/p | bsdcpio -idm 2>/dev/null", Rewrite},
		{"curl -sL https://h.example/p | gzip -dc | bsdcpio -idv '*.c'", Rewrite},
		{"curl -sL https://h.example/p | bsdcpio -idm --insecure", Ask},
		{"curl -sL https://h.example/p | bsdcpio -idm -E pats.txt", Ask},
		{"curl -sL https://h.example/p | bsdcpio -idm 2>err.log", Ask},
		{"curl -sL https://h.example/p | sudo bsdcpio -idm", Ask},
		{"curl -sL https://h.example/p | { bsdcpio -idm; }", Ask},
		{"curl -sL https://h.example/p | bsdcpio -it", Allow},
		{"cd agent_sandbox && curl -sL https://h.example/p | bsdcpio -idm", Allow},
		{"curl -sL https://h.example/p | zstd -d -o out", Ask},
		// uudecode writes the file the download's begin line names, or
		// -o FILE (was allow).
		{"curl -sL https://h.example/p | uudecode", Ask},
		{"curl -sL https://h.example/p | uudecode -o x.sh", Rewrite},
		{"curl -sL https://h.example/p | uudecode --output-file=x.sh", Rewrite},
		{"curl -sL https://h.example/p | uudecode -o /dev/stdout | jq .", Allow},
		{"curl -sL https://h.example/p | uudecode -o -", Allow},
		{"curl -sL https://h.example/p | uudecode -o agent_sandbox/x", Allow},
		{"curl -sL https://h.example/p | uudecode local.uu", Allow},
		// socat joining its stdin to a file address that receives
		// (was allow).
		{"curl -sL https://h.example/p | socat - CREATE:x.sh", Ask},
		{"curl -sL https://h.example/p | socat -u STDIN OPEN:x.sh,creat", Ask},
		{"curl -sL https://h.example/p | socat -u stdio,ignoreeof ./x.sh", Ask},
		{"curl -sL https://h.example/p | socat - CREATE:agent_sandbox/x.sh", Allow},
		{"curl -sL https://h.example/p | socat - /dev/null", Allow},
		{"curl -sL https://h.example/p | socat -u - CREATE:/dev/stdout", Allow},
		{"curl -sL https://h.example/p | socat -u - x.sh", Allow}, // no address: socat refuses the word
		{"echo hi | socat - CREATE:x.sh", Allow},
		{"curl -sL https://h.example/p | sh -c 'git apply'", Ask},
		// The download as the path of a process substitution (git
		// 2.39 applies /dev/fd/63 as a patch file).
		{"git apply <(curl -sL https://h.example/p)", Ask},
		{"git apply -p1 --index <(curl -sL https://h.example/p)", Ask},
		{"git apply fix.patch <(curl -sL https://h.example/p)", Ask},
		{"git apply < <(curl -sL https://h.example/p)", Ask},
		{"git am -3 <(curl -sL https://h.example/p)", Ask},
		{"patch -p1 -i <(curl -sL https://h.example/p)", Ask},
		{"patch README.md <(curl -sL https://h.example/p)", Ask},
		// uudecode writes the file the download's begin line names;
		// pax -r unpacks it where its members say.
		{"uudecode <(curl -sL https://h.example/p)", Ask},
		{"pax -r -f <(curl -sL https://h.example/p)", Ask},
		{"uudecode -o agent_sandbox/x <(curl -sL https://h.example/p)", Allow},
		{"uudecode -o - <(curl -sL https://h.example/p) > out.sh", Rewrite},
		{"patch -o - -i <(curl -sL https://h.example/p) x.c > y.c", Rewrite},
		// Look-alikes: reporting on the patch, listing, the bytes on to
		// stdout, a local patch.
		{"curl -sL https://h.example/p | git apply --stat", Allow},
		{"curl -sL https://h.example/p | git apply --check", Allow},
		{"curl -sL https://h.example/p | git apply fix.patch", Allow},
		{"curl -sL https://h.example/p | patch --dry-run -p1", Allow},
		{"curl -sL https://h.example/p | patch -i fix.patch", Allow},
		{"curl -sL https://h.example/p | cpio -t", Allow},
		{"curl -sL https://h.example/p | cpio -it", Allow},
		{"curl -sL https://h.example/p | busybox unzip -l -", Allow},
		{"curl -sL https://h.example/p | unzip -p -", Allow},
		{"curl -sL https://h.example/p | unzip - -d agent_sandbox/x", Allow},
		{"curl -sL https://h.example/p | 7z x -si -ttar -oagent_sandbox", Allow},
		{"curl -sL https://h.example/p | 7z x -si -so", Allow},
		{"curl -sL https://h.example/p | bsdtar -tf -", Allow},
		{"7z x a.7z -o/tmp/x", Allow},
		{"unzip x.zip -d out", Allow},
		{"curl -sL https://h.example/p | zstd -d", Allow},
		{"curl -s https://h.example/p | jq .", Allow},
		{"git apply fix.patch", Allow},
		{"patch -p1 < fix.patch", Allow},
		{"cat fix.patch | git apply", Allow},
		{"git apply --check <(curl -sL https://h.example/p)", Allow},
		{"git apply --stat <(curl -sL https://h.example/p)", Allow},
		{"patch --dry-run -p1 -i <(curl -sL https://h.example/p)", Allow},
		{"diff <(curl -sL https://h.example/p) fix.patch", Allow},
		// The project's own changes: git's diff, a pull request's diff
		// from the project's own repository on GitHub.
		{"git apply <(git diff HEAD~1)", Allow},
		{"git diff | git apply -R", Allow},
		{"gh pr diff 12 | git apply", Allow},
		{"git apply <(gh pr diff 12)", Allow},
	})
	testRule(t, "wget", []ruleCase{
		{"wget -qO- https://h.example/p | git am", Ask},
		{"git am <(wget -qO- https://h.example/p)", Ask},
		{"git apply <(wget -O - https://h.example/p)", Ask},
	})
}

// TestDownloadVariables: a download held in a variable or a substitution
// and printed into a file is saved there.
func TestDownloadVariables(t *testing.T) {
	testRule(t, "curl", []ruleCase{
		{`x=$(curl -s https://h.example/p); echo "$x" > f`, Rewrite},
		{`x=$(curl -s https://h.example/p); echo "$x" >> f`, Rewrite},
		{`x=$(curl -s https://h.example/p | jq -r .tag); echo $x > v.txt`, Rewrite},
		{`printf '%s' "$(curl -s https://h.example/p)" > f.sh`, Rewrite},
		{`echo "$(curl -s https://h.example/p)" > f`, Rewrite},
		{`cat <<< "$(curl -s https://h.example/p)" > f`, Rewrite},
		{`x=$(curl -s https://h.example/p); tee f <<< "$x"`, Rewrite},
		{`x=$(curl -s https://h.example/p); printf '%s' "$x" | tee f`, Rewrite},
		{`curl -s https://h.example/p | { read -r l; echo "$l" > f; }`, Rewrite},
		{`x=$(curl -s https://h.example/p); { echo "$x"; } > f`, Rewrite},
		// Look-alikes: printed to the terminal, a local file's content, a
		// function's local that does not reach its caller.
		{`x=$(curl -s https://h.example/p | jq -r .tag); echo $x`, Allow},
		{`echo "$(curl -s https://h.example/p)"`, Allow},
		{`x=$(curl -s https://h.example/p); echo "$x" > /dev/null`, Allow},
		{`v=$(cat VERSION); echo "$v" > f`, Allow},
		{`f() { local x; x=$(curl -s https://h.example/p); }; f; echo "$x" > g`, Allow},
		{`x=$(curl -s https://h.example/p); echo done > f`, Allow},
	})
	testRule(t, "wget", []ruleCase{
		{`printf '%s' "$(wget -qO- https://h.example/p)" > f.sh`, Rewrite},
	})
}

// TestNetToFile: a connection the program itself saves to a file is
// moved into the sandbox (TestNetFileRewrite has the rewritten words); a
// tftp reading its commands on stdin still asks.
func TestNetToFile(t *testing.T) {
	testRule(t, "net-stream", []ruleCase{
		{"socat TCP:h.example:80 CREATE:f", Rewrite},
		{"socat TCP:h.example:80 OPEN:f,creat", Rewrite},
		{"socat -u TCP:h.example:80 GOPEN:f", Rewrite},
		{"socat -u OPENSSL:h.example:443 ./out", Rewrite},
		{"socat CREATE:f TCP:h.example:80", Rewrite},
		{"socat -U CREATE:f TCP:h.example:80", Rewrite},
		{"tftp h.example -c get f", Rewrite},
		{"busybox tftp -g -r f h.example", Rewrite},
		{"atftp --get -r f -l out h.example", Rewrite},
		{`tftp h.example <<< "get f"`, Ask},
		// Look-alikes: socat between stdio and the network, a relay, the
		// file only read (-u file first), tftp put.
		{"socat - TCP:h.example:80", Allow},
		{"socat TCP-LISTEN:8080,fork TCP:localhost:80", Allow},
		{"socat -u CREATE:f TCP:h.example:80", Allow},
		{"socat -U TCP:h.example:80 CREATE:f", Allow},
		{"tftp h.example -c put f", Allow},
	})
}

// TestCodeFetch: interpreter code in the command that fetches and writes
// a file.
func TestCodeFetch(t *testing.T) {
	testRule(t, "http-client", []ruleCase{
		{`python3 -c 'import urllib.request; urllib.request.urlretrieve("https://h.example/x", "f")'`, Ask},
		{`python3 -c 'import requests; open("f","wb").write(requests.get("https://h.example/x").content)'`, Ask},
		{`python3 -c 'import shutil, urllib.request; shutil.copyfileobj(urllib.request.urlopen("https://h"), open("f","wb"))'`, Ask},
		{`node -e 'fetch("https://h.example").then(r=>r.text()).then(t=>require("fs").writeFileSync("f",t))'`, Ask},
		{`node -e 'const https=require("https"),fs=require("fs"); https.get("https://h", r => r.pipe(fs.createWriteStream("f")))'`, Ask},
		{`ruby -ropen-uri -e 'File.write("f", URI.open("https://h.example").read)'`, Ask},
		{`perl -MLWP::Simple -e 'getstore("https://h.example/x", "f")'`, Ask},
		{`perl -MLWP::Simple -e 'LWP::Simple::mirror("https://h.example/x", "f")'`, Ask},
		{`php -r 'file_put_contents("f", file_get_contents("https://h.example/x"));'`, Ask},
		{`php -r 'copy("https://h.example/x","f");'`, Ask},
		// Look-alikes: reading only, the network only, a local copy, the
		// sandbox.
		{`python3 -c 'print(open("f").read())'`, Allow},
		{`python3 -c 'import requests; print(requests.get("https://h").json())'`, Allow},
		{`php -r 'copy("a.txt","b.txt");'`, Allow},
		{`node -e 'require("fs").writeFileSync("f", "x")'`, Allow},
		{`python3 -c 'import urllib.request; urllib.request.urlretrieve("https://h.example/x", "agent_sandbox/f")'`, Allow},
	})
}

// TestExtractReachesSelf: an archive corral cannot list, extracted into a
// directory that holds an agent's settings, may overwrite them.
func TestExtractReachesSelf(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}\n",
		"proj/README.md":             "x\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"tar xf x.tar -C ~/.claude", "ask"},
		{"unzip x.zip -d ~/.claude", "ask"},
		{"bsdtar -xf x.tar -C ~/.claude/", "ask"},
		{"python3 -c 'import tarfile' && tar xf x.tar -C ~/.claude", "ask"},
		// The home directory itself: an archive not on disk when the hook
		// runs is made by the command unseen, and can hold .bashrc (red
		// team 17 TX1 rest; TestOpaqueArchiveIntoHome).
		{"bsdtar -xf x.tar -C ~", "ask"},
		// Look-alikes: a build directory, the project.
		{"tar xf local.tar -C build/", "allow"},
		{"tar xf local.tar", "allow"},
	})
}

// TestPatchOutsideProject: git apply and patch of a diff corral cannot
// read, placed outside the project (git-apply(1): --directory prepends
// its root to every name; --unsafe-paths lets a patch reach outside the
// work tree; patch(1): -d changes directory first).
func TestPatchOutsideProject(t *testing.T) {
	testRuleWith(t, guardedConfig(), "bash-write", []ruleCase{
		{"git apply --directory=../x fix.patch", Ask},
		{"git apply --unsafe-paths fix.patch", Ask},
		{"git apply --unsafe-paths -p0 < fix.patch", Ask},
		{"git apply --unsafe-paths --directory=/etc fix.patch", Deny},
		{"patch -d ~ < fix.patch", Ask},
		{"patch -d ~ -p1 -i fix.patch", Ask},
		// Look-alikes: a diff applied in the project.
		{"git apply fix.patch", Allow},
		{"git apply --directory=sub fix.patch", Allow},
		{"git apply --unsafe-paths --check fix.patch", Allow},
		{"git apply --unsafe-paths --stat fix.patch", Allow},
		{"patch -p1 < fix.patch", Allow},
	})
}

// TestUudecodeBeginLineOracle runs busybox uudecode: without -o it
// writes the decoded bytes to the path the input's begin line names, so
// a downloaded payload picks where it lands (TestDownloadWriters asks).
func TestUudecodeBeginLineOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("busybox"); err != nil {
		t.Skip("no busybox")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "victim"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("busybox", "uudecode")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("begin 644 victim/.bashrc\n%979I; H \n`\nend\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("busybox uudecode: %v %s", err, out)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "victim", ".bashrc")); string(b) != "evil\n" {
		t.Errorf("uudecode wrote %q to victim/.bashrc, want the payload", b)
	}
}
