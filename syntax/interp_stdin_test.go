package syntax

import "testing"

// TestProgramFromStdin checks, from each interpreter's manual, when the
// program comes from standard input and when standard input is data.
func TestProgramFromStdin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd          string
		stdin, known bool
	}{
		{"python3", true, true},
		{"python3 -", true, true},
		{"python3 -- -", true, true}, // "--" ends the options; "-" is still stdin
		{"python3 -u -- -", true, true},
		{"python3 -- tool.py", false, true},
		{"node -- -", true, true},
		{"ruby -- -", true, true},
		{"perl -- -", true, true},
		{"php -- -", true, true},
		{"lua -- -", false, true}, // lua.c: "-" after "--" is a file named "-"
		{"python3 -u -B", true, true},
		{"python3 -m json.tool", false, true},
		{"python -mjson.tool", false, true},
		{"python3 -Wmodule", true, true}, // -W takes the filter "module"
		{"python3 -W ignore -m json.tool", false, true},
		{"python3 -m code", true, true}, // the interactive console
		{"python3 -c 'import sys; print(sys.stdin.read())'", false, true},
		{"python3 tool.py", false, true},
		{"python3 --version", false, true},
		{"node", true, true},
		{"node -r dotenv/config", true, true},
		{"node -e 'x()'", false, true},
		{"node -p 1", false, true},
		{"node app.js", false, true},
		{"ruby -rjson", true, true},
		{"ruby -ne 'puts $_'", false, true},
		{"ruby -c", false, true}, // a syntax check
		{"perl", true, true},
		{"perl -Mstrict", true, true},
		{"perl -lane 'print $F[0]'", false, true},
		{"perl -pi.bak -e 's/a/b/'", false, true},
		{"php", true, true},
		{"php -r 'echo 1;'", false, true},
		{"php -f x.php", false, true},
		{"deno", true, true},
		{"deno run -", true, true},
		{"deno fmt -", false, true},
		// lua with no arguments runs standard input when it is not a
		// terminal (lua(1)); tclsh, R and julia read commands from it.
		{"lua", true, true},
		{"lua -e 'print(1)'", false, true},
		{"lua script.lua", false, true},
		{"tclsh", true, true},
		{"tclsh app.tcl", false, true},
		{"Rscript -e 1", false, true},
		{"pwsh", false, false},
		{"jq .", false, false},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		stdin, known := ProgramFromStdin(m.Calls[0])
		if stdin != tt.stdin || known != tt.known {
			t.Errorf("%s: program from stdin %v (known %v), want %v (%v)", tt.cmd, stdin, known, tt.stdin, tt.known)
		}
	}
}
