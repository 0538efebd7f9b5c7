package rewrite

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestLineFilters: a program between a listing and its consumer that
// keeps or edits the listed lines (lineFilter: sort -z, shuf, tee, cat,
// sed, awk, cut, tr, rev, perl -pe, base64 and back, xargs echo; given
// the pipe, one file, or a file on its standard input) passes the
// listing on, for deletions, secret reads, loops and substitutions alike
// (issue 12: follow the bytes through every stage; find ~/.ssh -name
// id_rsa | sed p | xargs rm, | awk 1 |, | cut -c1- |, | tr '\n' '\0' |
// xargs -0 rm and sort < l | xargs rm were allowed). The look-alikes
// pass: the project's own files through the same editors, a grep or awk
// that narrows du's output, and filters that print counts or names
// instead of the lines.
func TestLineFilters(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa":     "k\n",
		"home/.ssh/id_rsa.pub": "p\n",
		"proj/src/a.go":        "package a\n",
		"proj/src/a.def":       "d\n",
		"proj/b.pyc":           "p\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Editors in the pipe give the listed paths back.
		{`find ~/.ssh -name id_rsa | sed p | xargs rm`, "deny"},
		{`find ~/.ssh | sed s/x/y/ | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | awk 1 | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | gawk '{print}' | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | cut -c1- | xargs rm`, "deny"},
		{`find ~/.ssh | tr '\n' '\0' | xargs -0 rm`, "deny"},
		{`find ~/.ssh -name id_rsa | rev | rev | xargs shred`, "deny"},
		{`find ~/.ssh -name id_rsa | base64 -w0 | base64 -d | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | perl -pe 1 | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | perl -ne print | xargs rm`, "deny"},
		{`find ~/.ssh | xargs -n1 echo | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | grep -o '.*' | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | cat -n | cut -f2 | xargs rm`, "deny"},
		{`find ~ -maxdepth 0 | sed p | xargs rm -rf`, "deny"},
		{`find ~ -maxdepth 0 | awk '{print $1}' | xargs rm -rf`, "deny"},
		{`find ~ -maxdepth 0 | tr a a | xargs rm -rf`, "deny"},
		{`find ~/.ssh -name id_rsa | stdbuf -oL sed p | xargs rm`, "deny"},
		// Producers other than find, through an editor.
		{`echo ~/.ssh/id_rsa | sed p | xargs rm`, "deny"},
		{`printf '%s\n' ~/.ssh/id_rsa | awk 1 | xargs rm`, "deny"},
		{`ls ~/.ssh/id_rsa | cut -c1- | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; sort l | sed p | xargs rm`, "deny"},
		{`find ~/.ssh | sudo sed p | xargs rm`, "deny"},
		// Compound stages and shells in the pipe: the calls in them
		// that write the next stage's pipe.
		{`find ~/.ssh | while read f; do echo "$f"; done | xargs rm`, "deny"},
		{`find ~/.ssh | while IFS= read -r f; do printf '%s\n' "$f"; done | xargs rm`, "deny"},
		{`find ~/.ssh | { cat; } | xargs rm`, "deny"},
		{`find ~/.ssh | (sed p) | xargs rm`, "deny"},
		{`find ~/.ssh | sh -c 'sed p' | xargs rm`, "deny"},
		{`find ~/.ssh | bash -c cat | xargs rm`, "deny"},
		{`find ~/.ssh | bash -c 'while read f; do echo $f; done' | xargs rm`, "deny"},
		{`{ echo ~/.ssh/id_rsa; } | xargs rm`, "deny"},
		{`find ~/.ssh | while read f; do echo "$f"; done | xargs cat`, "deny"},
		{`find ~/.ssh | sh -c 'sed p' | xargs cat`, "deny"},
		{`find ~/.ssh | { cat; } | xargs cat`, "deny"},
		// xargs with no command echoes; an output substitution reads
		// what its host writes.
		{`find ~/.ssh | xargs -n1 | xargs rm`, "deny"},
		{`find ~/.ssh | xargs | xargs rm`, "deny"},
		{`find ~/.ssh | tee >(xargs rm)`, "deny"},
		{`find ~/.ssh > >(xargs rm)`, "deny"},
		{`find ~/.ssh | tee >(xargs cat) > /dev/null`, "deny"},
		// Keepers the walk did not know.
		{`find ~/.ssh -print0 | sort -z | xargs -0 rm`, "deny"},
		{`find ~/.ssh -name id_rsa | shuf | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | tee /dev/null | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | pv -q | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | dd status=none | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | sponge | xargs cat`, "deny"},
		// Loops and while-read over an edited listing.
		{`find ~/.ssh -name id_rsa | sed p | while read f; do rm "$f"; done`, "deny"},
		{`for f in $(find ~/.ssh -name id_rsa | sed p); do rm "$f"; done`, "deny"},
		// Secret reads through an editor.
		{`find ~/.ssh -name id_rsa | sed p | xargs cat`, "deny"},
		{`find ~/.ssh -name id_rsa | rev | rev | xargs cat`, "deny"},
		{`find ~/.ssh | base64 | base64 -d | xargs cat`, "deny"},
		{`find ~/.ssh -name id_rsa | perl -pe 1 | xargs head`, "deny"},
		// A file of the list, on the standard input or as an operand.
		{`find ~/.ssh -name id_rsa > l; sort < l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; head -n1 < l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; grep rsa < l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; sed p l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; rm $(sed p l)`, "deny"},
		{`find ~/.ssh -name id_rsa > l; awk 1 l | xargs cat`, "deny"},
		{`find ~/.ssh -name id_rsa > l; cut -c1- < l | xargs cat`, "deny"},
		// Look-alikes: the project's own files, narrowing filters, and
		// filters that print something else than the lines.
		{`find . -name '*.def' | sed 's/\.def$/.out/' | xargs touch`, "allow"},
		{`find . -name '*.tmp' | sed p | xargs rm -f`, "allow"},
		{`find . -name '*.pyc' | tr '\n' '\0' | xargs -0 rm -f`, "allow"},
		{`find . -name '*.orig' | sed 's/.orig$//' | xargs rm`, "allow"},
		{`rm $(du * | awk '$1 == "0" {print $2}')`, "warn"}, // the project's files, as rm src/a.go is
		{`find ~/.ssh -name id_rsa | grep -c rsa | xargs echo`, "allow"},
		{`find ~/.ssh -name id_rsa | wc -l`, "allow"},
		{`find ~/.ssh -name id_rsa | sed p`, "allow"},
		{`find . -name '*.go' | sed p | xargs wc -l`, "allow"},
		{`echo a.txt b.txt | sed p | xargs rm -f`, "allow"},
		{`find . -name '*.o' | tee >(xargs rm -f)`, "allow"},
		{`find ~/.ssh 2> >(xargs rm)`, "allow"}, // find's errors, not its list
		{`find . -name '*.o' | xargs | xargs rm -f`, "allow"},
		{`find . -name '*.o' | while read f; do echo "$f"; done | xargs rm -f`, "allow"},
		{`find . -name '*.o' | sh -c 'sed p' | xargs rm -f`, "allow"},
		{`find ~/.ssh | while read f; do echo found; done | xargs echo`, "allow"},
		{`find . -name '*.md' | { cat; } | xargs cat`, "allow"},
		{`find ~/.ssh -name '*.pub' | (sort) | xargs cat`, "allow"},
		{`find ~/.ssh -name '*.pub' | sed p | xargs cat`, "allow"},
		{`git ls-files | grep '\.pyc$' | xargs rm`, "allow"},
	})
}

