package lang

import "strings"

// shutil.make_archive(base_name, format, root_dir=None, base_dir=None)
// changes into root_dir (the working directory when left out) and packs
// base_dir (".") into base_name plus the format's suffix: tar's
// -C ROOT -cf BASE.EXT DIR, so it is judged as that tar command (a pack
// of the home directory reads its secrets). A root only known at run
// time is read as a path of its pieces.

// pyArchiveSuffix is the suffix make_archive gives each format.
func pyArchiveSuffix(format string) (string, bool) {
	switch format {
	case "zip":
		return ".zip", true
	case "tar":
		return ".tar", true
	case "gztar":
		return ".tar.gz", true
	case "bztar":
		return ".tar.bz2", true
	case "xztar":
		return ".tar.xz", true
	}
	return "", false
}

// pyMakeArchive returns the effects of a call of shutil.make_archive.
func pyMakeArchive(c call) ([]Effect, bool) {
	if c.name != "shutil.make_archive" || c.method {
		return nil, false
	}
	pos := positional(c.args)
	get := func(i int, key string) *arg {
		if a := argAt(pos, i); a != nil {
			return a
		}
		return keyword(c.args, key)
	}
	base, format, root, dir := get(0, "base_name"), get(1, "format"), get(2, "root_dir"), get(3, "base_dir")
	var out []Effect
	cmd := []string{"tar"}
	switch {
	case root == nil || root.lit && root.str == "":
	case root.lit:
		cmd = append(cmd, "-C", shellPath(root))
	default:
		if e, ok := runTimePath(c, Read, root, false); ok {
			out = append(out, e)
		}
		return out, true
	}
	suffix, known := "", false
	if format != nil && format.lit {
		suffix, known = pyArchiveSuffix(format.str)
	}
	switch {
	case base != nil && base.lit && base.str != "" && known:
		b := *base
		b.str += suffix
		cmd = append(cmd, "-cf", shellPath(&b))
	default:
		if e, ok := runTimePath(c, Write, base, false); ok {
			out = append(out, e)
		}
		cmd = append(cmd, "-cf", "/dev/null")
	}
	switch {
	case dir == nil:
		cmd = append(cmd, ".")
	case dir.lit && dir.str != "":
		cmd = append(cmd, "--", shellPath(dir))
	default:
		if e, ok := runTimePath(c, Read, dir, false); ok {
			out = append(out, e)
		}
		cmd = append(cmd, ".")
	}
	return append(out, Effect{Kind: Shell, Call: c.name, Text: strings.Join(cmd, " "), Offset: c.off}), true
}
