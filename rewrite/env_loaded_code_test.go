package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHomeStartupFiles (red team 12 HM): a HOME or XDG_CONFIG_HOME the
// command gives gdb, vim, nvim, emacs, irb, psql, R or go moves the
// start-up file they run (.gdbinit, .vimrc, nvim/init.lua, .emacs,
// .irbrc, .psqlrc, .Rprofile, go/env's GOFLAGS) to a directory the
// agent can write: it is read as their code. Look-alikes: the options
// that skip the file, a home of plain settings, a clean HOME for
// hermetic tests, the programs without a moved home.
func TestHomeStartupFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/t/e.sh":                    "rm -rf /\n",
		"proj/r12/.gdbinit":              "shell rm -rf /\n",
		"proj/r12/.vimrc":                "call system(\"rm -rf /\")\n",
		"proj/r12/.config/nvim/init.lua": "os.execute(\"rm -rf /\")\n",
		"proj/r12/.config/go/env":        "GOFLAGS=-toolexec=t/e.sh\n",
		"proj/r12/.irbrc":                "system(\"rm -rf /\")\n",
		"proj/r12/.psqlrc":               "\\! rm -rf /\n",
		"proj/r12/.Rprofile":             "system(\"rm -rf /\")\n",
		"proj/r12/.emacs":                "(shell-command \"rm -rf /\")\n",
		"proj/x.lua":                     "os.execute(\"rm -rf /\")\n",
		"proj/py/.local/lib/python3.11/site-packages/zz.pth": "import os; os.system(\"rm -rf /\")\n",
		"proj/ok/.gdbinit":       "set pagination off\n",
		"proj/ok/.vimrc":         "set number\n",
		"proj/ok/.psqlrc":        "\\set QUIET 1\n",
		"proj/ok/.config/go/env": "GOFLAGS=-mod=mod\n",
		"proj/go.mod":            "module x\n",
		"proj/main.go":           "package main\n\nfunc main() {}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"HOME=$PWD/r12 gdb -batch -ex quit", "deny"},
		{"HOME=$PWD/r12 go vet ./...", "deny"},
		{"XDG_CONFIG_HOME=r12/.config go build", "deny"},
		{"HOME=$PWD/r12 vim -c q README.md", "deny"},
		{"export HOME=$PWD/r12; nvim f", "deny"},
		{"XDG_CONFIG_HOME=$PWD/r12/.config nvim f", "deny"},
		{"cd r12 && HOME=. irb", "deny"},
		{"IRBRC=r12/.irbrc irb", "deny"},
		{"HOME=r12 psql", "deny"},
		{"PSQLRC=r12/.psqlrc psql -c 'select 1'", "deny"},
		{"env HOME=r12 Rscript -e 1", "deny"},
		{"R_PROFILE_USER=r12/.Rprofile Rscript x.R", "deny"},
		{"HOME=r12 emacs f", "deny"},
		{"LUA_INIT=@x.lua lua -v", "deny"},
		{`VIMINIT=':!rm -rf /' vim f`, "deny"},
		{"HOME=$(mktemp -d) gdb -batch", "ask"},
		{"HOME=$PWD/py gdb -nx -batch -ex quit", "deny"}, // gdb's Python runs the user site's .pth
		// Look-alikes.
		{"HOME=$PWD/r12 gdb -nx -batch", "allow"},
		{"HOME=$PWD/r12 gdb -nh -batch", "allow"},
		{"GOENV=off HOME=$PWD/r12 go vet ./...", "allow"},
		{"HOME=$PWD/r12 vim -u NONE -c q README.md", "allow"},
		{"HOME=$PWD/r12 vim -es -c q", "allow"},
		{"HOME=r12 irb -f", "allow"},
		{"HOME=r12 psql -X", "allow"},
		{"HOME=r12 R --vanilla", "allow"},
		{"HOME=r12 emacs --batch -l x.el", "allow"},
		{"LUA_INIT=@x.lua lua -E -v", "allow"},
		{"HOME=ok gdb -batch", "allow"},
		{"HOME=ok vim f", "allow"},
		{"HOME=ok psql", "allow"},
		{"HOME=$PWD/ok go vet ./...", "allow"},
		{"HOME=/tmp/empty-home go test ./...", "allow"},
		{"HOME=$(mktemp -d) go test ./...", "allow"},
		{"gdb -batch", "allow"},
		{"vim f", "allow"},
		{"Rscript -e 1", "allow"},
		{"HOME=r12 ls", "allow"},
	})
}

