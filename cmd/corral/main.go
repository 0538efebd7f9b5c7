// Command corral makes an AI coding agent's shell commands and file writes
// safe: run as a PreToolUse hook it rewrites acquisitions into the sandbox,
// asks about or denies dangerous commands, and guards file writes. The
// commands themselves live in package app, so that tests and fuzz targets
// run them in-process.
package main

import (
	"os"

	"github.com/corral-dev/corral/cmd/corral/app"
)

func main() {
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}
