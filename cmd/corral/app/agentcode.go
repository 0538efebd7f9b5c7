package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
)

// Agent commands, skills and subagents (guards.AgentCodeRule).
//
// Their text can hold shell commands that the agent runs itself when the
// command or skill is used, outside any tool call corral sees: Claude
// Code runs !`cmd` and ```! blocks of skills and commands, and hooks that
// a skill's or subagent's front matter registers; Gemini CLI and Qwen
// Code run !{cmd} in command files; OpenCode runs !`cmd`. The path guards
// ask about any write there. A Write or Edit whose resulting text is known
// is decided here instead, by that text: nothing that runs passes; each
// command that would run is judged as if the agent ran it in the shell
// (allowed passes, denied is denied, anything else asks: a rewrite cannot
// reach text another program runs); front matter that registers hooks
// asks.

// maxAgentCodeText bounds the text read and scanned.
const maxAgentCodeText = 1 << 20

var (
	// bangInline is !`cmd` (Claude Code, OpenCode).
	bangInline = lazy.Regexp{Expr: "!`([^`]*)`"}
)

// agentCodeText returns the text a Write or Edit leaves in the file, or
// ok false when it cannot be known (another tool, a file that cannot be
// read, an old string that is not there).
func agentCodeText(req *agent.Request, path string) (string, bool) {
	text, ok, _ := agentCodeTextWhy(req, path)
	return text, ok
}

