package syntax

import (
	"strings"
	"testing"
)

// findCall returns the first call named name in m, or nil.
func findCall(m *Model, name string) *Call {
	for _, c := range m.Calls {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// TestProcSubstPipes checks the descriptors of process substitutions as
// bash(1) sets them ("Process Substitution"): the commands of <(list)
// write a pipe the command holding it reads (through the /dev/fd path it
// is given, or on a descriptor after < <(list)); the commands of >(list)
// read on their standard input what the holder writes to that path, and
// keep the shell's standard output.
func TestProcSubstPipes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd            string
		writer, reader string
		// arg: the reader reads the pipe through an argument (stage 1
		// of the pipe the argument names), not on a descriptor.
		arg bool
	}{
		{cmd: "bash < <(echo x)", writer: "echo", reader: "bash"},
		{cmd: "bash 0< <(printf x)", writer: "printf", reader: "bash"},
		{cmd: "exec 3< <(echo x); bash <&3", writer: "echo", reader: "bash"},
		{cmd: "while read l; do sh; done < <(echo x)", writer: "echo", reader: "sh"},
		{cmd: "tar xz < <(gzip -c f | cat)", writer: "cat", reader: "tar"},
		{cmd: "echo x > >(sh)", writer: "echo", reader: "sh"},
		{cmd: "echo x 2>&1 > >(sh)", writer: "echo", reader: "sh"},
		{cmd: "tee >(sh) < f", writer: "tee", reader: "sh", arg: true},
		{cmd: "cat <(echo x) | wc", writer: "echo", reader: "cat", arg: true},
		{cmd: "diff <(sort a) b", writer: "sort", reader: "diff", arg: true},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		w, r := findCall(m, tt.writer), findCall(m, tt.reader)
		if w == nil || r == nil {
			t.Fatalf("%q: no %s or %s call", tt.cmd, tt.writer, tt.reader)
		}
		var pipe Stream
		switch {
		case tt.arg && strings.Contains(tt.cmd, "<("):
			// The writer is inside <(…): it writes the pipe the reader's
			// argument names.
			for _, a := range r.Args {
				if s, ok := m.ArgStream(a); ok {
					pipe = s
				}
			}
			if !w.Fd(1).Same(pipe) {
				t.Errorf("%q: %s writes %+v, not the pipe %s's argument names (%+v)", tt.cmd, tt.writer, w.Fd(1), tt.reader, pipe)
			}
			continue
		case tt.arg:
			for _, a := range w.Args {
				if s, ok := m.ArgStream(a); ok {
					pipe = s
				}
			}
		default:
			pipe = w.Fd(1)
		}
		if pipe.Kind != StreamPipe || pipe.Pipe == nil || pipe.Pipe.Subst == "" {
			t.Errorf("%q: %s writes %+v, not the pipe of a process substitution", tt.cmd, tt.writer, pipe)
			continue
		}
		if !r.Fd(0).Same(pipe) {
			t.Errorf("%q: %s reads %+v, not the pipe %s writes (%+v)", tt.cmd, tt.reader, r.Fd(0), tt.writer, pipe)
		}
	}
	// >(list) keeps the shell's standard output: its output reaches the
	// next stage of the holder's pipeline, not the pipe.
	m, err := Analyze("tee >(grep x) < f | wc -l", opts)
	if err != nil {
		t.Fatal(err)
	}
	g, wc := findCall(m, "grep"), findCall(m, "wc")
	if !g.Fd(1).Same(wc.Fd(0)) {
		t.Errorf("grep in >(…) writes %+v, want the pipe wc reads (%+v)", g.Fd(1), wc.Fd(0))
	}
	// A redirection into a process substitution opens a pipe, not a
	// file: it writes nothing to disk.
	m, err = Analyze("echo x > >(cat)", opts)
	if err != nil {
		t.Fatal(err)
	}
	if e := findCall(m, "echo"); len(e.Redirs) != 1 || e.Redirs[0].Writes() {
		t.Errorf("echo x > >(cat): redirection %+v counted as a file write", e.Redirs)
	}
}

// TestProcSubstScripts checks that text reaching a shell, an interpreter,
// at or make through a process substitution is read as the program it is,
// and that an unknown one is asked about.
func TestProcSubstScripts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd string
		// script is the text of a nested script the command must hold
		// ("" for none).
		script string
		// hidden: an ask for a script only known at run time.
		hidden bool
	}{
		{cmd: "bash < <(echo 'rm -rf x')", script: "rm -rf x\n"},
		{cmd: "sh -s < <(printf 'rm -rf x')", script: "rm -rf x"},
		{cmd: "exec 3< <(echo 'rm x'); bash <&3", script: "rm x\n"},
		{cmd: "echo 'rm -rf x' > >(bash)", script: "rm -rf x\n"},
		{cmd: "tee >(sh) <<< 'rm -rf x'", script: "rm -rf x\n"},
		{cmd: "printf 'rm x' | tee >(sh)", script: "rm x"},
		{cmd: "cat <(echo 'rm -rf x') | sh", script: "rm -rf x\n"},
		{cmd: "at now -f <(echo 'rm x')", script: "rm x\n"},
		{cmd: "make -f <(printf 'all:\\n\\trm -rf x\\n')", script: "rm -rf x"},
		{cmd: "at now < job.sh", script: ""}, // no such file: nothing to read
		{cmd: "cat < <(echo 'rm x') | sh", script: "rm x\n"},
		{cmd: "bash <<< \"$(printf 'rm -rf x')\"", script: "rm -rf x"},
		{cmd: "bash < <(python3 gen.py)", hidden: true},
		{cmd: "{ echo 'rm x'; } > >(bash)", hidden: true},
		{cmd: "python3 < <(base64 -d <<< aW1wb3J0IG9z)", script: ""}, // python code, not a shell script
		// Look-alikes: the pipe is data.
		{cmd: "diff <(echo 'rm -rf x') b"},
		{cmd: "cat <(echo 'rm -rf x') | wc -l"},
		{cmd: "echo 'rm -rf x' > >(cat)"},
		{cmd: "tee >(grep rm) <<< 'rm -rf x'"},
		{cmd: "while read -r l; do echo \"$l\"; done < <(echo 'rm -rf x')"},
	}
	for _, tt := range tests {
		m, err := Analyze(tt.cmd, opts)
		if err != nil {
			t.Fatalf("%q: %v", tt.cmd, err)
		}
		found := nestedScripts(m)
		hasScript := false
		for _, f := range found {
			hasScript = hasScript || strings.TrimRight(f, "\n") == strings.TrimRight(tt.script, "\n")
		}
		if tt.script != "" && !hasScript {
			t.Errorf("%q: nested scripts %q, want one holding %q", tt.cmd, found, tt.script)
		}
		if tt.script == "" && !tt.hidden && len(found) > 0 {
			t.Errorf("%q: nested scripts %q, want none", tt.cmd, found)
		}
		if got := len(m.Hidden) > 0; got != tt.hidden {
			t.Errorf("%q: hidden %v (%+v), want %v", tt.cmd, got, m.Hidden, tt.hidden)
		}
	}
}
