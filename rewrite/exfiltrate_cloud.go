package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// Cloud storage copies and git pushes send local content to another
// host as well: aws s3 cp|mv|sync, gsutil cp|mv|rsync, gcloud storage
// cp|mv|rsync, rclone copy|copyto|move|moveto|sync to a REMOTE:path, and
// azcopy copy|sync to a URL upload their local sources (to the bucket or
// remote, as the host network.allow_hosts is checked against); git push
// URL (or --repo=URL), with a URL rather than a configured remote's name,
// uploads the repository's commits there.

// cloudUploads judges the local sources of a cloud storage copy.
func (p *Pass) cloudUploads(c *syntax.Call) {
	ops, ok := cloudCopyOperands(c)
	if !ok || cloudDryRun(c) {
		return
	}
	dest := ops[len(ops)-1]
	host, remote := cloudRemote(c.Name, dest.Value)
	if !remote {
		return // to a local path: a download or a copy here
	}
	for _, src := range ops[:len(ops)-1] {
		if _, r := cloudRemote(c.Name, src.Value); r {
			continue
		}
		p.upload(c, src, host)
	}
}

// cloudCopyOperands returns the sources and the destination (last) of a
// cloud storage copy (aws s3 cp|mv|sync, gsutil and gcloud storage
// cp|mv|rsync, rclone copy|copyto|move|moveto|sync, azcopy copy|sync,
// s3cmd get|put|sync|cp|mv: "." for the destination s3cmd get gives one
// object with none, with Start -1 as it is written nowhere),
// its options and their values left out.
func cloudCopyOperands(c *syntax.Call) ([]syntax.Arg, bool) {
	ops, ok := cloudVerbOperands(c, "cp", "mv", "sync", "rsync", "copy", "copyto", "move", "moveto", "get", "put")
	if ok && len(ops) == 1 && c.Name == "s3cmd" && slices.Contains(c.Words(), "get") {
		// s3cmd get s3://b/k saves the object in the working
		// directory, under its own name.
		return append(ops, syntax.Arg{Value: ".", Raw: ".", Static: true, Start: -1}), true
	}
	return ops, ok && len(ops) >= 2
}

// cloudVerbOperands returns the operands of a cloud storage command whose
// verb (after the global options and, for aws and gcloud, the service)
// is one of verbs, its options and their values left out.
func cloudVerbOperands(c *syntax.Call, verbs ...string) ([]syntax.Arg, bool) {
	args := c.Words()
	skip := 1 // the words before the operands: aws s3 cp, gsutil cp
	switch c.Name {
	case "aws", "gcloud":
		// Global options come first: aws --profile p s3 cp …, gcloud
		// --project p storage cp ….
		i := 0
		for i < len(args) && strings.HasPrefix(args[i], "-") {
			if cloudValued(args[i]) {
				i++
			}
			i++
		}
		service := "s3"
		if c.Name == "gcloud" {
			service = "storage"
		}
		if len(args) < i+2 || args[i] != service {
			return nil, false
		}
		skip = i + 2
	case "gsutil", "rclone", "azcopy", "s3cmd":
		// gsutil's global options (-m, -o KEY=VALUE) come first, and
		// s3cmd's may (-c CONFIG, --region R).
		for skip = 0; skip < len(args) && strings.HasPrefix(args[skip], "-"); skip++ {
			if args[skip] == "-o" || args[skip] == "-h" || c.Name == "s3cmd" && (args[skip] == "-c" || cloudValued(args[skip])) {
				skip++
			}
		}
		skip++
	}
	if len(args) < skip {
		return nil, false
	}
	if !slices.Contains(verbs, args[skip-1]) {
		return nil, false
	}
	var ops []syntax.Arg
	for i := skip; i < len(c.Args); i++ {
		a := c.Args[i]
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" { // "-" is stdin or stdout
			if i+1 < len(c.Args) && cloudValued(a.Value) {
				i++
			}
			continue
		}
		ops = append(ops, a)
	}
	return ops, true
}

