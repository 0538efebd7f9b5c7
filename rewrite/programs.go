package rewrite

import "sync"

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
var programs = sync.OnceValue(func() map[string]optSpec {
	return map[string]optSpec{
		"rm": {longEq: true, abbrev: true, longFlag: setOf("force", "interactive", "one-file-system", "no-preserve-root",
			"preserve-root", "recursive", "dir", "verbose", "help", "version")},
		"rmdir":  {longEq: true, abbrev: true, longFlag: setOf("ignore-fail-on-non-empty", "parents", "verbose", "help", "version")},
		"unlink": {longEq: true, abbrev: true, longFlag: setOf("help", "version")},
		"shred": {shortVal: "ns", longEq: true, abbrev: true, longVal: setOf("iterations", "random-source", "size", "remove"),
			longFlag: setOf("force", "exact", "verbose", "zero", "help", "version")},
		"mv": {shortVal: "St", longEq: true, abbrev: true, longVal: setOf("suffix", "target-directory", "backup", "update"),
			longFlag: setOf("force", "interactive", "no-clobber", "no-copy", "strip-trailing-slashes", "no-target-directory",
				"exchange", "verbose", "context", "debug", "help", "version")},
		"cp": {shortVal: "St", longEq: true, abbrev: true, longVal: setOf("suffix", "target-directory", "backup", "update",
			"preserve", "no-preserve", "reflink", "sparse"),
			longFlag: setOf("archive", "attributes-only", "copy-contents", "debug", "force", "interactive", "link", "dereference",
				"no-clobber", "no-dereference", "parents", "recursive", "remove-destination", "strip-trailing-slashes",
				"symbolic-link", "no-target-directory", "one-file-system", "verbose", "context", "keep-directory-symlink", "help", "version")},
		"touch": {shortVal: "drt", longEq: true, abbrev: true, longVal: setOf("date", "reference", "time"),
			longFlag: setOf("no-create", "no-dereference", "help", "version")},
		"truncate": {shortVal: "sr", longEq: true, abbrev: true, longVal: setOf("size", "reference"),
			longFlag: setOf("no-create", "io-blocks", "help", "version")},
		"install": {shortVal: "gmoStZ", longEq: true, abbrev: true, longVal: setOf("group", "mode", "owner", "suffix",
			"target-directory", "backup", "strip-program", "context"),
			longFlag: setOf("compare", "directory", "preserve-timestamps", "strip", "no-target-directory", "verbose",
				"preserve-context", "debug", "help", "version")},
		"ln": {shortVal: "St", longEq: true, abbrev: true, longVal: setOf("suffix", "target-directory", "backup"),
			longFlag: setOf("directory", "force", "interactive", "logical", "no-dereference", "physical", "relative",
				"symbolic", "no-target-directory", "verbose", "help", "version")},
		// sed -i[SUFFIX]: the suffix is attached or absent.
		"sed": {shortVal: "efl", shortOpt: "i", longEq: true, abbrev: true, longVal: setOf("expression", "file", "line-length"),
			longFlag: setOf("in-place", "quiet", "silent", "debug", "posix", "regexp-extended", "separate", "sandbox",
				"unbuffered", "null-data", "zero-terminated", "follow-symlinks", "binary", "help", "version")},
		// perl has no long options; -i, -l, -0, -x and -C take an attached value.
		"perl": {shortVal: "eEIMm", shortOpt: "il0xCdD"},
		"tee":  {longEq: true, abbrev: true, longFlag: setOf("append", "ignore-interrupts", "output-error", "help", "version")},
		"chmod": {longEq: true, abbrev: true, longVal: setOf("reference"),
			longFlag: setOf("changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive", "help", "version")},
		"chown": {longEq: true, abbrev: true, longVal: setOf("reference", "from"),
			longFlag: setOf("changes", "dereference", "no-dereference", "silent", "quiet", "verbose", "no-preserve-root",
				"preserve-root", "recursive", "help", "version")},
		"chgrp": {longEq: true, abbrev: true, longVal: setOf("reference"),
			longFlag: setOf("changes", "dereference", "no-dereference", "silent", "quiet", "verbose", "no-preserve-root",
				"preserve-root", "recursive", "help", "version")},

		// git's subcommands, through parse-options: abbreviations as GNU.
		"git reset": {longEq: true, abbrev: true, longVal: setOf("pathspec-from-file"),
			longFlag: setOf("hard", "soft", "mixed", "merge", "keep", "quiet", "patch", "intent-to-add", "no-refresh", "refresh",
				"pathspec-file-nul", "recurse-submodules", "no-recurse-submodules")},
		"git push": {shortVal: "o", longEq: true, abbrev: true, longVal: setOf("repo", "receive-pack", "exec", "push-option"),
			longFlag: setOf("all", "branches", "mirror", "delete", "tags", "dry-run", "porcelain", "force", "no-force", "force-with-lease",
				"no-force-with-lease", "force-if-includes", "no-force-if-includes", "set-upstream", "thin", "no-thin",
				"verbose", "quiet", "progress", "no-progress", "prune", "no-verify", "verify", "follow-tags", "no-follow-tags",
				"signed", "no-signed", "atomic", "no-atomic", "ipv4", "ipv6", "recurse-submodules")},
		"git clean": {shortVal: "e", longEq: true, abbrev: true, longVal: setOf("exclude"),
			longFlag: setOf("force", "dry-run", "quiet", "interactive")},
		"git checkout": {shortVal: "bBU", longEq: true, abbrev: true, longVal: setOf("orphan", "conflict", "pathspec-from-file", "unified",
			"inter-hunk-context"),
			longFlag: setOf("force", "detach", "guess", "no-guess", "ignore-other-worktrees", "ignore-skip-worktree-bits", "merge",
				"ours", "theirs", "overlay", "no-overlay", "overwrite-ignore", "no-overwrite-ignore", "patch", "pathspec-file-nul",
				"progress", "no-progress", "quiet", "recurse-submodules", "no-recurse-submodules", "track", "no-track")},
		"git switch": {shortVal: "cC", longEq: true, abbrev: true, longVal: setOf("create", "force-create", "orphan", "conflict"),
			longFlag: setOf("detach", "discard-changes", "force", "guess", "no-guess", "ignore-other-worktrees", "merge",
				"overwrite-ignore", "no-overwrite-ignore", "progress", "no-progress", "quiet", "recurse-submodules",
				"no-recurse-submodules", "track", "no-track")},
		"git branch": {shortVal: "u", longEq: true, abbrev: true, longVal: setOf("set-upstream-to", "contains", "no-contains",
			"points-at", "sort", "format"),
			longFlag: setOf("abbrev", "no-abbrev", "all", "color", "no-color", "column", "no-column", "copy", "create-reflog",
				"delete", "edit-description", "force", "ignore-case", "list", "merged", "no-merged", "move", "quiet",
				"recurse-submodules", "remotes", "show-current", "track", "no-track", "unset-upstream", "verbose")},
		"git restore": {shortVal: "s", longEq: true, abbrev: true, longVal: setOf("source", "conflict", "pathspec-from-file"),
			longFlag: setOf("ignore-skip-worktree-bits", "ignore-unmerged", "merge", "ours", "theirs", "overlay", "no-overlay",
				"patch", "pathspec-file-nul", "progress", "no-progress", "quiet", "recurse-submodules", "no-recurse-submodules",
				"staged", "worktree")},
		"git worktree": {longEq: true, abbrev: true, longVal: setOf("reason", "expire"),
			longFlag: setOf("force", "checkout", "no-checkout", "detach", "lock", "porcelain", "verbose", "quiet", "track",
				"no-track", "guess-remote", "orphan")},
		"git gc": {longEq: true, abbrev: true, longVal: setOf("prune"),
			longFlag: setOf("aggressive", "auto", "no-prune", "quiet", "force", "keep-largest-pack", "cruft", "no-cruft")},
		"git update-ref": {shortVal: "m", longEq: true, abbrev: true, longFlag: setOf("no-deref", "create-reflog", "stdin")},
	}
})

// specFor returns the option spec of program (a name, or a name and a
// subcommand), or the empty spec.
func specFor(program string) optSpec { return programs()[program] }
