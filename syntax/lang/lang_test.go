package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// effectCases are program texts with the effects they have, written from
// each language's documentation: what its strings, comments and calls
// mean. Look-alikes (a call's name in a string or a comment, a printed
// command) have none.
var effectCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	// Python.
	{"py-system", Python, `import os; os.system("rm -rf ~")`, []string{"shell os.system: rm -rf ~"}},
	{"py-from-import", Python, "from os import system as run\nrun('ls')", []string{"shell os.system: ls"}},
	{"py-rmtree", Python, `import shutil; shutil.rmtree('/home/me')`, []string{"delete -r shutil.rmtree: /home/me"}},
	{"py-copy-to", Python, `import shutil; shutil.copy("x", "/root/.bashrc")`, []string{"shell shutil.copy: cp -- 'x' '/root/.bashrc'"}},
	{"py-rename-to", Python, `import os; os.rename("a", dst="/etc/hosts")`, []string{"shell os.rename: mv -T -- 'a' '/etc/hosts'"}},
	{"py-move-to", Python, "from shutil import move\nmove('a', '.git/config')", []string{"shell shutil.move: mv -- 'a' '.git/config'"}},
	{"py-copy-runtime", Python, `import shutil, sys; shutil.copy("x", sys.stdin.readline())`, []string{"read shutil.copy: x", "write shutil.copy: "}},
	// Readers besides open (linecache, fileinput with a list, os.open
	// for reading, pandas); what a glob or a listing finds is read when
	// the code opens a path it computes, not when it only prints names.
	{"py-linecache", Python, `import linecache; print(linecache.getline(".env", 1))`, []string{"read linecache.getline: .env"}},
	{"py-linecache-from", Python, "from linecache import getline\nprint(getline('.env', 1))", []string{"read linecache.getline: .env"}},
	{"py-fileinput-list", Python, `import fileinput; print(list(fileinput.input(["a.csv", ".env"])))`, []string{"read fileinput.input: a.csv", "read fileinput.input: .env"}},
	{"py-os-open-read", Python, `import os; fd = os.open(".env", os.O_RDONLY)`, []string{"read os.open: .env"}},
	{"py-os-open-write", Python, `import os; fd = os.open("out", os.O_WRONLY | os.O_CREAT)`, []string{"write os.open: out"}},
	{"py-pandas", Python, `import pandas as pd; print(pd.read_csv(".env"))`, []string{"read pandas.read_csv: .env"}},
	{"py-glob-open", Python, `import glob; [print(open(f).read()) for f in glob.glob(".e*")]`, []string{"read glob glob.glob: .e*"}},
	{"py-walk-open", Python, `import os; [open(os.path.join(r, f)).read() for r, d, fs in os.walk("src") for f in fs]`, []string{"read open: (run time: src src/src)", "read walk -r os.walk: src"}},
	{"py-listdir-open", Python, `import os; [open(f).read() for f in os.listdir()]`, []string{"read walk os.listdir: ."}},
	{"py-rglob-open", Python, `from pathlib import Path; [p.read_text() for p in Path("d").rglob("*.py")]`, []string{"read walk -r pathlib.Path.rglob: d (*.py)"}},
	{"py-glob-names-only", Python, `import glob, os; print(glob.glob(".e*"), os.listdir("."))`, nil},
	{"py-open-literal-listing", Python, `import os; print(os.listdir(".")); print(open("data.csv").read())`, []string{"read open: data.csv"}},
	// pathlib's unlink and rmdir on a path the program computes ask, as
	// os.remove of a run-time path does; without pathlib, x.unlink() is
	// some other object's method.
	{"py-pathlib-computed", Python, `import pathlib; [p.unlink() for p in pathlib.Path.home().rglob("*")]`, []string{"hidden p.unlink: p.unlink", "shell p.unlink of what home.rglob lists: find ~ -mindepth 1 -name '*' -exec rm -f {} +"}},
	{"py-unlink-other", Python, `conn.unlink(); sem.unlink()`, nil},
	{"py-remove", Python, `import os; os.remove("a.txt"); os.rmdir("d")`, []string{"delete os.remove: a.txt", "rmdir os.rmdir: d"}},
	{"py-print", Python, `print("os.system('rm -rf /')")  # os.system("x")`, nil},
	{"py-triple", Python, "s = '''\nos.system(\"rm -rf /\")\n'''\nprint(s)", nil},
	{"py-raw", Python, `import os; os.system(r"echo \n")`, []string{`shell os.system: echo \n`}},
	{"py-escape", Python, `import os; os.system("rm\x20-rf /")`, []string{"shell os.system: rm -rf /"}},
	{"py-concat", Python, `import os; os.system("rm " "-rf " + "/tmp/x")`, []string{"shell os.system: rm -rf /tmp/x"}},
	{"py-fstring", Python, `import os; os.system(f"rm -rf {d}")`, []string{`hidden os.system: f"rm -rf {d}"`}},
	{"py-fstring-literal", Python, `import os; os.system(f"echo {{x}}")`, []string{"shell os.system: echo {x}"}},
	{"py-subprocess-list", Python, `import subprocess as sp; sp.run(["git", "clone", "u"])`, []string{"exec subprocess.run: git clone u"}},
	{"py-subprocess-shell", Python, `import subprocess; subprocess.check_output("ls | wc", shell=True)`, []string{"shell subprocess.check_output: ls | wc"}},
	{"py-subprocess-noshell", Python, `import subprocess; subprocess.run("ls -l")`, []string{"exec subprocess.run: ls -l"}},
	{"py-subprocess-var", Python, `import subprocess; subprocess.run(cmd, shell=True)`, []string{"hidden subprocess.run: cmd"}},
	{"py-execvp", Python, `import os; os.execvp("rm", ["rm", "-rf", "/"])`, []string{"exec os.execvp: rm -rf /"}},
	{"py-spawnlp", Python, `import os; os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", "x")`, []string{"exec os.spawnlp: rm -rf x"}},
	{"py-pathlib", Python, `from pathlib import Path; Path("/etc/x").unlink(); Path('o.txt').write_text('x')`, []string{"delete pathlib.Path.unlink: /etc/x", "write pathlib.Path.write_text: o.txt"}},
	{"py-open", Python, `open("out.txt", "w"); open("log", mode="a"); open("in.txt").read(); open(p, "w")`, []string{"write open: out.txt", "append open: log", "read open: in.txt"}},
	{"py-method-unlink", Python, `p.unlink()`, nil},
	// Reads of literal paths; a path only known at run time is not one.
	{"py-read", Python, `print(open(".env").read()); open(".env", "rb"); io.open("a", mode="r"); open(p).read()`, []string{"read open: .env", "read io.open: a"}},
	{"py-read-expanduser", Python, `import os; open(os.path.expanduser("~/.ssh/id_rsa")); open(os.path.join(os.path.expanduser("~"), ".aws", "credentials"))`, []string{"read open: ~/.ssh/id_rsa (home)", "read open: ~/.aws/credentials (home)"}},
	{"py-read-pathlib", Python, `import pathlib; pathlib.Path(".env").read_text(); Path("k.pem").read_bytes(); Path("~/.netrc").expanduser().read_text(); (Path.home() / ".npmrc").read_text(); Path("x").open()`, []string{"read Path.read_text: .env", "read Path.read_bytes: k.pem", "read Path.read_text: ~/.netrc (home)", "read read_text: ~/.npmrc (home)", "read Path.open: x"}},
	{"py-read-look", Python, `print(".env"); x = "open('.env')"  # open(".env")` + "\nf.read_text()\nPath(p).read_text()\nopen(name)", nil},
	{"py-tilde-literal", Python, `os.remove("~/x"); os.remove(os.path.expanduser("~/x"))`, []string{"delete os.remove: ~/x"}},
	{"py-def", Python, "def system(x):\n    pass\n", nil},
	// HOME read from the environment is the home directory.
	// Links program code makes are ln of the same paths (the shell model
	// then follows a later write through them); a computed path makes none.
	{"py-symlink", Python, `import os; os.symlink("/root/.bashrc", "l")`, []string{"shell os.symlink: ln -s -- '/root/.bashrc' 'l'"}},
	{"py-link", Python, `import os; os.link(".env", "e")`, []string{"shell os.link: ln -- '.env' 'e'"}},
	{"py-symlink-home", Python, `import os; os.symlink(os.path.expanduser("~/.ssh"), "k")`, []string{"shell os.symlink: ln -s -- ~/'.ssh' 'k'"}},
	{"py-symlink-to", Python, `from pathlib import Path; Path("l").symlink_to("/etc")`, []string{"shell pathlib.Path.symlink_to: ln -s -- '/etc' 'l'"}},
	{"py-symlink-computed", Python, `import os, sys; os.symlink(sys.argv[1], "l")`, nil},
	{"js-symlink", JS, `require("fs").symlinkSync("/root/.bashrc", "l")`, []string{"shell fs.symlinkSync: ln -s -- '/root/.bashrc' 'l'"}},
	{"js-link", JS, `const fs = require("fs"); fs.linkSync(".env", "e")`, []string{"shell fs.linkSync: ln -- '.env' 'e'"}},
	{"rb-symlink", Ruby, `File.symlink("/root/.bashrc", "l")`, []string{"shell File.symlink: ln -s -- '/root/.bashrc' 'l'"}},
	{"rb-ln-s", Ruby, `require "fileutils"; FileUtils.ln_s("/etc", "e")`, []string{"shell FileUtils.ln_s: ln -s -- '/etc' 'e'"}},
	{"pl-symlink", Perl, `symlink("/root/.bashrc", "l");`, []string{"shell symlink: ln -s -- '/root/.bashrc' 'l'"}},
	{"pl-link", Perl, `link ".env", "e";`, []string{"shell link: ln -- '.env' 'e'"}},
	{"php-symlink", PHP, `<?php symlink("/root/.bashrc", "l");`, []string{"shell symlink: ln -s -- '/root/.bashrc' 'l'"}},
	// Renames, modes, owners and lengths: the shell's mv, chmod, chown
	// and truncate of the same paths (red-team J2). A look-alike method
	// of another object (str.replace, DataFrame.rename) has no effect.
	{"py-rename", Python, `import os; os.rename("/opt/bin", "/tmp/x"); os.replace("a.txt", "b.txt")`, []string{"shell os.rename: mv -T -- '/opt/bin' '/tmp/x'", "shell os.replace: mv -T -- 'a.txt' 'b.txt'"}},
	{"py-move-home", Python, `import shutil, os; shutil.move(os.path.expanduser("~/.claude"), "/tmp/c")`, []string{"shell shutil.move: mv -- ~/'.claude' '/tmp/c'"}},
	{"py-rename-runtime", Python, `import os, sys; os.rename(sys.argv[1], "x"); os.rename("a", sys.argv[2])`, []string{"hidden os.rename: sys.argv[1]", "delete -r os.rename: a"}},
	{"py-path-rename", Python, `from pathlib import Path; Path("~/.claude").expanduser().rename("/tmp/c"); "a.b".replace("a", "b"); df.rename(columns={"a": "b"})`, []string{"shell pathlib.Path.rename: mv -T -- ~/'.claude' '/tmp/c'"}},
	// Library calls that write a file they name: log files, fileinput's
	// in-place rewrite, database files; memory databases and a plain
	// fileinput read are not writes.
	{"py-logging-file", Python, `import logging; logging.basicConfig(filename="/h/.bashrc"); logging.basicConfig(filename="app.log", filemode="w")`, []string{"append logging.basicConfig: /h/.bashrc", "write logging.basicConfig: app.log"}},
	{"py-compile-cfile", Python, `import py_compile; py_compile.compile("evil.py", cfile="__pycache__/m.cpython-311.pyc"); py_compile.compile("a.py", "b.pyc"); py_compile.compile("m.py"); py_compile.compile("m.py", doraise=True)`, []string{"write py_compile.compile: __pycache__/m.cpython-311.pyc", "write py_compile.compile: b.pyc"}},
	{"py-logging-handlers", Python, `import logging, logging.handlers; logging.FileHandler("/h/.bashrc"); logging.handlers.RotatingFileHandler("a.log", "w")`, []string{"append logging.FileHandler: /h/.bashrc", "write logging.handlers.RotatingFileHandler: a.log"}},
	{"py-fileinput-inplace", Python, `import fileinput; fileinput.input("/h/.bashrc", inplace=True); fileinput.input("in.txt", inplace=False)`, []string{"write fileinput.input: /h/.bashrc", "read fileinput.input: in.txt"}},
	{"py-db-files", Python, `import sqlite3, shelve; sqlite3.connect("/h/.bashrc"); shelve.open("s.db"); sqlite3.connect(":memory:")`, []string{"append sqlite3.connect: /h/.bashrc",
		"unpickle shelve.open: s.db", "unpickle shelve.open: s.db.db", "unpickle shelve.open: s.db.pag", "unpickle shelve.open: s.db.dat",
		"append shelve.open: s.db"}},
	{"py-truncate", Python, `import os; os.truncate("/opt/corral", 0); os.truncate(path, 0)`, []string{"write os.truncate: /opt/corral"}},
	{"py-chmod", Python, `import os, stat; os.chmod("/opt/corral", 0); os.chmod("script.sh", 0o755); os.chmod("b", 493); os.chmod("c", stat.S_IRWXU); Path("d").chmod(0o644)`, []string{"shell os.chmod: chmod 000 -- '/opt/corral'", "shell os.chmod: chmod 755 -- 'script.sh'", "shell os.chmod: chmod 755 -- 'b'", "shell os.chmod: chmod 000 -- 'c'", "shell Path.chmod: chmod 644 -- 'd'"}},
	{"py-chmod-runtime", Python, `import os; os.chmod(p, 0o755); os.chmod(p, os.stat(p).st_mode | 0o111); os.chmod(shutil.which("corral"), 0)`, []string{"hidden os.chmod: shutil.which(\"corral\")"}},
	{"py-chown", Python, `import os, shutil; os.chown("/opt/corral", 0, 0); shutil.chown("f", user="me"); os.chown(p, 1, 1)`, []string{"shell os.chown: chown -- 0:0 '/opt/corral'", "shell shutil.chown: chown -- 0:0 'f'"}},
	{"js-rename", JS, `const fs = require("fs"); fs.renameSync(require("os").homedir() + "/.claude", "/tmp/c"); fs.promises.rename("a.txt", "b.txt"); fs.rename(x, "y", cb)`, []string{"shell fs.renameSync: mv -T -- ~/'.claude' '/tmp/c'", "shell fs/promises.rename: mv -T -- 'a.txt' 'b.txt'", "hidden fs.rename: x"}},
	{"js-attrs", JS, `const fs = require("fs"); fs.truncateSync("/opt/corral"); fs.chmodSync("/opt/corral", 0); fs.chmodSync("script.sh", 0o755); fs.chmod("s", "755", cb); fs.chownSync("f", 0, 0); Deno.chmodSync("g", 0o700)`, []string{"write fs.truncateSync: /opt/corral", "shell fs.chmodSync: chmod 000 -- '/opt/corral'", "shell fs.chmodSync: chmod 755 -- 'script.sh'", "shell fs.chmod: chmod 755 -- 's'", "shell fs.chownSync: chown -- 0:0 'f'", "shell Deno.chmodSync: chmod 700 -- 'g'"}},
	{"rb-attrs", Ruby, `require "fileutils"; File.rename(Dir.home + "/.claude", "/tmp/c"); FileUtils.mv(%w[a b], "d"); File.truncate("/opt/corral", 0); File.chmod(0, "/opt/corral", "x"); FileUtils.chmod("u+x", "s.sh"); FileUtils.chmod_R(0700, "build"); File.chown(0, 0, "f")`, []string{"shell File.rename: mv -T -- ~/'.claude' '/tmp/c'", "shell FileUtils.mv: mv -- 'a' 'd'", "shell FileUtils.mv: mv -- 'b' 'd'", "write File.truncate: /opt/corral", "shell File.chmod: chmod 000 -- '/opt/corral'", "shell File.chmod: chmod 000 -- 'x'", "shell FileUtils.chmod: chmod u+x -- 's.sh'", "shell FileUtils.chmod_R: chmod -R 700 -- 'build'", "shell File.chown: chown -- 0:0 'f'"}},
	{"pl-attrs", Perl, `rename "$ENV{HOME}/.claude/settings.json", "/tmp/x"; truncate "/opt/corral", 0; truncate $fh, 0; chmod 0, "/opt/corral"; chmod 0755, "a", "b"; chown 0, 0, "f"; rename $a, "b";`, []string{"shell rename: mv -T -- ~/'.claude/settings.json' '/tmp/x'", "write truncate: /opt/corral", "shell chmod: chmod 000 -- '/opt/corral'", "shell chmod: chmod 755 -- 'a'", "shell chmod: chmod 755 -- 'b'", "shell chown: chown -- 0:0 'f'", "hidden rename: $a"}},
	{"pl-move", Perl, `use File::Copy; move("/opt/bin", "/tmp/b"); File::Copy::move("a", "b");`, []string{"shell move: mv -- '/opt/bin' '/tmp/b'", "shell File::Copy::move: mv -- 'a' 'b'"}},
	{"pl-move-other", Perl, `move("/opt/bin", "/tmp/b");`, nil},
	{"php-attrs", PHP, `<?php rename(getenv("HOME") . "/.claude", "/tmp/c"); chmod("/opt/corral", 0); chmod("s.sh", 0755); chown("f", "root"); ftruncate(fopen("/opt/corral", "r+"), 0);`, []string{"shell rename: mv -T -- ~/'.claude' '/tmp/c'", "shell chmod: chmod 000 -- '/opt/corral'", "shell chmod: chmod 755 -- 's.sh'", "shell chown: chown -- 0:0 'f'", "write fopen: /opt/corral"}},
	// Copies are the shell's cp of the same paths (the source read, the
	// destination written; -T where the call writes the destination
	// itself, -r for a tree); low-level opens are judged by their flags
	// (red-team D). Copies and opens inside the project are look-alikes
	// of everyday work: the path guards pass them.
	{"py-copies", Python, `import shutil, os; shutil.copytree("x", os.path.expanduser("~/.claude"), dirs_exist_ok=True); shutil.copy("src.txt", "dst.txt"); shutil.copyfile("a", "b"); shutil.copy2(src=os.path.expanduser("~/.ssh/id_rsa"), dst="k")`, []string{"shell shutil.copytree: cp -rT -- 'x' ~/'.claude'", "shell shutil.copy: cp -- 'src.txt' 'dst.txt'", "shell shutil.copyfile: cp -T -- 'a' 'b'", "shell shutil.copy2: cp -- ~/'.ssh/id_rsa' 'k'"}},
	{"py-copies-runtime", Python, `import shutil, sys; shutil.copytree(os.path.expanduser("~/.ssh"), sys.argv[1]); shutil.copyfile(sys.argv[1], "b"); shutil.copy(a, b)`, []string{"read shutil.copytree: ~/.ssh (home)", "write shutil.copyfile: b"}},
	{"py-path-copy", Python, `from pathlib import Path; Path("e.json").copy(Path.home() / ".claude/settings.json"); Path("x").copy_into("/etc"); Path("a").move_into("d"); d = {}; d.copy(); Path(p).copy("q")`, []string{"shell pathlib.Path.copy: cp -rT -- 'e.json' ~/'.claude/settings.json'", "shell pathlib.Path.copy_into: cp -r -- 'x' '/etc'", "shell pathlib.Path.move_into: mv -- 'a' 'd'"}},
	{"py-os-open-flags", Python, `import os; os.read(os.open(os.path.expanduser("~/.ssh/id_rsa"), 0), 99); fd = os.open(os.path.expanduser("~/.bashrc"), os.O_WRONLY | os.O_APPEND); os.open("out.log", os.O_WRONLY|os.O_CREAT); os.open("n", 0o1101); os.open("c", flags); os.open("d", os.O_RDWR); os.open("e", os.O_RDONLY | os.O_CLOEXEC); os.open(p, os.O_WRONLY)`, []string{"read os.open: ~/.ssh/id_rsa (home)", "append os.open: ~/.bashrc (home)", "write os.open: out.log", "write os.open: n", "read os.open: c", "write os.open: c", "read os.open: d", "write os.open: d", "read os.open: e"}},
	{"py-configparser", Python, `import configparser, os; c = configparser.ConfigParser(); c.read(os.path.expanduser("~/.aws/credentials")); c.read(["setup.cfg", "tox.ini"]); f.read(10); sys.stdin.read()`, []string{"read c.read: ~/.aws/credentials (home)", "read c.read: setup.cfg", "read c.read: tox.ini"}},
	{"py-read-lookalike", Python, `import io; print(io.StringIO("x").read()); data = f.read("x")`, nil},
	{"py-other-opens", Python, `import io, codecs; from pathlib import Path; io.open("/etc/shadow").read(); codecs.open(".env").read(); Path(".env").open().read(); Path("~/.netrc").expanduser().read_bytes(); Path("o.txt").open("w")`, []string{"read io.open: /etc/shadow", "read codecs.open: .env", "read pathlib.Path.open: .env", "read pathlib.Path.read_bytes: ~/.netrc (home)", "write pathlib.Path.open: o.txt"}},
	{"js-copies", JS, `const fs = require("fs"); fs.copyFileSync("e.json", process.env.HOME + "/.claude/settings.json"); fs.cpSync("x", require("os").homedir() + "/.claude", {recursive: true}); fs.promises.copyFile("a.txt", "b.txt"); require("fs/promises").cp("c", "d"); fs.copyFile(src, "out", cb); Deno.copyFileSync("/etc/passwd", "p")`, []string{"shell fs.copyFileSync: cp -T -- 'e.json' ~/'.claude/settings.json'", "shell fs.cpSync: cp -rT -- 'x' ~/'.claude'", "shell fs/promises.copyFile: cp -T -- 'a.txt' 'b.txt'", "shell fs/promises.cp: cp -T -- 'c' 'd'", "write fs.copyFile: out", "shell Deno.copyFileSync: cp -T -- '/etc/passwd' 'p'"}},
	{"js-open-flags", JS, `const fs = require("fs"); const b = Buffer.alloc(9); fs.readSync(fs.openSync(process.env.HOME + "/.ssh/id_rsa"), b); fs.openSync(process.env.HOME + "/.bashrc", "a"); fs.open("r.txt", (e, fd) => {}); fs.openSync("x", "r+"); fs.promises.open("w.log", "w"); fs.openSync("y", fs.constants.O_WRONLY); Deno.openSync("z", {append: true}); fs.openSync(p, "w")`, []string{"read fs.openSync: ~/.ssh/id_rsa (home)", "append fs.openSync: ~/.bashrc (home)", "read fs.open: r.txt", "read fs.openSync: x", "write fs.openSync: x", "write fs/promises.open: w.log", "write fs.openSync: y", "append Deno.openSync: z"}},
	{"pl-copy", Perl, `use File::Copy; copy(q{e.json}, "$ENV{HOME}/.claude/settings.json"); cp("$ENV{HOME}/.ssh/id_rsa", "k"); File::Copy::copy("a", "b"); sysopen(my $f, "$ENV{HOME}/.bashrc", O_WRONLY|O_APPEND); sysopen(F, "r.txt", O_RDONLY);`, []string{"shell copy: cp -- 'e.json' ~/'.claude/settings.json'", "shell cp: cp -- ~/'.ssh/id_rsa' 'k'", "shell File::Copy::copy: cp -- 'a' 'b'", "append sysopen: ~/.bashrc (home)", "read sysopen: r.txt"}},
	{"pl-copy-other", Perl, `copy("a", "b"); $x->copy("c", "d");`, nil},
	{"rb-copy", Ruby, `require "fileutils"; FileUtils.cp("e.json", Dir.home + "/.claude/settings.json"); IO.copy_stream(Dir.home + "/.ssh/id_rsa", "k"); FileUtils.cp_r("x", "y"); FileUtils.copy_file("a", "b"); FileUtils.cp(%w[c d], "dir"); File.open(Dir.home + "/.bashrc", File::WRONLY | File::APPEND); IO.sysopen(Dir.home + "/.ssh/id_rsa"); IO.sysopen("log.txt", "a")`, []string{"shell FileUtils.cp: cp -- 'e.json' ~/'.claude/settings.json'", "shell IO.copy_stream: cp -T -- ~/'.ssh/id_rsa' 'k'", "shell FileUtils.cp_r: cp -r -- 'x' 'y'", "shell FileUtils.copy_file: cp -T -- 'a' 'b'", "shell FileUtils.cp: cp -- 'c' 'dir'", "shell FileUtils.cp: cp -- 'd' 'dir'", "append File.open: ~/.bashrc (home)", "read IO.sysopen: ~/.ssh/id_rsa (home)", "append IO.sysopen: log.txt"}},
	{"php-copy", PHP, `<?php copy("e.json", getenv("HOME") . "/.claude/settings.json"); copy("a.txt", "b.txt"); $x->copy("c", "d");`, []string{"shell copy: cp -T -- 'e.json' ~/'.claude/settings.json'", "shell copy: cp -T -- 'a.txt' 'b.txt'"}},
	{"py-env-home", Python, `import os; open(os.environ["HOME"] + "/.bashrc", "a"); open(os.environ["HOME"] + "/.ssh/id_rsa").read(); os.remove(os.getenv("HOME") + "/x"); shutil.rmtree(os.environ.get("HOME")); open(os.environ["HOMEDIR"] + "/y", "w"); print(os.environ["HOME"])`, []string{"append open: ~/.bashrc (home)", "read open: ~/.ssh/id_rsa (home)", "delete os.remove: ~/x", "delete -r shutil.rmtree: ~", "write open:  (run time: /y HOMEDIR)", "print env print: HOME"}},
	{"js-env-home", JS, `require("fs").writeFileSync(process.env.HOME + "/.bashrc", "x"); fs.rmSync(process.env["HOME"], {recursive: true}); fs.rmSync(process.env.HOMEPATH)`, []string{"write fs.writeFileSync: ~/.bashrc (home)", "delete -r fs.rmSync: ~", "hidden fs.rmSync: process.env.HOMEPATH"}},
	// include FileUtils mixes its methods in: unqualified rm_rf, cp;
	// keyword modes of File.open/File.write (issue 9). Look-alikes: no
	// include, FileUtils::DryRun, another object's method, the name in a
	// string, a reading mode.
	{"rb-include-fileutils", Ruby, "require 'fileutils'\ninclude FileUtils\nrm_rf(Dir.home)\ncp 'a', '/etc/x'\nmv('b', 'c')\nx.rm_rf('/srv')\nputs 'rm_rf /'", []string{"delete -r FileUtils.rm_rf: ~", "shell FileUtils.cp: cp -- 'a' '/etc/x'", "shell FileUtils.mv: mv -- 'b' 'c'"}},
	{"rb-include-fileutils-look", Ruby, "rm_rf('/srv')\ninclude FileUtils::DryRun\nrm_r '/srv'\nclass X; include Enumerable; end", nil},
	{"rb-mode-keyword", Ruby, `File.open(Dir.home + "/.bashrc", mode: "w") { |f| f << 1 }; File.write("log", "x", mode: "a"); File.new("n", :mode => "w"); File.open("r.txt", mode: "r"); File.open("e", mode: m)`, []string{"write File.open: ~/.bashrc (home)", "append File.write: log", "write File.new: n", "read File.open: r.txt"}},
	{"rb-env-home", Ruby, `File.write(ENV["HOME"] + "/.bashrc", "x"); FileUtils.rm_rf(ENV.fetch("HOME"))`, []string{"write File.write: ~/.bashrc (home)", "delete -r FileUtils.rm_rf: ~"}},

	// JavaScript.
	{"js-read", JS, `const fs = require("fs"); fs.readFileSync(".env", "utf8"); require("fs").promises.readFile(".env"); fs.createReadStream("k.pem"); fs.readFileSync(f)`, []string{"read fs.readFileSync: .env", "read fs/promises.readFile: .env", "read fs.createReadStream: k.pem"}},
	{"js-read-home", JS, `import { readFileSync } from "node:fs"; readFileSync(path.join(os.homedir(), ".ssh", "id_rsa"))`, []string{"read fs.readFileSync: ~/.ssh/id_rsa (home)"}},
	{"js-read-deno-bun", JS, `await Deno.readTextFile(".env"); await Bun.file(".env").text()`, []string{"read Deno.readTextFile: .env", "read Bun.file: .env"}},
	{"js-read-look", JS, `console.log("fs.readFileSync('.env')") // fs.readFileSync(".env")`, nil},
	{"js-require", JS, `require('child_process').execSync('rm -rf ~')`, []string{"shell child_process.execSync: rm -rf ~"}},
	{"js-destructure", JS, "const { execSync: run } = require('node:child_process');\nrun(`ls`)", []string{"shell child_process.execSync: ls"}},
	{"js-import", JS, `import * as cp from "child_process"; cp.spawnSync("rm", ["-rf", "/"])`, []string{"exec child_process.spawnSync: rm -rf /"}},
	{"js-spawn-shell", JS, `child_process.spawn("rm -rf x", {shell: true})`, []string{"shell child_process.spawn: rm -rf x"}},
	{"js-template", JS, "child_process.exec(`rm -rf ${dir}`)", []string{"hidden child_process.exec: `rm -rf ${dir}`"}},
	{"js-regex", JS, `/child_process.exec('x')/.exec("rm -rf /")`, nil},
	{"js-comment", JS, "// fs.rmSync('/')\n/* child_process.execSync('rm -rf /') */", nil},
	{"js-log", JS, `console.log("fs.rmSync('/')")`, nil},
	{"js-rmsync", JS, `fs.rmSync('/x', {recursive: true}); fs.unlinkSync("f")`, []string{"delete -r fs.rmSync: /x", "delete fs.unlinkSync: f"}},
	{"js-promises", JS, `const fsp = require('fs').promises; await fsp.rm('d', {recursive: true})`, []string{"delete -r fs/promises.rm: d"}},
	{"js-write", JS, `fs.appendFileSync('.env', 'x')`, []string{"append fs.appendFileSync: .env"}},
	{"js-bun", JS, "await $`rm -rf /tmp/x`; Bun.spawn(['ls'])", []string{"shell $: rm -rf /tmp/x", "exec Bun.spawn: ls"}},
	// Bun's $ under another name (a binding, a destructuring of Bun, an
	// import as) and through its methods that return it (nothrow, cwd,
	// env, throws) is the shell still (interp3: these were allowed).
	{"js-bun-shell-names", JS, "const p = Bun.$; await p`rm -rf /a`; const {$: s, spawnSync: sp} = Bun; await s`rm -rf /b`; sp(['rm', '-rf', '/c'])",
		[]string{"shell Bun.$: rm -rf /a", "shell Bun.$: rm -rf /b", "exec Bun.spawnSync: rm -rf /c"}},
	{"js-bun-shell-import-as", JS, "import {$ as sh} from 'bun'; await sh`rm -rf /d`", []string{"shell Bun.$: rm -rf /d"}},
	{"js-bun-shell-config", JS, "await Bun.$.nothrow()`rm -rf /e`; await $.cwd('/tmp').env({A: '1'})`rm -rf /f`", []string{"shell Bun.$: rm -rf /e", "shell $: rm -rf /f"}},
	{"js-bun-shell-look", JS, "await Bun.$`ls`.nothrow(); $.cwd('/tmp'); x.cwd()`a`; const {version} = Bun; console.log(version, `rm -rf /`)", []string{"shell Bun.$: ls"}},
	// Bun.spawnSync's argv (a list, or {cmd: […]}) is Bun's, not an
	// unknown receiver's child_process.spawnSync(cmd, args).
	{"js-bun-sync", JS, "Bun.spawnSync(['rm', '-rf', '/x']); Bun.spawnSync({cmd: ['ls']})", []string{"exec Bun.spawnSync: rm -rf /x", "exec Bun.spawnSync: ls"}},
	{"js-jquery", JS, `$(".x").hide(); $("#id").remove()`, nil},
	{"js-deno", JS, `new Deno.Command("rm", {args: ["-rf", "/"]}).outputSync()`, []string{"exec Deno.Command: rm -rf /"}},
	// Ruby.
	{"rb-read", Ruby, `puts File.read(".env"); IO.readlines("a.key"); File.open(".env") { |f| f.read }; File.open("o", "w"); File.read(File.expand_path("~/.ssh/id_rsa")); File.read(path)`, []string{"read File.read: .env", "read IO.readlines: a.key", "read File.open: .env", "write File.open: o", "read File.read: ~/.ssh/id_rsa (home)"}},
	{"rb-read-look", Ruby, `puts "File.read('.env')" # File.read(".env")`, nil},
	{"rb-system", Ruby, `system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
	{"rb-system-argv", Ruby, `system("rm", "-rf", "/")`, []string{"exec system: rm -rf /"}},
	{"rb-backticks", Ruby, "x = `ls`\ny = %x{rm -rf /}", []string{"shell backticks: ls", "shell backticks: rm -rf /"}},
	{"rb-interp", Ruby, "system(\"rm -rf #{d}\")", []string{`hidden system: "rm -rf #{d}"`}},
	{"rb-puts", Ruby, "puts 'system(\"x\")' # system('y')", nil},
	{"rb-heredoc-data", Ruby, "x = <<~EOS\n  system('rm -rf /')\nEOS\nputs x", nil},
	{"rb-heredoc-shell", Ruby, "system <<~SH\n  rm -rf /tmp/a\nSH\n", []string{"shell system: rm -rf /tmp/a\n"}},
	{"rb-fileutils", Ruby, `FileUtils.rm_rf("/x", verbose: true); File.delete("f")`, []string{"delete -r FileUtils.rm_rf: /x", "delete File.delete: f"}},
	// obj may be Kernel found at run time: its literal text is judged
	// (and x, an unknown command, passes); see rubyrecv_test.go.
	{"rb-method", Ruby, `obj.system("x"); obj.system`, []string{"shell Kernel.system: x"}},
	// Perl.
	{"pl-read", Perl, `open(my $f, "<", ".env"); open(F, "<k.pem"); open F, ".env"; open(my $g, "<", $path); open(my $o, ">", "out")`, []string{"read open: .env", "read open: k.pem", "write open: out"}},
	{"pl-read-look", Perl, `print "open(F, '.env')"; # open(F, ".env")`, nil},
	{"pl-system", Perl, `system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"pl-list", Perl, `system 'ls', '-l'`, []string{"exec system: ls -l"}},
	{"pl-qx", Perl, `my $o = qx{ls}; my $p = ` + "`rm -rf /`", []string{"shell backticks: ls", "shell backticks: rm -rf /"}},
	{"pl-subst", Perl, `$x =~ s/system("a")/exec("b")/g; print "system('x')"`, nil},
	{"pl-unlink", Perl, `unlink "/etc/passwd", 'b'; unlink $f`, []string{"delete unlink: /etc/passwd", "delete unlink: b", "hidden unlink: $f"}},
	{"pl-open", Perl, `open(my $fh, '>', 'out.txt'); open(F, ">>log"); open(P, "| mail x")`, []string{"write open: out.txt", "append open: log", "shell open: perl_program | mail x"}},
	{"pl-pod", Perl, "=pod\n\nsystem('rm -rf /')\n\n=cut\nprint 1;", nil},
	{"pl-rmtree", Perl, `use File::Path qw(rmtree); rmtree('/h')`, []string{"delete -r rmtree: /h"}},
	// Path::Tiny's path(X)->METHOD: what the method does to X.
	{"pl-path-tiny", Perl, `use Path::Tiny; path("/h")->remove_tree({safe => 0}); path("/etc/hosts")->remove; path("~/.bashrc")->spew("x"); path("log")->append_utf8("y"); Path::Tiny->new("/d")->remove_tree; Path::Tiny::path("/e")->touch`,
		[]string{"delete -r Path::Tiny::remove_tree: /h", "delete Path::Tiny::remove: /etc/hosts", "write Path::Tiny::spew: ~/.bashrc (home)", "append Path::Tiny::append_utf8: log", "delete -r Path::Tiny::remove_tree: /d", "write Path::Tiny::touch: /e"}},
	{"pl-path-tiny-var", Perl, `use Path::Tiny; my $p = path("~/x"); $p->remove_tree; my $q = Path::Tiny->new("/etc/hosts");` + "\n" + `$q->spew("y")`,
		[]string{"delete -r Path::Tiny::remove_tree: ~/x", "write Path::Tiny::spew: /etc/hosts"}},
	{"pl-path-tiny-var-look", Perl, `use Path::Tiny; my $p = path("~/x"); print $p->slurp; my $r = path("/h"); $r = path("tmp"); $r->remove_tree; my $s = path("/h")->child("a"); $s->remove; print "$p->remove_tree";`, []string{"read Path::Tiny::slurp: ~/x (home)"}},
	// A listing of a literal directory with a deletion of a computed
	// path: the entries the listing finds are deleted.
	{"js-opendir-rm", JS, `const fs = require("fs"); const d = fs.opendirSync("/h"); let e; while ((e = d.readSync())) fs.rmSync("/h/" + e.name, {recursive: true})`,
		[]string{"shell fs.rmSync of what fs.opendirSync lists: find '/h' -mindepth 1 -maxdepth 1 -exec rm -rf {} +", "hidden fs.rmSync: \"/h/\" + e.name"}},
	{"py-listdir-remove", Python, `import os, glob
for f in os.listdir(os.path.expanduser("~")): os.remove(f)
for f in glob.glob("/h/*.log"): os.remove(f)`,
		[]string{"shell os.remove of what os.listdir lists: find ~ -mindepth 1 -maxdepth 1 -exec rm -f {} +", "hidden os.remove: f", "shell os.remove of what glob.glob lists: rm -f -- '/h/'*'.log'"}},
	{"js-readdir-rm-look", JS, `const fs = require("fs"); for (const e of fs.readdirSync("/h")) console.log(e); fs.rmSync("/tmp/x")`, []string{"delete fs.rmSync: /tmp/x"}},
	{"pl-path-tiny-runtime", Perl, `use Path::Tiny; path($d)->remove_tree`, []string{"hidden Path::Tiny::remove_tree: $d"}},
	// Look-alikes: the module not loaded, another package's path, reads,
	// the call in a string or comment.
	{"pl-path-tiny-look", Perl, `use Path::Tiny; print path("/h")->slurp; my @l = path("/h")->children; print "path('/h')->remove_tree"; # path("/h")->remove_tree` + "\n" + `Other::path("/h")->remove_tree;`, []string{"read Path::Tiny::slurp: /h"}},
	{"pl-path-tiny-unloaded", Perl, `sub path { return bless {}, "X" } path("/h")->remove_tree`, nil},
	// A BEGIN block's assignments hold for the rest of the program.
	{"pl-begin", Perl, `BEGIN { $d = "/h" } system("rm -rf $d")`, []string{"shell system: rm -rf /h"}},
	{"pl-begin-bare", Perl, "BEGIN { unlink \"/h\" }\nprint 1;", []string{"delete unlink: /h"}},
	{"rb-begin", Ruby, `BEGIN { $d = "/h" }; system("rm -rf " + $d)`, []string{"shell system: rm -rf /h"}},
	// PHP.
	{"php-read", PHP, `echo file_get_contents(".env"); readfile("k.pem"); fopen(".env", "r"); fopen("o", "w"); file_get_contents($f);`, []string{"read file_get_contents: .env", "read readfile: k.pem", "read fopen: .env", "write fopen: o"}},
	{"php-read-look", PHP, `echo "file_get_contents('.env')"; // readfile(".env")`, nil},
	{"php-system", PHP, `system('rm -rf ~');`, []string{"shell system: rm -rf ~"}},
	{"php-echo", PHP, `echo "shell_exec('rm -rf /')"; // exec("x")`, nil},
	{"php-var", PHP, `exec($cmd);`, []string{"hidden exec: $cmd"}},
	{"php-interp", PHP, `exec("rm -rf $d");`, []string{`hidden exec: "rm -rf $d"`}},
	{"php-tags", PHP, "<html>system('no')</html>\n<?php\nunlink('/etc/hosts');", []string{"delete unlink: /etc/hosts"}},
	{"php-nowdoc", PHP, "$x = <<<'EOT'\nsystem('rm -rf /')\nEOT;\npassthru(<<<SH\nls\nSH);", []string{"shell passthru: ls\n"}},
	{"php-put", PHP, `file_put_contents('a.txt', 'x', FILE_APPEND);`, []string{"append file_put_contents: a.txt"}},
}

func describe(e Effect) string {
	switch e.Kind {
	case Shell:
		return "shell " + e.Call + ": " + e.Text
	case Exec:
		return "exec " + e.Call + ": " + strings.Join(e.Argv, " ")
	case Delete:
		switch {
		case e.Recursive:
			return "delete -r " + e.Call + ": " + e.Path
		case e.Dir:
			return "rmdir " + e.Call + ": " + e.Path
		}
		return "delete " + e.Call + ": " + e.Path
	case Write:
		home := ""
		if e.Tilde {
			home = " (home)"
		}
		if len(e.Pieces) > 0 {
			home = " (run time: " + strings.Join(e.Pieces, " ") + ")"
		}
		if e.Append {
			return "append " + e.Call + ": " + e.Path + home
		}
		return "write " + e.Call + ": " + e.Path + home
	case Include:
		if e.Text == PickleData {
			return "unpickle " + e.Call + ": " + e.Path
		}
	case Hidden:
		return "hidden " + e.Call + ": " + e.Text
	case Print:
		names := strings.Join(e.Argv, ",")
		if e.Text == "*" {
			names = "*"
		}
		return "print env " + e.Call + ": " + names
	case Read:
		kind := "read "
		switch {
		case e.Glob:
			kind = "read glob "
		case e.Walk && e.Recursive:
			kind = "read walk -r "
		case e.Walk:
			kind = "read walk "
		}
		if len(e.Pieces) > 0 {
			return kind + e.Call + ": (run time: " + strings.Join(e.Pieces, " ") + ")"
		}
		if e.Text != "" {
			return kind + e.Call + ": " + e.Path + " (" + e.Text + ")"
		}
		if e.Tilde {
			return kind + e.Call + ": " + e.Path + " (home)"
		}
		return kind + e.Call + ": " + e.Path
	}
	return fmt.Sprint(e)
}

func TestAnalyze(t *testing.T) {
	t.Parallel()
	for _, tc := range effectCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestLines(t *testing.T) {
	t.Parallel()
	src := "import os\n\n# comment\nos.remove('a')\nx = '''\n\n'''\nos.remove('b')\n"
	es := Analyze(Python, src)
	if len(es) != 2 || es[0].Line != 4 || es[1].Line != 8 {
		t.Fatalf("lines = %+v, want 4 and 8", es)
	}
}

func TestForFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, text string
		want       Lang
	}{
		{"a.py", "", Python}, {"b.mjs", "", JS}, {"c.rb", "", Ruby}, {"d.pl", "", Perl}, {"e.php", "", PHP},
		{"run", "#!/usr/bin/env python3\n", Python}, {"run", "#!/usr/bin/perl -w\n", Perl},
		{"run", "#!/bin/sh\n", ""}, {"run", "echo hi\n", ""},
	} {
		if got := ForFile(tc.name, tc.text); got != tc.want {
			t.Errorf("ForFile(%q, %q) = %q, want %q", tc.name, tc.text, got, tc.want)
		}
	}
}

