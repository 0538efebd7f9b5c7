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

var (
	mavenConfig   = lazy.Regexp{Expr: `(?s)<configuration>(.*?)</configuration>`}
	mavenExe      = lazy.Regexp{Expr: `(?s)<executable>\s*(.*?)\s*</executable>`}
	mavenArgument = lazy.Regexp{Expr: `(?s)<argument>\s*(.*?)\s*</argument>`}
	mavenCmdArgs  = lazy.Regexp{Expr: `(?s)<commandlineArgs>\s*(.*?)\s*</commandlineArgs>`}
	antExec       = lazy.Regexp{Expr: `(?s)<exec\b([^>]*?)(/>|>(.*?)</exec>)`}
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
	attrs := func(s string) map[string]string {
		out := map[string]string{}
		for _, a := range antAttr.Get().FindAllStringSubmatch(s, -1) {
			out[a[1]] = unescape.Replace(a[2])
		}
		return out
	}
	for _, m := range antExec.Get().FindAllStringSubmatchIndex(text, -1) {
		at := attrs(text[m[2]:m[3]])
		exe := at["executable"]
		if exe == "" {
			continue
		}
		argv := []string{exe}
		if m[6] >= 0 {
			for _, a := range antArg.Get().FindAllStringSubmatch(text[m[6]:m[7]], -1) {
				aa := attrs(a[1])
				switch {
				case aa["value"] != "":
					argv = append(argv, aa["value"])
				case aa["line"] != "":
					argv = append(argv, strings.Fields(aa["line"])...)
				case aa["path"] != "":
					argv = append(argv, aa["path"])
				}
			}
		}
		emit("antrun exec", argv, m[0])
	}
	for _, m := range antDelete.Get().FindAllStringSubmatchIndex(text, -1) {
		at := attrs(text[m[2]:m[3]])
		for _, k := range []string{"dir", "file"} {
			v := at[k]
			switch {
			case v == "":
			case strings.Contains(v, "${"):
				out = append(out, Effect{Kind: Hidden, Call: "antrun delete", Text: v, Offset: m[0]})
			default:
				out = append(out, Effect{Kind: Delete, Call: "antrun delete", Path: v, Recursive: k == "dir", Offset: m[0]})
			}
		}
	}
	return out
}
