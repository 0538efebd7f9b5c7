package app

import (
	"bytes"
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

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
	"github.com/urfave/cli/v3"
)

// finding is one line of doctor's report.
type finding struct {
	Status  string `json:"status"` // ok, warn or fail
	Topic   string `json:"topic"`  // an agent, "policy", "sandbox", "self-test"
	Message string `json:"message"`
}

// doctorReport is doctor's whole answer (its --json output).
type doctorReport struct {
	// Protected says corral really checks at least one agent and nothing
	// failed.
	Protected bool      `json:"protected"`
	Agents    []string  `json:"protected_agents"`
	Findings  []finding `json:"findings"`
}

func (r *doctorReport) add(status, topic, format string, args ...any) {
	r.Findings = append(r.Findings, finding{status, topic, fmt.Sprintf(format, args...)})
}

func (r *doctorReport) failed() bool {
	for _, f := range r.Findings {
		if f.Status == "fail" {
			return true
		}
	}
	return false
}

func (env *runtimeEnv) doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check that protection is on: every agent's hooks, other Bash hooks, sandbox, policies, a self-test",
		UsageText: `corral doctor [--json] [--cwd DIR] [--policy FILE]...

   Exit status 1 when protection is not really on.`,
		Metadata: example("corral doctor", "corral doctor --json | jq .protected"),
		Flags:    append(commonFlags(), &cli.BoolFlag{Name: "json", Usage: "print the report as JSON"}),
		Action: func(_ context.Context, c *cli.Command) error {
			r := env.doctor(c)
			if c.Bool("json") {
				enc := json.NewEncoder(env.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(r); err != nil {
					return err
				}
			} else {
				env.printReport(r)
			}
			if !r.Protected {
				return exitCode(1)
			}
			return nil
		},
	}
}

func (env *runtimeEnv) printReport(r *doctorReport) {
	marks := map[string]string{"ok": env.paint("green", "ok  "), "warn": env.paint("yellow", "warn"), "fail": env.paint("red", "FAIL")}
	for _, f := range r.Findings {
		fmt.Fprintf(env.stdout, "%s  %s: %s\n", marks[f.Status], f.Topic, f.Message)
	}
	switch {
	case r.Protected:
		fmt.Fprintf(env.stdout, "corral is on for %s.\n", strings.Join(r.Agents, ", "))
	case len(r.Agents) == 0:
		fmt.Fprintln(env.stdout, env.paint("red", "Protection is NOT on: no agent runs corral's hook. Run `corral init` (Claude Code) or `corral init --agent all`."))
	default:
		fmt.Fprintln(env.stdout, env.paint("red", "Protection is NOT fully on: fix the FAIL lines above."))
	}
}

// doctorSettings loads the settings as the hook would, without printing
// their notes: doctor reports them, once.
func (env *runtimeEnv) doctorSettings(c *cli.Command) *settings {
	cwd := env.cwd(c.String("cwd"))
	if abs, err := filepath.Abs(cwd); err == nil {
		cwd = abs
	}
	s := env.loadSettings(cwd, c.StringSlice("policy"))
	if sb := c.String("sandbox"); sb != "" {
		if !filepath.IsAbs(sb) {
			sb = filepath.Join(s.cfg.Cwd, sb)
		}
		s.cfg.Sandbox = filepath.Clean(sb)
		s.cfg.SandboxFromEnv = true
	}
	return s
}

func (env *runtimeEnv) doctor(c *cli.Command) *doctorReport {
	r := &doctorReport{}
	s := env.doctorSettings(c)
	self, _ := os.Executable()
	t := agent.Target{Home: s.cfg.Home, Project: s.cfg.Project, Binary: self, Getenv: env.getenv}
	if t.Home == "" {
		t.Home = env.getenv("HOME")
	}
	for _, name := range agent.Names() {
		ad := agent.ByName(name)
		if env.doctorAgent(r, ad, t, self) {
			r.Agents = append(r.Agents, ad.Title())
		}
	}
	if len(r.Agents) == 0 {
		r.add("fail", "hooks", "no agent runs corral's hook: shell commands are NOT checked. Run `corral init` (Claude Code) or `corral init --agent all`")
	}
	for _, f := range s.files {
		r.add("ok", "policy", "%s loads", f)
	}
	for _, n := range s.notes {
		if !strings.HasPrefix(n, "policy error: ") {
			r.add("warn", "policy", "%s", n)
		}
	}
	for _, n := range s.ignored {
		r.add("warn", "policy", "%s", n)
	}
	// A policy that cannot be used means protection is not what the user
	// wrote: doctor fails.
	for _, e := range env.PolicyProblems(s.cfg.Cwd, c.StringSlice("policy")) {
		r.add("fail", "policy", "NOT applied: %v", e)
	}
	env.doctorSandbox(r, s)
	env.selfTest(r, c.StringSlice("policy"), s)
	r.Protected = len(r.Agents) > 0 && !r.failed()
	return r
}

