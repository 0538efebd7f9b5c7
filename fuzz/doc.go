// Package fuzz holds corral's native Go fuzz targets and the invariants
// they hold (DESIGN.md, "Invariants the fuzz targets hold"):
//
//   - FuzzRewrite, on a command: no panic and no hang; a deterministic
//     answer whose decision is the highest of its findings (a rewrite never
//     hides an ask or a deny); a rewritten command parses again, checking it
//     again rewrites nothing and finds nothing above warn; the top-level
//     statements no rule touched, and every byte outside the touched spans,
//     are kept verbatim and in order; block mode denies exactly what rewrite
//     mode rewrites, suggesting the same command.
//   - FuzzPath, on (cwd, path): the normal form is absolute, clean and free
//     of ".."; normalising it again changes nothing; it gets the verdict the
//     path gets; and a Bash redirection to the path gets the verdict a Write
//     of it gets.
//   - FuzzHook, on raw stdin: corral hook, run in-process with its state in
//     a temporary directory, returns 0 (or 2 with a reason on stderr) and
//     prints nothing or exactly one non-empty JSON object on one line.
//   - FuzzAgents, on (agent, JSON): every adapter, named with --agent or
//     recognised from the shape, never crashes, and when its decoding of the
//     input is a shell command the engine denies, the answer is a refusal in
//     that agent's wire format: a shape mix-up never turns a deny into an
//     allow.
//
// The targets are seeded from the corpus and from a sample of the shared
// real-world commands (../shared/data beside the module root, when
// present). Hostile inputs too large to be seeds (a MiB command, deep
// nesting) are checked by TestPathologicalDecisions. Crashers found are
// committed under testdata/fuzz/<Target>/ and replayed by plain go test;
// scripts/fuzz.sh runs each target for a bounded time.
//
// The package only tests: it holds no code that the rest of corral uses.
package fuzz
