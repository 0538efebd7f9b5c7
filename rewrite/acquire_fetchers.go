package rewrite

import (
	"path"
	"slices"
	"strings"

	"github.com/corral-dev/corral/syntax"
	"github.com/corral-dev/corral/syntax/lang"
)

var packageFetch = Rule{
	Name:      "package-fetch",
	Decisions: []Decision{Rewrite, Ask},
	Doc: `Package managers and media tools that save what they fetch as files
without installing it: pip download (-d/--dest; also as python -m pip
download), npm pack of a package
(--pack-destination; npm pack of the project itself packs local files),
helm pull/fetch (-d/--destination, --untardir under it), yt-dlp
(-P/--paths), gallery-dl (-d/--destination), kaggle datasets/competitions
download (-p/--path), dnf download and yumdownloader (--destdir): the
directory they save into is moved into the sandbox, or the sandbox is
given when they would save into the working directory. Those with no
such option (gem fetch, apt-get download and source, youtube-dl, and
ncftpget and MinIO's mc cp and mc mirror, whose local directory is an
operand) save into the working directory or a directory they name:
asked about outside the sandbox. rclone cat, gsutil cat and gcloud
storage cat print an object, as does a cloud copy to "-": followed as
curl's stdout. A cloud
storage copy from the cloud to a local path (aws s3 cp|mv|sync s3://…
DEST, gsutil and gcloud storage cp gs://… DEST, rclone copy|sync
REMOTE:path DEST, azcopy copy URL DEST) has DEST moved into the sandbox.
So do az storage blob download -f FILE (no -f: stdout, followed), az
storage blob/file download-batch -d DIR and az storage file download
--dest FILE (no --dest: the share's file name here, asked about), and
hf download (huggingface-cli download) --local-dir DIR or --cache-dir
DIR; hf download with neither fills the user's cache outside the project
and passes. gdown (-O, given as DIR/), webtorrent download (-o; also
downloadmeta, and webtorrent TORRENT with no command, which downloads) and
transmission-cli (-w) are moved the same way; ipfs get CID saves ./CID
unless -o names the object: moved, or asked about without -o.`,
	// With the Python interpreters of the language table (see init in
	// rules.go).
	Commands: []string{"pip", "pip3", "npm", "helm", "yt-dlp", "youtube-dl", "gallery-dl", "kaggle", "dnf", "yumdownloader", "gem", "apt-get", "apt",
		"aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd", "hf", "huggingface-cli", "az", "gdown", "ipfs", "webtorrent", "transmission-cli", "ncftpget", "mc"},
	Call: checkFetchers,
}

// fetcher is one program's fetch-without-install command.
type fetcher struct {
	name string
	sub  []string
	spec optSpec
	// dest are the options naming the directory; flag is how corral
	// gives one (" -d "), "" when the program has none.
	dest []string
	flag string
	// needsOperand: only a package named on the command line is fetched
	// (npm pack with no package packs the project).
	needsOperand bool
	// lists are the options that make it print or list instead of saving
	// (yt-dlp --list-formats, --simulate, dnf download --url).
	lists []string
	// without says where it saves with no dest option: "" the working
	// directory, "home" a cache outside the project (hf download),
	// "stdout" its standard output (az storage blob download).
	without string
	// also is a second directory option judged as dest is (hf's
	// --cache-dir beside --local-dir).
	also []string
	// byOption: what it fetches is named by options, not operands (az).
	byOption bool
	// slash: the directory corral gives ends in "/", which is how the
	// program tells a directory from a file name (gdown -O DIR/).
	slash bool
	// notSub: the entry has no command word, and a first operand among
	// these is another entry's command or one that saves nothing.
	notSub []string
}

// ytLists are yt-dlp's and youtube-dl's options that print instead of
// downloading.
var ytLists = []string{"F", "list-formats", "s", "simulate", "skip-download", "j", "dump-json", "J", "dump-single-json",
	"g", "get-url", "e", "get-title", "get-id", "get-filename", "get-format", "get-description", "list-subs", "list-thumbnails",
	"list-extractors", "extractor-descriptions", "version", "U", "update"}

