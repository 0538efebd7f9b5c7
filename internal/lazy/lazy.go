// Package lazy holds package-level values that are built on first use.
//
// A hook process is short: everything built at package initialisation is
// paid by every call, whether the command needs it or not. sync.OnceValue
// defers the building but itself allocates its closure and state at
// initialisation (two objects per table, in every package that declares
// one). A Value or a Regexp declared as a composite literal,
//
//	var table = lazy.Value[map[string]bool]{New: func() map[string]bool { … }}
//	var pattern = lazy.Regexp{Expr: `^x+$`}
//
// is static data: the compiler lays it out in the binary and nothing runs
// at start-up.
package lazy

import (
	"regexp"
	"slices"
	"sync"
	"sync/atomic"
)

// Value is a value built by New the first time Get is called. It must not
// be copied after first use.
type Value[T any] struct {
	New  func() T
	once sync.Once
	v    T
}

// Get returns the value, building it on the first call. It is safe for
// concurrent use.
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.New() })
	return l.v
}

// Regexp is a regular expression compiled the first time Get is called.
// It must not be copied after first use.
type Regexp struct {
	Expr string
	once sync.Once
	re   *regexp.Regexp
}

// Get returns the compiled expression; an invalid Expr panics, as
// regexp.MustCompile does.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.Expr) })
	return r.re
}

// Set is a set of strings given as a list. Declared as a composite
// literal,
//
//	var names = lazy.Set{List: []string{"cat", "ls", …}}
//
// it is static data. Has reads the list itself for the first setScans
// questions of a process (a hook call asks a few, and building a map of a
// few hundred names cost more than the scans), and a map built from the
// list after that (a command of thousands of calls). It must not be
// copied after first use.
type Set struct {
	List  []string
	asked atomic.Int32
	once  sync.Once
	m     map[string]bool
}

// setScans is how many questions a Set answers by reading its list.
const setScans = 64

// Has reports whether name is in the set. It is safe for concurrent use.
func (s *Set) Has(name string) bool {
	if s.asked.Load() < setScans {
		s.asked.Add(1)
		return slices.Contains(s.List, name)
	}
	s.once.Do(func() {
		m := make(map[string]bool, len(s.List))
		for _, n := range s.List {
			m[n] = true
		}
		s.m = m
	})
	return s.m[name]
}
