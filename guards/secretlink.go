package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Secrets through symbolic links. A secret's name may be a symbolic link
// to a file no pattern names: a project's .env -> config/env.txt, a
// dotfiles manager's ~/.ssh/work -> ~/keys/work.key. Reading the target
// reads the secret, yet its own path matches nothing, and every path is
// judged with its links followed, so the name is never seen. So the
// secret names that exist as links are looked up, each resolved, and a
// read of a path that is a link's target, or under a target that is a
// directory, is judged as a read of the name (Secret.ViaLink).
//
// The names looked at are bounded: the entries under each anchored
// pattern's fixed directory (~/.ssh, ~/.aws/credentials, …; the
// directory itself when it is a link is already matched, as the patterns'
// fixed parts are resolved), secretLinkPlaceBudget entries each, and, for
// the patterns that match at any depth (.env, *.pem), the project's tree
// breadth first (walkTree) secretLinkTreeDepth levels down; the whole
// index is bounded by secretLinkBudget entries and built at most once a
// linkIndexTTL.

// Bounds of the index of secret links.
const (
	secretLinkBudget      = 1024
	secretLinkPlaceBudget = 32
	secretLinkTreeBudget  = 512
	secretLinkTreeDepth   = 4
)

var secretLinkCache diskIndex[[]protLink]

// secretLinks returns the secret names that are symbolic links, with
// where they lead.
func (s *Secrets) secretLinks(env Env) []protLink {
	home := ""
	if env.Home != "" && filepath.IsAbs(env.Home) {
		home = resolve(filepath.Clean(env.Home))
	}
	root := projectRoot(env)
	var key strings.Builder
	key.WriteString(home)
	key.WriteByte(0)
	key.WriteString(root)
	var places []linkPlace
	names := false
	for _, sp := range s.patterns {
		key.WriteByte(0)
		key.WriteString(sp.raw)
		if sp.dir == nil {
			names = true
			continue
		}
		if spec, ok := anchoredSpec(*sp.dir, env.Home); ok && !isPseudo(spec.base) {
			places = append(places, linkPlace{base: spec.base, depth: min(spec.depth, 2)})
		}
	}
	for _, e := range s.except {
		key.WriteString("\x00-")
		key.WriteString(e.raw)
	}
	for _, a := range s.allowed {
		key.WriteString("\x00+")
		key.WriteString(a)
	}
	return secretLinkCache.get(key.String(), func() []protLink {
		idx := &symlinkIndex{}
		seen := map[string]int{}
		left := walkPlaces(places, secretLinkBudget, secretLinkPlaceBudget, func(pl linkPlace, budget *int) {
			idx.walk(pl.base, pl.depth, budget, seen)
		})
		if names && root != "" {
			budget := min(left, secretLinkTreeBudget)
			walkTree(root, secretLinkTreeDepth, &budget, map[string]bool{}, func(p string, e os.DirEntry) {
				if e.Type()&os.ModeSymlink == 0 {
					return
				}
				if _, ok := s.matchName(env, p); !ok {
					return
				}
				if t := resolve(p); t != p {
					idx.links = append(idx.links, protLink{name: p, target: t})
				}
			})
		}
		// Only the links whose own name is a secret's.
		out := idx.links[:0]
		for _, l := range idx.links {
			if _, ok := s.matchName(env, l.name); ok {
				out = append(out, l)
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
		return out
	})
}

// viaSecretLink returns the secret whose name is a symbolic link leading
// to abs (or to a directory above it).
func (s *Secrets) viaSecretLink(env Env, np Path) (Secret, bool) {
	if np.Abs == "" || isPseudo(np.Abs) {
		return Secret{}, false
	}
	for _, l := range s.secretLinks(env) {
		rel, ok := relWithin(l.target, np.Abs)
		if !ok {
			continue
		}
		name := l.name
		if rel != "." {
			name = filepath.Join(l.name, filepath.FromSlash(rel))
		}
		if pat, ok := s.matchName(env, name); ok {
			return Secret{Path: np, Pattern: pat, ViaLink: name}, true
		}
	}
	return Secret{}, false
}

// matchName is the pattern a secret's name matches as it is, its last
// part not followed: the allowed paths and the exceptions first.
func (s *Secrets) matchName(env Env, name string) (string, bool) {
	for _, a := range s.allowed {
		if Normalize(env, a).Abs == name {
			return "", false
		}
	}
	for _, e := range s.except {
		if e.match(env.Home, name, name) {
			return "", false
		}
	}
	for _, p := range s.patterns {
		if p.match(env.Home, name, name) {
			return p.raw, true
		}
	}
	return "", false
}

// viaLinkReason is Reason for a secret read through a link's target.
func (s Secret) viaLinkReason(verb string) string {
	return fmt.Sprintf("%s %s: it is where the symbolic link %s leads, which matches the secret pattern %q; to let it through, add %q to \"secrets\": {\"allow\": [...]} in a user policy (not the project's)",
		verb, s.Path.Abs, s.ViaLink, s.Pattern, s.Path.Abs)
}
