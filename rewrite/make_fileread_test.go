package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// makeFileReadRows are Makefiles that run code corral did not see (red
// team 17 MK1): $(file <F) used as a recipe line or fed to $(eval), an
// included makefile make remakes and then reads again, a sub-make whose
// -f name is computed; and look-alikes that must pass. EV stands for a
// directory outside the project holding p.sh (shell text that replaces
// ~/.bashrc), p.mk (a makefile doing the same) and ok.mk (a harmless
// makefile). gone: the real make replaces the canary.
var makeFileReadRows = []struct {
	name  string
	files map[string]string // project files
	cmd   string
	want  string
	gone  bool
}{
	{name: "file-simple-var-recipe", files: map[string]string{"Makefile": "X := $(file < EV/p.sh)\nall:\n\t$(X)\n"}, cmd: "make", want: "deny", gone: true},
	{name: "file-recursive-var-recipe", files: map[string]string{"Makefile": "X = $(file <EV/p.sh)\nall:\n\t@$(X)\n"}, cmd: "make", want: "deny", gone: true},
	{name: "file-in-recipe", files: map[string]string{"Makefile": "all:\n\t$(file < EV/p.sh)\n"}, cmd: "make", want: "deny", gone: true},
	{name: "file-eval", files: map[string]string{"Makefile": "$(eval $(file < EV/p.mk))\n"}, cmd: "make", want: "deny", gone: true},
	{name: "file-relative-eval", files: map[string]string{"Makefile": "$(eval $(file < sub/p.mk))\n", "sub/p.mk": "all:\n\techo pwned > $$HOME/.bashrc\n"}, cmd: "make", want: "deny", gone: true},
	// The command copies the file first (its text known), or changes it
	// with text only run time knows, or a rule of the Makefile makes it
	// before the recipe is expanded (unknown: ask).
	{name: "file-copied-first", files: map[string]string{"Makefile": "X := $(file < p.sh)\nall:\n\t$(X)\n"}, cmd: "cp EV/p.sh p.sh && make", want: "deny", gone: true},
	{name: "file-changed-first", files: map[string]string{"Makefile": "X := $(file < p.sh)\nall:\n\t$(X)\n"}, cmd: "sed s/zzz/yyy/ EV/p.sh > p.sh && make", want: "ask", gone: true},
	{name: "file-made-by-rule", files: map[string]string{"Makefile": "all: p.sh\n\t$(file < p.sh)\np.sh:\n\tcp EV/p.sh $@\n"}, cmd: "make", want: "ask", gone: true},
	// An included makefile make remakes, then reads again.
	{name: "remade-include-cp", files: map[string]string{"Makefile": "include gen.mk\ngen.mk:\n\tcp EV/p.mk gen.mk\n"}, cmd: "make", want: "deny", gone: true},
	{name: "remade-dash-include-cat", files: map[string]string{"Makefile": "-include gen.mk\ngen.mk: EV/p.mk\n\tcat $< > $@\n"}, cmd: "make", want: "deny", gone: true},
	{name: "remade-include-unknown", files: map[string]string{"Makefile": "include gen.mk\ngen.mk:\n\tsed s/zzz/yyy/ EV/p.mk > $@\n"}, cmd: "make", want: "ask", gone: true},
	{name: "remade-sinclude-ln", files: map[string]string{"Makefile": "sinclude gen.mk\ngen.mk:\n\tln -s EV/p.mk $@\n"}, cmd: "make", want: "deny", gone: true},
	// A sub-make reading a makefile named at run time.
	{name: "submake-shell-f", files: map[string]string{"Makefile": "all:\n\t$(MAKE) -f $(shell echo EV/p.mk)\n"}, cmd: "make", want: "ask", gone: true},
	{name: "submake-env-f", files: map[string]string{"Makefile": "all:\n\t$(MAKE) --file=$(MK)\n"}, cmd: "MK=EV/p.mk make", want: "deny", gone: true},
	// Look-alikes.
	{name: "version-file", files: map[string]string{"Makefile": "VERSION := $(file < VERSION)\nall:\n\t@echo $(VERSION)\n", "VERSION": "1.2.3\n"}, cmd: "make", want: "allow"},
	{name: "missing-file-empty", files: map[string]string{"Makefile": "X := $(file < nothere)\nall:\n\t@echo [$(X)]\n"}, cmd: "make", want: "allow"},
	{name: "file-harmless-eval", files: map[string]string{"Makefile": "$(eval $(file < EV/ok.mk))\n"}, cmd: "make", want: "allow"},
	{name: "static-include", files: map[string]string{"Makefile": "include common.mk\nall:\n\t@echo $(NAME)\n", "common.mk": "NAME = x\n"}, cmd: "make", want: "allow"},
	{name: "remade-include-harmless", files: map[string]string{"Makefile": "all:\n\t@echo built\ninclude gen.mk\ngen.mk:\n\tcp EV/ok.mk gen.mk\n"}, cmd: "make", want: "allow"},
	{name: "deps-by-compiler", files: map[string]string{"Makefile": "all: main.o\n\t@echo built\n-include deps.mk\ndeps.mk: main.c\n\t$(CC) -MM main.c > $@\n", "main.c": "int main(void) { return 0; }\n"}, cmd: "make", want: "allow"},
	// The GNU make manual's dependency idiom: the compiler's -M rules
	// edited by a sed s command into the included NAME.d, remade first
	// also with -n (makedeps.go); a replacement that adds a recipe
	// (";" after the prerequisites) is text corral does not follow.
	{name: "deps-sed-pipe", files: map[string]string{"Makefile": "all: main.o\n\t@echo built\ninclude main.d\n%.d: %.c\n\t$(CC) -M $< | sed 's,\\($*\\)\\.o[ :]*,\\1.o $@ : ,g' > $@\n", "main.c": "int main(void) { return 0; }\n"}, cmd: "make", want: "allow"},
	{name: "deps-sed-manual", files: map[string]string{"Makefile": "CPPFLAGS = -I.\nall: main.o\n\t@echo built\ninclude main.d\n%.d: %.c\n\t@set -e; rm -f $@; \\\n\t $(CC) -M $(CPPFLAGS) $< > $@.$$$$; \\\n\t sed 's,\\($*\\)\\.o[ :]*,\\1.o $@ : ,g' < $@.$$$$ > $@; \\\n\t rm -f $@.$$$$\n", "main.c": "int main(void) { return 0; }\n"}, cmd: "make -n", want: "allow"},
	{name: "deps-sed-adds-recipe", files: map[string]string{"Makefile": "all: main.o\n\t@echo built\ninclude main.d\n%.d: %.c\n\t$(CC) -MM $< | sed 's,$$,;echo pwned > $$$$HOME/.bashrc,' > $@\n", "main.c": "int main(void) { return 0; }\n"}, cmd: "make", want: "ask", gone: true},
	// gcc leaves ";" in a header's name as it is: make reads the rest
	// of the rule as its recipe (which replaces ~/.bashrc here).
	{name: "deps-header-semicolon", files: map[string]string{"Makefile": "all: main.o\n\t@echo built\ninclude main.d\n%.d: %.c\n\t$(CC) -MM $< > $@\n", "main.c": "#include \"a;cd;echo>.bashrc;.h\"\nint main(void) { return 0; }\n", "a;cd;echo>.bashrc;.h": "", "a": ""}, cmd: "make", want: "ask", gone: true},
	{name: "submake-dir", files: map[string]string{"Makefile": "all:\n\t$(MAKE) -C sub test\n", "sub/Makefile": "test:\n\t@echo ok\n"}, cmd: "make", want: "allow"},
	{name: "submake-dir-static-root", files: map[string]string{"Makefile": "all:\n\t-$(MAKE) -C /nonexistent/$(shell uname -r)/build M=$(CURDIR) modules\n"}, cmd: "make", want: "allow"},
	{name: "plain-make-C", files: map[string]string{"sub/Makefile": "test:\n\t@echo ok\n"}, cmd: "make -C sub test", want: "allow"},
	{name: "echo-text", files: map[string]string{"Makefile": "all:\n\t@echo ok\n"}, cmd: "echo '$(file < EV/p.sh)' && make", want: "allow"},
}

