//go:build linux

package guards

import (
	"io"
	"slices"
	"syscall"
	"unsafe"
)

// File system magic numbers (statfs f_type) of the volumes whose
// directories compare names byte for byte unless a directory has the
// casefold flag: ext2/3/4, tmpfs (casefold since Linux 6.13, per
// directory) and btrfs (no case folding). XFS is left out: a volume made
// with the ASCII-CI option folds case and statfs does not say so.
const (
	ext4Magic  = 0xEF53
	tmpfsMagic = 0x01021994
	btrfsMagic = 0x9123683E
)

// fsCasefoldFL is FS_CASEFOLD_FL, the inode flag of a directory whose
// names are looked up without regard to case (ext4, f2fs, tmpfs).
const fsCasefoldFL = 0x40000000

// fsIocGetflags is FS_IOC_GETFLAGS, _IOR('f', 1, long); the kernel
// writes an int.
const fsIocGetflags = 2<<30 | uintptr(unsafe.Sizeof(uintptr(0)))<<16 | 'f'<<8 | 1

// exactNames returns the sorted names of dir's entries when there are at
// most max of them and a lookup of a name in dir finds an entry only if
// it is listed byte for byte (ok): dir is on ext4, tmpfs or btrfs and
// is not a casefold directory. Otherwise ok is false.
func exactNames(dir string, max int) (names []string, ok bool) {
	fd, err := openDirFd(dir)
	if err != nil {
		return nil, false
	}
	defer syscall.Close(fd)
	var sf syscall.Statfs_t
	if syscall.Fstatfs(fd, &sf) != nil {
		return nil, false
	}
	switch uint32(sf.Type) {
	case ext4Magic, tmpfsMagic:
		var flags [2]int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), fsIocGetflags, uintptr(unsafe.Pointer(&flags[0]))); e != 0 || flags[0]&fsCasefoldFL != 0 {
			return nil, false
		}
	case btrfsMagic:
	default:
		return nil, false
	}
	ents, err := readDirFD(fd, dir, max+1)
	if err != nil && err != io.EOF || len(ents) > max {
		return nil, false
	}
	names = make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	slices.Sort(names)
	return names, true
}
