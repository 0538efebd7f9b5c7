package syntax

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// scopeCases are scripts whose last call is an echo; want is what a bash
// reader predicts it prints, or "?" when corral must say that only run
// time knows (the value differs between paths that may run). DIR is the
// working directory. Every case runs in real bash too: where corral calls
// the echo's words static, bash must print exactly them.
var scopeCases = []struct {
	src, want string
}{
	// Subshells, substitutions and pipeline stages get a copy.
	{`x=ls; (x=rm); echo $x`, "ls"},
	{`x=ls; { x=rm; }; echo $x`, "rm"},
	{`x=ls; y=$(x=rm); echo $x`, "ls"},
	{`x=ls; true | x=rm; echo $x`, "ls"},
	{`x=ls; x=rm | true; echo $x`, "ls"},
	{`x=ls; x=rm & echo $x`, "ls"},
	{`x=ls; true <(x=rm); echo $x`, "ls"},
	{`cd sub; (cd ..); echo $PWD`, "DIR/sub"},
	{`cd sub | true; echo $PWD`, "DIR"},
	// Paths that may not run.
	// A condition known before it runs decides the path; one only known
	// at run time leaves both.
	{`x=ls; false && x=rm; echo $x`, "ls"},
	{`x=ls; [ -n "$X" ] && x=rm; echo $x`, "?"},
	{`x=ls; true && x=ls; echo $x`, "ls"},
	{`x=ls; if false; then x=rm; fi; echo $x`, "ls"},
	{`x=ls; if [ -e /nope ]; then x=rm; fi; echo $x`, "?"},
	{`x=ls; if true; then x=rm; else x=rm; fi; echo $x`, "rm"},
	{`x=ls; case a in b) x=rm;; esac; echo $x`, "ls"},
	{`x=ls; case $X in b) x=rm;; esac; echo $x`, "?"},
	{`x=ls; for i in 1 2; do x=rm; done; echo $x`, "rm"},
	{`x=ls; while false; do x=rm; done; echo $x`, "ls"},
	{`x=ls; cd sub && x=rm; echo $x`, "?"},
	{`cd sub && echo $PWD`, "DIR/sub"},
	{`cd nowhere || echo $PWD`, "DIR"},
	{`cd sub || exit; echo $PWD`, "DIR/sub"},
	// Functions are analysed where they are called.
	{`f() { x=rm; }; x=ls; f; echo $x`, "rm"},
	{`f() { local x=rm; }; x=ls; f; echo $x`, "ls"},
	{`f() { declare x=rm; }; x=ls; f; echo $x`, "ls"},
	{`f() { x=$1; }; f rm; echo $x`, "rm"},
	{`f() { if false; then x=rm; fi; }; x=ls; f; echo $x`, "ls"},
	{`f() { if [ -n "$X" ]; then x=rm; fi; }; x=ls; f; echo $x`, "?"},
	{`x=rm; f() { echo $x; }; x=ls; f`, "ls"},
	{`f() { echo $1 $2; }; f rm -rf`, "rm -rf"},
	// Builtins that set or unset.
	{`x=ls; unset x; echo ${x-unset}`, "unset"},
	{`declare x=rm; echo $x`, "rm"},
	{`typeset x=rm; echo $x`, "rm"},
	{`readonly x=rm; echo $x`, "rm"},
	{`export x=rm; echo $x`, "rm"},
	{`x=ls; read x < /dev/null; echo $x`, "?"},
	{`x=ls; mapfile x < /dev/null; echo $x`, "?"},
	{`x=ls; printf -v x rm; echo $x`, "rm"},
	{`x=ls; printf -v x %f 1; echo $x`, "?"},
	{`x=ls; printf -v x %d 1; echo $x`, "1"},
	{`x=ls; ((x=5)); echo $x`, "?"},
	{`x=ls; eval 'x=rm'; echo $x`, "rm"},
	{`x=ls; : ${x:=rm}; echo $x`, "ls"},
	{`unset x; : ${x:=rm}; echo $x`, "rm"},
	{`u=; echo ${u:-rm}`, "rm"},
	// ${x:=w} and ${x=w} assign as they expand, left to right: in a
	// command's words, in arithmetic, inside double quotes. The
	// environment's value stays possible.
	{`unset D; echo "${D:=/}" "$D"`, "/ /"},
	{`unset D; echo "${D=/x}" "$D"`, "/x /x"},
	{`D=; echo "${D=/x}" "[$D]"`, " []"},
	{`D=; echo "${D:=/x}" "[$D]"`, "/x [/x]"},
	{`unset N; echo $(( ${N:=3} + 1 )) > /dev/null; echo $N`, "3"},
	{`unset D; echo "x${D:=rm}" > /dev/null; echo $D`, "rm"},
	{`: ${D:=/}; echo "$D"`, "?"},
	{`if [ -n "$X" ]; then D=a; else D=; fi; : ${D:=/}; echo $D`, "?"},
	{`unset X Y; echo "${X:=a} ${Y:=b}"`, "a b"},
	// unset 'a[i]': the last element keeps the array dense; another
	// leaves a hole, kept with its indexes (arrays.go); 'a[@]' empties
	// it; x[0] of a scalar unsets it.
	{`a=(x y z); unset 'a[2]'; echo "${a[@]}" ${#a[@]}`, "x y 2"},
	{`a=(x y z); unset 'a[2]'; a+=(w); echo "${a[@]}"`, "x y w"},
	{`a=(x y z); unset 'a[-1]'; echo "${a[@]}"`, "x y"},
	{`a=(x y z); unset 'a[5]'; echo "${a[@]}"`, "x y z"},
	{`a=(x / z); unset 'a[0]'; echo "${a[@]}"`, "/ z"},
	{`a=(x / z); unset 'a[0]'; echo ${#a[@]} "${!a[@]}"`, "2 1 2"},
	{`a=(x / z); unset 'a[0]'; a+=(w); echo "${!a[@]}" "${a[3]}"`, "1 2 3 w"},
	{`a=(x / z); unset "a[$RANDOM]"; echo "${a[@]}"`, "?"},
	// Associative arrays: key by key; a subshell's change stays in it;
	// a function's local -A ends with it; two paths that disagree leave
	// it unknown.
	{`declare -A m=([k]=/ [j]=x); ( m[k]=y ); echo "${m[k]}"`, "/"},
	{`declare -A m=([k]=x); f() { local -A m=([k]=/); }; f; echo "${m[k]}"`, "x"},
	{`f() { declare -A m=([k]=/); }; f; echo "${m[k]-unset}"`, "?"}, // m may come from the environment
	{`f() { declare -gA m=([k]=/); }; f; echo "${m[k]}"`, "/"},
	{`declare -A m=([k]=x); if [ -n "$RANDOM" ]; then m[k]=/; fi; echo "${m[k]}"`, "?"},
	{`declare -A m=([k]=x); if [ -n "$RANDOM" ]; then m[k]=x; fi; echo "${m[k]}"`, "x"},
	{`declare -A m; m[a]=1; m[b]=2; echo "${m[@]}"`, "?"},
	{`declare -A m; m[a]=1; m[b]=2; unset 'm[a]'; echo "${m[@]}" "${!m[@]}"`, "2 b"},
	{`a=(x y); unset 'a[@]'; echo "${a[@]-gone}" ${#a[@]}`, "gone 0"},
	{`x=s; unset 'x[0]'; echo ${x-unset}`, "unset"},
	{`x=s; unset 'x[1]'; echo ${x-unset}`, "s"},
	{`a=(x y); unset 'a[$i]'; echo "${a[@]}"`, "?"},
	// Name references: reading or assigning r reads or assigns the
	// variable it names; unset -n unsets r itself.
	{`declare -n r=x; x=rm; echo $r`, "rm"},
	{`typeset -n r=x; x=rm; echo "$r"`, "rm"},
	{`f() { local -n r=$1; r=rm; }; x=ls; f x; echo $x`, "rm"},
	{`f() { local -n r=x; }; x=rm; f; r=ls; echo $x $r`, "rm ls"},
	{`x=ls; declare -n r=x; r=rm; echo $x`, "rm"},
	{`declare -n r; r=x; x=rm; echo $r`, "rm"},
	{`declare -n r; read r <<< x; x=rm; echo $r`, "rm"},
	{`x=rm; r=x; declare -n r; echo $r`, "rm"},
	{`declare -n a=b b=c; c=rm; echo $a`, "rm"},
	{`x=rm; declare -n r=x; unset r; echo ${x-unset}`, "unset"},
	{`x=rm; declare -n r=x; unset -n r; echo $x ${r-unset}`, "rm unset"},
	{`x=rm; declare -n r=x; declare +n r; echo $r`, "x"},
	{`x=rm; declare -n r=x; echo ${!r}`, "x"},
	{`declare -n r=$X; echo $r`, "?"},
	{`declare -n r=$X; x=ls; r=rm; echo $x`, "?"},
	{`x=ls; declare -n r; r=$X; r=rm; echo $x`, "?"},
	{`x=ls; if [ -n "$X" ]; then declare -n r=x; fi; r=rm; echo $x`, "?"},
	{`declare -n r=x; x=ls; declare -n r=y; y=rm; echo $r`, "rm"},
	{`declare -n r=x; x=rm; bash -c 'echo $r'`, "?"},
	{`declare -n r=x; x=ls; y=rm; for r in y; do :; done; echo $r $x`, "rm ls"},
	// Indirection: ${!d} reads the variable d names.
	{`d=x; x=rm; echo ${!d}`, "rm"},
	{`d=x; x=rm; d=y; y=ls; echo ${!d}`, "ls"},
	{`d=$X; x=rm; echo ${!d}`, "?"},
	{`a=(rm ls); echo ${!a[@]}`, "0 1"},
	// Loop variables.
	{`for v in rm; do echo $v; done`, "rm"},
	{`v=rm; for v in $NOPE; do :; done; echo $v`, "?"},
	{`for v in rm ls; do echo $v; done`, "?"},
	{`for v in rm; do :; done; echo $v`, "rm"},
	// An empty list: the body never runs, v keeps its value.
	{`v=rm; for v in; do v=ls; done; echo $v`, "rm"},
	{`v=rm; e=; for v in $e; do :; done; echo $v`, "rm"},
	{`v=rm; for v in ""; do :; done; echo "[$v]"`, "[]"},
	// A known list runs every pass: afterwards the state is the last
	// pass's, with the body's own assignments.
	{`for D in x; do D=rm; done; echo $D`, "rm"},
	{`f() { D=rm; }; for D in x y; do f; done; echo $D`, "rm"},
	{`for v in rm ls; do :; done; echo $v`, "ls"},
	{`for v in a b; do v=rm; break; done; echo $v`, "rm"},
	{`for v in a b; do continue; done; echo $v`, "b"},
	// A for loop over a static list that is not empty runs its body at
	// least once; it ends after the last value's pass or at a break, and
	// a continue starts the next pass: what every way out leaves is
	// certain (loopexits.go). while true and until false end only at a
	// break; while false never runs the body.
	{`x=ls; for i in 1; do unset x; done; echo "[$x]"`, "[]"},
	{`x=ls; for i in 1 2; do unset x; break; done; echo "[$x]"`, "[]"},
	{`x=ls; for i in 1 2; do x=rm; break; x=ls; done; echo $x`, "rm"},
	{`x=ls; for i in 1 2; do x=rm; continue; x=ls; done; echo $x`, "rm"},
	{`for i in 1 2; do for j in a b; do x=rm; break 2; done; x=ls; done; echo $x`, "rm"},
	{`for i in 1 2; do for j in a b; do x=rm; continue 2; done; x=ls; done; echo $x`, "rm"},
	{`for i in 1 2; do for j in a b; do x=rm; break 9; done; x=ls; done; echo $x`, "rm"},
	{`x=ls; while true; do x=rm; break; x=ls; done; echo $x`, "rm"},
	{`x=ls; while :; do unset x; break; done; echo "[$x]"`, "[]"},
	{`x=ls; until false; do x=rm; break; done; echo $x`, "rm"},
	{`x=ls; until true; do x=rm; done; echo $x`, "ls"},
	{`x=ls; while true; do x=rm; if [ -e f ]; then break; fi; x=cp; break; done; echo $x`, "?"},
	{`x=ls; for i in 1 2; do x=rm; [ -e f ] && break; x=cp; done; echo $x`, "?"},
	{`x=ls; for i in 1 2; do [ -e f ] && continue; x=rm; done; echo $x`, "?"},
	{`x=ls; for i in $(cat f 2>/dev/null); do x=rm; break; done; echo $x`, "?"},
	{`x=ls; for i in; do x=rm; break; done; echo $x`, "ls"},
	{`x=ls; for i in 1; do (x=rm; break); done; echo $x`, "ls"},
	{`x=ls; for i in 1; do x=rm; (break); x=cp; done; echo $x`, "cp"},
	{`x=ls; for i in 1; do x=rm; echo | break; x=cp; done; echo $x`, "cp"},
	{`f() { break; }; x=ls; for i in 1; do x=rm; f; x=cp; done; echo $x`, "cp"},
	{`x=ls; for i in 1 2; do x=rm; eval "$B"; x=cp; done; echo $x`, "?"},
	{`x=ls; while true; do x=rm; eval "$B"; x=cp; break; done; echo $x`, "?"},
	{`n=1; x=ls; for i in 1 2; do x=rm; break $n; x=cp; done; echo $x`, "rm"},
	{`x=ls; for i in 1 2; do x=rm; break $N; x=cp; done; echo $x`, "?"},
	{`x=ls; for i in 1 2; do x=rm; eval break; x=cp; done; echo $x`, "?"},
	// Positional parameters and arrays.
	{`set -- rm -rf /; echo "$@"`, "rm -rf /"},
	{`set -- a b; shift; echo $1`, "b"},
	{`set -- a b; echo $#`, "2"},
	{`a=(rm -rf /); echo "${a[@]}"`, "rm -rf /"},
	{`a=(x); a+=(y); echo "${a[@]}"`, "x y"},
	{`a=(x y); a[1]=z; echo "${a[@]}"`, "x z"},
	// A prefix assignment does not change the command's own words.
	{`x=rm; x=ls echo $x`, "rm"},
	// What a new process sees: exported variables only.
	{`x=ls bash -c 'echo $x'`, "ls"},
	{`export x=ls; bash -c 'echo $x'`, "ls"},
	{`x=ls; bash -c 'echo $x'`, "?"},
	{`env x=ls bash -c 'echo $x'`, "ls"},
	// set -a (set -o allexport): assignments made while it is on are
	// exported; set +a ends it; it is shell state, so a subshell's is
	// dropped, a function's is kept, and a path that may not run leaves
	// it off.
	{`set -a; x=ls; bash -c 'echo $x'`, "ls"},
	{`set -o allexport; x=ls; bash -c 'echo $x'`, "ls"},
	{`set -euao pipefail; x=ls; bash -c 'echo $x'`, "ls"},
	{`set -a; x=ls; set +a; bash -c 'echo $x'`, "ls"},
	{`set -a; set +a; x=ls; bash -c 'echo $x'`, "?"},
	{`set -o allexport; set +o allexport; x=ls; bash -c 'echo $x'`, "?"},
	{`(set -a); x=ls; bash -c 'echo $x'`, "?"},
	{`f() { set -a; }; f; x=ls; bash -c 'echo $x'`, "ls"},
	{`if false; then set -a; fi; x=ls; bash -c 'echo $x'`, "?"},
	{`set -a; for v in ls; do :; done; bash -c 'echo $v'`, "ls"},
	{`set -a -- rm; y=ls; bash -c 'echo $y'`, "ls"},
	{`set -a -- rm; echo $1`, "rm"},
	{`set +a; x=ls; bash -c 'echo $x'`, "?"},
	// Aliases, expanded only when enabled and from the next line on.
	{"shopt -s expand_aliases; alias e='echo rm'\ne x", "rm x"},
	// eval's text and a trap's are parsed when they run: an alias defined
	// before then applies, whatever the line; one defined inside eval
	// applies in the caller from its next line; a child shell (bash -c)
	// does not inherit aliases.
	{"shopt -s expand_aliases; alias e='echo rm'; eval 'e x'", "rm x"},
	{"shopt -s expand_aliases; alias echo='echo rm'; eval 'echo x'", "rm x"},
	{"shopt -s expand_aliases; eval \"alias e='echo rm'\"; eval 'e x'", "rm x"},
	{"shopt -s expand_aliases; eval \"alias echo='echo rm'\"; echo x", "x"},
	{"shopt -s expand_aliases; eval \"alias echo='echo rm'\"\necho x", "rm x"},
	{"shopt -s expand_aliases; alias echo='echo rm'; bash -c 'echo x'", "x"},
	{"shopt -s expand_aliases; alias echo='echo rm'; trap 'echo x' EXIT", "rm x"},
	// Unknown at the head of a path.
	{`echo "$NOPE/x"`, "?"},
	// cd sets OLDPWD to the directory it left; cd - returns there. The
	// environment's OLDPWD is unknown.
	{`cd sub && cd .. && echo "$OLDPWD"`, "DIR/sub"},
	{`cd /tmp; cd /; echo "$OLDPWD"`, "/tmp"},
	{`cd sub; cd - > /dev/null; echo "$PWD"`, "DIR"},
	{`cd sub; cd /tmp; cd - > /dev/null; echo "$OLDPWD"`, "/tmp"},
	{`echo "$OLDPWD"`, "?"},
	// read -r NAME… and read -ra NAME of a static line split it by IFS as
	// bash does (read.def): the last name takes the rest.
	{`IFS=, read -r c p <<< "rm,/victim"; echo $c $p`, "rm /victim"},
	{`read -r a b <<< " x  y  z "; echo "[$a][$b]"`, "[x][y  z]"},
	{`IFS=, read -r a b <<< "x,y,"; echo "[$a][$b]"`, "[x][y]"},
	{`IFS=, read -r a b <<< "x,y,,"; echo "[$a][$b]"`, "[x][y,,]"},
	{`IFS=, read -r a b <<< ",a"; echo "[$a][$b]"`, "[][a]"},
	{`IFS=' ,' read -r a b <<< "a, b ,c"; echo "[$a][$b]"`, "[a][b ,c]"},
	{`IFS= read -r a b <<< " x y "; echo "[$a][$b]"`, "[ x y ][]"},
	{`read -r a b c <<< "x"; echo "[$a][$b][$c]"`, "[x][][]"},
	{`IFS=, read -ra f <<< "x,y,,"; echo "${f[@]}" "${#f[@]}"`, "x y  3"},
	{`IFS=: read -ra f <<< "rm:-rf:/victim"; echo "${f[@]}"`, "rm -rf /victim"},
	{`read -r -a f <<< "a b c"; echo "${f[1]}"`, "b"},
	{`printf 'rm /victim\n' | { read -r c p; echo $c $p; }`, "rm /victim"}, // input the block shares: one line
	{`read a b <<< 'x\ y z'; echo "[$a]"`, "[x y]"},                        // without -r the backslash escapes the blank
	// read -d DELIM: the text up to the delimiter, or all of it.
	{`read -d , d <<< "/victim,b"; echo "$d"`, "/victim"},
	{`read -r -d, d <<< " a ,b"; echo "[$d]"`, "[a]"},
	{`read -d '' d <<< "rm x"; echo "$d"`, "rm x"},
	{`read -d , d <<< "nodelim"; echo "$d"`, "nodelim"},
	{`printf 'a,b' | { read -d , d; echo "$d"; }`, "?"}, // input the block shares
	{`read -d , d <<< "a
b,c"; echo "${#d}"`, "3"}, // the newline inside is kept (TestReadRecordInBash)
	{`echo / | read d; echo "$d"`, "?"}, // the pipeline's copy is dropped: the old value
	{`d=x; echo / | read d; echo "$d"`, "x"},
	{`d=x; set +m; shopt -s lastpipe; echo / | read d; echo "$d"`, "/"},
	{`x=a; time { x=b; } | cat; echo "$x"`, "a"},
	{`x=a; time x=b | cat; echo "$x"`, "a"},
	{`x=a; time { x=b; }; echo "$x"`, "b"},
	// Unset, IFS splits as its default does.
	{`unset IFS; read -r v <<< '  a b  '; echo "[$v]"`, "[a b]"},
	// $(cat <<< WORD) is WORD (the newline cat adds is dropped).
	{`x=$(cat <<< 'a  b'); echo "$x"`, "a  b"},
	{`x=$(<<< /victim cat); echo "$x"`, "/victim"},
	{`x="$(cat <<< "$HOME")"; echo "$x"`, "/home/u"},
	// bash -s ARG…: the script on stdin gets the operands as $1….
	{`bash -s -- x y <<< 'echo "$2"'`, "y"},
	{`bash -s q <<< 'echo "$1"'`, "q"},
	{`printf 'echo "$1"\n' | sh -s -- z`, "z"},
	// Subscripted elements: placed at their index (or after the last
	// one), a leading ~ and one after : expanded as in an assignment; a
	// list with holes is unknown. m[0]=x makes an unset name (or an
	// environment scalar) an array holding x.
	{`m=([0]=~/x); echo "${m[0]}"`, "/home/u/x"},
	{`m=([0]=a:~/x [1]=~); echo "${m[@]}"`, "a:/home/u/x /home/u"},
	{`m=([2]=~/x [0]=~ ~/z); echo "${m[@]}"`, "/home/u /home/u/z /home/u/x"},
	{`declare -a m=([1]=b [0]=~/.bashrc); echo "${m[0]}"`, "/home/u/.bashrc"},
	{`m=([1]=~/x); echo "${m[1]}" "${!m[@]}"`, "/home/u/x 1"},
	{`m[0]=~/.bashrc; echo "${m[0]}"`, "/home/u/.bashrc"},
	{`m=(a b); m[2]=~; echo "${m[@]}"`, "a b /home/u"},
	{`x=s; x[1]=~; echo "${x[@]}"`, "s /home/u"},
	{`m[1]=~; echo "${m[1]}" "${m[@]}"`, "/home/u /home/u"},
	{`PATH[1]=~; echo "${PATH[1]}" "${PATH[@]}"`, "?"},
	{`m=($NOPE); m[0]=~; echo "${m[@]}"`, "?"},
	{`m=([i]=~); echo "${m[0]}"`, "?"},
	// POSIX mode keeps a special builtin's prefix assignments (dash is
	// sh here; bash in POSIX mode also exports them).
	{`set -o posix; x=1 :; echo "[$x]"`, "[1]"},
	{`x=0; x=1 :; echo "[$x]"`, "[0]"},
	{`POSIXLY_CORRECT=y; x=1 eval :; echo "[$x]"`, "[1]"},
	{`x=0; set -o posix; x=1 command :; echo "[$x]"`, "[0]"},
	{`x=0; set -o posix; f() { :; }; x=1 f; echo "[$x]"`, "[0]"},
	{`x=0; set -o posix; x=1 true; echo "[$x]"`, "[0]"},
	{`x=0; set -o posix; set +o posix; x=1 :; echo "[$x]"`, "[0]"},
	{`sh -c 'x=1 :; echo "[$x]"'`, "[1]"},
	{`dash -c 'x=1 set --; echo "[$x]"'`, "[1]"},
	{`bash -c 'x=0; x=1 :; echo "[$x]"'`, "[0]"},
	{`bash --posix -c 'x=1 eval "y=2"; echo "[$x$y]"'`, "[12]"},
	{`bash -o posix -c 'x=1 readonly; echo "[$x]"'`, "[1]"},
	{`POSIXLY_CORRECT=1 bash -c 'x=1 :; echo "[$x]"'`, "[1]"},
	{`if test -e nothing; then set -o posix; fi; x=1 :; echo "[$x]"`, "?"},
	{`x=0; sh -c 'x=1 :; echo "[$x]"'; echo "[$x]"`, "[0]"},
	{`x=0; shopt -so posix; x=1 :; echo "[$x]"`, "[1]"},
	{`x=0; shopt -so posix; shopt -uo posix; x=1 :; echo "[$x]"`, "[0]"},
	{`exec -a sh bash -c 'x=0; x=1 :; echo "[$x]"'`, "?"},
	// An alias is looked up after prefix assignments too; one for a
	// special builtin keeps them in POSIX mode (from the next line on,
	// where the alias is defined).
	{"sh -c 'alias c=:\nx=1 c; echo \"[$x]\"'", "[1]"},
	{"bash --posix -c 'alias c=export\nx=1 c; echo \"[$x]\"'", "[1]"},
	{"sh -c 'alias c=\"eval :\"\nx=1 c; echo \"[$x]\"'", "[1]"},
	{"sh -c 'x=0; alias c=true\nx=1 c; echo \"[$x]\"'", "[0]"},
	{"sh -c 'x=0; alias c=:; x=1 c; echo \"[$x]\"' 2>/dev/null", "[0]"},
	{"bash -c 'x=0; alias c=:\nx=1 c; echo \"[$x]\"' 2>/dev/null", "[0]"},
	// read from a process substitution, and from a coprocess's output.
	{`read -r d < <(echo /srv/a); echo "$d"`, "/srv/a"},
	{`coproc P { echo /srv/b; }; read -r -u ${P[0]} d; echo "$d"`, "/srv/b"},
	{`exec {fd}< <(echo /srv/c); read -r -u $fd d; echo "$d"`, "/srv/c"},
	{`exec {fd}<<<'/srv/d'; read -r -u "$fd" d; echo "$d"`, "/srv/d"},
	// ${x:=w}, ${x=w} and $((x=…)) assign while the word expands, so a
	// later $x in the same word reads the new value.
	{`unset X; echo "${X:=a}$X"`, "aa"},
	{`X=; echo "${X:=a}$X"`, "aa"},
	{`X=b; echo "${X:=a}$X"`, "bb"},
	{`unset X; echo "$X${X:=a}"`, "a"},
	{`X=; echo "${X=a}$X."`, "."},
	{`unset X; echo "${X=a}${X:+b}"`, "ab"},
	{`unset X; echo "${X:=a}${#X}"`, "a1"},
	{`unset N; echo $(( ${N:=3} + N ))`, "6"},
	{`unset N; echo "$(( ${N:=3} ))/$N"`, "3/3"},
	{`unset N; echo $(( ${N:=3} )); echo "/$N"`, "/3"},
	{`unset x; echo "$((x=5))$x"`, "55"},
	{`echo "${X:=a}$X"`, "?"},
	{`unset X; x="${X:=a}$(echo "$X")"; echo "$x"`, "aa"},
	{`unset X; echo "${X:=a}${X/a/b}"`, "?"},
	{`declare -n r=X; unset X; echo "${r:=a}$X"`, "?"},
	{`echo /srv/e x | { read -r a b; echo "$a"; }`, "/srv/e"},
	{`echo x /srv/e y | { read -r a b; echo "$b"; }`, "/srv/e y"},
	{`exec 3< <(printf '%s\n' a b); read -r -u3 x; read -r -u3 y; echo "$y"`, "?"},
	{`{ read -r x; read -r y; echo "$y"; } < <(printf '%s\n' a b)`, "?"},
}

func TestScopeInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range scopeCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name != "echo" {
			t.Errorf("%q: last call is %q, not echo", tc.src, c.Name)
			continue
		}
		static := true
		var words []string
		for _, a := range c.Args {
			static = static && a.Static
			words = append(words, a.Value)
		}
		got := strings.Join(words, " ")
		want := strings.ReplaceAll(tc.want, "DIR", dir)
		switch {
		case want == "?" && static:
			t.Errorf("%q: corral is certain the words are %q; want unknown", tc.src, got)
		case want != "?" && !static:
			t.Errorf("%q: corral says the words are only known at run time (%q); want %q", tc.src, got, want)
		case want != "?" && got != want:
			t.Errorf("%q: corral says %q, want %q", tc.src, got, want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, _ := cmd.Output()
		cancel()
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		printed := lines[len(lines)-1]
		if static && printed != got {
			t.Errorf("%q: bash printed %q, corral said %q", tc.src, printed, got)
		}
	}
}

// streamCases say where the stdout and stderr of the call "echo A" go:
// "f" a file by that name, "1"/"2" the shell's own descriptor, "pipe", or
// "?". Each runs in bash, which shows where A landed.
var streamCases = []struct {
	src, out, err string
}{
	{`echo A > f`, "f", "2"},
	{`echo A >> f`, "f", "2"},
	{`echo A >| f`, "f", "2"},
	{`echo A &> f`, "f", "f"},
	{`echo A &>> f`, "f", "f"},
	{`echo A >&f`, "f", "f"},
	{`echo A 1<>f`, "f", "2"},
	{`echo A 3>f 1>&3`, "f", "2"},
	{`echo A 1>&2`, "2", "2"},
	{`echo A 2>&1 >f`, "f", "1"},
	{`echo A >f 2>&1`, "f", "f"},
	{`echo A > /dev/stderr`, "2", "2"},
	{`exec 3>f; echo A >&3`, "f", "2"},
	{`exec 3>f; echo A > /dev/fd/3`, "f", "2"},
	{`exec > f; echo A`, "f", "2"},
	{`exec 2>f; echo A`, "1", "f"},
	{`{ echo A; } > f`, "f", "2"},
	{`{ echo A; } > f 2>&1`, "f", "f"},
	{`( echo A ) > f`, "f", "2"},
	{`for i in 1; do echo A; done > f`, "f", "2"},
	{`while true; do echo A; break; done > f`, "f", "2"},
	{`if true; then echo A; fi > f`, "f", "2"},
	{`{ echo B; } > f; echo A`, "1", "2"},
	{`( exec > f ); echo A`, "1", "2"},
	{`{ exec > f; }; echo A`, "f", "2"},
	{`if true; then exec > f; fi; echo A`, "f", "2"},
	{`if [ -n "$X" ]; then exec > f; fi; echo A`, "?", "2"},
	{`echo A | cat > f`, "pipe", "2"},
	{`echo A |& cat > f`, "pipe", "pipe"},
	{`true $(echo A)`, "pipe", "2"},
	{`f() { echo A; }; f > f`, "f", "2"},
}

