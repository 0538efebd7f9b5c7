package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMessageFileReaders: programs that print a file given by an option
// or operand (pip's requirement lines quoted in errors, file -f's names,
// diff3, git merge-file -p, git interpret-trailers, basenc) or make it a
// git message (commit/tag/notes -F), php's auto_prepend_file, and an
// interpreter's script behind its own options (ruby -w .env quotes the
// line in a NameError). Each row that prints runs with the real program
// when it is installed, on a canary .env; the look-alikes name files
// that are no secret.
func TestMessageFileReaders(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":      "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARYKEYLINE\n-----END OPENSSH PRIVATE KEY-----\n",
		"proj/.env":             "API_KEY=CANARY\n",
		"proj/requirements.txt": "\n",
		"proj/msg.txt":          "fix\n",
		"proj/list.txt":         "msg.txt\n",
		"proj/.git/":            "",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want string
		run       string // the program to run it with ("" not run)
	}{
		{`pip install --no-index -r .env`, "deny", "pip"},
		{`pip install --no-index -c .env x`, "deny", "pip"},
		{`pip3 install -r ~/.ssh/id_rsa`, "deny", ""},
		{`file -f .env`, "deny", "file"},
		{`diff3 -m .env /dev/null /dev/null`, "deny", "diff3"},
		{`git merge-file -p .env /dev/null /dev/null`, "deny", "git"},
		{`git merge-file out.txt .env /dev/null`, "deny", ""},
		{`git interpret-trailers .env`, "deny", "git"},
		{`basenc --base64 .env`, "deny", ""}, // encoded: no CANARY in the output
		{`git commit -F ~/.ssh/id_rsa`, "deny", ""},
		{`git -C . commit --file=.env`, "deny", ""},
		{`git tag -a t -F .env`, "deny", ""},
		{`git notes add -F .env`, "deny", ""},
		{`git fmt-merge-msg -F .env`, "deny", ""},
		{`git blame --contents .env README.md`, "deny", ""},
		{`git archive --add-file=.env HEAD`, "deny", ""},
		{`git archive -o x.tar --add-file ~/.ssh/id_rsa HEAD`, "deny", ""},
		{`php -d auto_prepend_file=.env /dev/null`, "deny", "php"},
		{`wc --files0-from=.env`, "deny", "wc"},
		{`find -files0-from .env`, "deny", "find"},
		{`file -m .env README.md`, "deny", "file"},
		{`rsync -a --files-from=.env . /tmp/x/`, "deny", ""},
		{`du --files0-from .env`, "deny", "du"},
		{`sort --files0-from=.env`, "deny", "sort"},
		{`ruby .env`, "ask", "ruby"},
		{`ruby -w .env`, "ask", "ruby"},
		{`python3 -u .env`, "ask", "python3"},
		{`node --trace-warnings .env`, "ask", "node"},
		// Look-alikes.
		{`pip install --no-index -r requirements.txt`, "allow", ""},
		{`file -f list.txt`, "allow", ""},
		{`file .env`, "allow", ""}, // its type, not its content
		{`git commit -F msg.txt`, "allow", ""},
		{`git blame --contents msg.txt README.md`, "allow", ""},
		{`git archive --add-file=msg.txt HEAD`, "allow", ""},
		{`git tag -a v1 -m .env`, "allow", ""},
		{`diff3 msg.txt list.txt msg.txt`, "allow", ""},
		{`basenc --base64 msg.txt`, "allow", ""},
		{`php -d auto_prepend_file=msg.txt /dev/null`, "allow", ""},
		{`ruby -w msg.txt`, "allow", ""},
		{`wc -l .env`, "allow", ""}, // a count
		{`du -sh .env`, "allow", ""},
		{`find . -name .env`, "allow", ""},
		{`rsync -a --files-from=list.txt . /tmp/x/`, "allow", ""},
	}
	for _, tt := range tests {
		r := Check(cfg, tt.cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		if tt.run == "" {
			continue
		}
		if _, err := exec.LookPath(tt.run); err != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = append(cmd.Environ(), "HOME="+cfg.Home, "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1",
			// Debian's pip refuses any install outside a venv (PEP 668) before
			// reading the files; these installs install nothing.
			"PIP_BREAK_SYSTEM_PACKAGES=1")
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "CANARY") {
			t.Errorf("%s: the real %s does not print the canary (%q)", tt.cmd, tt.run, out)
		}
	}
}
