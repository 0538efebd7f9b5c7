package syntax

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestMakeOptionsScanned checks make's options as the one scanner reads
// them with make's table: clusters, values after -j, abbreviated long
// options (getopt_long), and the dry runs that run no recipe.
func TestMakeOptionsScanned(t *testing.T) {
	t.Parallel()
	mk := "all:\n\trm -rf /tmp/all\nx:\n\trm -rf /tmp/x\n4:\n\trm -rf /tmp/four\n"
	read := func(p string) (string, error) {
		if strings.HasSuffix(p, "/Makefile") || strings.HasSuffix(p, "/other.mk") {
			return mk, nil
		}
		return "", os.ErrNotExist
	}
	cases := []struct {
		src  string
		want []string
	}{
		{`make`, []string{"/tmp/all"}},
		{`make x`, []string{"/tmp/x"}},
		{`make -j 4 x`, []string{"/tmp/x"}},
		{`make -j4 x`, []string{"/tmp/x"}},
		{`make --jobs 4 x`, []string{"/tmp/x"}},
		{`make -k 4`, []string{"/tmp/four"}},
		{`make -fother.mk x`, []string{"/tmp/x"}},
		{`make --file=other.mk x`, []string{"/tmp/x"}},
		{`make --fil other.mk x`, []string{"/tmp/x"}},
		{`make --eva=$'y:\n\trm -rf /tmp/y' y`, []string{"/tmp/y"}},
		{`make --eval $'y:\n\trm -rf /tmp/y' y`, []string{"/tmp/y"}},
		{`make -E $'y:\n\trm -rf /tmp/y' y`, []string{"/tmp/y"}},
		// Dry runs run no recipe, however spelled.
		{`make -n x`, nil},
		{`make -kn x`, nil},
		{`make --dry x`, nil},
		{`make --just x`, nil},
		{`make --question x`, nil},
		// An option's value is not a dry run: -o n names a file.
		{`make -o n x`, []string{"/tmp/x"}},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u", ReadFile: read})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		var got []string
		for _, c := range m.Calls {
			if c.Name == "rm" && len(c.Args) == 2 {
				got = append(got, c.Args[1].Value)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: recipes delete %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestDockerRunOptionsScanned checks docker run's options as the one
// scanner reads them with docker's table: a volume in a letter cluster,
// attached or not, and --volume=; docker's parser (spf13/pflag) takes no
// abbreviation, so --volu mounts nothing (docker refuses to run).
func TestDockerRunOptionsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src  string
		want string // the host path the container's rm names, or ""
	}{
		{`docker run --rm -v /:/host alpine rm -rf /host`, "/"},
		{`docker run -itv /:/host alpine rm -rf /host`, "/"},
		{`docker run -iv/:/host alpine rm -rf /host`, "/"},
		{`docker run --volume=/:/host alpine rm -rf /host`, "/"},
		{`docker run --volume /home/u:/h alpine rm -rf /h/x`, "/home/u/x"},
		{`docker container run -e A=1 -v /:/host alpine rm -rf /host`, "/"},
		// Look-alikes: the options end at the image.
		{`docker run --rm alpine rm -rf -v /:/host`, ""},
		{`docker run --volu /:/host alpine rm -rf /host`, ""},
		{`docker run -e -v -v /:/host alpine rm -rf /host`, "/"},
		{`docker run -e -v alpine rm -rf /host`, ""},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		got := ""
		for _, c := range m.Calls {
			if c.Name == "rm" && c.Script != m.Script {
				got = c.Args[len(c.Args)-1].Value
			}
		}
		if got != tc.want {
			t.Errorf("%q: the container's rm is judged as rm %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestScanShellStyle checks the scanner's fields for bash-style command
// lines: "+" clusters (Plus), letters whose value is the next free word
// while the cluster goes on (ShortNext), long options with one dash
// (LongOne), and an empty word, which is an operand.
func TestScanShellStyle(t *testing.T) {
	t.Parallel()
	spec := OptSpec{ShortNext: "oO", Plus: true, LongOne: true, Stop: true, LongVal: []string{"rcfile"}, LongFlag: []string{"norc"}}
	cases := []struct {
		words string
		opts  string // name[=value] with + for Plus
		first int    // the first operand, or -1
	}{
		{"-oc posix CMD", "o=posix c", 2},
		{"-oO a b CMD", "o=a O=b", 3},
		{"+o noexec -c CMD", "+o=noexec c", 3},
		{"-norc -rcfile f -c CMD", "norc rcfile=f c", 4},
		{"-nor -c CMD", "n o=-c r", 2}, // not a whole long name: a cluster
		{"-c -- CMD", "c", 2},
		{"+ CMD", "", 0},
		{"'' -c", "", 0},
	}
	for _, tc := range cases {
		var args []Arg
		for _, w := range strings.Fields(tc.words) {
			if w == "''" {
				w = ""
			}
			args = append(args, Arg{Value: w, Raw: w, Static: true})
		}
		opts, operands := ScanOptions(args, spec)
		var got []string
		for _, o := range opts {
			s := o.Name
			if o.Plus {
				s = "+" + s
			}
			if o.HasVal {
				s += "=" + o.Val.Value
			}
			got = append(got, s)
		}
		first := -1
		if len(operands) > 0 {
			first = operands[0]
		}
		if strings.Join(got, " ") != tc.opts || first != tc.first {
			t.Errorf("%q: %q, first operand %d; want %q, %d", tc.words, strings.Join(got, " "), first, tc.opts, tc.first)
		}
	}
}

// TestScanDynamicLongValue: --name=$VALUE is the option with a value only
// known at run time, not an operand; the operand after it stays the
// operand (git clone --depth=$D URL rewrote the URL as the destination).
func TestScanDynamicLongValue(t *testing.T) {
	t.Parallel()
	m, err := Analyze(`git clone --depth=$D https://example.com/r.git`, Options{Cwd: "/p", Home: "/home/u"})
	if err != nil {
		t.Fatal(err)
	}
	args := m.Calls[0].Args[1:]
	opts, operands := ScanOptions(args, OptSpec{ShortVal: "obucj", LongEq: true, Abbrev: true, LongVal: []string{"depth", "template", "branch"}})
	if len(opts) != 1 || opts[0].Name != "depth" || !opts[0].HasVal || opts[0].Val.Static || opts[0].Val.Value != "$D" {
		t.Errorf("options = %+v, want depth with the run-time value $D", opts)
	}
	if len(operands) != 1 || args[operands[0]].Value != "https://example.com/r.git" {
		t.Errorf("operands = %v, want the URL alone", operands)
	}
	// A run-time name is no option: the word stays an operand.
	m, _ = Analyze(`git clone --$N=1 https://example.com/r.git`, Options{Cwd: "/p", Home: "/home/u"})
	if _, ops := ScanOptions(m.Calls[0].Args[1:], OptSpec{LongEq: true, LongVal: []string{"depth"}}); len(ops) != 2 {
		t.Errorf("--$N=1: operands = %v, want 2", ops)
	}
}

// TestScanDynamicShortValue: a cluster whose letters are literal up to a
// letter that takes a value, followed by a run-time part ("-p$N",
// -Rp"$N"), is that option with a value only run time knows, not an
// operand (patch "-p$N" < x.diff read the word as the file to patch).
// A run-time letter ("-$x"), a run-time part among flags and a bare
// run-time word stay operands.
func TestScanDynamicShortValue(t *testing.T) {
	t.Parallel()
	spec := OptSpec{ShortVal: "pdi", LongEq: true}
	for _, tc := range []struct {
		cmd      string
		opts     string // names with "=" for a value
		operands int
	}{
		{`patch "-p$N" x.c`, "p=", 1},
		{`patch -p"$N" x.c`, "p=", 1},
		{`patch -Rp"$N"`, "R p=", 0},
		{`patch '-p'$N`, "p=", 0},
		{`patch "-$x" x.c`, "", 2},
		{`patch -R"$x"p1`, "", 1},
		{`patch "$F"`, "", 1},
		{`patch --strip=$N`, "", 1},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		opts, operands := ScanOptions(m.Calls[0].Args, spec)
		var got []string
		for _, o := range opts {
			n := o.Name
			if o.HasVal {
				n += "="
				if o.Val.Static {
					t.Errorf("%s: %s has a static value %q", tc.cmd, o.Name, o.Val.Value)
				}
			}
			got = append(got, n)
		}
		if strings.Join(got, " ") != tc.opts || len(operands) != tc.operands {
			t.Errorf("%s: options %q, %d operands; want %q, %d", tc.cmd, got, len(operands), tc.opts, tc.operands)
		}
	}
}

// TestScanDynamicShortOptional: a letter whose value is optional and only
// attached (sed -i, perl -i) takes the rest of a word with a run-time part
// as that value: sed -i"$X" edits its operands in place with a backup
// suffix only run time knows, and the word is no operand (before, the
// whole word was read as the script, and the file edited was missed).
func TestScanDynamicShortOptional(t *testing.T) {
	t.Parallel()
	spec := OptSpec{ShortVal: "ef", ShortOpt: "i", LongEq: true}
	for _, tc := range []struct {
		cmd      string
		opts     string
		val      string
		operands int
	}{
		{`sed -i"$X" s/a/b/ f`, "i=", "$X", 2},
		{`sed "-i$X" s/a/b/ f`, "i=", "$X", 2},
		{`sed -ni.b"$X" s/a/b/ f`, "n i=", ".b$X", 2},
		{`sed -i.bak s/a/b/ f`, "i=", ".bak", 2},
		{`sed "$X" s/a/b/ f`, "", "", 3},
		{`sed -e"$X" f`, "e=", "", 1},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		opts, operands := ScanOptions(m.Calls[0].Args, spec)
		var got []string
		val := ""
		for _, o := range opts {
			n := o.Name
			if o.HasVal {
				n += "="
				if o.Name == "i" {
					val = o.Val.Value
				}
			}
			got = append(got, n)
		}
		if strings.Join(got, " ") != tc.opts || len(operands) != tc.operands || val != tc.val {
			t.Errorf("%s: options %q (i=%q), %d operands; want %q (i=%q), %d", tc.cmd, got, val, len(operands), tc.opts, tc.val, tc.operands)
		}
	}
}

// TestScanAttachedProcSubst: a process substitution written right after
// an option's letters (-a<(…), --arg-file=<(…), "-a"<(…)) is the option's
// value, and its word is the substitution alone, so the value reads as
// the pipe; with other text between (-ax<(…)) the value is a file name
// that merely holds the pipe's path.
func TestScanAttachedProcSubst(t *testing.T) {
	t.Parallel()
	spec := OptSpec{ShortVal: "a", LongEq: true, Abbrev: true, LongVal: []string{"arg-file"}}
	for _, tc := range []struct {
		cmd  string
		pipe bool
	}{
		{`mytool -a<(find ~) rm`, true},
		{`mytool --arg-file=<(find ~) rm`, true},
		{`mytool --arg-f=<(find ~) rm`, true},
		{`mytool "-a"<(find ~) rm`, true},
		{`mytool -0a<(find ~) rm`, true},
		{`mytool -ax<(find ~) rm`, false},
		{`mytool --arg-file=x<(find ~) rm`, false},
		{`mytool -a"$D"<(find ~) rm`, false},
	} {
		m, err := Analyze(tc.cmd, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Fatal(err)
		}
		var call *Call
		for _, c := range m.Calls {
			if c.Name == "mytool" {
				call = c
			}
		}
		if call == nil {
			t.Fatalf("%s: no mytool call", tc.cmd)
		}
		opts, _ := ScanOptions(call.Args, spec)
		var file *Option
		for i := range opts {
			if opts[i].Name == "a" || opts[i].Name == "arg-file" {
				file = &opts[i]
			}
		}
		if file == nil || !file.HasVal {
			t.Errorf("%s: options %+v, want the file option with a value", tc.cmd, opts)
			continue
		}
		_, ok := m.ArgStream(file.Val)
		if ok != tc.pipe {
			t.Errorf("%s: value is a pipe = %v, want %v", tc.cmd, ok, tc.pipe)
		}
	}
}
