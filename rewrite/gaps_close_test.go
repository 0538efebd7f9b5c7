package rewrite

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPagerVarsOnlyWhereRun: a pager, editor or helper variable matters
// only to a program that starts one. ls, cat, wc and the other programs
// that run no other program (syntax/inert.go) never read PAGER or
// EDITOR (coreutils' ls(1) and cat(1) name no such variable), so the
// variable given to them is not judged; man(1) runs MANPAGER or PAGER,
// git(1) GIT_PAGER, core.pager or PAGER, and those still ask or deny.
// The same name reached through a PATH directory the command put first,
// a path, a function of the script or sudo is not known to be the
// system program: still judged.
func TestPagerVarsOnlyWhereRun(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/a.txt": "a\n", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PAGER=sh ls", "allow"},
		{"PAGER=sh cat a.txt", "allow"},
		{"export PAGER=sh; ls -l", "allow"},
		{"env PAGER=sh wc -l a.txt", "allow"},
		{"EDITOR='rm -rf ~;' cat a.txt", "allow"},
		{"MANPAGER=sh grep x a.txt", "allow"},
		// Programs that run the pager or editor.
		{"PAGER=sh man ls", "ask"},
		{"export PAGER=sh; ls; man ls", "ask"},
		{"PAGER=sh git log", "ask"},
		{"PAGER='rm -rf ~;' man ls", "deny"},
		{"EDITOR='rm -rf ~;' crontab -e", "deny"},
		// Not certainly the system program.
		{"PATH=.:$PATH PAGER=sh ls", "ask"},
		{"PAGER=sh ./ls", "ask"},
		{"ls() { man ls; }; PAGER=sh ls", "ask"},
		{"sudo PAGER=sh ls", "ask"},
	})
}

// TestRSessionTempdir: R's tempdir() is the per-session directory R
// creates at start-up (RtmpXXXXXX under TMPDIR, TMP or TEMP; R's
// ?tempdir), so deleting it or a path inside it deletes only what this
// session made there. A path that climbs out of it (file.path(tempdir(),
// "..")) reaches a directory only run time knows (TMPDIR may be ~) and
// still asks, as do dirname(tempdir()) and tempdir() after other text.
func TestRSessionTempdir(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`R -e 'unlink(tempdir(), recursive=TRUE)'`, "allow"},
		{`Rscript -e 'unlink(tempdir(check = TRUE), recursive = TRUE)'`, "allow"},
		{`Rscript -e 'unlink(file.path(tempdir(), "x"), recursive=TRUE)'`, "allow"},
		{`Rscript -e 'file.remove(paste0(tempdir(), "/a.csv"))'`, "allow"},
		{`Rscript -e 'unlink(file.path(tempdir(), ".."), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(paste0(tempdir(), "/../.."), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(dirname(tempdir()), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(paste0("~", tempdir()), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(tempdir(x), recursive=TRUE)'`, "allow"}, // x is check
		{`Rscript -e 'unlink(tempdir(TRUE, x), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(Sys.getenv("HOME"), recursive=TRUE)'`, "deny"},
	})
}