// TestEnclosingInputs: a call that is first in its own pipeline, or
// alone, inside a compound stage or an output substitution reads the
// pipe into that stage, or what the substitution's host writes; a list
// file it writes holds those lines (readsOutside).
func TestEnclosingInputs(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n",
		"proj/src/a.go":    "package a\n",
		"proj/b.o":         "o\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// A list file written inside a compound stage or a
		// substitution.
		{`find ~/.ssh -name id_rsa | ( sort ) > l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | { sort; } > l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | ( sort > l ); xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | ( sort | uniq > l ); xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | ( sort | ( uniq | ( cat > l ) ) ); xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | tee >(cat > l); xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | while read f; do echo "$f"; done > l; xargs rm < l`, "deny"},
		{`find ~/.ssh -name id_rsa | ( sort ) > l; xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa | tee >(cat > l); xargs cat < l`, "deny"},
		{`find ~/.ssh -name id_rsa | while read f; do echo "$f"; done > l; xargs cat < l`, "deny"},
		// A pipeline inside a compound stage.
		{`find ~/.ssh -name id_rsa | ( sort | uniq ) | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | ( sort | uniq ) | xargs cat`, "deny"},
		{`find ~/.ssh -name id_rsa | ( while read f; do echo "$f" | sed p; done ) | xargs rm`, "deny"},
		// A reader inside a compound stage, or of a pipe the descriptor
		// model ties to a producer: a process substitution opened on a
		// descriptor, a coprocess, a here-string that is a command
		// substitution, read -u.
		{`find ~/.ssh | { xargs rm; }`, "deny"},
		{`find ~/.ssh | ( xargs rm )`, "deny"},
		{`find ~/.ssh | if true; then xargs rm; fi`, "deny"},
		{`find ~/.ssh | { read x; xargs rm; }`, "deny"},
		{`find ~/.ssh | sh -c 'xargs rm'`, "deny"},
		{`find ~/.ssh | { exec 3<&0; xargs rm <&3; }`, "deny"},
		{`find ~/.ssh | { xargs cat; }`, "deny"},
		{`exec 3< <(find ~/.ssh); xargs rm <&3`, "deny"},
		{`exec 3< <(find ~/.ssh | mytool); xargs rm <&3`, "deny"},
		{`exec 3< <(find ~/.ssh); xargs cat <&3`, "deny"},
		{`coproc find ~/.ssh; xargs rm <&${COPROC[0]}`, "deny"},
		{`xargs rm <<< "$(find ~/.ssh)"`, "deny"},
		{`xargs cat <<< "$(find ~/.ssh)"`, "deny"},
		{`find ~/.ssh | { while read f; do rm "$f"; done; }`, "deny"},
		{`exec 3< <(find ~/.ssh); while read -u3 f; do rm "$f"; done`, "deny"},
		{`exec 3< <(find ~/.ssh | sort); while read f; do rm "$f"; done <&3`, "deny"},
		{`coproc find ~/.ssh; while read f; do rm "$f"; done <&${COPROC[0]}`, "deny"},
		{`find ~/.ssh | { while read f; do cat "$f"; done; }`, "deny"},
		// The file of xargs -a and parallel's -a and :::: may be a pipe:
		// a process substitution, or a descriptor's path.
		{`xargs -a <(find ~/.ssh) rm`, "deny"},
		{`xargs -a <(find ~/.ssh | mytool) rm`, "deny"},
		{`xargs --arg-file <(find ~/.ssh) cat`, "deny"},
		{`exec 3< <(find ~/.ssh); xargs -a /dev/fd/3 rm`, "deny"},
		{`parallel rm :::: <(find ~/.ssh)`, "deny"},
		{`parallel cat :::: <(find ~/.ssh)`, "deny"},
		{`parallel -a <(find ~/.ssh) rm`, "deny"},
		// The substitution attached to its option: bash opens it there
		// too, and the value is its /dev/fd path.
		{`xargs -a<(find ~/.ssh) rm`, "deny"},
		{`xargs --arg-file=<(find ~/.ssh) rm`, "deny"},
		{`xargs --arg-f=<(find ~/.ssh) rm`, "deny"},
		{`xargs "-a"<(find ~/.ssh) cat`, "deny"},
		{`xargs -0a<(find ~/.ssh -print0) rm`, "deny"},
		{`parallel -a<(find ~/.ssh) rm`, "deny"},
		{`parallel --arg-file=<(find ~/.ssh) rm`, "deny"},
		{`xargs -a<(find . -name '*.o') rm`, "allow"},
		{`xargs --arg-file=<(find . -name '*.o') rm`, "allow"},
		{`find ~/.ssh | xargs -a- rm`, "deny"}, // GNU xargs: -a - is its standard input
		{`find ~/.ssh | xargs --arg-file=- cat`, "deny"},
		{`find . -name '*.o' | xargs -a - rm`, "allow"},
		{`xargs -a <(find . -name '*.o') rm`, "allow"},
		{`parallel rm :::: <(find . -name '*.o')`, "allow"},
		// Programs that read names on their standard input (tar -T -,
		// cpio -o, zip -@, rsync --files-from=-) by the same routes.
		{`find ~/.ssh | { tar czf x.tgz -T -; }`, "deny"},
		{`exec 3< <(find ~/.ssh); tar czf x.tgz -T - <&3`, "deny"},
		{`find ~/.ssh | ( cpio -o > x.cpio )`, "deny"},
		{`find ~/.ssh | { zip x.zip -@; }`, "deny"},
		{`find ~/.ssh -name id_rsa | { rsync -a --files-from=- / out/; }`, "deny"},
		{`tar czf x.tgz -T - <<< "$(find ~/.ssh)"`, "deny"},
		{`find src | { tar czf x.tgz -T -; }`, "allow"},
		{`tar czf x.tgz -T - <<< "$(find src)"`, "allow"},
		// Look-alikes: the project's own files.
		{`find . -name '*.o' | { xargs rm; }`, "allow"},
		{`exec 3< <(find . -name '*.o'); xargs rm <&3`, "allow"},
		{`coproc find . -name '*.o'; while read f; do rm "$f"; done <&${COPROC[0]}`, "allow"},
		{`xargs rm <<< "$(find . -name '*.o')"`, "allow"},
		{`find ~/.ssh | xargs rm <<< a.o`, "allow"}, // the here-string wins over the pipe
		{`find . -name '*.o' | ( sort ) > l; xargs rm < l`, "allow"},
		{`find . -name '*.o' | tee >(cat > l); xargs rm < l`, "allow"},
		{`find . -name '*.o' | while read f; do echo "$f"; done > l; xargs rm < l`, "allow"},
		{`find . -name '*.o' | ( sort | uniq ) | xargs rm`, "allow"},
	})
}

