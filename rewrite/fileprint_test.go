package rewrite

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFilePrintedScripts: text a filter prints from a file (cat < f,
// cat <&3, head, tail, sed, awk, grep, cut, sort, paste, fold, nl, jq,
// unzip -p, cat f /dev/null, cat GLOB) and a shell runs (eval "$(…)",
// bash -c "$(…)", source <(…), … | sh) is the script (red team 16 FP1).
// Output corral computes (cat, head/tail -n, sed -n p, awk 1) is judged
// exactly; any other printed text asks and is judged for what the file
// holds; a file corral cannot read (a download of this command, a
// socket, a glob) asks. Look-alikes: a program printing its own set-up
// (ssh-agent -s, direnv hook bash, kubectl completion bash), a harmless
// file, filters not reaching a shell.
func TestFilePrintedScripts(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"x.sh":           "#!/bin/sh\necho PWNED >> ~/.bashrc\n",
		"ok.sh":          "#!/bin/sh\necho hello\nls -la\n",
		"mixed.sh":       "echo PWNED >> ~/.bashrc\necho ok\n",
		"proj/README.md": "hi\n",
		"home/.keep":     "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Computed: the file's text (or the lines printed) is the script.
		{`eval "$(cat < ../x.sh)"`, "deny"},
		{`exec 3< ../x.sh; eval "$(cat <&3)"`, "deny"},
		{`eval "$(cat ../x.sh /dev/null)"`, "deny"},
		{`eval "$(head -5 ../x.sh)"`, "deny"},
		{`eval "$(tail -n1 ../x.sh)"`, "deny"},
		{`eval "$(sed -n p ../x.sh)"`, "deny"},
		{`eval "$(awk 1 ../x.sh)"`, "deny"},
		{`source <(head ../x.sh)`, "deny"},
		{`. <(tail -n +2 ../x.sh)`, "deny"},
		{`bash -c "$(tail -n1 ../x.sh)"`, "deny"},
		{`timeout 5 bash -c "$(tail -1 ../x.sh)"`, "deny"},
		{`head ../x.sh | bash`, "deny"},
		{`cat < ../x.sh | bash`, "deny"},
		{`cat ../x.sh | head -5 | sh`, "deny"},
		{`eval "$(head -n 1 ../mixed.sh)"`, "deny"},
		// Not computed: judged for what the file holds.
		{`eval "$(sed 1d ../x.sh)"`, "deny"},
		{`eval "$(grep . ../x.sh)"`, "deny"},
		{`eval "$(cut -c1- ../x.sh)"`, "deny"},
		{`eval "$(sort ../x.sh)"`, "deny"},
		{`eval "$(paste ../x.sh)"`, "deny"},
		{`eval "$(fold ../x.sh)"`, "deny"},
		{`eval "$(nl ../x.sh)"`, "deny"},
		{`eval "$(jq -r . ../x.sh)"`, "deny"},
		{`sed -n p ../x.sh | sh`, "deny"},
		{`exec 3< ../x.sh; sh -c "$(grep -v '^#' <&3)"`, "deny"},
		// echo or printf of such a substitution piped into a shell.
		{`echo "$(tail -1 ../x.sh)" | bash`, "deny"},
		{`echo $(tail -1 ../x.sh) | bash`, "deny"},
		{`printf '%s\n' "$(sed 1d ../x.sh)" | sh`, "deny"},
		{`echo "$(grep . ../ok.sh)" | bash`, "ask"},
		{`echo "$(head -5 ../ok.sh)" | bash`, "allow"},
		{`echo "$(date)" | bash`, "allow"},
		{`echo "$(tail -1 ../x.sh)" > notes.txt`, "allow"},
		// A program taking a shell string given such a substitution.
		{`script -qc "$(cat ../x.sh)" /dev/null`, "deny"},
		{`tmux new -d "$(cat ../x.sh)"`, "deny"},
		{`watch -g "$(head -5 ../x.sh)"`, "deny"},
		{`flock /tmp/l -c "$(tail -1 ../x.sh)"`, "deny"},
		{`script -qc "$(grep . ../ok.sh)" /dev/null`, "ask"},
		{`tmux new-window "$(grep . ../ok.sh)"`, "ask"},
		{`script -qc "$(cat ../ok.sh)" /dev/null`, "allow"},
		{`tmux new -d "$(date)"`, "allow"},
		// Not computed, harmless text: only known at run time, asks.
		{`eval "$(grep . ../ok.sh)"`, "ask"},
		{`source <(sort ../ok.sh)`, "ask"},
		{`eval "$(sed -f ../fix.sed ../ok.sh)"`, "ask"},
		{`eval "$(sed 's/^#//' ../ok.sh)"`, "allow"}, // computed (sedprog.go): harmless
		{`grep -v '^#' ../ok.sh | bash`, "ask"},
		// Not readable: a glob, an archive's member, a download, a socket.
		{`eval "$(cat ../*.sh)"`, "ask"},
		{`eval "$(unzip -p a.zip)"`, "ask"},
		{`curl -s http://127.0.0.1:9/a.sh -o d.sh && eval "$(head -5 d.sh)"`, "ask"},
		{`curl -s http://127.0.0.1:9/a.sh -o d.sh; eval "$(cat < d.sh)"`, "ask"},
		{`wget -q http://127.0.0.1:9/a.sh && source <(head a.sh)`, "ask"},
		{`exec 3<>/dev/tcp/127.0.0.1/9; eval "$(cat <&3)"`, "ask"},
		{`exec 3<>/dev/tcp/127.0.0.1/9; printf 'GET / HTTP/1.0\r\n\r\n' >&3; eval "$(sed '1,/^\r$/d' <&3)"`, "ask"},
		{`eval "$(cat < /dev/tcp/127.0.0.1/9)"`, "ask"},
		{`bash -c "$(head -c 999 < /dev/tcp/127.0.0.1/9)"`, "ask"},
		// Look-alikes.
		{`eval "$(tail -n 1 ../mixed.sh)"`, "allow"},
		// A file not there, no download in the command: as bash f.
		{`cat nothere.sh | bash`, "allow"},
		{`eval "$(head -5 nothere.sh)"`, "allow"},
		{`source <(grep = nothere.ini | sed 's/ *= */=/g')`, "allow"},
		{`eval "$(head -5 ../ok.sh)"`, "allow"},
		{`eval "$(cat < ../ok.sh)"`, "allow"},
		{`eval "$(sed -n p ../ok.sh)"`, "allow"},
		{`source <(tail -n +2 ../ok.sh)`, "allow"},
		{`head ../ok.sh | bash`, "allow"},
		{`eval "$(ssh-agent -s)"`, "allow"},
		{`eval "$(ssh-agent -s | grep -v echo)"`, "allow"},
		{`eval "$(direnv hook bash)"`, "allow"},
		{`source <(kubectl completion bash)`, "allow"},
		{`head -n 5 README.md`, "allow"},
		{`sort README.md | uniq`, "allow"},
		{`sed -n p ../x.sh`, "allow"},
		{`grep . ../x.sh > out.txt`, "allow"},
		{`echo "rm -rf /"`, "allow"},
	})
}

