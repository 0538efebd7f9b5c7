package syntax

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// makeLangCases are Makefiles whose commands are canaries (touch c_NAME):
// TestMakeLanguageAgainstMake runs the real GNU make on each and compares
// the canaries it makes with the ones corral's reading says make runs.
var makeLangCases = []struct {
	name     string
	files    map[string]string // Makefile and the files beside it
	args     []string          // make's words
	dir      string            // where make reads its Makefile (-C)
	superset bool              // corral reads more than make runs (branches only make decides)
	env      string            // NAME=value in make's environment
	// envWord: make's canary comes from a file the exported variable
	// names (BASH_ENV): corral's reading must put this word before the
	// recipe line (the walker then reads the file).
	envWord string
}{
	{name: "shell-assign", files: map[string]string{"Makefile": "X := $(shell touch c_shell)\nall:\n\t@echo hi\n"}},
	{name: "var-recipe", files: map[string]string{"Makefile": "CMD = touch c_var\nall:\n\t$(CMD)\n"}},
	{name: "define", files: map[string]string{"Makefile": "define X\ntouch c_define\nendef\nall:\n\t$(X)\n"}},
	{name: "file-func", files: map[string]string{"Makefile": "$(file >c_file,evil)\nall:\n\t@echo hi\n"}},
	{name: "file-func-append", files: map[string]string{"Makefile": "X := $(file >>c_fileappend,evil)\nall:\n\t@echo hi\n"}},
	{name: "include-shell", files: map[string]string{"Makefile": "all:\n\t@echo hi\ninclude evil.mk\n", "evil.mk": "$(shell touch c_inc)\n"}},
	{name: "include-target", files: map[string]string{"Makefile": "all:\n\t@echo hi\ninclude evil.mk\n", "evil.mk": "x:\n\ttouch c_incx\n"}, args: []string{"x"}},
	{name: "include-computed-name", files: map[string]string{"Makefile": "MK = evil\ninclude $(MK).mk\nall: x\n", "evil.mk": "x:\n\ttouch c_incname\n"}},
	{name: "include-remade", files: map[string]string{"Makefile": "include gen.mk\nall:\n\t@:\ngen.mk:\n\ttouch c_gen; echo > gen.mk\n"}},
	{name: "default-goal", files: map[string]string{"Makefile": ".DEFAULT_GOAL := evil\nall:\n\ttouch c_all\nevil:\n\ttouch c_evil\n"}},
	{name: "pattern-rule", files: map[string]string{"Makefile": "all: foo.o\n%.o:\n\ttouch c_pattern\n"}},
	{name: "static-pattern", files: map[string]string{"Makefile": "OBJS = a.o\nall: $(OBJS)\n$(OBJS): %.o: %.c\n\ttouch c_static_$* c_from_$<\n", "a.c": ""}},
	{name: "recipeprefix", files: map[string]string{"Makefile": ".RECIPEPREFIX = >\nall:\n>touch c_prefix\n"}},
	{name: "eval-shell", files: map[string]string{"Makefile": "X=$(shell touch c_eval)\n$(eval $(X))\nall:\n\t@:\n"}},
	{name: "eval-rule", files: map[string]string{"Makefile": "define R\nall:\n\ttouch c_evalrule\nendef\n$(eval $(R))\n"}},
	{name: "foreach-eval-call", files: map[string]string{"Makefile": "define tmpl\n$(1):\n\ttouch c_$(1)\nendef\nall: a b\n$(foreach t,a b,$(eval $(call tmpl,$(t))))\n"}},
	{name: "call", files: map[string]string{"Makefile": "f = touch c_$(1)_$(2)\nall:\n\t$(call f,one,two)\n"}},
	{name: "cond-known", files: map[string]string{"Makefile": "X = 1\nifeq ($(X),1)\nCMD = touch c_one\nelse\nCMD = touch c_other\nendif\nall:\n\t$(CMD)\n"}},
	{name: "cond-ifdef", files: map[string]string{"Makefile": "D = yes\nifdef D\nCMD = touch c_def\nendif\nifndef D\nCMD = touch c_undef\nendif\nall:\n\t$(CMD)\n"}},
	{name: "cond-env", files: map[string]string{"Makefile": "ifeq ($(MAKELANG_UNSET),)\nCMD = touch c_empty\nelse\nCMD = touch c_full\nendif\nall:\n\t$(CMD)\n"}, superset: true},
	{name: "target-var", files: map[string]string{"Makefile": "all: CMD = touch c_tsv\nall:\n\t$(CMD)\n"}},
	{name: "bang-assign", files: map[string]string{"Makefile": "X != touch c_bang\nall:\n\t@:\n"}},
	{name: "dry-run", files: map[string]string{"Makefile": "X := $(shell touch c_dryshell)\nall:\n\ttouch c_no\n\t+touch c_plus\n"}, args: []string{"-n"}},
	{name: "dry-run-remake", files: map[string]string{"Makefile": "-include gen.mk\nall:\n\ttouch c_no\ngen.mk:\n\ttouch c_drygen\n"}, args: []string{"-n"}},
	{name: "command-line-var", files: map[string]string{"Makefile": "CMD = echo hi\nall:\n\t$(CMD)\n"}, args: []string{"CMD=touch c_cl"}},
	{name: "override", files: map[string]string{"Makefile": "override CMD = touch c_override\nall:\n\t$(CMD)\n"}, args: []string{"CMD=echo"}},
	{name: "subst-ref", files: map[string]string{"Makefile": "SRC = c_x.c\nall:\n\ttouch $(SRC:.c=.o) $(patsubst %.c,%.h,$(SRC))\n"}},
	{name: "prereq-var", files: map[string]string{"Makefile": "DEPS = b\nall: $(DEPS)\nb:\n\ttouch c_b\n"}},
	{name: "recursive-later", files: map[string]string{"Makefile": "CMD = touch $(NAME)\nall:\n\t$(CMD)\nNAME = c_later\n"}},
	{name: "simple-earlier", files: map[string]string{"Makefile": "CMD := touch c_$(NAME)x\nall:\n\t$(CMD)\nNAME = late\n"}},
	{name: "append", files: map[string]string{"Makefile": "CMD = touch c_a\nCMD += c_b\nall:\n\t$(CMD)\n"}},
	{name: "recipe-shell", files: map[string]string{"Makefile": "all:\n\t@echo $(shell touch c_inrecipe)\n"}},
	{name: "other-target-look", files: map[string]string{"Makefile": "all:\n\t@echo hi\nclean:\n\ttouch c_clean\n"}},
	{name: "info-look", files: map[string]string{"Makefile": "$(info touch c_info)\nall:\n\t@echo hi\n"}},
	{name: "make-f", files: map[string]string{"Makefile": "all:\n\ttouch c_default\n", "other.mk": "all:\n\ttouch c_other\n"}, args: []string{"-f", "other.mk"}},
	{name: "make-C", files: map[string]string{"sub/Makefile": "X := $(shell touch c_sub)\nall:\n\t@:\n"}, args: []string{"-C", "sub"}, dir: "sub"},
	{name: "makefiles-env", files: map[string]string{"Makefile": "all:\n\t@:\n", "pre.mk": "x:\n\ttouch c_notgoal\n$(shell touch c_makefiles)\n"}, env: "MAKEFILES=pre.mk"},
	{name: "oneshell", files: map[string]string{"Makefile": ".ONESHELL:\nall:\n\tmkdir -p d\n\tcd d\n\ttouch c_one\n"}},
	{name: "builtin-cc-link", files: map[string]string{"Makefile": "CC = touch c_cc_$@ ;\nall: prog\n", "prog.c": ""}},
	{name: "builtin-cc-compile", files: map[string]string{"Makefile": "CC = touch c_obj_$@ ;\nall: a.o\n", "a.c": ""}},
	{name: "builtin-cxx-include", files: map[string]string{"Makefile": "include cfg.mk\nall: b.o\n", "cfg.mk": "CXX = touch c_cxx ;\n", "b.cpp": ""}},
	{name: "builtin-as", files: map[string]string{"Makefile": "AS = touch c_as ;\nall: s.o\n", "s.s": ""}},
	{name: "builtin-no-source", files: map[string]string{"Makefile": "CC = touch c_nosrc ;\nall: prog\nprog:\n\t@:\n", "prog.c": ""}},
	{name: "builtin-explicit-prereqs", files: map[string]string{"Makefile": "LINK.o = touch c_link_$^ ;\napp: main.o\nmain.o:\n\t@:\n"}},
	{name: "default-rule", files: map[string]string{"Makefile": ".DEFAULT:\n\ttouch c_default_$@\nall: missing\n"}},
	{name: "default-rule-file-there", files: map[string]string{"Makefile": ".DEFAULT:\n\ttouch c_default_$@\nall: here\n\t@:\n", "here": ""}},
	{name: "suffix-rule", files: map[string]string{"Makefile": ".SUFFIXES: .x .y\n.x.y:\n\ttouch c_suffix_$@\nall: a.y\n", "a.x": ""}},
	{name: "suffix-rule-single", files: map[string]string{"Makefile": ".SUFFIXES: .x\n.x:\n\ttouch c_single_$@\nall: a\n", "a.x": ""}},
	{name: "second-expansion", files: map[string]string{"Makefile": ".SECONDEXPANSION:\nC = touch c_second\nall: $$(shell $$(C))\n\t@:\n"}},
	{name: "second-expansion-target", files: map[string]string{"Makefile": ".SECONDEXPANSION:\nall: $$@.dep\nall.dep:\n\ttouch c_second_dep\n"}},
	{name: "shellflags", files: map[string]string{"Makefile": ".SHELLFLAGS = -c \"touch c_flags\"\nall:\n\techo hi\n"}},
	{name: "shellflags-ec", files: map[string]string{"Makefile": ".SHELLFLAGS = -ec\nall:\n\ttouch c_ec\n"}},
	{name: "export-bash-env", files: map[string]string{"Makefile": "export BASH_ENV=./e.sh\nSHELL=/bin/bash\nall:\n\techo\n", "e.sh": "touch c_bashenv\n"}, envWord: "BASH_ENV='./e.sh' /bin/bash -c"},
	{name: "export-all", files: map[string]string{"Makefile": ".EXPORT_ALL_VARIABLES:\nBASH_ENV=./e.sh\nSHELL=/bin/bash\nall:\n\techo\n", "e.sh": "touch c_exportall\n"}, envWord: "BASH_ENV='./e.sh' SHELL='/bin/bash' /bin/bash -c"},
	{name: "export-later", files: map[string]string{"Makefile": "export BASH_ENV\nSHELL=/bin/bash\nall:\n\techo\nBASH_ENV=./e.sh\n", "e.sh": "touch c_exportlater\n"}, envWord: "BASH_ENV='./e.sh' /bin/bash -c"},
	{name: "unexport", files: map[string]string{"Makefile": "export BASH_ENV=./e.sh\nunexport BASH_ENV\nSHELL=/bin/bash\nall:\n\t@echo\n", "e.sh": "touch c_unexported\n"}},
	{name: "chain-yacc", files: map[string]string{"Makefile": "YACC = touch c_yacc y.tab.c ; echo\nCC = touch c_cc_$@ ; echo\nall: prog\n", "prog.y": ""}},
	{name: "chain-lex", files: map[string]string{"Makefile": "LEX = touch c_lex ; echo\nCC = touch c_cc_$@ ; echo\nall: scan.o\n", "scan.l": ""}},
	{name: "chain-user-rule", files: map[string]string{"Makefile": "%.c: %.tmpl\n\ttouch c_tmpl_$@\nCC = touch c_cc_$@ ; echo\nall: prog\n", "prog.tmpl": ""}},
	{name: "chain-user-decoy", files: map[string]string{"Makefile": "%.o: %.zzz\n\ttouch c_decoy\nCC = touch c_cc_$@ ; echo\nall: a.o\n", "a.c": ""}, superset: true},
	{name: "chain-none", files: map[string]string{"Makefile": "YACC = touch c_none ; echo\nall: prog\n\t@:\nprog:\n\t@:\n", "prog.y": ""}},
	{name: "rcs-checkout", files: map[string]string{"Makefile": "CO = touch c_co_$@ ; echo\nall: x.txt\n", "RCS/x.txt,v": ""}},
	{name: "rcs-file-there", files: map[string]string{"Makefile": "CO = touch c_co_there ; echo\nall: x.txt\n", "RCS/x.txt,v": "", "x.txt": ""}},
	{name: "rcs-dry-run", files: map[string]string{"Makefile": "CO = touch c_co_dry ; echo\nall: x.txt\n", "x.txt,v": ""}, args: []string{"-n"}},
	{name: "sccs-get", files: map[string]string{"Makefile": "GET = touch c_get_$@ ; echo\nall: y.txt\n", "s.y.txt": ""}},
	{name: "sccs-dir-chain", files: map[string]string{"Makefile": "GET = touch c_sget_$@ y.c ; echo\nCC = touch c_cc_$@ ; echo\nall: y\n", "SCCS/s.y.c": ""}},
	{name: "archive-default", files: map[string]string{"Makefile": ".DEFAULT:\n\ttouch c_ad_$@_x\nall: lib.a(m.o)\n"}},
	{name: "archive-explicit", files: map[string]string{"Makefile": "all: lib.a(m.o)\nlib.a(m.o): m.o\n\ttouch c_ae_$@_$%\n", "m.o": ""}},
	{name: "archive-pattern", files: map[string]string{"Makefile": "AR = touch c_ar_builtin ; echo\nall: lib.a(m.o)\n(%.o): %.o\n\ttouch c_ap_$@_$*\n", "m.o": ""}},
	{name: "archive-pattern-member", files: map[string]string{"Makefile": "AR = touch c_ar_$% ; echo\nall: lib.a(m.o)\n%.o: %.zzz\n\ttouch c_zzz_$@\n", "m.zzz": ""}},
	{name: "default-builtin-there", files: map[string]string{"Makefile": "CC = touch c_dbc_$@ ; echo\n.DEFAULT:\n\ttouch c_dbd_$@\nall: prog\n", "prog.c": ""}},
	{name: "default-builtin-gone", files: map[string]string{"Makefile": "CC = touch c_dbc_$@ ; echo\n.DEFAULT:\n\ttouch c_dbd_$@\nall: prog\n"}},
	{name: "archive-member", files: map[string]string{"Makefile": "AR = touch c_ar_$% ; echo\nCC = touch c_cc_$@ ; echo\nall: lib.a(m.o n.o)\n", "m.c": "", "n.c": ""}},
	{name: "vpath-var", files: map[string]string{"Makefile": "VPATH = src\nCC = touch c_vp_$(subst /,_,$<) ; echo\nall: prog\n", "src/prog.c": ""}},
	{name: "vpath-directive", files: map[string]string{"Makefile": "vpath %.c lib:src\nCC = touch c_vd_$(subst /,_,$<) ; echo\nall: a.o\n", "src/a.c": ""}},
	{name: "vpath-other-pattern", files: map[string]string{"Makefile": "vpath %.h src\nCC = touch c_vo ; echo\nall: a.o\n\t@:\n", "src/a.c": ""}},
	{name: "target-export", files: map[string]string{"Makefile": "SHELL=/bin/bash\nall: export BASH_ENV=./e.sh\nall:\n\techo\n", "e.sh": "touch c_texport\n"}, envWord: "BASH_ENV='./e.sh' /bin/bash -c"},
	{name: "target-export-inherited", files: map[string]string{"Makefile": "SHELL=/bin/bash\nall: export BASH_ENV=./e.sh\nall: sub\nsub:\n\techo\n", "e.sh": "touch c_tinherit\n"}, args: []string{"all"}, envWord: "BASH_ENV='./e.sh' /bin/bash -c"},
	{name: "target-var-inherited", files: map[string]string{"Makefile": "CMD = echo\nall: CMD = touch c_inherited\nall: sub\nsub:\n\t$(CMD)\n"}},
	{name: "target-var-private", files: map[string]string{"Makefile": "CMD = touch c_global\nall: private CMD = touch c_own\nall: sub\n\t$(CMD)\nsub:\n\t$(CMD)\n"}},
	{name: "pattern-var", files: map[string]string{"Makefile": "CMD = echo\n%.x: CMD = touch c_patvar_$@\nall: a.x\na.x:\n\t$(CMD)\n"}},
	{name: "target-shell", files: map[string]string{"Makefile": "all: .SHELLFLAGS = -c \"touch c_tshell\"\nall:\n\techo hi\n"}},
	{name: "env-overrides", files: map[string]string{"Makefile": "CMD = echo\nall:\n\t$(CMD) hi\n"}, args: []string{"-e"}, env: "CMD=touch c_envwins"},
	{name: "env-overrides-append", files: map[string]string{"Makefile": "CMD = echo\nCMD += c_appended\nall:\n\t$(CMD)\n"}, args: []string{"-e"}, env: "CMD=touch c_envonly"},
	{name: "env-overrides-override", files: map[string]string{"Makefile": "override CMD = touch c_overridden\nall:\n\t$(CMD)\n"}, args: []string{"-e"}, env: "CMD=touch c_notenv"},
	{name: "env-no-e", files: map[string]string{"Makefile": "CMD = touch c_filewins\nall:\n\t$(CMD)\n"}, env: "CMD=touch c_envloses"},
	{name: "second-expansion-pattern", files: map[string]string{"Makefile": ".SECONDEXPANSION:\nall: foo.x\n%.x: $$(shell touch c_second_pat_$$*)\n\t@:\n"}},
	{name: "remake-include-force", files: map[string]string{"Makefile": "include gen.mk\nall:\n\t@:\ngen.mk: FORCE\n\ttouch c_genforce\nFORCE:\n", "gen.mk": ""}},
	{name: "remake-self-force", files: map[string]string{"Makefile": "all:\n\t@:\nMakefile: FORCE\n\ttouch c_self\nFORCE:\n"}},
	{name: "remake-dry-run", files: map[string]string{"Makefile": "all:\n\ttouch c_notdry\nMakefile: FORCE\n\ttouch c_dryremake\nFORCE:\n"}, args: []string{"-n"}},
	{name: "remake-no-prereq", files: map[string]string{"Makefile": "include gen.mk\nall:\n\t@:\ngen.mk:\n\ttouch c_noremake\n", "gen.mk": ""}},
	{name: "override-then-plain", files: map[string]string{"Makefile": "override CMD = touch c_ovfirst\nCMD = echo\nCMD += c_ovappend\nall:\n\t$(CMD)\n"}},
	{name: "extra-prereqs", files: map[string]string{"Makefile": ".EXTRA_PREREQS = ex\nall:\n\t@echo all\nex:\n\ttouch c_extra\n"}},
	{name: "extra-prereqs-target", files: map[string]string{"Makefile": "all: .EXTRA_PREREQS = ex\nall:\n\t@echo all\nex:\n\ttouch c_textra\n"}},
	{name: "env-append", files: map[string]string{"Makefile": "CMD += c_more\nall:\n\t$(CMD)\n"}, env: "CMD=touch c_envappend"},
	{name: "order-only", files: map[string]string{"Makefile": "all: | d\n\t@:\nd:\n\ttouch c_orderonly\n"}},
	{name: "always-make-remake", files: map[string]string{"Makefile": "all:\n\t@:\nMakefile:\n\ttouch c_always\n"}, args: []string{"-B", "-n"}},
	{name: "what-if-remake", files: map[string]string{"Makefile": "all:\n\t@:\nMakefile: cfg\n\ttouch c_whatif\n", "cfg": ""}, args: []string{"-W", "cfg"}},
	{name: "terminal-anything-with-prereq", files: map[string]string{"Makefile": "all: foo\nfoo: bar\nbar:\n\t@:\n%:: %.q\n\ttouch c_term_$@\n", "foo.q": ""}},
	{name: "terminal-anything-no-source", files: map[string]string{"Makefile": "all: foo\nfoo:\n%:: %.q\n\ttouch c_termno_$@\n"}, superset: true},
	{name: "pattern-with-prereq", files: map[string]string{"Makefile": "all: foo.o\nfoo.o: bar\nbar:\n\t@:\n%.o: %.q\n\ttouch c_pat_$@\n", "foo.q": ""}},
	{name: "builtin-with-prereq", files: map[string]string{"Makefile": "CC = touch c_bprq_$@ ; echo\nall: foo.o\nfoo.o: foo.h\n", "foo.c": "", "foo.h": ""}},
	{name: "env-recursive", files: map[string]string{"Makefile": "all:\n\t@echo [$(CMD)]\n"}, env: "CMD=$(shell touch c_envshell)x"},
	{name: "env-recursive-simple", files: map[string]string{"Makefile": "X := $(CMD)\nall:\n\t@:\n"}, env: "CMD=$(shell touch c_envsimple)"},
	{name: "env-recursive-e", files: map[string]string{"Makefile": "CMD = echo\nall:\n\t@$(CMD)\n"}, args: []string{"-e"}, env: "CMD=$(shell touch c_enve)true"},
	{name: "wildcard-literal", files: map[string]string{"Makefile": "all:\n\ttouch c_w_$(wildcard here)\n", "here": ""}},
	{name: "wildcard-literal-cond", files: map[string]string{"Makefile": "ifneq ($(wildcard here),)\nCMD = touch c_wc_there\nelse\nCMD = touch c_wc_not\nendif\nall:\n\t$(CMD)\n", "here": ""}},
	{name: "lazy-shell", files: map[string]string{"Makefile": "X = $(shell touch c_lazy)\nall:\n\t@:\n"}, superset: true},
}

