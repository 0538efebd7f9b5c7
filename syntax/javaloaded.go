package syntax

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/corral-dev/corral/guards"
	"github.com/corral-dev/corral/internal/lazy"
)

// Compiled Java code the JVM loads besides the program corral reads
// (issue 9 leftovers):
//   - -agentlib:NAME[=OPTS] (and the older -XrunNAME) loads the native
//     agent libNAME.so: the JVM looks in the JDK's own library directory
//     first, then asks the dynamic loader for the name, which searches
//     LD_LIBRARY_PATH (a relative entry from the working directory) and
//     the system's directories; -Djava.library.path plays no part (checked
//     with OpenJDK 17). The JDK's own agents (jdwp, the debugger's;
//     instrument, hprof, management_agent) pass; any other asks as
//     LD_PRELOAD does, a library this command built or wrote being read
//     as its sources (loadedLibrary), one in the system's directories
//     passing;
//   - the class path (-cp/-classpath/--class-path, else CLASSPATH) of a
//     java run that is not -jar: a jar outside the project and the
//     system's directories is compiled code corral cannot read that the
//     program's classes may call, and asks; a jar in the project asks
//     when it supplies the main class (the first class path entry holding
//     NAME.class is where the JVM loads it from), unless it is the
//     project's build output (javaBuildOutput); a jar the project uses as
//     a library passes, as its main class's source is read.

// jdkAgents are the native agents the JDK ships in its own library
// directory, which the JVM searches before any other.
var jdkAgents = lazy.Set{List: []string{"jdwp", "instrument", "hprof", "management_agent"}}

// javaOptions are java's launcher options that javaClassPath reads, as
// the one scanner reads them: long options with one dash (-cp, -jar)
// or two (--class-path=…), the first operand (the main class) ending
// them, as -jar FILE and -m MODULE do.
var javaOptions = OptSpec{LongOne: true, LongEq: true, Stop: true,
	LongVal: []string{"cp", "classpath", "class-path", "p", "module-path", "add-modules", "add-opens", "add-exports",
		"enable-native-access", "splash", "source", "upgrade-module-path", "limit-modules", "add-reads", "patch-module",
		"jar", "m", "module"},
	End: []string{"jar", "m", "module"}}

// maxJarSize bounds the jars whose directory corral reads; maxJarEntries
// the entries it looks at.
const (
	maxJarSize    = 64 << 20
	maxJarEntries = 1 << 16
	maxCPJars     = 32
)

// javaAgentLib judges -agentlib:NAME or -XrunNAME, a JVM option word from
// gives call's JVM.
func (w *walker) javaAgentLib(c scope, call *Call, from, v string) {
	name, ok := strings.CutPrefix(v, "-agentlib:")
	if !ok {
		name, _ = strings.CutPrefix(v, "-Xrun")
	}
	name, _, _ = strings.Cut(name, "=")
	if name == "" || jdkAgents.Has(name) {
		return
	}
	lib := "lib" + name + ".so"
	var dirs []string
	if val, known, set := w.envOf(c, call, "LD_LIBRARY_PATH"); set && known {
		dirs = strings.Split(val, ":")
	}
	what := from + " makes the JVM in " + call.Name + " load the native agent " + lib + ", code corral cannot read"
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		d := call.Dir.Join(filepath.Join(expandTilde(dir, w.home), lib))
		if !d.Known {
			continue
		}
		_, built := w.compiled[d.Path]
		_, wrote := w.written[d.Path]
		if built || wrote || w.exists(d.Path) {
			w.loadedLibrary(c, call, from, d, what)
			return
		}
	}
	// Not found where the command says: the loader's path is the
	// environment's, which the hook does not see.
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v, What: what + " (searched in the library path)"})
}

