package rewrite

import "testing"

// TestVimKeysOracle (red team 14 RG4): ex commands that reach Vim as
// keys — :normal (also through :execute "…\<CR>"), feedkeys(), a
// register run with @q or :@q, set by :let @q (.= appends), setreg() or
// recorded — are read as the command lines they type; a register filled
// with buffer text (a yank) asks; :diffsplit, :pedit and :vimgrep make
// their file a buffer a later :w writes; :hardcopy > F, :profile start F
// and :wundo F write F; a -s scriptin file is read as keys; the command
// modifiers :noswapfile, :vim9cmd, :filter… run their command; a
// mapping's keys and a user command's replacement are read. Each row runs the real vim -u NONE -i NONE -es
// against a canary ~/.bashrc in a scratch home.
func TestVimKeysOracle(t *testing.T) {
	t.Parallel()
	files := map[string]string{"Makefile": "all:\n\techo hi\n", "notes.txt": "foo\nbar: a\n", "f.c": "int main(){\nreturn 0;}\n",
		"keys.txt": "x:w! ~/.bashrc\n:q!\n", "macro.txt": "qq:w! ~/.bashrc\nq:q!\n", "filter.txt": "!!rm -f ~/.bashrc\n:q!\n",
		"edit.txt": "xx:wq\n"}
	const vim = "vim -u NONE -i NONE -N -es "
	runEditorOracle(t, "vim", files, []editorOracleCase{
		{vim + `'+norm itouch /tmp/x' '+exe "norm :w! {home}/.bashrc\<CR>"' '+q!'`, "deny", true},
		{vim + `'+call feedkeys(":w! {home}/.bashrc\r", "x")' '+q!' Makefile`, "deny", true},
		{vim + `'+let @q=":w! {home}/.bashrc\r"' '+norm @q' '+q!' Makefile`, "deny", true},
		{vim + `'+let @q=":w! {home}/"' '+let @q.=".bashrc\r"' '+norm @q' '+q!' Makefile`, "deny", true},
		{vim + `'+let @q="w! {home}/.bashrc"' '+@q' '+q!' Makefile`, "deny", true},
		{vim + `'+call setreg("q", ":w! {home}/.bashrc\r")' '+call feedkeys("@q", "x")' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm qq:w! {home}/.bashrc\<CR>q"' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm !!rm -f {home}/.bashrc\<CR>"' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm i:w! {home}/.bashrc\<CR>"' '+norm gg"qyy' '+norm @q' '+q!'`, "ask", true},
		{vim + `'+diffsplit {home}/.bashrc' '+%d' '+w!' '+qa!' Makefile`, "deny", true},
		{vim + `'+pedit {home}/.bashrc' '+wincmd P' '+%d' '+x'`, "deny", true},
		{vim + `'+vimgrep /canary/ {home}/.bashrc' '+%d' '+w!' '+qa!' Makefile`, "deny", true},
		{vim + `'+hardcopy > {home}/.bashrc' '+q!' Makefile`, "deny", true},
		{vim + `'+profile start {home}/.bashrc' '+profile func *' '+q!'`, "deny", true},
		{vim + `'+e {home}/.bashrc' '+norm ggdGZZ'`, "deny", true},
		// Command modifiers, mappings, user commands, the command-line
		// window.
		{vim + `'+noswapfile e {home}/.bashrc' '+%d' '+x'`, "deny", true},
		{vim + `'+vim9cmd norm ggdG' '+vim9cmd w! {home}/.bashrc' '+q!' Makefile`, "deny", true},
		{vim + `'+filter /x/ w! {home}/.bashrc' '+q!' Makefile`, "deny", true},
		{vim + `'+nnoremap x :w! {home}/.bashrc<CR>' '+norm x' '+q!' Makefile`, "deny", true},
		{vim + `'+command! W w! {home}/.bashrc' '+W' '+q!' Makefile`, "deny", true},
		{vim + `'+command! -nargs=1 W w! <args>' '+W {home}/.bashrc' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm q:iw! {home}/.bashrc\<Esc>\<CR>"' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm :w! {home}/.bashrcx\<BS>\<CR>"' '+q!' Makefile`, "deny", true},
		{vim + `'+nnoremap x <Cmd>w! {home}/.bashrc<CR>' '+norm x' '+q!' Makefile`, "deny", true},
		{vim + `'+exe "norm ihello\<C-\>\<C-N>:w! {home}/.bashrc\<CR>"' '+q!'`, "deny", true},
		{vim + `'+nnoremap <leader>w :w<CR>' '+norm Gox' '+wq' notes.txt`, "allow", false},
		{vim + `'+command! -nargs=1 W w <args>' '+W out.txt' '+q!' notes.txt`, "allow", false},
		// -s scriptin: the keys in the file, not only its ":" lines.
		{`vim -u NONE -i NONE -N -s keys.txt notes.txt < /dev/null`, "deny", true},
		{`vim -u NONE -i NONE -N -s macro.txt notes.txt < /dev/null`, "deny", true},
		{`vim -u NONE -i NONE -N -s filter.txt notes.txt < /dev/null`, "deny", true},
		{`vim -u NONE -i NONE -N -s edit.txt notes.txt < /dev/null`, "allow", false},
		// Look-alikes.
		{vim + `'+%s/a/b/' '+wq' notes.txt`, "allow", false},
		{vim + `'+norm Gox' '+wq' notes.txt`, "allow", false},
		{vim + `'+norm dd' '+wq' notes.txt`, "allow", false},
		{vim + `-c 'norm gg=G' -c wq f.c`, "allow", false},
		{vim + `'+let @q="dd"' '+norm @q' '+wq' notes.txt`, "allow", false},
		{vim + `'+norm 2Gf:x' '+wq' notes.txt`, "allow", false},
		{vim + `'+norm A: w {home}/.bashrc' '+wq' notes.txt`, "allow", false},
		{vim + `'+call feedkeys("ggdd", "x")' '+wq' notes.txt`, "allow", false},
		{vim + `'+hardcopy > out.ps' '+q' notes.txt`, "allow", false},
	})
}
