package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// codeGlobRows are program code that lists a directory or expands a
// pattern and opens what it finds, in Ruby, PHP, Node, Perl and
// Python's pathlib (red team 4, finding 5), with the decision in a
// project whose .env and home's ~/.ssh/id_rsa are secrets. The
// look-alikes list or glob source files, or list a secret's directory
// and only print the names.
var codeGlobRows = []struct{ cmd, want string }{
	{`ruby -e 'Dir[".e*"].each{|f| puts File.read(f)}'`, "deny"},
	{`ruby -e 'puts Dir.glob(File.join(Dir.home,".ss*","id_*")).map{|f| File.read(f)}'`, "deny"},
	{`ruby -e 'Dir.children(".").each { |f| puts File.read(f) if File.file?(f) }'`, "deny"},
	{`ruby -e 'Dir.glob("*", base: File.join(Dir.home, ".ssh")).each { |f| puts File.read(File.join(Dir.home, ".ssh", f)) }'`, "deny"},
	{`ruby -e 'require "find"; Find.find(Dir.home) { |f| puts File.read(f) if f.include?("id_") }'`, "deny"},
	{`php -r 'foreach(glob(".e*") as $f) echo file_get_contents($f);'`, "deny"},
	{`php -r 'foreach(scandir(".") as $f) if (is_file($f)) echo file_get_contents($f);'`, "deny"},
	{`php -r 'foreach(glob(".e*") as $f) foreach (new SplFileObject($f) as $l) echo $l;'`, "deny"},
	{`ruby -rpathname -e 'Pathname(".").children.each { |f| puts File.read(f) if f.file? }'`, "deny"},
	{`ruby -rpathname -e 'Pathname.new(Dir.home + "/.ssh").each_child { |f| puts File.read(f) if f.file? }'`, "deny"},
	{`php -r '$d = opendir("."); while (($f = readdir($d)) !== false) if (is_file($f)) readfile($f);'`, "deny"},
	{`php -r 'foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator(getenv("HOME"))) as $f) if (strpos($f, "id_") !== false) echo file_get_contents($f);'`, "deny"},
	{`node -e 'const fs=require("fs"); for (const f of fs.readdirSync(".")) if (f[1]=="e") console.log(fs.readFileSync(f,"utf8"))'`, "deny"},
	{`node -e 'const fs=require("fs"),os=require("os"); const d=os.homedir()+"/.ssh"; for (const f of fs.readdirSync(d)) console.log(fs.readFileSync(d+"/"+f,"utf8"))'`, "deny"},
	{`node -e 'const {readdirSync, readFileSync} = require("fs"); for (const f of readdirSync(".")) if (f.startsWith(".e")) console.log(readFileSync(f, "utf8"))'`, "deny"},
	{`node -e 'const fs=require("fs"); for (const f of fs.globSync(".e*")) console.log(fs.readFileSync(f,"utf8"))'`, "deny"},
	{`node -e 'const glob=require("glob"); for (const f of glob.sync(".e*")) console.log(require("fs").readFileSync(f,"utf8"))'`, "deny"},
	{`perl -e 'for (glob ".e*") { open F, $_; print <F> }'`, "deny"},
	{`perl -e 'for my $f (glob("~/.ss*/id_*")) { open(my $h, "<", $f) or next; print <$h> }'`, "deny"},
	{`perl -e 'while (my $f = <.e*>) { open my $h, "<", $f; print <$h> }'`, "deny"},
	{`perl -e 'opendir(my $d, ".") or die; for my $f (readdir $d) { next unless -f $f; open my $h, "<", $f; print <$h> }'`, "deny"},
	{`perl -e 'use File::Find; find(sub { return unless /^id_/; open my $h, "<", $_; print <$h> }, "$ENV{HOME}/.ssh")'`, "deny"},
	{`python3 -c 'import pathlib; print([p.read_text() for p in pathlib.Path.home().glob(".ss*/id*")])'`, "deny"},
	{`python3 -c 'from pathlib import Path; print([p.read_text() for p in Path.home().rglob("id_*")])'`, "deny"},
	// Look-alikes.
	{`ruby -e 'Dir.glob("src/**/*.rb").each { |f| puts File.read(f).size }'`, "allow"},
	{`ruby -e 'Dir.glob(".e*").each { |f| puts f }'`, "allow"},
	{`ruby -e 'puts File.read("src/app.rb"); puts Dir[".e*"]'`, "allow"},
	{`php -r 'foreach(glob("*.php") as $f) echo strlen(file_get_contents($f));'`, "allow"},
	{`php -r 'foreach(glob(".e*") as $f) echo $f;'`, "allow"},
	{`php -r 'foreach(glob("*.php") as $f) { $o = new SplFileObject($f); echo $o->getSize(); }'`, "allow"},
	{`ruby -rpathname -e 'Pathname.new(".").children.each { |f| puts f.basename }'`, "allow"},
	{`ruby -rpathname -e 'Pathname.new("src").children.each { |f| puts File.read(f) if f.file? }'`, "allow"},
	{`node -e 'const fs=require("fs"); for (const f of fs.readdirSync("./src")) console.log(fs.readFileSync("./src/"+f,"utf8").length)'`, "allow"},
	{`node -e 'const fs=require("fs"); console.log(fs.readdirSync(".")); console.log(fs.readFileSync("src/app.rb","utf8"))'`, "allow"},
	{`perl -e 'for my $f (glob "src/*.rb") { open my $h, "<", $f; print scalar <$h> }'`, "allow"},
	{`perl -e 'for (glob ".e*") { print "$_\n" }'`, "allow"},
	{`perl -e 'print "yes\n" if 1 < 2 and 3 > 2; open my $h, "<", $ARGV[0]'`, "allow"},
	{`python3 -c 'import pathlib; print([p.read_text() for p in pathlib.Path.home().glob("src/*.py")])'`, "allow"},
	{`python3 -c 'import pathlib; print(list(pathlib.Path.home().glob(".ss*/id*")))'`, "allow"},
}

