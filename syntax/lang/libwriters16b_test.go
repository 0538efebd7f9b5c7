package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLibraryWriters16b (red team 16 PY1 rest): Perl's Tie::File,
// IO::File->new, Storable's store family and retrieve with
// $Storable::Eval, File::Slurp's writers; Python's
// ElementTree.write and the mailbox classes. Before: no effect (allow).
// Look-alikes: the same modules reading, and writes of other objects.
func TestLibraryWriters16b(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"pl-tie-file", Perl, `use Tie::File; tie my @a, "Tie::File", "/h/.bashrc"; $a[0] = "echo x";`,
			[]string{"append Tie::File: /h/.bashrc"}},
		{"pl-tie-file-parens", Perl, `tie(@lines, 'Tie::File', "/h/.profile") or die;`,
			[]string{"append Tie::File: /h/.profile"}},
		{"pl-tie-file-rdonly", Perl, `use Fcntl; use Tie::File; tie my @a, "Tie::File", "/h/notes", mode => O_RDONLY;`,
			[]string{"read Tie::File: /h/notes"}},
		{"pl-iofile-w", Perl, `use IO::File; IO::File->new("/h/.bashrc", "w")->print("x");`,
			[]string{"write IO::File->new: /h/.bashrc"}},
		{"pl-iofile-a", Perl, `my $f = IO::File->new("/h/.bashrc", "a");`,
			[]string{"append IO::File->new: /h/.bashrc"}},
		{"pl-iofile-gt", Perl, `my $f = IO::File->new("/h/.bashrc", ">");`,
			[]string{"write IO::File->new: /h/.bashrc"}},
		{"pl-iofile-spec", Perl, `my $f = IO::File->new(">>/h/.bashrc");`,
			[]string{"append IO::File->new: /h/.bashrc"}},
		{"pl-iofile-indirect", Perl, `my $f = new IO::File("/h/.bashrc", "w");`,
			[]string{"write IO::File->new: /h/.bashrc"}},
		{"pl-iofile-flags", Perl, `use Fcntl; my $f = IO::File->new("/h/.bashrc", O_WRONLY|O_CREAT);`,
			[]string{"write IO::File->new: /h/.bashrc"}},
		{"pl-storable-store", Perl, `use Storable; store({}, "/h/.bashrc");`,
			[]string{"write Storable::store: /h/.bashrc"}},
		{"pl-storable-nstore", Perl, `use Storable qw(nstore); Storable::nstore(\%h, "/h/.bashrc");`,
			[]string{"write Storable::nstore: /h/.bashrc"}},
		{"pl-storable-eval", Perl, `use Storable; $Storable::Eval = 1; my $d = retrieve("data.sto");`,
			[]string{"hidden Storable::retrieve with $Storable::Eval: \"data.sto\""}},
		{"pl-slurp", Perl, `use File::Slurp; write_file("/h/.bashrc", "x"); append_file("/h/.profile", "y");`,
			[]string{"write write_file: /h/.bashrc", "append append_file: /h/.profile"}},
		{"py-etree-write", Python, `import xml.etree.ElementTree as E; E.ElementTree(E.Element("a")).write("/h/.claude/settings.json")`,
			[]string{"write ElementTree.write: /h/.claude/settings.json"}},
		{"py-etree-parse-write", Python, "import xml.etree.ElementTree as ET\nt = ET.parse('in.xml')\nt.write('/h/.bashrc')",
			[]string{"read xml.etree.ElementTree.parse: in.xml", "write ElementTree.write: /h/.bashrc"}},
		{"py-lxml-write", Python, "from lxml import etree\ntree = etree.ElementTree(etree.Element('a'))\ntree.write('/h/.bashrc')",
			[]string{"write ElementTree.write: /h/.bashrc"}},
		{"py-mailbox", Python, `import mailbox; mailbox.mbox("/h/.bashrc").add("From: x\n\nhi")`,
			[]string{"append mailbox.mbox: /h/.bashrc"}},
		// Look-alikes.
		{"pl-storable-retrieve", Perl, `use Storable; my $d = retrieve("data.sto");`, nil},
		{"pl-storable-eval-off", Perl, `use Storable; $Storable::Eval = 0; my $d = retrieve("data.sto");`, nil},
		{"pl-tie-hash", Perl, `tie my %h, "DB_File", "x.db";`, nil},
		{"pl-iofile-read", Perl, `my $f = IO::File->new("notes.txt", "r");`, []string{"read IO::File->new: notes.txt"}},
		{"py-file-write", Python, "import xml.etree.ElementTree as ET\nf = open('out.txt', 'w')\nf.write('/h/.bashrc')",
			[]string{"write open: out.txt"}},
		{"py-etree-tostring", Python, "import xml.etree.ElementTree as ET\nprint(ET.tostring(ET.Element('a')))", nil},
		{"py-mailbox-nocreate", Python, `import mailbox; mailbox.mbox("box", create=False)`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestLibraryWriters16bOracle runs the real perl and python3 on the
// writers against a canary under a temporary directory: each writes the
// file the analysis names (or, for Storable with $Storable::Eval, runs
// the code the stored data holds).
func TestLibraryWriters16bOracle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, prog string
		l          Lang
		flag, src  string
		module     string // a module that must load, else skipped
	}{
		{"pl-tie-file", "perl", Perl, "-e", `use Tie::File; tie my @a, "Tie::File", "CANARY" or die; $a[0] = "echo x";`, "Tie::File"},
		{"pl-iofile-w", "perl", Perl, "-e", `use IO::File; IO::File->new("CANARY", "w")->print("x");`, "IO::File"},
		{"pl-iofile-spec", "perl", Perl, "-e", `use IO::File; IO::File->new(">>CANARY")->print("x");`, "IO::File"},
		{"pl-storable-store", "perl", Perl, "-e", `use Storable; store({}, "CANARY");`, "Storable"},
		// A stored code reference whose text holds a BEGIN block: thaw
		// with $Storable::Eval compiles it, and the block runs.
		{"pl-storable-eval", "perl", Perl, "-e", `use Storable qw(freeze thaw); $Storable::Deparse = 1; my $pad = "A" x 400; ` +
			`my $f = freeze([eval qq(sub { "$pad" })]); $f =~ /(\{\n\s+.$pad.;\n\})/s or die; my $t = $1; ` +
			`my $pay = q({BEGIN{open my $h, ">", "CANARY"; print $h "x"}}); $pay .= " " x (length($t) - length($pay)); ` +
			`$f =~ s/\Q$t\E/$pay/; $Storable::Eval = 1; thaw($f);`, "B::Deparse"},
		{"py-etree-write", "python3", Python, "-c", `import xml.etree.ElementTree as E; E.ElementTree(E.Element("a")).write("CANARY")`, ""},
		{"py-mailbox", "python3", Python, "-c", `import mailbox; mailbox.mbox("CANARY").add("From: x\n\nhi")`, ""},
	}
	for _, tc := range cases {
		bin, err := exec.LookPath(tc.prog)
		if err != nil {
			t.Logf("%s: %s not installed, skipped", tc.name, tc.prog)
			continue
		}
		if tc.module != "" && exec.Command(bin, "-M"+tc.module, "-e", "1").Run() != nil {
			t.Logf("%s: %s not available, skipped", tc.name, tc.module)
			continue
		}
		dir := t.TempDir()
		canary := filepath.Join(dir, "canary")
		code := strings.ReplaceAll(tc.src, "CANARY", canary)
		found := false
		for _, e := range Analyze(tc.l, code) {
			found = found || strings.Contains(describe(e), canary) || e.Kind == Hidden && strings.Contains(e.Call, "Storable")
		}
		if !found {
			t.Errorf("%s: the analysis names no effect on %s", tc.name, canary)
		}
		cmd := exec.Command(bin, tc.flag, code)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", tc.name, err, out)
			continue
		}
		if _, err := os.Stat(canary); err != nil {
			t.Errorf("%s: the real %s did not write the canary", tc.name, tc.prog)
		}
	}
}
