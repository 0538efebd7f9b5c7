package syntax

import (
	"os"
	"path/filepath"
	"strings"
)

// Issue 12 ("writes through every door"): a configuration file that makes
// a program run code, or move what it writes, can be written directly as
// well as through the program's own setter. git config --global
// core.fsmonitor CMD is judged (programs.go gitConfig); the same line
// echoed into ~/.gitconfig sets the same thing for every later git
// command the user runs. A write whose text corral knows (echo, printf, a
// here-document, cp of a file it reads) is judged by the settings it
// adds, each as the program's own command would be:
//
//   - git's global configuration (~/.gitconfig, $XDG_CONFIG_HOME/git/config
//     or ~/.config/git/config, $GIT_CONFIG_GLOBAL, and the files their
//     include.path and includeIf.*.path name): each new setting as git
//     config --global KEY VALUE (gitConfig), so core.fsmonitor = rm -rf ~
//     denies, a download piped to sh asks and user.name passes;
//   - cargo's configuration (.cargo/config.toml, .cargo/config, in a
//     project or CARGO_HOME): each program key (build.rustc-wrapper,
//     build.rustc, target.*.runner and .linker, rustflags' -C linker,
//     build.rustdoc, credential providers) as cargo --config KEY=VALUE
//     judges it, and each [alias] as the cargo command line it makes;
//   - wget's and curl's start-up files (~/.wgetrc, ~/.curlrc, and
//     $XDG_CONFIG_HOME/.curlrc): a setting that names where downloads or
//     logs go, or a program (wget's use_askpass, curl's engine), asks, as
//     the downloads corral cannot keep in the sandbox do;
//   - Gradle's user properties (~/.gradle/gradle.properties):
//     org.gradle.jvmargs and org.gradle.java.home, the options and the
//     java of every later build's daemon, ask;
//   - Maven's user settings (~/.m2/settings.xml): a mirror's, or a
//     profile's repository's or pluginRepository's, <url> off Maven
//     Central (https://repo.maven.apache.org, repo1.maven.org) asks, as
//     a package index setting does (pkgindexfile.go); file:// passes;
//   - MIME associations (mimeapps.list in $XDG_CONFIG_HOME or
//     ~/.config, DESKTOP-mimeapps.list there, and the deprecated
//     mimeapps.list and defaults.list in ~/.local/share/applications):
//     each desktop entry a new [Default Applications] or [Added
//     Associations] line names is found where the MIME Applications
//     Associations specification looks for it (the applications
//     directories of $XDG_DATA_HOME, ~/.local/share, and
//     $XDG_DATA_DIRS, /usr/local/share:/usr/share by default; "a-b.desktop"
//     also as a/b.desktop), written by the same command or on disk, and
//     its Exec lines are judged as a desktop entry write's are, because
//     xdg-open now runs them for that type or URL scheme;
//   - X resources (~/.Xresources, ~/.Xdefaults, ~/.Xdefaults-HOST):
//     URxvt's perl-ext-common, perl-ext and perl-lib (Perl code every
//     terminal loads) and print-pipe (a command) ask; colours and fonts
//     pass.
//
// A write whose text only run time knows (a download, a copy of a file
// corral cannot read, a variable) asks for every one of these files.

// codeConfigWrite is a write of a code-running configuration file the
// call being walked makes: its text, when known.
type codeConfigWrite struct {
	path, text string
	known      bool
}

// codeConfigKind is the format of a code-running configuration file.
type codeConfigKind int

const (
	notCodeConfig codeConfigKind = iota
	gitConfigFile
	cargoCodeConfigFile
	wgetrcFile
	curlrcFile
	gradlePropertiesFile
	desktopEntryFile
	mavenSettingsFile
	xresourcesFile
	mimeappsFile
)

