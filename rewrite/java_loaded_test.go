package rewrite

import (
	"archive/zip"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// jarOf returns the bytes of a jar (zip) holding the named entries.
func jarOf(t *testing.T, names ...string) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("\xca\xfe\xba\xbe"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestJavaLoadedCode: compiled Java code the JVM loads besides the
// program corral reads (issue 9 leftovers). -agentlib:NAME and -XrunNAME
// load libNAME.so (the JDK's own agents pass; one the command builds is
// read as its sources); a class path jar outside the project asks, and a
// project jar asks when it supplies the main class, unless it is the
// build's output.
func TestJavaLoadedCode(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00compiled"
	cfg := scratchProject(t, map[string]string{
		"proj/lib/libfoo.so":                 elf,
		"proj/lib/main.jar":                  jarOf(t, "META-INF/MANIFEST.MF", "Main.class"),
		"proj/lib/dep.jar":                   jarOf(t, "META-INF/MANIFEST.MF", "com/x/Util.class"),
		"proj/lib/p.jar":                     jarOf(t, "p/Main.class"),
		"proj/cls/Main.class":                "\xca\xfe\xba\xbe",
		"proj/cls/Main.java":                 "public class Main { public static void main(String[] a) { System.out.println(1); } }\n",
		"proj/app/pom.xml":                   "<project/>\n",
		"proj/app/target/app.jar":            jarOf(t, "Main.class"),
		"proj/agent.c":                       "#include <stdlib.h>\n__attribute__((constructor)) static void init(void) { system(\"rm -rf ~\"); }\nint Agent_OnLoad(void *vm, char *o, void *r) { return 0; }\n",
		"proj/okagent.c":                     "int Agent_OnLoad(void *vm, char *o, void *r) { return 0; }\n",
		"outside/x.jar":                      jarOf(t, "Main.class"),
		"outside/jars/y.jar":                 jarOf(t, "com/y/Y.class"),
		"outside/libbar.so":                  elf,
		"proj/ag/.keep":                      "",
		"proj/app/target/classes/Main.class": "\xca\xfe\xba\xbe",
	})
	out := filepath.Join(filepath.Dir(cfg.Project), "outside")
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		// Native agents by name.
		{"LD_LIBRARY_PATH=lib java -agentlib:foo -cp cls Main", "ask"},
		{"java -agentlib:foo -Djava.library.path=lib -cp cls Main", "ask"},
		{"java -agentlib:bar -cp cls Main", "ask"},
		{"java -Xrunbar -cp cls Main", "ask"},
		{"JAVA_TOOL_OPTIONS=-agentlib:bar java -cp cls Main", "ask"},
		{"LD_LIBRARY_PATH=" + out + " java -agentlib:bar=x -cp cls Main", "ask"},
		{"java -agentlib:$A -cp cls Main", "ask"},
		{"gcc -shared -fPIC -o lib/libev.so agent.c && LD_LIBRARY_PATH=lib java -agentlib:ev -cp cls Main", "deny"},
		// Class path jars.
		{"java -cp " + out + "/x.jar Main", "ask"},
		{"java -cp cls:" + out + "/jars/y.jar Main", "ask"},
		{"java -classpath '" + out + "/jars/*' Main", "ask"},
		{"CLASSPATH=" + out + "/x.jar java Main", "ask"},
		{"java --class-path=" + out + "/x.jar Main", "ask"},
		{"java -cp lib/main.jar Main", "ask"},
		{"java -cp lib/dep.jar:lib/p.jar p.Main", "ask"},
		{"java -cp lib/dep.jar:lib/main.jar:cls Main", "ask"},
		// Look-alikes: the JDK's debugger agent, a library jar of the
		// project, the build's output, -jar (which ignores -cp), a
		// missing jar.
		{"java -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=5005 -cp cls Main", "allow"},
		{"gcc -shared -fPIC -o ag/libok.so okagent.c && LD_LIBRARY_PATH=ag java -agentlib:ok -cp cls Main", "allow"},
		{"java -cp lib/dep.jar:cls Main", "allow"},
		{"java -cp cls:lib/main.jar Main", "allow"},
		{"java -cp app/target/app.jar Main", "allow"},
		{"java -jar app/target/app.jar -cp " + out + "/x.jar", "allow"},
		{"java -cp " + out + "/missing.jar:cls Main", "allow"},
		{"java -cp 'lib/*:cls' Main", "allow"},
	})
}