// doctorAgent reports one agent's registrations and says whether corral
// really runs for its shell commands.
func (env *runtimeEnv) doctorAgent(r *doctorReport, ad agent.Adapter, t agent.Target, self string) bool {
	topic := ad.Title()
	var regs []agent.Registration
	for _, sc := range ad.Scopes() {
		tt := t
		tt.Scope = sc
		found, err := ad.Registered(tt)
		if err != nil {
			r.add("fail", topic, "cannot read %s: %v", ad.File(tt), err)
			continue
		}
		regs = append(regs, found...)
	}
	if ad.Name() == "claude" {
		regs = append(regs, claudePluginHooks(t.Home)...)
	}
	protected := false
	for _, reg := range regs {
		for _, o := range reg.Others {
			// Several hooks returning a rewrite: only one applies, which
			// one is not deterministic (anthropics/claude-code #15897).
			r.add("warn", topic, "another hook also runs on shell commands: %q (%s); if it rewrites them too, only one rewrite applies", o, reg.File)
		}
		if reg.Command == "" {
			continue
		}
		events := strings.Join(reg.Events, "; ")
		if ad.Name() == "claude" && !env.claudeCoverage(r, reg) {
			continue
		}
		if !env.doctorBinary(r, topic, reg, self) {
			continue
		}
		protected = true
		r.add("ok", topic, "corral runs on %s (%s scope, %s)", events, reg.Scope, reg.File)
		if ev := mcpEvent(ad.Name()); ev != "" && !hasEvent(reg.Events, ev) {
			r.add("warn", topic, "MCP servers' tools are NOT checked (%s has no %s hook, an installation older than this): run `corral init --agent %s`", reg.File, ev, ad.Name())
		}
	}
	if len(regs) == 0 || !protected {
		if ad.Detect(t) && !hasCommand(regs) {
			r.add("warn", topic, "installed but NOT protected: its shell commands are not checked. Run `corral init --agent %s`", ad.Name())
		}
	}
	return protected
}

// mcpEvent is the hook event through which an agent sends MCP servers'
// tools, and only those (its other events never see them), or "".
func mcpEvent(agent string) string {
	switch agent {
	case "cursor":
		return "beforeMCPExecution"
	case "windsurf":
		return "pre_mcp_tool_use"
	}
	return ""
}

// hasEvent reports whether a registration's events (each "EVENT" or
// "EVENT MATCHER") include name.
func hasEvent(events []string, name string) bool {
	for _, ev := range events {
		if e, _, _ := strings.Cut(ev, " "); e == name {
			return true
		}
	}
	return false
}

func hasCommand(regs []agent.Registration) bool {
	for _, r := range regs {
		if r.Command != "" {
			return true
		}
	}
	return false
}

// claudeCoverage checks which of Claude Code's tools a registration's
// matchers select. Bash missing is a failure; the others are warnings.
func (env *runtimeEnv) claudeCoverage(r *doctorReport, reg agent.Registration) bool {
	var matchers []string
	session := false
	for _, ev := range reg.Events {
		name, matcher, _ := strings.Cut(ev, " ")
		switch name {
		case "PreToolUse":
			matchers = append(matchers, matcher)
		case "SessionEnd":
			session = true
		}
	}
	covered := func(tool string) bool {
		for _, m := range matchers {
			if agent.MatcherSelects(m, tool) {
				return true
			}
		}
		return false
	}
	if !covered("Bash") {
		r.add("fail", "Claude Code", "Bash commands are NOT checked (%s registers corral only for %s): run `corral init`", reg.File, strings.Join(reg.Events, "; "))
		return false
	}
	var missing []string
	for _, tool := range []string{"Write", "Edit", "MultiEdit", "NotebookEdit", "Read", "Grep", "Glob", "Skill"} {
		if !covered(tool) {
			missing = append(missing, tool)
		}
	}
	// An MCP server's tools are named mcp__SERVER__TOOL; a filesystem
	// or shell server writes, reads and runs as the agent's own tools do.
	if !covered("mcp__filesystem__write_file") {
		missing = append(missing, "MCP tools (mcp__…)")
	}
	if len(missing) > 0 {
		r.add("warn", "Claude Code", "%s is NOT checked (%s): run `corral init`", strings.Join(missing, ", "), reg.File)
	}
	if !session {
		r.add("warn", "Claude Code", "SessionEnd is not registered (%s), so approvals given with corral confirm last until they expire: run `corral init`", reg.File)
	}
	return true
}

