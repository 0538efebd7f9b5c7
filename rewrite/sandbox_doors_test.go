package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLinksOutOfSandbox: a link the command makes inside the sandbox
// that leads outside it (ln -s, a hard link, cp -s, cp -l) is a door
// out: a write through it lands at the link's target (ln -s ~/proj
// agent_sandbox/p; curl -o agent_sandbox/p/x URL wrote the project's x:
// the download was in the sandbox by its name; curl -O URL/a.tgz, moved
// to agent_sandbox/a.tgz, went through ln -s ../a.tgz agent_sandbox/).
// Such a write asks; the link alone, and links that stay inside, pass.
func TestLinksOutOfSandbox(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "proj/agent_sandbox/r/tool": "t\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ln -s "$PWD" agent_sandbox/p; curl -o agent_sandbox/p/x https://example.com/a`, "ask"},
		{`ln -s ../a.txt agent_sandbox/a; curl -o agent_sandbox/a https://example.com/a`, "ask"},
		{`ln a.txt agent_sandbox/a && wget -O agent_sandbox/a https://example.com/a`, "ask"},
		{`ln -s "$X" agent_sandbox/a; curl https://example.com/a > agent_sandbox/a`, "ask"},
		{`cp -s "$PWD/a.txt" agent_sandbox/; curl -o agent_sandbox/a.txt https://example.com/a`, "ask"},
		{`ln -s ../a.tgz agent_sandbox/a.tgz; curl -O https://example.com/a.tgz`, "ask"},
		// Look-alikes: the links alone, links inside the sandbox, to
		// /dev/null, and downloads that do not go through them.
		{`ln a.txt agent_sandbox/a`, "allow"},
		{`ln -s r/tool agent_sandbox/t; curl -o agent_sandbox/t2 https://example.com/a`, "allow"},
		{`mkdir -p agent_sandbox/x && ln -s ../r agent_sandbox/x/y`, "allow"},
		{`ln -s /dev/null agent_sandbox/null; curl -o agent_sandbox/null https://example.com/a`, "allow"},
		{`ln -s ../data agent_sandbox/data; curl -O https://example.com/a.tgz`, "rewrite"},
	})
}

// TestLoopPatternWrites: a for loop over a pattern with more matches than
// the model lists (for f in .git/*: eleven entries) left its variable
// unknown, and a write to "$f" passed; the loop's items give the word
// its values (syntax.LoopValues), the pattern judged as written out, for
// a program's operand and for a redirection alike.
func TestLoopPatternWrites(t *testing.T) {
	t.Parallel()
	files := map[string]string{"proj/a.txt": "x\n", "proj/b.txt": "y\n"}
	for _, n := range []string{"HEAD", "config", "description", "index", "COMMIT_EDITMSG", "packed-refs", "ORIG_HEAD",
		"FETCH_HEAD", "hooks/pre-commit.sample", "info/exclude", "logs/HEAD"} {
		files["proj/.git/"+n] = "x\n"
	}
	cfg := scratchProject(t, files)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`for f in .git/*; do cp a.txt "$f"; done`, "deny"},
		{`for f in .git/*; do [ "$f" = .git/config ] && cp a.txt "$f"; done`, "deny"},
		{`for f in .git/[a-z]*; do cp a.txt $f; done`, "deny"},
		{`for f in .git/*; do echo x > "$f"; done`, "deny"},
		{`for f in .git/*; do echo x >> $f; done`, "deny"},
		// Look-alikes: loops over project files, static words, reads.
		{`for f in *.txt; do cp "$f" "$f.bak"; done`, "allow"},
		{`for f in *; do echo x > "$f.out"; done`, "allow"},
		{`for f in a b c; do echo x > "$f.txt"; done`, "allow"},
		{`for f in .git/*; do cat "$f" > /dev/null; done`, "allow"},
	})
}

// TestDownloadThroughLinkOnDisk: a link already in the sandbox that leads
// to an ordinary project file (ln -s ../a.txt agent_sandbox/a, made by an
// earlier command) turns curl -O URL/a, moved into the sandbox, into a
// write of that file: it asks (only a protected target was refused).
// Real curl writes through such a link (TestCurlFollowsOutputLink).
func TestDownloadThroughLinkOnDisk(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "proj/agent_sandbox/keep": "k\n"})
	sb := filepath.Join(cfg.Project, "agent_sandbox")
	if err := os.Symlink("../a.txt", filepath.Join(sb, "a")); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`curl -O https://example.com/a`, "ask"},
		{`curl -s https://example.com/x -o a`, "ask"},
		// Look-alikes: another name, and a link inside the sandbox.
		{`curl -O https://example.com/b`, "rewrite"},
		{`curl -O https://example.com/keep`, "rewrite"},
	})
}

// TestLoopCopyOut: a for loop over a pattern under the sandbox hands its
// variable each file there (syntax.LoopValues), so cp "$f" . copies
// sandbox content out as cp agent_sandbox/* . does: copy-out asks. It
// was allowed: the word was only known at run time.
func TestLoopCopyOut(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "proj/agent_sandbox/x.sh": "echo\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`for f in agent_sandbox/*; do cp "$f" .; done`, "ask"},
		{`for f in agent_sandbox/*.sh; do install "$f" bin/; done`, "ask"},
		// Look-alikes: copies inside the sandbox, project files, reads.
		{`for f in agent_sandbox/*; do cp "$f" agent_sandbox/b/; done`, "allow"},
		{`for f in *.txt; do cp "$f" out/; done`, "allow"},
		{`for f in agent_sandbox/*; do wc -l "$f"; done`, "allow"},
	})
}

// TestSubstCopyOut: a printer (echo, printf) whose words hold a
// substitution that reads a sandbox file writes that content where its
// output goes, as x=$(cat agent_sandbox/x); echo "$x" > p does: a file
// outside the sandbox asks (copy-out). It was allowed. So does the bare
// $(< FILE) form, bash's cat of FILE, which runs no command.
func TestSubstCopyOut(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.txt": "x\n", "proj/agent_sandbox/x": "ext\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`echo "$(cat agent_sandbox/x)" > y`, "ask"},
		{`printf "%s" "$(cat agent_sandbox/x)" > y`, "ask"},
		{`x=$(cat agent_sandbox/x); echo "$x" > y`, "ask"},
		{`echo "$(< agent_sandbox/x)" > y`, "ask"},
		{`echo $(<agent_sandbox/x) >> Makefile`, "ask"},
		{`cd agent_sandbox && printf %s "$(< x)" > ../y`, "ask"},
		// Look-alikes: to the terminal, a count, a project file, a
		// file in the sandbox.
		{`echo "$(cat agent_sandbox/x)"`, "allow"},
		{`echo "$(wc -l < agent_sandbox/x)" > count.txt`, "allow"},
		{`echo "$(cat a.txt)" > y`, "allow"},
		{`echo "$(cat agent_sandbox/x)" > agent_sandbox/y`, "allow"},
		{`echo "$(< agent_sandbox/x)"`, "allow"},
		{`echo "$(< a.txt)" > y`, "allow"},
		{`echo "$(< agent_sandbox/x)" > agent_sandbox/y`, "allow"},
		{`echo "$(wc -l < agent_sandbox/x)" > count.txt`, "allow"},
	})
}
