package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// rulesCommand is `corral rules`: every rule a finding can name, its
// decisions and its doc.
func (env *runtimeEnv) rulesCommand() *cli.Command {
	return &cli.Command{
		Name:      "rules",
		Usage:     "list every rule: its name, the decisions it makes and what it finds",
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

// writeRulesTable prints one line per rule: name, decisions and the first
// sentence of its doc.
func writeRulesTable(w io.Writer, rules []rewrite.Rule) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tDECISION\tDOC")
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Name, strings.Join(decisionNames(r), ","), firstSentence(r.Doc))
	}
	return tw.Flush()
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

// firstSentence is a doc's first sentence: up to the first full stop that
// ends a word and is followed by a space (not the dot of ".git" or "e.g.").
func firstSentence(doc string) string {
	s := oneParagraph(doc)
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' && i > 0 && s[i-1] != '.' && !strings.HasSuffix(s[:i], "e.g") && !strings.HasSuffix(s[:i], "i.e") {
			return s[:i+1]
		}
	}
	return s
}
