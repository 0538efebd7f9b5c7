package app

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

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
		// A directory recorded as a whole (the path ends in a slash)
		// keeps its slash where its links lead.
		whole := strings.HasSuffix(p, "/") && p != "/"
		if real, err := filepath.EvalSymlinks(strings.TrimSuffix(p, "/")); err == nil {
			if whole {
				real = strings.TrimSuffix(real, "/") + "/"
			}
			if _, ok := earlier[real]; !ok && real != p {
				earlier[real] = earlier[p]
			}
		}
	}
	s.cfg.Earlier, s.cfg.EarlierLost = earlier, overflowed
}

// noteUnread records what an allowed call leaves unread and forgets
// the recorded files it rewrites with content corral knows. A failure is
// a line on stderr: the hook goes on.
//
// It returns an answer when the record cannot be written and the command
// leaves files corral cannot read: an ask, since running them in a later
// call would then pass (the record's lock held by another process, as
// flock FILE sleep holds it, must not turn into an allow).
func (env *runtimeEnv) noteUnread(u *allowlist.Unread, req *agent.Request, res *rewrite.Result) *agent.Answer {
	if len(res.Unread) == 0 && len(res.Rewrote) == 0 {
		return nil
	}
	err := u.Note(req.Session, req.Command, res.Unread, res.UnreadBy, res.Rewrote)
	if err == nil {
		return nil
	}
	fmt.Fprintf(env.stderr, "corral: cannot record the files this command decodes: %v\n", err)
	if len(res.Unread) == 0 {
		return nil
	}
	return &agent.Answer{Decision: agent.Ask, Reason: "corral cannot record the files this command writes without corral reading them (" +
		strings.Join(res.Unread, ", ") + "): " + err.Error() + ". Running them in a later call would not be asked about, so this call asks."}
}

// noteAsked records what a call the hook asks about would leave unread:
// the person may let it run at the agent's prompt, which the hook does
// not see (cp agent_sandbox/tool . asks; ./tool in the next call must
// too). The files it would rewrite with known content stay recorded: a
// refused call rewrites nothing. A file that never appears is dropped
// after the record's grace.
func (env *runtimeEnv) noteAsked(u *allowlist.Unread, req *agent.Request, res *rewrite.Result) {
	if len(res.Unread) == 0 {
		return
	}
	if err := u.Note(req.Session, req.Command, res.Unread, res.UnreadBy, nil); err != nil {
		fmt.Fprintf(env.stderr, "corral: cannot record the files this command decodes: %v\n", err)
	}
}

// noteWritten records a Write tool's file whose content corral cannot
// read (a binary: an ELF header, a NUL byte), and forgets a recorded
// file a Write replaces with text (a script is read when it runs): the
// tool's content is the whole file. A Write the hook asks about (ran is
// false) may run at the agent's prompt: its binary is recorded, but
// nothing is forgotten. It returns an ask when a binary cannot be
// recorded (running it later would pass), as noteUnread does.
func (env *runtimeEnv) noteWritten(req *agent.Request, ran bool) *agent.Answer {
	if req.Kind != agent.Write || len(req.Paths) != 1 || req.Session == "" {
		return nil
	}
	content, ok := req.Input["content"].(string)
	if !ok {
		return nil
	}
	p := req.Paths[0]
	if !filepath.IsAbs(p) {
		if req.Cwd == "" {
			return nil
		}
		p = filepath.Join(req.Cwd, p)
	}
	p = filepath.Clean(p)
	var unread, rewrote []string
	head := content[:min(len(content), 8192)]
	if strings.HasPrefix(content, "\x7fELF") || strings.Contains(head, "\x00") {
		unread = []string{p}
	} else if ran {
		rewrote = []string{p}
	} else {
		return nil
	}
	err := env.unread().Note(req.Session, req.Tool+" "+p, unread, nil, rewrote)
	if err == nil {
		return nil
	}
	fmt.Fprintf(env.stderr, "corral: cannot record the file this write leaves: %v\n", err)
	if len(unread) == 0 {
		return nil
	}
	return &agent.Answer{Decision: agent.Ask, Reason: "corral cannot record the binary file this write leaves (" + p + "): " + err.Error() +
		". Running it in a later call would not be asked about, so this write asks."}
}
