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
	_ "github.com/corral-dev/corral/cmd/corral/internal/bigstack"
	"github.com/corral-dev/corral/guards"
)

// hookMemoryLimit is the soft memory limit of a hook process (see
// runtime/debug.SetMemoryLimit): near it the garbage collector runs more
// often instead of letting the heap double, so that the largest command
// the limits of package syntax let through (a megabyte, 50,000 words)
// stays under 64 MiB of resident memory (issue 12). It is soft: a process
// that needs more gets it, slower. GOMEMLIMIT, when set, wins.
const hookMemoryLimit = 32 << 20

func main() {
	if subcommand(os.Args) == "hook" {
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(hookMemoryLimit)
		}
		// One call, then exit: absent paths are looked up once.
		guards.OneCall()
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
