package syntax

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// dispatcherOptions returns the option spec of the words before the
// subcommand of a program that runs an executable PROG-SUB found on PATH
// for a subcommand SUB it does not have itself: git (git(1): git-SUB in
// its exec path or on PATH), kubectl (plugins, kubectl-SUB), cargo
// (external subcommands, cargo-SUB), dotnet (dotnet-SUB tools) and brew
// (external commands, brew-SUB).
func dispatcherOptions(name string) (OptSpec, bool) {
	switch name {
	case "git":
		return GitGlobalOptions, true
	case "kubectl":
		return OptSpec{LongEq: true, ShortVal: "nsl", Stop: true, LongVal: []string{"kubeconfig", "context", "cluster", "user",
			"namespace", "server", "token", "as", "as-group", "as-uid", "request-timeout", "certificate-authority",
			"client-certificate", "client-key", "cache-dir", "tls-server-name", "profile", "profile-output", "v", "vmodule"}}, true
	case "cargo":
		return OptSpec{LongEq: true, ShortVal: "CZ", Stop: true, LongVal: []string{"color", "config", "explain", "manifest-path"}}, true
	case "dotnet", "brew":
		return OptSpec{Stop: true}, true
	}
	return OptSpec{}, false
}

// gitExecPaths are the directories git installs its own commands in
// (git --exec-path on Debian, Fedora, Homebrew and a source build): a
// subcommand with a git-SUB there is git's, and PATH is not searched.
var gitExecPaths = []string{"/usr/lib/git-core", "/usr/libexec/git-core", "/usr/local/libexec/git-core", "/opt/homebrew/opt/git/libexec/git-core"}

// dispatchedProgram models a subcommand a program runs as another program
// found on PATH (git foo runs git-foo, kubectl foo runs kubectl-foo):
// when the command changed PATH to search a directory the agent can write
// first, the file found there runs, as pathProgram reads a command name
// found that way. git -c alias.SUB=NAME makes the subcommand NAME. It
// reports whether such a program was found.
func (w *walker) dispatchedProgram(c scope, call *Call) bool {
	spec, ok := dispatcherOptions(call.Name)
	if !ok {
		return false
	}
	_, operands := ScanOptions(call.Args, spec)
	if len(operands) == 0 {
		return false
	}
	i := operands[0]
	sub := call.Args[i]
	if !sub.Static || sub.Value == "" || strings.ContainsAny(sub.Value, "/=") || strings.HasPrefix(sub.Value, "-") {
		return false
	}
	name := sub.Value
	if call.Name == "git" {
		if alias, ok := gitCommandAlias(call.Args[:i], name); ok {
			name = alias
		}
		if GitOwnCommand(name) {
			return false
		}
	}
	// kubectl looks for the longest run of the words that names a plugin
	// (kubectl foo bar runs kubectl-foo-bar before kubectl-foo), a dash
	// of the name also found as an underscore (kubectl-foo_bar).
	words := []string{name}
	if call.Name == "kubectl" {
		for j := i + 1; j < len(call.Args) && len(words) < 8; j++ {
			a := call.Args[j]
			if !a.Static || a.Value == "" || strings.HasPrefix(a.Value, "-") || strings.ContainsAny(a.Value, "/=") {
				break
			}
			words = append(words, a.Value)
		}
	}
	for n := len(words); n >= 1; n-- {
		joined := strings.Join(words[:n], "-")
		for _, plugin := range []string{joined, strings.ReplaceAll(joined, "-", "_")} {
			inner := *call
			inner.Name = call.Name + "-" + plugin
			inner.NameArg = Arg{Value: inner.Name, Raw: sub.Raw, Static: true}
			inner.Args = call.Args[i+n:]
			if w.pathProgram(c, &inner) {
				return true
			}
			if !strings.Contains(joined, "-") {
				break
			}
		}
	}
	return false
}

// gitCommandAlias returns the git subcommand a -c alias.SUB=VALUE among
// git's global options makes of SUB when VALUE is another git command
// (not a shell alias, "!…", which gitConfig judges).
func gitCommandAlias(global []Arg, sub string) (string, bool) {
	alias := ""
	for j, a := range global {
		kv := ""
		switch {
		case a.Value == "-c" && j+1 < len(global):
			kv = global[j+1].Value
		case strings.HasPrefix(a.Value, "-c") && len(a.Value) > 2:
			kv = a.Value[2:]
		default:
			continue
		}
		key, val, found := strings.Cut(kv, "=")
		if found && strings.EqualFold(key, "alias."+sub) {
			alias = val // the last one wins
		}
	}
	f := strings.Fields(alias)
	if len(f) == 0 || strings.HasPrefix(alias, "!") {
		return "", false
	}
	return f[0], true
}

// GitOwnCommand reports whether git has the subcommand itself: one of its
// builtins or its own programs, which git finds in its exec path before
// PATH (when no exec path is installed where gitExecPaths look, every
// subcommand is taken to be git's own, and nothing is read).
func GitOwnCommand(sub string) bool {
	installed := false
	for _, d := range gitExecPaths {
		fi, err := os.Stat(d)
		if err != nil || !fi.IsDir() {
			continue
		}
		installed = true
		if _, err := os.Lstat(filepath.Join(d, "git-"+sub)); err == nil {
			return true
		}
	}
	return !installed
}

