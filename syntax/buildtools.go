package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Gradle and Maven run the project's build files whenever they run:
// gradle (and the ./gradlew wrapper) evaluates build.gradle or
// build.gradle.kts and settings.gradle(.kts) of the project directory
// (-p/--project-dir DIR, -b/--build-file FILE), whose Exec tasks,
// exec blocks, String.execute and deletions run what they say (lang.Gradle);
// mvn (and ./mvnw) builds with pom.xml (-f/--file FILE), whose
// exec-maven-plugin and maven-antrun-plugin run their commands
// (lang.Maven); ant runs build.xml's tasks (lang.Ant). Read as a build script is (only what the text shows is
// judged: a ${property} or a variable does not ask).

// buildTool models gradle, gradlew, mvn and mvnw; it reports whether call
// was one.
func (w *walker) buildTool(c scope, call *Call) bool {
	var files []string
	var defs []lang.Arg // ant -D: the argv lang.Ant reads
	var propFiles []Arg // ant -propertyfile FILE
	as := lang.Gradle
	dir := call.Dir
	switch call.Name {
	case "gradle", "gradlew":
		build := ""
		for i := 0; i < len(call.Args); i++ {
			v := call.Args[i].Value
			switch {
			case (v == "-p" || v == "--project-dir") && i+1 < len(call.Args):
				dir = dir.Join(call.Args[i+1].Value)
				i++
			case strings.HasPrefix(v, "--project-dir="):
				dir = dir.Join(strings.TrimPrefix(v, "--project-dir="))
			case (v == "-b" || v == "--build-file") && i+1 < len(call.Args):
				build = call.Args[i+1].Value
				i++
			case v == "-v" || v == "--version" || v == "-h" || v == "--help" || v == "-?":
				return true
			}
		}
		if build != "" {
			files = []string{build}
		} else {
			files = []string{"build.gradle", "build.gradle.kts"}
		}
		files = append(files, "settings.gradle", "settings.gradle.kts")
	case "mvn", "mvnw":
		as = lang.Maven
		files = []string{"pom.xml"}
		opts, _ := ScanOptions(w.mavenArgs(c, call), mavenSpec)
		for _, o := range opts {
			w.mavenOption(c, call, o)
			switch o.Name {
			case "v", "version", "h", "help":
				return true
			case "f", "file":
				// -f FILE or -f DIR (its pom.xml): the project is
				// there, and its plugins run from there.
				if !o.HasVal || !o.Val.Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
						What: call.Name + " builds the project of " + o.Val.Raw + ", a pom only known at run time"})
					return true
				}
				d := call.Dir.Join(o.Val.Value)
				if w.isDir(d) {
					dir, files = d, []string{"pom.xml"}
				} else if d.Known {
					dir, files = Dir{Path: filepath.Dir(d.Path), Known: true}, []string{filepath.Base(d.Path)}
				}
			}
		}
	case "ant":
		// ant [options] [target…] (ant -help, 1.10): the build file is
		// build.xml, or -f/-file/-buildfile FILE; -find/-s [FILE] looks
		// for it in the working directory and each one above. Its tasks
		// run from its directory (the project's basedir).
		as = lang.Ant
		name, find := "build.xml", false
		given := ""
		for i := 0; i < len(call.Args); i++ {
			a := call.Args[i]
			switch v := a.Value; {
			case v == "-version" || v == "-help" || v == "-h" || v == "-diagnostics":
				return true
			case v == "-f" || v == "-file" || v == "-buildfile":
				if i+1 >= len(call.Args) {
					return true
				}
				if !call.Args[i+1].Static {
					w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: call.Args[i+1].Raw,
						What: "ant runs the build file " + call.Args[i+1].Raw + ", only known at run time"})
					return true
				}
				given = call.Args[i+1].Value
				i++
			case v == "-find" || v == "-s":
				find = true
				if i+1 < len(call.Args) && !strings.HasPrefix(call.Args[i+1].Value, "-") && strings.HasSuffix(call.Args[i+1].Value, ".xml") {
					name = call.Args[i+1].Value
					i++
				}
			case strings.HasPrefix(v, "-D"):
				// -Dname=value, -Dname value: properties that win
				// over the file's (lang.Ant reads them from argv).
				defs = append(defs, lang.Arg{Value: v, Known: a.Static})
				if !strings.Contains(v, "=") && i+1 < len(call.Args) {
					i++
					defs = append(defs, lang.Arg{Value: call.Args[i].Value, Known: call.Args[i].Static})
				}
			case v == "-propertyfile" && i+1 < len(call.Args):
				// -propertyfile FILE: its properties, below -D's
				// (ant -help: "with -D properties taking precedence").
				i++
				propFiles = append(propFiles, call.Args[i])
			case v == "-l" || v == "-logfile" || v == "-logger" || v == "-listener" || v == "-propertyfile" ||
				v == "-inputhandler" || v == "-nice" || v == "-lib" || v == "-main":
				i++
			}
		}
		switch {
		case given != "":
			d := call.Dir.Join(given)
			if w.isDir(d) {
				d = d.Join("build.xml")
			}
			if !d.Known {
				return true
			}
			dir, files = Dir{Path: filepath.Dir(d.Path), Known: true}, []string{filepath.Base(d.Path)}
		case find:
			p, _, ok := w.findUp(call.Dir, name)
			if !ok {
				return true
			}
			dir, files = Dir{Path: filepath.Dir(p), Known: true}, []string{filepath.Base(p)}
		default:
			files = []string{name}
		}
	default:
		return false
	}
	if w.read == nil && len(w.written) == 0 || !dir.Known {
		return true
	}
	if as == lang.Ant {
		defs = append(w.antPropertyDefs(call, dir, files, propFiles), defs...)
	}
	inner := *call
	inner.Dir = dir
	w.lenient++
	defer func() { w.lenient-- }()
	for _, f := range files {
		d := dir.Join(f)
		if d.Known && w.exists(d.Path) {
			if len(defs) > 0 {
				w.argv = defs
			}
			w.scriptFile(c, &inner, Arg{Value: f, Raw: f, Static: true}, string(as))
			w.argv = nil
		}
	}
	return true
}

