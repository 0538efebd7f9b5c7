package lang

import "strings"

// archiveExtractions are the archives PHP, Perl and Ruby code unpacks
// with its libraries, and Python's uu.decode: each writes into a directory the
// files the archive names. PHP's PharData/Phar (tar, zip and phar) and
// ZipArchive's extractTo(DIR), Perl's Archive::Tar (extract,
// extract_archive: into the working directory; names that are absolute
// or climb out with .. are refused in its default secure mode) and
// Archive::Extract (extract(to => DIR)) make member names relative to the
// directory, dropping absolute roots and refusing .. (checked with the
// real php and perl), as Python's tarfile does with its "data" filter; so
// each is an Extract of kind safeExtract, judged as python3 -m tarfile
// --filter data -e ARCHIVE DIR, which reads tar and zip archives (the
// directory a protected one or the home directory asks or is denied,
// as for unzip -d DIR; an archive on disk has its members listed and
// each judged as the write of the file it makes). The archive is the
// one the program opens before the extraction (paired by program, as
// Python's tarfile is); one named only at run time leaves Path "" (the
// walker asks). Archive::Tar's extract_file(MEMBER, DEST) writes DEST, and
// uu.decode(IN, OUT) writes OUT; uu.decode(IN) creates the relative,
// new file IN's begin line names in the working directory (it refuses
// absolute and .. names and existing files), as an extraction there.
// safeExtract is the Argv[0] of an Extract whose member names are made
// relative to the directory and whose .. members are refused: the
// module and option of Python's tarfile that extract so.
const safeExtract = "tarfile --filter data"

func archiveExtractions(p *parser) []Effect {
	switch p.l {
	case PHP:
		if !strings.Contains(p.src, "Phar") && !strings.Contains(p.src, "ZipArchive") {
			return nil
		}
	case Perl:
		if !strings.Contains(p.src, "Archive::Tar") && !strings.Contains(p.src, "Archive::Extract") {
			return nil
		}
	case Python:
		if !strings.Contains(p.src, "uu") || !strings.Contains(p.src, "decode") {
			return nil
		}
	case Ruby:
		if !strings.Contains(p.src, "Zip::") && !strings.Contains(p.src, "Gem::Package") {
			return nil
		}
	default:
		return nil
	}
	var out []Effect
	var archive *arg
	opened := false
	extract := func(c call, full string, a *arg, dir *arg) {
		e := Effect{Kind: Extract, Call: full, Argv: []string{safeExtract}, Offset: c.off}
		if a != nil && a.lit && dir != nil && dir.lit {
			e.Path, e.Text = a.str, dir.str
			if e.Text == "" {
				e.Text = "."
			}
		}
		out = append(out, e)
	}
	dot := &arg{lit: true, str: ".", text: `"."`}
	for _, c := range p.findCalls(p.l == Perl || p.l == Ruby, func(string) bool { return true }) {
		full := strings.ReplaceAll(c.name, "::", ".")
		last := lastSegment(full)
		first := argAt(positional(c.args), 0)
		switch p.l {
		case PHP:
			switch {
			case (full == "PharData" || full == "Phar") && !c.method:
				archive, opened = first, true
			case last == "open" && strings.HasPrefix(full, "$") && strings.Contains(p.src, "ZipArchive"):
				archive, opened = first, true
			case last == "extractTo" && opened:
				if first == nil {
					continue
				}
				extract(c, "extractTo", archive, first)
			}
		case Perl:
			switch {
			case full == "Archive.Tar.new" || full == "Archive.Extract.new" || last == "read" && strings.HasPrefix(full, "$"):
				a := first
				if full == "Archive.Extract.new" {
					a = perlPairValue(c.args, "archive")
				}
				if a != nil || full != "Archive.Tar.new" {
					archive = a
				}
				opened = true
			case full == "Archive.Tar.extract_archive":
				extract(c, full, first, dot)
			case last == "extract" && opened && (c.method || strings.HasPrefix(full, "$")):
				dir := dot
				if to := perlPairValue(c.args, "to"); to != nil {
					dir = to
				} else if pos := positional(c.args); len(pos) > 0 && strings.Contains(pos[0].text, "=>") {
					dir = nil // another option, or a directory only known at run time
				}
				extract(c, "extract", archive, dir)
			case last == "extract_file" && opened:
				if dst := argAt(positional(c.args), 1); dst != nil {
					if e, ok := pathEffect(call{name: "extract_file", off: c.off}, Write, dst, false); ok {
						out = append(out, e)
					}
				}
			}
		case Ruby:
			switch {
			case full == "Zip.File.open" || full == "Zip.File.new" || full == "Gem.Package.new":
				archive, opened = first, true
			case last == "extract" && opened && strings.Contains(p.src, "Zip::"):
				// rubyzip: entry.extract(DEST) and zip.extract(entry,
				// DEST) write DEST as given (no check of the entry's
				// name); entry.extract with no argument writes the
				// entry's name under the working directory, refusing
				// absolute and .. names; rubyzip 3's
				// destination_directory: is a directory only run time
				// knows here.
				pos := positional(c.args)
				for _, a := range c.args {
					if strings.HasPrefix(a.text, "destination_directory:") {
						pos = nil
						extract(c, "extract", archive, nil)
						break
					}
				}
				switch len(pos) {
				case 0:
					if len(c.args) == 0 {
						extract(c, "extract", archive, dot)
					}
				default:
					if e, ok := pathEffect(call{name: "extract", off: c.off}, Write, &pos[len(pos)-1], false); ok {
						out = append(out, e)
					}
				}
			case last == "extract_files" && opened && strings.Contains(p.src, "Gem::Package"):
				// Gem::Package#extract_files(DIR): the files of the
				// gem's data.tar.gz (inside the .gem tar, not listed
				// here) under DIR, refusing absolute and .. names.
				extract(c, "extract_files", nil, first)
			}
		case Python:
			if p.al != nil {
				full = p.al.resolve(full)
			}
			if full != "uu.decode" || c.method {
				continue
			}
			outFile := argAt(positional(c.args), 1)
			if k := keyword(c.args, "out_file"); k != nil {
				outFile = k
			}
			if outFile != nil {
				if e, ok := pathEffect(call{name: full, off: c.off}, Write, outFile, false); ok {
					out = append(out, e)
				}
				continue
			}
			extract(c, full, first, dot)
		}
	}
	return out
}

// perlPairValue is the value of KEY => VALUE among a Perl call's
// arguments when it is a plain quoted string, else nil.
func perlPairValue(args []arg, key string) *arg {
	for _, a := range args {
		k, v, ok := strings.Cut(a.text, "=>")
		if !ok || strings.Trim(strings.TrimSpace(k), `"'`) != key {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] && !strings.ContainsAny(v[1:len(v)-1], `"'\`) &&
			(v[0] == '\'' || !strings.ContainsAny(v, "$@")) {
			return &arg{lit: true, str: v[1 : len(v)-1], text: v}
		}
		return &arg{text: v}
	}
	return nil
}
