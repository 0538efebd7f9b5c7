// Command corral makes an AI coding agent's shell commands and file writes
// safe: run as a PreToolUse hook it rewrites acquisitions into the sandbox,
// asks about or denies dangerous commands, and guards file writes. The
// commands themselves live in package app, so that tests and fuzz targets
// run them in-process.
package main

import (
	"os"
	"runtime/debug"
	"strings"

	"github.com/corral-dev/corral/cmd/corral/app"
)

// hookMemoryLimit is the soft memory limit of a hook process (see
// runtime/debug.SetMemoryLimit): near it the garbage collector runs more
// often instead of letting the heap double, so that the largest command
// the limits of package syntax let through (a megabyte, 50,000 words)
// stays under 64 MiB of resident memory (issue 12). It is soft: a process
// that needs more gets it, slower. GOMEMLIMIT, when set, wins.
const hookMemoryLimit = 40 << 20

func main() {
	if subcommand(os.Args) == "hook" {
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(hookMemoryLimit)
		}
		growStack()
	}
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// subcommand returns the first word of args after the program name that
// is not a global flag (--color takes a value), or "".
func subcommand(args []string) string {
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--color":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// growStack grows the main goroutine's stack, once, to what a hook call
// uses at its deepest (parsing and walking a command reach 16-32 kB). A
// goroutine starts with 2 kB and doubles its stack when it runs out,
// copying it and adjusting every frame through the binary's function
// tables; done here, where the stack is a few frames deep, that is one
// small copy instead of two copies of a deep stack in the middle of the
// call, which a short-lived process pays in first touches of those
// tables. Measured with scripts/bench-hook.sh (minor page faults, median
// of 40 interleaved runs): a git clone 455 -> 444, a Write 396 -> 375.
//
//go:noinline
func growStack() {
	var frame [29 << 10]byte
	keep(frame[:])
}

// keep uses b so that the compiler keeps growStack's frame.
//
//go:noinline
func keep(b []byte) {}