// cloudValued reports a cloud CLI option that takes the next word.
func cloudValued(opt string) bool {
	if strings.Contains(opt, "=") {
		return false
	}
	switch opt {
	case "--exclude", "--include", "--acl", "--profile", "--region", "--endpoint-url", "--storage-class", "--sse",
		"--content-type", "--cache-control", "--metadata", "--expires", "--grants", "--config", "--filter", "--filter-from",
		"--include-from", "--exclude-from", "--transfers", "--checkers", "--bwlimit", "--log-file", "--log-level",
		"--project", "--billing-project", "-x", "-p", "-z", "-j",
		// rclone's filters and limits; azcopy's patterns and modes.
		"--max-age", "--min-age", "--max-size", "--min-size", "--max-depth", "--backup-dir", "--suffix",
		"--include-pattern", "--exclude-pattern", "--include-path", "--exclude-path", "--include-regex", "--exclude-regex",
		"--delete-destination", "--overwrite", "--blob-type", "--block-size-mb", "--cap-mbps", "--from-to",
		"--list-of-files", "--include-after", "--include-before", "--output-type",
		// aws's and gcloud's global options.
		"--output", "--query", "--color", "--cli-read-timeout", "--cli-connect-timeout", "--ca-bundle", "--cli-binary-format",
		"--account", "--configuration", "--verbosity", "--format", "--impersonate-service-account", "--flags-file",
		// s3cmd's.
		"--access_key", "--secret_key", "--access_token", "--host", "--host-bucket", "--rexclude", "--rinclude",
		"--rexclude-from", "--rinclude-from", "--add-header", "--mime-type", "--encoding", "--cache-file", "--limit-rate",
		"--multipart-chunk-size-mb", "--ssl-client-cert-file", "--ssl-client-key-file":
		return true
	}
	return false
}

// cloudRemote reports whether v names cloud storage for program name,
// and the host (bucket or remote) it is on.
func cloudRemote(name, v string) (string, bool) {
	for _, scheme := range []string{"s3://", "gs://", "az://", "https://", "http://"} {
		if rest, ok := strings.CutPrefix(v, scheme); ok {
			host, _, _ := strings.Cut(rest, "/")
			return host, true
		}
	}
	if name == "rclone" {
		// REMOTE:path (a name of one letter too: rclone's remotes may
		// be so named), not a drive (C:\x, C:/x) nor a path with a slash
		// before the colon.
		if i := strings.IndexByte(v, ':'); i >= 1 && !strings.Contains(v[:i], "/") && !(i == 1 && len(v) > 2 && (v[2] == '\\' || v[2] == '/')) {
			return v[:i], true
		}
	}
	return "", false
}

