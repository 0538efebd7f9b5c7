package rewrite

import (
	"strings"
	"testing"
)

// perlProcessCases are Perl's other ways to run a command (red-team 3,
// finding 6): a pipe open whose command is one string (perl runs it with
// /bin/sh -c), readpipe, IPC::Open2, IPC::Open3 and IPC::Cmd. Each runs
// touch {home}/made for real (the scratch home is in a temporary
// directory, where corral lets touch write), and the file appears: perl
// ran the string; the same call with rm -rf ~ in its place is denied
// (decided only, never run), or asked where the command is built at run
// time. Look-alikes: the call's text printed, a sub of the
// same name, the list form of a harmless command.
var perlProcessCases = []codeCase{
	{name: "open-write-pipe", prog: "perl", cmd: `perl -e 'open(F, "|-", "{payload}") or die; close F'`, want: Allow, made: true},
	{name: "open-read-pipe", prog: "perl", cmd: `perl -e 'open(my $f, "-|", "{payload}") or die; my @l = <$f>'`, want: Allow, made: true},
	{name: "open-read-pipe-spaced", prog: "perl", cmd: `perl -e 'open(my $f, " -| ", "{payload}") or die; my @l = <$f>'`, want: Allow, made: true},
	{name: "readpipe", prog: "perl", cmd: `perl -e 'readpipe("{payload}")'`, want: Allow, made: true},
	{name: "readpipe-bare", prog: "perl", cmd: `perl -e 'my $x = readpipe "{payload}"'`, want: Allow, made: true},
	{name: "open3-M", prog: "perl", cmd: `perl -MIPC::Open3 -e 'my $p = open3(undef, my $o, undef, "{payload}"); waitpid($p, 0)'`, want: Allow, made: true},
	{name: "open2-use", prog: "perl", cmd: `perl -e 'use IPC::Open2; my $p = open2(my $o, my $i, "{payload}"); waitpid($p, 0)'`, want: Allow, made: true},
	{name: "open2-qualified", prog: "perl", cmd: `perl -e 'require IPC::Open2; my $p = IPC::Open2::open2(my $o, my $i, "{payload}"); waitpid($p, 0)'`, want: Allow, made: true},
	{name: "ipc-cmd-run", prog: "perl", cmd: `perl -e 'use IPC::Cmd qw(run); run(command => "{payload}", verbose => 0)'`, want: Allow, made: true},
	{name: "ipc-cmd-run-argv", prog: "perl", cmd: `perl -e 'use IPC::Cmd qw(run); run(command => [split / /, "{payload}"])'`, want: Ask, made: true},
	{name: "ipc-cmd-run-list", prog: "perl", cmd: `perl -e 'use IPC::Cmd qw(run); run(command => ["touch", "{home}/made"])'`, want: Allow, made: true},
	// The command's output is the program's: a secret read through it is
	// printed.
	{name: "open-read-pipe-secret", prog: "perl", cmd: `perl -e 'open(my $f, "-|", "cat .env"); print <$f>'`, want: Deny, leaks: true},
	{name: "readpipe-secret", prog: "perl", cmd: `perl -e 'print readpipe("cat .env")'`, want: Deny, leaks: true},
	// Look-alikes.
	{name: "open-pipe-look", prog: "perl", cmd: `perl -e 'open(my $f, "-|", "ls") or die; my @l = <$f>; print "open3(undef, undef, undef, q{rm -rf ~})\n"'`, want: Allow},
	{name: "open-list-look", prog: "perl", cmd: `perl -e 'open(my $f, "-|", "echo", "rm -rf ~") or die; print <$f>'`, want: Allow},
	{name: "readpipe-look", prog: "perl", cmd: `perl -e 'print readpipe("echo readpipe")'`, want: Allow},
	{name: "sub-run-look", prog: "perl", cmd: `perl -e 'sub run { my %a = @_; print "$a{command}\n" } run(command => "rm -rf ~")'`, want: Allow},
	{name: "open2-unloaded-look", prog: "perl", cmd: `perl -e 'sub open2 { print "@_\n" } open2(1, 2, "rm -rf ~")'`, want: Allow},
}

func TestExecPerlProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perl")
	}
	for _, tc := range perlProcessCases {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.cmd, "{payload}") {
				// The same call pointed at the home directory is
				// denied; it is never run.
				deny := tc
				deny.cmd = strings.ReplaceAll(tc.cmd, "{payload}", "rm -rf ~")
				env := map[string]string{"HOME": "/home/u", EnvProject: "/home/u/p"}
				cfg, _ := NewConfig(func(k string) string { return env[k] }, "/home/u/p")
				want := Deny
				if tc.want == Ask {
					want = Ask
				}
				if res := Check(cfg, deny.cmd); res.Decision != want {
					t.Errorf("decision = %s, want %s\ncmd: %s\nfindings: %+v", res.Decision, want, deny.cmd, res.Findings)
				}
				tc.cmd = strings.ReplaceAll(tc.cmd, "{payload}", "touch {home}/made")
			}
			runCodeCase(t, tc)
		})
	}
}
