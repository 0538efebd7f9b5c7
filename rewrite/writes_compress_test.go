package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestCompressedNames runs the real gzip, bzip2, xz and lzma (where
// installed) and checks that compressedName names the file each one
// makes beside its operand, compressing and decompressing.
func TestCompressedNames(t *testing.T) {
	t.Parallel()
	cases := []struct {
		prog       string
		args       []string
		file       string
		decompress bool
		suffix     string
	}{
		{"gzip", []string{"-k"}, "f", false, ""},
		{"gzip", []string{"-k", "-S", ".x"}, "f", false, ".x"},
		{"gzip", []string{"-dk"}, "f.gz", true, ""},
		{"gzip", []string{"-dk"}, "a.tgz", true, ""},
		{"gzip", []string{"-dk"}, "f-gz", true, ""},
		{"gzip", []string{"-dk", "-S", ".x"}, "f.x", true, ".x"},
		{"gunzip", []string{"-k"}, "f.gz", true, ""},
		{"bzip2", []string{"-k"}, "f", false, ""},
		{"bzip2", []string{"-dk"}, "f.bz2", true, ""},
		{"bzip2", []string{"-dk"}, "a.tbz2", true, ""},
		{"bzip2", []string{"-dk"}, "f.data", true, ""},
		{"bunzip2", []string{"-k"}, "f.bz", true, ""},
		{"xz", []string{"-k"}, "f", false, ""},
		{"xz", []string{"-dk"}, "f.xz", true, ""},
		{"xz", []string{"-dk"}, "a.txz", true, ""},
		{"unxz", []string{"-k"}, "f.xz", true, ""},
		{"lzma", []string{"-k"}, "f", false, ""},
		{"unlzma", []string{"-k"}, "f.lzma", true, ""},
	}
	ran := 0
	for _, tc := range cases {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		dir := t.TempDir()
		src := filepath.Join(dir, tc.file)
		if err := os.WriteFile(src, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if tc.decompress {
			// Make a real compressed file under the name: compress a
			// scratch file with the matching compressor, then rename.
			comp := map[string]string{"gzip": "gzip", "gunzip": "gzip", "bzip2": "bzip2", "bunzip2": "bzip2", "xz": "xz", "unxz": "xz", "unlzma": "lzma"}[tc.prog]
			in, err := os.Open(src)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(comp, "-c")
			cmd.Stdin = in
			b, err := cmd.Output()
			in.Close()
			if err != nil {
				t.Fatalf("%s -c: %v", comp, err)
			}
			if err := os.WriteFile(src, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := os.ReadDir(dir)
		cmd := exec.Command(tc.prog, append(tc.args, tc.file)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s %v %s: %v\n%s", tc.prog, tc.args, tc.file, err, out)
			continue
		}
		ran++
		after, _ := os.ReadDir(dir)
		var made []string
		for _, e := range after {
			if !slices.ContainsFunc(before, func(b os.DirEntry) bool { return b.Name() == e.Name() }) {
				made = append(made, e.Name())
			}
		}
		got, ok := compressedName(tc.prog, tc.file, tc.suffix, tc.decompress && tc.prog != "gunzip" && tc.prog != "bunzip2" && tc.prog != "unxz" && tc.prog != "unlzma", false)
		if len(made) != 1 || !ok || got != made[0] {
			t.Errorf("%s %v %s made %v; compressedName says %q (%v)", tc.prog, tc.args, tc.file, made, got, ok)
		}
	}
	if ran == 0 {
		t.Skip("no compressor installed")
	}
	if _, ok := compressedName("xz", "f.data", "", true, false); ok {
		t.Error("xz -d of an unknown suffix makes no file")
	}
}

// TestCompressorOutputs (issue 12): the file a compressor makes beside
// its operand was not judged (zstd .git/config, gzip -k .git/config,
// gunzip ~/.bashrc.gz passed): each is now the write of NAME.gz, NAME.zst
// … or, decompressing, of the name without its suffix.
func TestCompressorOutputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "proj/notes.txt": "x", "home/.bashrc": "x"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"zstd .git/config", "deny"},
		{"zstd -f .git/hooks/pre-commit", "deny"},
		{"zstd -r .git", "deny"},
		{"gzip -k .git/config", "deny"},
		{"xz -k .git/config", "deny"},
		{"bzip2 -k .git/config", "deny"},
		{"lz4 .git/config", "deny"},
		{"gunzip ~/.bashrc.gz", "deny"},
		{"gzip -dk ~/.bashrc.gz", "deny"},
		// Python's gzip module as a program (red team 13 AX).
		{"python3 -m gzip -d ~/.bashrc.gz", "deny"},
		{"python3 -m gzip -d .git/hooks/pre-commit.gz", "deny"},
		{"python3 -m gzip -d data.csv.gz", "allow"},
		{"python3 -m gzip notes.txt", "allow"},
		{"bunzip2 ~/.bashrc.bz2", "deny"},
		{"unxz -k ~/.bashrc.xz", "deny"},
		{"gzip -d -S .x ~/.bashrc.x", "deny"},
		{"zstd --rm .git/config", "deny"},
		{"zstd -f .env", "deny"}, // replaces a .env.zst there
		// Look-alikes.
		{"zstd ~/.bashrc", "allow"}, // ~/.bashrc.zst, a new name
		{"zstd .env", "allow"},      // .env.zst is only made when absent: no secret changes
		{"gzip -k .env", "allow"},
		{"gzip -k /tmp/x", "allow"},
		{"zstd -r src", "allow"},
		{"gzip -k notes.txt", "allow"},
		{"gunzip notes.txt.gz", "allow"},
		{"gzip -c ~/.bashrc.gz", "allow"},
		{"gunzip -t ~/.bashrc.gz", "allow"},
		{"xz -l ~/.bashrc.xz", "allow"},
		{"zstd -d notes.txt.zst", "allow"},
	})
}
