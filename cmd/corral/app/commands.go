package app

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/allowlist"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// confirmTTL is how long a confirmation lasts unless CORRAL_CONFIRM_TTL says otherwise.
var confirmTTL = 12 * time.Hour

// stateDir is where corral keeps its allow-list and audit log.
func stateDir() string { return allowlist.StateDir() }

func commonFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "cwd", Usage: "working `DIR` the command runs in (default: the current directory)"},
		&cli.StringFlag{Name: "sandbox", Usage: "sandbox `DIR` (default: $CONTENT_FILTER_SANDBOX_DIR, else <project>/agent_sandbox)"},
		&cli.StringSliceFlag{Name: "policy", Usage: "policy `FILE`; repeatable"},
	}
}

func (env *runtimeEnv) settingsFrom(c *cli.Command) *settings {
	s := env.loadSettings(env.cwd(c.String("cwd")), c.StringSlice("policy"))
	if sb := c.String("sandbox"); sb != "" {
		if !filepath.IsAbs(sb) {
			sb = filepath.Join(s.cfg.Cwd, sb)
		}
		s.cfg.Sandbox = filepath.Clean(sb)
		s.cfg.SandboxFromEnv = true
	}
	for _, n := range append(append([]string{}, s.notes...), s.ignored...) {
		fmt.Fprintf(env.stderr, "corral: %s\n", n)
	}
	return s
}

func (env *runtimeEnv) rewriteCommand() *cli.Command {
	return &cli.Command{
		Name:     "rewrite",
		Usage:    "inspect what corral does with a shell command",
		Metadata: example("corral rewrite explain 'curl -fsSLo data.json https://example.com/data.json'"),
		Commands: []*cli.Command{{
			Name:      "explain",
			Usage:     "print each finding, the diff of the command and the decision",
			UsageText: "corral rewrite explain [--json] [--cwd DIR] [--sandbox DIR] [--exit-code] '<command>'\ncorral rewrite explain --rule NAME",
			Metadata:  example("corral rewrite explain 'git clone https://github.com/acme/widget.git && cd widget && make'", "corral rewrite explain --rule pipe-shell"),
			Flags: append(commonFlags(),
				&cli.BoolFlag{Name: "json", Usage: "print the result as JSON"},
				&cli.BoolFlag{Name: "exit-code", Usage: "exit 2 when the decision is ask or deny"},
				&cli.StringFlag{Name: "rule", Usage: "print the doc of rule `NAME` instead (see corral rules)"}),
			Action: func(_ context.Context, c *cli.Command) error {
				if name := c.String("rule"); name != "" && c.NArg() == 0 {
					return explainRule(env.stdout, name)
				}
				if c.NArg() != 1 {
					return fmt.Errorf("rewrite explain takes exactly one command (quote it), got %d arguments", c.NArg())
				}
				s := env.settingsFrom(c)
				res := s.check(c.Args().First(), "")
				if c.Bool("json") {
					enc := json.NewEncoder(env.stdout)
					enc.SetIndent("", "  ")
					if err := enc.Encode(res); err != nil {
						return err
					}
				} else {
					explain(env.stdout, s, res)
				}
				if c.Bool("exit-code") && res.Decision >= rewrite.Ask {
					return exitCode(2)
				}
				return nil
			},
		}},
	}
}