// TestSecretReadCodeGlobs: the decision table of codeGlobRows.
func TestSecretReadCodeGlobs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.env": "KEY=1", "proj/src/app.rb": "x", "home/.ssh/id_rsa": "k"})
	checkDecisions(t, cfg, codeGlobRows)
}

// TestSecretReadCodeGlobsOracle runs each row of codeGlobRows with the
// real interpreter, in a project with a canary .env and a scratch HOME
// with a canary ~/.ssh/id_rsa: every denied program does print a canary
// (the read is real), every look-alike prints none. Node's fs.globSync
// (Node 22) and the glob package are skipped where missing.
func TestSecretReadCodeGlobsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs real programs")
	}
	t.Parallel()
	const canary = "CANARY_5e2a"
	for _, r := range codeGlobRows {
		prog := strings.Fields(r.cmd)[0]
		if _, err := exec.LookPath(prog); err != nil {
			t.Logf("%s not installed: %s skipped", prog, r.cmd)
			continue
		}
		if strings.Contains(r.cmd, "globSync") || strings.Contains(r.cmd, `require("glob")`) {
			if out, err := exec.Command("node", "-e", `require("fs").globSync || require("glob")`).CombinedOutput(); err != nil {
				t.Logf("node without fs.globSync or the glob package: %s skipped (%s)", r.cmd, strings.TrimSpace(string(out)))
				continue
			}
		}
		root := t.TempDir()
		proj, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
		for name, body := range map[string]string{
			filepath.Join(proj, ".env"): "KEY=" + canary + "\n", filepath.Join(proj, "src", "app.rb"): "x\n",
			filepath.Join(home, ".ssh", "id_rsa"): canary + "\n",
		} {
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command("bash", "-c", r.cmd)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), canary); got != (r.want == "deny") {
			t.Errorf("%s: canary printed = %v, decision %s (output %q)", r.cmd, got, r.want, out)
		}
	}
}
