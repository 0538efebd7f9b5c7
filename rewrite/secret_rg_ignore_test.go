package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRipgrepIgnoreFilesAndConfig: ripgrep decides what it reads from its
// own files too (red team 19 SG2). A whitelist line (!.env) in a .ignore
// or .rgignore, in the searched directory or above it, makes a plain
// rg PAT read the hidden .env, even one a .gitignore names; a
// RIPGREP_CONFIG_PATH file holding --hidden makes it read .env with no
// flag on the command line. A configuration corral cannot read is judged
// as --hidden --no-ignore, an ignore file the command itself writes as
// one that may whitelist anything (ask). Where rg is installed, what it
// really prints is checked too (the canary is in .env only).
func TestRipgrepIgnoreFilesAndConfig(t *testing.T) {
	t.Parallel()
	tests := []struct {
		files     map[string]string
		cmd, want string
		reads     bool // the real rg prints the canary
	}{
		{map[string]string{"proj/.rgignore": "!.env\n"}, `rg CANARY`, "deny", true},
		{map[string]string{"proj/.ignore": "!.env\n"}, `rg -n CANARY .`, "deny", true},
		{map[string]string{".ignore": "!.env\n"}, `rg CANARY`, "deny", true}, // a parent's
		{map[string]string{"proj/.gitignore": ".env\n", "proj/.rgignore": "!.env\n"}, `rg --hidden CANARY`, "deny", true},
		{map[string]string{"rgrc": "--hidden\n--no-ignore\n"}, `RIPGREP_CONFIG_PATH=@/rgrc rg CANARY`, "deny", true},
		{map[string]string{"rgrc": "# mine\n--hidden\n"}, `export RIPGREP_CONFIG_PATH=@/rgrc; rg -n CANARY`, "deny", true},
		{nil, `RIPGREP_CONFIG_PATH=@/none rg CANARY`, "deny", false},
		{nil, `printf '!.env\n' > .rgignore; rg CANARY`, "ask", true},
		{nil, `printf -- '--hidden\n' > @/rc2 && RIPGREP_CONFIG_PATH=@/rc2 rg CANARY`, "deny", true},
		// Look-alikes: ignore files that only leave files out, a
		// whitelist of another file, a harmless configuration,
		// --no-config, a .gitignore that names .env with --hidden.
		{nil, `rg CANARY`, "allow", false},
		{map[string]string{"proj/.ignore": "node_modules/\ndist/\n"}, `rg CANARY`, "allow", false},
		{map[string]string{"proj/.rgignore": "*.log\n!keep.log\n"}, `rg CANARY .`, "allow", false},
		{map[string]string{"rgrc": "--smart-case\n--max-columns=200\n"}, `RIPGREP_CONFIG_PATH=@/rgrc rg CANARY`, "allow", false},
		{map[string]string{"rgrc": "--hidden\n"}, `RIPGREP_CONFIG_PATH=@/rgrc rg --no-config CANARY`, "allow", false},
		{map[string]string{"proj/.gitignore": ".env\n"}, `rg --hidden CANARY`, "allow", false},
	}
	rg, rgErr := exec.LookPath("rg")
	for _, tt := range tests {
		files := map[string]string{
			"proj/.env":        "API_KEY=CANARY\n",
			"proj/src/main.go": "package main // no secret\n",
			"proj/.git/":       "",
		}
		for k, v := range tt.files {
			files[k] = v
		}
		cfg := scratchProject(t, files)
		root := filepath.Dir(cfg.Home)
		proj := filepath.Join(root, "proj")
		cfg.Cwd = proj
		cmdText := strings.ReplaceAll(tt.cmd, "@/", root+"/")
		if got := Check(cfg, cmdText).Decision.String(); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.cmd, got, tt.want)
		}
		if rgErr != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", strings.ReplaceAll(cmdText, "rg ", rg+" "))
		cmd.Dir = proj
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=" + os.Getenv("PATH")}
		out, _ := cmd.Output()
		if got := strings.Contains(string(out), "CANARY"); got != tt.reads {
			t.Errorf("%s: real rg prints the canary: %v, the test says %v (%q)", tt.cmd, got, tt.reads, out)
		}
	}
}