// agentCodeTextWhy is agentCodeText, and when the text is there but
// corral does not read it whole (the file or the text larger than
// maxAgentCodeText, or the file not a regular one), why (unreadtext.go).
func agentCodeTextWhy(req *agent.Request, path string) (string, bool, string) {
	in := req.Input
	if in == nil {
		return "", false, ""
	}
	if c, ok := in["content"].(string); ok && req.Kind == agent.Write {
		if len(c) > maxAgentCodeText {
			return "", false, whyTextTooLarge
		}
		return c, true, ""
	}
	if req.Kind != agent.Edit {
		return "", false, ""
	}
	type edit struct {
		old, new string
		all      bool
	}
	var edits []edit
	one := func(m map[string]any) bool {
		o, ok1 := m["old_string"].(string)
		n, ok2 := m["new_string"].(string)
		all, _ := m["replace_all"].(bool)
		edits = append(edits, edit{o, n, all})
		return ok1 && ok2
	}
	if list, ok := in["edits"].([]any); ok {
		for _, e := range list {
			m, ok := e.(map[string]any)
			if !ok || !one(m) {
				return "", false, ""
			}
		}
	} else if !one(in) {
		return "", false, ""
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	text := ""
	if fi, err := os.Stat(abs); err == nil {
		if !fi.Mode().IsRegular() {
			return "", false, whyNotRegularText
		}
		if fi.Size() > maxAgentCodeText {
			return "", false, whyTextTooLarge
		}
		b, err := os.ReadFile(abs)
		if err != nil {
			return "", false, ""
		}
		text = string(b)
	} else if !os.IsNotExist(err) {
		return "", false, ""
	}
	for _, e := range edits {
		switch {
		case e.old == "" && text == "":
			text = e.new
		case e.old == "" || !strings.Contains(text, e.old):
			return "", false, ""
		case e.all:
			text = strings.ReplaceAll(text, e.old, e.new)
		default:
			text = strings.Replace(text, e.old, e.new, 1)
		}
		if len(text) > maxAgentCodeText {
			return "", false, whyTextTooLarge
		}
	}
	return text, true, ""
}

// bangFences returns the shell text of the fenced blocks a command or
// skill runs: a run of three or more backticks or tildes followed by !
// opens one, anywhere in the text (```! at a line's start is the
// documented form; ````! holds ```! and ~~~! is the other CommonMark
// fence). Both readings of where it ends are returned when they differ:
// at the next run of three or more of the same character (a pattern
// match's reading, which also takes the rest of the opening line), and
// at a later line that is only a fence at least as long as the opener
// (CommonMark's). ok is false when a block has no end.
func bangFences(text string) (blocks []string, ok bool) {
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch != '`' && ch != '~' || i > 0 && text[i-1] == ch {
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == ch {
			n++
		}
		if n < 3 || i+n >= len(text) || text[i+n] != '!' {
			i += n - 1
			continue
		}
		start := i + n + 1
		fence := strings.Repeat(string(ch), 3)
		end := strings.Index(text[start:], fence)
		if end < 0 {
			return nil, false
		}
		first := strings.Trim(text[start:start+end], "\n")
		blocks = append(blocks, first)
		if nl := strings.IndexByte(text[start:], '\n'); nl >= 0 {
			body, lineStart := "", start+nl+1
			for lineStart <= len(text) {
				lineEnd := strings.IndexByte(text[lineStart:], '\n')
				if lineEnd < 0 {
					lineEnd = len(text) - lineStart
				}
				line := strings.TrimSpace(text[lineStart : lineStart+lineEnd])
				if len(line) >= n && strings.Trim(line, string(ch)) == "" {
					if body = strings.Trim(body, "\n"); body != first {
						blocks = append(blocks, body)
					}
					break
				}
				body += text[lineStart:lineStart+lineEnd] + "\n"
				lineStart += lineEnd + 1
			}
		}
		i = start + end + 2
	}
	return blocks, true
}

// agentCodeCommands returns the shell commands a command, skill or
// subagent text runs, whether its front matter registers hooks, and ok
// false when a command marker cannot be read to its end.
func agentCodeCommands(text string) (cmds []string, hooks, ok bool) {
	for _, m := range bangInline.Get().FindAllStringSubmatch(text, -1) {
		cmds = append(cmds, m[1])
	}
	// Fenced ! blocks (```!, ````!, ~~~!).
	blocks, ok := bangFences(text)
	if !ok {
		return nil, false, false
	}
	cmds = append(cmds, blocks...)
	// !{cmd} (Gemini CLI, Qwen Code): braces balanced inside.
	for rest := text; ; {
		i := strings.Index(rest, "!{")
		if i < 0 {
			break
		}
		depth, end := 0, -1
		for j := i + 1; j < len(rest) && end < 0; j++ {
			switch rest[j] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return nil, false, false
		}
		cmds = append(cmds, rest[i+2:end])
		rest = rest[end+1:]
	}
	// A backtick or brace after ! that the forms above did not take (an
	// unclosed !` …) is read as something that may run.
	if strings.Count(text, "!`") > len(bangInline.Get().FindAllStringIndex(text, -1)) {
		return nil, false, false
	}
	hooks = frontMatterHooks(text)
	return cmds, hooks, true
}

// agentCode decides a write to an agent's command, skill or subagent by
// the text it leaves there; d is the path guards' ask, kept when the text
// cannot be known or something in it needs the user.
func (s *settings) agentCode(req *agent.Request, path string, d guards.Decision) guards.Decision {
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	cmds, hooks, ok := agentCodeCommands(text)
	if !ok {
		d.Message += "; a command marker in the text could not be read to its end"
		return d
	}
	if hooks {
		d.Message += "; its front matter registers hooks or MCP servers, whose commands run outside corral's hook"
		return d
	}
	if why, loose := frontMatterLoosens(text); loose {
		d.Message += "; " + why
		return d
	}
	worst, why := rewrite.Allow, ""
	for _, c := range cmds {
		if dec, res := s.agentRuns(c, req.AgentType); dec > worst {
			worst, why = dec, fmt.Sprintf("it runs %q: %s", c, summary(res))
		}
	}
	switch worst {
	case rewrite.Allow:
		return guards.Decision{Verdict: guards.Allow, Path: d.Path, PathContext: d.PathContext}
	case rewrite.Deny:
		d.Verdict = guards.Deny
	}
	d.Message += "; " + why
	return d
}

// agentRuns judges a command an agent's command, skill or subagent text
// runs outside any tool call: allowed (a warning too) passes, denied is
// denied, anything else asks, since no rewrite can reach that text.
func (s *settings) agentRuns(cmd, agentType string) (rewrite.Decision, *rewrite.Result) {
	res := s.check(cmd, agentType)
	switch res.Decision {
	case rewrite.Allow, rewrite.Warn:
		return rewrite.Allow, res
	case rewrite.Deny:
		return rewrite.Deny, res
	}
	return rewrite.Ask, res
}

// agentMCP decides a write to a project's MCP configuration by the
// servers the text it leaves registers: it asks whatever they are (a
// server is a program the agent starts outside corral's hook), and is
// denied when a server's command line is one corral denies. Text that is
// not JSON keeps the ask.
func (s *settings) agentMCP(req *agent.Request, path string, d guards.Decision) guards.Decision {
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	for _, c := range mcpCommands(text) {
		res := s.check(c, req.AgentType)
		if res.Decision == rewrite.Deny {
			d.Verdict = guards.Deny
			d.Message += fmt.Sprintf("; a server runs %q: %s", c, summary(res))
			return d
		}
	}
	return d
}

// mcpCommands returns the command lines of the MCP servers a
// configuration registers: under "mcpServers", "servers" (VS Code),
// "mcp" (OpenCode, Crush) or "context_servers" (Zed), each server's
// "command" (a string, OpenCode's array, or Zed's {"path", "args"}) with
// its "args", quoted for the shell. Comments and trailing
// commas are allowed, as the agents allow them.
func mcpCommands(text string) []string {
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(syntax.StripJSONC(text)), &doc) != nil {
		return nil
	}
	var out []string
	for _, key := range []string{"mcpServers", "servers", "mcp", "context_servers"} {
		var servers map[string]struct {
			Command json.RawMessage `json:"command"`
			Args    []string        `json:"args"`
		}
		if raw, ok := doc[key]; !ok || json.Unmarshal(raw, &servers) != nil {
			continue
		}
		names := make([]string, 0, len(servers))
		for n := range servers {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			sv := servers[n]
			var argv []string
			var one string
			var zed struct {
				Path string   `json:"path"`
				Args []string `json:"args"`
			}
			switch {
			case json.Unmarshal(sv.Command, &one) == nil && one != "":
				argv = append(argv, one)
			case json.Unmarshal(sv.Command, &argv) == nil:
			case json.Unmarshal(sv.Command, &zed) == nil && zed.Path != "":
				// Zed's context_servers: "command": {"path", "args"}.
				argv = append([]string{zed.Path}, zed.Args...)
			default:
				continue
			}
			argv = append(argv, sv.Args...)
			if len(argv) == 0 {
				continue
			}
			words := make([]string, len(argv))
			for i, a := range argv {
				words[i] = syntax.Quote(a)
			}
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}

// editorAutoRun decides a write to a file an editor runs commands from
// when the project is opened (guards.EditorAutoRunRule) by the text it
// leaves: VS Code tasks with "runOn": "folderOpen" and a dev container's
// initializeCommand run by themselves, so they ask (or are denied when
// corral denies the command); text that sets none passes, and text that
// is not JSON keeps the ask.
func (s *settings) editorAutoRun(req *agent.Request, path string, d guards.Decision) guards.Decision {
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	cmds, ok := autoRunCommands(text)
	if !ok {
		return d
	}
	loosened := syntax.AllowsAutomaticTasks(text)
	if len(cmds) == 0 && !loosened {
		return guards.Decision{Verdict: guards.Allow, Path: d.Path, PathContext: d.PathContext}
	}
	for _, c := range cmds {
		if res := s.check(c, req.AgentType); res.Decision == rewrite.Deny {
			d.Verdict = guards.Deny
			d.Message += fmt.Sprintf("; it runs %q: %s", c, summary(res))
			return d
		}
	}
	if len(cmds) > 0 {
		d.Message += fmt.Sprintf("; it runs %q", cmds[0])
	}
	if loosened {
		d.Message += "; it sets task.allowAutomaticTasks, which runs folderOpen tasks without VS Code's prompt"
	}
	return d
}

// editorSettingsWrite asks about a Write or Edit of the project's
// .vscode/settings.json whose text sets task.allowAutomaticTasks on: VS
// Code then runs folderOpen tasks without the prompt it shows before
// them. Other settings pass. A Bash write of the same text is judged by
// the same function in the shell model (syntax/editorsettings.go).
func editorSettingsWrite(req *agent.Request, path string, d guards.Decision) guards.Decision {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if !syntax.EditorSettingsFile(abs) {
		return d
	}
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	if key, ok := syntax.AgentSettingsApproval(abs, text); ok {
		return guards.Decision{Verdict: guards.Ask, Rule: guards.EditorAutoRunRule, Source: "corral", Path: d.Path, PathContext: d.PathContext,
			Message: fmt.Sprintf("Editor agents: %s sets %s, %s (red team 16 RG1b)", abs, key, strings.TrimPrefix(syntax.EditorApprovalEffect(key), "which "))}
	}
	if !syntax.AllowsAutomaticTasks(text) {
		return d
	}
	return guards.Decision{Verdict: guards.Ask, Rule: guards.EditorAutoRunRule, Source: "corral", Path: d.Path, PathContext: d.PathContext,
		Message: fmt.Sprintf("Editor auto-run: %s sets task.allowAutomaticTasks, which makes VS Code run the project's folderOpen tasks without its prompt, outside the agent", abs)}
}

// autoRunCommands returns the commands a tasks.json, devcontainer.json or
// .code-workspace text makes run by themselves: each task whose runOptions.runOn is
// folderOpen (its command and args; a task with no command counts as one
// corral cannot see) and initializeCommand (a string, an array of words,
// or an object of them). ok is false when the text is not JSON.
func autoRunCommands(text string) ([]string, bool) {
	var doc map[string]json.RawMessage
	if json.Unmarshal([]byte(syntax.StripJSONC(text)), &doc) != nil {
		return nil, false
	}
	var out []string
	type taskCommand struct {
		Command    json.RawMessage   `json:"command"`
		Args       []json.RawMessage `json:"args"`
		RunOptions struct {
			RunOn string `json:"runOn"`
		} `json:"runOptions"`
	}
	// A task, and what it is on each system: VS Code takes a task's
	// "linux"/"osx"/"windows" object over its own properties there.
	var tasks []struct {
		taskCommand
		Linux   *taskCommand `json:"linux"`
		OSX     *taskCommand `json:"osx"`
		Windows *taskCommand `json:"windows"`
	}
	// The task lists: "tasks" (a workspace file's "tasks": {"version",
	// "tasks": […]}), and the top-level "linux"/"osx"/"windows" objects'
	// "tasks", which VS Code's task parser adds to them (red team 15 RG2).
	var lists []json.RawMessage
	raw, ok := doc["tasks"]
	var inner struct {
		Tasks json.RawMessage `json:"tasks"`
	}
	if ok && len(raw) > 0 && raw[0] == '{' && json.Unmarshal(raw, &inner) == nil {
		raw = inner.Tasks
	}
	if ok {
		lists = append(lists, raw)
	}
	for _, system := range []string{"linux", "osx", "windows"} {
		if r, ok := doc[system]; ok && json.Unmarshal(r, &inner) == nil && len(inner.Tasks) > 0 {
			lists = append(lists, inner.Tasks)
		}
	}
	for _, raw := range lists {
		tasks = tasks[:0]
		if json.Unmarshal(raw, &tasks) != nil {
			continue
		}
		for _, t := range tasks {
			variants := []taskCommand{t.taskCommand}
			for _, v := range []*taskCommand{t.Linux, t.OSX, t.Windows} {
				if v != nil {
					variants = append(variants, *v)
				}
			}
			folderOpen := false
			for _, v := range variants {
				folderOpen = folderOpen || v.RunOptions.RunOn == "folderOpen"
			}
			if !folderOpen {
				continue
			}
			for i, v := range variants {
				if i > 0 && len(v.Command) == 0 && len(v.Args) == 0 {
					continue // no override of the command there
				}
				cmd := v.Command
				if len(cmd) == 0 {
					cmd = t.Command
				}
				line := commandWords(cmd)
				if line == "" {
					line = "<a task corral cannot read>"
				}
				args := v.Args
				if args == nil {
					args = t.Args
				}
				for _, a := range args {
					var one string
					if json.Unmarshal(a, &one) == nil {
						line += " " + syntax.Quote(one)
					}
				}
				out = append(out, line)
			}
		}
	}
	if raw, ok := doc["initializeCommand"]; ok {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) == nil {
			names := make([]string, 0, len(obj))
			for n := range obj {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				if line := commandWords(obj[n]); line != "" {
					out = append(out, line)
				}
			}
		} else if line := commandWords(raw); line != "" {
			out = append(out, line)
		}
	}
	return out, true
}

// commandWords reads a command given as a string (shell text) or an
// array of words (quoted for the shell); "" otherwise.
func commandWords(raw json.RawMessage) string {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return one
	}
	var words []string
	if json.Unmarshal(raw, &words) == nil {
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = syntax.Quote(w)
		}
		return strings.Join(q, " ")
	}
	return ""
}

