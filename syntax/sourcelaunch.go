package syntax

import (
	"strings"

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
				return false
			case v == "-cp" || v == "-classpath" || v == "--class-path" || v == "-p" || v == "--module-path" ||
				v == "--add-modules" || v == "--add-opens" || v == "--add-exports" || v == "--enable-native-access" || v == "-splash":
				i++
			case strings.HasPrefix(v, "-"):
			default:
				if source || strings.HasSuffix(v, ".java") {
					w.scriptFile(c, call, args[i], string(lang.JVM))
					return true
				}
				for _, a := range JavaFiles(call) {
					w.compiledRun(call, a)
				}
				return false // a class name
			}
		}
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
	w.scriptFile(c, call, a, string(l))
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
