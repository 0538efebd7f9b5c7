package rewrite

import (
	"archive/tar"
	"io"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// GNU tar's --to-command=CMD runs "sh -c CMD" once per regular member,
// with the member's bytes on its standard input (red team 17 TC1). For a
// CMD that reads its program there (sh, bash -s, python3), each member is
// a script: when the archive is on disk when the hook runs and corral can
// read it (plain, gzip or bzip2 tar, with Go's archive/tar, within the
// bounds below), each member's text is judged as CMD's standard input —
// the command "CMD <<'DELIM'" + text, checked by the whole engine in the
// directory tar runs in — so tar xf a.tar --to-command=sh of a member
// "rm -rf ~" is denied as sh <<< 'rm -rf ~' is, and one of harmless
// members passes. An archive corral cannot read (another format, too
// large, made earlier in the command, read from another program's output,
// a member with a NUL byte or larger than toCommandMaxMember) asks, as
// before.

const (
	toCommandMaxMember  = 1 << 20
	toCommandMaxText    = 4 << 20
	toCommandMaxMembers = 1000
	toCommandDelim      = "CORRAL_TAR_MEMBER_EOF"
)

// tarTextMember is one regular member of an archive and its text.
type tarTextMember struct {
	name, text string
}

// judgeToCommandMembers judges each member of the archive c extracts as
// the standard input of cmd, the static --to-command. It reports whether
// it could (the archive read, every member's text known); the findings of
// members that ask or deny are reported on c.
func (p *Pass) judgeToCommandMembers(c *syntax.Call, cmd string) bool {
	if p.Config.tarMemberDepth > 0 {
		return false // a member that extracts an archive to a shell again
	}
	e, ok := extractionOf(c)
	if !ok || !e.archive.Static || e.gitSrc != nil || e.dir != nil && !e.dir.Static {
		return false
	}
	if e.reader != nil && e.reader.Name != "cat" && e.reader.Name != "pv" && !strings.Contains(e.reader.Name, "z") {
		return false
	}
	from := c.Dir
	if e.reader != nil {
		from = e.reader.Dir
	}
	archive := from.Join(e.archive.Value)
	if !archive.Known || p.madeEarlier(c, archive.Path, e.reader) {
		return false
	}
	members, err := readTarTexts(archive.Path)
	if err != nil {
		return false
	}
	where := c.Dir
	if e.dir != nil {
		where = c.Dir.Join(e.dir.Value)
	}
	if !where.Known {
		return false
	}
	var script strings.Builder
	for _, m := range members {
		if strings.Contains(m.text, "\x00") || strings.Contains("\n"+m.text+"\n", "\n"+toCommandDelim+"\n") {
			return false
		}
		script.WriteString(cmd + " <<'" + toCommandDelim + "'\n" + m.text)
		if !strings.HasSuffix(m.text, "\n") && m.text != "" {
			script.WriteString("\n")
		}
		script.WriteString(toCommandDelim + "\n")
	}
	cfg := *p.Config
	cfg.Cwd = where.Path
	cfg.Mode = ModeRewrite
	cfg.tarMemberDepth++
	res := checkCommand(&cfg, script.String())
	if res.Decision < Ask && res.Decision != Rewrite {
		return true
	}
	d := res.Decision
	if d == Rewrite {
		d = Ask // nothing can be rewritten inside an archive member
	}
	why := ""
	for _, f := range res.Findings {
		if f.Decision == res.Decision {
			why = f.Message
			break
		}
	}
	p.Report(c, Finding{Rule: "hidden-code", Decision: d,
		Message: c.Name + " --to-command=" + clipText(cmd, 40) + " runs each member of " + e.archive.Value + " as a script: " + why})
	return true
}

// readTarTexts reads the regular members of the tar archive at p (plain,
// gzip, bzip2, xz or zstd) with their text, in archive order, within the
// bounds.
func readTarTexts(p string) ([]tarTextMember, error) {
	r, f, err := openTarStream(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tr := tar.NewReader(r)
	var out []tarTextMember
	total := 0
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(out) >= toCommandMaxMembers {
			return nil, errArchiveTooLarge
		}
		if h.Typeflag != tar.TypeReg {
			continue // tar runs the command for regular files only
		}
		if h.Size > toCommandMaxMember {
			return nil, errArchiveTooLarge
		}
		b, err := io.ReadAll(io.LimitReader(tr, toCommandMaxMember+1))
		if err != nil || len(b) > toCommandMaxMember {
			return nil, errArchiveTooLarge
		}
		if total += len(b); total > toCommandMaxText {
			return nil, errArchiveTooLarge
		}
		out = append(out, tarTextMember{name: h.Name, text: string(b)})
	}
	return out, nil // in archive order, the order tar runs them in
}
