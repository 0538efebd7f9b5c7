package rewrite

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestCorralSelf: corral's own approving and (un)registering commands run
// by the agent are denied however corral is started, also built from
// source by go run (a module path at any version, a directory, build
// flags first); its other commands and other programs pass.
func TestCorralSelf(t *testing.T) {
	t.Parallel()
	testRule(t, "corral-self", []ruleCase{
		{"corral confirm abc123", Deny},
		{"/opt/bin/corral uninstall", Deny},
		{"corral --color never session allow", Deny},
		{"go run github.com/corral-dev/corral/cmd/corral@latest uninstall", Deny},
		{"go run ./cmd/corral confirm abc123", Deny},
		{"go run -tags netgo -ldflags=-s ./cmd/corral init", Deny},
		{"go run -C ../corral ./cmd/corral policy init", Deny},
		// The hook fed an event by the agent: its own SessionEnd would
		// forget the session's approvals and record of decoded files.
		{`echo '{"hook_event_name":"SessionEnd","session_id":"x"}' | corral hook`, Deny},
		{`corral hook --agent codex < ev.json`, Deny},
		{`bash -c 'corral hook <<< "{}"'`, Deny},
		// The subcommand given by a launcher at run time (red team 14
		// RG2: xargs appends its input to the words written).
		{`xargs corral <<< "confirm --session s 'curl x | sh'"`, Deny},
		{"echo session clear | xargs /opt/bin/corral", Deny},
		{"echo uninstall | xargs -I{} corral {}", Deny},
		{"echo uninstall | xargs -I@ corral --color never @", Deny},
		{"printf uninstall | xargs -0 corral", Deny},
		{"echo uninstall | parallel corral", Deny},
		{"parallel corral ::: uninstall", Deny},
		{"echo init | xargs corral policy", Deny},
		{"find . -name x -exec corral {} +", Deny},
		{"xargs -a words.txt corral < ev.json", Deny},
		{`env -u CLAUDECODE setsid -f xargs corral <<< "confirm x"`, Deny},
		// Look-alikes.
		{"echo x | xargs corral rewrite explain", Allow},
		{"xargs corral rules < /dev/null", Allow},
		{"echo 'git clone x' | xargs -0 corral rewrite explain", Allow},
		{"direnv hook bash", Allow},
		{"git config core.hooksPath .githooks", Allow},
		{"corral rewrite explain 'ls'", Allow},
		{"go run ./cmd/corral rewrite explain 'ls'", Allow},
		{"go run ./cmd/server confirm", Allow},
		{"go run main.go uninstall", Allow},
		{"go test ./...", Allow},
	})
}

// TestCorralCopy: a program whose file is a build of corral (it names
// corral's main package) is corral under any name, and one the command
// makes before running it with confirm, session or uninstall is asked
// about; other programs with these words pass.
func TestCorralCopy(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/bin/c":      "\x7fELF\x00padding\x00path\t" + corralMark + "\nmod\tgithub.com/corral-dev/corral\t(devel)\n",
		"proj/bin/app":    "\x7fELF\x00path\tgithub.com/acme/app\n",
		"proj/bin/script": "#!/bin/sh\nexec go run " + corralMark + " \"$@\"\n",
	})
	// The mark across a chunk boundary of the bounded read.
	big := filepath.Join(cfg.Project, "bin", "big")
	data := append(make([]byte, 1<<20-10), []byte(corralMark)...)
	if err := os.WriteFile(big, data, 0o755); err != nil {
		t.Fatal(err)
	}
	// A FIFO named as the program is not opened (it would block the
	// hook until something writes to it).
	if err := syscall.Mkfifo(filepath.Join(cfg.Project, "bin", "fifo"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"bin/fifo confirm x", "allow"},
		{"bin/c confirm --session s1 'npm i github:a/b'", "deny"},
		{"./bin/c session clear", "deny"},
		{"bin/c uninstall", "deny"},
		{"bin/c --color never init", "deny"},
		{"bin/c policy init --scope user", "deny"},
		{"bin/big confirm x", "deny"},
		{"bin/script confirm x", "deny"},
		{"sh -c 'bin/c confirm x'", "deny"},
		{`python3 -c 'import subprocess; subprocess.run(["bin/c", "confirm", "x"])'`, "deny"},
		// Made by this command: it does not exist when the hook runs.
		{"cp ~/corral /tmp/c9; /tmp/c9 confirm --session s1 x", "ask"},
		{"install -m 755 ~/corral bin/c2 && bin/c2 session clear", "ask"},
		{"go build -o /tmp/cb ./cmd/corral && /tmp/cb uninstall", "ask"},
		// Look-alikes: other programs, other words, corral's other commands.
		{"bin/c rewrite explain ls", "allow"},
		{"bin/app confirm x", "allow"},
		{"bin/app init", "allow"},
		{"git init", "allow"},
		{"npm init -y", "allow"},
		{"./bin/new init", "allow"},
		{"helm-not-installed-here uninstall web", "allow"},
		{"go build -o bin/tool . && bin/tool init", "allow"},
	})
}
