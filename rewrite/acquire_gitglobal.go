package rewrite

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// The user's global git configuration (~/.gitconfig, and
// $XDG_CONFIG_HOME/git/config, else ~/.config/git/config, which git reads
// first) is read by every git command the agent runs, though no word of
// the command shows it: submodule.recurse=true makes git pull end with a
// submodule update, and url.BASE.insteadOf PREFIX sends every fetch and
// push of a URL starting with PREFIX to BASE instead. corral reads both
// files with the real git (git config --file, which follows no include)
// when a git pull, fetch or push is judged, the repository's own setting
// first, as git takes it.

// globalGitFiles returns the user's global git configuration files that
// exist, in the order git reads them (a later one wins).
func (p *Pass) globalGitFiles() []string {
	if p.Config.NoGlobMatches || p.Config.Home == "" {
		return nil
	}
	xdg := filepath.Join(p.Config.Home, ".config")
	if v := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(v) {
		xdg = v
	}
	var out []string
	for _, f := range []string{filepath.Join(xdg, "git", "config"), filepath.Join(p.Config.Home, ".gitconfig")} {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
			out = append(out, f)
		}
	}
	return out
}

// globalGitBool returns a boolean setting of the global files (the last
// one that sets it) and whether any does.
func (p *Pass) globalGitBool(dir, key string) (on, set bool) {
	for _, f := range p.globalGitFiles() {
		if out, err := runGit(dir, "config", "--file", f, "--type=bool", key); err == nil {
			on, set = strings.TrimSpace(string(out)) == "true", true
		}
	}
	return on, set
}

// gitRedirect is one url.BASE.insteadOf PREFIX (pushInsteadOf when push).
type gitRedirect struct {
	base, prefix string
	push         bool
}

// globalGitRedirects returns the url.*.insteadOf and pushInsteadOf
// settings of the global files.
func (p *Pass) globalGitRedirects(dir string) []gitRedirect {
	var out []gitRedirect
	for _, f := range p.globalGitFiles() {
		b, err := runGit(dir, "config", "--file", f, "-z", "--get-regexp", `^url\..*\.(push)?insteadof$`)
		if err != nil {
			continue
		}
		for _, e := range strings.Split(string(b), "\x00") {
			k, v, ok := strings.Cut(e, "\n")
			if !ok || len(out) >= 64 {
				continue
			}
			lk := strings.ToLower(k)
			push := strings.HasSuffix(lk, ".pushinsteadof")
			suffix := ".insteadof"
			if push {
				suffix = ".pushinsteadof"
			}
			if !strings.HasPrefix(lk, "url.") || len(k) <= len("url.")+len(suffix) {
				continue
			}
			out = append(out, gitRedirect{base: k[len("url.") : len(k)-len(suffix)], prefix: v, push: push})
		}
	}
	return out
}

// rewriteGitURL returns the URL git uses for u: the longest PREFIX of
// the redirects that u starts with replaced by its BASE (for a push a
// pushInsteadOf first, as git takes it), or u.
func rewriteGitURL(u string, rs []gitRedirect, push bool) string {
	for _, pass := range []bool{true, false} {
		if pass && !push {
			continue
		}
		best := -1
		for i, r := range rs {
			if r.push == pass && r.prefix != "" && strings.HasPrefix(u, r.prefix) && (best < 0 || len(r.prefix) > len(rs[best].prefix)) {
				best = i
			}
		}
		if best >= 0 {
			return rs[best].base + u[len(rs[best].prefix):]
		}
	}
	return u
}

// globalRedirect reports the remote's URL and where the global
// configuration sends it when that is on another host (a rewrite from
// https:// to ssh on the same host is no redirect): for a fetch (git
// pull) or a push of the remote name (origin when "").
func (p *Pass) globalRedirect(dir syntax.Dir, remote string, push bool) (from, to string, ok bool) {
	if !dir.Known || p.Config.NoGlobMatches {
		return "", "", false
	}
	if remote == "" {
		remote = "origin"
	}
	top := repoTop(dir.Path)
	if top == "" {
		return "", "", false
	}
	rs := p.globalGitRedirects(top)
	if len(rs) == 0 {
		return "", "", false
	}
	out, err := runGit(top, "config", "--get", "remote."+remote+".url")
	if err != nil {
		return "", "", false
	}
	u := strings.TrimSpace(string(out))
	if push {
		if pu, err := runGit(top, "config", "--get", "remote."+remote+".pushurl"); err == nil && strings.TrimSpace(string(pu)) != "" {
			u = strings.TrimSpace(string(pu))
		}
	}
	r := rewriteGitURL(u, rs, push)
	if r == u || gitURLHost(r) == "" || strings.EqualFold(gitURLHost(r), gitURLHost(u)) {
		// The same host, or a path on this machine (a mirror).
		return "", "", false
	}
	return u, r, true
}