// TestLuaConstantsAndLabels: Lua names whose value is certain at a use
// (Lua 5.4 manual 3.3.3, 3.5): a global assigned once at the chunk's own
// level, from that statement on, unless a require (another chunk sharing
// the globals) or a goto (which may jump past the assignment) is in the
// text; a local declared once in a function body or any block, up to the
// end of that block (the next else or elseif ends a branch's local);
// os.getenv"HOME" (a call with one string argument needs no
// parentheses, 3.4.10) is the home directory. A label ::name:: is a
// statement, not a name separator: ::s:: os.remove(…) calls os.remove
// (it was read as s.os.remove and allowed).
func TestLuaConstantsAndLabels(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/a.txt": "a\n", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`lua -e 'p="a.txt"; os.remove(p)'`, "allow"},
		{`lua -e 'p = os.getenv("HOME") .. "/.ssh/id_rsa"; os.remove(p)'`, "deny"},
		{`lua -e 'function f() local p = os.getenv("HOME") .. "/.ssh/id_rsa"; os.remove(p) end; f()'`, "deny"},
		{`lua -e 'function f() local p = "a.txt"; os.remove(p) end; f()'`, "allow"},
		{`lua -e 'if c then local h = os.getenv"HOME"; os.execute("rm -rf " .. h) end'`, "deny"},
		{`lua -e 'os.remove(os.getenv"HOME" .. "/.ssh/id_rsa")'`, "deny"},
		{`lua -e 'os.remove(os.getenv[[HOME]] .. "/.ssh/id_rsa")'`, "deny"},
		{`lua -e 'print(os.getenv"HOME")'`, "allow"},
		{`lua -e '::s:: os.remove(os.getenv("HOME") .. "/.ssh/id_rsa")'`, "deny"},
		{`lua -e ':: top :: os.remove(q)'`, "ask"},
		{`lua -e '::top:: print("rm -rf ~")'`, "allow"},
		// Not certain: bound twice, in a branch, before the use, by
		// a function, through _G, after a require, past a goto, or
		// used outside the local's block.
		{`lua -e 'p="a.txt"; p=q; os.remove(p)'`, "ask"},
		{`lua -e 'if c then p="a.txt" end; os.remove(p)'`, "ask"},
		{`lua -e 'os.remove(p); p="a.txt"'`, "ask"},
		{`lua -e 'p="a.txt"; function g() p = q end; g(); os.remove(p)'`, "ask"},
		{`lua -e 'p="a.txt"; _G.p = q; os.remove(p)'`, "ask"},
		{`lua -e 'p="a.txt"; require "m"; os.remove(p)'`, "ask"},
		{`lua -e 'goto s; p="a.txt"; ::s:: os.remove(p)'`, "ask"},
		{`lua -e 'function f() local p = "a.txt" end; os.remove(p)'`, "ask"},
		{`lua -e 'if c then local p = "a.txt" else os.remove(p) end'`, "ask"},
	})
}

// TestCdSurelyFails: a cd whose directory is absent when the hook runs,
// named from / or ./ (no CDPATH search), with nothing before it in the
// command that could make it (only shell builtins, functions and
// programs that write nothing), cannot succeed: bash prints an error,
// stays, and leaves PWD as the command assigned it (bash manual, cd:
// "If the directory change is successful, … PWD"). So PWD=~; cd
// /nonexistent; rm -rf "$PWD"/.ssh deletes ~/.ssh (ask -> deny). A
// mkdir, any other program, code only known at run time, a relative
// name (CDPATH) or the right side of && keep the cd uncertain or
// successful. The oracle runs bash.
func TestCdSurelyFails(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`PWD=~; cd /nonexistent; rm -rf "$PWD"/.ssh`, "deny"},
		{`cd ~; cd /nonexistent; rm -rf .ssh`, "deny"},
		{`PWD=~; echo hi; ls; cd /nonexistent; rm -rf "$PWD"/.ssh`, "deny"},
		{`PWD=~; f() { cd /nonexistent; }; f; rm -rf "$PWD"/.ssh`, "deny"},
		{`PWD=~; cd /nonexistent || rm -rf "$PWD"/.ssh`, "deny"},
		// Look-alikes: the directory may exist by then, or cd succeeds.
		{`cd /nonexistent; rm -rf build`, "allow"},
		{`PWD=~; cd /tmp; rm -rf "$PWD"/.ssh`, "allow"},
		{`PWD=~; mkdir /nonexistent; cd /nonexistent; rm -rf "$PWD"/.ssh`, "ask"},
		{`PWD=~; tar xf a.tar; cd /nonexistent; rm -rf "$PWD"/.ssh`, "ask"},
		{`PWD=~; eval "$X"; cd /nonexistent; rm -rf "$PWD"/.ssh`, "ask"},
		{`PWD=~; cd nonexistent; rm -rf "$PWD"/.ssh`, "ask"},
		{`PWD=~; cd /nonexistent && rm -rf "$PWD"/.ssh`, "ask"},
	})
	t.Run("bash", func(t *testing.T) {
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		missing := filepath.Join(t.TempDir(), "nonexistent")
		out, err := exec.Command(bash, "-c", `PWD=/assigned; cd "$1" 2>/dev/null; printf %s "$PWD"`, "_", missing).Output()
		if err != nil || string(out) != "/assigned" {
			t.Fatalf("bash left PWD %q (%v), want /assigned", out, err)
		}
	})
}

