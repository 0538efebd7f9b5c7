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

// TestPickleMachine: the imports of a pickle are those the unpickler
// makes as it runs the opcodes (pickleRun): names pushed by any string
// opcode (SHORT_BINUNICODE, BINUNICODE8, STRING) and reaching
// STACK_GLOBAL through the memo (MEMOIZE, BINPUT, LONG_BINPUT, then
// BINGET, LONG_BINGET, GET), and a STACK_GLOBAL on a value a call made
// (codecs.decode("bf", "rot13") is "os") is an import of a name only
// loading knows. Look-alikes: import text inside a string's data, an
// ordinary class reached through the memo. When python3 is installed,
// its unpickler (find_class recording each import) confirms every row.
func TestPickleMachine(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text, want string
		imports          []string // module.name, as the unpickler imports them ("?": only loading knows)
	}{
		{"memoize-binget", "\x80\x04\x8c\x02os\x94\x8c\x06system\x94h\x00h\x01\x93\x8c\x02id\x85R.", "os.system", []string{"os.system"}},
		{"binput-binget-p2", "\x80\x02X\x02\x00\x00\x00osq\x05X\x06\x00\x00\x00systemq\x060h\x05h\x06\x93X\x02\x00\x00\x00id\x85R.", "os.system", []string{"os.system"}},
		{"long-binput-get", "\x80\x04\x8c\x0asubprocessr\x10\x00\x00\x000\x8c\x0ccheck_outputp7\n0j\x10\x00\x00\x00g7\n\x93\x8c\x02id\x85R.", "subprocess.check_output", []string{"subprocess.check_output"}},
		{"binunicode8", "\x80\x04\x8d\x05\x00\x00\x00\x00\x00\x00\x00posix\x8d\x06\x00\x00\x00\x00\x00\x00\x00system\x93\x8c\x02id\x85R.", "posix.system", []string{"posix.system"}},
		{"string-opcode", "S'os'\nS'system'\n\x93S'id'\n\x85R.", "os.system", []string{"os.system"}},
		{"computed-name", "\x80\x04\x8c\x06codecs\x8c\x06decode\x93\x8c\x02bf\x8c\x05rot13\x86R\x8c\x06system\x93\x8c\x02id\x85R.", "a callable it names only while loading", []string{"codecs.decode", "?"}},
		{"second-pickle", "\x80\x04N.\x80\x04\x8c\x02os\x94\x8c\x06system\x94h\x00h\x01\x93\x8c\x02id\x85R.", "os.system", []string{"os.system"}},
		// Look-alikes.
		{"text-in-data-look", "\x80\x04\x8c\x0bcos\nsystem\n\x94.", "", nil},
		{"text-in-data-newline-look", "\x80\x04\x8c\x0bcos\nsystem\n\x94.\n", "", nil},
		{"memo-collections-look", "\x80\x04\x8c\x0bcollections\x94\x8c\x0bOrderedDict\x94h\x00h\x01\x93)R.", "", []string{"collections.OrderedDict"}},
	}
	for _, tc := range cases {
		if got := pickleRiskyImport(tc.text); got != tc.want {
			t.Errorf("%s: risky import %q, want %q", tc.name, got, tc.want)
		}
		var got []string
		for _, m := range pickleImports(tc.text) {
			if m[0] == pickleUnknown {
				got = append(got, "?")
			} else {
				got = append(got, m[0]+"."+m[1])
			}
		}
		if strings.Join(got, " ") != strings.Join(tc.imports, " ") {
			t.Errorf("%s: imports %q, want %q", tc.name, got, tc.imports)
		}
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	rec := `import pickle, sys, io, codecs
class R(pickle.Unpickler):
    def find_class(self, m, n):
        print(m + "." + n)
        return codecs.decode if (m, n) == ("codecs", "decode") else (lambda *a, **k: None)
data = sys.stdin.buffer.read()
f = io.BytesIO(data)
try:
    while f.tell() < len(data):
        R(f).load()
except pickle.UnpicklingError:
    pass  # bytes after the last pickle that start no other
`
	for _, tc := range cases {
		cmd := exec.Command(py, "-c", rec)
		cmd.Stdin = strings.NewReader(tc.text)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: python3: %v", tc.name, err)
		}
		real := strings.Fields(string(out))
		want := strings.Join(tc.imports, " ")
		if tc.name == "computed-name" {
			want = "codecs.decode os.system" // what "?" stands for
		}
		if strings.Join(real, " ") != want {
			t.Errorf("%s: python3 imports %q, the row says %q", tc.name, real, want)
		}
	}
}

// FuzzPickleImports: any bytes are read without a panic, and a risky
// import found is one of the imports listed.
func FuzzPickleImports(f *testing.F) {
	f.Add("\x80\x04\x8c\x02os\x94\x8c\x06system\x94h\x00h\x01\x93\x8c\x02id\x85R.")
	f.Add("cos\nsystem\n(S'rm -rf ~'\ntR.")
	f.Add("(S'id'\nisubprocess\ncheck_output\np0\n.")
	f.Fuzz(func(t *testing.T, b string) {
		imps := pickleImports(b)
		if len(imps) > 2*maxPickleImports+2 {
			t.Fatalf("%d imports", len(imps))
		}
		_ = pickleRiskyImport(b)
	})
}
