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
// at most listTime, listOutput bytes read, no input, no pager, no
// prompt, and with the repository's configuration kept from running
// anything (core.fsmonitor off; only commands that compare commits or
// name them are run, which start no hook, filter or external diff).
// Every word corral passes after --end-of-options, so that a revision the
// agent wrote ("--output=…") is never read as an option.

const (
	listTime   = 3 * time.Second
	listOutput = 4 << 20
)

var errListOutput = errors.New("output too large or too slow")

// runGit runs git with args in dir and returns its standard output.
func runGit(dir string, args ...string) ([]byte, error) {
	return runGitEnv(dir, nil, args...)
}

// runGitEnv is runGit with the variables env (the repository a call
// names: gitRepo) added.
func runGitEnv(dir string, env []string, args ...string) ([]byte, error) {
	full := append([]string{"--no-pager", "-c", "core.fsmonitor=false", "-c", "core.untrackedCache=false"}, args...)
	return boundedOutput(dir, append([]string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0",
		"GIT_CONFIG_NOSYSTEM=1", "HOME=/nonexistent"}, env...), "git", full...)
}

// boundedOutput runs a system program the hook asks something of (git,
// tar -t, unzip -Z1) in dir with env and no input, for at most
// listTime, and returns at most listOutput bytes of its standard
// output; a failure, a timeout or more output is an error.
func boundedOutput(dir string, env []string, prog string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), listTime)
	defer cancel()
	cmd := exec.CommandContext(ctx, prog, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lr := &io.LimitedReader{R: out, N: listOutput}
	data, _ := io.ReadAll(lr)
	_, _ = io.Copy(io.Discard, out)
	werr := cmd.Wait()
	if ctx.Err() != nil || lr.N <= 0 {
		// Cut by the bounds (a program killed at the deadline fails
		// too): errListOutput, which callers tell from a failure.
		return nil, errListOutput
	}
	if werr != nil {
		return nil, werr
	}
	return data, nil
}
