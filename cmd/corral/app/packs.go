package app

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/corral-dev/corral/rewrite"
	"github.com/urfave/cli/v3"
)

// packsCommand is `corral packs`: every rule pack a policy can enable and
// the commands each one guards.
func (env *runtimeEnv) packsCommand() *cli.Command {
	return &cli.Command{
		Name:      "packs",
		Usage:     `list the rule packs a policy can enable ("packs": ["terraform", "aws"]) and what each guards`,
		UsageText: "corral packs [--json] [NAME]...",
		Metadata:  example("corral packs", "corral packs aws databases"),
		Flags:     []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print the packs as JSON"}},
		Action: func(_ context.Context, c *cli.Command) error {
			names := c.Args().Slice()
			if err := rewrite.CheckPacks(names); err != nil {
				return err
			}
			var packs []*rewrite.Pack
			for _, p := range rewrite.Packs() {
				if len(names) == 0 || contains(names, p.Name) || contains(names, "all") {
					packs = append(packs, p)
				}
			}
			if c.Bool("json") {
				enc := json.NewEncoder(env.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(packs)
			}
			for i, p := range packs {
				if i > 0 {
					fmt.Fprintln(env.stdout)
				}
				fmt.Fprintf(env.stdout, "%s: %s\n", p.Name, p.Doc)
				for _, l := range p.PackLines() {
					fmt.Fprintf(env.stdout, "  %s\n", l)
				}
			}
			return nil
		},
	}
}
