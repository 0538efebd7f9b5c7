package lang

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rubyRecvCases: a runner's name (Kernel's system, exec and spawn, IO's
// popen, Open3's functions) called on a receiver corral cannot name. The
// receiver can be the module found at run time, so literal arguments are
// judged as the runner's; other arguments ask when the receiver can be a
// module found at run time, and pass on an object the program made.
var rubyRecvCases = []struct {
	name, src string
	want      []string
}{
	// Literal arguments: the runner, whatever the receiver.
	{"objectspace", `ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}.system("rm -rf ~")`, []string{"shell Kernel.system: rm -rf ~"}},
	{"objectspace-do", "ObjectSpace.each_object(Module).find do |m| m.name == \"Kernel\" end.exec(\"rm -rf ~\")", []string{"shell Kernel.exec: rm -rf ~"}},
	{"array-first", `[Kernel].first.spawn("rm -rf ~")`, []string{"shell Kernel.spawn: rm -rf ~"}},
	{"index", `mods[0].system("ls")`, []string{"shell Kernel.system: ls"}},
	{"owner", `method(:puts).owner.system("id")`, []string{"shell Kernel.system: id"}},
	{"class-popen", `$stdout.class.popen("rm -rf /srv")`, []string{"shell IO.popen: rm -rf /srv"}},
	{"file-popen", `File.popen("rm -rf ~").read`, []string{"shell IO.popen: rm -rf ~"}},
	{"open3-var", `require "open3"; o = Open3; o.capture2("rm -rf ~")`, []string{"shell Open3.capture2: rm -rf ~"}},
	{"open3-found", `ObjectSpace.each_object(Module).find{|m| m.name=="Open3"}.capture3("rm -rf ~")`, []string{"shell Open3.capture3: rm -rf ~"}},
	{"argv-list", `[Kernel].first.system("rm", "-rf", "/srv")`, []string{"exec Kernel.system: rm -rf /srv"}},
	{"self", `self.system("rm -rf ~")`, []string{"shell Kernel.system: rm -rf ~"}},
	// Other arguments on a receiver found at run time: ask, naming the
	// call.
	{"objectspace-var", `ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}.system(c)`,
		[]string{`hidden ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}.system: c`}},
	{"bound-lookup", `k = ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}; k.system(ARGV[0])`, []string{"hidden k.system: ARGV[0]"}},
	{"array-first-var", `[Kernel].first.system(["rm", "-rf", Dir.home].join(" "))`, []string{`hidden [Kernel].first.system: ["rm", "-rf", Dir.home].join(" ")`}},
	{"itself", `Kernel.itself.exec(cmd)`, []string{"hidden Kernel.itself.exec: cmd"}},
	{"class-popen-var", `$stdout.class.popen(cmd)`, []string{"hidden $stdout.class.popen: cmd"}},
	{"file-popen-var", `File.popen(cmd)`, []string{"hidden File.popen: cmd"}},
	{"open3-bound", `o = [Open3].first; o.pipeline(a, b)`, []string{"hidden o.pipeline: a, b"}},
	{"self-var", `self.system(cmd)`, []string{"hidden Kernel.system: cmd"}},
	{"block-param", `ObjectSpace.each_object(Module) { |m| m.system(STDIN.gets) if m.name == "Kernel" }`, []string{"hidden m.system: STDIN.gets"}},
	{"block-param-do", "ObjectSpace.each_object(Module).select { |m| m.name == \"Kernel\" }.each do |k|\n  k.spawn(cmd)\nend", []string{"hidden k.spawn: cmd"}},
	{"numbered-param", `Kernel.then { _1.system(STDIN.gets) }; Kernel.then { it.exec(cmd) }`, []string{"hidden _1.system: STDIN.gets", "hidden it.exec: cmd"}},
	{"param", `def f(k, c) k.system(c) end; f(Kernel, STDIN.gets)`, []string{"hidden k.system: c"}},
	// Look-alikes: other names, no argument (Kernel.system() raises
	// ArgumentError: nothing runs, and x.system is some object's
	// attribute), an object the program made, text that is only data.
	{"look-names", `logger.system_info; obj.exec_query("SELECT 1"); x.systems("rm -rf ~")`, nil},
	{"look-no-arg", `p platform.system; x.system(); info.exec`, nil},
	{"look-made", `conn = PG.connect(dbname: "x"); conn.exec(sql); PG.connect(dbname: "y").exec(sql); ch.exec(cmd); @db.exec(q)`, nil},
	{"look-made-block", "PG.connect(dbname: \"x\") { _1.exec(sql) }\nPG.connect(dbname: \"x\") { |conn| conn.exec(sql) }\nsession.open_channel do |ch|\n  ch.exec(cmd)\nend", nil},
	{"look-sql", `conn.exec("SELECT 1"); conn.exec("DELETE FROM t WHERE a > 2")`, []string{"shell Kernel.exec: SELECT 1", "shell Kernel.exec: DELETE FROM t WHERE a > 2"}},
	{"look-data", "puts \"system('rm -rf ~')\"\n# x.system(\"rm -rf ~\")\np %w[system exec]\nh = {system: 1}\nf(exec: true, spawn: false)", nil},
	// Opening "|cmd" with Kernel's open or IO's read on such a receiver.
	{"pipe-open", `[Kernel].first.open("|rm -rf ~"); $stdout.class.read("|id"); ObjectSpace.each_object(Class).find{|c| c.name == "IO"}.foreach("|ls") {}`,
		[]string{"shell Kernel.open: rm -rf ~", "shell IO.read: id", "shell IO.foreach: ls"}},
	{"look-pipe", "f.write(\"| a | b |\\n\"); File.read(\"|x\"); io.read(10); s.split(\"|\"); paths[0].open(\"w\")", []string{"read File.read: |x"}},
	// Safe navigation: a&.b calls b on a as a.b does.
	{"safe-navigation", `FileUtils&.rm_rf("/srv"); Kernel&.system(cmd); [Kernel].first&.exec(cmd); conn&.exec(sql)`,
		[]string{"delete -r FileUtils.rm_rf: /srv", "hidden Kernel.system: cmd", "hidden [Kernel].first.exec: cmd"}},
	{"look-and", `a = b & c; x = y && z.system; f(&blk)`, nil},
	// A bare call of such a name is Open3's only where the code
	// includes Open3; elsewhere it is the code's own method.
	{"include-open3", `require "open3"; include Open3; o, s = capture2("rm -rf ~")`, []string{"shell Open3.capture2: rm -rf ~"}},
	{"look-bare", `popen("x"); pipeline("a", "b"); capture3(".env")`, nil},
	{"look-unknown-const", `Foo.system(cmd); Docker::Container.exec(cmd)`, nil},
}

