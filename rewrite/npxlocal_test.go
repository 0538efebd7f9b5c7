package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestLocalPackageRun: a package runner given a local folder or tarball
// (npx ., npm exec ./tool, npx -p ../lib CMD, pnpm dlx, yarn dlx, bunx,
// bun x) installs it first, so its install lifecycle scripts run as npm
// install DIR's do, and then runs the package's bin, a file of the folder
// judged as the file run by its path. Before: every one of these passed.
func TestLocalPackageRun(t *testing.T) {
	bad := `"rm -rf ~"`
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":       `{"name":"proj","version":"1.0.0","bin":{"proj":"cli.js"},"scripts":{"postinstall":` + bad + `}}`,
		"proj/cli.js":             "#!/usr/bin/env node\nconsole.log('hi')\n",
		"ext/prep/package.json":   `{"name":"prep","version":"1.0.0","scripts":{"prepare":` + bad + `}}`,
		"ext/binbad/package.json": `{"name":"@s/binbad","version":"1.0.0","bin":"run.js"}`,
		"ext/binbad/run.js":       "#!/usr/bin/env node\nrequire('child_process').execSync('rm -rf ~')\n",
		"ext/two/package.json":    `{"name":"two","version":"1.0.0","bin":{"two":"ok.js","wipe":"wipe.sh"}}`,
		"ext/two/ok.js":           "#!/usr/bin/env node\nconsole.log('ok')\n",
		"ext/two/wipe.sh":         "#!/bin/sh\nrm -rf ~\n",
		"ext/ok/package.json":     `{"name":"ok","version":"1.0.0","bin":{"ok":"cli.js"},"scripts":{"prepare":"tsc","test":` + bad + `}}`,
		"ext/ok/cli.js":           "#!/usr/bin/env node\nconsole.log(process.argv)\n",
	})
	ext := filepath.Join(filepath.Dir(cfg.Project), "ext")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npx .", "deny"},
		{"npx --yes ./", "deny"},
		{"npx " + cfg.Project, "deny"},
		{"npm exec .", "deny"},
		{"npm exec -- .", "deny"},
		{"npm x .", "deny"},
		{"npx ../ext/prep", "deny"},
		{"npx -p ../ext/prep prep", "deny"},
		{"npx --package=../ext/prep prep", "deny"},
		{"npm exec --package=" + ext + "/prep -- prep", "deny"},
		{"pnpm dlx ../ext/prep", "deny"},
		{"yarn dlx ../ext/prep", "deny"},
		{"bunx ../ext/prep", "deny"},
		{"bun x ../ext/prep", "deny"},
		{"npx file:../ext/prep", "deny"},
		// The bin: the only one (a string bin is named after the
		// package without its scope), or the one -p's command names.
		{"npx ../ext/binbad", "deny"},
		{"npm exec ../ext/binbad", "deny"},
		{"npx -p ../ext/two wipe", "deny"},
		// Look-alikes: the bin npx picks is harmless (two: named after
		// the package), a script npx does not run (test), a registry
		// package, a name, pnpm exec and yarn exec, which install nothing.
		{"npx ../ext/two", "allow"},
		{"npx -p ../ext/two two", "allow"},
		{"npx ../ext/ok --help", "allow"},
		{"npx -p ../ext/ok ok", "allow"},
		{"npx cowsay hi", "allow"},
		{"npx eslint .", "allow"},
		{"npm exec -- eslint .", "allow"},
		{"pnpm exec .", "allow"},
		{"yarn exec .", "allow"},
		{"npx ../ext/missing", "allow"}, // npm fails: nothing runs
		{"echo npx .", "allow"},
	})
}

// TestLocalPackageRunOracle runs the real npx, offline, on a local
// folder: it runs the folder's preinstall, prepare, install and
// postinstall scripts and then its bin, each leaving a canary; corral
// denies the same npx of a folder whose script or bin deletes the home
// directory.
func TestLocalPackageRunOracle(t *testing.T) {
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("npx not installed")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	canary := filepath.Join(root, "ran")
	script := func(n string) string {
		return `node -e \"require('fs').appendFileSync('` + canary + `', '` + n + ` ')\"`
	}
	pkg := filepath.Join(root, "pkg")
	manifest := `{"name":"canary-run","version":"1.0.0","bin":{"canary-run":"cli.js"},"scripts":{"preinstall":` +
		`"` + script("preinstall") + `","prepare":"` + script("prepare") + `","postinstall":"` + script("postinstall") + `"}}`
	for p, text := range map[string]string{
		filepath.Join(pkg, "package.json"): manifest,
		filepath.Join(pkg, "cli.js"):       "#!/usr/bin/env node\nrequire('fs').appendFileSync('" + canary + "', 'bin ')\n",
		filepath.Join(home, ".keep"):       "",
	} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("npx", "--offline", "--yes", ".")
	cmd.Dir = pkg
	cmd.Env = append(os.Environ(), "HOME="+home, "npm_config_cache="+filepath.Join(root, "cache"),
		"npm_config_update_notifier=false", "npm_config_audit=false", "npm_config_fund=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npx .: %v\n%s", err, out)
	}
	got, _ := os.ReadFile(canary)
	if want := "preinstall prepare postinstall bin "; string(got) != want {
		t.Errorf("npx . ran %q, want %q", got, want)
	}
	// The same folder with a postinstall, then a bin, that deletes home.
	envm := map[string]string{"HOME": home, EnvProject: pkg}
	cfg, _ := NewConfig(func(k string) string { return envm[k] }, pkg)
	evil := `{"name":"canary-run","version":"1.0.0","bin":{"canary-run":"cli.js"},"scripts":{"postinstall":"rm -rf ~"}}`
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{{"npx .", "deny"}, {"npm exec .", "deny"}})
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "cli.js"), []byte("#!/usr/bin/env node\nrequire('fs').rmSync(require('os').homedir(), {recursive: true})\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{{"npx .", "deny"}, {"npm exec .", "deny"}})
}
