package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// libraryCalls are the effects of the library calls read across
// languages by table: file: URLs given to URL openers (fileURLReads) and
// shared objects loaded by a foreign-function interface (nativeLoads),
// archives unpacked by library code (archiveExtractions), and the
// libraries of ctypes named at run time and of Perl's FFI modules
// (ffiLoads).
func libraryCalls(p *parser) []Effect {
	return append(append(append(fileURLReads(p), nativeLoads(p)...), archiveExtractions(p)...), ffiLoads(p)...)
}

// nativeLoaders are, per language, the calls that load a shared object
// by name (dlopen: its constructors run as it loads, and its functions
// are called by name), with the index of the argument naming it, and
// the module the program must load for a bare name to be the call
// ("" when the name is enough): Perl's DynaLoader::dl_load_file, Ruby's
// Fiddle.dlopen and Fiddle::Handle.new (and the older DL's) and the FFI
// gem's ffi_lib, Node's process.dlopen(module, FILE), Deno.dlopen and
// Bun's dlopen from bun:ffi. Python's ctypes loaders are read with the
// rest of its code (pyNativeLoaders), Tcl's load by the Tcl reader.
var nativeLoaders = lazy.Value[map[Lang]map[string]nativeLoader]{New: func() map[Lang]map[string]nativeLoader {
	return map[Lang]map[string]nativeLoader{
		Perl: {"DynaLoader.dl_load_file": {}, "dl_load_file": {needs: "DynaLoader"}},
		Ruby: {"Fiddle.dlopen": {}, "Fiddle.Handle.new": {}, "DL.dlopen": {}, "DL.Handle.new": {}, "ffi_lib": {needs: "FFI::Library"}},
		JS:   {"process.dlopen": {at: 1}, "Deno.dlopen": {}, "dlopen": {needs: "bun:ffi"}},
	}
}}

// nativeLoader is one entry of nativeLoaders.
type nativeLoader struct {
	at    int
	needs string
}

// nativeLoads are the shared objects a program loads through
// nativeLoaders: a literal path with a slash is an Include of it
// (NativeLib), judged as LD_PRELOAD's library is (it asks when it is on
// disk outside the system's directories, or built in the command); a
// name without one is a library the loader finds in the system's
// directories and passes; a name only known at run time asks.
func nativeLoads(p *parser) []Effect {
	table := nativeLoaders.Get()[p.l]
	if table == nil || !strings.Contains(p.src, "dlopen") && !strings.Contains(p.src, "dl_load_file") && !strings.Contains(p.src, "Handle") &&
		!strings.Contains(p.src, "ffi_lib") {
		return nil
	}
	name := func(n string) string { return strings.ReplaceAll(n, "::", ".") }
	var out []Effect
	for _, c := range p.findCalls(p.l != JS, func(n string) bool { _, ok := table[name(n)]; return ok }) {
		full := name(c.name)
		ld := table[full]
		if ld.needs != "" && !strings.Contains(p.src, ld.needs) || c.method && p.l == JS {
			continue
		}
		a := argAt(positional(c.args), ld.at)
		switch {
		case a == nil:
			continue // Fiddle.dlopen(nil) is the program itself
		case !a.lit && (a.text == "nil" || a.text == "undef" || a.text == "null" || a.text == ""):
			continue
		case !a.lit:
			out = append(out, Effect{Kind: Hidden, Call: full, Text: a.text + " (a native library named at run time)", Offset: c.off})
		case strings.Contains(a.str, "/"):
			out = append(out, Effect{Kind: Include, Call: full, Path: a.str, Tilde: a.tilde, Offset: c.off, Relative: true, Text: NativeLib})
		}
	}
	return out
}
