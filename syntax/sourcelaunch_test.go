package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceLaunchers: java FILE.java (and --source N) is read as Java,
// rdmd's file as D, dotnet script's as C#, swift's as Swift (strings and
// comments are data); pwsh files have no reader and ask when they start
// a process or name a rule's command. Look-alikes: java -jar, java
// CLASS, swift build, a script that only prints or names the calls in
// comments and strings.
func TestSourceLaunchers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"X.java":     "class X { public static void main(String[] a) throws Exception { Runtime.getRuntime().exec(new String[]{\"rm\", \"-rf\", \"/victim\"}); } }\n",
		"script":     "class S { public static void main(String[] a) throws Exception { new ProcessBuilder(\"rm\", \"-rf\", \"/victim\").start(); } }\n",
		"Ok.java":    "class Ok { public static void main(String[] a) { System.out.println(\"hi\"); } }\n",
		"x.d":        "import std.process;\nvoid main() { executeShell(\"rm -rf /victim\"); }\n",
		"ok.d":       "import std.stdio;\n// executeShell(\"rm -rf /victim\")\n/+ a /+ nested +/ remove(\"/victim\") +/\nvoid main() { writeln(`spawnShell(\"x\")`); auto q = q\"(rmdirRecurse(\"/victim\"))\"; }\n",
		"dyn.d":      "import std.process;\nvoid main(string[] a) { spawnShell(a[1]); }\n",
		"x.csx":      "using System.Diagnostics;\nProcess.Start(\"rm\", \"-rf /victim\");\n",
		"del.csx":    "System.IO.Directory.Delete(path: \"/victim\", recursive: true);\n",
		"ok.csx":     "// Process.Start(\"rm\", \"-rf /victim\")\nConsole.WriteLine(@\"File.Delete(\"\"/victim\"\")\");\nConsole.WriteLine($\"Process.Start {n}\");\n",
		"x.swift":    "import Foundation\nlet p = Process()\np.executableURL = URL(fileURLWithPath: \"/bin/rm\")\np.arguments = [\"-rf\", \"/victim\"]\ntry p.run()\n",
		"dyn.swift":  "import Foundation\nlet p = Process()\np.executableURL = URL(fileURLWithPath: tool)\ntry p.run()\n",
		"argv.d":     "import std.file;\nvoid main(string[] args) { rmdirRecurse(args[1]); }\n",
		"argv.csx":   "using System.IO;\nvar d = Args[0];\nDirectory.Delete(d, true);\n",
		"Y.java":     "class Y { public static void main(String[] a) throws Exception { new ProcessBuilder(\"rm\", \"-rf\", a[0]).start(); } }\n",
		"src/Z.java": "package p;\nclass Z { public static void main(String[] a) throws Exception { new ProcessBuilder(\"rm\", \"-rf\", \"/victim\").start(); } }\n",
		"rm.swift":   "import Foundation\ntry FileManager.default.removeItem(atPath: \"/victim\")\n",
		"ok.swift":   "/* let p = Process() /* nested */ removeItem */\nprint(\"Process() \\(x)\")\nlet r = #\"system(\"rm -rf /victim\")\"#\n",
		"x.ps1":      "Remove-Item -Recurse -Force ~\n",
		"ok.ps1":     "Write-Output 'hi'\n",
		"words.d":    "// curl is mentioned\nvoid main() {}\n",
	})
	for _, tc := range []struct {
		cmd      string
		rm, asks bool
	}{
		{`java X.java`, true, false},
		{`java -cp lib --source 21 script arg`, true, false},
		{`rdmd x.d`, true, false},
		{`rdmd dyn.d`, false, true},
		{`rdmd "$F"`, false, true},
		{`dotnet script x.csx`, true, false},
		{`dotnet script del.csx`, true, false},
		{`swift x.swift`, true, false},
		{`swift dyn.swift`, false, true},
		{`rdmd argv.d /victim`, true, false},
		{`dotnet script argv.csx -- /victim`, true, false},
		// javac, then java of the class it compiled: the source is read,
		// the words after the class its arguments.
		{`javac X.java && java X`, true, false},
		{`javac Y.java; java -Xmx1g -cp . Y /victim`, true, false},
		{`javac -d out src/Z.java && java -cp out p.Z`, true, false},
		{`swift rm.swift`, true, false},
		{`pwsh x.ps1`, false, true},
		{`pwsh -NoProfile -File x.ps1`, false, true},
		{`rdmd words.d`, false, false},
		// Look-alikes.
		{`java Ok.java`, false, false},
		{`java -jar app.jar X.java`, false, false},
		{`java -cp . X`, false, false},
		{`rdmd argv.d build`, false, false},
		{`dotnet script argv.csx -- build`, false, false},
		{`javac Y.java && java Y build`, false, false},
		{`javac Ok.java && java X`, false, false},
		// Compiled code this command wrote asks; a jar on disk is
		// compiled code corral does not read, as ./a.out is.
		{`printf 'PK\003\004' > app.jar && java -jar app.jar`, false, true},
		{`echo x > lib.jar; java -Xmx1g -cp lib/*:lib.jar Main`, false, true},
		{`zip -qr app.jar META-INF && java -jar app.jar`, false, true},
		{`java -jar app.jar`, false, false},
		{`cp ../x.jar app.jar && java -jar app.jar --help`, false, false},
		{`echo x > notes.txt; java -jar app.jar notes.txt`, false, false},
		{`rdmd ok.d`, false, false},
		{`dotnet script ok.csx`, false, false},
		{`swift ok.swift`, false, false},
		{`swift build`, false, false},
		{`pwsh ok.ps1`, false, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
		always := false
		for _, h := range m.Hidden {
			always = always || h.Always
		}
		if always != tc.asks {
			t.Errorf("%s: hidden %+v, want always-asking %v", tc.cmd, m.Hidden, tc.asks)
		}
	}
}

