package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestJVMShellOptions (red team 16 JV1): the JVM's -XX:OnOutOfMemoryError=
// and -XX:OnError= values are commands it runs through /bin/sh -c, judged
// as the command: on java's command line and in JAVA_TOOL_OPTIONS,
// JDK_JAVA_OPTIONS, _JAVA_OPTIONS (mvn, gradle). Look-alikes: the
// documented kill -9 %p, -XX:+HeapDumpOnOutOfMemoryError. The oracle runs
// the real java (when installed) out of memory with the option: the
// command runs.
func TestJVMShellOptions(t *testing.T) {
	t.Parallel()
	checkDecisions(t, testConfig(), []struct{ cmd, want string }{
		{`java -Xmx64m -XX:OnOutOfMemoryError='rm -rf ~' Oom.java`, "deny"},
		{`java -XX:OnError='rm -rf ~' -jar app.jar`, "deny"},
		{`java -XX:OnOutOfMemoryError="echo hi; rm -rf ~" -jar app.jar`, "deny"},
		{`JAVA_TOOL_OPTIONS="-XX:OnOutOfMemoryError='rm -rf ~'" mvn test`, "deny"},
		{`export JDK_JAVA_OPTIONS="-XX:OnOutOfMemoryError='rm -rf ~'"; java -jar app.jar`, "deny"},
		// Unquoted, the JVM splits the value at spaces: the command is rm.
		{`export JDK_JAVA_OPTIONS='-XX:OnOutOfMemoryError=rm -rf ~'; java -jar app.jar`, "allow"},
		{`_JAVA_OPTIONS="-XX:OnError='rm -rf ~'" ./gradlew test`, "deny"},
		{`java -XX:OnOutOfMemoryError="$CMD" -jar app.jar`, "ask"},
		// Look-alikes.
		{`java -XX:OnOutOfMemoryError='kill -9 %p' -jar app.jar`, "allow"},
		{`java -XX:+HeapDumpOnOutOfMemoryError -Xmx512m -jar app.jar`, "allow"},
		{`JAVA_TOOL_OPTIONS=-Xmx2g mvn test`, "allow"},
	})

	java, err := exec.LookPath("java")
	if err != nil {
		t.Log("java not installed: the oracle is skipped")
		return
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "Oom.java")
	prog := "public class Oom { public static void main(String[] a) { java.util.List<long[]> l = new java.util.ArrayList<>(); while (true) l.add(new long[1 << 20]); } }\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	// On the command line, and quoted in JAVA_TOOL_OPTIONS (the JVM
	// takes the quoted part whole, as jvmOptionWords does).
	for i, env := range []bool{false, true} {
		canary := filepath.Join(dir, "canary"+string(rune('0'+i)))
		args := []string{"-Xmx32m", "-XX:OnOutOfMemoryError=touch " + canary, src}
		extra := "JAVA_TOOL_OPTIONS="
		if env {
			args = []string{"-Xmx32m", src}
			extra = "JAVA_TOOL_OPTIONS=-XX:OnOutOfMemoryError='touch " + canary + "'"
		}
		cmd := exec.Command(java, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, extra)
		out, err := cmd.CombinedOutput()
		if _, serr := os.Stat(canary); serr != nil {
			t.Errorf("java (option in the environment: %v) did not run the -XX:OnOutOfMemoryError command (%v, %s)", env, err, out)
		}
	}
}
