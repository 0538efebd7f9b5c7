package lang

import (
	"strings"

	"github.com/corral-dev/corral/internal/lazy"
)

// pyLibraryWrite is the write of a file a library call names: a log file
// (logging.basicConfig(filename=F), logging.FileHandler(F) and its
// rotating and watched forms: every later message, newlines included,
// is appended to F, or F is truncated first with filemode/mode "w"),
// fileinput with inplace=True (each file it reads is rewritten with what
// the program prints), and the database files shelve, dbm and sqlite3
// open (created or changed), and the bytecode file py_compile.compile
// writes when given one (cfile). A literal path is judged as open(F, "a") or
// open(F, "w") is; any other argument gives nothing, as open's does.
func pyLibraryWrite(c call, full string) (Effect, bool) {
	if !pyLibraryWriteCall(full) {
		return Effect{}, false
	}
	var path, mode *arg
	appendDefault := false
	switch full {
	case "logging.basicConfig":
		path, mode = keyword(c.args, "filename"), keyword(c.args, "filemode")
		appendDefault = true
	case "logging.FileHandler", "logging.handlers.RotatingFileHandler", "logging.handlers.TimedRotatingFileHandler",
		"logging.handlers.WatchedFileHandler":
		path, mode = argAt(c.args, 0), argAt(c.args, 1)
		if k := keyword(c.args, "filename"); k != nil {
			path = k
		}
		if k := keyword(c.args, "mode"); k != nil {
			mode = k
		}
		if full == "logging.handlers.TimedRotatingFileHandler" {
			mode = nil // its second argument is when to rotate
		}
		appendDefault = true
	case "fileinput.input", "fileinput.FileInput":
		// A keyword argument's text is the whole "inplace=True".
		in := keyword(c.args, "inplace")
		if in == nil {
			return Effect{}, false
		}
		if _, v, _ := strings.Cut(in.text, "="); strings.TrimSpace(v) != "True" && strings.TrimSpace(v) != "1" {
			return Effect{}, false
		}
		path = argAt(c.args, 0)
		if k := keyword(c.args, "files"); k != nil {
			path = k
		}
	case "py_compile.compile":
		// py_compile.compile(SRC, CFILE): the bytecode of SRC written to
		// CFILE, which may be another module's cache file; without it the
		// source's own __pycache__ file, which matches the source.
		path = argAt(c.args, 1)
		if k := keyword(c.args, "cfile"); k != nil {
			path = k
		}
		if path == nil {
			return Effect{}, false
		}
	case "_io.open", "_pyio.open", "_pyio.FileIO":
		// The C and the pure-Python modules behind io: the same open.
		cc := c
		cc.name = "io.open"
		e, ok := pythonCall(cc)
		e.Call = full
		return e, ok
	case "shelve.open", "shelve.DbfilenameShelf", "dbm.open", "dbm.gnu.open", "dbm.ndbm.open", "dbm.dumb.open", "dbm.sqlite3.open", "sqlite3.connect":
		if f := pyDbmFlag(c, full); f == "r" {
			return Effect{}, false // opened for reading only
		}
		path = argAt(c.args, 0)
		if k := keyword(c.args, "filename"); k != nil && path == nil {
			path = k
		}
		if k := keyword(c.args, "database"); k != nil && path == nil {
			path = k
		}
		if path != nil && path.lit && (path.str == ":memory:" || path.str == "") {
			return Effect{}, false
		}
		appendDefault = true
	default:
		if _, ok := pyFileOpeners.Get()[full]; !ok {
			return Effect{}, false
		}
		return pyOpenerWrite(c, full)
	}
	app := appendDefault
	if mode != nil && mode.lit {
		app = !strings.Contains(mode.str, "w")
	}
	if path != nil && !path.lit {
		return runTimePath(c, Write, path, app)
	}
	if path == nil {
		return Effect{}, false
	}
	return Effect{Kind: Write, Call: full, Path: path.str, Tilde: path.tilde, Append: app, Offset: c.off}, true
}

// pyLibraryWriteCall reports the calls pyLibraryWrite reads.
func pyLibraryWriteCall(full string) bool {
	switch full {
	case "logging.basicConfig", "logging.FileHandler", "logging.handlers.RotatingFileHandler", "logging.handlers.TimedRotatingFileHandler",
		"logging.handlers.WatchedFileHandler", "fileinput.input", "fileinput.FileInput", "shelve.open", "dbm.open", "dbm.gnu.open",
		"dbm.ndbm.open", "dbm.dumb.open", "sqlite3.connect", "py_compile.compile", "_io.open", "_pyio.open", "_pyio.FileIO",
		"shelve.DbfilenameShelf", "dbm.sqlite3.open":
		return true
	}
	_, ok := pyFileOpeners.Get()[full]
	return ok
}

