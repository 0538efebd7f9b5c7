package rewrite

import "testing"

// TestRipgrepPre (issue 12, class 4): rg --pre PROG runs PROG FILE for
// each file it searches (no shell) and searches the output, so rg --pre
// sh PATTERN runs every searched file as a script and rg --pre rm
// deletes them: judged as find PATHS -type f -exec PROG {} \; (all were
// allowed). --pre from the file RIPGREP_CONFIG_PATH names counts;
// --no-pre, --files and a reading filter (pdftotext) pass. ripgrep is
// not installed where the tests run (no oracle); the behaviour is rg
// --help's.
func TestRipgrepPre(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/notes.txt": "rm -rf ~\n",
		"proj/rgrc":      "--pre=sh\n# comment\n--smart-case\n",
		"proj/rgrc2":     "--smart-case\n--hidden\n",
		"evil.sh":        "#!/bin/sh\nrm -rf ~\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"rg --pre sh TODO .", "ask"},
		{"rg --pre=../evil.sh TODO", "deny"},
		{"rg --pre rm TODO", "deny"},
		{"rg -i --pre rm -e key ~/.ssh", "deny"},
		{"rg --pre cat key ~/.ssh", "deny"},
		{"RIPGREP_CONFIG_PATH=rgrc rg TODO", "ask"},
		// look-alikes
		{"rg --pre pdftotext TODO docs/", "allow"},
		{"rg TODO .", "allow"},
		{"rg --pre sh --no-pre TODO", "allow"},
		{"RIPGREP_CONFIG_PATH=rgrc2 rg TODO", "allow"},
		{"rg --files", "allow"},
		{"rg -z TODO", "allow"},
	})
}
