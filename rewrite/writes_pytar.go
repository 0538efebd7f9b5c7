package rewrite

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path"
	"strings"
	"time"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/bounded"
	"github.com/corral-dev/corral/internal/linkwalk"
	"github.com/corral-dev/corral/syntax"
)

// Python's tarfile before 3.14, without an extraction filter (python3 -m
// tarfile -e, TarFile.extractall() and extract(), shutil.unpack_archive
// of a tar), writes each member at os.path.join(DIR, NAME): an absolute
// name is written where it says, ".." is kept, and a symbolic link a
// member makes is followed by the members after it (l -> ~, then
// l/.bashrc writes ~/.bashrc), as the kernel follows it when tarfile
// opens the path. A hard link member links DIR/NAME to
// os.path.join(DIR, LINKNAME), anywhere, and a later member of that
// name writes into the linked file. So the archive on disk is read here
// with Go's archive/tar (gzip and bzip2 as tarfile's "r:*" opens them),
// bounded, and every path the extraction writes, after the links made
// before it, is judged as a write; a hard link's target is judged as a
// write too. An archive that cannot be read (xz, zstd, too large, not
// there) asks.

// pyTarBudget bounds the reading of one archive: its members
// (maxArchiveMembers), the bytes decompressed and the time spent.
const (
	pyTarMaxBytes = 256 << 20
	pyTarMaxTime  = 3 * time.Second
	pyTarLinkHops = 40
)

// checkPyTar judges the writes of Python's tarfile extracting archive
// into dir.
func (p *Pass) checkPyTar(c *syntax.Call, e extraction, archive, dir string) {
	writes, err := pyTarWrites(archive, dir)
	if err != nil {
		// Not there yet (made by code of this command), compressed in a
		// way Go cannot read, or too large: its members could be any
		// path.
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: "Python's tarfile extracts " + e.archive.Value + " without a filter: absolute member names and links are followed, and corral cannot list this archive (" + err.Error() + ")"})
		return
	}
	arg := e.archive
	for _, w := range writes {
		p.judge(c, c.Script, c.Dir, target{arg: arg, value: w, action: guards.Write, derived: true}, "bash-write",
			c.Name+" (a member of "+e.archive.Value+", as Python's tarfile writes it)")
	}
}

// openTarStream opens the tar archive file at p (plain, gzip, bzip2, xz or zstd)
// for reading its members within the bounds of Python's tarfile reading
// (pyTarMaxBytes of the file and of its decompressed stream, within
// pyTarMaxTime): a plain archive's reader seeks past member data. A path
// under /proc or /dev and anything but a regular file are errors; xz and
// zstd are decompressed by the system's programs (decompressTool). The caller closes f.
func openTarStream(p string) (io.Reader, *os.File, error) {
	if !path.IsAbs(p) || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/dev/") {
		return nil, nil, errors.New("not a regular file")
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, errors.New("not a regular file")
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	br := bufio.NewReader(f)
	head, _ := br.Peek(6)
	budget := &bounded.Reader{R: br, Left: pyTarMaxBytes, Deadline: time.Now().Add(pyTarMaxTime), Err: errArchiveTooLarge}
	var r io.Reader
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(budget)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		r = &bounded.Reader{R: z, Left: pyTarMaxBytes, Deadline: budget.Deadline, Err: errArchiveTooLarge}
	case bytes.HasPrefix(head, []byte("BZh")):
		r = &bounded.Reader{R: bzip2.NewReader(budget), Left: pyTarMaxBytes, Deadline: budget.Deadline, Err: errArchiveTooLarge}
	case bytes.HasPrefix(head, xzMagic), bytes.HasPrefix(head, zstdMagic):
		// The system's xz or zstd, bounded (writes_extract_xz.go).
		data, err := decompressTool(p, head)
		if err != nil {
			f.Close()
			return nil, nil, err
		}
		r = bytes.NewReader(data)
	default:
		// Uncompressed: the reader skips each member's data by seeking.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, nil, err
		}
		r = &seekBudget{bounded.Reader{R: f, Left: pyTarMaxBytes, Deadline: budget.Deadline, Err: errArchiveTooLarge}, f}
	}
	return r, f, nil
}

// pyTarWrites returns the absolute paths tarfile's extraction of the
// archive file into dir writes, in archive order, each once.
func pyTarWrites(archive, dir string) ([]string, error) {
	r, f, err := openTarStream(archive)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tr := tar.NewReader(r)
	links := map[string]string{}
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if len(out) == 0 {
				return nil, err
			}
			break // tarfile stops at the same damage; what came before is written
		}
		if n >= maxArchiveMembers {
			return nil, errArchiveTooLarge
		}
		name := strings.TrimRight(h.Name, "/")
		if name == "" {
			continue
		}
		at := pyJoin(dir, name)
		switch h.Typeflag {
		case tar.TypeSymlink:
			made := resolveLinks(at, false, links)
			add(made)
			t := h.Linkname
			if !path.IsAbs(t) {
				t = path.Join(path.Dir(made), t)
			}
			links[made] = t
		case tar.TypeLink:
			made := resolveLinks(at, false, links)
			add(made)
			// The file linked to is reachable through the new name:
			// judged as written.
			add(resolveLinks(pyJoin(dir, h.Linkname), true, links))
			delete(links, made)
		default:
			made := resolveLinks(at, true, links)
			if made != path.Clean(dir) {
				add(made)
			}
		}
	}
	return out, nil
}

// pyJoin is os.path.join(dir, name): an absolute name replaces dir.
func pyJoin(dir, name string) string {
	if path.IsAbs(name) {
		return name
	}
	return dir + "/" + name
}

// resolveLinks resolves p as the kernel does against the links in
// links (absolute path of a link → its target, absolute): each
// component in turn, ".." after the links before it, the last one too
// when last is set; at most pyTarLinkHops links.
func resolveLinks(p string, last bool, links map[string]string) string {
	out, _ := linkwalk.Resolve(p, last, pyTarLinkHops, func(abs string) (string, bool, bool) {
		t, ok := links[abs]
		return t, ok, true
	})
	return out
}

// seekBudget is a bounded.Reader over a file that tar's reader can seek
// past each member's data in.
type seekBudget struct {
	bounded.Reader
	s io.Seeker
}

func (b *seekBudget) Seek(off int64, whence int) (int64, error) { return b.s.Seek(off, whence) }