// pyDbmFlag is the flag a dbm or shelve open is given ("r" reads only;
// "w", "c" and "n" write; the default is "c" for shelve and dbm.dumb, "r"
// for dbm.open and the other dbm modules), or "" when it is not a
// literal.
func pyDbmFlag(c call, full string) string {
	if full == "sqlite3.connect" {
		return ""
	}
	f := argAt(positional(c.args), 1)
	if k := keyword(c.args, "flag"); k != nil {
		f = k
	}
	if f == nil {
		if strings.HasPrefix(full, "shelve.") || full == "dbm.dumb.open" {
			return "c"
		}
		return "r"
	}
	if !f.lit {
		return ""
	}
	return strings.TrimRight(f.str, "fsu")
}

// pyFileOpeners are the library calls that open a file by name as open
// does, with the mode at the same place: the compressed-file modules'
// open and their classes (gzip.open(F, "wt") writes F compressed), the
// archive classes (zipfile.ZipFile(F, "w") writes a new archive over F,
// mode "a" appends one to it; tarfile.open(F, "w:gz") and the TarFile
// constructors), and the sound-file modules' open. The value is the
// keyword that names the file; the mode is the second argument or mode=.
// A mode with w, a or x writes F (a appends); without one it reads.
var pyFileOpeners = lazy.Value[map[string]string]{New: func() map[string]string {
	m := map[string]string{"gzip.open": "filename", "gzip.GzipFile": "filename", "bz2.open": "filename", "bz2.BZ2File": "filename",
		"lzma.open": "filename", "lzma.LZMAFile": "filename", "zipfile.ZipFile": "file", "zipfile.PyZipFile": "file",
		"wave.open": "f", "aifc.open": "f", "sunau.open": "f"}
	for k := range pyTarOpens.Get() {
		m[k] = "name"
	}
	return m
}}

// pyOpenerWrite is the write of a file a pyFileOpeners call opens with a
// literal mode that writes; a path known only at run time is judged as
// open's is.
func pyOpenerWrite(c call, full string) (Effect, bool) {
	path, mode := argAt(positional(c.args), 0), argAt(positional(c.args), 1)
	if k := keyword(c.args, pyFileOpeners.Get()[full]); k != nil {
		path = k
	}
	if k := keyword(c.args, "mode"); k != nil {
		mode = k
	}
	if path == nil || mode == nil || !mode.lit {
		return Effect{}, false
	}
	// tarfile's "w:gz", "w|bz2": the part before the compression.
	m, _, _ := strings.Cut(mode.str, ":")
	m, _, _ = strings.Cut(m, "|")
	if !strings.ContainsAny(m, "wax") {
		return Effect{}, false
	}
	app := strings.Contains(m, "a")
	if !path.lit {
		if pyFileObject(path) {
			return Effect{}, false
		}
		return runTimePath(c, Write, path, app)
	}
	return Effect{Kind: Write, Call: full, Path: path.str, Tilde: path.tilde, Append: app, Offset: c.off}, true
}

// pyOpenerRead is the read of a file a pyFileOpeners call opens with no
// mode or a literal one that does not write (gzip.open(F),
// zipfile.ZipFile(F), tarfile.open(F)), or a dbm or shelve module's open
// with flag "r": the program reads F, as open(F) does. A file object
// (zipfile.ZipFile(io.BytesIO(b))) is no file by name.
func pyOpenerRead(c call, full string) (Effect, bool) {
	var path *arg
	switch full {
	case "shelve.open", "shelve.DbfilenameShelf", "dbm.open", "dbm.gnu.open", "dbm.ndbm.open", "dbm.dumb.open", "dbm.sqlite3.open":
		if pyDbmFlag(c, full) != "r" {
			return Effect{}, false // pyLibraryWrite's, which reads as well
		}
		path = argAt(positional(c.args), 0)
		if k := keyword(c.args, "filename"); k != nil && path == nil {
			path = k
		}
	default:
		kw, ok := pyFileOpeners.Get()[full]
		if !ok {
			return Effect{}, false
		}
		path = argAt(positional(c.args), 0)
		if k := keyword(c.args, kw); k != nil {
			path = k
		}
		mode := argAt(positional(c.args), 1)
		if k := keyword(c.args, "mode"); k != nil {
			mode = k
		}
		if mode != nil {
			if !mode.lit {
				return Effect{}, false
			}
			m, _, _ := strings.Cut(mode.str, ":")
			m, _, _ = strings.Cut(m, "|")
			if strings.ContainsAny(m, "wax") {
				return Effect{}, false
			}
		}
	}
	if path == nil || !path.lit && pyFileObject(path) {
		return Effect{}, false
	}
	return readEffect(c, path)
}

// pyFileObject reports an argument that is a file object rather than a
// name: these classes also take one (zipfile.ZipFile(io.BytesIO(), "w"),
// a name bound to open(…) or a temporary file), which writes no file by
// name.
func pyFileObject(a *arg) bool {
	for _, text := range append([]string{a.text}, a.assigned...) {
		for _, ctor := range []string{"BytesIO(", "StringIO(", "open(", "TemporaryFile(", "fdopen(", "makefile("} {
			if strings.Contains(text, ctor) {
				return true
			}
		}
	}
	return false
}
