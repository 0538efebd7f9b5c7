package rewrite

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// archiveEntry is a member of a test archive: a file with text, or a
// symbolic (link) or hard (hard) link to target.
type archiveEntry struct {
	name, text, target string
	link, hard         bool
}

// writeTestTar writes a tar archive (gzip-compressed when gz) of entries
// at p.
func writeTestTar(t *testing.T, p string, gz bool, entries ...archiveEntry) {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: 0o644, Size: int64(len(e.text)), Typeflag: tar.TypeReg}
		switch {
		case e.link:
			h.Typeflag, h.Linkname, h.Size, h.Mode = tar.TypeSymlink, e.target, 0, 0o777
		case e.hard:
			h.Typeflag, h.Linkname, h.Size = tar.TypeLink, e.target, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			if _, err := tw.Write([]byte(e.text)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	if gz {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write(data)
		zw.Close()
		data = z.Bytes()
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeTestZip writes a zip archive of entries at p, a symbolic link as
// Info-ZIP stores one (Unix creator, link mode, the target as data).
func writeTestZip(t *testing.T, p string, entries ...archiveEntry) {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Store}
		text := e.text
		if e.link {
			h.SetMode(fs.ModeSymlink | 0o777)
			text = e.target
		} else {
			h.SetMode(0o644)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(text))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestArchiveLinks: the links an extraction makes are followed by the
// writes after it in the same command (red team 15 RG8): a tar symbolic
// link member (plain or gzip), a hard link member (with -P, absolute),
// a zip symbolic link, a link to a directory written below, under -C.
// An archive whose links corral cannot read (xz with a link member)
// makes a later write under its directory ask. Look-alikes: archives of
// plain files, a link into the project, a write before the extraction,
// an extraction followed by reads.
func TestArchiveLinks(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile":  "all:\n\t@echo ok\n",
		"proj/sub/.keep": "",
		"home/.bashrc":   "# canary\n",
	})
	root := filepath.Dir(cfg.Project)
	home := filepath.Join(root, "home")
	rc := filepath.Join(home, ".bashrc")
	writeTestTar(t, filepath.Join(root, "sl.tar"), false, archiveEntry{name: "sl", link: true, target: rc})
	writeTestTar(t, filepath.Join(root, "sl.tgz"), true, archiveEntry{name: "sl", link: true, target: rc})
	writeTestTar(t, filepath.Join(root, "dl.tar"), false, archiveEntry{name: "d", link: true, target: home})
	writeTestTar(t, filepath.Join(root, "rel.tar"), false, archiveEntry{name: "x/up", link: true, target: "../../home"})
	writeTestTar(t, filepath.Join(root, "hl.tar"), false, archiveEntry{name: "hl", hard: true, target: rc})
	writeTestTar(t, filepath.Join(root, "ok.tar"), false, archiveEntry{name: "README", text: "hi\n"}, archiveEntry{name: "docs", link: true, target: "sub"})
	writeTestZip(t, filepath.Join(root, "zl.zip"), archiveEntry{name: "zl", link: true, target: rc})
	writeTestZip(t, filepath.Join(root, "ok.zip"), archiveEntry{name: "README", text: "hi\n"})
	rows := []struct{ cmd, want string }{
		{`tar -xf ../sl.tar; echo "echo PWNED" >> sl`, "deny"},
		{`tar xf ../sl.tar && cat Makefile > sl`, "deny"},
		{`tar xzf ../sl.tgz && cp Makefile sl`, "deny"},
		{`tar -xPf ../hl.tar; echo "echo PWNED" >> hl`, "deny"},
		{`unzip -o ../zl.zip; echo "echo PWNED" >> zl`, "deny"},
		{`tar xf ../dl.tar && echo x > d/.bashrc`, "deny"},
		{`tar xf ../rel.tar && echo x > x/up/.bashrc`, "deny"},
		{`tar xf ../sl.tar -C sub; echo x >> sub/sl`, "deny"},
		{`cd sub && tar xf ../../sl.tar && echo x >> sl`, "deny"},
		// Look-alikes.
		{`tar xf ../ok.tar && echo x > docs/notes.txt`, "allow"},
		{`tar xf ../ok.tar && echo x > README`, "allow"},
		{`unzip -o ../ok.zip && echo x >> README`, "allow"},
		{`echo x >> sl; tar xf ../sl.tar`, "allow"},
		{`tar xf ../sl.tar -C sub; echo x >> sl`, "allow"},
		{`tar xf ../sl.tar && cat sl`, "allow"},
		{`tar xzf release.tar.gz && ls`, "allow"},
		{`tar tf ../sl.tar && echo x > sl`, "allow"},
	}
	if _, err := exec.LookPath("xz"); err == nil {
		xzTar := func(name string, entries ...archiveEntry) {
			p := filepath.Join(root, name)
			writeTestTar(t, p, false, entries...)
			if out, err := exec.Command("xz", "-f", p).CombinedOutput(); err != nil {
				t.Fatalf("xz: %v %s", err, out)
			}
		}
		xzTar("sl.tar", archiveEntry{name: "sl", link: true, target: rc})
		writeTestTar(t, filepath.Join(root, "sl.tar"), false, archiveEntry{name: "sl", link: true, target: rc})
		xzTar("plain.tar", archiveEntry{name: "README", text: "hi\n"})
		rows = append(rows, []struct{ cmd, want string }{
			{`tar xJf ../sl.tar.xz && echo x > sl`, "ask"},
			{`tar xJf ../sl.tar.xz && echo x > out.txt`, "ask"},
			{`tar xJf ../sl.tar.xz -C sub && echo x > out.txt`, "allow"},
			{`tar xJf ../plain.tar.xz && echo x > out.txt`, "allow"},
			{`tar xJf ../plain.tar.xz && ls`, "allow"},
		}...)
	}
	checkDecisions(t, cfg, rows)
}

// TestArchiveLinksOracle extracts the test archives with the real tar
// and unzip under a scratch HOME and writes through the member's name,
// as the command corral denies does: the canary ~/.bashrc changes.
func TestArchiveLinksOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, tc := range []struct{ name, prog, archive, cmd string }{
		{"tar-symlink", "tar", "sl.tar", `tar -xf ../sl.tar; echo "echo PWNED" >> sl`},
		{"tar-hardlink", "tar", "hl.tar", `tar -xPf ../hl.tar; echo "echo PWNED" >> hl`},
		{"tar-dirlink", "tar", "dl.tar", `tar xf ../dl.tar && echo "echo PWNED" >> d/.bashrc`},
		{"unzip-symlink", "unzip", "zl.zip", `unzip -o ../zl.zip >/dev/null; echo "echo PWNED" >> zl`},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		cfg := scratchProject(t, map[string]string{"proj/.keep": "", "home/.bashrc": "# canary\n"})
		root := filepath.Dir(cfg.Project)
		home := filepath.Join(root, "home")
		rc := filepath.Join(home, ".bashrc")
		switch tc.archive {
		case "sl.tar":
			writeTestTar(t, filepath.Join(root, tc.archive), false, archiveEntry{name: "sl", link: true, target: rc})
		case "hl.tar":
			writeTestTar(t, filepath.Join(root, tc.archive), false, archiveEntry{name: "hl", hard: true, target: rc})
		case "dl.tar":
			writeTestTar(t, filepath.Join(root, tc.archive), false, archiveEntry{name: "d", link: true, target: home})
		case "zl.zip":
			writeTestZip(t, filepath.Join(root, tc.archive), archiveEntry{name: "zl", link: true, target: rc})
		}
		if r := Check(cfg, tc.cmd); r.Decision.String() != "deny" {
			t.Errorf("%s: %s: corral %s, want deny (%v)", tc.name, tc.cmd, r.Decision, r.Findings)
		}
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, _ := run.CombinedOutput()
		got, _ := os.ReadFile(rc)
		if !strings.Contains(string(got), "PWNED") {
			t.Errorf("%s: the write did not reach ~/.bashrc through the link (%q; %s)", tc.name, got, out)
		}
	}
}
