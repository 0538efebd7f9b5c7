package rewrite

import (
	"github.com/corral-dev/corral/syntax"
)

// programs holds each program's options as data (optSpec), keyed by the
// program's name, or its name and subcommand ("git reset"). Every rule
// reads a call's options with scan(args, specFor(name)); a program missing
// here is read with the empty spec (no option takes a value, no
// abbreviations).
//
// The long option lists of the GNU tools and of git are whole, because
// they accept any unambiguous prefix (rm --recu --forc, git reset --har):
// a prefix is only resolved against the complete list. They were taken
// from the programs' --help and manuals (coreutils 9, git 2.39).
var programs = []programSpec{
	// Programs that print paths feeding xargs (danger_listers.go).
	{"du", optSpec{shortVal: "BdtX", longEq: true, abbrev: true, longVal: longOpts("files0-from", "block-size", "max-depth",
		"threshold", "exclude-from", "exclude", "time", "time-style"), longFlag: longOpts("all", "apparent-size", "bytes",
		"count-links", "dereference", "dereference-args", "no-dereference", "null", "one-file-system", "separate-dirs",
		"si", "summarize", "total", "human-readable", "inodes", "help", "version")}},
	{"tree", optSpec{shortVal: "LPIoH", longEq: true, longVal: longOpts("filelimit", "timefmt", "sort", "charset", "fromfile")}},
	{"realpath", optSpec{longEq: true, abbrev: true, longVal: longOpts("relative-to", "relative-base"), longFlag: longOpts(
		"canonicalize-existing", "canonicalize-missing", "logical", "physical", "quiet", "strip", "no-symlinks", "zero",
		"help", "version")}},
	{"basename", optSpec{shortVal: "s", longEq: true, abbrev: true, longVal: longOpts("suffix"), longFlag: longOpts(
		"multiple", "zero", "help", "version")}},
	{"rm", optSpec{longEq: true, abbrev: true, longFlag: longOpts("force", "interactive", "one-file-system", "no-preserve-root",
		"preserve-root", "recursive", "dir", "verbose", "help", "version")}},
	{"rmdir", optSpec{longEq: true, abbrev: true, longFlag: longOpts("ignore-fail-on-non-empty", "parents", "verbose", "help", "version")}},
	{"unlink", optSpec{longEq: true, abbrev: true, longFlag: longOpts("help", "version")}},
	{"shred", optSpec{shortVal: "ns", longEq: true, abbrev: true, longVal: longOpts("iterations", "random-source", "size"),
		longFlag: longOpts("remove", "force", "exact", "verbose", "zero", "help", "version")}},
	// GNU sort takes any unambiguous prefix of a long option (sort
	// --out=F is --output=F): the whole list, from sort --help.
	{"sort", optSpec{shortVal: "kotST", longEq: true, abbrev: true, longVal: longOpts("key", "output", "field-separator", "buffer-size",
		"temporary-directory", "parallel", "batch-size", "compress-program", "files0-from", "random-source", "sort"),
		longFlag: longOpts("check", "ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort",
			"ignore-nonprinting", "month-sort", "human-numeric-sort", "numeric-sort", "random-sort", "reverse", "version-sort",
			"debug", "merge", "stable", "unique", "zero-terminated", "help", "version")}},
	{"split", optSpec{shortVal: "abClnt", longEq: true, longVal: longOpts("suffix-length", "bytes", "line-bytes", "lines",
		"number", "separator", "additional-suffix", "filter")}},
	{"touch", optSpec{shortVal: "drt", longEq: true, abbrev: true, longVal: longOpts("date", "reference", "time"),
		longFlag: longOpts("no-create", "no-dereference", "help", "version")}},
	{"truncate", optSpec{shortVal: "sr", longEq: true, abbrev: true, longVal: longOpts("size", "reference"),
		longFlag: longOpts("no-create", "io-blocks", "help", "version")}},
	// sed -i[SUFFIX]: the suffix is attached or absent.
	{"sed", optSpec{shortVal: "efl", shortOpt: "i", longEq: true, abbrev: true, longVal: longOpts("expression", "file", "line-length"),
		longFlag: longOpts("in-place", "quiet", "silent", "debug", "posix", "regexp-extended", "separate", "sandbox",
			"unbuffered", "null-data", "zero-terminated", "follow-symlinks", "binary", "help", "version")}},
	// perl has no long options; -i, -x, -C, -d, -D and -F take an
	// attached value. -l and -0 take only digits: they are read as
	// flags, and their digits as more flags, so -lpi.bak is -l -p
	// -i.bak, not -l with the value "pi.bak".
	{"perl", optSpec{shortVal: "eEIMm", shortOpt: "ixCdDF"}},
	{"tee", optSpec{longEq: true, abbrev: true, longFlag: longOpts("append", "ignore-interrupts", "output-error", "help", "version")}},
	{"chmod", optSpec{longEq: true, abbrev: true, longVal: longOpts("reference"),
		longFlag: longOpts("changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive", "help", "version")}},
	{"chown", optSpec{longEq: true, abbrev: true, longVal: longOpts("reference", "from"),
		longFlag: longOpts("changes", "dereference", "no-dereference", "silent", "quiet", "verbose", "no-preserve-root",
			"preserve-root", "recursive", "help", "version")}},
	{"chgrp", optSpec{longEq: true, abbrev: true, longVal: longOpts("reference"),
		longFlag: longOpts("changes", "dereference", "no-dereference", "silent", "quiet", "verbose", "no-preserve-root",
			"preserve-root", "recursive", "help", "version")}},

	// The downloaders and tar, with every long option (curl 7.88/8.x
	// "curl --help all", GNU Wget 1.21 "wget --help", GNU tar 1.34
	// "tar --help"), because each accepts an unambiguous prefix (curl
	// --output-d d, wget --output-doc=f, tar --direc=d). curl has no
	// --name=value form; tar's options with an optional value
	// (--one-top-level[=DIR], --backup[=CONTROL]) take it only after "=".
	{"curl", optSpec{shortVal: "ACDEFHKPQTUXYbcdehmortuwxyz", abbrev: true,
		longVal: longOpts(
			"abstract-unix-socket", "alt-svc", "aws-sigv4", "cacert", "capath", "cert", "cert-type", "ciphers",
			"config", "connect-timeout", "connect-to", "continue-at", "cookie", "cookie-jar", "create-file-mode",
			"crlfile", "curves", "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "delegation",
			"dns-interface", "dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "dump-header", "ech",
			"egd-file", "engine", "etag-compare", "etag-save", "expect100-timeout", "form", "form-string",
			"ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-port", "ftp-ssl-ccc-mode",
			"happy-eyeballs-timeout-ms", "haproxy-clientip", "header", "help", "hostpubmd5", "hostpubsha256", "hsts",
			"interface", "ip-tos", "ipfs-gateway", "json", "keepalive-time", "key", "key-type", "knownhosts", "krb",
			"libcurl", "limit-rate", "local-port", "login-options", "mail-auth", "mail-from", "mail-rcpt",
			"max-filesize", "max-redirs", "max-time", "netrc-file", "noproxy", "oauth2-bearer", "output", "output-dir",
			"parallel-max", "pass", "pinnedpubkey", "preproxy", "proto", "proto-default", "proto-redir", "proxy",
			"proxy-cacert", "proxy-capath", "proxy-cert", "proxy-cert-type", "proxy-ciphers", "proxy-crlfile",
			"proxy-header", "proxy-key", "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name",
			"proxy-tls13-ciphers", "proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy-user", "proxy1.0",
			"pubkey", "quote", "random-file", "range", "rate", "referer", "request", "request-target", "resolve",
			"retry", "retry-delay", "retry-max-time", "sasl-authzid", "service-name", "socks4", "socks4a", "socks5",
			"socks5-gssapi-service", "socks5-hostname", "speed-limit", "speed-time", "ssl-sessions", "stderr",
			"telnet-option", "tftp-blksize", "time-cond", "tls-max", "tls13-ciphers", "tlsauthtype", "tlspassword",
			"tlsuser", "trace", "trace-ascii", "trace-config", "unix-socket", "upload-file", "url", "url-query",
			"user", "user-agent", "variable", "vlan-priority", "write-out"),
		longFlag: longOpts(
			"anyauth", "append", "basic", "cert-status", "compressed", "compressed-ssh", "create-dirs", "crlf",
			"digest", "disable", "disable-eprt", "disable-epsv", "disallow-username-in-url", "doh-cert-status",
			"doh-insecure", "fail", "fail-early", "fail-with-body", "false-start", "form-escape", "ftp-create-dirs",
			"ftp-pasv", "ftp-pret", "ftp-skip-pasv-ip", "ftp-ssl-ccc", "ftp-ssl-control", "get", "globoff",
			"haproxy-protocol", "head", "http0.9", "http1.0", "http1.1", "http2", "http2-prior-knowledge", "http3",
			"http3-only", "ignore-content-length", "include", "insecure", "ipv4", "ipv6", "junk-session-cookies",
			"list-only", "location", "location-trusted", "mail-rcpt-allowfails", "manual", "metalink", "negotiate",
			"netrc", "netrc-optional", "no-alpn", "no-buffer", "no-clobber", "no-keepalive", "no-npn",
			"no-progress-meter", "no-sessionid", "ntlm", "ntlm-wb", "parallel", "parallel-immediate", "path-as-is",
			"post301", "post302", "post303", "proxy-anyauth", "proxy-basic", "proxy-digest", "proxy-insecure",
			"proxy-negotiate", "proxy-ntlm", "proxy-ssl-allow-beast", "proxy-ssl-auto-client-cert", "proxy-tlsv1",
			"proxytunnel", "raw", "remote-header-name", "remote-name", "remote-name-all", "remote-time",
			"remove-on-error", "retry-all-errors", "retry-connrefused", "sasl-ir", "show-error", "silent",
			"socks5-basic", "socks5-gssapi", "socks5-gssapi-nec", "ssl", "ssl-allow-beast", "ssl-auto-client-cert",
			"ssl-no-revoke", "ssl-reqd", "ssl-revoke-best-effort", "sslv2", "sslv3", "styled-output",
			"suppress-connect-headers", "tcp-fastopen", "tcp-nodelay", "tftp-no-options", "tlsv1", "tlsv1.0",
			"tlsv1.1", "tlsv1.2", "tlsv1.3", "tr-encoding", "trace-time", "use-ascii", "verbose", "version", "xattr")}},
	// wget -n takes its letters as a value (-nd, -nH, -nv).
	{"wget", optSpec{shortVal: "ABDIOPQRTUXaeilnotw", longEq: true, abbrev: true,
		longVal: longOpts(
			"accept", "accept-regex", "append-output", "backups", "base", "bind-address", "bind-dns-address",
			"body-data", "body-file", "ca-certificate", "ca-directory", "certificate", "certificate-type", "ciphers",
			"compression", "config", "connect-timeout", "crl-file", "cut-dirs", "default-page", "directory-prefix",
			"dns-servers", "dns-timeout", "domains", "egd-file", "exclude-directories", "exclude-domains",
			"execute", "follow-tags", "ftp-password", "ftp-user", "header", "hsts-file", "http-password", "http-user",
			"ignore-tags", "include-directories", "input-file", "level", "limit-rate", "load-cookies",
			"local-encoding", "max-redirect", "metalink-index", "method", "output-document", "output-file", "password",
			"pinnedpubkey", "post-data", "post-file", "prefer-family", "preferred-location", "private-key",
			"private-key-type", "progress", "proxy-password", "proxy-user", "quota", "random-file", "read-timeout",
			"referer", "regex-type", "reject", "reject-regex", "rejected-log", "remote-encoding", "report-speed",
			"restrict-file-names", "retry-on-http-error", "save-cookies", "secure-protocol", "start-pos", "timeout",
			"tries", "use-askpass", "user", "user-agent", "wait", "waitretry", "warc-dedup", "warc-file",
			"warc-header", "warc-max-size", "warc-tempdir"),
		longFlag: longOpts(
			"xattr", "adjust-extension", "ask-password", "auth-no-challenge", "background", "backup-converted",
			"content-disposition", "content-on-error", "continue", "convert-file-only", "convert-links", "debug",
			"delete-after", "follow-ftp", "force-directories", "force-html", "ftps-clear-data-connection",
			"ftps-fallback-to-ftp", "ftps-implicit", "ftps-resume-ssl", "help", "https-only", "ignore-case",
			"ignore-length", "inet4-only", "inet6-only", "keep-session-cookies", "mirror", "no-cache", "no-clobber",
			"no-directories", "no-host-directories", "no-parent", "no-verbose",
			"no-check-certificate", "no-config", "no-cookies", "no-dns-cache", "no-glob", "no-hsts",
			"no-http-keep-alive", "no-if-modified-since", "no-iri", "no-netrc", "no-passive-ftp", "no-proxy",
			"no-remove-listing", "no-use-server-timestamps", "no-warc-compression", "no-warc-digests",
			"no-warc-keep-log", "page-requisites", "preserve-permissions", "protocol-directories", "quiet",
			"random-wait", "recursive", "relative", "retr-symlinks", "retry-connrefused", "save-headers",
			"server-response", "show-progress", "span-hosts", "spider", "strict-comments", "timestamping",
			"trust-server-names", "unlink", "verbose", "version", "warc-cdx")}},

	// unzip (Info-ZIP) has no long options; -d DIR and -P PASSWORD take
	// a value, attached or not.
	{"unzip", optSpec{shortVal: "dP"}},
	// git's global options (git(1)), before the subcommand. git.c
	// compares them whole (no abbreviations); -C and -c take the next
	// word, the long ones "=value" or the next word; --exec-path and
	// --list-cmds take theirs only after "=" (alone, --exec-path prints
	// a path).
	{"git", optSpec{shortVal: "Cc", longEq: true, stop: true,
		longVal: longOpts("git-dir", "work-tree", "namespace", "config-env", "super-prefix", "attr-source", "shallow-file"),
		longFlag: longOpts("exec-path", "list-cmds", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch",
			"no-optional-locks", "no-advice", "bare", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs",
			"icase-pathspecs", "html-path", "man-path", "info-path", "version", "help")}},
	// gh's words before the subcommand path; -R/--repo names the
	// repository (pflag: "=value", no abbreviations).
	{"gh", optSpec{shortVal: "R", longEq: true, stop: true, longVal: longOpts("repo"), longFlag: longOpts("help", "version")}},
	// git's subcommands, through parse-options: abbreviations as GNU.
	{"git reset", optSpec{longEq: true, abbrev: true, longVal: longOpts("pathspec-from-file"),
		longFlag: longOpts("hard", "soft", "mixed", "merge", "keep", "quiet", "patch", "intent-to-add", "no-refresh", "refresh",
			"pathspec-file-nul", "recurse-submodules", "no-recurse-submodules")}},
	{"git push", optSpec{shortVal: "o", longEq: true, abbrev: true, longVal: longOpts("repo", "receive-pack", "exec", "push-option"),
		longFlag: longOpts("all", "branches", "mirror", "delete", "tags", "dry-run", "porcelain", "force", "no-force", "force-with-lease",
			"no-force-with-lease", "force-if-includes", "no-force-if-includes", "set-upstream", "thin", "no-thin",
			"verbose", "quiet", "progress", "no-progress", "prune", "no-verify", "verify", "follow-tags", "no-follow-tags",
			"signed", "no-signed", "atomic", "no-atomic", "ipv4", "ipv6", "recurse-submodules", "no-dry-run")}},
	// git send-pack, the plumbing under push (git-send-pack(1)): its
	// parse-options takes abbreviations and --no- forms.
	{"git send-pack", optSpec{longEq: true, abbrev: true, longVal: longOpts("receive-pack", "exec", "remote", "push-option"),
		longFlag: longOpts("verbose", "quiet", "all", "dry-run", "mirror", "force", "signed", "progress", "thin", "atomic",
			"stateless-rpc", "stdin", "helper-status", "force-with-lease", "force-if-includes", "no-verbose", "no-quiet",
			"no-all", "no-dry-run", "no-mirror", "no-force", "no-signed", "no-progress", "no-thin", "no-atomic",
			"no-stateless-rpc", "no-stdin", "no-helper-status", "no-force-with-lease", "no-force-if-includes")}},
	// git reflog's subcommands (show, expire, delete, exists) and their
	// options: expire's times take a value.
	{"git reflog", optSpec{longEq: true, abbrev: true, longVal: longOpts("expire", "expire-unreachable"),
		longFlag: longOpts("dry-run", "no-dry-run", "rewrite", "no-rewrite", "updateref", "no-updateref", "stale-fix",
			"no-stale-fix", "verbose", "no-verbose", "all", "single-worktree")}},
	{"git clean", optSpec{shortVal: "e", longEq: true, abbrev: true, longVal: longOpts("exclude"),
		longFlag: longOpts("force", "dry-run", "quiet", "interactive")}},
	{"git checkout", optSpec{shortVal: "bBU", longEq: true, abbrev: true, longVal: longOpts("orphan", "conflict", "pathspec-from-file", "unified",
		"inter-hunk-context"),
		longFlag: longOpts("force", "detach", "guess", "no-guess", "ignore-other-worktrees", "ignore-skip-worktree-bits", "merge",
			"ours", "theirs", "overlay", "no-overlay", "overwrite-ignore", "no-overwrite-ignore", "patch", "pathspec-file-nul",
			"progress", "no-progress", "quiet", "recurse-submodules", "no-recurse-submodules", "track", "no-track")}},
	{"git switch", optSpec{shortVal: "cC", longEq: true, abbrev: true, longVal: longOpts("create", "force-create", "orphan", "conflict"),
		longFlag: longOpts("detach", "discard-changes", "force", "guess", "no-guess", "ignore-other-worktrees", "merge",
			"overwrite-ignore", "no-overwrite-ignore", "progress", "no-progress", "quiet", "recurse-submodules",
			"no-recurse-submodules", "track", "no-track")}},
	{"git branch", optSpec{shortVal: "u", longEq: true, abbrev: true, longVal: longOpts("set-upstream-to", "contains", "no-contains",
		"points-at", "sort", "format"),
		longFlag: longOpts("abbrev", "no-abbrev", "all", "color", "no-color", "column", "no-column", "copy", "create-reflog",
			"delete", "edit-description", "force", "ignore-case", "list", "merged", "no-merged", "move", "quiet",
			"recurse-submodules", "remotes", "show-current", "track", "no-track", "unset-upstream", "verbose")}},
	{"git restore", optSpec{shortVal: "s", longEq: true, abbrev: true, longVal: longOpts("source", "conflict", "pathspec-from-file"),
		longFlag: longOpts("ignore-skip-worktree-bits", "ignore-unmerged", "merge", "ours", "theirs", "overlay", "no-overlay",
			"patch", "pathspec-file-nul", "progress", "no-progress", "quiet", "recurse-submodules", "no-recurse-submodules",
			"staged", "worktree")}},
	{"git worktree", optSpec{longEq: true, abbrev: true, longVal: longOpts("reason", "expire"),
		longFlag: longOpts("force", "checkout", "no-checkout", "detach", "lock", "porcelain", "verbose", "quiet", "track",
			"no-track", "guess-remote", "orphan")}},
	{"git gc", optSpec{longEq: true, abbrev: true, longVal: longOpts("prune"),
		longFlag: longOpts("aggressive", "auto", "no-prune", "quiet", "force", "keep-largest-pack", "cruft", "no-cruft")}},
	// git submodule's long options, every subcommand's (git-submodule(1)):
	// its parse-options takes abbreviations (deinit --forc).
	{"git submodule", optSpec{shortVal: "bn", longEq: true, abbrev: true,
		longVal: longOpts("branch", "name", "reference", "depth", "jobs", "filter", "summary-limit", "default"),
		longFlag: longOpts("quiet", "cached", "force", "all", "init", "remote", "no-fetch", "checkout", "merge", "rebase",
			"recommend-shallow", "no-recommend-shallow", "recursive", "single-branch", "no-single-branch", "dissociate",
			"files", "for-status", "progress", "require-init")}},
	{"git prune", optSpec{longEq: true, abbrev: true, longVal: longOpts("expire"), longFlag: longOpts("dry-run", "verbose", "progress", "exclude-promisor-objects")}},
	{"git update-ref", optSpec{shortVal: "m", longEq: true, abbrev: true, longFlag: longOpts("no-deref", "create-reflog", "stdin")}},
	{"git read-tree", optSpec{longEq: true, abbrev: true, longVal: longOpts("prefix", "index-output", "exclude-per-directory"),
		longFlag: longOpts("reset", "trivial", "aggressive", "dry-run", "empty", "verbose", "quiet", "no-sparse-checkout",
			"sparse-checkout", "recurse-submodules", "no-recurse-submodules", "debug-unpack")}},
	{"git checkout-index", optSpec{longEq: true, abbrev: true, longVal: longOpts("prefix", "stage"),
		longFlag: longOpts("index", "quiet", "force", "all", "no-create", "temp", "stdin", "ignore-skip-worktree-bits")}},
	{"git symbolic-ref", optSpec{shortVal: "m", longEq: true, abbrev: true,
		longFlag: longOpts("delete", "quiet", "short", "recurse", "no-recurse")}},
	// git tag -n<num>: the number is optional and only attached.
	{"git tag", optSpec{shortVal: "umF", shortOpt: "n", longEq: true, abbrev: true,
		longVal: longOpts("local-user", "sort", "contains", "no-contains", "merged", "no-merged", "points-at", "message",
			"file", "cleanup", "format", "trailer"),
		longFlag: longOpts("annotate", "sign", "no-sign", "force", "delete", "verify", "list", "edit", "no-edit", "create-reflog",
			"column", "no-column", "ignore-case", "color", "no-color", "omit-empty")}},

	// The partitioning tools. fdisk, sfdisk, cfdisk and parted use
	// getopt_long (util-linux 2.38, GNU parted 3.5): abbreviations
	// resolve; options with an optional value (--color[=when],
	// --lock[=mode]) take it only after "=". sgdisk (gdisk 1.0) uses
	// popt: long options are compared whole, "=value" or the next word.
	// fdisk's getopt string is "b:Bc::C:hH:lL::no:sS:t:uvVw:W:x":
	// -c and -L take their optional value only attached.
	{"fdisk", optSpec{shortVal: "bCHoStwW", shortOpt: "cL", longEq: true, abbrev: true,
		longVal: longOpts("sector-size", "output", "type", "wipe", "wipe-partitions", "cylinders", "heads", "sectors"),
		longFlag: longOpts("protect-boot", "compatibility", "help", "color", "list", "list-details", "noauto-pt", "getsz",
			"units", "version", "lock")}},
	{"sfdisk", optSpec{shortVal: "oONuXYwW", longEq: true, abbrev: true,
		longVal: longOpts("output", "backup-file", "label", "label-nested", "partno", "unit", "wipe", "wipe-partitions", "sector-size"),
		longFlag: longOpts("append", "backup", "backup-pt-sectors", "dump", "json", "list", "list-free", "reorder", "show-size",
			"show-geometry", "show-pt-geometry", "list-types", "verify", "activate", "delete", "part-label", "part-type",
			"part-uuid", "part-attrs", "disk-id", "relocate", "move-data", "move-use-fsync", "no-act", "force", "quiet",
			"color", "lock", "no-reread", "no-tell-kernel", "id", "change-id", "print-id", "Linux", "help", "version")}},
	{"cfdisk", optSpec{shortVal: "b", shortOpt: "L", longEq: true, abbrev: true, longVal: longOpts("sector-size"),
		longFlag: longOpts("color", "lock", "read-only", "zero", "help", "version")}},
	{"parted", optSpec{shortVal: "a", longEq: true, abbrev: true, longVal: longOpts("align"),
		longFlag: longOpts("help", "list", "machine", "json", "script", "fix", "version", "pretend-input-tty")}},
	{"sgdisk", optSpec{shortVal: "aAbcdhijklmnNrRtTuU", longEq: true,
		longVal: longOpts("set-alignment", "attributes", "backup", "change-name", "delete", "hybrid", "info",
			"adjust-main-table", "move-backup-table", "load-backup", "gpttombr", "new", "largest-new", "transpose",
			"replicate", "typecode", "transform-bsd", "partition-guid", "disk-guid"),
		longFlag: longOpts("recompute-chs", "display-alignment", "move-second-header", "end-of-largest", "first-in-largest",
			"first-aligned-in-largest", "mbrtogpt", "randomize-guids", "align-end", "list-types", "clear", "print-mbr",
			"print", "pretend", "sort", "verify", "version", "zap", "zap-all", "help", "usage")}},
	{"gdisk", optSpec{}},

	// systemd's shutdown (getopt_long); -t SECONDS is sysvinit's,
	// still accepted.
	{"shutdown", optSpec{shortVal: "t", longEq: true, abbrev: true,
		longFlag: longOpts("help", "halt", "poweroff", "reboot", "kexec", "no-wall", "show")}},
	{"reboot", optSpec{longEq: true, abbrev: true,
		longFlag: longOpts("help", "halt", "poweroff", "reboot", "force", "wtmp-only", "no-wtmp", "no-wall", "no-sync")}},
	{"halt", optSpec{longEq: true, abbrev: true,
		longFlag: longOpts("help", "halt", "poweroff", "reboot", "force", "wtmp-only", "no-wtmp", "no-wall", "no-sync")}},
	{"poweroff", optSpec{longEq: true, abbrev: true,
		longFlag: longOpts("help", "halt", "poweroff", "reboot", "force", "wtmp-only", "no-wtmp", "no-wall", "no-sync")}},

	// gh repo create (pflag: "=value" or the next word, no
	// abbreviations; a boolean flag takes "=false").
	{"gh repo create", optSpec{shortVal: "dhglpsrt", longEq: true,
		longVal: longOpts("description", "homepage", "gitignore", "license", "template", "source", "remote", "team"),
		longFlag: longOpts("clone", "public", "private", "internal", "push", "add-readme", "disable-issues", "disable-wiki",
			"include-all-branches", "help")}},

	// The filters whose first operand is their pattern or program
	// unless an option gave it (grep -e PAT, sed -f FILE, jq -f FILE).
	{"grep", optSpec{shortVal: "efmABCdD", longEq: true, abbrev: true,
		longVal: longOpts("regexp", "file", "max-count", "after-context", "before-context", "context", "directories",
			"devices", "exclude", "exclude-from", "exclude-dir", "include", "label", "binary-files", "group-separator"),
		longFlag: longOpts("color", "colour", "extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case", "no-ignore-case",
			"word-regexp", "line-regexp", "null-data", "no-messages", "invert-match", "version", "help", "byte-offset",
			"line-number", "no-line-number", "line-buffered", "with-filename", "no-filename", "only-matching", "quiet", "silent",
			"binary", "text", "recursive", "dereference-recursive", "files-without-match", "files-with-matches", "count",
			"initial-tab", "null", "no-group-separator")}},
	// ripgrep (clap): "=value" or the next word, no abbreviations.
	{"rg", optSpec{shortVal: "efmABCEgjMtTr", longEq: true,
		longVal: longOpts("regexp", "file", "max-count", "after-context", "before-context", "context", "encoding", "glob",
			"iglob", "threads", "max-columns", "type", "type-not", "replace", "max-depth", "max-filesize", "sort", "sortr",
			"color", "colors", "path-separator", "pre", "pre-glob", "engine", "ignore-file", "type-add", "type-clear",
			"context-separator", "field-context-separator", "field-match-separator", "dfa-size-limit", "regex-size-limit",
			"hostname-bin", "hyperlink-format"),
		longFlag: longOpts("help", "version", "files", "type-list")}},
	// gawk (5.2's --help): -f PROGFILE, -v var=val, -F fs, -i/-l
	// include/load; mawk's -W.
	{"awk", optSpec{shortVal: "fvFilEW", longEq: true, abbrev: true,
		longVal: longOpts("file", "assign", "field-separator", "include", "load", "exec", "source"),
		longFlag: longOpts("characters-as-bytes", "traditional", "copyright", "debug", "dump-variables", "gen-pot", "help",
			"lint", "bignum", "use-lc-numeric", "no-optimize", "optimize", "posix", "profile", "pretty-print",
			"re-interval", "sandbox", "version", "trace", "csv", "non-decimal-data", "lint-old")}},
	// jq: -f FILE gives the program; --arg NAME VALUE and its
	// kin take two words (jqPairs).
	{"jq", optSpec{shortVal: "fL",
		longVal: longOpts("from-file", "indent", "arg", "argjson", "slurpfile", "rawfile"),
		longFlag: longOpts("args", "jsonargs", "null-input", "raw-input", "slurp", "compact-output", "tab", "color-output", "monochrome-output",
			"ascii-output", "unbuffered", "sort-keys", "raw-output", "join-output", "exit-status", "seq", "stream", "help", "version")}},
}

// specFor returns the option spec of program (a name, or a name and a
// subcommand), or the empty spec.
func specFor(program string) optSpec {
	if program == "tar" {
		return fromCore(syntax.TarOptions)
	}
	// cp, mv, ln and install are the shell model's table (copyOptions),
	// not entries here: a call in this list's literal would make the
	// compiler build the whole list at start-up.
	if s, ok := syntax.CopyOptions(program); ok {
		return fromCore(s)
	}
	for i := range programs {
		if programs[i].name == program {
			return programs[i].spec
		}
	}
	return optSpec{}
}

// copyOptions is the shell model's table of cp, mv, ln or install
// (syntax.CopyOptions), so that both read their words alike.
func copyOptions(name string) optSpec {
	s, _ := syntax.CopyOptions(name)
	return fromCore(s)
}

// programSpec is one program's entry in programs.
type programSpec struct {
	name string
	spec optSpec
}
