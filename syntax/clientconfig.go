package syntax

import (
	"encoding/json"
	"path"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/google/shlex"
	sh "mvdan.cc/sh/v3/syntax"
)

// Cluster and cloud clients run programs named in their configuration
// before they send any request, as git runs core.fsmonitor:
//
//   - a kubeconfig user's exec credential plugin (users[].user.exec:
//     command and args, run as an argv, no shell) runs at every kubectl,
//     helm, k9s… call that talks to the cluster. The kubeconfig is the
//     file --kubeconfig names, else each file of the colon-separated
//     KUBECONFIG list, else ~/.kube/config.
//     Its env entries are the plugin's environment (LD_PRELOAD…).
//   - an AWS profile's credential_process runs at every aws call that
//     needs credentials (also the SDK-based tools), and AWS CLI v2 pipes
//     its output through cli_pager (an argv, no shell). The files are
//     AWS_CONFIG_FILE (~/.aws/config) and AWS_SHARED_CREDENTIALS_FILE
//     (~/.aws/credentials), whose profiles botocore merges.
//
// KUBECONFIG=$(k3d kubeconfig write NAME) names the file k3d writes
// (kubeconfigWriterPaths), read as any other.
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
var kubeClients = lazy.Set{List: []string{
	"kubectl", "oc", "helm", "k9s", "kubens", "kubectx", "stern", "kubeseal", "velero", "istioctl",
	"linkerd", "flux", "skaffold", "tilt", "kubecolor", "kubie", "kubectl-argo-rollouts",
	"kube-capacity", "popeye", "kubeshark", "kapp", "ytt-kapp", "eksctl",
}}

// awsClients are programs built on an AWS SDK that read the shared
// config and credentials files and run a profile's credential_process.
var awsClients = lazy.Set{List: []string{
	"aws", "sam", "cdk", "eb", "copilot", "eksctl", "terraform", "tofu", "pulumi", "aws-vault",
	"s5cmd", "awslocal",
}}

