// Command rss runs the command line it is given, with its own standard
// input and output, and prints the command's peak resident set size in
// KiB on standard error's last line. It exists so that the memory test
// measures the hook alone: Linux gives a process started directly by a
// large parent (a test binary built with -race) the parent's peak at
// exec, and this small program is the parent instead.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

func main() {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "rss: no rusage")
		os.Exit(3)
	}
	fmt.Fprintf(os.Stderr, "\nrss-kib %d\n", ru.Maxrss)
	if err != nil {
		os.Exit(1)
	}
}
