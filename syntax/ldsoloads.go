package syntax

// The dynamic loader run as a program (ld.so(8): /lib64/ld-linux-x86-64.so.2
// [OPTION]… PROGRAM, and musl's ld-musl-*.so.1) loads libraries its own
// options name into the program it runs, as the variables do for a
// program started the usual way (red team 19 LP1):
//   - --preload LIST is LD_PRELOAD: each object, its constructors run
//     before the program's main (a name without a slash is searched for
//     in the library directories, not the working directory);
//   - --audit LIST is LD_AUDIT: auditing objects, loaded first;
//   - --library-path PATH is LD_LIBRARY_PATH, in its place: any library
//     the program links is taken from there first.
//
// They are judged where the program starts exactly as those variables
// are (preloadOnDisk, libraryPathOnDisk, loader): the option becomes the
// variable in the wrappers' edit of the program's environment. With
// --verify the loader only checks the program and runs nothing; with
// --list it lists the libraries without running their constructors,
// but still loads --audit's objects and runs theirs (checked with glibc
// 2.36, TestLoaderOptionsOracle). --inhibit-cache, --inhibit-rpath,
// --argv0 and --glibc-hwcaps-* load nothing of their own.

// loaderOptionVar returns the loader variable an option of ld.so stands
// for, or "".
func loaderOptionVar(name string) string {
	switch name {
	case "preload":
		return "LD_PRELOAD"
	case "audit":
		return "LD_AUDIT"
	case "library-path":
		return "LD_LIBRARY_PATH"
	}
	return ""
}

// loaderOptions returns e after the dynamic loader's options opts: each
// option that loads code is set as its variable.
func (e *envEdit) loaderOptions(opts []Option) *envEdit {
	list := false
	for _, o := range opts {
		switch o.Name {
		case "verify":
			return e // checks the program, loads nothing
		case "list":
			list = true
		}
	}
	for _, o := range opts {
		name := loaderOptionVar(o.Name)
		if name == "" || !o.HasVal || list && name != "LD_AUDIT" {
			continue
		}
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
