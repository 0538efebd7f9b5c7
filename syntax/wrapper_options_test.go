package syntax

import (
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// TestWrapperOptionsScanned checks the wrappers' options as the one
// scanner reads them with each wrapper's table (wrapperTable, written
// from the program's manual page or --help): GNU getopt_long's
// abbreviations with a separate value (sudo --us root, timeout --sig
// KILL), clusters ending in a letter that takes a value (sudo -Eu root),
// "--", options that make the wrapper run nothing, and words after the
// options that are the command's own. The want is the wrapped command's
// words and the directory it runs in, or "" when nothing is unwrapped.
func TestWrapperOptionsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct{ src, want string }{
		// sudo(8).
		{`sudo --us=root rm -rf /`, "rm -rf / @/p"},
		{`sudo --us root rm -rf /`, "rm -rf / @/p"},
		{`sudo -uroot rm -rf /`, "rm -rf / @/p"},
		{`sudo -Eu root rm -rf /`, "rm -rf / @/p"},
		{`sudo -Eu root -- rm -rf /`, "rm -rf / @/p"},
		{`sudo --preserve-env=PATH rm x`, "rm x @/p"},
		{`sudo --preserve-env rm x`, "rm x @/p"},
		{`sudo -hhost rm x`, "rm x @/p"},
		{`sudo --chd /tmp rm x`, "rm x @/tmp"},
		{`sudo -D/tmp rm x`, "rm x @/tmp"},
		{`sudo A=1 rm x`, "rm x @/p"},
		{`sudo -u root A=1 -u x`, "-u x @/p"}, // options end at the first operand
		// ld.so(8) run as a program: long options, values as words.
		{`/lib64/ld-linux-x86-64.so.2 rm -rf ~`, "rm -rf /home/u @/p"},
		{`/lib64/ld-linux-x86-64.so.2 --argv0 x --library-path /l --inhibit-cache ./t a`, "t a @/p"},
		{`/lib/ld-linux-aarch64.so.1 --preload /l.so -- rm x`, "rm x @/p"},
		{`/lib/ld-musl-x86_64.so.1 rm x`, "rm x @/p"},
		{`/lib64/ld-linux-x86-64.so.2 --list rm`, "rm @/p"},
		{`/lib64/ld-linux-x86-64.so.2 --help`, ""},
		{`/lib64/ld-linux-x86-64.so.2 --list-tunables`, ""},
		// setarch(8) and its links, proot(1).
		{`setarch x86_64 rm -rf ~`, "rm -rf /home/u @/p"},
		{`setarch x86_64 -R --3gb rm x`, "rm x @/p"},
		{`setarch x86_64 --addr-no -- rm x`, "rm x @/p"},
		{`setarch $(uname -m) rm x`, "rm x @/p"},
		{`setarch --list`, ""},
		{`linux64 rm x`, "rm x @/p"},
		{`linux32 -B rm x`, "rm x @/p"},
		{`x86_64 -R rm x`, "rm x @/p"},
		{`i386 rm x`, "rm x @/p"},
		{`uname26 rm x`, "rm x @/p"},
		{`proot rm x`, "rm x @/p"},
		{`proot -w /tmp rm x`, "rm x @/tmp"},
		{`proot --bind=/a:/b -0 rm x`, "rm x @/p"},
		// Python environment runners: uvx (uv tool run), pipx run, pdm
		// run, rye run, hatch run.
		{`uvx --from black==24 rm -rf ~`, "rm -rf /home/u @/p"},
		{`uvx --directory /tmp rm x`, "rm x @/tmp"},
		{`uv tool run --from black==24 rm -rf ~`, "rm -rf /home/u @/p"},
		{`uv -q tool run rm x`, "rm x @/p"},
		{`uv tool install rm`, ""}, // not unwrapped: no command is run
		{`pipx run --spec x rm x`, "rm x @/p"},
		{`pdm run -p sub rm x`, "rm x @/p"},
		{`rye run rm x`, "rm x @/p"},
		{`hatch -e test run rm x`, "rm x @/p"},
		{`hatch run rm x`, "rm x @/p"},
		// env(1).
		{`env --unset=X rm -rf ~`, "rm -rf /home/u @/p"},
		{`env --un X rm -rf ~`, "rm -rf /home/u @/p"},
		{`env -iuX rm x`, "rm x @/p"},
		{`env --ch /tmp rm x`, "rm x @/tmp"},
		{`env -C/tmp A=1 rm x`, "rm x @/tmp"},
		{`env - A=1 rm x`, "rm x @/p"},
		{`env --ignore-signal=INT rm x`, "rm x @/p"}, // an optional value after "="
		{`env --default-signal rm x`, "rm x @/p"},
		// nice(1), timeout(1), stdbuf(1), time(1), nohup(1).
		{`nice -n5 rm x`, "rm x @/p"},
		{`nice -n 5 rm x`, "rm x @/p"},
		{`nice --adj 5 rm x`, "rm x @/p"},
		{`nice -5 rm x`, "rm x @/p"},
		{`timeout --sig=KILL 5 rm x`, "rm x @/p"},
		{`timeout --sig KILL 5 rm x`, "rm x @/p"},
		{`timeout -sKILL -k 1 5 rm x`, "rm x @/p"},
		{`timeout --kill 1 --pres 5 rm x`, "rm x @/p"},
		{`timeout 5 -s KILL`, "-s KILL @/p"}, // after the duration: the command
		{`stdbuf --out 0 rm x`, "rm x @/p"},
		{`stdbuf -oL -e0 rm x`, "rm x @/p"},
		{`/usr/bin/time --out f -p rm x`, "rm x @/p"},
		{`nohup --he rm x`, "rm x @/p"},
		// util-linux.
		{`ionice --class 3 --classd 7 rm x`, "rm x @/p"}, // an exact name wins over a longer one
		{`ionice -c3 -n7 rm x`, "rm x @/p"},
		{`ionice --cla 3 rm x`, "3 rm x @/p"}, // ambiguous (class, classdata): ionice refuses
		{`ionice -p 1234`, ""},
		{`ionice --pid 1234`, ""},
		{`ionice -tp 1234`, ""},
		{`chroot --user x:y / rm x`, "rm x @"},
		{`chroot --skip / rm x`, "rm x @"},
		{`flock --tim 5 /tmp/l rm x`, "rm x @/p"},
		{`flock -w5 -E 3 /tmp/l rm x`, "rm x @/p"},
		{`taskset -c 1 rm x`, "rm x @/p"},
		{`taskset --cpu 1 rm x`, "rm x @/p"},
		{`taskset -p 1 1234`, ""},
		{`chrt --sched-r 1 -d 0 rm x`, "rm x @/p"},
		{`chrt -m`, ""},
		{`nsenter -t 1 -m -u rm x`, "rm x @/p"},
		{`nsenter --targ 1 --mount=/proc/1/ns/mnt rm x`, "rm x @/p"},
		{`unshare --map-u=0 -r rm x`, "rm x @/p"},
		{`unshare --propagation private -m rm x`, "rm x @/p"},
		// unshare -w/--wd and nsenter -w/--wd (a value attached only),
		// -W/--wdns: the command's working directory.
		{`unshare -w /tmp rm x`, "rm x @/tmp"},
		{`unshare --wd=/tmp rm x`, "rm x @/tmp"},
		{`unshare --wd /tmp rm x`, "rm x @/tmp"},
		{`nsenter --wd=/tmp rm x`, "rm x @/tmp"},
		{`nsenter -w/tmp rm x`, "rm x @/tmp"},
		{`nsenter -w -t 1 rm x`, "rm x @/p"},
		{`nsenter --wdns /tmp rm x`, "rm x @/tmp"},
		{`setsid -fw rm x`, "rm x @/p"},
		{`runuser -u x -- rm x`, "rm x @/p"},
		{`runuser --us x -- rm x`, "rm x @/p"},
		// systemd.
		{`systemd-run --working-dir=/tmp rm x`, "rm x @/tmp"},
		{`systemd-run --uni x -p A=1 rm x`, "rm x @/p"},
		{`systemd-inhibit --wha=idle rm x`, "rm x @/p"},
		{`systemd-inhibit --list`, ""},
		// GNU parallel(1): Getopt::Long with bundling, require_order and
		// auto_abbrev. -X is a flag; --wor is --workdir, which takes a
		// value; --eof and --replace take one only after "=".
		{`parallel -X rm -rf ::: x`, "rm -rf @/p"},
		{`parallel -Xj4 rm -rf ::: x`, "rm -rf @/p"},
		{`parallel --wor /tmp rm -rf ::: x`, "rm -rf @/tmp"}, // --workdir: the jobs' directory
		{`parallel --wd=/tmp rm -rf ::: x`, "rm -rf @/tmp"},
		{`parallel --res out rm -rf ::: x`, "rm -rf @/p"},
		{`parallel --eof rm -rf ::: x`, "rm -rf @/p"},
		{`parallel --keep-o -j 2 rm -rf ::: x`, "rm -rf @/p"},
		{`parallel --replace=X echo X ::: a`, "echo X @/p"},
		// Programs that run their operands as a command (their manuals).
		{`numactl --interleave=all rm x`, "rm x @/p"},
		{`numactl -N 0 -m 0 rm x`, "rm x @/p"},
		{`prlimit --nofile=10 rm x`, "rm x @/p"},
		{`prlimit -p 1 --nofile=10`, ""},
		{`setpriv --reuid=1000 --init-groups rm x`, "rm x @/p"},
		{`cgexec -g cpu:grp rm x`, "rm x @/p"},
		{`gosu nobody rm x`, "rm x @/p"},
		{`su-exec nobody rm x`, "rm x @/p"},
		{`setuidgid nobody rm x`, "rm x @/p"},
		{`envdir ./env rm x`, "rm x @/p"},
		{`chpst -u nobody rm x`, "rm x @/p"},
		{`dtach -c /tmp/s rm x`, "rm x @/p"},
		{`dtach -a /tmp/s`, ""},
		{`abduco -c s rm x`, "rm x @/p"},
		{`toolbox run -c box rm x`, "rm x @/p"},
		{`distrobox enter -n box -- rm x`, "rm x @/p"},
		{`distrobox enter box -- rm x`, "rm x @/p"}, // the container named as an operand
		{`distrobox-enter box -- rm x`, "rm x @/p"},
		{`distrobox enter box`, ""},
		{`dotenv -e .env.local -- rm x`, "rm x @/p"},
		{`dotenv rm x`, "rm x @/p"},
		{`dotenv -p KEY`, ""},
		{`torify rm x`, "rm x @/p"},
		{`asdf exec rm x`, "rm x @/p"},
		{`devbox run rm x`, "rm x @/p"},
		{`pixi run -e dev rm x`, "rm x @/p"},
		{`npm exec -- rm x`, "rm x @/p"},
		{`yarn exec rm x`, "rm x @/p"},
		{`pnpm exec rm x`, "rm x @/p"},
		{`eatmydata rm x`, "rm x @/p"},
		{`ifne rm x`, "rm x @/p"},
		{`rlwrap -a rm x`, "rm x @/p"},
		{`npm install x`, ""},
		// An assignment with a run-time value is an assignment.
		{`env FOO=$X rm x`, "rm x @/p"},
		{`env "FOO=$X" rm x`, "rm x @/p"},
		{`sudo FOO=$X rm x`, "rm x @/p"},
		// Shell builtins.
		{`command -p rm x`, "rm x @/p"},
		{`command -v rm`, ""},
		{`exec -a name rm x`, "rm x @/p"},
		{`exec -cla name rm x`, "rm x @/p"},
		// Launchers of services, containers and sessions (their --help or
		// manual pages).
		{`start-stop-daemon -S -x /bin/rm -- -rf /root`, "rm -rf /root @/"},
		{`start-stop-daemon --start --startas /bin/sh -x /usr/sbin/d -- -c x`, "sh -c x @/"},
		{`start-stop-daemon -S -d /tmp -p /run/x.pid -x rm`, "rm @/tmp"},
		{`start-stop-daemon -S -r /srv -x rm -- -rf /`, "rm -rf / @"},
		{`start-stop-daemon -K -x /bin/rm`, ""},
		{`start-stop-daemon --status --exec /bin/rm`, ""},
		{`daemonize -c /tmp -p /run/p /bin/rm x`, "rm x @/tmp"},
		{`runcon -t unconfined_t rm x`, "rm x @/p"},
		{`runcon system_u:system_r:x:s0 rm x`, "rm x @/p"},
		{`sshpass -p secret rm x`, "rm x @/p"},
		{`sshpass -e rm x`, "rm x @/p"},
		{`systemd-nspawn -D / rm -rf /root`, "rm -rf /root @"},
		{`systemd-nspawn --bind=/a:/b -q -D /srv/c rm x`, "rm x @"},
		{`machinectl shell root@ /bin/rm -rf /root`, "rm -rf /root @/p"},
		{`machinectl -q shell --uid=0 .host rm x`, "rm x @/p"},
		{`machinectl list`, ""},
		{`tini -- rm x`, "rm x @/p"},
		{`tini -s -p SIGTERM rm x`, "rm x @/p"},
		{`dumb-init --rewrite 15:2 rm x`, "rm x @/p"},
		{`catatonit -g -- rm x`, "rm x @/p"},
		{`s6-setuidgid root rm x`, "rm x @/p"},
		{`host-spawn -env X rm x`, "rm x @/p"},
		{`apptainer exec --bind /a:/b img.sif rm -rf ~`, "rm -rf /home/u @/p"},
		{`singularity exec -B /a img.sif rm x`, "rm x @/p"},
		{`apptainer run img.sif`, ""},
		{`podman unshare rm x`, "rm x @/p"},
		{`podman --root /r unshare rm x`, "rm x @/p"},
		// Environment loaders and secret stores.
		{`cross-env NODE_ENV=test A=1 rm x`, "rm x @/p"},
		{`env-cmd -f .env.test rm x`, "rm x @/p"},
		{`env-cmd --use-shell 'rm x'`, ""},
		{`dotenvx run -f .env -- rm x`, "rm x @/p"},
		{`dotenv run rm x`, "rm x @/p"},
		{`dotenv -f .env run --no-override rm x`, "rm x @/p"},
		{`dotenv -e .env -- rm x`, "rm x @/p"},
		{`nvm exec rm x`, "rm x @/p"},
		{`nvm exec 18 rm x`, "rm x @/p"},
		{`nvm exec lts/hydrogen node x`, "node x @/p"},
		{`volta run --node 20 rm x`, "rm x @/p"},
		{`corepack pnpm dlx degit a/b x`, "pnpm dlx degit a/b x @/p"},
		{`corepack pnpm@9.1.0 exec rm x`, "rm x @/p"},
		{`corepack yarnpkg dlx x`, "yarn dlx x @/p"},
		{`corepack enable`, ""},
		{`corepack use pnpm@9`, ""},
		{`corepack yarn@https://x.example/y.tgz dlx x`, ""},
		{`fnm exec --using=20 -- rm x`, "rm x @/p"},
		{`op run --env-file .env -- rm x`, "rm x @/p"},
		{`aws-vault exec prod -- rm x`, "rm x @/p"},
		{`aws-vault exec -d 1h prod rm x`, "rm x @/p"},
		{`doppler run -p web -c dev -- rm x`, "rm x @/p"},
		{`doppler run --command 'rm x'`, ""},
		{`infisical run --env=dev -- rm x`, "rm x @/p"},
		{`chamber exec app db -- rm x`, "rm x @/p"},
		{`chamber exec app db`, ""},
		// moreutils and kin.
		{`lckdo /tmp/l rm x`, "rm x @/p"},
		{`lckdo -w -W 5 /tmp/l rm x`, "rm x @/p"},
		{`niceload -l 4 rm x`, "rm x @/p"},
		{`niceload -p 123`, ""},
		{`retry -t 3 -d 1 -- rm x`, "rm x @/p"},
		{`reflex -r '\.go$' -- rm x`, "rm x @/p"},
		{`xe rm x`, "rm x @/p"},
		{`xe -s 'rm x'`, ""},
		// Limits, profilers, emulators and compiler wrappers (red-team
		// findings I1, I2).
		{`trickle rm x`, "rm x @/p"},
		{`trickle -s -d 10 -u 5 -w 256 -t 1 -l 4 -n /tmp/s rm x`, "rm x @/p"},
		{`memusage --data=/tmp/d --prog x rm x`, "rm x @/p"},
		{`memusage -p out.png -T rm x`, "rm x @/p"},
		{`heaptrack -o out rm x`, "rm x @/p"},
		{`heaptrack -p 123`, ""},
		{`heaptrack -a heaptrack.x.zst`, ""},
		{`nocache -n 2 rm x`, "rm x @/p"},
		{`timelimit -t5 -T 2 -q rm x`, "rm x @/p"},
		{`timelimit --features`, ""},
		{`aa-exec -p unconfined -- rm x`, "rm x @/p"},
		{`aa-exec --profile=x rm x`, "rm x @/p"},
		{`fakechroot -e debootstrap rm x`, "rm x @/p"},
		{`arch-chroot /mnt rm x`, "rm x @"},
		{`arch-chroot -u me:me /mnt rm x`, "rm x @"},
		{`buildah unshare rm x`, "rm x @/p"},
		{`buildah --root /r unshare -m M=c rm x`, "rm x @/p"},
		{`buildah build .`, ""},
		{`ccache gcc -c x.c`, "gcc -c x.c @/p"},
		{`ccache debug=true rm x`, "rm x @/p"},
		{`ccache -s`, ""},
		{`ccache -M 10G`, ""},
		{`ccache -o max_size=5G`, ""},
		{`sccache rm x`, "rm x @/p"},
		{`sccache --show-stats`, ""},
		{`distcc gcc -c x.c`, "gcc -c x.c @/p"},
		{`distcc -j`, ""},
		{`qemu-x86_64 /bin/rm x`, "rm x @/p"},
		{`qemu-aarch64-static -L /usr/aarch64-linux-gnu -E A=1 ./a.out`, "a.out @/p"},
		{`qemu-arm -cpu cortex-a9 --strace rm x`, "rm x @/p"},
		{`qemu-img create x.img 1G`, ""},
		{`qemu-system-x86_64 -hda x.img`, ""},
		{`hwloc-bind core:0 rm x`, "rm x @/p"},
		{`hwloc-bind --membind node:0 --cpubind core:0-3 rm x`, "rm x @/p"},
		{`hwloc-bind 0x3 x0x4 '~pu:1' -- rm x`, "rm x @/p"},
		{`hwloc-bind --mempolicy bind all rm x`, "rm x @/p"},
		// Homebrew's g-prefixed GNU programs are the same rows.
		{`gtimeout 5 rm x`, "rm x @/p"},
		{`genv -C /tmp rm x`, "rm x @/tmp"},
		{`gnohup rm x`, "rm x @/p"},
		{`gstdbuf -o0 rm x`, "rm x @/p"},
		{`gnice -n 5 rm x`, "rm x @/p"},
		{`gchroot / rm x`, "rm x @"},
		{`gxargs rm x`, "rm x @/p"},
		{`gtime -v rm x`, "rm x @/p"},
		{`expect_unbuffer rm x`, "rm x @/p"},
		{`gawk 1 x`, ""},
		// Look-alikes: words that are the command's, not the wrapper's.
		{`sudo rm --user root x`, "rm --user root x @/p"},
		{`env rm -u x`, "rm -u x @/p"},
		{`nice -- -n 5`, "-n 5 @/p"},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		got := ""
		for _, c := range m.Calls {
			if len(c.Wrappers) == 0 {
				continue
			}
			words := []string{c.Name}
			for _, a := range c.Args {
				words = append(words, a.Value)
			}
			got = strings.Join(words, " ") + " @" + c.Dir.Path
		}
		if got != tc.want {
			t.Errorf("%q: unwrapped %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestShellOptionsScanned checks a shell's words as the one scanner reads
// them with bash's table (bashSpec, from bash(1)) and the other shells'
// (posixShellSpec): the -c string, the script file, standard input, and
// the syntax checks that run nothing. Each row was run in bash 5 with
// echo in place of the command.
func TestShellOptionsScanned(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src    string
		script string // the -c string, "" for none
		file   string // the script file, "" for none
		stdin  bool
	}{
		{`bash -c 'rm x'`, "rm x", "", false},
		{`bash --noprofile --norc -c 'rm x'`, "rm x", "", false},
		{`bash -norc -c 'rm x'`, "rm x", "", false},
		{`bash --rcfile f -c 'rm x'`, "rm x", "", false},
		{`bash -rcfile f -c 'rm x'`, "rm x", "", false},
		{`bash --init-file f -c 'rm x'`, "rm x", "", false},
		{`bash -o posix -c 'rm x'`, "rm x", "", false},
		{`bash -oc posix 'rm x'`, "rm x", "", false},
		{`bash -co posix 'rm x'`, "rm x", "", false},
		{`bash -Oc extglob 'rm x'`, "rm x", "", false},
		{`bash +O extglob -c 'rm x'`, "rm x", "", false},
		{`bash +c 'rm x'`, "rm x", "", false}, // bash takes +c as -c
		{`dash +c 'rm x'`, "rm x", "", false},
		{`bash -c -e 'rm x'`, "rm x", "", false},
		{`bash -c -- 'rm x'`, "rm x", "", false},
		{`bash -xec 'rm x' name arg`, "rm x", "", false},
		{`bash -n +n -c 'rm x'`, "rm x", "", false},
		{`bash -o noexec +o noexec -c 'rm x'`, "rm x", "", false},
		{`bash -c 'rm x' -n`, "rm x", "", false}, // -n is $0
		// Script files and standard input.
		{`bash -- -c`, "", "-c", false},
		{`bash - -c`, "", "-c", false},
		{`bash -o posix x.sh`, "", "x.sh", false},
		{`bash -e x.sh -c`, "", "x.sh", false},
		{`bash --rcf x -c 'rm x'`, "", "x", false}, // bash refuses --rcf
		{`bash`, "", "", true},
		{`bash +s`, "", "", true},
		{`bash -s a b`, "", "", true},
		{`bash -o posix`, "", "", true},
		// Syntax checks run nothing.
		{`bash -n -c 'rm x'`, "", "", false},
		{`bash -nc 'rm x'`, "", "", false},
		{`bash -o noexec -c 'rm x'`, "", "", false},
		{`bash -n x.sh`, "", "", false},
	}
	for _, tc := range cases {
		m, err := Analyze(tc.src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		c := m.Calls[0]
		script, stdin := ShellScript(c)
		file := ShellFile(c)
		var gotScript, gotFile string
		if script >= 0 {
			gotScript = c.Args[script].Value
		}
		if file >= 0 {
			gotFile = c.Args[file].Value
		}
		if gotScript != tc.script || gotFile != tc.file || stdin != tc.stdin {
			t.Errorf("%q: script %q, file %q, stdin %v; want %q, %q, %v", tc.src, gotScript, gotFile, stdin, tc.script, tc.file, tc.stdin)
		}
		if got := ShellCommandString(c); got != (tc.script != "") {
			t.Errorf("%q: ShellCommandString %v", tc.src, got)
		}
	}
}

// TestSetarchOracle runs setarch and its links with printf in place of
// the program and checks that the words corral unwraps are the ones the
// real program runs (options after the architecture, --).
func TestSetarchOracle(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("setarch"); err != nil {
		t.Skip("setarch (util-linux) is not installed")
	}
	for _, src := range []string{
		`setarch x86_64 printf '<%s>' a b`,
		`setarch x86_64 -R printf '<%s>' a`,
		`setarch x86_64 -R -- printf '<%s>' a`,
		`setarch x86_64 --addr-no-randomize printf '<%s>' -R`,
		`linux64 printf '<%s>' a`,
		`linux64 -R printf '<%s>' a`,
	} {
		out, err := exec.Command("bash", "-c", src).Output()
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		m, err := Analyze(src, Options{Cwd: "/p", Home: "/home/u"})
		if err != nil || len(m.Calls) == 0 {
			t.Fatalf("%q: %v", src, err)
		}
		c := m.Calls[0]
		if c.Name != "printf" || len(c.Args) == 0 {
			t.Errorf("%s: corral runs %q", src, c.Name)
			continue
		}
		var want strings.Builder
		for _, a := range c.Args[1:] {
			want.WriteString("<" + a.Value + ">")
		}
		if got := string(out); got != want.String() {
			t.Errorf("%s: setarch printed %q, corral's words give %q", src, got, want.String())
		}
	}
}

// TestRunuserSpec: runuser's entry in the wrapper table is suSpec("u",
// "user") written out (a call in the table's literal would make the
// compiler build the whole table at every start of the hook).
func TestRunuserSpec(t *testing.T) {
	if !reflect.DeepEqual(runuserSpec, suSpec("u", "user")) {
		t.Errorf("runuserSpec = %+v, want suSpec(\"u\", \"user\") = %+v", runuserSpec, suSpec("u", "user"))
	}
}
