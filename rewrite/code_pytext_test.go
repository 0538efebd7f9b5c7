package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// pyTextRows are Python expressions whose value the code shows exactly:
// chr of an integer literal, str.join of a list of literals, and
// base64.b64decode of a literal (with .decode()). value is what python
// prints for expr (the oracle); want is corral's decision for
// os.remove(expr) (asked before as code only known at run time: an
// exact value denies the attack and allows the harmless path).
var pyTextRows = []struct {
	name, imports, expr, value, want string
}{
	{"chr-home", "os", `os.path.expanduser(chr(126) + "/.ssh/id_rsa")`, "HOME/.ssh/id_rsa", "deny"},
	{"chr-tmp", "os", `"/tm" + chr(112) + "/x"`, "/tmp/x", "allow"},
	{"join-home", "os", `"/".join([os.path.expanduser("~"), ".ssh", "id_rsa"])`, "HOME/.ssh/id_rsa", "deny"},
	{"join-tmp", "os", `"".join(["/tmp", "/x"])`, "/tmp/x", "allow"},
	{"join-tuple-tmp", "os", `"/".join(("", "tmp", "x"))`, "/tmp/x", "allow"},
	{"b64-home", "os, base64", `os.path.expanduser(base64.b64decode("fi8uc3NoL2lkX3JzYQ==").decode())`, "HOME/.ssh/id_rsa", "deny"},
	{"b64-tmp", "os, base64", `base64.b64decode("L3RtcC94").decode()`, "/tmp/x", "allow"},
	{"b64-bytes-tmp", "os\nimport base64", `base64.b64decode("L3RtcC94").decode("utf-8")`, "/tmp/x", "allow"},
	{"b64-urlsafe-tmp", "os, base64", `base64.urlsafe_b64decode("L3RtcC94").decode()`, "/tmp/x", "allow"},
}

// TestCodePythonExactText: the rows' deletions are judged by the value
// computed (deny for the home key, allow for /tmp/x); a name the code
// binds itself (chr = …, import x as base64, base64.b64decode = …, from
// m import base64) or an argument not read (altchars) stays asked.
func TestCodePythonExactText(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	var rows []struct{ cmd, want string }
	for _, r := range pyTextRows {
		code := "import " + r.imports + "\nos.remove(" + r.expr + ")"
		rows = append(rows, struct{ cmd, want string }{"python3 -c " + shellQuote(code), r.want})
	}
	rows = append(rows, []struct{ cmd, want string }{
		{`python3 -c 'import os; chr = lambda n: "/root/.bashrc"; os.remove(chr(47) + "tmp")'`, "ask"},
		{"python3 -c 'import os\ndef chr(n): return \"/root/.bashrc\"\nos.remove(chr(47))'", "ask"},
		{`python3 -c 'import os; import binascii as base64; os.remove(base64.b64decode("L3RtcC94"))'`, "ask"},
		{`python3 -c 'import os, base64; base64.b64decode = lambda s: "/root/.bashrc"; os.remove(base64.b64decode("L3RtcC94"))'`, "ask"},
		{`python3 -c 'import os; from fake import base64; os.remove(base64.b64decode("L3RtcC94"))'`, "ask"},
		{`python3 -c 'import os, base64; os.remove(base64.b64decode("L3RtcC94", altchars=b"-_"))'`, "ask"},
		{`python3 -c 'import os, base64; globals()["chr"] = str; os.remove(chr(47))'`, "ask"},
		{`python3 -c 'import os; os.remove("/".join(["/tmp", os.path.expanduser("~")]))'`, "ask"},
	}...)
	checkDecisions(t, cfg, rows)
}

// TestCodePythonExactTextOracle prints each row's expression with the
// real python3: the value corral computes is the one python gives.
func TestCodePythonExactTextOracle(t *testing.T) {
	t.Parallel()
	for _, r := range pyTextRows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			bin, err := exec.LookPath("python3")
			if err != nil {
				t.Skip("python3 not installed")
			}
			home := t.TempDir()
			cmd := exec.Command(bin, "-c", "import "+r.imports+"\nprint("+r.expr+")")
			cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v", err)
			}
			want := strings.ReplaceAll(r.value, "HOME", home)
			if got := strings.TrimSpace(string(out)); got != want {
				t.Errorf("%s printed %q, want %q", r.expr, got, want)
			}
		})
	}
}
