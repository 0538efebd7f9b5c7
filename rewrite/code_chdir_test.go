package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// chdirCases are program code that changes its working directory, or
// starts a process in another one, before a relative write, deletion or
// shell call; and look-alikes inside the project that pass.
var chdirCases = []struct{ cmd, want string }{
	// os.chdir, process.chdir, Dir.chdir, Perl's and PHP's chdir.
	{`python3 -c 'import os; os.chdir("HOME/.claude"); open("settings.json","w").write("{}")'`, "deny"},
	{`python3 -c 'import os,shutil; os.chdir(os.path.expanduser("~")); shutil.rmtree(".ssh")'`, "deny"},
	{`perl -e 'chdir; open(F,">>",".bashrc"); print F "x"'`, "deny"},
	{`perl -e 'chdir $ENV{HOME}; unlink ".bashrc"'`, "deny"},
	{`node -e 'process.chdir(process.env.HOME); require("fs").appendFileSync(".bashrc","x")'`, "deny"},
	{`ruby -e 'Dir.chdir(Dir.home){ File.write(".bashrc","x",mode:"a") }'`, "deny"},
	{`ruby -e 'Dir.chdir(Dir.home) do File.write(".bashrc","x") end'`, "deny"},
	{`ruby -e 'Dir.chdir; File.write(".bashrc","x")'`, "deny"},
	{`php -r 'chdir(getenv("HOME")); file_put_contents(".bashrc","x",FILE_APPEND);'`, "deny"},
	{`python3 -c 'import os; os.chdir(os.path.expanduser("~")); os.system("echo x >> .bashrc")'`, "deny"},
	// A directory only known at run time: relative paths are run-time.
	{`python3 -c 'import os,sys; os.chdir(sys.argv[1]); open(".bashrc","a")'`, "ask"},
	{`python3 -c 'import os,sys; os.chdir(sys.argv[1]); open("out.txt","w")'`, "allow"},
	// The block form returns where it was.
	{`ruby -e 'Dir.chdir(Dir.home){ puts 1 }; File.write(".bashrc","x")'`, "allow"},
	{`ruby -e 'Dir.chdir(Dir.home) do puts 1 end; File.write(".bashrc","x")'`, "allow"},
	// Look-alikes inside the project.
	{`python3 -c 'import os; os.chdir("build"); open("out.txt","w")'`, "allow"},
	{`perl -e 'chdir "build"; unlink "out.txt"'`, "allow"},
	{`ruby -e 'Dir.chdir("build") { File.write("out.txt","x") }'`, "allow"},
	{`php -r 'chdir("build"); unlink("out.txt");'`, "allow"},
	{`node -e 'process.chdir("web"); require("fs").writeFileSync("dist.js","x")'`, "allow"},
	{`python3 -c 'print("os.chdir(\"/\")"); open("out.txt","w")'`, "allow"},
	// A child process's own working directory.
	{`python3 -c 'import subprocess,os; subprocess.run("echo x >> .bashrc", shell=True, cwd=os.environ["HOME"])'`, "deny"},
	{`node -e 'require("child_process").spawnSync("rm",["-rf",".ssh"],{cwd:process.env.HOME})'`, "deny"},
	{`node -e 'const os = require("os"); require("child_process").execSync("echo x >> .bashrc", {cwd: os.homedir()})'`, "deny"},
	{`node -e 'require("child_process").execSync("echo x >> .bashrc", {cwd: dir})'`, "ask"},
	{`ruby -e 'system("rm -rf .ssh", chdir: Dir.home)'`, "deny"},
	{`ruby -e 'Process.spawn("rm", "-rf", ".ssh", chdir: ENV["HOME"])'`, "deny"},
	{`python3 -c 'import os; fd=os.open(os.path.expanduser("~"), os.O_RDONLY); os.unlink(".bashrc", dir_fd=fd)'`, "ask"},
	{`python3 -c 'import subprocess; subprocess.run(["make"], cwd="build")'`, "allow"},
	{`node -e 'require("child_process").execSync("npm run build", {cwd: "web"})'`, "allow"},
	{`ruby -e 'system("rake", chdir: "lib")'`, "allow"},
}

// chdirProject is a scratch project and home directory for the cases:
// HOME in a case stands for the home directory.
func chdirProject(t *testing.T, cases []struct{ cmd, want string }) (*Config, []struct{ cmd, want string }) {
	t.Helper()
	cfg := scratchProject(t, map[string]string{
		"home/.bashrc": "# rc\n", "home/.ssh/id_rsa": "K", "home/.claude/settings.json": "{}",
		"proj/README.md": "x\n", "proj/build/": "", "proj/web/": "", "proj/lib/": "",
	})
	out := make([]struct{ cmd, want string }, len(cases))
	for i, c := range cases {
		out[i] = c
		out[i].cmd = strings.ReplaceAll(c.cmd, "localhostHOME/", "localhost"+cfg.Home+"/")
		out[i].cmd = strings.ReplaceAll(out[i].cmd, "HOME/", cfg.Home+"/")
	}
	return cfg, out
}

