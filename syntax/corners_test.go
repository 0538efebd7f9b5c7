package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// cornerCases are places where bash runs code that is not written as a
// command: payload is "touch canary". ran says whether bash runs it (the
// test checks in real bash); corral must then show the touch call, or
// list it in Model.Hidden.
var cornerCases = []struct {
	src string
	ran bool
}{
	{`x='a[$(touch canary)]'; echo $((x))`, true},
	{`x='a[$(touch canary)]'; ((x)); true`, true},
	{`x='a[$(touch canary)]'; let x; true`, true},
	{`x='$(touch canary)'; echo ${x@P}`, true},
	{`printf 'a\nb\n' > in; mapfile -C 'touch canary' -c 1 a < in`, true},
	{`echo 'touch canary' > envfile; BASH_ENV=./envfile bash -c :`, true},
	{"shopt -s expand_aliases\nalias ls='touch canary'\nls", true},
	{`PROMPT_COMMAND='touch canary' bash -i < /dev/null`, true},
	// Programs that run shell commands from their own code: awk's
	// system(), getline from a command and print into a shell; GNU sed's
	// e command and s///e.
	{`awk 'BEGIN { system("touch canary") }'`, true},
	{`echo | awk '{ "touch canary" | getline }'`, true},
	{`awk 'BEGIN { print "touch canary" | "sh" }'`, true},
	{`printf 'x\n' > in; sed -n '1e touch canary' in`, true},
	{`echo 'touch canary' | sed 's/.*/&/e'`, true},
	// Look-alikes.
	{`awk 'BEGIN { print "touch canary" }'`, false},
	{`echo x | sed 's/x/touch canary/'`, false},
	{`awk '/touch|canary/' /dev/null`, false},
	{`x=5; echo $((x))`, false},
	{`x='touch canary'; echo ${x@Q}`, false},
	{"alias ls='touch canary'\nls", false},
	{"shopt -s expand_aliases; alias ls='touch canary'; ls", false},
	{`echo 'touch canary' > envfile; bash -c :`, false},
}

func TestBashCorners(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	for _, tc := range cornerCases {
		dir := oracleDir(t)
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		seen := len(m.Hidden) > 0
		for _, c := range m.Calls {
			if c.Name == "touch" && len(c.Args) == 1 && c.Args[0].Value == "canary" {
				seen = true
			}
		}
		if seen != tc.ran {
			t.Errorf("%q: corral sees the payload %v, want %v", tc.src, seen, tc.ran)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin", "LC_ALL=C", "TERM=dumb"}
		_ = cmd.Run()
		cancel()
		_, err = os.Stat(filepath.Join(dir, "canary"))
		if ran := err == nil; ran != tc.ran {
			t.Errorf("%q: in bash the payload ran %v, the table says %v", tc.src, ran, tc.ran)
		}
	}
}