// TestFilePrintedScriptsOracle runs the real bash on the same commands
// under a scratch HOME: the printed text runs (the canary ~/.bashrc is
// written) where corral denies or asks, and does not where corral
// computes that the lines printed are harmless (tail -n 1 of a file
// whose first line writes the canary). A loopback socket stands for a
// server: eval "$(cat < /dev/tcp/H/P)" runs what it sends.
func TestFilePrintedScriptsOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback:", err)
	}
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conn.Write([]byte("echo PWNED >> ~/.bashrc\n"))
			conn.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	for _, tc := range []struct {
		cmd, want string
		runs      bool
	}{
		{`eval "$(cat < ../x.sh)"`, "deny", true},
		{`exec 3< ../x.sh; eval "$(cat <&3)"`, "deny", true},
		{`eval "$(head -5 ../x.sh)"`, "deny", true},
		{`eval "$(sed 1d ../x.sh)"`, "deny", true},
		{`source <(grep . ../x.sh)`, "deny", true},
		{`bash -c "$(tail -n1 ../x.sh)"`, "deny", true},
		{`eval "$(head -n 1 ../mixed.sh)"`, "deny", true},
		{`eval "$(tail -n 1 ../mixed.sh)"`, "allow", false},
		{`echo "$(tail -1 ../x.sh)" | bash`, "deny", true},
		{`script -qc "$(cat ../x.sh)" /dev/null`, "deny", true},
		{`eval "$(cat < /dev/tcp/127.0.0.1/` + port + `)"`, "ask", true},
		{`exec 3<>/dev/tcp/127.0.0.1/` + port + `; eval "$(cat <&3)"`, "ask", true},
	} {
		if strings.HasPrefix(tc.cmd, "script ") {
			if _, err := exec.LookPath("script"); err != nil {
				continue // util-linux's script not installed
			}
		}
		cfg := scratchProject(t, map[string]string{
			"x.sh":         "#!/bin/sh\necho PWNED >> ~/.bashrc\n",
			"mixed.sh":     "echo PWNED >> ~/.bashrc\necho ok\n",
			"home/.bashrc": "# canary\n",
			"proj/.keep":   "",
		})
		if r := Check(cfg, tc.cmd); r.Decision.String() != tc.want {
			t.Errorf("%s: corral %s, want %s (%v)", tc.cmd, r.Decision, tc.want, r.Findings)
		}
		home := filepath.Join(filepath.Dir(cfg.Project), "home")
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, _ := run.CombinedOutput()
		got, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
		if ran := strings.Contains(string(got), "PWNED"); ran != tc.runs {
			t.Errorf("%s: canary written %v, want %v (~/.bashrc %q, output %s)", tc.cmd, ran, tc.runs, got, out)
		}
	}
}

