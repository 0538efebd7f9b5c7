package rewrite

import (
	"strings"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/syntax"
)

// compilerWrites lists the files that compilers, linkers and binary
// tools write: the output a compiler or linker names with -o (gcc, clang,
// tcc, ld, as, rustc, go build), the files strip, upx and patchelf change
// in place, and objcopy's output. Pointing one of them at a file the
// guards protect (the hook's own program, a file under /usr) is that
// write: go build -o "$(which corral)" replaces the guard.
func compilerWrites(c *syntax.Call) []target {
	write := func(a syntax.Arg, v string) target { return target{arg: a, value: v, action: guards.Write} }
	var out []target
	name := compilerName(c.Name)
	args := c.Args
	switch name {
	case "cc", "gcc", "g++", "c++", "clang", "clang++", "tcc", "ld", "as", "rustc", "gfortran", "zig-cc":
		// gcc(1): -o FILE or -oFILE; the other options are single-dash
		// words of their own (-static, -fno-omit-frame-pointer), never
		// clusters, and none but -o starts with "-o".
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-o" && i+1 < len(args):
				out = append(out, write(args[i+1], ""))
				i++
			case strings.HasPrefix(v, "-o") && len(v) > 2 && name != "rustc":
				out = append(out, write(args[i], v[2:]))
			case name == "rustc" && (v == "--out-dir") && i+1 < len(args):
				out = append(out, write(args[i+1], strings.TrimSuffix(args[i+1].Value, "/")+"/*"))
				i++
			}
		}
	case "go":
		if len(args) > 0 && (args[0].Value == "build" || args[0].Value == "test") {
			for i := 1; i < len(args); i++ {
				v := args[i].Value
				switch {
				case v == "-o" && i+1 < len(args):
					out = append(out, write(args[i+1], ""))
					i++
				case strings.HasPrefix(v, "-o="):
					out = append(out, write(args[i], strings.TrimPrefix(v, "-o=")))
				case v == "--":
					i = len(args)
				}
			}
		}
	case "screen":
		// screen -L -Logfile FILE writes the session's output to FILE.
		for i := 0; i+1 < len(args); i++ {
			if args[i].Value == "-Logfile" {
				out = append(out, write(args[i+1], ""))
				i++
			}
		}
	case "strip", "upx", "patchelf", "objcopy", "chrpath", "prelink":
		// strip FILE… and upx FILE… change the files in place unless -o
		// names the output; patchelf changes its operand; objcopy IN
		// [OUT] writes OUT, or IN when there is none.
		var ops []syntax.Arg
		output := false
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "-o" && i+1 < len(args) && name != "objcopy" && name != "patchelf":
				out = append(out, write(args[i+1], ""))
				output = true
				i++
			case strings.HasPrefix(v, "-o") && len(v) > 2 && name == "upx":
				out = append(out, write(args[i], v[2:]))
				output = true
			case strings.HasPrefix(v, "--output="), strings.HasPrefix(v, "--output-file="):
				out = append(out, write(args[i], v[strings.IndexByte(v, '=')+1:]))
				output = true
			case strings.HasPrefix(v, "-"):
				if name == "patchelf" && strings.HasPrefix(v, "--set-") && i+1 < len(args) {
					i++ // --set-interpreter PATH, --set-rpath PATH
				}
			default:
				ops = append(ops, args[i])
			}
		}
		switch {
		case output:
		case name == "objcopy" && len(ops) >= 2:
			out = append(out, write(ops[1], ""))
		case name == "objcopy" && len(ops) == 1:
			out = append(out, write(ops[0], ""))
		default:
			for _, a := range ops {
				out = append(out, write(a, ""))
			}
		}
	}
	return out
}

// compilerName is a compiler's name without a version or a target
// triple: gcc-12 and x86_64-linux-gnu-gcc are gcc, clang-17 is clang.
func compilerName(n string) string {
	if i := strings.LastIndexByte(n, '-'); i > 0 {
		if strings.Trim(n[i+1:], "0123456789.") == "" {
			n = n[:i]
		}
	}
	for _, c := range []string{"g++", "gcc", "clang++", "clang", "ld", "as", "strip", "objcopy"} {
		if strings.HasSuffix(n, "-"+c) {
			return c
		}
	}
	return n
}
