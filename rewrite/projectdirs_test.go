package rewrite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPackageScriptsElsewhere: the package.json scripts a command runs
// from another directory than the working one, or by another runner
// than npm (red team 13 PB): node --run NAME (the nearest package.json
// upwards, no pre/post scripts), pnpm -C/--dir DIR, yarn --cwd DIR and
// bun --cwd DIR run the scripts of DIR's package.json; a directory only
// known at run time asks when a script would run. Look-alikes: harmless
// scripts, a project without the script, builtins that run none.
func TestPackageScriptsElsewhere(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":     `{"name":"root","scripts":{"test":"node -e 0","evil":"rm -rf ~","prewipe":"echo hi"}}`,
		"proj/web/package.json": `{"name":"web","scripts":{"install":"rm -rf ~","build":"rm -rf ~","test":"rm -rf ~"}}`,
		"proj/ok/package.json":  `{"name":"ok","scripts":{"build":"tsc -p .","test":"node -e 0","install":"node -e 0"}}`,
		"proj/sub/":             "",
		"proj/nopkg/":           "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"node --run evil", "deny"},
		{"node --run=evil", "deny"},
		{"cd web && node --run build", "deny"},
		{"cd sub && node --run evil", "deny"}, // found upwards
		{"node --run \"$X\"", "ask"},
		{"pnpm -C web build", "deny"},
		{"pnpm --dir web run build", "deny"},
		{"pnpm --dir=web run build", "deny"},
		{"pnpm run --dir web build", "deny"},
		{"pnpm -C web install", "deny"},
		{"pnpm -C web test", "deny"},
		{"yarn --cwd web build", "deny"},
		{"yarn --cwd web", "deny"},
		{"yarn --cwd=web run build", "deny"},
		{"bun --cwd web run build", "deny"},
		{"bun --cwd=web run build", "deny"},
		{"pnpm -C \"$(cat d.txt)\" build", "ask"},
		{"yarn --cwd \"$(cat d.txt)\" install", "ask"},
		// Look-alikes.
		{"node --run test", "allow"},
		{"node --run build", "allow"}, // no such script at the root
		{"node --run", "allow"},
		{"pnpm -C ok build", "allow"},
		{"pnpm -C ok install", "allow"},
		{"pnpm --dir ok run test", "allow"},
		{"yarn --cwd ok build", "allow"},
		{"yarn --cwd ok", "allow"},
		{"bun --cwd ok run build", "allow"},
		{"pnpm -C nopkg install", "allow"},
		{"pnpm -C \"$(cat d.txt)\" list", "allow"},
		{"echo node --run evil", "allow"},
	})
}

// TestNodeRunOracle runs node --run with the real node (22 and later;
// it skips on an older one): the script of the nearest package.json
// runs in that file's directory, and its pre script does not run, as
// nodeRunScript models.
func TestNodeRunOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node")
	}
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	pkg := `{"scripts":{"prego":"touch pre-ran","go":"touch ran-here"}}`
	if err := os.WriteFile(filepath.Join(root, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "--run", "go")
	cmd.Dir = sub
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "bad option") {
		t.Skip("this node has no --run")
	}
	if err != nil {
		t.Fatalf("node --run go: %v: %s", err, out)
	}
	if _, err := os.Stat(filepath.Join(root, "ran-here")); err != nil {
		t.Errorf("the script did not run in package.json's directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "pre-ran")); err == nil {
		t.Errorf("node --run ran the pre script")
	}
}

