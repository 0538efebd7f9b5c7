package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corral-dev/corral/guards"
)

// filtersScratch is a home with ~/.ssh/id_rsa, ~/.aws/credentials and
// ~/.kube/config, and a project with a .env, each holding the canary,
// and the files the rows below use.
func filtersScratch(t *testing.T) (*Config, string) {
	t.Helper()
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	files := map[string]string{
		".ssh/id_rsa":          "CANARY-KEY\n",
		".aws/credentials":     "[default]\naws_secret_access_key = CANARY\n",
		".kube/config":         "token: CANARY\n",
		"proj/.env":            "API_KEY=CANARY\nDB_HOST=localhost\n",
		"proj/notes.txt":       "a b\nc d\n",
		"proj/main.c":          "int main(void) { return 0; }\n",
		"proj/Makefile":        "include .env\n\nall:\n\t@true\n",
		"proj/plain/Makefile":  "all:\n\t@true\n",
		"proj/plain/.env":      "API_KEY=CANARY\n",
		"proj/opt/Makefile":    "-include .env\nall:\n\t@true\n",
		"proj/opt/.env":        "API_KEY=CANARY\n",
		"proj/compose.yml":     "services:\n  app:\n    image: busybox\n",
		"proj/other/README.md": "r\n",
	}
	for f, body := range files {
		p := filepath.Join(home, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return &Config{Cwd: proj, Project: proj, Home: home, Sandbox: proj + "/agent_sandbox", Mode: ModeRewrite, Approve: ApproveAuto, Paths: guards.DefaultPolicy()}, proj
}

// TestFilePrinters: m4, tsort, a compiler's -E and dos2unix -n/-O print
// (or copy out) the files they are given, so a secret given to them is a
// secret-read (deny), no longer only asked about; make -p with a
// makefile that includes .env prints its variables; docker compose
// config --environment prints the .env interpolation uses; deno eval
// --env-file CODE runs CODE with ./.env loaded. Look-alikes pass: other
// files, compiling, conversion in place, a makefile without the include,
// plain make. Rows whose program is installed run it, to check that the
// canary is (or is not) printed.
func TestFilePrinters(t *testing.T) {
	t.Parallel()
	cfg, proj := filtersScratch(t)
	tests := []struct {
		cmd    string
		want   Decision
		prints bool // the real program prints the canary
		run    bool
	}{
		{`m4 .env`, Deny, true, true},
		{`tsort .env`, Deny, false, false}, // an odd number of words: tsort refuses it, an even one it prints
		{`gcc -E -P -x c .env`, Deny, true, true},
		{`cc -E -x c ~/.ssh/id_rsa`, Deny, true, true},
		{`gcc -E -include .env main.c`, Deny, true, true},
		{`dos2unix -n .env /dev/stdout`, Deny, true, true},
		{`dos2unix -n .env out.txt`, Deny, false, false},
		{`dos2unix -O ~/.aws/credentials`, Deny, true, true},
		{`make -p`, Deny, true, true},
		{`make -pn`, Deny, true, true},
		{`make -C opt --print-data-base`, Deny, true, true},
		{`docker compose config --environment`, Deny, false, false},
		{`docker compose --env-file ~/.aws/credentials config --environment`, Deny, false, false},
		{`deno eval --env-file 'console.log(Deno.env.get("API_KEY"))'`, Deny, true, true},
		{`deno eval --env-file=.env 'console.log(Deno.env.toObject())'`, Deny, true, true},
		// Look-alikes.
		{`m4 notes.txt`, Allow, false, true},
		{`tsort notes.txt`, Allow, false, true},
		{`gcc -E main.c`, Allow, false, true},
		{`gcc -c main.c -o /dev/null`, Allow, false, true},
		{`gcc -x c .env`, Ask, false, false}, // compiling: the error quotes a line (secret-operand)
		// Not reads: in place, and a copy to another .env name, write a
		// .env file, which seed 001 blocks (bash-write), as touch .env.
		{`dos2unix .env`, Deny, false, false},
		{`dos2unix -n .env .env.unix`, Deny, false, false},
		{`dos2unix -i .env`, Allow, false, false},
		{`unix2dos -n notes.txt n2.txt`, Allow, false, false},
		{`make`, Allow, false, true},
		{`make -C plain -p`, Allow, false, true},
		{`docker compose config`, Allow, false, false},
		{`docker compose --project-directory other config --environment`, Allow, false, false},
		{`deno eval --env-file 'console.log(1)'`, Allow, false, true},
		{`dotenv-linter .env`, Allow, false, false},
	}
	for _, tt := range tests {
		res := Check(cfg, tt.cmd)
		if res.Decision != tt.want {
			t.Errorf("%s: %s, want %s (%v)", tt.cmd, res.Decision, tt.want, res.Findings)
		}
		if !tt.run {
			continue
		}
		prog := strings.Fields(tt.cmd)[0]
		if _, err := exec.LookPath(prog); err != nil {
			continue
		}
		cmd := exec.Command("bash", "-c", tt.cmd)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+cfg.Home, "DENO_NO_UPDATE_CHECK=1")
		out, _ := cmd.CombinedOutput()
		if got := strings.Contains(string(out), "CANARY"); got != tt.prints {
			t.Errorf("%s: the real %s prints the canary: %v, the row says %v (%q)", tt.cmd, prog, got, tt.prints, out)
		}
	}
}

// TestRunTimeDirectories: a directory only known at run time may be the
// home directory. tar -C "$D" -c NAME and cd "$D" && cat NAME judge NAME
// from ~ and the directories above it too (ask), a
// member of an archive on disk printed by tar -xO is judged from the
// home directory with its leading directories taken off (made in /, it
// is someone's ~/.kube/config), and . NAME after PATH=~/bin:$X looks
// NAME up in X, any directory. Look-alikes pass.
func TestRunTimeDirectories(t *testing.T) {
	t.Parallel()
	cfg, proj := filtersScratch(t)
	tree := filepath.Join(t.TempDir(), "tree")
	for f, body := range map[string]string{"home/bob/.kube/config": "token: CANARY\n", "src/a.txt": "a\n"} {
		p := filepath.Join(tree, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := exec.LookPath("tar"); err == nil {
		for archive, member := range map[string]string{"homes.tar": "home", "src.tar": "src"} {
			if out, err := exec.Command("tar", "-C", tree, "-cf", filepath.Join(proj, archive), member).CombinedOutput(); err != nil {
				t.Fatalf("tar: %v %s", err, out)
			}
		}
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`tar -C "$D" -cf - .ssh`, Ask},
		{`tar -C "$D" -cf - .kube/config`, Ask},
		{`cd "$D" && cat .aws/credentials`, Deny}, // its last segments name it anywhere
		{`cd "$D" && cat .docker/config.json`, Ask},
		{`PATH=~/bin:$X . credentials`, Ask},
		{`export PATH=$X; source credentials`, Ask},
		{`PATH=~/bin:$X . id_rsa`, Deny}, // id_rsa is a secret by name wherever it is
		// Look-alikes.
		{`tar -C "$D" -cf - src`, Allow},
		{`cd "$D" && cat README.md`, Allow},
		{`cd "$D" && cat config.yml`, Allow}, // ~/.fly/config.yml only from ~/.fly
		{`cd "$D" && cat config`, Allow},
		{`cd "$D" && cat .ssh/known_hosts`, Allow},
		{`PATH=~/bin:$PATH . credentials`, Allow},
		{`PATH=~/bin:$X . env.sh`, Allow},
	})
	if _, err := os.Stat(filepath.Join(proj, "homes.tar")); err != nil {
		return
	}
	testRuleWith(t, cfg, "secret-read", []ruleCase{
		{`tar -xOf homes.tar`, Deny},
		{`tar -xOf homes.tar home/bob/.kube/config`, Deny},
		{`tar -xOf src.tar`, Allow},
	})
	out, _ := exec.Command("tar", "-xOf", filepath.Join(proj, "homes.tar")).CombinedOutput()
	if !strings.Contains(string(out), "CANARY") {
		t.Errorf("tar -xOf homes.tar does not print the member: %q", out)
	}
}
