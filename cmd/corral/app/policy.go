package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
	"github.com/urfave/cli/v3"
)

// maxPolicyBytes bounds a policy file: no policy is this large, and a
// hostile one must not exhaust the hook.
const maxPolicyBytes = 1 << 20

// readPolicyFile reads a policy file only when it is a regular file of at
// most maxPolicyBytes: a FIFO, a device (/dev/zero) or a directory is an
// error, never a hang. The file is opened without blocking and checked
// again once open, so swapping it for a FIFO in between does not hang
// either.
func readPolicyFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(st.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(st.Mode())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxPolicyBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxPolicyBytes {
		return nil, fmt.Errorf("larger than %d bytes", maxPolicyBytes)
	}
	return data, nil
}

func notRegular(m os.FileMode) error {
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&os.ModeDevice != 0:
		what = "a device"
	case m&os.ModeSocket != 0:
		what = "a socket"
	}
	return fmt.Errorf("%s, not a regular file; not reading it", what)
}

// Presets. standard is the built-in behaviour. strict also asks about
// commands corral cannot parse and commands whose name is only known at
// run time. paranoid also asks about every deletion, every command that
// talks to the network (a rewritten acquisition included) and every write
// outside the project and the sandbox.
var (
	presetNetwork   = []string{"curl", "wget", "wget2", "aria2c", "axel", "ssh", "scp", "sftp", "rsync", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "svn", "hg", "gh"}
	presetGitRemote = []string{"clone", "fetch", "pull", "push", "ls-remote", "archive", "submodule"}
	presetDelete    = []string{"rm", "rmdir", "unlink", "shred", "srm", "trash", "trash-put"}
)

// applyPreset applies the preset's path and approval settings.
func (s *settings) applyPreset() {
	if s.preset == "paranoid" {
		s.paths = s.paths.WithOutsideProject(guards.Ask)
		if !s.cfg.ApproveFromEnv {
			// Rewritten acquisitions talk to the network: the user is asked
			// about the rewritten command.
			s.cfg.Approve = rewrite.ApproveAsk
		}
	}
	s.entries = append(s.entries, policyEntry{Key: "preset (effective)", Value: s.preset, Source: s.presetSource})
}

// presetRule is the rule that carries a preset's command checks.
func presetRule(preset string) (rewrite.Rule, bool) {
	rank := guards.PresetRank(preset)
	if rank < 1 {
		return rewrite.Rule{}, false
	}
	return rewrite.Rule{
		Name:      "preset",
		Decisions: []rewrite.Decision{rewrite.Ask},
		Doc:       "The strict and paranoid presets: strict asks about commands whose name is only known at run time, about shell commands that code in another language runs (os.system, child_process.exec), and about deletions of files in the project that git does not track; paranoid also asks about every deletion and every command that talks to the network.",
		Call: func(p *rewrite.Pass, c *syntax.Call) {
			if c.Script != nil && c.Script.FromCode {
				p.Report(c, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, Message: preset + " preset: code in another language runs a shell command (" + c.Script.Where() + ")"})
				return
			}
			if contains(presetDelete, c.Name) {
				if what := untrackedDeletion(p, c); what != "" {
					p.Report(c, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, Message: preset + " preset: " + c.Name + " deletes " + what + " in the project, which git does not track (it cannot be restored)"})
					return
				}
			}
			if c.Name == "" {
				p.Report(c, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, Message: preset + " preset: the command's name is only known at run time"})
				return
			}
			if rank < 2 {
				return
			}
			switch {
			case contains(presetDelete, c.Name) || c.Name == "find" && hasArg(c, "-delete"):
				p.Report(c, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, Message: "paranoid preset: every deletion asks"})
			case contains(presetNetwork, c.Name) || c.Name == "git" && len(c.Args) > 0 && contains(presetGitRemote, firstWord(c)):
				p.Report(c, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, Message: "paranoid preset: every command that talks to the network asks"})
			}
		},
	}, true
}

