package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The code execution tests run interpreter one-liners and scripts on disk
// for real in a scratch home. The destructive call in each is pointed at
// the scratch home itself (the canary): corral must deny it, and running
// it anyway must remove the canary, proving that the denial stood between
// the command and the damage. Look-alikes — the same call as data, or the
// call pointed at a build directory — must pass, and running them must
// leave the canary intact. A language whose interpreter is not installed
// is skipped by name.

// codeCase is one command; {home} is the scratch home, {project} the
// project inside it.
type codeCase struct {
	name string
	// prog is the interpreter the case needs on PATH.
	prog string
	cmd  string
	// files are written under the project before the check ({home} is
	// replaced in their content too).
	files map[string]string
	want  Decision
	// gone reports that running the command removes the canary.
	gone bool
	// made reports that running the command creates {home}/made (a
	// payload of touch, where a case shows that a call runs a command).
	made bool
	// leaks reports that running the command prints a secret: the
	// project's .env and the scratch home's ~/.ssh/id_rsa hold
	// secretMarker.
	leaks bool
}

// secretMarker is the content of the scratch secrets.
const secretMarker = "TOKEN=canary-secret-4242"

var codeCases = []codeCase{
	// Red team 9 Q, R, B: loaders and command scripts read from files.
	{name: "py-dunder-import-file", prog: "python3", cmd: `python3 -c '__import__("plug")'`, files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-dunder-import-look", prog: "python3", cmd: `python3 -c '__import__("plug")'`, files: map[string]string{"plug.py": "print('rm -rf {home}')\n"}, want: Allow},
	{name: "py-source-loader", prog: "python3", cmd: `python3 -c 'from importlib.machinery import SourceFileLoader; SourceFileLoader("m", "plug.py").load_module()'`, files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-spec-exec-module", prog: "python3", cmd: `python3 -c 'import importlib.util as u; s = u.spec_from_file_location("m", "plug.py"); m = u.module_from_spec(s); s.loader.exec_module(m)'`, files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-exec-open-read", prog: "python3", cmd: `python3 -c 'exec(open("plug.py").read())'`, files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-exec-open-read-look", prog: "python3", cmd: `python3 -c 'exec(open("plug.py").read())'`, files: map[string]string{"plug.py": "print('configured')\n"}, want: Allow},
	{name: "rb-load-file", prog: "ruby", cmd: `ruby -e 'load "plug.rb"'`, files: map[string]string{"plug.rb": "require 'fileutils'; FileUtils.rm_rf('{home}')\n"}, want: Deny, gone: true},
	{name: "rbash-c", prog: "rbash", cmd: `rbash -c "rm -rf '{home}'"`, want: Deny, gone: true},
	{name: "rbash-stdin", prog: "rbash", cmd: `echo "rm -rf '{home}'" | rbash`, want: Deny, gone: true},
	{name: "ed-stdin-file", prog: "ed", cmd: "ed -s notes.txt < x.ed", files: map[string]string{"notes.txt": "hi\n", "x.ed": "!rm -rf '{home}'\nq\n"}, want: Deny, gone: true},
	{name: "ed-stdin-file-look", prog: "ed", cmd: "ed -s notes.txt < x.ed", files: map[string]string{"notes.txt": "hi\n", "x.ed": "1s/hi/ho/\nw\nq\n"}, want: Allow},
	{name: "vim-es-stdin-file", prog: "vim", cmd: "vim -es notes.txt < x.ed", files: map[string]string{"notes.txt": "hi\n", "x.ed": "!rm -rf '{home}'\nq!\n"}, want: Deny, gone: true},
	{name: "sqlite-read-file", prog: "sqlite3", cmd: "sqlite3 :memory: '.read init.sql'", files: map[string]string{"init.sql": ".shell rm -rf '{home}'\n"}, want: Deny, gone: true},
	{name: "sqlite-stdin-file", prog: "sqlite3", cmd: "sqlite3 :memory: < init.sql", files: map[string]string{"init.sql": ".shell rm -rf '{home}'\n"}, want: Deny, gone: true},
	{name: "pydoc-module", prog: "pydoc3", cmd: "pydoc3 plug", files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "pydoc-path", prog: "python3", cmd: "python3 -m pydoc ./plug.py", files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-m-inspect", prog: "python3", cmd: "python3 -m inspect plug", files: map[string]string{"plug.py": "import shutil; shutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "pydoc-look", prog: "python3", cmd: "python3 -m pydoc plug", files: map[string]string{"plug.py": "# Helpers.\ndef f():\n    print('rm -rf {home}')\n"}, want: Allow},
	{name: "py-m-pickle", prog: "python3", cmd: "python3 -m pickle x.pkl", files: map[string]string{"x.pkl": "cos\nsystem\n(S'rm -rf {home}'\ntR."}, want: Ask, gone: true},
	{name: "pickle-load", prog: "python3", cmd: `python3 -c 'import pickle; pickle.load(open("x.pkl", "rb"))'`, files: map[string]string{"x.pkl": "cposix\nsystem\n(S'rm -rf {home}'\ntR."}, want: Ask, gone: true},
	// A pickle held in a name first, its import built through the memo
	// (issue 9).
	{name: "pickle-loads-variable-memo", prog: "python3", cmd: `python3 -c 'import pickle; data = open("x.pkl", "rb").read(); pickle.loads(data)'`, files: map[string]string{"x.pkl": "\x80\x04\x8c\x02os\x94\x8c\x06system\x94h\x00h\x01\x93S'rm -rf {home}'\n\x85R."}, want: Ask, gone: true},
	{name: "pickle-with-open-memo", prog: "python3", cmd: `python3 load.py`, files: map[string]string{"load.py": "import pickle\nP = \"x.pkl\"\nwith open(P, \"rb\") as f:\n    obj = pickle.Unpickler(f).load()\n", "x.pkl": "\x80\x02X\x02\x00\x00\x00osq\x05X\x06\x00\x00\x00systemq\x060h\x05h\x06\x93S'rm -rf {home}'\n\x85R."}, want: Ask, gone: true},
	{name: "pickle-variable-data-look", prog: "python3", cmd: `python3 -c 'import pickle; data = open("x.pkl", "rb").read(); print(pickle.loads(data))'`, files: map[string]string{"x.pkl": "\x80\x04\x8c\x0bcollections\x94\x8c\x0bOrderedDict\x94h\x00h\x01\x93)R\x8c\x0bcos\nsystem\n\x94b."}, want: Allow},
	{name: "pickle-data-look", prog: "python3", cmd: `python3 -c 'import pickle; print(pickle.load(open("x.pkl", "rb")))'`, files: map[string]string{"x.pkl": "(dp0\nVos\np1\nVrm -rf {home}\np2\ns."}, want: Allow},
	{name: "irbrc-cwd", prog: "irb", cmd: "echo 'puts 1' | irb", files: map[string]string{".irbrc": "require 'fileutils'; FileUtils.rm_rf('{home}')\n"}, want: Deny, gone: true},
	{name: "irbrc-look", prog: "irb", cmd: "echo 'puts 1' | irb", files: map[string]string{".irbrc": "IRB.conf[:PROMPT_MODE] = :SIMPLE\n"}, want: Allow},
	{name: "sqlite-stdin-file-look", prog: "sqlite3", cmd: "sqlite3 :memory: < init.sql", files: map[string]string{"init.sql": "create table t(x);\n.tables\n"}, want: Allow},
	{name: "py-rmtree", prog: "python3", cmd: `python3 -c "import shutil; shutil.rmtree('{home}')"`, want: Deny, gone: true},
	{name: "py-env-home", prog: "python3", cmd: `python3 -c "import os, shutil; shutil.rmtree(os.environ['HOME'])"`, want: Deny, gone: true},
	{name: "node-env-home", prog: "node", cmd: `node -e "require('fs').rmSync(process.env.HOME, {recursive: true, force: true})"`, want: Deny, gone: true},
	{name: "bash-rcfile", prog: "bash", cmd: "bash --rcfile setup.sh -i < /dev/null", files: map[string]string{"setup.sh": "rm -rf '{home}'\n"}, want: Deny, gone: true},
	{name: "bash-rcfile-look", prog: "bash", cmd: "bash --rcfile setup.sh -i < /dev/null", files: map[string]string{"setup.sh": "echo 'rm -rf {home}'\n"}, want: Allow},
	{name: "sqlite-shell", prog: "sqlite3", cmd: "sqlite3 app.db '.shell rm -rf {home}'", want: Deny, gone: true},
	// Red team 12 SQ: readfile of a name computed in SQL or double-quoted
	// (sqlite3 takes an unknown "…" name for a string) reads the file;
	// .shell in an -init file runs the shell text; .load in any input.
	{name: "sqlite-readfile-dq", prog: "sqlite3", cmd: `sqlite3 :memory: "select readfile(\".env\")"`, want: Deny, leaks: true},
	{name: "sqlite-readfile-concat", prog: "sqlite3", cmd: `sqlite3 :memory: "select readfile('.e'||'nv')"`, want: Ask, leaks: true},
	{name: "sqlite-readfile-char", prog: "sqlite3", cmd: `sqlite3 :memory: "select readfile(char(46,101,110,118))"`, want: Ask, leaks: true},
	{name: "sqlite-init-shell", prog: "sqlite3", cmd: "sqlite3 -init i.sql :memory: 'select 1'", files: map[string]string{"i.sql": ".shell rm -rf '{home}'\n"}, want: Deny, gone: true},
	{name: "sqlite-load-cmd", prog: "sqlite3", cmd: "sqlite3 -cmd '.load ./ext' :memory: 'select 1'", want: Ask},
	{name: "sqlite-load-heredoc", prog: "sqlite3", cmd: "sqlite3 :memory: <<'EOF'\n.load ./ext\nselect 1;\nEOF", want: Ask},
	{name: "sqlite-readfile-look", prog: "sqlite3", cmd: `sqlite3 :memory: "select length(readfile('README.md')), upper('.e'||'nv')"`, want: Allow},
	{name: "sqlite-data-look", prog: "sqlite3", cmd: `sqlite3 app.db "create table t(x); insert into t values ('.shell rm -rf {home}')"`, want: Allow},
	{name: "py-system", prog: "python3", cmd: `python3 -c 'import os; os.system("rm -rf ~")'`, want: Deny, gone: true},
	{name: "py-heredoc", prog: "python3", cmd: "python3 <<'EOF'\nimport subprocess\nsubprocess.run(['rm', '-rf', '{home}'])\nEOF", want: Deny, gone: true},
	{name: "py-print-look", prog: "python3", cmd: `python3 -c "print('shutil.rmtree(\"{home}\")')"`, want: Allow},
	{name: "py-build", prog: "python3", cmd: `python3 -c "import shutil; shutil.rmtree('build', ignore_errors=True)"`, want: Allow},
	{name: "py-script", prog: "python3", cmd: "python3 clean.py", files: map[string]string{"clean.py": "import shutil\n# tidy up\nshutil.rmtree('{home}')\n"}, want: Deny, gone: true},
	{name: "py-script-look", prog: "python3", cmd: "python3 show.py", files: map[string]string{"show.py": "print('shutil.rmtree(\"{home}\")')\n"}, want: Allow},
	{name: "node-execsync", prog: "node", cmd: `node -e "require('child_process').execSync('rm -rf ~')"`, want: Deny, gone: true},
	{name: "node-rmsync", prog: "node", cmd: `node -e "fs.rmSync('{home}', {recursive: true, force: true})"`, want: Deny, gone: true},
	{name: "node-log-look", prog: "node", cmd: `node -e "console.log('fs.rmSync(\"{home}\")')"`, want: Allow},
	{name: "node-script", prog: "node", cmd: "node clean.js", files: map[string]string{"clean.js": "const fs = require('fs');\nfs.rmSync('{home}', { recursive: true });\n"}, want: Deny, gone: true},
	{name: "perl-system", prog: "perl", cmd: `perl -e 'system("rm -rf ~")'`, want: Deny, gone: true},
	{name: "perl-rmtree", prog: "perl", cmd: `cd ../.. && perl -MFile::Path=rmtree -e 'rmtree("{home}")'`, want: Deny, gone: true},
	{name: "perl-print-look", prog: "perl", cmd: `perl -e 'print "rmtree(q{{home}})\n"'`, want: Allow},
	{name: "ruby-system", prog: "ruby", cmd: `ruby -e 'system "rm -rf ~"'`, want: Deny, gone: true},
	{name: "ruby-puts-look", prog: "ruby", cmd: `ruby -e 'puts "system(\"rm -rf ~\")"'`, want: Allow},
	{name: "php-system", prog: "php", cmd: `php -r 'system("rm -rf ~");'`, want: Deny, gone: true},
	{name: "php-echo-look", prog: "php", cmd: `php -r 'echo "system(\"rm -rf ~\")";'`, want: Allow},
	{name: "ruby-rm-rf", prog: "ruby", cmd: `ruby -rfileutils -e 'FileUtils.rm_rf("{home}")'`, want: Deny, gone: true},
	{name: "deno-remove", prog: "deno", cmd: `deno eval "Deno.removeSync('{home}', {recursive: true})"`, want: Deny, gone: true},
	{name: "deno-log-look", prog: "deno", cmd: `deno eval "console.log('Deno.removeSync(\"{home}\")')"`, want: Allow},
	{name: "bun-rmsync", prog: "bun", cmd: `bun -e "require('fs').rmSync('{home}', {recursive: true, force: true})"`, want: Deny, gone: true},
	{name: "bun-shell", prog: "bun", cmd: "bun -e 'await Bun.$`rm -rf {home}`'", want: Deny, gone: true},
	{name: "bun-log-look", prog: "bun", cmd: `bun -e "console.log('Bun.$ rm -rf {home}')"`, want: Allow},
	{name: "bash-script", prog: "bash", cmd: "bash cleanup.sh", files: map[string]string{"cleanup.sh": "#!/bin/sh\necho cleaning\nrm -rf ~\n"}, want: Deny, gone: true},
	{name: "dot-slash-script", prog: "bash", cmd: "chmod +x cleanup.sh && ./cleanup.sh", files: map[string]string{"cleanup.sh": "#!/bin/sh\nrm -rf '{home}'\n"}, want: Deny, gone: true},
	{name: "source-script", prog: "bash", cmd: "source ./env.sh", files: map[string]string{"env.sh": "export A=1\nrm -rf ~\n"}, want: Deny, gone: true},
	{name: "bash-script-look", prog: "bash", cmd: "bash build.sh", files: map[string]string{"build.sh": "echo 'rm -rf ~'\nrm -rf build\n"}, want: Allow},
	{name: "make-clean", prog: "make", cmd: "make clean", files: map[string]string{"Makefile": "all:\n\techo hi\n\nclean:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-all-look", prog: "make", cmd: "make", files: map[string]string{"Makefile": "all:\n\techo 'rm -rf ~'\n\nclean:\n\trm -rf ~\n"}, want: Allow},
	// make's own language (red-team A2): what make runs while it reads
	// the file, recipes built from variables, includes, the goal it picks.
	{name: "make-shell-assign", prog: "make", cmd: "make", files: map[string]string{"Makefile": "X := $(shell rm -rf ~)\nall:\n\t@echo hi\n"}, want: Deny, gone: true},
	{name: "make-var-recipe", prog: "make", cmd: "make", files: map[string]string{"Makefile": "CMD = rm -rf ~\nall:\n\t$(CMD)\n"}, want: Deny, gone: true},
	{name: "make-define", prog: "make", cmd: "make", files: map[string]string{"Makefile": "define X\nrm -rf ~\nendef\nall:\n\t$(X)\n"}, want: Deny, gone: true},
	{name: "make-include-shell", prog: "make", cmd: "make", files: map[string]string{"Makefile": "all:\n\t@echo hi\ninclude evil.mk\n", "evil.mk": "$(shell rm -rf ~)\n"}, want: Deny, gone: true},
	{name: "make-include-target", prog: "make", cmd: "make x", files: map[string]string{"Makefile": "all:\n\t@echo hi\ninclude evil.mk\n", "evil.mk": "x:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-default-goal", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".DEFAULT_GOAL := evil\nall:\n\techo hi\nevil:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-pattern-rule", prog: "make", cmd: "make", files: map[string]string{"Makefile": "all: foo.o\n%.o:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-recipeprefix", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".RECIPEPREFIX = >\nall:\n>rm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-eval-var", prog: "make", cmd: "make", files: map[string]string{"Makefile": "X=$(shell rm -rf ~)\n$(eval $(X))\nall:\n\t@:\n"}, want: Deny, gone: true},
	{name: "make-call", prog: "make", cmd: "make", files: map[string]string{"Makefile": "f = rm -rf $(1)\nall:\n\t$(call f,~)\n"}, want: Deny, gone: true},
	{name: "make-dry-run-shell", prog: "make", cmd: "make -n", files: map[string]string{"Makefile": "X := $(shell rm -rf ~)\nall:\n\t@echo hi\n"}, want: Deny, gone: true},
	{name: "make-dry-run-plus", prog: "make", cmd: "make -n", files: map[string]string{"Makefile": "all:\n\t+rm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-command-line-var", prog: "make", cmd: "make CMD='rm -rf ~'", files: map[string]string{"Makefile": "CMD = echo hi\nall:\n\t$(CMD)\n"}, want: Deny, gone: true},
	{name: "make-dry-run-look", prog: "make", cmd: "make -n", files: map[string]string{"Makefile": "all:\n\trm -rf ~\n"}, want: Allow},
	{name: "make-vars-look", prog: "make", cmd: "make && make clean", files: map[string]string{"Makefile": "BUILD := build\nREV := $(shell git rev-parse --short HEAD 2>/dev/null)\nCMD = mkdir -p $(BUILD)\nall:\n\t$(CMD)\n\t@echo rev $(REV)\nclean:\n\trm -rf $(BUILD)\n"}, want: Allow},
	{name: "make-cross-platform-look", prog: "make", cmd: "make clean", files: map[string]string{"Makefile": "ifeq ($(OS),Windows_NT)\n  RM = del /Q\nelse\n  RM = rm -f\nendif\nclean:\n\t$(RM) app *.o\n"}, want: Allow},
	{name: "make-ifdef-env", prog: "make", cmd: "CI=1 make", files: map[string]string{"Makefile": "ifdef CI\nCMD = rm -rf ~\nelse\nCMD = echo local\nendif\nall:\n\t$(CMD)\n"}, want: Deny, gone: true},
	{name: "make-include-look", prog: "make", cmd: "make", files: map[string]string{"Makefile": "include config.mk\nall:\n\t$(CMD)\n", "config.mk": "CMD = echo 'rm -rf ~'\n"}, want: Allow},
	// make's built-in rules, special targets and exported variables
	// (second red team, class B).
	{name: "make-builtin-cc", prog: "make", cmd: "make", files: map[string]string{"Makefile": "CC = rm -rf ~ ;\nall: prog\n", "prog.c": "int main(void){return 0;}\n"}, want: Deny, gone: true},
	{name: "make-builtin-cc-look", prog: "make", cmd: "make", files: map[string]string{"Makefile": "CC = cc\nCFLAGS = -O2\nall: prog\n", "prog.c": "int main(void){return 0;}\n"}, want: Allow},
	{name: "make-shellflags", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".SHELLFLAGS = -c \"rm -rf ~\"\nall:\n\techo hi\n"}, want: Deny, gone: true},
	{name: "make-shellflags-look", prog: "make", cmd: "make", files: map[string]string{"Makefile": "SHELL := /bin/bash\n.SHELLFLAGS := -eu -o pipefail -c\nall:\n\techo hi\n"}, want: Allow},
	{name: "make-default-rule", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".DEFAULT:\n\trm -rf ~\nall: missing\n"}, want: Deny, gone: true},
	{name: "make-suffix-rule", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".SUFFIXES: .x .y\n.x.y:\n\trm -rf ~\nall: a.y\n", "a.x": "x\n"}, want: Deny, gone: true},
	{name: "make-second-expansion", prog: "make", cmd: "make", files: map[string]string{"Makefile": ".SECONDEXPANSION:\nC = rm -rf ~\nall: $$(shell $$(C))\n\techo hi\n"}, want: Deny, gone: true},
	{name: "make-export-bash-env", prog: "make", cmd: "make", files: map[string]string{"Makefile": "export BASH_ENV=./e.sh\nSHELL=/bin/bash\nall:\n\techo\n", "e.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-export-pythonpath", prog: "make", cmd: "make", files: map[string]string{"Makefile": "export PYTHONPATH=.\nall:\n\tpython3 -c 1\n", "sitecustomize.py": "import os\nos.system('rm -rf ~')\n"}, want: Deny, gone: true},
	{name: "make-export-look", prog: "make", cmd: "make", files: map[string]string{"Makefile": "export GOFLAGS=-mod=vendor\nexport CGO_ENABLED=0\nall:\n\techo hi\n"}, want: Allow},
	// A script written and run in the same command.
	{name: "written-script", prog: "bash", cmd: "cat > c.sh <<'EOF'\necho bye\nrm -rf ~\nEOF\nbash c.sh", want: Deny, gone: true},
	{name: "written-script-look", prog: "bash", cmd: "cat > c.sh <<'EOF'\necho 'rm -rf ~'\nEOF\nbash c.sh", want: Allow},
	// Programs that run shell text (issue 12, class 4).
	{name: "trap", prog: "bash", cmd: "trap 'rm -rf ~' EXIT; echo hi", want: Deny, gone: true},
	{name: "trap-look", prog: "bash", cmd: "trap 'rm -rf build' EXIT; echo hi", want: Allow},
	// A RETURN trap runs when a function or a sourced file returns.
	{name: "trap-return-func", prog: "bash", cmd: "f(){ trap 'rm -rf ~' RETURN; }; f", want: Deny, gone: true},
	{name: "trap-return-functrace", prog: "bash", cmd: "trap 'rm -rf ~' RETURN; set -T; f(){ :; }; f", want: Deny, gone: true},
	{name: "trap-return-never", prog: "bash", cmd: "trap 'rm -rf ~' RETURN; echo hi", want: Allow},
	{name: "flock-c", prog: "flock", cmd: "flock lockfile -c 'rm -rf ~'", want: Deny, gone: true},
	{name: "find-exec-sh", prog: "find", cmd: `find . -maxdepth 0 -exec sh -c 'rm -rf ~' \;`, want: Deny, gone: true},
	{name: "base64-sh", prog: "base64", cmd: "echo cm0gLXJmIH4K | base64 -d | sh", want: Deny, gone: true},
	{name: "printf-sh", prog: "bash", cmd: `printf '%s\n' 'rm -rf ~' | sh`, want: Deny, gone: true},
	// Stages that copy their input to the shell (red team 10, PC): cat
	// with no file, cat -, tee, xargs echo, echo "$(cat)".
	{name: "cat-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | cat | sh`, want: Deny, gone: true},
	{name: "cat-dash-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | cat -u - | cat /dev/stdin | bash`, want: Deny, gone: true},
	{name: "tee-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | tee t.log | sh`, want: Deny, gone: true},
	{name: "xargs-echo-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | xargs echo | sh`, want: Deny, gone: true},
	{name: "echo-cat-subst-sh", prog: "bash", cmd: `echo 'rm -rf ~' | echo "$(cat)" | sh`, want: Deny, gone: true},
	{name: "base64-cat-sh", prog: "base64", cmd: "echo cm0gLXJmIH4K | base64 -d | cat | sh", want: Deny, gone: true},
	{name: "cat-pass-written", prog: "bash", cmd: "echo 'rm -rf ~' | cat > t.sh; sh t.sh", want: Deny, gone: true},
	{name: "cat-compound-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | { cat; } | sh`, want: Deny, gone: true},
	{name: "cat-subshell-pass-sh", prog: "bash", cmd: `echo 'rm -rf ~' | (cat) | sh`, want: Deny, gone: true},
	{name: "rev-compound-sh", prog: "bash", cmd: `echo '~ fr- mr' | { rev; } | sh`, want: Ask, gone: true},
	{name: "cat-pass-look", prog: "bash", cmd: "echo 'echo rm -rf ~' | cat | tee t.log | sh", want: Allow},
	{name: "tar-to-command", prog: "tar", cmd: "echo x > build/f && tar -cf a.tar build && tar -xf a.tar --to-command='rm -rf ~'", want: Deny, gone: true},
	{name: "make-eval", prog: "make", cmd: "make --eval=$'x:\n\trm -rf ~' x", want: Deny, gone: true},
	{name: "make-stdin", prog: "make", cmd: "make -f - <<'EOF'\nall:\n\trm -rf ~\nEOF", want: Deny, gone: true},
	// The makefile on stdin from a file, -f given a word set on one
	// path only, and .SHELLFLAGS replacing -c (red team 10, MK).
	{name: "make-stdin-file", prog: "make", cmd: "make -f - < ev.mk", files: map[string]string{"ev.mk": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-dev-stdin-file", prog: "make", cmd: "make -f /dev/stdin < ev.mk", files: map[string]string{"ev.mk": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	// The makefile read through another descriptor (red team of
	// 2026-12-05): -f /dev/fd/3 with 3 a here-string or a file.
	{name: "make-fd-herestring", prog: "make", cmd: "make -f /dev/fd/3 3<<<$'all:\n\trm -rf ~'", want: Deny, gone: true},
	{name: "make-fd-file", prog: "make", cmd: "make -f /dev/fd/3 3< ev.mk", files: map[string]string{"ev.mk": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-fd-exec", prog: "make", cmd: "exec 3< ev.mk; make -f /dev/fd/3", files: map[string]string{"ev.mk": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-fd-look", prog: "make", cmd: "make -f /dev/fd/3 3< ok.mk", files: map[string]string{"ok.mk": "all:\n\techo 'rm -rf ~'\n"}, want: Allow},
	{name: "make-stdin-file-look", prog: "make", cmd: "make -f - < ok.mk", files: map[string]string{"ok.mk": "all:\n\techo 'rm -rf ~'\n"}, want: Allow},
	{name: "make-f-var-after-cd", prog: "make", cmd: "cd sub && f=ev.mk; make -f \"$f\"", files: map[string]string{"sub/ev.mk": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-after-cd-and", prog: "make", cmd: "cd sub && x=1; make", files: map[string]string{"sub/Makefile": "all:\n\trm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-after-cd-and-look", prog: "make", cmd: "cd sub && x=1; make", files: map[string]string{"sub/Makefile": "all:\n\techo 'rm -rf ~'\n"}, want: Allow},
	{name: "make-shellflags-arg", prog: "make", cmd: "make .SHELLFLAGS=./e.sh", files: map[string]string{"Makefile": "all:\n\techo hi\n", "e.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-shellflags-makeflags", prog: "make", cmd: "MAKEFLAGS=.SHELLFLAGS=./e.sh make", files: map[string]string{"Makefile": "all:\n\techo hi\n", "e.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "make-shellflags-arg-look", prog: "make", cmd: "make .SHELLFLAGS=-ec", files: map[string]string{"Makefile": "all:\n\techo hi\n", "e.sh": "rm -rf ~\n"}, want: Allow},
	// After cd DIR && …; the directory is one of two (the cd may have
	// failed): a script named relative to it is read in each.
	{name: "bash-script-after-cd-and", prog: "bash", cmd: "cd sub && x=1; bash ../cleanup.sh", files: map[string]string{"sub/keep.txt": "x\n", "cleanup.sh": "#!/bin/sh\nrm -rf ~\n"}, want: Deny, gone: true},
	{name: "bash-script-after-cd-and-look", prog: "bash", cmd: "cd sub && x=1; bash ../build.sh", files: map[string]string{"sub/keep.txt": "x\n", "build.sh": "#!/bin/sh\necho 'rm -rf ~'\n"}, want: Allow},
	// A script named by a pattern for source, and run-parts, which runs
	// each file of a directory (red team 10, RT).
	{name: "source-glob", prog: "bash", cmd: "source ./en*.sh", files: map[string]string{"env.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "source-glob-look", prog: "bash", cmd: "source ./en*.sh", files: map[string]string{"env.sh": "export A=1\n"}, want: Allow},
	// A loop sourcing each file of a pattern or a list (red team of
	// 2026-12-05): each file is walked in the caller's state.
	{name: "source-loop-glob", prog: "bash", cmd: `for f in conf/*; do . "$f"; done`, files: map[string]string{"conf/a.sh": "export A=1\n", "conf/b.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "source-loop-list", prog: "bash", cmd: `for f in conf/a.sh conf/b.sh; do source $f; done`, files: map[string]string{"conf/a.sh": "export A=1\n", "conf/b.sh": "rm -rf ~\n"}, want: Deny, gone: true},
	{name: "source-loop-look", prog: "bash", cmd: `for f in conf/*; do . "$f"; done; echo "$A"`, files: map[string]string{"conf/a.sh": "export A=1\n", "conf/b.sh": "echo 'rm -rf ~'\n"}, want: Allow},
	{name: "run-parts", prog: "run-parts", cmd: "chmod +x hk/clean && run-parts hk", files: map[string]string{"hk/clean": "#!/bin/sh\nrm -rf ~\n"}, want: Deny, gone: true},
	{name: "run-parts-regex", prog: "run-parts", cmd: "chmod +x hk/c.sh && run-parts --regex '^c' hk", files: map[string]string{"hk/c.sh": "#!/bin/sh\nrm -rf ~\n"}, want: Deny, gone: true},
	{name: "run-parts-name-look", prog: "run-parts", cmd: "chmod +x hk/c.sh && run-parts hk", files: map[string]string{"hk/c.sh": "#!/bin/sh\nrm -rf ~\n"}, want: Allow},
	{name: "run-parts-test-look", prog: "run-parts", cmd: "chmod +x hk/clean && run-parts --test hk", files: map[string]string{"hk/clean": "#!/bin/sh\nrm -rf ~\n"}, want: Allow},
	// A lesskey source's #env section sets LESSOPEN, which less runs on
	// the file even with its output in a pipe (red team 10, LK).
	{name: "less-lesskey-src", prog: "less", cmd: "less --lesskey-src=lk notes.txt | cat", files: map[string]string{"lk": "#env\nLESSOPEN=|rm -rf ~ %s\n", "notes.txt": "hi\n"}, want: Deny, gone: true},
	{name: "less-lesskeyin", prog: "less", cmd: "LESSKEYIN=lk less notes.txt | cat", files: map[string]string{"lk": "#env\nLESSOPEN=\\|rm -rf ~ %s\n", "notes.txt": "hi\n"}, want: Deny, gone: true},
	// The compiled form lesskey -o writes: less -k and LESSKEY read it
	// (less 590 refuses a source there: the look-alike).
	{name: "less-k-compiled", prog: "less", cmd: "less -k kb notes.txt | cat", files: map[string]string{"kb": "\x00M+Gc\x00\x00e\x00\x00v\x17\x00LESSOPEN\x00\x81|rm -rf ~ %s\x00xEnd", "notes.txt": "hi\n"}, want: Deny, gone: true},
	{name: "less-lesskey-compiled-env", prog: "less", cmd: "LESSKEY=kb less notes.txt | cat", files: map[string]string{"kb": "\x00M+Gc\x00\x00e\x00\x00v\x17\x00LESSOPEN\x00\x81|rm -rf ~ %s\x00xEnd", "notes.txt": "hi\n"}, want: Deny, gone: true},
	{name: "less-k-source-look", prog: "less", cmd: "less -k lk notes.txt | cat", files: map[string]string{"lk": "#env\nLESSOPEN=|rm -rf ~ %s\n", "notes.txt": "hi\n"}, want: Allow},
	{name: "less-lesskey-look", prog: "less", cmd: "LESS=--lesskey-src=lk less notes.txt | cat", files: map[string]string{"lk": "#env\nLESS=-R\n# LESSOPEN=|rm -rf ~ %s\n", "notes.txt": "hi\n"}, want: Allow},
	{name: "npm-run", prog: "npm", cmd: "npm run clean --silent", files: map[string]string{"package.json": `{"name": "x", "version": "1.0.0", "scripts": {"clean": "rm -rf ~"}}`}, want: Deny, gone: true},
	{name: "npm-pretest", prog: "npm", cmd: "npm test --silent", files: map[string]string{"package.json": `{"name": "x", "version": "1.0.0", "scripts": {"pretest": "rm -rf ~", "test": "echo ok"}}`}, want: Deny, gone: true},
	// Code handed to awk, sed, vim, tclsh and gdb (issue 12, classes 4
	// and 6): each program's own way to run shell text, pointed at the
	// scratch home; the same text as data passes.
	{name: "awk-system", prog: "awk", cmd: `awk 'BEGIN{system("rm -rf ~")}'`, want: Deny, gone: true},
	{name: "awk-getline", prog: "awk", cmd: `awk 'BEGIN{"rm -rf {home}" | getline x}'`, want: Deny, gone: true},
	{name: "awk-print-pipe", prog: "awk", cmd: `awk 'BEGIN{print "" | "rm -rf {home}"}'`, want: Deny, gone: true},
	{name: "awk-print-look", prog: "awk", cmd: `awk 'BEGIN{print "rm -rf ~"; print "system(\"rm -rf ~\")"}'`, want: Allow},
	{name: "awk-getline-env", prog: "awk", cmd: `awk 'BEGIN{while ((getline l < ".env") > 0) print l}'`, want: Deny, leaks: true},
	{name: "awk-argv-env", prog: "awk", cmd: `awk 'BEGIN{ARGV[1] = ".env"; ARGC = 2} {print}'`, want: Deny, leaks: true},
	{name: "awk-argv-env-file", prog: "awk", cmd: `awk -f argv.awk`, files: map[string]string{"argv.awk": "BEGIN { ARGV[ARGC++] = \".env\" }\n{ print }\n"}, want: Deny, leaks: true},
	{name: "awk-argv-look", prog: "awk", cmd: `awk 'BEGIN{ARGV[1] = "notes.txt"} {print}'`, files: map[string]string{"notes.txt": "hi\n"}, want: Allow},
	{name: "awk-built-look", prog: "awk", cmd: `echo build | awk '{system("ls " $1)}'`, want: Allow},
	{name: "sed-e-command", prog: "sed", cmd: `echo x | sed -n '1e rm -rf ~'`, want: Deny, gone: true},
	{name: "sed-s-e-flag", prog: "sed", cmd: `echo x | sed 's/.*/rm -rf ~/e'`, want: Deny, gone: true},
	{name: "sed-subst-look", prog: "sed", cmd: `echo e | sed -e 's/e/E/' -e 's/rm -rf ~/x/'`, want: Allow},
	{name: "sed-r-env", prog: "sed", cmd: `echo x | sed 'r .env'`, want: Deny, leaks: true},
	{name: "vim-bang", prog: "vim", cmd: `vim -N -u NONE -es -c '!rm -rf ~' -c 'qa!'`, want: Deny, gone: true},
	{name: "vim-call-system", prog: "vim", cmd: `vim -N -u NONE -es '+call system("rm -rf {home}")' '+qa!'`, want: Deny, gone: true},
	{name: "vim-exe", prog: "vim", cmd: `vim -N -u NONE -es -c 'exe "!rm -rf ~"' -c 'qa!'`, want: Deny, gone: true},
	{name: "vim-read-env", prog: "vim", cmd: `vim -N -u NONE -es -c 'r .env' -c '%p' -c 'qa!'`, want: Deny, leaks: true},
	{name: "vim-set-look", prog: "vim", cmd: `vim -N -u NONE -es -c 'set nu' -c 'echo "!rm -rf ~"' -c 'qa!'`, want: Allow},
	// Red team 13 VE: what Vim runs besides :! and system(): a program
	// option (:make runs 'makeprg'), call() of system by name, $VIMINIT
	// at start, and files opened with :e or after :cd, which a bare :w
	// writes and %p prints.
	{name: "vim-makeprg", prog: "vim", cmd: `vim -N -u NONE -es -c 'set makeprg=rm\ -rf\ {home}' -c 'silent make' -c 'qa!'`, want: Deny, gone: true},
	{name: "vim-let-makeprg", prog: "vim", cmd: `vim -N -u NONE -es -c 'let &makeprg = "rm -rf {home}"' -c 'silent make' -c 'qa!'`, want: Deny, gone: true},
	{name: "vim-call-call", prog: "vim", cmd: `vim -N -u NONE -es -c 'call call("system", ["rm -rf {home}"])' -c 'qa!'`, want: Deny, gone: true},
	{name: "vim-viminit", prog: "vim", cmd: `VIMINIT='call system("rm -rf {home}")' vim -N -c 'qa!' < /dev/null > /dev/null 2>&1`, want: Deny, gone: true},
	{name: "vim-cd-edit-key", prog: "vim", cmd: `vim -N -u NONE -es -c 'cd ~/.ssh' -c 'e id_rsa' -c '%p' -c 'qa!'`, want: Deny, leaks: true},
	{name: "vim-readfile-env", prog: "vim", cmd: `vim -N -u NONE -es -c "put =readfile('.env')" -c '%p' -c 'qa!'`, want: Deny, leaks: true},
	{name: "vim-makeprg-look", prog: "vim", cmd: `vim -N -u NONE -es -c 'set makeprg=true' -c 'silent make' -c 'e notes.txt' -c 'w' -c 'qa!'`, files: map[string]string{"notes.txt": "hi\n"}, want: Allow},
	{name: "ex-read-cmd", prog: "ex", cmd: `ex -N -u NONE -s -c 'r !rm -rf ~' -c 'qa!'`, want: Deny, gone: true},
	{name: "tclsh-exec", prog: "tclsh", cmd: `tclsh <<< 'exec rm -rf {home}'`, want: Deny, gone: true},
	{name: "tclsh-file-delete", prog: "tclsh", cmd: `echo 'file delete -force ~' | tclsh`, want: Deny, gone: true},
	{name: "tclsh-puts-look", prog: "tclsh", cmd: `tclsh <<< 'puts "exec rm -rf ~"; puts {file delete -force ~}'`, want: Allow},
	{name: "gdb-shell", prog: "gdb", cmd: `gdb -batch -nx -ex 'shell rm -rf ~'`, want: Deny, gone: true},
	{name: "gdb-echo-look", prog: "gdb", cmd: `gdb -batch -nx -ex 'echo shell rm -rf ~\n'`, want: Allow},
	// Program code that reads a secret (issue 9): denied like cat of the
	// same path; run anyway, it prints the secret.
	{name: "py-read-env", prog: "python3", cmd: `python3 -c 'print(open(".env").read())'`, want: Deny, leaks: true},
	{name: "py-read-key-expanduser", prog: "python3", cmd: `python3 -c 'import os; print(open(os.path.expanduser("~/.ssh/id_rsa")).read())'`, want: Deny, leaks: true},
	{name: "py-read-heredoc", prog: "python3", cmd: "python3 <<'EOF'\nfrom pathlib import Path\nprint((Path.home() / '.ssh' / 'id_rsa').read_text())\nEOF", want: Deny, leaks: true},
	{name: "py-read-script", prog: "python3", cmd: "python3 show.py", files: map[string]string{"show.py": "import pathlib\nprint(pathlib.Path('.env').read_text())\n"}, want: Deny, leaks: true},
	{name: "py-read-look", prog: "python3", cmd: `python3 -c 'print(".env", open("README.md").read())'`, files: map[string]string{"README.md": "hello\n"}, want: Allow},
	{name: "node-read-env", prog: "node", cmd: `node -e 'console.log(require("fs").readFileSync(".env", "utf8"))'`, want: Deny, leaks: true},
	{name: "node-read-promises", prog: "node", cmd: `node -e 'require("fs").promises.readFile(".env", "utf8").then(console.log)'`, want: Deny, leaks: true},
	{name: "node-read-look", prog: "node", cmd: `node -e 'console.log(".env")'`, want: Allow},
	{name: "perl-read-env", prog: "perl", cmd: `perl -e 'open(my $f, "<", ".env"); print <$f>'`, want: Deny, leaks: true},
	{name: "ruby-read-env", prog: "ruby", cmd: `ruby -e 'puts File.read(".env")'`, want: Deny, leaks: true},
	{name: "ruby-read-script", prog: "ruby", cmd: "ruby show.rb", files: map[string]string{"show.rb": "puts IO.read(File.expand_path('~/.ssh/id_rsa'))\n"}, want: Deny, leaks: true},
	{name: "ruby-read-look", prog: "ruby", cmd: `ruby -e 'puts ".env"'`, want: Allow},
	{name: "php-read-env", prog: "php", cmd: `php -r 'echo file_get_contents(".env");'`, want: Deny, leaks: true},
	{name: "deno-read-env", prog: "deno", cmd: `deno eval "console.log(Deno.readTextFileSync('.env'))"`, want: Deny, leaks: true},
	{name: "bun-read-env", prog: "bun", cmd: `bun -e "console.log(await Bun.file('.env').text())"`, want: Deny, leaks: true},
	{name: "php-read-look", prog: "php", cmd: `php -r 'echo ".env";'`, want: Allow},
	// Indirection (issue 9): the call reached through a lookup by a
	// literal name, a module loaded by a string, a function kept in a
	// variable, or code in a string handed to an evaluator.
	{name: "py-alias-system", prog: "python3", cmd: `python3 -c 'import os; f = os.system; f("rm -rf ~")'`, want: Deny, gone: true},
	{name: "py-getattr-system", prog: "python3", cmd: `python3 -c 'import os; getattr(os, "system")("rm -rf ~")'`, want: Deny, gone: true},
	{name: "py-dunder-import", prog: "python3", cmd: `python3 -c "__import__('shutil').rmtree('{home}')"`, want: Deny, gone: true},
	{name: "py-exec-string", prog: "python3", cmd: `python3 -c "exec('import shutil; shutil.rmtree(\"{home}\")')"`, want: Deny, gone: true},
	{name: "py-import-module", prog: "python3", cmd: `python3 -c "import importlib; importlib.import_module('os').system('rm -rf ~')"`, want: Deny, gone: true},
	{name: "py-dict-system", prog: "python3", cmd: `python3 -c "import os; os.__dict__['system']('rm -rf ~')"`, want: Deny, gone: true},
	{name: "py-map-rmtree", prog: "python3", cmd: `python3 -c "import shutil; list(map(shutil.rmtree, ['{home}']))"`, want: Ask, gone: true},
	{name: "py-getattr-look", prog: "python3", cmd: `python3 -c "import json; print(getattr(json, 'dumps')('os.system(\"rm -rf ~\")'), eval('1 + 2'))"`, want: Allow},
	{name: "node-computed", prog: "node", cmd: `node -e "const cp = require('child_process'); cp['execSync']('rm -rf ~')"`, want: Deny, gone: true},
	{name: "node-eval-string", prog: "node", cmd: `node -e "eval('require(\"child_process\").execSync(\"rm -rf ~\")')"`, want: Deny, gone: true},
	{name: "node-dynamic-import", prog: "node", cmd: `node -e "import('child_process').then(m => m.execSync('rm -rf ~'))"`, want: Deny, gone: true},
	{name: "node-function-require", prog: "node", cmd: `node -e "new Function('return require')()('child_process').execSync('rm -rf ~')"`, want: Deny, gone: true},
	{name: "node-eval-look", prog: "node", cmd: `node -e "console.log(eval('1 + 2'), 'eval(require(child_process))')"`, want: Allow},
	{name: "ruby-eval-string", prog: "ruby", cmd: `ruby -e 'eval(%q(system %q(rm -rf ~)))'`, want: Deny, gone: true},
	{name: "ruby-send", prog: "ruby", cmd: `ruby -e "send(:system, 'rm -rf ~')"`, want: Deny, gone: true},
	{name: "ruby-method-call", prog: "ruby", cmd: `ruby -e 'm = method(:system); m.call("rm -rf ~")'`, want: Deny, gone: true},
	{name: "ruby-send-look", prog: "ruby", cmd: `ruby -e 'puts [1, 2].send(:sum), :system'`, want: Allow},
	{name: "perl-eval-string", prog: "perl", cmd: `perl -e 'eval q(system q(rm -rf ~))'`, want: Deny, gone: true},
	{name: "perl-symbolic-rmtree", prog: "perl", cmd: `cd ../.. && perl -MFile::Path -e '$f = "rmtree"; &$f("{home}")'`, want: Deny, gone: true},
	// Perl calls a sub named "system" through the string, never the
	// builtin: it dies, and corral, which cannot know whether such a sub
	// exists, asks.
	{name: "perl-symbolic-system", prog: "perl", cmd: `perl -e '$f = "system"; &$f("rm -rf ~")'`, want: Ask},
	{name: "php-variable-function", prog: "php", cmd: `php -r '$f = "system"; $f("rm -rf ~");'`, want: Deny, gone: true},
	{name: "php-call-user-func", prog: "php", cmd: `php -r 'call_user_func("system", "rm -rf ~");'`, want: Deny, gone: true},
	{name: "php-eval-string", prog: "php", cmd: `php -r 'eval("system(\"rm -rf ~\");");'`, want: Deny, gone: true},
	{name: "php-callback-look", prog: "php", cmd: `php -r 'echo call_user_func("strtoupper", "system"), PHP_EOL;'`, want: Allow},
	{name: "npm-run-look", prog: "npm", cmd: "npm run build --silent", files: map[string]string{"package.json": `{"name": "x", "version": "1.0.0", "scripts": {"build": "echo 'rm -rf ~'", "clean": "rm -rf ~"}}`}, want: Allow},
}

// interpreterDir finds prog on PATH, or where .ci/install-interpreters.sh
// puts bun and deno ($CORRAL_INTERP_CACHE, default <repo>/.cache/interp),
// and returns the directory to put first on the command's PATH ("" when
// PATH has it).
func interpreterDir(prog string) (string, bool) {
	if _, err := exec.LookPath(prog); err == nil {
		return "", true
	}
	cache := os.Getenv("CORRAL_INTERP_CACHE")
	if cache == "" {
		cache = filepath.Join("..", ".cache", "interp")
	}
	dir, err := filepath.Abs(filepath.Join(cache, "node_modules", ".bin"))
	if err != nil {
		return "", false
	}
	if err := exec.Command(filepath.Join(dir, prog), "--version").Run(); err != nil {
		return "", false
	}
	return dir, true
}

func TestExecCode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs interpreters")
	}
	for _, tc := range codeCases {
		t.Run(tc.name, func(t *testing.T) { runCodeCase(t, tc) })
	}
}

// runCodeCase decides tc's command in a scratch home and runs it there.
func runCodeCase(t *testing.T, tc codeCase) {
	t.Helper()
	binDir, ok := interpreterDir(tc.prog)
	if !ok {
		t.Skipf("%s is not installed (scripts/test.sh installs it with .ci/install-interpreters.sh)", tc.prog)
	}
	home := filepath.Join(t.TempDir(), "home")
	project := filepath.Join(home, "project")
	if err := os.MkdirAll(filepath.Join(project, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	canary := filepath.Join(home, "canary", "keep.txt")
	if err := os.MkdirAll(filepath.Dir(canary), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(canary, []byte("canary\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, content := range map[string]string{filepath.Join(project, ".env"): secretMarker + "\n", filepath.Join(home, ".ssh", "id_rsa"): secretMarker + "\n"} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range tc.files {
		content = strings.ReplaceAll(content, "{home}", home)
		if err := os.MkdirAll(filepath.Dir(filepath.Join(project, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(project, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := strings.ReplaceAll(tc.cmd, "{home}", home)
	env := map[string]string{"HOME": home, EnvProject: project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, project)
	res := Check(cfg, cmd)
	if res.Decision != tc.want {
		t.Fatalf("decision = %s, want %s\ncmd: %s\nfindings: %+v", res.Decision, tc.want, cmd, res.Findings)
	}
	for _, f := range res.Findings {
		if len(tc.files) > 0 && !strings.Contains(f.Message, ":") {
			t.Errorf("finding %q does not say where in the file", f.Message)
		}
	}
	// Run it for real in the scratch home.
	run := exec.Command("bash", "-c", cmd)
	run.Dir = project
	run.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+home, "npm_config_cache="+filepath.Join(t.TempDir(), "npm"), "npm_config_update_notifier=false")
	done := make(chan struct{})
	var out []byte
	go func() { out, _ = run.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		_ = run.Process.Kill()
		<-done
		t.Fatalf("command did not finish: %s", cmd)
	}
	_, err := os.Stat(canary)
	gone := os.IsNotExist(err)
	if gone != tc.gone {
		t.Errorf("canary gone = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", gone, tc.gone, res.Decision, cmd, out)
	}
	if _, err := os.Stat(filepath.Join(home, "made")); (err == nil) != tc.made {
		t.Errorf("%s/made created = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", home, err == nil, tc.made, res.Decision, cmd, out)
	}
	if leaked := strings.Contains(string(out), secretMarker); leaked != tc.leaks {
		t.Errorf("secret printed = %v, want %v (corral said %s)\ncmd: %s\noutput: %s", leaked, tc.leaks, res.Decision, cmd, out)
	}
}
