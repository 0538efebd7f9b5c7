package syntax

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
	"github.com/corral-dev/corral/syntax/lang"
)

// Two more ways than LD_PRELOAD for the environment to load compiled
// code into a program, judged as LD_PRELOAD is (preloadOnDisk): a
// library or archive outside the system's directories that is on disk
// before the command asks, since corral cannot read it; one this command
// built or wrote is judged as the loader's variables judge it
// (loadLibrary: its C sources read, else asked about).
//   - OpenSSL reads the configuration file OPENSSL_CONF names when the
//     library starts (every program linked to libcrypto: openssl, curl,
//     python's ssl, git over https), and openssl's subcommands read the
//     one -config FILE names (config(5ssl)): an engine section's
//     dynamic_path = LIB and a provider section's module = LIB make it
//     dlopen LIB, whose constructors run. .include pulls in more files.
//     openssl -engine PATH and -provider-path DIR load the same way.
//   - The JVM takes options from JAVA_TOOL_OPTIONS and _JAVA_OPTIONS
//     (every JVM: java, and mvn, gradle, ./gradlew through it) and the
//     java launcher from JDK_JAVA_OPTIONS (java(1)): -javaagent:JAR runs
//     the jar's premain before main, -agentpath:LIB loads a native
//     agent; @FILE (JDK_JAVA_OPTIONS, the java command line) and
//     -XX:VMOptionsFile=FILE read more options from a file. java
//     -javaagent:JAR on the command line is the same.

// maxConfFiles bounds the OpenSSL configuration or JVM option files
// read for one call (.include and @FILE chains).
const maxConfFiles = 16

// opensslConf judges the OpenSSL configuration call's program loads:
// OPENSSL_CONF given by the command, openssl -config FILE, and the
// libraries openssl -engine and -provider-path name.
func (w *walker) opensslConf(c scope, call *Call) {
	var files []Arg
	vals, open, set := w.envChoices(c, call, "OPENSSL_CONF", true)
	if set && open {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "OPENSSL_CONF",
			What: "OPENSSL_CONF makes OpenSSL in " + call.Name + " read a configuration only known at run time, which can load a library"})
	}
	for _, v := range vals {
		if v != "" {
			files = append(files, Arg{Value: v, Raw: "OPENSSL_CONF", Static: true})
		}
	}
	w.opensslModuleDirs(c, call)
	if call.Name == "openssl" {
		files = append(files, w.opensslOptions(c, call)...)
	}
	seen := map[string]bool{}
	for _, f := range files {
		if !f.Static {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: f.Raw,
				What: "openssl -config names a configuration only known at run time, which can load a library"})
			continue
		}
		w.opensslConfFile(c, call, call.Dir.Join(expandTilde(f.Value, w.home)), f.Raw, seen)
	}
}

// opensslConfFile reads one OpenSSL configuration file (or a directory
// of them, as .include takes) and asks about the libraries it loads: a
// dynamic_path or module value outside the system's directories, or one
// only known at run time ($ENV::NAME, a variable). A file outside the
// system's directories that exists but cannot be read asks too; a
// missing file loads nothing.
func (w *walker) opensslConfFile(c scope, call *Call, d Dir, raw string, seen map[string]bool) {
	if !d.Known || systemPath(d.Path) || seen[d.Path] || len(seen) >= maxConfFiles {
		return
	}
	seen[d.Path] = true
	text, ok := w.readScript(d)
	if !ok {
		if fi, err := os.Stat(d.Path); err == nil && fi.IsDir() && w.read != nil {
			entries, _ := os.ReadDir(d.Path)
			var names []string
			for _, e := range entries {
				if n := e.Name(); strings.HasSuffix(n, ".cnf") || strings.HasSuffix(n, ".conf") {
					names = append(names, n)
				}
			}
			sort.Strings(names)
			for _, n := range names {
				w.opensslConfFile(c, call, d.Join(n), raw, seen)
			}
			return
		}
		if _, err := os.Stat(d.Path); err == nil || w.opaque[d.Path] {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: raw,
				What: raw + " makes OpenSSL in " + call.Name + " read " + d.Path + ", a configuration corral could not read, which can load a library"})
		}
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		var key, val string
		if rest, ok := strings.CutPrefix(line, ".include"); ok {
			key, val = ".include", strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "="))
		} else if k, v, ok := strings.Cut(line, "="); ok {
			key, val = strings.TrimSpace(k), strings.TrimSpace(v)
		} else {
			continue
		}
		val = strings.Trim(val, `"'`)
		if val == "" {
			continue
		}
		switch key {
		case ".include":
			if strings.Contains(val, "$") {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: raw,
					What: d.Path + " includes a configuration only known at run time, which can load a library"})
				continue
			}
			// A relative name is taken from the working directory (or
			// OPENSSL_CONF_INCLUDE); the file's own directory is read
			// too, the cautious side.
			w.opensslConfFile(c, call, call.Dir.Join(val), raw, seen)
			if !filepath.IsAbs(val) {
				w.opensslConfFile(c, call, call.Dir.Join(filepath.Join(filepath.Dir(d.Path), val)), raw, seen)
			}
		case "dynamic_path", "module":
			if strings.Contains(val, "$") {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: raw,
					What: d.Path + " makes OpenSSL in " + call.Name + " load a library only known at run time"})
				continue
			}
			if !strings.Contains(val, "/") {
				continue // a module searched for in OpenSSL's own directory
			}
			w.loadedLibrary(c, call, raw, call.Dir.Join(val), d.Path+" makes OpenSSL in "+call.Name+" load "+val+", a library whose code corral cannot read")
		}
	}
}

