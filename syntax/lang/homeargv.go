package lang

import "strings"

// HomeMark begins an item of an Exec effect's Argv whose leading ~ is
// the home directory the program expanded (os.path.expanduser("~"),
// os.homedir(), $ENV{HOME}, Dir.home): a "~" written in a list is a file
// named ~, handed to the program as it is, but one the program computed
// from the home directory is that directory. HomeWord reads it.
const HomeMark = "\x00home\x00" // not an ArgvMark ("\x00argv")

// HomeWord reports whether an Argv item is marked with HomeMark and
// returns it without the mark ("~" or "~/rest").
func HomeWord(s string) (string, bool) { return strings.CutPrefix(s, HomeMark) }

// unmarkHome is text with the marks of home items removed: shell text
// joined from them, where the shell expands ~ itself.
func unmarkHome(s string) string { return strings.ReplaceAll(s, HomeMark, "") }

// home reports a literal whose leading ~ is the home directory.
func (a arg) home() bool { return a.tilde && (a.str == "~" || strings.HasPrefix(a.str, "~/")) }

// argvHomes is, for each item of a list argument, whether it is the
// home directory's.
func (a arg) argvHomes() []bool {
	if a.listHome != nil {
		return a.listHome
	}
	return make([]bool, len(a.list))
}

// argvWord is the item a literal gives an argument vector, marked when
// it is the home directory's.
func (a arg) argvWord() string {
	if a.home() {
		return HomeMark + a.str
	}
	return a.str
}

// argvList is the items a list gives an argument vector, each marked
// when it is the home directory's.
func (a arg) argvList() []string {
	if a.listHome == nil {
		return a.list
	}
	out := make([]string, len(a.list))
	for i, s := range a.list {
		if i < len(a.listHome) && a.listHome[i] {
			s = HomeMark + s
		}
		out[i] = s
	}
	return out
}
