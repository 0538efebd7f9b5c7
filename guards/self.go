package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// selfHome are the files under the home directory that register hooks,
// configure corral or run code at login: an agent that could write them
// could switch corral off or approve itself.
var selfHome = []string{
	// Agent settings that register hooks.
	"~/.claude/settings*.json", "~/.claude/plugins", "~/.claude/state/guardrails.json",
	"~/.codex", "~/.gemini/settings.json", "~/.gemini/config/hooks.json", "~/.cursor/hooks.json",
	"~/.qwen/settings.json", "~/.factory/settings.json", "~/.codeium/windsurf/hooks.json", "~/.cline/hooks",
	"~/.kimi-code/config.toml", "~/.grok/hooks", "~/.augment/settings.json", "~/.copilot",
	// Code that agents load at start-up by directory: OpenCode's plugins
	// (every file there runs in OpenCode's process; corral's own is one),
	// Kiro's agent files (which carry hooks), Crush's configuration. The
	// file each installer writes is added when the hook runs
	// (cmd/corral/app registrationFiles).
	"~/.config/opencode/plugin/**", "~/.config/opencode/plugins/**", "~/.kiro/agents/**", "~/.kiro/hooks/**",
	"~/.config/crush/crush.json", "~/.hermes/config.yaml",
	// Agent configuration that registers MCP servers (programs the agent
	// starts, outside any tool call corral sees) or approves tools:
	// Claude Code's user file (mcpServers, each project's allowedTools
	// and trust), Cursor's, OpenCode's and Windsurf's.
	"~/.claude.json", "~/.cursor/mcp.json", "~/.config/opencode/opencode.json", "~/.config/opencode/opencode.jsonc",
	"~/.codeium/windsurf/mcp_config.json",
	// corral's own configuration.
	"~/.config/corral",
	// Logins and shells.
	"~/.ssh/authorized_keys", "~/.bashrc", "~/.bash_profile", "~/.bash_login", "~/.bash_logout", "~/.profile",
	"~/.zshrc", "~/.zshenv", "~/.zprofile", "~/.zlogin", "~/.config/fish/config.fish", "~/.inputrc",
	// Files the shells and the login session run as well: Debian's
	// .bashrc sources ~/.bash_aliases, Fedora's and RHEL's every file in
	// ~/.bashrc.d; zsh's logout file; ksh, mksh,
	// csh and tcsh start-up files; fish's conf.d snippets and autoloaded
	// functions (a function named ls replaces ls); the X session's
	// start-up scripts; desktop autostart entries and user systemd units,
	// which start programs at login.
	"~/.bash_aliases", "~/.bashrc.d/**", "~/.zlogout", "~/.kshrc", "~/.mkshrc", "~/.cshrc", "~/.tcshrc", "~/.xprofile", "~/.xsessionrc",
	"~/.xinitrc", "~/.config/fish/conf.d/**", "~/.config/fish/functions/**", "~/.config/autostart/**",
	"~/.config/systemd/user/**",
	// Start-up files of programs that run the user's shell commands
	// from them whenever they start: less's lesskey source and compiled
	// file (its #env LESSOPEN/LESSCLOSE run on every file less opens —
	// git log, man — and a key can type a ! command), gdb's early and
	// ordinary init files (shell, python).
	"~/.lesskey", "~/.config/lesskey", "~/.less", "~/.config/less",
	"~/.gdbinit", "~/.gdbearlyinit", "~/.config/gdb/gdbinit", "~/.config/gdb/gdbearlyinit",
	// lftp's rc files, run before its commands at every start (without
	// -norc): a !command line, a shell command, an alias that replaces
	// ls or get, set cmd:at-exit (lftp(1) "FILES"; /etc/lftp.conf is
	// under /etc, blocked anyway). The rc in lftp's directory: ~/.lftp,
	// else ~/.config/lftp.
	"~/.lftprc", "~/.lftp/rc", "~/.config/lftp/rc",
	// Editors' start-up files and the plugins they load at start: Vim's
	// (vimrc, gvimrc, exrc, everything under ~/.vim: plugin/, pack/,
	// autoload/ run at start or on use), Neovim's, Emacs's init files.
	"~/.vimrc", "~/.gvimrc", "~/.exrc", "~/.vim/**", "~/.config/nvim/**", "~/.emacs", "~/.emacs.el",
	"~/.emacs.d/init.el", "~/.emacs.d/early-init.el", "~/.config/emacs/init.el", "~/.config/emacs/early-init.el",
	// More files that run the user's commands when a program starts or a
	// session begins: bash-completion sources ~/.bash_completion in every
	// interactive shell and a command's completion file on first use;
	// tmux's and screen's configurations (run-shell, if-shell, exec);
	// starship's custom modules (a command at every prompt); direnv's
	// direnvrc, sourced before every .envrc; the interactive interpreters'
	// start-up files (IPython's startup scripts and configuration,
	// irb's and pry's, R's, psql's and sqlite's, whose \! and .system run
	// commands); the login environment (pam_env and systemd's
	// environment.d can set LD_PRELOAD or BASH_ENV for every program).
	"~/.bash_completion", "~/.config/bash_completion", "~/.local/share/bash-completion/**",
	"~/.tmux.conf", "~/.config/tmux/**", "~/.screenrc", "~/.config/starship.toml",
	"~/.direnvrc", "~/.config/direnv/**", "~/.ipython/**", "~/.jupyter/*.py", "~/.irbrc", "~/.config/irb/**",
	"~/.pryrc", "~/.Rprofile", "~/.psqlrc", "~/.sqliterc", "~/.pam_environment", "~/.config/environment.d/**",
	"~/.xsession", "~/.config/plasma-workspace/env/**",
	// Issue 12: more files run at login, at logout or when the account is
	// reached from outside. csh's and tcsh's login and logout files
	// (tcsh(1): ~/.login after ~/.tcshrc in a login shell, ~/.logout at
	// its end, ~/.cshdirs after ~/.login when savedirs is set); nushell's
	// configuration directory (config.nu, env.nu, login.nu, the autoload
	// directory and the plugin registry, each loaded at start-up), the
	// vendor autoload directory, PowerShell's current-user profiles
	// (about_Profiles: ~/.config/powershell/profile.ps1 for all hosts,
	// HOST_profile.ps1 for one), xonsh's and elvish's rc files; the user
	// systemd units and manager configuration in every directory the user
	// manager reads (systemd.unit(5): ~/.local/share/systemd/user too;
	// systemd-user.conf(5)'s DefaultEnvironment= reaches every user
	// service); LXDE's session autostart (lxsession runs each line),
	// GNOME's ~/.gnomerc and im-config's ~/.xinputrc (sourced by the
	// Debian Xsession scripts), KDE's autostart and shutdown scripts;
	// fish's autoloaded completions (sourced on the first completion of
	// that command). Mail: ~/.forward, ~/.qmail and its extensions,
	// ~/.procmailrc, ~/.mailfilter hand the user's incoming mail to a
	// "|command" they name (aliases(5), dot-qmail(5), procmailrc(5),
	// maildropfilter(7)). Remote access: ~/.rhosts and ~/.shosts (rsh,
	// and sshd's host-based authentication when IgnoreRhosts is off),
	// ~/.ssh/authorized_keys2 (in sshd's default AuthorizedKeysFile),
	// ~/.ssh/rc (sshd(8) runs it at every ssh login), ~/.ssh/environment
	// (read at login under PermitUserEnvironment), Kerberos's ~/.k5login
	// and ~/.k5users (principals let in as the user). Build tools' start
	// files: ~/.mavenrc, sourced by the mvn script on every build, and
	// Gradle's init scripts (~/.gradle/init.gradle[.kts], ~/.gradle/init.d),
	// run before every build. Ant's launcher sources ~/.ant/ant.conf
	// and ~/.antrc as shell text on every run (bin/ant, "load user ant
	// configuration"); sbt loads ~/.sbt/VERSION/*.sbt (global settings)
	// and ~/.sbt/VERSION/plugins/** (global plugins, compiled and run)
	// into every build, and runs the commands of ~/.sbtrc (eval runs
	// Scala) at every start.
	"~/.login", "~/.logout", "~/.cshdirs", "~/.config/nushell/**", "~/.local/share/nushell/vendor/autoload/**",
	"~/.config/powershell/*profile.ps1", "~/.xonshrc", "~/.config/xonsh/**", "~/.config/elvish/rc.elv", "~/.elvish/rc.elv",
	"~/.local/share/systemd/user/**", "~/.config/systemd/user.conf", "~/.config/systemd/user.conf.d/**",
	"~/.config/lxsession/**", "~/.gnomerc", "~/.xinputrc", "~/.config/autostart-scripts/**",
	"~/.config/plasma-workspace/shutdown/**", "~/.config/fish/completions/**",
	"~/.forward", "~/.qmail", "~/.qmail-*", "~/.procmailrc", "~/.mailfilter",
	"~/.rhosts", "~/.shosts", "~/.ssh/authorized_keys2", "~/.ssh/rc", "~/.ssh/environment", "~/.k5login", "~/.k5users",
	"~/.mavenrc", "~/.gradle/init.gradle", "~/.gradle/init.gradle.kts", "~/.gradle/init.d/**",
	"~/.antrc", "~/.ant/ant.conf", "~/.sbt/*/*.sbt", "~/.sbt/*/plugins/**", "~/.sbtrc",
	// The user manager's control directory is first on its unit search
	// path (systemd.unit(5)); zsh's compinit sources its dump file
	// (~/.zcompdump, oh-my-zsh's ~/.zcompdump-HOST-VERSION) at every
	// interactive start; oh-my-zsh.sh sources its lib/*.zsh, the enabled
	// plugins (a same-named file under custom/ first) and custom/*.zsh.
	"~/.config/systemd/user.control/**", "~/.zcompdump*", "~/.oh-my-zsh/**",
	// Issue 12 ("writes through every door"): the user manager's runtime
	// unit directories ($XDG_RUNTIME_DIR/systemd/user and its .control,
	// systemd.unit(5), first on its search path until the next boot), and
	// PowerShell's current-user module directory (about_PSModulePath:
	// ~/.local/share/powershell/Modules on Linux), whose modules pwsh
	// loads on first use of a command they export.
	"/run/user/*/systemd/user/**", "/run/user/*/systemd/user.control/**", "~/.local/share/powershell/Modules/**",
	// Claude Code's own start-up files for the agent's shell: the
	// snapshot of the user's shell it sources before every Bash command
	// (a function named git defined there replaces git) and the session
	// environment files SessionStart hooks write; seed 002's hook
	// registration file. The hook scripts themselves are protected when
	// settings register them (RegisteredPrograms): seed 002 keeps the
	// rest of ~/.claude/hooks a safe path (~/.claude/hooks/test.py).
	"~/.claude/shell-snapshots/**", "~/.claude/session-env/**", "~/.claude/hooks/hooks.json",
	// A program named corral where the documented installs put it (go
	// install: ~/go/bin; cargo: ~/.cargo/bin; pipx, uv tool: ~/.local/bin;
	// ~/bin): the plugin's launcher runs the corral it finds on PATH, so
	// one written there is the hook. The PATH directories of the hook's
	// own environment are added when the hook runs (cmd/corral/app).
	"~/go/bin/corral", "~/.cargo/bin/corral", "~/.local/bin/corral", "~/bin/corral",
	// Claude Code's own program where its installers put it: the local
	// install (~/.claude/local/claude, a wrapper, and its node_modules,
	// the agent's code), the native installer's versions and launcher.
	// Replaced, the next session runs the agent's code with hooks off.
	"~/.claude/local/**", "~/.local/share/claude/**", "~/.local/bin/claude",
	// The agents' own sign-in files (also secrets, never read): replaced,
	// the user's next sessions run under an account the agent chose,
	// whose settings and history it controls (red team 16 CR1).
	"~/.claude/.credentials.json", "~/.gemini/oauth_creds.json", "~/.qwen/oauth_creds.json",
	// Issue 12 (the guard's own files): Gemini CLI's and Qwen Code's
	// user extensions, loaded at every start (their manifests register
	// MCP servers, hooks and commands; a settings.json of their own);
	// the .claude.json Claude Code keeps under ~/.claude when the global
	// one is not at ~/.claude.json (MCP servers, allowedTools, trust);
	// Claude Code's managed settings and MCP servers, macOS's and
	// Linux's, which win over every other settings file (a managed
	// settings file can switch hooks off or approve every tool).
	"~/.gemini/extensions/**", "~/.qwen/extensions/**", "~/.claude/.claude.json",
	"/Library/Application Support/ClaudeCode/managed-settings.json", "/Library/Application Support/ClaudeCode/managed-mcp.json",
	"/etc/claude-code/managed-settings.json", "/etc/claude-code/managed-mcp.json",
}

