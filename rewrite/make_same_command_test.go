package rewrite

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestMakeSameCommand: what a command does before make that make's
// reading depends on. Variables the shell exports on some paths only
// (true && export CMD=…) are make variables of environment origin, each
// value read; files the command makes or removes (touch, rm) decide which
// rules run (a built-in rule's source, a checkout for a file not there,
// .DEFAULT); a makefile older than a prerequisite, or whose prerequisite
// this command touches, is remade first; MAKEFLAGS's -e, -I and --eval
// count as the command line's; prerequisites of a pattern rule after
// .SECONDEXPANSION: are expanded again; .EXTRA_PREREQS are made; +=
// appends to an environment variable; make -B and -W remake the
// makefiles. Look-alikes pass.
func TestMakeSameCommand(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/Makefile":        "all:\n\t@echo hi\n",
		"proj/cc/Makefile":     "CC = rm -rf ~ ;\nall: prog\n",
		"proj/def/Makefile":    ".DEFAULT:\n\trm -rf ~\nall: here\n\t@:\n",
		"proj/def/here":        "",
		"proj/rcs/Makefile":    "CO = rm -rf ~ ;\nall: x.txt\n\t@:\n",
		"proj/rcs/RCS/x.txt,v": "",
		"proj/rcs/x.txt":       "",
		"proj/gen/Makefile":    "include gen.mk\nall:\n\t@:\ngen.mk: dep.txt\n\trm -rf ~\n",
		"proj/gen/gen.mk":      "",
		"proj/gen/dep.txt":     "",
		"proj/old/Makefile":    "include gen.mk\nall:\n\t@:\ngen.mk: dep.txt\n\trm -rf ~\n",
		"proj/old/gen.mk":      "",
		"proj/old/dep.txt":     "",
		"proj/inc/Makefile":    "-include x.mk\nall:\n\t@echo hi\n",
		"proj/inc/sub/x.mk":    "x:\n\trm -rf ~\n",
		"proj/env/Makefile":    "CMD = echo\nall:\n\t$(CMD) hi\n",
		"proj/env/evil.mk":     "all:\n\trm -rf ~\n",
		"proj/yacc/Makefile":   "all: prog\n",
		"proj/yacc/prog.y":     "",
		"proj/cc/src.a":        "!<arch>\nprog.c/         0           0     0     644     0         `\n",
		"proj/cc/docs.a":       "!<arch>\nnotes.txt/      0           0     0     644     0         `\n",
		"proj/inc/a/x.mk":      "x:\n\t@echo hi\n",
		"proj/inc/b/x.mk":      "x:\n\trm -rf ~\n",
		"home/.ssh/id_rsa":     "KEY",
		"home/tools.mk":        "x:\n\trm -rf ~\n",
	})
	// gen.mk is newer than its prerequisite; in old/ it is older.
	gen := filepath.Join(cfg.Project, "gen")
	old := filepath.Join(cfg.Project, "old")
	then := time.Now().Add(-time.Hour)
	for _, p := range []string{filepath.Join(gen, "dep.txt"), filepath.Join(old, "gen.mk")} {
		if err := os.Chtimes(p, then, then); err != nil {
			t.Fatal(err)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// An exported variable the shell sets on one path only.
		{`printf 'x:\n\t$(CMD)\n' > Makefile && export CMD='rm -rf ~'; make -e`, "deny"},
		{`printf 'x:\n\t$(CMD)\n' > Makefile; true && export CMD='rm -rf ~'; make`, "deny"},
		{`printf 'x:\n\t$(CMD)\n' > Makefile; if [ -n "$X" ]; then export CMD='rm -rf ~'; else export CMD=true; fi; make`, "deny"},
		{`cd env; true && export CMD='rm -rf ~'; make -e`, "deny"},
		{`printf 'x:\n\t$(CMD) hi\n' > Makefile; true && export CMD=echo; make`, "allow"},
		{`cd env; true && export CMD='rm -rf ~'; make`, "allow"},
		{`true && export CC=clang; make`, "allow"},
		// Files the command makes or removes first.
		{`cd cc && touch prog.c && make`, "deny"},
		{`cd cc && echo 'int main(){}' > prog.c && make`, "deny"},
		{`cd cc && make`, "allow"},
		{`cd cc && touch notes.txt && make`, "allow"},
		// A name from a variable: each value it may hold, and for a
		// name only run time knows, any file.
		{`cd cc && F=prog.c && touch "$F" && make`, "deny"},
		{`cd cc && if [ -n "$X" ]; then F=prog.c; else F=notes.txt; fi && touch "$F" && make`, "deny"},
		{`cd cc && touch "$F" && make`, "deny"},
		{`cd cc && if [ -n "$X" ]; then F=a.txt; else F=notes.txt; fi && touch "$F" && make`, "allow"},
		{`cd def && F=here && rm -f "$F" && make`, "deny"},
		// ar x writes the archive's members (here prog.c).
		{`cd cc && ar x src.a && make`, "deny"},
		{`cd cc && ar xv src.a prog.c && make`, "deny"},
		{`cd cc && ar x docs.a && make`, "allow"},
		{`cd cc && ar t src.a && make`, "allow"},
		{`cd def && rm -f here && make`, "deny"},
		{`cd def && make`, "allow"},
		{`cd rcs && rm x.txt && make`, "deny"},
		{`cd rcs && make`, "allow"},
		// A makefile remade first.
		{`cd gen && touch dep.txt && make`, "deny"},
		{`cd gen && make`, "allow"},
		{`cd old && make`, "deny"},
		// MAKEFLAGS's options.
		{`cd inc && MAKEFLAGS=-Isub make x`, "deny"},
		{`cd inc && export MAKEFLAGS='-I sub' && make x`, "deny"},
		{`cd inc; true && export MAKEFLAGS=-Isub; make x`, "deny"},
		{`cd inc; true && export MAKEFLAGS=-j4; make x`, "allow"},
		{`cd inc && make x`, "allow"},
		// -I-: a directory named - (make 4.3), or the end of the
		// directories before it (make 4.4): both searches are read.
		{`cd inc && make -Ia -I- -Ib x`, "deny"},
		{`cd inc && make -Ib -I- -Ia x`, "deny"},
		{`cd inc && make -Ia -I - -Ib x`, "deny"},
		{`cd inc && make -Ia -Ib x`, "allow"},
		{`cd inc && make -Ia -I- x`, "allow"},
		{`cd env && MAKEFLAGS=e CMD='rm -rf ~' make`, "deny"},
		{`cd env && MAKEFLAGS='-k -e' CMD='rm -rf ~' make`, "deny"},
		{`cd env && MAKEFLAGS='--eval=override\ CMD=rm\ -rf\ ~' make`, "deny"},
		{`cd env && CMD='rm -rf ~' make`, "allow"},
		{`cd env && MAKEFLAGS='-f evil.mk' make`, "allow"},
		{`cd env && MAKEFLAGS=k make`, "allow"},
		// Second expansion of a pattern rule's prerequisites.
		{`printf '.SECONDEXPANSION:\nall: foo.x\n%%.x: $$(shell rm -rf ~)\n\t@:\n' > Makefile; make`, "deny"},
		{`printf '.SECONDEXPANSION:\nall: foo.x\n%%.x: $$*.src\n\t@cp $< $@\n' > Makefile; make`, "allow"},
		// make 4.3's .EXTRA_PREREQS, += to an environment variable,
		// make -B and -W FILE (the makefile is remade).
		{`printf '.EXTRA_PREREQS = ex\nall:\n\t@echo all\nex:\n\trm -rf ~\n' > Makefile; make`, "deny"},
		{`printf '.EXTRA_PREREQS = stamp\nall:\n\t@echo all\nstamp:\n\ttouch stamp\n' > Makefile; make`, "allow"},
		{`printf 'CMD += --version\nall:\n\t$(CMD)\n' > Makefile; CMD='rm -rf ~' make`, "deny"},
		{`printf 'CMD += --version\nall:\n\t$(CMD)\n' > Makefile; CMD=gcc make`, "allow"},
		{`cd gen && make -B`, "deny"},
		{`cd gen && make -W dep.txt`, "deny"},
		{`cd gen && make -k`, "allow"},
		// A match-anything rule makes a target with prerequisites and
		// no recipe of its own.
		{`printf 'all: foo\nfoo: bar\nbar:\n\t@:\n%%:: %%.q\n\trm -rf ~\n' > Makefile; touch foo.q; make`, "deny"},
		{`printf 'all: foo\nfoo: bar\nbar:\n\t@:\n%%:: %%.q\n\tcp $< $@\n' > Makefile; touch foo.q; make`, "allow"},
		// make reads a variable of its environment as recursive make
		// text: a $(shell …) in its value runs where it is expanded.
		{`printf 'all:\n\t@echo $(MSG)\n' > Makefile; MSG='$(shell rm -rf ~)' make`, "deny"},
		{`printf 'all:\n\t@echo $(MSG)\n' > Makefile; export MSG='$(shell rm -rf ~)'; make -n`, "deny"},
		{`printf 'all:\n\t@echo $(MSG)\n' > Makefile; MSG='rm -rf ~' make`, "allow"},
		{`printf 'all:\n\t@echo hi\n' > Makefile; MSG='$(shell rm -rf ~)' make`, "allow"},
		// make expands a leading ~ in an include's names.
		{`printf -- '-include ~/tools.mk\n' > Makefile && make x`, "deny"},
		{`printf -- '-include ~/tools.mk\nall:\n\t@:\n' > Makefile && make all`, "allow"},
		// $(wildcard NAME) of a file there is the file.
		{`printf 'all:\n\t@cat $(wildcard ~/.ssh/id_rsa)\n' > Makefile && make`, "deny"},
		{`printf 'all:\n\t@cat $(wildcard Makefile)\n' > Makefile && make`, "allow"},
		// make deletes the intermediate prog.c it made from prog.y
		// (itself, not with rm): nothing to judge.
		{`cd yacc && make`, "allow"},
	})
}