func TestRubyUnnamedRunners(t *testing.T) {
	t.Parallel()
	for _, tc := range rubyRecvCases {
		var got []string
		for _, e := range Analyze(Ruby, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: %s: effects (-want +got):\n%s", tc.name, tc.src, diff)
		}
	}
}

// TestRubyUnnamedRunnersOracle runs the real ruby: each receiver found
// at run time above is the module, so the call runs its command (echo
// prints the canary), and a runner called without arguments raises
// ArgumentError, running nothing.
func TestRubyUnnamedRunnersOracle(t *testing.T) {
	t.Parallel()
	rb, err := exec.LookPath("ruby")
	if err != nil {
		t.Skip("ruby not installed")
	}
	const canary = "CANARY_4c1d"
	run := func(code string) (string, error) {
		cmd := exec.Command(rb, "-e", code)
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for _, code := range []string{
		`ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}.system("echo ` + canary + `")`,
		`ObjectSpace.each_object(Module).find do |m| m.name == "Kernel" end.system("echo ` + canary + `")`,
		`[Kernel].first.system("echo ` + canary + `")`,
		`mods = [Kernel]; mods[0].system("echo", "` + canary + `")`,
		`method(:puts).owner.system("echo ` + canary + `")`,
		`print $stdout.class.popen("echo ` + canary + `").read`,
		`print File.popen("echo ` + canary + `").read`,
		`require "open3"; o = [Open3].first; print o.capture2("echo ` + canary + `")[0]`,
		`Kernel.itself.system("echo ` + canary + `")`,
		`self.system("echo ` + canary + `")`,
	} {
		if out, err := run(code); err != nil || !strings.Contains(out, canary) {
			t.Errorf("%s: %v %q, want the canary printed", code, err, out)
		}
	}
	for _, code := range []string{`x = [Kernel].first; x.system`, `Kernel.exec()`} {
		if out, err := run(code); err == nil || !strings.Contains(out, "ArgumentError") {
			t.Errorf("%s: %v %q, want ArgumentError", code, err, out)
		}
	}
	// A Kernel runner is private on other objects: obj.system is not it.
	if out, err := run(`Object.new.system("echo ` + canary + `")`); err == nil || strings.Contains(out, canary+"\n") {
		t.Errorf("Object.new.system: %v %q, want NoMethodError", err, out)
	}
}
