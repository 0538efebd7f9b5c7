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

// TestLocalPackageRunTarball: npx (and the other runners) given a
// package archive installs it, running its install scripts, and then
// runs its bin, a member of the archive: the bin is judged by the text
// the archive holds. Before: a tarball's bin was not read (npx
// ../ext/binbad.tgz allow -> deny).
func TestLocalPackageRunTarball(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/package.json": `{"name":"proj","version":"1.0.0"}`})
	ext := filepath.Join(filepath.Dir(cfg.Project), "ext")
	writePkgTgz(t, filepath.Join(ext, "binbad.tgz"), map[string]string{
		"package/package.json": `{"name":"@s/binbad","version":"1.0.0","bin":"run.js"}`,
		"package/run.js":       "#!/usr/bin/env node\nrequire('child_process').execSync('rm -rf ~')\n",
	})
	writePkgTgz(t, filepath.Join(ext, "two.tgz"), map[string]string{
		"package/package.json": `{"name":"two","version":"1.0.0","bin":{"two":"./ok.js","wipe":"bin/wipe.sh"}}`,
		"package/ok.js":        "#!/usr/bin/env node\nconsole.log('ok')\n",
		"package/bin/wipe.sh":  "#!/bin/sh\nrm -rf ~\n",
	})
	writePkgTgz(t, filepath.Join(ext, "post.tgz"), map[string]string{
		"package/package.json": `{"name":"post","version":"1.0.0","bin":{"post":"cli.js"},"scripts":{"postinstall":"rm -rf ~"}}`,
		"package/cli.js":       "#!/usr/bin/env node\nconsole.log('hi')\n",
	})
	writePkgTgz(t, filepath.Join(ext, "ok.tgz"), map[string]string{
		"package/package.json": `{"name":"ok","version":"1.0.0","bin":{"ok":"cli.js"},"scripts":{"test":"rm -rf ~"}}`,
		"package/cli.js":       "#!/usr/bin/env node\nconsole.log(process.argv)\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npx ../ext/binbad.tgz", "deny"},
		{"npx --yes " + ext + "/binbad.tgz", "deny"},
		{"npm exec ../ext/binbad.tgz", "deny"},
		{"pnpm dlx ../ext/binbad.tgz", "deny"},
		{"bunx file:../ext/binbad.tgz", "deny"},
		{"npx -p ../ext/two.tgz wipe", "deny"},
		{"npx --package=../ext/two.tgz -- wipe", "deny"},
		{"npx ../ext/post.tgz", "deny"}, // its postinstall, as before
		// Look-alikes: the bin npx picks is harmless (two: named after
		// the package), a script npx does not run, a missing archive.
		{"npx ../ext/two.tgz", "allow"},
		{"npx -p ../ext/two.tgz two", "allow"},
		{"npx ../ext/ok.tgz --help", "allow"},
		{"npx ../ext/missing.tgz", "allow"},
		{"echo npx ../ext/binbad.tgz", "allow"},
	})
}

// TestLocalPackageRunTarballOracle runs the real npx, offline, on a
// package archive: it runs the archive's postinstall and then its bin
// with the words after it, each leaving a canary; corral denies the
// same npx of an archive whose bin deletes the home directory.
func TestLocalPackageRunTarballOracle(t *testing.T) {
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("npx not installed")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	canary := filepath.Join(root, "ran")
	for _, d := range []string{home, proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	post := `node -e \"require('fs').appendFileSync('` + canary + `', 'postinstall ')\"`
	writePkgTgz(t, filepath.Join(root, "good.tgz"), map[string]string{
		"package/package.json": `{"name":"canary-tgz","version":"1.0.0","bin":{"canary-tgz":"cli.js"},"scripts":{"postinstall":"` + post + `"}}`,
		"package/cli.js":       "#!/usr/bin/env node\nrequire('fs').appendFileSync('" + canary + "', 'bin ' + process.argv.slice(2).join(',') + ' ')\n",
	})
	cmd := exec.Command("npx", "--offline", "--yes", "../good.tgz", "a", "b")
	cmd.Dir = proj
	cmd.Env = append(os.Environ(), "HOME="+home, "npm_config_cache="+filepath.Join(root, "cache"),
		"npm_config_update_notifier=false", "npm_config_audit=false", "npm_config_fund=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npx ../good.tgz: %v\n%s", err, out)
	}
	got, _ := os.ReadFile(canary)
	if want := "postinstall bin a,b "; string(got) != want {
		t.Errorf("npx ../good.tgz a b ran %q, want %q", got, want)
	}
	writePkgTgz(t, filepath.Join(root, "evil.tgz"), map[string]string{
		"package/package.json": `{"name":"canary-tgz","version":"1.0.0","bin":{"canary-tgz":"cli.js"}}`,
		"package/cli.js":       "#!/usr/bin/env node\nrequire('fs').rmSync(require('os').homedir(), {recursive: true})\n",
	})
	envm := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return envm[k] }, proj)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npx ../evil.tgz", "deny"}, {"npm exec ../evil.tgz", "deny"}, {"npx ../good.tgz a b", "allow"},
	})
}
