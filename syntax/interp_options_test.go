package syntax

import "testing"

// TestInterpreterOptionsScanned checks the interpreters' command lines as
// the one scanner reads them with each one's table (interpSpecFor, from
// python3 --help, node --help, perlrun(1), ruby(1), php(1)): the word that
// holds the program text, the script file, python -m, and the options
// that run nothing. python's -c and -m end its options (the words after
// them are the program's arguments); none of these takes an abbreviated
// long option.
func TestInterpreterOptionsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src          string
		code, file   string // the word holding the code, the script file
		module, runs bool
	}{
		{`python3 -Ic CODE`, "CODE", "", false, true},
		{`python3 -IcCODE`, "-IcCODE", "", false, true},
		{`python3 -I -c CODE`, "CODE", "", false, true},
		{`python3 -c CODE -m json.tool`, "CODE", "", false, true},
		{`python3 -W ignore -c CODE`, "CODE", "", false, true},
		{`python3 -X dev x.py`, "", "x.py", false, true},
		{`python3 --check-hash-based-pycs always x.py`, "", "x.py", false, true},
		{`python3 -u -- x.py`, "", "x.py", false, true},
		{`python3 -m json.tool -c CODE`, "", "", true, false},
		{`python3 -mjson.tool`, "", "", true, false},
		{`python3 --version x.py`, "", "", false, false},
		{`node -r dotenv/config -e CODE`, "CODE", "", false, true},
		{`node --require=dotenv/config x.js`, "", "x.js", false, true},
		{`node --eval=CODE`, "--eval=CODE", "", false, true},
		{`node --check x.js`, "", "", false, false},
		{`perl -lne CODE f`, "CODE", "", false, true},
		{`perl -Mstrict -I lib x.pl`, "", "x.pl", false, true},
		{`perl -pi.bak -e CODE f`, "CODE", "", false, true},
		{`ruby -I lib -e CODE`, "CODE", "", false, true},
		{`ruby -c x.rb`, "", "", false, false},
		{`php -d x=1 -r CODE`, "CODE", "", false, true},
		{`php -f x.php`, "", "x.php", false, true},
		{`php -l x.php`, "", "", false, false},
		{`R --args -e CODE`, "", "", false, true},
		{`Rscript -e CODE`, "CODE", "", false, true},
		{`tclsh -encoding utf-8 x.tcl`, "", "x.tcl", false, true},
		{`deno eval --ext ts CODE`, "", "", false, true},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[0]
		code, file, module, ok := InterpreterWords(c)
		var gotCode, gotFile string
		if code >= 0 {
			gotCode = c.Args[code].Value
		}
		if file >= 0 {
			gotFile = c.Args[file].Value
		}
		if gotCode != tc.code || gotFile != tc.file || module != tc.module || ok != (tc.runs || tc.module) {
			t.Errorf("%q: code %q, file %q, module %v, ok %v; want %q, %q, %v, %v", tc.src, gotCode, gotFile, module, ok, tc.code, tc.file, tc.module, tc.runs || tc.module)
		}
	}
}