var fetcherTable = []fetcher{
	{name: "pip", sub: []string{"download"}, spec: optSpec{shortVal: "dcirefp", longEq: true, abbrev: true, longVal: longOpts("dest",
		"constraint", "requirement", "index-url", "extra-index-url", "find-links", "platform", "python-version", "implementation",
		"abi", "src", "progress-bar", "log", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert",
		"client-cert", "cache-dir", "no-binary", "only-binary", "upgrade-strategy", "report")},
		dest: []string{"d", "dest"}, flag: " -d "},
	{name: "npm", sub: []string{"pack"}, spec: optSpec{longEq: true, longVal: longOpts("pack-destination", "workspace", "registry")},
		dest: []string{"pack-destination"}, flag: " --pack-destination ", needsOperand: true},
	{name: "helm", sub: []string{"pull"}, spec: helmPullSpec, dest: []string{"d", "destination"}, flag: " -d "},
	{name: "helm", sub: []string{"fetch"}, spec: helmPullSpec, dest: []string{"d", "destination"}, flag: " -d "},
	{name: "yt-dlp", spec: optSpec{shortVal: "oPfFrRa", longEq: true, longVal: longOpts("paths", "output", "format", "batch-file",
		"limit-rate", "retries", "config-location", "cookies", "username", "password", "proxy", "sub-langs", "merge-output-format")},
		dest: []string{"P", "paths"}, flag: " -P ", lists: ytLists},
	{name: "gallery-dl", spec: optSpec{shortVal: "dDfioucgr", longEq: true, longVal: longOpts("destination", "directory", "filename",
		"input-file", "option", "username", "password", "cookies", "range", "config")},
		dest: []string{"d", "destination", "D", "directory"}, flag: " -d ", lists: []string{"g", "get-urls", "s", "simulate",
			"j", "dump-json", "K", "list-keywords", "list-extractors", "list-modules", "version"}},
	{name: "kaggle", sub: []string{"datasets", "download"}, spec: optSpec{shortVal: "pf", longEq: true, longVal: longOpts("path", "file")},
		dest: []string{"p", "path"}, flag: " -p "},
	{name: "kaggle", sub: []string{"competitions", "download"}, spec: optSpec{shortVal: "pf", longEq: true, longVal: longOpts("path", "file")},
		dest: []string{"p", "path"}, flag: " -p "},
	{name: "dnf", sub: []string{"download"}, spec: optSpec{longEq: true, longVal: longOpts("destdir", "arch", "repo")},
		dest: []string{"destdir"}, flag: " --destdir ", lists: []string{"url"}},
	{name: "yumdownloader", spec: optSpec{longEq: true, longVal: longOpts("destdir", "archlist")},
		dest: []string{"destdir"}, flag: " --destdir ", lists: []string{"urls"}},
	{name: "gem", sub: []string{"fetch"}, spec: optSpec{shortVal: "vs", longEq: true, longVal: longOpts("version", "source", "platform")}},
	{name: "apt-get", sub: []string{"download"}},
	{name: "apt-get", sub: []string{"source"}, spec: optSpec{shortVal: "tc", longEq: true, longVal: longOpts("target-release", "config-file")}},
	{name: "apt", sub: []string{"download"}},
	{name: "apt", sub: []string{"source"}},
	{name: "hf", sub: []string{"download"}, spec: hfSpec, dest: []string{"local-dir"}, also: []string{"cache-dir"}, without: "home"},
	{name: "huggingface-cli", sub: []string{"download"}, spec: hfSpec, dest: []string{"local-dir"}, also: []string{"cache-dir"}, without: "home"},
	{name: "az", sub: []string{"storage", "blob", "download"}, spec: azDownloadSpec, dest: []string{"f", "file"}, without: "stdout", byOption: true},
	{name: "az", sub: []string{"storage", "blob", "download-batch"}, spec: azDownloadSpec, dest: []string{"d", "destination"}, without: "home", byOption: true},
	{name: "az", sub: []string{"storage", "file", "download"}, spec: azDownloadSpec, dest: []string{"dest"}, byOption: true},
	{name: "az", sub: []string{"storage", "file", "download-batch"}, spec: azDownloadSpec, dest: []string{"d", "destination"}, without: "home", byOption: true},
	// gdown URL|ID saves into the working directory (-O FILE, or -O DIR/);
	// ipfs get CID saves ./CID (-o PATH names the object itself);
	// webtorrent download (-o DIR) and transmission-cli (-w DIR) save the
	// torrent's files.
	{name: "gdown", spec: optSpec{shortVal: "O", longEq: true, longVal: longOpts("output", "proxy", "speed", "format", "user-agent")},
		dest: []string{"O", "output"}, flag: " -O ", slash: true},
	{name: "ipfs", sub: []string{"get"}, spec: optSpec{shortVal: "ol", longEq: true, longVal: longOpts("output", "compression-level", "api")},
		dest: []string{"output", "o"}},
	{name: "webtorrent", sub: []string{"download"}, spec: webtorrentSpec,
		dest: []string{"o", "out"}, flag: " -o "},
	{name: "webtorrent", sub: []string{"downloadmeta"}, spec: webtorrentSpec, dest: []string{"o", "out"}, flag: " -o "},
	// webtorrent TORRENT with no command downloads, as download does.
	{name: "webtorrent", spec: webtorrentSpec, dest: []string{"o", "out"}, flag: " -o ",
		notSub: []string{"seed", "create", "info", "version", "help", "download", "downloadmeta"}},
	{name: "transmission-cli", spec: optSpec{shortVal: "wbdufgpt", longEq: true, longVal: longOpts("download-dir", "blocklist",
		"downlimit", "uplimit", "finish", "config-dir", "port", "tos")},
		dest: []string{"w", "download-dir"}, flag: " -w ", lists: []string{"n", "new", "i", "info", "s", "scrape"}},
	{name: "youtube-dl", spec: optSpec{shortVal: "ofa", longEq: true, longVal: longOpts("output", "format", "batch-file")}, lists: ytLists},
	// ncftpget HOST LOCAL-DIR REMOTE… (or a URL, into the working
	// directory) and MinIO's mc cp/mirror SOURCE… TARGET name the local
	// directory as an operand: asked about outside the sandbox.
	{name: "ncftpget", spec: optSpec{shortVal: "uUjpPdtrb", longEq: true}},
	{name: "mc", sub: []string{"cp"}, spec: optSpec{longEq: true, longVal: longOpts("config-dir", "storage-class", "tags", "attr",
		"encrypt-key", "limit-upload", "limit-download", "rewind", "newer-than", "older-than", "version-id")}},
	{name: "mc", sub: []string{"mirror"}, spec: optSpec{longEq: true, longVal: longOpts("config-dir", "storage-class", "exclude",
		"newer-than", "older-than", "limit-upload", "limit-download", "encrypt-key", "attr")}},
}