// selfProject are the same files in a project.
var selfProject = []string{
	".claude/settings*.json", ".claude/hooks/**", ".codex/**", ".gemini/settings.json", ".cursor/hooks.json",
	".qwen/settings.json", ".github/hooks/*.json", ".windsurf/hooks.json", ".clinerules/hooks/**",
	".augment/settings.json", ".corral.json", ".git/hooks/**", "**/.git/hooks/**", ".git/config",
	".opencode/plugin/**", ".opencode/plugins/**", ".opencode/tool/**", ".opencode/tools/**", ".kiro/agents/**", ".kiro/hooks/**", ".factory/settings.json",
	".continue/settings.json",
	// Mercurial's repository configuration: its [hooks], [alias] !CMD,
	// ui.ssh and [extensions] run at the next hg command, as
	// .git/config's core.fsmonitor does at the next git one.
	".hg/hgrc",
}

// agentCodeHome and agentCodeProject are where agents keep the custom
// commands, skills and subagents whose text can run shell commands that
// the agent itself starts, outside any tool call corral sees: Claude
// Code's !`cmd` lines and ```! blocks in skills and commands and the hooks
// a skill's or subagent's front matter registers; Gemini CLI's and Qwen
// Code's !{cmd} in command files; OpenCode's !`cmd` in commands. A write
// there asks (rule agent-commands); the hook lets a Write or Edit pass
// when the text it leaves runs nothing (cmd/corral/app/agentcode.go).
var agentCodeHome = []string{
	"~/.claude/skills/**", "~/.claude/commands/**", "~/.claude/agents/**",
	"~/.gemini/commands/**", "~/.qwen/commands/**", "~/.qwen/agents/**",
	"~/.config/opencode/command/**", "~/.config/opencode/commands/**", "~/.config/opencode/agent/**", "~/.config/opencode/agents/**",
}

