//go:build linux

package guards

import (
	"encoding/binary"
	"io"
	"io/fs"
	"os"
	"syscall"
	"unsafe"
)

// openReadDir is os.Open(dir) followed by (*os.File).ReadDir(n), with the
// same entries in the same order and the same errors as far as callers
// look at them (whether there is one, and ENOTDIR), without what os.File
// sets up for a descriptor that is read once: the non-blocking mode and
// the network poller (three fcntl and one epoll_ctl calls per directory)
// and the finaliser. The directory is opened with O_DIRECTORY, so that a
// name that is no directory (a FIFO at a protected name) fails at once
// instead of blocking the open until a writer comes. Entries are parsed
// as os parses them (dir_unix.go): every entry but . and .., the type
// from d_type or, when the file system does not say, from an lstat of
// the entry, which is dropped when it has gone.
// openDirFd opens dir as a directory only (O_DIRECTORY: a FIFO or any
// other file fails at once), retrying an interrupted open.
func openDirFd(dir string) (int, error) {
	for {
		fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

func openReadDir(dir string, n int) ([]os.DirEntry, error) {
	fd, err := openDirFd(dir)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	defer syscall.Close(fd)
	return readDirFD(fd, dir, n)
}

// readDirFD reads at most n entries (all when n <= 0) of the directory
// open as fd, whose path is dir, as openReadDir does.
func readDirFD(fd int, dir string, n int) ([]os.DirEntry, error) {
	var buf [8192]byte
	var out []os.DirEntry
	left := n
	if left <= 0 {
		left = -1
	}
	const (
		inoOff    = unsafe.Offsetof(syscall.Dirent{}.Ino)
		reclenOff = unsafe.Offsetof(syscall.Dirent{}.Reclen)
		typeOff   = unsafe.Offsetof(syscall.Dirent{}.Type)
		nameOff   = unsafe.Offsetof(syscall.Dirent{}.Name)
	)
read:
	for left != 0 {
		nbuf, err := syscall.ReadDirent(fd, buf[:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return out, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if nbuf <= 0 {
			break
		}
		b := buf[:nbuf]
		for left != 0 && len(b) > 0 {
			if uint64(len(b)) < uint64(reclenOff)+2 {
				break read
			}
			reclen := uint64(binary.NativeEndian.Uint16(b[reclenOff:]))
			if reclen > uint64(len(b)) || reclen < uint64(nameOff) || reclen < uint64(inoOff)+8 {
				break read
			}
			rec := b[:reclen]
			b = b[reclen:]
			name := rec[nameOff:]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			if string(name) == "." || string(name) == ".." {
				continue
			}
			if left > 0 {
				left--
			}
			e := &dirent{parent: dir, name: string(name), typ: direntMode(rec[typeOff])}
			if e.typ == ^fs.FileMode(0) {
				fi, err := os.Lstat(dir + "/" + e.name)
				if err != nil {
					if os.IsNotExist(err) {
						continue
					}
					return out, err
				}
				e.typ, e.info = fi.Mode().Type(), fi
			}
			out = append(out, e)
		}
	}
	if n > 0 && len(out) == 0 {
		return out, io.EOF
	}
	return out, nil
}

// direntMode is os's dtToType: the type bits of a d_type, or all bits
// set when it is unknown.
func direntMode(t uint8) fs.FileMode {
	switch t {
	case syscall.DT_BLK:
		return fs.ModeDevice
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case syscall.DT_DIR:
		return fs.ModeDir
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe
	case syscall.DT_LNK:
		return fs.ModeSymlink
	case syscall.DT_REG:
		return 0
	case syscall.DT_SOCK:
		return fs.ModeSocket
	}
	return ^fs.FileMode(0)
}

// dirent is an os.DirEntry read by openReadDir; Info is an lstat of the
// entry, as os's.
type dirent struct {
	parent, name string
	typ          fs.FileMode
	info         fs.FileInfo
}

func (d *dirent) Name() string      { return d.name }
func (d *dirent) IsDir() bool       { return d.typ.IsDir() }
func (d *dirent) Type() fs.FileMode { return d.typ }
func (d *dirent) String() string    { return fs.FormatDirEntry(d) }

func (d *dirent) Info() (fs.FileInfo, error) {
	if d.info != nil {
		return d.info, nil
	}
	return os.Lstat(d.parent + "/" + d.name)
}