// TestGoToolchainSwitch (red team 12 GT): GOTOOLCHAIN=goX.Y.Z (the
// environment, the go env file) or go.mod's toolchain/go line under the
// default auto (also one go mod edit -toolchain or go get toolchain@
// wrote earlier in the command) makes go run the program goX.Y.Z found on PATH: judged as
// that program run by name. Look-alikes: GOTOOLCHAIN=local, a version
// not on a PATH the command set.
func TestGoToolchainSwitch(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/r12/bin/go1.99.0":   "#!/bin/sh\nrm -rf /\n",
		"proj/r12/.config/go/env": "GOTOOLCHAIN=go1.99.0\n",
		"proj/m/go.mod":           "module x\n\ngo 1.21\n\ntoolchain go1.99.0\n",
		"proj/n/go.mod":           "module x\n\ngo 1.99.0\n",
		"proj/go.mod":             "module x\n\ngo 1.21\n",
		"proj/main.go":            "package main\n\nfunc main() {}\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"PATH=$PWD/r12/bin:$PATH GOTOOLCHAIN=go1.99.0 go version", "deny"},
		{"PATH=r12/bin:$PATH GOTOOLCHAIN=go1.99.0+auto go version", "deny"},
		{"export PATH=$PWD/r12/bin:$PATH; GOTOOLCHAIN=go1.99.0 go vet", "deny"},
		{"cd m && PATH=$PWD/../r12/bin:$PATH go build", "deny"},
		{"cd n && PATH=$PWD/../r12/bin:$PATH go build", "deny"},
		{"PATH=$PWD/r12/bin:$PATH HOME=$PWD/r12 go build", "deny"},
		{"go mod edit -toolchain=go1.99.0 && PATH=$PWD/r12/bin:$PATH go version", "deny"},
		{"go get toolchain@go1.99.0 && export PATH=$PWD/r12/bin:$PATH && go build", "deny"},
		// Look-alikes.
		{"PATH=$PWD/r12/bin:$PATH GOTOOLCHAIN=local go build", "allow"},
		{"cd m && PATH=$PWD/../r12/bin:$PATH GOTOOLCHAIN=local go build", "allow"},
		{"GOTOOLCHAIN=go1.99.0 go test", "allow"},
		{"GOTOOLCHAIN=go1.22.3 go test ./...", "allow"},
		{"cd m && go build", "allow"},
		{"go mod edit -toolchain=go1.99.0 && go build", "allow"},
		{"go mod edit -toolchain=go1.99.0 && PATH=$PWD/r12/bin:$PATH GOTOOLCHAIN=local go build", "allow"},
		{"go build ./...", "allow"},
	})
}

