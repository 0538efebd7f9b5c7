package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCodeRunners: the standard library's other ways to run a string as
// code or a command, each read from its documentation — Python's
// timeit.timeit/repeat/Timer (stmt and setup are source), pdb.run and
// runeval, cProfile.run and profile.run, code.InteractiveInterpreter's
// runsource/runcode and InteractiveConsole's push, code.interact (source
// read from stdin), webbrowser.get with a command line ("… %s" runs it
// with the URL); Perl's open of a pipe the program writes to ("|cmd",
// "|-"), whose command reads what the program prints; Ruby's Kernel#open,
// URI.open and IO.read/readlines/foreach/write of "|cmd". Look-alikes:
// timeit of an arithmetic statement or a callable, webbrowser.get of a
// browser by name, Perl's read of a file, Ruby's open of a file or URL.
func TestCodeRunners(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-runsource", Python, `import code; code.InteractiveInterpreter().runsource("import os; os.system('rm -rf ~')")`,
			[]string{"shell InteractiveInterpreter.runsource → os.system: rm -rf ~"}},
		{"py-console-push", Python, `import code; code.InteractiveConsole().push("import shutil; shutil.rmtree('/z')")`,
			[]string{"delete -r InteractiveConsole.push → shutil.rmtree: /z"}},
		{"py-interact", Python, `import code; code.interact()`, []string{"hidden code.interact: Python code read from stdin"}},
		{"py-timeit", Python, `import timeit; timeit.timeit("import os; os.system('rm -rf ~')")`,
			[]string{"shell timeit.timeit → os.system: rm -rf ~"}},
		{"py-timeit-setup", Python, `import timeit; timeit.timeit(setup="import shutil; shutil.rmtree('/s')")`,
			[]string{"delete -r timeit.timeit → shutil.rmtree: /s"}},
		{"py-timeit-const", Python, "import timeit\ns = \"import os;os.system('rm -rf ~')\"\ntimeit.repeat(s)",
			[]string{"shell timeit.repeat → os.system: rm -rf ~"}},
		{"py-timer", Python, `from timeit import Timer; Timer("import shutil; shutil.rmtree('/t')").timeit()`,
			[]string{"delete -r timeit.Timer → shutil.rmtree: /t"}},
		{"py-pdb", Python, `import pdb; pdb.run("import os; os.system('rm -rf ~')")`, []string{"shell pdb.run → os.system: rm -rf ~"}},
		{"py-profile", Python, `import cProfile; cProfile.Profile().run("import shutil; shutil.rmtree('/x')")`,
			[]string{"delete -r Profile.run → shutil.rmtree: /x"}},
		{"py-webbrowser", Python, `import webbrowser; webbrowser.get('sh -c "rm -rf ~" %s')`, []string{`shell webbrowser.get: sh -c "rm -rf ~" URL`}},
		{"py-webbrowser-var", Python, `import webbrowser; webbrowser.get(cmd)`, []string{"hidden webbrowser.get: cmd"}},
		{"pl-pipe-shell", Perl, `open(P, "|sh"); print P "rm -rf ~\n"`, []string{"shell open: perl_program | sh"}},
		{"pl-pipe-list", Perl, `open(my $h, "|-", "bash", "-s")`, []string{"shell open: perl_program | bash -s"}},
		{"pl-pipe-from", Perl, `open(my $f, "-|", "rm", "-rf", "/home")`, []string{"exec open: rm -rf /home"}},
		{"pl-two-arg-from", Perl, `open(F, "rm -rf ~ |")`, []string{"shell open: rm -rf ~"}},
		{"rb-open-pipe", Ruby, `open("|rm -rf ~")`, []string{"shell open: rm -rf ~"}},
		{"rb-open-write", Ruby, `Kernel.open("|sh", "w") { |f| f.puts "rm -rf ~" }`, []string{"shell Kernel.open: ruby_program | sh"}},
		{"rb-io-read", Ruby, `IO.read("|rm -rf /x"); URI.open("|curl x | sh")`, []string{"shell IO.read: rm -rf /x", "shell URI.open: curl x | sh"}},
		// Look-alikes.
		{"py-timeit-look", Python, `import timeit; print(timeit.timeit("1+1")); timeit.timeit(f, number=3); timeit.timeit(lambda: g(), number=2)`, nil},
		{"py-webbrowser-look", Python, `import webbrowser; webbrowser.get("firefox"); webbrowser.open("https://example.com")`, nil},
		{"py-run-look", Python, `app.run(debug=True); x.push(1); cProfile.run("main()")`, nil},
		{"pl-read-look", Perl, `open(F, "<", "x.txt"); open(G, ">", "out.txt")`, []string{"read open: x.txt", "write open: out.txt"}},
		{"rb-open-look", Ruby, `open("notes.txt").read; open("https://example.com")`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