var agentCodeProject = []string{
	".claude/skills/**", ".claude/commands/**", ".claude/agents/**",
	// Claude Code also loads the skills of a nested .claude/skills
	// (packages/web/.claude/skills/NAME/SKILL.md) when it works there.
	"**/.claude/skills/**",
	".gemini/commands/**", ".qwen/commands/**", ".qwen/agents/**",
	".opencode/command/**", ".opencode/commands/**", ".opencode/agent/**", ".opencode/agents/**",
}

// AgentCodeRule is the rule of a write to an agent's commands, skills or
// subagents.
const AgentCodeRule = "agent-commands"

// mcpProject are a project's files that register MCP servers: Claude
// Code's .mcp.json, Cursor's, VS Code's and Roo's mcp.json, OpenCode's
// project configuration. A server is a program the agent starts outside
// any tool call corral sees (Claude Code asks the user before it starts a
// project's server, unless its settings approve them all): a write there
// asks, and is denied when a server's command line is one corral denies
// (cmd/corral/app/agentcode.go).
var mcpProject = []string{".mcp.json", ".cursor/mcp.json", ".vscode/mcp.json", ".roo/mcp.json", "opencode.json", "opencode.jsonc",
	// Red team 14: the project MCP files of Amazon Q, Kiro, Factory,
	// JetBrains Junie and Continue, and Gemini CLI's extensions (which
	// register servers and commands).
	".amazonq/mcp.json", ".kiro/settings/mcp.json", ".factory/mcp.json", ".junie/mcp/mcp.json", ".continue/mcpServers/**",
	".gemini/extensions/**",
	// Qwen Code loads the extensions of <workspace>/.qwen/extensions at
	// start-up, their qwen-extension.json (or gemini-extension.json)
	// mcpServers included (red team 18 RG1c).
	".qwen/extensions/**",
	// Red team 15 RG1: the sibling files those agents read with the same
	// power — Crush's .crush.json (read before crush.json), OpenCode's
	// opencode.json(c) in a .opencode directory (servers, plugins,
	// permissions), Kilo Code's and Trae's project MCP files, Zed's
	// project settings (context_servers).
	".crush.json", ".opencode/opencode.json", ".opencode/opencode.jsonc", ".kilocode/mcp.json", ".trae/mcp.json",
	".zed/settings.json"}