// TestFunctionReturnPaths: bash's return leaves the function at once,
// from a loop, a branch or an eval'd text (bash manual, return: "causes
// a function to stop executing"), so the state a call leaves is the one
// at each return as well as at the body's end. A return used to be
// taken as "the body may stop anywhere", which lost the state at the
// return: f() { x=~; return; x=/tmp/y; }; f; rm -rf "$x" deleted ~ and
// was allowed. A return in a subshell of the body ends only the
// subshell, and break in a function does not leave the caller's loop
// (bash 5 prints an error). Each row also runs in bash with rm replaced
// by printf: the target it prints is ~ exactly for the deny rows.
func TestFunctionReturnPaths(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	rows := []struct{ cmd, want string }{
		{`f() { x=~; return; x=/tmp/y; }; f; rm -rf "$x"`, "deny"},
		{`f() { if true; then x=~; return; fi; x=/tmp/y; }; f; rm -rf "$x"`, "deny"},
		{`f() { while true; do x=~; return; done; x=/tmp/y; }; f; rm -rf "$x"`, "deny"},
		{`f() { for i in 1; do x=~; return; done; x=/tmp/y; }; f; rm -rf "$x"`, "deny"},
		{`f() { x=~; return 3; x=/tmp/y; }; f; rm -rf "$x"`, "deny"},
		{`x=/tmp/y; N=1; for i in 1 2; do for j in 1; do break $N; done; x=~; done; rm -rf "$x"`, "deny"},
		// Look-alikes: what follows the return never runs.
		{`f() { for i in 1; do return; done; x=~; }; x=/tmp/y; f; rm -rf "$x"`, "allow"},
		{`f() { x=/tmp/y; return; x=~; }; f; rm -rf "$x"`, "allow"},
		{`f() { x=/tmp/y; for i in 1; do for j in 1; do return; done; done; x=~; }; f; rm -rf "$x"`, "allow"},
		{`f() { for i in 1; do x=~; (return); done; x=/tmp/y; }; f; rm -rf "$x"`, "allow"},
		{`f() { x=/tmp/y; eval return; x=~; }; f; rm -rf "$x"`, "allow"},
		{`x=/tmp/y; for i in 1; do eval break; x=~; done; rm -rf "$x"`, "allow"},
		{`x=/tmp/y; N=2; for i in 1 2; do for j in 1; do break $N; done; x=~; done; rm -rf "$x"`, "allow"},
		{`for i in 1 2; do f() { x=~; break; }; x=/tmp/y; f; x=/tmp/z; done; rm -rf "$x"`, "allow"},
	}
	checkDecisions(t, cfg, rows)
	t.Run("bash", func(t *testing.T) {
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Skip("no bash")
		}
		home := t.TempDir()
		for _, r := range rows {
			script := strings.ReplaceAll(r.cmd, "rm -rf", "printf %s")
			cmd := exec.Command(bash, "-c", script)
			cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
			out, _ := cmd.Output()
			if got := string(out) == home; got != (r.want == "deny") {
				t.Errorf("%s: bash targets %q, corral says %s", r.cmd, out, r.want)
			}
		}
	})
}

// TestLoaderVarsMissingLibrary: LD_PRELOAD and LD_AUDIT name files the
// dynamic linker loads into the program (ld.so(8)); a missing one is
// skipped with a warning, but whatever is put there before the program
// starts (by an earlier program of the command, a job left running, or
// any user in /tmp) is loaded: unread code, judged as a library already
// there (ask), as LD_LIBRARY_PATH=/tmp already was. An LD_LIBRARY_PATH
// directory with no library now asks when others may write it (/tmp,
// /dev/shm) or an earlier program of the command may have written it.
// Look-alikes: system paths, a bare name (searched in the system's
// directories), an empty value, a project directory with no library and
// nothing before, and a program the project built.
func TestLoaderVarsMissingLibrary(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/lib/": "", "proj/a.txt": "a\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`LD_PRELOAD=/tmp/corral-missing-x.so ls`, "ask"},
		{`LD_AUDIT=/tmp/corral-missing-x.so ls`, "ask"},
		{`LD_PRELOAD=./missing.so cat a.txt`, "ask"},
		{`export LD_PRELOAD=/dev/shm/corral-missing.so; ls`, "ask"},
		{`LD_LIBRARY_PATH=/dev/shm/corral-missing ls`, "ask"},
		{`make; LD_LIBRARY_PATH=lib ls`, "ask"},
		{`LD_PRELOAD=/usr/lib/corral-missing.so ls`, "allow"},
		{`LD_PRELOAD=libfoo.so ls`, "allow"},
		{`LD_PRELOAD= ls`, "allow"},
		{`LD_LIBRARY_PATH=lib ls`, "allow"},
		{`LD_LIBRARY_PATH=/usr/lib ls`, "allow"},
		{`echo hi; LD_LIBRARY_PATH=lib ls`, "allow"},
	})
}

