package syntax

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildToolsReadTheBuild: gradle (and ./gradlew) evaluates the build
// scripts, mvn (and ./mvnw) the pom.xml, whenever they run a build.
// Look-alikes: --version, a build that runs nothing of the file's, another
// project directory.
func TestBuildToolsReadTheBuild(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"g/build.gradle.kts": "tasks.register<Exec>(\"wipe\") {\n    commandLine(\"rm\", \"-rf\", \"/victim\")\n}\n",
		"g/gradlew":          "#!/bin/sh\nexec java -jar gradle/wrapper/gradle-wrapper.jar \"$@\"\n",
		"s/settings.gradle":  "\"rm -rf /victim\".execute()\n",
		"m/pom.xml":          "<project><build><plugins><plugin><artifactId>maven-antrun-plugin</artifactId><configuration><target><delete dir=\"/victim\"/></target></configuration></plugin></plugins></build></project>",
		"ok/build.gradle":    "plugins { id 'java' }\ntask clean(type: Delete) { delete 'build' }\n",
		"ok/pom.xml":         "<project><build><plugins><plugin><configuration><source>17</source></configuration></plugin></plugins></build></project>",
		"other/build.gradle": "task wipe(type: Exec) { commandLine 'rm', '-rf', '/victim' }\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd g && gradle build`, true},
		{`cd g && ./gradlew test`, true},
		{`cd s && gradle tasks`, true},
		{`gradle -p other assemble`, true},
		{`cd m && mvn package`, true},
		{`mvn -f m/pom.xml verify`, true},
		{`mvn -f m verify`, true}, // -f DIR: DIR/pom.xml (red team 13 PB)
		{`mvn --file=m/ verify`, true},
		{`mvn -q -pl core -am -f m -DskipTests package`, true},
		{`cd ok && mvn -f ../m package`, true},
		// Look-alikes.
		{`cd g && gradle --version`, false},
		{`cd ok && gradle clean build`, false},
		{`cd ok && mvn -q package`, false},
		{`cd ok && gradle -p . build`, false},
		{`mvn -f ok package`, false},
		{`cd m && mvn -f ../ok package`, false},
		{`mvn -f m -v`, false},
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}

// TestMavenFileDirOracle: the real mvn given -f DIR reads DIR/pom.xml
// (a broken one there is the error it reports), as buildTool models.
func TestMavenFileDirOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("mvn"); err != nil {
		t.Skip("no mvn")
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d/pom.xml": "<project><broken"})
	cmd := exec.Command("mvn", "-o", "-q", "-f", "d", "validate")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), filepath.Join(dir, "d", "pom.xml")) {
		t.Errorf("mvn -f d did not read d/pom.xml: %s", out)
	}
}
