package agent

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"
)

// fileHook registers corral as a file of its own that the agent runs or
// loads: Cline's executable hook scripts, OpenCode's plugin. A file that
// is there but was not written by corral is never replaced or removed.
type fileHook struct {
	agent  string
	scopes []Scope
	path   func(t Target, s Scope) string
	detect []string
	// content is the file's text for a target; it contains marker.
	content func(t Target) []byte
	mode    fs.FileMode
	event   string
}

// fileMarker is in every file corral writes this way.
const fileMarker = "written by corral init"

func (h fileHook) Scopes() []Scope      { return h.scopes }
func (h fileHook) Detect(t Target) bool { return anyDir(t.Home, h.detect...) }

func (h fileHook) File(t Target) string {
	for _, s := range h.scopes {
		if s == t.Scope {
			return h.path(t, s)
		}
	}
	return ""
}

func (h fileHook) Install(t Target) ([]Change, error) {
	path := h.File(t)
	if path == "" {
		return nil, noScope(h.agent, t.Scope, h.scopes)
	}
	data, existed, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	if existed && !bytes.Contains(data, []byte(fileMarker)) {
		return nil, fmt.Errorf("%s exists and was not written by corral; corral will not replace it (merge it by hand: run %s)", path, t.Command(h.agent))
	}
	want := h.content(t)
	if existed && bytes.Equal(data, want) {
		return nil, nil
	}
	return []Change{{Path: path, Before: data, After: want, Mode: h.mode, existed: existed}}, nil
}

func (h fileHook) Uninstall(t Target) ([]Change, error) {
	path := h.File(t)
	if path == "" {
		return nil, noScope(h.agent, t.Scope, h.scopes)
	}
	data, existed, err := readConfig(path)
	if err != nil || !existed || !bytes.Contains(data, []byte(fileMarker)) {
		return nil, err
	}
	return []Change{{Path: path, Before: data, After: nil, existed: true}}, nil
}

func (h fileHook) Registered(t Target) ([]Registration, error) {
	path := h.File(t)
	if path == "" {
		return nil, noScope(h.agent, t.Scope, h.scopes)
	}
	data, existed, err := readConfig(path)
	if err != nil || !existed {
		return nil, err
	}
	if !bytes.Contains(data, []byte(fileMarker)) {
		return nil, nil
	}
	// The command is on the line that runs corral: a script's exec line,
	// or the plugin's CORRAL constant.
	cmd := ""
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "exec ") && strings.HasSuffix(l, " hook --agent "+h.agent) {
			cmd = strings.TrimPrefix(l, "exec ")
			break
		}
		if strings.HasPrefix(l, "const CORRAL = ") {
			cmd = shellQuote(quotedValue(l)) + " hook --agent " + h.agent
			break
		}
	}
	return []Registration{{Agent: h.agent, Scope: t.Scope, File: path, Events: []string{h.event}, Command: cmd}}, nil
}
