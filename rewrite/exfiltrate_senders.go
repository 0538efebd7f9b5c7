package rewrite

import (
	"fmt"
	"os"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// sender is a program (and subcommand) that sends the files named by some
// of its options or operands to another host.
type sender struct {
	name string
	// sub are the subcommand words that follow the name (gh issue create).
	sub []string
	// spec reads the words after sub.
	spec optSpec
	// files are the options whose value is a file that is sent.
	files []string
	// fields are the options whose value is NAME=@FILE, a file sent as a
	// field's value (gh api -F body=@f).
	fields []string
	// operands is the index, among the operands, of the first one that is
	// a file sent (-1: none are), and lastIsDest that the last operand is
	// the destination instead.
	operands   int
	lastIsDest bool
	// untilDashDash reports an option whose values run to the next word
	// that starts with "-" (mutt -a f1 f2 -- addr).
	untilDashDash bool
	// host is where the files go ("" when corral cannot tell), and
	// secretsOnly that only a secret is stopped there: the files a person
	// sends to their own forge (an issue's body, a release's assets) are
	// ordinary work.
	host        string
	secretsOnly bool
	// secretAsks reports a command made to send secrets where they are
	// kept (gh secret set -f .env): a secret asks rather than being
	// denied, since that may be what the person wants.
	secretAsks bool
}

// ghBody are the options of gh's issue and pull request commands whose
// value is the file holding the text sent.
var ghBody = optSpec{shortVal: "abBFHlmprRtTAMSqjJ", longEq: true, longVal: longOpts("body-file", "body", "title", "repo",
	"assignee", "label", "milestone", "project", "reviewer", "base", "head", "template", "recover", "jq", "json", "add-label",
	"remove-label", "add-assignee", "remove-assignee", "add-project", "remove-project", "add-reviewer", "remove-reviewer",
	"subject", "author-email", "match-head-commit")}

// senders are the programs that send files whose options the upload
// checks read (besides curl, wget, httpie, scp, rsync, sftp, the socket
// programs and the cloud copies, which have their own readers).
var senders = []sender{
	{name: "gh", sub: []string{"issue", "create"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "new"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "comment"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"issue", "edit"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "create"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "new"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "comment"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "edit"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "review"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"pr", "merge"}, spec: ghBody, files: []string{"F", "body-file"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh release create TAG [FILE[#LABEL]...], gh release upload TAG FILE...
	{name: "gh", sub: []string{"release", "create"}, spec: optSpec{shortVal: "FntRd", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "notes-start-tag", "verify-tag", "fail-on-no-commits")},
		files: []string{"F", "notes-file"}, operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "new"}, spec: optSpec{shortVal: "FntRd", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "notes-start-tag")},
		files: []string{"F", "notes-file"}, operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "upload"}, spec: optSpec{shortVal: "R", longEq: true, longVal: longOpts("repo")},
		operands: 1, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"release", "edit"}, spec: optSpec{shortVal: "FntR", longEq: true, longVal: longOpts("notes-file", "notes",
		"title", "target", "repo", "discussion-category", "tag")},
		files: []string{"F", "notes-file"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh api -F NAME=@FILE reads the file (@- stdin); --input FILE is the
	// request body.
	{name: "gh", sub: []string{"api"}, spec: optSpec{shortVal: "FfHXqpt", longEq: true, longVal: longOpts("field", "raw-field",
		"header", "method", "input", "jq", "preview", "template", "hostname", "cache")},
		files: []string{"input"}, fields: []string{"F", "field"}, operands: -1, host: "github.com", secretsOnly: true},
	// gh secret set and gh variable set -f FILE send a dotenv file's
	// values; gh gist edit -a FILE adds a file; gh ssh-key add and gpg-key
	// add upload a key file (a private one by mistake is a secret).
	{name: "gh", sub: []string{"secret", "set"}, spec: optSpec{shortVal: "befoRrav", longEq: true, longVal: longOpts("body", "env",
		"env-file", "org", "repo", "repos", "app", "visibility", "user")},
		files: []string{"f", "env-file"}, operands: -1, host: "github.com", secretsOnly: true, secretAsks: true},
	{name: "gh", sub: []string{"variable", "set"}, spec: optSpec{shortVal: "befoRrv", longEq: true, longVal: longOpts("body", "env",
		"env-file", "org", "repo", "repos", "visibility")},
		files: []string{"f", "env-file"}, operands: -1, host: "github.com", secretsOnly: true, secretAsks: true},
	{name: "gh", sub: []string{"gist", "edit"}, spec: optSpec{shortVal: "afdr", longEq: true, longVal: longOpts("add", "filename", "desc", "remove")},
		files: []string{"a", "add"}, operands: 1, host: "gist.github.com", secretsOnly: true},
	{name: "gh", sub: []string{"ssh-key", "add"}, spec: optSpec{shortVal: "t", longEq: true, longVal: longOpts("title", "type")},
		operands: 0, host: "github.com", secretsOnly: true},
	{name: "gh", sub: []string{"gpg-key", "add"}, spec: optSpec{shortVal: "t", longEq: true, longVal: longOpts("title")},
		operands: 0, host: "github.com", secretsOnly: true},
	// gh codespace cp SRC... remote:DEST copies local files up.
	{name: "gh", sub: []string{"codespace", "cp"}, spec: optSpec{shortVal: "cR", longEq: true, longVal: longOpts("codespace", "repo",
		"repo-owner", "profile")},
		operands: 0, lastIsDest: true, host: "github.com", secretsOnly: true},
	// Mail clients attach files: GNU mailutils mail -A/--attach, mailx and
	// s-nail -a, mutt and neomutt -a FILE... (up to --).
	{name: "mail", spec: optSpec{shortVal: "AasbcrSquf", longEq: true, longVal: longOpts("attach", "append", "subject", "bcc", "cc",
		"return-address", "file", "content-type", "content-filename", "encoding", "alternative")},
		files: []string{"A", "attach", "a"}, operands: -1},
	{name: "mailx", spec: optSpec{shortVal: "aAsbcrSqfu", longEq: true, longVal: longOpts("attach", "subject")},
		files: []string{"a", "attach"}, operands: -1},
	{name: "s-nail", spec: optSpec{shortVal: "aAsbcrSqfuTLMOXY", longEq: true, longVal: longOpts("attach", "subject")},
		files: []string{"a", "attach"}, operands: -1},
	{name: "mutt", spec: optSpec{shortVal: "abcsiFfHeQmd"}, files: []string{"a"}, untilDashDash: true, operands: -1},
	{name: "neomutt", spec: optSpec{shortVal: "abcsiFfHeQmdCgGlnm"}, files: []string{"a"}, untilDashDash: true, operands: -1},
	// Azure storage uploads (the account is the host).
	{name: "az", sub: []string{"storage", "blob", "upload"}, spec: azSpec, files: []string{"f", "file"}, operands: -1},
	{name: "az", sub: []string{"storage", "blob", "upload-batch"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
	{name: "az", sub: []string{"storage", "file", "upload"}, spec: azSpec, files: []string{"source"}, operands: -1},
	{name: "az", sub: []string{"storage", "file", "upload-batch"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
	{name: "az", sub: []string{"storage", "copy"}, spec: azSpec, files: []string{"s", "source"}, operands: -1},
}

// azSpec reads az's words: every long option takes a value, except the
// flags az's storage commands have.
var azSpec = optSpec{shortVal: "fscdnpo", longEq: true, longVal: longOpts("file", "source", "container-name", "destination", "name",
	"account-name", "account-key", "connection-string", "sas-token", "auth-mode", "path", "share-name", "pattern", "type",
	"content-type", "tier", "subscription", "output", "query", "max-connections", "metadata", "destination-path",
	"blob-endpoint", "file-endpoint", "if-match", "if-none-match", "lease-id", "timeout", "socket-timeout", "max-concurrency",
	"tags", "encryption-scope", "overwrite")}

// checkSenders judges the files c sends, when it is one of senders.
func (p *Pass) checkSenders(c *syntax.Call) {
	for i := range senders {
		s := &senders[i]
		if s.name != c.Name || len(c.Args) < len(s.sub) {
			continue
		}
		match := true
		for j, w := range s.sub {
			if c.Args[j].Value != w {
				match = false
				break
			}
		}
		if match {
			p.sends(c, s, c.Args[len(s.sub):])
			return
		}
	}
}

func (p *Pass) sends(c *syntax.Call, s *sender, args []syntax.Arg) {
	send := func(a syntax.Arg) {
		if s.secretsOnly && a.Value == "-" {
			return // stdin: a secret redirected there is secret-read's
		}
		if s.secretsOnly {
			if sec, ok := p.secretOf(c.Dir, a); ok {
				d := Deny
				if s.secretAsks {
					d = Ask
				}
				p.Report(c, Finding{Rule: "exfiltrate", Decision: d, Message: sec.Reason(strings.Join(append([]string{c.Name}, s.sub...), " ") + " sends"), PathContext: "blocked"})
			}
			return
		}
		p.upload(c, a, s.host)
	}
	opts, operands := scan(args, s.spec)
	for _, o := range opts {
		if !o.hasVal {
			continue
		}
		switch {
		case contains(s.files, o.name):
			send(o.val)
			if s.untilDashDash {
				for j := o.idx + 1; j < len(args) && !strings.HasPrefix(args[j].Value, "-"); j++ {
					if args[j].Start == o.val.Start {
						continue
					}
					send(args[j])
				}
			}
		case contains(s.fields, o.name):
			if _, v, ok := strings.Cut(o.val.Value, "="); ok && strings.HasPrefix(v, "@") {
				send(sub(o.val, v[1:]))
			}
		}
	}
	if s.operands < 0 {
		return
	}
	ops := operands
	if s.lastIsDest {
		if len(ops) < 2 || !strings.HasPrefix(args[ops[len(ops)-1]].Value, "remote:") {
			return
		}
		ops = ops[:len(ops)-1]
	}
	for k, i := range ops {
		if k < s.operands {
			continue
		}
		a := args[i]
		if name, _, ok := strings.Cut(a.Value, "#"); ok && c.Name == "gh" {
			a = sub(a, name) // gh release upload v1 'f.zip#Label'
		}
		send(a)
	}
}

// copyIntoContainer judges docker cp SRC CONTAINER:PATH (podman, nerdctl,
// kubectl cp to a pod): the file leaves for the container, where the agent
// can read it back, so a secret is denied; anything else is ordinary work.
func (p *Pass) copyIntoContainer(c *syntax.Call) {
	rest, ops, ok := containerCpArgs(c)
	if !ok || len(ops) != 2 {
		return
	}
	src, dest := rest[ops[0]], rest[ops[1]]
	if !dest.Static || !containerPath(c.Name, dest.Value) || src.Static && containerPath(c.Name, src.Value) {
		return
	}
	if sec, ok := p.secretOf(c.Dir, src); ok {
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: sec.Reason(c.Name + " cp copies into the container " + dest.Value), PathContext: "blocked"})
	}
}

// gitSendEmail judges git send-email: the patches it mails are files
// (a secret is denied) or commits of the repository, sent to addresses
// corral cannot check: ask.
func (p *Pass) gitSendEmail(c *syntax.Call) {
	_, i := gitArgs(c)
	if i < 0 || c.Args[i].Value != "send-email" {
		return
	}
	args := c.Args[i+1:]
	opts, operands := scan(args, optSpec{longEq: true, longVal: longOpts("to", "cc", "bcc", "from", "subject", "in-reply-to",
		"smtp-server", "smtp-server-port", "smtp-user", "smtp-pass", "smtp-encryption", "smtp-domain", "smtp-auth",
		"smtp-server-option", "identity", "to-cmd", "cc-cmd", "header-cmd", "compose-encoding", "transfer-encoding",
		"8bit-encoding", "sendmail-cmd", "envelope-sender", "reply-to", "confirm", "suppress-cc", "batch-size",
		"relogin-delay", "annotate", "dump-aliases", "format-patch")})
	for _, o := range opts {
		if n := o.name; !o.long && n >= "0" && n <= "9" {
			// -1, -3: the last commits, as format-patch takes them.
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("git send-email uploads the last commits (-%s) by mail to addresses corral cannot check", n)})
			return
		}
	}
	for _, k := range operands {
		a := args[k]
		if a.Static && !p.Config.NoGlobMatches {
			if _, err := os.Stat(guards.Normalize(p.guardsEnv(c.Dir), a.Value).Abs); err == nil {
				p.upload(c, a, "")
				continue
			}
		}
		if sec, ok := p.secretOf(c.Dir, a); ok {
			p.Report(c, Finding{Rule: "exfiltrate", Decision: Deny, Message: sec.Reason(c.Name + " send-email mails"), PathContext: "blocked"})
			continue
		}
		p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask, Message: fmt.Sprintf("git send-email uploads the commits %s by mail to addresses corral cannot check", a.Raw)})
		return
	}
}
