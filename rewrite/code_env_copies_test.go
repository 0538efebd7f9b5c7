package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// envCopyCases are program code that writes to a path read from a copy
// of the environment (red team 13/14 EP, lang/envpaths.go envCopy): a
// dict, spread, assign, to_h or hash copy read by the key T, a getter of
// bytes, PHP's getenv() array, Perl's %ENV copied into a hash or a
// reference. Each is run with T naming the file. project is the
// decision when T names a file of the project: allow, or ask where the
// copy is a call corral does not evaluate as a path (dict, copy, to_h;
// it asked before as well).
var envCopyCases = []struct {
	name, prog, flag, code, project string
}{
	{"py-dict", "python3", "-c", `import os; open(dict(os.environ)["T"], "a").write("x")`, "ask"},
	{"py-copy", "python3", "-c", `import os; open(os.environ.copy()["T"], "a").write("x")`, "ask"},
	{"py-splat", "python3", "-c", `import os; open({**os.environ}["T"], "a").write("x")`, "allow"},
	{"py-getenvb", "python3", "-c", `import os; open(os.getenvb(b"T"), "ab").write(b"x")`, "ask"},
	{"py-environb", "python3", "-c", `import os; open(os.environb[b"T"], "ab").write(b"x")`, "ask"},
	{"py-dict-name", "python3", "-c", `import os; e = dict(os.environ); open(e["T"], "a").write("x")`, "ask"},
	{"py-copy-name-get", "python3", "-c", `import os; e = os.environ.copy(); open(e.get("T"), "a").write("x")`, "ask"},
	{"js-assign", "node", "-e", `require("fs").appendFileSync(Object.assign({}, process.env).T, "x")`, "ask"},
	{"js-spread", "node", "-e", `require("fs").appendFileSync({...process.env}.T, "x")`, "allow"},
	{"js-spread-name", "node", "-e", `const e = {...process.env}; require("fs").appendFileSync(e.T, "x")`, "allow"},
	{"js-assign-name", "node", "-e", `const e = Object.assign({}, process.env); require("fs").appendFileSync(e["T"], "x")`, "ask"},
	{"js-clone-name", "node", "-e", `const e = structuredClone(process.env); require("fs").appendFileSync(e.T, "x")`, "ask"},
	{"php-getenv-array", "php", "-r", `file_put_contents(getenv()["T"], "x", FILE_APPEND);`, "allow"},
	{"php-getenv-name", "php", "-r", `$e = getenv(); file_put_contents($e["T"], "x", FILE_APPEND);`, "ask"},
	{"rb-to-h", "ruby", "-e", `File.write(ENV.to_h["T"], "x", mode: "a")`, "ask"},
	{"rb-to-h-name", "ruby", "-e", `e = ENV.to_h; File.write(e["T"], "x", mode: "a")`, "ask"},
	{"rb-to-h-fetch", "ruby", "-e", `File.write(ENV.to_hash.fetch("T"), "x", mode: "a")`, "ask"},
	{"pl-hash-copy", "perl", "-e", `my %e = %ENV; open(F, ">>", $e{T}); print F "x"`, "allow"},
	{"pl-hash-copy-quoted", "perl", "-e", `local %e = %ENV; open(F, ">>", $e{"T"}); print F "x"`, "allow"},
	{"pl-hashref", "perl", "-e", `my $e = {%ENV}; open(F, ">>", $e->{T}); print F "x"`, "allow"},
	{"pl-ref", "perl", "-e", `my $e = \%ENV; open(F, ">>", $e->{T}); print F "x"`, "allow"},
}

// TestCodeEnvCopyRoutes: T=~/.bashrc with each copy is the write of
// ~/.bashrc (allow or ask -> deny); a value only run time knows asks; a
// project file is decided as before. Look-alikes: a copy that sets T
// itself, a copy printed, the home directory read.
func TestCodeEnvCopyRoutes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"HOME": "/home/u", EnvProject: dir}
	cfg, err := NewConfig(func(k string) string { return env[k] }, dir)
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct{ cmd, want string }
	add := func(cmd, want string) { rows = append(rows, struct{ cmd, want string }{cmd, want}) }
	for _, tc := range envCopyCases {
		prog := tc.prog + " " + tc.flag + " '" + tc.code + "'"
		add("T=~/.bashrc "+prog, "deny")
		add("export T=~/.bashrc; "+prog, "deny")
		add("T=$(cat name.txt) "+prog, "ask")
		add("T=build/out.txt "+prog, tc.project)
	}
	// Look-alikes.
	add(`T=~/.bashrc python3 -c 'import os; print(dict(os.environ)["T"])'`, "allow")
	add(`T=~/.bashrc node -e 'console.log({...process.env}.T)'`, "allow")
	add(`T=~/.bashrc php -r 'echo getenv()["T"];'`, "allow")
	add(`T=~/.bashrc perl -e 'my %e = %ENV; print $e{T}'`, "allow")
	add(`python3 -c 'import os; print(dict(os.environ)["HOME"])'`, "allow")
	add(`T=~/.bashrc node -e 'require("fs").appendFileSync({...process.env, T: "out.txt"}.T, "x")'`, "allow")
	add(`T=~/.bashrc perl -e 'my %e = (%ENV, T => "out.txt"); open(F, ">>", $e{T})'`, "allow")
	add(`T=~/.bashrc node -e 'const o = {...opts}; require("fs").appendFileSync(o.T, "x")'`, "allow")
	add(`T=~/.bashrc perl -e 'my %e = %opts; open(F, ">>", $e{T})'`, "allow")
	checkDecisions(t, cfg, rows)
}

// TestCodeEnvCopyRoutesOracle runs the real programs (when installed)
// with T naming a canary under a temporary directory: each writes the
// canary, so the copy carries T's value as modelled.
func TestCodeEnvCopyRoutesOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range envCopyCases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		cmd := exec.Command(bin, tc.flag, tc.code)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "T="+canary)
		out, err := cmd.CombinedOutput()
		b, rerr := os.ReadFile(canary)
		if rerr != nil || !strings.Contains(string(b), "x") {
			t.Errorf("%s: the canary was not written (%v, %s)", tc.name, err, out)
		}
	}
}
