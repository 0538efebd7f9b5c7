package rewrite

import "testing"

// TestPagerVarsOnlyWhereRun: a pager, editor or helper variable matters
// only to a program that starts one. ls, cat, wc and the other programs
// that run no other program (syntax/inert.go) never read PAGER or
// EDITOR (coreutils' ls(1) and cat(1) name no such variable), so the
// variable given to them is not judged; man(1) runs MANPAGER or PAGER,
// git(1) GIT_PAGER, core.pager or PAGER, and those still ask or deny.
// The same name reached through a PATH directory the command put first,
// a path, a function of the script or sudo is not known to be the
// system program: still judged.
func TestPagerVarsOnlyWhereRun(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "proj/a.txt": "a\n", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PAGER=sh ls", "allow"},
		{"PAGER=sh cat a.txt", "allow"},
		{"export PAGER=sh; ls -l", "allow"},
		{"env PAGER=sh wc -l a.txt", "allow"},
		{"EDITOR='rm -rf ~;' cat a.txt", "allow"},
		{"MANPAGER=sh grep x a.txt", "allow"},
		// Programs that run the pager or editor.
		{"PAGER=sh man ls", "ask"},
		{"export PAGER=sh; ls; man ls", "ask"},
		{"PAGER=sh git log", "ask"},
		{"PAGER='rm -rf ~;' man ls", "deny"},
		{"EDITOR='rm -rf ~;' crontab -e", "deny"},
		// Not certainly the system program.
		{"PATH=.:$PATH PAGER=sh ls", "ask"},
		{"PAGER=sh ./ls", "ask"},
		{"ls() { man ls; }; PAGER=sh ls", "ask"},
		{"sudo PAGER=sh ls", "ask"},
	})
}

// TestRSessionTempdir: R's tempdir() is the per-session directory R
// creates at start-up (RtmpXXXXXX under TMPDIR, TMP or TEMP; R's
// ?tempdir), so deleting it or a path inside it deletes only what this
// session made there. A path that climbs out of it (file.path(tempdir(),
// "..")) reaches a directory only run time knows (TMPDIR may be ~) and
// still asks, as do dirname(tempdir()) and tempdir() after other text.
func TestRSessionTempdir(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/.git/": "", "home/.ssh/id_rsa": "KEY\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`R -e 'unlink(tempdir(), recursive=TRUE)'`, "allow"},
		{`Rscript -e 'unlink(tempdir(check = TRUE), recursive = TRUE)'`, "allow"},
		{`Rscript -e 'unlink(file.path(tempdir(), "x"), recursive=TRUE)'`, "allow"},
		{`Rscript -e 'file.remove(paste0(tempdir(), "/a.csv"))'`, "allow"},
		{`Rscript -e 'unlink(file.path(tempdir(), ".."), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(paste0(tempdir(), "/../.."), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(dirname(tempdir()), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(paste0("~", tempdir()), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(tempdir(x), recursive=TRUE)'`, "ask"},
		{`Rscript -e 'unlink(Sys.getenv("HOME"), recursive=TRUE)'`, "deny"},
	})
}
