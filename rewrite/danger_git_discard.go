package rewrite

import (
	"bytes"
	"encoding/hex"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/digest"
	"github.com/corral-dev/corral/syntax"
)

// git checkout -- PATHS, git checkout FILE, git checkout . and git
// restore PATHS (no --source, no --staged) write the index's version of
// each matched file over the work tree's: what they discard is the work
// tree's text where it differs from the index. When every matched file's
// bytes hash to the blob the index names for it, the command discards
// nothing (the bytes it overwrites are the index's own, kept in the
// object database), so git-destroy does not ask (red team 17 FA1).
//
// The index is read through the real git (ls-files -s, bounded like the
// other listers, the repository's configuration kept from running
// anything), the work tree's files by corral itself: the blob hash is
// git's ("blob LEN\0" + bytes, SHA-1 or SHA-256 after the index's hash
// length), so a file with the same size and a new text, or a text that a
// clean filter or eol conversion would map to the blob, still counts as
// changed (ask, as before). Anything corral cannot see the same way git
// does keeps the ask: a pathspec known only at run time or matching
// nothing, an unmerged entry, a submodule or sparse directory, a file
// missing, too large or of another type, a repository or index named by
// --git-dir/GIT_DIR/GIT_INDEX_FILE/…, options beyond -q, an earlier call
// in the command that may change the files first (anything but cd, pwd,
// ls, echo, printf, true and git status, and these with no write
// redirection), and a call in a loop.

const (
	discardMaxEntries = 2000
	discardMaxFile    = 8 << 20
	discardMaxTotal   = 64 << 20
)

// gitDiscardsNothing reports whether the checkout or restore at
// c.Args[sub], whose pathspecs are the words specs, finds every file it
// would overwrite identical to the index's blob.
func (p *Pass) gitDiscardsNothing(c *syntax.Call, sub int, specs []syntax.Arg, opts []option) bool {
	if len(specs) == 0 || c.Loop || c.RunBy != nil || c.ExtraArgs || c.Host != nil {
		return false
	}
	for _, o := range opts {
		switch o.name {
		case "q", "quiet", "progress", "no-progress", "worktree", "W":
		default:
			return false
		}
	}
	dir, _ := gitArgs(c)
	if !dir.Known {
		return false
	}
	globals, _ := scan(c.Args[:sub], specFor("git"))
	for _, o := range globals {
		if o.name != "C" && o.name != "no-pager" {
			return false
		}
	}
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
		"GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"} {
		if _, _, set := c.Getenv(v); set {
			return false
		}
	}
	words := []string{"ls-files", "-s", "-z", "--error-unmatch", "--"}
	for _, a := range specs {
		if !a.Static || a.Value == "" {
			return false
		}
		words = append(words, a.Value)
	}
	if !p.nothingChangesBefore(c) {
		return false
	}
	out, err := runGit(dir.Path, words...)
	if err != nil || len(out) == 0 {
		return false
	}
	entries := bytes.Split(bytes.TrimSuffix(out, []byte{0}), []byte{0})
	if len(entries) > discardMaxEntries {
		return false
	}
	total := int64(0)
	for _, e := range entries {
		// MODE SP OBJECT SP STAGE TAB PATH
		meta, name, ok := strings.Cut(string(e), "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 || f[2] != "0" || name == "" {
			return false
		}
		n, same := worktreeMatchesBlob(dir.Join(name).Path, f[0], f[1])
		total += n
		if !same || total > discardMaxTotal {
			return false
		}
	}
	return true
}

// restorePathspecs returns git restore's operands: every one is a
// pathspec (the source is an option, -s/--source).
func restorePathspecs(args []syntax.Arg, operands []int) []syntax.Arg {
	out := make([]syntax.Arg, 0, len(operands))
	for _, i := range operands {
		out = append(out, args[i])
	}
	return out
}

// worktreeMatchesBlob reports whether the work tree's file at abs is the
// blob obj of the index entry with mode (a regular file's bytes, or a
// symbolic link's target), and how many bytes it read.
func worktreeMatchesBlob(abs, mode, obj string) (int64, bool) {
	if len(obj) != 40 && len(obj) != 64 {
		return 0, false
	}
	fi, err := os.Lstat(abs)
	if err != nil {
		return 0, false
	}
	var data []byte
	switch mode {
	case "100644", "100755":
		if !fi.Mode().IsRegular() || fi.Size() > discardMaxFile {
			return 0, false
		}
		f, err := os.Open(abs)
		if err != nil {
			return 0, false
		}
		data, err = io.ReadAll(io.LimitReader(f, discardMaxFile+1))
		f.Close()
		if err != nil || int64(len(data)) > discardMaxFile {
			return 0, false
		}
	case "120000":
		if fi.Mode()&os.ModeSymlink == 0 {
			return 0, false
		}
		t, err := os.Readlink(abs)
		if err != nil {
			return 0, false
		}
		data = []byte(t)
	default:
		return 0, false // a submodule (160000), a sparse directory: not a file corral compares
	}
	// The hook links no crypto package (TestHookLinksNoCrypto):
	// internal/digest's SHA-1 and SHA-256.
	blob := append([]byte("blob "+strconv.Itoa(len(data))+"\x00"), data...)
	var sum string
	if len(obj) == 40 {
		s := digest.Sum1(blob)
		sum = hex.EncodeToString(s[:])
	} else {
		s := digest.Sum256(blob)
		sum = hex.EncodeToString(s[:])
	}
	return int64(len(data)), sum == obj
}

// nothingChangesBefore reports whether every call of c's script that runs
// before c leaves files alone: cd, pushd, popd, pwd, ls, echo, printf,
// true, : and git status, with no redirection that writes.
func (p *Pass) nothingChangesBefore(c *syntax.Call) bool {
	for _, o := range p.Model.Calls {
		if o == c || o.Script != c.Script || o.Start >= c.Start {
			continue
		}
		for _, r := range o.Redirs {
			if r.Writes() {
				return false
			}
		}
		switch o.Name {
		case "cd", "pushd", "popd", "pwd", "ls", "echo", "printf", "true", ":":
		case "git":
			if _, s := gitArgs(o); s < 0 || o.Args[s].Value != "status" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
