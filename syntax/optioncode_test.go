package syntax

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOptionCode: the text an option or a variable hands a program to run
// is a nested script (optioncode.go): strace -o |CMD (also as a wrapper),
// make --eval and MAKEFLAGS, npx -c, go -exec/-toolexec, cargo --config
// runner, pdb -c, PERL5DB with perl -d, PYTHONSTARTUP with python3 -i.
// Look-alikes: a trace to a file, harmless text, the variable without the
// option that reads it.
func TestOptionCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "start.py"), []byte("import shutil\nshutil.rmtree('/victim')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cmd  string
		want bool
	}{
		{`strace -o '|rm -rf /victim' true`, true},
		{`strace -f -o '!rm -rf /victim' ls`, true},
		{`ltrace --output='|rm -rf /victim' true`, true},
		{`make --eval='$(shell rm -rf /victim)'`, true},
		{`make -E '$(shell rm -rf /victim)' all`, true},
		{`MAKEFLAGS='--eval=$(shell rm -rf /victim)' make`, true},
		{`npx -c 'rm -rf /victim'`, true},
		{`npm exec -c 'rm -rf /victim'`, true},
		{`go test -exec 'rm -rf /victim;' ./...`, true},
		{`go build -toolexec='rm -rf /victim;' .`, true},
		{`cargo --config 'target.x86_64-unknown-linux-gnu.runner="rm -rf /victim"' run`, true},
		{`python3 -m pdb -c 'import shutil; shutil.rmtree("/victim")' t.py`, true},
		{`PERL5DB='system("rm -rf /victim")' perl -d -e1`, true},
		{`PYTHONSTARTUP=start.py python3 -i`, true},
		// Look-alikes.
		{`strace -o trace.txt true`, false},
		{`make --eval='x: ; echo /victim'`, false},
		{`MAKEFLAGS=-j4 make`, false},
		{`npx -c 'echo rm -rf /victim'`, false},
		{`go test -exec xvfb-run ./...`, false},
		{`cargo --config 'build.jobs=4' build`, false},
		{`python3 -m pdb -c continue t.py`, false},
		{`PERL5DB='system("rm -rf /victim")' perl -e1`, false},
		{`PYTHONSTARTUP=start.py python3 -c 'print(1)'`, false},
	}
	for _, tc := range cases {
		wantVictim(t, analyzeIn(t, dir, tc.cmd), tc.cmd, tc.want)
	}
}