// codeConfigKindOf returns what path is to the programs that read it.
func (w *walker) codeConfigKindOf(path string) codeConfigKind {
	base := filepath.Base(path)
	parent := filepath.Base(filepath.Dir(path))
	if (base == "config.toml" || base == "config") && parent == ".cargo" {
		return cargoCodeConfigFile
	}
	if w.home == "" {
		return notCodeConfig
	}
	if strings.HasSuffix(base, ".desktop") && strings.HasPrefix(path, filepath.Join(w.home, ".local", "share", "applications")+"/") {
		return desktopEntryFile
	}
	if isMimeappsList(path, w.home) {
		return mimeappsFile
	}
	for _, f := range w.gitGlobalFiles() {
		if f == path {
			return gitConfigFile
		}
	}
	switch path {
	case filepath.Join(w.home, ".wgetrc"):
		return wgetrcFile
	case filepath.Join(w.home, ".curlrc"), filepath.Join(xdgConfigHome(w.home), ".curlrc"):
		return curlrcFile
	case filepath.Join(w.home, ".gradle", "gradle.properties"):
		return gradlePropertiesFile
	case filepath.Join(w.home, ".m2", "settings.xml"):
		return mavenSettingsFile
	case filepath.Join(w.home, ".Xresources"), filepath.Join(w.home, ".Xdefaults"):
		return xresourcesFile
	}
	if filepath.Dir(path) == w.home && strings.HasPrefix(base, ".Xdefaults-") {
		// ~/.Xdefaults-HOSTNAME, which libX11 reads when no
		// resources were loaded with xrdb (X(7) "RESOURCES").
		return xresourcesFile
	}
	if v := os.Getenv("WGETRC"); filepath.IsAbs(v) && filepath.Clean(v) == path {
		return wgetrcFile
	}
	if v := os.Getenv("CURL_HOME"); filepath.IsAbs(v) && filepath.Join(v, ".curlrc") == path {
		return curlrcFile
	}
	return notCodeConfig
}

// xdgConfigHome is $XDG_CONFIG_HOME when absolute, else ~/.config.
func xdgConfigHome(home string) string {
	if v := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return filepath.Join(home, ".config")
}

// gitGlobalFiles are the files git reads as the user's global
// configuration (git-config(1) FILES: $XDG_CONFIG_HOME/git/config, else
// ~/.config/git/config, and ~/.gitconfig; both are written by one name or
// the other whatever git reads; $GIT_CONFIG_GLOBAL), and the files their
// include.path and includeIf.*.path settings name, one level down.
func (w *walker) gitGlobalFiles() []string {
	if w.gitGlobalSeen {
		return w.gitGlobalList
	}
	w.gitGlobalSeen = true
	w.gitGlobalList = w.readGitGlobalFiles()
	return w.gitGlobalList
}

func (w *walker) readGitGlobalFiles() []string {
	files := []string{
		filepath.Join(w.home, ".gitconfig"),
		filepath.Join(w.home, ".config", "git", "config"),
	}
	if x := filepath.Join(xdgConfigHome(w.home), "git", "config"); x != files[1] {
		files = append(files, x)
	}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); filepath.IsAbs(g) && g != os.DevNull {
		files = append(files, filepath.Clean(g))
	}
	if w.read == nil {
		return files
	}
	n := len(files)
	for _, f := range files[:n] {
		text, err := w.read(f)
		if err != nil || len(text) > 64<<10 {
			continue
		}
		gitConfigLines(strings.NewReader(text), 64<<10, func(section, key, value string) {
			s := strings.ToLower(section)
			if !strings.EqualFold(key, "path") || s != "include" && !strings.HasPrefix(s, "includeif.") || value == "" {
				return
			}
			p := expandTilde(value, w.home)
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(f), p)
			}
			files = append(files, filepath.Clean(p))
		})
	}
	return files
}

// noteCodeConfig records a write of path (text known or not) when path is
// a code-running configuration file; judged after the call's writes are
// noted (codeConfigWrites).
func (w *walker) noteCodeConfig(path, text string, known bool) {
	if !w.indexCollect || w.codeConfigKindOf(path) == notCodeConfig {
		return
	}
	w.codeConfigPending = append(w.codeConfigPending, codeConfigWrite{path: path, text: text, known: known})
}