// doctorBinary checks the program a registration runs: it exists, is
// executable and is this corral.
func (env *runtimeEnv) doctorBinary(r *doctorReport, topic string, reg agent.Registration, self string) bool {
	bin := agent.BinaryOf(reg.Command)
	if !filepath.IsAbs(bin) {
		p, err := exec.LookPath(bin)
		if err != nil {
			r.add("fail", topic, "the hook runs %q, which is not on PATH (%s): run `corral init --agent %s` to register this binary by its absolute path", bin, reg.File, reg.Agent)
			return false
		}
		bin = p
	}
	st, err := os.Stat(bin)
	switch {
	case err != nil:
		r.add("fail", topic, "the hook runs %s, which does not exist (%s): run `corral init --agent %s`", bin, reg.File, reg.Agent)
		return false
	case st.IsDir() || st.Mode().Perm()&0o111 == 0:
		r.add("fail", topic, "the hook runs %s, which is not executable (%s)", bin, reg.File)
		return false
	}
	if self != "" && reg.Scope != "plugin" && !sameProgram(bin, self) {
		r.add("warn", topic, "the hook runs %s, a different corral from this one (%s): run `corral init --agent %s` to point it here", bin, self, reg.Agent)
	}
	return true
}

// sameProgram reports whether two paths hold the same program: the same
// file, or files with the same contents.
func sameProgram(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil {
		return false
	}
	if os.SameFile(sa, sb) {
		return true
	}
	if sa.Size() != sb.Size() {
		return false
	}
	return sameContents(a, b)
}

// sameContents reports whether files a and b hold the same bytes,
// comparing them block by block.
func sameContents(a, b string) bool {
	fa, err := os.Open(a)
	if err != nil {
		return false
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return false
	}
	defer fb.Close()
	ba, bb := make([]byte, 64<<10), make([]byte, 64<<10)
	for {
		na, errA := io.ReadFull(fa, ba)
		nb, errB := io.ReadFull(fb, bb)
		if na != nb || !bytes.Equal(ba[:na], bb[:nb]) {
			return false
		}
		endA := errA == io.EOF || errA == io.ErrUnexpectedEOF
		endB := errB == io.EOF || errB == io.ErrUnexpectedEOF
		if endA || endB {
			return endA && endB
		}
		if errA != nil || errB != nil {
			return false
		}
	}
}

// doctorSandbox checks the sandbox: it exists or can be created, is
// writable, and is git-ignored when it lies inside the project.
func (env *runtimeEnv) doctorSandbox(r *doctorReport, s *settings) {
	dir := s.cfg.Sandbox
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		r.add("fail", "sandbox", "%s is not a directory: clones and downloads cannot land there", dir)
		return
	case err == nil:
		f, err := os.CreateTemp(dir, ".corral-doctor-*")
		if err != nil {
			r.add("fail", "sandbox", "%s is not writable: %v", dir, err)
			return
		}
		f.Close()
		os.Remove(f.Name())
		r.add("ok", "sandbox", "%s exists and is writable", dir)
	case errors.Is(err, os.ErrNotExist):
		parent := filepath.Dir(dir)
		for {
			if _, err := os.Stat(parent); err == nil || filepath.Dir(parent) == parent {
				break
			}
			parent = filepath.Dir(parent)
		}
		f, err := os.CreateTemp(parent, ".corral-doctor-*")
		if err != nil {
			r.add("fail", "sandbox", "%s does not exist and cannot be created (%s is not writable)", dir, parent)
			return
		}
		f.Close()
		os.Remove(f.Name())
		r.add("ok", "sandbox", "%s does not exist yet; corral creates it on the first clone", dir)
	default:
		r.add("fail", "sandbox", "%s: %v", dir, err)
		return
	}
	project := s.cfg.Project
	if project == "" || !guards.Within(project, dir) || project == dir {
		return
	}
	rel, _ := filepath.Rel(project, dir)
	cmd := exec.Command("git", "-C", project, "check-ignore", "-q", "--no-index", filepath.ToSlash(rel)+"/")
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		r.add("ok", "sandbox", "%s is git-ignored", rel+"/")
	case errors.As(err, &ee) && ee.ExitCode() == 1:
		r.add("warn", "sandbox", "%s is inside the project but NOT git-ignored: cloned code could be committed. Add %s/ to .gitignore (corral sandbox new does)", rel+"/", rel)
	}
}

