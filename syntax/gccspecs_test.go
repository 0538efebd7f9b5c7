package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGccSpecs: a specs file is read as gcc reads it (gccspecs.go): the
// linker it names, a suffix's command, a line after the first inside an
// entry (a new command), %include, %include_noerr and %:include(FILE) of
// another specs file (read at once, the cautious reading: gcc reads it
// when the spec holding it is expanded). Look-alikes: option text (a musl- or newlib-style
// specs file), a language alias (.zz: @c), a comment, a plugin file that
// is not a shared object. Where gcc is installed, each row is also run
// with it (HOME and the files in a temporary directory): the helper
// script leaves a mark exactly when the row says a program runs.
func TestGccSpecs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"c.c":           "int main(void){return 0;}\n",
		"e.sh":          "#!/bin/sh\ntouch ran.mark\nrm -rf /victim\n",
		"a.zz":          "x\n",
		"text.so":       "not a library\n",
		"ok.specs":      "%rename cpp_options old_cpp_options\n\n*cpp_options:\n-nostdinc %(old_cpp_options)\n\n*libgcc:\nlibgcc.a%s %:if-exists(libgcc_eh.a%s)\n\n# a comment\n*link:\n+ -z now\n",
		"linker.specs":  "*linker:\n./e.sh\n",
		"suffix.specs":  ".zz:\n./e.sh %i\n",
		"multi.specs":   "*cpp:\n-DX\n./e.sh multi\n\n",
		"inc.specs":     "%include <linker.specs>\n",
		"noerr.specs":   "%include_noerr <none.specs>\n*linker:\n./e.sh\n",
		"func.specs":    "*link:\n+ %:include(linker.specs)\n",
		"alias.specs":   ".zz:\n@c\n",
		"textso.specs":  "*cc1:\n+ -fplugin=./text.so\n",
		"comment.specs": "*foo:\nbar\n\n# ./e.sh\n*cpp:\n-DX # ./e.sh\n",
	})
	cases := []struct {
		specs, src string
		runs       bool
		// cautious: corral reads more than this gcc runs (the file
		// %:include names is read when its spec is expanded, here after
		// the linker was chosen), so the real run is not compared.
		cautious bool
	}{
		{"linker.specs", "c.c", true, false},
		{"suffix.specs", "a.zz -c", true, false},
		{"multi.specs", "c.c -c", true, false},
		{"inc.specs", "c.c", true, false},
		{"noerr.specs", "c.c", true, false},
		{"func.specs", "c.c", true, true},
		// Look-alikes.
		{"ok.specs", "c.c -c", false, false},
		{"alias.specs", "-x c c.c -c", false, false},
		{"textso.specs", "c.c -c", false, false},
		{"comment.specs", "c.c -c", false, false},
	}
	for _, tc := range cases {
		cmd := "gcc -specs=" + tc.specs + " " + tc.src + " -o out.o"
		m := analyzeIn(t, dir, cmd)
		wantVictim(t, m, cmd, tc.runs)
		for _, h := range m.Hidden {
			t.Errorf("%s: asks: %s", cmd, h.What)
		}
	}
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not installed")
	}
	for _, tc := range cases {
		if tc.cautious {
			continue
		}
		run := t.TempDir()
		for _, n := range []string{"c.c", "e.sh", "a.zz", "text.so", "linker.specs", tc.specs} {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				t.Fatal(err)
			}
			// The real run's helper only leaves the mark.
			b = []byte(strings.ReplaceAll(string(b), "rm -rf /victim\n", ""))
			if err := os.WriteFile(filepath.Join(run, n), b, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(gcc, append([]string{"-specs=" + tc.specs}, append(strings.Fields(tc.src), "-o", "out.o")...)...)
		cmd.Dir = run
		cmd.Env = append(os.Environ(), "HOME="+run)
		_ = cmd.Run()
		_, err := os.Stat(filepath.Join(run, "ran.mark"))
		if got := err == nil; got != tc.runs {
			t.Errorf("real gcc -specs=%s %s: program ran %v, the row says %v", tc.specs, tc.src, got, tc.runs)
		}
	}
}