// TestJavaSourceLaunchRuns runs a real java on a single source file that
// touches a canary: java runs it, and corral reads it.
func TestJavaSourceLaunchRuns(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("java"); err != nil {
		t.Skip("java not installed")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"C.java": "class C { public static void main(String[] a) throws Exception { " +
		"Runtime.getRuntime().exec(new String[]{\"touch\", \"canary\"}).waitFor(); } }\n"})
	m := analyzeIn(t, dir, "java C.java")
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "touch") && strings.Contains(s, "canary")
	}
	c := exec.Command("java", "C.java")
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("java C.java: %v\n%s", err, out)
	}
	_, err := os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !seen {
		t.Errorf("ran the canary: %v, corral saw it: %v (scripts %q)", err == nil, seen, nestedScripts(m))
	}
}

// TestJavacClassRuns runs a real javac and java on a class whose main
// touches the file its first argument names: java runs the compiled
// class with that word, and corral reads the class's source with it.
func TestJavacClassRuns(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"java", "javac"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skip(p + " not installed")
		}
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"src/T.java": "package q;\nclass T { public static void main(String[] a) throws Exception { " +
		"Runtime.getRuntime().exec(new String[]{\"touch\", a[0]}).waitFor(); } }\n"})
	const cmd = "javac -d out src/T.java && java -cp out q.T canary"
	m := analyzeIn(t, dir, cmd)
	seen := false
	for _, s := range nestedScripts(m) {
		seen = seen || strings.Contains(s, "touch") && strings.Contains(s, "canary")
	}
	c := exec.Command("bash", "-c", cmd)
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	_, err := os.Stat(filepath.Join(dir, "canary"))
	if err != nil || !seen {
		t.Errorf("ran the canary: %v, corral saw it: %v (scripts %q)", err == nil, seen, nestedScripts(m))
	}
}
