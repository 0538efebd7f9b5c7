package rewrite

import (
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax"
)

// fillLimit is the size past which writing a file from an endless
// source, or allocating one, asks: 10 GiB. A test image or a swap file
// (head -c 10M /dev/urandom, dd … bs=1M count=64, fallocate -l 8G) stays
// below it; filling the disk of a laptop or a CI runner does not.
const fillLimit = 10 << 30

var diskFill = Rule{
	Name:      "disk-fill",
	Decisions: []Decision{Ask},
	Doc: `Filling the disk stops the machine's services and everyone's work
on it. An endless stream written to a file asks: yes, and the readers of
/dev/zero, /dev/urandom, /dev/random and /dev/full (cat, dd without
count=, pv, base64, tr, od, xxd, gzip …, their input named or on stdin,
through any such stages of a pipeline) into a redirection, tee FILE or dd
of=FILE. So does such a stream bounded above 10 GiB (head -c 100G
/dev/zero > big, dd if=/dev/zero of=big bs=1M count=1000000; head -n of
/dev/zero, which has no newline, is endless), and fallocate -l above 10
GiB. A bounded stream below it (head -c 10M /dev/urandom > test.bin, dd
if=/dev/zero of=img bs=1M count=64), one read by a program that stops
(yes | head -n 5, yes | apt-get install x), a copy of real data, and
truncate -s (sparse, no blocks) pass; a size known only at run time
passes too.`,
	// No Commands: cat, sed, head and the rest are everyday words, and
	// as risk words they would make every pipeline through them risky.
	Call: checkDiskFill,
}

// endlessDevice reports a device that never ends when read.
func endlessDevice(c *syntax.Call, a syntax.Arg) bool {
	if !a.Static {
		return false
	}
	d := c.Dir.Join(a.Value)
	if !d.Known {
		return false
	}
	switch path.Clean(d.Path) {
	case "/dev/zero", "/dev/urandom", "/dev/random", "/dev/full":
		return true
	}
	return false
}

// output is how much a call writes to its standard output (or dd's of=):
// endless reports that it comes from an endless source, and then size is
// its bound in bytes, or -1 for none.
type output struct {
	endless bool
	size    float64
	zeros   bool // only zero bytes: no newline ends head -n
}

