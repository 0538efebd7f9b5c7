// Package rewrite holds corral's rules and the engine that runs them.
//
// A Rule is a value: a name, a doc, the command names it looks at and a
// function that reports Findings, optionally with a Fix (text edits on the
// command). The rules are listed in one table (Rules); nothing registers
// itself. The engine (Check) models the command with package syntax, runs
// the rules over every call, sorts the findings, combines their decisions
// (deny > ask > rewrite > warn > allow), applies the fixes, parses the
// result again and fails safe (ask) when anything about the rewrite is not
// certain. The engine reports two findings of its own: "unparsed" (a
// command, or a string in it, that cannot be parsed and holds a risky word)
// and "rewrite-failed" (a fix that could not be applied or checked).
//
// The package decides; it does not read stdin, files of configuration or
// the environment, and it does not print. Those belong to cmd/corral.
package rewrite
