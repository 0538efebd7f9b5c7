package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFedPrograms (red team 14 XA1, beyond git): the words xargs or
// GNU parallel feed make and sqlite3 are judged as written ones (static
// inputs appended or put at the replace string); inputs only known at
// run time that land where a word is code ask. Look-alikes: fed targets,
// files and directories pass.
func TestFedPrograms(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile": "all:\n\t@echo ok\na:\n\t@echo a\nb:\n\t@echo b\n",
		"proj/evil.mk":  "all:\n\trm -rf ~\n",
		"proj/x.db":     "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// make: command-line variables, -f and --eval fed.
		{`printf '%s\0' 'X!=rm -f ~/.bashrc' | xargs -0 make`, "deny"},
		{`echo 'X:=$(shell rm -f ~/.bashrc)' | xargs -d '\n' make`, "deny"},
		{`printf '%s\0' SHELL=/usr/bin/perl .SHELLFLAGS=-eunlink+glob+q+~/.bashrc+ | xargs -0 make`, "ask"},
		{`xargs make <<< "'--eval=\$(shell rm -f ~/.bashrc)'"`, "deny"},
		{`printf '%s\0' -f evil.mk | xargs -0 make`, "deny"},
		{`parallel make ::: 'X!=rm -f ~/.bashrc'`, "deny"},
		{`echo 'X!=rm -f ~/.bashrc' | xargs -I{} make {}`, "deny"},
		// sqlite3: statements, dot commands and -cmd fed.
		{`printf '%s\0' '.output ~/.bashrc' 'select 1;' | xargs -0 sqlite3 :memory:`, "deny"},
		{`printf '%s\0' -cmd '.shell rm -f ~/.bashrc' | xargs -0 sqlite3`, "deny"},
		{`parallel sqlite3 :memory: ::: '.shell rm -f ~/.bashrc'`, "deny"},
		// Options that hand a program code, fed (optionCode).
		{`printf '%s\0' '--compress-program=sh' | xargs -0 sort -S1 x`, "ask"},
		// Any other program fed an option, and awk's and sed's
		// program text: the command as xargs runs it.
		{`printf '%s\0' --to-command='rm -rf ~' | xargs -0 tar xf x.tar`, "deny"},
		{`printf '%s\0' --checkpoint-action=exec='rm -rf ~' | xargs -0 tar cf x.tar .`, "deny"},
		{`printf '%s\0' -o 'ProxyCommand=rm -rf ~' host | xargs -0 ssh`, "deny"},
		{`printf '%s\0' . -exec rm -rf ~ ';' | xargs -0 find`, "deny"},
		{`printf '%s\0' 'BEGIN{system("rm -rf ~")}' | xargs -0 awk`, "deny"},
		{`echo '1e rm -rf ~' | xargs -I{} sed -n {} x.db`, "deny"},
		// Words only run time knows where a word is code.
		{`cat args.txt | xargs make`, "ask"},
		{`cat q.txt | xargs sqlite3 x.db`, "ask"},
		// Look-alikes.
		{`ls | xargs wc -l`, "allow"},
		{`find . -name '*.o' | xargs rm`, "allow"},
		{`echo a b | xargs make`, "allow"},
		{`echo all | xargs make -j4`, "allow"},
		{`find . -name Makefile -printf '%h\n' | xargs -I{} make -C {}`, "allow"},
		{`find . -name '*.db' | xargs -I{} sqlite3 {} 'PRAGMA integrity_check;'`, "allow"},
		{`printf '%s\0' 'select 1;' | xargs -0 sqlite3 x.db`, "allow"},
		{`find . -name '*.txt' | xargs sort`, "allow"},
		{`echo 'X!=rm -f ~/.bashrc'`, "allow"},
		{`echo '{print $1}' | xargs -0 awk`, "allow"},
		{`echo -la | xargs ls`, "allow"},
		{`echo https://example.com/x.tgz | xargs curl -O`, "rewrite"},
		{`echo a.txt | xargs -I{} cp {} {}.bak`, "allow"},
	})
}

// TestFedProgramsOracle: the real make, sqlite3, find, awk and sed, run
// by xargs, take the fed words as written ones: a canary in a temp HOME
// is removed.
func TestFedProgramsOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ needs, cmd string }{
		{"make", `printf '%s\0' 'X!=rm -f CANARY' | xargs -0 make`},
		{"make", `echo 'X:=$(shell rm -f CANARY)' | xargs -d '\n' make`},
		{"make", `parallel make ::: 'X!=rm -f CANARY'`},
		{"sqlite3", `printf '%s\0' '.shell rm -f CANARY' | xargs -0 sqlite3 :memory:`},
		{"sqlite3", `printf '%s\0' -cmd '.shell rm -f CANARY' | xargs -0 sqlite3 :memory: .quit`},
		{"find", `printf '%s\0' . -maxdepth 0 -exec rm -f CANARY ';' | xargs -0 find`},
		{"awk", `printf '%s\0' 'BEGIN{system("rm -f CANARY")}' | xargs -0 awk`},
		{"sed", `echo '1e rm -f CANARY' | xargs -I{} sed -n {} Makefile`},
	} {
		need := []string{tc.needs, "xargs", "bash"}
		if strings.HasPrefix(tc.cmd, "parallel") {
			need = append(need, "parallel")
		}
		missing := false
		for _, p := range need {
			if _, err := exec.LookPath(p); err != nil {
				missing = true
			}
		}
		if missing {
			continue
		}
		root := t.TempDir()
		home := filepath.Join(root, "home")
		if err := os.MkdirAll(home, 0o755); err != nil {
			t.Fatal(err)
		}
		canary := filepath.Join(home, ".bashrc")
		if err := os.WriteFile(filepath.Join(root, "Makefile"), []byte("all:\n\t@echo ok\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(canary, []byte("# canary\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(tc.cmd, "CANARY", canary)
		cmd := exec.Command("bash", "-c", text+" >/dev/null 2>&1; true")
		cmd.Dir = root
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "SHELL=/bin/sh"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", text, err, out)
		}
		if _, err := os.Stat(canary); err == nil {
			t.Errorf("%s: the fed words did not run (canary still there)", text)
		}
	}
}