// selfTest runs a few decisions through the real hook code path (Claude
// Code's adapter, the user's policies) with a scratch sandbox and no
// audit log.
func (env *runtimeEnv) selfTest(r *doctorReport, policies []string, s *settings) {
	scratch, err := os.MkdirTemp("", "corral-doctor-")
	if err != nil {
		r.add("fail", "self-test", "cannot make a scratch directory: %v", err)
		return
	}
	defer os.RemoveAll(scratch)
	sandbox := filepath.Join(scratch, "sandbox")
	getenv := func(k string) string {
		switch k {
		case "CONTENT_FILTER_SANDBOX_DIR":
			return sandbox
		case "CORRAL_AUDIT_LOG":
			return "off"
		}
		return env.getenv(k)
	}
	project := s.cfg.Project
	if project == "" {
		project = s.cfg.Cwd
	}
	run := func(tool string, input map[string]any) (decision, command string) {
		in, _ := json.Marshal(map[string]any{"session_id": "corral-doctor", "hook_event_name": "PreToolUse", "cwd": project, "tool_name": tool, "tool_input": input})
		var out bytes.Buffer
		sub := &runtimeEnv{getenv: getenv, now: env.now, stdin: bytes.NewReader(in), stdout: &out, stderr: io.Discard}
		_ = sub.hook("claude", policies)
		var ans hookOutput
		if json.Unmarshal(out.Bytes(), &ans) != nil || ans.HookSpecificOutput == nil {
			return "", ""
		}
		cmd, _ := ans.HookSpecificOutput.UpdatedInput["command"].(string)
		return ans.HookSpecificOutput.PermissionDecision, cmd
	}
	if _, cmd := run("Bash", map[string]any{"command": "git clone https://github.com/corral-dev/doctor-selftest.git"}); strings.Contains(cmd, sandbox) {
		r.add("ok", "self-test", "git clone is rewritten into the sandbox")
	} else {
		r.add("fail", "self-test", "git clone was NOT rewritten into the sandbox (got %q)", cmd)
	}
	if d, _ := run("Bash", map[string]any{"command": "rm -rf ~"}); d == "deny" {
		r.add("ok", "self-test", "rm -rf ~ is denied")
	} else {
		r.add("fail", "self-test", "rm -rf ~ was NOT denied (decision %q)", d)
	}
	if d, _ := run("Write", map[string]any{"file_path": filepath.Join(project, ".env"), "content": "SECRET=1\n"}); d == "deny" || d == "ask" {
		r.add("ok", "self-test", "writing .env is refused (%s)", d)
	} else {
		r.add("fail", "self-test", "writing .env was NOT refused (decision %q)", d)
	}
}

// claudePluginHooks finds corral's hooks in the Claude Code plugins the
// user installed: each install path listed in
// ~/.claude/plugins/installed_plugins.json whose hooks/hooks.json runs
// corral (with ${CLAUDE_PLUGIN_ROOT} read as the install path).
func claudePluginHooks(home string) []agent.Registration {
	data, err := os.ReadFile(filepath.Join(home, ".claude", "plugins", "installed_plugins.json"))
	if err != nil {
		return nil
	}
	var doc any
	if json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var paths []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if p, ok := e.(string); ok && k == "installPath" {
					paths = append(paths, p)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	sort.Strings(paths)
	var out []agent.Registration
	for _, root := range paths {
		file := filepath.Join(root, "hooks", "hooks.json")
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		var h struct {
			Hooks map[string][]struct {
				Matcher string `json:"matcher"`
				Hooks   []struct {
					Command string `json:"command"`
				} `json:"hooks"`
			} `json:"hooks"`
		}
		if json.Unmarshal(b, &h) != nil {
			continue
		}
		reg := agent.Registration{Agent: "claude", Scope: "plugin", File: file}
		events := make([]string, 0, len(h.Hooks))
		for ev := range h.Hooks {
			events = append(events, ev)
		}
		sort.Strings(events)
		for _, ev := range events {
			for _, g := range h.Hooks[ev] {
				for _, hk := range g.Hooks {
					cmd := strings.ReplaceAll(hk.Command, "${CLAUDE_PLUGIN_ROOT}", root)
					if !agent.MentionsCorral(cmd) {
						continue
					}
					if reg.Command == "" {
						reg.Command = cmd
					}
					label := ev
					if g.Matcher != "" {
						label += " " + g.Matcher
					}
					reg.Events = append(reg.Events, label)
				}
			}
		}
		if reg.Command != "" {
			out = append(out, reg)
		}
	}
	return out
}
