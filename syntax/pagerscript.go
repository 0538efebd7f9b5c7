package syntax

import "strings"

// A pager reads what the program pages on its standard input: git runs
// core.pager, pager.<cmd> or GIT_PAGER with its own output piped in (git's
// pager.c: setup_pager starts the pager with the output as its stdin), man
// runs MANPAGER or PAGER on the page, and a program run as PAGER=… does the
// same. So a pager that reads its stdin as a script (sh, bash -s, python3
// -, perl, sqlite3, ed) runs the text git log --format=… or the page
// prints: git -c core.pager=sh log --format='rm -rf ~/.ssh' is git log
// --format='rm -rf ~/.ssh' | sh (red team: pager as interpreter). The
// pager's command line is walked as before (core.pager='tee ~/.bashrc' is a
// write); each command of it that reads the pager's stdin as a script, with
// no redirection of its own, runs text only known at run time: it asks, as
// git log | sh does.

// pagerVar reports a variable whose value programs run as their pager:
// PAGER, GIT_PAGER, MANPAGER, SYSTEMD_PAGER, GH_PAGER and the like.
func pagerVar(name string) bool {
	return strings.HasSuffix(name, "PAGER")
}

// gitPagerKey reports a git configuration key (lower case) whose value is
// the pager git pipes a command's output into: core.pager, pager.<cmd>.
func gitPagerKey(key string) bool {
	if key == "core.pager" {
		return true
	}
	rest, ok := strings.CutPrefix(key, "pager.")
	return ok && rest != "" && !strings.Contains(rest, ".")
}

// pagerScriptReaders reports, for the calls a pager's command line made
// (w.m.Calls from index from), each that reads the pager's standard input
// as its script: the output of host is then run as code.
func (w *walker) pagerScriptReaders(from int, host *Call, kind string) {
	if from < 0 || from > len(w.m.Calls) {
		return
	}
	calls := w.m.Calls[from:len(w.m.Calls):len(w.m.Calls)]
	for _, k := range calls {
		if k == nil || k.Fd(0).Kind != StreamInherited || xargsChild(k) || memberChild(k) || !readsPipeScript(k) {
			continue
		}
		w.m.Hidden = append(w.m.Hidden, Hidden{Call: k, Always: true, Text: host.Text(),
			What: k.Name + " runs, as a script, what " + clip(host.Text(), 60) + " pages into it (" + kind + "), which is only known at run time"})
	}
}
