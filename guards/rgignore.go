package guards

import (
	"os"
	"path/filepath"
	"strings"
)

// rgWhitelisted reports whether a whitelist line (one starting with "!")
// of a ripgrep ignore file, .ignore or .rgignore, in path's directory or
// any directory above it names path or a directory on its way. ripgrep
// reads both files in every directory it searches and in the parents of
// where it starts (without --no-ignore-parent), whether or not a git
// repository is there, and a whitelisted file is searched even when it is
// hidden or a .gitignore names it: printf '!.env\n' > .rgignore makes a
// plain rg PAT read .env (red team 19 SG2, shown with the real ripgrep).
// isDir says path is a directory the walk would enter (a line ending in
// "/" names directories only). Lines that ignore more files are not read:
// they only make the search smaller.
func rgWhitelisted(path string, isDir bool) bool {
	for d := filepath.Dir(path); ; d = filepath.Dir(d) {
		rel, err := filepath.Rel(d, path)
		if err == nil {
			if isDir {
				rel += "/_"
			}
			for _, f := range [...]string{".ignore", ".rgignore"} {
				data, err := os.ReadFile(d + "/" + f)
				if err != nil || len(data) > 1<<20 {
					continue
				}
				for _, line := range strings.Split(string(data), "\n") {
					line = strings.TrimSpace(line)
					if neg, ok := strings.CutPrefix(line, "!"); ok && neg != "" && ignoreMatches(neg, rel) {
						return true
					}
				}
			}
		}
		if d == "/" || d == "." || d == filepath.Dir(d) {
			return false
		}
	}
}