// AgentMCPRule is the rule of a write to a project's MCP configuration.
const AgentMCPRule = "agent-mcp"

// editorAutoRun are a project's files that make an editor or a dev
// container tool run a command by itself when the project is opened,
// on this machine, outside any agent: VS Code's tasks.json (a task with
// "runOptions": {"runOn": "folderOpen"}) and a dev container's
// initializeCommand (run on the host before the container starts), and
// a VS Code workspace file anywhere in the project (NAME.code-workspace:
// its "tasks" are a tasks.json of their own, folderOpen ones included,
// and its "settings" can switch off the prompt before them). A write
// there asks; the hook lets a Write or Edit pass when the text it leaves
// runs nothing that way (cmd/corral/app/agentcode.go).
var editorAutoRun = []string{".vscode/tasks.json", ".devcontainer/devcontainer.json", ".devcontainer.json", ".devcontainer/*/devcontainer.json",
	"**/*.code-workspace"}

// EditorAutoRunRule is the rule of a write to a file an editor runs
// commands from when the project is opened.
const EditorAutoRunRule = "editor-autorun"

// PyBytecodeRule is the rule of a write of compiled Python (*.pyc): an
// import runs a __pycache__/NAME.TAG.pyc instead of NAME.py when the
// header's recorded source time and size match the source on disk, which
// a forged file copies, and a sourceless NAME.pyc where no NAME.py is;
// either way the code that runs is not the text corral reads. Python's own
// compiling (py_compile, compileall, an import) is no such write.
const PyBytecodeRule = "python-bytecode"

