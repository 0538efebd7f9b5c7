package rewrite

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/bounded"
	"github.com/corral-dev/corral/syntax"
)

// The links an extraction makes (red team 15 RG8). A tar archive's
// symbolic-link and hard-link members and a zip archive's symbolic links
// (unzip makes them from a Unix entry whose mode says link, its data the
// target) are links on disk once the extraction has run, and a later
// write of the same command through one (tar xf l.tar && echo x >>
// l/.bashrc, where l -> ~) writes the link's target, as after ln -s. So
// the archive on disk is read when the hook runs (Go's archive/tar with
// gzip and bzip2, archive/zip; bounded as Python's tarfile reading is)
// and each link member is registered as the ln call it stands for
// (madeLinks), with the name the extraction gives it (memberPath: -C, -d,
// --strip-components, -P, unzip's dropped "/" and ".."). A symbolic
// link's target is kept as stored (tar and unzip do not rewrite it), taken
// from the link's directory when relative; a hard link's target is the
// member it names, placed as that member is. An archive Go cannot read
// (xz, zstd) is listed verbosely by GNU tar: one without link members makes
// none; one with links, or one that cannot be listed (not there yet, made
// by this command), makes a later write under the extraction's directory
// ask (checkUnknownExtractLinks).

// maxArchiveLinkTarget bounds a zip symbolic link's stored target.
const maxArchiveLinkTarget = 4096

// archiveLink is a link member: name and target as stored.
type archiveLink struct {
	name, target string
	hard         bool
}

// extractionLinks returns the links the extraction call c makes, with
// absolute paths, and whether its archive's links are known (false: the
// archive cannot be read here, and may hold links). where is the
// directory the extraction writes in ("" when only run time knows it).
func (p *Pass) extractionLinks(c *syntax.Call) (links []madeLink, where string, known, ok bool) {
	e, isExtract := extractionOf(c)
	if !isExtract || e.gitSrc != nil {
		return nil, "", true, false
	}
	// The links the archive holds, when it can be read.
	var members []archiveLink
	known = false
	if archive := c.Dir.Join(e.archive.Value); e.archive.Static && !p.Config.NoScriptFiles && archive.Known &&
		e.unreadTransform == "" && !p.writtenByCommand(archive.Path) {
		var err error
		members, err = readArchiveLinks(archive.Path, e.zipOnly)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// Not there and not made by this command as corral reads
			// it: the extraction fails, or a download the acquisition
			// rules move into the sandbox with its extraction brings it.
			return nil, "", true, true
		case err == nil:
			known = true
		}
	}
	if known && len(members) == 0 {
		return nil, "", true, true
	}
	dir := c.Dir
	if e.dir != nil {
		if !e.dir.Static {
			return nil, "", false, true
		}
		dir = c.Dir.Join(e.dir.Value)
	}
	if !dir.Known {
		return nil, "", false, true
	}
	env := guards.Env{Project: p.Config.Project, Cwd: c.Dir.Path, Home: p.Config.Home, Sandbox: p.Config.Sandbox}
	where = guards.Normalize(env, dir.Path).Abs
	if !known {
		return nil, where, false, true
	}
	end := linkMadeAt(c)
	for _, m := range members {
		name := memberPath(m.name, e)
		if name == "" {
			continue
		}
		link := pathUnder(where, name)
		var target string
		switch {
		case m.hard:
			t := memberPath(m.target, e)
			if t == "" {
				continue // tar skips it
			}
			target = pathUnder(where, t)
		case strings.HasPrefix(m.target, "/"):
			target = path.Clean(m.target)
		case m.target == "":
			continue
		default:
			target = path.Join(path.Dir(link), m.target)
		}
		links = append(links, madeLink{link: link, target: target, end: end, call: c})
	}
	return links, where, true, true
}

// writtenByCommand reports a file the command writes (the shell model's
// record of what it writes, known text or not): an archive made here
// holds what its maker puts in, not what the disk holds now.
func (p *Pass) writtenByCommand(abs string) bool {
	_, w1 := slices.BinarySearch(p.Model.Rewrote, abs)
	_, w2 := slices.BinarySearch(p.Model.Unread, abs)
	return w1 || w2
}

// pathUnder is name (a member's path as memberPath gives it) placed in
// the directory where: an absolute name stays.
func pathUnder(where, name string) string {
	if strings.HasPrefix(name, "/") {
		return path.Clean(name)
	}
	return path.Join(where, name)
}

