package rewrite

import (
	"context"
	"errors"
	"io"
	"os/exec"
	"time"
)

// Some judgements need what a repository holds when the hook runs: the
// files a git checkout or merge writes are those that differ between two
// commits. corral asks the real git, bounded like the archive listers:
// at most gitRunTime, gitRunOutput bytes read, no input, no pager, no
// prompt, and with the repository's configuration kept from running
// anything (core.fsmonitor off; only commands that compare commits or
// name them are run, which start no hook, filter or external diff).
// Every word corral passes after --end-of-options, so that a revision the
// agent wrote ("--output=…") is never read as an option.

const (
	gitRunTime   = 3 * time.Second
	gitRunOutput = 4 << 20
)

var errGitOutput = errors.New("git output too large")

// runGit runs git with args in dir and returns its standard output.
func runGit(dir string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitRunTime)
	defer cancel()
	full := append([]string{"--no-pager", "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Dir = dir
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0",
		"GIT_CONFIG_NOSYSTEM=1", "HOME=/nonexistent"}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lr := &io.LimitedReader{R: out, N: gitRunOutput}
	data, _ := io.ReadAll(lr)
	_, _ = io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	if ctx.Err() != nil || lr.N <= 0 {
		return nil, errGitOutput
	}
	return data, nil
}
