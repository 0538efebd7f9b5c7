package lang

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// foreignCases are the calls of the languages read for their calls only
// (foreign.go), from each language's reference, with look-alikes: the
// same text printed, in a string, in a comment.
var foreignCases = []struct {
	name string
	l    Lang
	src  string
	want []string
}{
	// Scheme: racket/system, racket/file, Guile, Chez, MIT.
	{"rkt-system", Scheme, `(require racket/system) (system "rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"rkt-system*", Scheme, `(system* "/bin/rm" "-rf" "/h")`, []string{"exec system*: /bin/rm -rf /h"}},
	{"rkt-files", Scheme, `(delete-directory/files "/h") (delete-file "a") (delete-directory "d")`, []string{"delete -r delete-directory/files: /h", "delete delete-file: a", "rmdir delete-directory: d"}},
	{"rkt-built", Scheme, `(system (string-append "rm -rf " d))`, []string{`hidden system: (string-append "rm -rf " d)`}},
	{"rkt-look", Scheme, "#lang racket\n; (system \"rm -rf ~\")\n#| (system \"x\") |#\n(display \"(system \\\"rm\\\")\")\n(define c #\\\")\n(display c)", nil},
	{"guile-pipe", Scheme, `(use-modules (ice-9 popen)) (open-input-pipe "rm -rf ~")`, []string{"shell open-input-pipe: rm -rf ~"}},
	{"scm-name", Scheme, `(define (system-info) 1) (list system)`, nil},
	// Common Lisp.
	{"sbcl-run", Lisp, `(sb-ext:run-program "/bin/rm" '("-rf" "/h") :search t :output t)`, []string{"exec sb-ext:run-program: /bin/rm -rf /h"}},
	{"clisp-run", Lisp, `(ext:run-program "rm" :arguments '("-rf" "/h"))`, []string{"exec ext:run-program: rm -rf /h"}},
	{"uiop-list", Lisp, `(uiop:run-program (list "rm" "-rf" "/h"))`, []string{"exec uiop:run-program: rm -rf /h"}},
	{"uiop-string", Lisp, `(uiop:run-program "rm -rf ~" :output t)`, []string{"shell uiop:run-program: rm -rf ~"}},
	{"cl-look", Lisp, `(format t "(ext:shell \"rm -rf ~\")~%") ; (ext:shell "x")`, nil},
	// Clojure.
	{"clj-sh", Clojure, `(require '[clojure.java.shell :refer [sh]]) (sh "rm" "-rf" "/h")`, []string{"exec sh: rm -rf /h"}},
	{"bb-shell", Clojure, `(babashka.process/shell "rm -rf '/a b'")`, []string{"exec babashka.process/shell: rm -rf /a b"}},
	{"clj-exec", Clojure, `(.exec (Runtime/getRuntime) "rm -rf /h")`, []string{"exec .exec: rm -rf /h"}},
	{"clj-char", Clojure, `(println \" "(sh \"rm\")") ; (sh "x")`, nil},
	// Erlang and Elixir.
	{"erl-cmd", Erlang, `os:cmd("rm -rf ~"), file:del_dir_r("/h").`, []string{"shell os:cmd: rm -rf ~", "delete -r file:del_dir_r: /h"}},
	{"erl-var", Erlang, `os:cmd(Cmd).`, []string{"hidden os:cmd: Cmd"}},
	{"erl-look", Erlang, `io:format("os:cmd(~p)~n", ["rm -rf ~"]), X = $", % os:cmd("rm")` + "\nY = \"a\".", nil},
	{"ex-cmd", Elixir, `System.cmd("rm", ["-rf", "/h"], stderr_to_stdout: true)`, []string{"exec System.cmd: rm -rf /h"}},
	{"ex-noparens", Elixir, `System.shell "rm -rf ~"`, []string{"shell System.shell: rm -rf ~"}},
	{"ex-interp", Elixir, `System.shell("rm -rf #{dir}")`, []string{`hidden System.shell: "rm -rf #{dir}"`}},
	{"ex-rm", Elixir, `File.rm_rf!("/h"); File.rm("a")`, []string{"delete -r File.rm_rf!: /h", "delete File.rm: a"}},
	{"ex-look", Elixir, `IO.puts("System.cmd(rm)") # System.shell("rm -rf ~")`, nil},
	// gnuplot.
	{"gp-system", Gnuplot, `x = system("rm -rf ~")`, []string{"shell system: rm -rf ~"}},
	{"gp-bang", Gnuplot, "set term png\n!rm -rf ~\n", []string{"shell !: rm -rf ~"}},
	{"gp-pipe", Gnuplot, `plot "< rm -rf ~" using 1:2, 'data' with lines`, []string{"shell plot '<':  rm -rf ~"}},
	{"gp-output", Gnuplot, `set output '| rm -rf ~'`, []string{"shell set output '|':  rm -rf ~"}},
	{"gp-look", Gnuplot, "set title \"< rm -rf ~\"\n# system(\"rm\")\nprint \"!x\"\nplot sin(x)", nil},
	// Octave.
	{"oct-system", Octave, `[s, o] = system('rm -rf ~');`, []string{"shell system: rm -rf ~"}},
	{"oct-command", Octave, `system "rm -rf ~"`, []string{"shell system: rm -rf ~"}},
	{"oct-rmdir", Octave, `confirm_recursive_rmdir(false); rmdir('/h', 's'); delete('a.txt')`, []string{"delete -r rmdir: /h", "delete delete: a.txt"}},
	{"oct-look", Octave, "x = a';\ndisp('system(''rm -rf ~'')') % system('rm')\n%{\nsystem('x')\n%}", nil},
	// D, C# scripts and Swift (rdmd, dotnet script, swift FILE): calls
	// in code; the same text in comments and each language's strings is
	// data.
	{"d-shell", D, "import std.process;\nexecuteShell(\"rm -rf /h\");\nspawnProcess([\"rm\", \"-rf\", \"/g\"]);\nstd.file.rmdirRecurse(\"/f\");\nspawnShell(cmd);", []string{"shell executeShell: rm -rf /h", "exec spawnProcess: rm -rf /g", "delete -r std.file.rmdirRecurse: /f", "hidden spawnShell: cmd"}},
	{"d-look", D, "// executeShell(\"rm -rf /h\")\n/+ /+ remove(\"/h\") +/ +/\n/* system(\"x\") */\nwriteln(`executeShell(\"a\")`, r\"remove(\"b\")\", q\"(spawnShell(\"c\"))\", q{ rmdirRecurse(\"/d\"); }, \"execute(\\\"e\\\")\");\nauto x = q\"EOS\nexecuteShell(\"f\")\nEOS\";\nchar c = '\"'; executeShell(\"ls\");", []string{"shell executeShell: ls"}},
	{"cs-process", CSharp, "Process.Start(\"rm\", \"-rf '/h 1'\");\nnew ProcessStartInfo(\"sh\", $\"-c {cmd}\");\nFile.Delete(@\"C:\\x\");\nDirectory.Delete(path: \"/d\", recursive: true);\nvar p = new Process();", []string{"exec Process.Start: rm -rf /h 1", "hidden ProcessStartInfo: \"sh\", $\"-c {cmd}\"", "delete File.Delete: C:\\x", "delete -r Directory.Delete: /d", "hidden Process: "}},
	// new Process() / new ProcessStartInfo() read through FileName,
	// Arguments and ArgumentList (initializer or variable).
	{"cs-process-fields", CSharp, "var p = new Process();\np.StartInfo.FileName = \"rm\";\np.StartInfo.Arguments = \"-rf /h\";\np.Start();\n" +
		"var psi = new ProcessStartInfo { FileName = \"bash\", Arguments = \"-c 'rm -rf /x'\" };\nProcess.Start(psi);\n" +
		"var q = new System.Diagnostics.Process { StartInfo = new ProcessStartInfo { FileName = \"rm\", ArgumentList = { } } };\n" +
		"var s = new ProcessStartInfo();\ns.FileName = \"rm\";\ns.ArgumentList.Add(\"-r\");\ns.ArgumentList.Add(\"/y\");",
		[]string{"exec Process: rm -rf /h", "exec ProcessStartInfo: bash -c rm -rf /x", "exec ProcessStartInfo: rm", "exec ProcessStartInfo: rm -r /y"}},
	{"cs-process-runtime", CSharp, "var p = new Process();\np.StartInfo.FileName = args[0];\np.Start();\nvar s = new ProcessStartInfo { FileName = \"ls\", Arguments = cmd };",
		[]string{"hidden Process: ", "hidden ProcessStartInfo: "}},
	{"cs-process-look", CSharp, "// p.StartInfo.FileName = \"rm\"\nvar p = new Process();\np.StartInfo.FileName = \"ls\";\np.StartInfo.Arguments = \"-l\";\nConsole.WriteLine(\"FileName = rm -rf /\");\nvar o = new Options { FileName = \"rm\" };",
		[]string{"exec Process: ls -l"}},
	{"cs-look", CSharp, "// Process.Start(\"rm\")\nConsole.WriteLine(@\"File.Delete(\"\"/h\"\")\");\nvar s = $\"Process.Start({{x}}) {y}\";\nvar r = \"\"\"\nDirectory.Delete(\"/h\")\n\"\"\";\nchar q = '\"'; File.Delete(\"ok.txt\");", []string{"delete File.Delete: ok.txt"}},
	{"swift-calls", Swift, "import Foundation\ntry FileManager.default.removeItem(atPath: \"/h\")\ntry fm.removeItem(at: url)\nsystem(\"rm -rf /g\")\nlet p = Process()", []string{"delete -r FileManager.default.removeItem: /h", "hidden fm.removeItem: url", "shell system: rm -rf /g"}},
	// Names bound once to a literal are the literal (issue 9); bound
	// again, declared again (a parameter, a loop variable) or Swift's var:
	// run time's.
	{"d-const", D, "import std.file;\nvoid main() { auto d = \"build\"; rmdirRecurse(d); string f = \"a.txt\"; remove(f); }", []string{"delete -r rmdirRecurse: build", "delete remove: a.txt"}},
	{"d-shadow", D, "void f(string d) { rmdirRecurse(d); }\nvoid main() { auto d = \"build\"; f(x); }", []string{"hidden rmdirRecurse: d"}},
	{"d-reassigned", D, "auto d = \"a\";\nd ~= \"/x\";\nrmdirRecurse(d);\nauto e = \"b\";\nforeach (e; list) remove(e);", []string{"hidden rmdirRecurse: d", "hidden remove: e"}},
	{"d-algorithm-remove", D, "import std.algorithm;\nauto a = [1, 2];\na = remove(a, i);\nb = xs.remove(1);\nfoo().remove(2);\n\"tmp.txt\".remove();\nremove(readln());", []string{"delete remove: tmp.txt", "hidden remove: readln()"}},
	{"cs-const", CSharp, "var d = \"build\";\nDirectory.Delete(d, true);\nstring f = \"/h\";\nFile.Delete(f);\nvar g = \"x\";\ng = Console.ReadLine();\nFile.Delete(g);\nvar h = \"y\";\nitems.ForEach((h) => File.Delete(h));", []string{"delete -r Directory.Delete: build", "delete File.Delete: /h", "hidden File.Delete: g", "hidden File.Delete: h"}},
	{"swift-const", Swift, "let d = \"/h\"\ntry FileManager.default.removeItem(atPath: d)\nvar e = \"x\"\ne.append(\"y\")\nunlink(e)\nfunc f(p: String) { unlink(p) }\nlet p = \"q\"", []string{"delete -r FileManager.default.removeItem: /h", "hidden unlink: e", "hidden unlink: p"}},
	// Foundation's Process runs what its fields name once started.
	{"swift-process", Swift, "let p = Process()\np.executableURL = URL(fileURLWithPath: \"/bin/rm\")\np.arguments = [\"-rf\", \"/h\"]\ntry p.run()\np.waitUntilExit()", []string{"exec Process: /bin/rm -rf /h"}},
	{"swift-process-launch", Swift, "let t = Process()\nt.launchPath = \"/usr/bin/git\"\nt.arguments = [\"status\"]\nt.standardOutput = pipe\nt.launch()", []string{"exec Process: /usr/bin/git status"}},
	{"swift-process-url", Swift, "let p = Process()\np.executableURL = URL(fileURLWithPath: path)\ntry p.run()", []string{"hidden Process: "}},
	{"swift-process-args", Swift, "let q = Process()\nq.launchPath = \"/bin/ls\"\nq.arguments = args\nq.launch()", []string{"hidden Process: "}},
	{"swift-process-twice", Swift, "let r = Process()\nr.launchPath = \"/bin/a\"\nr.launchPath = \"/bin/b\"\nr.launch()", []string{"hidden Process: "}},
	{"swift-process-handed", Swift, "let s = Process()\nrunIt(s)", []string{"hidden Process: "}},
	{"swift-process-bare", Swift, "start(Process())", []string{"hidden Process: "}},
	{"swift-process-run", Swift, "try Process.run(URL(fileURLWithPath: \"/bin/sh\"), arguments: [\"-c\", \"rm -rf /h\"]) { _ in }\ntry Process.run(URL(fileURLWithPath: tool), arguments: [])\nlet u = Process()", []string{"exec Process.run: /bin/sh -c rm -rf /h", "hidden Process.run: URL(fileURLWithPath: tool), arguments: []"}},
	{"swift-look", Swift, "/* Process() /* nested */ removeItem(atPath: \"/h\") */\nprint(\"Process() \\(name) system(\\\"x\\\")\")\nlet r = #\"system(\"rm -rf /h\")\"#\nlet m = \"\"\"\nProcess()\n\"\"\"\nunlink(\"tmp.txt\")", []string{"delete unlink: tmp.txt"}},
	// JVM languages.
	{"java-exec", JVM, `Runtime.getRuntime().exec("rm -rf /h");`, []string{"exec exec: rm -rf /h"}},
	{"java-pb", JVM, `new ProcessBuilder("rm", "-rf", "/h").inheritIO().start();`, []string{"exec ProcessBuilder: rm -rf /h"}},
	{"groovy-exec", JVM, `"rm -rf /h".execute(); ['rm', 'x'].execute()`, []string{"exec execute: rm -rf /h", "exec execute: rm x"}},
	{"groovy-gstring", JVM, `"rm -rf ${d}".execute()`, []string{"hidden execute: rm -rf ${d}"}},
	{"scala-bang", JVM, `import sys.process._; "rm -rf /h".!; Seq("rm", "a").!!`, []string{"exec execute: rm -rf /h", "exec execute: rm a"}},
	{"scala-home", JVM, `scala.sys.process.Process(Seq("rm", "-rf", System.getProperty("user.home"))).!`, []string{"exec Process: rm -rf \x00home\x00~"}},
	{"scala-sys-home", JVM, `Seq("rm", "-rf", sys.env("HOME")).!`, []string{"exec execute: rm -rf \x00home\x00~"}},
	// Constant folding: "a" + "b", grouping parentheses, "${home}" in an
	// interpolated string (Scala's s"…", Groovy's and Kotlin's "…").
	{"scala-concat-home", JVM, `("rm -rf " + System.getProperty("user.home")).!`, []string{"exec execute: rm -rf \x00home\x00~"}},
	{"scala-concat-lits", JVM, `("rm" + " -rf " + "/h").!; ("rm -rf " + ("/g")).!!`, []string{"exec execute: rm -rf /h", "exec execute: rm -rf /g"}},
	{"scala-interp-home", JVM, `s"rm -rf ${sys.props("user.home")}/x".!`, []string{"exec execute: rm -rf \x00home\x00~/x"}},
	{"groovy-interp-home", JVM, `"rm -rf ${System.getenv('HOME')}".execute()`, []string{"exec execute: rm -rf \x00home\x00~"}},
	{"scala-concat-name", JVM, `("rm -rf " + dir).!`, []string{"hidden execute: rm -rf ${dir}"}},
	{"scala-interp-other", JVM, `s"rm -rf ${sys.props("user.home")}/$d".!`, []string{"hidden execute: rm -rf ${sys.props(\"user.home\")}/$d"}},
	{"jvm-fold-look", JVM, `println("rm -rf " + System.getProperty("user.home")); ("ls " + sys.props("user.home")).!; s"echo ${sys.props("user.home")}".!; f("rm -rf " + x.y()).!`,
		[]string{"exec execute: ls \x00home\x00~", "exec execute: echo \x00home\x00~"}},
	{"jvm-fold-suffix", JVM, `(System.getProperty("user.home") + "x").!`, []string{"hidden execute: ~x"}},
	{"jvm-home-look", JVM, `println(System.getProperty("user.home")); Seq("rm", System.getProperty("user.name")).!`, nil},
	{"kt-file", JVM, `File("/h").deleteRecursively()`, []string{"delete -r File: /h"}},
	{"jvm-look", JVM, `println("\"rm -rf /h\".execute()") // Runtime.getRuntime().exec("x")` + "\n/* \"rm\".execute() */", nil},
	// Prolog, Haskell, OCaml.
	{"pl-shell", Prolog, `:- shell('rm -rf ~'), delete_file("a").`, []string{"shell shell: rm -rf ~", "delete delete_file: a"}},
	{"pl-process", Prolog, `process_create(path(rm), ['-rf', '/h'], [stdout(pipe)])`, []string{"exec process_create: rm -rf /h"}},
	{"pl-look", Prolog, `format("shell('rm -rf ~')~n"). % shell(x)`, nil},
	{"hs-system", Haskell, "import System.Process\nmain = do\n  _ <- system \"rm -rf ~\"\n  callProcess \"rm\" [\"-rf\", \"/h\"]\n", []string{"shell system: rm -rf ~", "exec callProcess: rm -rf /h"}},
	{"hs-built", Haskell, `main = callCommand $ "rm -rf " ++ d`, []string{"hidden callCommand: $"}},
	{"hs-look", Haskell, "main = putStrLn \"system \\\"rm\\\"\" -- system \"x\"\n{- callCommand \"y\" -}\nf x' = x'", nil},
	{"ml-command", OCaml, `let _ = Sys.command "rm -rf ~" in Sys.remove "a"`, []string{"shell Sys.command: rm -rf ~", "delete Sys.remove: a"}},
	{"ml-look", OCaml, `print_string "Sys.command \"x\""; (* Sys.command "rm" *) let c = '"' in ()`, nil},
	{"weak-names", Scheme, `(define (process x) x) (process items) (shell opts)`, nil},
	{"weak-literal", Clojure, `(process "rm -rf /h")`, []string{"exec process: rm -rf /h"}},
	// CMake scripts (cmake -P).
	{"cmake-exec", CMake, "execute_process(COMMAND rm -rf /h\n  COMMAND echo \"a b\" OUTPUT_QUIET)", []string{"exec execute_process: rm -rf /h", "exec execute_process: echo a b"}},
	{"cmake-remove", CMake, "file(REMOVE_RECURSE /h \"/i;/j\")\nfile(REMOVE a.txt)", []string{"delete -r file(REMOVE_RECURSE): /h", "delete -r file(REMOVE_RECURSE): /i", "delete -r file(REMOVE_RECURSE): /j", "delete file(REMOVE): a.txt"}},
	{"cmake-var", CMake, "file(REMOVE_RECURSE ${D})\nexec_program(rm ARGS -rf ${D})", []string{"hidden file(REMOVE_RECURSE): ${D}", "hidden exec_program: rm -rf ${D}"}},
	{"cmake-look", CMake, "message(\"execute_process(COMMAND rm -rf /h)\") # file(REMOVE_RECURSE /h)\n#[[ exec_program(rm) ]]\nfile(WRITE x.txt \"REMOVE_RECURSE\")", nil},
	// m4.
	{"m4-syscmd", M4, "syscmd(`rm -rf ~')dnl\nesyscmd(date)", []string{"shell syscmd: rm -rf ~", "shell esyscmd: date"}},
	{"m4-param", M4, "define(`clean', `syscmd(`rm -rf $1')')", []string{"hidden syscmd: rm -rf $1"}},
	{"m4-look", M4, "mysyscmd(x) the word syscmd alone", nil},
}

func TestForeign(t *testing.T) {
	t.Parallel()
	for _, tc := range foreignCases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestForeignLarge: a megabyte of brackets, strings and calls is read in
// linear time in every foreign language.
func TestForeignLarge(t *testing.T) {
	t.Parallel()
	pieces := []string{strings.Repeat("(", 50000), strings.Repeat(`"a" `, 50000), strings.Repeat(`system("x"`, 20000),
		strings.Repeat("{[(", 30000), strings.Repeat("syscmd(`", 20000), strings.Repeat(`["a"].execute() `, 20000), strings.Repeat("execute_process(COMMAND ", 20000), strings.Repeat("#[[", 50000)}
	for _, l := range []Lang{Scheme, Lisp, Clojure, Erlang, Elixir, Gnuplot, Octave, JVM, Prolog, Haskell, OCaml, M4, CMake} {
		for _, p := range pieces {
			start := time.Now()
			Analyze(l, p)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("%s: %d bytes took %v", l, len(p), d)
			}
		}
	}
}
