package lazy

import "testing"

var calls int

var counted = Value[[]string]{New: func() []string { calls++; return []string{"a", "b"} }}

var digits = Regexp{Expr: `^[0-9]+$`}

func TestValueBuildsOnce(t *testing.T) {
	if calls != 0 {
		t.Fatalf("built before first use: %d calls", calls)
	}
	for range 3 {
		if got := counted.Get(); len(got) != 2 || got[0] != "a" {
			t.Fatalf("Get() = %q", got)
		}
	}
	if calls != 1 {
		t.Fatalf("New ran %d times, want 1", calls)
	}
}

func TestRegexp(t *testing.T) {
	if digits.re != nil {
		t.Fatal("compiled before first use")
	}
	if !digits.Get().MatchString("123") || digits.Get().MatchString("12a") {
		t.Fatal("wrong match")
	}
	if digits.Get() != digits.Get() {
		t.Fatal("compiled twice")
	}
}

func TestRegexpInvalidPanics(t *testing.T) {
	bad := &Regexp{Expr: `(`}
	defer func() {
		if recover() == nil {
			t.Fatal("an invalid expression did not panic")
		}
	}()
	bad.Get()
}

// TestGetDoesNotAllocate: after the first call, Get is a load, so that
// tables read on every call of a hot loop cost nothing more than a map.
func TestGetDoesNotAllocate(t *testing.T) {
	counted.Get()
	digits.Get()
	if n := testing.AllocsPerRun(100, func() { _ = counted.Get(); _ = digits.Get() }); n != 0 {
		t.Fatalf("Get allocates %v times per call", n)
	}
}

// TestSetAnswersAsAMap: a Set answers as a map of its list does, both
// while it reads the list and after it has built the map.
func TestSetAnswersAsAMap(t *testing.T) {
	s := Set{List: []string{"cat", "ls", "[", "", "git"}}
	want := map[string]bool{"cat": true, "ls": true, "[": true, "": true, "git": true}
	asks := []string{"cat", "ls", "[", "", "git", "rm", "LS", "ca", "cats", "[["}
	for i := range 3 * setScans {
		name := asks[i%len(asks)]
		if got := s.Has(name); got != want[name] {
			t.Fatalf("question %d: Has(%q) = %v, want %v", i, name, got, want[name])
		}
	}
	if s.m == nil {
		t.Errorf("no map built after %d questions", 3*setScans)
	}
}
