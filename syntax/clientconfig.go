package syntax

import (
	"encoding/json"
	"path"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Cluster and cloud clients run programs named in their configuration
// before they send any request, as git runs core.fsmonitor:
//
//   - a kubeconfig user's exec credential plugin (users[].user.exec:
//     command and args, run as an argv, no shell) runs at every kubectl,
//     helm, k9s… call that talks to the cluster. The kubeconfig is the
//     file --kubeconfig names, else each file of the colon-separated
//     KUBECONFIG list, else ~/.kube/config.
//   - an AWS profile's credential_process runs at every aws call that
//     needs credentials (also the SDK-based tools). The files are
//     AWS_CONFIG_FILE (~/.aws/config) and AWS_SHARED_CREDENTIALS_FILE
//     (~/.aws/credentials), whose profiles botocore merges.
//
// A file the command points the client at is read (bounded, as a script
// file is; what the command itself wrote there first counts) and every
// plugin in it is judged as a command line: every user's and every
// profile's, since a context, --user, --profile, AWS_PROFILE or a
// source_profile chain can select any of them. The user's own files
// (under ~/.kube and ~/.aws) are the user's: not read. And the clients'
// own setters write those settings for every later call: aws configure
// set [profile.P.]credential_process CMD, kubectl config set-credentials
// NAME --exec-command=CMD --exec-arg=ARG…, kubectl config set
// users.NAME.exec.command CMD: the program is judged now, as git config
// core.fsmonitor CMD is.

// kubeClients are programs built on client-go that read a kubeconfig
// (KUBECONFIG, --kubeconfig) and run its exec credential plugins.
var kubeClients = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`kubectl oc helm k9s kubens kubectx stern kubeseal velero istioctl linkerd flux
		skaffold tilt kubecolor kubie kubectl-argo-rollouts kube-capacity popeye kubeshark kapp ytt-kapp eksctl`) {
		m[n] = true
	}
	return m
}}

// awsClients are programs built on an AWS SDK that read the shared
// config and credentials files and run a profile's credential_process.
var awsClients = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`aws sam cdk eb copilot eksctl terraform tofu pulumi aws-vault s5cmd awslocal`) {
		m[n] = true
	}
	return m
}}

// clientConfig models the cluster and cloud clients' code-running
// configuration: the files a call reads and the settings it writes.
func (w *walker) clientConfig(c scope, call *Call) {
	if kubeClients.Get()[call.Name] {
		w.kubeClient(c, call)
	}
	if awsClients.Get()[call.Name] {
		w.awsClient(c, call)
	}
}

// clientWords splits a cobra/pflag or aws command line (options
// anywhere, "--" ends them) into its non-option words and the value of
// each --name=value or --name value option whose name is in valued.
func clientWords(args []Arg, valued map[string]bool) (words []Arg, opts map[string][]Arg) {
	opts = map[string][]Arg{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Static && a.Value == "--" {
			break
		}
		if !a.Static || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			words = append(words, a)
			continue
		}
		name, val, eq := strings.Cut(strings.TrimLeft(a.Value, "-"), "=")
		if !valued[name] {
			continue
		}
		if eq {
			v := a
			v.Value = val
			opts[name] = append(opts[name], v)
		} else if i+1 < len(args) {
			i++
			opts[name] = append(opts[name], args[i])
		}
	}
	return words, opts
}

// kubeValued are kubectl's (and helm's) options with a value, as far
// as they matter for finding the subcommand and the plugin settings.
var kubeValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`kubeconfig kube-config context kube-context cluster user n namespace s server token
		as as-group as-uid certificate-authority client-certificate client-key request-timeout tls-server-name
		exec-command exec-arg exec-env exec-api-version exec-interactive-mode auth-provider auth-provider-arg
		username password cache-dir profile profile-output l selector o output f filename c container`) {
		m[n] = true
	}
	return m
}}

