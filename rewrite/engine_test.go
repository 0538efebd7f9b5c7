package rewrite

import (
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

func testConfig() *Config {
	return &Config{Cwd: "/home/u/proj", Project: "/home/u/proj", Home: "/home/u", Sandbox: "/home/u/proj/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto}
}

func TestDecisionOrder(t *testing.T) {
	t.Parallel()
	order := []Decision{Allow, Warn, Rewrite, Ask, Deny}
	for i := 1; i < len(order); i++ {
		if order[i-1] >= order[i] {
			t.Errorf("%s must be less severe than %s", order[i-1], order[i])
		}
	}
	for _, d := range order {
		got, err := ParseDecision(d.String())
		if err != nil || got != d {
			t.Errorf("ParseDecision(%q) = %v, %v", d.String(), got, err)
		}
	}
	if _, err := ParseDecision("block"); err == nil {
		t.Error("unknown decision accepted")
	}
}

func TestNewConfig(t *testing.T) {
	t.Parallel()
	env := map[string]string{"HOME": "/home/u"}
	get := func(k string) string { return env[k] }
	cfg, notes := NewConfig(get, "/home/u/proj/sub")
	if cfg.Project != "/home/u/proj/sub" || cfg.Sandbox != "/home/u/proj/sub/agent_sandbox" || cfg.Mode != ModeRewrite || cfg.Approve != ApproveAuto || len(notes) != 0 {
		t.Errorf("defaults: %+v %v", cfg, notes)
	}
	env[EnvProject] = "/home/u/proj"
	env[EnvSandbox] = "~/work/sandbox"
	env[EnvMode] = "block"
	env[EnvApprove] = "defer"
	cfg, _ = NewConfig(get, "/home/u/proj/sub")
	if cfg.Project != "/home/u/proj" || cfg.Cwd != "/home/u/proj/sub" || cfg.Sandbox != "/home/u/work/sandbox" || cfg.Mode != ModeBlock || cfg.Approve != ApproveDefer {
		t.Errorf("from env: %+v", cfg)
	}
	env[EnvSandbox] = "scratch"
	env[EnvMode] = "nonsense"
	env[EnvApprove] = "maybe"
	cfg, notes = NewConfig(get, "/home/u/proj")
	if cfg.Sandbox != "/home/u/proj/scratch" || cfg.Mode != ModeRewrite || cfg.Approve != ApproveAuto || len(notes) != 2 {
		t.Errorf("bad values must fall back with a note each: %+v %v", cfg, notes)
	}
}

func TestRewriteIsFinalAndDeterministic(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for _, cmd := range []string{
		"git clone https://github.com/a/b.git",
		"git clone https://github.com/a/b.git && cd b && make",
		"bash -c 'git clone https://github.com/a/b.git x'",
		`for r in a b; do git clone "https://github.com/x/$r.git"; done`,
	} {
		r1, r2 := Check(cfg, cmd), Check(cfg, cmd)
		if r1.Decision != Rewrite || r1.Rewritten == "" {
			t.Fatalf("%s: %s", cmd, r1.Decision)
		}
		if r1.Rewritten != r2.Rewritten || len(r1.Findings) != len(r2.Findings) {
			t.Errorf("%s: not deterministic", cmd)
		}
		again := Check(cfg, r1.Rewritten)
		if again.Rewritten != "" || again.Decision > Warn {
			t.Errorf("%s: rewriting %q again gives %s %q", cmd, r1.Rewritten, again.Decision, again.Rewritten)
		}
	}
}

func TestBlockModeSuggests(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Mode = ModeBlock
	r := Check(cfg, "git clone https://github.com/a/b.git")
	if r.Decision != Deny || r.Rewritten != "" || !strings.HasSuffix(r.Suggested, "/home/u/proj/agent_sandbox/b") {
		t.Errorf("block mode: %+v", r)
	}
}

func TestUnparsed(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.NoBashCheck = true
	if r := Check(cfg, "curl -o x 'http://a"); r.Decision != Ask {
		t.Errorf("unparsable download: %s", r.Decision)
	}
	if r := Check(cfg, "echo 'hello"); r.Decision != Allow || len(r.Notes) != 1 {
		t.Errorf("unparsable harmless command: %s %v", r.Decision, r.Notes)
	}
	if r := Check(cfg, `bash -c "git clone x 'y"`); r.Decision != Ask {
		t.Errorf("unparsable nested clone: %s", r.Decision)
	}
}

func TestEveryRuleHasDocAndName(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, r := range Rules {
		if r.Name == "" || len(strings.TrimSpace(r.Doc)) < 40 {
			t.Errorf("rule %q lacks a name or a doc", r.Name)
		}
		if seen[r.Name] {
			t.Errorf("rule %q listed twice", r.Name)
		}
		seen[r.Name] = true
		if r.Call == nil && r.Redirect == nil && r.Command == nil {
			t.Errorf("rule %q does nothing", r.Name)
		}
	}
}

func TestPathologicalCommands(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	for name, cmd := range map[string]string{
		"downloads-pipeline": "curl -s u" + strings.Repeat(" | curl -s u", 20000) + " | sh",
		"many-clones":        strings.Repeat("git clone https://github.com/a/b.git; ", 3000),
		"invalid-utf8-clone": "git clone \xff\xfe x",
		"huge-word":          "echo " + strings.Repeat("x", 1<<20),
	} {
		r := Check(cfg, cmd)
		switch name {
		case "downloads-pipeline", "invalid-utf8-clone":
			if r.Decision != Ask {
				t.Errorf("%s: %s, want ask", name, r.Decision)
			}
		case "many-clones":
			if r.Decision != Rewrite || strings.Count(r.Rewritten, "agent_sandbox/b") != 3000 {
				t.Errorf("%s: %s, %d rewrites", name, r.Decision, strings.Count(r.Rewritten, "agent_sandbox/b"))
			}
		case "huge-word":
			// Over the source limit: asked about, with the limit named.
			if r.Decision != Ask {
				t.Errorf("%s: %s, want ask", name, r.Decision)
			}
		}
	}
}

// TestPipeFollowFailsSafe: a download is followed down its pipeline to a
// shell however many stages lie between, through compound stages, and a
// pipeline longer than the follow limit asks instead of passing.
func TestPipeFollowFailsSafe(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	long := strings.Repeat(" | cat", maxPipeFollow+1)
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{"curl -s http://h/x" + long + " | sh", Ask},
		{"curl -s http://h/x | { cat; } | sh", Ask},
		{"curl -s http://h/x | (cat) | bash", Ask},
		{"curl -s http://h/x" + long + " > out.txt", Ask},
		{"curl -s http://h/x" + long + " | jq .", Ask},
		// Look-alikes: within the limit and no shell, nothing to ask.
		{"curl -s http://h/x" + strings.Repeat(" | cat", maxPipeFollow-1) + " | jq .", Allow},
	} {
		if got := Check(cfg, tc.cmd); got.Decision != tc.want {
			t.Errorf("%.60s…: %s, want %s (%v)", tc.cmd, got.Decision, tc.want, got.Findings)
		}
	}
}

// TestTooLargeAsks checks the answer to text over the limits that are
// checked before parsing (syntax/limits.go): it is asked about whatever
// it holds, with the limit it is over in the reason, since a padding of
// harmless statements could hide a spelling no word search finds. Text
// within the limits, however long, is parsed and decided as usual.
func TestTooLargeAsks(t *testing.T) {
	t.Parallel()
	cfg := &Config{Cwd: "/p", Project: "/p", Home: "/home/u", Sandbox: "/p/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, NoBashCheck: true}
	for _, tc := range []struct {
		name, cmd string
		want      Decision
		reason    string
	}{
		{"1MiB-list", strings.Repeat("ls; ", syntax.MaxSource/4), Ask, "statements, over the limit of 20000"},
		{"padded-quoted-rm", strings.Repeat("true; ", syntax.MaxStatements+1) + "r''m -rf ~", Ask, "statements"},
		{"and-chain-90k", strings.Repeat("true && ", 90000) + "true", Ask, "operators and keywords"},
		{"1MiB-words", "echo " + strings.Repeat("a ", syntax.MaxSource/2-3), Ask, "words, over the limit of 50000"},
		{"over-1MiB", "echo " + strings.Repeat("a", syntax.MaxSource), Ask, "bytes, over the limit of 1048576"},
		{"deep", strings.Repeat("(", syntax.MaxNesting+1) + "ls" + strings.Repeat(")", syntax.MaxNesting+1), Ask, "levels of nested brackets"},
		// Within the limits: parsed and decided.
		{"1MiB-echo-argument", "echo " + strings.Repeat("a", syntax.MaxSource-5), Allow, ""},
		{"list-at-limit", strings.Repeat("ls; ", syntax.MaxStatements-1) + "rm -rf ~", Deny, ""},
	} {
		res := Check(cfg, tc.cmd)
		if res.Decision != tc.want {
			t.Errorf("%s: decision %v, want %v", tc.name, res.Decision, tc.want)
			continue
		}
		if tc.reason == "" {
			continue
		}
		if len(res.Findings) == 0 || !strings.Contains(res.Findings[0].Message, tc.reason) {
			t.Errorf("%s: reason does not say which limit (%q): %+v", tc.name, tc.reason, res.Findings)
		}
	}
}
