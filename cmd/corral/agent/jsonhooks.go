package agent

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// hookEvent is one event corral registers for, with the matcher that
// selects the tools it guards ("" for events without tools).
type hookEvent struct {
	name    string
	matcher string
}

// jsonHooks registers corral in a JSON configuration file whose "hooks"
// member maps event names to lists of entries. Two entry styles exist:
//   - nested (Claude Code's): {"matcher": M, "hooks": [{"type": "command", "command": C}]}
//   - flat (Cursor's, Windsurf's, Copilot's): {"command": C, "matcher": M}
//
// Merging keeps every other member, entry and key order; only corral's own
// entry (recognised by IsCorralHook) is added, updated or removed.
type jsonHooks struct {
	agent  string
	scopes []Scope
	// path gives the file of a scope.
	path func(t Target, s Scope) string
	// detect are directories under the home directory whose presence
	// means the agent is installed.
	detect []string
	nested bool
	// commandKey is the flat entry's command member ("command"; Copilot: "bash").
	commandKey string
	events     []hookEvent
	// entry adds members to a new hook entry (type, timeout, name, …).
	entry func(e *obj)
	// top adds top-level members a new file needs (Cursor's "version": 1).
	top func(doc *obj)
	// dedicated files belong to corral alone: uninstall removes them.
	dedicated bool
	// shellTool is the agent's shell tool, for the other-rewriters check.
	shellTool string
}

func (j jsonHooks) Scopes() []Scope { return j.scopes }

func (j jsonHooks) Detect(t Target) bool { return anyDir(t.Home, j.detect...) }

func (j jsonHooks) File(t Target) string {
	for _, s := range j.scopes {
		if s == t.Scope {
			return j.path(t, s)
		}
	}
	return ""
}

func (j jsonHooks) load(t Target) (string, []byte, bool, *obj, error) {
	path := j.File(t)
	if path == "" {
		return "", nil, false, nil, noScope(j.agent, t.Scope, j.scopes)
	}
	data, existed, err := readConfig(path)
	if err != nil {
		return path, nil, false, nil, err
	}
	doc, err := parseJSONObject(path, data)
	if err != nil {
		return path, nil, false, nil, err
	}
	return path, data, existed, doc, nil
}

func (j jsonHooks) Install(t Target) ([]Change, error) {
	path, data, existed, doc, err := j.load(t)
	if err != nil {
		return nil, err
	}
	cmd := t.Command(j.agent)
	hooks, err := doc.child("hooks", "")
	if err != nil {
		return nil, &PosError{File: path, Line: 1, Col: 1, Msg: err.Error()}
	}
	changed := false
	for _, ev := range j.events {
		list, err := hooks.list(ev.name, "hooks.")
		if err != nil {
			return nil, &PosError{File: path, Line: 1, Col: 1, Msg: err.Error()}
		}
		found := false
		for _, g := range list {
			e, _ := g.(*obj)
			if e == nil {
				continue
			}
			if j.nested {
				hs, _ := e.vals["hooks"].([]any)
				for _, h := range hs {
					ho, _ := h.(*obj)
					if ho == nil || !IsCorralHook(ho.str("command"), j.agent) {
						continue
					}
					found = true
					changed = update(ho, "command", cmd) || changed
					if ev.matcher != "" {
						changed = update(e, "matcher", ev.matcher) || changed
					}
				}
				continue
			}
			if IsCorralHook(e.str(j.commandKey), j.agent) {
				found = true
				changed = update(e, j.commandKey, cmd) || changed
				if ev.matcher != "" {
					changed = update(e, "matcher", ev.matcher) || changed
				}
			}
		}
		if found {
			continue
		}
		changed = true
		h := newObj()
		if j.nested {
			h.set("type", "command")
			h.set("command", cmd)
			if j.entry != nil {
				j.entry(h)
			}
			g := newObj()
			if ev.matcher != "" {
				g.set("matcher", ev.matcher)
			}
			g.set("hooks", []any{h})
			list = append(list, g)
		} else {
			h.set(j.commandKey, cmd)
			if ev.matcher != "" {
				h.set("matcher", ev.matcher)
			}
			if j.entry != nil {
				j.entry(h)
			}
			list = append(list, h)
		}
		hooks.set(ev.name, list)
	}
	if j.top != nil && !existed {
		j.top(doc)
		// The new file's members come first, hooks after them.
		doc.del("hooks")
		doc.set("hooks", hooks)
	}
	if !changed {
		return nil, nil
	}
	return []Change{{Path: path, Before: data, After: printJSON(doc, indentOf(data)), existed: existed}}, nil
}

// update sets o[k] = v and reports whether that changed anything.
func update(o *obj, k, v string) bool {
	if o.str(k) == v {
		if _, ok := o.vals[k]; ok {
			return false
		}
	}
	o.set(k, v)
	return true
}