// webtorrentSpec are webtorrent-cli's options that take a value.
var webtorrentSpec = optSpec{shortVal: "opisa", longEq: true, longVal: webtorrentLong}

// webtorrentLong are webtorrentSpec's long options, a variable of their own so that the
// tables that copy webtorrentSpec are static data (see init in rules.go).
var webtorrentLong = optNames{"out", "port",
	"select", "on-done", "on-exit", "blocklist", "torrent-port", "dht-port", "announce", "player-args", "subtitles"}

// hfSpec are hf download's (huggingface-cli download's) options that
// take a value.
var hfSpec = optSpec{longEq: true, longVal: hfLong}

// hfLong are hfSpec's long options, a variable of their own so that the
// tables that copy hfSpec are static data (see init in rules.go).
var hfLong = optNames{"local-dir", "cache-dir", "repo-type", "revision", "include", "exclude",
	"token", "max-workers", "local-dir-use-symlinks", "format"}

// azDownloadSpec are az storage's download options that take a value:
// the upload ones (azSpec's, written out: TestDerivedListsWrittenOut),
// with --dest and the ranges.
var azDownloadSpec = optSpec{shortVal: "fscdnpo", longEq: true, longVal: azDownloadLong}

// azDownloadLong are azDownloadSpec's long options, a variable of their own so that the
// tables that copy azDownloadSpec are static data (see init in rules.go).
var azDownloadLong = optNames{"file", "source", "container-name", "destination", "name",
	"account-name", "account-key", "connection-string", "sas-token", "auth-mode", "path", "share-name", "pattern", "type",
	"content-type", "tier", "subscription", "output", "query", "max-connections", "metadata", "destination-path",
	"blob-endpoint", "file-endpoint", "if-match", "if-none-match", "lease-id", "timeout", "socket-timeout", "max-concurrency",
	"tags", "encryption-scope", "overwrite",
	"dest", "start-range", "end-range", "version-id", "snapshot", "file-snapshot"}

// helmPullSpec are helm pull's options that take a value.
var helmPullSpec = optSpec{shortVal: "d", longEq: true, longVal: helmPullLong}

