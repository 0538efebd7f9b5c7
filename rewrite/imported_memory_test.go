package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// importedScratch makes a home directory with a key and a project whose
// CLAUDE.md imports README.md, docs/a.md and package.json, and whose
// subdirectory sub/ holds a CLAUDE.md importing @notes.md (loaded when the
// agent reads files under sub/); docs/b.md and sub/other.md are imported
// by none.
func importedScratch(t *testing.T) (home, proj string) {
	t.Helper()
	home = t.TempDir()
	proj = filepath.Join(home, "project")
	for name, text := range map[string]string{
		".ssh/id_rsa":                "KEY\n",
		"project/CLAUDE.md":          "# notes\nsee @README.md, @docs/a.md and @package.json\n",
		"project/README.md":          "# readme\nfoo\n",
		"project/docs/a.md":          "foo\n",
		"project/docs/b.md":          "foo\n",
		"project/package.json":       "{\"name\": \"x\", \"version\": \"1.0.0\"}\n",
		"project/sub/CLAUDE.md":      "# sub\nsee @notes.md\n",
		"project/sub/notes.md":       "foo\n",
		"project/sub/other.md":       "foo\n",
		"project/pkg/deep/AGENTS.md": "@../../docs/c.md\n",
		"project/docs/c.md":          "foo\n",
	} {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home, proj
}

// TestImportedFileUnknownText: a file a memory file on disk imports is
// loaded with it, so a write of it whose text corral does not know is
// judged as the same write of the memory file is: it asks (hidden-code).
// Known text is judged by its references, and files no memory file
// imports pass.
func TestImportedFileUnknownText(t *testing.T) {
	home, proj := importedScratch(t)
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
	for _, tt := range []struct{ cmd, want string }{
		// Text only run time knows, into a file CLAUDE.md imports.
		{`echo "$X" > docs/a.md`, "ask"},
		{`echo "$X" >> README.md`, "ask"},
		{`printf '%s\n' "$X" | tee -a docs/a.md`, "ask"},
		{`git show HEAD:README.md > README.md`, "ask"},
		{`python3 gen.py > README.md`, "ask"},
		{`jq . package.json > t && mv t README.md`, "ask"},
		{`cp "$F" docs/a.md`, "ask"},
		{`sed -i "1i $X" README.md`, "ask"},
		{`sed -i -f fix.sed docs/a.md`, "ask"},
		{`sed -i '1r notes.txt' README.md`, "ask"}, // r: refused by GNU sed's sandbox
		{`sed -i '1F' README.md`, "ask"},           // F: the name sed is given
		{`perl -pi -e 's/foo/bar/' README.md`, "ask"},
		{`gawk -i inplace '{print}' docs/a.md`, "ask"},
		{`sponge docs/a.md`, "ask"},
		{`sort -o README.md "$F"`, "ask"},
		{`cd docs && echo "$X" > a.md`, "ask"},
		{`find docs -name '*.md' -exec sed -i "1i $X" {} +`, "ask"},
		{`find docs -name a.md -exec perl -pi -e 's/a/b/' {} \;`, "ask"},
		{`find . -maxdepth 1 -name 'README*' | xargs sed -i -f fix.sed`, "ask"},
		// Memory files in the project's subdirectories, loaded when the
		// agent works there, import too: sub/CLAUDE.md imports
		// sub/notes.md, pkg/deep/AGENTS.md imports docs/c.md.
		{`echo "$X" >> sub/notes.md`, "ask"},
		{`cd pkg && echo "$X" > ../docs/c.md`, "ask"},
		{`echo '@~/.ssh/id_rsa' >> sub/notes.md`, "deny"},
		{`sed -i 's|foo|@../../.ssh/id_rsa|' sub/notes.md`, "deny"},
		{`ln -sf ~/.ssh/id_rsa sub/notes.md`, "deny"},
		{`echo "$X" >> sub/other.md`, "allow"},
		{`echo 'see the tests' >> sub/notes.md`, "allow"},
		// A memory file this command writes imports too, in either order.
		{`echo '@n2.md' > sub/CLAUDE.md; echo "$X" > sub/n2.md`, "ask"},
		{`echo "$X" > sub/n3.md && echo 'see @n3.md' >> sub/CLAUDE.md`, "ask"},
		{`printf '%s\n' '@../docs/n6.md' > pkg/CLAUDE.md; cp "$F" docs/n6.md`, "ask"},
		{`echo '@n4.md' > sub/CLAUDE.md; echo plain > sub/n4.md`, "allow"},
		{`echo "$X" > sub/n5.md; echo '@other.md' >> sub/CLAUDE.md`, "allow"},
		{`echo "$X" > n7.md; echo 'see @README.md' >> CLAUDE.md`, "allow"},
		// Known text: judged by the references it leaves.
		{`find docs -name '*.md' -exec sed -i 's|foo|@~/.ssh/id_rsa|' {} +`, "deny"},
		{`echo '@~/.ssh/id_rsa' > docs/a.md`, "deny"},
		// Any other sed script is run in GNU sed's sandbox on the text.
		{`sed -i '1i @~/.ssh/id_rsa' README.md`, "deny"},
		{`sed -i 's/f.o/@~\/.ssh\/id_rsa/' docs/a.md`, "deny"},
		{`find docs -name '*.md' -exec sed -i '1i @~/.ssh/id_rsa' {} +`, "deny"},
		{`sed -i 's/[0-9]\.[0-9]\.[0-9]/1.0.1/' package.json`, "allow"},
		{`sed -i 's/1.0.0/1.0.1/' package.json`, "allow"},
		{`sed -i -E 's/^# (.*)$/# \1 (v2)/' README.md`, "allow"},
		{`sed -i '/^foo$/d' docs/a.md`, "allow"},
		{`find docs -name '*.md' -exec sed -i '1i x' {} +`, "allow"},
		// Look-alikes: known text with no reference to a secret, literal
		// edits, files no memory file imports, and programs whose writes
		// corral does not model (they rewrite a file's own text).
		{`echo '## Usage' >> README.md`, "allow"},
		{`echo '# notes' >> CLAUDE.md`, "allow"},
		{`sed -i 's/"version": "1/"version": "2/' package.json`, "allow"},
		{`sed -i 's/foo/bar/' docs/a.md`, "allow"},
		{`find docs -name '*.md' -exec sed -i 's/foo/bar/g' {} +`, "allow"},
		{`find docs -name b.md -exec sed -i '1i x' {} +`, "allow"},
		{`find docs -name '*.md' -exec mv {} old/ \;`, "allow"},
		{`echo "$X" > docs/b.md`, "allow"},
		{`perl -pi -e 's/foo/bar/' docs/b.md`, "allow"},
		{`python3 gen.py > docs/index.md`, "allow"},
		{`go test ./... > out.txt`, "allow"},
		{`prettier --write README.md docs/a.md`, "allow"},
		{`npm version patch`, "allow"},
		{`cat README.md docs/a.md`, "allow"},
	} {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
	}
}

// TestImportedFileUnknownTextOracle runs each command that asks above in
// bash on a scratch project with X and F holding or naming an import of
// the key, and follows CLAUDE.md's imports as the agent does
// (syntax.Imports): the key is then among the files the agent loads, so
// the write is the read of it that the ask stands for. The look-alikes
// leave CLAUDE.md's imports away from the key.
func TestImportedFileUnknownTextOracle(t *testing.T) {
	for _, prog := range []string{"bash", "sed", "perl"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " not installed")
		}
	}
	for _, tt := range []struct {
		cmd  string
		want string
		key  bool // the key is loaded after the real command ran
	}{
		{`echo "$X" > docs/a.md`, "ask", true},
		{`echo "$X" >> README.md`, "ask", true},
		{`cp "$F" docs/a.md`, "ask", true},
		{`perl -pi -e 's/foo/$ENV{X}/' README.md`, "ask", true},
		{`find docs -name '*.md' -exec sed -i "1i $X" {} +`, "ask", true},
		{`cd sub && echo "$X" >> notes.md`, "ask", true},
		// sed scripts run in GNU sed's sandbox: the verdict follows what
		// the real sed -i leaves.
		{`sed -i '1i @~/.ssh/id_rsa' README.md`, "deny", true},
		{`sed -i 's/f.o/\x40~\/.ssh\/id_rsa/' docs/a.md`, "deny", true},
		{`find docs -name '*.md' -exec sed -i '1i @~/.ssh/id_rsa' {} +`, "deny", true},
		{`sed -i 's/f.o/bar/' docs/a.md`, "allow", false},
		{`sed -i '1i @x.md' README.md`, "allow", false},
		{`echo "$X" > docs/b.md`, "allow", false},
		{`perl -pi -e 's/foo/$ENV{X}/' docs/b.md`, "allow", false},
		{`echo "$X" >> sub/other.md`, "allow", false},
	} {
		home, proj := importedScratch(t)
		env := map[string]string{"HOME": home, EnvProject: proj}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
		if got := Check(cfg, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.cmd, got, tt.want)
		}
		src := filepath.Join(home, "snippet.md")
		if err := os.WriteFile(src, []byte("@~/.ssh/id_rsa\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "X=@~/.ssh/id_rsa", "F=" + src}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tt.cmd, err, out)
		}
		if got := loadsKey(home, proj); got != tt.key {
			t.Errorf("%s: after the real run the agent loads the key: %v, want %v", tt.cmd, got, tt.key)
		}
	}
}

// loadsKey reports whether the memory files of proj (its CLAUDE.md and
// sub/CLAUDE.md), with their imports followed, reach the key in home.
func loadsKey(home, proj string) bool {
	read := func(p string) (string, bool) {
		b, err := os.ReadFile(p)
		return string(b), err == nil
	}
	key := filepath.Join(home, ".ssh", "id_rsa")
	for _, mem := range []string{"CLAUDE.md", "sub/CLAUDE.md"} {
		f := filepath.Join(proj, mem)
		text, _ := read(f)
		for _, im := range syntax.Imports(f, text, "", home, read) {
			for _, p := range syntax.FileRefPaths(im.Ref, filepath.Dir(im.File), "", home) {
				if filepath.Clean(p) == key {
					return true
				}
			}
		}
	}
	return false
}
