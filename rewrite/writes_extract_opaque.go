package rewrite

import (
	"errors"
	"io/fs"
	"os"
	"slices"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// opaqueArchive reports an extraction (tar, bsdtar, unzip, busybox unzip,
// 7z, python3 -m zipfile/tarfile -e) of an archive corral cannot list
// whose members can be any file, so that the project root and the home
// directory count as destinations too and, with no directory, the working
// directory is judged as -C . would be (red team 17 TX1, as tar x of an
// opaque archive on stdin is, writes_tree.go): an archive read on stdin
// ("-", /dev/stdin) that is the output of a program that is no plain copy
// or decompression of a file on disk (base64 -d | busybox unzip -, … |
// python3 -m zipfile -e /dev/stdin .); or one not on disk when the hook
// runs (one this command makes where corral sees it asks anywhere
// already: madeEarlier), when no download
// earlier in the command may bring it (that is the acquisition rules':
// curl -LO URL/x.tgz && tar xzf x.tgz) and it lands in the home directory
// itself — something makes it in a way corral does not see (cd ~ &&
// python3 -c '…' && tar xf /tmp/c.tar). An archive that is there and
// cannot be listed (another format) keeps today's judgement.
func (p *Pass) opaqueArchive(c *syntax.Call, e extraction, abs, base string) bool {
	switch e.archive.Value {
	case "-", "/dev/stdin", "/dev/fd/0":
		if f, reader, ok := stdinArchive(c); ok {
			// busybox unzip - < a.zip: that file, judged as if named.
			from := c.Dir
			if reader != nil {
				from = reader.Dir
			}
			d := from.Join(f.Value)
			if !f.Static || !d.Known || f.Value == "-" || f.Value == "/dev/stdin" || f.Value == "/dev/fd/0" {
				return false
			}
			e.archive, e.reader = f, reader
			return p.opaqueArchive(c, e, d.Path, base)
		}
		if c.Pipe != nil {
			for i := 0; i < c.PipeIndex; i++ {
				if s := c.Pipe.Stage(i); s != nil && slices.Contains(syntax.Downloaders, s.Name) {
					return false // a download: the acquisition rules'
				}
			}
		}
		return p.opaqueStdinArchive(c)
	}
	if _, err := os.Lstat(abs); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	// Only into the home directory itself: an archive missing when the
	// hook runs is everyday in the project (tar xzf dist.tgz before a
	// build made it fails or unpacks the build's own files), while no
	// everyday command unpacks one it does not have into ~.
	if !p.extractsIntoHome(c, base) {
		return false
	}
	for _, o := range p.Model.Calls {
		if o != c && o.Script == c.Script && o.End <= c.Start && (fetchers.Get()[o.Name] || slices.Contains(syntax.Downloaders, o.Name)) {
			return false
		}
	}
	return true
}

// extractsIntoHome reports an extraction whose directory (base, from c's
// working directory) is the home directory.
func (p *Pass) extractsIntoHome(c *syntax.Call, base string) bool {
	env := p.guardsEnv(c.Dir)
	return guards.Normalize(env, base).Abs == p.Config.Home
}