// gitPushURL judges git push (and git send-pack) to a URL: one written
// there, the URL of a remote this command adds or re-points (git remote
// add e URL && git push e, git remote set-url --push origin URL, git
// config remote.origin.url URL; git push alone pushes to origin), or one
// its -c settings or its environment's (GIT_CONFIG_COUNT, …) give
// (remote.NAME.url, remote.NAME.pushurl, url.URL.pushInsteadOf and
// url.URL.insteadOf to a host none of the repository's remotes is on).
func (p *Pass) gitPushURL(c *syntax.Call) {
	words := c.Words()
	i := 0
	var configs []string
	for i < len(words) && strings.HasPrefix(words[i], "-") {
		if words[i] == "-c" && i+1 < len(words) {
			configs = append(configs, words[i+1])
		}
		if words[i] == "-C" || words[i] == "-c" || words[i] == "--git-dir" || words[i] == "--work-tree" {
			i++
		}
		i++
	}
	if i >= len(words) || words[i] != "push" && words[i] != "send-pack" {
		return
	}
	// Settings from the environment (GIT_CONFIG_COUNT=1
	// GIT_CONFIG_KEY_0=remote.origin.url …) count as -c ones.
	configs = append(configs, c.GitEnvConfig...)
	for _, kv := range configs {
		key, val, _ := strings.Cut(kv, "=")
		lk := strings.ToLower(key)
		suffix := ".pushinsteadof"
		if !strings.HasSuffix(lk, suffix) {
			suffix = ".insteadof" // rewrites pushes too when no pushInsteadOf does
		}
		if strings.HasPrefix(lk, "url.") && strings.HasSuffix(lk, suffix) {
			target := key[len("url.") : len(key)-len(suffix)]
			if h := gitURLHost(target); h != "" && !p.hostAllowed(h) && !p.remoteHosts(c)[strings.ToLower(h)] {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
					Message: fmt.Sprintf("git -c %s makes git push send commits for %s to %s, and %s is not on network.allow_hosts", key, val, target, h)})
				return
			}
		}
	}
	repo := ""
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		switch {
		case strings.HasPrefix(w, "--repo="):
			repo = strings.TrimPrefix(w, "--repo=")
		case w == "--repo" && j+1 < len(words):
			repo = words[j+1]
			j++
		case w == "-o" || w == "--push-option" || w == "--receive-pack" || w == "--exec":
			j++
		case strings.HasPrefix(w, "-"):
		case repo == "":
			repo = w
			j = len(words)
		}
	}
	if words[i] == "push" && (repo == "" || !strings.ContainsAny(repo, ":/")) {
		// A configured remote the user's global configuration
		// (url.BASE.insteadOf, pushInsteadOf) sends to another host.
		if from, to, ok := p.globalRedirect(c.Dir, repo, true); ok {
			if h := gitURLHost(to); !p.hostAllowed(h) && !p.remoteHosts(c)[strings.ToLower(h)] {
				p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
					Message: fmt.Sprintf("git push sends the commits for %s to %s (url.*.insteadOf in the user's global git configuration), and %s is not on network.allow_hosts", from, to, h)})
				return
			}
		}
	}
	if repo == "" && words[i] == "push" {
		// git push with no repository pushes to the branch's remote,
		// origin unless configured otherwise: a URL this command gives
		// origin is where the commits go.
		if u := p.remoteURL(configs, "origin"); u != "" {
			repo = "origin"
		}
	}
	if gitURLHost(repo) == "" && repo != "" {
		// A remote's name: the URL this command gives it. A repository
		// with no remote yet is being published by its owner (git remote
		// add origin URL && git push -u origin main, GitHub's own
		// recipe); one whose remotes are elsewhere is being sent away.
		if u := p.remoteURL(configs, repo); u != "" {
			h := gitURLHost(u)
			known := p.remoteHosts(c)
			if len(known) == 0 || known[strings.ToLower(h)] {
				return
			}
			repo = u
		}
	}
	host := gitURLHost(repo)
	if host == "" || p.hostAllowed(host) {
		return
	}
	p.Report(c, Finding{Rule: "exfiltrate", Decision: Ask,
		Message: fmt.Sprintf("git push uploads the repository's commits to %s, a URL rather than a configured remote, and %s is not on network.allow_hosts", repo, host)})
}

// gitURLHost returns the host of a git URL (scheme://[user@]host/…,
// [user@]host:path), or "" for a remote's name or a local path.
func gitURLHost(v string) string {
	if strings.HasPrefix(v, "file://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, ".") || v == "" {
		return ""
	}
	if i := strings.Index(v, "://"); i > 0 {
		rest := v[i+3:]
		host, _, _ := strings.Cut(rest, "/")
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		if h, _, ok := strings.Cut(host, ":"); ok {
			host = h
		}
		return host
	}
	if colon := strings.IndexByte(v, ':'); colon > 0 && !strings.Contains(v[:colon], "/") {
		host := v[:colon]
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		return host
	}
	return ""
}

