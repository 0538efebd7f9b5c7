package app

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"
)

func init() {
	// Help is rendered from the command definitions by writeUsage, not by
	// urfave/cli's templates: each command once, aligned, with its example.
	cli.HelpPrinter = func(w io.Writer, _ string, data any) {
		if c, ok := data.(*cli.Command); ok {
			color, _ := c.Root().Metadata["color"].(bool)
			writeUsage(w, c, color)
		}
	}
}

// example attaches a command's example lines, shown by its --help and in
// the man page.
func example(lines ...string) map[string]any {
	return map[string]any{"example": strings.Join(lines, "\n")}
}

func exampleOf(c *cli.Command) string {
	s, _ := c.Metadata["example"].(string)
	return s
}

// leaves lists the runnable commands under c, depth first, with their full
// names relative to the root ("rewrite explain").
func leaves(c *cli.Command) []*cli.Command {
	var out []*cli.Command
	for _, s := range c.Commands {
		if s.Hidden {
			continue
		}
		if len(s.Commands) == 0 || s.Name == "completion" {
			out = append(out, s)
			continue
		}
		out = append(out, leaves(s)...)
	}
	return out
}

// relName is c's name under the root: "rewrite explain".
func relName(c *cli.Command) string {
	parts := strings.Fields(c.FullName())
	if len(parts) > 0 && parts[0] == "corral" {
		parts = parts[1:]
	}
	return strings.Join(parts, " ")
}

// synopsis is c's one-line usage.
func synopsis(c *cli.Command) string {
	if c.UsageText != "" {
		return c.UsageText
	}
	s := c.FullName()
	if len(c.Commands) > 0 {
		s += " <command>"
	}
	if len(flagRows(c)) > 1 {
		s += " [flags]"
	}
	if c.ArgsUsage != "" {
		s += " " + c.ArgsUsage
	}
	return s
}

// flagRows are a command's flags as aligned (names, usage) pairs.
func flagRows(c *cli.Command) [][2]string {
	var rows [][2]string
	for _, f := range c.VisibleFlags() {
		if f.Names()[0] == "help" {
			continue
		}
		var names []string
		for _, n := range f.Names() {
			if len(n) == 1 {
				names = append(names, "-"+n)
			} else {
				names = append(names, "--"+n)
			}
		}
		usage := ""
		placeholder := ""
		if d, ok := f.(cli.DocGenerationFlag); ok {
			usage = d.GetUsage()
			if d.TakesValue() {
				placeholder, usage = placeholderOf(usage)
				if placeholder == "" {
					placeholder = "VALUE"
				}
			}
			switch v := strings.Trim(d.GetValue(), `"`); v {
			case "", "[]", "0s", "0", "false":
			default:
				if d.TakesValue() {
					usage += fmt.Sprintf(" (default %s)", v)
				}
			}
		}
		left := strings.Join(names, ", ")
		if placeholder != "" {
			left += " " + placeholder
		}
		rows = append(rows, [2]string{left, usage})
	}
	return append(rows, [2]string{"--help, -h", "show this help"})
}

// placeholderOf takes urfave/cli's `NAME` placeholder out of a usage text.
func placeholderOf(usage string) (string, string) {
	i := strings.IndexByte(usage, '`')
	if i < 0 {
		return "", usage
	}
	j := strings.IndexByte(usage[i+1:], '`')
	if j < 0 {
		return "", usage
	}
	name := usage[i+1 : i+1+j]
	return name, usage[:i] + name + usage[i+2+j:]
}

func writeRows(w io.Writer, rows [][2]string) {
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	for _, r := range rows {
		if r[1] == "" {
			fmt.Fprintf(w, "  %s\n", r[0])
			continue
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, r[0], r[1])
	}
}

// writeShortUsage prints the few lines of usage that follow an error.
func writeShortUsage(w io.Writer, c *cli.Command) {
	if c.Root() == c {
		fmt.Fprintf(w, "Usage: corral [--color WHEN] <command> [flags] [arguments]\nRun \"corral --help\" for the list of commands.\n")
		return
	}
	what := "its flags and an example"
	if len(c.Commands) > 0 {
		what = "its commands"
	}
	fmt.Fprintf(w, "Usage: %s\nRun \"%s --help\" for %s.\n", synopsis(c), c.FullName(), what)
}

