package syntax

import "strings"

// phpExtensionDir judges php -d extension_dir=DIR (red team 19 LP1): PHP
// loads every extension named without a slash from DIR — those its own
// configuration lists (conf.d's extension=pdo.so, zend_extension=
// opcache.so) as well as -d extension=NAME and -z NAME — trying NAME and
// NAME.so (php 8.2: "tried: ./ext/pdo.so, ./ext/pdo.so.so"), and runs
// their constructors at start-up. A DIR outside the system's directories
// holding a shared library asks, as LD_LIBRARY_PATH's does; a library
// this command built or wrote there under a name the command loads is
// judged as LD_PRELOAD's (loadedLibrary).
func (w *walker) phpExtensionDir(c scope, call *Call, opts []Option, dir string) {
	d := call.Dir.Join(expandTilde(dir, w.home))
	if !d.Known || systemPath(d.Path+"/") {
		return
	}
	if w.read != nil {
		if lib := libraryOnDisk(d.Path, w); lib != "" {
			w.m.Hidden = append(w.m.Hidden, Hidden{Call: call, Always: true, Text: "extension_dir=" + dir,
				What: "php -d extension_dir=" + dir + " makes PHP load its extensions from " + d.Path + ", which holds " + lib + ", a library whose code corral cannot read"})
		}
	}
	for _, o := range opts {
		if !o.HasVal || !o.Val.Static {
			continue
		}
		name := ""
		switch o.Name {
		case "z", "zend-extension":
			name = o.Val.Value
		case "d", "define":
			if key, val, ok := strings.Cut(o.Val.Value, "="); ok && (key == "extension" || key == "zend_extension") {
				name = val
			}
		}
		if name == "" || strings.Contains(name, "/") {
			continue
		}
		for _, n := range []string{name, name + ".so"} {
			p := d.Join(n)
			_, built := w.compiled[p.Path]
			_, wrote := w.written[p.Path]
			if built || wrote {
				w.loadedLibrary(c, call, "php -d extension_dir", p, "php loads "+p.Path+" from its extension_dir")
			}
		}
	}
}
