package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGradleEffects: Gradle build scripts in Groovy and Kotlin, from
// Gradle's Exec and Delete task types, Project.delete and exec, and
// Groovy's String.execute. Look-alikes: text in a string or comment, a
// property named like a call.
func TestGradleEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"groovy-commandline", "task wipe(type: Exec) {\n    commandLine 'rm', '-rf', '/srv'\n}\n", []string{"exec commandLine: rm -rf /srv"}},
		{"groovy-commandline-parens", "tasks.register('x', Exec) {\n    commandLine('sh', '-c', 'rm -rf ~')\n}\n", []string{"exec commandLine: sh -c rm -rf ~"}},
		{"kotlin-commandline", "tasks.register<Exec>(\"x\") {\n    commandLine(\"rm\", \"-rf\", \"/srv\")\n}\n", []string{"exec commandLine: rm -rf /srv"}},
		{"kotlin-listof", "tasks.register<Exec>(\"x\") {\n    commandLine = listOf(\"rm\", \"-rf\", \"/srv\")\n}\n", []string{"exec commandLine: rm -rf /srv"}},
		{"executable-args", "task x(type: Exec) {\n    executable 'rm'\n    args '-rf', '/srv'\n}\n", []string{"exec executable: rm -rf /srv"}},
		{"exec-block", "task x {\n    doLast {\n        exec {\n            commandLine 'sh', '-c', 'rm -rf ~'\n        }\n    }\n}\n", []string{"exec commandLine: sh -c rm -rf ~"}},
		{"string-execute", "def p = \"rm -rf /srv\".execute()\n", []string{"exec String.execute: rm -rf /srv"}},
		{"list-execute", "['rm', '-rf', '/srv'].execute()\n", []string{"exec List.execute: rm -rf /srv"}},
		{"delete", "task clean(type: Delete) {\n    delete '/srv'\n}\n", []string{"delete -r delete: /srv"}},
		{"project-delete", "project.delete(file('/srv'))\n", []string{"delete -r delete: /srv"}},
		{"deletedir", "file('/srv').deleteDir()\n", []string{"delete -r deleteDir: /srv"}},
		{"run-time", "task x(type: Exec) {\n    commandLine cmd\n}\n", []string{"hidden commandLine: cmd"}},
		{"gstring", "task x(type: Exec) {\n    commandLine 'rm', '-rf', \"${buildDir}\"\n}\n", []string{`hidden commandLine: 'rm', '-rf', "${buildDir}"`}},
		// Look-alikes.
		{"comment", "// commandLine 'rm', '-rf', '/'\n/* delete '/' */\napply plugin: 'java'\n", nil},
		{"string", "println \"commandLine 'rm', '-rf', '/'\"\n", nil},
		{"delete-build", "task clean(type: Delete) {\n    delete 'build'\n}\n", []string{"delete -r delete: build"}},
	} {
		var got []string
		for _, e := range Analyze(Gradle, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestMavenEffects: a pom.xml's exec-maven-plugin and maven-antrun-plugin
// configuration, from their documentation. Look-alikes: a comment, a
// plugin that runs nothing of the file's.
func TestMavenEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"exec-plugin", "<plugin><artifactId>exec-maven-plugin</artifactId><configuration>\n<executable>rm</executable>\n<arguments><argument>-rf</argument><argument>/srv</argument></arguments>\n</configuration></plugin>", []string{"exec exec-maven-plugin: rm -rf /srv"}},
		{"commandline-args", "<configuration><executable>sh</executable><commandlineArgs>-c whoami</commandlineArgs></configuration>", []string{"exec exec-maven-plugin: sh -c whoami"}},
		{"property", "<configuration><executable>rm</executable><arguments><argument>${dir}</argument></arguments></configuration>", []string{"hidden exec-maven-plugin: rm ${dir}"}},
		{"antrun-exec", "<target><exec executable=\"sh\"><arg value=\"-c\"/><arg value=\"rm -rf ~\"/></exec></target>", []string{"exec antrun exec: sh -c rm -rf ~"}},
		{"antrun-line", "<target><exec executable=\"rm\"><arg line=\"-rf /srv\"/></exec></target>", []string{"exec antrun exec: rm -rf /srv"}},
		{"antrun-delete", "<target><delete dir=\"/srv\"/><delete file=\"a.txt\"/></target>", []string{"delete -r antrun delete: /srv", "delete antrun delete: a.txt"}},
		// Look-alikes.
		{"comment", "<!-- <configuration><executable>rm</executable></configuration> -->\n<project/>", nil},
		{"no-executable", "<configuration><source>17</source><target>17</target></configuration>", nil},
	} {
		var got []string
		for _, e := range Analyze(Maven, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
