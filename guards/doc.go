// Package guards is corral's path module. It owns three things: normalising
// a path, matching it against the globs of a policy, and deciding what may
// be done to it. Write, Edit, MultiEdit and NotebookEdit (from the CLI) and
// every file a Bash command writes or deletes (from the rewrite engine) go
// through the same Decide, so both reach the same verdict for the same
// path. The package is a leaf: it imports only the standard library and
// doublestar; it never prints, never reads the environment or policy files
// itself (callers pass their contents), and never writes anything except
// in CreateScratch.
//
// # Normalisation
//
// Normalize makes a path absolute: "~" and "~/x" expand to Env.Home, a
// relative path starts at Env.Cwd, and "./", "//", "." and trailing
// slashes go. The symlinks of the longest existing prefix are followed as
// the kernel follows them, segment by segment, so ".." after a symlink
// leaves the symlink's target: with docs/link -> ../.git, docs/link/config
// is .git/config. The rest of the path need not exist. A symlink loop or
// an unreadable link leaves the lexically cleaned path (seed 001 AC-10.4).
// /dev, /proc and /sys are cleaned but not resolved. The result never
// contains "..", and normalising it again changes nothing. A path is in
// the project when it is the project root or under it, segment by segment
// (/p/projector is not in /p/proj); the home directory and / are no
// project.
//
// # Patterns
//
// A project pattern is matched with doublestar against the project-relative
// path: case-sensitive, * is one segment, ** any number, and a pattern
// without a slash (*.md, *.key) matches at the project root only. A path
// outside the project matches no project pattern. An anchored pattern,
// absolute or starting with ~/ (/etc, ~/.ssh, ~/projects/*), names
// directories: it matches such a directory and everything under it. Every
// pattern is validated when its policy is read.
//
// # Layers
//
// A Policy holds up to three kinds of layer, all honoured at once; Decide
// returns the most severe verdict (Deny > Ask > Warn > Allow), the earlier
// layer winning a tie, in this order:
//
//   - Allow-lists (seed 000: FILE_RESTRICTIONS, paths.allow_only). A path
//     given with a ".." segment is denied (rule "traversal"), and so is a
//     path outside the project or matching none of the patterns (rule
//     "allowlist"). Leading "./" and "/" of these patterns are dropped.
//     Several allow-lists all apply: a path must pass each.
//   - The write policy (seed 001: write-policies.json, paths.protected,
//     warned, safe). Protected is looked at first, then warned, then safe;
//     the first list that matches decides: protected is denied ("Protected
//     path: <rel> cannot be modified"), warned is allowed with a warning
//     ("Production path: <rel> - ensure this is intentional"), safe and
//     unmatched pass silently. Deleting a protected path is asked about
//     rather than denied, and deleting what a package manager makes again
//     (node_modules/**, package-lock.json, yarn.lock) is only warned about.
//     A deleted directory counts with what it holds: rm -rf . deletes .git.
//   - Guardrails (seed 002: guardrails.json, paths.blocked,
//     safe_dirs, git_aware). First match wins: under a blocked path is "blocked"
//     (for a deletion, also a directory that holds a blocked one); under a
//     safe path, the project or the sandbox is "safe"; inside a git
//     repository (a .git found walking up) is "safe"; anything else is
//     "outside". Blocked is denied and outside is asked about, unless the
//     file's rules.write/rules.edit give those sets another action; those
//     rules may also add regex or path rules of their own. Blocked wins
//     over git. The built-in layer also treats /tmp, /var/tmp and macOS's
//     temporary directories as safe, and does not apply its blocked system
//     directories inside the project or the sandbox (a project under
//     /var/www stays workable).
//
// Writing to a stream (/dev/null, /dev/stderr, /dev/fd/N, a terminal) is
// always allowed. DefaultPolicy holds seed 001's default lists and seed
// 002's starter paths; Merge lets a file's seed 001 or seed 002 layer
// replace the built-in one, while allow-lists accumulate.
package guards