// dockerBuiltins are the docker CLI's own commands: a plugin of the same
// name is never run.
var dockerBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`attach build builder checkpoint commit config container context cp create diff events exec
		export history image images import info inspect kill load login logout logs manifest network node pause plugin port ps
		pull push rename restart rm rmi run save search secret service stack start stats stop swarm system tag top trust
		unpause update version volume wait help completion`) {
		m[n] = true
	}
	return m
}}

// helmBuiltins are helm's own commands and their aliases: a plugin of
// the same name is never run.
var helmBuiltins = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`completion create dependency dep dependencies env get help history hist install lint list ls
		package plugin pull fetch push registry repo rollback search show inspect status template test uninstall un del delete
		upgrade verify version`) {
		m[n] = true
	}
	return m
}}

// Global options with a value of the programs whose plugins
// pluginProgram finds (docker's before the subcommand; helm's and gh's
// pflag options anywhere).
var (
	dockerGlobal = OptSpec{LongEq: true, ShortVal: "cHl", Stop: true, LongVal: []string{"config", "context", "host", "log-level",
		"tlscacert", "tlscert", "tlskey"}}
	helmGlobal = OptSpec{LongEq: true, ShortVal: "n", LongVal: []string{"kubeconfig", "kube-context", "namespace", "registry-config",
		"repository-cache", "repository-config", "burst-limit", "kube-apiserver", "kube-as-group", "kube-as-user", "kube-ca-file",
		"kube-tls-server-name", "kube-token", "qps", "content-cache"}}
	ghGlobal = OptSpec{LongEq: true, ShortVal: "R", LongVal: []string{"repo"}}
)

// maxHelmPlugins bounds the plugin directories helm's plugin lookup reads.
const maxHelmPlugins = 64

