package syntax

import (
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Compilers that run a source file straight away: java FILE.java (Java
// 11+ launches a single source file; with --source N any file name),
// rdmd FILE.d, dotnet script FILE.csx, swift FILE.swift. Each file is
// read in its language (syntax/lang: lang.JVM, lang.D, lang.CSharp,
// lang.Swift), strings and comments apart: a call that runs shell text
// or a program with literal words is that command, a deletion of a
// literal path is rm of it, and one whose argument only run time knows
// asks.

// sourceLaunch models call when it compiles and runs a source file; it
// reports whether it did.
func (w *walker) sourceLaunch(c scope, call *Call) bool {
	args := call.Args
	switch call.Name {
	case "java":
		source := false
		for i := 0; i < len(args); i++ {
			v := args[i].Value
			switch {
			case v == "--source" && i+1 < len(args):
				source = true
				i++
			case strings.HasPrefix(v, "--source="):
				source = true
			case v == "-jar" || v == "-m" || v == "--module" || strings.HasPrefix(v, "--module="):
				// A jar or a module: compiled code corral cannot read.
				// One this command wrote is not on disk yet.
				for _, a := range JavaFiles(call) {
					w.compiledRun(call, a)
				}
				if v == "-jar" && i+1 < len(args) {
					w.javaOnDisk(c, call, args[i+1], "")
				}
				return false
			case v == "-cp" || v == "-classpath" || v == "--class-path" || v == "-p" || v == "--module-path" ||
				v == "--add-modules" || v == "--add-opens" || v == "--add-exports" || v == "--enable-native-access" || v == "-splash":
				i++
			case strings.HasPrefix(v, "-"):
			default:
				if source || strings.HasSuffix(v, ".java") {
					w.argv = launchArgv(call, i, lang.JVM)
					w.scriptFile(c, call, args[i], string(lang.JVM))
					w.argv = nil
					return true
				}
				for _, a := range JavaFiles(call) {
					w.compiledRun(call, a)
				}
				w.javaClassRun(c, call, i)
				w.javaClassOnDisk(c, call, args[i])
				return false // a class name
			}
		}
	case "javac":
		w.javaCompiled(call)
		return false
	case "rdmd":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				w.launchSource(c, call, a, lang.D, "D")
				return true
			}
		}
	case "dotnet":
		if len(args) >= 2 && args[0].Value == "script" {
			for _, a := range args[1:] {
				if strings.HasSuffix(a.Value, ".csx") {
					w.launchSource(c, call, a, lang.CSharp, "C# script")
					return true
				}
			}
		}
	case "swift":
		for _, a := range args {
			if strings.HasSuffix(a.Value, ".swift") {
				w.launchSource(c, call, a, lang.Swift, "Swift")
				return true
			}
			if !strings.HasPrefix(a.Value, "-") {
				return false // swift build, swift test: a package
			}
		}
	}
	return false
}

// launchSource reads the source file a in language l, or asks when
// the file is only named at run time.
func (w *walker) launchSource(c scope, call *Call, a Arg, l lang.Lang, name string) {
	if !a.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
			What: call.Name + " runs " + clip(a.Raw, 40) + ", a " + name + " file only known at run time"})
		return
	}
	for i := range call.Args {
		if call.Args[i].Start == a.Start && call.Args[i].End == a.End {
			w.argv = launchArgv(call, i, l)
		}
	}
	w.scriptFile(c, call, a, string(l))
	w.argv = nil
}

// launchArgv is the argument vector of the program a source launcher
// runs from the file at call.Args[i], as its language indexes it: D's
// main(string[] args) and Swift's CommandLine.arguments start with the
// program, a C# script's Args (after dotnet script's "--") and Java's
// main(String[] a) hold only the words after the file.
func launchArgv(call *Call, i int, l lang.Lang) []lang.Arg {
	var out []lang.Arg
	if l == lang.D || l == lang.Swift {
		out = append(out, lang.Arg{Value: call.Args[i].Value, Known: call.Args[i].Static})
	}
	rest := call.Args[i+1:]
	if l == lang.CSharp && len(rest) > 0 && rest[0].Value == "--" {
		rest = rest[1:]
	}
	// A word only known at run time or a pattern can be any number of
	// words: the ones after it are at indexes only known at run time.
	certain := true
	for _, a := range rest {
		out = append(out, lang.Arg{Value: a.Value, Known: certain && a.Static && !a.Glob, Shell: runTimeWord(a, certain)})
		certain = certain && (a.Static && !a.Glob || oneField(a))
	}
	if call.ExtraArgs {
		out = append(out, lang.Arg{})
	}
	return out
}