// remoteURL returns the URL the command itself gives the remote name:
// git -c remote.NAME.pushurl/url=URL on the push, or git remote add NAME
// URL / git remote set-url [--push] NAME URL anywhere in the command; ""
// when it gives none (the repository's own configuration is the user's).
func (p *Pass) remoteURL(configs []string, name string) string {
	for _, kv := range configs {
		key, val, _ := strings.Cut(kv, "=")
		lk := strings.ToLower(key)
		if lk == "remote."+strings.ToLower(name)+".pushurl" || lk == "remote."+strings.ToLower(name)+".url" {
			return val
		}
	}
	url, push := "remote."+strings.ToLower(name)+".url", "remote."+strings.ToLower(name)+".pushurl"
	for _, g := range p.Model.Calls {
		if g.Name != "git" {
			continue
		}
		w := g.Words()
		k := 0
		for k < len(w) && strings.HasPrefix(w[k], "-") {
			if w[k] == "-C" || w[k] == "-c" {
				k++
			}
			k++
		}
		if k >= len(w) {
			continue
		}
		var ops []string
		for _, x := range w[k+1:] {
			if !strings.HasPrefix(x, "-") && x != "set" && x != "--" {
				ops = append(ops, x)
			}
		}
		switch w[k] {
		case "remote":
			// git remote add|set-url [--push] NAME URL.
			if len(ops) >= 3 && (ops[0] == "add" || ops[0] == "set-url") && ops[1] == name {
				return ops[2]
			}
		case "config":
			// git config [--local] [set] remote.NAME.url URL (or pushurl).
			if len(ops) == 2 {
				if lk := strings.ToLower(ops[0]); lk == push || lk == url {
					return ops[1]
				}
			}
		}
	}
	return ""
}

// remoteHosts returns the hosts of the remotes the repository the call
// runs in has configured when the hook runs (git config of
// remote.*.url, read by the real git, bounded); none when there is no
// repository or the disk is not read.
func (p *Pass) remoteHosts(c *syntax.Call) map[string]bool {
	out := map[string]bool{}
	if p.Config.NoGlobMatches || !c.Dir.Known {
		return out
	}
	b, err := runGit(c.Dir.Path, "config", "--get-regexp", `^remote\..*\.(url|pushurl)$`)
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		if _, v, ok := strings.Cut(strings.TrimSpace(line), " "); ok {
			if h := gitURLHost(v); h != "" {
				out[strings.ToLower(h)] = true
			}
		}
	}
	return out
}

// awsFileValues judges the aws CLI's parameter values that name a file
// (file://PATH for text, fileb://PATH for bytes; the CLI expands ~):
// the value sent is the file's content (aws ssm put-parameter --value
// file://~/.ssh/id_rsa, --cli-input-json file://.env). A secret sent is
// denied; to a secret store (ssm put-parameter, secretsmanager's
// create-secret, put-secret-value, update-secret) it asks, as gh secret
// set -f does. Other files are the request's own input (policies,
// templates, zips), not judged.
func (p *Pass) awsFileValues(c *syntax.Call) {
	if p.Config.Paths == nil {
		return
	}
	words := c.Words()
	store := false
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "ssm" && words[i+1] == "put-parameter" || words[i] == "secretsmanager" &&
			(words[i+1] == "create-secret" || words[i+1] == "put-secret-value" || words[i+1] == "update-secret") {
			store = true
		}
	}
	for _, a := range c.Args {
		if !a.Static {
			continue
		}
		v := a.Value
		if strings.HasPrefix(v, "--") {
			_, v, _ = strings.Cut(v, "=")
		}
		f, ok := strings.CutPrefix(v, "file://")
		if !ok {
			f, ok = strings.CutPrefix(v, "fileb://")
		}
		if !ok || f == "" {
			continue
		}
		s, ok := p.secretOf(c.Dir, sub(a, f))
		if !ok {
			continue
		}
		d := Deny
		if store || p.maybeSecret {
			d = Ask
		}
		p.maybeSecret = false
		p.Report(c, Finding{Rule: "exfiltrate", Decision: d, PathContext: "blocked",
			Message: s.Reason(fmt.Sprintf("aws sends the content of %s, a file:// value:", a.Raw))})
		return
	}
}

