// Package guards is corral's path module: it normalises a path (project
// root, working directory, ~, ./, //, .., symlinks of the part that exists),
// matches it against glob patterns with doublestar (case-sensitive; * is one
// segment, ** any number; a pattern without / such as *.md matches at the
// project root only), and decides about an action (write, delete) under a
// Policy.
//
// A Policy merges every path policy corral honours, all at once:
//   - an allow-list (seed 000, FILE_RESTRICTIONS): writes outside it, or
//     through "..", are denied;
//   - protected, warned and safe patterns (seed 001, write-policies.json):
//     protected is denied (a delete of a protected path is asked about),
//     warned is allowed with a warning, safe and unmatched pass silently;
//   - blocked and safe directories with git-aware detection (seed 002,
//     guardrails.json): blocked is denied; under a safe directory, the
//     project, the sandbox or inside any git repository is safe; anything
//     else is asked about. Blocked wins over git.
//
// The decision is the most severe of the layers. Write/Edit tools and the
// files Bash commands write go through the same Decide, so both reach the
// same verdict for the same path. The package is a leaf: it imports only
// the standard library and doublestar, and it never prints.
package guards
