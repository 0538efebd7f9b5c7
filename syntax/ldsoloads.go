package syntax

import (
	"strings"
)

// The dynamic loader run as a program (ld.so(8): /lib64/ld-linux-x86-64.so.2
// [OPTION]… PROGRAM, and musl's ld-musl-*.so.1) loads libraries its own
// options name into the program it runs, as the variables do for a
// program started the usual way (red team 19 LP1; glibc 2.36's rtld.c):
//   - --preload LIST loads each object before the program's main, its
//     constructors run, besides LD_PRELOAD's (the last --preload counts;
//     a name without a slash is searched for in the library directories,
//     not the working directory);
//   - --audit LIST loads auditing objects first, besides LD_AUDIT's
//     (every --audit counts);
//   - --library-path PATH is LD_LIBRARY_PATH, in its place: any library
//     the program links is taken from there first.
//
// --preload's and --audit's libraries are judged as LD_PRELOAD's
// (loadedLibrary: one on disk outside the system's directories asks,
// one this command built is read as its sources, one only known at run
// time asks); --library-path becomes LD_LIBRARY_PATH in the wrappers'
// edit of the program's environment, judged where the program starts
// (libraryPathOnDisk, loader). With --verify the loader only checks the
// program and runs nothing; with --list it lists the libraries without
// running their constructors but still loads --audit's objects and runs
// theirs (TestLoaderOptionsOracle). --inhibit-cache, --inhibit-rpath,
// --argv0 and --glibc-hwcaps-* load nothing of their own.

// loaderName reports a name of the dynamic loader, whatever the
// architecture or C library: glibc's ld-linux.so.2, ld-linux-ARCH.so.N
// (ld-linux-x86-64.so.2, ld-linux-aarch64.so.1, ld-linux-riscv64-lp64d.so.1,
// ld-linux-armhf.so.3), ld64.so.N (ppc64, s390x), the versioned file
// before glibc 2.34 that those names link to (ld-2.31.so), musl's
// ld-musl-ARCH.so.1, uClibc's ld-uClibc.so.N, and ld.so itself.
func loaderName(name string) bool {
	switch {
	case name == "ld.so":
		return true
	case strings.HasPrefix(name, "ld-linux") || strings.HasPrefix(name, "ld64.so.") || strings.HasPrefix(name, "ld-musl-") ||
		strings.HasPrefix(name, "ld-uClibc"):
		return strings.Contains(name, ".so")
	case strings.HasPrefix(name, "ld-2.") && strings.HasSuffix(name, ".so"):
		return strings.Trim(name[len("ld-2."):len(name)-len(".so")], "0123456789") == ""
	}
	return false
}

// loaderMode reads the loader's mode options: verify (nothing runs) and
// list (only the auditors run).
func loaderMode(opts []Option) (verify, list bool) {
	for _, o := range opts {
		switch o.Name {
		case "verify":
			verify = true
		case "list":
			list = true
		}
	}
	return verify, list
}

// loaderOptions returns e after the dynamic loader's options opts:
// --library-path is set as LD_LIBRARY_PATH (the last one counts), unless
// the loader only verifies or lists.
func (e *envEdit) loaderOptions(opts []Option) *envEdit {
	if verify, list := loaderMode(opts); verify || list {
		return e
	}
	for _, o := range opts {
		if o.Name != "library-path" || !o.HasVal {
			continue
		}
		const name = "LD_LIBRARY_PATH"
		v := o.Val
		v.Value = name + "=" + v.Value
		if !v.Static {
			cands := make([]string, 0, len(v.Candidates()))
			for _, c := range v.Candidates() {
				cands = append(cands, name+"="+c)
			}
			v.SetCandidates(cands)
		}
		if e == nil {
			e = &envEdit{}
		}
		if e.set == nil {
			e.set = map[string]*Arg{}
		}
		e.set[name] = &v
	}
	return e
}

// loaderLibraries judges the objects the dynamic loader's --preload and
// --audit load into call's program, when a wrapper word before it is
// the loader run as a program.
func (w *walker) loaderLibraries(c scope, call *Call) {
	for i, a := range call.pre {
		if !a.Static {
			continue
		}
		spec, ok := wrapperFor(base(a.Value))
		if !ok || !spec.loads {
			continue
		}
		opts, _ := ScanOptions(call.pre[i+1:], spec.opts)
		verify, list := loaderMode(opts)
		if verify {
			continue
		}
		preload := -1
		for k, o := range opts {
			if o.Name == "preload" && o.HasVal {
				preload = k // the last one counts
			}
		}
		for k, o := range opts {
			switch {
			case !o.HasVal:
				continue
			case o.Name == "audit":
			case o.Name == "preload" && k == preload && !list:
			default:
				continue
			}
			how := "ld.so --" + o.Name
			if !o.Val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
					What: how + " loads into " + call.Name + " a library only known at run time"})
				continue
			}
			for _, lib := range strings.FieldsFunc(o.Val.Value, func(r rune) bool { return r == ':' || r == ' ' }) {
				if !strings.Contains(lib, "/") {
					continue // searched for in the system's library directories
				}
				d := call.Dir.Join(lib)
				w.loadedLibrary(c, call, how, d, how+" loads "+d.Path+" into "+call.Name+", a library whose code corral cannot read")
			}
		}
	}
}
