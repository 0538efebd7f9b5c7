package agent

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Scope is where a registration lives: for the user (every project), for
// a project (shared, committed), or for a project on this machine only.
type Scope string

// The scopes.
const (
	User    Scope = "user"
	Project Scope = "project"
	Local   Scope = "local"
)

// Target is where and what to register.
type Target struct {
	Home    string
	Project string
	Scope   Scope
	// Binary is the absolute path of the corral binary the hook runs.
	Binary string
	Getenv func(string) string
}

func (t Target) getenv(k string) string {
	if t.Getenv == nil {
		return ""
	}
	return t.Getenv(k)
}

// Command is the hook command line registered for agent.
func (t Target) Command(agent string) string {
	return shellQuote(t.Binary) + " hook --agent " + agent
}

// Change is one file that init or uninstall writes or removes.
type Change struct {
	Path   string // as the agent reads it (may be a symbolic link)
	Before []byte
	After  []byte // nil: remove the file
	Mode   fs.FileMode
	// existed says whether Path was there before.
	existed bool
}

// Registration is one corral entry found in an agent's configuration.
type Registration struct {
	Agent   string
	Scope   Scope
	File    string
	Events  []string // "event" or "event matcher"
	Command string
	// Others are the other hook commands on the same shell event whose
	// matcher selects the shell tool (only one rewrite applies).
	Others []string
}

// Registrar writes, removes and finds an agent's hook registration.
type Registrar interface {
	// Scopes lists the scopes the agent reads hooks from; the first is
	// the default.
	Scopes() []Scope
	// Detect reports whether the agent looks installed for this user
	// (its configuration directory exists under the home directory).
	Detect(t Target) bool
	// Install computes the changes that register corral in t.Scope; none
	// when it is registered already.
	Install(t Target) ([]Change, error)
	// Uninstall computes the changes that remove exactly what Install
	// added in t.Scope.
	Uninstall(t Target) ([]Change, error)
	// Registered lists corral's registrations in t.Scope.
	Registered(t Target) ([]Registration, error)
	// File is the configuration file of a scope ("" when the agent has no
	// such scope).
	File(t Target) string
}

// IsCorralHook reports whether a hook command line is one corral init
// wrote for agent: a program named corral… run as "hook --agent NAME".
func IsCorralHook(command, agent string) bool {
	f := strings.Fields(command)
	if len(f) < 4 || f[len(f)-3] != "hook" || f[len(f)-2] != "--agent" || f[len(f)-1] != agent {
		return false
	}
	prog := strings.Trim(strings.Join(f[:len(f)-3], " "), `'"`)
	return strings.Contains(filepath.Base(prog), "corral")
}

// MentionsCorral reports whether a hook command runs corral's hook at all
// (with or without --agent, as people register it by hand).
func MentionsCorral(command string) bool {
	f := strings.Fields(command)
	for i, w := range f {
		if w == "hook" && i > 0 && strings.Contains(filepath.Base(strings.Trim(f[i-1], `'"`)), "corral") {
			return true
		}
	}
	return false
}

// BinaryOf returns the program a hook command runs (unquoted).
func BinaryOf(command string) string {
	f := strings.Fields(command)
	for i, w := range f {
		if w == "hook" && i > 0 {
			return strings.Trim(strings.Join(f[:i], " "), `'"`)
		}
	}
	if len(f) > 0 {
		return strings.Trim(f[0], `'"`)
	}
	return ""
}

// readConfig reads a configuration file through symbolic links. A missing
// file is no error.
func readConfig(path string) (data []byte, existed bool, err error) {
	data, err = os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// Apply writes changes: it checks first that every file and directory can
// be written (so that a refusal changes nothing), then for each change
// backs the old file up as <file>.corral-backup-<time> and writes the new
// one through any symbolic link. With dryRun it only prints the diffs.
// It returns the backups it wrote.
func Apply(changes []Change, now time.Time, dryRun bool, w io.Writer) ([]string, error) {
	if dryRun {
		for _, c := range changes {
			fmt.Fprint(w, Diff(c.Path, c.Before, c.After))
		}
		return nil, nil
	}
	for _, c := range changes {
		if err := writable(c); err != nil {
			return nil, err
		}
	}
	var backups []string
	for _, c := range changes {
		if c.existed {
			b, err := backup(c, now)
			if err != nil {
				return backups, err
			}
			backups = append(backups, b)
		}
		if c.After == nil {
			if err := os.Remove(c.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return backups, err
			}
			continue
		}
		real := c.Path
		if r, err := filepath.EvalSymlinks(c.Path); err == nil {
			real = r
		}
		if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
			return backups, fmt.Errorf("cannot create %s: %v", filepath.Dir(real), err)
		}
		mode := c.Mode
		if mode == 0 {
			mode = 0o644
		}
		if err := os.WriteFile(real, c.After, mode); err != nil {
			return backups, fmt.Errorf("cannot write %s: %v", c.Path, err)
		}
		if c.Mode&0o111 != 0 {
			if err := os.Chmod(real, c.Mode); err != nil {
				return backups, err
			}
		}
	}
	return backups, nil
}

