package app

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/corral-dev/corral/internal/digest"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/allowlist"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/cmd/corral/internal/bigstack"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// maxInput bounds the hook input read from stdin.
const maxInput = 64 << 20

func (env *runtimeEnv) hookCommand() *cli.Command {
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer an agent's pre-tool hook: JSON on stdin, decision on stdout; exits 0 (2 where the agent blocks on exit status 2)",
		UsageText: "corral hook [--agent NAME] [--policy FILE]...",
		Metadata:  example(`echo '{"tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}' | corral hook --agent claude`),
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "agent", Usage: "the agent calling (" + strings.Join(agent.Names(), ", ") + "); default: recognised from the input's shape"},
			&cli.StringSliceFlag{Name: "policy", Usage: "policy `FILE` (corral's format, write-policies.json or guardrails.json); repeatable"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			return env.hook(c.String("agent"), c.StringSlice("policy"))
		},
	}
}

// hook answers one hook call: the agent's adapter decodes the input into a
// neutral request, the decision code below answers it, and the adapter
// encodes the answer in the agent's wire format. Anything it cannot read
// is allowed with a note on stderr (fail open).
func (env *runtimeEnv) hook(agentName string, policies []string) error {
	data, err := io.ReadAll(io.LimitReader(env.stdin, maxInput+1))
	if err != nil || len(data) > maxInput {
		fmt.Fprintf(env.stderr, "corral: cannot read hook input (%v, %d bytes); allowing (fail open)\n", err, len(data))
		return nil
	}
	var ad agent.Adapter
	if agentName != "" {
		if ad = agent.ByName(agentName); ad == nil {
			fmt.Fprintf(env.stderr, "corral: unknown --agent %q (known: %s); allowing (fail open)\n", agentName, strings.Join(agent.Names(), ", "))
			return nil
		}
	} else if ad = agent.Recognize(data); ad == nil {
		if json.Valid(data) {
			fmt.Fprintf(env.stderr, "corral: no agent's hook input looks like this; allowing (fail open). Register corral with `corral init --agent NAME` so that it knows who calls.\n")
		} else {
			fmt.Fprintf(env.stderr, "corral: hook input is not valid JSON; allowing (fail open)\n")
		}
		return nil
	}
	req, err := ad.Decode(data)
	if err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot read %s's hook input (%v); allowing (fail open)\n", ad.Title(), err)
		return nil
	}
	switch req.Event {
	case agent.SessionEnd:
		env.sessionEnd(req.Session)
		return nil
	case agent.PreTool:
	default:
		return nil
	}
	if req.Kind == "" {
		return nil
	}
	if req.Cwd == "" {
		req.Cwd = env.cwd("")
	}
	s := env.loadSettings(req.Cwd, policies)
	if req.Kind == agent.Shell && req.Dir != "" {
		// The shell tool runs the command in the directory its input
		// names (Codex's workdir, Gemini CLI's dir_path): the command is
		// judged there; the project, its policy and the sandbox stay the
		// hook's. A leading "~" is taken as the home directory, whether or
		// not the agent expands it (judging there only adds asks).
		dir := req.Dir
		if rest, ok := strings.CutPrefix(dir, "~"); ok && s.cfg.Home != "" && (rest == "" || rest[0] == '/') {
			dir = filepath.Join(s.cfg.Home, rest)
		}
		if filepath.IsAbs(dir) {
			s.cfg.Cwd, req.Cwd = dir, dir
		}
	}
	for _, n := range s.notes {
		fmt.Fprintf(env.stderr, "corral: %s\n", n)
	}
	env.loadEarlier(s, req.Session)
	// A broken policy is said on stderr above, every call, and to the
	// model once per session (the hook still fails open on it).
	notice := ""
	if len(s.broken) > 0 {
		notice = env.brokenPolicyNotice(s, req.Session)
	}
	var a *agent.Answer
	switch req.Kind {
	case agent.Shell:
		a = env.bashWithin(s, req, ad.Caps().Rewrite && !req.NoRewrite)
	case agent.Write, agent.Edit, agent.Patch, agent.Delete:
		a = env.write(s, req)
	case agent.Read:
		a = env.readGuard(s, req)
	case agent.Skill:
		a = env.skill(s, req)
	case agent.MCP:
		a = env.mcp(s, req)
	}
	if notice != "" {
		if a == nil {
			a = &agent.Answer{}
		}
		a.Context = strings.TrimPrefix(a.Context+"\n"+notice, "\n")
	}
	if a == nil {
		return nil
	}
	reply := ad.Encode(req, *a)
	if len(reply.Stdout) > 0 {
		env.stdout.Write(reply.Stdout)
	}
	if reply.Stderr != "" {
		fmt.Fprintln(env.stderr, reply.Stderr)
	}
	if reply.Exit == 2 {
		return exitCode(2)
	}
	return nil
}

