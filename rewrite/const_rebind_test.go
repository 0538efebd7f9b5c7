package rewrite

import (
	"os/exec"
	"strings"
	"testing"
)

// rebindCases bind a name to a harmless path, then bind it again in a
// form the constant reader did not count (a target list or pattern, an
// annotated target, an import, a store by name), then delete what it
// holds. rebind is the second binding with NEW standing for the value;
// show prints the name in that language.
var rebindCases = []struct {
	name, lang, prog, pre, rebind, del, show string
}{
	{"py-tuple", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `h, g = NEW, 1`, `shutil.rmtree(h)`, `print(h)`},
	{"py-list", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `[h] = [NEW]`, `shutil.rmtree(h)`, `print(h)`},
	{"py-paren", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `(h) = NEW`, `shutil.rmtree(h)`, `print(h)`},
	{"py-annotated", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `h: str = NEW`, `shutil.rmtree(h)`, `print(h)`},
	{"py-globals", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `globals()["h"] = NEW`, `shutil.rmtree(h)`, `print(h)`},
	{"py-chain", "python3", "-c", `import os, shutil; h = "/tmp/x"; `, `g = h = NEW`, `shutil.rmtree(h)`, `print(h)`},
	{"js-array", "node", "-e", `const fs = require("fs"); let h = "/tmp/x"; `, `[h] = [NEW]`, `fs.rmSync(h, {recursive: true})`, `console.log(h)`},
	{"js-object", "node", "-e", `const fs = require("fs"); let h = "/tmp/x"; `, `({h} = {h: NEW})`, `fs.rmSync(h, {recursive: true})`, `console.log(h)`},
	{"js-block", "node", "-e", `const fs = require("fs"); function f() { let h = "/tmp/x"; `, `[h] = [NEW]; `, `fs.rmSync(h, {recursive: true}) }; f()`, `console.log(h) }; f()`},
	{"rb-multiple", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `h, g = NEW, 1`, `FileUtils.rm_rf(h)`, `puts h`},
	{"rb-binding", "ruby", "-e", `require "fileutils"; h = "/tmp/x"; `, `binding.local_variable_set(:h, NEW)`, `FileUtils.rm_rf(h)`, `puts h`},
	{"php-list", "php", "-r", `$h = "/tmp/x"; `, `[$h] = [NEW];`, `unlink($h);`, `echo $h, "\n";`},
	{"php-extract", "php", "-r", `$h = "/tmp/x"; `, `extract(["h" => NEW]);`, `unlink($h);`, `echo $h, "\n";`},
	{"php-globals", "php", "-r", `$h = "/tmp/x"; `, `$GLOBALS["h"] = NEW;`, `unlink($h);`, `echo $h, "\n";`},
}

// rebindValue is NEW in each language: the home directory's .ssh.
func rebindValue(lang string) string {
	switch lang {
	case "python3":
		return `os.path.expanduser("~/.ssh")`
	case "node":
		return `require("os").homedir() + "/.ssh"`
	case "ruby":
		return `Dir.home + "/.ssh"`
	}
	return `getenv("HOME") . "/.ssh"`
}

// TestConstRebinding: a name bound to a harmless path and bound again
// by a target list, a pattern, an annotation, a chained assignment or a
// store by name (globals(), extract, $GLOBALS, binding) was read as the
// first value, so deleting it passed (allow) while the program deleted
// ~/.ssh; such a name is no constant now, and the deletion of what it
// holds asks. With the second binding written plainly, the deletion is
// of ~/.ssh (deny); with none, of the harmless path (allow).
func TestConstRebinding(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n"})
	for _, tc := range rebindCases {
		rebind := strings.ReplaceAll(tc.rebind, "NEW", rebindValue(tc.lang))
		code := tc.pre + rebind + "; " + tc.del
		cmd := tc.lang + " " + tc.prog + " " + shellQuote(code)
		if got := Check(cfg, cmd).Decision.String(); got == "allow" {
			t.Errorf("%s: %s: allow, want ask or deny", tc.name, cmd)
		}
		plain := tc.lang + " " + tc.prog + " " + shellQuote(tc.pre+tc.del)
		if got := Check(cfg, plain).Decision.String(); got != "allow" {
			t.Errorf("%s: %s: %s, want allow", tc.name, plain, got)
		}
	}
}

// TestConstRebindingOracle runs each second binding in the real
// interpreter (where installed) with a harmless value and checks that it
// does bind the name: what the program then holds is the new value.
func TestConstRebindingOracle(t *testing.T) {
	t.Parallel()
	for _, tc := range rebindCases {
		t.Run(tc.name, func(t *testing.T) {
			bin, err := exec.LookPath(tc.lang)
			if err != nil {
				t.Skip("no " + tc.lang)
			}
			rebind := strings.ReplaceAll(tc.rebind, "NEW", `"/tmp/rebound"`)
			code := tc.pre + rebind + "; " + tc.show
			out, err := exec.Command(bin, tc.prog, code).CombinedOutput()
			if err != nil {
				t.Fatalf("%s %s %q: %v\n%s", tc.lang, tc.prog, code, err, out)
			}
			if got := strings.TrimSpace(string(out)); got != "/tmp/rebound" {
				t.Errorf("%q printed %q: the second binding did not bind the name", code, got)
			}
		})
	}
}
