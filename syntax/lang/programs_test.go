package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// programCases are texts of the programs that run code handed to them on
// the command line (awk, sed, Vim's ex commands, Lua, Tcl, R, Julia,
// Emacs Lisp, gdb), with the effects each has, written from the
// programs' manuals. Look-alikes (a printed command, a substitution
// whose text holds an e, a set option) have none.
var programCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	// awk: system(), print | cmd, cmd | getline, print > file.
	{"awk-system", Awk, `BEGIN{system("rm -rf ~")}`, []string{"shell system: rm -rf ~"}},
	{"awk-system-concat", Awk, `BEGIN{system("rm " "-rf ~")}`, []string{"shell system: rm -rf ~"}},
	{"awk-print-data", Awk, `{print "rm -rf ~"}`, nil},
	{"awk-printf-data", Awk, `{printf "system(\"rm -rf ~\")\n"}`, nil},
	{"awk-regex-data", Awk, `/system\("x"\)/ {print $1}`, nil},
	{"awk-comment", Awk, "# system(\"rm -rf ~\")\n{print}", nil},
	{"awk-built", Awk, `{system("rm -rf " $1)}`, []string{`built system: "rm -rf " $1`}},
	{"awk-built-mkdir", Awk, `{system("mkdir -p " $2)}`, []string{`built system: "mkdir -p " $2`}},
	{"awk-runtime", Awk, `{system($0)}`, []string{"hidden system: $0"}},
	{"awk-var-literal", Awk, `{cmd = "rm -rf ~"; system(cmd)}`, []string{"shell system: rm -rf ~"}},
	{"awk-var-getline", Awk, `{cmd="date"; cmd | getline dt; close(cmd); print $10, dt}`, []string{"shell getline: date"}},
	{"awk-var-built", Awk, `{c = "rm -rf " $1; system(c)}`, []string{`built system: "rm -rf " $1`}},
	{"awk-var-twice", Awk, `{cmd = "ls"; if ($1) cmd = $1; system(cmd)}`, []string{"hidden system: cmd"}},
	{"awk-var-for-in", Awk, `{cmd = "ls"; for (cmd in a) system(cmd)}`, []string{"hidden system: cmd"}},
	{"awk-runtime-var", Awk, `{system(cmd)}`, []string{"hidden system: cmd"}},
	{"awk-runtime-name", Awk, `{system($1 " -rf ~")}`, []string{`hidden system: $1 " -rf ~"`}},
	{"awk-runtime-after-sep", Awk, `{system("echo; " $1)}`, []string{`hidden system: "echo; " $1`}},
	{"awk-sprintf", Awk, `{system(sprintf("cp %s %s.bak", $1, $1))}`, []string{`built system: sprintf("cp %s %s.bak", $1, $1)`}},
	{"awk-sprintf-name", Awk, `{system(sprintf("%s -rf ~", $1))}`, []string{`hidden system: sprintf("%s -rf ~", $1)`}},
	{"awk-sh-c", Awk, `{system("sh -c '" $0 "'")}`, []string{`hidden system: "sh -c '" $0 "'"`}},
	{"awk-pipe", Awk, `{print $1 | "sh"}`, []string{"shell print |: sh"}},
	{"awk-pipe-sort", Awk, `{print $2, $1 | "sort -n"}`, []string{"shell print |: sort -n"}},
	{"awk-coprocess", Awk, `BEGIN{print "x" |& "rm -rf ~"}`, []string{"shell print |: rm -rf ~"}},
	{"awk-getline", Awk, `BEGIN{"rm -rf ~" | getline x}`, []string{"shell getline: rm -rf ~"}},
	{"awk-getline-date", Awk, `BEGIN{"date" | getline d; print d}`, []string{"shell getline: date"}},
	{"awk-getline-built", Awk, `{while (("ls " $1) | getline f) print f}`, []string{`built getline: ("ls " $1)`}},
	{"awk-getline-file", Awk, `{while ((getline line < ".env") > 0) print line}`, []string{"read getline <: .env"}},
	{"awk-getline-plain", Awk, `BEGIN{while ((getline < f) > 0) n++; print n}`, nil},
	{"awk-argv-file", Awk, `BEGIN{ARGV[1] = ".env"; ARGC = 2} {print}`, []string{"read ARGV[…] =: .env"}},
	{"awk-argv-append", Awk, `BEGIN{ARGV[ARGC++] = "/root/.ssh/id_rsa"} {print}`, []string{"read ARGV[…] =: /root/.ssh/id_rsa"}},
	{"awk-argv-assign-look", Awk, `BEGIN{ARGV[1] = "n=2"} {print n}`, nil},
	{"awk-argv-compare-look", Awk, `{if (ARGV[1] == ".env") print FILENAME}`, nil},
	{"awk-other-array-look", Awk, `BEGIN{files[1] = ".env"} {print}`, nil},
	{"awk-less-than", Awk, `$1 < 10 {print}`, nil},
	{"awk-write", Awk, `{print > "out.txt"}`, []string{"write print >: out.txt"}},
	{"awk-append", Awk, `{print $1 >> "/etc/passwd"}`, []string{"append print >: /etc/passwd"}},
	{"awk-write-built", Awk, `{print > $1 ".txt"}`, nil},
	{"awk-compare", Awk, `$3 > 100 {print $1}`, nil},
	{"awk-compare-in-print", Awk, `{print ($1 > "m")}`, nil},
	{"awk-stderr", Awk, `{print "x" > "/dev/stderr"}`, []string{"write print >: /dev/stderr"}},
	{"awk-or", Awk, `$1 == "a" || $2 == "b" {print}`, nil},
	// A file or command named by literals and variables whose values are
	// known is each value it can have; one named by the input is data.
	{"awk-write-var", Awk, `BEGIN{f = "/etc/passwd"; print "x" > f}`, []string{"write print >: /etc/passwd"}},
	{"awk-write-concat", Awk, `BEGIN{d = "/etc"; print "x" > d "/passwd"}`, []string{"write print >: /etc/passwd"}},
	{"awk-write-parens-number", Awk, `{print > ("part" 3 ".txt")}`, []string{"write print >: part3.txt"}},
	{"awk-write-home", Awk, `BEGIN{print "x" > ENVIRON["HOME"] "/.bashrc"}`, []string{"write print >: ~/.bashrc (home)"}},
	{"awk-write-home-middle", Awk, `BEGIN{print "x" > "/x" ENVIRON["HOME"]}`, nil},
	// A file from the environment: judged by the walker with the value
	// the command gives OUT (envpaths.go, TestCodeEnvPathRoutes).
	{"awk-write-other-env", Awk, `{print > ENVIRON["OUT"]}`, []string{"write print >: "}},
	{"awk-write-var-changed", Awk, `{f = "a.txt"; f = $1; print > f}`, nil},
	{"awk-write-var-from-field", Awk, `{f = $1 ".txt"; print > f}`, nil},
	{"awk-write-nr", Awk, `{print > "out_" NR ".txt"}`, nil},
	// Perl's ARGV handle opens the files the code puts in @ARGV.
	{"perl-argv-diamond", Perl, `@ARGV = ("$ENV{HOME}/.ssh/id_rsa"); print <>`, []string{"read <> of @ARGV: ~/.ssh/id_rsa (home)"}},
	{"perl-argv-while", Perl, `@ARGV = (".env"); print while <ARGV>`, []string{"read <> of @ARGV: .env"}},
	{"perl-argv-push-begin", Perl, `BEGIN { push @ARGV, "/etc/shadow" }`, []string{"read <> of @ARGV: /etc/shadow"}},
	{"perl-argv-getopt", Perl, `local @ARGV = ("--name", "x"); GetOptions("name=s" => \$n)`, nil},
	{"perl-argv-stdin", Perl, `@ARGV = ("-"); print <>`, nil},
	// Ruby's ARGF opens the files the code puts in ARGV.
	{"rb-argf-replace", Ruby, `ARGV.replace([File.expand_path("~/.ssh/id_rsa")]); puts ARGF.read`, []string{"read ARGF of ARGV: ~/.ssh/id_rsa (home)"}},
	{"rb-argf-shovel-gets", Ruby, `ARGV << ".env"; puts gets`, []string{"read ARGF of ARGV: .env"}},
	{"rb-argf-index", Ruby, `$*[0] = "/etc/shadow"; print $<.read`, []string{"read ARGF of ARGV: /etc/shadow"}},
	{"rb-argf-begin", Ruby, `BEGIN { ARGV.push("/etc/shadow") }`, []string{"read ARGF of ARGV: /etc/shadow"}},
	{"rb-argv-options", Ruby, `ARGV.replace(["--verbose"]); OptionParser.new.parse!`, nil},
	{"rb-argv-io-gets", Ruby, `ARGV << ".env"; f = File.open("a.txt"); puts f.gets`, []string{"read File.open: a.txt"}},
	// getline < f reads the file a built name stands for, as print > f
	// writes it (red team of 2026-12-05).
	{"awk-getline-environ", Awk, `BEGIN{f = ENVIRON["HOME"] "/.ssh/id_rsa"; while ((getline l < f) > 0) print l}`, []string{"read getline <: ~/.ssh/id_rsa (home)"}},
	{"awk-getline-concat", Awk, `BEGIN{getline l < (ENVIRON["HOME"] "/.aws/credentials"); print l}`, []string{"read getline <: ~/.aws/credentials (home)"}},
	{"awk-getline-field", Awk, `{getline l < $1; print l}`, nil},
	{"awk-system-environ", Awk, `BEGIN{system("rm -rf " ENVIRON["HOME"])}`, []string{"shell system: rm -rf ${HOME}"}},
	{"awk-pipe-var", Awk, `BEGIN{c = "sort"; print "x" | c " -u"}`, []string{"shell print |: sort -u"}},
	// sed: the e command and flag, w, r.
	{"sed-e-cmd", Sed, `1e rm -rf ~`, []string{"shell e: rm -rf ~"}},
	{"sed-e-bare", Sed, `e`, []string{"hidden e: the pattern space"}},
	{"sed-s-e", Sed, `s/.*/rm -rf ~/e`, []string{"shell s///e: rm -rf ~"}},
	// s/^/TEXT/e runs TEXT and the whole input line after it (red team
	// 16 SE1: a line ";rm -rf ~" after "echo "), a command only run time
	// knows.
	{"sed-s-e-prefix", Sed, `s/^/rm -rf /e`, []string{"hidden s///e: s/^/rm -rf /e"}},
	{"sed-s-e-prefix-safe", Sed, `s/^/echo /e`, []string{"hidden s///e: s/^/echo /e"}},
	{"sed-s-e-prefix-x", Sed, `s/^/x/e`, []string{"hidden s///e: s/^/x/e"}},
	{"sed-s-e-escaped-delim", Sed, `1s/.*/echo pwn >$HOME\/.bashrc/e`, []string{"shell s///e: echo pwn >$HOME/.bashrc"}},
	{"sed-s-e-other-delim", Sed, `s|.*|date|e`, []string{"shell s///e: date"}},
	{"sed-s-e-case-escape", Sed, `s/.*/\Uecho/e`, []string{`hidden s///e: s/.*/\Uecho/e`}},
	{"sed-s-e-any", Sed, `s/x/y/ge`, []string{"hidden s///e: s/x/y/e"}},
	{"sed-s-plain", Sed, `s/e/E/`, nil},
	{"sed-s-g", Sed, `s/e/E/g`, nil},
	{"sed-s-delim", Sed, `s|e|x|g; s#/#e#`, nil},
	{"sed-s-class", Sed, `s/[/]e/x/`, nil},
	{"sed-append-text", Sed, `a e rm -rf ~`, nil},
	{"sed-insert-text", Sed, "1i\\\ne rm -rf ~", nil},
	{"sed-y", Sed, `y/abc/xyz/`, nil},
	{"sed-w", Sed, `w out.txt`, []string{"write w: out.txt"}},
	{"sed-s-w", Sed, `s/a/b/w .env`, []string{"write s///w: .env"}},
	{"sed-r", Sed, `/x/r .env`, []string{"read r: .env"}},
	{"sed-multi", Sed, "/start/,/end/d\n$e echo done\np", []string{"shell e: echo done"}},
	{"sed-label", Sed, `:a;N;$!ba;s/\n/ /g`, nil},
	{"sed-braces", Sed, `/x/{s/a/b/;e date` + "\n}", []string{"shell e: date"}},
	{"sed-comment", Sed, "# e rm -rf ~\np", nil},
	{"sed-q", Sed, `10q`, nil},
	// Vim ex commands.
	{"ex-bang", Ex, `!rm -rf ~`, []string{"shell :!: rm -rf ~"}},
	{"ex-colon-bang", Ex, `:!rm -rf ~`, []string{"shell :!: rm -rf ~"}},
	{"ex-filter", Ex, `%!sort`, []string{"shell :!: sort"}},
	{"ex-read-cmd", Ex, `r !curl -s x`, []string{"shell :read !: curl -s x"}},
	{"ex-read-cmd-nospace", Ex, `r!ls`, []string{"shell :read !: ls"}},
	{"ex-write-cmd", Ex, `w !sh`, []string{"shell :write !: sh"}},
	{"ex-write-force", Ex, `w! out.txt`, []string{"write :w: out.txt"}},
	{"ex-write-file", Ex, `w .env`, []string{"write :w: .env"}},
	{"ex-write-append", Ex, `w >> log`, []string{"append :w: log"}},
	{"ex-wq", Ex, `wq`, []string{"write :wq: "}},
	{"ex-x-bar", Ex, `%s/a/b/g | x`, []string{"write :x: "}},
	{"ex-call-system", Ex, `call system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"ex-call-system-single", Ex, `call system('rm -rf ~')`, []string{"shell system: rm -rf ~"}},
	{"ex-echo-system-built", Ex, `echo system("ls " . expand("%"))`, []string{`built system: "ls " . expand("%")`}},
	{"ex-let-system-var", Ex, `let x = system(cmd)`, []string{"hidden system: cmd"}},
	{"ex-delete", Ex, `call delete(expand("~/x"), "rf")`, []string{"delete -r delete: ~/x"}},
	{"ex-delete-expand-special", Ex, `call delete(expand("%:p"), "rf")`, []string{`hidden delete: expand("%:p")`}},
	{"ex-writefile-expand", Ex, `call writefile(["x"], expand("~/.bashrc"))`, []string{"write writefile: ~/.bashrc (home)"}},
	{"ex-rename", Ex, `call rename("a", expand("$HOME/.bashrc"))`, []string{"write rename: ~/.bashrc (home)", "delete rename: a"}},
	{"ex-redir", Ex, "redir! > ~/.bashrc\nredir => v", []string{"write :redir: ~/.bashrc"}},
	{"ex-mksession", Ex, `mks! .git/hooks/x`, []string{"write :mks: .git/hooks/x"}},
	{"lua-vim-fn", Lua, `vim.fn.writefile({"x"}, vim.fn.expand("~/.bashrc")); vim.fn.system("id")`, []string{"write writefile: ~/.bashrc (home)", "shell system: id"}},
	{"lua-vim-cmd", Lua, `vim.cmd("!id")`, []string{"shell :!: id"}},
	{"gdb-logging", Gdb, "set logging file ~/.bashrc\nset logging on\ndump binary value out.bin x", []string{"write set: ~/.bashrc", "write dump: out.bin"}},
	{"ex-delete-lit", Ex, `call delete("/tmp/d", "rf")`, []string{"delete -r delete: /tmp/d"}},
	{"ex-writefile", Ex, `call writefile(["x"], ".env")`, []string{"write writefile: .env"}},
	{"ex-terminal", Ex, `terminal ++close rm -rf ~`, []string{"shell :terminal: rm -rf ~"}},
	{"ex-exe", Ex, `exe "!rm -rf ~"`, []string{"shell :!: rm -rf ~"}},
	{"ex-exe-built", Ex, `execute "!rm -rf " . dir`, []string{"built :!: rm -rf …"}},
	{"ex-exe-runtime", Ex, `execute cmd`, []string{"hidden :execute: cmd"}},
	{"ex-global", Ex, `g/x/!rm -rf ~`, []string{"shell :!: rm -rf ~"}},
	{"ex-silent", Ex, `silent !rm -rf ~`, []string{"shell :!: rm -rf ~"}},
	{"ex-bufdo", Ex, `bufdo %s/a/b/ge | update`, []string{"write :update: "}},
	{"ex-autocmd", Ex, `au VimEnter * !rm -rf ~`, []string{"shell :!: rm -rf ~"}},
	{"ex-python", Ex, `py3 import os; os.system("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"ex-lua", Ex, `lua os.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"ex-lua-heredoc", Ex, "lua << EOF\nos.execute('rm -rf ~')\nEOF\nq", []string{"shell os.execute: rm -rf ~"}},
	{"ex-set", Ex, `set nu`, nil},
	// Red team 13 VE: buffers, directories, options and functions by
	// name.
	{"ex-edit-then-write", Ex, "e ~/.bashrc\nw", []string{"read :e: ~/.bashrc (home)", "write :w: "}},
	{"ex-edit-home-var", Ex, "w $HOME/.bashrc", []string{"write :w: ~/.bashrc (home)"}},
	{"ex-write-other-var", Ex, "w $XDG_CONFIG_HOME/x", []string{"hidden :w: $XDG_CONFIG_HOME/x"}},
	{"ex-args-list", Ex, "args a.txt ~/.bashrc", []string{"read :args: a.txt", "read :args: ~/.bashrc (home)"}},
	{"ex-cd", Ex, "cd ~/.ssh | e id_rsa", []string{"chdir :cd: ~/.ssh (home)", "read :e: id_rsa"}},
	{"ex-set-makeprg", Ex, `set makeprg=rm\ -rf\ ~`, []string{"shell 'makeprg': rm -rf ~"}},
	{"ex-set-rtp", Ex, `set rtp^=plug`, []string{"hidden 'rtp': rtp^=plug"}},
	{"ex-set-verbosefile", Ex, `set vfile=~/.bashrc`, []string{"write 'vfile': ~/.bashrc (home)"}},
	{"ex-let-makeprg", Ex, `let &makeprg = "rm -rf ~"`, []string{"shell 'makeprg': rm -rf ~"}},
	{"ex-let-makeprg-var", Ex, `let &mp = g:cmd`, []string{"hidden &mp: g:cmd"}},
	{"ex-call-system", Ex, `call call("system", ["rm -rf ~"])`, []string{"shell system: rm -rf ~"}},
	{"ex-function-system", Ex, `call function("system")("id")`, []string{`hidden function("system"): "system"`}},
	{"ex-readfile", Ex, `echo readfile(".env")`, []string{"read readfile: .env"}},
	{"ex-exe-edit-runtime", Ex, `exe "e " . expand("~/.bashrc")`, []string{`hidden :e: "e " . expand("~/.bashrc")`}},
	{"ex-set-look", Ex, `set tabstop=4 makeprg=go\ build | make`, []string{"shell 'makeprg': go build"}},
	{"ex-subst", Ex, `%s/system("x")/y/g`, nil},
	{"ex-normal", Ex, `normal! ggdG`, nil},
	{"ex-quit", Ex, `q!`, nil},
	{"ex-echo", Ex, `echo "!rm -rf ~"`, nil},
	{"ex-comment", Ex, `" !rm -rf ~`, nil},
	{"ex-map", Ex, `nnoremap <F5> :!make<CR>`, []string{"shell :!: make"}}, // the keys run when the mapping is used (red team 14 RG4)
	// Lua.
	{"lua-execute", Lua, `os.execute("rm -rf ~")`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-execute-bare", Lua, `os.execute "rm -rf ~"`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-execute-long", Lua, `os.execute[[rm -rf ~]]`, []string{"shell os.execute: rm -rf ~"}},
	{"lua-popen-concat", Lua, `io.popen("ls " .. dir)`, []string{`built io.popen: "ls " .. dir`}},
	{"lua-popen-concat-lit", Lua, `io.popen("rm " .. "-rf ~")`, []string{"shell io.popen: rm -rf ~"}},
	{"lua-remove", Lua, `os.remove("/etc/x")`, []string{"delete os.remove: /etc/x"}},
	{"lua-open-w", Lua, `local f = io.open(".env", "w")`, []string{"write io.open: .env"}},
	{"lua-print", Lua, `print("os.execute('rm -rf ~')") -- os.execute("rm")`, nil},
	{"lua-long-comment", Lua, "--[[ os.execute('rm -rf ~') ]]\nprint(#t)", nil},
	// Tcl (tclsh, wish, expect).
	{"tcl-exec", Tcl, `exec rm -rf ~`, []string{"exec exec: rm -rf ~"}},
	{"tcl-exec-pipe", Tcl, `exec ls | wc -l 2>@1`, []string{"shell exec: ls | wc -l 2>&1"}},
	{"tcl-exec-sub", Tcl, `puts [exec rm -rf /tmp/x]`, []string{"exec exec: rm -rf /tmp/x"}},
	{"tcl-exec-var", Tcl, `exec $prog -rf ~`, []string{"hidden exec: $prog"}},
	{"tcl-exec-built", Tcl, `exec rm -rf $d`, []string{"built exec: rm -rf $d"}},
	{"tcl-puts", Tcl, `puts "exec rm -rf ~"; puts {exec rm -rf ~}`, nil},
	{"tcl-comment", Tcl, "# exec rm -rf ~\nset x 1", nil},
	{"tcl-proc", Tcl, "proc clean {} {\n  file delete -force ~/x\n}\nclean", []string{"delete -r file delete: ~/x"}},
	{"tcl-if", Tcl, `if {1} { exec rm -rf ~ }`, []string{"exec exec: rm -rf ~"}},
	{"tcl-open-pipe", Tcl, `set f [open "|rm -rf ~" r]`, []string{"exec open |: rm -rf ~"}},
	{"tcl-open-w", Tcl, `set f [open .env w]`, []string{"write open: .env"}},
	{"tcl-spawn", Tcl, `spawn ssh host; expect "$ "; send "ls\r"`, []string{"exec spawn: ssh host"}},
	{"tcl-expect-system", Tcl, `system rm -rf ~`, []string{"shell system: rm -rf ~"}},
	{"tcl-eval", Tcl, `eval exec rm -rf ~`, []string{"exec exec: rm -rf ~"}},
	// R.
	{"r-system", R, `system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"r-system2", R, `system2("rm", c("-rf", "~"))`, []string{"shell system2: rm -rf ~"}},
	{"r-system2-args", R, `system2("rm", args = "-rf ~")`, []string{"shell system2: rm -rf ~"}},
	{"r-paste", R, `system(paste("rm -rf", d))`, []string{`built system: paste("rm -rf", d)`}},
	{"r-unlink", R, `unlink("~/x", recursive = TRUE)`, []string{"delete -r unlink: ~/x"}},
	{"r-unlink-file", R, `unlink("a.txt"); file.remove("b")`, []string{"delete unlink: a.txt", "delete file.remove: b"}},
	{"r-print", R, `print("system('rm -rf ~')") # system("x")`, nil},
	{"r-writelines", R, `writeLines("x", ".env")`, []string{"write writeLines: .env"}},
	// Julia.
	{"jl-run", Julia, "run(`rm -rf /tmp/x`)", []string{"shell backticks: rm -rf /tmp/x"}},
	{"jl-run-var", Julia, `run(cmd)`, []string{"hidden run: cmd"}},
	{"jl-rm", Julia, `rm("/tmp/x"; recursive=true)`, []string{"delete -r rm: /tmp/x"}},
	{"jl-rm-file", Julia, `rm("a.txt")`, []string{"delete rm: a.txt"}},
	{"jl-println", Julia, "println(\"run(`rm -rf ~`)\") # run(`x`)", nil},
	{"jl-interp", Julia, "run(`rm -rf $d`)", []string{"hidden backticks: `rm -rf $d`"}},
	// Emacs Lisp.
	{"el-shell", Elisp, `(shell-command "rm -rf ~")`, []string{"shell shell-command: rm -rf ~"}},
	{"el-concat", Elisp, `(shell-command (concat "ls " dir))`, []string{`built shell-command: (concat "ls " dir)`}},
	{"el-delete-dir", Elisp, `(delete-directory "~/x" t)`, []string{"delete -r delete-directory: ~/x"}},
	{"el-call-process", Elisp, `(call-process "rm" nil nil nil "-rf" "/tmp/x")`, []string{"exec call-process: rm -rf /tmp/x"}},
	{"el-message", Elisp, `(message "(shell-command \"rm -rf ~\")") ; (shell-command "x")`, nil},
	{"el-quoted", Elisp, `(setq x '(shell-command "rm -rf ~"))`, nil},
	{"el-progn", Elisp, `(progn (find-file "a") (write-region (point-min) (point-max) ".env"))`, []string{"read find-file: a", "write write-region: .env"}},
	// gdb.
	{"gdb-shell", Gdb, `shell rm -rf ~`, []string{"shell shell: rm -rf ~"}},
	{"gdb-bang", Gdb, `!rm -rf ~`, []string{"shell !: rm -rf ~"}},
	{"gdb-pipe", Gdb, `pipe info registers | tee out`, []string{"shell pipe: tee out"}},
	{"gdb-python", Gdb, `python import os; os.system("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"gdb-bt", Gdb, "bt\ninfo locals\nprint \"shell rm\"", nil},
	// SQLite: dot commands at the start of a line, SQL outside strings
	// and comments.
	{"sqlite-shell", SQLite, ".shell rm -rf ~\n.system 'ls' -la", []string{"shell .shell: rm -rf ~", "shell .system: ls -la"}},
	{"sqlite-output", SQLite, ".output /etc/passwd\nselect 1;\n.once --bom 'out file.csv'\n.save db.bak\n.backup main b2\n.output stdout", []string{"write .output: /etc/passwd", "write .once: out file.csv", "write .save: db.bak", "write .backup: b2"}},
	{"sqlite-pipe", SQLite, ".output |rm -rf ~\n.once |sh\n.import '|curl -s x' t\n.read x.sql", []string{"shell .output |: sqlite3-query-output | rm -rf ~", "shell .once |: sqlite3-query-output | sh", "shell .import |: curl -s x", "read .read: x.sql", "include .read: x.sql"}},
	// .read FILE runs the file as input (red team 9 B); .read |cmd runs cmd.
	{"sqlite-read-file", SQLite, ".read 'migrations/001 init.sql'\n.read |./gen.sh", []string{"read .read: migrations/001 init.sql", "include .read: migrations/001 init.sql", "shell .read |: ./gen.sh"}},
	{"sqlite-sql", SQLite, "ATTACH DATABASE '/root/.bashrc' AS x; attach 'a''b.db' as y; VACUUM INTO '/tmp/v'; vacuum main into 'w'; select writefile('/home/u/.ssh/authorized_keys', 'k'); select load_extension('./x.so'); attach ':memory:' as m;", []string{"read ATTACH: /root/.bashrc", "write ATTACH: /root/.bashrc", "read ATTACH: a'b.db", "write ATTACH: a'b.db", "write VACUUM INTO: /tmp/v", "write VACUUM INTO: w", "write writefile: /home/u/.ssh/authorized_keys", "hidden load_extension: ./x.so"}},
	// Files read into a query's result: sqlite3's readfile, duckdb's
	// table functions (a list of names, a glob) and FROM 'file'.
	{"sqlite-readfile", SQLite, "select readfile('.env');", []string{"read readfile: .env"}},
	{"duckdb-read-text", SQLite, "select * from read_text(['a.txt', '.env']); select * from read_csv('d/*.csv'); copy t from 'x.csv'", []string{"read read_text: a.txt", "read read_text: .env", "read glob read_csv: d/*.csv", "read FROM: x.csv"}},
	// A file name computed in SQL is only known when it runs; a
	// double-quoted name is a string to sqlite3; .load loads a library.
	{"sqlite-readfile-computed", SQLite, `select readfile('.e'||'nv'); select readfile(char(46,101)); select writefile('a'||'b', 'x'); select readfile(name) from t;`, []string{"hidden readfile: .e", "hidden readfile: char", "hidden writefile: a", "hidden readfile: name"}},
	{"sqlite-readfile-dq", SQLite, `select readfile(".env"); select writefile("out.txt", 'x');`, []string{"read readfile: .env", "write writefile: out.txt"}},
	{"sqlite-load", SQLite, ".load ./ext\n.load /usr/lib/x.so entry\n.load", []string{"hidden .load: ./ext", "hidden .load: /usr/lib/x.so"}},
	{"sqlite-readfile-look", SQLite, "select readfile('a.txt', 1); select upper('.e'||'nv'); .loadx", []string{"read readfile: a.txt"}},
	{"sqlite-from-name", SQLite, "select * from users; select * from [users]; select 'readfile(x)'", nil},
	{"sqlite-data", SQLite, "insert into t values ('.shell rm -rf ~', 'attach ''x'' as y');\n-- .shell rm -rf ~\n/* vacuum into 'z' */ select \"into\" from t;\n.tables\ninto", nil},
}

func describeProgram(e Effect) string {
	if e.Kind == Hidden && e.Built {
		return "built " + e.Call + ": " + e.Text
	}
	if e.Kind == Include {
		return "include " + e.Call + ": " + e.Path
	}
	if e.Kind == Chdir {
		home := ""
		if e.Tilde {
			home = " (home)"
		}
		return "chdir " + e.Call + ": " + e.Path + home
	}
	return describe(e)
}

func TestProgramEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range programCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, e := range Analyze(tc.l, tc.src) {
				got = append(got, describeProgram(e))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Analyze(%s, %q) (-want +got):\n%s", tc.l, tc.src, diff)
			}
		})
	}
}

// TestAnalyzeAwk: the variables awk's command line sets (-v, operands)
// are values the program's files and commands can have, alongside the
// program's own assignment; one only known at run time is not.
func TestAnalyzeAwk(t *testing.T) {
	t.Parallel()
	known := func(name, value string) AwkVar { return AwkVar{Name: name, Value: value, Known: true} }
	cases := []struct {
		name string
		src  string
		vars []AwkVar
		want []string
	}{
		{"write", `{print > f}`, []AwkVar{known("f", "/etc/passwd")}, []string{"write print >: /etc/passwd"}},
		{"append-concat", `{print >> d "/.bashrc"}`, []AwkVar{known("d", "/root")}, []string{"append print >: /root/.bashrc"}},
		{"system", `BEGIN{system(c)}`, []AwkVar{known("c", "rm -rf ~")}, []string{"shell system: rm -rf ~"}},
		{"pipe", `{print | c}`, []AwkVar{known("c", "sh")}, []string{"shell print |: sh"}},
		{"getline", `BEGIN{c | getline x}`, []AwkVar{known("c", "date")}, []string{"shell getline: date"}},
		{"both-values", `BEGIN{f = "b.txt"} {print > f}`, []AwkVar{known("f", "/etc/passwd")}, []string{"write print >: /etc/passwd", "write print >: b.txt"}},
		{"operand-and-option", `{print > f}`, []AwkVar{known("f", "a.txt"), known("f", "/etc/passwd")}, []string{"write print >: a.txt", "write print >: /etc/passwd"}},
		{"runtime-write", `{print > f}`, []AwkVar{{Name: "f", Value: "x"}}, nil},
		{"runtime-system", `BEGIN{system(c)}`, []AwkVar{{Name: "c"}}, []string{"hidden system: c"}},
		{"other-name", `{print > g}`, []AwkVar{known("f", "/etc/passwd")}, nil},
		{"data", `{print f}`, []AwkVar{known("f", "rm -rf ~")}, nil},
		{"argv-var", `BEGIN{ARGV[ARGC++] = f} {print}`, []AwkVar{known("f", ".env")}, []string{"read ARGV[…] =: .env"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, e := range AnalyzeAwk(tc.src, tc.vars) {
				got = append(got, describeProgram(e))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("AnalyzeAwk(%q, %v) (-want +got):\n%s", tc.src, tc.vars, diff)
			}
		})
	}
}

func FuzzProgramEffects(f *testing.F) {
	for _, tc := range programCases {
		f.Add(string(tc.l), tc.src)
	}
	f.Fuzz(func(t *testing.T, l, src string) {
		for _, lg := range []Lang{Awk, Sed, Ex, Lua, Tcl, R, Julia, Elisp, Gdb, SQLite} {
			if string(lg) == l {
				_ = Analyze(lg, src)
			}
		}
	})
}
