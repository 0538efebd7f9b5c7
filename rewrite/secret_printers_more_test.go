package rewrite

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintersJoinLookCpp: join -a/-v FILENUM, look STRING FILE and the C
// preprocessor print the files they are given (rt5 class 4); their option
// values are not files (join -a1 takes 1, look's first operand is the
// string, cpp's second is its output). Real programs show where the
// canary reaches the output.
func TestPrintersJoinLookCpp(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.env":      "API_KEY=CANARY\n",
		"proj/a.txt":     "1 x\n",
		"proj/b.txt":     "1 y\n",
		"proj/words":     "CANARY-free\nabc\n",
		"proj/main.c":    "int main(void) { return 0; }\n",
		"proj/.git/":     "",
		"home/.ssh/id_x": "-----BEGIN OPENSSH PRIVATE KEY-----\nCANARY\n",
	})
	proj := filepath.Join(filepath.Dir(cfg.Home), "proj")
	cfg.Cwd = proj
	tests := []struct {
		cmd, want, prog string
		prints          bool // the program prints the canary
	}{
		{"join -a1 .env /dev/null", "deny", "join", true},
		{"join -v1 .env /dev/null", "deny", "join", true},
		{"join -a 1 /dev/null .env", "deny", "join", false},
		{"join -t = -a1 .env /dev/null", "deny", "join", true},
		{"look - .env", "deny", "look", false},
		{"look -f a .env", "deny", "look", true},
		{"look A .env", "deny", "look", true},
		{"cpp -P .env", "deny", "cpp", true},
		{"cpp -P -include .env main.c", "deny", "cpp", true},
		{"cpp -DX=1 -P .env", "deny", "cpp", true},
		{"sdiff .env /dev/null", "deny", "sdiff", true},
		{"look x ~/.ssh/id_x", "deny", "", false},
		// Look-alikes: the same programs on other files, and a secret's
		// name as an option's value or look's string.
		{"join -a1 a.txt b.txt", "allow", "join", false},
		{"look .env words", "allow", "look", false},
		{"look -t x abc words", "allow", "look", false},
		{"cpp -P main.c", "allow", "cpp", false},
		{"cpp -P -I inc main.c", "allow", "cpp", false},
		{"sdiff -w 80 a.txt b.txt", "allow", "sdiff", false},
	}
	for _, tt := range tests {
		if got := Check(cfg, tt.cmd).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, got, tt.want, Check(cfg, tt.cmd).Findings)
		}
		if tt.prog == "" {
			continue
		}
		if _, err := exec.LookPath(tt.prog); err != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARY"); got != tt.prints {
			t.Errorf("%s: prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.prints, out)
		}
	}
}