var makeCanary = regexp.MustCompile(`\bc_[A-Za-z0-9_.]+`)

func TestMakeLanguageAgainstMake(t *testing.T) {
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	for _, tc := range makeLangCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// What corral reads.
			mdir := filepath.Join(dir, tc.dir)
			var goals []string
			file := "Makefile"
			overrides := map[string]Arg{}
			dry, envWins, alwaysMake := false, false, false
			var whatIf []string
			for i := 0; i < len(tc.args); i++ {
				a := tc.args[i]
				switch {
				case a == "-n":
					dry = true
				case a == "-e":
					envWins = true
				case a == "-B":
					alwaysMake = true
				case a == "-W":
					whatIf = append(whatIf, filepath.Join(dir, tc.dir, tc.args[i+1]))
					i++
				case a == "-f":
					file = tc.args[i+1]
					i++
				case a == "-C":
					i++
				case strings.Contains(a, "="):
					n, v, _ := strings.Cut(a, "=")
					overrides[n] = Arg{Value: v, Static: true}
				default:
					goals = append(goals, a)
				}
			}
			text, err := os.ReadFile(filepath.Join(mdir, file))
			if err != nil {
				t.Fatal(err)
			}
			makefiles := ""
			if strings.HasPrefix(tc.env, "MAKEFILES=") {
				makefiles = strings.TrimPrefix(tc.env, "MAKEFILES=")
			}
			envName, envVal, _ := strings.Cut(tc.env, "=")
			opts := makeOpts{dir: mdir, goals: goals, overrides: overrides, makefiles: makefiles, envWins: envWins, alwaysMake: alwaysMake,
				changed: func(p string) bool { return slices.Contains(whatIf, p) },
				read: func(p string) (string, bool) {
					b, err := os.ReadFile(p)
					return string(b), err == nil
				},
				env: func(name string) (string, bool, bool) {
					// make's environment in this test: a variable
					// not set is known to be empty.
					if tc.env != "" && name == envName {
						return envVal, true, true
					}
					v, set := os.LookupEnv(name)
					if envWins {
						// make -e: only what is set overrides.
						return v, true, set
					}
					return v, true, true
				}}
			var got []string
			for _, a := range makePlan([]makeSource{{file, string(text)}}, opts, 0, dry) {
				switch a.kind {
				case "write", "append":
					got = append(got, filepath.Base(a.text))
				case "shell", "recipe":
					got = append(got, makeCanary.FindAllString(makeShellText(a.text), -1)...)
				}
			}
			got = sortedUniq(got)
			// What make runs.
			cmd := exec.Command(makeBin, tc.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "MAKEFLAGS=", "MAKELANG_UNSET=")
			if tc.env != "" {
				cmd.Env = append(cmd.Env, tc.env)
			}
			out, _ := cmd.CombinedOutput()
			var ran []string
			_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err == nil && strings.HasPrefix(d.Name(), "c_") {
					ran = append(ran, d.Name())
				}
				return nil
			})
			ran = sortedUniq(ran)
			if tc.envWord != "" {
				found := false
				for _, a := range makePlan([]makeSource{{file, string(text)}}, opts, 0, dry) {
					found = found || a.kind == "recipe" && strings.Contains(makeShellText(a.text), tc.envWord)
				}
				if len(ran) == 0 || !found {
					t.Errorf("make ran %v; corral's recipe lines lack %q", ran, tc.envWord)
				}
				return
			}
			if tc.superset {
				for _, r := range ran {
					if !containsStr(got, r) {
						t.Errorf("make ran %s, corral's reading %v misses it\nmake: %s", r, got, out)
					}
				}
				return
			}
			if strings.Join(got, " ") != strings.Join(ran, " ") {
				t.Errorf("corral reads %v, make ran %v\nmake: %s", got, ran, out)
			}
		})
	}
}

