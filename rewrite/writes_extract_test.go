package rewrite

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// writeTar writes a tar (gzip-compressed when gz) holding names, each a
// small regular file.
func writeTar(t *testing.T, file string, gz bool, names ...string) {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: 2, Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte("x\n")); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if gz {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		if _, err := zw.Write(data); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		data = z.Bytes()
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeZip writes a zip holding names.
func writeZip(t *testing.T, file string, names ...string) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte("x\n")); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// listFiles returns the regular files under dir, relative to it.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if fi.Mode().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(out)
	return out
}

// TestMemberPaths checks where an extraction writes each member against
// the real GNU tar and Info-ZIP unzip: each crafted archive is extracted
// in a scratch directory (inside a parent that catches any escape), and
// the files that appear must be exactly the paths memberPath predicts.
func TestMemberPaths(t *testing.T) {
	t.Parallel()
	members := []string{"a.txt", "./b/c.txt", "/abs/d.txt", "../up/e.txt", "f/../g.txt", "h/i/j.txt"}
	tests := []struct {
		name, prog string
		args       []string
		e          extraction
	}{
		{name: "tar", prog: "tar", args: []string{"-xf"}},
		{name: "tar-strip", prog: "tar", args: []string{"--strip-components=1", "-xf"}, e: extraction{strip: 1}},
		{name: "unzip", prog: "unzip", args: []string{"-q", "-o"}, e: extraction{unzip: true}},
		{name: "unzip-junk", prog: "unzip", args: []string{"-q", "-o", "-j"}, e: extraction{unzip: true, junk: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := exec.LookPath(tt.prog); err != nil {
				t.Fatalf("%s is needed to check the member paths: %v", tt.prog, err)
			}
			root := t.TempDir()
			dir := filepath.Join(root, "out")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			archive := filepath.Join(root, "a.tar")
			if tt.e.unzip {
				archive = filepath.Join(root, "a.zip")
				writeZip(t, archive, members...)
			} else {
				writeTar(t, archive, false, members...)
			}
			cmd := exec.Command(tt.prog, append(tt.args, archive)...)
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput() // both warn about the members they skip or change
			var want []string
			for _, m := range members {
				if p := memberPath(m, tt.e); p != "" && !slices.Contains(want, p) {
					want = append(want, p)
				}
			}
			sort.Strings(want)
			got := listFiles(t, dir)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s wrote %v, corral predicts %v\n%s", tt.name, got, want, out)
			}
			if outside := listFiles(t, root); len(outside) != len(got)+1 {
				t.Errorf("%s wrote outside its directory: %v", tt.name, outside)
			}
		})
	}
}

