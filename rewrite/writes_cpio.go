package rewrite

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/corral-dev/corral/internal/bounded"
)

// The members of cpio and RAR archives on disk. GNU cpio -i writes each
// member where its name says: an absolute name at that path and a ".."
// name above the directory (cpio 2.13, checked with the real cpio in
// TestCpioMembers); --no-absolute-filenames drops the leading "/" and
// everything up to the last ".." component. unrar x writes each member
// under its directory with a leading "/" and everything up to the last
// ".." dropped, and e without the member's directories. corral reads the
// names itself: cpio's newc, crc, odc and binary headers (also
// gzip-compressed) and the file headers of RAR 4 and RAR 5, within the
// bounds of Python's tarfile reading (pyTarMaxBytes, pyTarMaxTime,
// maxArchiveMembers). An archive it cannot read (encrypted RAR headers,
// another compression) is judged by its directory, as before.

var errNotArchive = errors.New("not an archive corral reads")

// openBudget opens the regular file at p for a bounded read.
func openBudget(p string) (*os.File, *bufio.Reader, *bounded.Reader, error) {
	if !path.IsAbs(p) || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/dev/") {
		return nil, nil, nil, errors.New("not a regular file")
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, nil, errors.New("not a regular file")
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, nil, err
	}
	b := &bounded.Reader{R: f, Left: pyTarMaxBytes, Deadline: time.Now().Add(pyTarMaxTime), Err: errArchiveTooLarge}
	return f, bufio.NewReader(b), b, nil
}

// cpioMembers lists the member names of the cpio archive at p, in
// archive order, up to the trailer.
func cpioMembers(p string) ([]string, error) {
	f, br, budget, err := openBudget(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r *bufio.Reader = br
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, err
		}
		r = bufio.NewReader(&bounded.Reader{R: z, Left: pyTarMaxBytes, Deadline: budget.Deadline, Err: errArchiveTooLarge})
	}
	var names []string
	var off int64 // bytes read so far, for newc's 4-byte alignment
	read := func(n int) ([]byte, error) {
		b := make([]byte, n)
		_, err := io.ReadFull(r, b)
		off += int64(n)
		return b, err
	}
	skip := func(n int64) error {
		if n < 0 {
			return errNotArchive
		}
		_, err := io.CopyN(io.Discard, r, n)
		off += n
		return err
	}
	align4 := func() error { return skip((4 - off%4) % 4) }
	for len(names) <= maxArchiveMembers {
		magic, err := read(6)
		if err != nil {
			return nil, errNotArchive
		}
		var name string
		var size int64
		switch {
		case string(magic) == "070701" || string(magic) == "070702":
			// newc/crc: 13 fields of 8 hex digits; name size is the
			// 12th, file size the 7th; name and data padded to 4.
			h, err := read(13 * 8)
			if err != nil {
				return nil, errNotArchive
			}
			field := func(i int) (int64, error) { return strconv.ParseInt(string(h[i*8:i*8+8]), 16, 64) }
			ns, err1 := field(11)
			fs, err2 := field(6)
			if err1 != nil || err2 != nil || ns < 1 || ns > 4096 {
				return nil, errNotArchive
			}
			nb, err := read(int(ns))
			if err != nil || align4() != nil {
				return nil, errNotArchive
			}
			name, size = string(bytes.TrimRight(nb, "\x00")), fs
			if name == "TRAILER!!!" {
				return names, nil
			}
			names = append(names, name)
			if skip(size) != nil || align4() != nil {
				return nil, errNotArchive
			}
			continue
		case string(magic) == "070707":
			// odc: octal fields, 6 digits each but mtime and file size
			// (11); name size before file size; no padding.
			h, err := read(6*7 + 11 + 6 + 11)
			if err != nil {
				return nil, errNotArchive
			}
			ns, err1 := strconv.ParseInt(string(h[6*7+11:6*7+17]), 8, 64)
			fs, err2 := strconv.ParseInt(string(h[6*7+17:]), 8, 64)
			if err1 != nil || err2 != nil || ns < 1 || ns > 4096 {
				return nil, errNotArchive
			}
			nb, err := read(int(ns))
			if err != nil {
				return nil, errNotArchive
			}
			name, size = string(bytes.TrimRight(nb, "\x00")), fs
		case magic[0] == 0xc7 && magic[1] == 0x71 || magic[0] == 0x71 && magic[1] == 0xc7:
			// Old binary: 13 16-bit words in the writer's byte order;
			// name size is the 11th (index 10), the file size the last
			// two; name and data padded to 2.
			var order binary.ByteOrder = binary.LittleEndian
			if magic[0] == 0x71 {
				order = binary.BigEndian
			}
			rest, err := read(26 - 6)
			if err != nil {
				return nil, errNotArchive
			}
			h := append(magic, rest...)
			word := func(i int) int64 { return int64(order.Uint16(h[i*2:])) }
			ns := word(10)
			fs := word(11)<<16 | word(12)
			if ns < 1 || ns > 4096 {
				return nil, errNotArchive
			}
			nb, err := read(int(ns + ns%2))
			if err != nil {
				return nil, errNotArchive
			}
			name, size = string(bytes.TrimRight(nb[:ns], "\x00")), fs+fs%2
		default:
			return nil, errNotArchive
		}
		if name == "TRAILER!!!" {
			return names, nil
		}
		names = append(names, name)
		if skip(size) != nil {
			return nil, errNotArchive
		}
	}
	return nil, errArchiveTooLarge
}

