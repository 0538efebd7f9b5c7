package syntax

// NpmOptions is npm's options as its config definitions type them
// (@npmcli/config: every option whose type is not Boolean takes a value;
// an option it does not know takes none),
// with nopt's shorthands (-w workspace, -C prefix, -c call, -L location,
// -m message, --reg registry) and its abbreviations of long names.
var NpmOptions = OptSpec{ShortVal: "cLmCw", LongEq: true, Abbrev: true, Stop: true,
	LongVal: []string{"_auth", "access", "allow-directory", "allow-file", "allow-git", "allow-remote", "allow-scripts", "also",
		"audit-level", "auth-type", "before", "browser", "ca", "cache", "cache-max", "cache-min", "cafile", "call", "cert", "cidr",
		"color", "cpu", "depth", "diff", "diff-dst-prefix", "diff-src-prefix", "diff-unified", "editor", "expect-result-count",
		"expires", "fetch-retries", "fetch-retry-factor", "fetch-retry-maxtimeout", "fetch-retry-mintimeout", "fetch-timeout",
		"git", "globalconfig", "heading", "https-proxy", "include", "init-author-email", "init-author-name", "init-author-url",
		"init-license", "init-module", "init-type", "init-version", "init.author.email", "init.author.name", "init.author.url",
		"init.license", "init.module", "init.version", "install-strategy", "key", "libc", "local-address", "location",
		"lockfile-version", "loglevel", "logs-dir", "logs-max", "name", "maxsockets", "message", "min-release-age",
		"min-release-age-exclude", "node-gyp", "node-options", "noproxy", "omit", "only", "orgs", "os", "otp", "package",
		"pack-destination", "packages", "prefix", "preid", "provenance-file", "proxy", "registry", "replace-registry-host",
		"save-prefix", "sbom-format", "sbom-type", "scope", "scopes", "packages-and-scopes-permission", "orgs-permission",
		"password", "token-description", "script-shell", "searchexclude", "searchlimit", "searchopts", "searchstaleness",
		"shell", "tag", "tag-version-prefix", "umask", "user-agent", "userconfig", "viewer", "which", "workspace",
		"enjoy-by", "reg"},
	LongFlag: []string{"all", "allow-same-version", "audit", "bin-links", "bypass-2fa", "commit-hooks",
		"dangerously-allow-all-scripts", "description", "dev", "diff-ignore-all-space", "diff-name-only", "diff-no-prefix",
		"diff-text", "dry-run", "engine-strict", "expect-results", "force", "foreground-scripts", "format-package-lock", "fund",
		"git-tag-version", "global", "global-style", "if-present", "ignore-scripts", "include-staged", "include-workspace-root",
		"include-attestations", "init-private", "install-links", "json", "legacy-bundling", "legacy-peer-deps", "link", "long",
		"offline", "omit-lockfile-registry-resolved", "optional", "package-lock", "package-lock-only", "parseable",
		"prefer-dedupe", "prefer-offline", "prefer-online", "production", "progress", "provenance", "read-only",
		"rebuild-bundle", "save", "save-bundle", "save-dev", "save-exact", "save-optional", "save-peer", "save-prod",
		"shrinkwrap", "sign-git-commit", "sign-git-tag", "strict-peer-deps", "strict-ssl", "timing", "unicode",
		"update-notifier", "usage", "version", "versions", "workspaces", "workspaces-update", "yes", "quiet", "silent",
		"verbose", "desc", "help", "local", "no", "porcelain", "readonly", "iwr", "ws"}}