// pluginProgram models a subcommand that docker, gh or helm runs from a
// plugin directory the command itself chose (an environment variable it
// sets or exports, docker's --config), as dispatchedProgram models PATH:
//
//   - docker X runs docker-X from the cliPluginsExtraDirs of
//     $DOCKER_CONFIG/config.json, then $DOCKER_CONFIG/cli-plugins
//     (DOCKER_CONFIG, or docker --config DIR);
//   - gh X runs the extension gh-X/gh-X under
//     $XDG_DATA_HOME/gh/extensions;
//   - helm X runs the command of the plugin named X (plugin.yaml's
//     name; its command and platformCommand entries, $HELM_PLUGIN_DIR
//     expanded, split on spaces and run without a shell) in $HELM_PLUGINS,
//     else $XDG_DATA_HOME/helm/plugins.
//
// A built-in command is never a plugin's. The user's own directories
// (under the home directory, where the defaults are) are not read, as the
// clients' configuration files are not. It reports whether a plugin was
// found and read.
func (w *walker) pluginProgram(c scope, call *Call) bool {
	var spec OptSpec
	switch call.Name {
	case "docker":
		spec = dockerGlobal
	case "gh":
		spec = ghGlobal
	case "helm":
		spec = helmGlobal
	default:
		return false
	}
	opts, operands := ScanOptions(call.Args, spec)
	if len(operands) == 0 {
		return false
	}
	i := operands[0]
	sub := call.Args[i]
	if !sub.Static || sub.Value == "" || strings.ContainsAny(sub.Value, "/=") || strings.HasPrefix(sub.Value, "-") {
		return false
	}
	// dir returns the directory an environment variable the command sets
	// names, joined with rel.
	dir := func(name, rel string) (Dir, bool) {
		v, known, ok := w.envOf(c, call, name)
		if !ok || !known || v == "" {
			return Dir{}, false
		}
		d := call.Dir.Join(expandTilde(v, w.home))
		if rel != "" {
			d = d.Join(rel)
		}
		return d, d.Known
	}
	run := func(file string) bool {
		inner := *call
		inner.Name = call.Name + "-" + sub.Value
		inner.NameArg = Arg{Value: inner.Name, Raw: sub.Raw, Static: true}
		inner.Args = call.Args[i+1:]
		_, written := w.written[file]
		if !written && (w.userPluginDir(call.Name, file) || binaryFile(file)) {
			return false // the user's own, or a program that runs as itself
		}
		w.scriptFile(c, &inner, Arg{Value: file, Raw: sub.Raw, Static: true}, "")
		return true
	}
	exists := func(file string) bool {
		if _, written := w.written[file]; written {
			return true
		}
		fi, err := os.Stat(file)
		return err == nil && fi.Mode().IsRegular()
	}
	switch call.Name {
	case "docker":
		if dockerBuiltins.Get()[sub.Value] {
			return false
		}
		var cfg Dir
		found := false
		for _, o := range opts {
			if o.Name == "config" && o.HasVal {
				if !o.Val.Static {
					return false
				}
				cfg, found = call.Dir.Join(expandTilde(o.Val.Value, w.home)), true
			}
		}
		if !found {
			if cfg, found = dir("DOCKER_CONFIG", ""); !found {
				return false
			}
		}
		var dirs []string
		if text, ok := w.readScript(cfg.Join("config.json")); ok {
			var conf struct {
				Extra []string `json:"cliPluginsExtraDirs"`
			}
			if json.Unmarshal([]byte(text), &conf) == nil {
				for _, d := range conf.Extra {
					if j := call.Dir.Join(expandTilde(d, w.home)); j.Known && len(dirs) < 16 {
						dirs = append(dirs, j.Path)
					}
				}
			}
		}
		dirs = append(dirs, cfg.Join("cli-plugins").Path)
		for _, d := range dirs {
			if f := filepath.Join(d, "docker-"+sub.Value); exists(f) {
				return run(f)
			}
		}
	case "gh":
		if ghBuiltins.Get()[sub.Value] {
			return false
		}
		// go-gh's config.DataDir: $XDG_DATA_HOME/gh, else
		// ~/.local/share/gh (no variable of gh's own).
		ext, ok := dir("XDG_DATA_HOME", "gh/extensions")
		if !ok {
			return false
		}
		if f := ext.Join("gh-" + sub.Value).Join("gh-" + sub.Value).Path; exists(f) {
			return run(f)
		}
	case "helm":
		if helmBuiltins.Get()[sub.Value] {
			return false
		}
		plugins, ok := dir("HELM_PLUGINS", "")
		if !ok {
			if plugins, ok = dir("XDG_DATA_HOME", "helm/plugins"); !ok {
				return false
			}
		}
		// The plugin directories on disk and those this command writes
		// a plugin.yaml into first.
		var names []string
		if entries, err := os.ReadDir(plugins.Path); err == nil {
			for _, e := range entries {
				names = append(names, e.Name())
			}
		}
		for f := range w.written {
			if filepath.Base(f) == "plugin.yaml" && filepath.Dir(filepath.Dir(f)) == plugins.Path {
				names = append(names, filepath.Base(filepath.Dir(f)))
			}
		}
		sort.Strings(names)
		names = slices.Compact(names)
		for n, e := range names {
			if n >= maxHelmPlugins {
				break
			}
			pdir := plugins.Join(e)
			if w.userPluginDir("helm", pdir.Path) {
				continue
			}
			text, ok := w.readScript(pdir.Join("plugin.yaml"))
			if !ok {
				continue
			}
			name, cmds := helmPluginCommands(text)
			if name != sub.Value {
				continue
			}
			for _, cmd := range cmds {
				cmd = strings.NewReplacer("${HELM_PLUGIN_DIR}", pdir.Path, "$HELM_PLUGIN_DIR", pdir.Path,
					"${HELM_PLUGIN_NAME}", name, "$HELM_PLUGIN_NAME", name).Replace(cmd)
				var parts []string
				for _, f := range strings.Fields(cmd) {
					if strings.Contains(f, "$") && strings.Trim(f, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./${}-") == "" {
						// helm expands the environment's variables in
						// it (os.ExpandEnv), as the shell does a bare
						// $NAME.
						parts = append(parts, f)
						continue
					}
					parts = append(parts, Quote(f))
				}
				if len(parts) > 0 {
					w.childIn(c, call, strings.Join(parts, " "), nil, "helm plugin "+name+" ("+pdir.Path+"/plugin.yaml)", false, nil, call.Dir)
				}
			}
			return len(cmds) > 0
		}
	}
	return false
}

// userPluginDir reports a path in the user's own plugin directory of
// prog (~/.docker, ~/.local/share/gh, ~/.local/share/helm), which the
// user installed: not read.
func (w *walker) userPluginDir(prog, p string) bool {
	if w.home == "" {
		return false
	}
	rel := map[string]string{"docker": ".docker", "gh": ".local/share/gh", "helm": ".local/share/helm"}[prog]
	return rel != "" && pathWithin(p, filepath.Join(w.home, rel))
}

// helmPluginCommands reads a helm plugin.yaml: its name and every command
// it runs for the plugin's subcommand (command:, and each
// platformCommand entry's command:, with its args). Hooks (install,
// update) are not the subcommand's.
func helmPluginCommands(text string) (name string, cmds []string) {
	lines := strings.Split(text, "\n")
	inHooks := false
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \r\t")
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		top := len(l)-len(strings.TrimLeft(l, " ")) == 0
		k, v, _ := strings.Cut(strings.TrimPrefix(t, "- "), ":")
		k = strings.TrimSpace(k)
		if top {
			inHooks = k == "hooks"
		}
		if inHooks {
			continue
		}
		switch k {
		case "name":
			if top {
				name = yamlUnquote(v)
			}
		case "command":
			if c := yamlUnquote(v); c != "" && len(cmds) < 16 {
				cmds = append(cmds, c)
			}
		case "args":
			if len(cmds) > 0 && strings.TrimSpace(v) != "" {
				cmds[len(cmds)-1] += " " + strings.Join(yamlList(v), " ")
			}
		}
	}
	return name, cmds
}