func streamName(s Stream) string {
	switch s.Kind {
	case StreamInherited:
		return string(rune('0' + s.Fd))
	case StreamFile:
		return s.Redirect.Target.Value
	case StreamPipe:
		return "pipe"
	case StreamClosed:
		return "closed"
	}
	return "?"
}

func TestStreamsInBash(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	for _, tc := range streamCases {
		dir := oracleDir(t)
		m, err := Analyze(tc.src, Options{Cwd: dir})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "echo" && len(x.Args) == 1 && x.Args[0].Value == "A" {
				c = x
			}
		}
		if c == nil {
			t.Fatalf("%q: no echo A", tc.src)
		}
		if got := streamName(c.Stdout()); got != tc.out {
			t.Errorf("%q: stdout %s, want %s", tc.src, got, tc.out)
		}
		if got := streamName(c.Stderr()); got != tc.err {
			t.Errorf("%q: stderr %s, want %s", tc.src, got, tc.err)
		}
		if r, ok := c.Route("/dev/stdout"); !ok || streamName(r) != tc.out {
			t.Errorf("%q: /dev/stdout routes to %s", tc.src, streamName(r))
		}
		if tc.out == "pipe" || tc.out == "?" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LC_ALL=C"}
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		_ = cmd.Run()
		cancel()
		file, _ := os.ReadFile(filepath.Join(dir, "f"))
		landed := map[string]bool{"1": strings.Contains(stdout.String(), "A"), "2": strings.Contains(stderr.String(), "A"), "f": strings.Contains(string(file), "A")}
		for where, yes := range landed {
			if yes != (where == tc.out) {
				t.Errorf("%q: in bash A landed in 1:%v 2:%v f:%v; corral says %s", tc.src, landed["1"], landed["2"], landed["f"], tc.out)
				break
			}
		}
	}
}

