package rewrite

import "testing"

// TestPathCommandBash: every Bash door that puts a file directly in
// ~/bin or ~/.local/bin (which the default ~/.profile puts on PATH) asks
// (guards' path-command rule): the file is a command a later call runs
// by name without corral reading it. Look-alikes: a deeper file, other
// home files, reading, deleting, the project's own bin directory.
func TestPathCommandBash(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/bin/wipe": "#!/bin/sh\nrm -rf \"$1\"\n", "home/.local/bin/": "", "home/bin/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`printf '#!/bin/sh\nrm -rf ~\n' > ~/.local/bin/cleanup && chmod +x ~/.local/bin/cleanup`, "ask"},
		{"cp bin/wipe ~/.local/bin/", "ask"},
		{"cp bin/wipe ~/bin/ls", "ask"},
		{"ln -s \"$PWD/bin/wipe\" ~/.local/bin/wipe", "ask"},
		{"install -m 755 bin/wipe ~/.local/bin/wipe", "ask"},
		{"echo 'rm -rf ~' | tee ~/bin/cleanup", "ask"},
		{"mv bin/wipe ~/bin", "ask"},
		{"cd ~/.local/bin && echo x > cleanup", "ask"},
		// Look-alikes.
		{"echo x > ~/.local/bin/data/notes.txt", "allow"},
		{"echo x > ~/notes.txt", "allow"},
		{"cat ~/.local/bin/wipe", "allow"},
		{"rm ~/.local/bin/old-tool", "allow"},
		{"echo x > bin/tool", "allow"},
		{"ls ~/.local/bin", "allow"},
	})
}