// helmPullLong are helmPullSpec's long options, a variable of their own so that the
// tables that copy helmPullSpec are static data (see init in rules.go).
var helmPullLong = optNames{"destination", "untardir", "version", "repo", "username",
	"password", "ca-file", "cert-file", "key-file", "keyring", "kube-context", "namespace", "registry-config",
	"repository-cache", "repository-config"}

func checkFetchers(p *Pass, c *syntax.Call) {
	switch c.Name {
	case "aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd":
		p.cloudDownload(c)
		return
	}
	name, all := c.Name, c.Args
	if syntax.Unversioned(name) == "pip" || name == "pip3" {
		name = "pip" // pip3, pip3.12
	}
	if lang.ForProgram(name) == lang.Python {
		// python -m pip download is pip download: the same program, run
		// as a module (remote-run reads python -m pip install alike).
		if len(all) < 2 || all[0].Value != "-m" || all[1].Value != "pip" {
			return
		}
		name, all = "pip", all[2:]
	}
	if name == "pip" {
		// pip -q download: general options before the command.
		if k := pipVerbAt(all); k > 0 {
			all = all[k:]
		}
	}
	for i := range fetcherTable {
		f := &fetcherTable[i]
		if f.name != name || len(all) < len(f.sub) {
			continue
		}
		match := true
		for j, w := range f.sub {
			if all[j].Value != w {
				match = false
			}
		}
		if match && len(f.notSub) > 0 {
			if _, ops := scan(all, f.spec); len(ops) > 0 && slices.Contains(f.notSub, all[ops[0]].Value) {
				match = false
			}
		}
		if match {
			p.fetch(c, f, all[:len(f.sub)], all[len(f.sub):])
			return
		}
	}
}

// fetch judges one fetcher's call: sub are the words naming its command
// (pip download), args the words after them.
func (p *Pass) fetch(c *syntax.Call, f *fetcher, sub, args []syntax.Arg) {
	if asksHelp(c) {
		return
	}
	opts, operands := scan(args, f.spec)
	if has(opts, f.lists...) {
		return // a listing: nothing is saved
	}
	if len(operands) == 0 && (f.needsOperand || f.flag == "") && !f.byOption {
		return // npm pack: the project itself; apt-get source alone: nothing named
	}
	if f.needsOperand {
		// npm pack ./dir or a tarball on disk packs local files.
		local := true
		for _, k := range operands {
			v := args[k].Value
			l := strings.ToLower(v)
			if !strings.HasPrefix(v, ".") && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") && strings.Count(v, "/") < 2 &&
				!strings.HasSuffix(l, ".tgz") && !strings.HasSuffix(l, ".tar.gz") {
				local = false
			}
		}
		if local {
			return
		}
	}
	what := strings.Join(append([]string{c.Name}, f.sub...), " ")
	if lang.ForProgram(c.Name) == lang.Python {
		what = c.Name + " -m pip " + strings.Join(f.sub, " ") // python3 -m pip download
	}
	rule := "package-fetch"
	if dirs := find(opts, f.also...); len(f.also) > 0 && len(dirs) > 0 && len(find(opts, f.dest...)) == 0 {
		// hf download --cache-dir DIR: the files are saved there.
		if d := dirs[len(dirs)-1]; !p.InSandbox(c.Dir, d.val) {
			dest, text := p.sandboxed(d.val, path.Base(f.name))
			p.acquire(c, rule, "download", what+" saves into "+d.val.Value+", outside the sandbox", dest,
				[]syntax.Edit{setValue(c, d, text)}, relocate(c, c.Dir, d.val.Value, dest))
		}
		return
	}
	if dirs := find(opts, f.dest...); len(dirs) > 0 {
		d := dirs[len(dirs)-1]
		if p.InSandbox(c.Dir, d.val) {
			return
		}
		if f.slash && d.val.Static && d.val.Value == "-" {
			p.followStdout(c, rule, "download") // gdown -O -: standard output
			return
		}
		if f.name == "yt-dlp" && strings.Contains(d.val.Value, ":") {
			// -P TYPE:PATH: one kind of file; the home path stays.
			p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: "download",
				Message: what + " saves into " + d.val.Value + ", outside the sandbox; give -P " + p.Config.Sandbox + " instead"})
			return
		}
		dest, text := p.sandboxed(d.val, path.Base(f.name))
		if d.val.Static && path.Clean(d.val.Value) == "." {
			dest, text = p.Config.Sandbox, syntax.Quote(p.Config.Sandbox) // -d .: the sandbox itself
		}
		p.acquire(c, rule, "download", what+" saves into "+d.val.Value+", outside the sandbox", dest,
			[]syntax.Edit{setValue(c, d, text)}, relocate(c, c.Dir, d.val.Value, dest))
		return
	}
	switch f.without {
	case "home":
		return // a cache outside the project, or a required option
	case "stdout":
		p.followStdout(c, rule, "download")
		return
	}
	if p.DirInSandbox(c.Dir) {
		return
	}
	if f.flag == "" && len(f.dest) > 0 {
		// az storage file download: named after the share's file.
		p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: "download",
			Message: what + " saves what it fetches into the working directory, under a name the source gives: add --" + f.dest[0] + " " + p.Config.Sandbox + "/NAME"})
		return
	}
	if f.flag == "" {
		p.Report(c, Finding{Rule: rule, Decision: Ask, Kind: "download",
			Message: what + " saves what it fetches into the working directory, and has no option to save elsewhere: run it in " + p.Config.Sandbox})
		return
	}
	at := c.NameArg.End
	if len(sub) > 0 {
		at = sub[len(sub)-1].End
	}
	given := p.Config.Sandbox
	if f.slash {
		given += "/"
	}
	p.acquire(c, rule, "download", what+" saves what it fetches into the working directory", p.Config.Sandbox,
		[]syntax.Edit{Insert(c, at, f.flag+syntax.Quote(given))}, nil)
}