// siteStart decides a write of a file Python runs at every start (a site
// directory's .pth import lines, sitecustomize, usercustomize:
// syntax.SiteStartCode) by the code it leaves there, judged as python3
// -c of that code: denied is denied, what needs the user asks, and text
// that cannot be known (a patch, several files) asks. A .pth of paths
// only keeps d.
func (s *settings) siteStart(req *agent.Request, path string, d guards.Decision) guards.Decision {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	_, start := syntax.SiteStartCode(abs, "")
	// A module a .pth file beside it imports runs at every start too
	// (red team 16 PT1: the .pth written first, the module later).
	imported := !start && syntax.SiteImportedModule(abs)
	// Any other module of a site directory runs in every program that
	// imports it (requests.py in a venv's site-packages).
	module := !start && !imported && syntax.SiteModule(abs)
	if !start && !imported && !module {
		return d
	}
	runs := "by Python at every start"
	if filepath.Base(abs) == ".pdbrc" {
		runs = "by pdb when it starts"
	} else if module {
		runs = "by every program that imports it"
	}
	text, ok := "", false
	if len(req.Paths) == 1 {
		text, ok = agentCodeText(req, path)
	}
	if !ok && module {
		return d // as a Bash write of run-time text: left to the importer
	}
	if !ok {
		if d.Verdict < guards.Ask {
			d.Verdict, d.Rule = guards.Ask, "hidden-code"
			d.Message = fmt.Sprintf("corral: %s is run %s, and the text this write leaves there cannot be read", abs, runs)
		}
		return d
	}
	code, _ := syntax.SiteStartCode(abs, text)
	if imported || module {
		code = text
	}
	if strings.TrimSpace(code) == "" {
		return d
	}
	line := "python3 -c " + syntax.Quote(code)
	if dir := syntax.SiteModuleDir(abs); dir != "" {
		// The site directory is on sys.path when the code runs: a
		// module it imports from there is read (red team 16 PT1).
		line = "PYTHONPATH=" + syntax.Quote(dir) + " " + line
	}
	res := s.check(line, req.AgentType)
	var v guards.Verdict
	switch res.Decision {
	case rewrite.Allow, rewrite.Warn:
		if miss := syntax.SiteImportsUnfound(abs, code); len(miss) > 0 && !module && d.Verdict < guards.Ask {
			// A module the agent can write in a later call.
			d.Verdict, d.Rule = guards.Ask, "hidden-code"
			d.Message = fmt.Sprintf("corral: %s is run %s, and imports %s, which is neither beside it nor in the standard library: its code is only known when it is written", abs, runs, strings.Join(miss, ", "))
		}
		return d
	case rewrite.Deny:
		v = guards.Deny
	default:
		v = guards.Ask
	}
	if v <= d.Verdict {
		return d
	}
	rule := "hidden-code"
	for _, f := range res.Findings {
		if f.Decision == res.Decision {
			rule = f.Rule
			break
		}
	}
	d.Verdict, d.Rule = v, rule
	d.Message = fmt.Sprintf("corral: %s is run %s; the code written there: %s", abs, runs, summary(res))
	return d
}

