package rewrite

import "testing"

// TestDynamicGuardedOperand: a program only known at run time given a
// file the path guards protect (it may move, write or delete it:
// ${y~~} ~/.claude ~/c2, red team 5) or a secret (it may print it) asks;
// a case toggle of a known value is that value (x=MV; ${x~~} is mv).
func TestDynamicGuardedOperand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.claude/settings.json": "{}", "proj/notes.md": "x"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`$y ~/.claude ~/c2`, "ask"},
		{`x=MV; ${x~~} ~/.claude ~/c2`, "deny"}, // the toggled value: mv
		{`${y~~} ~/.claude ~/c2`, "ask"},
		{`"$EDITOR" ~/.bashrc`, "ask"},
		{`$T .git/hooks/pre-commit /tmp/x`, "ask"},
		{`$PAGER ~/.ssh/id_rsa`, "ask"},
		// Look-alikes.
		{`"$EDITOR" notes.md`, "allow"},
		{`$y ~/projects/x ~/c2`, "allow"},
		{`$CC -o build/app main.c`, "allow"},
	})
}

func TestDynamicCommand(t *testing.T) {
	t.Parallel()
	testRule(t, "dynamic-command", []ruleCase{
		{`"$(pick rm)" -rf /tmp/x`, Ask},
		{`$(echo rm) -rf /tmp/x`, Allow}, // computed: rm -rf /tmp/x, a temporary path
		{`"$TOOL" rm -rf x`, Ask},
		// The program is each file find names, each input line.
		{`find . -name x.sh -exec {} \;`, Ask},
		{`find . -name '*.sh' -execdir {} \;`, Ask},
		{`ls *.sh | xargs -I{} {}`, Ask},
		{`ls *.sh | xargs -I % sh -c %`, Allow}, // runtime-script's
		{`find . -name '*.go' -exec gofmt -l {} +`, Allow},
		{`echo a | xargs -I{} echo {}`, Allow},
		// A rule word followed by a separator a script splits on at run
		// time is mentioned (x=$(cat f) of "rm,-rf,/x" with IFS=,).
		{`echo rm,-rf,/x > c.txt; x=$(cat c2.txt); IFS=,; $x`, Ask},
		{`echo 'rm:-rf' > c.txt; IFS=: read -ra a < c2.txt; "${a[@]}" /x`, Ask},
		// Look-alikes.
		{`"$EDITOR" notes.md`, Allow},
		{`x=$CMD; $x /dev/fd/0`, Allow},             // fd in a path is no command word
		{`x=$CMD; $x https://example.com/a`, Allow}, // a URL's scheme is no command https
		// A variable holding what a substitution printed runs that text
		// (also through a copy); a path lookup's output is that program.
		{`c=$(base64 -d < cmd.b64); $c`, Ask},
		{"c=`base64 -d < cmd.b64`; $c", Ask},
		{`c=$(cat cmd.txt); d=$c; "$d"`, Ask},
		{`c=$(cat cmd.txt); $c /dev/fd/0`, Ask},
		{`if a; then c=$(which ls); else c=$(cat f); fi; $c`, Ask},
		{`PY=$(which python3); $PY app.py`, Allow},
		{`PY=$(command -v python3 || command -v python); "$PY" app.py`, Allow},
		{`PY=$(pyenv which python); $PY app.py`, Allow},
		{`out=$(cat f); echo "$out"`, Allow},
		// An unknown value copied is still unknown, not the empty string
		// its unset case gives: the command does not vanish.
		{`d=$X; $d -rf ~`, Ask},
		{`d=$X; d2=$d; $d2 -rf ~`, Ask},
		{`a=ls; $a -la`, Allow},
		{`"$@"`, Allow},
	})
}

// TestReadIntoCommandName: read, mapfile and readarray fill variables
// from their input, and a variable used as a command name then runs
// whatever that input says (red team 7: read -r x < cmd.txt; $x, with
// cmd.txt written by the Write tool a call before). A file on disk is
// read and its words judged as the command they make; an input corral
// cannot read makes the name a run-time one, as x=$(cat cmd.txt) does.
func TestReadIntoCommandName(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.claude/settings.json": "{}",
		"proj/cmd.txt":               "rm -rf ~\n",
		"proj/VERSION":               "1.2.3\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`read -r x < cmd.txt; $x`, "deny"},
		{`read -r c a < cmd.txt; $c $a`, "deny"},
		{`read -ra w < cmd.txt; "${w[@]}"`, "deny"},
		{`mapfile -t L < cmd.txt; ${L[0]}`, "deny"},
		{`readarray -t L < cmd.txt; ${L[@]}`, "deny"},
		{`read -r x < cmd.txt; command $x`, "deny"},
		// A file this command writes is the text it wrote, split by IFS.
		{`echo 'rm:-rf' > c.txt; IFS=: read -ra a < c.txt; "${a[@]}" ~`, "deny"},
		// An input corral cannot read: the name is only known at run time.
		{`read -r x < later.txt; $x`, "ask"},
		{`read -r x; $x`, "ask"},
		{`read -r c < later.txt; exec $c`, "ask"},
		{`read -r c < later.txt; env $c`, "ask"},
		{`mapfile -t L < later.txt; "${L[@]}"`, "ask"},
		// Look-alikes: the value is data.
		{`read -r ver < VERSION; echo "$ver"`, "allow"},
		{`read -r name < .nvmrc; nvm use "$name"`, "allow"},
		{`read -r v < VERSION; git tag "v$v"`, "allow"},
		{`while read -r f; do wc -l "$f"; done < files.txt`, "allow"},
		{`read -r f < later.txt; echo hi > "$f.log"`, "allow"},
		{`find . -name '*.doc' | while read i; do antiword "$i" > "${i/doc/txt}"; done`, "allow"},
	})
}
