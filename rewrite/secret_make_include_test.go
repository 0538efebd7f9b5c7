package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestMakeIncludedSecretPrints: a Makefile that includes .env makes its
// KEY=VALUE lines make variables. make prints each recipe line it runs,
// expanded (not a line marked @, nor with -s or .SILENT:; every line with
// -n or --trace), and the text of $(info), $(warning) and $(error); a
// recipe's echo prints its words and env the variables exported to it.
// Each of those prints .env's content and is judged as the read of it;
// a variable the recipe only hands to a program (./deploy --token …), a
// recipe that uses none, and an include of a file that is not a secret
// pass, as sourcing .env to run a program does. A target or prerequisite
// named by such a value is printed where make cannot make it and by an
// echo of $@. Each row runs the real
// make (when installed, with a scratch HOME) and checks the canary
// shows in its output exactly when the row says it does.
func TestMakeIncludedSecretPrints(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	tests := []struct {
		name, makefile, cmd string
		want                Decision
		prints              bool // the real make's output holds the canary
	}{
		{"echo", "include .env\nall:\n\t@echo $(API_KEY)\n", "make", Deny, true},
		{"echo-s", "include .env\nall:\n\t@echo $(API_KEY)\n", "make -s", Deny, true},
		{"shown", "include .env\nall:\n\ttrue $(API_KEY)\n", "make", Deny, true},
		{"dry", "include .env\nall:\n\t@true $(API_KEY)\n", "make -n", Deny, true},
		{"trace", "include .env\nall:\n\t@true $(API_KEY)\n", "make --trace", Deny, true},
		{"dash", "-include .env\nall:\n\t@printf '%s\\n' '$(API_KEY)'\n", "make", Deny, true},
		{"sinclude", "sinclude .env\nall:\n\t-true $(API_KEY)\n", "make", Deny, true},
		{"wildcard", "include $(wildcard .env*)\nall:\n\t@echo $(API_KEY)\n", "make", Deny, true},
		{"pattern", "include .env*\nall:\n\t@echo $(API_KEY)\n", "make", Deny, true},
		{"simple", "include .env\nK := $(API_KEY)\nall:\n\t@echo key=$(K)\n", "make", Deny, true},
		{"recursive", "include .env\nK = x$(API_KEY)\nall:\n\t@echo $(K)\n", "make", Deny, true},
		{"info", "include .env\n$(info key: $(API_KEY))\nall:\n\t@true\n", "make", Deny, true},
		{"warning", "include .env\nall:\n\t$(warning $(API_KEY))@true\n", "make", Deny, true},
		{"env", "include .env\nexport\nall:\n\t@env\n", "make", Deny, true},
		{"printenv", "include .env\nexport API_KEY\nall:\n\t@printenv API_KEY\n", "make", Deny, true},
		{"allexport", "include .env\n.EXPORT_ALL_VARIABLES:\nall:\n\t@env | grep KEY\n", "make", Deny, true},
		{"silenttarget", "include .env\n.SILENT: all\nall:\n\ttrue $(API_KEY)\n", "make --trace", Deny, true},
		{"prereq", "include .env\nall: $(API_KEY)\n", "make", Deny, true},
		{"target-at", "include .env\nall: x$(API_KEY)\nx$(API_KEY):\n\t@echo made $@\n", "make", Deny, true},
		// Look-alikes: nothing prints the value.
		{"target-quiet", "include .env\nall: x$(API_KEY)\nx$(API_KEY):\n\t@touch done\n", "make", Allow, false},
		{"quiet", "include .env\nall:\n\t@true $(API_KEY)\n", "make", Allow, false},
		{"quiet-s", "include .env\nall:\n\ttrue $(API_KEY)\n", "make -s", Allow, false},
		{"silent", "include .env\n.SILENT:\nall:\n\ttrue $(API_KEY)\n", "make", Allow, false},
		{"deploy", "include .env\nall:\n\t@./deploy --token $(API_KEY)\n", "make", Allow, false},
		{"exported-app", "include .env\nexport\nall:\n\t@./deploy\n", "make", Allow, false},
		{"unused", "include .env\nall:\n\techo building\n", "make", Allow, false},
		{"unused-n", "include .env\nall:\n\techo building $(NAME)\n", "make -n", Allow, false},
		{"config", "include config.mk\nall:\n\techo $(API_KEY)\n", "make", Allow, false},
		{"config-env", "include config.mk\nexport\nall:\n\t@env | grep -c KEY\n", "make", Allow, false},
	}
	_, haveMake := exec.LookPath("make")
	for _, tt := range tests {
		dir := filepath.Join(proj, tt.name)
		files := map[string]string{
			"Makefile":  tt.makefile,
			".env":      "API_KEY=CANARY-MAKE\n",
			"config.mk": "API_KEY=plain-value\n",
			"deploy":    "#!/bin/sh\nexit 0\n",
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, body := range files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cfg := &Config{Cwd: dir, Project: proj, Home: home, Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}
		res := Check(cfg, tt.cmd)
		if res.Decision != tt.want {
			t.Errorf("%s: %s: %s, want %s (%v)", tt.name, tt.cmd, res.Decision, tt.want, res.Findings)
		}
		if haveMake != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARY-MAKE"); got != tt.prints {
			t.Errorf("%s: %s: the real make prints the canary: %v, the row says %v (%q)", tt.name, tt.cmd, got, tt.prints, out)
		}
	}
}