// TestConfigReadNotChanged: reading a file does not change it, so a curl
// config that cat, head or grep printed earlier in the command is judged
// by its content, as one nobody touched (cat c.cfg; curl -K c.cfg: ask
// -> allow for a harmless config); a redirection onto it, sed -i, or a
// cat found through a PATH the command changed still count as changes.
// WGETRC=FILE makes wget read FILE instead of ~/.wgetrc (wget(1),
// Startup File): a FILE the command wrote with known text, or one on
// disk, is judged by that text as --config's is, and a harmless one is
// rewritten into the sandbox like a plain wget; output_document still
// asks. A wgetrc line with no "=" is a syntax error that makes wget exit
// before it fetches anything (the oracle runs wget when installed).
func TestConfigReadNotChanged(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/c.cfg": "silent\n",
		"proj/bad.cfg": "output = \"x.bin\"\n", "proj/ok.wgetrc": "quiet = on\n", "proj/bad.wgetrc": "output_document = x\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`cat c.cfg; curl -K c.cfg https://x/y`, "allow"},
		{`head -1 c.cfg && grep -c x c.cfg; curl -K c.cfg https://x/y`, "allow"},
		{`cat bad.cfg; curl -K bad.cfg https://x/y`, "ask"},
		{`echo 'output = f' >> c.cfg; curl -K c.cfg https://x/y`, "ask"},
		{`cat bad.cfg > c.cfg; curl -K c.cfg https://x/y`, "ask"},
		{`sed -i s/x/y/ c.cfg; curl -K c.cfg https://x/y`, "ask"},
		{`PATH=.:$PATH cat c.cfg; curl -K c.cfg https://x/y`, "ask"},
		{`printf 'quiet\n' > rc; WGETRC=rc wget http://x/y`, "rewrite"},
		{`printf 'quiet = on\n' > rc; env WGETRC=rc wget http://x/y`, "rewrite"},
		{`WGETRC=ok.wgetrc wget http://x/y`, "rewrite"},
		{`printf 'output_document=~/.bashrc\n' > rc; WGETRC=rc wget http://x/y`, "ask"},
		{`WGETRC=bad.wgetrc wget http://x/y`, "ask"},
		{`WGETRC=$X wget http://x/y`, "ask"},
		{`WGETRC=missing wget http://x/y`, "ask"},
		{`HOME=/tmp wget http://x/y`, "ask"},
	})
	t.Run("wget-syntax-error", func(t *testing.T) {
		wget, err := exec.LookPath("wget")
		if err != nil {
			t.Skip("no wget")
		}
		dir := t.TempDir()
		rc := filepath.Join(dir, "rc")
		if err := os.WriteFile(rc, []byte("quiet\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		cmd := exec.Command(wget, "-O", out, "http://127.0.0.1:9/x")
		cmd.Env = []string{"WGETRC=" + rc, "HOME=" + dir, "PATH=/usr/bin:/bin"}
		err = cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 {
			t.Fatalf("wget with a syntax error in WGETRC: %v, want exit status 2", err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatal("wget wrote its output file")
		}
	})
}

// TestTerraformRunsConfiguration: terraform and tofu apply and destroy
// run each provisioner "local-exec" command of the configuration (with
// /bin/sh -c, or its interpreter list), and every command that reads
// data sources (plan, apply, destroy, refresh, import, console) runs the
// program list of each data "external" (Terraform's documentation of
// the local-exec provisioner and the external data source). The *.tf
// files of the working directory (or -chdir=DIR) and of the local
// modules it calls are read and each command is analysed as if typed;
// one with an interpolation asks. Look-alikes: a command that only
// prints, a provisioner in a comment or inside a string, a $${HOME}
// escape (literal text), validate and fmt, which run nothing.
func TestTerraformRunsConfiguration(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/.git/":       "",
		"home/.ssh/id_rsa": "KEY\n",
		"proj/bad/main.tf": "resource \"null_resource\" \"x\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ~/.ssh\"\n  }\n}\n",
		"proj/ok/main.tf": "# provisioner \"local-exec\" { command = \"rm -rf ~\" }\n" +
			"resource \"null_resource\" \"x\" {\n  triggers = { note = \"provisioner \\\"local-exec\\\" rm -rf ~\" }\n" +
			"  provisioner \"local-exec\" {\n    command     = \"echo \\\"rm -rf ~\\\" $${HOME}\"\n    interpreter = [\"bash\", \"-c\"]\n  }\n}\n",
		"proj/interp/main.tf": "resource \"null_resource\" \"x\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ${var.dir}\"\n  }\n}\n",
		"proj/ext/main.tf":    "data \"external\" \"e\" {\n  program = [\"sh\", \"-c\", \"rm -rf ~/.ssh\"]\n}\n",
		"proj/extok/main.tf":  "data \"external\" \"e\" {\n  program = [\"echo\", \"{}\"]\n}\n",
		"proj/mod/main.tf":    "module \"m\" {\n  source = \"./m\"\n}\n",
		"proj/mod/m/main.tf": "resource \"null_resource\" \"y\" {\n  provisioner \"local-exec\" {\n    when    = destroy\n" +
			"    command = <<-EOT\n      echo bye\n      rm -rf ~/.ssh\n    EOT\n  }\n}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`terraform -chdir=bad apply`, "deny"},
		{`tofu -chdir=bad destroy -auto-approve`, "deny"},
		{`cd bad && terraform apply -auto-approve`, "deny"},
		{`terraform -chdir=mod destroy`, "deny"},
		{`terraform -chdir=ext plan`, "deny"},
		{`terraform -chdir=ext refresh`, "deny"},
		{`terraform -chdir=interp apply`, "ask"},
		{`terraform -chdir=$D apply`, "ask"},
		// Look-alikes.
		{`terraform -chdir=bad plan`, "allow"},
		{`terraform -chdir=bad validate`, "allow"},
		{`terraform -chdir=bad fmt`, "allow"},
		{`terraform -chdir=ok apply`, "allow"},
		{`terraform -chdir=extok plan`, "allow"},
		{`terraform -chdir="$D" fmt`, "allow"},
		{`echo terraform -chdir=bad apply`, "allow"},
	})
}

