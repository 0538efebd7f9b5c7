package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPerlProcessCalls: Perl's process calls beyond system, exec and qx
// (red-team 3, finding 6). A pipe open whose command is one string runs
// it in a shell (a list is argv); readpipe is qx's function; IPC::Open2
// and IPC::Open3 take the command after their handles; IPC::Cmd's run
// takes command => …, run_forked its first argument; IPC::Run's commands
// are array references; IPC::Run3's run3 its first argument;
// IPC::System::Simple's capture and run take an optional list of exit
// values, and their x forms never use a shell. Look-alikes: a sub of the
// same name where no module is loaded, a read open, strings printed.
func TestPerlProcessCalls(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want []string
	}{
		{"open-from-one", `open(my $f, "-|", "cat .env"); print <$f>`, []string{"shell open: cat .env"}},
		{"open-to-one", `open(F, "|-", "rm -rf ~")`, []string{"shell open: perl_program | rm -rf ~"}},
		{"open-spaced", `open(F, " -| ", "rm -rf ~")`, []string{"shell open: rm -rf ~"}},
		{"open-var", `open(F, "-|", $cmd)`, []string{"hidden open: $cmd"}},
		{"readpipe", `my $x = readpipe("rm -rf ~"); readpipe "ls"; CORE::readpipe($c); readpipe`,
			[]string{"shell readpipe: rm -rf ~", "shell readpipe: ls", "hidden CORE::readpipe: $c", "hidden readpipe: $_"}},
		{"open3", `use IPC::Open3; open3(undef, undef, undef, "rm -rf ~")`, []string{"shell open3: rm -rf ~"}},
		{"open3-argv", `use IPC::Open3; my $pid = open3($w, $r, $e, "rm", "-rf", "/x")`, []string{"exec open3: rm -rf /x"}},
		{"open2-qualified", `IPC::Open2::open2($o, $i, "rm -rf ~")`, []string{"shell IPC::Open2::open2: rm -rf ~"}},
		{"open2-var", `use IPC::Open2; open2($o, $i, @cmd)`, []string{"hidden open2: @cmd"}},
		{"ipc-cmd", `use IPC::Cmd qw(run); my $ok = run(command => "rm -rf ~", verbose => 0)`, []string{"shell run: rm -rf ~"}},
		{"ipc-cmd-list", `use IPC::Cmd qw(run); run( verbose => 1, command => [ "rm", "-rf", "/y" ] )`, []string{"exec run: rm -rf /y"}},
		{"ipc-cmd-qualified", `IPC::Cmd::run(command => $c)`, []string{"hidden IPC::Cmd::run: $c"}},
		{"ipc-cmd-forked", `use IPC::Cmd qw(run_forked); run_forked("rm -rf ~", { timeout => 5 })`, []string{"shell run_forked: rm -rf ~"}},
		{"ipc-run", `use IPC::Run qw(run start); run ["rm", "-rf", "/a"], "|", ["cat"]; start(["touch", "b"])`,
			[]string{"exec run: rm -rf /a", "exec run: cat", "exec start: touch b"}},
		// A list inside a list is its elements (issue 9): [qw(…)], ("a", qw(b c)).
		{"ipc-run-qw", `use IPC::Run qw(run); run [qw(rm -rf /a)], '>', \$out; run ["ls", qw(-l -a)]; run [qw(rm -rf), $d]`,
			[]string{"exec run: rm -rf /a", "exec run: ls -l -a", "hidden run: [qw(rm -rf), $d]"}},
		{"ipc-run-ref", `use IPC::Run 'run'; run \@cmd, '>', \$out`, []string{"hidden run: \\@cmd"}},
		{"ipc-run3", `use IPC::Run3; run3("rm -rf ~", undef, \$out); run3(["rm", "-rf", "/b"])`,
			[]string{"shell run3: rm -rf ~", "exec run3: rm -rf /b"}},
		{"ipc-system-simple", `use IPC::System::Simple qw(capture run systemx capturex); capture("rm -rf ~"); run([0, 1], "rm", "-rf", "/c"); systemx("rm -rf ~"); capturex(EXIT_ANY, "ls", "-l"); run(EXIT_ANY, "rm -rf /d")`,
			[]string{"shell capture: rm -rf ~", "exec run: rm -rf /c", "exec systemx: rm -rf ~", "exec capturex: ls -l", "shell run: rm -rf /d"}},
		// Look-alikes.
		{"sub-look", `sub run { print @_ } run(command => "rm -rf ~"); sub open2 { } open2(1, 2, "rm -rf ~")`, nil},
		{"run3-look", `use IPC::Run3; $app->run("rm -rf ~")`, nil},
		{"print-look", `print "readpipe('rm -rf ~') and open3(undef, undef, undef, 'rm -rf ~')\n"`, nil},
		{"open-look", `open(F, "<", "x.txt"); open(my $p, "-|", "ls", "-l")`, []string{"read open: x.txt", "exec open: ls -l"}},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(Perl, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
