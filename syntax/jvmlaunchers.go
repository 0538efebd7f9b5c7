package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// The JVM build tools' launch scripts hand the JVM they start options
// from their own variables and files besides JAVA_TOOL_OPTIONS (red team
// 18 TR1, with the roots of toolroots.go): mvn and ./mvnw put the lines
// of the project's .mvn/jvm.config (the nearest directory with a .mvn
// above the working directory or -f's) and MAVEN_OPTS before the main
// class (checked in Maven 3.8's bin/mvn); gradle and ./gradlew start
// their JVM with JAVA_OPTS and GRADLE_OPTS; ant with ANT_OPTS; sbt with
// JAVA_OPTS, SBT_OPTS and the project's .jvmopts (the JVM languages'
// own launchers, kotlinc, scala, groovy, are interpreters: runners.go).
// A -javaagent:JAR, -agentpath:LIB or @FILE there
// is judged as one in JAVA_TOOL_OPTIONS is (jvmOptions).

// launcherOptionVars maps each variable to the launchers that read it.
var launcherOptionVars = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"MAVEN_OPTS":       {"mvn", "mvnw", "mvnDebug"},
		"MAVEN_DEBUG_OPTS": {"mvn", "mvnw", "mvnDebug"},
		"GRADLE_OPTS":      {"gradle", "gradlew"},
		"JAVA_OPTS":        {"gradle", "gradlew", "sbt"},
		"ANT_OPTS":         {"ant"},
		"SBT_OPTS":         {"sbt"},
	}
}}

// launcherJVMOptions judges the JVM options call's launcher takes from
// its variables and the project's files.
func (w *walker) launcherJVMOptions(c scope, call *Call, seen map[string]bool) {
	switch call.Name {
	case "mvn", "mvnw", "mvnDebug", "gradle", "gradlew", "ant", "sbt":
	default:
		return
	}
	m := launcherOptionVars.Get()
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sortStrings(names)
	for _, name := range names {
		if !containsString(m[name], call.Name) {
			continue
		}
		vals, open, set := w.envChoices(c, call, name, true)
		if set && open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: name + " gives the JVM " + call.Name + " starts options only known at run time, which can load an agent"})
		}
		for _, v := range vals {
			w.jvmOptions(c, call, name, jvmOptionWords(v), seen)
		}
	}
	var file Dir
	switch call.Name {
	case "mvn", "mvnw", "mvnDebug":
		if d := w.mavenDotMvn(c, call); d.Known {
			file = d.Join("jvm.config")
		}
	case "sbt":
		file = call.Dir.Join(".jvmopts")
	default:
		return
	}
	if !file.Known {
		return
	}
	text, ok := w.readScript(file)
	if !ok {
		return
	}
	var words []string
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t != "" && t[0] != '#' {
			words = append(words, optionWords(t)...)
		}
	}
	w.jvmOptions(c, call, file.Path, words, seen)
}

// mavenDotMvn returns the .mvn directory Maven's launcher reads
// jvm.config and maven.config from: in MAVEN_BASEDIR, else in the
// nearest directory with a .mvn above the directory of -f/--file (a
// directory, or a pom's) or the working directory.
func (w *walker) mavenDotMvn(c scope, call *Call) Dir {
	if v, known, set := w.envOf(c, call, "MAVEN_BASEDIR"); set {
		if !known {
			return Dir{}
		}
		return call.Dir.Join(v).Join(".mvn")
	}
	base := call.Dir
	opts, _ := ScanOptions(call.Args, mavenSpec)
	for _, o := range opts {
		if (o.Name == "f" || o.Name == "file") && o.HasVal && o.Val.Static {
			d := call.Dir.Join(o.Val.Value)
			if w.isDir(d) {
				base = d
			} else if d.Known {
				base = Dir{Path: filepath.Dir(d.Path), Known: true}
			}
		}
	}
	if !base.Known {
		return Dir{}
	}
	for d, k := base.Path, 0; k < 64; k++ {
		if w.isDir(Dir{Path: filepath.Join(d, ".mvn"), Known: true}) || w.wroteUnder(filepath.Join(d, ".mvn")) {
			return Dir{Path: filepath.Join(d, ".mvn"), Known: true}
		}
		if d == "/" {
			break
		}
		d = filepath.Dir(d)
	}
	return Dir{}
}