// TestPerlArgElementReads: in a Perl sub, $_[N] is the caller's own
// variable (perlsub: "the array @_ is a local array, but its elements
// are aliases for the actual scalar parameters"), so a write to it
// changes the caller's constant. Only a write does: print $_[0] or
// unlink $_[0] leaves every constant as it was, and used to make them
// all unknown (a key path asked instead of being denied, a project file
// asked instead of being allowed). Writes by assignment (across lines
// too), .=, =~ s///, ++, a list assignment, a reference, substr as an
// lvalue, chop, open and a for alias still make the constants unknown.
// The oracle runs perl with unlink replaced by print: the path printed
// is the key exactly for the rows that are not allowed.
func TestPerlArgElementReads(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/a.txt": "a\n", "home/.ssh/id_rsa": "KEY\n"})
	key := filepath.Join(cfg.Home, ".ssh", "id_rsa")
	rows := []struct{ code, want string }{
		{`my $p = "KEY"; sub f { print $_[0] } f("x"); unlink $p`, "deny"},
		{`my $p = "a.txt"; sub f { print $_[0] } f($p); unlink $p`, "allow"},
		{`my $p = "a.txt"; sub f { my $n = length $_[0]; print $n } f($p); unlink $p`, "allow"},
		{`my $p = "a.txt"; sub f { $_[0] = "KEY" } f($p); unlink $p`, "ask"},
		{"my $p = \"a.txt\"; sub f {\n $_[0]\n  = \"KEY\" } f($p); unlink $p", "ask"},
		{`my $p = ""; sub f { $_[0] .= "KEY" } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { $_[0] =~ s{.*}{KEY} } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { ($_[0], $x) = ("KEY", 1) } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { my $r = \$_[0]; $$r = "KEY" } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { substr($_[0], 0) = "KEY" } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { for ($_[0]) { $_ = "KEY" } } f($p); unlink $p`, "ask"},
		{`my $p = "a.txt"; sub f { g($_[0]) } sub g { $_[0] = "KEY" } f($p); unlink $p`, "ask"},
	}
	for _, r := range rows {
		code := strings.ReplaceAll(r.code, "KEY", key)
		if got := Check(cfg, "perl -e '"+code+"'").Decision.String(); got != r.want {
			t.Errorf("%s: %s, want %s", code, got, r.want)
		}
	}
	t.Run("perl", func(t *testing.T) {
		perl, err := exec.LookPath("perl")
		if err != nil {
			t.Skip("no perl")
		}
		for _, r := range rows {
			code := strings.ReplaceAll(strings.ReplaceAll(r.code, "KEY", key), "unlink $p", "print STDERR $p")
			cmd := exec.Command(perl, "-e", code)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			_ = cmd.Run()
			if got := stderr.String() == key; got != (r.want != "allow") {
				t.Errorf("%s: perl unlinks %q, corral says %s", code, stderr.String(), r.want)
			}
		}
	})
}
