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
	"sync"
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