func (w *walker) kubeClient(c scope, call *Call) {
	words, opts := clientWords(call.Args, kubeValued.Get())
	tool := call.Name
	if (tool == "kubectl" || tool == "oc") && len(words) > 0 && words[0].Value == "config" {
		w.kubeConfigSet(c, call, words[1:], opts)
		return // kubectl config reads and edits the file; it runs no plugin
	}
	var files []Arg
	for _, name := range []string{"kubeconfig", "kube-config"} {
		files = append(files, opts[name]...)
	}
	if len(files) == 0 {
		// Each value KUBECONFIG may have (${KUBECONFIG:-~/.kube/config}:
		// the user's own, or the default); one a command's output chose
		// asks.
		vals, open, set := w.envChoices(c, call, "KUBECONFIG", true)
		if set && open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "KUBECONFIG",
				What: tool + " runs the credential plugins of the kubeconfig KUBECONFIG names, a file only known at run time"})
			return
		}
		for _, v := range vals {
			for _, f := range strings.Split(v, ":") {
				if f != "" {
					files = append(files, Arg{Value: f, Static: true, Raw: f})
				}
			}
		}
	}
	for _, f := range files {
		text, where, ok := w.clientFile(call, f, tool, ".kube")
		if !ok {
			continue
		}
		plugins, unread := kubeExecPlugins(text)
		for _, argv := range plugins {
			parts := make([]string, len(argv))
			for i, s := range argv {
				parts[i] = Quote(s)
			}
			// client-go runs a command with a "/" relative to the
			// kubeconfig's directory.
			w.childIn(c, call, strings.Join(parts, " "), nil, tool+" exec credential plugin ("+where+")", false, nil, Dir{Path: path.Dir(where), Known: true})
		}
		if unread {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: where,
				What: tool + " runs the exec credential plugin of the kubeconfig " + where + ", which corral cannot read"})
		}
	}
}

// kubeConfigSet judges kubectl config set-credentials NAME
// --exec-command=CMD --exec-arg=ARG… and kubectl config set
// users.NAME.exec.command CMD (or .exec.args): the plugin runs at every
// later call that uses the user.
func (w *walker) kubeConfigSet(c scope, call *Call, words []Arg, opts map[string][]Arg) {
	if len(words) == 0 {
		return
	}
	switch words[0].Value {
	case "set-credentials":
		cmds := opts["exec-command"]
		if len(cmds) == 0 {
			if len(opts["exec-arg"]) > 0 {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: rawJoin(opts["exec-arg"]),
					What: call.Name + " config set-credentials --exec-arg changes what a credential plugin is run with at every later call"})
			}
			return
		}
		cmd := cmds[len(cmds)-1]
		parts := []string{Quote(cmd.Value)}
		dynamic := !cmd.Static
		for _, a := range opts["exec-arg"] {
			parts = append(parts, Quote(a.Value))
			dynamic = dynamic || !a.Static
		}
		w.keptCommand(c, call, strings.Join(parts, " "), call.Name+" config set-credentials --exec-command", dynamic)
	case "set":
		if len(words) < 3 {
			return
		}
		key, val := strings.ToLower(words[1].Value), words[2]
		switch {
		case strings.HasSuffix(key, ".exec.command"):
			w.keptCommand(c, call, Quote(val.Value), call.Name+" config set "+words[1].Value, !val.Static || !words[1].Static)
		case strings.Contains(key, ".exec.") || !words[1].Static:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Value,
				What: call.Name + " config set " + words[1].Value + " changes a credential plugin run at every later call"})
		}
	}
}

// keptCommand judges text, a command a setting keeps for later calls of
// the client, as git config core.fsmonitor's is: as a command line now,
// and, when it runs a file the agent can write (./x.sh, sh x.sh), as
// running whatever that file holds then.
func (w *walker) keptCommand(c scope, call *Call, text, label string, dynamic bool) {
	first := len(w.m.Calls)
	w.child(c, call, text, nil, label, dynamic)
	for _, nc := range w.m.Calls[first:] {
		if f := callFile(nc, w.project); f != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f,
				What: label + " makes " + call.Name + " run " + f + " on later calls, also those run outside the agent, whatever that file holds then"})
			break
		}
	}
}

// clientFile reads the configuration file f names for tool, unless it is
// one of the user's own (under ~/DIR) that this command did not write.
func (w *walker) clientFile(call *Call, f Arg, tool, userDir string) (text, where string, ok bool) {
	if !f.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Raw,
			What: tool + " runs programs its configuration file " + clip(f.Raw, 60) + ", only known at run time, names"})
		return "", "", false
	}
	d := call.Dir.Join(expandTilde(f.Value, w.home))
	if !d.Known || d.Path == "/dev/null" {
		return "", "", false
	}
	if _, written := w.written[d.Path]; !written && w.home != "" && pathWithin(d.Path, path.Join(w.home, userDir)) {
		return "", "", false
	}
	text, ok = w.readScript(d)
	return text, d.Path, ok
}

// pathWithin reports whether p is dir or a path below it (both clean
// and absolute).
func pathWithin(p, dir string) bool {
	for q := path.Clean(p); ; q = path.Dir(q) {
		if q == path.Clean(dir) {
			return true
		}
		if q == "/" || q == "." {
			return false
		}
	}
}