func TestCodeChdir(t *testing.T) {
	t.Parallel()
	cfg, cases := chdirProject(t, chdirCases)
	checkDecisions(t, cfg, cases)
}

// TestCodeChdirExec runs the attacks with the real interpreters against
// a canary home directory: each one reaches the file there, so the
// model above is the interpreter's.
func TestCodeChdirExec(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ prog, code string }{
		{"python3", `import os; os.chdir(os.path.expanduser("~")); open(".bashrc","a").write("PY\n")`},
		{"node", `process.chdir(process.env.HOME); require("fs").appendFileSync(".bashrc","NODE\n")`},
		{"perl", `chdir; open(F,">>",".bashrc"); print F "PERL\n"`},
		{"ruby", `Dir.chdir(Dir.home){ File.write(".bashrc","RUBY\n",mode:"a") }`},
		{"php", `chdir(getenv("HOME")); file_put_contents(".bashrc","PHP\n",FILE_APPEND);`},
		{"python3", `import subprocess,os; subprocess.run("echo PYCWD >> .bashrc", shell=True, cwd=os.environ["HOME"])`},
		{"node", `require("child_process").execSync("echo NODECWD >> .bashrc", {cwd: process.env.HOME})`},
		{"ruby", `system("echo RUBYCWD >> .bashrc", chdir: Dir.home)`},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		home, proj := t.TempDir(), t.TempDir()
		canary := filepath.Join(home, ".bashrc")
		if err := os.WriteFile(canary, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		flag := map[string]string{"python3": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r"}[tc.prog]
		cmd := exec.Command(tc.prog, flag, tc.code)
		cmd.Dir, cmd.Env = proj, append(os.Environ(), "HOME="+home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v %s", tc.code, err, out)
		}
		if b, _ := os.ReadFile(canary); len(b) == 0 {
			t.Errorf("%s %s did not reach the canary", tc.prog, tc.code)
		}
		env := map[string]string{"HOME": home, EnvProject: proj}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
		line := tc.prog + " " + flag + " '" + strings.ReplaceAll(tc.code, "'", `'\''`) + "'"
		if r := Check(cfg, line); r.Decision != Deny {
			t.Errorf("%s: %s, want deny (%v)", line, r.Decision, r.Findings)
		}
	}
}

// TestCodeLinksWrittenThrough checks that a symbolic link program code
// makes is followed by the writes after it, as ln -s is (in the same
// program, or in a later command), and that Node's fs takes a file: URL
// as the path it names.
func TestCodeLinksWrittenThrough(t *testing.T) {
	t.Parallel()
	cfg, cases := chdirProject(t, []struct{ cmd, want string }{
		{`python3 -c 'import os; os.symlink(os.path.expanduser("~/.bashrc"), "l"); open("l","a").write("x")'`, "deny"},
		{`node -e 'const fs=require("fs"); fs.symlinkSync(process.env.HOME+"/.bashrc","l"); fs.appendFileSync("l","x")'`, "deny"},
		{`ruby -e 'File.symlink(File.expand_path("~/.bashrc"), "l"); File.write("l", "x", mode: "a")'`, "deny"},
		{`perl -e 'symlink("$ENV{HOME}/.bashrc", "l"); open(F, ">>", "l"); print F "x"'`, "deny"},
		{`php -r 'symlink(getenv("HOME")."/.bashrc", "l"); file_put_contents("l", "x", FILE_APPEND);'`, "deny"},
		{`python3 -c 'import os,shutil; os.symlink(os.path.expanduser("~/.ssh"), "l"); shutil.rmtree("l/")'`, "deny"},
		// A link the shell made, written by program code after it.
		{`ln -s ~/.bashrc l; python3 -c 'open("l","a").write("x")'`, "deny"},
		// Look-alikes: a link to a project file; a write before the link
		// is made by a later command.
		{`python3 -c 'import os; os.symlink("README.md", "l"); open("l","a").write("x")'`, "allow"},
		{`python3 -c 'open("l","a")'; ln -s ~/.bashrc l`, "allow"},
		// file: URLs.
		{`node -e 'require("fs").writeFileSync(new URL("file://HOME/.bashrc"),"x")'`, "deny"},
		{`node -e 'require("fs").appendFileSync(new URL("file://localhostHOME/%2Ebashrc"),"x")'`, "deny"},
		{`node -e 'const {fileURLToPath} = require("url"); require("fs").rmSync(fileURLToPath("file://HOME/.ssh"), {recursive: true})'`, "deny"},
		{`node -e 'fetch(new URL("https://example.com/HOME/.bashrc"))'`, "allow"},
	})
	checkDecisions(t, cfg, cases)
}
