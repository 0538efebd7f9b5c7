// Command benchfloor is the floor corral's hook latency is measured
// against: a Go hook that only decodes the JSON on stdin and allows. It is
// used by scripts/bench-hook.sh and is not part of corral.
//
// Run as "benchfloor time RUNS CORRAL FLOOR INPUT...", it is also the
// timer: for each input it starts CORRAL hook and FLOOR hook alternately,
// RUNS times each, with the input file as stdin, and times each process
// from its start to its exit with the monotonic clock (no other process
// is started in the timed loop). It prints the median and p90 of each and
// the ratio of the medians.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"time"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "time" {
		os.Exit(timeHooks(os.Args[2:]))
	}
	var in map[string]any
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		os.Exit(0)
	}
	fmt.Println(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`)
}

// runOnce starts bin hook with input as stdin and returns its wall time.
func runOnce(bin, input string) (time.Duration, error) {
	f, err := os.Open(input)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	cmd := exec.Command(bin, "hook")
	cmd.Stdin = f
	start := time.Now()
	err = cmd.Run()
	return time.Since(start), err
}

func timeHooks(args []string) int {
	if len(args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: benchfloor time RUNS CORRAL FLOOR INPUT...")
		return 2
	}
	runs, err := strconv.Atoi(args[0])
	if err != nil || runs < 1 {
		fmt.Fprintln(os.Stderr, "benchfloor: RUNS must be a positive number")
		return 2
	}
	corral, floor := args[1], args[2]
	fmt.Printf("%-6s %11s %11s %11s %11s %7s\n", "input", "corral-med", "corral-p90", "floor-med", "floor-p90", "ratio")
	for _, input := range args[3:] {
		var c, f []time.Duration
		for i := 0; i < runs+10; i++ {
			dc, err := runOnce(corral, input)
			if err != nil {
				fmt.Fprintf(os.Stderr, "benchfloor: %s: %v\n", corral, err)
				return 1
			}
			df, err := runOnce(floor, input)
			if err != nil {
				fmt.Fprintf(os.Stderr, "benchfloor: %s: %v\n", floor, err)
				return 1
			}
			if i >= 10 { // the first ten warm the caches
				c, f = append(c, dc), append(f, df)
			}
		}
		cm, cp := quantiles(c)
		fm, fp := quantiles(f)
		name := filepath.Base(input)
		name = name[:len(name)-len(filepath.Ext(name))]
		fmt.Printf("%-6s %9.2fms %9.2fms %9.2fms %9.2fms %6.2fx\n", name, ms(cm), ms(cp), ms(fm), ms(fp), float64(cm)/float64(fm))
	}
	return 0
}

// quantiles returns the median and the 90th percentile of d.
func quantiles(d []time.Duration) (med, p90 time.Duration) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[(len(d)-1)/2], d[(len(d)*9+9)/10-1]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