// Agent commands and skills that run project files (red-team 2 finding
// F). A command's !`sh build.sh` line runs when the command is used,
// outside any hook, with the project's files as they are then: a later
// write of build.sh (make's Makefile, package.json's script, a Python
// file) changes what it runs. So a write — a Write or Edit tool, a Bash
// command — is judged together with each such line of the project's
// .claude/commands and .claude/skills: the write, then the line run in
// the project directory. When that sequence is judged worse than the
// write and the line each alone, the written text is what makes the line
// harmful: denied when the sequence is denied, else asked.

// Bounds of the scan of command and skill files.
const (
	maxBangFiles = 64
	maxBangText  = 64 << 10
	maxBangLines = 32
)

// bangLine is a command a command or skill file runs; when is how it
// comes to run ("" an agent command or a hook after tool calls).
type bangLine struct {
	file, cmd, when string
}

// agentBangLines returns the commands the project's command and skill
// files in dir run, in file order.
func agentBangLines(dir string) []bangLine {
	var out []bangLine
	files := 0
	for _, sub := range []string{filepath.Join(".claude", "commands"), filepath.Join(".claude", "skills")} {
		root := filepath.Join(dir, sub)
		if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
			continue
		}
		_ = filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err != nil || files >= maxBangFiles || len(out) >= maxBangLines {
				return filepath.SkipDir
			}
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") || !e.Type().IsRegular() {
				return nil
			}
			files++
			fi, err := e.Info()
			if err != nil || fi.Size() > maxBangText {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			cmds, _, _ := agentCodeCommands(string(b))
			for _, c := range cmds {
				if strings.TrimSpace(c) != "" && len(out) < maxBangLines {
					out = append(out, bangLine{file: p, cmd: c})
				}
			}
			return nil
		})
	}
	return out
}