// TestEnclosingInputsBash runs the shapes of TestEnclosingInputs in the
// real bash, with echo in place of the deleter, and checks that each
// reader gets the listing: the descriptor model's routes are bash's.
func TestEnclosingInputsBash(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "proj/": ""})
	for _, s := range []string{
		`find ~/.ssh -name id_rsa | ( sort ) > l; xargs echo < l`,
		`find ~/.ssh -name id_rsa | ( sort | uniq > l ); xargs echo < l`,
		`find ~/.ssh -name id_rsa | tee >(cat > l) > /dev/null; for i in $(seq 100); do [ -s l ] && break; sleep 0.05; done; xargs echo < l`,
		`find ~/.ssh -name id_rsa | while read f; do echo "$f"; done > l; xargs echo < l`,
		`find ~/.ssh -name id_rsa | { xargs echo; }`,
		`find ~/.ssh -name id_rsa | if true; then xargs echo; fi`,
		`find ~/.ssh -name id_rsa | { exec 3<&0; xargs echo <&3; }`,
		`exec 3< <(find ~/.ssh -name id_rsa); xargs echo <&3`,
		`coproc find ~/.ssh -name id_rsa; xargs echo <&${COPROC[0]}`,
		`xargs echo <<< "$(find ~/.ssh -name id_rsa)"`,
		`exec 3< <(find ~/.ssh -name id_rsa); while read -u3 f; do echo "$f"; done`,
		`xargs -a<(find ~/.ssh -name id_rsa) echo`,
		`xargs --arg-f=<(find ~/.ssh -name id_rsa) echo`,
		`find ~/.ssh -name id_rsa | split -l 1 - part; xargs echo < partaa`,
	} {
		cmd := exec.Command(bash, "-c", s)
		cmd.Dir = cfg.Project
		cmd.Env = []string{"HOME=" + cfg.Home, "PATH=/usr/bin:/bin"}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "/.ssh/id_rsa") {
			t.Errorf("%s: %q (%v), want the key's path", s, out, err)
		}
	}
	cmd := exec.Command(bash, "-c", `find ~/.ssh -name id_rsa | xargs echo <<< a.o`)
	cmd.Dir, cmd.Env = cfg.Project, []string{"HOME=" + cfg.Home, "PATH=/usr/bin:/bin"}
	if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "a.o" {
		t.Errorf("the here-string after a pipe: %q (%v), want a.o", out, err)
	}
}

