package guards

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// TestUnlistedAgreesWithLstat: a name that a directory's listing says is
// absent cannot be looked up (lstat fails), and a name that exists is
// never called absent: files, directories, links, a dangling link, names
// that differ only in case or by a trailing space, a name in another
// script, and names asked before and after the directory is read.
func TestUnlistedAgreesWithLstat(t *testing.T) {
	dir := t.TempDir()
	present := []string{".ssh", "Notes.txt", "a b", "ünï", "sub", "link", "dangling", ".zshrc "}
	for _, n := range present {
		p := filepath.Join(dir, n)
		var err error
		switch n {
		case "sub", ".ssh":
			err = os.Mkdir(p, 0o755)
		case "link":
			err = os.Symlink("sub", p)
		case "dangling":
			err = os.Symlink("nowhere", p)
		default:
			err = os.WriteFile(p, nil, 0o600)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	asked := []string{".SSH", ".Ssh", "notes.txt", "NOTES.TXT", "a  b", "uni", ".zshrc", ".pgpass", ".aws", ".config", "nowhere"}
	asked = append(asked, present...)
	// Twice over: the first listAfter names are looked up one by one,
	// the others answered from the listing.
	absent := 0
	for range 2 {
		for _, n := range asked {
			p := filepath.Join(dir, n)
			_, exists := isSymlink(p)
			if unlisted(p) {
				absent++
				if exists {
					t.Errorf("%q: called absent, but lstat finds it", n)
				}
			} else if !exists && slices.Contains(present, n) {
				t.Errorf("%q: lstat does not find a name that was created", n)
			}
		}
	}
	if _, ok := exactNames(dir, listMax); !ok {
		t.Skipf("%s is not on a file system known to compare names exactly: nothing answered from its listing", dir)
	}
	if absent == 0 {
		t.Errorf("no name answered from the listing: the comparison proved nothing")
	}
}

// TestExactNames: the names are os.ReadDir's, sorted; a directory with
// more than max entries, a file and an absent path are not used.
func TestExactNames(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	names, ok := exactNames(dir, 40)
	if !ok {
		t.Skipf("%s is not on a file system known to compare names exactly", dir)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range ents {
		want = append(want, e.Name())
	}
	if !slices.Equal(names, want) {
		t.Errorf("exactNames = %q, want %q", names, want)
	}
	if _, ok := exactNames(dir, 39); ok {
		t.Errorf("a directory of 40 entries was used with a bound of 39")
	}
	if _, ok := exactNames(filepath.Join(dir, "f1"), 40); ok {
		t.Errorf("a file was used as a directory")
	}
	if _, ok := exactNames(filepath.Join(dir, "absent"), 40); ok {
		t.Errorf("an absent directory was used")
	}
	if names, ok := exactNames(t.TempDir(), 40); !ok || len(names) != 0 {
		t.Errorf("an empty directory: %q, %v", names, ok)
	}
}

// TestListingHeldBound: once the names kept reach listHeld, a further
// directory is not read and its absent names are looked up one by one.
func TestListingHeldBound(t *testing.T) {
	dir := t.TempDir()
	for i := range 10 {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := exactNames(dir, listMax); !ok {
		t.Skipf("%s is not on a file system known to compare names exactly", dir)
	}
	ask := func() (absent int) {
		for i := range listAfter + 4 {
			if unlisted(filepath.Join(dir, "g"+strconv.Itoa(i))) {
				absent++
			}
		}
		return absent
	}
	listings.Lock()
	old := listHeld
	listHeld = listings.held + 5 // room for 5 names, not 10
	listings.Unlock()
	got := ask()
	listings.Lock()
	listHeld = old
	listings.Unlock()
	if got != 0 {
		t.Errorf("%d names answered from a directory of 10 entries with room for 5", got)
	}
	other := t.TempDir()
	dir = other
	if got := ask(); got == 0 {
		t.Errorf("with room again, no name was answered from the listing")
	}
}
