package rewrite

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/guards"
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
// or transforms first (${t:3:4}, ${t^^}) is not recognised: the limit is
// documented, and such a command reads a secret, which is refused anyway.
type secretTexts struct {
	texts []string
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
	if len(pieces) == 0 {
		return
	}
	clean := func(v string) string {
		for _, p := range pieces {
			if strings.Contains(v, p) {
				v = strings.ReplaceAll(v, p, "[secret]")
			}
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