// clientConfig models the cluster and cloud clients' code-running
// configuration: the files a call reads and the settings it writes.
func (w *walker) clientConfig(c scope, call *Call) {
	if kubeClients.Has(call.Name) {
		w.kubeClient(c, call)
	}
	if awsClients.Has(call.Name) {
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
		plugins, unread := kubeExecPluginsEnv(text)
		for _, pl := range plugins {
			// The plugin's env entries are its environment (client-go
			// adds them to kubectl's): LD_PRELOAD, BASH_ENV, NODE_OPTIONS…
			// act on the program as a prefix assignment does.
			var parts []string
			for _, kv := range pl.env {
				if isName(kv[0]) {
					parts = append(parts, kv[0]+"="+Quote(kv[1]))
				}
			}
			for _, s := range pl.argv {
				parts = append(parts, Quote(s))
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

// kubePlugin is an exec credential plugin: its argv and the env entries
// (name, value) client-go adds to its environment.
type kubePlugin struct {
	argv []string
	env  [][2]string
}

// kubeExecPlugins returns the argv of every exec credential plugin in a
// kubeconfig (see kubeExecPluginsEnv).
func kubeExecPlugins(text string) (argvs [][]string, unread bool) {
	plugins, unread := kubeExecPluginsEnv(text)
	for _, p := range plugins {
		argvs = append(argvs, p.argv)
	}
	return argvs, unread
}

// kubeExecPluginsEnv returns every exec credential plugin in a
// kubeconfig, YAML (block style, as kubectl writes it) or JSON, with its
// env entries. unread reports an exec section whose command, or an env
// list whose entries, it could not read.
func kubeExecPluginsEnv(text string) (plugins []kubePlugin, unread bool) {
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
		var env [][2]string
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
			case "env":
				if rest := strings.TrimSpace(v); rest != "" && rest != "null" && rest != "~" && rest != "[]" && !strings.HasPrefix(rest, "#") {
					entries, ok := flowEnvEntries(rest)
					env = append(env, entries...)
					unread = unread || !ok
					continue
				}
				// A block list: "- name: X" items (at the key's indent, as
				// kubectl writes them, or deeper), "value: Y" below.
				ei := indent(l)
				for j+1 < len(lines) {
					n := strings.TrimRight(lines[j+1], " \r\t")
					nt := strings.TrimSpace(n)
					if nt == "" || strings.HasPrefix(nt, "#") {
						j++
						continue
					}
					if indent(n) <= base || indent(n) < ei || indent(n) == ei && !strings.HasPrefix(nt, "- ") {
						break
					}
					item := strings.TrimSpace(strings.TrimPrefix(nt, "- "))
					j++
					if strings.HasPrefix(item, "{") {
						entries, ok := flowEnvEntries("[" + item + "]")
						env = append(env, entries...)
						unread = unread || !ok
						continue
					}
					if !strings.HasPrefix(nt, "- ") {
						// A continuation of the last item.
						ik, iv, _ := strings.Cut(item, ":")
						if len(env) > 0 {
							switch strings.TrimSpace(ik) {
							case "name":
								env[len(env)-1][0] = yamlUnquote(iv)
							case "value":
								env[len(env)-1][1] = yamlUnquote(iv)
							}
						}
						continue
					}
					ik, iv, _ := strings.Cut(item, ":")
					e := [2]string{}
					switch strings.TrimSpace(ik) {
					case "name":
						e[0] = yamlUnquote(iv)
					case "value":
						e[1] = yamlUnquote(iv)
					default:
						unread = true
					}
					if len(env) < 64 {
						env = append(env, e)
					}
				}
			}
		}
		i = j - 1
		if !found || cmd == "" {
			unread = true
			continue
		}
		if len(plugins) < 64 {
			plugins = append(plugins, kubePlugin{argv: append([]string{cmd}, args...), env: env})
		}
	}
	return plugins, unread
}

// flowEnvEntries reads an exec plugin's env list written in flow style,
// [{name: A, value: b}, …]; ok is false when an item is not such a map.
func flowEnvEntries(v string) (env [][2]string, ok bool) {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
		return nil, false
	}
	inner := strings.TrimSpace(v[1 : len(v)-1])
	if inner == "" {
		return nil, true
	}
	ok = true
	for _, item := range splitFlowMaps(inner) {
		item = strings.TrimSpace(item)
		if !strings.HasPrefix(item, "{") || !strings.HasSuffix(item, "}") {
			ok = false
			continue
		}
		e := [2]string{}
		for _, kv := range splitFlow(item[1 : len(item)-1]) {
			k, val, _ := strings.Cut(kv, ":")
			switch strings.TrimSpace(k) {
			case "name":
				e[0] = yamlUnquote(val)
			case "value":
				e[1] = yamlUnquote(val)
			}
		}
		if len(env) < 64 {
			env = append(env, e)
		}
	}
	return env, ok
}

// splitFlowMaps splits a flow list of maps on the commas between them
// (outside braces and quotes).
func splitFlowMaps(v string) []string {
	var out []string
	depth, start := 0, 0
	var q byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, v[start:i])
			start = i + 1
		}
	}
	return append(out, v[start:])
}

// jsonExecPlugins collects the exec plugins of a kubeconfig in JSON.
func jsonExecPlugins(v any, out *[]kubePlugin, depth int) {
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
				var env [][2]string
				if es, ok := e["env"].([]any); ok {
					for _, x := range es {
						if m, ok := x.(map[string]any); ok && len(env) < 64 {
							n, _ := m["name"].(string)
							val, _ := m["value"].(string)
							env = append(env, [2]string{n, val})
						}
					}
				}
				*out = append(*out, kubePlugin{argv: argv, env: env})
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
			} else if key == "cli_pager" {
				if v := words[3]; v.Value != "" || !v.Static {
					w.keptCommand(c, call, pagerCommand(v.Value), "aws configure set "+words[2].Value, !v.Static)
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
			for _, cmd := range awsConfigValues(text, "credential_process") {
				w.child(c, call, cmd, nil, tool+" credential_process ("+where+")", false)
			}
			if tool == "aws" {
				// AWS CLI v2 pipes its output through cli_pager (the
				// profile's; AWS_PAGER, a command variable, wins), split
				// as shlex does and run without a shell, when the
				// output is a terminal.
				for _, cmd := range awsConfigValues(text, "cli_pager") {
					w.child(c, call, pagerCommand(cmd), nil, "aws cli_pager ("+where+")", false)
				}
			}
		}
	}
}

