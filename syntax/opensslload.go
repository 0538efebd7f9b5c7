package syntax

import (
	"path/filepath"
	"strings"
)

// OpenSSL loads compiled code by name from directories the environment
// and its options choose (red team 18 LP1), besides the configuration
// files opensslConf reads:
//   - a provider named by -provider NAME (and one a configuration
//     activates by name) is NAME.so in the -provider-path directory, else
//     in the directory OPENSSL_MODULES names, else OpenSSL's own
//     (provider(7ossl), openssl(1ssl): "use -provider-path option or
//     OPENSSL_MODULES environment variable"); -provider PATH loads PATH;
//   - an engine named by id (-engine ID, openssl engine ID) that is not
//     built in is loaded by the dynamic engine from the directory
//     OPENSSL_ENGINES names, else OpenSSL's own; an id that is a path is
//     loaded as the dynamic engine's SO_PATH (openssl-engine(1ssl));
//   - openssl engine dynamic -pre SO_PATH:LIB -pre LOAD loads LIB, and
//     -pre DIR_ADD:DIR adds DIR to the directories searched;
//   - OpenSSL's options take one dash or two and a value attached after
//     "=" (-provider-path=DIR, --engine ./x.so), with no abbreviation.
//
// A directory outside the system's that holds a shared library asks,
// as -provider-path does; a library this command built or wrote is
// judged as the loader's variables judge it (loadedLibrary).

// opensslModuleVars are the variables naming the directories OpenSSL
// loads providers (OPENSSL_MODULES) and engines (OPENSSL_ENGINES) from
// by name.
var opensslModuleVars = [...]string{"OPENSSL_MODULES", "OPENSSL_ENGINES"}

// opensslModuleDirs judges OPENSSL_MODULES and OPENSSL_ENGINES as the
// program call starts gets them: every program linked to libcrypto
// loads a provider a configuration activates by name from there, and
// openssl's -provider NAME and -engine ID.
func (w *walker) opensslModuleDirs(c scope, call *Call) {
	for _, name := range opensslModuleVars {
		vals, open, set := w.envChoices(c, call, name, true)
		if set && open {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: name + " makes OpenSSL in " + call.Name + " load modules from a directory only known at run time"})
		}
		for _, v := range vals {
			if v != "" {
				w.opensslLibDir(call, name, call.Dir.Join(expandTilde(v, w.home)), name)
			}
		}
	}
}

// opensslLibDir asks about d, a directory OpenSSL loads libraries from
// by name, when it is outside the system's and holds one corral cannot
// read.
func (w *walker) opensslLibDir(call *Call, how string, d Dir, raw string) {
	if !d.Known || systemPath(d.Path+"/") || w.read == nil {
		return
	}
	if lib := libraryOnDisk(d.Path, w); lib != "" {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: raw,
			What: how + " makes OpenSSL in " + call.Name + " load modules from " + d.Path + ", which holds " + lib + ", a library whose code corral cannot read"})
	}
}

// opensslOpt splits an openssl option word: its name without the one or
// two dashes, and a value attached after "=". ok is false for a word
// that is no option.
func opensslOpt(a Arg) (name string, val Arg, attached, ok bool) {
	v := a.Value
	if !strings.HasPrefix(v, "-") || v == "-" || v == "--" {
		return "", Arg{}, false, false
	}
	v = strings.TrimPrefix(strings.TrimPrefix(v, "-"), "-")
	if n, rest, eq := strings.Cut(v, "="); eq {
		return n, Arg{Value: rest, Raw: a.Raw, Static: a.Static}, true, true
	}
	return v, Arg{}, false, true
}