// explain prints a result for a person.
func explain(w io.Writer, s *settings, res *rewrite.Result) {
	fmt.Fprintf(w, "command:  %s\n", res.Command)
	fmt.Fprintf(w, "cwd:      %s\nsandbox:  %s (mode %s, approve %s)\n", s.cfg.Cwd, s.cfg.Sandbox, s.cfg.Mode, s.cfg.Approve)
	if len(res.Findings) == 0 {
		fmt.Fprintf(w, "findings: none\n")
	} else {
		fmt.Fprintf(w, "findings:\n")
		for i, f := range res.Findings {
			fmt.Fprintf(w, "  %d. %s  %s  [%d:%d]\n", i+1, f.Decision, f.Rule, f.Start, f.End)
			fmt.Fprintf(w, "     %s\n", f.Message)
			fmt.Fprintf(w, "     before: %s\n", oneLine(f.Text))
			if f.After != "" {
				fmt.Fprintf(w, "     after:  %s\n", oneLine(f.After))
			}
			if f.Dest != "" {
				fmt.Fprintf(w, "     content lands in: %s\n", f.Dest)
			}
		}
	}
	after := res.Rewritten
	if after == "" {
		after = res.Suggested
	}
	if after != "" {
		fmt.Fprintf(w, "diff:\n")
		for _, l := range strings.Split(res.Command, "\n") {
			fmt.Fprintf(w, "  - %s\n", l)
		}
		for _, l := range strings.Split(after, "\n") {
			fmt.Fprintf(w, "  + %s\n", l)
		}
	}
	d := res.Decision.String()
	switch {
	case res.Decision == rewrite.Rewrite && res.Approve:
		d += " (approved by corral: permissionDecision allow)"
	case res.Decision == rewrite.Rewrite && s.cfg.Approve == rewrite.ApproveAsk:
		d += " (the user is asked about the rewritten command)"
	case res.Decision == rewrite.Rewrite:
		d += " (no permission decision: the agent's own permission rules judge the rewritten command)"
	case res.Suggested != "":
		d += " (block mode: the agent is told to run the sandboxed command instead)"
	}
	fmt.Fprintf(w, "decision: %s\n", d)
	for _, n := range res.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
}

// scanLine is one line of `corral scan` output.
type scanLine struct {
	Line      int              `json:"line"`
	Command   string           `json:"command"`
	Decision  rewrite.Decision `json:"decision"`
	Rules     []string         `json:"rules"`
	Rewritten string           `json:"rewritten,omitempty"`
	Suggested string           `json:"suggested,omitempty"`
}

func (env *runtimeEnv) scanCommand() *cli.Command {
	return &cli.Command{
		Name:      "scan",
		Usage:     "decide about many commands (lines or JSON Lines): one JSON decision per command",
		UsageText: "corral scan [--cwd DIR] [FILE|-]\n   corral scan --transcripts [--json] [DIR|FILE]",
		Metadata:  example("printf '%s\\n' 'rm -rf ~' 'ls' | corral scan -"),
		Flags: append(commonFlags(),
			&cli.BoolFlag{Name: "transcripts", Usage: "read Claude Code transcripts (DIR, default ~/.claude/projects): what corral would have caught"},
			&cli.BoolFlag{Name: "json", Usage: "with --transcripts: JSON Lines"}),
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Bool("transcripts") {
				return env.scanTranscripts(c.Args().First(), c.StringSlice("policy"), c.Bool("json"))
			}
			var r io.Reader = env.stdin
			if name := c.Args().First(); name != "" && name != "-" {
				f, err := os.Open(name)
				if err != nil {
					return err
				}
				defer f.Close()
				r = f
			}
			s := env.settingsFrom(c)
			sc := bufio.NewScanner(r)
			sc.Buffer(make([]byte, 1<<20), maxInput)
			out := json.NewEncoder(env.stdout)
			n := 0
			for sc.Scan() {
				n++
				cmd, note, ok := scanLineCommand(sc.Text())
				if note != "" {
					fmt.Fprintf(env.stderr, "corral: line %d: %s\n", n, note)
				}
				if !ok {
					continue
				}
				res := s.check(cmd, "")
				sl := scanLine{Line: n, Command: cmd, Decision: res.Decision, Rules: []string{}, Rewritten: res.Rewritten, Suggested: res.Suggested}
				seen := map[string]bool{}
				for _, f := range res.Findings {
					if !seen[f.Rule] {
						seen[f.Rule] = true
						sl.Rules = append(sl.Rules, f.Rule)
					}
				}
				if err := out.Encode(sl); err != nil {
					return err
				}
			}
			return sc.Err()
		},
	}
}

