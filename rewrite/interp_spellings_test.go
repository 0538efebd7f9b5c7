package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/guards"
)

// TestInterpreterOptionSpellings: the interpreters' option spellings that
// hid their code (red team 15 OV1). node's -pe alias, -p/--print with -e
// after it, its value options written with the value as the next word
// (--disable-warning X, --unhandled-rejections strict) and options the
// table does not know yet; ruby's long options with a separate value
// (--encoding E, --disable gems); php --run, the long name of -r; jshell
// --startup FILE, which runs FILE and then still reads its program. Each
// was allow; the code is now read and judged. Look-alikes: the same
// options with harmless code, or before a script file, pass.
func TestInterpreterOptionSpellings(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Paths = guards.DefaultPolicy()
	node := `'require("fs").writeFileSync(process.env.HOME+"/.bashrc","x")'`
	ruby := `'File.write(Dir.home+"/.bashrc","x")'`
	php := `'file_put_contents(getenv("HOME")."/.bashrc","x");'`
	for _, tc := range []struct {
		cmd  string
		want Decision
	}{
		{`node -pe ` + node, Deny},
		{`node -p ` + node, Deny},
		{`node -p -e ` + node, Deny},
		{`node --print -e ` + node, Deny},
		{`node --print ` + node, Deny},
		{`node --eval=` + node, Deny},
		{`node -pe 'require("fs").readFileSync(process.env.HOME+"/.ssh/id_rsa","utf8")'`, Deny},
		{`node --disable-warning x -e ` + node, Deny},
		{`node --unhandled-rejections strict -e ` + node, Deny},
		{`node --dns-result-order ipv4first -e ` + node, Deny},
		{`node --env-file-if-exists x -e ` + node, Deny},
		{`node --test-reporter spec -e ` + node, Deny},
		{`node --require ./x.js -e ` + node, Deny},
		{`node -r ./x.js -C dev -pe ` + node, Deny},
		// An option no table knows yet (a newer node's) that takes the
		// next word: the code after it is read too.
		{`node --some-future-option v -e ` + node, Deny},
		{`ruby --encoding utf-8 -e ` + ruby, Deny},
		{`ruby --external-encoding utf-8 -e ` + ruby, Deny},
		{`ruby --internal-encoding utf-8 -e ` + ruby, Deny},
		{`ruby --enable frozen-string-literal -e ` + ruby, Deny},
		{`ruby --disable gems -e ` + ruby, Deny},
		{`ruby --backtrace-limit 1 -e ` + ruby, Deny},
		{`ruby -ne ` + ruby, Deny},
		{`ruby -W0e ` + ruby, Deny},
		{`php --run ` + php, Deny},
		{`php --run=` + php, Deny},
		{`php -d x=1 --run ` + php, Deny},
		{`php -nr ` + php, Deny},
		{`jshell --startup DEFAULT <<< 'new java.io.File("/home/u/.bashrc").delete()'`, Deny},
		{`echo 'new java.io.File("/home/u/.bashrc").delete()' | jshell --startup DEFAULT -`, Deny},
		{`jshell --startup=DEFAULT - <<< 'new java.io.File("/home/u/.bashrc").delete()'`, Deny},
		{`jshell PRINTING <<< 'new java.io.File("/home/u/.bashrc").delete()'`, Deny},
		{`jshell -q x.jsh <<< 'new java.io.File("/home/u/.bashrc").delete()'`, Deny},
		{`python3 -Sc 'import os; os.remove(os.path.expanduser("~/.bashrc"))'`, Deny},
		{`python3 -X dev -W ignore -c 'import os; os.remove(os.path.expanduser("~/.bashrc"))'`, Deny},
		{`perl -lne 'unlink "$ENV{HOME}/.bashrc"' f`, Deny},
		// Look-alikes.
		{`node -pe 'process.version'`, Allow},
		{`node -p '1+1'`, Allow},
		{`node --print -e 'JSON.stringify({a: 1})'`, Allow},
		{`node --disable-warning ExperimentalWarning -e 'console.log(1)'`, Allow},
		{`node --unhandled-rejections strict server.js`, Allow},
		{`node --some-future-option v server.js`, Allow},
		{`ruby --disable gems script.rb`, Allow},
		{`ruby --encoding utf-8 -e 'puts 1'`, Allow},
		{`php --run 'echo PHP_VERSION;'`, Allow},
		{`jshell --startup DEFAULT <<< 'System.out.println(1)'`, Allow},
		{`jshell PRINTING <<< 'System.out.println(1)'`, Allow},
		{`echo "node -pe rm -rf /"`, Allow},
	} {
		if got := Check(cfg, tc.cmd).Decision; got != tc.want {
			t.Errorf("%s: %s, want %s", tc.cmd, got, tc.want)
		}
	}
}