// FuzzAnalyze holds that any text in any language is read without a panic
// and with effects whose lines are within the text.
func FuzzAnalyze(f *testing.F) {
	for _, tc := range effectCases {
		f.Add(string(tc.l), tc.src)
	}
	for _, tc := range foreignCases {
		f.Add(string(tc.l), tc.src)
	}
	f.Add(string(Go), "func main() {\n\thome, _ := os.UserHomeDir()\n\tos.RemoveAll(home)\n\texec.Command(\"sh\", \"-c\", `rm -rf ~`)\n}\n")
	f.Add(string(Rust), "fn f<'a>(x: &'a str) { /* /* */ */ Command::new(\"rm\").args(&[\"-rf\", r#\"/x\"#]).arg(b'c'); }")
	f.Add(string(Gradle), "task x(type: Exec) {\n    commandLine 'rm', '-rf', \"${d}\"\n    executable 'sh'\n    args '-c'\n}\n['a'].execute()\nfile('x').deleteDir()\n")
	f.Add(string(Maven), "<configuration><executable>rm</executable><arguments><argument>-rf</argument></arguments></configuration><exec executable=\"sh\"><arg line=\"-c x\"/></exec><delete dir=\"/x\"/>")
	f.Add(string(Nox), "def t(session):\n    session.run('rm', '-rf', *session.posargs)\n")
	f.Add(string(Python), "# coding: utf-7\n# +AAo-import os+ADs- os.system(+ACI-rm+ACI-)\r# x\n")
	f.Add(string(Python), "# coding: unicode_escape\n# \\x0aimport os\\u000aos.system('rm')\n")
	f.Add(string(JS), "// a\u2028require('child_process').execSync('rm')\r")
	f.Add(string(PHP), "<p><?= system('x') ?>\n<?php // a ?>b<?php system('y');")
	f.Add(string(Python), "import os, yaml\np = os.environ['HOME']\np += '/.bashrc'\nif x: p += 'y'\nopen(f'{p}', 'a')\nyaml.unsafe_load('!!python/object/apply:os.system [\"rm\"]')\n")
	f.Add(string(Perl), "my $p = $ENV{HOME}; $p .= '/x'; sub g { $p = 1 } open(F, \">>$p\")")
	f.Fuzz(func(t *testing.T, l, src string) {
		lines := 1 + strings.Count(src, "\n")
		for _, e := range Analyze(Lang(l), src) {
			if e.Line < 1 || e.Line > lines {
				t.Fatalf("line %d outside 1..%d", e.Line, lines)
			}
		}
	})
}

