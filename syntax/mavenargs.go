package syntax

import (
	"path/filepath"
	"strings"
)

// Maven takes options from more places than its command line (issue 12,
// class 4): bin/mvn (3.9) puts the words of MAVEN_ARGS before the
// command's own, and MavenCli reads the project's .mvn/maven.config (the
// .mvn directory jvm.config is found in: mavenDotMvn) as more options
// before those (one a line since 3.9, whitespace-split before it). An
// option there is the option on the command line: -f names the pom
// whose plugins run, -s/--settings and -gs/--global-settings name the
// settings whose mirrors and repositories every dependency and plugin is
// downloaded from, and -Dmaven.ext.class.path=JARS loads jars into
// Maven's core (MavenCli's core extensions) as an agent is loaded.
//
// A settings file is judged as a write of ~/.m2/settings.xml is
// (codeconfig.go mavenSettingsURLs, mavenURLRedirects): a mirror's or a
// repository's url off Maven Central asks, unless the user's own
// ~/.m2/settings.xml already names it (the user's mirror, which every
// build uses anyway). A settings file only known at run time, or
// MAVEN_ARGS only known at run time, asks.

// maxMavenConfigWords bounds the words read from .mvn/maven.config.
const maxMavenConfigWords = 4096

// mavenArgs returns the options mvn works with: .mvn/maven.config's,
// MAVEN_ARGS's, then the command's own. ok is false when one of them
// is only known at run time (then asked about).
func (w *walker) mavenArgs(c scope, call *Call) []Arg {
	var args []Arg
	if d := w.mavenDotMvn(c, call); d.Known {
		if text, ok := w.readScript(d.Join("maven.config")); ok {
			for _, line := range strings.Split(text, "\n") {
				t := strings.TrimSpace(line)
				if t == "" || t[0] == '#' {
					continue
				}
				for _, v := range optionWords(t) {
					if len(args) < maxMavenConfigWords {
						args = append(args, Arg{Value: v, Raw: v, Static: true})
					}
				}
			}
		}
	}
	vals, open, set := w.envChoices(c, call, "MAVEN_ARGS", true)
	if set && open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "MAVEN_ARGS",
			What: "MAVEN_ARGS gives " + call.Name + " options only known at run time, which can name the pom, the settings or jars Maven loads"})
	}
	for _, v := range vals {
		// bin/mvn expands $MAVEN_ARGS unquoted: split on white space.
		for _, f := range strings.Fields(v) {
			args = append(args, Arg{Value: f, Raw: f, Static: true})
		}
	}
	return append(args, call.Args...)
}

// mavenOption judges the options of mavenArgs that name code or
// settings Maven loads: -s/-gs settings, -Dmaven.ext.class.path.
func (w *walker) mavenOption(c scope, call *Call, o Option) {
	switch o.Name {
	case "s", "settings", "gs", "global-settings":
		if !o.HasVal {
			return
		}
		if !o.Val.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
				What: call.Name + " builds with the settings " + o.Val.Raw + ", only known at run time, whose mirrors decide where every dependency and plugin is downloaded from"})
			return
		}
		d := call.Dir.Join(expandTilde(o.Val.Value, w.home))
		if !d.Known || w.home != "" && d.Path == filepath.Join(w.home, ".m2", "settings.xml") {
			return
		}
		text, ok := w.readScript(d)
		if !ok {
			return
		}
		trusted := map[string]bool{}
		if w.home != "" {
			if t, ok := w.readScript(Dir{Path: filepath.Join(w.home, ".m2", "settings.xml"), Known: true}); ok {
				for _, u := range mavenSettingsURLs(t) {
					trusted[u] = true
				}
			}
		}
		for _, u := range mavenSettingsURLs(text) {
			if trusted[u] || !mavenURLRedirects(u) {
				continue
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: u,
				What: call.Name + " builds with the settings " + o.Val.Value + ", whose repository url " + clip(u, 60) + " every dependency and plugin (code the build runs) is then downloaded from"})
			return
		}
	case "D", "define":
		if !o.HasVal {
			return
		}
		name, val, _ := strings.Cut(o.Val.Value, "=")
		if name != "maven.ext.class.path" {
			return
		}
		if !o.Val.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: o.Val.Raw,
				What: call.Name + " loads the jars " + o.Val.Raw + ", only known at run time, into Maven's core"})
			return
		}
		for _, jar := range strings.Split(val, ":") {
			if jar == "" {
				continue
			}
			w.loadedLibrary(c, call, "maven.ext.class.path", call.Dir.Join(expandTilde(jar, w.home)),
				"maven.ext.class.path makes "+call.Name+" load "+jar+" into Maven's core, code corral cannot read")
		}
	}
}
