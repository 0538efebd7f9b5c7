package syntax

import (
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Gradle and Maven run the project's build files whenever they run:
// gradle (and the ./gradlew wrapper) evaluates build.gradle or
// build.gradle.kts and settings.gradle(.kts) of the project directory
// (-p/--project-dir DIR, -b/--build-file FILE), whose Exec tasks,
// exec blocks, String.execute and deletions run what they say (lang.Gradle);
// mvn (and ./mvnw) builds with pom.xml (-f/--file FILE), whose
// exec-maven-plugin and maven-antrun-plugin run their commands
// (lang.Maven). Read as a build script is (only what the text shows is
// judged: a ${property} or a variable does not ask).

// buildTool models gradle, gradlew, mvn and mvnw; it reports whether call
// was one.
func (w *walker) buildTool(c scope, call *Call) bool {
	var files []string
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
		for i := 0; i < len(call.Args); i++ {
			v := call.Args[i].Value
			switch {
			case (v == "-f" || v == "--file") && i+1 < len(call.Args):
				files = []string{call.Args[i+1].Value}
				i++
			case v == "-v" || v == "--version" || v == "-h" || v == "--help":
				return true
			}
		}
	default:
		return false
	}
	if w.read == nil && len(w.written) == 0 || !dir.Known {
		return true
	}
	inner := *call
	inner.Dir = dir
	w.lenient++
	defer func() { w.lenient-- }()
	for _, f := range files {
		d := dir.Join(f)
		if d.Known && w.exists(d.Path) {
			w.scriptFile(c, &inner, Arg{Value: f, Raw: f, Static: true}, string(as))
		}
	}
	return true
}