// TestJavaLoadedCodeReal checks with the real JDK what TestJavaLoadedCode
// models: the first class path entry holding the main class supplies it
// (a jar before the directory whose source corral reads), and
// -agentlib:NAME loads libNAME.so from LD_LIBRARY_PATH, running its
// constructor, while -Djava.library.path is not searched for agents.
func TestJavaLoadedCodeReal(t *testing.T) {
	t.Parallel()
	java, err1 := exec.LookPath("java")
	javac, err2 := exec.LookPath("javac")
	jar, err3 := exec.LookPath("jar")
	gcc, err4 := exec.LookPath("gcc")
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		t.Skip("no java, javac, jar or gcc")
	}
	dir := t.TempDir()
	canary := filepath.Join(dir, "canary")
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Logf("%s %v: %v\n%s", name, args, err, out)
		}
		return err
	}
	write("jarsrc/Main.java", "public class Main { public static void main(String[] a) throws Exception { new java.io.File(\""+canary+"\").createNewFile(); } }\n")
	write("cls/Main.java", "public class Main { public static void main(String[] a) { System.out.println(1); } }\n")
	if run(javac, "-d", "jarcls", "jarsrc/Main.java") != nil || run(jar, "cf", "x.jar", "-C", "jarcls", ".") != nil || run(javac, "-d", "cls", "cls/Main.java") != nil {
		t.Fatal("could not build the classes")
	}
	run(java, "-cp", "x.jar:cls", "Main")
	if _, err := os.Stat(canary); err != nil {
		t.Error("java -cp x.jar:cls Main did not run the jar's Main")
	}
	os.Remove(canary)
	run(java, "-cp", "cls:x.jar", "Main")
	if _, err := os.Stat(canary); err == nil {
		t.Error("java -cp cls:x.jar Main ran the jar's Main")
	}
	write("agent.c", "#include <fcntl.h>\n#include <unistd.h>\n__attribute__((constructor)) static void init(void) { int fd = creat(\""+canary+"\", 0644); if (fd >= 0) close(fd); }\nint Agent_OnLoad(void *vm, char *o, void *r) { return 0; }\n")
	os.MkdirAll(filepath.Join(dir, "lib"), 0o755)
	if run(gcc, "-shared", "-fPIC", "-o", "lib/libev.so", "agent.c") != nil {
		t.Fatal("could not build the agent")
	}
	os.Remove(canary)
	cmd := exec.Command(java, "-agentlib:ev", "-cp", "cls", "Main")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LD_LIBRARY_PATH=lib"}
	cmd.Run()
	if _, err := os.Stat(canary); err != nil {
		t.Error("LD_LIBRARY_PATH=lib java -agentlib:ev did not load lib/libev.so")
	}
	os.Remove(canary)
	run(java, "-agentlib:ev", "-Djava.library.path=lib", "-cp", "cls", "Main") // not searched for agents
	if _, err := os.Stat(canary); err == nil {
		t.Error("java -agentlib:ev -Djava.library.path=lib loaded lib/libev.so: javaAgentLib must search it")
	}
	os.Remove(canary)
	run(java, "-agentlib:jdwp=help", "-cp", "cls", "Main") // the JDK's own: prints its help
	if _, err := os.Stat(canary); err == nil {
		t.Error("-agentlib:jdwp ran the canary")
	}
}
