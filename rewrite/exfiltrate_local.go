package rewrite

import (
	"fmt"
	"slices"
	"strings"

	sh "mvdan.cc/sh/v3/syntax"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Local data need not be a file a sender names: the shell puts the
// output of a command substitution into the words it sends (curl -d
// "$(cat notes.txt)", ssh HOST 'cat > x' <<< "$(git log)", http POST
// URL body="$x" after x=$(cat f)). What the substitution prints is read
// as the output of an earlier pipeline stage is (uploadStdin): local
// data, unless it is echo's or printf's text made of the command's own
// words, or what a fetch from a host off network.allow_hosts printed.
// The words judged so are the ones whose value is the request itself:
// posted data, form fields, headers and credentials, a here-string's or
// an unquoted here-document's text, the command ssh runs on the host. A
// URL or a host name built from local output is not judged this way
// (curl "https://registry.npmjs.org/$(jq -r .name package.json)" is
// ordinary work).

// localData reports whether word a, which call c sends, holds local data,
// and describes it for the reason: a value corral read from a file (read
// x < f), the line xargs -I puts in from a file or a pipeline, the output
// of a command substitution in the word (bash's own $(< f) too), or a
// variable holding the output of one (x=$(cat f)).
func (p *Pass) localData(c *syntax.Call, a syntax.Arg) (what string, ok bool) {
	return p.localDataAt(c, a, 0)
}

// localDataAt is localData inside depth substitutions that print only
// their own words (ownOutput).
func (p *Pass) localDataAt(c *syntax.Call, a syntax.Arg, depth int) (what string, ok bool) {
	if from := a.From(); len(from) > 0 {
		// read x < notes.txt: corral read the value from a file here,
		// which is what leaves.
		return fmt.Sprintf("%s, which holds what %s holds", clipText(a.Raw, 60), clipText(strings.Join(from, ", "), 80)), true
	}
	if what, ok := p.placeholderInput(c, a); ok {
		return what, true
	}
	if a.Static {
		return "", false
	}
	for _, in := range p.Model.Calls {
		if in.Host != c || in.Subst != "$(" || in.Script != c.Script || in.Start < a.Start || in.End > a.End {
			continue
		}
		if p.ownOutput(in, depth) || p.fetchedFromAway(in) {
			continue
		}
		return "what " + clipText(in.Text(), 60) + " prints", true
	}
	if f, ok := fileSubst(a.Word); ok {
		return "what $(< " + clipText(f, 60) + ") reads", true // bash reads the file itself
	}
	if a.Printed {
		by := "a command"
		if a.PrintedBy() != "" {
			by = a.PrintedBy()
		}
		return fmt.Sprintf("%s, which holds what %s printed", clipText(a.Raw, 60), by), true
	}
	return "", false
}

// fileSubst reports a $(< FILE) in word w (bash reads FILE itself, with
// no command corral would see), and FILE as written.
func fileSubst(w *sh.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	parts := slices.Clip(w.Parts) // appended to below: never into the parser's array
	for i := 0; i < len(parts); i++ {
		switch x := parts[i].(type) {
		case *sh.DblQuoted:
			parts = append(parts, x.Parts...)
		case *sh.CmdSubst:
			if len(x.Stmts) != 1 || x.Stmts[0].Cmd != nil || len(x.Stmts[0].Redirs) != 1 {
				continue
			}
			if r := x.Stmts[0].Redirs[0]; r.Op == sh.RdrIn && r.Word != nil {
				var b strings.Builder
				sh.NewPrinter().Print(&b, r.Word)
				return b.String(), true
			}
		}
	}
	return "", false
}

// placeholderInput reports word a holding the string xargs -I (or
// parallel) replaces with each line it reads, when what it reads is
// local data: a file (xargs -I{} curl -d {} URL < notes.txt) or an
// earlier pipeline stage's output other than echo's or printf's own
// words.
func (p *Pass) placeholderInput(c *syntax.Call, a syntax.Arg) (string, bool) {
	if !c.HasPlaceholder(a.Value) || p.execDirRun(c) {
		return "", false
	}
	in := c.Fd(0)
	if r, ok := in.File(); ok {
		if r.Target.Static && r.Target.Value == "/dev/null" {
			return "", false
		}
		return "the lines " + lastWrapperName(c) + " reads from " + clipText(r.Target.Raw, 60), true
	}
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Stage < 1 {
		return "", false
	}
	src := in.Pipe.Stage(in.Stage - 1)
	if src == nil || p.ownOutput(src, 0) || p.fetchedFromAway(src) {
		return "", false
	}
	return "the lines " + lastWrapperName(c) + " reads from what " + clipText(src.Text(), 60) + " prints", true
}

// valuePrinters are the programs that print only what their words say,
// or a value of their own making that holds no file's content: echo,
// printf, date, uuidgen, seq, mktemp, pwd, basename, dirname, expr.
var valuePrinters = lazy.Set{List: []string{"echo", "printf", "date", "uuidgen", "seq", "mktemp", "pwd", "basename", "dirname", "expr", "true"}}

// ownOutput reports a call whose output holds no local data: one of
// valuePrinters whose words hold none (echo hi, date +%F, uuidgen,
// basename "$PWD"; not echo "$(cat f)" or printf %s "$x" after x=$(cat
// f)). depth bounds the substitutions followed inside its words.
func (p *Pass) ownOutput(c *syntax.Call, depth int) bool {
	if c == nil || !valuePrinters.Has(c.Name) || depth > 4 {
		return false
	}
	for _, a := range c.Args {
		if _, local := p.localDataAt(c, a, depth+1); local {
			return false
		}
	}
	return true
}

// sendText judges word a, which c sends to host ("" when unknown) as
// part of what it sends: local data in it asks unless the host is on
// network.allow_hosts.
func (p *Pass) sendText(c *syntax.Call, a syntax.Arg, host string) {
	if host != "" && p.hostAllowed(host) {
		return
	}
	if what, ok := p.localData(c, a); ok {
		p.reportLocalData(c, what, host)
	}
}

// reportLocalData asks for c sending what, local data, to host.
func (p *Pass) reportLocalData(c *syntax.Call, what, host string) {
	where := awayHost(host)
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("%s uploads %s, local data, to %s", c.Name, what, where)})
}

