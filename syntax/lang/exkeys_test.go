package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExKeys (red team 14 RG4): keys typed into Vim — :normal,
// feedkeys(), registers run with @r and :@r — enter the ex commands
// they type; text typed in Insert mode, searches and the character after
// f/t/r are not commands; a register filled with buffer text, or keys
// only run time knows, are Hidden. The new file commands write or open
// files.
func TestExKeys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"exe-norm-cr", `exe "norm :w! ~/.bashrc\<CR>"`, []string{"write :w: ~/.bashrc (home)"}},
		{"norm-raw-cr", "norm :w! F\r", []string{"write :w: F"}},
		{"norm-bang-filter", `exe "norm !!rm -rf ~\<CR>"`, []string{"shell :!: rm -rf ~"}},
		{"norm-zz", "norm ggdGZZ", []string{"write :x: "}},
		{"norm-ex-mode", "exe \"norm Qw F\\<CR>vi\\<CR>\"", []string{"write :w: F"}},
		{"feedkeys", `call feedkeys(":w! F\r", "x")`, []string{"write :w: F"}},
		{"feedkeys-runtime", `call feedkeys(k, "x")`, []string{"hidden feedkeys: k"}},
		{"let-reg-norm", "let @q=\":!rm x\\r\"\nnorm @q", []string{"shell :!: rm x"}},
		{"let-reg-append", "let @q=\":w \"\nlet @q.=\"F\\r\"\nnorm @q", []string{"write :w: F"}},
		{"let-reg-upper", "let @q=\":w \"\nlet @Q=\"F\\r\"\nnorm @q", []string{"write :w: F"}},
		{"colon-at", "let @q='w F'\n@q", []string{"write :w: F"}},
		{"setreg", "call setreg('q', \":w F\\r\")\nnorm @q", []string{"write :w: F"}},
		{"recorded", "exe \"norm qq:!rm a\\<CR>q\"\nnorm @q", []string{"shell :!: rm a"}},
		{"recorded-then-run", "exe \"norm qq:!rm a\\<CR>q\"\nexe \"norm ggqqq\"\nnorm @q", []string{"shell :!: rm a"}},
		{"cmdline-reg", "let @a='w F'\nexe \"norm :\\<C-R>a\\<CR>\"", []string{"write :w: F"}},
		{"insert-expr", "exe \"norm i\\<C-R>=system('rm x')\\<CR>\"", []string{"shell system: rm x"}},
		{"yanked-reg", "norm \"qyy\nnorm @q", []string{"hidden :normal: @q runs a register filled at run time: @q"}},
		{"ex-yank-reg", "y q\n@q", []string{"hidden :@q: register q filled at run time"}},
		{"norm-runtime", `exe "norm " . k`, []string{"hidden :normal: keys only known at run time: \x00"}},
		{"diffsplit", "diffsplit ~/.bashrc", []string{"read :diffsplit: ~/.bashrc (home)"}},
		{"pedit", "ped ~/.bashrc", []string{"read :ped: ~/.bashrc (home)"}},
		{"vimgrep", "vimgrep /x/j ~/.bashrc a.txt", []string{"read :vimgrep: ~/.bashrc (home)", "read :vimgrep: a.txt"}},
		{"hardcopy", "hardcopy > ~/.bashrc", []string{"write :hardcopy >: ~/.bashrc (home)"}},
		{"profile", "profile start ~/.bashrc", []string{"write :profile start: ~/.bashrc (home)"}},
		{"wundo", "wundo ~/.bashrc", []string{"write :wundo: ~/.bashrc (home)"}},
		{"spellfile", "set spellfile=~/x.add", []string{"write 'spellfile': ~/x.add (home)"}},
		{"map-rhs", "nnoremap <silent> x :w! F<CR>", []string{"write :w: F"}},
		{"map-expr", "nnoremap <expr> x system('rm y')", []string{"shell system: rm y"}},
		{"usercmd", "command! -bar W w! F", []string{"write :w: F"}},
		{"usercmd-args", "command! -nargs=1 W w! <args>\nW G", []string{"write :w: G"}},
		{"modifiers", "noswapfile vim9cmd filter /x/ w F", []string{"write :w: F"}},
		{"cmdline-window", "exe \"norm q:iw F\\<Esc>\\<CR>\"", []string{"write :w: F"}},
		{"cmdline-ctrl-f", "exe \"norm :w F\\<C-F>\\<CR>\"", []string{"write :w: F"}},
		{"cmd-key", "nnoremap x <Cmd>w F<CR>", []string{"write :w: F"}},
		{"insert-leave-ctrl-n", "exe \"norm itext\\<C-\\>\\<C-N>:w F\\<CR>\"", []string{"write :w: F"}},
		{"cmdline-completion", "exe \"norm :w ~/.bashr\\<Tab>\\<CR>\"", []string{"hidden :normal: a command line completed at run time: :w ~/.bashr<Tab><CR>"}},
		{"cmdline-word-under-cursor", "exe \"norm :w \\<C-R>\\<C-W>\\<CR>\"", []string{"hidden :normal: <C-R>\x17 inserts a register filled at run time: :w <C-R><C-W><CR>"}},
		{"cmdline-backspace", "exe \"norm :w ~/.bashrcx\\<BS>\\<CR>\"", []string{"write :w: ~/.bashrc (home)"}},
		{"cmdline-ctrl-u", "exe \"norm :echo\\<C-U>w F\\<CR>\"", []string{"write :w: F"}},
		{"cmdline-cursor", "exe \"norm :w ~/.bashrcx\\<Left>\\<Del>\\<CR>\"", []string{"hidden :normal: a command line edited with keys corral does not follow: :w ~/.bashrcx<Left><Del><CR>"}},
		{"nvim-feedkeys", `vim.api.nvim_feedkeys(":w F\r", "x", false)`, []string{"write :w: F"}},
		{"nvim-input", `vim.api.nvim_input("ggdG:!rm x<CR>")`, []string{"shell :!: rm x"}},
		// Look-alikes: Insert-mode text, motions, searches, printing.
		{"map-look", "nnoremap <leader>f gqap\nmap", nil},
		{"usercmd-unused-args", "command! -nargs=1 W w! <args>", nil},
		{"norm-insert-text", "norm A: w F", nil},
		{"norm-find-colon", "norm 2Gf:x", nil},
		{"norm-search", "exe \"norm /:w F\\<CR>x\"", nil},
		{"norm-edit", "norm gg=G", nil},
		{"norm-dd", "norm dd", nil},
		{"reg-dd", "let @q='dd'\nnorm @q", nil},
		{"hardcopy-printer", "hardcopy", nil},
		{"norm-unfinished-esc", "exe \"norm :w F\\<Esc>\"", nil},
	} {
		l := Ex
		if tc.name == "nvim-feedkeys" || tc.name == "nvim-input" {
			l = Lua
		}
		var got []string
		for _, e := range Analyze(l, tc.src) {
			got = append(got, describeProgram(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: Analyze(Ex, %q) (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}
