package rewrite

import (
	"strings"
	"testing"
)

// gemspecTail is the rest of a gemspec gem build accepts.
const gemspecTail = "Gem::Specification.new do |s|\n  s.name = \"x\"\n  s.version = \"0.1\"\n  s.summary = \"x\"\n  s.authors = [\"x\"]\n  s.files = []\nend\n"

// codeJobCases are programs whose ordinary job is to run code (red team
// 14 CR1): erb runs a template's Ruby (<% %>, <%= %>, % lines; from a
// file, stdin or a here-document) and requires -r's library; gem build
// evaluates the gemspec; prove runs each test file as perl, or with
// -e/--exec's program (from the command line or .proverc); pydoc3
// imports the module from PYTHONPATH. Each runs touch {home}/made for
// real and the file appears; the same call with rm -rf /etc in its place
// is denied (decided only, never run). Look-alikes print the Ruby (erb
// -x), keep % lines as text (erb -P), hold text only, or run a plain
// test, and make nothing.
var codeJobCases = []codeCase{
	{name: "erb-pipe", prog: "erb", cmd: `printf '%s\n' '<% system("{payload}") %>' | erb`, want: Allow, made: true},
	{name: "erb-heredoc", prog: "erb", cmd: "erb <<'E'\nHi <%= system(\"{payload}\") %>\nE", want: Allow, made: true},
	{name: "erb-file", prog: "erb", cmd: `erb t.erb`, files: map[string]string{"t.erb": "Hi\n<%\n  system(\"{payload}\")\n%>\n"}, want: Allow, made: true},
	{name: "erb-percent-line", prog: "erb", cmd: `erb who=x t.erb`, files: map[string]string{"t.erb": "Hi\n% system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "erb-stdin-file", prog: "erb", cmd: `erb < t.erb`, files: map[string]string{"t.erb": "<%= system(\"{payload}\") %>\n"}, want: Allow, made: true},
	{name: "erb-require", prog: "erb", cmd: `erb -r ./lib.rb /dev/null`, files: map[string]string{"lib.rb": "system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "gem-build", prog: "gem", cmd: `gem build x.gemspec`, files: map[string]string{"x.gemspec": "system(\"{payload}\")\n" + gemspecTail}, want: Allow, made: true},
	{name: "gem-build-default", prog: "gem", cmd: `gem build`, files: map[string]string{"x.gemspec": "system(\"{payload}\")\n" + gemspecTail}, want: Allow, made: true},
	{name: "gem-b-name", prog: "gem", cmd: `gem b x`, files: map[string]string{"x.gemspec": "system(\"{payload}\")\n" + gemspecTail}, want: Allow, made: true},
	{name: "gem-install-g", prog: "gem", cmd: `gem install -g --local`, files: map[string]string{"gem.deps.rb": "system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "gem-install-file", prog: "gem", cmd: `gem install --file deps.rb --local`, files: map[string]string{"deps.rb": "system(\"{payload}\")\n"}, want: Allow, made: true},
	{name: "prove-exec", prog: "prove", cmd: `prove -e '{payload}' one.t`, files: map[string]string{"one.t": "x\n"}, want: Allow, made: true},
	{name: "prove-exec-long", prog: "prove", cmd: `prove --exec='{payload}' t`, files: map[string]string{"t/a.t": "x\n"}, want: Allow, made: true},
	{name: "prove-default-t", prog: "prove", cmd: `prove`, files: map[string]string{"t/a.t": "system(\"{payload}\"); print \"1..1\\nok 1\\n\";\n"}, want: Allow, made: true},
	{name: "prove-recurse", prog: "prove", cmd: `prove -r t`, files: map[string]string{"t/sub/a.t": "system(\"{payload}\"); print \"1..1\\nok 1\\n\";\n"}, want: Allow, made: true},
	{name: "prove-rc", prog: "prove", cmd: `prove t/a.t`, files: map[string]string{".proverc": "# options\n--exec '{payload}'\n", "t/a.t": "print \"1..1\\nok 1\\n\";\n"}, want: Allow, made: true},
	{name: "prove-rc-option", prog: "prove", cmd: `prove --rc my.rc t/a.t`, files: map[string]string{"my.rc": "--exec '{payload}'\n", "t/a.t": "print \"1..1\\nok 1\\n\";\n"}, want: Allow, made: true},
	{name: "pydoc3-pythonpath", prog: "pydoc3", cmd: `PYTHONPATH=lib pydoc3 x`, files: map[string]string{"lib/x.py": "import os\nos.system(\"{payload}\")\n"}, want: Allow, made: true},
	// Look-alikes.
	{name: "erb-x-prints", prog: "erb", cmd: `erb -x t.erb`, files: map[string]string{"t.erb": "<% system(\"touch {home}/made\") %>\n"}, want: Allow},
	{name: "erb-P-text", prog: "erb", cmd: `erb -P t.erb`, files: map[string]string{"t.erb": "% system(\"touch {home}/made\")\n"}, want: Allow},
	{name: "erb-text-only", prog: "erb", cmd: `echo 'rm -rf /etc <%%= x %>' | erb`, want: Allow},
	{name: "erb-plain", prog: "erb", cmd: `erb who=world t.erb`, files: map[string]string{"t.erb": "Hello <%= who %>\n<%# system(\"touch {home}/made\") %>\n"}, want: Allow},
	{name: "gem-build-plain", prog: "gem", cmd: `gem build x.gemspec`, files: map[string]string{"x.gemspec": gemspecTail}, want: Allow},
	{name: "prove-plain", prog: "prove", cmd: `prove t/`, files: map[string]string{"t/a.t": "print \"1..1\\nok 1\\n\";\n"}, want: Allow},
	{name: "prove-exec-perl", prog: "prove", cmd: `prove -e perl t/`, files: map[string]string{"t/a.t": "print \"1..1\\nok 1\\n\";\n"}, want: Allow},
	{name: "prove-exec-cat", prog: "prove", cmd: `prove -e cat t/`, files: map[string]string{"t/a.t": "system(\"rm -rf /etc\")\n"}, want: Allow},
	{name: "pydoc3-library", prog: "pydoc3", cmd: `pydoc3 json`, want: Allow},
}

func TestExecCodeJobs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs erb, gem, prove and pydoc3")
	}
	for _, tc := range codeJobCases {
		t.Run(tc.name, func(t *testing.T) {
			payload := strings.Contains(tc.cmd, "{payload}")
			for _, v := range tc.files {
				payload = payload || strings.Contains(v, "{payload}")
			}
			if payload {
				files := map[string]string{"proj/": "", "home/": ""}
				for k, v := range tc.files {
					files["proj/"+k] = strings.ReplaceAll(v, "{payload}", "rm -rf /etc")
				}
				cfg := scratchProject(t, files)
				deny := strings.ReplaceAll(tc.cmd, "{payload}", "rm -rf /etc")
				if res := Check(cfg, deny); res.Decision != Deny {
					t.Errorf("decision = %s, want deny\ncmd: %s\nfindings: %+v", res.Decision, deny, res.Findings)
				}
				tc.cmd = strings.ReplaceAll(tc.cmd, "{payload}", "touch {home}/made")
				run := map[string]string{}
				for k, v := range tc.files {
					run[k] = strings.ReplaceAll(v, "{payload}", "touch {home}/made")
				}
				tc.files = run
			}
			runCodeCase(t, tc)
		})
	}
}

// TestRubyDSLFiles: Capistrano, Berkshelf and fastlane evaluate their
// Ruby file (Capfile, Berksfile, fastlane/Fastfile) for their commands
// (none is installed here: decided only). Look-alikes: a file with no
// call, fastlane init, berks version.
func TestRubyDSLFiles(t *testing.T) {
	t.Parallel()
	bad := scratchProject(t, map[string]string{
		"proj/Capfile":           "system('rm -rf ~')\n",
		"proj/Berksfile":         "system('rm -rf ~')\n",
		"proj/fastlane/Fastfile": "lane :beta do\n  sh('rm -rf ~')\n  system('rm -rf ~')\nend\n",
	})
	checkDecisions(t, bad, []struct{ cmd, want string }{
		{"cap production deploy", "deny"},
		{"berks install", "deny"},
		{"fastlane ios beta", "deny"},
		{"fastlane init", "allow"},
		{"berks version", "allow"},
	})
	plain := scratchProject(t, map[string]string{
		"proj/Capfile":           "require 'capistrano/setup'\n",
		"proj/Berksfile":         "source 'https://supermarket.chef.io'\nmetadata\n",
		"proj/fastlane/Fastfile": "lane :beta do\n  puts 'rm -rf ~'\nend\n",
	})
	checkDecisions(t, plain, []struct{ cmd, want string }{
		{"cap production deploy", "allow"},
		{"berks install", "allow"},
		{"fastlane ios beta", "allow"},
	})
}

// TestCodeJobsWrittenFiles: the files gem build and prove find by a
// pattern include those the command writes first (a gemspec, t/*.t).
func TestCodeJobsWrittenFiles(t *testing.T) {
	t.Parallel()
	cfg := scratchProject(t, map[string]string{"proj/": "", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`echo 'system("rm -rf ~")' > a.gemspec && gem build`, "deny"},
		{`mkdir -p t && echo 'system("rm -rf ~")' > t/a.t && prove`, "deny"},
		{`mkdir -p t && echo 'system("rm -rf ~")' > t/a.t && prove -e perl t`, "deny"},
		{`mkdir -p t && echo 'print "ok 1"' > t/a.t && prove`, "allow"},
		{`echo 'Gem::Specification.new' > a.gemspec && gem build`, "allow"},
	})
}