// pyBytecode reports a path Python loads as compiled code: a name ending
// in .pyc (or .pyo, Python 2's optimised form).
func pyBytecode(abs string) bool {
	return strings.HasSuffix(abs, ".pyc") || strings.HasSuffix(abs, ".pyo")
}

// gitSelf are the project patterns whose deletion does not switch a
// guard off: removing .git (or its hooks), or .hg, loses history, which
// other rules judge, but runs nothing and unregisters nothing.
var gitSelf = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{".git/hooks/**": true, "**/.git/hooks/**": true, ".git/config": true, ".hg/hgrc": true}
}}

// regenerated reports a home pattern whose files are a cache their
// program rebuilds when it is missing: deleting one runs nothing and
// unregisters nothing (rm -f ~/.zcompdump*, the usual cure for stale zsh
// completions; compinit writes a new dump).
func regenerated(raw string) bool { return raw == "~/.zcompdump*" }

// presentIn reports whether something the project pattern names exists
// on disk under root: a directory holding the pattern's files is only
// the guard's when they are there (deleting an empty .github unregisters
// nothing).
func presentIn(root string, pat pattern) bool {
	if root == "" {
		return false
	}
	var fixed []string
	for _, s := range pat.segs {
		if s == "**" {
			break
		}
		fixed = append(fixed, s)
	}
	if len(fixed) == 0 {
		return false
	}
	m, _ := filepath.Glob(filepath.Join(append([]string{root}, fixed...)...))
	return len(m) > 0
}

// selfLayer denies writes to the guard's own files and to files that
// register hooks; no policy file can remove it.
type selfLayer struct {
	home, project []pattern
	// codeHome, codeProject: agentCodeHome and agentCodeProject; mcp:
	// mcpProject.
	codeHome, codeProject, mcp []pattern
	// autorun: editorAutoRun.
	autorun []pattern
	// files are directories or files given at run time (policy files,
	// state, audit log), with everything under them.
	files []string
	// sandbox is the sandbox root: it cannot be deleted or replaced.
	sandbox string
	// programs are the files the agents' settings run (RegisteredPrograms).
	programs []string
	// registrations are the files corral's installers write to register
	// the hook with each agent (WithRegistrations).
	registrations []string
	// codeDirs hold an agent's skills, commands or subagents
	// (WithAgentCodeDirs: CLAUDE_CONFIG_DIR's).
	codeDirs []string
}

func newSelfLayer() *selfLayer {
	l := builtinSelf.Get()
	return &l
}

// builtinSelf is the layer of corral's own patterns, parsed once per
// process: newSelfLayer hands out copies (the pattern lists are never
// changed in place; the With… methods append to fresh lists).
var builtinSelf = lazy.Value[selfLayer]{New: func() selfLayer {
	return selfLayer{
		home:        builtinPatterns(selfHome),
		project:     builtinPatterns(selfProject),
		codeHome:    builtinPatterns(agentCodeHome),
		codeProject: builtinPatterns(agentCodeProject),
		mcp:         builtinPatterns(mcpProject),
		autorun:     builtinPatterns(editorAutoRun),
	}
}}

// builtinPatterns parses corral's own patterns, into a list allocated
// once at its final size (every hook process builds these tables).
func builtinPatterns(raws []string) []pattern {
	out, err := parsePatterns("builtin", raws, false)
	if err != nil {
		panic(err)
	}
	return out
}

// withSelfLayer returns a copy of p and a copy of its self-protection
// layer (a new one when it has none) for a With… method to extend and
// set as the copy's: p and its layer are left as they were.
func (p *Policy) withSelfLayer() (*Policy, *selfLayer) {
	out := p.Merge(nil)
	if p != nil && p.self != nil {
		l := new(selfLayer)
		*l = *p.self
		return out, l
	}
	return out, newSelfLayer()
}