func (env *runtimeEnv) guardCommand() *cli.Command {
	return &cli.Command{
		Name:     "guard",
		Usage:    "inspect the path guards",
		Metadata: example("corral guard check .env"),
		Commands: []*cli.Command{{
			Name:      "check",
			Usage:     "explain the path guards' verdict for a path (exit 2 on ask or deny)",
			UsageText: "corral guard check [--tool Write|Edit|Bash-delete] [--json] [--cwd DIR] <path>",
			Metadata:  example("corral guard check .env", "corral guard check --tool Bash-delete node_modules"),
			Flags: append(commonFlags(),
				&cli.StringFlag{Name: "tool", Value: "Write", Usage: "`TOOL` doing the write: Write, Edit, MultiEdit, NotebookEdit or Bash-delete"},
				&cli.BoolFlag{Name: "json", Usage: "print the decision as JSON"}),
			Action: func(_ context.Context, c *cli.Command) error {
				if c.NArg() != 1 {
					return fmt.Errorf("guard check takes exactly one path, got %d", c.NArg())
				}
				action := guards.Write
				switch t := c.String("tool"); t {
				case "Write", "Edit", "MultiEdit", "NotebookEdit", "Bash-write":
				case "Bash-delete", "delete":
					action = guards.Delete
				default:
					return fmt.Errorf("unknown --tool %q (want Write, Edit, MultiEdit, NotebookEdit or Bash-delete)", t)
				}
				s := env.settingsFrom(c)
				d := s.decidePath(s.guardsEnv(), c.Args().First(), action)
				if c.Bool("json") {
					b, _ := json.MarshalIndent(d, "", "  ")
					fmt.Fprintf(env.stdout, "%s\n", b)
				} else {
					fmt.Fprintf(env.stdout, "path:       %s\nnormalised: %s\n", d.Path.Given, d.Path.Abs)
					if d.Path.InProject {
						fmt.Fprintf(env.stdout, "in project: %s\n", d.Path.Rel)
					} else {
						fmt.Fprintf(env.stdout, "in project: no (project %s)\n", s.cfg.Project)
					}
					fmt.Fprintf(env.stdout, "rule:       %s\npattern:    %s\npolicy:     %s\ncontext:    %s\ndecision:   %s\n",
						orDash(d.Rule), orDash(d.Pattern), orDash(d.Source), orNA(d.PathContext), d.Verdict)
					if d.Message != "" {
						fmt.Fprintf(env.stdout, "message:    %s\n", d.Message)
					}
				}
				if d.Verdict >= guards.Ask {
					return exitCode(2)
				}
				return nil
			},
		}},
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (env *runtimeEnv) confirmCommand() *cli.Command {
	return &cli.Command{
		Name:        "confirm",
		Usage:       "approve, for one session, a command or path corral asked about (the user runs it)",
		UsageText:   "corral confirm [--session ID] [--tool Bash|Write|Edit] '<command or path>'",
		Description: "This command is for the person using the agent: the hook denies it when the agent runs it.",
		Metadata:    example("corral confirm --session 1f0c 'rm -r ~/Downloads/old'"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "session", Usage: "session `ID` (as printed in corral's ask message); default $CLAUDE_SESSION_ID"},
			&cli.StringFlag{Name: "tool", Value: "Bash", Usage: "the `TOOL` the approval is for"},
			&cli.StringFlag{Name: "cwd", Usage: "approve the command only when it runs in `DIR` (the hook's ask gives it)"},
			&cli.StringFlag{Name: "content-sha256", Usage: "approve the Write or Edit only with this tool input (`HASH`, as the hook's ask gives it)"},
			&cli.StringFlag{Name: "files-sha256", Usage: "approve the command only while the files corral read to judge it are unchanged (`HASH`, as the hook's ask gives it); without it, the files as they are now"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() != 1 {
				return fmt.Errorf("confirm takes exactly one command or path (quote it), got %d arguments", c.NArg())
			}
			if err := env.refuseUnderAgent("confirm"); err != nil {
				return err
			}
			session := c.String("session")
			if session == "" {
				session = env.getenv("CLAUDE_SESSION_ID")
			}
			op := c.Args().First()
			bind := allowlist.Binding{Cwd: c.String("cwd"), ContentSHA256: strings.ToLower(c.String("content-sha256")),
				FilesSHA256: strings.ToLower(c.String("files-sha256"))}
			if bind.Cwd != "" && !filepath.IsAbs(bind.Cwd) {
				return fmt.Errorf("--cwd takes an absolute directory, got %q", bind.Cwd)
			}
			if h := bind.ContentSHA256; h != "" && (len(h) != 64 || strings.Trim(h, "0123456789abcdef") != "") {
				return fmt.Errorf("--content-sha256 takes 64 hexadecimal digits, got %q", h)
			}
			if h := bind.FilesSHA256; h != "" && (len(h) != 64 || strings.Trim(h, "0123456789abcdef") != "") {
				return fmt.Errorf("--files-sha256 takes 64 hexadecimal digits, got %q", h)
			}
			var readNow []string
			if c.String("tool") == "Bash" && bind.FilesSHA256 == "" {
				// Without the hash the hook gave, the approval is of the
				// files as they are now (red team 15 AP2): the command is
				// judged here, in --cwd or this directory, and bound to
				// what that read (a script, a Makefile, package.json).
				s := env.loadSettings(env.cwd(bind.Cwd), nil)
				env.loadEarlier(s, session)
				res := s.check(op, "")
				bind.FilesSHA256, readNow = res.ReadDigest(), res.ReadFiles()
			}
			if err := env.allowlist().Patient(personLockWait).Add(allowlist.Entry{Session: session, Tool: c.String("tool"), Operation: op, At: env.now(), Binding: bind}); err != nil {
				return err
			}
			fmt.Fprintf(env.stdout, "corral: approved for session %q: %s\n", session, op)
			switch {
			case bind.Cwd != "":
				fmt.Fprintf(env.stdout, "corral: only when it runs in %s\n", bind.Cwd)
			case bind.ContentSHA256 != "":
				fmt.Fprintf(env.stdout, "corral: only with the content the hook asked about (sha256 %s)\n", bind.ContentSHA256)
			}
			switch {
			case len(readNow) > 0:
				fmt.Fprintf(env.stdout, "corral: only while these files are as they are now: %s\n", strings.Join(readNow, ", "))
			case bind.FilesSHA256 != "":
				fmt.Fprintf(env.stdout, "corral: only while the files the hook read to judge it are unchanged (sha256 %s)\n", bind.FilesSHA256)
			}
			return nil
		},
	}
}

func (env *runtimeEnv) sessionCommand() *cli.Command {
	return &cli.Command{
		Name:     "session",
		Usage:    "manage session approvals",
		Metadata: example("corral session clear --session 1f0c"),
		Commands: []*cli.Command{{
			Name:      "clear",
			Usage:     "forget a session's approvals",
			UsageText: "corral session clear [--session ID]",
			Metadata:  example("corral session clear --session 1f0c"),
			Flags:     []cli.Flag{&cli.StringFlag{Name: "session", Usage: "session `ID`; default $CLAUDE_SESSION_ID"}},
			Action: func(_ context.Context, c *cli.Command) error {
				if err := env.refuseUnderAgent("session clear"); err != nil {
					return err
				}
				session := c.String("session")
				if session == "" {
					session = env.getenv("CLAUDE_SESSION_ID")
				}
				n, err := env.allowlist().Patient(personLockWait).ClearSession(session)
				if err != nil {
					return err
				}
				fmt.Fprintf(env.stdout, "corral: forgot %d approval(s) of session %q\n", n, session)
				return nil
			},
		}},
	}
}

func (env *runtimeEnv) sandboxCommand() *cli.Command {
	return &cli.Command{
		Name:     "sandbox",
		Usage:    "scratch directories for investigation work (seed 001 REQ-7)",
		Metadata: example("corral sandbox new flaky-test"),
		Commands: []*cli.Command{{
			Name:      "new",
			Usage:     "make agent_sandbox/YYYY-MM-DD/<context>/, kept out of git",
			UsageText: "corral sandbox new [--project DIR] <context>",
			Metadata:  example("corral sandbox new flaky-test"),
			Flags:     []cli.Flag{&cli.StringFlag{Name: "project", Usage: "project `DIR` (default: $CLAUDE_PROJECT_DIR, else the current directory)"}},
			Action: func(_ context.Context, c *cli.Command) error {
				if c.NArg() != 1 {
					return fmt.Errorf("sandbox new takes exactly one context name, got %d", c.NArg())
				}
				project := c.String("project")
				if project == "" {
					project = env.getenv("CLAUDE_PROJECT_DIR")
				}
				project = env.cwd(project)
				dir, err := guards.CreateScratch(project, c.Args().First(), env.now())
				if err != nil {
					return err
				}
				fmt.Fprintln(env.stdout, dir)
				return nil
			},
		}},
	}
}

func (env *runtimeEnv) logCommand() *cli.Command {
	return &cli.Command{
		Name:      "log",
		Usage:     "show the audit log",
		UsageText: "corral log [--session ID] [--action A] [--rule R] [--since DURATION] [--json]",
		Metadata:  example("corral log --since 24h --action block"),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "session", Usage: "only records of session `ID`"},
			&cli.StringFlag{Name: "action", Usage: "only records whose `ACTION` is block, confirm_required, confirmed_allow, rewrite or warn"},
			&cli.StringFlag{Name: "rule", Usage: "only records of `RULE`"},
			&cli.DurationFlag{Name: "since", Usage: "only records newer than `DURATION` (e.g. 24h)"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON Lines"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			path := env.getenv("CORRAL_AUDIT_LOG")
			if path == "" {
				path = audit.DefaultPath()
			}
			f := audit.Filter{Session: c.String("session"), Action: c.String("action"), Rule: c.String("rule")}
			if d := c.Duration("since"); d > 0 {
				f.Since = env.now().Add(-d)
			}
			recs, err := audit.Read(path, f)
			if err != nil {
				return err
			}
			if len(recs) == 0 && !c.Bool("json") {
				what := "no records"
				if f != (audit.Filter{}) {
					what = "no matching records"
				}
				fmt.Fprintf(env.stdout, "corral: %s in the audit log %s\n", what, path)
				return nil
			}
			enc := json.NewEncoder(env.stdout)
			for _, r := range recs {
				if c.Bool("json") {
					if err := enc.Encode(r); err != nil {
						return err
					}
					continue
				}
				fmt.Fprintf(env.stdout, "%s  %s %-5s %-24s %s\n", r.TS.Format(time.RFC3339), env.paint(actionColor(r.Action), fmt.Sprintf("%-16s", r.Action)), r.Tool, r.Rule, oneLine(r.Operation))
			}
			return nil
		},
	}
}

// actionColor is the colour of an audit action.
func actionColor(a string) string {
	switch a {
	case "block":
		return "red"
	case "confirm_required", "warn":
		return "yellow"
	}
	return "green"
}

// braceGroup reports whether a line starts with the shell's reserved
// word { (followed by a blank), as a brace group does; a JSON object
// starts with {" or { ".
func braceGroup(line string) bool {
	t := strings.TrimSpace(line)
	if len(t) < 2 || t[0] != '{' || t[1] != ' ' && t[1] != '\t' {
		return false
	}
	rest := strings.TrimLeft(t[1:], " \t")
	return rest != "" && rest[0] != '"' && rest[0] != '}'
}

// scanLineCommand reads one line of corral scan's input: a command, or a
// JSON object with "command" or "tool_input.command". ok is false for a
// line to skip (blank, JSON without a command, broken JSON); note says
// why a line is skipped or read otherwise than it looks.
func scanLineCommand(line string) (cmd, note string, ok bool) {
	if strings.TrimSpace(line) == "" {
		return "", "", false
	}
	if !strings.HasPrefix(strings.TrimSpace(line), "{") {
		return line, "", true
	}
	var obj struct {
		Command   *string `json:"command"`
		ToolInput *struct {
			Command *string `json:"command"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal([]byte(line), &obj); err != nil {
		if braceGroup(line) {
			// { cmd; } > f: a shell brace group, not a JSON object.
			return line, fmt.Sprintf("not JSON (%v); read as a shell command", err), true
		}
		return "", fmt.Sprintf("not JSON (%v); skipping", err), false
	}
	switch {
	case obj.Command != nil:
		return *obj.Command, "", true
	case obj.ToolInput != nil && obj.ToolInput.Command != nil:
		return *obj.ToolInput.Command, "", true
	}
	return "", "", false
}
