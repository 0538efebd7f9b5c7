package rewrite

import (
	"github.com/corral-dev/corral/guards"

	"fmt"
	"path/filepath"
	"strings"
)

// Environment variables read by NewConfig.
const (
	EnvSandbox     = "CONTENT_FILTER_SANDBOX_DIR"
	EnvMode        = "CONTENT_FILTER_ENFORCER_MODE"
	EnvApprove     = "CORRAL_APPROVE"
	EnvProject     = "CLAUDE_PROJECT_DIR"
	DefaultSandbox = "agent_sandbox"
)

// NewConfig builds a Config from environment values (getenv) and the
// hook's working directory. Bad values fall back to the defaults; each is
// described in the returned notes, for stderr.
func NewConfig(getenv func(string) string, cwd string) (*Config, []string) {
	var notes []string
	cfg := &Config{Cwd: clean(cwd), Home: getenv("HOME"), Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
	cfg.Project = cfg.Cwd
	// Claude Code runs the Bash tool's command in the user's shell:
	// CLAUDE_CODE_SHELL when set, else SHELL (zsh on macOS).
	cfg.Shell = getenv("CLAUDE_CODE_SHELL")
	if cfg.Shell == "" {
		cfg.Shell = getenv("SHELL")
	}
	cfg.Path = getenv("PATH")
	if p := getenv(EnvProject); p != "" && filepath.IsAbs(p) {
		cfg.Project = clean(p)
	}
	if cfg.Cwd == "" {
		cfg.Cwd = cfg.Project
	}
	sb := getenv(EnvSandbox)
	switch {
	case sb == "":
		cfg.Sandbox = filepath.Join(cfg.Project, DefaultSandbox)
	case sb == "~" || strings.HasPrefix(sb, "~/"):
		if cfg.Home == "" {
			notes = append(notes, fmt.Sprintf("%s=%q uses ~ but HOME is not set; using %s", EnvSandbox, sb, filepath.Join(cfg.Project, DefaultSandbox)))
			cfg.Sandbox = filepath.Join(cfg.Project, DefaultSandbox)
		} else {
			cfg.Sandbox = filepath.Join(cfg.Home, sb[1:])
		}
	case filepath.IsAbs(sb):
		cfg.Sandbox = filepath.Clean(sb)
	default:
		cfg.Sandbox = filepath.Join(cfg.Project, sb)
	}
	cfg.SandboxFromEnv = sb != ""
	cfg.ModeFromEnv = getenv(EnvMode) != ""
	cfg.ApproveFromEnv = getenv(EnvApprove) != ""
	switch m := Mode(strings.ToLower(strings.TrimSpace(getenv(EnvMode)))); m {
	case "":
	case ModeRewrite, ModeBlock:
		cfg.Mode = m
	default:
		notes = append(notes, fmt.Sprintf("%s=%q is not rewrite or block; using rewrite", EnvMode, string(m)))
	}
	switch a := Approval(strings.ToLower(strings.TrimSpace(getenv(EnvApprove)))); a {
	case "":
	case ApproveAuto, ApproveAllow, ApproveDefer, ApproveAsk:
		cfg.Approve = a
	default:
		notes = append(notes, fmt.Sprintf("%s=%q is not auto, allow, defer or ask; using auto", EnvApprove, string(a)))
	}
	return cfg, notes
}

func clean(p string) string {
	if p == "" {
		return ""
	}
	return filepath.Clean(p)
}

// RepoTop is the top of the git work tree that holds the project when
// the project is a subdirectory of one (guards.Enclosing: a session
// rooted in src/, an agent that sends only its cwd), else the project:
// git reads the repository's configuration and runs its hooks there,
// whichever directory of the work tree it is started from (red team 15
// CW1).
func (cfg *Config) RepoTop() string {
	up := guards.Enclosing(guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home})
	if len(up) == 0 {
		return cfg.Project
	}
	return up[len(up)-1]
}