// JavaFiles returns the words of a java command line that name files of
// compiled code it runs: the archive of -jar FILE, and the jars and
// directories of -cp/-classpath/--class-path (split at ":"; a "*" entry
// is skipped). A source file (java X.java) is not among them.
func JavaFiles(call *Call) []Arg {
	var out []Arg
	args := call.Args
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-jar":
			if i+1 < len(args) {
				out = append(out, args[i+1])
			}
			return out
		case v == "-cp" || v == "-classpath" || v == "--class-path":
			if i+1 >= len(args) {
				return out
			}
			i++
			cp := args[i]
			if !cp.Static {
				continue
			}
			for _, e := range strings.Split(cp.Value, ":") {
				if e != "" && !strings.HasSuffix(e, "*") {
					out = append(out, Arg{Value: e, Raw: e, Static: true, Start: cp.Start, End: cp.End})
				}
			}
		case v == "--source" || v == "-p" || v == "--module-path" || v == "--add-modules" || v == "--add-opens" ||
			v == "--add-exports" || v == "--enable-native-access" || v == "-splash":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return out // the class (or source file) and its arguments
		}
	}
	return out
}

// compiledRun asks about running the compiled code at a (a jar, a
// class directory) when this command made it: written with content only
// known at run time (jar cf, zip, cp of a file corral does not know) or
// byte by byte (printf 'PK…' > app.jar), as running a binary the command
// wrote asks. A jar that is on disk before the command runs is compiled
// code corral does not read, as ./a.out is.
func (w *walker) compiledRun(call *Call, a Arg) {
	if !a.Static {
		return
	}
	d := call.Dir.Join(a.Value)
	if w.opaqueRun(call, d, a.Value) {
		return
	}
	if _, wrote := w.written[d.Path]; wrote && d.Known {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Value,
			What: call.Name + " runs " + a.Value + ", compiled code this command wrote"})
	}
}

// javacValue are javac's options that take the next word as their value.
var javacValue = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"-d": true, "-cp": true, "-classpath": true, "--class-path": true, "-sourcepath": true,
		"--source-path": true, "-encoding": true, "--release": true, "-source": true, "--source": true, "-target": true,
		"--target": true, "-h": true, "-s": true, "-processor": true, "-processorpath": true, "--processor-path": true,
		"-p": true, "--module-path": true, "--module-source-path": true, "--add-modules": true, "--limit-modules": true,
		"--system": true, "--upgrade-module-path": true, "--module": true, "-m": true, "--add-reads": true,
		"--add-exports": true, "--patch-module": true, "-profile": true, "--default-module-for-created-files": true}
}}

// javaCompiled notes the source files javac compiles (javac X.java,
// javac -d out src/*.java): java X later in the command runs the class
// compiled from X.java, whose source corral reads as it reads java
// X.java.
func (w *walker) javaCompiled(call *Call) {
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		switch {
		case javacValue.Get()[a.Value]:
			i++
		case strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "@"):
		case a.Static && strings.HasSuffix(a.Value, ".java"):
			names := []string{a.Value}
			if a.Glob {
				names = w.globNames(call.Dir, a.Pattern())
			}
			for _, n := range names {
				d := call.Dir.Join(n)
				if !d.Known {
					continue
				}
				if w.javaSources == nil {
					w.javaSources = map[string][]string{}
				}
				class := strings.TrimSuffix(path.Base(d.Path), ".java")
				if len(w.javaSources[class]) < maxScriptMatches && !slices.Contains(w.javaSources[class], d.Path) {
					w.javaSources[class] = append(w.javaSources[class], d.Path)
				}
			}
		}
	}
}

