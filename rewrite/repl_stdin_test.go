package rewrite

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// replStdinRows are REPLs and debuggers that run what a redirected file
// holds (red team 16 IR1 rest): irb with no script reads stdin, irb FILE
// reads FILE; python3 -m pdb and the debugger program code enters
// (pdb.set_trace(), breakpoint()) run each line that is no pdb command as
// Python; node's require("repl").start() and Ruby's binding.irb /
// IRB.start read their input as code. Before: each passed. The
// look-alikes read the same files as data. prog is the program run by
// the oracle (skipped when absent).
var replStdinRows = []struct{ cmd, want, prog string }{
	{"irb < x.rb", "deny", "irb"},
	{"irb -f --noecho < x.rb", "deny", "irb"},
	{"irb x.rb", "deny", "irb"},
	{"python3 -m pdb ok.py < x.py", "deny", "python3"},
	{"python3 -m pdb ok.py < bang.pdb", "deny", "python3"},
	{"python3 -c 'import pdb; pdb.set_trace()' < x.py", "deny", "python3"},
	{"python3 -c 'breakpoint(); x = 1' < x.py", "deny", "python3"},
	{"node -e 'require(\"repl\").start()' < x.js", "deny", "node"},
	{"node -e 'const r = require(\"node:repl\"); r.start(\"> \")' < x.js", "deny", "node"},
	{"ruby -e 'require \"irb\"; binding.irb' < x.rb", "deny", "ruby"},
	{"ruby -e 'require \"irb\"; IRB.start' < x.rb", "deny", "ruby"},
	{"cat x.py | python3 -c 'import pdb; pdb.set_trace()'", "deny", "python3"},
	// Look-alikes: the same files read as data, harmless input.
	{"python3 -c 'import sys; print(sys.stdin.read())' < x.py", "allow", "python3"},
	{"node -e 'process.stdin.pipe(process.stdout)' < x.js", "allow", "node"},
	{"node -e 'require(\"repl\")' < x.js", "allow", "node"},
	{"ruby -e 'puts STDIN.read' < x.rb", "allow", "ruby"},
	{"irb < ok.rb", "allow", "irb"},
	{"irb ok.rb", "allow", "irb"},
	{"python3 -m pdb ok.py < ok.py", "allow", "python3"},
	{"python3 -c 'import pdb; pdb.set_trace()' < /dev/null", "allow", "python3"},
	{"python3 -c 'import pdb; pdb.set_trace()' < ok.py", "allow", "python3"},
}

// TestReplStdin decides each row with files whose code removes the home
// directory (x.*) or prints (ok.*).
func TestReplStdin(t *testing.T) {
	cfg := scratchProject(t, map[string]string{
		"proj/x.rb":     "system('rm -rf ~')\n",
		"proj/x.py":     "import os\nos.system('rm -rf ~')\n",
		"proj/bang.pdb": "!import shutil; shutil.rmtree('/home')\ncontinue\n",
		"proj/x.js":     "require('child_process').execSync('rm -rf ~')\n",
		"proj/ok.rb":    "puts 1 + 1\n",
		"proj/ok.py":    "print(1 + 1)\n",
	})
	for _, r := range replStdinRows {
		if got := Check(cfg, r.cmd).Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", r.cmd, got, r.want)
		}
	}
}

// TestReplStdinOracle runs each row's program for real, in a scratch
// directory with HOME there, on files whose code makes a canary: a deny
// row's program makes it (the input ran as code), a look-alike's does not.
func TestReplStdinOracle(t *testing.T) {
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(dir, "made")
	files := map[string]string{
		"x.rb":     "File.write('" + canary + "', 'x')\n",
		"x.py":     "open('" + canary + "', 'w').write('x')\n",
		"bang.pdb": "!open('" + canary + "', 'w').write('x')\ncontinue\n",
		"x.js":     "require('fs').writeFileSync('" + canary + "', 'x')\n",
		"ok.rb":    "puts 1 + 1\n",
		"ok.py":    "print(1 + 1)\n",
	}
	for n, text := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range replStdinRows {
		if _, err := exec.LookPath(r.prog); err != nil {
			t.Logf("%s: %s not installed", r.cmd, r.prog)
			continue
		}
		os.Remove(canary)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, "bash", "-c", r.cmd)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+home, "PYTHONBREAKPOINT=", "TERM=dumb")
		cmd.WaitDelay = 5 * time.Second // a child left holding the output
		out, _ := cmd.CombinedOutput()
		cancel()
		_, err := os.Stat(canary)
		if made := err == nil; made != (r.want == "deny") {
			t.Errorf("%s: canary made = %v, want %v\n%s", r.cmd, made, r.want == "deny", clipOut(string(out)))
		}
	}
}

func clipOut(s string) string {
	if len(s) > 400 {
		s = s[:400] + "…"
	}
	return strings.TrimSpace(s)
}
