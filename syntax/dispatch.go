package syntax

import (
	"os"
	"path/filepath"
	"strings"
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
		if gitOwnCommand(name) {
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

// gitOwnCommand reports whether git has the subcommand itself: one of its
// builtins or its own programs, which git finds in its exec path before
// PATH (when no exec path is installed where gitExecPaths look, every
// subcommand is taken to be git's own, and nothing is read).
func gitOwnCommand(sub string) bool {
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
