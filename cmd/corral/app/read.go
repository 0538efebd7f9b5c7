package app

import (
	"fmt"
	"github.com/corral-dev/corral/cmd/corral/internal/allowlist"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/agent"
	"github.com/corral-dev/corral/cmd/corral/internal/audit"
	"github.com/corral-dev/corral/guards"
)

// readRequest is what a read tool will look at: files it reads, directories
// it reads recursively, and file-name globs it lists or searches.
type readRequest struct {
	files, dirs, globs []string
}

// readRequestOf decodes a read tool's input.
func readRequestOf(tool string, in map[string]any) readRequest {
	var r readRequest
	str := func(k string) string { s, _ := in[k].(string); return s }
	list := func(k string) []string {
		var out []string
		if xs, ok := in[k].([]any); ok {
			for _, x := range xs {
				if s, ok := x.(string); ok && s != "" {
					out = append(out, s)
				}
			}
		}
		return out
	}
	switch tool {
	case "Read", "NotebookRead", "read_file":
		for _, k := range []string{"file_path", "notebook_path", "absolute_path", "path"} {
			if p := str(k); p != "" {
				r.files = append(r.files, p)
				break
			}
		}
	case "Grep", "search_file_content", "grep_search", "grep", "search_files":
		// path is a file or a directory (the working directory when
		// absent); a glob or include narrows the files searched: Claude
		// Code's glob, Gemini CLI's include (include_pattern in its
		// grep_search), Qwen Code's glob, Crush's and OpenCode's include,
		// Cline's file_pattern, Hermes's file_glob.
		p := str("path")
		if p == "" {
			p = str("dir_path")
		}
		if p != "" {
			r.files = append(r.files, p)
			r.dirs = append(r.dirs, p)
		}
		for _, k := range []string{"glob", "include", "include_pattern", "file_pattern", "file_glob"} {
			if g := str(k); g != "" {
				r.globs = append(r.globs, g)
			}
		}
	case "Glob", "glob":
		// Gemini CLI's glob names its directory dir_path, Factory's
		// folder, Kimi's directory.
		for _, k := range []string{"path", "dir_path", "folder", "directory"} {
			if p := str(k); p != "" {
				r.dirs = append(r.dirs, p)
			}
		}
		if g := str("pattern"); g != "" {
			r.globs = append(r.globs, g)
			// A pattern that names a directory: ~/.ssh/* lists a secret
			// directory.
			if base, _ := splitGlob(g); base != "" {
				r.dirs = append(r.dirs, base)
			}
		}
	case "read_many_files":
		for _, g := range append(list("paths"), list("include")...) {
			if !strings.ContainsAny(g, "*?[{") {
				r.files = append(r.files, g)
				r.dirs = append(r.dirs, g)
				continue
			}
			r.globs = append(r.globs, g)
			if base, _ := splitGlob(g); base != "" {
				r.dirs = append(r.dirs, base)
			}
		}
	}
	return r
}

// globBases are the last segments of globs: the file names a walk
// tests (ripgrep matches a glob with a directory part against the path,
// whose last segment its last segment matches).
func globBases(globs []string) []string {
	out := make([]string, 0, len(globs))
	for _, g := range globs {
		out = append(out, filepath.Base(g))
	}
	return out
}

// splitGlob splits a glob into the directory before its first wildcard
// segment and the rest.
func splitGlob(g string) (base, rest string) {
	segs := strings.Split(g, "/")
	for i, s := range segs {
		if strings.ContainsAny(s, "*?[{") {
			base = strings.Join(segs[:i], "/")
			if base == "" && strings.HasPrefix(g, "/") {
				base = "/"
			}
			return base, strings.Join(segs[i:], "/")
		}
	}
	return "", g
}

// readGuard decides about a file read (Claude Code's Read, Grep and Glob,
// Gemini CLI's read_file, read_many_files, search_file_content and glob, and
// the other agents' read tools): a read that reaches a secret file is denied
// (or asked about, when the policy says "secrets": {"action": "ask"}), with
// the pattern and how to allow that one path. Everything else passes.
func (env *runtimeEnv) readGuard(s *settings, hc *agent.Request) *agent.Answer {
	req := readRequestOf(hc.Tool, hc.Input)
	if len(req.files)+len(req.dirs)+len(req.globs) == 0 {
		// Another agent's read tool: its adapter found the paths.
		req.files = append(req.files, hc.Paths...)
		req.dirs = append(req.dirs, hc.Paths...)
	}
	return env.readGuardOf(s, hc, req)
}

