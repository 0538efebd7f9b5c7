package app

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/google/shlex"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/rewrite"
)

// A skill or a custom command that Claude Code's Skill tool invokes runs
// the shell commands its text holds (!`cmd`, ```! blocks) when it loads,
// with $ARGUMENTS (and $1, $2…) replaced by the arguments the model
// passed, outside any Bash tool call corral sees. So an invocation is
// decided by the text of the skill or command files it can load: each
// command is judged as if the agent ran it (allowed passes, denied is
// denied, anything else asks: it cannot be rewritten there), and front
// matter that registers hooks asks. A name with no file corral can find
// (a built-in or a plugin's skill outside the places below) is left to
// the agent.

// skillFiles returns the files Claude Code may load for a skill or
// command name: .claude/skills/NAME/SKILL.md and .claude/commands/NAME.md
// of the project and of the home directory (a:b is commands/a/b.md), and
// for a plugin's a:b, skills/b/SKILL.md and commands/b.md of an installed
// plugin named a.
func skillFiles(project, home, name string) []string {
	if name == "" || strings.Contains(name, "..") || strings.ContainsAny(name, "/\\\x00") {
		return nil
	}
	var cands []string
	for _, root := range []string{project, home} {
		if root == "" {
			continue
		}
		base := filepath.Join(root, ".claude")
		cands = append(cands, filepath.Join(base, "skills", name, "SKILL.md"),
			filepath.Join(base, "commands", strings.ReplaceAll(name, ":", string(filepath.Separator))+".md"))
	}
	// The skills of the directories above the project (guards.SkillDirsAbove).
	for _, d := range guards.SkillDirsAbove(project) {
		cands = append(cands, filepath.Join(d, name, "SKILL.md"))
	}
	if plugin, skill, ok := strings.Cut(name, ":"); ok && home != "" {
		matches, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "*", "skills", skill, "SKILL.md"))
		more, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "skills", skill, "SKILL.md"))
		cmds, _ := filepath.Glob(filepath.Join(home, ".claude", "plugins", "*", "*", plugin, "commands", skill+".md"))
		cands = append(cands, append(append(matches, more...), cmds...)...)
	}
	cands = append(cands, nestedSkillFiles(project, home, name)...)
	var out []string
	seen := map[string]bool{}
	for _, c := range cands {
		if seen[c] {
			continue
		}
		seen[c] = true
		if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// Bounds of the search for nested skills: directories visited in the
// project, depth below it, SKILL.md files whose front matter is read.
const (
	maxSkillWalk  = 20000
	maxSkillDepth = 8
	maxSkillFiles = 256
)

// nestedSkillFiles returns the SKILL.md files a skill name may load that
// are not at .claude/skills/NAME/SKILL.md: Claude Code also loads the
// skills of a nested .claude/skills directory in the project
// (packages/web/.claude/skills/NAME/SKILL.md) when it works there, and
// a skill may sit deeper in a skills directory (.claude/skills/a/NAME,
// named a:NAME too) or take its name from its front matter's name. The
// project walk skips .git and node_modules and stops at maxSkillWalk
// directories.
func nestedSkillFiles(project, home, name string) []string {
	var roots []string
	if home != "" {
		roots = append(roots, filepath.Join(home, ".claude", "skills"))
	}
	for _, d := range guards.SkillDirsAbove(project) {
		if d != filepath.Join(home, ".claude", "skills") {
			if fi, err := os.Stat(d); err == nil && fi.IsDir() {
				roots = append(roots, d)
			}
		}
	}
	if project != "" {
		visited := 0
		_ = filepath.WalkDir(project, func(p string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return nil
			}
			visited++
			rel, _ := filepath.Rel(project, p)
			switch {
			case visited > maxSkillWalk:
				return filepath.SkipAll
			case d.Name() == ".git" || d.Name() == "node_modules":
				return filepath.SkipDir
			case d.Name() == "skills" && filepath.Base(filepath.Dir(p)) == ".claude":
				roots = append(roots, p)
				return filepath.SkipDir
			case rel != "." && strings.Count(rel, string(filepath.Separator)) >= maxSkillDepth:
				return filepath.SkipDir
			}
			return nil
		})
	}
	want := strings.ReplaceAll(name, ":", string(filepath.Separator))
	var out []string
	read := 0
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || d.Name() != "SKILL.md" {
				return nil
			}
			dir := filepath.Dir(p)
			rel, _ := filepath.Rel(root, dir)
			if filepath.Base(dir) == name || rel == want {
				out = append(out, p)
				return nil
			}
			if read++; read > maxSkillFiles {
				return nil
			}
			if data, err := os.ReadFile(p); err == nil && len(data) <= maxAgentCodeText && frontMatterName(string(data)) == name {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// frontMatterName returns the name: of a SKILL.md's front matter (a plain
// or quoted scalar on its line), or "".
func frontMatterName(text string) string {
	text = strings.TrimLeft(strings.TrimPrefix(text, "\ufeff"), " \t\r\n")
	if !strings.HasPrefix(text, "---") {
		return ""
	}
	for _, l := range strings.Split(text, "\n")[1:] {
		l = strings.TrimSpace(l)
		if l == "---" {
			break
		}
		if v, ok := strings.CutPrefix(l, "name:"); ok {
			v = strings.TrimSpace(v)
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
				v = v[1 : len(v)-1]
			}
			return v
		}
	}
	return ""
}

// withArguments returns the texts a skill's command becomes with the
// arguments the Skill tool was given, as Claude Code substitutes them
// (red team 15 RG6): $ARGUMENTS and ${ARGUMENTS} are the whole string;
// $ARGUMENTS[N] and $N are its words, parsed as a shell parses them (a
// quoted word keeps its blanks and semicolons), counted from 0 in the
// current substitution and from 1 in the older one — both readings are
// returned, so each is judged; a name the front matter's arguments list
// gives ($rev) is the word at its place. Words are also split on blanks
// alone, the older reading.
func withArguments(cmd, args string, names []string) []string {
	words, err := shlex.Split(args)
	if err != nil {
		words = strings.Fields(args)
	}
	var out []string
	for _, ws := range [][]string{words, strings.Fields(args)} {
		for _, base := range []int{0, 1} {
			word := func(i int) string {
				if i -= base; i >= 0 && i < len(ws) {
					return ws[i]
				}
				return ""
			}
			c := argIndexed.Get().ReplaceAllStringFunc(cmd, func(m string) string {
				n, _ := strconv.Atoi(m[len("$ARGUMENTS[") : len(m)-1])
				return word(n + base)
			})
			c = strings.ReplaceAll(c, "${ARGUMENTS}", args)
			c = strings.ReplaceAll(c, "$ARGUMENTS", args)
			c = argNumbered.Get().ReplaceAllStringFunc(c, func(m string) string {
				n, _ := strconv.Atoi(strings.Trim(m, "${}"))
				return word(n)
			})
			for i, name := range names {
				c = strings.ReplaceAll(c, "${"+name+"}", word(i+base))
				c = regexp.MustCompile(`\$`+regexp.QuoteMeta(name)+`\b`).ReplaceAllLiteralString(c, word(i+base))
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// argIndexed and argNumbered match $ARGUMENTS[N] and $N / ${N}.
var (
	argIndexed  = lazy.Regexp{Expr: `\$ARGUMENTS\[[0-9]+\]`}
	argNumbered = lazy.Regexp{Expr: `\$\{?[0-9]+\}?`}
)

// frontMatterArguments returns the names a skill's or command's front
// matter gives its arguments ("arguments: [rev, path]", or a block list
// under arguments:), in order.
func frontMatterArguments(text string) []string {
	text = strings.TrimLeft(strings.TrimPrefix(text, "\ufeff"), " \t\r\n")
	if !strings.HasPrefix(text, "---") {
		return nil
	}
	var names []string
	lines := strings.Split(text, "\n")[1:]
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if t == "---" {
			break
		}
		v, ok := strings.CutPrefix(t, "arguments:")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") {
			for _, n := range strings.Split(strings.Trim(v, "[]"), ",") {
				if n = strings.Trim(strings.TrimSpace(n), `"'`); n != "" {
					names = append(names, n)
				}
			}
			return names
		}
		for _, l2 := range lines[i+1:] {
			t2 := strings.TrimSpace(l2)
			n, ok := strings.CutPrefix(t2, "- ")
			if !ok {
				break
			}
			if n = strings.Trim(strings.TrimSpace(n), `"'`); n != "" {
				names = append(names, strings.TrimSpace(strings.SplitN(n, ":", 2)[0]))
			}
		}
		return names
	}
	return nil
}

// skill decides a Skill tool call.
func (env *runtimeEnv) skill(s *settings, req *agent.Request) *agent.Answer {
	name, _ := req.Input["skill"].(string)
	if name == "" {
		name, _ = req.Input["command"].(string)
	}
	name = strings.TrimPrefix(strings.TrimSpace(name), "/")
	args, _ := req.Input["args"].(string)
	files := append(skillFiles(s.cfg.Project, s.cfg.Home, name), configSkillFiles(s.configDir, name)...)
	worst, why := rewrite.Allow, ""
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || len(data) > maxAgentCodeText {
			worst, why = rewrite.Ask, fmt.Sprintf("%s could not be read whole", f)
			continue
		}
		if sc, found := s.referencedSecret(string(data), f); found {
			sec := s.paths.Secrets()
			dec := rewrite.Deny
			if sec.Verdict == guards.Ask {
				dec = rewrite.Ask
			}
			if dec > worst {
				worst, why = dec, sc.Reason(f+" references (loading it reads the file into the agent's context)")
			}
		}
		cmds, hooks, ok := agentCodeCommands(string(data))
		switch {
		case !ok:
			if worst < rewrite.Ask {
				worst, why = rewrite.Ask, fmt.Sprintf("a command marker in %s could not be read to its end", f)
			}
			continue
		case hooks:
			if worst < rewrite.Ask {
				worst, why = rewrite.Ask, fmt.Sprintf("the front matter of %s registers hooks or MCP servers, whose commands run outside corral's hook", f)
			}
		}
		names := frontMatterArguments(string(data))
		for _, cmd := range cmds {
			for _, c := range withArguments(cmd, args, names) {
				if dec, res := s.agentRuns(c, req.AgentType); dec > worst {
					worst, why = dec, fmt.Sprintf("%s runs %q when it loads: %s", f, c, summary(res))
				}
			}
		}
	}
	if worst == rewrite.Allow {
		return nil
	}
	rec := audit.Record{TS: env.now(), Tool: req.Tool, Operation: name, SessionID: req.Session, Cwd: req.Cwd,
		Rule: "agent-code", Reason: why}
	if worst == rewrite.Deny {
		rec.Action = "block"
		env.log(rec)
		fmt.Fprintln(env.stderr, "corral: skill "+name+": "+why)
		return &agent.Answer{Decision: agent.Deny, Reason: "corral: the skill " + name + " cannot run: " + why}
	}
	rec.Action = "confirm_required"
	env.log(rec)
	return &agent.Answer{Decision: agent.Ask, Reason: "corral: the skill " + name + " needs the user's confirmation: " + why}
}

// frontMatterHooks reports whether the YAML front matter of a skill,
// command or subagent text may give its mapping a hooks key, the way a
// YAML parser reads it: a key in any of YAML's spellings (plain,
// 'single' or "double" quoted with escapes decoded, "\x68ooks", with an
// anchor before it), at any depth and inside flow collections
// ({"hooks": …}), while the text of quoted scalars and block scalars
// (description: |) is no key. Forms whose key only resolution tells —
// a merge key (<<: *base, whose anchored mapping may hold hooks), an
// alias used as a key (*k : …), an explicit key (? …), a tagged key
// (!!binary …:), a quoted key over several lines or an escape corral
// does not decode — count as one. The front matter runs from a first
// line --- to the next line that is --- alone (to the end when there is
// none), so a parser that ends it later or at a line that merely starts
// with --- sees no more than this.
func frontMatterHooks(text string) bool {
	text = strings.TrimLeft(strings.TrimPrefix(text, "\ufeff"), " \t\r\n")
	first, rest, ok := strings.Cut(text, "\n")
	if !strings.HasPrefix(first, "---") || strings.TrimSpace(first[3:]) != "" {
		return false
	}
	if !ok {
		return false
	}
	var fm []string
	for _, l := range strings.Split(rest, "\n") {
		if strings.TrimSpace(l) == "---" {
			break
		}
		fm = append(fm, l)
	}
	// mcpServers: a subagent's own MCP servers, programs the agent starts
	// when the subagent runs, as hooks are.
	return yamlMayHaveKey(strings.Join(fm, "\n"), "hooks") || yamlMayHaveKey(strings.Join(fm, "\n"), "mcpServers")
}

// frontMatterLoosens reports front matter that turns Claude Code's own
// permission prompts off for what the text's subagent or skill does (red
// team 16 RG4b), and how: a subagent's permissionMode other than default
// or plan (bypassPermissions, acceptEdits, dontAsk, …), and an
// allowed-tools (allowedTools) list that approves a tool that runs or
// writes as a whole — Bash, Write, Edit, MultiEdit, NotebookEdit, an MCP
// server's tools, or a pattern such as Bash(*) or Write(**) — where
// read-only tools (Read, Grep, Glob, LS, WebSearch, WebFetch, TodoWrite,
// Task) and a narrowed command (Bash(git status:*)) pass. A key written in
// a form corral does not read plainly (quoted, in a flow mapping, over
// several lines, a merge key) counts as loosening.
func frontMatterLoosens(text string) (string, bool) {
	fm, ok := frontMatterText(text)
	if !ok {
		return "", false
	}
	plain := map[string]string{}
	for _, l := range strings.Split(fm, "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && k == strings.TrimSpace(k) && k != "" {
			plain[k] = strings.TrimSpace(v)
		}
	}
	if yamlMayHaveKey(fm, "permissionMode") {
		v, ok := plain["permissionMode"]
		v = strings.Trim(v, `"'`)
		if !ok || v != "default" && v != "plan" {
			return "its front matter sets permissionMode " + clip(v, 40) + ", which turns Claude Code's own permission prompts off for it", true
		}
	}
	for _, key := range []string{"allowed-tools", "allowedTools"} {
		if !yamlMayHaveKey(fm, key) {
			continue
		}
		v, ok := plain[key]
		if !ok {
			return "its front matter's " + key + " is not written as a plain list", true
		}
		if v == "" {
			// A block list: the lines "- TOOL" after the key.
			v = blockListAfter(fm, key)
		}
		for _, t := range splitToolList(v) {
			if !narrowTool(t) {
				return "its front matter's " + key + " approves " + clip(t, 40) + " without Claude Code's own prompt", true
			}
		}
	}
	return "", false
}

// frontMatterText is the front matter of text: the lines after a first
// line --- up to the next line that is --- alone.
func frontMatterText(text string) (string, bool) {
	text = strings.TrimLeft(strings.TrimPrefix(text, "\ufeff"), " \t\r\n")
	first, rest, ok := strings.Cut(text, "\n")
	if !ok || !strings.HasPrefix(first, "---") || strings.TrimSpace(first[3:]) != "" {
		return "", false
	}
	var fm []string
	for _, l := range strings.Split(rest, "\n") {
		if strings.TrimSpace(l) == "---" {
			break
		}
		fm = append(fm, strings.TrimRight(l, "\r"))
	}
	return strings.Join(fm, "\n"), true
}

// blockListAfter returns the items of a YAML block list under key, joined
// by commas.
func blockListAfter(fm, key string) string {
	var items []string
	in := false
	for _, l := range strings.Split(fm, "\n") {
		switch {
		case strings.HasPrefix(l, key+":"):
			in = true
		case in && strings.HasPrefix(strings.TrimSpace(l), "- "):
			items = append(items, strings.TrimSpace(strings.TrimSpace(l)[2:]))
		case in && strings.TrimSpace(l) == "":
		default:
			in = false
		}
	}
	return strings.Join(items, ",")
}

// splitToolList splits an allowed-tools value into its entries
// (rewrite.SplitToolList, which claude's --allowedTools shares).
func splitToolList(v string) []string { return rewrite.SplitToolList(v) }

// narrowTool reports an allowed-tools entry that approves nothing that
// runs or writes as a whole (rewrite.NarrowTool).
func narrowTool(t string) bool { return rewrite.NarrowTool(t) }

// clip shortens s for a message.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// yamlMayHaveKey reports whether YAML text may have a mapping key that
// reads as key (see frontMatterHooks).
func yamlMayHaveKey(s, key string) bool {
	var (
		i         int
		flow      int  // depth of flow collections
		start     bool // a node may start here
		tagged    bool // a tag came before the node starting here
		block     = -1 // a block scalar's parent indentation; -1: none
		blockInd  int  // its content's indentation once known
		lineInd   int
		lastKeyAt = -1 // column of the last key on this line
		lineStart = true
	)
	isKey := func(k string) bool { return k == key || k == "<<" }
	spaceAt := func(j int) bool { return j >= len(s) || s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r' }
	col := func(j int) int { return j - (strings.LastIndexByte(s[:j], '\n') + 1) }
	for i < len(s) {
		if lineStart {
			lineStart = false
			ind := 0
			for i+ind < len(s) && s[i+ind] == ' ' {
				ind++
			}
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = len(s) - i
			}
			if block >= 0 && flow == 0 {
				blank := strings.TrimSpace(s[i:i+end]) == ""
				switch {
				case blank:
				case blockInd == 0 && ind > block:
					blockInd = ind
				case blockInd > 0 && ind >= blockInd:
				default:
					block = -1
				}
				if block >= 0 {
					i += end + 1
					lineStart = true
					continue
				}
			}
			lineInd, lastKeyAt = ind, -1
			i += ind
			start, tagged = true, false
			continue
		}
		c := s[i]
		switch {
		case c == '\n':
			i++
			lineStart = true
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '#' && (i == 0 || spaceAt(i-1)):
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case start && (c == '\'' || c == '"'):
			at := i
			k, end, ok := yamlQuoted(s, i)
			if !ok {
				return true // unclosed: a parser may read it otherwise
			}
			i = end
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j < len(s) && s[j] == ':' {
				if tagged || strings.ContainsRune(s[at:end], '\n') || isKey(k) {
					return true
				}
				lastKeyAt = col(at)
			}
			start = false
		case start && (c == '&' || c == '!'):
			tagged = tagged || c == '!'
			for i < len(s) && !spaceAt(i) && !(flow > 0 && strings.IndexByte(",[]{}", s[i]) >= 0) {
				i++
			}
		case start && c == '*':
			for i < len(s) && !spaceAt(i) && !(flow > 0 && strings.IndexByte(",[]{}", s[i]) >= 0) {
				i++
			}
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j < len(s) && s[j] == ':' {
				return true // an alias as a key
			}
			start = false
		case start && c == '?' && spaceAt(i+1):
			return true // an explicit key
		case start && c == '-' && spaceAt(i+1) && flow == 0:
			i++
		case c == '{' || c == '[':
			flow++
			i++
			start, tagged = true, false
		case (c == '}' || c == ']') && flow > 0:
			flow--
			i++
			start = false
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			if j < len(s) && s[j] == ':' {
				return true // a collection as a key: JavaScript names it by its text ([hooks] is "hooks")
			}
		case c == ',' && flow > 0:
			i++
			start, tagged = true, false
		case c == ':' && (spaceAt(i+1) || flow > 0 && i+1 < len(s) && strings.IndexByte(",[]{}", s[i+1]) >= 0):
			i++
			start, tagged = true, false
		case start && flow == 0 && (c == '|' || c == '>'):
			// A block scalar: its content is the lines indented more
			// than the key it is the value of (the line's indentation
			// when it is a sequence entry's or stands alone).
			block, blockInd = lineInd, 0
			if lastKeyAt >= 0 {
				block = lastKeyAt
			}
			for j := i + 1; j < len(s) && strings.IndexByte("+-123456789", s[j]) >= 0; j++ {
				if d := s[j]; d >= '1' && d <= '9' {
					blockInd = block + int(d-'0')
				}
			}
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case start:
			// A plain scalar: to ": ", " #" or the end of the line (and
			// in a flow collection to , [ ] { }).
			at := i
			for i < len(s) && s[i] != '\n' {
				if s[i] == ':' && (spaceAt(i+1) || flow > 0 && i+1 < len(s) && strings.IndexByte(",[]{}", s[i+1]) >= 0) {
					break
				}
				if s[i] == '#' && spaceAt(i-1) {
					break
				}
				if flow > 0 && strings.IndexByte(",[]{}", s[i]) >= 0 {
					break
				}
				i++
			}
			if i < len(s) && s[i] == ':' {
				k := strings.TrimRight(s[at:i], " \t\r")
				if tagged || isKey(k) {
					return true
				}
				lastKeyAt = col(at)
			}
			start = false
		default:
			i++
		}
	}
	return false
}

// yamlQuoted reads the quoted scalar that starts at s[i] and returns its
// value and the index after it; ok is false when it does not close or
// holds an escape corral does not decode. Line folding is not applied:
// callers treat a scalar over several lines as unknown.
func yamlQuoted(s string, i int) (string, int, bool) {
	q := s[i]
	var b strings.Builder
	for j := i + 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == q && q == '\'' && j+1 < len(s) && s[j+1] == '\'':
			b.WriteByte('\'')
			j++
		case c == q:
			return b.String(), j + 1, true
		case c == '\\' && q == '"':
			if j+1 >= len(s) {
				return "", 0, false
			}
			j++
			n := 0
			switch e := s[j]; e {
			case '0':
				b.WriteByte(0)
			case 'a':
				b.WriteByte(7)
			case 'b':
				b.WriteByte(8)
			case 't', '\t':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'v':
				b.WriteByte(11)
			case 'f':
				b.WriteByte(12)
			case 'r':
				b.WriteByte('\r')
			case 'e':
				b.WriteByte(27)
			case ' ', '"', '/', '\\':
				b.WriteByte(e)
			case 'N':
				b.WriteString("\u0085")
			case '_':
				b.WriteString("\u00a0")
			case 'L':
				b.WriteString("\u2028")
			case 'P':
				b.WriteString("\u2029")
			case 'x':
				n = 2
			case 'u':
				n = 4
			case 'U':
				n = 8
			case '\n', '\r':
				// An escaped line break joins the lines.
				b.WriteByte('\n')
			default:
				return "", 0, false
			}
			if n > 0 {
				if j+n >= len(s) {
					return "", 0, false
				}
				v, err := strconv.ParseUint(s[j+1:j+1+n], 16, 32)
				if err != nil {
					return "", 0, false
				}
				b.WriteRune(rune(v))
				j += n
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}