// WithSelfProtection returns p where the agent also cannot write files
// (or directories, with what is under them) and cannot delete or replace
// the sandbox root itself.
func (p *Policy) WithSelfProtection(files []string, sandbox string) *Policy {
	out, l := p.withSelfLayer()
	l.files = append(append([]string{}, l.files...), files...)
	if sandbox != "" {
		l.sandbox = filepath.Clean(sandbox)
	}
	out.self = l
	return out
}

// WithRegistrations returns p where the agent also cannot write or
// delete the files that register corral's hook with an agent (each
// installer's file in each scope, whether it is there yet or not), nor
// delete a directory holding one.
func (p *Policy) WithRegistrations(files []string) *Policy {
	if len(files) == 0 {
		return p
	}
	out, l := p.withSelfLayer()
	l.registrations = append(append([]string{}, l.registrations...), files...)
	out.self = l
	return out
}

// WithAgentPrograms returns p where the agent also cannot write or
// delete the files the agents' settings run (RegisteredPrograms).
func (p *Policy) WithAgentPrograms(files []string) *Policy {
	if len(files) == 0 {
		return p
	}
	out, l := p.withSelfLayer()
	l.programs = append(append([]string{}, l.programs...), files...)
	out.self = l
	return out
}

func (l *selfLayer) decide(env Env, np Path, a Action) Decision {
	deny := func(pat, why string) Decision {
		return Decision{Verdict: Deny, Rule: "self-protection", Pattern: pat, Source: "corral", PathContext: ContextBlocked,
			Message: fmt.Sprintf("Protected path: %s %s; the agent cannot change it (the user can, outside the agent)", np.Abs, why)}
	}
	if l.sandbox != "" && np.Abs == l.sandbox {
		return deny(l.sandbox, "is the sandbox root and cannot be deleted or replaced")
	}
	for _, f := range l.registrations {
		if f == np.Abs || a == Delete && holdsName(np, f) && np.Abs != "/" && np.Abs != env.Home && np.Abs != env.Project {
			return deny(f, "registers agent hooks, configures corral or runs at login")
		}
	}
	for _, f := range l.files {
		if f != "" && Within(f, np.Abs) {
			return deny(f, "is corral's own configuration or state")
		}
	}
	for _, f := range l.programs {
		// As written in the settings, or where its links lead: a
		// program reached through a link (~/bin/tool -> ../src/tool/tool)
		// is changed by writing the link's target.
		if f == np.Abs || filepath.IsAbs(f) && (resolve(f) == np.Abs || nameForm(f) == np.Abs) {
			return deny(f, "is a program the agent's settings run (a hook, the status line, a credential helper): changing it switches that off or runs code outside any tool call")
		}
	}
	if a == Delete {
		// A directory holding one (rm -rf scripts, rm -rf node_modules):
		// the hook then fails, which agents take as no objection; it may
		// also be a rebuild.
		for _, f := range l.programs {
			if holdsName(np, f) && np.Abs != "/" && np.Abs != env.Home && np.Abs != env.Project {
				return Decision{Verdict: Ask, Rule: "self-protection", Pattern: f, Source: "corral", PathContext: ContextBlocked,
					Message: fmt.Sprintf("Protected path: %s holds %s, a program the agent's settings run (a hook, the status line, a credential helper): without it that hook is off", np.Abs, f)}
			}
		}
	}
	for _, pat := range l.home {
		if a == Delete && regenerated(pat.raw) {
			continue
		}
		if pat.matchAnchored(env.Home, np.Abs) || a == Delete && pat.holdsAnchored(env.Home, np.Abs) && np.Abs != env.Home && np.Abs != "/" {
			return deny(pat.raw, "registers agent hooks, configures corral or runs at login")
		}
	}
	if d := l.denyDecision(env, np, a, deny); d.Verdict == Deny || a != Write {
		return d
	}
	ask := func(pat string) Decision {
		return Decision{Verdict: Ask, Rule: AgentCodeRule, Pattern: pat, Source: "corral", PathContext: ContextOutside,
			Message: fmt.Sprintf("Agent command: %s defines an agent's command, skill or subagent, whose text can run shell commands (!`…`, !{…}, hooks) that the agent starts outside corral's hook", np.Abs)}
	}
	for _, pat := range l.codeHome {
		if pat.matchAnchored(env.Home, np.Abs) {
			return ask(pat.raw)
		}
	}
	if s, ok := l.codeAbove(env, np.Abs); ok {
		return ask(filepath.Join(s, "**")) // agentcode_above.go
	}
	if d := pathCommand(env, np); d.Verdict != Allow {
		return d // pathcmd.go
	}
	if pyBytecode(np.Abs) {
		return Decision{Verdict: Ask, Rule: PyBytecodeRule, Pattern: "*.pyc", Source: "corral", PathContext: ContextOutside,
			Message: fmt.Sprintf("Python bytecode: %s is compiled Python, which an import runs in place of the source (a __pycache__ file whose header matches the source's time and size, a .pyc with no source beside it): the code that runs is not the text corral reads", np.Abs)}
	}
	if np.InProject {
		for _, pat := range l.codeProject {
			if pat.matchProject(np.Rel, np.Abs) {
				return ask(pat.raw)
			}
		}
		for _, pat := range l.mcp {
			if pat.matchProject(np.Rel, np.Abs) {
				return Decision{Verdict: Ask, Rule: AgentMCPRule, Pattern: pat.raw, Source: "corral", PathContext: ContextOutside,
					Message: fmt.Sprintf("Agent MCP configuration: %s registers MCP servers, programs the agent starts outside corral's hook", np.Abs)}
			}
		}
		for _, pat := range l.autorun {
			if pat.matchProject(np.Rel, np.Abs) {
				return Decision{Verdict: Ask, Rule: EditorAutoRunRule, Pattern: pat.raw, Source: "corral", PathContext: ContextOutside,
					Message: fmt.Sprintf("Editor auto-run: %s can hold commands an editor or dev container tool runs by itself when the project or workspace is opened (a folderOpen task, initializeCommand), outside the agent", np.Abs)}
			}
		}
	}
	return Decision{}
}

