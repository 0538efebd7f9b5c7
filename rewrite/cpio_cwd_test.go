package rewrite

import "testing"

// TestCpioExtractIntoWorkingDirectory: cpio -i with no -D writes its
// members into the working directory, but an archive corral could not
// read (from a pipe, or not there yet) was judged nowhere, so
// printf '.bashrc\n' | cpio -o | (cd ~ && cpio -i) passed (red team
// finding) where tar x and cpio -D ~ asked. Now the working directory
// is where the members land: ~/.ssh is denied, outside the project
// asks, a directory
// that holds the agent's settings asks as tar's unnamed tree does, and
// the project and a readable archive keep their decisions.
func TestCpioExtractIntoWorkingDirectory(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/": "", "proj/list": ".bashrc\n", "proj/build/": "",
		"home/.claude/settings.json": "{}\n", "home/.ssh/config": "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`printf 'authorized_keys\n' | cpio -o | (cd ~/.ssh && cpio -i)`, "deny"},
		{"cpio -o < list | (cd ~/.ssh; cpio -i)", "deny"},
		{"cpio -o < list | { cd ~/.ssh; cpio -i; }", "deny"},
		{"cd ~/.ssh && cpio -i < x.cpio", "deny"},
		{"cpio -o < list | (cd ~/.claude && cpio -id)", "ask"},
		{"cpio -o < list | cpio -id -D ~", "ask"},
		// Into the project, or only listed: as before.
		{"cpio -o < list | cpio -id", "allow"},
		{"cpio -o < list | (cd build && cpio -id)", "allow"},
		{"cd ~ && cpio -it < x.cpio", "allow"},
		{"cpio -o < list > out.cpio", "allow"},
	})
}