// TestLoadedByConfig (red team 12 OC, JV): OPENSSL_CONF and openssl
// -config naming a file whose engine or provider section loads a
// library, openssl -engine PATH and -provider-path DIR, and the JVM's
// agents (-javaagent/-agentpath in JAVA_TOOL_OPTIONS, _JAVA_OPTIONS,
// JDK_JAVA_OPTIONS, an @FILE of options, java's command line) ask as
// LD_PRELOAD does. Look-alikes: a configuration with no module, a
// missing file, the system's, JVM options without agents, a system
// agent jar.
func TestLoadedByConfig(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/r12/x.so":     "\x7fELF....",
		"proj/r12/ossl.cnf": "openssl_conf = oc\n[oc]\nengines = es\n[es]\nx = xe\n[xe]\ndynamic_path = r12/x.so\ninit = 1\n",
		"proj/r12/prov.cnf": "openssl_conf = oc\n[oc]\nproviders = ps\n[ps]\nx = xp\n[xp]\nmodule = ./r12/x.so # the provider\nactivate = 1\n",
		"proj/r12/inc.cnf":  ".include r12/ossl.cnf\n",
		"proj/csr.cnf":      "[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = example\n",
		"proj/r12j/a.jar":   "PK\x03\x04....",
		"proj/r12j/opts":    "-Xmx1g\n-javaagent:r12j/a.jar\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"OPENSSL_CONF=r12/ossl.cnf openssl version", "ask"},
		{"OPENSSL_CONF=r12/ossl.cnf curl -s http://127.0.0.1:9/", "ask"},
		{"OPENSSL_CONF=r12/prov.cnf python3 -c 'import ssl'", "ask"},
		{"openssl req -config r12/ossl.cnf -new", "ask"},
		{"export OPENSSL_CONF=$PWD/r12/inc.cnf; git fetch", "ask"},
		{"OPENSSL_CONF=$(cat f) curl http://127.0.0.1/", "ask"},
		{"openssl req -engine ./r12/x.so -new", "ask"},
		{"openssl list -provider-path r12 -provider x", "ask"},
		{"JAVA_TOOL_OPTIONS=-javaagent:r12j/a.jar java -version", "ask"},
		{"java -javaagent:r12j/a.jar -version", "ask"},
		{"JDK_JAVA_OPTIONS=-javaagent:r12j/a.jar java -version", "ask"},
		{"_JAVA_OPTIONS=-javaagent:r12j/a.jar mvn -v", "ask"},
		{"JAVA_TOOL_OPTIONS=-javaagent:r12j/a.jar ./gradlew build", "ask"},
		{"JDK_JAVA_OPTIONS=@r12j/opts java -version", "ask"},
		{"java @r12j/opts -version", "ask"},
		{"export JAVA_TOOL_OPTIONS='-Xmx1g -javaagent:r12j/a.jar=x'; mvn test", "ask"},
		{"JAVA_TOOL_OPTIONS=-agentpath:r12/x.so java -version", "ask"},
		// Look-alikes.
		{"OPENSSL_CONF=/etc/ssl/openssl.cnf curl http://127.0.0.1/", "allow"},
		{"openssl req -config csr.cnf -new -key k.pem", "allow"},
		{"OPENSSL_CONF=csr.cnf openssl version", "allow"},
		{"OPENSSL_CONF=nope.cnf openssl version", "allow"},
		{"JAVA_TOOL_OPTIONS=-Xmx2g ./gradlew build", "allow"},
		{"JAVA_TOOL_OPTIONS=-javaagent:/usr/share/java/jacoco.jar mvn test", "allow"},
		{"java -Xmx2g -cp r12j/a.jar Main -javaagent:x", "allow"},
		{"java -version", "allow"},
	})
}

// TestHomeStartupRealPrograms checks the mechanisms with the real gdb
// and go where installed: HOME=DIR gdb -batch runs DIR/.gdbinit (not
// with -nh), and GOTOOLCHAIN=go1.99.0 go version runs go1.99.0 from PATH.
func TestHomeStartupRealPrograms(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "mark")
	writeScratch := func(rel, text string, mode os.FileMode) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	writeScratch("h/.gdbinit", "shell touch "+mark+"\n", 0o644)
	writeScratch("bin/go1.99.0", "#!/bin/sh\ntouch "+mark+"\n", 0o755)
	// The go command starts a telemetry child that can outlive it and
	// write under the user's configuration directory: that directory is
	// kept out of the test's own, which is removed when the test ends
	// (the child made that removal fail now and then under load).
	cfgDir, err := os.MkdirTemp("", "corral-gocfg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(cfgDir) })
	env := []string{"HOME=" + filepath.Join(dir, "h"), "PATH=" + filepath.Join(dir, "bin") + ":" + os.Getenv("PATH"), "GOFLAGS=", "GOPROXY=off",
		"XDG_CONFIG_HOME=" + cfgDir, "GOCACHE=" + filepath.Join(cfgDir, "cache")}
	for _, tc := range []struct {
		args []string
		ran  bool
	}{
		{[]string{"gdb", "-batch", "-ex", "quit"}, true},
		{[]string{"gdb", "-nh", "-batch", "-ex", "quit"}, false},
		{[]string{"go", "version"}, false},
		{[]string{"env", "GOTOOLCHAIN=go1.99.0", "go", "version"}, true},
		{[]string{"env", "GOTOOLCHAIN=local", "go", "version"}, false},
	} {
		if _, err := exec.LookPath(tc.args[0]); err != nil && tc.args[0] != "env" {
			continue
		}
		if tc.args[0] == "env" {
			if _, err := exec.LookPath("go"); err != nil {
				continue
			}
		}
		os.Remove(mark)
		cmd := exec.Command(tc.args[0], tc.args[1:]...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
		out, _ := cmd.CombinedOutput()
		_, err := os.Stat(mark)
		if ran := err == nil; ran != tc.ran {
			t.Errorf("%s: ran the file = %v, want %v (%s)", strings.Join(tc.args, " "), ran, tc.ran, out)
		}
	}
}

// TestJavaCompiledOnDisk (red team 12 JV): java -jar F.jar, and java
// MAIN whose class file sits in a class path directory (-cp, CLASSPATH,
// the working directory), run compiled code corral cannot read: asked
// about, as python3 x.pyc is. Look-alikes: the output of a Maven or
// Gradle build, a class whose source is beside it (read instead), a jar
// that is not there yet, a class in a jar of the class path (not looked
// into).
func TestJavaCompiledOnDisk(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/r12j/a.jar":                    "PK\x03\x04....",
		"proj/cls/Evil.class":                "\xca\xfe\xba\xbe",
		"proj/cls/p/Evil.class":              "\xca\xfe\xba\xbe",
		"proj/Hello.class":                   "\xca\xfe\xba\xbe",
		"proj/Hello.java":                    "public class Hello { public static void main(String[] a) { System.out.println(1); } }\n",
		"proj/Bad.class":                     "\xca\xfe\xba\xbe",
		"proj/Bad.java":                      "public class Bad { public static void main(String[] a) throws Exception { Runtime.getRuntime().exec(\"rm -rf /\"); } }\n",
		"proj/app/pom.xml":                   "<project/>\n",
		"proj/app/target/app.jar":            "PK\x03\x04....",
		"proj/app/target/classes/Main.class": "\xca\xfe\xba\xbe",
		"proj/g/build.gradle.kts":            "\n",
		"proj/g/build/libs/g.jar":            "PK\x03\x04....",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"java -jar r12j/a.jar", "ask"},
		{"java -cp cls Evil", "ask"},
		{"CLASSPATH=cls java Evil", "ask"},
		{"java -cp cls p.Evil", "ask"},
		{"cd cls && java Evil", "ask"},
		{"java Bad", "deny"},
		{`printf '\xca\xfe\xba\xbe' > W.class && java W`, "ask"},
		// Look-alikes.
		{"java -jar app/target/app.jar", "allow"},
		{"java -cp app/target/classes Main", "allow"},
		{"java -jar g/build/libs/g.jar", "allow"},
		{"java Hello", "allow"},
		{"java -jar missing.jar", "allow"},
		{"mvn package && java -jar app/target/app2.jar", "allow"},
		{"java -cp r12j/a.jar Main", "allow"},
		{"java -version", "allow"},
	})
}

