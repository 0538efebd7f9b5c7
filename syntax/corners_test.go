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
// list it in Model.Hidden. agentOnly marks text that runs the payload
// only in an agent's shell: Claude Code sources a snapshot that turns
// expand_aliases on and evals the command, so an alias defined on one
// line is expanded on the next; corral must see those payloads too.
var cornerCases = []struct {
	src       string
	ran       bool
	agentOnly bool
}{
	{`x='a[$(touch canary)]'; echo $((x))`, true, false},
	{`x='a[$(touch canary)]'; ((x)); true`, true, false},
	{`x='a[$(touch canary)]'; let x; true`, true, false},
	{`x='$(touch canary)'; echo ${x@P}`, true, false},
	// Arithmetic bash evaluates without $(( )): let's words, array
	// subscripts (assigned, expanded, read into), the values of a
	// declare -i variable. The text is expanded as in double quotes
	// (single quotes hide nothing), and a name's value is evaluated in
	// turn.
	{`let 'a[$(touch canary)]=1'`, true, false},
	{`let 'x=a[$(touch canary)]'`, true, false},
	{`let "a['\$(touch canary)']=1"`, true, false},
	{`echo $(( '$(touch canary)' ))`, true, false},
	{`declare -i y; y='a[$(touch canary)]'`, true, false},
	{`arr['$(touch canary)']=1`, true, false},
	{`arr=(['$(touch canary)']=1)`, true, false},
	{`echo ${arr['$(touch canary)']}`, true, false},
	{`x='a[$(touch canary)]'; arr[x]=1`, true, false},
	{`x='a[$(touch canary)]'; arr=([x]=1)`, true, false},
	{`x='a[$(touch canary)]'; arr[x]+=1`, true, false},
	{`x='a[$(touch canary)]'; declare arr[x]=1`, true, false},
	{`x='a[$(touch canary)]'; typeset -i y=x`, true, false},
	{`x='a[$(touch canary)]'; read -d "" arr[x] </dev/null; true`, true, false},
	{`x='a[$(touch canary)]'; z=( [x]=1 )`, true, false},
	{`x='a[$(touch canary)]'; y+=1; declare -i y; y+=x`, true, false},
	{`x='a[$(touch canary)]'; declare -ai n=(x)`, true, false},
	{`declare -i y; read y <<< 'a[$(touch canary)]'`, true, false},
	{`declare -i y; printf -v y %s 'a[$(touch canary)]'`, true, false},
	{`declare -i y; for y in 'a[$(touch canary)]'; do :; done`, true, false},
	{`declare -i y; : ${y:='a[$(touch canary)]'}`, true, false},
	{`declare -i y; export y='a[$(touch canary)]'`, true, false},
	{`f() { local -i n; n='a[$(touch canary)]'; }; f`, true, false},
	// mapfile into a declare -i array evaluates each line; read keeps
	// the attribute whatever it reads.
	{`declare -i y; mapfile y <<< 'a[$(touch canary)]'`, true, false},
	{`declare -i y; mapfile -t y <<< 'a[$(touch canary)]'`, true, false},
	{`declare -i y; read y < /dev/null; y='a[$(touch canary)]'`, true, false},
	// A name bash takes from a value: ${!x} and a name reference's
	// target have their subscript evaluated.
	{`x='a[$(touch canary)]'; : ${!x}`, true, false},
	{`x='a[$(touch canary)]'; echo ${!x:-d}`, true, false},
	{`set -- 'a[$(touch canary)]'; : ${!1}`, true, false},
	{`declare -n r='a[$(touch canary)]'; r=1`, true, false},
	{`x='a[$(touch canary)]'; declare -n r=$x; : $r`, true, false},
	{`f() { local -n r=$1; r=1; }; f 'a[$(touch canary)]'`, true, false},
	// BASH_CMDS is bash's table of command paths: an element makes its
	// name run the path, before PATH is searched; so does hash -p.
	{`BASH_CMDS[ls]=/usr/bin/touch; ls canary`, true, false},
	{`BASH_CMDS=([ls]=/usr/bin/touch); ls canary`, true, false},
	{`declare BASH_CMDS[ls]=/usr/bin/touch; ls canary`, true, false},
	{`f() { BASH_CMDS[ls]=/usr/bin/touch; }; f; ls canary`, true, false},
	{`hash -p /usr/bin/touch ls; ls canary`, true, false},
	// printf -v assigns the element as an assignment does.
	{`printf -v 'BASH_CMDS[ls]' /usr/bin/touch; ls canary`, true, false},
	{`printf -v 'BASH_CMDS[ls]' %s /usr/bin/touch; ls canary`, true, false},
	// Builtins that run text: compgen's -C command, -F function and
	// the expansions of its -W list; fc -s re-runs a history entry
	// (history -s puts one there even in bash -c); BASH_ALIASES's
	// elements are aliases.
	{`compgen -C 'touch canary' x`, true, false},
	{`compgen -W '$(touch canary)' x`, true, false},
	{`f() { touch canary; }; compgen -F f x`, true, false},
	{`history -s 'touch canary'; fc -s`, true, false},
	{`history -s 'touch canary'; fc -e -`, true, false},
	{`history -s 'touch nothing'; history -s ls; fc -s nothing=canary touch`, true, false},
	{`printf 'touch canary\n' > h; history -r h; fc -s`, true, false},
	{"BASH_ALIASES[x]='touch canary'\nx", false, true},
	{"declare -n r=BASH_ALIASES; r[x]='touch canary'\nx", false, true},
	{"BASH_ALIASES=([x]='touch canary')\nx", false, true},
	{"read 'BASH_ALIASES[x]' <<< 'touch canary'\nx", false, true},
	{`printf 'a\nb\n' > in; mapfile -C 'touch canary' -c 1 a < in`, true, false},
	{`echo 'touch canary' > envfile; BASH_ENV=./envfile bash -c :`, true, false},
	// The same start-up file handed over by env: one environment, one
	// reading.
	{`echo 'touch canary' > envfile; env BASH_ENV=./envfile bash -c :`, true, false},
	{`echo 'touch canary' > envfile; env -i BASH_ENV=./envfile bash -c :`, true, false},
	{`echo 'touch canary' > envfile; command env BASH_ENV=./envfile bash -c :`, true, false},
	{`echo 'touch canary' > envfile; f=./envfile; env "BASH_ENV=$f" bash -c :`, true, false},
	{"shopt -s expand_aliases\nalias ls='touch canary'\nls", true, false},
	// An alias ending in a blank makes the next word an alias too, a
	// wrapper's as well.
	{"shopt -s expand_aliases\nalias e='command '\nalias x='touch canary'\ne x", true, false},
	{"shopt -s expand_aliases\nalias s='nice '\nalias x='touch canary'\ns x", true, false},
	{"alias e='command '\nalias x='touch canary'\ne x", false, true},
	{"shopt -s expand_aliases\nalias e='command'\nalias x='touch canary'\ne x", false, false},
	{`PROMPT_COMMAND='touch canary' bash -i < /dev/null`, true, false},
	// Handed over by env, and a shell on the terminal script makes: bash
	// with no -c and no file is interactive when its input is one.
	{`echo true | env PROMPT_COMMAND='touch canary' bash -i`, true, false},
	{`echo exit | env PROMPT_COMMAND='touch canary' script -qc bash /dev/null`, true, false},
	{`echo exit | PROMPT_COMMAND='touch canary' script -qc bash /dev/null`, true, false},
	{`echo exit | env PROMPT_COMMAND='touch canary' script -qc 'bash -c :' /dev/null`, false, false},
	{`echo exit | env PROMPT_COMMAND='touch canary' script -qc 'bash < /dev/null' /dev/null`, false, false},
	{`env PROMPT_COMMAND='touch canary' bash -c :`, false, false},
	// Programs that run shell commands from their own code: awk's
	// system(), getline from a command and print into a shell; GNU sed's
	// e command and s///e.
	{`awk 'BEGIN { system("touch canary") }'`, true, false},
	{`echo | awk '{ "touch canary" | getline }'`, true, false},
	{`awk 'BEGIN { print "touch canary" | "sh" }'`, true, false},
	{`printf 'x\n' > in; sed -n '1e touch canary' in`, true, false},
	{`echo 'touch canary' | sed 's/.*/&/e'`, true, false},
	// Look-alikes.
	{`awk 'BEGIN { print "touch canary" }'`, false, false},
	{`echo x | sed 's/x/touch canary/'`, false, false},
	{`awk '/touch|canary/' /dev/null`, false, false},
	{`x=5; echo $((x))`, false, false},
	{`declare -A m; x='a[$(touch canary)]'; m[x]=1`, false, false},
	{`declare -A m; m['$(touch canary)']=1; echo ${m['$(touch canary)']}`, false, false},
	{`declare -A m=(['$(touch canary)']=1)`, false, false},
	{`x='a[$(touch canary)]'; [ "$x" -eq 1 ]`, false, false},
	{`x='a[$(touch canary)]'; test "$x" -eq 1; printf %d "$x"`, false, false},
	{`x='a[$(touch canary)]'; y=x; arr[1]=x; let i=1`, false, false},
	{`declare -i y; declare +i y; y='a[$(touch canary)]'`, false, false},
	{`declare -i y; unset y; y='a[$(touch canary)]'`, false, false},
	{`f() { local -i y; }; f; y='a[$(touch canary)]'`, false, false},
	{`compgen -W 'touch canary' x`, false, false},
	{`declare -i y; mapfile -t y <<< 5; read z <<< 'a[$(touch canary)]'`, false, false},
	{`BASH_CMDS[ls]=/usr/bin/touch; echo ls canary`, false, false},
	{`x=HOME; : ${!x}; declare -n r=PATH; : $r`, false, false},
	{`x='touch canary'; : ${!x@Q}; echo ${!BASH*}`, false, false},
	{`(BASH_CMDS[ls]=/usr/bin/touch); ls canary`, false, false},
	{`BASH_CMDS[ls]=/usr/bin/touch; hash -r; ls canary`, false, false},
	{`BASH_CMDS[ls]=/usr/bin/ls; ls canary`, false, false},
	{`printf -v BASH_CMDS /usr/bin/touch; ls canary`, false, false},
	{`(printf -v 'BASH_CMDS[ls]' /usr/bin/touch); ls canary`, false, false},
	{`history -s 'touch canary'; fc -l; history`, false, false},
	{`history -s 'touch canary'; history -c; fc -s`, false, false},
	{"BASH_ALIASES[x]='touch canary'; x", false, false},
	{`x='touch canary'; echo ${x@Q}`, false, false},
	{"alias ls='touch canary'\nls", false, true},
	{"alias ls='touch canary'\nshopt -u expand_aliases\nls", false, false},
	{"shopt -s expand_aliases; alias ls='touch canary'; ls", false, false},
	{`echo 'touch canary' > envfile; bash -c :`, false, false},
	{`echo 'touch canary' > envfile; env BASH_ENV= bash -c :`, false, false},
	{`echo 'touch canary' > envfile; env ENVFILE=./envfile bash -c :`, false, false},
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
			// mapfile -C's callback gets the index and the line as
			// further arguments (touch canary 0 a).
			if c.Name == "touch" && len(c.Args) >= 1 && c.Args[0].Value == "canary" {
				seen = true
			}
		}
		if want := tc.ran || tc.agentOnly; seen != want {
			t.Errorf("%q: corral sees the payload %v, want %v", tc.src, seen, want)
		}
		run := func(dir string, args ...string) bool {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bash, append([]string{"--norc", "--noprofile", "-c"}, args...)...)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=" + dir, "PATH=/usr/bin:/bin", "LC_ALL=C", "TERM=dumb"}
			_ = cmd.Run()
			_, err := os.Stat(filepath.Join(dir, "canary"))
			return err == nil
		}
		if ran := run(dir, tc.src); ran != tc.ran {
			t.Errorf("%q: in bash -c the payload ran %v, the table says %v", tc.src, ran, tc.ran)
		}
		// As Claude Code runs it: the snapshot's shopt, then eval.
		if ran := run(oracleDir(t), `shopt -s expand_aliases; eval "$1"`, "agent", tc.src); ran != (tc.ran || tc.agentOnly) {
			t.Errorf("%q: in an agent's shell the payload ran %v, the table says %v", tc.src, ran, tc.ran || tc.agentOnly)
		}
	}
}
