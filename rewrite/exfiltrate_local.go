package rewrite

import (
	"fmt"
	"strings"

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

// localData reports whether word a, which call c sends, holds local data
// only known at run time, and describes it for the reason: the output of
// a command substitution in the word, or a variable holding the output
// of one (x=$(cat f), read x < f).
func (p *Pass) localData(c *syntax.Call, a syntax.Arg) (what string, ok bool) {
	if from := a.From(); len(from) > 0 {
		// read x < notes.txt: corral read the value from a file here,
		// which is what leaves.
		return fmt.Sprintf("%s, which holds what %s holds", clipText(a.Raw, 60), clipText(strings.Join(from, ", "), 80)), true
	}
	if a.Static {
		return "", false
	}
	for _, in := range p.Model.Calls {
		if in.Host != c || in.Subst != "$(" || in.Script != c.Script || in.Start < a.Start || in.End > a.End {
			continue
		}
		if ownText(in) || p.fetchedFromAway(in) {
			continue
		}
		return "what " + clipText(in.Text(), 60) + " prints", true
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

// ownText reports echo or printf printing only the command's own words.
func ownText(c *syntax.Call) bool {
	if c.Name != "echo" && c.Name != "printf" {
		return false
	}
	_, dynamic, ok := syntax.EchoText(c)
	return ok && !dynamic
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
	where := "a host that is not on network.allow_hosts"
	if host != "" {
		where = host + ", which is not on network.allow_hosts"
	}
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("%s uploads %s, local data, to %s", c.Name, what, where)})
}

// curlTextSends judges the values of curl's options that are part of
// the request (curl(1)): posted data other than @FILE, form fields other
// than @FILE and <FILE, headers other than @FILE, the user's name and
// password, a bearer token, cookies given as NAME=VALUE (a value without
// "=" names a file to read them from), the user agent and the referer.
func (p *Pass) curlTextSends(c *syntax.Call, opts []option, host string) {
	for _, o := range opts {
		if !o.hasVal || o.val.Static && len(o.val.From()) == 0 {
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
// sends, an upload as curl -d @notes.txt is, asked about unless the
// code's URL or host literal is on network.allow_hosts. A secret read so
// is denied by secret-read before this. Part of the exfiltrate rule.
func checkCodeUploads(p *Pass) {
	for _, u := range p.Model.CodeUploads {
		if u.Host != "" && p.hostAllowed(u.Host) {
			continue
		}
		if _, ok := p.secretOf(u.Call.Dir, syntax.Arg{Value: u.Path, Raw: u.Path, Static: true}); ok {
			continue // secret-read denies it
		}
		where := "a host that is not on network.allow_hosts"
		if u.Host != "" {
			where = u.Host + ", which is not on network.allow_hosts"
		}
		p.Report(u.Call, Finding{Rule: "exfiltrate", Decision: Ask,
			Message: fmt.Sprintf("%s reads the local file %s and opens a network connection (%s): it may upload it to %s", u.Call.Name, u.Path, u.What, where)})
	}
}