// jvmOptionVars are the environment variables the JVM (or the java
// launcher, JDK_JAVA_OPTIONS) takes options from.
var jvmOptionVars = []string{"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"}

// javaAgents judges the agents the JVM options of call load: those of
// the environment variables above the command gives, and java's own
// command line up to the class or -jar.
func (w *walker) javaAgents(c scope, call *Call) {
	seen := map[string]bool{}
	for _, name := range jvmOptionVars {
		vals, open, set := w.envChoices(c, call, name, true)
		if set && open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: name + " gives the JVM in " + call.Name + " options only known at run time, which can load an agent"})
		}
		for _, v := range vals {
			w.jvmOptions(c, call, name, jvmOptionWords(v), seen)
		}
	}
	w.launcherJVMOptions(c, call, seen) // jvmlaunchers.go
	if call.Name != "java" {
		return
	}
	var words []string
	for i := 0; i < len(call.Args); i++ {
		a := call.Args[i]
		if !a.Static {
			if jvmShellDynamic(a.Raw) {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: "java " + clip(a.Raw, 40) + " gives the JVM a command to run only known at run time"})
			}
			if strings.HasPrefix(a.Raw, "-javaagent") || strings.HasPrefix(a.Raw, "-agentpath") || strings.HasPrefix(a.Raw, "-agentlib") || strings.HasPrefix(a.Raw, "@") {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: a.Raw,
					What: "java " + clip(a.Raw, 40) + " loads an agent only known at run time"})
			}
			continue
		}
		v := a.Value
		if v == "-jar" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "@") {
			break // the program and its own arguments
		}
		words = append(words, v)
		if javaValued(v) {
			i++
		}
	}
	w.jvmOptions(c, call, "java", words, seen)
}

// javaValued reports java's options that take the next word.
func javaValued(v string) bool {
	switch v {
	case "-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-modules", "--add-opens", "--add-exports",
		"--enable-native-access", "-splash", "--source", "--upgrade-module-path", "--limit-modules", "--add-reads", "--patch-module":
		return true
	}
	return false
}

// jvmOptions asks about the agents JVM option words load, following
// @FILE and -XX:VMOptionsFile=FILE into the files of more options.
func (w *walker) jvmOptions(c scope, call *Call, from string, words []string, seen map[string]bool) {
	for _, v := range words {
		if w.jvmShellOption(c, call, from, v) { // jvmcommands.go
			continue
		}
		var lib, file string
		switch {
		case strings.HasPrefix(v, "-javaagent:"):
			lib, _, _ = strings.Cut(strings.TrimPrefix(v, "-javaagent:"), "=")
		case strings.HasPrefix(v, "-agentpath:"):
			lib, _, _ = strings.Cut(strings.TrimPrefix(v, "-agentpath:"), "=")
		case strings.HasPrefix(v, "-agentlib:") || strings.HasPrefix(v, "-Xrun"):
			w.javaAgentLib(c, call, from, v) // javaloaded.go
			continue
		case strings.HasPrefix(v, "-XX:VMOptionsFile="):
			file = strings.TrimPrefix(v, "-XX:VMOptionsFile=")
		case strings.HasPrefix(v, "@") && len(v) > 1 && v[1] != '@':
			file = v[1:]
		default:
			continue
		}
		if lib != "" {
			w.loadedLibrary(c, call, from, call.Dir.Join(expandTilde(lib, w.home)), from+" makes the JVM in "+call.Name+" load the agent "+lib+", code corral cannot read")
			continue
		}
		d := call.Dir.Join(expandTilde(file, w.home))
		if !d.Known || seen[d.Path] || len(seen) >= maxConfFiles {
			continue
		}
		seen[d.Path] = true
		if text, ok := w.readScript(d); ok {
			var more []string
			for _, line := range strings.Split(text, "\n") {
				if t := strings.TrimSpace(line); t != "" && t[0] != '#' {
					more = append(more, optionWords(t)...)
				}
			}
			w.jvmOptions(c, call, from, more, seen)
		}
	}
}

// loadedLibrary judges compiled code at d that call's program loads
// through name: one this command built or wrote as the loader's
// variables' (loadLibrary: its sources read, or asked about), one on
// disk outside the system's directories asks with what.
func (w *walker) loadedLibrary(c scope, call *Call, name string, d Dir, what string) {
	if !d.Known {
		return
	}
	_, built := w.compiled[d.Path]
	_, wrote := w.written[d.Path]
	if built || wrote {
		w.loadLibrary(c, call, name, d.Path)
		return
	}
	if w.unreadLibrary(d) {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name, What: what})
	}
}

