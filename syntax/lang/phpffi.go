package lang

import (
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// PHP's FFI extension (enabled for the command line by default:
// ffi.enable=preload) calls C functions by name (red team 19 LP1):
//   - FFI::cdef(CODE, LIB) declares the functions CODE names and binds
//     them to LIB, dlopen'd (its constructors run), or to the program's
//     own symbols (libc's) without LIB; FFI::load(HEADER) reads a header
//     whose FFI_LIB names the library; FFI::scope(NAME) takes the
//     declarations ffi.preload loaded;
//   - $ffi->NAME(…) calls the C function NAME (the symbol itself: PHP 8.2
//     refuses an __asm__ label), also on the value of FFI::cdef(…)
//     directly, by a name only known at run time ($ffi->$n(…)) and as a
//     callable ([$ffi, "unlink"]).
//
// The calls of libc's functions that run a shell or a program, delete or
// open a file for writing (pyCFuncs: system, popen, exec*, unlink, fopen,
// rename, …) are judged as Python's ctypes calls are (cCall): system's
// literal text is a command line, unlink's literal path a deletion. A
// library given by path is an Include of it (NativeLib, as LD_PRELOAD's),
// as is FFI::load's header, which picks the library; either only known
// at run time asks. When CODE declares such a function but no call of
// it by its name is in sight, or the object's functions are called by a
// name only known at run time or as a callable, it asks; so does any of
// those when what is declared is not known (CODE at run time, FFI::load,
// FFI::scope). Declarations of other functions, FFI::new, FFI::string
// and FFI::class pass.

// phpFFICtors are the FFI constructors, by their lower-case names.
var phpFFICtors = lazy.Set{List: []string{"ffi.cdef", "ffi.load", "ffi.scope"}}

// phpFFI returns the effects of the FFI use in p.
func phpFFI(p *parser) []Effect {
	var out []Effect
	ctors := p.findCalls(false, func(n string) bool { return phpFFICtors.Has(strings.ToLower(strings.TrimPrefix(n, "\\"))) })
	if len(ctors) == 0 {
		return nil
	}
	declared := map[string]bool{}
	open := false // what is declared is not known
	for _, c := range ctors {
		kind := strings.ToLower(lastSegment(c.name))
		first, second := argAt(positional(c.args), 0), argAt(positional(c.args), 1)
		lib := func(a *arg, what string) {
			switch {
			case a == nil || !a.lit && (a.text == "null" || a.text == "NULL" || a.text == ""):
			case !a.lit:
				out = append(out, Effect{Kind: Hidden, Call: "FFI::" + kind, Text: a.text + " (" + what + " named at run time)", Offset: c.off})
			case strings.Contains(a.str, "/"):
				out = append(out, Effect{Kind: Include, Call: "FFI::" + kind, Path: a.str, Offset: c.off, Relative: true, Text: NativeLib})
			}
		}
		switch kind {
		case "cdef":
			lib(second, "a native library")
			switch {
			case first == nil:
			case first.lit:
				for _, n := range cDeclaredFuncs(first.str) {
					if phpFFIRisky(n) {
						declared[n] = true
					}
				}
			default:
				open = true
			}
		case "load":
			lib(first, "a C header")
			open = true
		case "scope":
			open = true
		}
	}
	if len(declared) == 0 && !open {
		return out
	}
	called := map[string]bool{}
	for _, c := range p.findCalls(false, func(n string) bool { return phpFFIRisky(lastSegment(n)) }) {
		fn := lastSegment(c.name)
		if !c.method && !strings.Contains(c.name, ".") || !declared[fn] && !open {
			continue // a PHP function of that name (unlink, system), or one not declared
		}
		if !strings.HasPrefix(c.name, "$") && !c.method {
			continue // a static call (Foo::system), not an FFI object's
		}
		called[fn] = true
		es, _ := p.cCall(c)
		for i := range es {
			es[i].Call = "FFI " + fn
		}
		out = append(out, es...)
	}
	names := make([]string, 0, len(declared))
	for n := range declared {
		if !called[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, Effect{Kind: Hidden, Call: "FFI::cdef", Text: "declares the C function " + n + ", called in a way corral does not follow"})
	}
	// $ffi->$name(…), $ffi->{"…"}(…), [$ffi, "unlink"]: a function named
	// at run time or called as a value.
	for k := 0; k+1 < len(p.toks); k++ {
		t, next := p.toks[k], p.toks[k+1]
		dynamic := isP(t, "->") && (next.kind == tIdent && strings.HasPrefix(next.text, "$") || isP(next, "{"))
		callable := (isP(t, "[") || isP(t, "(") && isI(p.tok(k-1), "array")) && next.kind == tIdent && strings.HasPrefix(next.text, "$") && isP(p.tok(k+2), ",")
		if dynamic || callable {
			out = append(out, Effect{Kind: Hidden, Call: "FFI", Text: "a C function of an FFI object called by a name only known at run time or as a value", Offset: t.off})
			break
		}
	}
	return out
}

// phpFFIRisky reports a C function whose calls through FFI are judged:
// those of libc that run a shell or a program, delete or write a file.
func phpFFIRisky(name string) bool {
	return pyCFuncs.Get()[name] && !strings.HasPrefix(name, "PyRun_")
}

// cDeclaredFuncs returns the names C declarations give functions: an
// identifier followed by "(" (int system(const char *);), the pointer's
// name of (*name)( included.
func cDeclaredFuncs(code string) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		if !isIdentStart(code[i]) || i > 0 && isIdent(code[i-1]) {
			continue
		}
		j := i
		for j < len(code) && isIdent(code[j]) {
			j++
		}
		k := j
		for k < len(code) && (code[k] == ' ' || code[k] == '\t' || code[k] == '\n' || code[k] == ')') {
			k++
		}
		if k < len(code) && code[k] == '(' {
			out = append(out, code[i:j])
		}
		i = j - 1
	}
	return out
}
