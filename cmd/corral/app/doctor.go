package app

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/urfave/cli/v3"
)

// settingsFiles are Claude Code's settings files, most general first.
func settingsFiles(home, project string) []string {
	return []string{
		"/etc/claude-code/managed-settings.json",
		filepath.Join(home, ".claude", "settings.json"),
		filepath.Join(project, ".claude", "settings.json"),
		filepath.Join(project, ".claude", "settings.local.json"),
	}
}

// registeredHook is one PreToolUse command hook found in a settings file.
type registeredHook struct {
	file, matcher, command string
}

// matchesTool reports whether a hook matcher selects tool, as Claude Code
// reads matchers: a plain list of names separated by | is exact names,
// anything else an unanchored regular expression, empty or * everything.
func matchesTool(matcher, tool string) bool {
	if matcher == "" || matcher == "*" {
		return true
	}
	if regexp.MustCompile(`^[A-Za-z0-9_|]+$`).MatchString(matcher) {
		for _, n := range strings.Split(matcher, "|") {
			if n == tool {
				return true
			}
		}
		return false
	}
	re, err := regexp.Compile(matcher)
	return err == nil && re.MatchString(tool)
}

func readHooks(file string) ([]registeredHook, map[string]bool, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	var s struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, nil, err
	}
	var out []registeredHook
	events := map[string]bool{}
	for event, groups := range s.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				if strings.Contains(h.Command, "corral") {
					events[event] = true
				}
				if event == "PreToolUse" && h.Type == "command" {
					out = append(out, registeredHook{file: file, matcher: g.Matcher, command: h.Command})
				}
			}
		}
	}
	return out, events, nil
}

func (env *runtimeEnv) doctorCommand() *cli.Command {
	return &cli.Command{
		Name:      "doctor",
		Usage:     "check how corral is installed: hook registration, other hooks that rewrite Bash, sandbox and policies",
		UsageText: "corral doctor [--cwd DIR] [--policy FILE]...",
		Metadata:  example("corral doctor"),
		Flags:     commonFlags(),
		Action: func(_ context.Context, c *cli.Command) error {
			s := env.settingsFrom(c)
			problems := 0
			say := func(ok bool, format string, args ...any) {
				mark := "ok  "
				if !ok {
					mark = "WARN"
					problems++
				}
				fmt.Fprintf(env.stdout, "%s %s\n", mark, fmt.Sprintf(format, args...))
			}
			var hooks []registeredHook
			events := map[string]bool{}
			for _, f := range settingsFiles(s.cfg.Home, s.cfg.Project) {
				hs, ev, err := readHooks(f)
				if os.IsNotExist(err) {
					continue
				}
				if err != nil {
					say(false, "%s: cannot read (%v)", f, err)
					continue
				}
				hooks = append(hooks, hs...)
				for e := range ev {
					events[e] = true
				}
			}
			for _, tool := range []string{"Bash", "Write", "Edit", "MultiEdit", "NotebookEdit"} {
				var corral, others []string
				for _, h := range hooks {
					if !matchesTool(h.matcher, tool) {
						continue
					}
					if strings.Contains(h.command, "corral") {
						corral = append(corral, h.file)
					} else {
						others = append(others, fmt.Sprintf("%q in %s", h.command, h.file))
					}
				}
				sort.Strings(others)
				say(len(corral) > 0, "%s: corral registered as a PreToolUse hook (%d)", tool, len(corral))
				if tool == "Bash" && len(others) > 0 {
					// When several hooks return updatedInput, the last to
					// finish wins (anthropics/claude-code #15897, #16117).
					say(false, "Bash: other PreToolUse hooks also match: %s; if one of them rewrites commands, which rewrite applies is not deterministic", strings.Join(others, ", "))
				}
			}
			say(events["SessionEnd"], "SessionEnd: corral registered, so session approvals are dropped when a session ends")
			say(true, "sandbox: %s (mode %s, approve %s)", s.cfg.Sandbox, s.cfg.Mode, s.cfg.Approve)
			for _, f := range s.files {
				say(true, "policy: %s", f)
			}
			for _, n := range s.notes {
				say(false, "%s", n)
			}
			if problems > 0 {
				fmt.Fprintf(env.stdout, "%d warning(s)\n", problems)
			}
			return nil
		},
	}
}