// codeConfigWrites judges the code-running configuration files call
// wrote (codeConfigPending): the settings each adds, or, for text only
// known at run time, the write itself.
func (w *walker) codeConfigWrites(c scope, call *Call) {
	pending := w.codeConfigPending
	w.codeConfigPending = nil
	for _, cw := range pending {
		kind := w.codeConfigKindOf(cw.path)
		if !cw.known {
			if kind == cargoCodeConfigFile && call.Name == "cargo" {
				// cargo vendor DIR > .cargo/config.toml: what cargo
				// prints is the [source] replacement of the vendored
				// directory (cargo-vendor(1)), which names no program.
				continue
			}
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: cw.path,
				What: call.Name + " writes " + cw.path + ", " + codeConfigWhat(kind) + ", with text only known at run time"})
			continue
		}
		before := ""
		if w.read != nil {
			if t, err := w.read(cw.path); err == nil && len(t) <= maxIndexFileText {
				before = t
			}
		}
		switch kind {
		case gitConfigFile:
			old := map[string]bool{}
			gitConfigLines(strings.NewReader(before), 64<<10, func(section, key, value string) {
				old[strings.ToLower(section+"."+key)+"="+value] = true
			})
			inner := *call
			gitConfigLines(strings.NewReader(cw.text), 64<<10, func(section, key, value string) {
				kv := section + "." + key + "=" + value
				if old[strings.ToLower(section+"."+key)+"="+value] {
					return
				}
				w.gitConfig(c, &inner, &Arg{Value: value, Raw: value, Static: true}, kv)
			})
		case cargoCodeConfigFile:
			old := map[string]bool{}
			for _, e := range tomlEntries(before) {
				old[e.table+"\x00"+e.key+"\x00"+e.value] = true
			}
			var added []tomlEntry
			for _, e := range tomlEntries(cw.text) {
				if !old[e.table+"\x00"+e.key+"\x00"+e.value] {
					added = append(added, e)
				}
			}
			inner := *call
			inner.Dir = Dir{Path: filepath.Dir(filepath.Dir(cw.path)), Known: true}
			w.cargoEntriesPrograms(c, call, &inner, added)
		case desktopEntryFile:
			old := map[string]bool{}
			for _, l := range desktopExecLines(before) {
				old[l] = true
			}
			for _, l := range desktopExecLines(cw.text) {
				if !old[l] {
					w.child(c, call, l, nil, "desktop entry Exec", false)
				}
			}
		case mavenSettingsFile:
			old := map[string]bool{}
			for _, u := range mavenSettingsURLs(before) {
				old[u] = true
			}
			for _, u := range mavenSettingsURLs(cw.text) {
				if old[u] || !mavenURLRedirects(u) {
					continue
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: u,
					What: call.Name + " writes the repository url " + clip(u, 60) + " into " + cw.path + ", " + codeConfigWhat(kind)})
			}
		case mimeappsFile:
			w.mimeappsWrite(c, call, before, cw.text)
		case wgetrcFile, curlrcFile, gradlePropertiesFile, xresourcesFile:
			old := map[string]bool{}
			for _, kv := range rcSettings(before) {
				old[kv[0]+"="+kv[1]] = true
			}
			for _, kv := range rcSettings(cw.text) {
				if old[kv[0]+"="+kv[1]] || !rcKeyMoves(kind, kv[0]) {
					continue
				}
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: kv[1],
					What: call.Name + " writes " + clip(kv[0], 30) + " = " + clip(kv[1], 60) + " into " + cw.path + ", " + codeConfigWhat(kind)})
			}
		}
	}
}