// laterLines are the command lines that run after a tool call outside
// corral's hook: those of the project's agent commands and skills in dir
// (agentBangLines) and those the agents' settings register (hooks, status
// line, credential helpers: guards.RegisteredCommands), corral's own
// hook left out. A PostToolUse hook running make fmt or npm run lint
// runs the Makefile or package.json the agent just wrote.
func (s *settings) laterLines(dir string) []bangLine {
	if s.later != nil {
		return *s.later
	}
	out := agentBangLines(dir)
	for _, r := range enclosingRoots(s.cfg) {
		out = append(out, agentBangLines(r)...) // the repository's, above a subdirectory root (CW1)
	}
	for _, rc := range registeredCommandsAbove(s.cfg, s.configDir) {
		if len(out) >= 2*maxBangLines {
			break
		}
		if strings.TrimSpace(rc.Command) != "" && !agent.MentionsCorral(rc.Command) {
			out = append(out, bangLine{file: rc.File, cmd: rc.Command})
		}
	}
	out = append(out, userGitLines(dir, s.cfg.Home)...)
	s.later = &out
	return out
}

// userGitHooks are the hooks the user's everyday git commands run —
// commit and push, and checkout, switch, merge, pull and rebase (the
// hooks githooks(5) names for them, as the real git runs them) — with a
// command that runs each. One line per command: the shell model runs
// every hook that command runs (syntax/githooks.go), so a commit's line
// also judges post-commit and reference-transaction.
var userGitHooks = []struct{ hook, verb, cmd string }{
	{"pre-commit", "commit", "git commit -m corral"},
	{"prepare-commit-msg", "commit", "git commit -m corral"},
	{"commit-msg", "commit", "git commit -m corral"},
	{"post-commit", "commit", "git commit -m corral"},
	{"reference-transaction", "commit", "git commit -m corral"},
	{"pre-push", "push", "git push"},
	{"post-checkout", "checkout", "git checkout main"},
	{"post-merge", "merge", "git merge main"},
	{"pre-rebase", "rebase", "git rebase main"},
	{"post-rewrite", "rebase", "git rebase main"},
}

