package fuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/corral-dev/corral/cmd/corral/app"
	"github.com/corral-dev/corral/corpus"
	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/rewrite"
	"github.com/corral-dev/corral/syntax"
)

// seeds returns the corpus commands and a sample of the shared data.
func seeds(f *testing.F) []string {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	var out []string
	for _, c := range cases {
		if c.Cmd != "" {
			out = append(out, c.Cmd)
		}
	}
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl"} {
		file, err := os.Open(filepath.Join("..", "..", "shared", "data", name))
		if err != nil {
			continue // the shared data is optional
		}
		sc := bufio.NewScanner(file)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for i := 0; sc.Scan() && i < 400; i++ {
			var l struct{ Command string }
			if json.Unmarshal(sc.Bytes(), &l) == nil {
				out = append(out, l.Command)
			}
		}
		file.Close()
	}
	return out
}

func config(mode rewrite.Mode) *rewrite.Config {
	env := map[string]string{"HOME": corpus.Home, rewrite.EnvProject: corpus.Project, rewrite.EnvMode: string(mode)}
	cfg, _ := rewrite.NewConfig(func(k string) string { return env[k] }, corpus.Project)
	return cfg
}

func FuzzRewrite(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	cfg, block := config(rewrite.ModeRewrite), config(rewrite.ModeBlock)
	f.Fuzz(func(t *testing.T, cmd string) {
		res := rewrite.Check(cfg, cmd)
		if res.Decision != rewrite.Rewrite {
			if res.Rewritten != "" {
				t.Fatalf("decision %s with a rewritten command", res.Decision)
			}
			return
		}
		if err := syntax.Valid(res.Rewritten); err != nil {
			t.Fatalf("rewritten command does not parse: %v\n%q -> %q", err, cmd, res.Rewritten)
		}
		again := rewrite.Check(cfg, res.Rewritten)
		if again.Rewritten != "" || again.Decision > rewrite.Warn {
			t.Fatalf("rewriting again is not a no-op: %q -> %q -> %s %q", cmd, res.Rewritten, again.Decision, again.Rewritten)
		}
		// Text outside the touched spans is kept, in order.
		pos, prev := 0, 0
		for _, span := range append(res.Touched, [2]int{len(cmd), len(cmd)}) {
			if span[0] < prev {
				continue
			}
			seg := cmd[prev:span[0]]
			i := strings.Index(res.Rewritten[pos:], seg)
			if i < 0 {
				t.Fatalf("untouched text %q is not kept: %q -> %q", seg, cmd, res.Rewritten)
			}
			pos += i + len(seg)
			if span[1] > prev {
				prev = span[1]
			}
		}
		// Block mode denies exactly what rewrite mode rewrites, and
		// suggests the same command.
		b := rewrite.Check(block, cmd)
		if b.Decision != rewrite.Deny || b.Suggested != res.Rewritten {
			t.Fatalf("block mode: %s %q, rewrite mode %q", b.Decision, b.Suggested, res.Rewritten)
		}
	})
}

func FuzzPath(f *testing.F) {
	for _, p := range []string{"src/a.ts", "../x", "~/.ssh/k", "/etc/../etc/passwd", "a//b/./c/..", ".", "..", "ü/ß", "~", "~bob/x", "/", ".env", "node_modules/../.git/config"} {
		f.Add(corpus.Project, p)
		f.Add(corpus.Project+"/sub", p)
	}
	pol := guards.DefaultPolicy()
	f.Fuzz(func(t *testing.T, cwd, p string) {
		if !filepath.IsAbs(cwd) || p == "" || strings.ContainsRune(cwd+p, 0) {
			return
		}
		env := guards.Env{Project: corpus.Project, Cwd: cwd, Home: corpus.Home, Sandbox: corpus.Project + "/agent_sandbox"}
		n := guards.Normalize(env, p)
		if !filepath.IsAbs(n.Abs) || n.Abs != filepath.Clean(n.Abs) {
			t.Fatalf("Normalize(%q) = %q: not absolute and clean", p, n.Abs)
		}
		for _, seg := range strings.Split(n.Abs, "/") {
			if seg == ".." {
				t.Fatalf("Normalize(%q) = %q leaves ..", p, n.Abs)
			}
		}
		if again := guards.Normalize(env, n.Abs); again.Abs != n.Abs || again.Rel != n.Rel {
			t.Fatalf("not idempotent: %q -> %+v -> %+v", p, n, again)
		}
		for _, a := range []guards.Action{guards.Write, guards.Delete} {
			if d, e := pol.Decide(env, p, a), pol.Decide(env, n.Abs, a); d.Verdict != e.Verdict {
				t.Fatalf("%s %q decides %s, its normal form %q decides %s", a, p, d.Verdict, n.Abs, e.Verdict)
			}
		}
	})
}

func FuzzHook(f *testing.F) {
	for _, s := range []string{
		`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git clone https://github.com/a/b.git","description":"d"}}`,
		`{"tool_name":"Write","tool_input":{"file_path":".env","content":"x"}}`,
		`{"tool":"Edit","arguments":{"file_path":"src/a.ts"}}`,
		`{"hook_event_name":"SessionEnd","session_id":"s"}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"curl -o x http://y"}}`,
		`{"tool_name":"apply_patch","tool_input":{"input":"*** Begin Patch\n*** Add File: .env\n+x\n*** End Patch"}}`,
		`{"tool_name":"Bash","tool_input":{"command":"rm -rf /"},"turn_id":"t"}`,
		``, `null`, `[]`, `{"tool_name":5}`, "\x00\xff{", `{"tool_name":"Bash","tool_input":{"command":"\u0000"}}`,
	} {
		f.Add([]byte(s))
	}
	for _, s := range seeds(f)[:50] {
		b, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": s}})
		f.Add(b)
	}
	dir := f.TempDir()
	env := map[string]string{"HOME": filepath.Join(dir, "home"), "CORRAL_STATE_DIR": filepath.Join(dir, "state"),
		"CORRAL_AUDIT_LOG": "off", "CLAUDE_PROJECT_DIR": filepath.Join(dir, "project"), "CONTENT_FILTER_SANDBOX_DIR": filepath.Join(dir, "sandbox")}
	os.Setenv("CORRAL_STATE_DIR", env["CORRAL_STATE_DIR"])
	f.Fuzz(func(t *testing.T, stdin []byte) {
		var out, errb bytes.Buffer
		code := app.Main([]string{"corral", "hook"}, bytes.NewReader(stdin), &out, &errb, func(k string) string { return env[k] })
		if code != 0 {
			t.Fatalf("hook exited %d on %q; stderr %s", code, stdin, errb.String())
		}
		if out.Len() == 0 {
			return
		}
		var ans struct {
			HookSpecificOutput *struct {
				HookEventName string `json:"hookEventName"`
			} `json:"hookSpecificOutput"`
			Decision string `json:"decision"`
		}
		if !utf8.Valid(out.Bytes()) || json.Unmarshal(out.Bytes(), &ans) != nil || strings.Count(strings.TrimSpace(out.String()), "\n") != 0 {
			t.Fatalf("not one valid JSON answer: %q", out.String())
		}
		if (ans.HookSpecificOutput == nil || ans.HookSpecificOutput.HookEventName == "") && ans.Decision == "" {
			t.Fatalf("answer without an event name or decision: %s", out.String())
		}
	})
}
