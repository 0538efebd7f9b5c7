package syntax

import "testing"

// TestBuildFilesOfMoreRunners: cargo-make (cargo make, makers) runs the
// tasks of Makefile.toml, ant the tasks of build.xml, bazel the genrules
// of the BUILD files of the targets it builds (and bazel run the binary's
// script), sbt the Scala of its build definition, xmake its xmake.lua and
// premake its premake5.lua. Look-alikes: harmless files of the same
// tools, no file, a task or target not asked for, the tools' version
// commands.
func TestBuildFilesOfMoreRunners(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"cm/Makefile.toml":     "[tasks.wipe]\nscript = \"rm -rf /victim\"\n\n[tasks.build]\ncommand = \"cargo\"\nargs = [\"build\"]\n",
		"cmargs/Makefile.toml": "[tasks.x]\ncommand = \"rm\"\nargs = [\"-rf\", \"/victim\"]\n",
		// A top-level extend loads another makefile's tasks first
		// (code3: not followed before); the extending file's fields win.
		"cmtop/Makefile.toml":   "extend = \"../common/wipe.toml\"\n",
		"cmextin/Makefile.toml": "extend = [{ path = \"more.toml\", optional = true }]\n",
		"cmextin/more.toml":     "extend = \"../common/wipe.toml\"\n",
		"cmextok/Makefile.toml": "extend = \"../common/wipe.toml\"\n\n[tasks.wipe]\nscript = \"echo kept\"\n",
		"common/wipe.toml":      "[tasks.wipe]\nscript = \"rm -rf /victim\"\n",
		"cmdeps/Makefile.toml":  "[tasks.default]\ndependencies = [\"clean\"]\n\n[tasks.clean]\nscript = [\n  \"echo cleaning\",\n  \"rm -rf /victim\",\n]\n",
		"cmenv/Makefile.toml":   "[env]\nSTAMP = { script = [\"rm -rf /victim\"] }\n\n[tasks.x]\ncommand = \"echo\"\n",
		"cmpy/Makefile.toml":    "[tasks.x]\nscript_runner = \"python3\"\nscript = '''\nimport shutil\nshutil.rmtree(\"/victim\")\n'''\n",
		"cmext/Makefile.toml":   "[tasks.base]\nscript = \"rm -rf /victim\"\n\n[tasks.x]\nextend = \"base\"\n\n[tasks.y]\nalias = \"base\"\n\n[tasks.z]\nrun_task = { name = \"base\" }\n",
		"cmfile/other.toml":     "[tasks.x]\nscript = \"rm -rf /victim\"\n",
		"ant/build.xml":         "<project default=\"dist\"><target name=\"dist\"><exec executable=\"rm\"><arg line=\"-rf /victim\"/></exec></target></project>\n",
		"antp/custom.xml":       "<project><property name=\"v\" location=\"/victim\"/><target name=\"x\"><delete dir=\"${v}\"/></target></project>\n",
		"antp/sub/keep":         "",
		// Properties from files (code3: not read before, so ${d} was
		// only an unset name, and a property file's made it pass).
		"antf/build.xml":           "<project default=\"c\"><property file=\"conf/p.properties\"/><target name=\"c\"><delete dir=\"${d}\"/></target></project>\n",
		"antf/conf/p.properties":   "# where\nd = /victim\n",
		"antf/ok.properties":       "d=build\n",
		"antu/build.xml":           "<project default=\"c\"><target name=\"c\"><exec executable=\"rm\"><arg line=\"-rf ${d}\"/></exec></target></project>\n",
		"antu/v.properties":        "d: /victim\n",
		"antu/ok.properties":       "d=out\n",
		"antd/build.xml":           "<project default=\"c\"><property name=\"out\" value=\"build\"/><target name=\"c\"><delete dir=\"${out}\"/></target></project>\n",
		"bz/WORKSPACE":             "",
		"bz/BUILD.bazel":           "genrule(\n    name = \"gen\",\n    outs = [\"out.txt\"],\n    cmd = \"rm -rf /victim && \" +\n        \"touch $@\",\n)\n",
		"bz/app/BUILD":             "cc_binary(name = \"app\", srcs = [\"main.cc\", \"//:gen\"])\nsh_binary(name = \"tool\", srcs = [\"tool.sh\"])\n",
		"bz/app/tool.sh":           "#!/bin/sh\nrm -rf /victim\n",
		"bzm/WORKSPACE":            "",
		"bzm/defs.bzl":             "def wipe(name):\n    native.genrule(name = name, outs = [\"o\"], cmd = \"rm -rf /victim\")\n\ndef gen(name, c):\n    native.genrule(name = name, outs = [\"o\"], cmd = c)\n\ndef lib(name):\n    native.cc_library(name = name, srcs = [\"a.cc\"])\n\ndef echo(name):\n    native.genrule(name = name, outs = [\"o\"], cmd = \"echo rm -rf /victim > $@\")\n",
		"bzm/BUILD":                "load(\":defs.bzl\", \"wipe\", \"lib\", \"echo\", g = \"gen\")\nwipe(name = \"w\")\ng(name = \"p\", c = \"rm -rf /victim\")\nlib(name = \"l\")\necho(name = \"e\")\n",
		"sbt/build.sbt":            "import scala.sys.process._\nlazy val wipe = taskKey[Unit](\"wipe\")\nwipe := { \"rm -rf /victim\".! }\n",
		"sbtp/build.sbt":           "name := \"x\"\n",
		"sbtc/build.sbt":           "import scala.sys.process._\nval w = (\"rm -rf \" + \"/victim\").!\n",
		"sbti/build.sbt":           "import scala.sys.process._\nval d = \"/victim\"\nval w = s\"echo ${sys.props(\"user.home\")} rm -rf /victim\".!\n",
		"sbtp/project/Build.scala": "object Build { scala.sys.process.Process(Seq(\"rm\", \"-rf\", \"/victim\")).! }\n",
		"xm/xmake.lua":             "target(\"x\")\n    set_kind(\"binary\")\n    on_build(function (target) os.rm(\"/victim\") end)\n",
		"pm/premake5.lua":          "os.rmdir(\"/victim\")\nworkspace \"x\"\n",
		// Look-alikes: harmless files.
		"ok/Makefile.toml": "[tasks.build]\ncommand = \"cargo\"\nargs = [\"build\", \"--release\"]\n\n[tasks.default]\nscript = \"echo 'rm -rf /victim'\"\n",
		"ok/build.xml":     "<project default=\"c\"><target name=\"c\"><javac srcdir=\"src\" destdir=\"build\"/><echo message=\"rm -rf /victim\"/><delete dir=\"build\"/></target></project>\n",
		"ok/WORKSPACE":     "",
		"ok/BUILD":         "genrule(name = \"g\", srcs = [\"in.txt\"], outs = [\"o.txt\"], cmd = \"cp $(location in.txt) $@\")\n",
		"ok/build.sbt":     "name := \"x\"\nscalaVersion := \"2.13.12\"\n",
		"ok/xmake.lua":     "target(\"x\")\n    set_kind(\"binary\")\n    add_files(\"src/*.c\")\n",
		"ok/premake5.lua":  "workspace \"x\"\n  configurations { \"Debug\" }\n",
	})
	for _, tc := range []struct {
		cmd string
		rm  bool
	}{
		{`cd cm && cargo make wipe`, true},
		{`cd cm && makers wipe`, true},
		{`cargo make --cwd cm wipe`, true},
		{`cd cm && cargo make -t wipe`, true},
		{`cd cmargs && cargo make x`, true},
		{`cd cmtop && cargo make wipe`, true},
		{`cd cmextin && makers wipe`, true},
		{`cd cmextok && cargo make wipe`, false},
		{`cd cmtop && cargo make build`, false},
		{`cd cmdeps && makers`, true},
		{`cd cmenv && makers x`, true},
		{`cd cmpy && makers x`, true},
		{`cd cmext && makers x`, true},
		{`cd cmext && makers y`, true},
		{`cd cmext && makers z`, true},
		{`cd cmfile && makers --makefile other.toml x`, true},
		{`cd ant && ant`, true},
		{`cd ant && ant dist`, true},
		{`ant -f ant/build.xml`, true},
		{`cd antp && ant -buildfile custom.xml x`, true},
		{`cd antp/sub && ant -find custom.xml x`, true},
		{`cd antd && ant -Dout=/victim`, true}, // -D wins over <property>
		{`cd antf && ant`, true},
		{`cd antu && ant -propertyfile v.properties`, true},
		{`cd antu && ant -propertyfile ok.properties -propertyfile v.properties`, true},
		{`cd antu && ant -propertyfile v.properties -Dd=out`, false}, // -D wins
		{`cd antu && ant -propertyfile ok.properties`, false},
		{`cd antf && ant -Dd=build`, false},
		{`cd antd && ant -Dout /victim c`, true},
		{`cd bz && bazel build //:gen`, true},
		{`cd bz && bazelisk build //...`, true},
		{`cd bz && bazel build //app`, true}, // builds //:gen first
		{`cd bz/app && bazel build :app`, true},
		{`cd bz && bazel run //app:tool`, true},
		{`cd bzm && bazel build //:w`, true}, // the macro's native.genrule
		{`cd bzm && bazel build :p`, true},   // its cmd a parameter, given by the call
		{`cd sbt && sbt compile`, true},
		{`cd sbtp && sbt test`, true},
		{`cd sbtc && sbt compile`, true}, // "a" + "b" folded as scalac does
		{`cd xm && xmake`, true},
		{`cd xm && xmake build`, true},
		{`cd pm && premake5 gmake2`, true},
		// Look-alikes.
		{`cd cm && cargo make build`, false},
		{`cd cm && makers --version`, false},
		{`cd cm && cargo build`, false},
		{`cd ok && cargo make build && makers`, false},
		{`cd cmfile && makers x`, false}, // no Makefile.toml
		{`cd ant && ant -version`, false},
		{`cd ok && ant`, false},
		{`cd antp && ant x`, false}, // no build.xml
		{`cd antd && ant -Dother=/victim`, false},
		{`cd antd && ant`, false},
		{`cd bz && bazel version`, false},
		{`cd bz && bazel query //...`, false},
		{`cd bz && bazel build //app:tool`, false}, // a script is not run by build
		{`cd ok && bazel build //...`, false},
		{`cd bzm && bazel build //:l //:e`, false}, // a macro of no genrule; an echo
		{`cd sbt && sbt --version`, false},
		{`cd sbt && sbt -version`, false},
		{`cd ok && sbt compile`, false},
		{`cd sbti && sbt compile`, false}, // echo's words, not rm's
		{`cd xm && xmake --version`, false},
		{`cd ok && xmake && premake5 gmake2`, false},
		{`cd cmfile && sbt compile && ant && xmake`, false}, // no files
	} {
		m := analyzeIn(t, dir, tc.cmd)
		wantVictim(t, m, tc.cmd, tc.rm)
	}
}
