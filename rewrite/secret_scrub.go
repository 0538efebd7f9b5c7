package rewrite

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// Secret content in what corral reports.
//
// The analysis reads some files at hook time to know what a command will
// do: the script a shell sources, the lines read or mapfile take from a
// file (read -r t < .env; rm -rf "/$t"). When such a file is a secret,
// its values flow into paths and words that findings name ("rm deletes
// /API_KEY=sk-…"), and a finding reaches the agent in a refusal, in
// corral rewrite explain, which the agent may run, and in the audit log.
// secretTexts keeps the content of every secret file read for one check
// and scrub replaces it in the result: each line, each assigned value and
// each long word of the file becomes [secret]. A value the command cuts
// or transforms first (${t:3:4}, ${t^^}, ${t//a/b}) is found by where it
// came from rather than by its text: derive takes every word of the
// command whose variables hold a secret's content (syntax.Arg.From) and
// keeps the parts of its value the command did not write itself.
type secretTexts struct {
	texts []string
	// derived are the parts of words' values that came from a secret,
	// of at least 4 bytes, taken out wherever they stand; short are
	// shorter ones, taken out only as a whole token (between characters
	// that are no letter or digit), so that a two-letter cut does not
	// garble every word that holds those letters.
	derived, short []string
}

// maxDerived bounds the derived parts kept for one check.
const maxDerived = 4096

// derive keeps the values of m's words that came from a secret file the
// analysis read: a static word (a command name, an argument, a
// redirection's target, an input) whose variables hold the content of a
// file in the secret class. Each field of its value, split at "/", "=",
// ":", ",", ";", quotes and blanks, that the word as written does not
// hold is a part the command computed from the secret.
func (s *secretTexts) derive(cfg *Config, m *syntax.Model) {
	if len(s.texts) == 0 || cfg.Paths == nil || m == nil {
		return
	}
	env := guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home, Sandbox: cfg.Sandbox}
	isSecret := map[string]bool{}
	seen := map[string]bool{}
	visit := func(a syntax.Arg) {
		from := a.From()
		if !a.Static || len(from) == 0 || len(s.derived)+len(s.short) >= maxDerived {
			return
		}
		tainted := false
		for _, f := range from {
			secret, ok := isSecret[f]
			if !ok {
				_, secret = cfg.Paths.Secrets().Match(env, f)
				isSecret[f] = secret
			}
			tainted = tainted || secret
		}
		if !tainted {
			return
		}
		for _, part := range strings.FieldsFunc(a.Value, func(r rune) bool {
			return strings.ContainsRune("/=:,;\"' \t\n", r)
		}) {
			if seen[part] || strings.Contains(a.Raw, part) {
				continue
			}
			seen[part] = true
			if len(part) >= 4 {
				s.derived = append(s.derived, part)
			} else {
				s.short = append(s.short, part)
			}
		}
	}
	for _, c := range m.Calls {
		visit(c.NameArg)
		for _, a := range c.Args {
			visit(a)
		}
		for _, r := range c.Redirs {
			visit(r.Target)
		}
		for _, a := range c.Inputs {
			visit(a)
		}
	}
}

// reader wraps the analysis' file reader: a file in the secret class is
// read as before and its text kept.
func (s *secretTexts) reader(cfg *Config, read func(string) (string, error)) func(string) (string, error) {
	if cfg.Paths == nil {
		return read
	}
	env := guards.Env{Project: cfg.Project, Cwd: cfg.Cwd, Home: cfg.Home, Sandbox: cfg.Sandbox}
	return func(path string) (string, error) {
		text, err := read(path)
		if err == nil && text != "" {
			if _, ok := cfg.Paths.Secrets().Match(env, path); ok {
				s.texts = append(s.texts, text)
			}
		}
		return text, err
	}
}

// minSecretWord is the shortest word of a secret file that is taken out
// of reports on its own; shorter ones (export, =, a key's name) are
// common words whose loss would garble every message.
const minSecretWord = 8

// pieces returns the strings to take out, longest first.
func (s *secretTexts) pieces() []string {
	seen := map[string]bool{}
	add := func(v string) {
		v = strings.TrimSpace(v)
		if len(v) >= 4 {
			seen[v] = true
		}
	}
	for _, v := range s.derived {
		add(v)
	}
	for _, text := range s.texts {
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
			add(line)
			if _, v, ok := strings.Cut(line, "="); ok {
				add(strings.Trim(strings.TrimSpace(v), `"'`))
			}
			for _, f := range strings.Fields(line) {
				if len(f) >= minSecretWord {
					add(f)
					if _, v, ok := strings.Cut(f, "="); ok && len(v) >= minSecretWord {
						add(strings.Trim(v, `"'`))
					}
				}
			}
		}
	}
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i] < out[j]
	})
	return out
}

// scrub replaces the secret pieces in every text of res that reaches the
// agent, the user or the audit log.
func (s *secretTexts) scrub(res *Result) {
	if len(s.texts) == 0 || res == nil {
		return
	}
	pieces := s.pieces()
	if len(pieces) == 0 && len(s.short) == 0 {
		return
	}
	short := append([]string(nil), s.short...)
	sort.Slice(short, func(i, j int) bool {
		if len(short[i]) != len(short[j]) {
			return len(short[i]) > len(short[j])
		}
		return short[i] < short[j]
	})
	clean := func(v string) string {
		for _, p := range pieces {
			if strings.Contains(v, p) {
				v = strings.ReplaceAll(v, p, "[secret]")
			}
		}
		for _, p := range short {
			v = replaceToken(v, p)
		}
		return v
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		f.Message = clean(f.Message)
		f.Text = clean(f.Text)
		f.After = clean(f.After)
		f.Dest = clean(f.Dest)
		if f.Fix != nil {
			f.Fix.Message = clean(f.Fix.Message)
		}
	}
	for i := range res.Notes {
		res.Notes[i] = clean(res.Notes[i])
	}
}

// replaceToken replaces each occurrence of tok in v that stands between
// characters that are no letter or digit (or v's ends) with [secret].
func replaceToken(v, tok string) string {
	if tok == "" || !strings.Contains(v, tok) {
		return v
	}
	word := func(b byte) bool {
		return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
	}
	var out strings.Builder
	for i := 0; i < len(v); {
		j := strings.Index(v[i:], tok)
		if j < 0 {
			out.WriteString(v[i:])
			break
		}
		j += i
		end := j + len(tok)
		if (j == 0 || !word(v[j-1])) && (end == len(v) || !word(v[end])) {
			out.WriteString(v[i:j])
			out.WriteString("[secret]")
		} else {
			out.WriteString(v[i : j+1])
			end = j + 1
		}
		i = end
	}
	return out.String()
}