// javaClassRun reads the source of the class call.Args[i] names (java
// X, java -cp out pkg.X) when javac compiled it earlier in the command:
// the file named for the class, or every file javac compiled when none
// is (the class is one of theirs: X.java may hold class Y). The words
// after the class are the program's arguments.
func (w *walker) javaClassRun(c scope, call *Call, i int) {
	if len(w.javaSources) == 0 || !call.Args[i].Static {
		return
	}
	class := call.Args[i].Value
	if k := strings.LastIndexAny(class, "./"); k >= 0 {
		class = class[k+1:]
	}
	files := w.javaSources[class]
	if len(files) == 0 {
		for _, k := range slices.Sorted(maps.Keys(w.javaSources)) {
			files = append(files, w.javaSources[k]...)
		}
	}
	for _, f := range files[:min(len(files), maxScriptMatches)] {
		a := call.Args[i]
		w.argv = launchArgv(call, i, lang.JVM)
		w.scriptFile(c, call, Arg{Value: f, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, string(lang.JVM))
		w.argv = nil
	}
}

// javaOnDisk asks about compiled Java code java runs from a (a jar, or a
// class file, for which source is the NAME.java it was compiled from)
// that was on disk before the command, outside the system's directories:
// code corral cannot read, as python3 x.pyc is. Not asked: the output
// of the project's build (a jar or class under target/ beside a pom.xml,
// under build/ beside a build.gradle or build.gradle.kts: the build's
// sources are the project's), and a class whose source sits beside it or
// in the working directory, which is read instead.
func (w *walker) javaOnDisk(c scope, call *Call, a Arg, source string) {
	if !a.Static {
		return
	}
	d := call.Dir.Join(a.Value)
	if _, built := w.compiled[d.Path]; !built && d.Known && strings.HasSuffix(d.Path, ".class") {
		if _, wrote := w.written[d.Path]; wrote {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
				What: "java runs " + clip(a.Raw, 40) + ", compiled code this command wrote"})
			return
		}
	}
	if !w.unreadLibrary(d) || javaBuildOutput(w, d.Path) {
		return
	}
	if source != "" {
		for _, dir := range []string{filepath.Dir(d.Path), call.Dir.Path} {
			if p := filepath.Join(dir, source); call.Dir.Known && w.exists(p) {
				w.scriptFile(c, call, Arg{Value: p, Raw: a.Raw, Static: true, Start: a.Start, End: a.End}, string(lang.JVM))
				return
			}
		}
	}
	w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
		What: "java runs " + clip(a.Raw, 40) + ", compiled code corral cannot read"})
}

// javaClassOnDisk judges the class file java MAIN loads from the
// directories of its class path (-cp, else CLASSPATH, else the working
// directory) when no source compiled in this command names it.
func (w *walker) javaClassOnDisk(c scope, call *Call, main Arg) {
	if !main.Static || main.Value == "" {
		return
	}
	class := strings.ReplaceAll(main.Value, ".", "/")
	simple := path.Base(class)
	if len(w.javaSources[simple]) > 0 {
		return // read by javaClassRun
	}
	var cp []string
	given := false
	for i := 0; i+1 < len(call.Args); i++ {
		if v := call.Args[i].Value; v == "-cp" || v == "-classpath" || v == "--class-path" {
			if !call.Args[i+1].Static {
				return
			}
			cp, given = strings.Split(call.Args[i+1].Value, ":"), true
		}
	}
	if !given {
		if v, known, set := w.envOf(c, call, "CLASSPATH"); set {
			if !known {
				return
			}
			cp = strings.Split(v, ":")
		} else {
			cp = []string{"."}
		}
	}
	for _, e := range cp {
		if strings.HasSuffix(e, ".jar") && w.javaJarMain(call, call.Dir.Join(e), class, main) {
			return // the jar supplies the class (javaloaded.go)
		}
		if e == "" || strings.HasSuffix(e, ".jar") || strings.HasSuffix(e, "*") {
			continue
		}
		f := filepath.Join(e, class+".class")
		if d := call.Dir.Join(f); d.Known && w.exists(d.Path) {
			w.javaOnDisk(c, call, Arg{Value: d.Path, Raw: main.Raw, Static: true, Start: main.Start, End: main.End}, simple+".java")
			return
		}
	}
}

// javaBuildOutput reports a path under the output directory of a Maven
// or Gradle build: target/ beside a pom.xml, build/ beside a
// build.gradle or build.gradle.kts.
func javaBuildOutput(w *walker, p string) bool {
	d := filepath.Dir(p)
	for k := 0; k < 8 && d != "/" && d != "."; k++ {
		parent := filepath.Dir(d)
		switch filepath.Base(d) {
		case "target":
			if w.exists(filepath.Join(parent, "pom.xml")) {
				return true
			}
		case "build":
			if w.exists(filepath.Join(parent, "build.gradle")) || w.exists(filepath.Join(parent, "build.gradle.kts")) {
				return true
			}
		}
		d = parent
	}
	return false
}