// TestTurboTasks: turbo run TASK (turbo TASK, turbo watch TASK) runs the
// TASK script of each workspace package, npm's workspaces or
// pnpm-workspace.yaml's packages, with the tasks turbo.json's dependsOn
// adds, and a root task's (//#TASK) root script (red team 13 PB).
// Look-alikes: harmless scripts, a task no package has, --dry-run, and
// a root script turbo does not run.
func TestTurboTasks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/package.json":           `{"name":"root","workspaces":["apps/*"],"scripts":{"build":"turbo run build","wipe":"rm -rf ~"}}`,
		"proj/turbo.json":             `{"tasks":{"build":{"dependsOn":["^gen"]},"test":{},"//#clean":{}}}`,
		"proj/apps/web/package.json":  `{"name":"web","scripts":{"build":"tsc","gen":"rm -rf ~","test":"node -e 0"}}`,
		"proj/apps/api/package.json":  `{"name":"api","scripts":{"build":"tsc","lint":"rm -rf ~"}}`,
		"proj/pn/turbo.json":          `{"pipeline":{"build":{}}}`,
		"proj/pn/package.json":        `{"name":"pn","scripts":{"clean":"rm -rf ~"}}`,
		"proj/pn/pnpm-workspace.yaml": "packages:\n  - 'pk/*'\n",
		"proj/pn/pk/a/package.json":   `{"name":"a","scripts":{"build":"rm -rf ~"}}`,
		"proj/rt/turbo.json":          `{"tasks":{"//#clean":{}}}`,
		"proj/rt/package.json":        `{"name":"rt","scripts":{"clean":"rm -rf ~"}}`,
		"elsewhere/nt/package.json":   `{"name":"nt","workspaces":["x"],"scripts":{"wipe":"rm -rf ~"}}`,
		"elsewhere/nt/x/package.json": `{"name":"x","scripts":{"build":"rm -rf ~"}}`,
		"proj/ok/turbo.json":          `{"tasks":{"build":{"dependsOn":["^build"]}}}`,
		"proj/ok/package.json":        `{"name":"ok","workspaces":["p/*"]}`,
		"proj/ok/p/one/package.json":  `{"name":"one","scripts":{"build":"tsc -b","test":"vitest run"}}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"turbo run build", "deny"}, // dependsOn ^gen: web's gen
		{"turbo build", "deny"},
		{"turbo run lint", "deny"},
		{"turbo watch lint", "deny"},
		{"turbo run lint --filter=web", "deny"}, // every workspace is read
		{"cd apps/web && turbo run gen", "deny"},
		{"turbo --cwd pn run build", "deny"},
		{"cd pn && turbo run build", "deny"},
		{"cd rt && turbo run clean", "deny"},
		{"turbo run \"$T\"", "ask"},
		// Look-alikes.
		{"turbo run test", "allow"},
		{"turbo run build --dry-run", "allow"},
		{"turbo run wipe", "allow"}, // a root script is no task
		{"cd ok && turbo run build test", "allow"},
		{"cd ../elsewhere/nt && turbo run build", "allow"}, // no turbo.json: turbo refuses
		{"turbo login", "allow"},
		{"echo turbo run gen", "allow"},
	})
}

// TestNinjaBuildCommands: ninja (samu) runs each build's command from
// build.ninja (-C DIR, -f FILE), expanded as ninja expands it: the build's
// and the file's variables, $in/$out shell-escaped, $$ a dollar, a line
// going on after a trailing $, include and subninja (red team 13 PB).
// Look-alikes: a compiler rule, a comment, -n, -t, a $out of "~" (ninja
// quotes it: a directory named ~), a ninja variable $HOME (empty).
func TestNinjaBuildCommands(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/nb/build.ninja":  "rule r\n  command = rm -rf ~\nbuild out: r\n",
		"proj/bv/build.ninja":  "rule r\n  command = $cmd\n  description = run\nbuild x: r\n  cmd = rm -rf ~\n",
		"proj/fv/build.ninja":  "w = rm -rf\nrule r\n  command = $w $$HOME\nbuild x: r in.c\n",
		"proj/ct/build.ninja":  "rule r\n  command = rm -rf $\n      ~\nbuild x: r\n",
		"proj/inc/build.ninja": "include rules.ninja\nbuild x: wipe\n",
		"proj/inc/rules.ninja": "rule wipe\n  command = rm -rf ~/\n",
		"proj/sub/build.ninja": "subninja more.ninja\n",
		"proj/sub/more.ninja":  "rule r\n  command = rm -rf ${where}\nbuild y: r\n  where = /root/\n",
		"proj/io/build.ninja":  "rule r\n  command = rm -rf $out\nbuild /root: r\n",
		"proj/ok/build.ninja": "cflags = -O2 -Wall\n# rule w\n#   command = rm -rf ~\nrule cc\n  command = cc $cflags -c $in -o $out\n" +
			"  depfile = $out.d\nrule link\n  command = cc $in -o $out\nbuild a.o: cc a.c\nbuild b.o: cc b.c | gen.h || dir\n" +
			"build app: link a.o b.o\nbuild all: phony app\ndefault all\n",
		"proj/tl/build.ninja":    "rule r\n  command = rm -rf $out\nbuild ~: r\n",
		"proj/hv/build.ninja":    "rule r\n  command = rm -rf $HOME\nbuild x: r\n",
		"proj/big/build.ninja":   bigNinja(3000, "build .git: wipe\n"),
		"proj/bigok/build.ninja": bigNinja(3000, ""),
		"proj/huge/build.ninja":  strings.Repeat("# padding past what corral reads\n", 40000) + "rule r\n  command = rm -rf ~\nbuild x: r\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"ninja -C nb", "deny"},
		{"cd nb && ninja", "deny"},
		{"ninja -f nb/build.ninja out", "deny"},
		{"samu -C nb", "deny"},
		{"ninja -C bv", "deny"},
		{"ninja -C fv", "deny"},
		{"ninja -C ct -j4", "deny"},
		{"ninja -C inc", "deny"},
		{"ninja -C sub", "deny"},
		{"ninja -C io", "deny"},
		{"ninja -C \"$D\"", "ask"},
		{"ninja -C huge", "ask"}, // over 1 MiB: not read
		{"ninja -C big", "ask"},  // the last of 3,000 builds: rm -rf .git (a .git where no repository is: ask)
		// Look-alikes.
		{"ninja -C ok", "allow"},
		{"ninja -C ok app -v", "allow"},
		{"ninja -C nb -n", "allow"},
		{"ninja -C nb -t targets", "allow"},
		{"ninja -C tl", "allow"},
		{"ninja -C hv", "allow"},
		{"ninja --version", "allow"},
		{"ninja -C bigok", "allow"}, // 3,000 compiles: one template past the first 512
		{"echo ninja -C nb", "allow"},
	})
}

// bigNinja is a build.ninja of n compiles by one rule, and tail.
func bigNinja(n int, tail string) string {
	var b strings.Builder
	b.WriteString("rule cc\n  command = cc -c $in -o $out\nrule wipe\n  command = rm -rf $out\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "build o/f%d.o: cc src/f%d.c\n", i, i)
	}
	b.WriteString(tail)
	return b.String()
}

// TestPnpmfileWorkspaceSetting: pnpm 10 takes its pnpmfile (and
// globalPnpmfile) from pnpm-workspace.yaml, the project's or the
// workspace root's above it, a path from that file's directory; pnpm
// install, add and the other resolving commands load it (red team 13
// CF3). Look-alikes: a harmless hooks file, --ignore-pnpmfile, a
// command that resolves nothing.
func TestPnpmfileWorkspaceSetting(t *testing.T) {
	t.Parallel()
	const hook = "require(\"child_process\").execSync(\"rm -rf ~\");\nmodule.exports = { hooks: {} };\n"
	cfg := scratchProject(t, map[string]string{
		"proj/pw/package.json":        `{"name":"pw"}`,
		"proj/pw/pnpm-workspace.yaml": "packages:\n  - 'pk/*'\npnpmfile: tools/hooks.cjs # hooks\n",
		"proj/pw/tools/hooks.cjs":     hook,
		"proj/pw/pk/a/package.json":   `{"name":"a"}`,
		"proj/gw/package.json":        `{"name":"gw"}`,
		"proj/gw/pnpm-workspace.yaml": "globalPnpmfile: \"g.cjs\"\n",
		"proj/gw/g.cjs":               hook,
		"proj/ok/package.json":        `{"name":"ok"}`,
		"proj/ok/pnpm-workspace.yaml": "packages:\n  - 'pk/*'\npnpmfile: tools/hooks.cjs\n",
		"proj/ok/tools/hooks.cjs":     "module.exports = { hooks: { readPackage(p) { return p } } };\n",
		"proj/ok/.pnpmfile.cjs":       hook, // replaced by the setting
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd pw && pnpm install", "deny"},
		{"cd pw/pk/a && pnpm add lodash", "deny"},
		{"pnpm -C pw update", "deny"},
		{"cd gw && pnpm i", "deny"},
		// Look-alikes.
		{"cd ok && pnpm install", "allow"},
		{"cd pw && pnpm install --ignore-pnpmfile", "allow"},
		{"cd pw && pnpm list", "allow"},
		{"cat pw/pnpm-workspace.yaml", "allow"},
	})
}

// TestDevboxScripts: devbox run NAME runs devbox.json's shell.init_hook
// and then shell.scripts.NAME (a line or a list, one shell), devbox
// shell the init_hook; the project is -c/--config's or the nearest
// devbox.json upwards (red team 13 PB). Look-alikes: harmless hooks and
// scripts, devbox run of a command that is no script, other verbs.
func TestDevboxScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/db/devbox.json":  `{"packages":["go@1.22"],"shell":{"init_hook":["echo hi"],"scripts":{"test":"go test ./...","wipe":["cd ~","rm -rf ~/"]}}}`,
		"proj/ih/devbox.json":  `{"shell":{"init_hook":"rm -rf ~","scripts":{"test":"go test ./..."}}}`,
		"proj/sv/devbox.json":  `{"shell":{"init_hook":["x=~"],"scripts":{"go":"rm -rf $x"}}}`,
		"proj/sv/sub/":         "",
		"proj/ok/devbox.json":  `{"shell":{"init_hook":["export GOFLAGS=-mod=mod"],"scripts":{"test":["go vet ./...","go test ./..."]}}}`,
		"proj/cfg/devbox.json": `{"shell":{"scripts":{"build":"rm -rf ~"}}}`,
		"proj/bad/devbox.json": `{"shell":{"scripts":{"test":"rm -rf ~"`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd db && devbox run wipe", "deny"},
		{"cd ih && devbox run test", "deny"},
		{"cd ih && devbox shell", "deny"},
		{"cd sv/sub && devbox run go", "deny"}, // found upwards; the hook's x in the script
		{"devbox run -c cfg build", "deny"},
		{"devbox run --config=cfg/devbox.json build", "deny"},
		{"devbox run -c \"$D\" build", "ask"},
		// Look-alikes.
		{"cd db && devbox run test", "allow"},
		{"cd db && devbox shell", "allow"},
		{"cd ok && devbox run test", "allow"},
		{"cd db && devbox run go version", "allow"},
		{"cd bad && devbox run test", "ask"}, // not JSON: not read
		{"cd ih && devbox add ripgrep", "allow"},
		{"devbox run -c cfg test", "allow"},
	})
}

// TestCodeBuildFiles: zig build runs build.zig and swift build/run/test
// runs Package.swift (and plugins), code corral has no reader for: asked
// when the file is there; dotnet build (test, publish, …) and msbuild run
// the <Exec Command> tasks of the project, Directory.Build.props/targets
// above it and the files they import, judged as shell text, and an
// inline task asks (red team 13 PB). Look-alikes: no build file, swift's
// --help, a project without Exec tasks, an Exec of a harmless command, a
// commented-out Exec, dotnet's other commands.
func TestCodeBuildFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/zg/build.zig":               "const std = @import(\"std\");\npub fn build(b: *std.Build) void { _ = b; }\n",
		"proj/zg/src/":                    "",
		"proj/sw/Package.swift":           "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"x\")\n",
		"proj/none/":                      "",
		"proj/dn/app.csproj":              `<Project Sdk="Microsoft.NET.Sdk"><Target Name="W" BeforeTargets="Build"><Exec Command="rm -rf ~" /></Target></Project>`,
		"proj/dp/Directory.Build.targets": `<Project><Target Name="W" AfterTargets="Build"><Exec Command="rm -rf ~/" /></Target></Project>`,
		"proj/dp/src/lib/lib.csproj":      `<Project Sdk="Microsoft.NET.Sdk"></Project>`,
		"proj/im/app.fsproj":              `<Project Sdk="Microsoft.NET.Sdk"><Import Project="build\extra.targets" /></Project>`,
		"proj/im/build/extra.targets":     `<Project><Target Name="X"><Exec Command="rm -rf &quot;$HOME&quot;" /></Target></Project>`,
		"proj/it/app.csproj": `<Project><UsingTask TaskName="T" TaskFactory="RoslynCodeTaskFactory" AssemblyFile="$(MSBuildToolsPath)\Microsoft.Build.Tasks.Core.dll">` +
			`<Task><Code Type="Fragment" Language="cs">System.IO.Directory.Delete("/x", true);</Code></Task></UsingTask></Project>`,
		"proj/ok/app.csproj": `<Project Sdk="Microsoft.NET.Sdk"><!-- <Exec Command="rm -rf ~" /> -->` +
			`<Target Name="G" BeforeTargets="Build"><Exec Command="echo building $(Configuration)" WorkingDirectory="$(ProjectDir)" /></Target></Project>`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cd zg && zig build", "ask"},
		{"cd zg/src && zig build test", "ask"},
		{"zig build --build-file zg/build.zig", "ask"},
		{"cd sw && swift build", "ask"},
		{"swift run --package-path sw", "ask"},
		{"cd dn && dotnet build", "deny"},
		{"dotnet test dn/app.csproj", "deny"},
		{"dotnet publish dn -c Release", "deny"},
		{"cd dn && msbuild /t:Build /p:Configuration=Release", "deny"},
		{"cd dp/src/lib && dotnet build", "deny"},
		{"dotnet build im", "deny"},
		{"cd it && dotnet build", "ask"},
		{"dotnet build \"$P\"", "ask"},
		// Look-alikes.
		{"cd none && zig build", "allow"},
		{"cd none && swift build", "allow"},
		{"cd sw && swift build --help", "allow"},
		{"zig version", "allow"},
		{"cd ok && dotnet build", "allow"},
		{"cd ok && dotnet --info", "allow"},
		{"cd dn && dotnet new console -o x", "allow"},
		{"echo dotnet build dn", "allow"},
	})
}

// TestWorkspaceScripts: pnpm -r/--recursive and -F/--filter run a
// script (or install) in each workspace package, yarn workspace NAME
// SCRIPT in the package named NAME, yarn workspaces run SCRIPT and yarn
// workspaces foreach … run SCRIPT in each (red team 13 PB). Look-alikes:
// harmless scripts, another package's name, builtins.
func TestWorkspaceScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/pnpm-workspace.yaml":        "packages:\n  - packages/*\n",
		"proj/package.json":               `{"name":"root","workspaces":["packages/*"]}`,
		"proj/packages/dirx/package.json": `{"name":"@s/evil","scripts":{"build":"rm -rf ~","postinstall":"rm -rf ~"}}`,
		"proj/packages/ok/package.json":   `{"name":"@s/ok","scripts":{"build":"tsc","test":"vitest"}}`,
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"pnpm -r build", "deny"},
		{"pnpm --recursive run build", "deny"},
		{"pnpm --filter @s/ok build", "deny"}, // the filter is not resolved
		{"pnpm -F @s/evil run build", "deny"},
		{"pnpm run -r build", "deny"},
		{"pnpm -r install", "deny"},
		{"cd packages/ok && pnpm -r build", "deny"},
		{"yarn workspace @s/evil build", "deny"},
		{"yarn workspace @s/evil run build", "deny"},
		{"yarn workspaces run build", "deny"},
		{"yarn workspaces foreach -A run build", "deny"},
		// Look-alikes.
		{"pnpm -r test", "allow"},
		{"yarn workspace @s/ok build", "allow"},
		{"yarn workspace @s/evil add lodash", "allow"},
		{"pnpm -r list", "allow"},
		{"yarn workspaces info", "allow"},
	})
}