// untrackedDeletion returns the first operand of a deleting call that is an
// existing path in the project holding something git does not track (git
// ls-files --others, ignored files included: they cannot be restored from
// the repository either), or "" when there is none. A project that is no
// git repository tracks nothing. Operands only known at run time are left
// to the other rules.
func untrackedDeletion(p *rewrite.Pass, c *syntax.Call) string {
	project := p.Config.Project
	for _, a := range c.Args {
		if !a.Static || strings.HasPrefix(a.Value, "-") {
			continue
		}
		d := c.Dir.Join(a.Value)
		if !d.Known || !guards.Within(project, d.Path) {
			continue
		}
		if _, err := os.Lstat(d.Path); err != nil {
			continue // nothing to lose
		}
		cmd := exec.Command("git", "-C", project, "ls-files", "-z", "--others", "--", d.Path)
		out, err := cmd.Output()
		if err != nil || len(out) > 0 {
			return a.Value
		}
	}
	return ""
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasArg(c *syntax.Call, v string) bool {
	for _, a := range c.Args {
		if a.Value == v {
			return true
		}
	}
	return false
}

// firstWord is git's subcommand: the first argument that is not an option
// (or the value of -C/-c).
func firstWord(c *syntax.Call) string {
	for i := 0; i < len(c.Args); i++ {
		v := c.Args[i].Value
		switch {
		case v == "-C" || v == "-c" || v == "--git-dir" || v == "--work-tree" || v == "--namespace":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return v
		}
	}
	return ""
}

// strictUnparsed is the strict preset's answer to a command that does not
// parse: ask, where standard allows one that mentions no risky command.
func (s *settings) strictUnparsed(res *rewrite.Result) {
	if guards.PresetRank(s.preset) < 1 || res.Decision >= rewrite.Ask || len(res.Findings) > 0 {
		return
	}
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "cannot parse command") {
			res.Decision = rewrite.Ask
			res.Findings = append(res.Findings, rewrite.Finding{Rule: "preset", Decision: rewrite.Ask, End: len(res.Command), Text: res.Command,
				Message: s.preset + " preset: corral cannot parse this command"})
			return
		}
	}
}

// check decides about a Bash command under the settings: the engine, then
// the preset's and the agent's floors.
//
// A panic inside the engine is a bug corral cannot judge around: the
// command it was judging is asked about, naming the error, and the hook
// goes on (TestEnginePanicAsks). Left to crash, the hook would exit 2
// with no answer, and an agent that runs the tool call when its hook
// fails would run the one command that found the bug.
func (s *settings) check(command, agent string) (res *rewrite.Result) {
	engineRuns.Add(1)
	defer func() {
		if r := recover(); r != nil {
			res = internalErrorResult(command, r)
		}
	}()
	res = engineCheck(s.cfg, command)
	s.strictUnparsed(res)
	s.agentFloor(res, agent)
	return res
}

// engineCheck is the engine settings.check runs (a variable so that a
// test can make it fail).
var engineCheck = rewrite.Check

// internalErrorResult is the answer for a command whose judgement
// panicked with r: ask, with the error in the reason and on stderr.
func internalErrorResult(command string, r any) *rewrite.Result {
	msg := fmt.Sprintf("corral hit an internal error while judging this command (%v), so it cannot vouch for it; ask the user to run it, and report the command to corral's maintainers", r)
	return &rewrite.Result{Command: command, Decision: rewrite.Ask,
		Findings: []rewrite.Finding{{Rule: "internal-error", Decision: rewrite.Ask, End: len(command), Text: command, Message: msg}},
		Notes:    []string{fmt.Sprintf("internal error judging the command: %v; asking", r)}}
}

// engineRuns counts the engine's runs, for the tests of what a hook call
// costs (TestLaterRunsCost).
var engineRuns atomic.Int64