// userGitLines returns the git commands of the user that run a hook the
// repository holding dir has installed (in .git/hooks — a linked
// worktree's common directory's —, or the directory core.hooksPath
// names, also in a worktree's config.worktree: syntax.InstalledHooksDir):
// the user's next commit or push runs it outside
// the agent, and a hook manager's hook (pre-commit, lefthook, husky,
// overcommit) runs the commands of a project file the agent can write
// (.pre-commit-config.yaml, lefthook.yml, package.json) or the scripts
// and Makefile those name. The shell model judges the git command by
// what the hook runs as the files stand then (syntax/hookmgr.go), so a
// write followed by it is judged as laterRuns does.
func userGitLines(dir, home string) []bangLine {
	top, hooks := syntax.InstalledHooksDir(dir, home)
	if top == "" {
		return nil
	}
	var out []bangLine
	seen := map[string]bool{}
	for _, h := range userGitHooks {
		p := filepath.Join(hooks, h.hook)
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 || seen[h.cmd] {
			continue
		}
		seen[h.cmd] = true
		out = append(out, bangLine{file: p, cmd: h.cmd, when: "the user's next git " + h.verb + " runs the installed git hook " + relOrAbs(top, p)})
	}
	return out
}

// severity orders decisions by what the user sees: pass, a question
// (a rewrite too), a refusal.
func severity(d rewrite.Decision) int {
	switch d {
	case rewrite.Allow, rewrite.Warn:
		return 0
	case rewrite.Deny:
		return 2
	}
	return 1
}

// laterRuns judges before (shell text that writes project files) followed
// by each command line an agent command or skill of the project in dir
// runs: it returns the worst decision of a sequence worse than its parts,
// and why; Allow when none is.
func (s *settings) laterRuns(dir, before, agentType string) (rewrite.Decision, string) {
	return s.worseWith(dir, before, agentType, s.laterLines(dir))
}

