package guards

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// pattern is one glob from a policy, validated when the policy is read.
//
// A project pattern (src/**, *.md) is matched with doublestar against the
// project-relative path: * is one segment, ** any number, a pattern
// without / matches at the project root only, case matters. An anchored
// pattern (/etc, ~/.ssh, ~/projects/*) names directories: it matches a
// path that is such a directory or anything under one.
type pattern struct {
	raw      string
	anchored bool
	// glob is the project pattern, or the anchored pattern after "~".
	glob string
	// segs are glob's segments, for deciding what a deletion contains.
	segs []string
	// except are project globs the pattern does not match (the default
	// .env* leaves .env.example out).
	except []string
}

// exampleFiles are templates that hold no secret: committed examples of
// a secret file's shape (.env.example, .env.sample, .env.template,
// .env.dist).
var exampleFiles = []string{"**/*.example", "**/*.sample", "**/*.template", "**/*.dist", "**/*.tmpl", "**/*.example.*", "**/*.sample.*"}

// defaultExceptions returns the default protected patterns with what they
// must not cover: the default .env* protects .env and .env.local, not
// .env.example; **/.git/** (nested repositories) leaves their hooks to
// the guard's own layer, which denies them with its own reason.
func defaultExceptions(ps []pattern) []pattern {
	out := make([]pattern, len(ps))
	for i, p := range ps {
		switch {
		case strings.HasPrefix(path.Base(p.glob), ".env"):
			p.except = exampleFiles
		case p.glob == "**/.git/**":
			p.except = []string{"**/.git/hooks/**"}
		}
		out[i] = p
	}
	return out
}

func (p pattern) String() string { return p.raw }

// parsePattern validates raw. Seed 000 patterns (strip) lose a leading
// "./" or "/" and are always project patterns; elsewhere "./" is dropped
// and "/..." or "~/..." make an anchored pattern.
func parsePattern(raw string, strip bool) (pattern, error) {
	g := raw
	if strip {
		for strings.HasPrefix(g, "./") || strings.HasPrefix(g, "/") {
			g = strings.TrimPrefix(strings.TrimPrefix(g, "./"), "/")
		}
	} else {
		for strings.HasPrefix(g, "./") {
			g = g[2:]
		}
	}
	p := pattern{raw: raw, glob: g}
	switch {
	case g == "" || g == "." || g == "/":
		return p, fmt.Errorf("empty pattern %q", raw)
	case !doublestar.ValidatePattern(g):
		return p, fmt.Errorf("invalid glob pattern %q", raw)
	case strings.HasPrefix(g, "/") || g == "~" || strings.HasPrefix(g, "~/"):
		p.anchored = true
	case hasDotDot(g):
		return p, fmt.Errorf("pattern %q contains \"..\"", raw)
	default:
		p.segs = strings.Split(g, "/")
	}
	return p, nil
}

// parsePatterns validates a list; errors name the list and the index.
func parsePatterns(field string, raws []string, strip bool) ([]pattern, error) {
	out := make([]pattern, 0, len(raws))
	for i, r := range raws {
		p, err := parsePattern(r, strip)
		if err != nil {
			return nil, &PolicyError{Field: fmt.Sprintf("%s[%d]", field, i), Pattern: r, Err: err}
		}
		out = append(out, p)
	}
	return out, nil
}

// parseDirs validates seed 002 directory lists, which must be anchored.
func parseDirs(field string, raws []string) ([]pattern, error) {
	out, err := parsePatterns(field, raws, false)
	if err != nil {
		return nil, err
	}
	for i, p := range out {
		if !p.anchored {
			return nil, &PolicyError{Field: fmt.Sprintf("%s[%d]", field, i), Pattern: p.raw,
				Err: fmt.Errorf("path %q must be absolute or start with ~/", p.raw)}
		}
	}
	return out, nil
}

// matchProject reports whether rel (a project-relative slash path, abs
// the absolute one) matches, without regard to case where the file
// system has none (foldsCase).
func (p pattern) matchProject(rel, abs string) bool {
	return p.matchProjectFold(rel, foldsCase(abs))
}

