package syntax

import (
	"strconv"
	"strings"

	"github.com/corral-dev/corral/syntax/lang"
)

// Python puts sys.path[0] — the script's directory, or the working
// directory for -c, -m and standard input — before the standard library,
// which is how a project file named as a library module shadows it
// (pythirdparty.go). The interpreter leaves it out (python(1), "-P" and
// "-I"; sys.flags.safe_path):
//   - -P ("don't prepend a potentially unsafe path to sys.path", 3.11):
//     an interpreter before 3.11 refuses the option and runs nothing;
//   - -I (isolated mode, 3.4; implies -E, -P, -s): neither the script's
//     directory nor the working directory, and PYTHONPATH is ignored
//     (modulePath);
//   - PYTHONSAFEPATH set to a non-empty string, as -P, unless -E or -I
//     ignore the environment. Only Python 3.11 and later read it: an
//     older interpreter prepends the directory, so it is honoured only
//     for an interpreter whose name gives its version (python3.11,
//     python3.12); python3 may be any version.

// pySafePath reports whether call's Python interpreter starts without
// sys.path[0].
func (w *walker) pySafePath(c scope, call *Call) bool {
	if lang.ForProgram(call.Name) != lang.Python {
		return false
	}
	ignoreEnv := false
	for _, o := range pythonInterpreterOpts(call) {
		if o.Long {
			continue
		}
		switch o.Name {
		case "P", "I":
			return true
		case "E":
			ignoreEnv = true
		}
	}
	if ignoreEnv || !pyVersionAtLeast(call.Name, 3, 11) {
		return false
	}
	v, known, set := w.envValue(c, call, "PYTHONSAFEPATH", true)
	return set && known && v != ""
}

// pyVersionAtLeast reports an interpreter name that gives its version
// (python3.12, python3.11-dbg) as major.minor or later.
func pyVersionAtLeast(name string, major, minor int) bool {
	rest, ok := strings.CutPrefix(name, "python")
	if !ok {
		return false
	}
	maj, min, ok := strings.Cut(rest, ".")
	if !ok {
		return false
	}
	if i := strings.IndexFunc(min, func(r rune) bool { return r < '0' || r > '9' }); i >= 0 {
		min = min[:i]
	}
	a, err1 := strconv.Atoi(maj)
	b, err2 := strconv.Atoi(min)
	if err1 != nil || err2 != nil {
		return false
	}
	return a > major || a == major && b >= minor
}

// pyPathZero returns the directories sys.path starts with for call's
// interpreter: dir (the script's directory or ".") unless the
// interpreter leaves it out.
func (w *walker) pyPathZero(c scope, call *Call, dir string) []string {
	if w.pySafePath(c, call) {
		return nil
	}
	return []string{dir}
}