// opensslOptions reads the options of an openssl call that load code:
// it returns the configuration files -config names, and judges the
// libraries -engine, -provider, -provider-path, the engine command's
// -pre/-post commands and its engine ids load.
func (w *walker) opensslOptions(c scope, call *Call) []Arg {
	var files, providers, provPaths []Arg
	args := call.Args
	sub := ""
	for i := 0; i < len(args); i++ {
		name, val, attached, ok := opensslOpt(args[i])
		if !ok {
			if sub == "" {
				sub = args[i].Value
			} else if sub == "engine" {
				w.opensslEngineID(c, call, args[i])
			}
			continue
		}
		switch name {
		case "config", "engine", "provider", "provider-path", "pre", "post":
		default:
			continue
		}
		if !attached {
			if i+1 >= len(args) {
				break
			}
			i++
			val = args[i]
		}
		switch name {
		case "config":
			files = append(files, val)
		case "engine":
			w.opensslEngineID(c, call, val)
		case "provider":
			if !val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "openssl -provider loads a provider only known at run time"})
			} else if strings.Contains(val.Value, "/") {
				w.loadedLibrary(c, call, "openssl -provider", call.Dir.Join(expandTilde(val.Value, w.home)), "openssl -provider loads "+val.Value+", a library whose code corral cannot read")
			} else {
				providers = append(providers, val)
			}
		case "provider-path":
			provPaths = append(provPaths, val)
			if !val.Static {
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: val.Raw,
					What: "openssl -provider-path makes it load providers from a directory only known at run time"})
				continue
			}
			w.opensslLibDir(call, "openssl -provider-path", call.Dir.Join(expandTilde(val.Value, w.home)), val.Raw)
		case "pre", "post":
			w.opensslEngineCtrl(c, call, "openssl engine -"+name, val)
		}
	}
	// A provider by name made by this command in a directory it is
	// searched in (cc -shared -o mods/x.so x.c; openssl … -provider-path
	// mods -provider x): judged as the loader's variables judge it.
	if len(providers) > 0 {
		dirs := provPaths
		if v, known, set := w.envOf(c, call, "OPENSSL_MODULES"); set && known {
			dirs = append(dirs, Arg{Value: v, Raw: "OPENSSL_MODULES", Static: true})
		}
		for _, d := range dirs {
			if !d.Static {
				continue
			}
			for _, p := range providers {
				lib := call.Dir.Join(expandTilde(d.Value, w.home)).Join(p.Value + ".so")
				if lib.Known && w.knownHere(lib.Path) {
					w.loadedLibrary(c, call, "openssl -provider "+p.Value, lib, "openssl -provider "+p.Value+" loads "+lib.Path)
				}
			}
		}
	}
	return files
}

// opensslEngineID judges an engine id openssl loads (-engine ID, an
// operand of openssl engine): one with a slash is a library the dynamic
// engine loads by its path.
func (w *walker) opensslEngineID(c scope, call *Call, id Arg) {
	if !id.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: id.Raw,
			What: "openssl -engine loads an engine only known at run time"})
		return
	}
	if strings.Contains(id.Value, "/") {
		w.loadedLibrary(c, call, "openssl -engine", call.Dir.Join(expandTilde(id.Value, w.home)), "openssl -engine loads "+id.Value+", a library whose code corral cannot read")
	}
}

// opensslEngineCtrl judges a control command openssl engine -pre/-post
// sends the engine before or after loading it: the dynamic engine's
// SO_PATH:LIB loads LIB, DIR_ADD:DIR searches DIR for it.
func (w *walker) opensslEngineCtrl(c scope, call *Call, how string, v Arg) {
	if !v.Static {
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: v.Raw,
			What: how + " sends the engine a command only known at run time, which can load a library"})
		return
	}
	cmd, arg, _ := strings.Cut(v.Value, ":")
	switch strings.ToUpper(cmd) {
	case "SO_PATH":
		if arg == "" {
			return
		}
		if !strings.Contains(arg, "/") {
			// A bare name the loader searches for (libNAME.so in the
			// DIR_ADD directories, or the system's).
			return
		}
		w.loadedLibrary(c, call, how, call.Dir.Join(expandTilde(arg, w.home)), how+" "+v.Value+" loads "+filepath.Clean(arg)+", a library whose code corral cannot read")
	case "DIR_ADD":
		if arg != "" {
			w.opensslLibDir(call, how+" DIR_ADD", call.Dir.Join(expandTilde(arg, w.home)), v.Raw)
		}
	}
}