// awkDirective matches gawk's @load "LIB" and @include "FILE".
var awkDirective = lazy.Regexp{Expr: `@(load|include)[ \t]+"([^"\n]+)"`}

// optionLibraries judges the shared libraries a program loads because its
// own options say so (red team 13 NL): gawk's -l/--load LIB (a name with
// a slash is a path; gawk adds ".so" when the file has none) and the
// @load "LIB" directives of its program (-e/--source text, the program
// operand, -f/-E/-i files and the files they @include), and PHP's -d extension=PATH
// and -d zend_extension=PATH. A library on disk outside the system's
// directories asks, one this command builds or writes is read as its
// sources (loadedLibrary).
func (w *walker) optionLibraries(c scope, call *Call) {
	w.loaderLibraries(c, call) // ldsoloads.go: ld.so --preload, --audit
	lib := func(v, what string) {
		if !strings.Contains(v, "/") {
			if awkNames.Has(call.Name) {
				w.awkLibPath(c, call, v, what) // awklibpath.go
			}
			return // found on the program's own search path
		}
		d := call.Dir.Join(v)
		if !strings.HasSuffix(v, ".so") && call.Name != "php" {
			if _, err := os.Stat(d.Path); err != nil {
				d = call.Dir.Join(v + ".so")
			}
		}
		w.loadedLibrary(c, call, v, d, what)
	}
	switch {
	case awkNames.Has(call.Name):
		opts, operands := ScanOptions(call.Args, OptSpec{ShortVal: "FvfeEilW", LongEq: true,
			LongVal: []string{"field-separator", "assign", "file", "source", "exec", "include", "load"}})
		// The @load "LIB" directives of the program's text, wherever it
		// comes from: -e/--source, the program operand (when neither -e
		// nor -f gives it), the -f/-E/-i files and the files they
		// @include (at most 8).
		seen := map[string]bool{}
		var loads func(text string)
		file := func(v string) {
			d := call.Dir.Join(v)
			if !d.Known || seen[d.Path] || len(seen) >= 8 {
				return
			}
			seen[d.Path] = true
			text, ok := w.readScript(d)
			if !ok && !strings.HasSuffix(v, ".awk") {
				text, ok = w.readScript(call.Dir.Join(v + ".awk")) // gawk -i NAME: NAME.awk too
			}
			if ok {
				loads(text)
			}
		}
		loads = func(text string) {
			for _, m := range awkDirective.Get().FindAllStringSubmatch(text, -1) {
				if m[1] == "load" {
					lib(m[2], call.Name+` @load "`+m[2]+`" loads a shared library corral cannot read`)
				} else {
					file(m[2])
				}
			}
		}
		program := true
		for _, o := range opts {
			switch {
			case (o.Name == "l" || o.Name == "load") && o.HasVal && o.Val.Static:
				lib(o.Val.Value, call.Name+" --load "+o.Val.Value+" loads a shared library corral cannot read")
			case (o.Name == "e" || o.Name == "source") && o.HasVal:
				program = false
				if o.Val.Static {
					loads(o.Val.Value)
				}
			case (o.Name == "f" || o.Name == "file" || o.Name == "E" || o.Name == "exec" || o.Name == "i" || o.Name == "include") && o.HasVal:
				if o.Name != "i" && o.Name != "include" {
					program = false
				}
				if o.Val.Static {
					file(o.Val.Value)
				}
			}
		}
		if program && len(operands) > 0 && call.Args[operands[0]].Static {
			loads(call.Args[operands[0]].Value)
		}
	case call.Name == "curl":
		w.curlEngine(c, call) // curlengine.go
	case call.Name == "ssh" || call.Name == "scp" || call.Name == "sftp" || call.Name == "ssh-keygen":
		w.sshProviders(c, call) // sshproviders.go
	case lang.ForProgram(call.Name) == lang.PHP:
		spec, _ := interpSpecFor(lang.PHP, call.Name)
		opts, _ := ScanOptions(call.Args, spec.opts)
		for _, o := range opts {
			if !o.HasVal || !o.Val.Static {
				continue
			}
			switch o.Name {
			case "z", "zend-extension":
				lib(o.Val.Value, "php -z "+o.Val.Value+" loads a shared library corral cannot read")
			case "d", "define":
				if key, val, ok := strings.Cut(o.Val.Value, "="); ok && (key == "extension" || key == "zend_extension") {
					lib(val, "php -d "+key+"="+val+" loads a shared library corral cannot read")
				} else if ok && key == "extension_dir" {
					w.phpExtensionDir(c, call, opts, val) // phpextdir.go
				} else if ok && key == "ffi.preload" {
					// FFI's headers read at start-up (a list split at
					// ":"): each one's FFI_LIB is dlopen'd then, its
					// constructors run (red team 19 LP1; php 8.2).
					for _, h := range strings.Split(val, ":") {
						if h != "" {
							w.loadedLibrary(c, call, "php -d ffi.preload", call.Dir.Join(h), "php -d ffi.preload="+h+" loads the library that C header names, code corral cannot read")
						}
					}
				}
			}
		}
	}
}
