package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAntEffects: a build.xml's <exec>, <apply> and <delete> tasks (Ant
// manual, "exec", "apply", "delete", "property"), with the file's literal
// properties and the home directory's (${user.home}, ${env.HOME})
// expanded. Look-alikes: a comment, <echo>, <javac>, a property only known
// when ant runs.
func TestAntEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"exec-line", `<project><target name="x"><exec executable="rm"><arg line="-rf /srv"/></exec></target></project>`, []string{"exec exec: rm -rf /srv"}},
		{"exec-values", `<target><exec executable="sh"><arg value="-c"/><arg value="rm -rf ~"/></exec></target>`, []string{"exec exec: sh -c rm -rf ~"}},
		{"apply", `<target><apply executable="rm"><arg value="-rf"/><arg file="/srv"/><fileset dir="."/></apply></target>`, []string{"exec apply: rm -rf /srv"}},
		{"delete", `<target><delete dir="/srv"/><delete file="a.txt"/></target>`, []string{"delete -r delete: /srv", "delete delete: a.txt"}},
		{"user-home", `<target><delete dir="${user.home}"/></target>`, []string{"delete -r delete: ~"}},
		{"env-home-sub", `<property environment="env"/><target><delete dir="${env.HOME}/.ssh"/></target>`, []string{"delete -r delete: ~/.ssh"}},
		{"property", `<property name="victim" location="/srv"/><property name="victim" value="/other"/><target><delete dir="${victim}"/></target>`, []string{"delete -r delete: /srv"}},
		{"property-chain", `<property name="a" value="${user.home}"/><property name="b" value="${a}"/><target><exec executable="rm"><arg value="-rf"/><arg value="${b}"/></exec></target>`, []string{"exec exec: rm -rf \x00home\x00~"}},
		// Look-alikes.
		{"unknown-property", `<target><exec executable="rm"><arg value="${dir}"/></exec></target>`, []string{"hidden exec: rm ${dir}"}},
		{"comment", "<!-- <delete dir=\"/srv\"/> -->\n<project/>", nil},
		{"harmless", `<project default="b"><target name="b"><javac srcdir="src" destdir="build"/><echo message="rm -rf /"/></target></project>`, nil},
		{"home-lookalike", `<target><delete dir="${user.homes}"/></target>`, []string{"hidden delete: ${user.homes}"}},
	} {
		var got []string
		for _, e := range Analyze(Ant, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
