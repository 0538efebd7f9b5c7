package rewrite

import "testing"

// TestShellModelReadings: the shell state follows name references,
// indirection, values read in a loop from input the command holds, and
// the environment a wrapper hands a shell, so each command is judged as
// the command bash runs (the right-hand side); the look-alikes pass.
func TestShellModelReadings(t *testing.T) {
	t.Parallel()
	cfg := guardedConfig()
	same := [][2]string{
		// Name references.
		{`declare -n r=HOME; rm -rf "$r"`, `rm -rf ~`},
		{`typeset -n r=HOME; rm -rf "$r"`, `rm -rf ~`},
		{`f() { local -n r=$1; rm -rf "$r"; }; f HOME`, `rm -rf ~`},
		{`declare -n r; r=HOME; rm -rf "$r"`, `rm -rf ~`},
		{`x=build; declare -n r=x; r=/; rm -rf "$x"`, `rm -rf /`},
		{`x=build; declare -n r=x; unset -n r; r=/; rm -rf "$x"`, `rm -rf build`},
		// Indirection.
		{`d=HOME; rm -rf "${!d}"`, `rm -rf ~`},
		{`d=HOME; rm -rf ${!d}/`, `rm -rf ~/`},
		{`a=(x y); rm -rf /${!a[@]}`, `rm -rf /0 1`},
		// A read in a loop fed by input the command holds.
		{`while read d; do rm -rf "$d"; done <<< ~`, `rm -rf ~`},
		{"while IFS= read -r line; do rm -rf \"$line\"; done <<EOF\nbuild\n$HOME\nEOF", `rm -rf ~`},
		{"while read -r d; do rm -rf \"$d\"; done <<'EOF'\nbuild\n/\nEOF", `rm -rf /`},
		{`printf '%s\n' build ~ | while read d; do rm -rf "$d"; done`, `rm -rf ~`},
		{"{ read a; read b; rm -rf \"$b\"; } <<EOF\nbuild\n/\nEOF", `rm -rf /`},
		// A shell that xargs or find feeds: {} in its script is the word.
		{`echo ~ | xargs -I{} bash -c 'rm -rf {}'`, `rm -rf ~`},
		{`echo ~ | xargs -I % sh -c 'rm -rf "%"'`, `rm -rf ~`},
		{`find ~ -maxdepth 0 -exec bash -c 'rm -rf {}' \;`, `find ~ -maxdepth 0 -exec rm -rf {} \;`},
		// A start-up file, however the environment reaches the shell.
		{`env BASH_ENV=f bash -c true`, `BASH_ENV=f bash -c true`},
		{`env -i BASH_ENV=f bash -c true`, `BASH_ENV=f bash -c true`},
		{`command env BASH_ENV=f bash -c true`, `BASH_ENV=f bash -c true`},
		{`sudo BASH_ENV=f bash -c true`, `BASH_ENV=f bash -c true`},
		{`env ENV=f sh -i -c true`, `ENV=f sh -i -c true`},
		{`env -S 'BASH_ENV=f bash -c true'`, `BASH_ENV=f bash -c true`},
	}
	for _, p := range same {
		got, want := Check(cfg, p[0]), Check(cfg, p[1])
		if got.Decision != want.Decision {
			t.Errorf("%q: %s, but %q: %s (findings %v)", p[0], got.Decision, p[1], want.Decision, got.Findings)
		}
		if want.Decision == Allow && p[1] != `rm -rf build` {
			t.Errorf("%q: the command it stands for (%q) is allowed: the case checks nothing", p[0], p[1])
		}
	}
	for _, cmd := range []string{
		`declare -n r=x; echo "$r"`,
		`x=build; declare -n r=x; rm -rf "$r"`,
		`d=OUT; OUT=build; rm -rf "${!d}"`,
		`a=(x y); echo "${!a[@]}"`,
		"while read -r f; do rm -f \"$f\"; done <<'EOF'\nbuild/a.o\nbuild/b.o\nEOF",
		`git ls-files -z | while IFS= read -r -d '' f; do echo "$f"; done`,
		`printf '%s\n' build dist | while read d; do rm -rf "$d"; done`,
		`while read d; do echo "$d"; done <<< ~`,
		`echo build | xargs -I{} bash -c 'rm -rf {}'`,
		`ls | xargs -I{} bash -c 'echo {}'`,
		`env FOO=1 bash -c true`,
		`env BASH_ENV= bash -c true`,
		`env BASH_ENV=f python3 -c 'print(1)'`,
	} {
		if got := Check(cfg, cmd); got.Decision != Allow {
			t.Errorf("%q: %s, want allow (findings %v)", cmd, got.Decision, got.Findings)
		}
	}
}
