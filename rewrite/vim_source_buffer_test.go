package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestVimSourceBuffer: :source expands the file-name specials (% the
// current file, # the alternate one, with modifiers), and :[range]source
// runs the current buffer's lines (Vim 9), so a Vim call sources the file
// it edits (red team 17 VM1b): the file's text is judged. Look-alikes: a
// harmless file sourced so, ordinary -c commands on a file, :runtime %
// (it searches 'runtimepath', not the working directory).
func TestVimSourceBuffer(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/v.vim":  "!rm -rf ~\n",
		"proj/ok.vim": "set nu\n",
		"proj/m.py":   "print(1)\n",
		"proj/m.vim":  "!rm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`vim -es -c 'e v.vim | so %' -c q`, "deny"},
		{`vim -es -c 'so %' -c q v.vim`, "deny"},
		{`vim -es +'so %' +q v.vim`, "deny"},
		// ex edits its file with the commands of its standard input too:
		// what it sources is asked about, as for :source FILE.
		{`ex -s -c 'so %' -c q v.vim`, "ask"},
		{`view -es -c 'so %' -c q v.vim`, "deny"},
		{`nvim --headless -c 'so %' -c q v.vim`, "deny"},
		{`vim -es -c 'e v.vim' -c 'e m.py' -c 'so #' -c q`, "deny"},
		{`vim -es -c 'e m.py' -c 'so #' -c q v.vim`, "deny"},
		{`vim -es -c 'sil! so %' -c q v.vim`, "deny"},
		{`vim -es -c 'so %:p' -c q v.vim`, "deny"},
		{`vim -es -c 'so %:r.vim' -c q m.py`, "deny"},
		{`vim -es -c 'e m.py' -c 'so %:r.vim' -c q`, "deny"},
		{`vim -es -c 'bufdo so %' -c q ok.vim v.vim`, "deny"},
		{`vim -es -c 'argadd v.vim' -c 'argdo so %' -c q`, "deny"},
		{`vim -es -c 'e v.vim' -c '%so' -c q`, "deny"},
		{`vim -es -c 'e v.vim' -c '1,$source' -c q`, "deny"},
		{`vim -es -c '%so' -c q v.vim`, "deny"},
		{`vim -es -c 'r v.vim' -c '2,$so' -c q`, "deny"},
		{`vim -es -c 'e ok.vim' -c 'r v.vim' -c '%so' -c q`, "deny"},
		// Buffer lines other commands made, a name only run time knows.
		{`vim -es -c 'put =\"!id\"' -c '%so' -c q`, "ask"},
		{`vim -es -c 'e ok.vim' -c 'normal Gorm' -c '%so' -c q`, "ask"},
		{`vim -es -c 'so %' -c q "$F"`, "ask"},
		{`vim -es -c "e $F" -c 'so %' -c q`, "ask"},
		// Look-alikes.
		{`vim -es -c 'so %' -c q ok.vim`, "allow"},
		{`vim -es -c 'e ok.vim' -c '%so' -c q`, "allow"},
		{`vim -es -c 'e v.vim' -c 'e ok.vim' -c 'so %' -c q`, "allow"},
		{`vim -c 'set nu' v.vim`, "allow"},
		{`vim -es -c 'e m.py | %s/a/b/ | w' -c q`, "allow"},
		{`vim -es -c 'e v.vim' -c 'runtime %' -c q`, "allow"},
		{`vim -es -c 'so #' -c q v.vim ok.vim`, "allow"},
	})
}

// TestVimSourceBufferOracle: the real Vim sources the current file for
// :so %, the alternate for :so #, each buffer under :bufdo, the buffer's
// lines for :%so (also those :read added), and not the current file for
// :runtime %, nor anything for :so # before a second file was edited
// (canaries under a temporary directory, HOME there, no vimrc).
func TestVimSourceBufferOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not installed")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"a.vim": "!touch ran-pct\n", "b.vim": "!touch ran-alt\n", "c.vim": "!touch ran-range\n",
		"d.vim": "!touch ran-read\n", "e.vim": "!touch no-runtime\n", "g.vim": "!touch ran-bufdo\n",
		"h.vim": "!touch no-alt\n", "m.py": "print(1)\n", "m.vim": "!touch ran-root\n", "n.vim": "let x = 1\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-c", "so %", "a.vim"},
		{"-c", "e b.vim", "-c", "e n.vim", "-c", "so #"},
		{"-c", "e c.vim", "-c", "%so"},
		{"-c", "e n.vim", "-c", "r d.vim", "-c", "%so"},
		{"-c", "e e.vim", "-c", "runtime %"},
		{"-c", "bufdo so %", "n.vim", "g.vim"},
		{"-c", "so #", "n.vim", "h.vim"},
		{"-c", "so %:r.vim", "m.py"},
	} {
		cmd := exec.Command("vim", append(append([]string{"-N", "-u", "NONE", "-i", "NONE", "-es"}, args...), "-c", "qa!")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		cmd.Run() // -es exits non-zero after an error; the canaries tell
	}
	for _, f := range []string{"ran-pct", "ran-alt", "ran-range", "ran-read", "ran-bufdo", "ran-root"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("vim did not source the buffer's file (%s missing)", f)
		}
	}
	for _, f := range []string{"no-runtime", "no-alt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("vim sourced a file the model says it does not (%s made)", f)
		}
	}
}