// cloudDownload moves into the sandbox the local destination of a cloud
// storage copy whose sources are in the cloud: what the bucket holds is
// content the agent did not write (aws s3 cp s3://b/x . saves x here;
// rclone sync remote:d local also deletes what local holds besides).
func (p *Pass) cloudDownload(c *syntax.Call) {
	if ops, ok := cloudVerbOperands(c, "cat"); ok && slices.ContainsFunc(ops, func(a syntax.Arg) bool {
		_, r := cloudRemote(c.Name, a.Value)
		return r
	}) {
		// rclone cat REMOTE:path, gsutil cat gs://…, gcloud storage cat
		// gs://… print the object: followed as curl's stdout is.
		p.followStdout(c, "package-fetch", "download")
		return
	}
	ops, ok := cloudCopyOperands(c)
	if !ok {
		return
	}
	dest := ops[len(ops)-1]
	if _, remote := cloudRemote(c.Name, dest.Value); remote {
		return // an upload (exfiltrate's)
	}
	if dest.Value == "-" && dest.Static {
		// aws s3 cp s3://b/k - (gsutil cp gs://… -, rclone copyto … -
		// is no stdout): the object on stdout, followed as curl's is.
		for _, src := range ops[:len(ops)-1] {
			if _, r := cloudRemote(c.Name, src.Value); r {
				p.followStdout(c, "package-fetch", "download")
				break
			}
		}
		return
	}
	fromCloud, name := false, ""
	for _, src := range ops[:len(ops)-1] {
		if _, r := cloudRemote(c.Name, src.Value); r {
			fromCloud = true
			if name == "" {
				name = urlName(src.Value)
				if i := strings.IndexByte(name, ':'); i >= 0 {
					name = name[i+1:] // rclone's REMOTE:path
				}
			}
		}
	}
	if !fromCloud || p.InSandbox(c.Dir, dest) {
		return
	}
	what := c.Name + " " + strings.Join(c.Words()[:min(2, len(c.Words()))], " ")
	d, text := p.sandboxed(dest, "cloud")
	if dest.Static && path.Clean(dest.Value) == "." {
		// .: what the source is called, in the sandbox (the sandbox
		// root itself is no destination a copy may replace).
		d = p.SandboxPath(name, "cloud")
		text = syntax.Quote(d)
	} else if dest.Static && strings.HasSuffix(dest.Value, "/") {
		text = syntax.Quote(d + "/") // DIR/: a directory, as written
	}
	edit := Replace(c, dest, text)
	if dest.Start < 0 && len(c.Args) > 0 {
		// s3cmd get s3://b/k: the destination is given after the
		// last word.
		edit = Insert(c, c.Args[len(c.Args)-1].End, " "+text)
	}
	p.acquire(c, "package-fetch", "download", what+" copies from cloud storage into "+dest.Raw+", outside the sandbox", d,
		[]syntax.Edit{edit}, relocate(c, c.Dir, dest.Value, d))
}
