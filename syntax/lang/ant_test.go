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

// TestAntDefines: ant's -Dname=value and -Dname value set properties that
// win over the file's <property> (ant -h; Ant manual, "Running Apache
// Ant": properties are immutable, the command line's are set first);
// ${basedir} is the project's directory. Look-alikes: another property
// defined, a value only known at run time, a file that loads properties
// from elsewhere (its unset ${name} does not ask).
func TestAntDefines(t *testing.T) {
	t.Parallel()
	const del = `<property name="d" value="build"/><target><delete dir="${d}"/></target>`
	const rm = `<target><exec executable="rm"><arg value="-rf"/><arg value="${v}"/></exec></target>`
	for _, tc := range []struct {
		name, src string
		argv      []Arg
		want      []string
	}{
		{"define-wins", del, []Arg{{Value: "-Dd=/srv", Known: true}}, []string{"delete -r delete: /srv"}},
		{"define-split", rm, []Arg{{Value: "-Dv", Known: true}, {Value: "/srv", Known: true}}, []string{"exec exec: rm -rf /srv"}},
		{"define-last", rm, []Arg{{Value: "-Dv=a", Known: true}, {Value: "-Dv=/srv", Known: true}}, []string{"exec exec: rm -rf /srv"}},
		{"unset-rm", rm, nil, []string{"hidden exec: rm -rf ${v} unset"}},
		{"unset-delete", `<target><delete dir="${d}"/></target>`, nil, []string{"hidden delete: ${d} unset"}},
		// Look-alikes.
		{"other-define", del, []Arg{{Value: "-Dx=/srv", Known: true}}, []string{"delete -r delete: build"}},
		{"basedir", `<target><delete dir="${basedir}/out"/></target>`, nil, []string{"delete -r delete: ./out"}},
		{"runtime-define", rm, []Arg{{Value: "-Dv=$X", Known: false}}, []string{"hidden exec: rm -rf ${v} unset"}},
		{"loads-file", `<property file="b.properties"/>` + rm, nil, []string{"hidden exec: rm -rf ${v}"}},
		{"unset-command", `<target><exec executable="${tool}"/></target>`, nil, []string{"hidden exec: ${tool}"}},
	} {
		var got []string
		for _, e := range AnalyzeArgv(Ant, tc.src, tc.argv) {
			d := describe(e)
			if e.Unset {
				d += " unset"
			}
			got = append(got, d)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestLuaBuildEffects: xmake.lua's and premake5.lua's os functions (each
// tool's manual, "os"), besides standard Lua's. Look-alikes: os.rm in a
// premake file (premake has no os.rm), a method named exec, a harmless
// os.cp.
func TestLuaBuildEffects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"xmake-exec", XMake, `on_build(function (t) os.exec("rm -rf '/srv x'") end)`, []string{"exec os.exec: rm -rf /srv x"}},
		{"xmake-execv", XMake, `os.execv("rm", {"-rf", "/srv"})`, []string{"exec os.execv: rm -rf /srv"}},
		{"xmake-rm", XMake, `os.rm("/srv")`, []string{"delete -r os.rm: /srv"}},
		{"xmake-execute", XMake, `os.execute("rm -rf /srv")`, []string{"shell os.execute: rm -rf /srv"}},
		{"premake-rmdir", Premake, `os.rmdir("/srv")`, []string{"delete -r os.rmdir: /srv"}},
		// Look-alikes.
		{"premake-rm", Premake, `os.rm("/srv")`, nil},
		{"xmake-method", XMake, `t:exec("rm -rf /srv")`, nil},
		{"xmake-cp", XMake, `os.cp("$(buildir)/x", "bin/")`, nil},
	} {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