// denyDecision is the deny half of decide: hook registrations, logins
// and corral's own files.
func (l *selfLayer) denyDecision(env Env, np Path, a Action, deny func(pat, why string) Decision) Decision {
	if np.InProject {
		for _, pat := range l.project {
			if pat.matchProject(np.Rel, np.Abs) {
				return deny(pat.raw, "registers agent hooks, configures corral or runs git hooks")
			}
			if a == Delete && np.Rel != "." && !gitSelf.Get()[pat.raw] && pat.holdsProject(np.Rel) && presentIn(env.Project, pat) {
				// rm -rf .claude removes the hook's registration with it.
				return deny(pat.raw, "holds "+pat.raw+", which registers agent hooks or configures corral")
			}
		}
	}
	return Decision{}
}

// SelfFiles returns the files the self layer protects that have one path
// for env: the policy files, state and program given at run time, the
// sandbox root, and the home and project patterns with a fixed directory
// (a "*" in the name taken as empty: ~/.claude/settings*.json gives
// ~/.claude/settings.json). Patterns with "**" hold whole trees of
// names and are left out. Only paths that exist are returned: a
// deletion or a change of mode reaches nothing that is not there. The
// list is sorted.
func (p *Policy) SelfFiles(env Env) []string {
	if p == nil || p.self == nil {
		return nil
	}
	l := p.self
	var out []string
	add := func(abs string) {
		if abs == "" || !filepath.IsAbs(abs) {
			return
		}
		if _, err := os.Lstat(abs); err == nil {
			out = append(out, filepath.Clean(abs))
		}
	}
	for _, f := range l.files {
		add(f)
	}
	add(l.sandbox)
	for _, pat := range l.home {
		if env.Home == "" || strings.Contains(pat.raw, "**") {
			continue
		}
		add(filepath.Join(env.Home, strings.ReplaceAll(strings.TrimPrefix(pat.raw, "~/"), "*", "")))
	}
	above := Enclosing(env) // the repository's, from a subdirectory root (CW1)
	for _, pat := range l.project {
		if env.Project == "" || strings.Contains(pat.raw, "**") {
			continue
		}
		add(filepath.Join(env.Project, strings.ReplaceAll(pat.raw, "*", "")))
		for _, up := range above {
			add(filepath.Join(up, strings.ReplaceAll(pat.raw, "*", "")))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// AgentPrograms returns the programs the agents' settings run
// (WithAgentPrograms) that exist, sorted.
func (p *Policy) AgentPrograms() []string {
	if p == nil || p.self == nil {
		return nil
	}
	var out []string
	for _, f := range p.self.programs {
		if _, err := os.Lstat(f); err == nil && filepath.IsAbs(f) {
			out = append(out, filepath.Clean(f))
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// HoldsSelf returns the self-protected pattern (or corral's own file) that
// can name a path under the directory at path, or "": a command that
// writes files corral cannot name into that directory (cp -r SRC/. DIR
// of a tree made at run time, rsync of one) may write a file the self
// layer protects. A pattern that matches at any depth (**/.git/hooks/**)
// is left out: it is under every directory.
func (p *Policy) HoldsSelf(env Env, path string) string {
	if p == nil || p.self == nil {
		return ""
	}
	l := p.self
	np := Normalize(env, path)
	if np.Abs == "" {
		return ""
	}
	for _, f := range l.files {
		if f != "" && (Within(f, np.Abs) || Within(np.Abs, f)) {
			return f
		}
	}
	for _, pat := range l.home {
		if pat.matchAnchored(env.Home, np.Abs) || pat.holdsAnchored(env.Home, np.Abs) {
			return pat.raw
		}
	}
	if np.InProject {
		for _, pat := range l.project {
			if pat.matchProject(np.Rel, np.Abs) || pat.holdsProject(np.Rel) {
				return pat.raw
			}
		}
	}
	for _, up := range Enclosing(env) { // the repository above a subdirectory root (CW1)
		if rel, ok := relWithin(up, np.Abs); ok {
			for _, pat := range l.project {
				if pat.matchProject(rel, np.Abs) || pat.holdsProject(rel) {
					return pat.raw
				}
			}
		}
	}
	return ""
}

// HoldsAutoRun returns the editor auto-run pattern (editorAutoRun) a
// path in the project can hold, or "": a symbolic link named .vscode
// makes the editor read .vscode/tasks.json from wherever it points.
func (p *Policy) HoldsAutoRun(env Env, path string) string {
	if p == nil || p.self == nil {
		return ""
	}
	np := Normalize(env, path)
	if np.Abs == "" {
		return ""
	}
	rels := []string{}
	if np.InProject {
		rels = append(rels, np.Rel)
	}
	for _, up := range Enclosing(env) { // the repository above a subdirectory root (CW1)
		if rel, ok := relWithin(up, np.Abs); ok {
			rels = append(rels, rel)
		}
	}
	for _, rel := range rels {
		if rel == "." {
			continue
		}
		for _, pat := range p.self.autorun {
			if strings.HasPrefix(pat.raw, "**/") {
				continue // under every directory
			}
			if pat.holdsProject(rel) {
				return pat.raw
			}
		}
	}
	return ""
}

// SelfGlob returns a file the self layer protects that a path pattern
// with names only run time knows can name (match reports whether the
// pattern matches an absolute path), or "": sed -i ~/.claude/settings.j*
// when the file is not there yet, cp /tmp/x/* ~/.claude/ whose files land
// under names corral cannot know. Each protected pattern stands for the
// names it typically holds: a "*" in a name is taken as empty and as
// ".local" (settings.json, settings.local.json), "**" as a file
// (.git/hooks/pre-commit), and a directory as a file in it.
func (p *Policy) SelfGlob(env Env, match func(abs string) bool) string {
	if p == nil || p.self == nil || match == nil {
		return ""
	}
	l := p.self
	try := func(abs, what string) string {
		samples := []string{abs}
		if filepath.Ext(strings.TrimPrefix(filepath.Base(abs), ".")) == "" {
			samples = append(samples, abs+"/config") // a directory: a file in it
		}
		for _, s := range samples {
			if match(s) {
				return what
			}
		}
		return ""
	}
	for _, f := range l.files {
		if f != "" {
			if got := try(filepath.Clean(f), f); got != "" {
				return got
			}
		}
	}
	samples := func(root, raw string) []string {
		raw = strings.ReplaceAll(raw, "**", "pre-commit")
		return []string{
			filepath.Join(root, strings.ReplaceAll(raw, "*", "")),
			filepath.Join(root, strings.ReplaceAll(raw, "*", ".local")),
		}
	}
	for _, pat := range l.home {
		if env.Home == "" {
			continue
		}
		for _, s := range samples(env.Home, strings.TrimPrefix(pat.raw, "~/")) {
			if got := try(s, pat.raw); got != "" {
				return got
			}
		}
	}
	roots := []string{env.Project}
	if env.Project != "" {
		roots = append(roots, Enclosing(env)...) // the repository above a subdirectory root (CW1)
	}
	for _, root := range roots {
		for _, pat := range l.project {
			if root == "" {
				continue
			}
			for _, s := range samples(root, strings.TrimPrefix(pat.raw, "**/")) {
				if got := try(s, pat.raw); got != "" {
					return got
				}
			}
		}
	}
	return ""
}
