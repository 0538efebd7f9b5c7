package app

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/allowlist"
	"github.com/corral-dev/corral/rewrite"
)

// A binary one call decodes (echo … | base64 -d > t) and the next call
// runs (./t) shows that second call nothing to judge. The hook keeps, per
// session, the files an allowed call leaves with bytes corral could not
// read (rewrite.Result.Unread), in unread.json in the state directory
// (a protected path: the agent cannot write or clear it), and hands them
// to the analysis of the session's later calls (rewrite.Config.Earlier):
// running one whose content is not a script corral reads asks, naming
// the call that wrote it. A program a compiler built from sources corral
// read is not recorded: the build was judged (builtForLater).

// unread is the session record of such files.
func (env *runtimeEnv) unread() *allowlist.Unread {
	return allowlist.OpenUnread(allowlist.DefaultUnreadPath(), env.now)
}

// loadEarlier hands the session's record to every check of this hook
// call (a Bash command, a skill's or an MCP tool's shell lines). A record
// that cannot be read, or that lost entries to its bounds, fails safe:
// running a binary in the project asks.
func (env *runtimeEnv) loadEarlier(s *settings, session string) {
	earlier, overflowed, err := env.unread().Earlier(session)
	if err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot read the record of files earlier calls decoded (%v); running a binary in the project asks\n", err)
		s.cfg.EarlierLost = true
		return
	}
	// A file recorded through a symbolic link (alias/t, alias a link to
	// .) is found by where the link leads too.
	paths := make([]string, 0, len(earlier))
	for p := range earlier {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
			if _, ok := earlier[real]; !ok {
				earlier[real] = earlier[p]
			}
		}
	}
	s.cfg.Earlier, s.cfg.EarlierLost = earlier, overflowed
}

// noteUnread records what an allowed call leaves unread and forgets
// the recorded files it rewrites with content corral knows. A failure is
// a line on stderr: the hook goes on.
func (env *runtimeEnv) noteUnread(u *allowlist.Unread, req *agent.Request, res *rewrite.Result) {
	if len(res.Unread) == 0 && len(res.Rewrote) == 0 {
		return
	}
	if err := u.Note(req.Session, req.Command, res.Unread, res.UnreadBy, res.Rewrote); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot record the files this command decodes: %v\n", err)
	}
}
