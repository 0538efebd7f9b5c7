package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
	"github.com/urfave/cli/v3"
)

// exitCodesText is the EXIT CODES section of the usage text.
const exitCodesText = `0  success ("hook" too, whatever its input: a broken hook never blocks the agent by accident)
1  a command failed (bad arguments, unreadable file, broken policy, protection off)
2  "guard check" or "rewrite explain --exit-code": the verdict is deny or ask;
   "hook" for an agent that reads a block from exit status 2`

// runtimeEnv is what commands may read of the process; tests replace it.
type runtimeEnv struct {
	getenv func(string) string
	now    func() time.Time
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// color is whether output to stdout may carry ANSI colours.
	color bool
	// usageShown records that an error's usage text was printed already.
	usageShown bool
	// procRoot is the proc file system refuseUnderAgent reads ("" is
	// /proc; tests give a made-up one).
	procRoot string
	// abandoned is set on the copy a judgement past the hook's budget
	// runs with: once the hook has answered, that judgement writes no
	// audit record (the record would contradict the answer given).
	abandoned *atomic.Bool
}

// exitCode carries an exit status out of a command without printing.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// usageError is a command line corral cannot run: wrong command, flag or
// arguments. Main prints it on one line, then the command's usage once.
type usageError struct {
	cmd *cli.Command
	msg string
}

func (e *usageError) Error() string { return e.msg }

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
	if !(len(args) > 1 && args[1] == "hook") {
		env.color = env.wantColor(args)
	}
	if len(args) > 1 && args[1] == "hook" && !wantsHelp(args[2:]) {
		// The hook's fast path: the rest of the command tree is not built.
		var err error
		if name, ok := plainHookArgs(args[2:]); ok {
			// What corral init registers needs no flag parser either.
			err = env.hook(name, nil)
		} else {
			hook := env.hookCommand()
			env.finish(hook)
			hook.Reader, hook.Writer, hook.ErrWriter = env.stdin, env.stdout, env.stderr
			err = hook.Run(context.Background(), args[1:])
		}
		var ec exitCode
		if errors.As(err, &ec) && ec == 2 {
			return 2 // the agent blocks on exit status 2 (Windsurf, Kimi, …)
		}
		if err != nil {
			fmt.Fprintf(env.stderr, "corral: %v; allowing (fail open)\n", oneLine(err.Error()))
		}
		return 0
	}
	root := env.rootCommand()
	err := root.Run(context.Background(), args)
	if err == nil {
		return 0
	}
	var ec exitCode
	if errors.As(err, &ec) {
		return int(ec)
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(env.stderr, "%s: %s\n", ue.cmd.FullName(), ue.msg)
		if !env.usageShown {
			env.usageShown = true
			writeShortUsage(env.stderr, ue.cmd)
		}
		return 1
	}
	fmt.Fprintf(env.stderr, "corral: %s\n", oneLine(err.Error()))
	return 1
}

// rootCommand is the whole command line definition: help, completion and
// the man page are generated from it.
func (env *runtimeEnv) rootCommand() *cli.Command {
	root := &cli.Command{
		Name:        "corral",
		Usage:       "make an AI coding agent's shell commands and file writes safe",
		Description: "corral runs as a PreToolUse hook of Claude Code (and Codex, Gemini CLI and others): it parses every\nshell command, rewrites clones and downloads into a sandbox, asks about or denies dangerous\ncommands, and guards file writes. The other commands inspect and configure it.",
		Metadata:    map[string]any{"color": env.color},
		Reader:      env.stdin,
		Writer:      env.stdout,
		ErrWriter:   env.stderr,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour output: `WHEN` is auto (a terminal without NO_COLOR), always or never",
				Validator: func(v string) error {
					if v != "auto" && v != "always" && v != "never" {
						return fmt.Errorf("want auto, always or never")
					}
					return nil
				}},
		},
		HideHelpCommand:       true,
		HideVersion:           true,
		EnableShellCompletion: true,
		ConfigureShellCompletionCommand: func(c *cli.Command) {
			c.Hidden = false
			c.Usage = "print a shell completion script: bash, zsh, fish or pwsh"
			c.UsageText = "corral completion bash|zsh|fish|pwsh"
			c.Metadata = example("source <(corral completion bash)", "corral completion fish > ~/.config/fish/completions/corral.fish")
		},
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		Commands: []*cli.Command{
			env.hookCommand(),
			env.rewriteCommand(),
			env.scanCommand(),
			env.guardCommand(),
			env.policyCommand(),
			env.confirmCommand(),
			env.sessionCommand(),
			env.sandboxCommand(),
			env.logCommand(),
			env.doctorCommand(),
			env.initCommand(),
			env.uninstallCommand(),
			env.rulesCommand(),
			env.packsCommand(),
			env.manCommand(),
		},
	}
	env.finish(root)
	return root
}