func sortedUniq(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, v := range s {
		if i == 0 || s[i-1] != v {
			out = append(out, v)
		}
	}
	return out
}

// FuzzMakePlan: any Makefile text is read without a crash and in bounded
// time, the same way twice.
func FuzzMakePlan(f *testing.F) {
	for _, tc := range makeLangCases {
		for _, text := range tc.files {
			f.Add(text)
		}
	}
	f.Add("A = $(B)$(B)\nB = $(C)$(C)\nC = $(A)\nall:\n\t$(A)\n")
	f.Add("$(eval $(eval $(eval x:=1)))\nifeq (a,$(X))\nY=1\nelse ifdef Z\nY=2\nelse\nY=3\nendif\nall:\n\t$(Y)\n")
	f.Add("include x.mk\nexport\nA = 1\nK := $(A)\n$(info $(K))\n.SILENT: all\nall: lib.a(m.o)\n\t@echo $(K)\n(%.o): %.o\n\t$(warning $(A))\n.DEFAULT:\n\t$(A)\n")
	f.Fuzz(func(t *testing.T, text string) {
		opts := makeOpts{dir: "/p", read: func(p string) (string, bool) { return text, true },
			env: func(string) (string, bool, bool) { return "", false, false }}
		a := makePlan([]makeSource{{"Makefile", text}}, opts, 0, false)
		b := makePlan([]makeSource{{"Makefile", text}}, opts, 0, false)
		if len(a) != len(b) {
			t.Fatalf("not deterministic: %d then %d actions", len(a), len(b))
		}
		for i := range a {
			if fmt.Sprint(a[i]) != fmt.Sprint(b[i]) {
				t.Fatalf("not deterministic: %v then %v", a[i], b[i])
			}
		}
	})
}