// kubeExecPlugins returns the argv of every exec credential plugin in a
// kubeconfig, YAML (block style, as kubectl writes it) or JSON. unread
// reports an exec section whose command it could not find.
func kubeExecPlugins(text string) (plugins [][]string, unread bool) {
	if t := strings.TrimSpace(text); strings.HasPrefix(t, "{") {
		var v any
		if json.Unmarshal([]byte(t), &v) == nil {
			jsonExecPlugins(v, &plugins, 0)
			return plugins, len(plugins) == 0 && strings.Contains(t, `"exec"`)
		}
		return nil, strings.Contains(t, "exec")
	}
	lines := strings.Split(text, "\n")
	indent := func(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \r\t")
		key := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "- "))
		if key != "exec:" && !strings.HasPrefix(key, "exec: ") {
			continue
		}
		if rest := strings.TrimSpace(strings.TrimPrefix(key, "exec:")); rest != "" && !strings.HasPrefix(rest, "#") {
			unread = true // a flow mapping: exec: {command: …}
			continue
		}
		base := indent(line)
		if strings.HasPrefix(strings.TrimSpace(line), "- ") {
			base += 2
		}
		var cmd string
		var args []string
		found := false
		j := i + 1
		for ; j < len(lines); j++ {
			l := strings.TrimRight(lines[j], " \r\t")
			t := strings.TrimSpace(l)
			if t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			if indent(l) <= base {
				break
			}
			k, v, _ := strings.Cut(t, ":")
			switch strings.TrimSpace(k) {
			case "command":
				cmd, found = yamlUnquote(v), true
			case "args":
				if strings.TrimSpace(v) != "" {
					args = append(args, yamlList(v)...)
					continue
				}
				ai := indent(l)
				for j+1 < len(lines) {
					n := strings.TrimRight(lines[j+1], " \r\t")
					nt := strings.TrimSpace(n)
					if nt == "" {
						j++
						continue
					}
					if !strings.HasPrefix(nt, "- ") && nt != "-" || indent(n) < ai || indent(n) <= base {
						break
					}
					args = append(args, yamlUnquote(strings.TrimPrefix(nt, "-")))
					j++
				}
			}
		}
		i = j - 1
		if !found || cmd == "" {
			unread = true
			continue
		}
		if len(plugins) < 64 {
			plugins = append(plugins, append([]string{cmd}, args...))
		}
	}
	return plugins, unread
}

// jsonExecPlugins collects the exec plugins of a kubeconfig in JSON.
func jsonExecPlugins(v any, out *[][]string, depth int) {
	if depth > 32 || len(*out) >= 64 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if e, ok := x["exec"].(map[string]any); ok {
			if cmd, ok := e["command"].(string); ok && cmd != "" {
				argv := []string{cmd}
				if as, ok := e["args"].([]any); ok {
					for _, a := range as {
						if s, ok := a.(string); ok {
							argv = append(argv, s)
						}
					}
				}
				*out = append(*out, argv)
			}
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k != "exec" {
				jsonExecPlugins(x[k], out, depth+1)
			}
		}
	case []any:
		for _, e := range x {
			jsonExecPlugins(e, out, depth+1)
		}
	}
}

// awsValued are the aws CLI's global options with a value.
var awsValued = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`profile region output endpoint-url query cli-read-timeout cli-connect-timeout color
		ca-bundle cli-binary-format`) {
		m[n] = true
	}
	return m
}}

func (w *walker) awsClient(c scope, call *Call) {
	tool := call.Name
	if tool == "aws" {
		words, _ := clientWords(call.Args, awsValued.Get())
		if len(words) >= 4 && words[0].Value == "configure" && words[1].Value == "set" {
			key := strings.ToLower(words[2].Value)
			if i := strings.LastIndexByte(key, '.'); i >= 0 {
				key = key[i+1:]
			}
			if key == "credential_process" || !words[2].Static {
				if v := words[3]; v.Value != "" || !v.Static {
					w.keptCommand(c, call, v.Value, "aws configure set "+words[2].Value, !v.Static || !words[2].Static)
				}
			}
		}
	}
	for _, env := range []string{"AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE"} {
		vals, open, set := w.envChoices(c, call, env, true)
		if set && open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: env,
				What: tool + " runs the credential_process of the file " + env + " names, a file only known at run time"})
			continue
		}
		for _, v := range vals {
			text, where, read := w.clientFile(call, Arg{Value: v, Static: true, Raw: v}, tool, ".aws")
			if !read {
				continue
			}
			for _, cmd := range awsCredentialProcesses(text) {
				w.child(c, call, cmd, nil, tool+" credential_process ("+where+")", false)
			}
		}
	}
}

// awsCredentialProcesses returns the credential_process of every
// profile in an AWS config or credentials file (INI: key = value).
func awsCredentialProcesses(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok || len(out) >= 64 {
			continue
		}
		if strings.ToLower(strings.TrimSpace(k)) == "credential_process" {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}