// rarMembers lists the file names of the RAR archive at p (RAR 4 and
// RAR 5 headers); an archive whose headers are encrypted cannot be
// read.
func rarMembers(p string) ([]string, error) {
	f, br, _, err := openBudget(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sig := make([]byte, 7)
	if _, err := io.ReadFull(br, sig); err != nil || string(sig[:6]) != "Rar!\x1a\x07" {
		return nil, errNotArchive
	}
	switch sig[6] {
	case 0:
		return rar4Names(br)
	case 1:
		if b, err := br.ReadByte(); err != nil || b != 0 {
			return nil, errNotArchive
		}
		return rar5Names(br)
	}
	return nil, errNotArchive
}

// rar4Names reads RAR 4 blocks: CRC (2), type (1), flags (2), header
// size (2), then for a file header (0x74) the packed size (4) that
// follows the header, and the name at offset 32 (40 with the 0x100
// large-file flag); a name with the 0x200 flag holds the ASCII name, a
// zero byte and an encoded Unicode one.
func rar4Names(r *bufio.Reader) ([]string, error) {
	var names []string
	for len(names) <= maxArchiveMembers {
		h := make([]byte, 7)
		if _, err := io.ReadFull(r, h); err != nil {
			if err == io.EOF {
				return names, nil
			}
			return nil, errNotArchive
		}
		typ, flags := h[2], binary.LittleEndian.Uint16(h[3:])
		size := int(binary.LittleEndian.Uint16(h[5:]))
		if size < 7 {
			return nil, errNotArchive
		}
		body := make([]byte, size-7)
		if _, err := io.ReadFull(r, body); err != nil {
			return nil, errNotArchive
		}
		var add int64
		if flags&0x8000 != 0 && len(body) >= 4 {
			add = int64(binary.LittleEndian.Uint32(body))
		}
		switch typ {
		case 0x73: // archive header
			if flags&0x80 != 0 {
				return nil, errors.New("encrypted RAR headers")
			}
		case 0x74:
			if len(body) < 25 {
				return nil, errNotArchive
			}
			add = int64(binary.LittleEndian.Uint32(body))
			nameSize := int(binary.LittleEndian.Uint16(body[19:]))
			at := 25
			if flags&0x100 != 0 {
				add |= int64(binary.LittleEndian.Uint32(body[25:])) << 32
				at += 8
			}
			if at+nameSize > len(body) {
				return nil, errNotArchive
			}
			name := body[at : at+nameSize]
			if i := bytes.IndexByte(name, 0); i >= 0 && flags&0x200 != 0 {
				name = name[:i]
			}
			names = append(names, string(name))
		case 0x7b: // end of archive
			return names, nil
		}
		if add < 0 {
			return nil, errNotArchive
		}
		if _, err := io.CopyN(io.Discard, r, add); err != nil {
			return nil, errNotArchive
		}
	}
	return nil, errArchiveTooLarge
}

// rar5Names reads RAR 5 blocks: CRC32 (4), header size (vint), then the
// header: type, flags, extra size (flag 1), data size (flag 2), and for
// a file header (type 2) its flags, unpacked size, attributes, mtime
// (file flag 2), CRC32 (file flag 4), compression, host OS, name length
// and the UTF-8 name. An archive encryption header (type 4) hides the
// rest.
func rar5Names(r *bufio.Reader) ([]string, error) {
	var names []string
	for len(names) <= maxArchiveMembers {
		if _, err := io.ReadFull(r, make([]byte, 4)); err != nil {
			if err == io.EOF {
				return names, nil
			}
			return nil, errNotArchive
		}
		size, err := binary.ReadUvarint(r)
		if err != nil || size == 0 || size > 2<<20 {
			return nil, errNotArchive
		}
		h := make([]byte, size)
		if _, err := io.ReadFull(r, h); err != nil {
			return nil, errNotArchive
		}
		b := bytes.NewReader(h)
		vint := func() uint64 {
			v, err2 := binary.ReadUvarint(b)
			if err2 != nil {
				err = err2
			}
			return v
		}
		typ, flags := vint(), vint()
		if flags&1 != 0 {
			vint()
		}
		var data uint64
		if flags&2 != 0 {
			data = vint()
		}
		switch typ {
		case 2:
			fflags := vint()
			vint() // unpacked size
			vint() // attributes
			if fflags&2 != 0 {
				b.Seek(4, io.SeekCurrent)
			}
			if fflags&4 != 0 {
				b.Seek(4, io.SeekCurrent)
			}
			vint() // compression
			vint() // host OS
			n := vint()
			if err != nil || n > uint64(b.Len()) {
				return nil, errNotArchive
			}
			name := make([]byte, n)
			b.Read(name)
			names = append(names, string(name))
		case 4:
			return nil, errors.New("encrypted RAR headers")
		case 5:
			return names, nil
		}
		if err != nil || data > 1<<40 {
			return nil, errNotArchive
		}
		if _, err := io.CopyN(io.Discard, r, int64(data)); err != nil {
			return nil, errNotArchive
		}
	}
	return nil, errArchiveTooLarge
}