// readArchiveLinks lists the link members of the archive file at p.
func readArchiveLinks(p string, zipOnly bool) ([]archiveLink, error) {
	if !path.IsAbs(p) || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/sys/") {
		return nil, errors.New("not a regular file")
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	head, _ := br.Peek(6)
	deadline := time.Now().Add(pyTarMaxTime)
	if bytes.HasPrefix(head, []byte("PK")) {
		return zipLinks(f, fi.Size(), deadline)
	}
	if zipOnly {
		return nil, errors.New("not a zip archive")
	}
	budget := &bounded.Reader{R: br, Left: pyTarMaxBytes, Deadline: deadline, Err: errArchiveTooLarge}
	var r io.Reader
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(budget)
		if err != nil {
			return nil, err
		}
		r = &bounded.Reader{R: z, Left: pyTarMaxBytes, Deadline: deadline, Err: errArchiveTooLarge}
	case bytes.HasPrefix(head, []byte("BZh")):
		r = &bounded.Reader{R: bzip2.NewReader(budget), Left: pyTarMaxBytes, Deadline: deadline, Err: errArchiveTooLarge}
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}), bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return verboseTarLinks(p)
	default:
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		r = &seekBudget{bounded.Reader{R: f, Left: pyTarMaxBytes, Deadline: deadline, Err: errArchiveTooLarge}, f}
	}
	tr := tar.NewReader(r)
	var out []archiveLink
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			if n > 0 {
				return out, nil // tar stops at the same damage
			}
			return nil, err
		}
		if n >= maxArchiveMembers {
			return nil, errArchiveTooLarge
		}
		switch h.Typeflag {
		case tar.TypeSymlink:
			out = append(out, archiveLink{name: h.Name, target: h.Linkname})
		case tar.TypeLink:
			out = append(out, archiveLink{name: h.Name, target: h.Linkname, hard: true})
		}
	}
}

// zipLinks lists a zip archive's symbolic links: entries whose Unix mode
// says link, their (small) data the target.
func zipLinks(f *os.File, size int64, deadline time.Time) ([]archiveLink, error) {
	z, err := zip.NewReader(f, size)
	if err != nil {
		return nil, err
	}
	if len(z.File) > maxArchiveMembers {
		return nil, errArchiveTooLarge
	}
	var out []archiveLink
	for _, m := range z.File {
		if m.Mode()&os.ModeSymlink == 0 {
			continue
		}
		if time.Now().After(deadline) {
			return nil, errArchiveTooLarge
		}
		rc, err := m.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(io.LimitReader(rc, maxArchiveLinkTarget+1))
		rc.Close()
		if err != nil || len(data) > maxArchiveLinkTarget {
			return nil, errArchiveTooLarge
		}
		out = append(out, archiveLink{name: m.Name, target: string(data)})
	}
	return out, nil
}

// verboseTarLinks asks GNU tar (which runs xz or zstd itself) whether an
// archive Go cannot decompress holds links: a verbose listing's line
// starts with the member's type, "l" a symbolic and "h" a hard link. The
// names in such a line are not split reliably, so an archive with a
// link is one whose links are not known.
func verboseTarLinks(p string) ([]archiveLink, error) {
	data, err := boundedOutput("", []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}, "tar", "-tvf", p)
	if err != nil {
		return nil, errArchiveTooLarge
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "l") || strings.HasPrefix(line, "h") {
			return nil, errors.New("links an archive corral cannot read make")
		}
	}
	return nil, nil
}

// unknownExtract is an extraction whose archive's links are not known:
// a later write under where may go through one of them.
type unknownExtract struct {
	where string
	end   int
	call  *syntax.Call
}

// unknownExtracts lists the command's extractions whose links are not
// known, once per model.
func (p *Pass) unknownExtracts() []unknownExtract {
	if p.extractLinkList != nil && p.extractLinkList.model == p.Model {
		return p.extractLinkList.list
	}
	var out []unknownExtract
	for _, c := range p.Model.Calls {
		if _, where, known, ok := p.extractionLinks(c); ok && !known {
			out = append(out, unknownExtract{where: where, end: linkMadeAt(c), call: c})
		}
	}
	p.extractLinkList = &extractLinkCache{model: p.Model, list: out}
	return out
}

// extractLinkCache is unknownExtracts' result for one model.
type extractLinkCache struct {
	model *syntax.Model
	list  []unknownExtract
}

// judgeUnknownExtractLinks asks about a write of abs by call c (at
// position at of the top-level command) under the directory of an
// earlier extraction whose archive's links corral cannot read (xz or
// zstd with link members, an archive this command makes, a directory
// only run time knows): a link member can send the write anywhere (tar
// xJf l.tar.xz && echo x >> l/.bashrc).
func (p *Pass) judgeUnknownExtractLinks(c *syntax.Call, abs string, at int, report func(Decision, string, string), what, verb string) {
	if !strings.Contains(topScript(p.Model.Script).Src, "tar") && !strings.Contains(topScript(p.Model.Script).Src, "zip") &&
		!strings.Contains(topScript(p.Model.Script).Src, "7z") && !strings.Contains(topScript(p.Model.Script).Src, "jar") {
		return
	}
	for _, u := range p.unknownExtracts() {
		if u.call == c || u.end > at {
			continue
		}
		if u.where == "" || guards.Within(u.where, abs) {
			where := u.where
			if where == "" {
				where = "a directory only run time knows"
			}
			report(Ask, what+" "+verb+" "+abs+", under "+where+", where "+u.call.Name+" extracted an archive whose links corral cannot read earlier in this command: a link it makes can send the write anywhere", "n/a")
			return
		}
	}
}
