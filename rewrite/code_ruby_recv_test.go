package rewrite

import (
	"strings"
	"testing"
)

// TestRubyRunnersOnFoundReceivers: Kernel's system, exec and spawn,
// IO's popen and Open3's functions called on a receiver found while the
// program runs (ObjectSpace.each_object(Module).find{…}, [Kernel].first,
// a variable bound to the module, File, which is a subclass of IO, and
// the send, method and const_get forms) are judged as the runner: their
// literal shell text goes through the whole engine (before:
// ObjectSpace's and Open3's forms were allowed; red team rc). A
// non-literal argument asks, naming the call. Look-alikes: other method
// names, no argument, objects the program made (PG's conn.exec), text
// that is only data, an object's write of "~" (was denied as a deletion).
func TestRubyRunnersOnFoundReceivers(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/a.rb": "a\n", "home/.ssh/id_rsa": "k"})
	const found = `ObjectSpace.each_object(Module).find{|m| m.name=="Kernel"}`
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`ruby -e '` + found + `.system("rm -rf ~")'`, "deny"},
		{`ruby -e '` + found + `.system("ls")'`, "allow"},
		{`ruby -e '` + found + `.spawn("rm", "-rf", Dir.home)'`, "deny"},
		{`ruby -e '` + found + `.exec(ARGV[0])' 'rm -rf ~'`, "deny"},
		{`ruby -e '` + found + `.exec(STDIN.gets)'`, "ask"},
		{`ruby -e '` + found + `.system(["rm", "-rf", Dir.home].join(" "))'`, "ask"},
		{`ruby -e 'ObjectSpace.each_object(Class).find{|c| c.name == "IO"}.popen("rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.method(:system).call("rm -rf ~")'`, "deny"},
		{`ruby -e 'k = Kernel; k.system("rm -rf ~")'`, "deny"},
		{`ruby -e 'k = [Kernel].first; k.system("rm -rf ~")'`, "deny"},
		{`ruby -e '[Kernel].first.system("rm -rf ~")'`, "deny"},
		{`ruby -e '[Kernel].first.system(cmd)'`, "ask"},
		{`ruby -e 'Object.const_get(:Kernel).system("rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.send(:system, "rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.public_send(:system, "rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.__send__("sys" + "tem", "rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.send(:system, cmd)'`, "ask"},
		{`ruby -e 'method(:puts).owner.system("rm -rf ~")'`, "deny"},
		{`ruby -e 'Kernel.singleton_method(:system).call("rm -rf ~")'`, "deny"},
		{`ruby -e 'ObjectSpace.each_object(Module) { |m| m.system(STDIN.gets) if m.name == "Kernel" }'`, "ask"},
		{`ruby -e 'Kernel.then { _1.system(STDIN.gets) }'`, "ask"},
		{`ruby -e 'k = Kernel.dup; k.system(STDIN.gets)'`, "ask"},
		{`ruby -e 'self.system("rm -rf ~")'`, "deny"},
		{`ruby -e 'File.popen("rm -rf ~").read'`, "deny"},
		{`ruby -e 'File.popen(cmd).read'`, "ask"},
		{`ruby -e 'print $stdout.class.popen("rm -rf ~").read'`, "deny"},
		{`ruby -e 'require "open3"; o = Open3; o.capture2("rm -rf ~")'`, "deny"},
		{`ruby -e 'require "open3"; [Open3].first.capture3("rm -rf ~")'`, "deny"},
		{`ruby -e 'require "open3"; ObjectSpace.each_object(Module).find{|m| m.name == "Open3"}.popen3("rm -rf ~")'`, "deny"},
		{`ruby -e 'require "open3"; Open3.send(:capture2, "rm -rf ~")'`, "deny"},
		{`ruby -e 'require "open3"; [Open3].first.capture2(cmd)'`, "ask"},
		// Safe navigation (a&.b) is a call of b on a.
		{`ruby -e 'FileUtils&.rm_rf(Dir.home)'`, "deny"},
		{`ruby -e '` + found + `&.system(STDIN.gets)'`, "ask"},
		{`ruby -e 'Kernel&.system(STDIN.gets)'`, "ask"},
		// Kernel's open and IO's read of "|cmd" on such a receiver.
		{`ruby -e 'print [Kernel].first.open("|rm -rf ~").read'`, "deny"},
		{`ruby -e 'print $stdout.class.read("|rm -rf ~")'`, "deny"},
		{`ruby -e 'print $stdout.class.read("|ls")'`, "allow"},
		// Look-alikes.
		{`ruby -e 'logger.system_info'`, "allow"},
		{`ruby -e 'obj.exec_query("SELECT 1")'`, "allow"},
		{`ruby -e 'p x.system'`, "allow"},
		{`ruby -e 'puts "system(\"rm -rf ~\")"'`, "allow"},
		{`ruby -e '# ObjectSpace.each_object(Module).first.system("rm -rf ~")'`, "allow"},
		{`ruby -e 'p %w[system exec]'`, "allow"},
		{`ruby -e 'p({system: "rm -rf ~"})'`, "allow"},
		{`ruby -e 'require "pg"; conn = PG.connect(dbname: "app"); conn.exec(File.read("schema.sql"))'`, "allow"},
		{`ruby -e 'require "pg"; PG.connect(dbname: "app").exec("SELECT 1")'`, "allow"},
		{`ruby -e 'require "pg"; PG.connect(dbname: "app") { |c| c.exec(STDIN.read) }'`, "allow"},
		{`ruby -e 'p Kernel.singleton_methods.include?(:system)'`, "allow"},
		{`ruby -e '$stdout.write("~")'`, "allow"},
		{`ruby -e 'File.open("t.md", "w") { |f| f.write("| a | b |\n") }'`, "allow"},
		{`ruby -e 'require "open3"; include Open3; o, s = capture2("rm -rf ~")'`, "deny"},
		{`ruby -e '` + found + `.system("git status")'`, "allow"},
	})
	// The question names the call.
	r := Check(cfg, `ruby -e '`+found+`.system(cmd)'`)
	if got := r.Decision.String(); got != "ask" || len(r.Findings) == 0 || !strings.Contains(r.Findings[0].Message, ".system(cmd)") {
		t.Errorf("non-literal argument: %s %v, want an ask naming .system(cmd)", got, r.Findings)
	}
}