// codeConfigWhat says what a kind of file does for the program that reads it.
func codeConfigWhat(kind codeConfigKind) string {
	switch kind {
	case gitConfigFile:
		return "git's global configuration, whose settings (core.fsmonitor, aliases, pagers, filters) every later git command runs"
	case cargoCodeConfigFile:
		return "cargo's configuration, whose wrappers, linkers, runners and aliases every later cargo build runs"
	case wgetrcFile:
		return "wget's start-up file, which decides where every later download and log goes and which programs wget runs"
	case curlrcFile:
		return "curl's start-up file, which decides where every later download and trace goes"
	case gradlePropertiesFile:
		return "Gradle's user properties, which give every later build's Java process its options and its java"
	case desktopEntryFile:
		return "a desktop entry, whose Exec line the desktop runs when the user opens the application or a file it handles"
	case mavenSettingsFile:
		return "Maven's user settings, whose mirrors and repositories every later build downloads its dependencies and plugins from"
	case xresourcesFile:
		return "the user's X resources, whose URxvt perl-ext and perl-lib settings load Perl code into every later terminal"
	case mimeappsFile:
		return "the user's MIME associations, which pick the desktop entry whose Exec line xdg-open and the file managers run for a type of file or link"
	}
	return "a configuration file"
}

// rcSettings reads a wgetrc, curlrc or properties text as KEY, VALUE
// pairs: "key = value", "key: value", "key value", "--key value", "-k
// value" (curl(1) -K: a leading dash or two is optional, the separator
// white space, = or :), keys as written.
func rcSettings(text string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		line = strings.TrimLeft(line, "-")
		end := strings.IndexAny(line, " \t=:")
		key, val := line, ""
		if end >= 0 {
			key = line[:end]
			val = strings.TrimLeft(line[end:], " \t")
			if val != "" && (val[0] == '=' || val[0] == ':') {
				val = strings.TrimSpace(val[1:])
			}
		}
		val = strings.Trim(val, `"`)
		out = append(out, [2]string{key, val})
	}
	return out
}

// rcKeyMoves reports a start-up file key that names where a program
// writes or a program it runs: wget's wgetrc commands (wget(1) "Wgetrc
// Commands": output_document -O, dir_prefix -P, logfile -o, append_output
// -a, save_cookies, warc_file, use_askpass, which runs a program; '-'
// and '_' are the same there); curl's long and short options (curl(1):
// -o/--output, --output-dir, -O/--remote-name(-all), -J, -D/--dump-header,
// -c/--cookie-jar, --trace, --trace-ascii, --stderr, --libcurl,
// --etag-save, --hsts, --alt-svc, --create-dirs, -K/--config, which reads
// another file of options, --engine, which loads a library); Gradle's
// org.gradle.jvmargs and org.gradle.java.home.
func rcKeyMoves(kind codeConfigKind, key string) bool {
	switch kind {
	case wgetrcFile:
		switch strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(key, "-", ""), "_", "")) {
		case "outputdocument", "dirprefix", "logfile", "appendoutput", "savecookies", "warcfile", "useaskpass":
			return true
		}
	case curlrcFile:
		switch key {
		case "o", "output", "output-dir", "O", "remote-name", "remote-name-all", "J", "remote-header-name", "D", "dump-header",
			"c", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "hsts", "alt-svc", "create-dirs",
			"K", "config", "engine":
			return true
		}
	case gradlePropertiesFile:
		switch key {
		case "org.gradle.jvmargs", "org.gradle.java.home":
			return true
		}
	case xresourcesFile:
		// A resource line is NAME: VALUE, NAME a path of components
		// joined by . or * (X(7) "RESOURCES"); urxvt(1): perl-ext-common
		// and perl-ext name the Perl extensions every terminal loads,
		// perl-lib the directory they are loaded from, print-pipe a
		// command it runs.
		name := key[strings.LastIndexAny(key, ".*")+1:]
		switch strings.ToLower(name) {
		case "perl-ext", "perl-ext-common", "perl-lib", "print-pipe":
			return true
		}
	}
	return false
}