// javaClassPath judges the jars of call's class path (java, not -jar,
// which ignores it): jars outside the project and the system's
// directories ask. main is the index of the main class's word, or -1.
func (w *walker) javaClassPath(c scope, call *Call) {
	if call.Name != "java" || w.project == "" || w.read == nil {
		return
	}
	opts, _ := ScanOptions(call.Args, javaOptions)
	var cp *Arg
	for _, o := range opts {
		switch o.Name {
		case "jar", "m", "module":
			return // the jar's or module's own class path
		case "cp", "classpath", "class-path":
			if o.HasVal {
				v := o.Val
				cp = &v
			}
		}
	}
	value := ""
	switch {
	case cp != nil && !cp.Static:
		return // a run-time class path: LD_LIBRARY_PATH's rule, not followed
	case cp != nil:
		value = cp.Value
	default:
		v, known, set := w.envOf(c, call, "CLASSPATH")
		if !set || !known {
			return
		}
		value = v
	}
	n := 0
	for _, e := range strings.Split(value, ":") {
		var jars []string
		switch {
		case strings.HasSuffix(e, "/*") || e == "*":
			dir := strings.TrimSuffix(strings.TrimSuffix(e, "*"), "/")
			if dir == "" {
				dir = "."
			}
			jars = w.globNames(call.Dir, filepath.Join(expandTilde(dir, w.home), "*.jar"))
		case strings.HasSuffix(strings.ToLower(e), ".jar"):
			jars = []string{expandTilde(e, w.home)}
		}
		for _, j := range jars {
			if n++; n > maxCPJars {
				return
			}
			d := call.Dir.Join(j)
			if !d.Known || systemPath(d.Path) || guards.Within(w.project, d.Path) || javaBuildOutput(w, d.Path) {
				continue
			}
			if _, built := w.compiled[d.Path]; built {
				continue
			}
			if !w.exists(d.Path) {
				continue // the JVM skips a missing entry
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: e,
				What: "java loads classes from " + clip(j, 60) + ", a jar outside the project: compiled code corral cannot read"})
			return
		}
	}
}

// javaJarMain reports whether the jar at d (an entry of the class path of
// java MAIN, in the project) supplies class (pkg/Main): read, it holds
// pkg/Main.class, and then java runs compiled code corral cannot read,
// which asks unless the jar is the project's build output. A jar too
// large to read asks too; one that is no zip is skipped (the JVM skips
// it as well).
func (w *walker) javaJarMain(call *Call, d Dir, class string, main Arg) bool {
	if !d.Known || w.read == nil || systemPath(d.Path) {
		return false
	}
	holds, ok := jarHolds(d.Path, class+".class")
	if ok && !holds {
		return false
	}
	if !ok && !jarTooLarge(d.Path) {
		return false
	}
	if javaBuildOutput(w, d.Path) || w.project != "" && !guards.Within(w.project, d.Path) {
		return true // the build's own, or asked about by javaClassPath
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: main.Raw,
		What: "java runs " + clip(main.Raw, 40) + " from " + clip(filepath.Base(d.Path), 40) + ", compiled code corral cannot read"})
	return true
}

// jarHolds reports whether the jar (zip) at path has entry, and whether
// it could read the jar: a regular file of at most maxJarSize bytes,
// never a device, FIFO or file under /proc (resolveOrdinary), whose
// central directory lists at most maxJarEntries entries.
func jarHolds(path, entry string) (bool, bool) {
	f, size, ok := openJar(path)
	if !ok {
		return false, false
	}
	defer f.Close()
	zr, err := zip.NewReader(f, size)
	if err != nil || len(zr.File) > maxJarEntries {
		return false, false
	}
	for _, zf := range zr.File {
		if zf.Name == entry {
			return true, true
		}
	}
	return false, true
}

// jarTooLarge reports a regular file too large for jarHolds to read.
func jarTooLarge(path string) bool {
	real, err := resolveOrdinary(path)
	if err != nil {
		return false
	}
	st, err := os.Stat(real)
	return err == nil && st.Mode().IsRegular() && st.Size() > maxJarSize
}

// openJar opens the regular file at path for jarHolds.
func openJar(path string) (*os.File, int64, bool) {
	if !filepath.IsAbs(path) {
		return nil, 0, false
	}
	real, err := resolveOrdinary(path)
	if err != nil {
		return nil, 0, false
	}
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, 0, false
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxJarSize {
		f.Close()
		return nil, 0, false
	}
	return f, st.Size(), true
}