func (j jsonHooks) Uninstall(t Target) ([]Change, error) {
	path, data, existed, doc, err := j.load(t)
	if err != nil || !existed {
		return nil, err
	}
	hv, ok := doc.vals["hooks"].(*obj)
	if !ok {
		return nil, nil
	}
	changed := false
	for _, ev := range append([]string{}, hv.keys...) {
		list, ok := hv.vals[ev].([]any)
		if !ok {
			continue
		}
		var kept []any
		for _, g := range list {
			e, _ := g.(*obj)
			if e == nil {
				kept = append(kept, g)
				continue
			}
			if j.nested {
				hs, ok := e.vals["hooks"].([]any)
				if !ok {
					kept = append(kept, g)
					continue
				}
				var keep []any
				for _, h := range hs {
					if ho, _ := h.(*obj); ho != nil && IsCorralHook(ho.str("command"), j.agent) {
						changed = true
						continue
					}
					keep = append(keep, h)
				}
				if len(keep) == 0 && len(hs) > 0 {
					continue
				}
				if len(keep) != len(hs) {
					e.set("hooks", keep)
				}
				kept = append(kept, g)
				continue
			}
			if IsCorralHook(e.str(j.commandKey), j.agent) {
				changed = true
				continue
			}
			kept = append(kept, g)
		}
		if len(kept) == len(list) {
			continue
		}
		if len(kept) == 0 {
			hv.del(ev)
		} else {
			hv.set(ev, kept)
		}
	}
	if !changed {
		return nil, nil
	}
	if len(hv.keys) == 0 {
		doc.del("hooks")
	}
	if j.dedicated && onlyScaffolding(doc) {
		return []Change{{Path: path, Before: data, After: nil, existed: true}}, nil
	}
	return []Change{{Path: path, Before: data, After: printJSON(doc, indentOf(data)), existed: true}}, nil
}

// onlyScaffolding reports whether a dedicated file has nothing left but
// what init put around the hooks.
func onlyScaffolding(doc *obj) bool {
	for _, k := range doc.keys {
		if k != "version" {
			return false
		}
	}
	return true
}

func (j jsonHooks) Registered(t Target) ([]Registration, error) {
	path, _, existed, doc, err := j.load(t)
	if err != nil || !existed {
		return nil, err
	}
	hv, ok := doc.vals["hooks"].(*obj)
	if !ok {
		return nil, nil
	}
	var reg *Registration
	var others []string
	for _, ev := range hv.keys {
		list, _ := hv.vals[ev].([]any)
		for _, g := range list {
			e, _ := g.(*obj)
			if e == nil {
				continue
			}
			var cmds []string
			if j.nested {
				hs, _ := e.vals["hooks"].([]any)
				for _, h := range hs {
					if ho, _ := h.(*obj); ho != nil {
						cmds = append(cmds, ho.str("command"))
					}
				}
			} else {
				cmds = append(cmds, e.str(j.commandKey))
			}
			matcher := e.str("matcher")
			for _, c := range cmds {
				if MentionsCorral(c) {
					if reg == nil {
						reg = &Registration{Agent: j.agent, Scope: t.Scope, File: path, Command: c}
					}
					label := ev
					if matcher != "" {
						label += " " + matcher
					}
					reg.Events = append(reg.Events, label)
					continue
				}
				if c != "" && j.shellTool != "" && j.isShellEvent(ev) && MatcherSelects(matcher, j.shellTool) {
					others = append(others, c)
				}
			}
		}
	}
	if reg == nil {
		if len(others) == 0 {
			return nil, nil
		}
		return []Registration{{Agent: j.agent, Scope: t.Scope, File: path, Others: others}}, nil
	}
	reg.Others = others
	return []Registration{*reg}, nil
}

func (j jsonHooks) isShellEvent(ev string) bool {
	for _, e := range j.events {
		if e.name == ev && e.matcher != "" {
			return true
		}
	}
	return false
}

var plainMatcher = lazy.Regexp{Expr: `^[A-Za-z0-9_|]+$`}

// MatcherSelects reports whether a hook matcher selects tool, as Claude
// Code reads matchers: empty or * is every tool, a plain list of names
// separated by | is exact names, anything else an unanchored regular
// expression.
func MatcherSelects(matcher, tool string) bool {
	if matcher == "" || matcher == "*" {
		return true
	}
	if plainMatcher.Get().MatchString(matcher) {
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

// homeOr joins a path under the home directory, or under dir when the
// environment variable env names one (CODEX_HOME, HERMES_HOME).
func homeOr(t Target, env string, rel ...string) string {
	if d := t.getenv(env); d != "" {
		return filepath.Join(append([]string{d}, rel[1:]...)...)
	}
	return filepath.Join(append([]string{t.Home}, rel...)...)
}

// rawString is a JSON string member of an input ("" when absent or not a string).
func rawString(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}
