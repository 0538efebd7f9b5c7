package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPHPCallbackDeletes: PHP's array_map('unlink', ARR), array_walk(ARR,
// 'unlink'), array_filter(ARR, 'unlink'), usort and uasort call the
// deleting function on each element of ARR; with ARR not a literal list
// they were asked about as a callback. They are now judged as unlink of
// ARR is, as foreach (ARR as $f) unlink($f) is: denied for the files of
// ~/.ssh. Other callbacks, and a deletion of files corral cannot place,
// keep their decisions.
func TestPHPCallbackDeletes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`php -r "foreach (glob(getenv('HOME').'/.ssh/*') as \$f) unlink(\$f);"`, "deny"}, // the decision the rows below match
		{`php -r "array_map('unlink', glob(getenv('HOME').'/.ssh/*'));"`, "deny"},
		{`php -r "array_walk(glob(getenv('HOME').'/.ssh/*'), 'unlink');"`, "deny"},
		{`php -r "array_filter(glob(getenv('HOME').'/.ssh/*'), 'unlink');"`, "deny"},
		{`php -r "\$fn = 'unlink'; array_map(\$fn, glob(getenv('HOME').'/.ssh/*'));"`, "deny"},
		{`php -r "array_map('rmdir', glob(getenv('HOME').'/.ssh'));"`, "deny"},
		// Look-alikes that keep their decision.
		{`php -r "array_map('strtoupper', glob(getenv('HOME').'/.ssh/*'));"`, "allow"},
		{`php -r "usort(\$a, 'strcmp');"`, "allow"},
		{`php -r "foreach (glob('build/*.o') as \$f) unlink(\$f);"`, "ask"}, // the decision the row below matches
		{`php -r "array_map('unlink', glob('build/*.o'));"`, "ask"},
		{`php -r "array_map('unlink', \$argv);"`, "ask"},
	})
}

// TestPHPCallbackDeletesOracle runs the real php on the denied spellings
// above with a scratch HOME, and requires each to delete ~/.ssh/id_rsa.
func TestPHPCallbackDeletesOracle(t *testing.T) {
	t.Parallel()
	php, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php not installed")
	}
	for _, code := range []string{
		`array_map('unlink', glob(getenv('HOME').'/.ssh/*'));`,
		`$g = glob(getenv('HOME').'/.ssh/*'); array_walk($g, 'unlink');`,
		`array_filter(glob(getenv('HOME').'/.ssh/*'), 'unlink');`,
		`$fn = 'unlink'; array_map($fn, glob(getenv('HOME').'/.ssh/*'));`,
	} {
		t.Run(code, func(t *testing.T) {
			home := t.TempDir()
			key := filepath.Join(home, ".ssh", "id_rsa")
			if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(key, []byte("KEY\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(php, "-r", code)
			cmd.Env = append(os.Environ(), "HOME="+home)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Skipf("php: %v %s", err, out)
			}
			if _, err := os.Stat(key); !os.IsNotExist(err) {
				t.Errorf("php -r %q left %s", code, key)
			}
		})
	}
}
