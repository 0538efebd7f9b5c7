package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/urfave/cli/v3"
)

func registrationFlags(scopeUsage string) []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "agent", Value: "claude", Usage: "the agent: " + strings.Join(agent.Names(), ", ") + ", or all (the agents found under $HOME)"},
		&cli.StringFlag{Name: "scope", Usage: scopeUsage},
		&cli.BoolFlag{Name: "dry-run", Usage: "print the diff of every file that would change; change nothing"},
		&cli.StringFlag{Name: "project", Usage: "project `DIR` for the project and local scopes (default: the current directory)"},
		&cli.StringFlag{Name: "binary", Usage: "the corral `PATH` the hook runs (default: this binary)"},
	}
}

func (env *runtimeEnv) initCommand() *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "register corral's hook with an agent (merged into its settings, backed up, idempotent)",
		UsageText: `corral init [--agent NAME|all] [--scope user|project|local] [--dry-run]

   corral init                                  Claude Code, ~/.claude/settings.json
   corral init --agent codex --scope project    Codex CLI, .codex/hooks.json
   corral init --agent all                      every agent found under $HOME
   corral init --dry-run                        show the diff, change nothing`,
		Flags: append(registrationFlags("user, project or local (default: user, or the agent's only scope)"),
			&cli.StringFlag{Name: "preset", Usage: "also set the user's policy `PRESET`: standard, strict or paranoid"}),
		Metadata: example("corral init", "corral init --agent codex --scope project", "corral init --agent all --dry-run", "corral init --preset strict"),
		Action: func(_ context.Context, c *cli.Command) error {
			if !c.Bool("dry-run") {
				if err := env.refuseUnderAgent("init"); err != nil {
					return err
				}
			}
			if p := c.String("preset"); p != "" {
				if err := env.initPreset(c, p); err != nil {
					return err
				}
			}
			return env.register(c, true)
		},
	}
}

func (env *runtimeEnv) uninstallCommand() *cli.Command {
	return &cli.Command{
		Name:      "uninstall",
		Usage:     "remove exactly what corral init added to an agent's settings",
		UsageText: "corral uninstall [--agent NAME|all] [--scope user|project|local] [--dry-run]",
		Flags:     registrationFlags("only this scope (default: every scope of the agent)"),
		Metadata:  example("corral uninstall", "corral uninstall --agent all"),
		Action: func(_ context.Context, c *cli.Command) error {
			if !c.Bool("dry-run") {
				if err := env.refuseUnderAgent("uninstall"); err != nil {
					return err
				}
			}
			return env.register(c, false)
		},
	}
}

// target is where init and uninstall work, from the flags and environment.
func (env *runtimeEnv) target(c *cli.Command) (agent.Target, error) {
	home := env.getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return agent.Target{}, fmt.Errorf("cannot find the home directory: %v", err)
		}
		home = h
	}
	project := env.cwd(c.String("project"))
	if abs, err := filepath.Abs(project); err == nil {
		project = abs
	}
	bin := c.String("binary")
	if bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return agent.Target{}, fmt.Errorf("cannot find this binary's path (%v); pass --binary", err)
		}
		bin = exe
	}
	if !filepath.IsAbs(bin) {
		abs, err := filepath.Abs(bin)
		if err != nil {
			return agent.Target{}, err
		}
		bin = abs
	}
	return agent.Target{Home: home, Project: project, Binary: bin, Getenv: env.getenv}, nil
}