// streamOutput reads what call c writes, following its input back
// through the stages of its pipeline; depth bounds the walk.
func streamOutput(c *syntax.Call, depth int) output {
	if c == nil || depth > 16 {
		return output{}
	}
	// in is the call's input: its named files, or else its stdin.
	input := func(files []syntax.Arg) output {
		for _, a := range files {
			if endlessDevice(c, a) {
				return output{endless: true, size: -1, zeros: strings.HasSuffix(path.Clean(a.Value), "zero")}
			}
		}
		if len(files) > 0 {
			return output{}
		}
		in := c.Fd(0)
		if r, ok := in.File(); ok {
			if r.Op == "<" && endlessDevice(c, r.Target) {
				return output{endless: true, size: -1, zeros: strings.HasSuffix(path.Clean(r.Target.Value), "zero")}
			}
			return output{}
		}
		if in.Kind == syntax.StreamPipe && in.Pipe != nil && in.Pipe.Subst == "" && in.Stage >= 1 {
			return streamOutput(in.Pipe.Stage(in.Stage-1), depth+1)
		}
		return output{}
	}
	operands := func(spec optSpec) []syntax.Arg {
		_, ops := scan(c.Args, spec)
		var out []syntax.Arg
		for _, i := range ops {
			if c.Args[i].Value != "-" {
				out = append(out, c.Args[i])
			}
		}
		return out
	}
	switch c.Name {
	case "yes":
		return output{endless: true, size: -1}
	case "cat", "pv", "base64", "basenc", "od", "xxd", "hexdump", "gzip", "bzip2", "xz", "zstd", "fold":
		spec := fillSpecs.Get()[c.Name]
		in := input(operands(spec.spec))
		in.zeros = in.zeros && c.Name == "cat"
		if in.endless && spec.bound != "" {
			// xxd -l, od -N, hexdump -n, pv -S -s: a length stops the
			// read.
			opts, _ := scan(c.Args, spec.spec)
			if c.Name == "pv" && !has(opts, "S", "stop-at-size") {
				return in
			}
			for _, o := range find(opts, spec.bound, spec.long) {
				if n, ok := fillSize(o.val); ok {
					return output{endless: true, size: n}
				}
				return output{}
			}
		}
		return in
	case "tr", "sed", "cut", "tee":
		// They read stdin only (sed and cut: when no file is named).
		if c.Name == "sed" || c.Name == "cut" {
			if _, ops := scan(c.Args, optSpec{shortVal: "efdcb", longEq: true}); len(ops) > 1 || c.Name == "cut" && len(ops) > 0 {
				return output{}
			}
		}
		in := input(nil)
		in.zeros = in.zeros && c.Name == "tee"
		return in
	case "head":
		opts, ops := scan(c.Args, optSpec{shortVal: "cn", longVal: longOpts("bytes", "lines"), longEq: true, abbrev: true})
		var files []syntax.Arg
		for _, i := range ops {
			files = append(files, c.Args[i])
		}
		in := input(files)
		if !in.endless {
			return in
		}
		if b := find(opts, "c", "bytes"); len(b) > 0 {
			n, ok := fillSize(b[len(b)-1].val)
			if !ok || strings.HasPrefix(b[len(b)-1].val.Value, "-") {
				return output{}
			}
			return output{endless: true, size: n}
		}
		if in.zeros {
			return in // head -n of zeros: no line ever ends
		}
		return output{endless: true, size: 0}
	case "dd":
		vals := map[string]syntax.Arg{}
		for _, a := range c.Args {
			if k, v, ok := strings.Cut(a.Value, "="); ok {
				b := a
				b.Value = v
				vals[k] = b
			}
		}
		var in output
		if f, ok := vals["if"]; ok {
			in = input([]syntax.Arg{f})
		} else {
			in = input(nil)
		}
		if !in.endless {
			return output{}
		}
		count, ok := vals["count"]
		if !ok {
			return in
		}
		n, ok := fillSize(count)
		if !ok {
			return output{}
		}
		if !strings.Contains(vals["iflag"].Value, "count_bytes") {
			bs := 512.0
			for _, k := range []string{"bs", "ibs"} {
				if v, given := vals[k]; given {
					if bs, ok = fillSize(v); !ok {
						return output{}
					}
					break
				}
			}
			n *= bs
		}
		return output{endless: true, size: n}
	}
	return output{}
}

// fillSpecs are the options of the programs that copy their input out,
// and the option (letter, long name) that bounds how much they read.
var fillSpecs = lazy.Value[map[string]struct {
	spec        optSpec
	bound, long string
}]{New: func() map[string]struct {
	spec        optSpec
	bound, long string
} {
	return map[string]struct {
		spec        optSpec
		bound, long string
	}{
		"cat":     {optSpec{}, "", ""},
		"pv":      {optSpec{shortVal: "siwHNLBRdDFPx", longEq: true, longVal: longOpts("size", "interval", "width", "height", "name", "rate-limit", "buffer-size", "remote", "watchfd", "delay-start", "format", "pidfile", "error-skip-block")}, "s", "size"},
		"base64":  {optSpec{shortVal: "w", longEq: true, longVal: longOpts("wrap")}, "", ""},
		"basenc":  {optSpec{shortVal: "w", longEq: true, longVal: longOpts("wrap")}, "", ""},
		"od":      {optSpec{shortVal: "AjNSt", shortOpt: "w", longEq: true, longVal: longOpts("address-radix", "skip-bytes", "read-bytes", "strings", "format", "endian")}, "N", "read-bytes"},
		"xxd":     {optSpec{shortVal: "lscgon"}, "l", "len"},
		"hexdump": {optSpec{shortVal: "nsef", longEq: true, longVal: longOpts("length", "skip", "format", "format-file")}, "n", "length"},
		"gzip":    {optSpec{shortVal: "S", longEq: true, longVal: longOpts("suffix")}, "", ""},
		"bzip2":   {optSpec{}, "", ""},
		"xz":      {optSpec{shortVal: "FCTM", longEq: true, longVal: longOpts("format", "check", "threads", "memlimit", "suffix")}, "", ""},
		"zstd":    {optSpec{shortVal: "DoT", longEq: true, longVal: longOpts("output-dir-flat")}, "", ""},
		"fold":    {optSpec{shortVal: "w", longEq: true, longVal: longOpts("width")}, "", ""},
	}
}}

