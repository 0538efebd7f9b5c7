package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/corral-dev/corral/cmd/corral/internal/allowlist"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// maxInput bounds the hook input read from stdin.
const maxInput = 64 << 20

func (env *runtimeEnv) hookCommand() *cli.Command {
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer a PreToolUse hook: JSON on stdin, decision on stdout; always exits 0",
		UsageText: "corral hook [--policy FILE]...",
		Metadata:  example(`echo '{"tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}' | corral hook`),
		Flags: []cli.Flag{
			&cli.StringSliceFlag{Name: "policy", Usage: "policy `FILE` (corral's format, write-policies.json or guardrails.json); repeatable"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			env.hook(c.StringSlice("policy"))
			return nil
		},
	}
}

// hookCall is one hook invocation, normalised over the input shapes.
type hookCall struct {
	event   string
	tool    string
	input   map[string]any
	session string
	cwd     string
	codex   bool
	gemini  bool
}

func (env *runtimeEnv) hook(policies []string) {
	data, err := io.ReadAll(io.LimitReader(env.stdin, maxInput+1))
	if err != nil || len(data) > maxInput {
		fmt.Fprintf(env.stderr, "corral: cannot read hook input (%v, %d bytes); allowing (fail open)\n", err, len(data))
		return
	}
	hc, err := parseHookInput(data)
	if err != nil {
		fmt.Fprintf(env.stderr, "corral: hook input is not valid JSON (%v); allowing (fail open)\n", err)
		return
	}
	if hc.event == "SessionEnd" {
		if hc.session != "" {
			if n, err := env.allowlist().ClearSession(hc.session); err != nil {
				fmt.Fprintf(env.stderr, "corral: cannot clear session approvals: %v\n", err)
			} else if n > 0 {
				fmt.Fprintf(env.stderr, "corral: forgot %d approval(s) of session %s\n", n, hc.session)
			}
		}
		return
	}
	if hc.cwd == "" {
		hc.cwd = env.cwd("")
	}
	s := env.loadSettings(hc.cwd, policies)
	for _, n := range s.notes {
		fmt.Fprintf(env.stderr, "corral: %s\n", n)
	}
	var a *answer
	switch hc.tool {
	case "Bash", "run_shell_command", "shell", "exec_command":
		a = env.bash(s, hc)
	case "Write", "Edit", "MultiEdit", "NotebookEdit", "write_file", "replace", "apply_patch":
		a = env.write(s, hc)
	}
	if a == nil {
		return
	}
	env.emit(hc, a)
}

func parseHookInput(data []byte) (*hookCall, error) {
	var in hookInput
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		return nil, err
	}
	hc := &hookCall{event: in.HookEventName, tool: in.ToolName, session: in.SessionID, cwd: in.Cwd}
	raw := in.ToolInput
	if hc.tool == "" {
		hc.tool = in.Tool
	}
	if len(raw) == 0 || string(raw) == "null" {
		raw = in.Arguments
	}
	if hc.session == "" {
		hc.session = in.SessionIDOld
	}
	hc.input = map[string]any{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &hc.input); err != nil {
			return nil, fmt.Errorf("tool_input: %v", err)
		}
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(data, &fields) == nil {
		_, hc.codex = fields["turn_id"]
	}
	hc.gemini = hc.event == "BeforeTool"
	return hc, nil
}

// answer is a decision ready to be written in an agent's wire format.
type answer struct {
	decision string // "allow", "deny", "ask", or "" (no decision)
	reason   string
	context  string
	updated  map[string]any
	// exit2 asks for seed 000's exit status 2 with reason on stderr.
	exit2 bool
}