// TestOpaqueStages: a program corral cannot read between a listing and
// a deleter or reader (code, a program it has no table for, a name only
// run time knows) may print any line it reads, so those lines are
// judged; it may print other paths too, so rm -rf of its output still
// asks (rm-root). Programs that print a count or a digest, builtins,
// functions and output thrown away pass nothing on.
func TestOpaqueStages(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"home/.ssh/id_rsa": "k\n",
		"proj/src/a.go":    "package a\n",
		"proj/b.o":         "o\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find ~/.ssh -name id_rsa | python3 -c 'import sys; print(sys.stdin.read())' | xargs rm`, "deny"},
		{`find ~/.ssh | timeout 5 python3 -c 'import sys; print(sys.stdin.read())' | xargs rm`, "deny"},
		{`find ~/.ssh | node -e 'process.stdin.pipe(process.stdout)' | xargs rm`, "deny"},
		{`find ~/.ssh | perl -e 'print <STDIN>' | xargs rm`, "deny"},
		{`find ~/.ssh | mytool | xargs rm`, "deny"},
		{`find ~/.ssh | $X p | xargs rm`, "deny"},
		{`find ~/.ssh | sh -c mytool | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa | mytool > l; xargs rm < l`, "deny"},
		{`find ~/.ssh | ( mytool ) | xargs rm`, "deny"},
		{`find ~/.ssh | python3 -c 'import sys; print(sys.stdin.read())' | xargs cat`, "deny"},
		{`find ~/.ssh | mytool | xargs cat`, "deny"},
		{`find ~/.ssh | mytool | tar czf x.tgz -T -`, "deny"},
		{`f() { cat; }; find ~/.ssh | f | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; mytool < l | xargs rm`, "deny"},
		{`find ~/.ssh -name id_rsa > l; mytool < l | xargs cat`, "deny"},
		{`find ~/.ssh | mytool | while read f; do rm "$f"; done`, "deny"},
		{`for f in $(find ~/.ssh | mytool); do rm "$f"; done`, "deny"},
		{`cat $(find ~/.ssh | mytool)`, "deny"},
		{`rm $(find ~/.ssh | mytool)`, "deny"},
		{`rm $(find ~/.ssh | sed p)`, "deny"},
		{`rm -rf $(find . -name '*.o' | mytool)`, "ask"},
		{`rm $(find . -name '*.o' | mytool)`, "allow"},
		{`rm -rf $(find . -name '*.o' | sort)`, "allow"},
		{`find ~/.ssh | mytool | xargs -I{} rm {}`, "deny"},
		{`mytool < <(find ~/.ssh) | xargs rm`, "deny"},
		// Its output may hold other paths: rm -rf of it asks as rm
		// -rf of any run-time list does.
		{`find . -name '*.o' | mytool | xargs rm -rf`, "ask"},
		{`mytool | xargs rm -rf`, "ask"},
		// Look-alikes.
		{`find . -name '*.o' | mytool | xargs rm`, "allow"},
		{`find . -name '*.md' | mytool | xargs cat`, "allow"},
		{`find ~/.ssh | wc -l | xargs rm`, "allow"},
		{`find ~/.ssh | sha256sum | xargs echo`, "allow"},
		{`find ~/.ssh | mytool > /dev/null; ls`, "allow"},
		{`find . -name '*.o' > l; mytool < l | xargs rm`, "allow"},
		{`f() { grep x; }; find . -name '*.o' | f | xargs rm -rf`, "allow"},
		{`find ~/.ssh | while read f; do echo found; done | xargs rm`, "allow"},
	})
}

