package guards

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
)

// ScratchRoot is seed 001's sandbox folder at the project root.
const ScratchRoot = "agent_sandbox"

// CreateScratch makes <project>/agent_sandbox/YYYY-MM-DD/<context>/ (seed
// 001 REQ-7), the date taken from now, and makes sure agent_sandbox/ is a
// line of the project's .gitignore: the file is created if missing, the
// line is appended once and never twice (agent_sandbox, /agent_sandbox/
// and the like count as present), and a file that did not end in a
// newline still does not. The project must exist. The context must be a
// meaningful name: letters, digits, '-', '_' and '.', not only digits, not
// starting with '.'. It returns the directory made.
func CreateScratch(project, context string, now time.Time) (string, error) {
	if err := validContext(context); err != nil {
		return "", err
	}
	if project == "" {
		return "", fmt.Errorf("no project directory")
	}
	if st, err := os.Stat(project); err != nil {
		return "", fmt.Errorf("project %s: %v", project, err)
	} else if !st.IsDir() {
		return "", fmt.Errorf("project %s is not a directory", project)
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
		case unicode.IsDigit(r):
		case unicode.IsLetter(r), r == '-', r == '_', r == '.':
			digits = false
		default:
			return fmt.Errorf("context %q: only letters, digits, '-', '_' and '.' are allowed (no '/' or spaces)", c)
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

// ensureIgnored appends line to a .gitignore unless an equivalent line
// (the same name with or without its slashes) is already there. It keeps
// the file's line ending, and leaves a last line without newline so.
func ensureIgnored(file, line string) error {
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	text := string(data)
	bare := strings.Trim(line, "/")
	for _, l := range strings.Split(text, "\n") {
		if strings.Trim(strings.TrimSpace(l), "/") == bare {
			return nil
		}
	}
	nl := "\n"
	if strings.Contains(text, "\r\n") {
		nl = "\r\n"
	}
	var add string
	switch {
	case text == "":
		add = line + nl
	case strings.HasSuffix(text, "\n"):
		add = line + nl
	default:
		add = nl + line
	}
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
