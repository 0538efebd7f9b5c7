package lang

import "testing"

// TestShapeOf: the form of a path expression — which operation computes
// its text from literals, a head that is the home directory, a call that
// is no path builder — read from the text with its literals masked, so
// that a word inside a string is never taken for a call.
func TestShapeOf(t *testing.T) {
	for _, r := range []struct {
		text           string
		hides, compute bool
		home           bool
	}{
		{`"X/.bashrc".replace("X", h)`, true, true, false},
		{`p.replace(".txt", ".json")`, false, true, false},
		{`os.path.join(os.path.expanduser("~"), name)`, false, false, true},
		{`"".join(map(chr, [46, 98]))`, true, true, false},
		{`base64.b64decode("fi8u").decode()`, true, true, false},
		{`"~/.%s" % "bashrc"`, true, false, true},
		{`"%s/.bashrc" % os.environ["HOME"]`, false, false, true},
		{`".e{}v".format("n")`, true, false, false},
		{`"{}.log".format(name)`, false, false, false},
		{"`${os.homedir()}/.claude/${\"settings\"}.json`", true, false, true},
		{"`${dir}/out.json`", false, false, false},
		{`$ENV{HOME}."/.bashrX" =~ s/X/c/r`, true, false, true},
		{`getenv("HOME")."/".str_replace("X","c",".bashrX")`, true, true, true},
		{`sys.argv[1]`, false, false, false},
		{`$ARGV[0]`, false, false, false},
		{`process.env["OUT"] + "/x"`, false, false, false},
		{`get_path()`, false, true, false},
		{`"chr(46) decode replace"`, false, false, false},
		{`require("path").join(process.cwd(), "dist")`, false, false, false},
	} {
		s := shapeOf(r.text)
		if (s.hides != "") != r.hides || (s.computed != "") != r.compute || s.home != r.home {
			t.Errorf("%s: hides %q, computed %q, home %v; want hides %v, computed %v, home %v",
				r.text, s.hides, s.computed, s.home, r.hides, r.compute, r.home)
		}
	}
}
