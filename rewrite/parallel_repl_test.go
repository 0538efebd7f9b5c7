package rewrite

import (
	"os"
	"path/filepath"
	"testing"
)

// TestParallelReplacementWrites: a written word that holds one of GNU
// parallel's computed replacement strings ({.} {/} {//} {/.}, renamed by
// -I, --er, --bnr, --dnr, --bner; --plus's {+/}) or fd -x's is the path
// the launcher computes from each input (syntax.Call.Repls): judged as
// the {} spelling is, with the input's dirname, basename or stem in
// place. A command name that holds one is a program only run time
// knows (dynamic-command), unless the word is parallel's shell line.
func TestParallelReplacementWrites(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.jpg":                        "x\n",
		"proj/c/a.c":                        "int x;\n",
		"proj/f":                            "a.txt\n",
		"home/.bashrc":                      "# rc\n",
		"home/.bash.x":                      "x\n",
		"home/x/":                           "",
		"home/notes/a.md":                   "x\n",
		"proj/.git/hooks/pre-commit.sample": "#!/bin/sh\n",
		"proj/.git/HEAD":                    "ref: refs/heads/main\n",
	})
	home := cfg.Home
	proj := filepath.Join(filepath.Dir(home), "proj")
	for name, text := range map[string]string{"list": home + "/.bash.x\n", "list2": home + "/.bash\n"} {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// The {} spelling and the computed ones name the same file.
		// -path/-wholename '*TAIL' is -name '*TAIL': no hook's sample
		// is selected, so none is renamed; '*.sample' is.
		{`find . -type f -wholename \*.mbox | parallel mv {} {.}`, "allow"},
		{`find . -path '*.mbox' | parallel mv {} {.}`, "allow"},
		{`find . -path '*.sample' | parallel mv {} {.}`, "deny"},
		{`find . -path '*/hooks/*' | parallel mv {} {.}`, "deny"},
		{`cat list2 | parallel cp {} {}rc`, "deny"},
		{`cat list | parallel cp {} {.}rc`, "deny"},
		{`echo ~/.bash.x | parallel cp {} {.}rc`, "deny"},
		{`echo ~/.bash.x | parallel --er E cp {} Erc`, "deny"},
		{`echo /x/.bash.txt | parallel -I@ --bner B cp @ ~/Brc`, "deny"},
		// find prints ~/x: its dirname is ~.
		{`find ~ -name x | parallel touch {//}/.bashrc`, "deny"},
		{`find ~ -name x | parallel --dnr D touch D/.bashrc`, "deny"},
		{`find ~ -name x | parallel --plus touch {+/}/.bashrc`, "deny"},
		{`find ~ -name x | parallel touch {}/.bashrc`, "deny"},
		{`fd -H x ~ -x touch {//}/.bashrc`, "deny"},
		// fd's {.} keeps a hidden name without another dot whole: it
		// is ~/.bashrc itself (parallel's would be ~/).
		{`fd -H bashrc ~ -x cp x {.}`, "deny"},
		{`fd -H bashrc ~ -x cp x ~/{/.}`, "deny"},
		// The stem of .git/hooks/pre-commit.sample is a hook.
		{`find . -name '*.sample' | parallel mv {} {.}`, "deny"},
		{`find . -type f | parallel mv {} {.}`, "deny"},
		{`find . -type f | parallel --plus mv {} {..}`, "allow"}, // one extension: {..} keeps the name
		// Names only run time knows that can be the home's start-up
		// files.
		// ~/.bash.x is there: {.}rc of it is ~/.bashrc.
		{`find ~ -name '*.x' | parallel cp {} {.}rc`, "deny"},
		// ~/*rc, from any name found, and .bashrc is there.
		{`find /etc -name '*rc' | parallel cp {} ~/{/}`, "deny"},
		{`ls -a ~ | parallel -I@ touch ~/@rc`, "deny"},
		// The program is each input (or a function of it).
		{`cat f | parallel {} -rf ~`, "ask"},
		{`cat f | parallel {.} -rf ~`, "ask"},
		{`cat f | parallel -I@ @ -rf ~`, "ask"},
		{`cat f | parallel {/} build`, "ask"},
		{`cat f | parallel --bnr B B build`, "ask"},
		{`fd -e sh -x {} \;`, "ask"},
		// A string only run time computes ({= perl =}, a --rpl tag,
		// --plus's {/re/str}) that is the whole word or its last
		// component: a name the code makes, in the input's directory
		// (a pattern; ~/* can name ~/.bashrc).
		{`parallel --rpl '{R} s/y/rc/' cp x {R} ::: ~/.bashy`, "deny"},
		{`parallel --rpl '{R} s/y/rc/' cp x ~/{R} ::: a`, "deny"},
		{`parallel cp x '{= s/y/rc/ =}' ::: ~/.bashy`, "deny"},
		{`parallel cp x ~/'{= s/y/rc/ =}' ::: a`, "deny"},
		{`echo ~/.bashy | parallel cp x '{= s/y/rc/ =}'`, "deny"},
		{`find ~ -name '*.y' | parallel cp x '{= s/y/rc/ =}'`, "deny"},
		{`parallel --plus cp x {/y/rc} ::: ~/.bashy`, "deny"},
		// parallel joins its command's words before it reads {= … =}:
		// unquoted, the code spans words.
		{`parallel cp x {= s/y/rc/ =} ::: ~/.bashy`, "deny"},
		{`parallel --parens ,, cp x ,s/y/rc/, ::: ~/.bashy`, "deny"},
		{`parallel echo {= s/a/b/ =} ::: a`, "allow"},
		{`parallel mv {} {= s/\.jpeg$/.jpg/ =} ::: a.jpeg`, "allow"},
		{`parallel --rpl '{:(\d+)} s/y/rc/' cp x {:3} ::: ~/.bashy`, "deny"},
		{`parallel --rpl '{:(\d+)} s/y/rc/' cp x out/{:3} ::: a`, "allow"},
		{`parallel --rpl '{R} s/x/pre-commit/' cp x {R} ::: .git/hooks/x`, "deny"},
		// One launcher's inputs fill another's ::: inputs: xargs -I%
		// runs parallel with % replaced (known inputs filled in; ones
		// only run time knows are the stream's).
		{`echo ~/.bash.x | xargs -I% parallel cp x {.}rc ::: %`, "deny"},
		{`find ~ -name '*.x' | xargs -I% parallel cp x {.}rc ::: %`, "deny"},
		{`echo ~/.bash.x | xargs -I% sh -c 'parallel cp x {.}rc ::: %'`, "deny"},
		{`echo c/a.c | xargs -I% parallel gcc -c {} ::: %`, "allow"},
		{`ls | xargs -I% parallel cp {} backup/ ::: %`, "allow"},
		{`echo ~/.bash.x | xargs -I% parallel cp x {.}rc ::: %/a`, "allow"},
		{`ls | xargs -I% cp % backup/`, "allow"},
		// Look-alikes: names code makes in the project's tree, or
		// ones a suffix keeps from a start-up file's.
		{`parallel --rpl '{R} s/y/rc/' cp x {R} ::: a.y`, "allow"},
		{`parallel --rpl '{R} s/y/rc/' cp x {R}.bak ::: ~/.bashy`, "allow"},
		{`parallel mv {} '{= s/\.jpeg$/.jpg/ =}' ::: a.jpeg`, "allow"},
		{`find . -name '*.c' | parallel gcc -o '{= s/\.c$// =}' {}`, "allow"},
		{`parallel cp {} out/'{= s/y/rc/ =}' ::: a.y`, "allow"},
		// Look-alikes.
		{`ls *.jpg | parallel convert {} {.}.png`, "allow"},
		{`find . -name '*.jpg' | parallel convert {} {.}.png`, "allow"},
		{`find . -name '*.c' | parallel gcc -o {.} {}`, "allow"},
		{`find . -name '*.c' | parallel mv {} {.}`, "allow"},
		{`fd -e c -x gcc -o {.} {}`, "allow"},
		{`parallel echo ::: a b`, "allow"},
		{`cat f | parallel -j4 gzip`, "allow"},
		{`cat f | parallel echo {}`, "allow"},
		{`cat f | parallel -I@ echo @ {}`, "allow"},
		{`ls | parallel -I@ mv @ @rc`, "allow"},
		{`ls | parallel mv {} {}rc`, "allow"},
		{`ls | parallel 'mv {} {.}.bak'`, "allow"},
		{`echo c/a.c | parallel cp {} {//}/b.c`, "allow"},
		{`parallel --plus echo {..} ::: a.tar.gz`, "allow"},
		{`find . -name '*.c' -exec gcc -c {} \;`, "allow"},
	})
}