// mavenSettingsURLs returns the text of every <url> element of a Maven
// settings.xml: in settings(5) (the Settings Reference) only a mirror's,
// and a profile's repository's and pluginRepository's, urls are <url>.
// Bounded: at most 256 urls.
func mavenSettingsURLs(text string) []string {
	var out []string
	for len(out) < 256 {
		i := strings.Index(text, "<url>")
		if i < 0 {
			break
		}
		text = text[i+len("<url>"):]
		j := strings.Index(text, "</url>")
		if j < 0 {
			out = append(out, strings.TrimSpace(text))
			break
		}
		out = append(out, strings.TrimSpace(text[:j]))
		text = text[j:]
	}
	return out
}

// mavenURLRedirects reports a Maven repository url that is neither Maven
// Central over https (repo.maven.apache.org, repo1.maven.org) nor a local
// file:// one: builds would take their dependencies and plugins from
// elsewhere. A ${property} is only known when Maven reads the file.
func mavenURLRedirects(u string) bool {
	if strings.Contains(u, "${") {
		return true
	}
	if strings.HasPrefix(u, "file:") {
		return false
	}
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok {
		return true
	}
	host, _, _ := strings.Cut(rest, "/")
	switch strings.ToLower(host) {
	case "repo.maven.apache.org", "repo1.maven.org":
		return false
	}
	return true
}

// IsCodeConfigFile reports whether path (absolute) is a configuration
// file whose settings make a program run code or move what it writes,
// for the user whose home directory is home: git's global configuration
// and the files it includes, cargo's configuration, ~/.wgetrc, ~/.curlrc,
// ~/.gradle/gradle.properties, ~/.m2/settings.xml, ~/.Xresources and
// ~/.Xdefaults. A Write or Edit of one is judged as the
// same text written by the shell is (cmd/corral/app codeConfigWrite).
func IsCodeConfigFile(path, home string) bool {
	w := &walker{home: home, read: func(p string) (string, error) {
		fi, err := os.Stat(p)
		if err != nil {
			return "", err
		}
		if !fi.Mode().IsRegular() || fi.Size() > maxIndexFileText {
			return "", os.ErrInvalid
		}
		b, err := os.ReadFile(p)
		return string(b), err
	}}
	return w.codeConfigKindOf(filepath.Clean(path)) != notCodeConfig
}

// desktopExecLines returns the command lines of a desktop entry's Exec=
// keys (the Desktop Entry Specification's Exec key, also in [Desktop
// Action] groups), with the field codes (%f, %F, %u, %U, %i, %c, %k, and
// the deprecated ones) removed and %% kept as %.
func desktopExecLines(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		k, v, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(k) != "Exec" {
			continue
		}
		var b strings.Builder
		v = strings.TrimSpace(v)
		for i := 0; i < len(v); i++ {
			if v[i] == '%' && i+1 < len(v) {
				i++
				if v[i] == '%' {
					b.WriteByte('%')
				}
				continue
			}
			b.WriteByte(v[i])
		}
		if l := strings.TrimSpace(b.String()); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// isMimeappsList reports a file the MIME Applications Associations
// specification reads the user's associations from: mimeapps.list and
// DESKTOP-mimeapps.list in $XDG_CONFIG_HOME (~/.config), and the
// deprecated mimeapps.list and defaults.list in the user's applications
// directory ($XDG_DATA_HOME/applications).
func isMimeappsList(path, home string) bool {
	dir, base := filepath.Dir(path), filepath.Base(path)
	switch dir {
	case xdgConfigHome(home), filepath.Join(home, ".config"):
		return base == "mimeapps.list" || strings.HasSuffix(base, "-mimeapps.list")
	case filepath.Join(xdgDataHome(home), "applications"), filepath.Join(home, ".local", "share", "applications"):
		return base == "mimeapps.list" || base == "defaults.list"
	}
	return false
}

// xdgDataHome is $XDG_DATA_HOME when absolute, else ~/.local/share.
func xdgDataHome(home string) string {
	if v := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(v) {
		return filepath.Clean(v)
	}
	return filepath.Join(home, ".local", "share")
}

// mimeappsEntries returns the desktop ids a mimeapps.list text
// associates with a type: the values (';'-separated) of the [Default
// Applications] and [Added Associations] groups ([Removed Associations]
// takes associations away); lines before the first group header are in
// group (an append joins the group the file ends in). Bounded: at most
// 256 ids.
func mimeappsEntries(text, group string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if line[0] == '[' {
			group = strings.Trim(line, "[]")
			continue
		}
		if group != "Default Applications" && group != "Added Associations" {
			continue
		}
		_, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		for _, id := range strings.Split(v, ";") {
			if id = strings.TrimSpace(id); id != "" && len(out) < 256 {
				out = append(out, id)
			}
		}
	}
	return out
}