// cloudDryRun reports a cloud storage copy told only to show what it
// would transfer, which sends and deletes nothing: aws s3 cp|mv|sync
// --dryrun, rclone --dry-run (-n, --dry-run=true; a later
// --dry-run=false undoes it), gsutil rsync -n (before its first operand:
// gsutil reads its options with Python's getopt, which stops there) and
// azcopy --dry-run. Each word counts only where the program reads it as
// an option of its own (optionStands).
func cloudDryRun(c *syntax.Call) bool {
	args := c.Args
	switch c.Name {
	case "aws":
		for i, a := range args {
			if a.Value == "--dryrun" && optionStands(args, i, nil) {
				return true
			}
		}
	case "rclone", "azcopy":
		flags := func(w string) bool {
			switch w {
			case "-v", "-vv", "-vvv", "-q", "-P", "--progress", "--verbose", "--quiet", "-c", "--checksum", "-u", "--update",
				"--ignore-existing", "--size-only", "--fast-list", "--no-traverse", "-L", "--copy-links", "-i", "--interactive",
				"--create-empty-src-dirs", "--recursive", "--follow-symlinks", "--put-md5", "-n", "--dry-run":
				return true
			}
			return false
		}
		dry := false
		for i, a := range args {
			if !a.Static || !optionStands(args, i, flags) {
				continue
			}
			switch v := a.Value; {
			case v == "--dry-run" || v == "--dry-run=true" || c.Name == "rclone" && v == "-n":
				dry = true
			case strings.HasPrefix(v, "--dry-run=") || c.Name == "rclone" && strings.HasPrefix(v, "-n="):
				dry = false
			}
		}
		return dry
	case "gsutil":
		// gsutil [-m] [-o K=V] [-h H] rsync [options] SRC DST: rsync's
		// options that take a value are -a, -j, -x and -y.
		i := 0
		for i < len(args) && args[i].Static && strings.HasPrefix(args[i].Value, "-") {
			if args[i].Value == "-o" || args[i].Value == "-h" {
				i++
			}
			i++
		}
		if i >= len(args) || args[i].Value != "rsync" {
			return false
		}
		for _, a := range args[i+1:] {
			v := a.Value
			if !a.Static || v == "--" || !strings.HasPrefix(v, "-") || len(v) < 2 || strings.HasPrefix(v, "--") {
				return false // the first operand, or a word corral cannot read
			}
			if strings.Trim(v[1:], "cCdeiJPrRuUn") != "" {
				return false // a valued option takes the rest of the word or the next one
			}
			if strings.Contains(v, "n") {
				return true
			}
		}
	}
	return false
}

// optionStands reports whether args[i] is read as an option of its own:
// no "--" before it, and the word before it, when an option, holds its
// value already (--acl=private) or is one flags knows to take none. The
// parsers of these programs (pflag, getopt, Getopt::Long) hand an option
// that needs a value the next word whatever it starts with: in rclone
// sync --backup-dir --dry-run SRC DST, "--dry-run" is the backup
// directory and the sync is real. A word only known at run time before
// it may be such an option.
func optionStands(args []syntax.Arg, i int, flags func(string) bool) bool {
	for _, a := range args[:i] {
		if a.Value == "--" {
			return false
		}
	}
	if i == 0 {
		return true
	}
	prev := args[i-1]
	switch {
	case !prev.Static:
		return false
	case !strings.HasPrefix(prev.Value, "-") || strings.Contains(prev.Value, "="):
		return true
	}
	return flags != nil && flags(prev.Value)
}