// matchProjectFold is matchProject, folding case when fold is set.
func (p pattern) matchProjectFold(rel string, fold bool) bool {
	if p.anchored || rel == "" || rel == "." {
		return false
	}
	glob := p.glob
	if fold {
		glob, rel = strings.ToLower(glob), strings.ToLower(rel)
	}
	ok, _ := doublestar.Match(glob, rel)
	if ok {
		orig, backup := backupOf(rel)
		for _, e := range p.except {
			if m, _ := doublestar.Match(e, rel); m {
				return false
			}
			// The backup copy of an excepted file is excepted too:
			// cp -b template .env.example keeps the old template as
			// .env.example~ (or .env.example.~1~), no secret either.
			if m, _ := doublestar.Match(e, orig); backup && m {
				return false
			}
		}
	}
	return ok
}

// backupOf returns the name a backup copy's name rel was made from, by
// the suffixes GNU programs and editors give one (cp -b, mv -b, Emacs):
// "~" (x~) and the numbered ".~N~" (x.~1~); ok is false for any other
// name.
func backupOf(rel string) (string, bool) {
	s, ok := strings.CutSuffix(rel, "~")
	if !ok || s == "" || strings.HasSuffix(s, "/") {
		return rel, false
	}
	if i := strings.LastIndex(s, ".~"); i > 0 {
		digits := s[i+2:]
		if digits != "" && strings.Trim(digits, "0123456789") == "" {
			return s[:i], true
		}
	}
	return s, true
}

// holdsProject reports whether deleting the directory rel would delete a
// path the pattern matches: rel is an ancestor of the pattern's fixed
// part (. holds .git/**; plugins holds plugins/**/agents/*.md). A leading
// ** (**/*.key) is not counted, or every directory would hold it.
func (p pattern) holdsProject(rel string) bool {
	if p.anchored {
		return false
	}
	var relSegs []string
	if rel != "." {
		relSegs = strings.Split(rel, "/")
	}
	pat := p.segs
	consumed := 0
	for {
		if len(relSegs) == 0 {
			return len(pat) > 0
		}
		if len(pat) == 0 {
			return false
		}
		if pat[0] == "**" {
			return consumed > 0
		}
		if ok, _ := doublestar.Match(pat[0], relSegs[0]); !ok {
			return false
		}
		pat, relSegs = pat[1:], relSegs[1:]
		consumed++
	}
}

// anchorOf splits an anchored pattern, ~ expanded, into its directory
// without glob characters (resolved) and the glob below it ("" if none).
// ok is false when the pattern needs a home and there is none.
func (p pattern) anchorOf(home string) (base, rest string, ok bool) {
	g := p.glob
	if strings.HasPrefix(g, "~") {
		if home == "" || !filepath.IsAbs(home) {
			return "", "", false
		}
		g = expandHome(g, home)
	}
	if !hasGlobMeta(g) {
		return resolve(g), "", true
	}
	base, rest = doublestar.SplitPattern(g)
	if !strings.HasPrefix(base, "/") {
		// A glob in the first segment: SplitPattern returns ".".
		base, rest = "/", strings.TrimPrefix(g, "/")
	}
	base = resolve(base)
	return base, rest, true
}

// matchAnchored reports whether abs (normalised) is one of the pattern's
// directories or under one.
func (p pattern) matchAnchored(home, abs string) bool {
	return p.matchAnchoredFold(home, abs, foldsCase(abs))
}

// matchAnchoredFold is matchAnchored, folding case when fold is set
// (~/.SSH/id_rsa is ~/.ssh/id_rsa on macOS).
func (p pattern) matchAnchoredFold(home, abs string, fold bool) bool {
	if !p.anchored {
		return false
	}
	base, rest, ok := p.anchorOf(home)
	if !ok {
		return false
	}
	if fold {
		base, rest, abs = strings.ToLower(base), strings.ToLower(rest), strings.ToLower(abs)
	}
	rel, ok := relWithin(base, abs)
	if !ok {
		return false
	}
	if rest == "" {
		return true
	}
	if rel == "." {
		return false
	}
	// The path or one of its ancestors below base must match the rest.
	segs := strings.Split(rel, "/")
	for i := 1; i <= len(segs); i++ {
		if ok, _ := doublestar.Match(rest, strings.Join(segs[:i], "/")); ok {
			return true
		}
	}
	return false
}

// holdsAnchored reports whether deleting abs would delete one of the
// pattern's directories: abs is a strict ancestor of its fixed part.
func (p pattern) holdsAnchored(home, abs string) bool {
	if !p.anchored {
		return false
	}
	base, rest, ok := p.anchorOf(home)
	if !ok {
		return false
	}
	if base == abs {
		return rest != ""
	}
	_, ok = relWithin(abs, base)
	return ok
}
