package lang

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestPHPByRefBuiltinsOracle asks the installed php, by reflection, for
// every internal function with a parameter passed by reference that
// takes a string (untyped, mixed or a type naming string): each must be
// in phpArgWriters with that parameter at or after its position, since
// a string variable passed there can get a new value. Parameters typed
// array only (sort, array_push, end) reject a string and are not
// listed; array_multisort's rest rejects a string too (neither an array
// nor a flag), and extract's array is no string.
func TestPHPByRefBuiltinsOracle(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php not installed")
	}
	const code = `foreach (get_defined_functions()["internal"] as $f) {
	foreach ((new ReflectionFunction($f))->getParameters() as $p) {
		if (!$p->isPassedByReference()) continue;
		$t = $p->getType();
		echo $f, " ", $p->getPosition(), " ", $t === null ? "-" : strval($t), "\n";
	}
}`
	// With php.ini, which loads the extensions (sockets, sodium).
	out, err := exec.Command(bin, "-r", code).Output()
	if err != nil {
		t.Fatalf("php: %v", err)
	}
	exempt := map[string]bool{"array_multisort": true, "extract": true}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		name, typ := f[0], f[2]
		pos, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		takesString := typ == "-" || typ == "mixed" || strings.Contains(typ, "string")
		if !takesString || exempt[name] {
			continue
		}
		n++
		first, ok := phpArgWriters.Get()[name]
		if !ok {
			t.Errorf("%s takes parameter %d (%s) by reference: not in phpArgWriters", name, pos, typ)
		} else if first > pos {
			t.Errorf("%s takes parameter %d (%s) by reference: phpArgWriters starts at %d", name, pos, typ, first)
		}
	}
	if n == 0 {
		t.Fatalf("php listed no function with a parameter by reference:\n%s", out)
	}
}
