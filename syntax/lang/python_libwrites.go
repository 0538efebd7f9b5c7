package lang

import "strings"

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
	case "shelve.open", "dbm.open", "dbm.gnu.open", "dbm.ndbm.open", "dbm.dumb.open", "sqlite3.connect":
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
		return Effect{}, false
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
		"dbm.ndbm.open", "dbm.dumb.open", "sqlite3.connect", "py_compile.compile":
		return true
	}
	return false
}
