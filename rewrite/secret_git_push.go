package rewrite

import (
	"fmt"
	"strings"

	"github.com/corral-dev/corral/syntax"
)

// gitPushSpec are git push's and git send-pack's options that take a
// separate value (git-push(1), git-send-pack(1)).
var gitPushSpec = optSpec{shortVal: "o", longVal: longOpts("repo", "push-option", "receive-pack", "exec"), longEq: true}

// gitShipsTracked judges the git commands that send the repository's
// commits, with every file of their trees, somewhere (red team 19 SG1
// rest): git push and git send-pack to a URL, and git bundle create,
// whose bundle (a file, or stdout with -) holds the objects of the refs
// it is given and their history. In a repository that tracks a secret
// (git ls-files when the hook runs, as for git's unscoped readers) the
// secret goes with them, as an upload of it would: a push of the current
// branch or of every ref (no refspec, HEAD, --all, --mirror) and a bundle
// of whole refs are denied; a push of other refspecs and a bundle of a
// range (A..B, ^A, --since) ask, as the commits they send may not hold
// it. A push to a remote the command itself points at a URL (git remote
// add x URL && git push x, git -c remote.origin.url=URL push) asks: it
// may be the owner publishing the repository, with the secret. A push to
// a configured remote passes: its URL is the repository owner's, and the
// commits are theirs to publish; so does a push to a path on this
// machine, whose copy is read back only through readers corral judges.
func (p *Pass) gitShipsTracked(c *syntax.Call, dir syntax.Dir, sub int) {
	name := c.Args[sub].Value
	args := c.Args[sub+1:]
	switch name {
	case "push", "send-pack":
		opts, operands := scan(args, gitPushSpec)
		repo := ""
		for _, o := range find(opts, "repo") {
			repo = o.val.Value
		}
		refs := operands
		if repo == "" && len(operands) > 0 {
			if !args[operands[0]].Static {
				return // a destination only run time knows: exfiltrate's
			}
			repo = args[operands[0]].Value
			refs = operands[1:]
		}
		var configs []string
		gopts, _ := scan(c.Args[:sub], specFor("git"))
		for _, o := range find(gopts, "c") {
			configs = append(configs, o.val.Value)
		}
		configs = append(configs, c.GitEnvConfig...)
		if repo == "" {
			repo = "origin"
		}
		url, named := repo, false
		if gitURLHost(repo) == "" {
			// A remote's name: the URL this command gives it, else the
			// owner's own remote; a path: a copy on this machine.
			url, named = p.remoteURL(configs, repo), true
		}
		if gitURLHost(url) == "" {
			return
		}
		// A remote this command names (git remote add origin URL && git
		// push -u origin main, the owner's first publishing too) asks.
		whole := !named && (len(refs) == 0 || has(opts, "all", "mirror"))
		for _, i := range refs {
			src, _, _ := strings.Cut(strings.TrimPrefix(args[i].Value, "+"), ":")
			if args[i].Static && (src == "HEAD" || src == "@") && !named {
				whole = true
			}
		}
		if s, ok := p.gitTrackedSecret(dir, false); ok {
			verb := fmt.Sprintf("git %s sends the files of the commits it pushes to %s, and the repository tracks", name, url)
			p.reportTracked(c, s, verb, !whole)
		}
	case "bundle":
		if len(args) == 0 || !args[0].Static || args[0].Value != "create" {
			return
		}
		opts, operands := scan(args[1:], optSpec{longVal: longOpts("version"), longEq: true})
		whole := true
		for _, o := range opts {
			switch o.name {
			case "since", "after", "until", "before", "max-count", "n":
				whole = false
			}
			if len(o.name) > 0 && o.name[0] >= '0' && o.name[0] <= '9' {
				whole = false // -5: the last five commits
			}
		}
		for k, i := range operands {
			v := args[1+i].Value
			if k == 0 {
				continue // the bundle's file
			}
			if !args[1+i].Static || strings.Contains(v, "..") || strings.HasPrefix(v, "^") {
				whole = false
			}
		}
		if s, ok := p.gitTrackedSecret(dir, false); ok {
			p.reportTracked(c, s, "git bundle create puts the files of every commit it bundles in the bundle, and the repository tracks", !whole)
		}
	}
}
