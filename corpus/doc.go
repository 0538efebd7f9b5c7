// Package corpus loads corral's own cases: one txtar file per case under
// cases/, each a command with the place it runs and what corral must decide
// about it. The golden tests of every package and the seeds of every fuzz
// target read the same files through this package.
//
// A case file looks like this:
//
//	Without a destination git would clone into the project; the sandbox path is added.
//	-- cmd --
//	git clone https://github.com/acme/widget.git
//	-- want --
//	decision: rewrite
//	rules: git-clone
//	approve: true
//	rewritten: git clone https://github.com/acme/widget.git /home/user/project/agent_sandbox/widget
//
// The first line of the comment before the first section is the case's
// why (Case.Why): one sentence, written by a person, saying why this
// command gets this decision: what it would do, what protects what. It is
// specific to the case (not a template with the command slotted in), does
// not merely repeat the command or the decision, and -update never writes
// it: Case.Update replaces the want section and copies every other byte.
// TestEveryCaseHasWhy and TestUpdateKeepsWhy hold this. Further comment
// lines are free notes (Case.Comment holds them all).
//
// Optional sections: "cwd" (default Project), "env" (KEY=value lines such as
// CONTENT_FILTER_SANDBOX_DIR, CONTENT_FILTER_ENFORCER_MODE, CORRAL_APPROVE),
// "policy" (a policy file, JSON), "tool" (Bash by default; Write, Edit, … with
// "path" holding the file path). The package must not depend on the rest
// of corral.
package corpus