// readGuardOf decides about the files, directories and globs req names,
// which the tool of hc reads (an MCP tool's are found by its shape).
func (env *runtimeEnv) readGuardOf(s *settings, hc *agent.Request, req readRequest) *agent.Answer {
	sec := s.paths.Secrets()
	ge := s.guardsEnv()
	var found guards.Secret
	var why string
	for _, f := range req.files {
		if sc, ok := sec.Match(ge, f); ok {
			found, why = sc, sc.Reason(hc.Tool+" reads")
			break
		}
	}
	// A glob's brace groups are alternatives (ripgrep's globs, which the
	// Grep and Glob tools use): each is judged as if it were the glob, so
	// that one ordinary choice ({.env,README.md}) hides no secret one.
	var globs []string
	for _, g := range req.globs {
		alts, ok := guards.ExpandBraces(g)
		if !ok && why == "" {
			found = guards.Secret{Path: guards.Normalize(ge, g), Pattern: g}
			why = fmt.Sprintf("%s's glob %.80q has more brace alternatives than corral judges (%d); split the search into globs with fewer (a policy's secrets allow does not apply)", hc.Tool, g, guards.MaxBraceAlternatives)
		}
		globs = append(globs, alts...)
	}
	if why == "" {
		// The Grep and Glob tools (ripgrep underneath) skip hidden directories,
		// so a search of ~ does not reach ~/.ssh; one of ~/.ssh does. A glob
		// that names hidden files ("*", "**/*") overrides that filter in
		// ripgrep: then the search reaches hidden secrets, in an anchored
		// directory (~/.ssh) or on disk (the project's .env).
		// (A Glob lists names only: its pattern reads no file's content.)
		lists := hc.Tool == "Glob" || hc.Tool == "glob"
		hidden := false
		for _, g := range globs {
			hidden = hidden || !lists && guards.GlobNamesHidden(g)
		}
		for _, d := range req.dirs {
			if sc, ok := sec.Holds(ge, d, hidden); ok {
				found, why = sc, sc.Reason(hc.Tool+" reads everything under")
				break
			}
			if hidden {
				if sc, ok := sec.OnDisk(ge, d, guards.Walk{Hidden: true, Names: globBases(globs), Ignores: true}); ok {
					found, why = sc, sc.Reason(hc.Tool+" with the glob "+strings.Join(req.globs, ", ")+" also reads hidden files, such as")
					break
				}
			}
		}
		if why == "" && !hidden && hc.Tool == "Grep" {
			// Claude Code's Grep is ripgrep with its defaults, judged as
			// Bash's rg PAT DIR is: the files on disk it reads, those
			// whose names are secrets' (certs/server.key), and hidden or
			// git-ignored ones a .ignore or .rgignore whitelists (!.env;
			// red team 19 SG1, SG2). The working directory when no path.
			roots := req.dirs
			if len(roots) == 0 {
				roots = []string{ge.Cwd}
			}
			for _, d := range roots {
				if sc, ok := sec.OnDisk(ge, d, guards.Walk{Names: globBases(globs), Ignores: true, RgIgnores: true}); ok {
					found, why = sc, sc.Reason(hc.Tool+" reads everything under "+d+", which holds")
					break
				}
			}
		}
	}
	if why == "" {
		for _, g := range globs {
			if pat, ok := sec.GlobReaches(filepath.Base(g)); ok {
				found = guards.Secret{Path: guards.Normalize(ge, g), Pattern: pat}
				why = fmt.Sprintf("%s looks for %s, which names secret files (pattern %q); name an ordinary file, or allow one path with \"secrets\": {\"allow\": [PATH]} in a user policy", hc.Tool, g, pat)
				break
			}
		}
	}
	if why == "" {
		// A glob with a directory part matches paths below the searched
		// directory (.ssh/id_rsa under ~): judged as the path it names
		// there, as the shell's glob of the same words would be.
		roots := req.dirs
		if len(roots) == 0 {
			roots = []string{ge.Cwd}
		}
	paths:
		for _, g := range globs {
			if !strings.Contains(strings.Trim(g, "/"), "/") {
				continue
			}
			for _, d := range roots {
				p := strings.TrimSuffix(d, "/") + "/" + strings.TrimPrefix(g, "/")
				if sc, ok := sec.MatchGlob(ge, p); ok {
					found, why = sc, sc.Reason(hc.Tool+" with the glob "+g+" reads")
					break paths
				}
			}
		}
	}
	if why == "" {
		return nil
	}
	rec := audit.Record{TS: env.now(), Tool: hc.Tool, Operation: found.Path.Given, SessionID: hc.Session, Cwd: hc.Cwd,
		Rule: "secret-read", PathContext: "blocked", Reason: why}
	if sec.Verdict == guards.Ask {
		if ok, err := env.allowlist().Allowed(hc.Session, hc.Tool, found.Path.Given); err == nil && ok {
			rec.Action, rec.Rule = "confirmed_allow", "session_allowlist"
			env.log(rec)
			return &agent.Answer{Decision: agent.Allow, Reason: "corral: approved earlier in this session with corral confirm"}
		}
		rec.Action = "confirm_required"
		env.log(rec)
		return &agent.Answer{Decision: agent.Ask, Reason: fmt.Sprintf("corral needs the user's confirmation: %s.\nAsk the user. If they approve, the user (not the agent) runs:\n%s\nand then retry.",
			why, confirmCommand(hc.Session, hc.Tool, found.Path.Given, allowlist.Binding{}))}
	}
	rec.Action = "block"
	env.log(rec)
	fmt.Fprintln(env.stderr, "corral: "+why)
	return &agent.Answer{Decision: agent.Deny, Reason: "corral: " + why}
}
