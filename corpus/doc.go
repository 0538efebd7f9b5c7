// Package corpus loads corral's own cases: one txtar file per case under
// cases/, each a command with the place it runs and what corral must decide
// about it. The golden tests of every package and the seeds of every fuzz
// target read the same files through this package.
//
// A case file looks like this (the comment before the first section says
// what the case is about):
//
//	git clone without a destination lands in the sandbox.
//	-- cmd --
//	git clone https://github.com/acme/widget.git
//	-- want --
//	decision: rewrite
//	rules: git-clone
//	approve: true
//	rewritten: git clone https://github.com/acme/widget.git /home/user/project/agent_sandbox/widget
//
// Optional sections: "cwd" (default Project), "env" (KEY=value lines such as
// CONTENT_FILTER_SANDBOX_DIR, CONTENT_FILTER_ENFORCER_MODE, CORRAL_APPROVE),
// "policy" (a policy file, JSON), "tool" (Bash by default; Write, Edit, … with
// "path" holding the file path). The package must not depend on the rest
// of corral.
package corpus
