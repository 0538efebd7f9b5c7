package rewrite

import (
	"path"
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// Diagnostic output files (red team 15 OW1): runtimes and profilers that
// write a log, a profile or a report to a file an option names, with text
// the command can shape (node's warnings carry the program's message).
// Each is read from the program's own documentation: node 20's --help,
// perf's manual pages (perf record, stat, trace, mem, lock, sched, kmem,
// c2c, kvm: -o/--output), the HotSpot JVM's -Xlog, -Xloggc and -XX file
// options.

// nodeDiagSpec are node's options before the script: the ones that take
// a value, so that the script and its words are not read as node's.
var nodeDiagSpec = lazy.Value[optSpec]{New: func() optSpec {
	return optSpec{shortVal: "eprC", longEq: true, stop: true,
		longVal: longOpts("eval", "print", "require", "import", "loader", "experimental-loader", "input-type", "title",
			"conditions", "env-file", "redirect-warnings", "cpu-prof-dir", "cpu-prof-name", "heap-prof-dir", "heap-prof-name",
			"diagnostic-dir", "report-directory", "report-dir", "report-filename", "logfile", "trace-event-file-pattern",
			"trace-event-categories", "openssl-config", "icu-data-dir", "inspect-port", "max-http-header-size", "stack-trace-limit",
			"unhandled-rejections", "disable-warning", "watch-path", "test-reporter", "test-reporter-destination")}
}}

// diagnosticOutputs returns the files call c's runtime or profiler
// writes its diagnostics to (node, perf, java).
func diagnosticOutputs(c *syntax.Call) []target {
	if syntax.NodeRuntime(path.Base(c.Name)) {
		return nodeDiagOutputs(c)
	}
	switch path.Base(c.Name) {
	case "perf":
		return perfOutputs(c.Args)
	case "java":
		return javaLogOutputs(c)
	}
	// perf record CMD runs CMD: the model takes perf for a wrapper.
	pre := c.PreWords()
	for i, a := range pre {
		if a.Static && path.Base(a.Value) == "perf" {
			return perfOutputs(pre[i+1:])
		}
	}
	return nil
}

// nodeDiagOutputs: --redirect-warnings=FILE (appended), a profile written
// as NAME in DIR (--cpu-prof-*, --heap-prof-*, DIR the working directory
// or --diagnostic-dir when not given, a name of node's making when NAME is
// not), a report (--report-directory/--report-dir, --report-filename),
// V8's --logfile, the trace events' file pattern and the test reporter's
// destination.
func nodeDiagOutputs(c *syntax.Call) []target {
	opts, _ := scan(c.Args, nodeDiagSpec.Get())
	var out []target
	last := func(names ...string) (syntax.Arg, bool) {
		fs := find(opts, names...)
		if len(fs) == 0 {
			return syntax.Arg{}, false
		}
		return fs[len(fs)-1].val, true
	}
	file := func(names ...string) {
		for _, o := range find(opts, names...) {
			if v := o.val; !v.Static || v.Value != "" && v.Value != "-" && v.Value != "stdout" && v.Value != "stderr" {
				out = append(out, target{arg: v, action: guards.Write})
			}
		}
	}
	file("redirect-warnings", "logfile", "trace-event-file-pattern", "test-reporter-destination")
	diagDir, hasDiag := last("diagnostic-dir")
	for _, pair := range [][2]string{{"cpu-prof-dir", "cpu-prof-name"}, {"heap-prof-dir", "heap-prof-name"},
		{"report-directory", "report-filename"}, {"report-dir", "report-filename"}} {
		dir, hasDir := last(pair[0])
		if !hasDir && hasDiag {
			dir, hasDir = diagDir, true
		}
		name, hasName := last(pair[1])
		switch {
		case hasName && hasDir:
			out = append(out, target{arg: joinArgs(dir, name), action: guards.Write})
		case hasName:
			out = append(out, target{arg: name, action: guards.Write})
		case hasDir && len(find(opts, pair[0])) > 0:
			// A file of node's naming (CPU.date.pid.cpuprofile) in DIR.
			out = append(out, target{arg: joinArgs(dir, syntax.Arg{Value: "node-profile", Static: true}), action: guards.Write})
		}
	}
	return out
}

// joinArgs is dir/name as one word (known when both are).
func joinArgs(dir, name syntax.Arg) syntax.Arg {
	a := syntax.Arg{Value: strings.TrimSuffix(dir.Value, "/") + "/" + name.Value, Raw: dir.Raw + "/" + name.Raw,
		Static: dir.Static && name.Static, Start: dir.Start, End: name.End}
	if name.Static && path.IsAbs(name.Value) {
		a.Value, a.Static = name.Value, true
	}
	return a
}

// perfOutputs: perf's subcommands that record write -o/--output FILE
// (perf.data when not given, in the working directory: no target);
// options end at the command perf runs.
func perfOutputs(args []syntax.Arg) []target {
	if len(args) == 0 || !args[0].Static {
		return nil
	}
	switch args[0].Value {
	case "record", "stat", "trace", "mem", "lock", "sched", "kmem", "c2c", "kvm", "kwork", "inject", "script", "diff", "annotate", "report", "data", "timechart":
	default:
		return nil
	}
	spec := optSpec{shortVal: "oeFcpCtuGmrDaIjkLw", longEq: true, stop: true,
		longVal: longOpts("output", "event", "freq", "count", "pid", "cpu", "tid", "uid", "cgroup", "mmap-pages", "call-graph", "input")}
	opts, _ := scan(args[1:], spec)
	var out []target
	for _, o := range find(opts, "o", "output") {
		if v := o.val; !v.Static || v.Value != "" && v.Value != "-" {
			out = append(out, target{arg: v, action: guards.Write})
		}
	}
	return out
}

// javaLogOutputs: the HotSpot JVM's log and dump files: -Xlog:WHAT:OUTPUT
// (OUTPUT is stdout, stderr, or a file, with or without "file="),
// -Xloggc:FILE, -XX:ErrorFile=, -XX:HeapDumpPath=, -XX:LogFile=,
// -XX:StartFlightRecording=…filename=FILE. Options end at the class or
// -jar's archive.
func javaLogOutputs(c *syntax.Call) []target {
	var out []target
	add := func(a syntax.Arg, v string) {
		if v == "" || v == "stdout" || v == "stderr" {
			return
		}
		a.Value = v
		out = append(out, target{arg: a, action: guards.Write})
	}
	skip := false
	for _, a := range c.Args {
		v := a.Value
		if skip {
			skip = false // the class path after -cp
			continue
		}
		if !strings.HasPrefix(v, "-") || v == "-jar" || v == "-m" || v == "--module" {
			break // the class, the archive, the module: its own words follow
		}
		if v == "-cp" || v == "-classpath" || v == "--class-path" || v == "-p" || v == "--module-path" {
			skip = true
			continue
		}
		switch {
		case strings.HasPrefix(v, "-Xlog:"):
			// -Xlog:what:output:decorators:options; the what part may hold
			// "=" (all=info) and "," (gc,safepoint).
			parts := strings.SplitN(strings.TrimPrefix(v, "-Xlog:"), ":", 3)
			if len(parts) >= 2 {
				add(a, strings.TrimPrefix(parts[1], "file="))
			}
		case strings.HasPrefix(v, "-Xloggc:"):
			add(a, strings.TrimPrefix(v, "-Xloggc:"))
		case strings.HasPrefix(v, "-XX:ErrorFile="), strings.HasPrefix(v, "-XX:HeapDumpPath="), strings.HasPrefix(v, "-XX:LogFile="):
			_, f, _ := strings.Cut(v, "=")
			add(a, f)
		case strings.HasPrefix(v, "-XX:StartFlightRecording"):
			for _, kv := range strings.Split(strings.TrimLeft(strings.TrimPrefix(v, "-XX:StartFlightRecording"), ":="), ",") {
				if f, ok := strings.CutPrefix(kv, "filename="); ok {
					add(a, f)
				}
			}
		}
	}
	return out
}
