package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRoffUnsafeRequests: groff/troff/nroff -U obey .sy and .pso
// (command lines) and .open/.opena (writes) of the documents they read,
// from files, stdin and .so inclusions. Look-alikes: without -U (safer
// mode), -S after -U, an ordinary man page.
func TestRoffUnsafeRequests(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"x.roff":      ".sy rm -rf /victim\nHello\n",
		"p.roff":      ".pso rm -rf /victim\n",
		"inc.roff":    ".so x.roff\n",
		"doc.1":       ".TH X 1\n.SH NAME\nx \\- does x\n",
		"mac.roff":    ".de S\n.sy rm -rf \\\\$1\n..\n.S /victim\n",
		"macall.roff": ".de S\n.sy \\\\$*\n..\n.S rm -rf /victim\n",
		"trap.roff":   ".de S\n.sy rm -rf /victim\n..\n.em S\n",
		"als.roff":    ".als run sy\n.run rm -rf /victim\n",
		"rn.roff":     ".rn sy zz\n.zz rm -rf /victim\n",
		"str.roff":    ".ds x sy\n.\\*x rm -rf /victim\n.ds y \"rm -rf\n.\\*[x] \\*y /victim\n",
		"cc.roff":     ".cc @\n@sy rm -rf /victim\n",
		"c2.roff":     ".c2 !\n!sy rm -rf /victim\n",
		"do.roff":     ".do sy rm -rf /victim\n",
		"end.roff":    ".de S XX\n.sy rm -rf /victim\n.XX\n",
		"if.roff":     ".ie n .tm x\n.el .sy rm -rf /victim\n",
		"ccoff.roff":  ".cc @\n.sy rm -rf /victim\n",
		"macarg.roff": ".de S\n.sy echo \\\\$1\n..\n.S /victim\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`groff -U x.roff`, true},
		{`groff -U -Tutf8 x.roff`, true},
		{`groff -UTutf8 x.roff`, true},
		{`troff -U x.roff`, true},
		{`nroff -U x.roff`, true},
		{`groff -U p.roff`, true},
		{`groff -U inc.roff`, true},
		{`groff -U < x.roff`, true},
		{`printf '.sy rm -rf /victim\n' | groff -U`, true},
		{"groff -U <<'EOF'\n.sy rm -rf /victim\nEOF", true},
		{`groff -U - < x.roff`, true},
		// Requests spelt otherwise: a macro (its arguments put in), an
		// alias, a renamed request, a string, another control character.
		{`groff -U mac.roff`, true},
		{`groff -U macall.roff`, true},
		{`groff -U trap.roff`, true},
		{`groff -U als.roff`, true},
		{`groff -U rn.roff`, true},
		{`groff -U str.roff`, true},
		{`groff -U cc.roff`, true},
		{`groff -U c2.roff`, true},
		{`groff -U do.roff`, true},
		{`groff -U end.roff`, true},
		{`groff -U if.roff`, true},
		// Look-alikes.
		{`groff -U ccoff.roff`, false},
		{`groff -U macarg.roff`, false},
		{`groff mac.roff`, false},
		{`groff x.roff`, false},
		{`groff -Tutf8 -man x.roff`, false},
		{`groff -U -S x.roff`, false},
		{`groff -U -man -Tutf8 doc.1`, false},
		{`nroff -man doc.1`, false},
		{`groff -U --version`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
	// .open writes its file: a redirect corral sees.
	m := analyzeIn(t, dir, "printf '.open s out.txt\\n.write s hi\\n' > o.roff && groff -U o.roff")
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "out.txt")
	}
	if !seen {
		t.Errorf("groff -U .open: the write of out.txt is not modelled")
	}
}

// TestRoffUnsafeRun runs real groff: -U runs .sy and .open writes its
// file, without -U neither happens; corral reads the same.
func TestRoffUnsafeRun(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("groff not installed")
	}
	for _, tc := range []struct {
		cmd string
		ran bool
	}{
		{"groff -U t.roff", true},
		{"groff -U < t.roff", true},
		{"groff t.roff", false},
		{"groff -U m.roff", true},
	} {
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{"t.roff": ".sy touch canary\n.open s opened\n.write s hi\n.close s\nx\n",
			"m.roff": ".cc @\n@de S\n@\\\\*[r] touch \\\\$1\n..\n@ds r sy\n@als o open\n@S canary\n@o s opened\n@write s hi\n@close s\n.sy touch dot\n"})
		m := analyzeIn(t, dir, tc.cmd)
		seen := false
		for _, s := range nestedScripts(m) {
			seen = seen || strings.Contains(s, "touch canary")
		}
		c := exec.Command("bash", "-c", tc.cmd+" >/dev/null")
		c.Dir = dir
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", tc.cmd, err, out)
		}
		_, err1 := os.Stat(filepath.Join(dir, "canary"))
		_, err2 := os.Stat(filepath.Join(dir, "opened"))
		if _, err := os.Stat(filepath.Join(dir, "dot")); err == nil {
			t.Errorf("%s: a line with the old control character ran", tc.cmd)
		}
		if (err1 == nil) != tc.ran || (err2 == nil) != tc.ran || seen != tc.ran {
			t.Errorf("%s: .sy ran %v, .open wrote %v, corral saw it %v; want %v", tc.cmd, err1 == nil, err2 == nil, seen, tc.ran)
		}
	}
}

// TestRoffIncludeBound: a document that includes itself many times is
// read a bounded number of times.
func TestRoffIncludeBound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"self.roff": strings.Repeat(".so self.roff\n", 2000) + ".sy rm -rf /victim\n"})
	m := analyzeIn(t, dir, `groff -U self.roff`)
	wantVictim(t, m, "groff -U self.roff", true)
}

// TestRoffMacroBound: macros that call themselves and each other are
// followed a bounded number of lines; a .sy before them is still read.
func TestRoffMacroBound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := ".sy rm -rf /victim\n.de A\n.A\n.A\n.B\n..\n.de B\n.A\n.A\n..\n" + strings.Repeat(".A x y z\n", 500) + ".ds s \\*s\\*s\n.\\*s\n"
	writeFiles(t, dir, map[string]string{"loop.roff": doc})
	m := analyzeIn(t, dir, `groff -U loop.roff`)
	wantVictim(t, m, "groff -U loop.roff", true)
}

// TestRoffStringGrowth: a string that doubles itself on every line and
// a macro appended to itself stay bounded.
func TestRoffStringGrowth(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	doc := ".ds s x\n" + strings.Repeat(".as s \\*s\n", 200) + ".de M\n.sy true\n..\n" + strings.Repeat(".am M\n.M\n..\n", 200) + strings.Repeat(".M\n", 200) + ".sy rm -rf /victim\n"
	writeFiles(t, dir, map[string]string{"grow.roff": doc})
	m := analyzeIn(t, dir, `groff -U grow.roff`)
	if len(m.Scripts) > 2000 {
		t.Errorf("groff -U grow.roff: %d nested scripts", len(m.Scripts))
	}
	// The .sy after the budget is not read: the document is hidden code.
	if !deletes(m, "/victim") && len(m.Hidden) == 0 {
		t.Errorf("groff -U grow.roff: the rest of the document is neither read nor reported")
	}
}
