package syntax

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/corral-dev/corral/internal/lazy"
)

// ShellCheckTimeout bounds one shell's syntax check. A check that takes
// longer counts as "the shell accepts it", the answer that keeps corral
// cautious.
const ShellCheckTimeout = 3 * time.Second

// syntaxShells are the shells an agent may hand a command to, with the
// arguments that make each parse a script from /dev/stdin without running
// it (-n) and without reading start-up files. bash gets extglob, because a
// bash that has it on accepts more text, and "rejected" must hold for
// every shell that may run the command.
var syntaxShells = [][]string{
	{"bash", "--norc", "--noprofile", "-O", "extglob", "-n", "/dev/stdin"},
	{"zsh", "-f", "-n", "/dev/stdin"},
	{"sh", "-n", "/dev/stdin"},
}

// shellErrorLine finds the line of the first error a shell prints for the
// script /dev/stdin: bash "/dev/stdin: line 3: syntax error …", dash
// "/dev/stdin: 3: Syntax error: …", zsh "/dev/stdin:3: parse error …". For
// an unclosed quote bash names the line the quote opens on, dash and zsh
// a later one; for a compound command left open, every shell names the
// end.
var shellErrorLine = lazy.Regexp{Expr: `/dev/stdin: ?(?:line )?([0-9]+): `}

// ShellsReject asks every shell of this machine that an agent may run a
// command with (bash, zsh, sh) whether it can parse src, without running
// any of it (-n), with an empty environment (so BASH_ENV and ENV are not
// read). It reports rejected = true only when every shell found refuses
// the text, with the smallest line they stop at: a non-interactive shell
// runs the complete commands before the line of its syntax error and none
// from that line on. When no shell is found, one accepts the text, fails
// in another way or takes longer than ShellCheckTimeout, rejected is
// false: the caller then knows nothing more than before.
func ShellsReject(src string) (line int, rejected bool) {
	seen := map[string]bool{}
	for _, argv := range syntaxShells {
		path, err := exec.LookPath(argv[0])
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
		if seen[path] {
			continue
		}
		seen[path] = true
		n, ok := shellRejects(path, argv[1:], src)
		if !ok {
			return 0, false
		}
		if line == 0 || n < line {
			line = n
		}
	}
	return line, line > 0
}

// shellRejects runs one shell's syntax check of src.
func shellRejects(path string, args []string, src string) (int, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), ShellCheckTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = []string{}
	cmd.Stdin = strings.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err == nil || ctx.Err() != nil {
		return 0, false
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() < 1 || ee.ExitCode() > 2 {
		return 0, false
	}
	m := shellErrorLine.Get().FindSubmatch(stderr.Bytes())
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(string(m[1]))
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}