// TestExtractionMembers checks the decisions on extractions of archives
// on disk: a member that is a protected path is denied, as the write of
// that path would be, whatever the directory; a harmless archive passes;
// an archive the same command makes asks; an archive that is not there
// is judged by its directory alone.
func TestExtractionMembers(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	for _, d := range []string{home + "/.claude", proj + "/.git/hooks", proj + "/src"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeZip(t, proj+"/evil.zip", ".claude/settings.json", "pkg/a.txt")
	writeZip(t, proj+"/flat.zip", "settings.json")
	writeZip(t, proj+"/good.zip", "pkg/a.txt", "pkg/b.txt")
	writeTar(t, proj+"/hook.tgz", true, "./.git/hooks/pre-commit")
	writeTar(t, proj+"/deep.tar", false, "x/.git/hooks/post-checkout")
	writeTar(t, proj+"/good.tgz", true, "pkg/a.txt")
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	tests := []struct{ cmd, want string }{
		{"unzip -o evil.zip", "deny"},
		{"unzip -o flat.zip -d ~/.claude", "deny"},
		{"unzip -oj evil.zip -d ~/.claude", "deny"},
		{"cd ~/.claude && unzip -o " + proj + "/flat.zip", "deny"},
		{"tar xzf hook.tgz", "deny"},
		{"tar -xf deep.tar --strip-components=1", "deny"},
		{"tar -C out -xzf good.tgz", "allow"},
		{"unzip good.zip", "allow"},
		{"unzip -l evil.zip", "allow"},                    // lists
		{"tar tzf hook.tgz", "allow"},                     // lists
		{"tar -xf deep.tar", "deny"},                      // a nested repository's hooks are protected too
		{"unzip -o evil.zip -d agent_sandbox/x", "allow"}, // the sandbox
		{"zip -qj x.zip notes.txt; unzip -o x.zip -d ~/.claude", "ask"},
		{"tar cf t.tar notes.txt && tar xf t.tar", "ask"},
		{"tar xf missing.tar", "allow"},
		// An archive on disk read on stdin: a redirection, or the one
		// file a copying or decompressing stage before it reads.
		{"tar xz < hook.tgz", "deny"},
		{"cat hook.tgz | tar xz", "deny"},
		{"zcat hook.tgz | tar x", "deny"},
		{"gzip -dc hook.tgz | tar -xf -", "deny"},
		{"pv deep.tar | tar x", "deny"},
		{"cat good.tgz | tar xz", "allow"},
		{"cat hook.tgz | tar tz", "allow"},         // lists
		{"cat hook.tgz deep.tar | tar x", "allow"}, // two files joined: not listed, the project root
		{"gzip -c hook.tgz | tar x", "allow"},      // compresses: no archive tar reads
		// Other extractors: 7-Zip, python's zipfile and tarfile.
		{"7z x evil.zip", "deny"},
		{"7z x -y evil.zip -o" + home + "/.claude", "allow"}, // ~/.claude/.claude/settings.json
		{"7z x flat.zip -o" + home + "/.claude", "deny"},
		{"7z e evil.zip", "allow"}, // no directories: settings.json at the top
		{"7z l evil.zip", "allow"},
		{"python3 -m zipfile -e evil.zip .", "deny"},
		{"python3 -m tarfile -e hook.tgz", "deny"},
		{"python3 -m tarfile -e good.tgz out", "allow"},
		{"python3 -m zipfile -l evil.zip", "allow"},
	}
	checkDecisions(t, cfg, tests)
}

// TestRunTimeWrites checks writes to paths a command gets at run time
// (find -exec {}, fd -x, xargs -I{} and appended words, a shell's $1)
// against files on disk: the login file and the agent settings find
// reaches under home are denied as writing them by name is; the
// project's own files pass.
func TestRunTimeWrites(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
	for _, d := range []string{home + "/.claude", proj + "/src"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{home + "/.bashrc", home + "/.claude/settings.json", proj + "/src/a.py"} {
		if err := os.WriteFile(f, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
	cfg.Paths = cfg.Paths.WithSelfProtection(nil, cfg.Sandbox)
	tests := []struct{ cmd, want string }{
		{"find ~ -type f -exec truncate -s0 {} +", "deny"},
		{"find ~/.claude -name 'settings*.json' -exec cp /dev/null {} \\;", "deny"},
		{"find ~ -maxdepth 1 -name .bashrc -exec sh -c 'echo x > \"$1\"' _ {} \\;", "deny"},
		{"fd -H . ~ -x truncate -s0", "deny"},
		{"find ~ -name .bashrc | xargs -I{} cp /dev/null {}", "deny"},
		{"echo ~/.bashrc | xargs truncate -s0", "deny"},
		{"echo ~/.bashrc | xargs sed -i s/a/b/", "deny"},
		{"find . -name '*.py' -exec sed -i s/a/b/ {} +", "allow"},
		{"find src -type f | xargs touch", "warn"},     // src/ is a production path, as touch src/x warns
		{"echo ~/.bashrc | xargs sed s/a/b/", "allow"}, // not in place: prints
		{"find ~ -name .bashrc -exec cat {} +", "allow"},
		// The placeholder inside a word: find and xargs -I replace it
		// there too, so the written path is the word around the path
		// (TestPlaceholderInWordExec runs the real find and xargs).
		{"find src/ -type d -exec mkdir -p dest/{} \\; -o -type f -exec touch dest/{} \\;", "allow"}, // dest/src/…, not src/
		{"find src -type f -exec cp {} backup/{} \\;", "allow"},
		{"find src -name '*.py' -exec cp {} {}.bak \\;", "warn"}, // src/a.py.bak: still under src/
		{"find . -name '*.py' -exec cp {} {}.bak \\;", "allow"},
		{"echo a.txt | xargs -I{} cp x backup/{}", "allow"},
		{"find . -name settings.json -exec cp x ~/.claude/{} \\;", "deny"},
		{"find . -name '*.json' -exec cp {} ~/.claude/{} \\;", "deny"}, // ~/.claude/*.json: settings.json is there
		{"find . -name '*.json' -exec cp {} .claude/{} \\;", "ask"},    // names only run time knows, landing in .claude
		{"echo settings.json | xargs -I{} cp x ~/.claude/{}", "deny"},
		{"echo rc | xargs -I% cp x ~/.bash%", "deny"},
		{"find . -exec touch ~/{} +", "deny"}, // ~/./*: .bashrc is there
		// -execdir: ./NAME in the found file's directory, under ~.
		{"find ~ -name .bashrc -execdir cp x backup/{} \\;", "deny"},
	}
	checkDecisions(t, cfg, tests)
}

// TestPlaceholderInWordExec shows with the real GNU find and xargs that a
// placeholder inside a word is replaced there: the file written is the
// word around the path (dest/src/a.py), not the path found (src/a.py).
func TestPlaceholderInWordExec(t *testing.T) {
	t.Parallel()
	for _, prog := range []string{"bash", "find", "xargs"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " not installed")
		}
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "a.py"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `find src/ -type d -exec mkdir -p dest/{} \; -o -type f -exec touch dest/{} \;
echo src/a.py | xargs -I{} cp {} {}.bak`
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, f := range []string{"dest/src/a.py", "src/a.py.bak"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "src", "a.py")); string(b) != "x\n" {
		t.Errorf("src/a.py changed: %q", b)
	}
}

// TestPythonExtractPaths checks where python's own extractors (python3 -m
// zipfile -e, -m tarfile -e) write each member against the real python:
// every file that appears must be a path memberPath predicts (tarfile
// before 3.14 keeps absolute names and ".." — predicted as tar -P; 3.14's
// filter refuses them, which writes less). Absolute members point into
// the scratch root.
func TestPythonExtractPaths(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to check its extractors: %v", err)
	}
	for _, mod := range []string{"zipfile", "tarfile"} {
		t.Run(mod, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "a", "out")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			members := []string{"a.txt", "./b/c.txt", filepath.Join(root, "abs", "d.txt"), "../up/e.txt", "h/i/j.txt"}
			archive := filepath.Join(root, "x.tar")
			cmd := exec.Command("python3", "-m", mod, "-e", archive, ".")
			if mod == "zipfile" {
				archive = filepath.Join(root, "x.zip")
				writeZip(t, archive, members...)
				cmd = exec.Command("python3", "-m", mod, "-e", archive, ".")
			} else {
				writeTar(t, archive, false, members...)
			}
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			c, err := extractionFor(t, strings.Join(cmd.Args, " "))
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{}
			for _, m := range members {
				if p := memberPath(m, c); p != "" {
					if !filepath.IsAbs(p) {
						p = filepath.Join(dir, p)
					}
					want[filepath.Clean(p)] = true
				}
			}
			var got []string
			for _, f := range listFiles(t, root) {
				if p := filepath.Join(root, f); p != archive {
					got = append(got, p)
				}
			}
			if len(got) == 0 {
				t.Fatalf("python3 -m %s wrote nothing\n%s", mod, out)
			}
			for _, p := range got {
				if !want[p] {
					t.Errorf("python3 -m %s wrote %s, which corral does not predict (predicted %v)\n%s", mod, p, want, out)
				}
			}
		})
	}
}

// extractionFor reads the extraction of the command line src.
func extractionFor(t *testing.T, src string) (extraction, error) {
	t.Helper()
	m, err := syntax.Analyze(src, syntax.Options{Cwd: "/p", Home: "/home/u"})
	if err != nil {
		return extraction{}, err
	}
	e, ok := extractionOf(m.Calls[0])
	if !ok {
		t.Fatalf("%q: no extraction", src)
	}
	return e, nil
}