// sessionEnd forgets a session's approvals.
func (env *runtimeEnv) sessionEnd(session string) {
	if session == "" {
		return
	}
	if err := env.unread().ClearSession(session); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot clear the session's record of decoded files: %v\n", err)
	}
	if n, err := env.allowlist().ClearSession(session); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot clear session approvals: %v\n", err)
	} else if n > 0 {
		fmt.Fprintf(env.stderr, "corral: forgot %d approval(s) of session %s\n", n, session)
	}
}

// hookBudget is how long the hook judges a shell command before it
// gives up and asks. An agent treats a hook that outlasts its own timeout
// as a failed hook and runs the command (Claude Code, and Codex with the
// 30 seconds corral init gives it), so a command long or tangled enough
// to keep the engine busy must not end there.
var hookBudget = 20 * time.Second

// judgements counts the judgements bashWithin started that have not
// ended; tests wait for it so that nothing writes into their
// directories after they end.
var judgements sync.WaitGroup

// bashWithin is bash, bounded by hookBudget: past it the answer is an
// ask (a deny for agents that cannot ask) naming the reason, and the
// judgement still running is left to end with the process.
func (env *runtimeEnv) bashWithin(s *settings, req *agent.Request, canRewrite bool) *agent.Answer {
	// The judgement writes its notes into a buffer of its own, copied
	// out when it ends in time: past the budget nothing it does reaches
	// this call's output.
	inner := *env
	var notes bytes.Buffer
	inner.stderr = &notes
	inner.abandoned = new(atomic.Bool)
	done := make(chan *agent.Answer, 1)
	judgements.Add(1)
	go func() {
		defer judgements.Done()
		bigstack.Grow()
		done <- inner.bash(s, req, canRewrite)
	}()
	timer := time.NewTimer(hookBudget)
	defer timer.Stop()
	select {
	case a := <-done:
		env.stderr.Write(notes.Bytes())
		return a
	case <-timer.C:
	}
	inner.abandoned.Store(true)
	why := fmt.Sprintf("corral could not finish judging this command within %s (it is very long or very nested), so it cannot vouch for it. Split it into smaller commands, or ask the user to run it.", hookBudget)
	env.log(audit.Record{TS: env.now(), Tool: "Bash", Operation: req.Command, SessionID: req.Session, Cwd: req.Cwd, PathContext: "n/a",
		AgentType: req.AgentType, Action: "confirm_required", Rule: "hook-budget", Reason: why})
	return &agent.Answer{Decision: agent.Ask, Reason: why}
}

