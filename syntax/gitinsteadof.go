package syntax

import (
	"strings"
)

// git rewrites the start of every URL it uses (remote.c alias_url): of
// the url.<base>.insteadOf values a URL starts with, the longest (the
// first of equal ones) is replaced by its base, and for a push the
// url.<base>.pushInsteadOf values are tried first. The base and the rest
// of the URL are only a command together: url.ext::sh.insteadOf=zz: turns
// 'zz: -c echo% x% >~/.bashrc' into 'ext::sh -c echo% x% >~/.bashrc',
// whose command git-remote-ext runs (red team 17 GX1b), and a base
// "ext" or "e" assembles the same from a URL "::sh …" or "xt::sh …". So
// the rules every source gives the git call (-c, --config-env,
// GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT, the configuration files it
// reads, and git config earlier in the command) are collected as
// gitConfig sees them, and each URL the call may use — its words, the
// remote and submodule URLs of that configuration, the URLs git remote
// add and git config set earlier in the command — is rewritten as git
// rewrites it and the result judged: an ext:: URL as the command it runs,
// another remote helper (NAME::) as hidden code.

// gitRewriteRule is one url.<base>.insteadOf=<prefix> (pushInsteadOf when
// push); open when the setting's value is only known at run time.
type gitRewriteRule struct {
	base, prefix string
	push, open   bool
}

// gitURLSet collects the rewrite rules and the configured URLs of one git
// call (w.gitURL), or those git config and git remote kept earlier in the
// command (w.gitKept).
type gitURLSet struct {
	rules []gitRewriteRule
	urls  []string
}

func (s *gitURLSet) addRule(r gitRewriteRule) {
	for _, x := range s.rules {
		if x == r {
			return
		}
	}
	s.rules = append(s.rules, r)
}

func (s *gitURLSet) addURL(u string) {
	for _, x := range s.urls {
		if x == u {
			return
		}
	}
	s.urls = append(s.urls, u)
}

// maxGitURLs bounds the URLs and rules kept per git call and per command.
const maxGitURLs = 256

// gitURLScope starts the collection for a git call (programs); the
// returned function restores the one of the call around it.
func (w *walker) gitURLScope() func() {
	prev := w.gitURL
	w.gitURL = &gitURLSet{}
	return func() { w.gitURL = prev }
}

// noteGitURL takes a setting gitConfig reads (key in lower case, kv as
// given) into the current git call's collection: a rewrite rule, or a
// remote's or submodule's URL.
func (w *walker) noteGitURL(key, kv string, a *Arg) {
	s := w.gitURL
	if s == nil || len(s.rules)+len(s.urls) >= maxGitURLs {
		return
	}
	k, val, _ := strings.Cut(kv, "=")
	switch {
	case strings.HasPrefix(key, "url.") && (strings.HasSuffix(key, ".insteadof") || strings.HasSuffix(key, ".pushinsteadof")):
		j := strings.LastIndexByte(k, '.')
		if j <= len("url.") {
			return
		}
		s.addRule(gitRewriteRule{base: k[len("url."):j], prefix: val, push: strings.HasSuffix(key, ".pushinsteadof"), open: !a.Static})
	case strings.HasPrefix(key, "remote.") && (strings.HasSuffix(key, ".url") || strings.HasSuffix(key, ".pushurl")),
		strings.HasPrefix(key, "submodule.") && strings.HasSuffix(key, ".url"):
		if a.Static && val != "" {
			s.addURL(val)
		}
	}
}

// gitAliasURL returns what git makes of url with rules (push: a push,
// which tries pushInsteadOf first), and whether a rule applied.
func gitAliasURL(url string, rules []gitRewriteRule, push bool) (string, bool) {
	longest := func(pushRules bool) (gitRewriteRule, bool) {
		var best gitRewriteRule
		found := false
		for _, r := range rules {
			if r.push != pushRules || r.open || !strings.HasPrefix(url, r.prefix) {
				continue
			}
			if !found || len(r.prefix) > len(best.prefix) {
				best, found = r, true
			}
		}
		return best, found
	}
	if push {
		if r, ok := longest(true); ok {
			return r.base + url[len(r.prefix):], true
		}
	}
	if r, ok := longest(false); ok {
		return r.base + url[len(r.prefix):], true
	}
	return url, false
}

