package syntax

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPickleImports: the callables a pickle imports are found in every
// protocol (real pickles made by python3 when it is installed, and
// hand-written protocol 0 text); data pickles import nothing risky.
func TestPickleImports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"p0-text", "cos\nsystem\n(S'rm -rf ~'\ntR.", "os.system"},
		{"p0-inst", "(S'id'\nisubprocess\ncheck_output\np0\n.", "subprocess.check_output"},
		{"p0-builtins-eval", "c__builtin__\neval\n(S'1'\ntR.", "__builtin__.eval"},
		{"p4-stack-global", "\x80\x04\x95\x1e\x00\x00\x00\x00\x00\x00\x00\x8c\x05posix\x94\x8c\x06system\x94\x93\x94\x8c\x02id\x94\x85\x94R\x94.", "posix.system"},
		{"p2-set-look", "\x80\x02c__builtin__\nset\nq\x00]q\x01K\x01a\x85q\x02Rq\x03.", ""},
		{"p4-data-look", "\x80\x04\x95\x10\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x02os\x94\x8c\x05linux\x94s.", ""},
		{"p4-collections-look", "\x80\x04\x8c\x0bcollections\x94\x8c\x0bOrderedDict\x94\x93\x94)R\x94.", ""},
	} {
		if got := pickleRiskyImport(tc.text); got != tc.want {
			t.Errorf("%s: risky import %q, want %q", tc.name, got, tc.want)
		}
	}
	// Real pickles, every protocol, when python3 is here.
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	for proto := 0; proto <= 5; proto++ {
		src := "import pickle, os, sys\nclass E:\n    def __reduce__(self): return (os.system, ('true',))\nsys.stdout.buffer.write(pickle.dumps(E(), protocol=" + string(rune('0'+proto)) + "))"
		out, err := exec.Command(py, "-c", src).Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := pickleRiskyImport(string(out)); !strings.HasSuffix(got, ".system") {
			t.Errorf("protocol %d: risky import %q, want ….system", proto, got)
		}
		src = "import pickle, sys, collections\nsys.stdout.buffer.write(pickle.dumps([collections.OrderedDict(os='linux'), {1, 2}, 'os system'], protocol=" + string(rune('0'+proto)) + "))"
		out, err = exec.Command(py, "-c", src).Output()
		if err != nil {
			t.Fatal(err)
		}
		if got := pickleRiskyImport(string(out)); got != "" {
			t.Errorf("protocol %d data: risky import %q, want none", proto, got)
		}
	}
}
