package corpus

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/txtar"
)

// The virtual machine every case runs on unless it says otherwise.
const (
	Home    = "/home/user"
	Project = "/home/user/project"
)

// Case is one corpus case.
type Case struct {
	// Name is the file's path under cases/, without ".txtar".
	Name string
	File string
	// Why is the first line of the comment: one sentence, written by a
	// person, saying why this command gets this decision. -update never
	// writes it.
	Why string
	// Comment is the whole comment before the first section (Why and any
	// further notes), trimmed.
	Comment string
	Cmd     string
	Cwd     string
	Env     map[string]string
	Policy  string
	Tool    string
	Path    string
	Want    Want
	archive *txtar.Archive
}

// Want is the expected outcome.
type Want struct {
	Decision  string
	Rules     []string
	Approve   string // "true", "false" or "" (not checked)
	Rewritten string
	// Has reports which keys the want section set.
	Has map[string]bool
}

// Update is the -update flag of every test binary that imports this
// package: golden tests rewrite their expectations instead of checking
// them (go test ./... -update).
var Update = flag.Bool("update", false, "rewrite the expected outcomes of golden tests")

// Dir returns the absolute path of the cases folder.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "cases")
}

// Load reads every case, sorted by name.
func Load() ([]*Case, error) {
	root := Dir()
	var out []*Case
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".txtar") {
			return err
		}
		c, err := LoadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		c.Name = strings.TrimSuffix(filepath.ToSlash(rel), ".txtar")
		out = append(out, c)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

// LoadFile reads one case.
func LoadFile(path string) (*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	a := txtar.Parse(data)
	c := &Case{File: path, Comment: strings.TrimSpace(string(a.Comment)), Cwd: Project, Tool: "Bash", Env: map[string]string{}, archive: a}
	c.Why, _, _ = strings.Cut(c.Comment, "\n")
	c.Why = strings.TrimSpace(c.Why)
	seen := map[string]bool{}
	for _, f := range a.Files {
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: section %q twice", path, f.Name)
		}
		seen[f.Name] = true
		body := strings.TrimSuffix(string(f.Data), "\n")
		switch f.Name {
		case "cmd":
			c.Cmd = body
		case "cwd":
			c.Cwd = strings.TrimSpace(body)
		case "env":
			for _, line := range strings.Split(body, "\n") {
				if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				k, v, ok := strings.Cut(line, "=")
				if !ok {
					return nil, fmt.Errorf("%s: env line %q is not KEY=value", path, line)
				}
				c.Env[k] = v
			}
		case "policy":
			c.Policy = string(f.Data)
		case "tool":
			c.Tool = strings.TrimSpace(body)
		case "path":
			c.Path = strings.TrimSpace(body)
		case "want":
			w, err := parseWant(body)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", path, err)
			}
			c.Want = w
		default:
			return nil, fmt.Errorf("%s: unknown section %q", path, f.Name)
		}
	}
	if !seen["want"] {
		return nil, fmt.Errorf("%s: no want section", path)
	}
	if c.Tool == "Bash" && !seen["cmd"] {
		return nil, fmt.Errorf("%s: no cmd section", path)
	}
	return c, nil
}

func parseWant(body string) (Want, error) {
	w := Want{Has: map[string]bool{}}
	for _, line := range strings.Split(body, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			return w, fmt.Errorf("want line %q is not key: value", line)
		}
		v = strings.TrimPrefix(v, " ")
		w.Has[k] = true
		switch k {
		case "decision":
			w.Decision = v
		case "rules":
			w.Rules = strings.Fields(strings.ReplaceAll(v, ",", " "))
		case "approve":
			w.Approve = v
		case "rewritten":
			if strings.HasPrefix(v, `"`) {
				u, err := strconv.Unquote(v)
				if err != nil {
					return w, fmt.Errorf("rewritten: %v", err)
				}
				v = u
			}
			w.Rewritten = v
		default:
			return w, fmt.Errorf("unknown want key %q", k)
		}
	}
	if w.Decision == "" {
		return w, fmt.Errorf("want has no decision")
	}
	return w, nil
}

// Format renders a want section.
func (w Want) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "decision: %s\n", w.Decision)
	if len(w.Rules) > 0 {
		fmt.Fprintf(&b, "rules: %s\n", strings.Join(w.Rules, " "))
	}
	if w.Approve != "" {
		fmt.Fprintf(&b, "approve: %s\n", w.Approve)
	}
	if w.Rewritten != "" {
		v := w.Rewritten
		if strings.ContainsAny(v, "\n\r") || strings.TrimSpace(v) != v || strings.HasPrefix(v, `"`) {
			v = strconv.Quote(v)
		}
		fmt.Fprintf(&b, "rewritten: %s\n", v)
	}
	return b.String()
}

// Formatted returns the case file with its want section replaced by w.
// Every other byte of the file is kept: the comment (the why) and the
// other sections are copied, never regenerated. The case itself is not
// changed.
func (c *Case) Formatted(w Want) []byte {
	a := &txtar.Archive{Comment: c.archive.Comment}
	for _, f := range c.archive.Files {
		if f.Name == "want" {
			f.Data = []byte(w.Format())
		}
		a.Files = append(a.Files, f)
	}
	return txtar.Format(a)
}

// Update writes the case back with a new want section (go test -update).
// Only the want section changes; the why is a person's to write.
func (c *Case) Update(w Want) error {
	data := c.Formatted(w)
	for i := range c.archive.Files {
		if c.archive.Files[i].Name == "want" {
			c.archive.Files[i].Data = []byte(w.Format())
		}
	}
	old, _ := os.ReadFile(c.File)
	if bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(c.File, data, 0o644)
}