// TestMakeFileRead: $(file <P) reads P (real make prints what it read),
// in a variable and in a recipe line; corral's reading has a read of P.
func TestMakeFileRead(t *testing.T) {
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("make is not installed")
	}
	for _, text := range []string{
		"X := $(file <s.txt)\nall:\n\t@echo \"$(X)\"\n",
		"all:\n\t@echo \"$(file < s.txt)\"\n",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "s.txt"), []byte("canary-text\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(makeBin)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "MAKEFLAGS=")
		out, _ := cmd.CombinedOutput()
		if !strings.Contains(string(out), "canary-text") {
			t.Fatalf("make did not read s.txt: %s", out)
		}
		opts := makeOpts{dir: dir, read: func(p string) (string, bool) {
			b, err := os.ReadFile(p)
			return string(b), err == nil
		}, env: func(string) (string, bool, bool) { return "", true, true }}
		var reads []string
		for _, a := range makePlan([]makeSource{{"Makefile", text}}, opts, 0, false) {
			if a.kind == "read" {
				reads = append(reads, a.text)
			}
		}
		if strings.Join(reads, " ") != "s.txt" {
			t.Errorf("%q: corral reads %v, want s.txt", text, reads)
		}
	}
}

// TestMakeSystemInclude: an included name not beside the Makefile nor in
// an -I directory is read from make's system directories (checked once
// by hand against make 4.3 with a file put in /usr/local/include); one
// beside the Makefile comes first.
func TestMakeSystemInclude(t *testing.T) {
	files := map[string]string{
		"/usr/local/include/sys.mk": "all:\n\ttouch c_system\n",
		"/usr/include/both.mk":      "all:\n\ttouch c_usr\n",
		"/p/both.mk":                "all:\n\ttouch c_local\n",
	}
	opts := makeOpts{dir: "/p", read: func(p string) (string, bool) { s, ok := files[p]; return s, ok },
		env: func(string) (string, bool, bool) { return "", true, true }}
	for text, want := range map[string]string{"include sys.mk\n": "c_system", "include both.mk\n": "c_local"} {
		var got []string
		for _, a := range makePlan([]makeSource{{"Makefile", text}}, opts, 0, false) {
			got = append(got, makeCanary.FindAllString(a.text, -1)...)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: corral reads %v, want %s", text, got, want)
		}
	}
}
