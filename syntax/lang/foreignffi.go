package lang

import "strings"

// Shared objects named at run time or through a foreign-function
// library's options: Python's ctypes loaders (ctypes.CDLL(p),
// cdll.LoadLibrary(p)) with a name only run time knows, and Perl's
// FFI::Platypus (FFI::Platypus->new(lib => …), $ffi->lib(…)) and
// FFI::Raw (FFI::Raw->new(LIB, …)). dlopen runs the object's
// constructors as it loads, so a run-time name asks, as nativeLoads does
// for the other languages; a literal path with a slash is an Include of
// it (NativeLib, judged as LD_PRELOAD's library is), a bare name is a
// system library the loader finds in the system's directories, and the
// library finders (ctypes.util.find_library, FFI::CheckLib's find_lib)
// name system libraries too. The program itself (None, undef) passes.

// ffiLoads returns the effects of the loads above.
func ffiLoads(p *parser) []Effect {
	switch {
	case p.l == Python && strings.Contains(p.src, "ctypes"):
		return pyRunTimeLoads(p)
	case p.l == Perl && (strings.Contains(p.src, "FFI::Platypus") || strings.Contains(p.src, "FFI::Raw")):
		return perlFFILoads(p)
	case p.l == PHP && strings.Contains(strings.ToLower(p.src), "ffi"):
		return phpFFI(p) // phpffi.go
	}
	return nil
}

// systemLibrary reports the text of an argument that is the program
// itself or a library the system's finders name.
func systemLibrary(text string) bool {
	t := strings.TrimSpace(text)
	return t == "" || t == "None" || t == "undef" || strings.Contains(t, "find_library(") || strings.Contains(t, "find_lib(") ||
		strings.Contains(t, "find_lib_or_die(") || strings.Contains(t, "find_lib_or_exit(") || strings.Contains(t, "check_lib(")
}

// pyRunTimeLoads are the ctypes loads of a library named at run time
// (a literal is read with the rest of Python's calls: python.go).
func pyRunTimeLoads(p *parser) []Effect {
	var out []Effect
	for _, c := range p.findCalls(false, func(n string) bool { return pyNativeLoaders.Get()[p.al.resolve(n)] }) {
		a := argAt(c.args, 0)
		if a == nil {
			a = keyword(c.args, "name")
		}
		if a == nil || a.lit || systemLibrary(a.text) {
			continue
		}
		out = append(out, Effect{Kind: Hidden, Call: p.al.resolve(c.name), Text: a.text + " (a native library named at run time)", Offset: c.off})
	}
	return out
}

// perlFFILoads reads the libraries given to FFI::Platypus (lib => X in
// new, the lib method) and FFI::Raw (the first argument of new).
func perlFFILoads(p *parser) []Effect {
	var out []Effect
	judge := func(call string, a, b, off int) {
		if a >= b {
			return
		}
		v := p.arg(a, b)
		switch {
		case v.isList:
			for _, s := range v.list {
				if strings.Contains(s, "/") {
					out = append(out, Effect{Kind: Include, Call: call, Path: s, Offset: off, Relative: true, Text: NativeLib})
				}
			}
		case v.lit:
			if strings.Contains(v.str, "/") {
				out = append(out, Effect{Kind: Include, Call: call, Path: v.str, Tilde: v.tilde, Offset: off, Relative: true, Text: NativeLib})
			}
		case !systemLibrary(v.text):
			out = append(out, Effect{Kind: Hidden, Call: call, Text: v.text + " (a native library named at run time)", Offset: off})
		}
	}
	// argEnd is the index of the "," or closing bracket that ends the
	// argument starting at k.
	argEnd := func(k int) int {
		for j := k; j < len(p.toks); j++ {
			t := p.toks[j]
			switch {
			case isP(t, ",") || isP(t, ")") || isP(t, "]") || isP(t, "}") || isP(t, ";"):
				return j
			case isP(t, "(") || isP(t, "[") || isP(t, "{"):
				c := p.closeOf(p.toks, j)
				if c < 0 {
					return len(p.toks)
				}
				j = c
			}
		}
		return len(p.toks)
	}
	for k := 0; k < len(p.toks); k++ {
		t := p.toks[k]
		switch {
		case (isI(t, "lib") || litStr(t) && t.text == "lib") && isP(p.tok(k+1), "=>"):
			// FFI::Platypus->new(lib => X)
			judge("FFI::Platypus lib =>", k+2, argEnd(k+2), t.off)
		case isP(t, "->") && isI(p.tok(k+1), "lib") && isP(p.tok(k+2), "("):
			// $ffi->lib(X, …)
			end := p.closeOf(p.toks, k+2)
			if end < 0 {
				continue
			}
			for _, s := range p.spans(p.toks, k+2, end) {
				judge("FFI::Platypus->lib", s[0], s[1], t.off)
			}
		case isI(t, "Raw") && isP(p.tok(k-1), "::") && isI(p.tok(k-2), "FFI") && isP(p.tok(k+1), "->") && isI(p.tok(k+2), "new") && isP(p.tok(k+3), "("):
			// FFI::Raw->new(LIB, "name", …)
			judge("FFI::Raw->new", k+4, argEnd(k+4), t.off)
		}
	}
	return out
}