// worseWith judges before followed by each of lines, run in dir: the
// worst decision of a sequence worse than its parts, and why; Allow when
// none is. The sequence is judged first: only when it is not allowed are
// its parts judged (before once, each line alone), so that an ordinary
// call in a repository with a hook manager installed pays one extra
// engine run per line, not three.
func (s *settings) worseWith(dir, before, agentType string, lines []bangLine) (rewrite.Decision, string) {
	if len(lines) == 0 {
		return rewrite.Allow, ""
	}
	base := -1
	worst, why := rewrite.Allow, ""
	for _, l := range lines {
		seq := s.check(before+"\n(cd "+syntax.Quote(dir)+" || exit\n"+l.cmd+"\n)", agentType)
		sv := severity(seq.Decision)
		if sv == 0 || sv <= severity(worst) {
			continue
		}
		if base < 0 {
			base = severity(s.check(before, agentType).Decision)
		}
		if sv <= base || sv <= severity(s.check(l.cmd, agentType).Decision) {
			continue
		}
		worst = rewrite.Ask
		if seq.Decision == rewrite.Deny {
			worst = rewrite.Deny
		}
		why = fmt.Sprintf("%s runs %q outside corral's hook (a hook after tool calls, or an agent command when it is used), and with this change: %s", relOrAbs(dir, l.file), l.cmd, summary(seq))
		if l.when != "" {
			why = fmt.Sprintf("%s, outside the agent, and with this change: %s", l.when, summary(seq))
		}
	}
	return worst, why
}

