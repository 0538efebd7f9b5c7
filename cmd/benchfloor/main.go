// Command benchfloor is the floor corral's hook latency is measured
// against: a Go hook that only decodes the JSON on stdin and allows. It is
// used by scripts/bench-hook.sh and is not part of corral.
//
// Run as "benchfloor time RUNS CORRAL FLOOR INPUT...", it is also the
// timer: for each input it starts "CORRAL hook --agent claude" (what
// corral init registers for Claude Code) and FLOOR with the same arguments
// alternately, RUNS times each, with the input file as stdin, and times
// each process from its start to its exit with the monotonic clock (no
// other process is started in the timed loop). It prints the median and p90 of each and
// the ratio of the medians, then the median CPU time (user + system, from
// the kernel's rusage of each child, which load on the machine disturbs
// less than wall time), its ratio, and the median of minor page faults.
package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
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

// sample is what one run of a hook process cost.
type sample struct {
	wall, cpu time.Duration
	minflt    int64
}

// runOnce starts bin hook --agent claude with input as stdin and returns its wall time,
// its CPU time and its minor page faults.
func runOnce(bin, input string) (sample, error) {
	f, err := os.Open(input)
	if err != nil {
		return sample{}, err
	}
	defer f.Close()
	cmd := exec.Command(bin, "hook", "--agent", "claude")
	cmd.Stdin = f
	start := time.Now()
	err = cmd.Run()
	s := sample{wall: time.Since(start)}
	if err != nil {
		return s, err
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		s.minflt = ru.Minflt
	}
	return s, nil
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
	fmt.Printf("%-6s %11s %11s %11s %11s %7s %9s %9s %7s %7s %7s\n", "input", "corral-med", "corral-p90", "floor-med", "floor-p90", "ratio",
		"cpu-corr", "cpu-floor", "cpu-rat", "flt-cor", "flt-flo")
	for _, input := range args[3:] {
		var c, f, cc, fc []time.Duration
		var cflt, fflt []int64
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
				c, f = append(c, dc.wall), append(f, df.wall)
				cc, fc = append(cc, dc.cpu), append(fc, df.cpu)
				cflt, fflt = append(cflt, dc.minflt), append(fflt, df.minflt)
			}
		}
		cm, cp := quantiles(c)
		fm, fp := quantiles(f)
		ccm, _ := quantiles(cc)
		fcm, _ := quantiles(fc)
		cfm, _ := quantiles(cflt)
		ffm, _ := quantiles(fflt)
		name := filepath.Base(input)
		name = name[:len(name)-len(filepath.Ext(name))]
		fmt.Printf("%-6s %9.2fms %9.2fms %9.2fms %9.2fms %6.2fx %7.2fms %7.2fms %6.2fx %7d %7d\n", name, ms(cm), ms(cp), ms(fm), ms(fp), float64(cm)/float64(fm),
			ms(ccm), ms(fcm), float64(ccm)/float64(fcm), cfm, ffm)
	}
	return 0
}

// quantiles returns the median and the 90th percentile of d.
func quantiles[T cmp.Ordered](d []T) (med, p90 T) {
	slices.Sort(d)
	return d[(len(d)-1)/2], d[(len(d)*9+9)/10-1]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