// fillSize reads a size as dd, head and fallocate write it: a number with
// an optional suffix (c, w, b; K, M, G, T, P, E in powers of 1024, with
// iB too, or of 1000 with B; dd's NxM products).
func fillSize(a syntax.Arg) (float64, bool) {
	if !a.Static {
		return 0, false
	}
	total := 1.0
	for _, part := range strings.Split(strings.TrimPrefix(a.Value, "-"), "x") {
		i := 0
		for i < len(part) && (part[i] >= '0' && part[i] <= '9' || part[i] == '.') {
			i++
		}
		n, err := strconv.ParseFloat(part[:i], 64)
		if err != nil {
			return 0, false
		}
		unit := 1.0
		switch suffix := part[i:]; suffix {
		case "", "c":
		case "w":
			unit = 2
		case "b":
			unit = 512
		default:
			k := strings.IndexByte("KMGTPEZY", strings.ToUpper(suffix[:1])[0])
			rest := suffix[1:]
			if k < 0 || suffix[0] == 'k' && rest != "B" && rest != "" {
				return 0, false
			}
			switch rest {
			case "", "iB":
				unit = math.Pow(1024, float64(k+1))
			case "B":
				unit = math.Pow(1000, float64(k+1))
			default:
				return 0, false
			}
		}
		total *= n * unit
	}
	return total, true
}

// fileSink reports whether a redirection writes a file (not /dev/null,
// a terminal or a descriptor: the disk rules judge a device; /dev/shm
// is a file in memory).
func fileSink(r syntax.Redirect) bool {
	if !r.Writes() {
		return false
	}
	return !r.Target.Static || devFile(r.Target.Value)
}

// devFile reports a path that is a file for the rule: outside /dev, or
// in /dev/shm (memory, filled as a disk is).
func devFile(p string) bool {
	p = path.Clean(p)
	return !strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/dev/shm/")
}

func tooMuch(o output) bool {
	return o.endless && (o.size < 0 || o.size > fillLimit)
}

func sizeText(o output) string {
	if o.size < 0 {
		return "with no end"
	}
	return "of " + strconv.FormatFloat(o.size/(1<<30), 'f', 0, 64) + " GiB"
}

func checkDiskFill(p *Pass, c *syntax.Call) {
	switch c.Name {
	case "yes", "cat", "pv", "base64", "basenc", "od", "xxd", "hexdump", "tr", "gzip", "bzip2", "xz", "zstd",
		"sed", "cut", "fold", "tee", "head", "dd", "fallocate":
	default:
		return
	}
	report := func(msg string) {
		p.Report(c, Finding{Rule: "disk-fill", Decision: Ask, Message: msg + ": it can fill the disk"})
	}
	if c.Name == "fallocate" {
		opts, ops := scan(c.Args, optSpec{shortVal: "ol", longVal: longOpts("offset", "length"), longEq: true, abbrev: true})
		if has(opts, "d", "dig-holes", "p", "punch-hole", "c", "collapse-range") || len(ops) == 0 {
			return
		}
		for _, o := range find(opts, "l", "length") {
			if n, ok := fillSize(o.val); ok && n > fillLimit {
				report("fallocate -l " + o.val.Value + " allocates more than 10 GiB for " + c.Args[ops[len(ops)-1]].Raw)
			}
		}
		return
	}
	out := streamOutput(c, 0)
	if !tooMuch(out) {
		return
	}
	if c.Name == "dd" {
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Value, "of="); ok {
				if !a.Static || devFile(v) {
					report("dd writes " + v + " from an endless source, " + sizeText(out))
				}
				return // of= takes the data, not stdout
			}
		}
	}
	if c.Name == "tee" {
		_, ops := scan(c.Args, optSpec{longEq: true, longVal: longOpts("output-error")})
		for _, i := range ops {
			if a := c.Args[i]; !a.Static || devFile(a.Value) {
				report("tee writes " + a.Raw + " from an endless source, " + sizeText(out))
				return
			}
		}
	}
	if r, ok := c.Stdout().File(); ok && fileSink(r) {
		report(c.Name + " writes " + r.Target.Raw + " from an endless source, " + sizeText(out))
	}
}
