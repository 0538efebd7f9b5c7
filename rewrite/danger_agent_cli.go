package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// claudeApprovalSpec is the part of claude's options that approve tools
// for one run: --allowedTools (--allowed-tools) takes a list of tools,
// comma or blank separated, in its value and every word after it up to
// the next option (commander's variadic option); --permission-mode takes
// a mode. The other options that take a value are listed so that their
// value is not read as a tool.
var claudeApprovalSpec = syntax.OptSpec{
	LongVal: []string{"allowedTools", "allowed-tools", "permission-mode", "disallowedTools", "disallowed-tools",
		"model", "agents", "agent", "settings", "setting-sources", "mcp-config", "append-system-prompt", "system-prompt",
		"output-format", "input-format", "resume", "session-id", "fallback-model", "add-dir", "tools", "max-turns"},
	LongEq: true,
}

// claudeCLILoosens reports claude's own command-line spellings of what
// frontMatterLoosens finds in front matter (red team 17 RG4c): a
// --permission-mode other than default or plan (acceptEdits approves
// every edit, bypassPermissions and dontAsk every tool), or an
// --allowedTools list that approves a tool that runs or writes as a whole
// (Bash, Bash(*), Write, Edit, an MCP server's tools): the nested Claude
// Code runs them without its own prompt. Read-only tools and a narrowed
// command (Bash(git status:*)) pass. A list or mode only known at run
// time counts as loosening.
func claudeCLILoosens(args []syntax.Arg) (string, bool) {
	opts, _ := syntax.ScanOptions(args, claudeApprovalSpec)
	for _, o := range opts {
		if !o.Long || !o.HasVal {
			continue
		}
		switch o.Name {
		case "permission-mode":
			v := o.Val.Value
			if !o.Val.Static || v != "default" && v != "plan" {
				return "--permission-mode " + clipText(v, 40) + " turns Claude Code's own permission prompts off for what it does", true
			}
		case "allowedTools", "allowed-tools":
			words := []syntax.Arg{o.Val}
			// The words after the value up to the next option are more
			// of the list.
			for j := o.ValIdx + 1; j < len(args) && !strings.HasPrefix(args[j].Value, "-"); j++ {
				if args[j].Static {
					words = append(words, args[j])
				}
			}
			for k, w := range words {
				if !w.Static {
					if k == 0 {
						return "--" + o.Name + " is only known at run time: it may approve any tool without Claude Code's own prompt", true
					}
					continue
				}
				for _, t := range SplitToolList(w.Value) {
					if broadTool(t) {
						return "--" + o.Name + " " + clipText(t, 40) + " approves it without Claude Code's own prompt", true
					}
				}
			}
		}
	}
	return "", false
}

// broadTool reports an approved-tools entry that approves a tool that
// runs or writes as a whole. On the command line the words after the list
// may be the prompt, so only entries naming such a tool count: Bash,
// Write, Edit, MultiEdit, NotebookEdit (bare, or with a pattern that is
// not narrowed to a command), an MCP server's tools (mcp__…), or a
// pattern of tool names (*).
func broadTool(t string) bool {
	if NarrowTool(t) {
		return false
	}
	name, _, _ := strings.Cut(t, "(")
	switch name {
	case "Bash", "Write", "Edit", "MultiEdit", "NotebookEdit":
		return true
	}
	return strings.HasPrefix(name, "mcp__") || strings.ContainsAny(name, "*?")
}

// SplitToolList splits an allowed-tools value (a comma or blank separated
// string, or a flow list [a, b]) into its entries; a blank inside
// parentheses (Bash(git commit:*)) stays in its entry.
func SplitToolList(v string) []string {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "[") && strings.HasSuffix(v, "]") {
		v = v[1 : len(v)-1]
	}
	var out []string
	depth, start := 0, 0
	flush := func(end int) {
		if t := strings.Trim(strings.TrimSpace(v[start:end]), `"'`); t != "" {
			out = append(out, t)
		}
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',', ' ', '\t':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(v))
	return out
}

// NarrowTool reports an allowed-tools entry that approves nothing that
// runs or writes as a whole: a read-only tool, or Bash narrowed to a
// command (Bash(git status:*), Bash(npm test)).
func NarrowTool(t string) bool {
	switch t {
	case "Read", "Grep", "Glob", "LS", "WebSearch", "WebFetch", "TodoWrite", "TodoRead", "Task":
		return true
	}
	if inner, ok := strings.CutPrefix(t, "Bash("); ok && strings.HasSuffix(inner, ")") {
		inner = strings.TrimSpace(strings.TrimSuffix(inner, ")"))
		cmd := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(inner, "*"), ":"))
		return cmd != "" && !strings.ContainsAny(cmd, "*?") && cmd != ":"
	}
	for _, ro := range []string{"Read(", "Grep(", "Glob(", "WebFetch("} {
		if strings.HasPrefix(t, ro) {
			return true
		}
	}
	return false
}
