package rewrite

import "testing"

// TestMakeDefaultAndArchiveRecipes: which recipe make really runs for a
// target no rule of the Makefile makes. A built-in rule (%: %.c) wins over
// .DEFAULT while its source is there; a command that may remove that
// source first (rm -f "$F", rm -f prog.c) leaves .DEFAULT's recipe to
// run, so it is judged; removing another file does not. An archive
// member, lib.a(m.o), is made by a pattern rule matching (m.o) — the
// Makefile's (%.o): %.o before make's built-in (%): % — and its recipes'
// $@ is the archive. TestMakeLanguageAgainstMake checks each shape
// against the real make (syntax/makelang_test.go: archive-*,
// default-builtin-*).
func TestMakeDefaultAndArchiveRecipes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.keep":         "",
		"proj/Makefile":      ".DEFAULT:\n\trm -rf ~\nall: prog\n",
		"proj/prog.c":        "int main(void) { return 0; }\n",
		"proj/notes.txt":     "n\n",
		"proj/ar/Makefile":   "all: lib.a(m.o)\n(%.o): %.o\n\trm -rf ~\n",
		"proj/ar/m.o":        "",
		"proj/arok/Makefile": "all: lib.a(m.o)\n(%.o): %.o\n\t$(AR) $(ARFLAGS) $@ $<\n",
		"proj/arok/m.o":      "",
		"proj/ard/Makefile":  ".DEFAULT:\n\t@echo no rule for $@\nall: lib.a(m.o)\n",
		// A member whose source the command removes: make runs
		// .DEFAULT for lib.a(claude.o) itself, $% the member (real
		// make 4.3: rm -rf ~/.claude), not for claude.c or claude.o.
		"proj/arm/Makefile": "all: lib.a(claude.o)\n.DEFAULT:\n\trm -rf $(addprefix $(HOME)/.,$(basename $%))\n",
		"proj/arm/claude.c": "int x;\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`rm -f "$F" && make`, "deny"},
		{`rm -f prog.c && make`, "deny"},
		{`make -C ar`, "deny"},
		{`make -C ar lib.a\(m.o\)`, "deny"},
		{`cd arm && rm -f claude.c && make`, "deny"},
		{`cd arm && rm -f "$F" && make`, "deny"}, {`rm -f "$F" && make -C arm`, "deny"},
		// Look-alikes: prog.c stays, so the built-in rule compiles it.
		{`make`, "allow"},
		{`rm -f notes.txt && make`, "allow"},
		{`make -C arok`, "allow"},
		{`make -C ard`, "allow"},
		// claude.c stays (or only the object goes): cc and ar run.
		{`make -C arm`, "allow"},
		{`cd arm && rm -f claude.o && make`, "allow"},
	})
}