// mavenSpec is mvn's options (mvn --help, 3.9): its short options of
// several letters (-pl, -rf, -gs, -am) are written with one dash, and
// -D, -P, -T, -f take a value, attached or not.
var mavenSpec = OptSpec{ShortVal: "fstlPTbD", LongEq: true, LongOne: true,
	LongVal: []string{"file", "settings", "global-settings", "gs", "toolchains", "global-toolchains", "gt", "log-file",
		"projects", "pl", "resume-from", "rf", "activate-profiles", "threads", "builder", "define", "color",
		"encrypt-password", "emp", "encrypt-master-password", "ep"},
	LongFlag: []string{"am", "amd", "fae", "ff", "fn", "npr", "npu", "nsu", "ntp", "cpu", "up", "llr", "also-make",
		"also-make-dependents", "batch-mode", "errors", "debug", "offline", "quiet", "version", "help", "show-version",
		"non-recursive", "update-snapshots", "strict-checksums", "lax-checksums", "fail-at-end", "fail-fast", "fail-never",
		"no-transfer-progress", "no-snapshot-updates", "check-plugin-updates", "update-plugins", "legacy-local-repository"}}

// antPropertyDefs returns, as -Dname=value words for lang.Ant, the
// properties ant loads from files: the <property file="F"/> tasks of the
// build files (F relative to the project's basedir), then each
// -propertyfile FILE (relative to the working directory), which win over
// them; -D's, after these, win over both. A file only known at run time
// gives nothing (its ${name}s stay unset, asked about by lang.Ant).
func (w *walker) antPropertyDefs(call *Call, dir Dir, files []string, propFiles []Arg) []lang.Arg {
	var paths []Dir
	for _, f := range files {
		text, ok := w.readScript(dir.Join(f))
		if !ok {
			continue
		}
		for _, m := range antPropertyFile.Get().FindAllStringSubmatch(text, 16) {
			if !strings.Contains(m[1], "${") {
				paths = append(paths, dir.Join(m[1]))
			}
		}
	}
	for _, a := range propFiles {
		if a.Static {
			paths = append(paths, call.Dir.Join(expandTilde(a.Value, w.home)))
		}
	}
	var defs []lang.Arg
	for _, p := range paths {
		text, ok := w.readScript(p)
		if !ok || len(text) > maxIndexFileText {
			continue
		}
		for _, kv := range rcSettings(text) {
			if kv[0] != "" && len(defs) < 1024 {
				defs = append(defs, lang.Arg{Value: "-D" + kv[0] + "=" + kv[1], Known: true})
			}
		}
	}
	return defs
}

// antPropertyFile matches a <property file="F"/> task's file.
var antPropertyFile = lazy.Regexp{Expr: `<property\b[^>]*\bfile\s*=\s*["']([^"']+)["']`}
