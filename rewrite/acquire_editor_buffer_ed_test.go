package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// editorOracleCase is one command an editor runs for real against a
// canary ~/.bashrc in a scratch home ({home} in cmd).
type editorOracleCase struct {
	cmd, want string
	// changed: running the command changes or removes the canary.
	changed bool
}

// runEditorOracle checks each case's decision in a scratch project
// inside a scratch home, then, where prog is on the machine, runs the
// command there with bash and checks whether the canary ~/.bashrc
// changed: the model and the program agree.
func runEditorOracle(t *testing.T, prog string, files map[string]string, tests []editorOracleCase) {
	t.Helper()
	_, progErr := exec.LookPath(prog)
	for _, tt := range tests {
		home := t.TempDir()
		proj := filepath.Join(home, "project")
		if err := os.MkdirAll(proj, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, content := range files {
			if err := os.WriteFile(filepath.Join(proj, name), []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		canary := filepath.Join(home, ".bashrc")
		if err := os.WriteFile(canary, []byte("canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := strings.ReplaceAll(tt.cmd, "{home}", home)
		env := map[string]string{"HOME": home, EnvProject: proj}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, proj)
		r := Check(cfg, cmd)
		if got := r.Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, r.Findings)
		}
		if progErr != nil {
			continue
		}
		run := exec.Command("bash", "-c", cmd)
		run.Dir = proj
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TERM=dumb"}
		done := make(chan struct{})
		var out []byte
		go func() { out, _ = run.CombinedOutput(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			_ = run.Process.Kill()
			<-done
			t.Fatalf("%s did not finish", cmd)
		}
		b, err := os.ReadFile(canary)
		if changed := err != nil || string(b) != "canary\n"; changed != tt.changed {
			t.Errorf("%s: ~/.bashrc changed = %v, want %v (%q, %v)\n%s", tt.cmd, changed, tt.changed, b, err, out)
		}
	}
}

// TestEdAddressesOracle (red team 14 RG5): ed's address part (/RE/,
// ?RE?, %, marks, offsets, ";") and the global commands g, v, G, V hid
// the w FILE and !CMD after them; % in !CMD is the current file name;
// ed '!CMD' edits CMD's output; w !CMD runs CMD with the buffer on its
// standard input, judged as CMD reading the text the script typed (each
// suffix of it when only some lines are written) and asked when the
// buffer was changed in a way corral does not follow. Each row runs the
// real GNU ed against a canary ~/.bashrc.
func TestEdAddressesOracle(t *testing.T) {
	t.Parallel()
	files := map[string]string{"Makefile": "all:\n\techo hi > out/x\n", "notes.txt": "foo\nTODO x\n"}
	runEditorOracle(t, "ed", files, []editorOracleCase{
		{`printf 'g/./!rm -f {home}/.bashrc\nq\n' | ed -s Makefile`, "deny", true},
		{`printf 'a\nrm -f {home}/.bashrc\n.\nw !sh\nq\n' | ed -s`, "deny", true},
		{`ed -s Makefile <<< '/all/w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< '?all?w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< '%w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< 'g/all/w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< 'v/zzz/w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< '/[/]/w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< '$-1,$w {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< '1;/hi/W {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< $'1ka\n\'aw {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< $'G/all/\nw {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< $'g/all/s/x/y/\\\nw {home}/.bashrc'`, "deny", true},
		{`ed -s Makefile <<< $'f {home}/.bashrc\n!rm -f %'`, "deny", true},
		{`ed -s '!rm -f {home}/.bashrc' <<< q`, "deny", true},
		{`ed -s <<< $'a\ncat <<E\nrm -f {home}/.bashrc\nE\n.\n2w !sh'`, "deny", true},
		{`ed -s <<< $'r !echo rm -f {home}/.bashrc\nw !sh'`, "deny", true},
		{`printf 'a\nrm -f x\n.\ns,x,{home}/.bashrc,\nw !sh\nq\n' | ed -s`, "ask", true},
		// Look-alikes.
		{`ed -s notes.txt <<< $'/foo/s//bar/\nw'`, "allow", false},
		{`printf 'g/TODO/d\nw\nq\n' | ed -s notes.txt`, "allow", false},
		{`printf 'a\necho hi\n.\nw !sh\nq\n' | ed -s`, "allow", false},
		{`printf 'a\nrm -f {home}/.bashrc\n.\nw !wc -l\nq\n' | ed -s`, "allow", false},
		{`ed -s <<< $'a\ncat <<E\nrm -f {home}/.bashrc\nE\n.\nw !sh'`, "allow", false},
		{`ed -s notes.txt <<< $'g/x/s//y/\n,w out.txt'`, "allow", false},
		{`ed -s notes.txt <<< $'!echo \\% %'`, "allow", false},
	})
}