// extCapable reports a base that can begin an ext:: URL with what
// follows it: one that starts with ext:: or is a start of it.
func extCapable(base string) bool {
	lb := strings.ToLower(base)
	return strings.HasPrefix(lb, "ext::") || strings.HasPrefix("ext::", lb)
}

// gitURLSubs are the git commands that reach a URL named among their
// words: the transports, and git remote and submodule, which store one
// for later fetches (git remote add -f fetches at once).
func gitURLSub(sub string) bool {
	switch sub {
	case "clone", "fetch", "pull", "ls-remote", "push", "archive", "remote", "send-pack", "fetch-pack", "submodule":
		return true
	}
	return false
}

// gitRewrittenURLs judges the URLs git call may use after its rewrite
// rules (see above), at the end of the call's walk (git).
func (w *walker) gitRewrittenURLs(c scope, call *Call, sub string, rest []Arg) {
	cur := w.gitURL
	if cur == nil {
		return
	}
	rules := append(append([]gitRewriteRule(nil), w.gitKept.rules...), cur.rules...)
	urls := append(append([]string(nil), w.gitKept.urls...), cur.urls...)
	var open []Arg
	if gitURLSub(sub) {
		for _, a := range rest {
			if !a.Static {
				open = append(open, a)
				continue
			}
			urls = append(urls, a.Value)
			if name, val, ok := strings.Cut(a.Value, "="); ok && strings.HasPrefix(name, "--") {
				urls = append(urls, val) // --remote=URL, --repo=URL
			}
		}
	}
	if sub == "config" || sub == "remote" {
		// Kept for the later git calls of the command: git config's
		// rules and URLs, git remote add/set-url's URLs.
		for _, r := range cur.rules {
			if len(w.gitKept.rules) < maxGitURLs {
				w.gitKept.addRule(r)
			}
		}
		for _, u := range urls {
			if len(w.gitKept.urls) < maxGitURLs {
				w.gitKept.addURL(u)
			}
		}
	}
	if len(rules) == 0 {
		return
	}
	push := sub == "push" || sub == "send-pack"
	seen := map[string]bool{}
	for _, u := range urls {
		for _, p := range []bool{false, true} {
			if p && !push {
				continue
			}
			got, ok := gitAliasURL(u, rules, p)
			if !ok || got == u || seen[got] {
				continue
			}
			seen[got] = true
			if strings.HasPrefix(strings.ToLower(got), "ext::") {
				if argv := extArgv(got[len("ext::"):]); len(argv) > 0 {
					w.child(c, call, quoteArgv(argv), nil, "git ext:: transport (url.*.insteadOf)", false)
				}
				continue
			}
			if name, ok := GitRemoteHelper(got); ok && !GitOwnTransport(name) {
				if before, ok := GitRemoteHelper(u); !ok || before != name {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: u,
						What: "git rewrites the URL " + clip(u, 40) + " (url.*.insteadOf) to " + clip(got, 40) + ", which runs the remote helper git-remote-" + clip(name, 20)})
				}
			}
		}
	}
	// A rule that can begin an ext:: URL meets a URL only run time
	// knows, or a rule whose prefix only run time knows: the command
	// git runs is not known.
	for _, r := range rules {
		if !extCapable(r.base) {
			continue
		}
		switch {
		case r.open && (len(urls) > 0 || len(open) > 0):
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: r.base,
				What: "git rewrites the URLs that start with a prefix only known at run time to " + clip(r.base, 30) + "…, which git-remote-ext runs as a command"})
			return
		case len(open) > 0:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: open[0].Raw,
				What: "git rewrites a URL that starts with " + clip(r.prefix, 20) + " (url." + clip(r.base, 30) + ".insteadOf) into a command git-remote-ext runs, and " + clip(open[0].Raw, 30) + " is only known at run time"})
			return
		}
	}
}
