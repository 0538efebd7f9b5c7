package lang

import (
	"os/exec"
	"strings"
	"testing"
)

// TestPathSiblings: pathlib's with_name, with_stem and with_suffix give a
// sibling of the receiver (red team 12 PM): the write is judged at that
// path, which the real python3 computes the same way; p.open("a") of a
// loop's element is a write of what the loop lists.
func TestPathSiblings(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ expr, want string }{
		{`Path("out/a.txt").with_suffix(".json")`, "out/a.json"},
		{`Path("out/a.txt").with_name(".bashrc")`, "out/.bashrc"},
		{`Path("a/b.tar.gz").with_stem("c")`, "a/c.gz"},
		{`Path("a/b.tar.gz").with_suffix("")`, "a/b.tar"},
		{`Path("/h/x.txt").with_suffix("").with_name(".bashrc")`, "/h/.bashrc"},
		{`Path("/h/.bashrc").with_suffix(".bak")`, "/h/.bashrc.bak"},
	} {
		src := "from pathlib import Path\n" + tc.expr + ".write_text('x')\n"
		var got []string
		for _, e := range Analyze(Python, src) {
			if e.Kind == Write {
				got = append(got, e.Path)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: writes %q, want %q", tc.expr, got, tc.want)
		}
		if py, err := exec.LookPath("python3"); err == nil {
			out, err := exec.Command(py, "-c", "from pathlib import Path\nprint("+tc.expr+")").Output()
			if err != nil || strings.TrimSpace(string(out)) != tc.want {
				t.Errorf("python3 gives %q (%v) for %s, the table says %q", out, err, tc.expr, tc.want)
			}
		}
	}
	// The receiver's home is kept; a loop element's open is a write of
	// what the listing finds.
	for _, tc := range []struct {
		src  string
		home bool
		want string
	}{
		{`import pathlib; pathlib.Path.home().joinpath("x.txt").with_name(".bashrc").write_text("")`, true, ".bashrc"},
		{`import pathlib; [p.open("a").write("#") for p in pathlib.Path.home().glob(".bash?c")]`, true, ".bash?c"},
	} {
		var got []string
		home := false
		for _, e := range Analyze(Python, tc.src) {
			if e.Kind == Write {
				got = append(got, e.Path+strings.Join(e.Pieces, ""))
				home = home || e.Tilde || e.Home
			}
		}
		if len(got) != 1 || !strings.HasSuffix(got[0], tc.want) || home != tc.home {
			t.Errorf("%s: writes %q (home %v), want %q (home %v)", tc.src, got, home, tc.want, tc.home)
		}
	}
	// Another class's open takes a name first, no mode: no write.
	for _, src := range []string{`z = zipfile.ZipFile("a.zip"); z.open("data.txt")`, `f = get(); f.open("r")`} {
		for _, e := range Analyze(Python, "import zipfile\n"+src) {
			if e.Kind == Write {
				t.Errorf("%s: write %+v", src, e)
			}
		}
	}
}

// TestPerlTopicLoop: Perl's for (LIST) without a variable puts each
// element in $_ (the real perl appended to every ~/.bash?c match of
// for (glob("~/.bash?c")) { open(F, ">>", $_) }, red team 12 GL): the
// open of $_ is a write of what the list holds, as for my $f (LIST) is;
// a C-style for (init; cond; step) binds nothing.
func TestPerlTopicLoop(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ src, want string }{
		{`for (glob("~/.bash?c")) { open(F, ">>", $_); print F "x" }`, "~/.bash?c"},
		{`foreach (glob("~/.bash?c")) { open(F, ">>", $_) }`, "~/.bash?c"},
		{`for my $f (glob("~/.bash?c")) { open(F, ">>", $f) }`, "~/.bash?c"},
		{`for (my $i = 0; $i < 3; $i++) { open(F, ">", $_) }`, ""},
	} {
		got := ""
		for _, e := range Analyze(Perl, tc.src) {
			if e.Kind == Write {
				got += strings.Join(e.Pieces, "")
			}
		}
		if got != tc.want {
			t.Errorf("%s: writes %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestPathParent: .parent before a method is the receiver's directory
// ((Path(".env") / "x").parent reads .env; Path(".env").parent is ".").
func TestPathParent(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ src, want string }{
		{`print((pathlib.Path(".env") / "x").parent.read_text())`, ".env"},
		{`print((pathlib.Path("a") / "b" / "c").parent.parent.read_text())`, "a"},
		{`print(pathlib.Path(".env").parent.read_text())`, "."},
	} {
		got := ""
		for _, e := range Analyze(Python, "import pathlib\n"+tc.src) {
			if e.Kind == Read {
				got += e.Path
			}
		}
		if got != tc.want {
			t.Errorf("%s: reads %q, want %q", tc.src, got, tc.want)
		}
	}
}