// agentFloor raises the decisions of an agent type's operations to the
// floor its policy sets ("agents": {"Explore": {"writes": "deny"}}).
func (s *settings) agentFloor(res *rewrite.Result, agent string) {
	f, ok := s.agents[agent]
	if agent == "" || !ok {
		return
	}
	raise := func(v guards.Verdict, kind string, match func(rewrite.Finding) bool) {
		d := verdictDecision(v)
		if d == rewrite.Allow {
			return
		}
		for i, fd := range res.Findings {
			if match(fd) && fd.Decision < d {
				res.Findings[i].Decision = d
				res.Findings[i].Message += fmt.Sprintf(" (agent %s: %s are %s)", agent, kind, v)
			}
		}
	}
	raise(f.rule.Writes, "writes", func(fd rewrite.Finding) bool { return fd.Rule == "bash-write" })
	raise(f.rule.Deletions, "deletions", func(fd rewrite.Finding) bool { return fd.Rule == "bash-delete" || fd.Rule == "rm-root" })
	raise(f.rule.Acquisitions, "acquisitions", func(fd rewrite.Finding) bool { return fd.Dest != "" || fd.Kind != "" })
	if d := verdictDecision(f.rule.Commands); d > rewrite.Allow {
		res.Findings = append(res.Findings, rewrite.Finding{Rule: "agent-policy", Decision: d, End: len(res.Command), Text: res.Command,
			Message: fmt.Sprintf("agent %s: every command is %s by policy", agent, f.rule.Commands)})
	}
	for _, fd := range res.Findings {
		if fd.Decision > res.Decision {
			res.Decision = fd.Decision
			res.Approve = false
		}
	}
	if res.Decision > rewrite.Rewrite {
		res.Rewritten = ""
	}
}

func verdictDecision(v guards.Verdict) rewrite.Decision {
	switch v {
	case guards.Deny:
		return rewrite.Deny
	case guards.Ask:
		return rewrite.Ask
	case guards.Warn:
		return rewrite.Warn
	}
	return rewrite.Allow
}

// agentPathFloor raises a path decision for an agent type.
func (s *settings) agentPathFloor(d guards.Decision, a guards.Action, agent string) guards.Decision {
	f, ok := s.agents[agent]
	if agent == "" || !ok {
		return d
	}
	floor, kind := f.rule.Writes, "writes"
	if a == guards.Delete {
		floor, kind = max(f.rule.Deletions, f.rule.Writes), "deletions"
	}
	if floor > d.Verdict {
		d.Verdict, d.Rule, d.Source = floor, "agent-policy", "agents."+agent
		d.Message = fmt.Sprintf("Agent policy: %s of agent %s are %s: %s", kind, agent, floor, d.Path.Abs)
	}
	return d
}

func (env *runtimeEnv) policyCommand() *cli.Command {
	return &cli.Command{
		Name:     "policy",
		Usage:    "show, check and start policy files",
		Metadata: example("corral policy show", "corral policy validate .corral.json"),
		Commands: []*cli.Command{
			{
				Name:      "show",
				Usage:     "print the effective policy, with the source of every entry",
				UsageText: "corral policy show [--json] [--cwd DIR] [--policy FILE]...",
				Metadata:  example("corral policy show", "CORRAL_PRESET=strict corral policy show --json"),
				Flags:     append(commonFlags(), &cli.BoolFlag{Name: "json", Usage: "print JSON"}),
				Action: func(_ context.Context, c *cli.Command) error {
					s := env.settingsFrom(c)
					return env.showPolicy(s, c.Bool("json"))
				},
			},
			{
				Name:      "validate",
				Usage:     "check policy files: every error with file:line:col (exit 1 on error)",
				UsageText: "corral policy validate FILE...",
				Metadata:  example("corral policy validate .corral.json ~/.claude/state/guardrails.json"),
				Action: func(_ context.Context, c *cli.Command) error {
					if c.NArg() == 0 {
						return &usageError{cmd: c, msg: "name at least one policy file"}
					}
					bad := 0
					for _, f := range c.Args().Slice() {
						data, err := readPolicyFile(f)
						if err == nil {
							var pf *guards.PolicyFile
							if pf, err = guards.LoadPolicy(f, data); err == nil {
								if _, errs := rewrite.UserRulesFrom(f, pf.Bash); len(errs) > 0 {
									err = errors.Join(errs...)
								}
								if err == nil {
									fmt.Fprintf(env.stdout, "%s: ok (%s)\n", f, pf.Format)
									continue
								}
							}
						} else {
							err = fmt.Errorf("%s: %v", f, err)
						}
						bad++
						fmt.Fprintf(env.stderr, "%v\n", err)
					}
					if bad > 0 {
						return exitCode(1)
					}
					return nil
				},
			},
			{
				Name:      "init",
				Usage:     "write a commented starting policy: the project's .corral.json or the user's policy.json",
				UsageText: "corral policy init [--scope project|user] [--preset standard|strict|paranoid] [--force]",
				Metadata:  example("corral policy init --scope project", "corral policy init --scope user --preset strict"),
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "scope", Value: "project", Usage: "`SCOPE`: project (.corral.json at the project root) or user (~/.config/corral/policy.json)"},
					&cli.StringFlag{Name: "preset", Value: "standard", Usage: "`PRESET` to start from: standard, strict or paranoid"},
					&cli.StringFlag{Name: "cwd", Usage: "working `DIR` (default: the current directory)"},
					&cli.BoolFlag{Name: "force", Usage: "replace an existing file"},
				},
				Action: func(_ context.Context, c *cli.Command) error {
					if err := env.refuseUnderAgent("policy init"); err != nil {
						return err
					}
					path, err := env.policyInitPath(c.String("scope"), env.cwd(c.String("cwd")))
					if err != nil {
						return &usageError{cmd: c, msg: err.Error()}
					}
					preset := c.String("preset")
					if guards.PresetRank(preset) < 0 {
						return &usageError{cmd: c, msg: fmt.Sprintf("unknown preset %q (want standard, strict or paranoid)", preset)}
					}
					if err := WritePolicyTemplate(path, c.String("scope"), preset, c.Bool("force")); err != nil {
						return err
					}
					fmt.Fprintf(env.stdout, "corral: wrote %s\n", path)
					return nil
				},
			},
		},
	}
}

