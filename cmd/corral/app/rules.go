package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// rulesCommand is `corral rules`: every rule a finding can name, its
// decisions and its doc.
func (env *runtimeEnv) rulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "list every rule: its name, the decisions it makes and its whole doc",
		UsageText: "corral rules [--json]",
		Metadata:  example("corral rules", "corral rewrite explain --rule run-download"),
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the rules as JSON (name, decisions, requires, commands, doc)"}},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.NArg() != 0 {
				return fmt.Errorf("rules takes no arguments, got %d", c.NArg())
			}
			if c.Bool("json") {
				return writeRulesJSON(env.stdout, rewrite.Catalog())
			}
			return writeRulesTable(env.stdout, rewrite.Catalog())
		},
	}
}

// ruleJSON is a rule as `corral rules --json` prints it.
type ruleJSON struct {
	Name      string   `json:"name"`
	Decisions []string `json:"decisions"`
	Requires  []string `json:"requires,omitempty"`
	Commands  []string `json:"commands,omitempty"`
	Doc       string   `json:"doc"`
}

func writeRulesJSON(w io.Writer, rules []rewrite.Rule) error {
	out := make([]ruleJSON, 0, len(rules))
	for _, r := range rules {
		out = append(out, ruleJSON{Name: r.Name, Decisions: decisionNames(r), Requires: r.Requires, Commands: r.Commands, Doc: oneParagraph(r.Doc)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// rulesWidth is the width `corral rules` wraps its table to.
const rulesWidth = 100

// writeRulesTable prints every rule as a table row: name, decisions and its
// whole doc, wrapped into the last column so that each rule reads as one
// block, with a blank line between rules.
func writeRulesTable(w io.Writer, rules []rewrite.Rule) error {
	nameW, decW := len("RULE"), len("DECISION")
	for _, r := range rules {
		nameW = max(nameW, utf8.RuneCountInString(r.Name))
		decW = max(decW, utf8.RuneCountInString(strings.Join(decisionNames(r), ",")))
	}
	indent := nameW + 2 + decW + 2
	docW := max(rulesWidth-indent, 30)
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %-*s  %s\n", nameW, "RULE", decW, "DECISION", "DOC")
	for i, r := range rules {
		if i > 0 {
			b.WriteString("\n")
		}
		lines := wrapText(oneParagraph(r.Doc), docW)
		if len(lines) == 0 {
			lines = []string{""}
		}
		row := fmt.Sprintf("%-*s  %-*s  %s", nameW, r.Name, decW, strings.Join(decisionNames(r), ","), lines[0])
		b.WriteString(strings.TrimRight(row, " ") + "\n")
		for _, l := range lines[1:] {
			b.WriteString(strings.Repeat(" ", indent) + l + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// wrapText splits text into lines of at most width characters, breaking
// at spaces; a word longer than width stands alone on its line.
func wrapText(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// explainRule prints one rule's whole doc (`corral rewrite explain --rule`).
func explainRule(w io.Writer, name string) error {
	r, ok := rewrite.Lookup(name)
	if !ok {
		var names []string
		for _, r := range rewrite.Catalog() {
			names = append(names, r.Name)
		}
		msg := fmt.Sprintf("no rule %q (corral rules lists them)", name)
		if s := closest(name, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return errors.New(msg)
	}
	fmt.Fprintf(w, "rule:      %s\ndecisions: %s\n", r.Name, strings.Join(decisionNames(r), ", "))
	if len(r.Commands) > 0 {
		fmt.Fprintf(w, "commands:  %s\n", strings.Join(r.Commands, " "))
	}
	if len(r.Requires) > 0 {
		fmt.Fprintf(w, "requires:  %s\n", strings.Join(r.Requires, " "))
	}
	fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(r.Doc))
	return nil
}

func decisionNames(r rewrite.Rule) []string {
	out := make([]string, 0, len(r.Decisions))
	for _, d := range r.Decisions {
		out = append(out, d.String())
	}
	return out
}

// oneParagraph joins a doc's lines with spaces.
func oneParagraph(doc string) string { return strings.Join(strings.Fields(doc), " ") }
