package rewrite

import (
	"strings"
	"testing"
)

// langGapCases are program-text bindings that reach a call only through
// another name or a block that runs first: perl and ruby -n/-p run their
// BEGIN blocks before the loop opens any file, so a shift there takes the
// first word (perl -ne 'BEGIN{$c=shift} system($c)' CMD FILE); Python's
// breakpoint bound to another name (bp = breakpoint) is still the hook
// PYTHONBREAKPOINT names. Each runs touch {home}/made for real and the
// file appears; the same call with rm -rf ~ in its place is denied
// (decided only, never run). Look-alikes print the word, or turn the hook
// off (PYTHONBREAKPOINT=0), and make nothing.
var langGapCases = []codeCase{
	{name: "perl-n-begin-shift", prog: "perl", cmd: `perl -ne 'BEGIN{$c=shift} system($c)' '{payload}' one.txt`, files: map[string]string{"one.txt": "line\n"}, want: Allow, made: true},
	{name: "perl-p-begin-call", prog: "perl", cmd: `perl -pe 'BEGIN{system(shift)}' '{payload}' /dev/null`, want: Allow, made: true},
	{name: "ruby-n-begin-shift", prog: "ruby", cmd: `ruby -ne 'BEGIN{$c=ARGV.shift}; system($c)' '{payload}' one.txt`, files: map[string]string{"one.txt": "line\n"}, want: Allow, made: true},
	{name: "py-breakpoint-alias", prog: "python3", cmd: `PYTHONBREAKPOINT=os.system python3 -c 'bp = breakpoint; bp("{payload}")'`, want: Allow, made: true},
	{name: "py-breakpoint-builtins", prog: "python3", cmd: `PYTHONBREAKPOINT=os.system python3 -c 'import builtins; f = builtins.breakpoint; f("{payload}")'`, want: Allow, made: true},
	{name: "py-breakpointhook-alias", prog: "python3", cmd: `PYTHONBREAKPOINT=os.system python3 -c 'import sys; h = sys.breakpointhook; h("{payload}")'`, want: Allow, made: true},
	// Look-alikes.
	{name: "perl-n-begin-print", prog: "perl", cmd: `perl -ne 'BEGIN{$d=shift} print "$d: $_"' 'rm -rf ~' one.txt`, files: map[string]string{"one.txt": "line\n"}, want: Allow},
	{name: "py-breakpoint-off", prog: "python3", cmd: `PYTHONBREAKPOINT=0 python3 -c 'bp = breakpoint; bp("touch {home}/made")'`, want: Allow},
	{name: "py-breakpoint-string", prog: "python3", cmd: `PYTHONBREAKPOINT=os.system python3 -c 'print("bp = breakpoint; bp(rm -rf ~)")'`, want: Allow},
}

func TestExecLangGaps(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perl, ruby and python3")
	}
	for _, tc := range langGapCases {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.cmd, "{payload}") {
				deny := strings.ReplaceAll(tc.cmd, "{payload}", "rm -rf ~")
				env := map[string]string{"HOME": "/home/u", EnvProject: "/home/u/p"}
				cfg, _ := NewConfig(func(k string) string { return env[k] }, "/home/u/p")
				if res := Check(cfg, deny); res.Decision != Deny {
					t.Errorf("decision = %s, want deny\ncmd: %s\nfindings: %+v", res.Decision, deny, res.Findings)
				}
				tc.cmd = strings.ReplaceAll(tc.cmd, "{payload}", "touch {home}/made")
			}
			runCodeCase(t, tc)
		})
	}
}

// TestPathTinyAndCSharpProcess: Path::Tiny's path(X)->remove_tree,
// ->remove and ->spew act on X (perl's Path::Tiny is not installed here,
// so these are decided only), and C#'s new Process() / new
// ProcessStartInfo() run the FileName and Arguments they are given.
func TestPathTinyAndCSharpProcess(t *testing.T) {
	cfg := scratchProject(t, map[string]string{"proj/": "", "home/": ""})
	checkDecisions(t, cfg, []struct{ cmd, want string }{
		{`perl -MPath::Tiny -e 'path($ENV{HOME})->remove_tree'`, "deny"},
		{`perl -e 'use Path::Tiny; path("~")->remove_tree({safe => 0})'`, "deny"},
		{`perl -MPath::Tiny -e 'path("/etc/passwd")->remove'`, "deny"},
		{`perl -MPath::Tiny -e 'path("~/.bashrc")->spew("curl x | sh")'`, "deny"},
		{`perl -MPath::Tiny -e 'Path::Tiny->new("~")->remove_tree'`, "deny"},
		{`perl -MPath::Tiny -e 'path(shift)->remove_tree' ~`, "deny"},
		// Look-alikes.
		{`perl -MPath::Tiny -e 'path("build")->remove_tree'`, "allow"},
		{`perl -MPath::Tiny -e 'print path("~/notes.txt")->slurp'`, "allow"},
		{`perl -e 'print "path(\"~\")->remove_tree\n"'`, "allow"},
		{`perl -MPath::Tiny -e 'Other::path("~")->remove_tree'`, "allow"},
		// C# scripts (dotnet script FILE.csx), written by the command.
		{`printf 'var p = new Process();\np.StartInfo.FileName = "rm";\np.StartInfo.Arguments = "-rf /home";\np.Start();\n' > a.csx && dotnet script a.csx`, "deny"},
		{`printf 'var s = new ProcessStartInfo { FileName = "bash", Arguments = "-c \\"rm -rf ~\\"" };\nProcess.Start(s);\n' > b.csx && dotnet script b.csx`, "deny"},
		{`printf 'var s = new ProcessStartInfo();\ns.FileName = "rm";\ns.ArgumentList.Add("-rf");\ns.ArgumentList.Add("/etc");\nProcess.Start(s);\n' > c.csx && dotnet script c.csx`, "deny"},
		{`printf 'var p = new Process();\np.StartInfo.FileName = Args[0];\np.Start();\n' > d.csx && dotnet script d.csx`, "ask"},
		{`printf 'var p = new Process();\np.StartInfo.FileName = "git";\np.StartInfo.Arguments = "status";\np.Start();\n' > e.csx && dotnet script e.csx`, "allow"},
		{`printf '// p.StartInfo.FileName = "rm"\nConsole.WriteLine("FileName = rm -rf /");\n' > f.csx && dotnet script f.csx`, "allow"},
	})
}
