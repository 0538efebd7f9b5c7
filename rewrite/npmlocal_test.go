package rewrite

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// writePkgTgz writes a gzip'd tar archive at p holding members (name: text).
func writePkgTgz(t *testing.T, p string, members map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	var names []string
	for n := range members {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		body := members[n]
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLocalPackageInstall (red team 16 NP1): npm install of a local
// package by any spelling npm-package-arg takes for one — a bare
// absolute path, ./rel, ../rel, ~/x, file:, NAME@PATH, a .tgz/.tar.gz/.tar
// path — runs the package's install scripts (a directory's preinstall,
// install, postinstall, prepare; a tarball's preinstall, install,
// postinstall, read from the archive's package/package.json); yarn add,
// pnpm add/install and bun add/install of the same. An archive corral
// cannot read asks. Before: npm install /ABS/pkg and every tarball
// spelling passed.
func TestLocalPackageInstall(t *testing.T) {
	bad := `"rm -rf ~"`
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":         `{"name":"proj","version":"1.0.0"}`,
		"ext/evil/package.json":     `{"name":"evil","version":"1.0.0","scripts":{"postinstall":` + bad + `}}`,
		"ext/prep/package.json":     `{"name":"prep","version":"1.0.0","scripts":{"prepare":` + bad + `}}`,
		"ext/ok/package.json":       `{"name":"ok","version":"1.0.0","scripts":{"postinstall":"node build.js","prepare":"tsc"}}`,
		"home/hpkg/package.json":    `{"name":"hpkg","version":"1.0.0","scripts":{"preinstall":` + bad + `}}`,
		"proj/deps/package.json":    `{"name":"deps","version":"1.0.0","dependencies":{"e":"file:../../ext/evil.tgz"}}`,
		"ext/baddeps/package.json":  `{"name":"baddeps","version":"1.0.0","dependencies":{"e":"../evil.tgz"}}`,
		"ext/not-a-tar.tgz":         "just text, no archive\n",
		"ext/ok/build.js":           "console.log(1)\n",
		"proj/src/index.js":         "module.exports = 1\n",
		"ext/plain/package.json":    `{"name":"plain","version":"1.0.0"}`,
		"ext/plain/evil-in-name.js": "require('child_process').execSync('rm -rf ~')\n",
	})
	root := filepath.Dir(cfg.Project)
	ext := filepath.Join(root, "ext")
	writePkgTgz(t, filepath.Join(ext, "evil.tgz"), map[string]string{
		"package/package.json": `{"name":"evil","version":"1.0.0","scripts":{"postinstall":` + bad + `}}`,
	})
	writePkgTgz(t, filepath.Join(ext, "evil-1.0.0.tar.gz"), map[string]string{
		"package/package.json": `{"name":"evil","version":"1.0.0","scripts":{"install":` + bad + `}}`,
	})
	// The script runs a file of the archive: that file's text is read.
	writePkgTgz(t, filepath.Join(ext, "runs-member.tgz"), map[string]string{
		"package/package.json": `{"name":"rm","version":"1.0.0","scripts":{"postinstall":"node install.js"}}`,
		"package/install.js":   "require('child_process').execSync('rm -rf ~')\n",
	})
	// Any first component is stripped, as npm's extraction does.
	writePkgTgz(t, filepath.Join(ext, "other-top.tgz"), map[string]string{
		"x/package.json": `{"name":"ot","version":"1.0.0","scripts":{"preinstall":` + bad + `}}`,
	})
	writePkgTgz(t, filepath.Join(ext, "big.tgz"), map[string]string{
		"package/package.json": `{"name":"big","scripts":{"postinstall":"true"},"pad":"` + strings.Repeat("a", 1<<20) + `"}`,
	})
	// Look-alikes: a tarball whose scripts and files are harmless; a
	// tarball's prepare, which npm does not run.
	writePkgTgz(t, filepath.Join(ext, "ok.tgz"), map[string]string{
		"package/package.json": `{"name":"ok","version":"1.0.0","scripts":{"postinstall":"node install.js","prepare":` + bad + `}}`,
		"package/install.js":   "console.log('built')\n",
	})
	writePkgTgz(t, filepath.Join(ext, "noscripts.tgz"), map[string]string{
		"package/package.json": `{"name":"noscripts","version":"1.0.0"}`,
		"package/index.js":     "module.exports = 'rm -rf ~'\n",
	})
	writePkgTgz(t, filepath.Join(ext, "nested.tgz"), map[string]string{
		"package/package.json":     `{"name":"nested","version":"1.0.0"}`,
		"package/sub/package.json": `{"name":"sub","scripts":{"postinstall":` + bad + `}}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npm install " + ext + "/evil", "deny"},
		{"npm i " + ext + "/evil/", "deny"},
		{"npm install ../ext/evil", "deny"},
		{"npm install file:" + ext + "/evil", "deny"},
		{"npm install file://" + ext + "/evil", "deny"},
		{"npm install x@" + ext + "/evil", "deny"},
		{"npm install ~/hpkg", "deny"},
		{"npm install file:~/hpkg", "deny"},
		{"npm install " + ext + "/prep", "deny"}, // a directory's prepare runs
		{"npm install " + ext + "/evil.tgz", "deny"},
		{"npm install ../ext/evil.tgz", "deny"},
		{"npm install file:../ext/evil.tgz", "deny"},
		{"npm i e@../ext/evil.tgz", "deny"},
		{"npm install " + ext + "/evil-1.0.0.tar.gz", "deny"},
		{"cd ../ext && npm install evil.tgz", "deny"}, // a bare name ending in .tgz is a file
		{"npm install " + ext + "/runs-member.tgz", "deny"},
		{"npm install " + ext + "/other-top.tgz", "deny"},
		{"cd deps && npm install", "deny"},               // a file: tarball dependency
		{"npm install ../ext/baddeps", "deny"},           // a directory whose dependency is a tarball
		{"yarn add " + ext + "/evil", "deny"},            //
		{"yarn add file:" + ext + "/evil.tgz", "deny"},   //
		{"yarn global add ../ext/evil", "deny"},          //
		{"pnpm add " + ext + "/evil.tgz", "deny"},        //
		{"pnpm install ../ext/evil", "deny"},             //
		{"bun add " + ext + "/evil", "deny"},             //
		{"bun add file:" + ext + "/evil.tgz", "deny"},    //
		{"npm install " + ext + "/not-a-tar.tgz", "ask"}, // unreadable: ask
		{"npm install " + ext + "/big.tgz", "ask"},       // package.json over 1 MiB
		// Look-alikes.
		{"npm install " + ext + "/ok", "allow"},
		{"npm install " + ext + "/ok.tgz", "allow"},
		{"npm install " + ext + "/noscripts.tgz", "allow"},
		{"npm install " + ext + "/nested.tgz", "allow"}, // only the package's own package.json
		{"npm install " + ext + "/plain", "allow"},
		{"npm install " + ext + "/missing.tgz", "allow"}, // npm fails: nothing to run
		{"npm install lodash", "allow"},
		{"npm install @types/node", "allow"},
		{"npm install lodash@4", "allow"},
		{"yarn add lodash", "allow"},
		{"pnpm add react", "allow"},
		{"bun add zod", "allow"},
		{"echo npm install " + ext + "/evil.tgz", "allow"},
		{"tar tzf " + ext + "/evil.tgz", "allow"},
	})
}

// TestLocalPackageInstallOracle runs the real npm, offline, on a local
// package by its bare absolute path and as a tarball by path and by a
// bare .tgz name: the install scripts npm runs leave canaries, and corral
// denies the same installs of a package whose script is rm -rf ~.
func TestLocalPackageInstallOracle(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	root := t.TempDir()
	home := filepath.Join(root, "home")
	canary := filepath.Join(root, "ran")
	script := func(n string) string {
		return `node -e \"require('fs').appendFileSync('` + canary + `', '` + n + ` ')\"`
	}
	pkg := filepath.Join(root, "pkg")
	manifest := `{"name":"canary-pkg","version":"1.0.0","scripts":{"preinstall":"` + script("preinstall") +
		`","postinstall":"` + script("postinstall") + `","prepare":"` + script("prepare") + `"}}`
	for p, text := range map[string]string{filepath.Join(pkg, "package.json"): manifest, filepath.Join(home, ".keep"): ""} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writePkgTgz(t, filepath.Join(root, "canary.tgz"), map[string]string{"package/package.json": manifest})
	env := append(os.Environ(), "HOME="+home, "npm_config_cache="+filepath.Join(root, "cache"),
		"npm_config_update_notifier=false", "npm_config_audit=false", "npm_config_fund=false")
	for i, tc := range []struct{ spec, want string }{
		{pkg, "preinstall prepare postinstall "},
		{filepath.Join(root, "canary.tgz"), "preinstall postinstall "},
		{"../canary.tgz", "preinstall postinstall "},
	} {
		proj := filepath.Join(root, "proj"+string(rune('a'+i)))
		if err := os.MkdirAll(proj, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, "package.json"), []byte(`{"name":"p","version":"1.0.0"}`), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(canary)
		cmd := exec.Command("npm", "install", "--offline", tc.spec)
		cmd.Dir, cmd.Env = proj, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm install %s: %v\n%s", tc.spec, err, out)
		}
		got, _ := os.ReadFile(canary)
		if string(got) != tc.want {
			t.Errorf("npm install %s ran %q, want %q", tc.spec, got, tc.want)
		}
	}
	// The same spellings of a package that deletes the home directory.
	evil := `{"name":"evil","version":"1.0.0","scripts":{"postinstall":"rm -rf ~"}}`
	if err := os.WriteFile(filepath.Join(pkg, "package.json"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	writePkgTgz(t, filepath.Join(root, "canary.tgz"), map[string]string{"package/package.json": evil})
	envm := map[string]string{"HOME": home, EnvProject: filepath.Join(root, "proja")}
	cfg, _ := NewConfig(func(k string) string { return envm[k] }, envm[EnvProject])
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npm install " + pkg, "deny"},
		{"npm install " + filepath.Join(root, "canary.tgz"), "deny"},
		{"npm install ../canary.tgz", "deny"},
	})
}