// writeUsage prints c's help: the root lists every command once, a group
// its subcommands, a command its synopsis, flags and example.
func writeUsage(w io.Writer, c *cli.Command, color bool) {
	head := func(s string) string {
		if color {
			return "\x1b[1m" + s + "\x1b[0m"
		}
		return s
	}
	if c.Root() == c {
		fmt.Fprintf(w, "%s - %s\n\n", c.Name, c.Usage)
		if c.Description != "" {
			fmt.Fprintf(w, "%s\n\n", c.Description)
		}
		fmt.Fprintf(w, "%s\n  corral [--color WHEN] <command> [flags] [arguments]\n\n", head("Usage:"))
		fmt.Fprintf(w, "%s\n", head("Commands:"))
		var rows [][2]string
		for _, l := range leaves(c) {
			rows = append(rows, [2]string{relName(l), l.Usage})
		}
		writeRows(w, rows)
		fmt.Fprintf(w, "\n%s\n", head("Flags:"))
		writeRows(w, flagRows(c))
		fmt.Fprintf(w, "\n%s\n", head("Exit codes:"))
		for _, l := range strings.Split(exitCodesText, "\n") {
			fmt.Fprintf(w, "  %s\n", l)
		}
		fmt.Fprintf(w, "\nRun \"corral <command> --help\" for a command's flags and an example.\n")
		return
	}
	fmt.Fprintf(w, "%s\n  %s\n\n%s\n", head("Usage:"), synopsis(c), c.Usage)
	if c.Description != "" {
		fmt.Fprintf(w, "\n%s\n", c.Description)
	}
	if len(c.Commands) > 0 {
		fmt.Fprintf(w, "\n%s\n", head("Commands:"))
		var rows [][2]string
		for _, s := range c.Commands {
			if !s.Hidden {
				rows = append(rows, [2]string{s.Name, s.Usage})
			}
		}
		writeRows(w, rows)
	}
	fmt.Fprintf(w, "\n%s\n", head("Flags:"))
	writeRows(w, flagRows(c))
	if ex := exampleOf(c); ex != "" {
		fmt.Fprintf(w, "\n%s\n", head("Example:"))
		for _, l := range strings.Split(ex, "\n") {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}

func (env *runtimeEnv) manCommand() *cli.Command {
	return &cli.Command{
		Name:     "man",
		Usage:    "print corral's manual page (roff), generated from the command definitions",
		Metadata: example("corral man > corral.1 && man ./corral.1"),
		Action: func(_ context.Context, c *cli.Command) error {
			writeMan(env.stdout, c.Root())
			return nil
		},
	}
}

// roff escapes text for a roff line: backslashes, and a leading . or '.
func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	s = strings.ReplaceAll(s, "-", `\-`)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// writeMan writes a man page (section 1) for the command tree.
func writeMan(w io.Writer, root *cli.Command) {
	fmt.Fprintf(w, ".TH CORRAL 1 \"\" \"corral\" \"User Commands\"\n")
	fmt.Fprintf(w, ".SH NAME\ncorral \\- %s\n", roff(root.Usage))
	fmt.Fprintf(w, ".SH SYNOPSIS\n.B corral\n[\\-\\-color \\fIWHEN\\fR] \\fIcommand\\fR [\\fIflags\\fR] [\\fIarguments\\fR]\n")
	fmt.Fprintf(w, ".SH DESCRIPTION\n")
	for _, l := range strings.Split(root.Description, "\n") {
		fmt.Fprintf(w, "%s\n", roff(l))
	}
	fmt.Fprintf(w, ".SH COMMANDS\n")
	for _, c := range leaves(root) {
		fmt.Fprintf(w, ".SS %s\n", roff(relName(c)))
		fmt.Fprintf(w, ".B %s\n.PP\n%s\n", roff(synopsis(c)), roff(c.Usage))
		if c.Description != "" {
			fmt.Fprintf(w, ".PP\n")
			for _, l := range strings.Split(c.Description, "\n") {
				fmt.Fprintf(w, "%s\n", roff(l))
			}
		}
		for _, r := range flagRows(c) {
			fmt.Fprintf(w, ".TP\n.B %s\n%s\n", roff(r[0]), roff(r[1]))
		}
		if ex := exampleOf(c); ex != "" {
			fmt.Fprintf(w, ".PP\nExample:\n.PP\n.nf\n.RS 4\n")
			for _, l := range strings.Split(ex, "\n") {
				fmt.Fprintf(w, "%s\n", roff(l))
			}
			fmt.Fprintf(w, ".RE\n.fi\n")
		}
	}
	fmt.Fprintf(w, ".SH \"EXIT STATUS\"\n")
	for _, l := range strings.Split(exitCodesText, "\n") {
		code, text, _ := strings.Cut(l, "  ")
		if strings.TrimSpace(code) == "" {
			fmt.Fprintf(w, "%s\n", roff(strings.TrimSpace(l)))
			continue
		}
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", code, roff(text))
	}
	fmt.Fprintf(w, ".SH ENVIRONMENT\n")
	for _, v := range [][2]string{
		{"CONTENT_FILTER_SANDBOX_DIR", "the sandbox directory"},
		{"CONTENT_FILTER_ENFORCER_MODE", "rewrite or block"},
		{"CORRAL_APPROVE", "auto, allow, defer or ask"},
		{"CORRAL_PRESET", "standard, strict or paranoid"},
		{"CORRAL_POLICY", "extra policy files, colon-separated"},
		{"FILE_RESTRICTIONS", "a JSON array of globs writes must match"},
		{"CORRAL_AUDIT_LOG", "the audit log, or off"},
		{"NO_COLOR", "no colours when set"},
	} {
		fmt.Fprintf(w, ".TP\n.B %s\n%s\n", v[0], roff(v[1]))
	}
}