// TestOptionLibraries: a shared library a program's own options load
// (gawk -l/--load and @load, php -d extension=/zend_extension=) runs its
// constructor at load, so one of the project's asks as LD_PRELOAD's does
// (red team 13 NL); a library by name (found on the program's own path)
// and other settings pass.
func TestOptionLibraries(t *testing.T) {
	t.Parallel()
	elf := "\x7fELF\x02\x01\x01\x00compiled"
	cfg := scratchProject(t, map[string]string{"proj/x.so": elf, "proj/ext/y.so": elf,
		"proj/l.awk": "@load \"./x\"\nBEGIN{}\n", "proj/inc.awk": "@include \"l\"\n", "proj/ok.awk": "@load \"filefuncs\"\nBEGIN{}\n"})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`gawk -l ./x.so 'BEGIN{}'`, "ask"},
		{`gawk --load=./x 'BEGIN{}'`, "ask"},
		{`gawk -e '@load "./ext/y"' -e 'BEGIN{}'`, "ask"},
		// @load in the program operand, a -f/-i file and a file it
		// @includes (all were allowed).
		{`gawk '@load "./x"; BEGIN{}'`, "ask"},
		{`gawk -f l.awk`, "ask"},
		{`gawk -i l.awk 'BEGIN{}'`, "ask"},
		{`gawk -f inc.awk`, "ask"},
		{`printf '@load "./ext/y"\n' > m.awk; gawk -f m.awk`, "ask"},
		{`gawk -f ok.awk`, "allow"},
		{`gawk '@load "filefuncs"; BEGIN{}'`, "allow"},
		{`php -d extension=./x.so -r 1`, "ask"},
		{`php -dzend_extension=ext/y.so -r 1`, "ask"},
		{`php -z ext/y.so -r 1`, "ask"},
		{`php8.2 --define extension=./x.so -r 1`, "ask"},
		{`gawk -l ordchr 'BEGIN{print ord("a")}'`, "allow"},
		{`php -d extension=curl -r 1`, "allow"},
		{`php -d memory_limit=1G -r 1`, "allow"},
	})
}
