package app

import "github.com/corral-dev/corral/cmd/corral/agent"

// readGuard decides about a file read (Claude Code's Read, Grep and Glob
// and the other agents' read tools). It allows every read for now; guards
// for secret files belong here, in this one function, so that every
// agent's reads meet the same rules.
func (env *runtimeEnv) readGuard(s *settings, req *agent.Request) *agent.Answer {
	return nil
}
