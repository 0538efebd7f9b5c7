package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// Maven is a pom.xml: the build runs plugins it configures, and two of
// them run what the file says: exec-maven-plugin's <executable> with its
// <arguments>' <argument>s (or <commandlineArgs>), and maven-antrun-
// plugin's Ant tasks, <exec executable="…"> with <arg value|line="…"/>
// and <delete dir|file="…"/>. A ${property} is only known when Maven runs.
const Maven Lang = "maven"

// Ant is a build.xml: ant runs its tasks, <exec> and <apply> (executable
// with <arg value|line|path|file="…"/>) and <delete dir|file="…"/>, as
// maven-antrun-plugin does. A ${property} is the value a literal
// <property name value|location> of the file gives it (the first: Ant's
// properties do not change), the home directory for ${user.home} and
// ${env.HOME} (the JVM's user.home, the environment's HOME), else only
// known when ant runs.
const Ant Lang = "ant"

var (
	mavenConfig   = lazy.Regexp{Expr: `(?s)<configuration>(.*?)</configuration>`}
	mavenExe      = lazy.Regexp{Expr: `(?s)<executable>\s*(.*?)\s*</executable>`}
	mavenArgument = lazy.Regexp{Expr: `(?s)<argument>\s*(.*?)\s*</argument>`}
	mavenCmdArgs  = lazy.Regexp{Expr: `(?s)<commandlineArgs>\s*(.*?)\s*</commandlineArgs>`}
	antExec       = lazy.Regexp{Expr: `(?s)<(?:exec|apply)\b([^>]*?)(/>|>(.*?)</(?:exec|apply)>)`}
	antProperty   = lazy.Regexp{Expr: `<property\b([^>]*)/?>`}
	antRef        = lazy.Regexp{Expr: `\$\{([^}]*)\}`}
	antAttr       = lazy.Regexp{Expr: `(\w+)\s*=\s*"([^"]*)"`}
	antArg        = lazy.Regexp{Expr: `<arg\b([^>]*)/?>`}
	antDelete     = lazy.Regexp{Expr: `<delete\b([^>]*)/?>`}
	xmlComment    = lazy.Regexp{Expr: `(?s)<!--.*?-->`}
)

// maven reads a pom.xml (see Maven).
func maven(src string) []Effect {
	// Comments keep their length, so that offsets stay right.
	text := xmlComment.Get().ReplaceAllStringFunc(src, func(c string) string { return strings.Repeat(" ", len(c)) })
	var out []Effect
	unescape := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")
	emit := func(call string, argv []string, off int) {
		for _, a := range argv {
			if strings.Contains(a, "${") {
				out = append(out, Effect{Kind: Hidden, Call: call, Text: strings.Join(argv, " "), Offset: off, Built: !strings.Contains(argv[0], "${")})
				return
			}
		}
		if len(argv) > 0 {
			out = append(out, Effect{Kind: Exec, Call: call, Argv: argv, Offset: off})
		}
	}
	for _, m := range mavenConfig.Get().FindAllStringSubmatchIndex(text, -1) {
		conf := text[m[2]:m[3]]
		exe := mavenExe.Get().FindStringSubmatch(conf)
		if exe == nil {
			continue
		}
		argv := []string{unescape.Replace(exe[1])}
		for _, a := range mavenArgument.Get().FindAllStringSubmatch(conf, -1) {
			argv = append(argv, unescape.Replace(a[1]))
		}
		if c := mavenCmdArgs.Get().FindStringSubmatch(conf); c != nil {
			argv = append(argv, strings.Fields(unescape.Replace(c[1]))...)
		}
		emit("exec-maven-plugin", argv, m[2])
	}
	return append(out, antTasks(text, "antrun ")...)
}

// antHome are the properties whose value is the home directory.
var antHome = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"user.home": true, "env.HOME": true}
}}

// antTasks reads the Ant tasks of text (comments blanked): prefix
// begins each call's name ("antrun " in a pom.xml).
func antTasks(text, prefix string) []Effect { return antTasksDefs(text, prefix, nil) }

// antDefines are the properties ant's command line sets (ant -h, 1.10:
// -D<property>=<value>, or -D<property> <value>): they win over the
// file's <property> tasks. A value only known at run time leaves its
// property unset.
func antDefines(argv []Arg) map[string]string {
	out := map[string]string{}
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		rest, ok := strings.CutPrefix(a.Value, "-D")
		if !ok || rest == "" {
			continue
		}
		name, val, eq := strings.Cut(rest, "=")
		known := a.Known
		if !eq {
			if i+1 >= len(argv) {
				continue
			}
			i++
			val, known = argv[i].Value, argv[i].Known
		}
		if known {
			out[name] = val
		} else {
			delete(out, name)
		}
	}
	return out
}

