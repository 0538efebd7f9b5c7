package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// mutateCases bind a name to a harmless path, change the string or the
// variable in place or from code run in its scope (no assignment to the
// name: node's vm.runInThisContext, a Ruby String method,
// an alias of the object or of the variable, a Perl substitution,
// reference or @_ element, a PHP reference or by-reference argument),
// then delete what it holds. mut is the change with NEW standing for the
// new value; show prints the name; want is what it prints when NEW is
// "/tmp/rebound" (the oracle).
var mutateCases = []struct {
	name, lang, prog, pre, mut, del, show, want string
}{
	{"rb-replace", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h.replace(NEW)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-append", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h << NEW`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/x/tmp/rebound"},
	{"rb-sub-bang", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h.sub!("/tmp/x", NEW)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-send", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h.send(:replace, NEW)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-alias", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `g = h; g.replace(NEW)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-itself", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h.itself.replace(NEW)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-block", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `[h].each { |s| s.replace(NEW) }`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-def", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `def w(s) s.replace(NEW) end; w(h)`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/rebound"},
	{"rb-array-append", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `a = [h]; a[0] << NEW`, `FileUtils.rm_rf(h)`, `puts h`, "/tmp/x/tmp/rebound"},
	{"rb-constant", "ruby", "-e", `require "fileutils"; H = "/tmp/x"; `, `H.replace(NEW)`, `FileUtils.rm_rf(H)`, `puts H`, "/tmp/rebound"},
	{"rb-global-alias", "ruby", "-e", `require "fileutils"; $h = "/tmp/x"; `, `$g = $h; $g.replace(NEW)`, `FileUtils.rm_rf($h)`, `puts $h`, "/tmp/rebound"},
	{"pl-subst-braces", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `$h =~ s{.*}{NEW}se;`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-subst-bars", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `$h =~ s|.*|NEW|se;`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-tr", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `$h =~ tr{x}{y};`, `rmtree($h)`, `print "$h\n"`, "/tmp/y"},
	{"pl-ref", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `my $r = \$h; $$r = NEW;`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-glob", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `*g = \$h; $g = NEW;`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { $_[0] = NEW } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-list", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { ($_[0]) = (NEW) } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-slice", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { @_[0] = NEW } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-chop", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { chop $_[0] } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/"},
	// What shift, pop and splice take from @_ is the caller's variable
	// too, and so is each element chop(@_) and chomp(@_) change.
	{"pl-args-chop-all", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { chop(@_) } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/"},
	{"pl-args-chop-bare", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { chop @_ } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/"},
	{"pl-args-ref-list", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { my @a = \(@_); ${$a[0]} = NEW } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-ref-shift", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { my $r = \shift; $$r = NEW } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-ref-pop", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { ${\ pop} = NEW } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-for-shift", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { for (shift) { $_ = NEW } } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-args-map-splice", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { map { $_ = NEW } splice(@_, 0) } w($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-map", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `map { $_ = NEW } $h;`, `rmtree($h)`, `print "$h\n"`, "/tmp/rebound"},
	{"pl-chop", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `chop($h);`, `rmtree($h)`, `print "$h\n"`, "/tmp/"},
	{"js-vm", "node", "-e", `const fs = require("fs"); let h = "/tmp/x"; `, `require("vm").runInThisContext("h = " + JSON.stringify(NEW))`, `fs.rmSync(h, {recursive: true})`, `console.log(h)`, "/tmp/rebound"},
	{"js-vm-computed", "node", "-e", `const fs = require("fs"); let h = "/tmp/x"; `, `require("v" + "m")["runIn" + "ThisContext"]("h = " + JSON.stringify(NEW))`, `fs.rmSync(h, {recursive: true})`, `console.log(h)`, "/tmp/rebound"},
	{"php-ref", "php", "-r", `$h = "/tmp/x"; `, `$r = &$h; $r = NEW;`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	{"php-array-ref", "php", "-r", `$h = "/tmp/x"; `, `$a = [&$h]; $a[0] = NEW;`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	{"php-byref-param", "php", "-r", `$h = "/tmp/x"; `, `function w(&$s) { $s = NEW; } w($h);`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	{"php-sscanf", "php", "-r", `$h = "/tmp/x"; `, `sscanf("/tmp/rebound", "%s", $h);`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	// is_callable's third argument is the name of what it checked, any
	// string when syntax only is asked; sodium_increment and sodium_add
	// change the string's bytes (".srv/…" becomes "/srv/…").
	{"php-is-callable", "php", "-r", `$h = "/tmp/x"; `, `is_callable(NEW, true, $h);`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	{"php-is-callable-named", "php", "-r", `$h = "/tmp/x"; `, `is_callable(callable_name: $h, value: NEW, syntax_only: true);`, `unlink($h);`, `echo $h, "\n";`, "/tmp/rebound"},
	{"php-sodium-increment", "php", "-r", `$h = "/tmp/x"; `, `sodium_increment($h);`, `unlink($h);`, `echo $h, "\n";`, "0tmp/x"},
	{"php-sodium-add", "php", "-r", `$h = "/tmp/x"; `, `sodium_add($h, "\x01\0\0\0\0\0");`, `unlink($h);`, `echo $h, "\n";`, "0tmp/x"},
}

// mutateKeeps change nothing the deletion reads (a fresh array's <<,
// $stdout's, a non-destructive sub or s///r, a match, a copy's
// substitution, another variable's chomp or preg_match, a bitwise &):
// the name stays a constant and the deletion of the harmless path is
// allowed. want is what the oracle prints: the first value.
var mutateKeeps = []struct {
	name, lang, prog, pre, mut, del, show string
}{
	{"rb-fresh-array", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `out = []; out << "y"`, `FileUtils.rm_rf(h)`, `puts h`},
	{"rb-stdout", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `$stdout << ""; STDERR << ""`, `FileUtils.rm_rf(h)`, `puts h`},
	{"rb-sub", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `g = h.sub("x", "y")`, `FileUtils.rm_rf(h)`, `puts h`},
	{"rb-other-bang", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `n = "a"; n.upcase!`, `FileUtils.rm_rf(h)`, `puts h`},
	{"rb-file-block", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `File.open("/dev/null", "w") { |f| f << "hi" }`, `FileUtils.rm_rf(h)`, `puts h`},
	{"pl-match", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `print "" if $h =~ /x/;`, `rmtree($h)`, `print "$h\n"`},
	{"pl-copy-subst", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `(my $g = $h) =~ s/x/y/;`, `rmtree($h)`, `print "$h\n"`},
	{"pl-subst-r", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `my $g = $h =~ s/x/y/r;`, `rmtree($h)`, `print "$h\n"`},
	{"pl-other-chomp", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `chomp(my $l = "a\n");`, `rmtree($h)`, `print "$h\n"`},
	{"pl-sub-copy-shift", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { my $x = shift; chop $x; $x } w($h);`, `rmtree($h)`, `print "$h\n"`},
	{"pl-sub-copy-args", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { my @a = @_; chop @a } w($h);`, `rmtree($h)`, `print "$h\n"`},
	{"pl-sub-copy-list", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `sub w { my ($x) = @_; $x = "y" } w($h);`, `rmtree($h)`, `print "$h\n"`},
	{"pl-mult", "perl", "-e", `use File::Path; my $h = "/tmp/x"; `, `my $n = 2 *q{3};`, `rmtree($h)`, `print "$h\n"`},
	{"php-bitand", "php", "-r", `$h = "/tmp/x"; `, `$n = 3 & 1;`, `unlink($h);`, `echo $h, "\n";`},
	// A built-in's by-value arguments: only its by-reference ones
	// (preg_match's matches, str_replace's count) are written; sort
	// rejects a string with a TypeError.
	{"php-match-subject", "php", "-r", `$h = "/tmp/x"; `, `preg_match("/a/", $h, $m);`, `unlink($h);`, `echo $h, "\n";`},
	{"php-replace-subject", "php", "-r", `$h = "/tmp/x"; `, `str_replace("a", "b", $h, $n);`, `unlink($h);`, `echo $h, "\n";`},
	{"php-is-callable-value", "php", "-r", `$h = "/tmp/x"; `, `is_callable($h);`, `unlink($h);`, `echo $h, "\n";`},
	{"php-sort-string", "php", "-r", `$h = "/tmp/x"; `, `try { sort($h); } catch (TypeError $e) {}`, `unlink($h);`, `echo $h, "\n";`},
	{"php-other-match", "php", "-r", `$h = "/tmp/x"; `, `preg_match("/a/", "abc", $m);`, `unlink($h);`, `echo $h, "\n";`},
}

// TestConstMutation: a name bound to a harmless path and then changed in
// place was read as its first value, so deleting it passed (allow) while
// the program deleted what the change made of it (~/.ssh); such a name
// is no constant now, and the deletion asks. A change of something else
// keeps the name a constant (allow).
func TestConstMutation(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n"})
	for _, tc := range mutateCases {
		mut := strings.ReplaceAll(tc.mut, "NEW", rebindValue(tc.lang))
		if tc.lang == "perl" {
			mut = strings.ReplaceAll(tc.mut, "NEW", `$ENV{HOME} . "/.ssh"`)
		}
		code := tc.pre + mut + "; " + tc.del
		cmd := tc.lang + " " + tc.prog + " " + shellQuote(code)
		if got := Check(cfg, cmd).Decision.String(); got == "allow" {
			t.Errorf("%s: %s: allow, want ask or deny", tc.name, cmd)
		}
	}
	for _, tc := range mutateKeeps {
		code := tc.pre + tc.mut + "; " + tc.del
		cmd := tc.lang + " " + tc.prog + " " + shellQuote(code)
		if got := Check(cfg, cmd).Decision.String(); got != "allow" {
			t.Errorf("%s: %s: %s, want allow", tc.name, cmd, got)
		}
	}
}

// TestConstMutationOracle runs each change in the real interpreter
// (where installed) with a harmless value: the attack rows do change
// the name's value, the look-alikes do not.
func TestConstMutationOracle(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, lang, prog, code string) string {
		bin, err := exec.LookPath(lang)
		if err != nil {
			t.Skip("no " + lang)
		}
		out, err := exec.Command(bin, prog, code).Output()
		if err != nil {
			t.Fatalf("%s %s %q: %v\n%s", lang, prog, code, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	for _, tc := range mutateCases {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.pre + strings.ReplaceAll(tc.mut, "NEW", `"/tmp/rebound"`) + "; " + tc.show
			if got := run(t, tc.lang, tc.prog, code); got != tc.want {
				t.Errorf("%q printed %q, want %q", code, got, tc.want)
			}
		})
	}
	for _, tc := range mutateKeeps {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.pre + tc.mut + "; " + tc.show
			if got := run(t, tc.lang, tc.prog, code); got != "/tmp/x" {
				t.Errorf("%q printed %q, want /tmp/x", code, got)
			}
		})
	}
}