// TestShellHeredocExpanded: an unquoted here-document fed to a shell is
// expanded by the outer shell and the result parsed by the inner one,
// so $(cat f) in the body is f's script (red team 16 HD1). The body is
// expanded as the outer shell would; a file printed in a way corral
// does not compute, or text a decoder builds, asks. Look-alikes: a
// quoted delimiter stays literal, $(date) and $HOME in a body, a
// here-document written to a file.
func TestShellHeredocExpanded(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"x.sh":       "#!/bin/sh\necho PWNED >> ~/.bashrc\n",
		"ok.sh":      "#!/bin/sh\necho hello\nls -la\n",
		"proj/.keep": "",
		"home/.keep": "",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"bash <<EOF\n$(cat ../x.sh)\nEOF", "deny"},
		{"sh <<EOF\n`cat ../x.sh`\nEOF", "deny"},
		{"sh -s <<EOF\n$(tail -1 ../x.sh)\nEOF", "deny"},
		{"bash -s -- <<EOF\n$(cat ../x.sh)\nEOF", "deny"},
		{"timeout 5 sh -s <<EOF\n$(cat ../x.sh)\nEOF", "deny"},
		{"env bash <<EOF\n$(cat ../x.sh)\nEOF", "deny"},
		{"bash <<EOF\n${X:-$(cat ../x.sh)}\nEOF", "deny"},
		{"cat <<EOF | sh\n$(tail -1 ../x.sh)\nEOF", "deny"},
		{"eval \"$(cat <<EOF\n$(head -2 ../x.sh)\nEOF\n)\"", "deny"},
		{"bash <<EOF\n$(echo cm0gLXJmIH4K | base64 -d)\nEOF", "deny"},
		{"bash <<EOF\n$(grep . ../ok.sh)\nEOF", "ask"},
		{"cat <<EOF | sh\n$(sort ../ok.sh)\nEOF", "ask"},
		// Look-alikes.
		{"bash <<EOF\n$(cat ../ok.sh)\nEOF", "allow"},
		{"bash <<'EOF'\n$(cat ../x.sh)\nEOF", "allow"},
		{"bash <<EOF\necho $HOME\nEOF", "allow"},
		{"bash <<EOF\necho \"built $(date)\"\nEOF", "allow"},
		{"bash <<EOF\necho ${X:-$(date)}\nEOF", "allow"},
		{"cat <<EOF > notes.txt\n$(date)\n$(cat ../x.sh)\nEOF", "allow"},
		{"cat <<EOF\nbuilt $(date)\nEOF", "allow"},
	})
}

// TestShellHeredocExpandedOracle runs the real bash: the file's text
// spliced into an unquoted here-document runs in the inner shell (the
// canary is written), a quoted delimiter keeps it literal (not run).
func TestShellHeredocExpandedOracle(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	for _, tc := range []struct {
		cmd, want string
		runs      bool
	}{
		{"bash <<EOF\n$(cat ../x.sh)\nEOF", "deny", true},
		{"cat <<EOF | sh\n$(tail -1 ../x.sh)\nEOF", "deny", true},
		{"sh -s <<EOF\n`cat ../x.sh`\nEOF", "deny", true},
		{"bash <<EOF\n${X:-$(cat ../x.sh)}\nEOF", "deny", true},
		{"bash <<'EOF'\n$(cat ../x.sh)\nEOF", "allow", false},
	} {
		cfg := scratchProject(t, map[string]string{
			"x.sh":         "#!/bin/sh\necho PWNED >> ~/.bashrc\n",
			"home/.bashrc": "# canary\n",
			"proj/.keep":   "",
		})
		if r := Check(cfg, tc.cmd); r.Decision.String() != tc.want {
			t.Errorf("%q: corral %s, want %s (%v)", tc.cmd, r.Decision, tc.want, r.Findings)
		}
		home := filepath.Join(filepath.Dir(cfg.Project), "home")
		run := exec.Command(bash, "-c", tc.cmd)
		run.Dir = cfg.Project
		run.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, _ := run.CombinedOutput()
		got, _ := os.ReadFile(filepath.Join(home, ".bashrc"))
		if ran := strings.Contains(string(got), "PWNED"); ran != tc.runs {
			t.Errorf("%q: canary written %v, want %v (~/.bashrc %q, output %s)", tc.cmd, ran, tc.runs, got, out)
		}
	}
}