// writable refuses a change to a read-only file or directory. The mode
// bits are read, not only tried, so that the refusal holds for root too:
// a read-only settings file is the user's way of saying "do not touch".
func writable(c Change) error {
	real := c.Path
	if r, err := filepath.EvalSymlinks(c.Path); err == nil {
		real = r
	}
	if st, err := os.Stat(real); err == nil {
		if st.Mode().Perm()&0o200 == 0 {
			return fmt.Errorf("%s is read-only (mode %04o); corral changed nothing — make it writable, or add the hook by hand", c.Path, st.Mode().Perm())
		}
		f, err := os.OpenFile(real, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("cannot write %s: %v; corral changed nothing", c.Path, err)
		}
		f.Close()
	}
	dir := filepath.Dir(real)
	for {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is not a directory; corral changed nothing", dir)
			}
			if st.Mode().Perm()&0o200 == 0 {
				return fmt.Errorf("directory %s is read-only (mode %04o); corral changed nothing", dir, st.Mode().Perm())
			}
			return nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
}

// backup copies the old contents next to the file as
// <file>.corral-backup-<time>.
func backup(c Change, now time.Time) (string, error) {
	base := c.Path + ".corral-backup-" + now.UTC().Format("20060102T150405Z")
	name := base
	for i := 1; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s.%d", base, i)
	}
	if err := os.WriteFile(name, c.Before, 0o600); err != nil {
		return "", fmt.Errorf("cannot back up %s: %v; corral changed nothing there", c.Path, err)
	}
	return name, nil
}

// Diff is a line diff of a file's old and new contents, in unified style
// with three lines of context.
func Diff(path string, before, after []byte) string {
	a, b := splitLines(before), splitLines(after)
	var out strings.Builder
	from, to := path, path
	if before == nil {
		from = "/dev/null"
	}
	if after == nil {
		to = "/dev/null"
	}
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
	type op struct {
		kind byte
		line string
	}
	// Longest common subsequence over lines; configuration files are small.
	n, m := len(a), len(b)
	if n*m > 4_000_000 {
		for _, l := range a {
			fmt.Fprintf(&out, "-%s\n", l)
		}
		for _, l := range b {
			fmt.Fprintf(&out, "+%s\n", l)
		}
		return out.String()
	}
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			ops = append(ops, op{'+', b[j]})
			j++
		default:
			ops = append(ops, op{'-', a[i]})
			i++
		}
	}
	const context = 3
	for k, o := range ops {
		if o.kind == ' ' {
			near := false
			for d := max(0, k-context); d <= min(len(ops)-1, k+context); d++ {
				if ops[d].kind != ' ' {
					near = true
					break
				}
			}
			if !near {
				continue
			}
		}
		fmt.Fprintf(&out, "%c%s\n", o.kind, o.line)
	}
	return out.String()
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// dirExists reports whether a directory exists.
func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// anyDir reports whether one of the directories under home exists.
func anyDir(home string, rel ...string) bool {
	for _, r := range rel {
		if dirExists(filepath.Join(home, r)) {
			return true
		}
	}
	return false
}

var errNoScope = errors.New("no such scope")

// noScope is the error for a scope an agent does not read hooks from.
func noScope(agent string, s Scope, have []Scope) error {
	var names []string
	for _, h := range have {
		names = append(names, string(h))
	}
	return fmt.Errorf("%w: %s reads hooks only from scope %s, not %s", errNoScope, agent, strings.Join(names, ", "), s)
}

// IsNoScope reports whether err says an agent has no such scope.
func IsNoScope(err error) bool { return errors.Is(err, errNoScope) }

// sameBytes reports whether a change would change nothing.
func sameBytes(a, b []byte) bool { return bytes.Equal(a, b) }
