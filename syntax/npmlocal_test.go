package syntax

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// npmSpecRows are package specs of npm's command line, with what
// npm-package-arg makes of them (checked with npm 11.19.1's npa, from
// /work: cwd /w, home /h): the path of a local package ("" for a
// registry, git or URL spec) and whether it is a tarball.
var npmSpecRows = []struct {
	spec, path string
	tarball    bool
}{
	{"/tmp/x/pkg", "/tmp/x/pkg", false},
	{"./pkg", "/w/pkg", false},
	{"../pkg", "/pkg", false},
	{".", "/w", false},
	{"file:", "/w", false},
	{".hidden", "/w/.hidden", false},
	{"~/pkg", "/h/pkg", false},
	{"file:pkg", "/w/pkg", false},
	{"file:../x", "/x", false},
	{"file:/../x", "/x", false},
	{"file:/tmp/x", "/tmp/x", false},
	{"file:///tmp/x", "/tmp/x", false},
	{"file://tmp/x", "/tmp/x", false},
	{"file://localhost/tmp/x", "/localhost/tmp/x", false},
	{"file:////x", "/x", false},
	{"file:~/x", "/h/x", false},
	{"file:/~/x", "/h/x", false},
	{"file:a/../../b", "/b", false},
	{"a/b/c", "/w/a/b/c", false},
	{"a/b/", "/w/a/b", false},
	{"x@./a", "/w/a", false},
	{"x@/a", "/a", false},
	{"x@file:~/a", "/h/a", false},
	{"foo@~/a", "/h/a", false},
	{"foo@a/b/c", "/w/a/b/c", false},
	{"a:b", "/w/a:b", false},
	{"pkg-1.0.0.tgz", "/w/pkg-1.0.0.tgz", true},
	{"x@pkg.tar.gz", "/w/pkg.tar.gz", true},
	{"/tmp/p.TAR", "/tmp/p.TAR", true},
	{"file:../p.tgz", "/p.tgz", true},
	{"./d/p.tgz", "/w/d/p.tgz", true},
	// Not local: registry names, ranges, GitHub shortcuts, URLs, git.
	{"lodash", "", false},
	{"lodash@4", "", false},
	{"@types/node", "", false},
	{"@scope/x@1.0.0", "", false},
	{"a/b", "", false},
	{"a/b.tgz", "", false},
	{"a/b#main", "", false},
	{"~foo/x", "", false},
	{"github:a/b", "", false},
	{"https://e.example/x.tgz", "", false},
	{"git+ssh://git@github.com/a/b.git", "", false},
	{"git@github.com:a/b", "", false},
	{"x@npm:y", "", false},
	{"x@latest", "", false},
}

// TestNpmLocalSpec: npmLocalSpec names the path npm installs from for
// each spelling of a local package, and nothing for the others.
func TestNpmLocalSpec(t *testing.T) {
	for _, r := range npmSpecRows {
		p, tarball, ok := npmLocalSpec(r.spec, "/h")
		got := ""
		if ok {
			got = Dir{Path: "/w", Known: true}.Join(p).Path
		}
		if got != r.path || ok && tarball != r.tarball {
			t.Errorf("npmLocalSpec(%q) = %q tarball=%v, want %q tarball=%v", r.spec, got, tarball, r.path, r.tarball)
		}
	}
}

// TestNpmLocalSpecOracle asks the real npm-package-arg (npm's own copy)
// for each row: its type (directory, file) and fetchSpec must be what
// npmLocalSpec says.
func TestNpmLocalSpecOracle(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	out, err := exec.Command("npm", "root", "-g").Output()
	if err != nil {
		t.Skip("npm not installed")
	}
	npa := filepath.Join(strings.TrimSpace(string(out)), "npm", "node_modules", "npm-package-arg")
	if _, err := os.Stat(npa); err != nil {
		t.Skip("npm-package-arg not found")
	}
	tmp := t.TempDir()
	home, cwd := filepath.Join(tmp, "h"), filepath.Join(tmp, "w")
	for _, d := range []string{home, cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var specs []string
	for _, r := range npmSpecRows {
		specs = append(specs, r.spec)
	}
	arg, _ := json.Marshal(specs)
	script := `const npa = require(process.argv[1]); const out = [];
for (const s of JSON.parse(process.argv[2])) {
  try { const r = npa(s); out.push([r.type, r.fetchSpec || ""]) } catch (e) { out.push(["error", ""]) }
}
console.log(JSON.stringify(out))`
	cmd := exec.Command("node", "-e", script, npa, string(arg))
	cmd.Dir = cwd
	cmd.Env = append(os.Environ(), "HOME="+home)
	res, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var got [][2]string
	if err := json.Unmarshal(res, &got); err != nil || len(got) != len(npmSpecRows) {
		t.Fatalf("npa output %s: %v", res, err)
	}
	for i, r := range npmSpecRows {
		typ, fetch := got[i][0], got[i][1]
		local := typ == "directory" || typ == "file"
		if (r.path != "") != local {
			t.Errorf("%q: npa says %s %q; the row says local=%v", r.spec, typ, fetch, r.path != "")
			continue
		}
		if !local {
			continue
		}
		want := strings.NewReplacer(home, "/h", cwd, "/w").Replace(fetch)
		if strings.HasPrefix(want, tmp) {
			want = "/" + strings.TrimPrefix(strings.TrimPrefix(want, tmp), "/")
		}
		if want != r.path || (typ == "file") != r.tarball {
			t.Errorf("%q: npa says %s %q (%q), the row %q tarball=%v", r.spec, typ, fetch, want, r.path, r.tarball)
		}
	}
}
