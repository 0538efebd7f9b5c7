package syntax

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/corral-dev/corral/internal/bounded"
)

// The text an extraction leaves (red team 15 SW1). tar -x and unzip of
// an archive on disk write each member's bytes, and a later step of the
// same command that runs one (tar xf src.tar && make, unzip a.zip && npm
// test, tar xf s.tar && bash build.sh) runs that text, not the disk's.
// So an archive corral can read (tar plain, gzip or bzip2; zip) is read
// here, bounded, and each regular member of text (at most MaxScriptFile
// bytes, no NUL) is recorded as written with its text where the
// extraction puts it: tar -C DIR, --strip-components N, -P; tar drops a
// leading "/" and skips a member with a ".." component unless -P; unzip
// -d DIR, -j; unzip drops a leading "/" and ".." components. With tar -k
// (--keep-old-files, --skip-old-files) and unzip -n a file already there
// keeps its text. Anything else — an archive not read, --transform,
// unzip's own member list, a member that is a link, binary or too large,
// unzip without -o over a file there (it asks the user) — is left to the
// rules, which ask when a later step reads a file the extraction may
// write (rewrite/changed_here.go).

// extractBudget bounds one archive's reading.
const (
	extractMaxBytes   = 64 << 20
	extractMaxTime    = 2 * time.Second
	extractMaxMembers = 10000
)

// extractPlan is what an extraction reads and where it writes.
type extractPlan struct {
	archive Arg
	dir     Dir
	strip   int
	abs     bool
	keep    bool
	unzip   bool
	junk    bool
	prompt  bool // unzip without -o or -n: asks before replacing
}

// noteExtract records the text tar -x or unzip leaves in the members'
// files.
func (w *walker) noteExtract(call *Call) {
	if w.read == nil || len(call.Wrappers) > 0 && call.Wrappers[0] != "sudo" && call.Wrappers[0] != "command" {
		return
	}
	plan, ok := extractionPlan(call)
	if !ok || !plan.archive.Static || !plan.dir.Known {
		return
	}
	archive := call.Dir.Join(plan.archive.Value)
	if !archive.Known {
		return
	}
	if _, wrote := w.written[archive.Path]; wrote || w.opaque[archive.Path] {
		return // made by this command: not what the disk holds
	}
	members, err := readArchiveTexts(archive.Path, plan.unzip)
	if err != nil {
		return
	}
	for _, m := range members {
		name := plan.memberPath(m.name)
		if name == "" {
			continue
		}
		var d Dir
		if strings.HasPrefix(name, "/") {
			d = Dir{Path: path.Clean(name), Known: true}
		} else {
			d = plan.dir.Join(name)
		}
		if !d.Known {
			continue
		}
		if plan.keep || plan.prompt {
			if _, err := os.Lstat(d.Path); err == nil {
				continue // kept (tar -k, unzip -n) or asked about (unzip)
			}
		}
		w.setWritten(d.Path, m.text)
	}
}

// extractionPlan reads a tar -x or unzip call. ok is false for any
// other call and for a spelling this reading does not follow.
func extractionPlan(call *Call) (extractPlan, bool) {
	var p extractPlan
	switch call.Name {
	case "tar", "gtar", "bsdtar":
		args := TarArgs(call.Args)
		opts, ops := ScanOptions(args, TarOptions)
		extract := false
		for _, o := range opts {
			switch o.Name {
			case "x", "extract", "get":
				extract = true
			case "f", "file":
				p.archive = o.Val
			case "C", "directory":
				if !o.Val.Static {
					return p, false
				}
				p.dir = call.Dir.Join(o.Val.Value)
			case "strip-components":
				n, err := strconv.Atoi(o.Val.Value)
				if err != nil || !o.Val.Static || n < 0 {
					return p, false
				}
				p.strip = n
			case "P", "absolute-names":
				p.abs = true
			case "k", "keep-old-files", "skip-old-files", "keep-newer-files":
				p.keep = true
			case "transform", "xform", "to-stdout", "O", "to-command", "t", "list":
				return p, false
			}
			if len(o.Ambiguous) > 0 {
				return p, false
			}
		}
		if !extract || p.archive.Value == "" || p.archive.Value == "-" || len(ops) > 0 || call.Name == "bsdtar" {
			return p, false // members named, stdin, bsdtar's own reading
		}
	case "unzip":
		opts, ops := ScanOptions(call.Args, OptSpec{ShortVal: "dxP"})
		if len(ops) != 1 {
			return p, false // a member list, or none
		}
		p.archive, p.unzip, p.prompt = call.Args[ops[0]], true, true
		for _, o := range opts {
			switch o.Name {
			case "d":
				if !o.Val.Static {
					return p, false
				}
				p.dir = call.Dir.Join(o.Val.Value)
			case "j":
				p.junk = true
			case "o":
				p.prompt = false
			case "n":
				p.prompt, p.keep = false, true
			case "x", "l", "t", "v", "p", "Z", "z", "c", "f", "u":
				return p, false // lists, tests, prints, or freshens
			}
		}
	default:
		return p, false
	}
	if !p.dir.Known && p.dir.Path == "" {
		p.dir = call.Dir
	}
	return p, true
}

