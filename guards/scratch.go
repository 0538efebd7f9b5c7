package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ScratchRoot is seed 001's sandbox folder at the project root.
const ScratchRoot = "agent_sandbox"

// CreateScratch makes <project>/agent_sandbox/YYYY-MM-DD/<context>/ (seed
// 001 REQ-7) and makes sure agent_sandbox/ is listed in the project's
// .gitignore, once. The context must be a meaningful name: letters, digits,
// '-', '_' and '.', not only digits, not "." or "..".
func CreateScratch(project, context string, now time.Time) (string, error) {
	if err := validContext(context); err != nil {
		return "", err
	}
	if project == "" {
		return "", fmt.Errorf("no project directory")
	}
	dir := filepath.Join(project, ScratchRoot, now.Format("2006-01-02"), context)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := ensureIgnored(filepath.Join(project, ".gitignore"), ScratchRoot+"/"); err != nil {
		return dir, err
	}
	return dir, nil
}

func validContext(c string) error {
	if c == "" || c == "." || c == ".." {
		return fmt.Errorf("context %q: give the work a meaningful name such as auth-investigation", c)
	}
	digits := true
	for _, r := range c {
		switch {
		case r >= '0' && r <= '9':
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '-', r == '_', r == '.':
			digits = false
		default:
			return fmt.Errorf("context %q: only letters, digits, '-', '_' and '.' are allowed (no '/')", c)
		}
	}
	if digits {
		return fmt.Errorf("context %q: a number is not a meaningful name", c)
	}
	if strings.HasPrefix(c, ".") {
		return fmt.Errorf("context %q must not start with '.'", c)
	}
	return nil
}

// ensureIgnored appends line to a .gitignore unless an equivalent line is
// already there.
func ensureIgnored(file, line string) error {
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	bare := strings.Trim(line, "/")
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Trim(strings.TrimSpace(l), "/") == bare {
			return nil
		}
	}
	var add string
	if len(data) > 0 && !strings.HasSuffix(string(data), "\n") {
		add = "\n"
	}
	add += line + "\n"
	f, err := os.OpenFile(file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(add); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
