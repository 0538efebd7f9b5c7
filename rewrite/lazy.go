package rewrite

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles pattern on first use instead of at start-up, where
// every hook call would pay for it whether it needs the expression or not.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// Tables that only some commands need (a program's options, a rule's word
// lists) are sync.OnceValue functions in this package: a hook process
// builds the ones its command reaches, not all of them at start-up.
