package rewrite

import "testing"

// TestFedFileInputs: the items xargs and parallel read from a regular
// file named at hook time (cat FILE |, -a FILE, :::: FILE) are read then
// and each judged as the command's operand; a file that cannot be read
// keeps the run-time reading. A "~" in a file is a name, not the home
// directory: xargs passes it as it is.
func TestFedFileInputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/roots.txt": "/\n~\n",
		"proj/home.txt":  "/usr\n",
		"proj/build.txt": "build\ndist\n",
		"proj/nul.lst":   "build\x00/usr\x00",
		"proj/tabs.lst":  "build\t/usr\t",
		"proj/ok.lst":    "build\x00dist\x00",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"cat roots.txt | xargs rm -rf", "deny"},
		{"cat home.txt | xargs rm -rf", "deny"},
		{"cat build.txt home.txt | xargs rm -rf", "deny"},
		{"cat roots.txt | xargs -I{} rm -rf {}", "deny"},
		{"parallel -a roots.txt rm -rf", "deny"},
		{"parallel rm -rf :::: home.txt", "deny"},
		{"parallel rm -rf {} :::: roots.txt", "deny"},
		{"cat home.txt | parallel rm -rf", "deny"},
		{"cat build.txt | xargs rm -rf", "allow"},
		{"parallel -a build.txt rm -rf", "allow"},
		{"parallel rm -rf :::: build.txt", "allow"},
		{"cat roots.txt | xargs echo", "allow"},
		{"echo '~' > t.txt; cat t.txt | xargs rm -rf", "allow"},
		{"parallel echo :::: roots.txt", "allow"},
		// Unreadable or transformed: the run-time reading.
		{"cat missing.txt | xargs rm -rf", "ask"},
		{"cat -n build.txt | xargs rm -rf", "ask"},
		{"parallel rm -rf :::: missing.txt", "ask"},
		{"cat $F | xargs rm -rf", "ask"},
		// parallel -0 / -d: the items end at that byte, as xargs' do
		// (parallel -a nul.lst -0 rm -rf read the one line
		// "build\0/usr\0" and asked about a path with a NUL in it).
		{"parallel -a nul.lst -0 rm -rf", "deny"},
		{"parallel --null rm -rf :::: nul.lst", "deny"},
		{"parallel -0 rm -rf < nul.lst", "deny"},
		{"parallel -d '\\t' -a tabs.lst rm -rf", "deny"},
		{"parallel -a ok.lst -0 rm -rf", "allow"},
		// -d TAB: "/usr\n" with its newline is the second item, no
		// directory of the system.
		{"parallel -d '\\t' -a home.txt rm -rf", "ask"},
	})
}