// TestTangledPipes: a stage whose output many writers of the stages
// after it read is followed a bounded number of times; past the bound
// the command asks (BenchmarkTangledPipes measures the time), while a
// short chain is still followed to its listing.
func TestTangledPipes(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"home/.ssh/id_rsa": "k\n", "proj/a.o": "o\n"})
	long := "find ~/.ssh" + strings.Repeat(" | { cat; cat; cat; }", 40) + " | xargs rm"
	res := Check(cfg, long)
	tangled := false
	for _, f := range res.Findings {
		tangled = tangled || f.Rule == "unparsed" && strings.Contains(f.Message, "too tangled")
	}
	if res.Decision == Allow || !tangled {
		t.Errorf("40 compound stages: %s, want an ask for a tangled command (%v)", res.Decision, res.Findings)
	}
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`find ~/.ssh | { cat; cat; } | { cat; cat; } | xargs rm`, "deny"},
		{`find . -name '*.o' | { cat; cat; } | { cat; cat; } | xargs rm`, "allow"},
	})
}

// TestLineFilterRoles: what lineFilter says of each program in a pipe,
// and the file it reads instead of the pipe, from the programs' manuals:
// sort -o and uniq IN OUT write a file, sed -i edits files in place,
// grep -l/-c print names or counts, shuf -e prints its own words, tr's
// operands are sets, awk's var=value operands are no files.
func TestLineFilterRoles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		role lineRole
		file string
	}{
		{"sort -u", keepsLines, ""},
		{"sort -z -r", keepsLines, ""},
		{"sort -o out in", notLines, ""},
		{"sort -k 2 list", keepsLines, "list"},
		{"sort < list", keepsLines, "list"},
		{"head -n 5", keepsLines, ""},
		{"tail -5 list", keepsLines, "list"},
		{"uniq", keepsLines, ""},
		{"uniq -c", editsLines, ""},
		{"uniq -f 1 in out", notLines, ""},
		{"shuf", keepsLines, ""},
		{"shuf -e a b", notLines, ""},
		{"tee copy", keepsLines, ""},
		{"cat", keepsLines, ""},
		{"cat list", keepsLines, "list"},
		{"cat -n", editsLines, ""},
		{"cat a b", notLines, ""},
		{"grep x", keepsLines, ""},
		{"grep -v x list", keepsLines, "list"},
		{"grep -o x", editsLines, ""},
		{"grep -l x a", notLines, ""},
		{"grep -c x", notLines, ""},
		{"grep -r x", notLines, ""},
		{"grep -e x -e y list", keepsLines, "list"},
		{"sed p", editsLines, ""},
		{"sed -n /x/p list", editsLines, "list"},
		{"sed -e p -e p", editsLines, ""},
		{"sed -i s/a/b/ f", notLines, ""},
		{"awk 1", editsLines, ""},
		{"awk -F: '{print $1}' list", editsLines, "list"},
		{"awk '{print}' n=1 list", editsLines, "list"},
		{"awk -f prog.awk", editsLines, ""},
		{"cut -d/ -f2", editsLines, ""},
		{"tr a b", editsLines, ""},
		{"tr -d x", editsLines, ""},
		{"rev", editsLines, ""},
		{"base64 -d", editsLines, ""},
		{"gzip -c", editsLines, ""},
		{"gzip big.log", notLines, ""},
		{"perl -pe 1", editsLines, ""},
		{"perl -lne print list", editsLines, "list"},
		{"perl script.pl", notLines, ""},
		{"wc -l", notLines, ""},
		{"xargs -n1 echo", editsLines, ""},
		{"xargs rm", notLines, ""},
		{"xargs -n1", editsLines, ""},
		{"pv -q", keepsLines, ""},
		{"sponge", keepsLines, ""},
		{"dd status=none", keepsLines, ""},
		{"dd conv=lcase", editsLines, ""},
		{"cat -", keepsLines, ""},
	} {
		m, err := syntax.Analyze(tc.cmd, syntax.Options{Cwd: "/w"})
		if err != nil || len(m.Calls) == 0 {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		role, file, fromFile := lineFilter(m.Calls[len(m.Calls)-1])
		got := ""
		if fromFile {
			got = file.Path
		}
		want := ""
		if tc.file != "" {
			want = "/w/" + tc.file
		}
		if role != tc.role || got != want {
			t.Errorf("%s: role %d file %q, want %d %q", tc.cmd, role, got, tc.role, want)
		}
	}
}
