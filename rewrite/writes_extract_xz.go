package rewrite

import (
	"bytes"
	"errors"
)

// xz and zstd archives (red team 17 TC1's rest): Go's library reads
// neither, and corral adds no dependency, so the tar readers that need a
// member's bytes (tar --to-command's members, Python's tarfile
// extraction) have the system's own xz or zstd decompress the file, as
// GNU tar does for -J, --zstd and -a by suffix, within the listing bounds
// (boundedOutput: 3 s, 4 MiB of output, no input, a fixed PATH). An
// archive larger than that, or no such program, is not read (the callers
// then ask, as before).

// xzMagic and zstdMagic start an xz stream and a zstd frame.
var (
	xzMagic   = []byte{0xfd, '7', 'z', 'X', 'Z', 0}
	zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// decompressTool returns the decompressed bytes of the xz or zstd file
// at p (a regular file the caller checked), head being its first bytes.
func decompressTool(p string, head []byte) ([]byte, error) {
	var prog string
	var args []string
	switch {
	case bytes.HasPrefix(head, xzMagic):
		prog, args = "xz", []string{"-dc", "--", p}
	case bytes.HasPrefix(head, zstdMagic):
		prog, args = "zstd", []string{"-dcq", "--", p}
	default:
		return nil, errors.New("not xz or zstd")
	}
	data, err := boundedOutput("", []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}, prog, args...)
	if err != nil {
		return nil, errArchiveTooLarge
	}
	return data, nil
}
