package lang

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles pattern on first use instead of at start-up, where
// every hook call would pay for it whether it needs the expression or not.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}