// memberPath returns where the extraction writes member name, relative
// to its directory (absolute for tar -P), or "" for none.
func (p extractPlan) memberPath(name string) string {
	if strings.HasSuffix(name, "/") {
		return "" // a directory
	}
	abs := strings.HasPrefix(name, "/")
	var parts []string
	strip := p.strip
	for _, s := range strings.Split(name, "/") {
		if s == "" {
			continue
		}
		if strip > 0 {
			strip--
			continue
		}
		switch s {
		case ".":
			continue
		case "..":
			if p.unzip {
				continue
			}
			if !p.abs {
				return "" // tar skips the member
			}
		}
		parts = append(parts, s)
	}
	if p.junk && len(parts) > 0 {
		parts = parts[len(parts)-1:]
	}
	if len(parts) == 0 || strip > 0 {
		return ""
	}
	out := strings.Join(parts, "/")
	if abs && p.abs && !p.unzip {
		return "/" + out
	}
	return out
}

// archiveText is a regular member of text.
type archiveText struct {
	name, text string
}

// errArchive reports an archive not read here.
var errArchive = errors.New("archive not read")

// readArchiveTexts returns the regular members of text of the archive
// file at p (zip only when zipOnly), within the budget; members that
// are links, binary or larger than MaxScriptFile are left out.
func readArchiveTexts(p string, zipOnly bool) ([]archiveText, error) {
	if !path.IsAbs(p) || strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/sys/") {
		return nil, errArchive
	}
	fi, err := os.Stat(p)
	if err != nil || !fi.Mode().IsRegular() {
		return nil, errArchive
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	deadline := time.Now().Add(extractMaxTime)
	br := bufio.NewReader(f)
	head, _ := br.Peek(6)
	if bytes.HasPrefix(head, []byte("PK")) {
		return zipTexts(f, fi.Size(), deadline)
	}
	if zipOnly {
		return nil, errArchive
	}
	var r io.Reader = &bounded.Reader{R: br, Left: extractMaxBytes, Deadline: deadline, Err: errArchive}
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, err
		}
		r = &bounded.Reader{R: z, Left: extractMaxBytes, Deadline: deadline, Err: errArchive}
	case bytes.HasPrefix(head, []byte("BZh")):
		r = &bounded.Reader{R: bzip2.NewReader(r), Left: extractMaxBytes, Deadline: deadline, Err: errArchive}
	}
	tr := tar.NewReader(r)
	var out []archiveText
	for n := 0; ; n++ {
		h, err := tr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil || n >= extractMaxMembers {
			return nil, errArchive
		}
		if h.Typeflag != tar.TypeReg || h.Size > MaxScriptFile {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(tr, MaxScriptFile+1))
		if err != nil {
			return nil, errArchive
		}
		if text := string(data); !strings.Contains(text, "\x00") {
			out = append(out, archiveText{name: h.Name, text: text})
		}
	}
}

// zipTexts is readArchiveTexts for a zip archive.
func zipTexts(f *os.File, size int64, deadline time.Time) ([]archiveText, error) {
	z, err := zip.NewReader(f, size)
	if err != nil || len(z.File) > extractMaxMembers {
		return nil, errArchive
	}
	var out []archiveText
	total := int64(0)
	for _, m := range z.File {
		if !m.Mode().IsRegular() || m.UncompressedSize64 > MaxScriptFile {
			continue
		}
		if total += int64(m.UncompressedSize64); total > extractMaxBytes || time.Now().After(deadline) {
			return nil, errArchive
		}
		rc, err := m.Open()
		if err != nil {
			return nil, errArchive
		}
		data, err := io.ReadAll(io.LimitReader(rc, MaxScriptFile+1))
		rc.Close()
		if err != nil || len(data) > MaxScriptFile {
			return nil, errArchive
		}
		if text := string(data); !strings.Contains(text, "\x00") {
			out = append(out, archiveText{name: m.Name, text: text})
		}
	}
	return out, nil
}
