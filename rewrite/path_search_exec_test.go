package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPathSearchExec runs each command for real with bash, a canary
// script named like a system program (ls, echo) in a scratch directory:
// where PATH makes bash run the script (PATH=DIR; ls, PATH=.:$PATH ls,
// unset PATH in the directory), corral's verdict is not allow and, for a
// rewrite, not approved; where the system's program, a function or a
// builtin runs instead, the canary is untouched and corral allows. The
// canary script in the approval rows only touches a file, which corral
// passes: the rewrite is left unapproved because of the PATH alone.
func TestPathSearchExec(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	for _, tc := range []struct {
		name string
		cmd  string // {bin} is the canary's directory
		// script is the canary program's text: rm -rf ~ removes the
		// scratch home and the canary in it, {made} is a file it makes.
		script  string
		want    Decision
		approve bool // for a rewrite
		ran     bool // the canary script ran
	}{
		{name: "path-only-dir", cmd: "PATH={bin}; ls", script: "/bin/rm -rf ~", want: Deny, ran: true},
		{name: "path-dir-first", cmd: "PATH={bin}:$PATH ls", script: "rm -rf ~", want: Deny, ran: true},
		{name: "export-dir-first", cmd: "export PATH={bin}:$PATH; cat /dev/null", script: "rm -rf ~", want: Deny, ran: true},
		{name: "dot-first", cmd: "cd {bin} && PATH=.:$PATH ls", script: "rm -rf ~", want: Deny, ran: true},
		{name: "unset-path", cmd: "cd {bin} && unset PATH && ls", script: "rm -rf ~", want: Deny, ran: true},
		{name: "appended-own-name", cmd: "PATH=$PATH:{bin} zzcorraltool", script: "rm -rf ~", want: Deny, ran: true},
		{name: "subshell-copy", cmd: "export PATH={bin}:$PATH; bash -c 'ls'", script: "rm -rf ~", want: Deny, ran: true},
		// A rewrite after the PATH change: never approved.
		{name: "rewrite-not-approved", cmd: "curl -sS -m 1 -o x.json http://127.0.0.1:9/x; PATH={bin}:$PATH ls", script: "touch {made}", want: Rewrite, approve: false, ran: true},
		{name: "rewrite-appended-look", cmd: "curl -sS -m 1 -o x.json http://127.0.0.1:9/x; PATH=$PATH:{bin} ls", script: "touch {made}", want: Rewrite, approve: true},
		// Look-alikes: the system's program, a function, a builtin.
		{name: "appended-look", cmd: "PATH=$PATH:{bin} ls", script: "rm -rf ~", want: Allow},
		{name: "function-look", cmd: "PATH={bin}:$PATH; ls() { :; }; ls", script: "rm -rf ~", want: Allow},
		{name: "builtin-look", cmd: "PATH={bin}:$PATH; echo hi", script: "rm -rf ~", want: Allow},
		{name: "system-dir-look", cmd: "PATH=/usr/bin:/bin:{bin} ls", script: "rm -rf ~", want: Allow},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			home := filepath.Join(root, "home")
			project := filepath.Join(home, "project")
			bin := filepath.Join(root, "bin")
			keep := filepath.Join(home, "keep")
			made := filepath.Join(home, "made")
			for _, d := range []string{project, bin, keep} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			script := "#!/bin/sh\n" + strings.NewReplacer("{keep}", keep, "{made}", made).Replace(tc.script) + "\n"
			prog := "ls"
			if strings.Contains(tc.cmd, "echo") {
				prog = "echo"
			}
			if strings.Contains(tc.cmd, "cat /dev/null") {
				prog = "cat"
			}
			if strings.Contains(tc.cmd, "zzcorraltool") {
				prog = "zzcorraltool"
			}
			if err := os.WriteFile(filepath.Join(bin, prog), []byte(script), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := strings.ReplaceAll(tc.cmd, "{bin}", bin)
			env := map[string]string{"HOME": home, EnvProject: project}
			cfg, _ := NewConfig(func(k string) string { return env[k] }, project)
			cfg.Approve = ApproveAuto
			res := Check(cfg, cmd)
			if res.Decision != tc.want {
				t.Fatalf("decision = %s, want %s\ncmd: %s\nfindings: %+v", res.Decision, tc.want, cmd, res.Findings)
			}
			if res.Decision == Rewrite && res.Approve != tc.approve {
				t.Errorf("approve = %v, want %v\ncmd: %s", res.Approve, tc.approve, cmd)
			}
			run := cmd
			if res.Decision == Rewrite {
				run = res.Rewritten
			}
			c := exec.Command(bash, "-c", run)
			c.Dir = project
			c.Env = append(os.Environ(), "HOME="+home, "PATH=/usr/local/bin:/usr/bin:/bin")
			done := make(chan struct{})
			var out []byte
			go func() { out, _ = c.CombinedOutput(); close(done) }()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				_ = c.Process.Kill()
				<-done
				t.Fatalf("command did not finish: %s", run)
			}
			_, errKeep := os.Stat(keep)
			_, errMade := os.Stat(made)
			ran := os.IsNotExist(errKeep) || errMade == nil
			if ran != tc.ran {
				t.Errorf("canary ran = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", ran, tc.ran, res.Decision, run, out)
			}
		})
	}
}