// partSubstCases are words that are partly a command substitution corral
// cannot compute: the text around it stays, and the value it takes when
// the substitution prints nothing is a candidate (x=/$(cat f); rm -rf $x
// can be rm -rf /). Each runs in bash with f empty, which must print
// that candidate.
var partSubstCases = []struct {
	src, cand string
}{
	{`x=/$(cat f); echo "$x"`, "/"},
	{`x=/$(cat f)/; echo "$x"`, "//"},
	{`x="$HOME/$(cat f)"; echo "$x"`, "/home/u/"},
	{`echo "$HOME/$(cat f)"`, "/home/u/"},
	{`echo ~/$(cat f)`, "/home/u/"},
	{"echo /tmp/`cat f`x", "/tmp/x"},
	{`d="/$(cat f)home"; echo "$d"`, "/home"},
	{`x=/$(cat f); y=$x; echo "$y"`, "/"},
}

func TestPartSubstCandidates(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.WriteFile(filepath.Join(dir, "f"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range partSubstCases {
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: "/home/u"})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		c := m.Calls[len(m.Calls)-1]
		if c.Name == "cat" {
			c = m.Calls[len(m.Calls)-2]
		}
		if c.Name != "echo" || len(c.Args) != 1 {
			t.Fatalf("%q: want one echo word, got %q %v", tc.src, c.Name, c.Args)
		}
		a := c.Args[0]
		if a.Static || a.OneOf || !slices.Contains(a.Candidates(), tc.cand) {
			t.Errorf("%q: static=%v oneOf=%v candidates %q, want %q among others", tc.src, a.Static, a.OneOf, a.Candidates(), tc.cand)
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=/home/u", "PATH=/usr/bin:/bin", "LC_ALL=C"}
		out, err := cmd.Output()
		if got := strings.TrimSuffix(string(out), "\n"); err != nil || got != tc.cand {
			t.Errorf("%q: bash printed %q (%v), want %q", tc.src, got, err, tc.cand)
		}
	}
}

// runTimeHomeCases: a tilde expands with the HOME the command gives at
// run time. Unset, bash takes the password database's home directory
// (the one the command started with); empty, ~/x is /x; only known at
// run time, the word depends on HOME and its candidates hold what
// bash prints with f empty. want is bash's output with f empty; dynamic
// says corral must not call the word static.
var runTimeHomeCases = []struct {
	src     string
	want    string
	dynamic bool
}{
	{`unset HOME; echo ~/x`, "HOME/x", false},
	{`unset HOME; echo ~`, "HOME", false},
	{`unset HOME; x=~/a:~; echo $x`, "HOME/a:HOME", false},
	{`HOME=; echo ~/x`, "/x", false},
	{`HOME=$(cat f); echo ~/x`, "/x", true},
	{`read -r HOME < f; echo ~/.bashrc`, "/.bashrc", true},
	{`export HOME="$(cat f)"; echo ~/x`, "/x", true},
	{`HOME=$(cat f); x=~/y; echo "$x"`, "/y", true},
}

func TestRunTimeHomeTilde(t *testing.T) {
	t.Parallel()
	bash := bashPath(t)
	dir := oracleDir(t)
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// bash asks the password database for an unset HOME: the test gives
	// corral that home directory as the one the command starts with.
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", "unset HOME; echo ~").Output()
	if err != nil {
		t.Fatal(err)
	}
	home := strings.TrimSpace(string(out))
	for _, tc := range runTimeHomeCases {
		want := strings.ReplaceAll(tc.want, "HOME", home)
		m, err := Analyze(tc.src, Options{Cwd: dir, Home: home})
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		var c *Call
		for _, x := range m.Calls {
			if x.Name == "echo" {
				c = x
			}
		}
		if c == nil || len(c.Args) != 1 {
			t.Fatalf("%q: want one echo word", tc.src)
		}
		a := c.Args[0]
		switch {
		case tc.dynamic && (a.Static || !slices.Contains(a.Candidates(), want)):
			t.Errorf("%q: static=%v %q candidates %q, want dynamic with %q among them", tc.src, a.Static, a.Value, a.Candidates(), want)
		case !tc.dynamic && (!a.Static || a.Value != want):
			t.Errorf("%q: static=%v %q, want %q", tc.src, a.Static, a.Value, want)
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tc.src)
		cmd.Dir = dir
		cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin", "LC_ALL=C"}
		got, err := cmd.Output()
		if s := strings.TrimSuffix(string(got), "\n"); err != nil || s != want {
			t.Errorf("%q: bash printed %q (%v), want %q", tc.src, s, err, want)
		}
	}
}