// bash decides about a shell command.
// canRewrite says whether the agent can take a rewritten command; when it
// cannot, its adapter refuses the original and names the rewritten one.
func (env *runtimeEnv) bash(s *settings, req *agent.Request, canRewrite bool) *agent.Answer {
	cmd := req.Command
	unread := env.unread()
	res := s.check(cmd, req.AgentType)
	if res.Decision == rewrite.Rewrite {
		if msg := sandboxMoved(s.cfg.Sandbox); msg != "" {
			res.Decision, res.Rewritten, res.Approve = rewrite.Deny, "", false
			res.Findings = append(res.Findings, rewrite.Finding{Rule: "sandbox-moved", Decision: rewrite.Deny, End: len(cmd), Text: cmd, Message: msg})
		}
	}
	if severity(res.Decision) == 0 && req.Cwd != "" && !res.ChangesNothing {
		// A write here can change what an agent command, a hook after
		// tool calls or the user's next git commit runs later; a command
		// that writes nothing cannot.
		if dec, why := s.laterRunsAbove(req.Cwd, cmd, req.AgentType); dec != rewrite.Allow {
			res.Decision = dec
			res.Findings = append(res.Findings, rewrite.Finding{Rule: guards.AgentCodeRule, Decision: dec, End: len(cmd), Text: cmd, Message: why})
		}
	}
	if severity(res.Decision) < 2 && req.Cwd != "" && len(res.HookConfigs) > 0 {
		// A git-hook manager's configuration written here is run by the
		// manager's hook at the user's commits, installed now or later,
		// as a Write of it is judged (hookConfigWrite).
		if dec, why := s.hookConfigRuns(cmd, res.HookConfigs, req.AgentType); severity(dec) > severity(res.Decision) {
			res.Decision = dec
			res.Findings = append(res.Findings, rewrite.Finding{Rule: guards.AgentCodeRule, Decision: dec, End: len(cmd), Text: cmd, Message: why})
		}
	}
	for _, n := range res.Notes {
		fmt.Fprintf(env.stderr, "corral: %s\n", n)
	}
	rec := audit.Record{TS: env.now(), Tool: "Bash", Operation: cmd, SessionID: req.Session, Cwd: req.Cwd, PathContext: "n/a", AgentType: req.AgentType}
	switch res.Decision {
	case rewrite.Allow:
		if a := env.noteUnread(unread, req, res); a != nil {
			rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
			env.log(rec)
			return a
		}
		return nil
	case rewrite.Warn:
		if a := env.noteUnread(unread, req, res); a != nil {
			rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
			env.log(rec)
			return a
		}
		rec.Action, rec.Rule, rec.Reason = "warn", rulesOf(res), summary(res)
		env.log(rec)
		return &agent.Answer{Context: "corral: " + summary(res)}
	case rewrite.Rewrite:
		a := &agent.Answer{Rewritten: res.Rewritten, Reason: rewriteReason(s, res), Context: rewriteContext(s, res)}
		switch {
		case res.Approve:
			a.Decision = agent.Allow
		case s.cfg.Approve == rewrite.ApproveAsk:
			a.Decision = agent.Ask
		}
		for _, f := range res.Findings {
			if f.Decision == rewrite.Rewrite && f.Dest != "" && canRewrite {
				what := "download"
				if strings.Contains(f.Kind, "clone") || strings.Contains(f.Kind, "checkout") {
					what = f.Kind
				}
				fmt.Fprintf(env.stderr, "[SandboxEnforcer] Redirected %s to sandbox: %s\n", what, f.Dest)
			}
		}
		if err := os.MkdirAll(s.cfg.Sandbox, 0o755); err != nil {
			fmt.Fprintf(env.stderr, "corral: cannot create the sandbox %s: %v\n", s.cfg.Sandbox, err)
		}
		rec.Action, rec.Rule, rec.Rewritten, rec.Reason = "rewrite", rulesOf(res), res.Rewritten, summary(res)
		if !canRewrite {
			// The agent cannot run a rewritten command: it is refused, and
			// told the sandboxed one (seed 003's block mode, per agent).
			rec.Action = "block"
			fmt.Fprintf(env.stderr, "[SandboxEnforcer] BLOCKED: %s. Use: %s\n", summary(res), res.Rewritten)
		}
		env.log(rec)
		return a
	case rewrite.Ask:
		if ok, err := env.allowlist().AllowedAt(req.Session, "Bash", cmd, bashBinding(req, res)); err == nil && ok {
			if a := env.noteUnread(unread, req, res); a != nil {
				rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
				env.log(rec)
				return a
			}
			rec.Action, rec.Rule = "confirmed_allow", "session_allowlist"
			env.log(rec)
			return &agent.Answer{Decision: agent.Allow, Reason: "corral: approved earlier in this session with corral confirm"}
		}
		env.noteAsked(unread, req, res)
		rec.Action, rec.Rule, rec.Reason = "confirm_required", rulesOf(res), summary(res)
		rec.PathContext = pathContext(res)
		env.log(rec)
		return &agent.Answer{Decision: agent.Ask, Reason: askReason(res, req, "Bash", cmd)}
	default:
		rec.Action, rec.Rule, rec.Reason = "block", rulesOf(res), summary(res)
		rec.PathContext = pathContext(res)
		env.log(rec)
		reason := "corral blocked this command. " + findingLines(res, rewrite.Deny)
		if res.Suggested != "" {
			reason += "\nExternal content must land in the sandbox (" + s.cfg.Sandbox + "). Run instead:\n" + res.Suggested
			fmt.Fprintf(env.stderr, "[SandboxEnforcer] BLOCKED: %s. Use: %s\n", summary(res), res.Suggested)
		}
		return &agent.Answer{Decision: agent.Deny, Reason: reason}
	}
}

