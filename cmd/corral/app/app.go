package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"
)

const usageText = `corral hook                       answer a PreToolUse hook (JSON on stdin)
   corral rewrite explain '<command>' show what corral would do with a command
   corral scan [FILE|-]               one JSON decision per command (lines or JSON Lines)
   corral guard check <path>          explain the path guards' verdict for a path
   corral confirm '<command>'         approve a command corral asked about, for this session
   corral session clear               forget this session's approvals
   corral sandbox new <context>       make agent_sandbox/YYYY-MM-DD/<context>/
   corral log                         show the audit log
   corral doctor                      check the hook registration, other Bash hooks, sandbox, policies
   corral rules                       list every rule, its decisions and what it finds

EXIT CODES:
   0  success (always, for "hook": a broken hook never blocks the agent by accident)
   1  a command failed (bad arguments, unreadable file)
   2  "guard check" or "rewrite explain --exit-code": the verdict is deny or ask`

// runtimeEnv is what commands may read of the process; tests replace it.
type runtimeEnv struct {
	getenv func(string) string
	now    func() time.Time
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// exitCode carries an exit status out of a command without printing.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// Main runs corral with args (args[0] is the program name) and returns the
// exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	env := &runtimeEnv{getenv: getenv, now: time.Now, stdin: stdin, stdout: stdout, stderr: stderr}
	return env.main(args)
}

func (env *runtimeEnv) main(args []string) (code int) {
	if len(args) > 1 && args[1] == "hook" {
		// The hook never exits 1 and never crashes, whatever its input.
		defer func() {
			if r := recover(); r != nil {
				fmt.Fprintf(env.stderr, "corral: internal error in hook: %v; allowing (fail open)\n", r)
				code = 0
			}
		}()
	}
	app := &cli.App{
		Name:            "corral",
		Usage:           "make an AI coding agent's shell commands and file writes safe",
		UsageText:       usageText,
		Reader:          env.stdin,
		Writer:          env.stdout,
		ErrWriter:       env.stderr,
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		Commands: []*cli.Command{
			env.hookCommand(),
			env.rewriteCommand(),
			env.scanCommand(),
			env.guardCommand(),
			env.confirmCommand(),
			env.sessionCommand(),
			env.sandboxCommand(),
			env.logCommand(),
			env.doctorCommand(),
			env.rulesCommand(),
		},
	}
	err := app.Run(args)
	if err == nil {
		return 0
	}
	var ec exitCode
	if errors.As(err, &ec) {
		return int(ec)
	}
	fmt.Fprintf(env.stderr, "corral: %v\n", err)
	if len(args) > 1 && args[1] == "hook" {
		return 0
	}
	return 1
}

func (env *runtimeEnv) cwd(flag string) string {
	if flag != "" {
		return flag
	}
	wd, err := os.Getwd()
	if err != nil {
		return "/"
	}
	return wd
}
