package rewrite

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"context"
	"hash/crc32"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// hostileArchive builds an archive (tar, or zip when zipped) whose members
// try to land outside the directory it is unpacked in: an absolute name
// under outside, a ../ name, and a symbolic link to outside/victim with a
// member written through it. ok.txt is the one harmless member.
func hostileArchive(t *testing.T, outside string, zipped bool) []byte {
	t.Helper()
	type member struct{ name, body, link string }
	members := []member{
		{name: "ok.txt", body: "ok\n"}, // first: some archivers stop at a refused member
		{name: filepath.Join(outside, "abs.txt"), body: "abs\n"},
		{name: "../dotdot.txt", body: "dotdot\n"},
		{name: "lnk", link: filepath.Join(outside, "victim")},
		{name: "lnk/through.txt", body: "through\n"},
	}
	var buf bytes.Buffer
	if zipped {
		z := zip.NewWriter(&buf)
		for _, m := range members {
			body := m.body
			mode := os.FileMode(0o644)
			if m.link != "" {
				mode, body = os.ModeSymlink|0o777, m.link
			}
			// Sizes and CRC in the local header, no data descriptor:
			// busybox unzip reads no streamed member.
			h := &zip.FileHeader{Name: m.name, Method: zip.Store, CRC32: crc32.ChecksumIEEE([]byte(body)),
				CompressedSize64: uint64(len(body)), UncompressedSize64: uint64(len(body))}
			h.SetMode(mode)
			w, err := z.CreateRaw(h)
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(body))
		}
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	tw := tar.NewWriter(&buf)
	for _, m := range members {
		h := &tar.Header{Name: m.name, Mode: 0o644, Size: int64(len(m.body)), Typeflag: tar.TypeReg, Format: tar.FormatGNU}
		if m.link != "" {
			h.Typeflag, h.Linkname, h.Size = tar.TypeSymlink, m.link, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		tw.Write([]byte(m.body))
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// escaped lists the files a hostile archive's members put outside the
// directory they were unpacked in (under outside, or ../dotdot.txt next
// to proj).
func escaped(outside, proj string) []string {
	var out []string
	for _, p := range []string{filepath.Join(outside, "abs.txt"), filepath.Join(outside, "victim", "through.txt"), filepath.Join(filepath.Dir(proj), "dotdot.txt")} {
		if _, err := os.Lstat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// TestArchiveStdinRewriteExec: a download piped into an archiver that
// unpacks it was asked about (busybox unzip -, 7z x -si) or moved
// (bsdtar), or asked about (bsdcpio -i, now run in the sandbox with
// (cd SANDBOX && …)). Each takes a directory option (or runs there) and
// keeps every member inside it: the leading / and ../ taken off names, no member written through a
// link another made. The rewritten command, run with real bash and curl
// against a loopback server serving a hostile archive, unpacks ok.txt in
// the sandbox and nothing outside it. Programs not installed are skipped.
func TestArchiveStdinRewriteExec(t *testing.T) {
	t.Parallel()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, tc := range []struct {
		cmd, need string
		zipped    bool
	}{
		{`curl -s URL | busybox unzip -o -`, "busybox", true},
		{`curl -s URL | unzip -o -`, "unzip", true}, // Info-ZIP reads no pipe: it unpacks nothing, anywhere
		{`curl -s URL | unzip -o - -d /tmp`, "unzip", true},
		{`curl -s URL | 7z x -si -ttar -y`, "7z", false},
		{`curl -s URL | 7z x -si -ttar -y -o..`, "7z", false},
		{`curl -s URL | bsdtar -xf -`, "bsdtar", false},
		{`curl -s URL | bsdtar -xf - -C ..`, "bsdtar", false},
		// bsdcpio has no directory option: the stage runs in the
		// sandbox, (cd SANDBOX && bsdcpio -i); libarchive reads the
		// tar as it reads cpio.
		{`curl -s URL | bsdcpio -id`, "bsdcpio", false},
		{`curl -s URL | gzip -cf | gzip -dc | LANG=C bsdcpio -idmu 2>/dev/null`, "bsdcpio", false},
	} {
		if _, err := exec.LookPath(tc.need); err != nil {
			continue
		}
		outside := t.TempDir()
		if err := os.Mkdir(filepath.Join(outside, "victim"), 0o755); err != nil {
			t.Fatal(err)
		}
		body := hostileArchive(t, outside, tc.zipped)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }))
		cmd := strings.ReplaceAll(tc.cmd, "URL", srv.URL+"/a")
		proj := filepath.Join(t.TempDir(), "proj")
		sb := filepath.Join(proj, "agent_sandbox")
		if err := os.MkdirAll(sb, 0o755); err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Cwd: proj, Project: proj, Home: proj, Sandbox: sb, Mode: ModeRewrite, Approve: ApproveAuto}
		r := Check(cfg, cmd)
		if r.Decision != Rewrite {
			t.Errorf("%s: %s %v, want rewrite", cmd, r.Decision, r.Findings)
			srv.Close()
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		c := exec.CommandContext(ctx, bash, "-c", r.Rewritten)
		c.Dir = proj
		c.Env = []string{"PATH=" + filepath.Dir(curl) + ":/usr/bin:/bin", "HOME=" + proj}
		out, _ := c.CombinedOutput() // the hostile members make the archivers exit non-zero
		cancel()
		srv.Close()
		if e := escaped(outside, proj); len(e) > 0 {
			t.Errorf("%s: the rewritten %s wrote %v outside the sandbox (%s)", cmd, r.Rewritten, e, out)
		}
		ok, err := os.ReadFile(filepath.Join(sb, "ok.txt"))
		infoZip := tc.need == "unzip"
		if infoZip != (err != nil) || err == nil && string(ok) != "ok\n" {
			t.Errorf("%s: the rewritten %s left the sandbox's ok.txt %q (%v), want it unpacked there (%s)", cmd, r.Rewritten, ok, err, out)
		}
		entries, _ := os.ReadDir(proj)
		for _, e := range entries {
			if e.Name() != "agent_sandbox" {
				t.Errorf("%s: the rewritten %s left %s in the project", cmd, r.Rewritten, e.Name())
			}
		}
	}
}

// TestCpioSymlinkMemberExec shows why a download piped into cpio -i still
// asks: GNU cpio, even pointed at a directory with -D and told
// --no-absolute-filenames, writes a member through the symbolic link an
// earlier member made, so an archive reaches any directory.
func TestCpioSymlinkMemberExec(t *testing.T) {
	t.Parallel()
	cpio, err := exec.LookPath("cpio")
	if err != nil {
		t.Skip("no cpio")
	}
	bsdtar, err := exec.LookPath("bsdtar")
	if err != nil {
		t.Skip("no bsdtar to write the cpio archive")
	}
	outside := t.TempDir()
	if err := os.Mkdir(filepath.Join(outside, "victim"), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tarPath := filepath.Join(dir, "a.tar")
	if err := os.WriteFile(tarPath, hostileArchive(t, outside, false), 0o644); err != nil {
		t.Fatal(err)
	}
	cpioPath := filepath.Join(dir, "a.cpio")
	if out, err := exec.Command(bsdtar, "-cf", cpioPath, "--format", "newc", "@"+tarPath).CombinedOutput(); err != nil {
		t.Fatalf("bsdtar: %v %s", err, out)
	}
	dest := filepath.Join(dir, "sandbox")
	if err := os.Mkdir(dest, 0o755); err != nil {
		t.Fatal(err)
	}
	c := exec.Command(cpio, "-idm", "-D", dest, "--no-absolute-filenames", "-F", cpioPath)
	out, _ := c.CombinedOutput()
	if _, err := os.Stat(filepath.Join(outside, "victim", "through.txt")); err != nil {
		t.Skipf("this cpio refuses the member written through a link (%s): the ask may be loosened", out)
	}
	cfg := testConfig()
	if d := Check(cfg, "curl -s https://x.io/a | cpio -idm -D agent_sandbox --no-absolute-filenames").Decision; d != Ask {
		t.Errorf("curl | cpio -idm -D agent_sandbox: %v, want ask", d)
	}
}