func rulesOf(res *rewrite.Result) string {
	var names []string
	seen := map[string]bool{}
	for _, f := range res.Findings {
		if f.Decision == res.Decision && !seen[f.Rule] {
			seen[f.Rule] = true
			names = append(names, f.Rule)
		}
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

func pathContext(res *rewrite.Result) string {
	for _, f := range res.Findings {
		if f.Decision == res.Decision && f.PathContext != "" {
			return f.PathContext
		}
	}
	return "n/a"
}

// summary is a one-line account of the findings that made the decision.
func summary(res *rewrite.Result) string {
	var parts []string
	for _, f := range res.Findings {
		if f.Decision == res.Decision {
			parts = append(parts, f.Rule+": "+f.Message)
		}
	}
	return strings.Join(parts, "; ")
}

func findingLines(res *rewrite.Result, d rewrite.Decision) string {
	var b strings.Builder
	for _, f := range res.Findings {
		if f.Decision >= d {
			fmt.Fprintf(&b, "\n- %s: %s (in: %s)", f.Rule, f.Message, oneLine(f.Text))
		}
	}
	return strings.TrimPrefix(b.String(), "\n")
}

func oneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// rewriteContext tells the model what changed, where the content now is.
func rewriteContext(s *settings, res *rewrite.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "corral rewrote this command so that external content lands in the sandbox %s.\n", s.cfg.Sandbox)
	for _, f := range res.Findings {
		if f.Decision == rewrite.Rewrite && f.Dest != "" {
			fmt.Fprintf(&b, "- %s: now at %s\n", f.Kind, f.Dest)
		}
	}
	fmt.Fprintf(&b, "The command that ran: %s\n", res.Rewritten)
	b.WriteString("Use the sandbox paths above from now on (for example cd into them); the original locations are empty.")
	return b.String()
}

// askReason explains an ask and says how the user can approve it.
func askReason(res *rewrite.Result, req *agent.Request, tool, op string) string {
	var b strings.Builder
	b.WriteString("corral needs the user's confirmation before this runs.\n")
	b.WriteString(findingLines(res, rewrite.Ask))
	b.WriteString("\nAsk the user. If they approve, THE USER runs in their own terminal (corral refuses it from the agent):\n")
	b.WriteString(confirmCommand(req.Session, tool, op, bashBinding(req, res)))
	b.WriteString("\nand then you retry the same command.")
	return b.String()
}

func confirmCommand(session, tool, op string, bind allowlist.Binding) string {
	parts := []string{"corral", "confirm"}
	if session != "" {
		parts = append(parts, "--session", shellQuote(session))
	}
	if tool != "Bash" {
		parts = append(parts, "--tool", tool)
	}
	if bind.Cwd != "" {
		parts = append(parts, "--cwd", shellQuote(bind.Cwd))
	}
	if bind.ContentSHA256 != "" {
		parts = append(parts, "--content-sha256", bind.ContentSHA256)
	}
	if bind.FilesSHA256 != "" {
		parts = append(parts, "--files-sha256", bind.FilesSHA256)
	}
	return strings.Join(append(parts, shellQuote(op)), " ")
}

// bashBinding binds the approval of a command to the directory it runs in
// (red team 14 AP1: rm -r ../x approved in one directory deletes another
// thing from the next): the shell tool's own directory when its input
// names one (Codex's workdir), else the call's; and to the files the
// engine read to judge it (red team 15 AP2: bash x.sh approved once ran
// any later text of x.sh), their digest when it read any.
func bashBinding(req *agent.Request, res *rewrite.Result) allowlist.Binding {
	b := allowlist.Binding{Cwd: req.Cwd, FilesSHA256: res.ReadDigest()}
	if req.Dir != "" {
		b.Cwd = req.Dir
	}
	return b
}

// writeBinding binds the approval of a Write or Edit to its tool input
// (red team 14 AP1: approving a path approved any later text of it): the
// SHA-256 of the input as JSON, whose object keys Go writes sorted, so
// that the same call sent again has the same hash.
func writeBinding(req *agent.Request) allowlist.Binding {
	if req.Input == nil {
		return allowlist.Binding{}
	}
	b, err := json.Marshal(req.Input)
	if err != nil {
		return allowlist.Binding{}
	}
	return allowlist.Binding{ContentSHA256: digest.Hex256(b)}
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// auditLogPath is the audit log: CORRAL_AUDIT_LOG, else the default.
func (env *runtimeEnv) auditLogPath() string {
	if path := env.getenv("CORRAL_AUDIT_LOG"); path != "" {
		return path
	}
	return audit.DefaultPath()
}

func (env *runtimeEnv) log(r audit.Record) {
	path := env.auditLogPath()
	if path == "off" || env.abandoned != nil && env.abandoned.Load() {
		return
	}
	if err := audit.Open(path, auditMaxBytes).Append(r); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot write the audit log: %v\n", err)
	}
}

const auditMaxBytes = 10 << 20

// personLockWait is how long the person's corral confirm and session
// clear wait for the approvals' lock that another process holds (the
// hook gives up after filelock.Wait, 2 s, and fails closed: not
// approved).
const personLockWait = 30 * time.Second

func (env *runtimeEnv) allowlist() *allowlist.Store {
	ttl := confirmTTL
	if v := env.getenv("CORRAL_CONFIRM_TTL"); v != "" {
		if d, err := time.ParseDuration(v); err == nil && d > 0 {
			ttl = d
		} else {
			fmt.Fprintf(env.stderr, "corral: CORRAL_CONFIRM_TTL=%q is not a duration such as 12h; using %s\n", v, confirmTTL)
		}
	}
	return allowlist.Open(allowlist.DefaultPath(), ttl, env.now)
}

// write decides about a file write, edit, patch or deletion, whatever the
// agent calls the tool (Write, Edit, MultiEdit, NotebookEdit, Gemini's
// write_file/replace, Codex's apply_patch, Copilot's create/edit, …).
func (env *runtimeEnv) write(s *settings, req *agent.Request) *agent.Answer {
	type target struct {
		path   string
		action guards.Action
	}
	var targets []target
	action := guards.Write
	if req.Kind == agent.Delete {
		action = guards.Delete
	}
	for _, p := range req.Paths {
		targets = append(targets, target{p, action})
	}
	if req.Kind == agent.Patch {
		for _, f := range rewrite.PatchFiles(req.Patch) {
			targets = append(targets, target{f.Name, f.Action})
		}
	}
	sort.SliceStable(targets, func(i, j int) bool { return targets[i].path < targets[j].path })
	if len(targets) == 0 {
		return nil
	}
	ge := s.guardsEnv()
	worst := guards.Decision{}
	for _, t := range targets {
		d := s.agentPathFloor(s.decidePath(ge, t.path, t.action), t.action, req.AgentType)
		if sd, ok := s.secretChange(ge, req.Tool, t.path, t.action); ok && sd.Verdict > d.Verdict {
			d = sd
		}
		if t.action == guards.Write && d.Verdict < guards.Deny && len(req.Paths) == 1 {
			d = s.importedSecret(req, t.path, d)
		}
		if d.Rule == guards.AgentCodeRule && d.Verdict == guards.Ask && len(req.Paths) == 1 {
			d = s.agentCode(req, t.path, d)
		}
		if d.Rule == guards.AgentMCPRule && d.Verdict == guards.Ask && len(req.Paths) == 1 {
			d = s.agentMCP(req, t.path, d)
		}
		if d.Rule == guards.EditorAutoRunRule && d.Verdict == guards.Ask && len(req.Paths) == 1 {
			d = s.editorAutoRun(req, t.path, d)
		}
		if t.action == guards.Write && d.Verdict < guards.Ask && len(req.Paths) == 1 {
			d = editorSettingsWrite(req, t.path, d)
		}
		if t.action == guards.Write && d.Verdict < guards.Deny {
			d = s.siteStart(req, t.path, d)
		}
		if d.Verdict < guards.Ask && t.action == guards.Write && len(req.Paths) == 1 {
			d = packageIndexWrite(req, t.path, d)
		}
		if t.action == guards.Write && d.Verdict < guards.Ask {
			d = s.scriptsRunLater(req, t.path, d)
		}
		if t.action == guards.Write && d.Verdict < guards.Deny {
			d = s.hookConfigWrite(req, t.path, d)
		}
		if t.action == guards.Write && d.Verdict < guards.Deny {
			d = s.codeConfigWrite(req, t.path, d)
		}
		if d.Verdict > worst.Verdict || worst.Path.Given == "" {
			worst = d
		}
	}
	tool := req.Tool
	rec := audit.Record{TS: env.now(), Tool: tool, Operation: worst.Path.Given, SessionID: req.Session, Cwd: req.Cwd, AgentType: req.AgentType,
		Rule: worst.Rule, PathContext: orNA(worst.PathContext), Reason: worst.Message}
	switch worst.Verdict {
	case guards.Allow:
		if a := env.noteWritten(req, true); a != nil {
			rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
			env.log(rec)
			return a
		}
		return nil
	case guards.Warn:
		if a := env.noteWritten(req, true); a != nil {
			rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
			env.log(rec)
			return a
		}
		rec.Action = "warn"
		env.log(rec)
		// Seed 001 AC-3.6: allow with the warning as the reason; the model
		// only sees additionalContext.
		return &agent.Answer{Decision: agent.Allow, Reason: worst.Message, Context: "corral: " + worst.Message}
	case guards.Ask:
		if ok, err := env.allowlist().AllowedAt(req.Session, tool, worst.Path.Given, writeBinding(req)); err == nil && ok {
			if a := env.noteWritten(req, true); a != nil {
				rec.Action, rec.Rule, rec.Reason = "confirm_required", "unread-record", a.Reason
				env.log(rec)
				return a
			}
			rec.Action, rec.Rule = "confirmed_allow", "session_allowlist"
			env.log(rec)
			return &agent.Answer{Decision: agent.Allow, Reason: "corral: approved earlier in this session with corral confirm"}
		}
		env.noteWritten(req, false)
		rec.Action = "confirm_required"
		env.log(rec)
		reason := fmt.Sprintf("corral needs the user's confirmation: %s (%s, rule %s).\nAsk the user. If they approve, THE USER runs in their own terminal (corral refuses it from the agent):\n%s\nand then you retry.",
			worst.Message, worst.Path.Abs, worst.Rule, confirmCommand(req.Session, tool, worst.Path.Given, writeBinding(req)))
		return &agent.Answer{Decision: agent.Ask, Reason: reason}
	default:
		rec.Action = "block"
		env.log(rec)
		fmt.Fprintln(env.stderr, worst.Message)
		return &agent.Answer{Decision: agent.Deny, Reason: worst.Message}
	}
}

func orNA(s string) string {
	if s == "" {
		return "n/a"
	}
	return s
}

// secretChange judges a write tool's change of a secret file that is on
// disk (an Edit of ~/.netrc, a Write over a project's .git-credentials)
// as a read of it is judged: an edit tool answers with the file's lines
// around the change, and either replaces a credential the user keeps. A
// file not there yet holds no secret to show or lose; a deletion reads
// nothing.
func (s *settings) secretChange(ge guards.Env, tool, path string, a guards.Action) (guards.Decision, bool) {
	if a != guards.Write {
		return guards.Decision{}, false
	}
	sec := s.paths.Secrets()
	sc, ok := sec.Match(ge, path)
	if !ok {
		return guards.Decision{}, false
	}
	if fi, err := os.Stat(sc.Path.Abs); err != nil || !fi.Mode().IsRegular() {
		return guards.Decision{}, false
	}
	return guards.Decision{Verdict: sec.Verdict, Rule: "secret-read", Source: sec.Source, PathContext: "blocked", Path: sc.Path,
		Message: "corral: " + sc.Reason(tool+" changes (and shows) the secret file")}, true
}

// decidePath runs the path guards, with corral's own files protected.
func (s *settings) decidePath(ge guards.Env, path string, a guards.Action) guards.Decision {
	d := s.paths.Decide(ge, path, a)
	for _, p := range s.cfg.Protected {
		if p != "" && guards.Within(p, d.Path.Abs) {
			return guards.Decision{Verdict: guards.Deny, Rule: "corral-config", Source: "corral", PathContext: "blocked", Path: d.Path,
				Message: fmt.Sprintf("Protected path: %s is corral's own configuration or state and cannot be modified by the agent", d.Path.Abs)}
		}
	}
	if a == guards.Write && d.Verdict < guards.Ask {
		if dir := rewrite.HooksDirHolding(s.cfg.RepoTop(), s.cfg.Home, d.Path.Abs); dir != "" {
			return guards.Decision{Verdict: guards.Ask, Rule: "git-hooks-dir", Source: "corral", PathContext: "blocked", Path: d.Path,
				Message: fmt.Sprintf("Git hook: %s is in the hooks directory core.hooksPath names (%s): git runs it on the next commit, checkout or push, the user's own too, outside the agent", d.Path.Abs, dir)}
		}
	}
	return d
}

// brokenPolicyNotice tells the model, once per session, that a policy file
// is broken and corral runs on the rest (stderr says so on every call).
func (env *runtimeEnv) brokenPolicyNotice(s *settings, session string) string {
	var b strings.Builder
	for _, e := range s.broken {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	// The mark's name only has to be stable: a 128-bit FNV hash, not a
	// cryptographic one (crypto/sha256 would link Go's whole FIPS module,
	// whose package initialisation every hook call would pay for).
	h := fnv.New128a()
	h.Write([]byte(session + "\x00" + b.String()))
	dir := filepath.Join(stateDir(), "notices")
	mark := filepath.Join(dir, hex.EncodeToString(h.Sum(nil)))
	if _, err := os.Stat(mark); err == nil {
		return ""
	}
	if os.MkdirAll(dir, 0o700) == nil {
		_ = os.WriteFile(mark, nil, 0o600)
	}
	return "corral: a policy file is broken and is NOT applied (corral runs on the defaults and the other files; tell the user):\n" + strings.TrimSpace(b.String())
}

// sandboxMoved refuses a sandbox root that is a symbolic link: content
// redirected there would land wherever the link points.
func sandboxMoved(sandbox string) string {
	st, err := os.Lstat(sandbox)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return ""
	}
	target, _ := os.Readlink(sandbox)
	return fmt.Sprintf("the sandbox %s is a symbolic link to %s: corral will not send external content there. Ask the user to remove the link (or set CONTENT_FILTER_SANDBOX_DIR)", sandbox, target)
}

// rewriteReason says in one line what corral did and why: "rewritten: git
// clone now clones into agent_sandbox/widget (external content goes to the
// sandbox, not the project)".
func rewriteReason(s *settings, res *rewrite.Result) string {
	var parts []string
	for _, f := range res.Findings {
		if f.Decision != rewrite.Rewrite || f.Dest == "" {
			continue
		}
		dest := f.Dest
		if rel, err := filepath.Rel(s.cfg.Project, dest); err == nil && !strings.HasPrefix(rel, "..") {
			dest = rel
		}
		verb := "now lands in"
		if strings.HasSuffix(f.Kind, "clone") {
			verb = "now clones into"
		}
		kind := f.Kind
		if kind == "" {
			kind = f.Rule
		}
		parts = append(parts, fmt.Sprintf("%s %s %s", kind, verb, dest))
	}
	if len(parts) == 0 {
		return "corral: " + summary(res)
	}
	return "rewritten: " + strings.Join(parts, "; ") + " (external content goes to the sandbox, not the project)"
}