// antLoadsProperties reports a build file that sets properties from
// elsewhere (a properties file, an imported build file, the
// environment): a property it does not set may be set there.
func antLoadsProperties(text string) bool {
	for _, t := range []string{"<property file", "<property resource", "<property url", "<property environment", "<loadproperties", "<xmlproperty", "<import", "<include", "<propertyfile", "<available", "<condition", "<dirname", "<basename", "<tempfile", "<loadfile", "<pathconvert"} {
		if strings.Contains(text, t) {
			return true
		}
	}
	return false
}

// antTasksDefs is antTasks with the command line's properties defs.
func antTasksDefs(text, prefix string, defs map[string]string) []Effect {
	var out []Effect
	// asks reports a property no source of the build sets: ant keeps
	// ${name} as it is only when nothing sets it, so one named next to
	// rm or <delete> is set where corral does not look.
	asks := !antLoadsProperties(text)
	unescape := strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")
	attrs := func(s string) map[string]string {
		out := map[string]string{}
		for _, a := range antAttr.Get().FindAllStringSubmatch(s, -1) {
			out[a[1]] = unescape.Replace(a[2])
		}
		return out
	}
	props := map[string]string{"basedir": "."} // the project's directory, where its tasks run
	for n, v := range defs {
		props[n] = v
	}
	for _, m := range antProperty.Get().FindAllStringSubmatch(text, -1) {
		at := attrs(m[1])
		v, ok := at["value"]
		if !ok {
			v, ok = at["location"]
		}
		if n := at["name"]; n != "" && ok && !antHome.Get()[n] {
			if _, set := props[n]; !set {
				props[n] = v // the first setting wins: properties are immutable
			}
		}
	}
	// expand returns v with the properties it names replaced (several
	// rounds, for one naming another), and whether it begins with the
	// home directory (then "~" or "~/rest").
	expand := func(v string) (string, bool) {
		home := false
		for range 8 {
			if !strings.Contains(v, "${") {
				break
			}
			next := antRef.Get().ReplaceAllStringFunc(v, func(r string) string {
				if p, ok := props[r[2:len(r)-1]]; ok {
					return p
				}
				return r
			})
			if next == v {
				break
			}
			v = next
		}
		for n := range antHome.Get() {
			if rest, ok := strings.CutPrefix(v, "${"+n+"}"); ok && (rest == "" || strings.HasPrefix(rest, "/")) {
				v, home = "~"+rest, true
			}
		}
		return v, home
	}
	for _, m := range antExec.Get().FindAllStringSubmatchIndex(text, -1) {
		at := attrs(text[m[2]:m[3]])
		exe, _ := expand(at["executable"])
		if exe == "" {
			continue
		}
		argv := []string{exe}
		if m[6] >= 0 {
			for _, a := range antArg.Get().FindAllStringSubmatch(text[m[6]:m[7]], -1) {
				aa := attrs(a[1])
				var words []string
				switch {
				case aa["value"] != "":
					words = []string{aa["value"]}
				case aa["line"] != "":
					words = strings.Fields(aa["line"])
				case aa["path"] != "":
					words = []string{aa["path"]}
				case aa["file"] != "":
					words = []string{aa["file"]}
				}
				for _, w := range words {
					v, home := expand(w)
					if home {
						v = HomeMark + v
					}
					argv = append(argv, v)
				}
			}
		}
		call := prefix + "exec"
		if strings.HasPrefix(text[m[0]:], "<apply") {
			call = prefix + "apply"
		}
		hidden := false
		for _, a := range argv {
			if strings.Contains(a, "${") {
				hidden = true
			}
		}
		if hidden {
			out = append(out, Effect{Kind: Hidden, Call: call, Text: unmarkHome(strings.Join(argv, " ")), Offset: m[0], Built: !strings.Contains(argv[0], "${"), Unset: asks && !strings.Contains(argv[0], "${")})
			continue
		}
		out = append(out, Effect{Kind: Exec, Call: call, Argv: argv, Offset: m[0]})
	}
	for _, m := range antDelete.Get().FindAllStringSubmatchIndex(text, -1) {
		at := attrs(text[m[2]:m[3]])
		for _, k := range []string{"dir", "file"} {
			v, home := expand(at[k])
			switch {
			case v == "":
			case strings.Contains(v, "${"):
				out = append(out, Effect{Kind: Hidden, Call: prefix + "delete", Text: v, Offset: m[0], Unset: asks})
			default:
				out = append(out, Effect{Kind: Delete, Call: prefix + "delete", Path: v, Tilde: home, Recursive: k == "dir", Offset: m[0]})
			}
		}
	}
	return out
}

// ant reads a build.xml (see Ant).
func ant(src string) []Effect {
	text := xmlComment.Get().ReplaceAllStringFunc(src, func(c string) string { return strings.Repeat(" ", len(c)) })
	return antTasks(text, "")
}

// antArgv reads a build.xml run by ant with the command line argv.
func antArgv(src string, argv []Arg) []Effect {
	text := xmlComment.Get().ReplaceAllStringFunc(src, func(c string) string { return strings.Repeat(" ", len(c)) })
	return antTasksDefs(text, "", antDefines(argv))
}
