package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/syntax"
	"github.com/google/shlex"
)

// batchCommand is one command of a file-transfer client's own language
// (an sftp batch, lftp's and smbclient's -c text, an ftp script): its
// verb in lower case, its words after the verb, split into the words
// that start with "-" before its first operand and its operands, where
// it was read, and the local directory it runs in (after the lcd
// commands before it).
type batchCommand struct {
	verb       string
	words      []string
	flags, ops []string
	at         string
	local      syntax.Dir
}

// readBatch walks the commands of a client's batch, one per entry of
// lines, as the client reads them: blank lines and # comments are
// skipped; a command starting with ! runs a local command corral does
// not analyse, and a command shlex cannot split is unknown: both ask,
// except when uploads (the sending rule leaves them to the fetching
// one). lcd with no operand goes home; lcd ~/DIR is under it. Each other command is handed to
// each. trim removes what a client lets a command start with (sftp's
// "-" and "@"); unit names an entry of lines in messages ("line", or
// "command" when a line may hold several).
func (p *Pass) readBatch(c *syntax.Call, rule string, lines []string, where, unit, trim string, uploads bool, each func(batchCommand)) {
	local := c.Dir
	for n, line := range lines {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		for trim != "" && line != "" && strings.IndexByte(trim, line[0]) >= 0 {
			line = strings.TrimSpace(line[1:])
		}
		if line == "" || line[0] == '#' {
			continue
		}
		at := where
		if len(lines) > 1 {
			at = fmt.Sprintf("%s, %s %d", where, unit, n+1)
		}
		if line[0] == '!' {
			// lftp's shell text is walked as a nested script
			// (syntax/lftp.go).
			if !uploads && c.Name != "lftp" {
				p.Report(c, Finding{Rule: rule, Decision: Ask,
					Message: fmt.Sprintf("%s runs the local command %q from %s, which corral does not analyse", c.Name, clipText(strings.TrimSpace(line[1:]), 60), at)})
			}
			continue
		}
		argv, err := shlex.Split(line)
		if err != nil || len(argv) == 0 {
			if !uploads {
				p.Report(c, Finding{Rule: rule, Decision: Ask,
					Message: fmt.Sprintf("%s reads a command corral cannot split from %s (%s)", c.Name, at, clipText(line, 60))})
			}
			continue
		}
		cmd := batchCommand{verb: strings.ToLower(argv[0]), words: argv[1:], at: at, local: local}
		for _, a := range argv[1:] {
			if len(cmd.ops) == 0 && len(a) > 1 && a[0] == '-' {
				cmd.flags = append(cmd.flags, a)
				continue
			}
			cmd.ops = append(cmd.ops, a)
		}
		switch cmd.verb {
		case "lcd", "lchdir":
			if len(cmd.ops) > 0 {
				d := cmd.ops[0]
				if home := p.Config.Home; home != "" && (d == "~" || strings.HasPrefix(d, "~/")) {
					// lftp, sftp and ftp expand a local ~ as the shell
					// does: lcd ~/.ssh.
					d = home + d[1:]
				}
				local = local.Join(d)
			} else if p.Config.Home != "" {
				local = syntax.Dir{Path: p.Config.Home, Known: true}
			}
			continue
		}
		each(cmd)
	}
}