// register runs init (install) or uninstall for the agents and scopes the
// flags name.
func (env *runtimeEnv) register(c *cli.Command, install bool) error {
	if c.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (the agent is chosen with --agent)", c.Args().First())
	}
	t, err := env.target(c)
	if err != nil {
		return err
	}
	name := strings.ToLower(c.String("agent"))
	var adapters []agent.Adapter
	all := name == "all"
	if all {
		for _, n := range agent.Names() {
			if ad := agent.ByName(n); ad.Detect(t) {
				adapters = append(adapters, ad)
			}
		}
		if len(adapters) == 0 {
			fmt.Fprintf(env.stdout, "corral: no agent's configuration directory found under %s; nothing to do\n", t.Home)
			return nil
		}
	} else {
		ad := agent.ByName(name)
		if ad == nil {
			return fmt.Errorf("unknown agent %q; known: %s, all", name, strings.Join(agent.Names(), ", "))
		}
		adapters = []agent.Adapter{ad}
	}
	scope := agent.Scope(c.String("scope"))
	switch scope {
	case "", agent.User, agent.Project, agent.Local:
	default:
		return fmt.Errorf("unknown --scope %q (want user, project or local)", scope)
	}
	// Compute every change first, so that a problem with one file (bad
	// syntax, no such scope) stops before anything is written.
	type plan struct {
		ad      agent.Adapter
		t       agent.Target
		changes []agent.Change
	}
	var plans []plan
	for _, ad := range adapters {
		scopes := []agent.Scope{scope}
		switch {
		case scope == "" && install:
			// The user's settings; an agent that reads hooks only from
			// its project gets them there when named alone.
			scopes = []agent.Scope{agent.User}
			if !all && !contains(scopeNames(ad.Scopes()), string(agent.User)) {
				scopes = ad.Scopes()[:1]
			}
		case scope == "":
			scopes = ad.Scopes()
		}
		for _, sc := range scopes {
			tt := t
			tt.Scope = sc
			var ch []agent.Change
			var err error
			if install {
				ch, err = ad.Install(tt)
			} else {
				ch, err = ad.Uninstall(tt)
			}
			if agent.IsNoScope(err) && all {
				fmt.Fprintf(env.stdout, "corral: %s: skipped (%v)\n", ad.Title(), err)
				continue
			}
			if err != nil {
				return fmt.Errorf("%s: %v", ad.Title(), err)
			}
			plans = append(plans, plan{ad, tt, ch})
		}
	}
	dry := c.Bool("dry-run")
	for _, p := range plans {
		file := p.ad.File(p.t)
		if len(p.changes) == 0 {
			if install {
				fmt.Fprintf(env.stdout, "corral: %s: already registered in %s (%s scope); nothing changed\n", p.ad.Title(), file, p.t.Scope)
			} else if scope != "" || !all {
				fmt.Fprintf(env.stdout, "corral: %s: not registered in %s (%s scope); nothing changed\n", p.ad.Title(), file, p.t.Scope)
			}
		} else {
			backups, err := agent.Apply(p.changes, env.now(), dry, env.stdout)
			if err != nil {
				return fmt.Errorf("%s: %v", p.ad.Title(), err)
			}
			verb := "registered in"
			if !install {
				verb = "removed from"
			}
			if dry {
				verb = "would be " + verb
			}
			fmt.Fprintf(env.stdout, "corral: %s: %s %s (%s scope)", p.ad.Title(), verb, file, p.t.Scope)
			if len(backups) > 0 {
				fmt.Fprintf(env.stdout, "; backup %s", strings.Join(backups, ", "))
			}
			fmt.Fprintln(env.stdout)
		}
		if install {
			env.warnOtherRewriters(p.ad, p.t, dry)
		}
	}
	return nil
}

// warnOtherRewriters says when another hook also runs on the agent's
// shell tool: when several return a rewrite, only one applies.
func (env *runtimeEnv) warnOtherRewriters(ad agent.Adapter, t agent.Target, dry bool) {
	if dry {
		return
	}
	regs, err := ad.Registered(t)
	if err != nil {
		return
	}
	for _, r := range regs {
		for _, o := range r.Others {
			fmt.Fprintf(env.stderr, "corral: warning: %s also runs the hook %q on shell commands (%s); if it rewrites commands (updatedInput), only one rewrite applies and which one is not deterministic\n", ad.Title(), o, r.File)
		}
	}
}

func scopeNames(s []agent.Scope) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = string(x)
	}
	return out
}