// curlTextSends judges the values of curl's options that are part of
// the request (curl(1)): posted data other than @FILE, form fields other
// than @FILE and <FILE, headers other than @FILE, the user's name and
// password, a bearer token, cookies given as NAME=VALUE (a value without
// "=" names a file to read them from), the user agent and the referer.
func (p *Pass) curlTextSends(c *syntax.Call, opts []option, host string) {
	for _, o := range opts {
		if !o.hasVal || o.val.Static && len(o.val.From()) == 0 && !c.HasPlaceholder(o.val.Value) {
			continue
		}
		v := o.val.Value
		switch o.name {
		case "d", "data", "data-ascii", "data-binary", "json", "H", "header", "proxy-header":
			if strings.HasPrefix(v, "@") {
				continue // a file: curlUploads
			}
		case "data-urlencode", "url-query":
			if i := strings.Index(v, "@"); i >= 0 && !strings.Contains(v[:i], "=") {
				continue
			}
		case "F", "form":
			if _, val, _ := strings.Cut(v, "="); strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<") {
				continue
			}
		case "b", "cookie":
			if !strings.Contains(v, "=") {
				continue // a file of cookies
			}
		case "data-raw", "form-string", "u", "user", "oauth2-bearer", "A", "user-agent", "e", "referer":
		default:
			continue
		}
		p.sendText(c, o.val, host)
	}
}

// checkCodeUploads judges program code written in the command that
// reads a local file and opens a network connection (python3 -c
// 'requests.post(URL, data=open("notes.txt").read())', node -e
// 'fetch(URL, {body: fs.readFileSync("f")})'): the file may be what it
// sends, an upload as curl -d @notes.txt is, asked about unless every
// network call of the code names a host on network.allow_hosts by a
// literal. A secret read so
// is denied by secret-read before this. Part of the exfiltrate rule.
func checkCodeUploads(p *Pass) {
	for _, u := range p.Model.CodeUploads {
		// Where the file may go: the first network call whose literal
		// host is off the list, or whose target is built at run time.
		host, away := "", false
		for _, h := range u.Hosts {
			if h == "" || !p.hostAllowed(h) {
				host, away = h, true
				break
			}
		}
		if !away {
			continue
		}
		if _, ok := p.secretOf(u.Call.Dir, syntax.Arg{Value: u.Path, Raw: u.Path, Static: true}); ok {
			continue // secret-read denies it
		}
		where := awayHost(host)
		p.Report(u.Call, Finding{Rule: "exfiltrate", Decision: Ask,
			Message: fmt.Sprintf("%s reads the local file %s and opens a network connection (%s): it may upload it to %s", u.Call.Name, u.Path, u.What, where)})
	}
}
