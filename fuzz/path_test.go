package fuzz

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
)

var pathSeeds = []string{
	"src/a.ts", "../x", "~/.ssh/k", "/etc/../etc/passwd", "a//b/./c/..", ".", "..", "ü/ß", "~", "~/",
	"~bob/x", "/", ".env", "src/.env.local", "node_modules/../.git/config", "agent_sandbox/../x",
	"agent_sandbox-evil/x", "agent_sandbox/x/../../.git/hooks/pre-commit", "/dev/null", "/dev/sda",
	"/proc/self/fd/1", "/tmp/x", "../../../../../../etc/shadow", "a\nb", "-", "*.md", "$HOME/x",
}

var pathCwds = []string{corpus.Project, corpus.Project + "/src", corpus.Project + "/agent_sandbox", corpus.Home, "/", "/tmp"}

// FuzzPath checks the path module from outside, on any (cwd, path): the
// normal form is absolute, clean and free of ".."; normalising it again
// changes nothing; deciding the normal form gives the verdict deciding the
// path gives, for writing and deleting; and a Bash redirection to the path
// (cmd > path, run in cwd) gets the verdict a Write of the path gets.
func FuzzPath(f *testing.F) {
	for _, p := range pathSeeds {
		for _, cwd := range pathCwds {
			f.Add(cwd, p)
		}
	}
	pol := guards.DefaultPolicy()
	f.Fuzz(func(t *testing.T, cwd, p string) {
		if !filepath.IsAbs(cwd) || p == "" || strings.ContainsAny(cwd+p, "\x00") || len(cwd)+len(p) > 4096 {
			return
		}
		cwd = filepath.Clean(cwd)
		env := guards.Env{Project: corpus.Project, Cwd: cwd, Home: corpus.Home, Sandbox: corpus.Project + "/" + rewrite.DefaultSandbox}
		n := guards.Normalize(env, p)
		if !filepath.IsAbs(n.Abs) || n.Abs != filepath.Clean(n.Abs) {
			t.Fatalf("Normalize(%q) = %q: not absolute and clean", p, n.Abs)
		}
		for _, seg := range strings.Split(n.Abs, "/") {
			if seg == ".." {
				t.Fatalf("Normalize(%q) = %q leaves ..", p, n.Abs)
			}
		}
		if again := guards.Normalize(env, n.Abs); again != (guards.Path{Given: n.Abs, Abs: n.Abs, Rel: n.Rel, InProject: n.InProject}) {
			t.Fatalf("not idempotent: %q -> %+v -> %+v", p, n, again)
		}
		for _, a := range []guards.Action{guards.Write, guards.Delete} {
			if d, e := pol.Decide(env, p, a), pol.Decide(env, n.Abs, a); d.Verdict != e.Verdict {
				t.Fatalf("%s %q decides %s (%s), its normal form %q decides %s (%s)", a, p, d.Verdict, d.Rule, n.Abs, e.Verdict, e.Rule)
			}
		}
		checkBashWrite(t, cwd, p, pol.Decide(env, p, guards.Write))
	})
}

// checkBashWrite checks that ": > path" in cwd is decided as a Write of
// the path is.
func checkBashWrite(t *testing.T, cwd, p string, want guards.Decision) {
	t.Helper()
	word := syntax.Quote(p)
	switch {
	case p == "~":
		word = "~"
	case strings.HasPrefix(p, "~/"):
		// Quoted, ~ is a plain letter to bash; leave the tilde bare.
		word = "~/" + syntax.Quote(p[2:])
	case strings.HasPrefix(p, "~"):
		return // ~user: another user's home, unknown here
	}
	envs := map[string]string{"HOME": corpus.Home, rewrite.EnvProject: corpus.Project}
	cfg, _ := rewrite.NewConfig(func(k string) string { return envs[k] }, cwd)
	cmd := ": > " + word
	if syntax.Valid(cmd) != nil {
		return // invalid UTF-8: not parsed, asked about as a whole
	}
	if syntax.LocaleEscapes(word) {
		// $'\u0604': what bash writes depends on its locale, so there is
		// no single path to compare with (corral leaves it to run time).
		return
	}
	res := rewrite.Check(cfg, cmd)
	got := rewrite.Allow
	for _, f := range res.Findings {
		if f.Rule == "bash-write" {
			got = max(got, f.Decision)
		}
	}
	var exp rewrite.Decision
	switch want.Verdict {
	case guards.Deny:
		exp = rewrite.Deny
	case guards.Ask:
		exp = rewrite.Ask
	case guards.Warn:
		exp = rewrite.Warn
	}
	if got != exp {
		t.Fatalf("in %s, %q decides %s (%s), a Write of %q decides %s (%s: %s)", cwd, cmd, got, rules(res), p, want.Verdict, want.Rule, want.Message)
	}
}
