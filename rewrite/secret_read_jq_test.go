package rewrite

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestJqModulesRead: jq's program can load files by itself — import "P"
// as $NAME reads P.json, import "P" as NAME and include "P" read P.jq —
// from the -L directories, the metadata's search list, the working
// directory and ~/.jq. A secret loaded that way is read as one -f or
// --slurpfile names. Each command that should be a read runs in the
// installed jq first, on canary files under a scratch home, and must
// print the canary; the look-alikes load a project's own modules.
func TestJqModulesRead(t *testing.T) {
	t.Parallel()
	const canary = "CANARY-jq-3d1f"
	cfg := scratchProject(t, map[string]string{
		"home/.docker/config.json": `{"auths":{"x":{"auth":"` + canary + `"}}}`,
		"proj/lib/util.jq":         "def f: 1;",
		"proj/data/fixture.json":   `{"a":1}`,
		"proj/package.json":        `{"name":"p"}`,
		"proj/filters/dump.jq":     `import "config" as $c; $c`,
		"proj/filters/report.jq":   `include "util"; .items | map(f)`,
		// Modules that import modules: jq follows them with the same
		// search directories, a module's own {search: …} from its file's
		// directory.
		"proj/lib/leak.jq":  `import "config" as $c; def leak: $c;`,
		"proj/lib/near.jq":  `import "config" as $c {search: "../../home/.docker"}; def leak: $c;`,
		"proj/lib/deep.jq":  `import "near" as n; def leak2: n::leak;`,
		"proj/lib/tools.jq": `include "util"; def g: f + 1;`,
		"proj/lib/loop.jq":  `import "loop" as l; def x: 1;`,
		// A program file's relative search path is its directory's.
		"proj/filters/near.jq": `import "config" as $c {search: "../../home/.docker"}; $c`,
		"proj/filters/cwd.jq":  `import "config" as $c {search: "../home/.docker"}; 1`,
	})
	reads := []string{
		`jq -L ~/.docker -n 'import "config" as $c; $c'`,
		`jq -n -L ~/.docker 'import "config" as $c; $c | tostring'`,
		`jq -L~/.docker -n 'import "config" as $c; $c'`,
		`jq -n 'import "../home/.docker/config" as $c; $c'`,
		`jq -n 'import "config" as $c {search: "../home/.docker"}; $c'`,
		`jq -n -L lib 'import "../home/.docker/config" as $c; $c'`,
		`jq -n -L ../home/.docker -f filters/dump.jq`,
		`jq -n -L lib -L ~/.docker 'import "leak" as l; l::leak'`,
		`jq -n -L lib 'import "near" as n; n::leak'`,
		`jq -n -L lib 'import "deep" as d; d::leak2'`,
		`jq -n -f filters/near.jq`,
	}
	if jq, err := exec.LookPath("jq"); err == nil {
		for _, cmd := range reads {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			run := exec.CommandContext(ctx, "bash", "-c", cmd)
			run.Dir = cfg.Project
			run.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH")}
			out, err := run.CombinedOutput()
			cancel()
			if !strings.Contains(string(out), canary) {
				t.Errorf("%s (with %s): the canary was not printed (%v): %s", cmd, jq, err, out)
			}
		}
	} else {
		t.Log("no jq installed: the decisions only")
	}
	tests := []struct{ cmd, want string }{}
	for _, cmd := range reads {
		tests = append(tests, struct{ cmd, want string }{cmd, "deny"})
	}
	tests = append(tests, []struct{ cmd, want string }{
		{`jq -n -L lib 'include "util"; f'`, "allow"},
		{`jq -n 'import "lib/util" as u; u::f'`, "allow"},
		{`jq -n 'import "data/fixture" as $d; $d'`, "allow"},
		{`jq -n -L ~/.docker '1'`, "allow"},
		{`jq -n -L lib 'import "tools" as t; t::g'`, "allow"},
		// leak.jq's "config" is in no directory jq searches here (not the
		// module's own): jq stops with "module not found".
		{`jq -n -L lib 'import "leak" as l; 1'`, "allow"},
		{`jq -n -L lib 'import "loop" as l; l::x'`, "allow"}, // a cycle: read once
		// From filters/, ../home/.docker is no directory: jq stops with
		// "module not found" and prints nothing.
		{`jq -n -f filters/cwd.jq`, "allow"},
		{`jq -L lib -f filters/report.jq package.json`, "allow"},
		{`jq -n -f filters/dump.jq`, "allow"}, // no config.json here or in ~/.jq
		{`jq '.name' package.json`, "allow"},
		{`jq -n '"import \"x\""'`, "allow"},
	}...)
	checkDecisions(t, cfg, tests)
}

// TestJqModuleFiles: the files a directive can load, bounded.
func TestJqModuleFiles(t *testing.T) {
	t.Parallel()
	got := jqModuleFiles(`import "a/b" as $d; include "c" {search: ["s1", "s2"]}; import "m" as m;`, []string{"L"}, "/h")
	for _, want := range []string{"a/b.json", "a/b/b.json", "L/a/b.json", "/h/.jq/a/b.json", "c.jq", "s1/c.jq", "s2/c/c.jq", "L/m.jq"} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("jqModuleFiles: %q missing from %q", want, got)
		}
	}
	for _, g := range got {
		if g == "a/b.jq" || g == "c.json" {
			t.Errorf("jqModuleFiles: %q is not what the directive loads", g)
		}
	}
	long := strings.Repeat(`include "x";`, 10*maxJqModules)
	if n := len(jqModuleFiles(long, nil, "")); n > 2*maxJqModules {
		t.Errorf("jqModuleFiles: %d files for one repeated directive", n)
	}
}