// lastMimeappsGroup is the group a mimeapps.list text ends in.
func lastMimeappsGroup(text string) string {
	group := ""
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "[") {
			group = strings.Trim(line, "[]")
		}
	}
	return group
}

// mimeappsWrite judges the desktop entries a write of a mimeapps.list
// newly associates: each entry's Exec lines, as a desktop entry write's.
func (w *walker) mimeappsWrite(c scope, call *Call, before, text string) {
	old := map[string]bool{}
	for _, id := range mimeappsEntries(before, "") {
		old[id] = true
	}
	for _, id := range mimeappsEntries(text, lastMimeappsGroup(before)) {
		if !old[id] {
			old[id] = true
			w.associatedEntry(c, call, id)
		}
	}
}

// associatedEntry judges the Exec lines of the desktop entry id, found
// where the MIME Applications Associations specification looks for it,
// which an association makes xdg-open run.
func (w *walker) associatedEntry(c scope, call *Call, id string) {
	if !strings.HasSuffix(id, ".desktop") || strings.Contains(id, "/") || w.home == "" {
		return
	}
	dirs := []string{filepath.Join(xdgDataHome(w.home), "applications")}
	data := os.Getenv("XDG_DATA_DIRS")
	if data == "" {
		data = "/usr/local/share:/usr/share"
	}
	for _, d := range strings.Split(data, ":") {
		if filepath.IsAbs(d) && len(dirs) < 16 {
			dirs = append(dirs, filepath.Join(d, "applications"))
		}
	}
	names := []string{id}
	if a, b, ok := strings.Cut(id, "-"); ok {
		names = append(names, filepath.Join(a, b))
	}
	for _, d := range dirs {
		for _, n := range names {
			entry, ok := w.readScript(Dir{Path: filepath.Join(d, n), Known: true})
			if !ok {
				continue
			}
			for _, l := range desktopExecLines(entry) {
				w.child(c, call, l, nil, "desktop entry Exec", false)
			}
			return
		}
	}
}

// mimeSetter judges the desktop entry the associations' own setters
// write into mimeapps.list: xdg-mime default APP.desktop TYPE…,
// xdg-settings set default-web-browser APP.desktop and set
// default-url-scheme-handler SCHEME APP.desktop, gio mime TYPE APP.desktop.
func (w *walker) mimeSetter(c scope, call *Call) {
	a := call.Args
	var id *Arg
	switch {
	case call.Name == "xdg-mime" && len(a) >= 3 && a[0].Value == "default":
		id = &a[1]
	case call.Name == "xdg-settings" && len(a) >= 3 && a[0].Value == "set":
		id = &a[len(a)-1]
	case call.Name == "gio" && len(a) >= 3 && a[0].Value == "mime":
		id = &a[2]
	default:
		return
	}
	if !id.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: id.Raw,
			What: call.Name + " makes " + id.Raw + ", a desktop entry only known at run time, the handler xdg-open runs"})
		return
	}
	w.associatedEntry(c, call, id.Value)
}