// TestManyEffects: repeated identical calls count once, so that a program
// that removes one file ten thousand times cannot push a later deletion
// beyond MaxEffects; past the bound, a Hidden effect says that more
// follow, so the walk asks instead of passing over them.
func TestManyEffects(t *testing.T) {
	t.Parallel()
	same := "import os, shutil\n" + strings.Repeat("os.remove('tmp.txt')\n", 10*MaxEffects) + "shutil.rmtree('/srv')\n"
	effs := Analyze(Python, same)
	if len(effs) != 2 || effs[1].Path != "/srv" || !effs[1].Recursive || effs[1].Line != 10*MaxEffects+2 {
		t.Errorf("repeated calls: %d effects, last %+v", len(effs), effs[len(effs)-1])
	}
	var b strings.Builder
	b.WriteString("import os, shutil\n")
	for i := 0; i < MaxEffects+5; i++ {
		fmt.Fprintf(&b, "os.remove('tmp%d.txt')\n", i)
	}
	b.WriteString("shutil.rmtree('/srv')\n")
	effs = Analyze(Python, b.String())
	last := effs[len(effs)-1]
	if len(effs) != MaxEffects+1 || last.Kind != Hidden || !strings.Contains(last.Text, "6 further calls") {
		t.Errorf("distinct calls beyond the bound: %d effects, last %+v", len(effs), last)
	}
}
