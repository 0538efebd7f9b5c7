package syntax

import (
	"path/filepath"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Programs that run a start-up file from the user's home or
// configuration directory (homeRCSpecs: gdb's .gdbinit, vim's .vimrc,
// nvim's init.vim/init.lua, emacs's init file, irb's .irbrc, psql's
// .psqlrc, R's .Rprofile) take it from the HOME of
// their environment and from XDG_CONFIG_HOME (else HOME/.config): a
// command that gives them another HOME or XDG_CONFIG_HOME (HOME=DIR gdb
// -batch, export XDG_CONFIG_HOME=DIR; nvim) makes them run a file the
// agent can write. Those files are read as the program's code, as the
// user's own would be if the agent could write them (it cannot: they
// are protected). The variable naming the file instead (IRBRC, PSQLRC,
// R_PROFILE_USER) is read the same way, and vim's VIMINIT/EXINIT and
// lua's LUA_INIT are code themselves. A directory or file only known at
// run time asks.

// homeRC judges the start-up files call's program runs from the home.
func (w *walker) homeRC(c scope, call *Call) {
	key := call.Name
	switch {
	case key == "nvim" || key == "nvimdiff":
		key = "nvim"
	case vimNames.Has(key):
		if strings.HasPrefix(key, "r") {
			return // restricted: no shell commands from any vimrc
		}
		key = "vim"
	case strings.HasPrefix(key, "emacs-"):
		key = "emacs"
	case lang.ForProgram(key) == lang.Lua:
		w.luaInit(c, call)
		return
	}
	spec, ok := homeRCSpecs.Get()[key]
	if !ok {
		return
	}
	for _, a := range call.Args {
		if a.Value == "--args" || a.Value == "--" {
			break
		}
		for _, o := range spec.off {
			if a.Value == strings.TrimSuffix(o, "=") || strings.HasSuffix(o, "=") && strings.HasPrefix(a.Value, o) {
				return
			}
		}
		if key == "vim" && (a.Value == "-es" || a.Value == "-Es") {
			return // silent Ex mode skips the initializations
		}
	}
	if key == "vim" || key == "nvim" {
		for _, name := range []string{"VIMINIT", "EXINIT"} {
			v, known, set := w.envOf(c, call, name)
			switch {
			case !set:
				continue
			case !known:
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
					What: call.Name + " runs the commands of " + name + ", only known at run time"})
			default:
				w.program(c, call, lang.Ex, v, name, false, "")
			}
			return // VIMINIT is run instead of the vimrc
		}
	}
	if key == "R" {
		// R runs the working directory's .Rprofile in place of the
		// home's (R_PROFILE_USER names another).
		if _, _, set := w.envOf(c, call, spec.envFile); !set {
			if _, ok := w.readScript(call.Dir.Join(".Rprofile")); ok {
				w.rcFiles(c, call, lang.R, ".Rprofile")
				return
			}
		}
	}
	if spec.envFile != "" {
		if v, known, set := w.envOf(c, call, spec.envFile); set {
			switch {
			case !known:
				w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: spec.envFile,
					What: call.Name + " runs the start-up file " + spec.envFile + " names, only known at run time"})
			case v != "":
				w.homeRCFile(c, call, call.Dir.Join(expandTilde(v, w.home)), spec.files[0].l)
			}
			return
		}
	}
	home, ok := w.userHome(c, call, "runs its start-up file")
	if !ok {
		return
	}
	cfg := ""
	if x, known, set := w.envOf(c, call, "XDG_CONFIG_HOME"); set && x != "" {
		if !known {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "XDG_CONFIG_HOME",
				What: call.Name + " runs its start-up file from XDG_CONFIG_HOME, a directory only known at run time"})
			return
		}
		if d := call.Dir.Join(expandTilde(x, w.home)); d.Known {
			cfg = d.Path
		}
	} else if home != "" {
		cfg = filepath.Join(home, ".config")
	}
	for _, f := range spec.files {
		base := home
		if f.xdg {
			base = cfg
		}
		if base == "" || w.home != "" && (!f.xdg && base == w.home || f.xdg && base == filepath.Join(w.home, ".config")) {
			continue // the user's own, protected from the agent
		}
		w.homeRCFile(c, call, Dir{Path: filepath.Join(base, f.path), Known: true}, f.l)
	}
}

// homeRCFile runs the start-up file d in language l (psql's, l "",
// through its \! shell escapes) when it is there.
func (w *walker) homeRCFile(c scope, call *Call, d Dir, l lang.Lang) {
	text, ok := w.readScript(d)
	if !ok {
		return
	}
	name := d.Path
	if call.Dir.Known {
		name = relTo(call.Dir.Path, d.Path)
	}
	if l == "" {
		for _, cmd := range sqlClientShell(call.Name, text) {
			w.child(c, call, cmd, nil, call.Name+" \\! ("+name+")", false)
		}
		return
	}
	w.program(c, call, l, text, name, false, name)
}

// luaInit judges LUA_INIT (and the versioned LUA_INIT_5_N lua tries
// first): "@FILE" runs FILE, any other value is Lua code, run before the
// script (lua(1); not with -E).
func (w *walker) luaInit(c scope, call *Call) {
	for _, a := range call.Args {
		if a.Value == "-E" {
			return
		}
		if !strings.HasPrefix(a.Value, "-") {
			break
		}
	}
	for _, name := range []string{"LUA_INIT_5_4", "LUA_INIT_5_3", "LUA_INIT_5_2", "LUA_INIT"} {
		v, known, set := w.envOf(c, call, name)
		switch {
		case !set || known && v == "":
		case !known:
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: name,
				What: call.Name + " runs " + name + ", Lua code only known at run time"})
		case strings.HasPrefix(v, "@"):
			w.homeRCFile(c, call, call.Dir.Join(expandTilde(v[1:], w.home)), lang.Lua)
		default:
			w.program(c, call, lang.Lua, v, name, false, "")
		}
	}
}
