package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLibraryWriters16 (red team 16 PY1): library calls that write or
// delete files and were missing from the tables: distutils' (and
// setuptools' copy's) copy_file, copy_tree, move_file and remove_tree,
// setuptools.archive_util.unpack_archive; Ruby's Pathname#rmtree,
// #delete/#unlink, #rmdir and #write/#binwrite of a literal path.
// Look-alikes: the same calls on a project path.
func TestLibraryWriters16(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-copy-file", Python, `import distutils.file_util as f; f.copy_file("/tmp/x", "/home/u/.bashrc")`,
			[]string{"shell distutils.file_util.copy_file: cp -- '/tmp/x' '/home/u/.bashrc'"}},
		{"py-copy-tree", Python, `from distutils.dir_util import copy_tree; copy_tree("/tmp/t", "/home/u/.claude")`,
			[]string{"shell distutils.dir_util.copy_tree: cp -rT -- '/tmp/t' '/home/u/.claude'"}},
		{"py-remove-tree", Python, `from distutils.dir_util import remove_tree; remove_tree("/home/u/.claude")`,
			[]string{"delete -r distutils.dir_util.remove_tree: /home/u/.claude"}},
		{"py-setuptools-remove-tree", Python, `from setuptools._distutils.dir_util import remove_tree; remove_tree("/home/u/.claude")`,
			[]string{"delete -r setuptools._distutils.dir_util.remove_tree: /home/u/.claude"}},
		{"py-move-file", Python, `from distutils.file_util import move_file; move_file("x", "/home/u/.bashrc")`,
			[]string{"shell distutils.file_util.move_file: mv -- 'x' '/home/u/.bashrc'"}},
		{"rb-rmtree", Ruby, `require "pathname"; Pathname("/home/u/.claude").rmtree`,
			[]string{"delete -r Pathname.rmtree: /home/u/.claude"}},
		{"rb-rmtree-new", Ruby, `require "pathname"; Pathname.new("/home/u/.claude").rmtree`,
			[]string{"delete -r Pathname.rmtree: /home/u/.claude"}},
		{"rb-delete", Ruby, `require "pathname"; Pathname.new("/home/u/.bashrc").delete`,
			[]string{"delete Pathname.delete: /home/u/.bashrc"}},
		{"rb-write", Ruby, `require "pathname"; Pathname.new("/home/u/.bashrc").write("x")`,
			[]string{"write Pathname.write: /home/u/.bashrc"}},
		// Pathname's chains (join, +, /, expand_path) and its reads (red
		// team of 2026-12-05).
		{"rb-join-write", Ruby, `require "pathname"; Pathname(Dir.home).join(".bashrc").write("x")`,
			[]string{"write Pathname.write: ~/.bashrc (home)"}},
		{"rb-plus-write", Ruby, `require "pathname"; (Pathname.new(Dir.home) + ".bashrc").write("x")`,
			[]string{"write Pathname.write: ~/.bashrc (home)"}},
		{"rb-slash-read", Ruby, `require "pathname"; puts (Pathname.new(Dir.home) / ".ssh" / "id_rsa").read`,
			[]string{"read Pathname.read: ~/.ssh/id_rsa (home)"}},
		{"rb-expand-read", Ruby, `require "pathname"; puts Pathname("~/.ssh/id_rsa").expand_path.readlines`,
			[]string{"read Pathname.readlines: ~/.ssh/id_rsa (home)"}},
		{"rb-expand-rmtree", Ruby, `require "pathname"; Pathname("~").expand_path.rmtree`,
			[]string{"delete -r Pathname.rmtree: ~"}},
		// An absolute part replaces the path, in Ruby and in Python.
		{"rb-plus-absolute", Ruby, `require "pathname"; (Pathname("notes") + "/home/u/.bashrc").write("x")`,
			[]string{"write Pathname.write: /home/u/.bashrc"}},
		{"py-slash-absolute", Python, `from pathlib import Path; (Path("notes") / "/home/u/.bashrc").write_text("x")`,
			[]string{"write write_text: /home/u/.bashrc"}},
		// Look-alikes.
		{"rb-read-unknown", Ruby, `require "pathname"; puts Pathname(ARGV[0]).read`, nil},
		{"rb-join-project", Ruby, `require "pathname"; Pathname("src").join("a.txt").write("x")`,
			[]string{"write Pathname.write: src/a.txt"}},
		{"py-copy-file-project", Python, `import distutils.file_util as f; f.copy_file("a", "build/a")`,
			[]string{"shell distutils.file_util.copy_file: cp -- 'a' 'build/a'"}},
		{"rb-read", Ruby, `require "pathname"; puts Pathname.new("notes.txt").basename`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestLibraryWriters16Oracle runs the real python3 and ruby (when
// installed) on the calls TestLibraryWriters16 reads, against canaries
// under a temporary directory: each writes or deletes the path the
// analysis names.
func TestLibraryWriters16Oracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		l          Lang
		flag, src  string
		gone       bool // the canary is deleted (else written)
	}{
		{"py-copy-file", "python3", Python, "-c", `import distutils.file_util as f; f.copy_file("SRC", "CANARY")`, false},
		{"py-copy-tree", "python3", Python, "-c", `from distutils.dir_util import copy_tree; copy_tree("TREE", "CANARY")`, false},
		{"py-remove-tree", "python3", Python, "-c", `from distutils.dir_util import remove_tree; remove_tree("CANARY")`, true},
		{"rb-rmtree", "ruby", Ruby, "-e", `require "pathname"; Pathname("CANARY").rmtree`, true},
		{"rb-delete", "ruby", Ruby, "-e", `require "pathname"; Pathname.new("CANARY").delete`, true},
		{"rb-write", "ruby", Ruby, "-e", `require "pathname"; Pathname.new("CANARY").write("x")`, false},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		src := filepath.Join(dir, "src")
		tree := filepath.Join(dir, "tree")
		if err := os.WriteFile(src, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(tree, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tree, "f"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if tc.gone {
			if strings.Contains(tc.src, "delete") {
				err = os.WriteFile(canary, []byte("x"), 0o644)
			} else {
				err = os.MkdirAll(filepath.Join(canary, "d"), 0o755)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		code := strings.NewReplacer("CANARY", canary, "SRC", src, "TREE", tree).Replace(tc.src)
		found := false
		for _, e := range Analyze(tc.l, code) {
			found = found || strings.Contains(describe(e), canary)
		}
		if !found {
			t.Errorf("%s: the analysis does not name the canary: %q", tc.name, describeAll(Analyze(tc.l, code)))
		}
		cmd := exec.Command(bin, tc.flag, code)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		out, err := cmd.CombinedOutput()
		_, serr := os.Stat(canary)
		if tc.gone != (serr != nil) {
			t.Errorf("%s: canary exists %v afterwards (%v, %s)", tc.name, serr == nil, err, out)
		}
	}
}