func (env *runtimeEnv) policyInitPath(scope, cwd string) (string, error) {
	cfg, _ := rewrite.NewConfig(env.getenv, cwd)
	switch scope {
	case "project":
		return filepath.Join(cfg.Project, projectPolicy), nil
	case "user":
		p := userPolicyPath(env.getenv, cfg.Home)
		if p == "" {
			return "", errors.New("no home directory for the user's policy")
		}
		return p, nil
	}
	return "", fmt.Errorf("unknown --scope %q (want project or user)", scope)
}

// WritePolicyTemplate writes a commented starting policy to path with the
// preset set; it refuses to replace a file unless force is set. "corral
// init --preset" uses it for the user's policy.
func WritePolicyTemplate(path, scope, preset string, force bool) error {
	if _, err := os.Lstat(path); err == nil && !force {
		return fmt.Errorf("%s exists; use --force to replace it", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	text := strings.ReplaceAll(policyTemplate, "PRESET", preset)
	if scope == "project" {
		text = strings.Replace(text, "// corral policy.", "// corral policy for this project. It can only TIGHTEN the user's policy:\n// safe paths, sandbox settings, allow rules and lower presets here are ignored.", 1)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

const policyTemplate = `// corral policy.
// Lines starting with // are comments. Check this file with: corral policy validate FILE
// See the effective policy with: corral policy show
{
  "corral": 1,
  // standard, strict (also asks about unparsable and run-time-only commands)
  // or paranoid (also asks about every deletion, network command and write
  // outside the project)
  "preset": "PRESET",
  "paths": {
    // Writes here are denied (added to the defaults when in a project file).
    "protected": [".git/**", ".env*", "**/.env*", "*.key", "**/*.key", "*.pem", "**/*.pem", "node_modules/**", "package-lock.json", "yarn.lock", ".venv/bin/**", "**/.venv/bin/**", "venv/bin/**", "**/venv/bin/**"],
    // Writes here are allowed with a warning.
    "warned": ["src/**"],
    // Directories outside the project that are denied.
    "blocked": ["/etc", "/usr", "/var", "/boot", "/sys", "/proc", "~/.ssh", "~/.gnupg", "~/.aws"]
  },
  "bash": {
    // Command rules: an argv prefix ("kubectl delete" also matches
    // "kubectl -n prod delete pod x"); actions: deny, ask, warn.
    "commands": [
      { "prefix": "terraform destroy", "action": "ask", "reason": "infrastructure" }
    ]
  },
  // Per-agent floors, by the hook input's agent_type: writes, deletions,
  // acquisitions, commands.
  "agents": {
    "Explore": { "writes": "deny" }
  }
}
`

// showPolicy prints the effective policy and where each entry comes from.
func (env *runtimeEnv) showPolicy(s *settings, asJSON bool) error {
	entries := append([]policyEntry{
		{Key: "project", Value: s.cfg.Project, Source: sourceOf(s.cfg.Project != s.cfg.Cwd, "environment CLAUDE_PROJECT_DIR", "the working directory")},
		{Key: "sandbox.dir", Value: s.cfg.Sandbox, Source: sourceOf(s.cfg.SandboxFromEnv, "environment "+rewrite.EnvSandbox+" or --sandbox", "default or policy file")},
		{Key: "sandbox.mode", Value: string(s.cfg.Mode), Source: sourceOf(s.cfg.ModeFromEnv, "environment "+rewrite.EnvMode, "default or policy file")},
		{Key: "sandbox.approve", Value: string(s.cfg.Approve), Source: sourceOf(s.cfg.ApproveFromEnv, "environment "+rewrite.EnvApprove, "default, policy file or preset")},
	}, s.entries...)
	for _, src := range s.paths.Sources() {
		entries = append(entries, policyEntry{Key: "path layer", Value: src, Source: "merged"})
	}
	var agents []string
	for a := range s.agents {
		agents = append(agents, a)
	}
	sort.Strings(agents)
	for _, a := range agents {
		f := s.agents[a]
		for _, kv := range []struct {
			k string
			v guards.Verdict
		}{{"writes", f.rule.Writes}, {"deletions", f.rule.Deletions}, {"acquisitions", f.rule.Acquisitions}, {"commands", f.rule.Commands}} {
			if kv.v > guards.Allow {
				entries = append(entries, policyEntry{Key: "agents." + a + "." + kv.k, Value: kv.v.String(), Source: "effective, from " + strings.Join(f.sources, ", ")})
			}
		}
	}
	for _, f := range s.candidates {
		state := "not present"
		if contains(s.files, f) {
			state = "read"
		}
		entries = append(entries, policyEntry{Key: "file", Value: f, Source: state})
	}
	for _, e := range s.broken {
		entries = append(entries, policyEntry{Key: "error", Value: e.Error(), Source: "NOT applied"})
	}
	if asJSON {
		enc := json.NewEncoder(env.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(entries)
	}
	width := 0
	for _, e := range entries {
		width = max(width, len(e.Key))
	}
	for _, e := range entries {
		fmt.Fprintf(env.stdout, "%-*s  %s  %s\n", width, e.Key, e.Value, env.paint("dim", "("+e.Source+")"))
	}
	return nil
}

func sourceOf(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// initPreset is "corral init --preset": the preset goes into the user's
// policy file, which is created (commented) when there is none.
func (env *runtimeEnv) initPreset(c *cli.Command, preset string) error {
	if guards.PresetRank(preset) < 0 {
		return &usageError{cmd: c, msg: fmt.Sprintf("unknown preset %q (want standard, strict or paranoid)", preset)}
	}
	path, err := env.policyInitPath("user", env.cwd(""))
	if err != nil {
		return err
	}
	if c.Bool("dry-run") {
		fmt.Fprintf(env.stdout, "corral: would set \"preset\": %q in %s\n", preset, path)
		return nil
	}
	if err := SetUserPreset(path, preset); err != nil {
		return err
	}
	fmt.Fprintf(env.stdout, "corral: preset %s set in %s\n", preset, path)
	return nil
}

var presetKey = lazy.Regexp{Expr: `"preset"\s*:\s*"[^"]*"`}

// SetUserPreset sets "preset" in the policy file at path, keeping the rest
// of the file (comments included); a missing file is written from the
// commented template. The result must load, or the file is left alone.
func SetUserPreset(path, preset string) error {
	data, err := readPolicyFile(path)
	if os.IsNotExist(err) {
		return WritePolicyTemplate(path, "user", preset, false)
	}
	if err != nil {
		return err
	}
	text := string(data)
	if presetKey.Get().MatchString(text) {
		text = presetKey.Get().ReplaceAllLiteralString(text, fmt.Sprintf("%q: %q", "preset", preset))
	} else if i := strings.IndexByte(text, '{'); i >= 0 {
		text = text[:i+1] + fmt.Sprintf("\n  %q: %q,", "preset", preset) + text[i+1:]
	}
	pf, err := guards.LoadPolicy(path, []byte(text))
	if err != nil || pf.Format != "corral" || pf.Preset != preset {
		return fmt.Errorf("cannot set the preset in %s (it is not in corral's format or does not load: %v); set \"preset\": %q there by hand", path, err, preset)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