func (env *runtimeEnv) emit(hc *hookCall, a *answer) {
	out := hookOutput{}
	if hc.gemini {
		if a.decision == "deny" || a.decision == "ask" {
			out.Decision, out.Reason = "deny", a.reason
		}
		if a.updated != nil {
			out.HookSpecificOutput = &hookSpecific{HookEventName: "BeforeTool", ToolInput: a.updated}
		}
	} else {
		hs := &hookSpecific{HookEventName: "PreToolUse", PermissionDecision: a.decision,
			PermissionDecisionReason: a.reason, UpdatedInput: a.updated, AdditionalContext: a.context}
		if hc.codex && a.decision == "ask" {
			// Codex has no ask: refuse, the reason says how to approve.
			hs.PermissionDecision = "deny"
		}
		out.HookSpecificOutput = hs
	}
	b, _ := json.Marshal(out)
	fmt.Fprintf(env.stdout, "%s\n", b)
}

// bash decides about a shell command.
func (env *runtimeEnv) bash(s *settings, hc *hookCall) *answer {
	cmd, ok := hc.input["command"].(string)
	if !ok {
		if _, present := hc.input["command"]; present {
			fmt.Fprintf(env.stderr, "corral: tool_input.command is not a string; allowing (fail open)\n")
		}
		return nil
	}
	res := rewrite.Check(s.cfg, cmd)
	for _, n := range res.Notes {
		fmt.Fprintf(env.stderr, "corral: %s\n", n)
	}
	rec := audit.Record{TS: env.now(), Tool: "Bash", Operation: cmd, SessionID: hc.session, Cwd: hc.cwd, PathContext: "n/a"}
	switch res.Decision {
	case rewrite.Allow:
		return nil
	case rewrite.Warn:
		rec.Action, rec.Rule, rec.Reason = "warn", rulesOf(res), summary(res)
		env.log(rec)
		return &answer{context: "corral: " + summary(res)}
	case rewrite.Rewrite:
		updated := copyInput(hc.input)
		updated["command"] = res.Rewritten
		a := &answer{updated: updated, reason: "corral: " + summary(res), context: rewriteContext(s, res)}
		switch {
		case res.Approve || hc.codex:
			a.decision = "allow"
		case s.cfg.Approve == rewrite.ApproveAsk:
			a.decision = "ask"
		}
		for _, f := range res.Findings {
			if f.Decision == rewrite.Rewrite && f.Dest != "" {
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
		env.log(rec)
		return a
	case rewrite.Ask:
		if ok, err := env.allowlist().Allowed(hc.session, "Bash", cmd); err == nil && ok {
			rec.Action, rec.Rule = "confirmed_allow", "session_allowlist"
			env.log(rec)
			return &answer{decision: "allow", reason: "corral: approved earlier in this session with corral confirm"}
		}
		rec.Action, rec.Rule, rec.Reason = "confirm_required", rulesOf(res), summary(res)
		rec.PathContext = pathContext(res)
		env.log(rec)
		return &answer{decision: "ask", reason: askReason(res, hc, "Bash", cmd)}
	default:
		rec.Action, rec.Rule, rec.Reason = "block", rulesOf(res), summary(res)
		rec.PathContext = pathContext(res)
		env.log(rec)
		reason := "corral blocked this command. " + findingLines(res, rewrite.Deny)
		if res.Suggested != "" {
			reason += "\nExternal content must land in the sandbox (" + s.cfg.Sandbox + "). Run instead:\n" + res.Suggested
			fmt.Fprintf(env.stderr, "[SandboxEnforcer] BLOCKED: %s. Use: %s\n", summary(res), res.Suggested)
		}
		return &answer{decision: "deny", reason: reason}
	}
}

func copyInput(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
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
func askReason(res *rewrite.Result, hc *hookCall, tool, op string) string {
	var b strings.Builder
	b.WriteString("corral needs the user's confirmation before this runs.\n")
	b.WriteString(findingLines(res, rewrite.Ask))
	b.WriteString("\nAsk the user. If they approve, run exactly:\n")
	b.WriteString(confirmCommand(hc.session, tool, op))
	b.WriteString("\nand then retry the same command.")
	return b.String()
}

func confirmCommand(session, tool, op string) string {
	parts := []string{"corral", "confirm"}
	if session != "" {
		parts = append(parts, "--session", shellQuote(session))
	}
	if tool != "Bash" {
		parts = append(parts, "--tool", tool)
	}
	return strings.Join(append(parts, shellQuote(op)), " ")
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (env *runtimeEnv) log(r audit.Record) {
	path := env.getenv("CORRAL_AUDIT_LOG")
	if path == "" {
		path = audit.DefaultPath()
	}
	if path == "off" {
		return
	}
	if err := audit.Open(path, auditMaxBytes).Append(r); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot write the audit log: %v\n", err)
	}
}

const auditMaxBytes = 10 << 20

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

// write decides about a file write (Write, Edit, MultiEdit, NotebookEdit,
// Gemini's write_file/replace, Codex's apply_patch).
func (env *runtimeEnv) write(s *settings, hc *hookCall) *answer {
	type target struct {
		path   string
		action guards.Action
	}
	var targets []target
	for _, k := range []string{"file_path", "notebook_path", "path"} {
		if p, ok := hc.input[k].(string); ok && p != "" {
			targets = append(targets, target{p, guards.Write})
			break
		}
	}
	if hc.tool == "apply_patch" {
		// The patch text's field name differs between versions: look at
		// every string (and string list) of the input.
		for _, v := range hc.input {
			texts := []string{}
			switch x := v.(type) {
			case string:
				texts = append(texts, x)
			case []any:
				for _, e := range x {
					if s, ok := e.(string); ok {
						texts = append(texts, s)
					}
				}
			}
			for _, text := range texts {
				for _, pt := range patchTargets(text) {
					targets = append(targets, target{pt.path, pt.action})
				}
			}
		}
		sort.Slice(targets, func(i, j int) bool { return targets[i].path < targets[j].path })
	}
	if len(targets) == 0 {
		return nil
	}
	ge := s.guardsEnv()
	worst := guards.Decision{}
	for _, t := range targets {
		d := s.decidePath(ge, t.path, t.action)
		if d.Verdict > worst.Verdict || worst.Path.Given == "" {
			worst = d
		}
	}
	tool := hc.tool
	rec := audit.Record{TS: env.now(), Tool: tool, Operation: worst.Path.Given, SessionID: hc.session, Cwd: hc.cwd,
		Rule: worst.Rule, PathContext: orNA(worst.PathContext), Reason: worst.Message}
	switch worst.Verdict {
	case guards.Allow:
		return nil
	case guards.Warn:
		rec.Action = "warn"
		env.log(rec)
		// Seed 001 AC-3.6: allow with the warning as the reason; the model
		// only sees additionalContext.
		return &answer{decision: "allow", reason: worst.Message, context: "corral: " + worst.Message}
	case guards.Ask:
		if ok, err := env.allowlist().Allowed(hc.session, tool, worst.Path.Given); err == nil && ok {
			rec.Action, rec.Rule = "confirmed_allow", "session_allowlist"
			env.log(rec)
			return &answer{decision: "allow", reason: "corral: approved earlier in this session with corral confirm"}
		}
		rec.Action = "confirm_required"
		env.log(rec)
		reason := fmt.Sprintf("corral needs the user's confirmation: %s (%s, rule %s).\nAsk the user. If they approve, run exactly:\n%s\nand then retry.",
			worst.Message, worst.Path.Abs, worst.Rule, confirmCommand(hc.session, tool, worst.Path.Given))
		return &answer{decision: "ask", reason: reason}
	default:
		rec.Action = "block"
		env.log(rec)
		fmt.Fprintln(env.stderr, worst.Message)
		return &answer{decision: "deny", reason: worst.Message}
	}
}

func orNA(s string) string {
	if s == "" {
		return "n/a"
	}
	return s
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
	return d
}

type patchTarget struct {
	path   string
	action guards.Action
}

// patchTargets lists the files an apply_patch envelope touches.
func patchTargets(patch string) []patchTarget {
	var out []patchTarget
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		for prefix, a := range map[string]guards.Action{"*** Add File: ": guards.Write, "*** Update File: ": guards.Write, "*** Delete File: ": guards.Delete, "*** Move to: ": guards.Write} {
			if strings.HasPrefix(line, prefix) {
				out = append(out, patchTarget{strings.TrimSpace(strings.TrimPrefix(line, prefix)), a})
			}
		}
	}
	return out
}
