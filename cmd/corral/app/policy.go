package app

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/rewrite"
)

// ownPolicy is the part of corral's own policy format read here; paths and
// bash rules are read by guards and rewrite.
type ownPolicy struct {
	Corral  *int `json:"corral"`
	Sandbox struct {
		Dir     string `json:"dir"`
		Mode    string `json:"mode"`
		Approve string `json:"approve"`
	} `json:"sandbox"`
	Network struct {
		AllowHosts []string `json:"allow_hosts"`
	} `json:"network"`
}

// applySandboxSettings applies a policy file's sandbox section. The
// environment variables of seed 003 win over the file.
func applySandboxSettings(cfg *rewrite.Config, name string, data []byte) error {
	var p ownPolicy
	if json.Unmarshal(data, &p) != nil || p.Corral == nil {
		return nil
	}
	if d := p.Sandbox.Dir; d != "" && !cfg.SandboxFromEnv {
		switch {
		case d == "~" || strings.HasPrefix(d, "~/"):
			d = filepath.Join(cfg.Home, d[1:])
		case !filepath.IsAbs(d):
			d = filepath.Join(cfg.Project, d)
		}
		cfg.Sandbox = filepath.Clean(d)
	}
	if hosts := p.Network.AllowHosts; hosts != nil {
		cfg.AllowHosts = append([]string{}, hosts...)
	}
	if m := p.Sandbox.Mode; m != "" && !cfg.ModeFromEnv {
		if m != string(rewrite.ModeRewrite) && m != string(rewrite.ModeBlock) {
			return fmt.Errorf("policy %s: sandbox.mode %q is not rewrite or block; ignoring it", name, m)
		}
		cfg.Mode = rewrite.Mode(m)
	}
	if a := p.Sandbox.Approve; a != "" && !cfg.ApproveFromEnv {
		switch rewrite.Approval(a) {
		case rewrite.ApproveAuto, rewrite.ApproveAllow, rewrite.ApproveDefer, rewrite.ApproveAsk:
			cfg.Approve = rewrite.Approval(a)
		default:
			return fmt.Errorf("policy %s: sandbox.approve %q is not auto, allow, defer or ask; ignoring it", name, a)
		}
	}
	return nil
}