// relOrAbs is p relative to dir when below it.
func relOrAbs(dir, p string) string {
	if r, err := filepath.Rel(dir, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// hereWrite is shell text that writes text to the file at abs.
func hereWrite(abs, text string) string {
	mark := "CORRAL_TEXT"
	for strings.Contains(text, mark) {
		mark += "_"
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return "cat > " + syntax.Quote(abs) + " <<'" + mark + "'\n" + text + mark + "\n"
}

// scriptsRunLater decides a Write or Edit of a project file by what the
// project's agent commands and skills run after it (laterRuns).
func (s *settings) scriptsRunLater(req *agent.Request, path string, d guards.Decision) guards.Decision {
	if len(req.Paths) != 1 || req.Cwd == "" {
		return d
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if !guards.Within(req.Cwd, abs) && !withinAny(enclosingRoots(s.cfg), abs) {
		return d
	}
	if len(s.laterLines(req.Cwd)) == 0 {
		return d
	}
	text, ok := agentCodeText(req, path)
	if !ok || len(text) > maxBangText {
		return d
	}
	dec, why := s.laterRunsAbove(req.Cwd, hereWrite(abs, text), req.AgentType)
	return raiseForLater(d, dec, why)
}

// raiseForLater raises d to what the engine decided of a write judged
// with the commands that run it later: an ask or a deny under the rule
// agent-commands, never lower than d.
func raiseForLater(d guards.Decision, dec rewrite.Decision, why string) guards.Decision {
	v := guards.Ask
	switch dec {
	case rewrite.Allow:
		return d
	case rewrite.Deny:
		v = guards.Deny
	}
	if v <= d.Verdict {
		return d
	}
	d.Verdict, d.Rule = v, guards.AgentCodeRule
	d.Message = "corral: " + why
	return d
}

// packageIndexWrite decides a Write or Edit of a package manager's
// configuration file (.npmrc, pip.conf, uv.toml, pyproject.toml,
// .condarc, .yarnrc.yml, .cargo/config.toml, go's env file) by the
// settings its resulting text adds: one that sends every later install
// to an index other than the default asks (rule tool-config), as npm
// config set registry URL and pip config set global.index-url URL do
// (syntax/pkgindexfile.go). Text that cannot be known keeps d.
func packageIndexWrite(req *agent.Request, path string, d guards.Decision) guards.Decision {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if !syntax.IsPackageIndexFile(abs) {
		return d
	}
	text, ok := agentCodeText(req, path)
	if !ok {
		return d
	}
	before := ""
	if fi, err := os.Stat(abs); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxAgentCodeText {
		if b, err := os.ReadFile(abs); err == nil {
			before = string(b)
		}
	}
	settings := syntax.NewIndexSettings(abs, before, text, false)
	if len(settings) == 0 {
		return d
	}
	s := settings[0]
	return guards.Decision{Verdict: guards.Ask, Rule: "tool-config", Source: "corral", Path: d.Path, PathContext: d.PathContext,
		Message: fmt.Sprintf("Package index: %s sets %s in %s, which every later install follows: it fetches packages, and runs their install code, from there", abs, s, s.File)}
}

// codeConfigWrite decides a Write or Edit of a configuration file whose
// settings make a program run code or move its output (git's global
// configuration and its includes, cargo's configuration, ~/.wgetrc,
// ~/.curlrc, ~/.gradle/gradle.properties, ~/.m2/settings.xml, X
// resources: syntax.IsCodeConfigFile) as the
// shell's write of the same text is judged: each setting it adds as the
// program's own setter (git config --global KEY VALUE, cargo --config),
// so a Write of core.fsmonitor = rm -rf ~ into ~/.gitconfig is denied and
// [user] name passes. Text that cannot be known asks.
func (s *settings) codeConfigWrite(req *agent.Request, path string, d guards.Decision) guards.Decision {
	if len(req.Paths) != 1 {
		return d
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if !syntax.IsCodeConfigFile(abs, s.cfg.Home) {
		return d
	}
	text, ok, why := agentCodeTextWhy(req, path)
	if ok && len(text) > maxBangText {
		ok, why = false, "larger than the 64 KiB corral judges"
	}
	if !ok {
		if why == "" {
			return d
		}
		return unreadTextDecision(d, "tool-config", "the text this write leaves in "+path+" is "+why,
			"the programs its settings make "+filepath.Base(abs)+"'s program run are unknown")
	}
	res := s.check(hereWrite(abs, text), req.AgentType)
	v := guards.Ask
	switch res.Decision {
	case rewrite.Allow:
		return d
	case rewrite.Deny:
		v = guards.Deny
	}
	if v <= d.Verdict {
		return d
	}
	d.Verdict, d.Rule = v, "tool-config"
	d.Message = "corral: this write of " + path + " is judged as the same text written by the shell: " + summary(res)
	return d
}

// hookConfigWrite decides a Write or Edit of a git-hook manager's
// configuration (.pre-commit-config.yaml, lefthook.yml, .overcommit.yml,
// .lintstagedrc; mise.toml, whose [hooks] mise runs in the user's shell:
// syntax.HookConfigRunner) by the commands its text makes
// the manager run, installed now or later: the write followed by the
// manager's run of every hook is judged as laterRuns judges a write
// followed by a later line, so a local hook corral denies is denied and
// one it would ask about asks, whether or not the user has installed the
// manager's git hook yet; hooks corral allows and remote hooks pass.
func (s *settings) hookConfigWrite(req *agent.Request, path string, d guards.Decision) guards.Decision {
	if len(req.Paths) != 1 {
		return d
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(req.Cwd, abs)
	}
	if _, ok := syntax.HookConfigRunner(filepath.Base(abs)); !ok {
		return d
	}
	text, ok, why := agentCodeTextWhy(req, path)
	if ok && len(text) > maxBangText {
		ok, why = false, "larger than the 64 KiB corral judges"
	}
	if !ok {
		if why != "" {
			// The hooks it makes the manager run are unknown (red team
			// 16 SZ1: 2.1 MB of comment before a local hook).
			return unreadTextDecision(d, guards.AgentCodeRule, "the text this write leaves in "+path+" is "+why,
				"the hooks it makes the git-hook manager run are unknown")
		}
		return d
	}
	dec, why := s.hookConfigRuns(hereWrite(abs, text), []string{abs}, req.AgentType)
	return raiseForLater(d, dec, why)
}

// hookConfigRuns judges before, shell text that writes the git-hook
// manager configurations configs (absolute paths), followed by the
// manager's run of every hook of each, in its directory: the worst
// decision of a sequence worse than its parts, and why (worseWith). A
// Write or Edit of the file and a Bash command that writes it are judged
// alike.
func (s *settings) hookConfigRuns(before string, configs []string, agentType string) (rewrite.Decision, string) {
	worst, why := rewrite.Allow, ""
	for _, abs := range configs {
		runner, ok := syntax.HookConfigRunner(filepath.Base(abs))
		if !ok {
			continue
		}
		when := "a git-hook manager runs the hooks of " + filepath.Base(abs) + " at the user's commits once its git hook is installed (" + runner + " runs them all)"
		if strings.HasPrefix(runner, "mise ") {
			when = "mise runs the [hooks] of " + filepath.Base(abs) + " in the user's shell (enter, cd, leave) and at installs once the file is trusted (" + runner + " judges them all)"
		}
		line := bangLine{file: abs, cmd: runner, when: when}
		if dec, w := s.worseWith(filepath.Dir(abs), before, agentType, []bangLine{line}); severity(dec) > severity(worst) {
			worst, why = dec, w
		}
	}
	return worst, why
}
