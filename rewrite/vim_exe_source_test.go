package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestVimExeSourceCurrent: :execute 'so' expand('%') is :so %, the
// current file read from disk (not the buffer's lines, also after an
// earlier command emptied the buffer), so the file's text is judged
// (it asked as a name only run time knows). Look-alikes: a harmless file
// sourced so; another expression or command still asks or passes as
// before.
func TestVimExeSourceCurrent(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/v.vim":  "!rm -rf ~\n",
		"proj/ok.vim": "set nu\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`vim -es -c 'exe "so" expand("%")' -c q v.vim`, "deny"},
		{`vim -es -c "exe 'source' expand('%:p')" -c q v.vim`, "deny"},
		{`vim -es -c '%d' -c 'exe "so" expand("%")' -c q v.vim`, "deny"},
		{`vim -es -c 'e v.vim' -c "execute 'so ' .. expand('%')" -c q`, "deny"},
		// Look-alikes.
		{`vim -es -c 'exe "so" expand("%")' -c q ok.vim`, "allow"},
		{`vim -es -c 'exe "echo" expand("%")' -c q v.vim`, "allow"},
		{`vim -es -c 'exe "so" expand("<cfile>")' -c q ok.vim`, "ask"},
		{`vim -es -c 'exe "so" g:f' -c q ok.vim`, "ask"},
	})
}

// TestVimExeSourceCurrentOracle: the real Vim runs the current file's
// commands for exe "so" expand("%") (and "%:p"), from disk even after
// %d emptied the buffer, and does not source the buffer's new lines
// after setline changed them (canaries under a temporary directory,
// HOME there, no vimrc).
func TestVimExeSourceCurrentOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not installed")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.vim": "!touch ran-a\n", "b.vim": "!touch ran-b\n", "c.vim": "!touch ran-c\n", "n.vim": "let x = 1\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-c", `exe "so" expand("%")`, "a.vim"},
		{"-c", "exe 'source' expand('%:p')", "b.vim"},
		{"-c", "%d", "-c", `exe "so" expand("%")`, "c.vim"},
		{"-c", `call setline(1, "!touch no-buffer")`, "-c", `exe "so" expand("%")`, "n.vim"},
	} {
		cmd := exec.Command("vim", append(append([]string{"-N", "-u", "NONE", "-i", "NONE", "-es"}, args...), "-c", "qa!")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		cmd.Run() // -es exits non-zero after an error; the canaries tell
	}
	for _, f := range []string{"ran-a", "ran-b", "ran-c"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("vim did not source the current file (%s missing)", f)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "no-buffer")); err == nil {
		t.Errorf("vim sourced the buffer's lines, not the file")
	}
}