// makeFileReadSetup writes a row's project, home with its canary and the
// outside directory; it returns the project and home directories and
// the command with EV replaced.
func makeFileReadSetup(t *testing.T, files map[string]string, cmd string) (root, cmdText string) {
	t.Helper()
	root = t.TempDir()
	ev := filepath.Join(root, "ev")
	all := map[string]string{
		"ev/p.sh":      "echo pwned > \"$HOME/.bashrc\"\n",
		"ev/p.mk":      "all:\n\techo pwned > $$HOME/.bashrc\n",
		"ev/ok.mk":     "all:\n\t@echo ok\n",
		"home/.bashrc": "# canary\n",
	}
	for rel, text := range files {
		all["proj/"+rel] = strings.ReplaceAll(text, "EV", ev)
	}
	for rel, text := range all {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, strings.ReplaceAll(cmd, "EV", ev)
}

// TestMakeFileReadAndRemake (red team 17 MK1): make's $(file <F), the
// makefiles it remakes and reads again, and sub-makes of a computed
// makefile are judged by the text make really runs.
func TestMakeFileReadAndRemake(t *testing.T) {
	t.Parallel()
	for _, r := range makeFileReadRows {
		root, cmdText := makeFileReadSetup(t, r.files, r.cmd)
		env := map[string]string{"HOME": filepath.Join(root, "home"), EnvProject: filepath.Join(root, "proj")}
		cfg, _ := NewConfig(func(k string) string { return env[k] }, env[EnvProject])
		res := Check(cfg, cmdText)
		if got := res.Decision.String(); got != r.want {
			t.Errorf("%s: %s: %s, want %s (%v)", r.name, cmdText, got, r.want, res.Findings)
		}
	}
}

// TestMakeFileReadOracle runs each row with the real GNU make (HOME a
// temp dir holding the canary) and requires what it does to the
// canary: the rows are make's behaviour, not a guess.
func TestMakeFileReadOracle(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"make", "bash", "cc"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s is not installed", p)
		}
	}
	if out, err := exec.Command("make", "--version").Output(); err != nil || !strings.HasPrefix(string(out), "GNU Make") {
		t.Skip("make is not GNU make")
	}
	for _, r := range makeFileReadRows {
		root, cmdText := makeFileReadSetup(t, r.files, r.cmd)
		home := filepath.Join(root, "home")
		cmd := exec.Command("bash", "-c", cmdText+" >/dev/null 2>&1; true")
		cmd.Dir = filepath.Join(root, "proj")
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "SHELL=/bin/sh"}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmdText, err, out)
		}
		data, err := os.ReadFile(filepath.Join(home, ".bashrc"))
		changed := err != nil || string(data) != "# canary\n"
		if changed != r.gone {
			t.Errorf("%s: %s: canary changed %v, want %v", r.name, cmdText, changed, r.gone)
		}
	}
}