// finish gives every command of the tree corral's error handling: an
// unknown subcommand, flag or bad flag value is a usageError, printed on
// one line with the usage once.
func (env *runtimeEnv) finish(cmd *cli.Command) {
	cmd.OnUsageError = func(_ context.Context, c *cli.Command, err error, _ bool) error {
		return &usageError{cmd: c, msg: usageMessage(c, err)}
	}
	cmd.ExitErrHandler = func(context.Context, *cli.Command, error) {}
	if len(cmd.Commands) > 0 && cmd.Action == nil {
		cmd.Action = func(_ context.Context, c *cli.Command) error {
			if c.NArg() == 0 {
				writeUsage(env.stdout, c, env.color)
				return nil
			}
			name := c.Args().First()
			msg := fmt.Sprintf("unknown command %q", name)
			if s := closest(name, commandNames(c)); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			return &usageError{cmd: c, msg: msg}
		}
	}
	for _, sub := range cmd.Commands {
		env.finish(sub)
	}
}

// usageMessage turns the flag parser's error into one line that names the
// closest valid flag.
func usageMessage(c *cli.Command, err error) string {
	msg := strings.Replace(err.Error(), "for flag -", "for flag --", 1)
	const undefined = "flag provided but not defined: "
	if i := strings.Index(msg, undefined); i >= 0 {
		given := strings.TrimLeft(msg[i+len(undefined):], "-")
		msg = fmt.Sprintf("unknown flag --%s", given)
		if s := closest(given, flagNames(c)); s != "" {
			msg += fmt.Sprintf("; did you mean --%s?", s)
		}
	}
	return oneLine(msg)
}

func commandNames(c *cli.Command) []string {
	var out []string
	for _, s := range c.Commands {
		if !s.Hidden {
			out = append(out, s.Name)
		}
	}
	return out
}

func flagNames(c *cli.Command) []string {
	var out []string
	for _, f := range c.VisibleFlags() {
		for _, n := range f.Names() {
			if len(n) > 1 {
				out = append(out, n)
			}
		}
	}
	return append(out, "help")
}

// closest returns the candidate nearest to s in edit distance, if it is
// near enough to be a misspelling (or s is a prefix of it).
func closest(s string, candidates []string) string {
	best, bestD := "", len(s)/3+2
	for _, c := range candidates {
		d := guards.EditDistance(s, c)
		if strings.HasPrefix(c, s) && len(s) >= 2 {
			d = min(d, 1)
		}
		if d < bestD && d <= max(1, len(s)/3) {
			best, bestD = c, d
		}
	}
	return best
}

// wantColor decides colour from --color, NO_COLOR and whether stdout is a
// terminal.
func (env *runtimeEnv) wantColor(args []string) bool {
	when := "auto"
	for i, a := range args {
		switch {
		case a == "--":
			i = len(args)
		case strings.HasPrefix(a, "--color="):
			when = strings.TrimPrefix(a, "--color=")
		case a == "--color" && i+1 < len(args):
			when = args[i+1]
		}
	}
	switch when {
	case "always":
		return true
	case "never":
		return false
	}
	if env.getenv("NO_COLOR") != "" || env.getenv("TERM") == "dumb" {
		return false
	}
	f, ok := env.stdout.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// paint wraps s in an ANSI colour when colour is on.
func (env *runtimeEnv) paint(color, s string) string {
	if !env.color {
		return s
	}
	codes := map[string]string{"red": "31", "green": "32", "yellow": "33", "bold": "1", "dim": "2"}
	return "\x1b[" + codes[color] + "m" + s + "\x1b[0m"
}

func (env *runtimeEnv) cwd(flag string) string {
	if flag != "" {
		if abs, err := filepath.Abs(flag); err == nil {
			return abs
		}
		return flag
	}
	wd, err := os.Getwd()
	if err != nil {
		return "/"
	}
	return wd
}

// plainHookArgs recognises the hook's arguments that need no flag parser
// (nothing, or "--agent NAME" as corral init registers it, NAME a known
// agent) and returns the agent named. Any other argument list goes through
// the hook command's own parser, with its errors and suggestions.
func plainHookArgs(args []string) (agentName string, ok bool) {
	switch {
	case len(args) == 0:
		return "", true
	case len(args) == 2 && args[0] == "--agent" && agent.ByName(args[1]) != nil:
		return args[1], true
	}
	return "", false
}

func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			return true
		}
	}
	return false
}
