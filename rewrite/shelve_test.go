package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// shelfScript makes, with the real python3, a shelf named name whose key
// "k" holds an object that runs touch CANARY when unpickled (evil) or a
// plain list; mod is the dbm module the shelf is kept in.
func shelfScript(mod, name, canary string, evil bool) string {
	value := "[1, 2]"
	if evil {
		value = "E()"
	}
	return "import shelve, os, " + mod + "\n" +
		"class E:\n    def __reduce__(self):\n        return (os.system, (" + pyQuote("touch "+canary) + ",))\n" +
		"s = shelve.Shelf(" + mod + ".open(" + pyQuote(name) + ", 'c'))\ns['k'] = " + value + "\ns.close()\n"
}

func pyQuote(s string) string { return "'" + s + "'" }

// TestShelveLoads (red team 16 DS1): a shelf's values are pickles kept in
// a dbm database, and reading one unpickles it, so shelve.open(F)[k]
// (shelve.DbfilenameShelf, shelve.Shelf(dbm.open(F)), pickle.loads of a
// dbm value) is a pickle load of the database's files: a stored object
// that calls os.system asks, as pickle.load of the same bytes does. The
// shelves are made by the real python3 (dbm.dumb: F.dat; the Debian
// python3's dbm.ndbm: F.db), and the real python3 reading the evil shelf
// makes the canary. Look-alikes: a shelf of plain values, a new shelf,
// json.load.
func TestShelveLoads(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	home := filepath.Join(root, "home")
	for _, d := range []string{proj, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	canary := filepath.Join(root, "canary")
	mk := func(bin, mod, name string, evil bool) bool {
		cmd := exec.Command(bin, "-c", shelfScript(mod, name, canary, evil))
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+home)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("%s %s: %v %s", bin, mod, err, out)
			return false
		}
		return true
	}
	if !mk(py, "dbm.dumb", "evil", true) || !mk(py, "dbm.dumb", "plain", false) {
		t.Fatal("cannot make the shelves")
	}
	ndbm := mk("/usr/bin/python3", "dbm.ndbm", "evilnd", true)
	env := map[string]string{"HOME": home, EnvProject: proj}
	cfg, warns := NewConfig(func(k string) string { return env[k] }, proj)
	if len(warns) > 0 {
		t.Fatal(warns)
	}
	rows := []struct{ cmd, want string }{
		{`python3 -c 'import shelve; shelve.open("evil")["k"]'`, "ask"},
		{`python3 -c 'import shelve; s = shelve.open("evil"); print(s["k"])'`, "ask"},
		{`python3 -c 'import shelve; print(shelve.DbfilenameShelf("evil", "r")["k"])'`, "ask"},
		{`python3 -c 'import shelve, dbm; print(shelve.Shelf(dbm.open("evil"))["k"])'`, "ask"},
		{`python3 -c 'import dbm, pickle; pickle.loads(dbm.open("evil")["k"])'`, "ask"},
		{`python3 -c 'import dbm, pickle; d = dbm.open("evil"); pickle.loads(d["k"])'`, "ask"},
		{`python3 -c 'from shelve import open as o; o("evil")["k"]'`, "ask"},
		// Look-alikes.
		{`python3 -c 'import shelve; print(shelve.open("plain")["k"])'`, "allow"},
		{`python3 -c 'import shelve; s = shelve.open("cache"); s["k"] = 1; s.close()'`, "allow"},
		{`python3 -c 'import json; print(json.load(open("x.json")))'`, "allow"},
	}
	if ndbm {
		rows = append(rows, struct{ cmd, want string }{`python3 -c 'import shelve; shelve.open("evilnd")["k"]'`, "ask"})
	}
	checkDecisions(t, cfg, rows)

	// The oracle: the real python3 reading the evil shelf runs the
	// stored call; reading the plain one does not.
	for _, src := range []string{`import shelve; shelve.open("plain")["k"]`, `import shelve; shelve.open("evil")["k"]`} {
		cmd := exec.Command(py, "-c", src)
		cmd.Dir = proj
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		_, serr := os.Stat(canary)
		if evil := src[len(src)-12:] == `"evil")["k"]`; evil != (serr == nil) {
			t.Errorf("%s: canary made %v (%v %s)", src, serr == nil, err, out)
		}
	}
}
