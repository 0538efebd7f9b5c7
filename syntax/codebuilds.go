package syntax

import (
	"path/filepath"

	"github.com/corral-dev/corral/internal/lazy"
)

// Build tools whose build description is a program: zig build compiles
// and runs build.zig (found from the working directory upwards, or
// --build-file FILE), swift build, run, test and package compile and run
// Package.swift (--package-path DIR, else found upwards) and the
// package's plugins. That code can do anything and corral has no
// reader for it, so when the file is there (on disk or written by the
// command) the call asks; without one the tool only fails.

// zigBuildSpec is zig build's options that take a value (zig build -h).
var zigBuildSpec = OptSpec{
	LongVal: []string{"build-file", "prefix", "prefix-lib-dir", "prefix-exe-dir", "prefix-include-dir", "cache-dir",
		"global-cache-dir", "zig-lib-dir", "build-runner", "sysroot", "search-prefix", "libc", "color", "summary", "release",
		"maxrss", "debug-log", "seed", "fuzz", "test-timeout", "webui", "prominent-compile-errors"},
	ShortVal: "pj"}

// swiftVerbs are swift's commands that load Package.swift.
var swiftVerbs = lazy.Set{List: []string{"build", "run", "test", "package"}}

// swiftBuildSpec is SwiftPM's options that take a value (swift build
// --help).
var swiftBuildSpec = OptSpec{LongEq: true, ShortVal: "cj",
	LongVal: []string{"package-path", "cache-path", "config-path", "security-path", "scratch-path", "build-path",
		"configuration", "swift-sdks-path", "toolchain", "triple", "sdk", "swift-sdk", "jobs", "product", "target",
		"Xcc", "Xswiftc", "Xlinker", "Xcxx", "Xxcbuild", "Xbuild-tools-swiftc", "Xmanifest", "arch", "build-system",
		"default-registry-url", "pkg-config-path", "experimental-destination-selector", "filter", "skip", "num-workers"}}

// codeBuild models zig build and swift build/run/test/package; it
// reports whether call was one.
func (w *walker) codeBuild(c scope, call *Call) bool {
	if len(call.Args) == 0 || !call.Args[0].Static {
		return false
	}
	var spec OptSpec
	var file, dirOpt, fileOpt string
	switch {
	case call.Name == "zig" && call.Args[0].Value == "build":
		spec, file, fileOpt = zigBuildSpec, "build.zig", "build-file"
	case call.Name == "swift" && swiftVerbs.Has(call.Args[0].Value):
		spec, file, dirOpt = swiftBuildSpec, "Package.swift", "package-path"
	default:
		return false
	}
	opts, _ := ScanOptions(call.Args[1:], spec)
	dir := call.Dir
	given := ""
	for _, o := range opts {
		switch o.Name {
		case "h", "help", "version":
			if call.Name == "swift" {
				return true // SwiftPM prints without loading the package
			}
		case dirOpt, fileOpt:
			if !o.HasVal || !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: call.Name + " " + call.Args[0].Value + " runs the code of " + file + " in a place only known at run time"})
				return true
			}
			if o.Name == dirOpt {
				dir = call.Dir.Join(o.Val.Value)
			} else {
				given = o.Val.Value
			}
		}
	}
	path, found := "", false
	if given != "" {
		d := dir.Join(given)
		path, found = d.Path, d.Known && w.exists(d.Path)
	} else if dir.Known {
		for p, k := dir.Path, 0; k < 64; k++ {
			if q := (Dir{Path: p, Known: true}).Join(file); w.exists(q.Path) {
				path, found = q.Path, true
				break
			}
			if p == "/" {
				break
			}
			p = filepath.Dir(p)
		}
	}
	if !found {
		return true
	}
	what := call.Name + " " + call.Args[0].Value + " compiles and runs " + w.projectRel(path) +
		", code corral does not read"
	if call.Name == "swift" {
		what += " (and the package's plugins)"
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: w.projectRel(path), What: what})
	return true
}