// pagerCommand returns the command line a pager setting stands for when
// it is split into words as Python's shlex does and run as an argv (no
// shell: "less | sh" is less with two arguments): each word quoted. A
// value shlex cannot split is kept as written.
func pagerCommand(v string) string {
	words, err := shlex.Split(v)
	if err != nil || len(words) == 0 {
		return v
	}
	parts := make([]string, len(words))
	for i, wd := range words {
		parts[i] = Quote(wd)
	}
	return strings.Join(parts, " ")
}

// awsConfigValues returns the value of key (credential_process,
// cli_pager) in every profile of an AWS config or credentials file (INI:
// key = value; botocore merges the credentials file's profiles into the
// config's).
func awsConfigValues(text, key string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok || len(out) >= 64 {
			continue
		}
		if strings.ToLower(strings.TrimSpace(k)) == key {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// kubeconfigWriterPaths returns the files a word that is the whole output
// of a cluster tool's own kubeconfig writer names: k3d kubeconfig write
// NAME writes the cluster's kubeconfig (its certificates, no exec plugin)
// to ~/.config/k3d/kubeconfig-NAME.yaml (k3d v5; ~/.k3d/ in v4) and
// prints that path, and the older kind get kubeconfig-path [--name NAME]
// prints ~/.kube/kind-config-NAME. k3d merges into what the file held, so
// the file is read as any kubeconfig a value names. ok is false for
// anything else: k3d's -o FILE (merged into a file the agent may have
// written) and -d (the default kubeconfig, whatever KUBECONFIG is), a
// word corral does not know, a name not written out.
func kubeconfigWriterPaths(w *sh.Word, home string) ([]string, bool) {
	if w == nil || home == "" || !wholeSubst(w) {
		return nil, false
	}
	part := w.Parts[0]
	if dq, ok := part.(*sh.DblQuoted); ok {
		part = dq.Parts[0]
	}
	cs := part.(*sh.CmdSubst)
	if len(cs.Stmts) != 1 {
		return nil, false
	}
	st := cs.Stmts[0]
	ce, ok := st.Cmd.(*sh.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Assigns) > 0 {
		return nil, false
	}
	var words []string
	for _, a := range ce.Args {
		l := a.Lit()
		if l == "" || strings.ContainsAny(l, "\\$`*?[{~") {
			return nil, false
		}
		words = append(words, l)
	}
	plainName := func(n string) bool {
		return n != "" && !strings.ContainsAny(n, "/=") && !strings.HasPrefix(n, "-") && n != "." && n != ".."
	}
	switch {
	case len(words) >= 4 && words[0] == "k3d" && words[1] == "kubeconfig" && words[2] == "write":
		name := ""
		for _, wd := range words[3:] {
			flag, _, _ := strings.Cut(wd, "=")
			switch {
			case flag == "-s" || flag == "-u" || flag == "--kubeconfig-switch-context" || flag == "--update" || flag == "--overwrite" ||
				flag == "--verbose" || flag == "--trace" || flag == "--timestamps":
			case plainName(wd) && name == "":
				name = wd
			default:
				return nil, false
			}
		}
		if name == "" {
			return nil, false
		}
		return []string{path.Join(home, ".config/k3d", "kubeconfig-"+name+".yaml"), path.Join(home, ".k3d", "kubeconfig-"+name+".yaml")}, true
	case len(words) >= 3 && words[0] == "kind" && words[1] == "get" && words[2] == "kubeconfig-path":
		name := "kind"
		rest := words[3:]
		for i := 0; i < len(rest); i++ {
			switch {
			case rest[i] == "--name" && i+1 < len(rest) && plainName(rest[i+1]):
				name = rest[i+1]
				i++
			case strings.HasPrefix(rest[i], "--name=") && plainName(strings.TrimPrefix(rest[i], "--name=")):
				name = strings.TrimPrefix(rest[i], "--name=")
			default:
				return nil, false
			}
		}
		return []string{path.Join(home, ".kube", "kind-config-"+name)}, true
	}
	return nil, false
}
