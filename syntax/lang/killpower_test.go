package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestKillEverythingAndReboot: libc's kill(-1, sig) and reboot(howto)
// called through Python's ctypes are the shell's kill -9 -1 and reboot,
// poweroff or halt (so are they through PHP's FFI), and Perl's fat comma
// is kill's comma (kill 9 => -1). Look-alikes: kill of one pid or of one
// only run time knows, reboot's Ctrl-Alt-Del settings, kill's other
// spellings that do not name pid -1, a hash with -1 in it.
func TestKillEverythingAndReboot(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		l    Lang
		src  string
		want []string
	}{
		{"py-ctypes-kill", Python, `import ctypes; ctypes.CDLL("libc.so.6").kill(-1, 9)`, []string{"exec CDLL.kill: kill -9 -1"}},
		{"py-ctypes-kill-bound", Python, `import ctypes; libc = ctypes.CDLL(None); libc.kill(-1, 9)`, []string{"exec libc.kill: kill -9 -1"}},
		{"py-ctypes-kill-loadlibrary", Python, "import ctypes\nc = ctypes.cdll.LoadLibrary('libc.so.6')\nc.kill( -1 , 15)", []string{"exec c.kill: kill -9 -1"}},
		{"py-ctypes-reboot-poweroff", Python, `import ctypes; ctypes.CDLL(None).reboot(0x4321fedc)`, []string{"exec CDLL.reboot: poweroff --force"}},
		{"py-ctypes-reboot-restart", Python, `import ctypes; libc = ctypes.CDLL(None); libc.reboot(0x01234567)`, []string{"exec libc.reboot: reboot --force"}},
		{"py-ctypes-reboot-halt", Python, `import ctypes; ctypes.CDLL(None).reboot(0xCDEF0123)`, []string{"exec CDLL.reboot: halt --force"}},
		{"py-ctypes-reboot-decimal", Python, `import ctypes; ctypes.CDLL(None).reboot(1126301404)`, []string{"exec CDLL.reboot: poweroff --force"}},
		{"py-ctypes-reboot-name", Python, `import ctypes; ctypes.CDLL(None).reboot(RB_POWER_OFF)`, []string{"exec CDLL.reboot: reboot --force"}},
		{"php-ffi-kill", PHP, `$ffi = FFI::cdef("int kill(int, int);", "libc.so.6"); $ffi->kill(-1, 9);`, []string{"exec FFI kill: kill -9 -1"}},
		{"perl-fat-comma", Perl, `kill 9 => -1`, []string{"exec kill: kill -9 -1"}},
		{"perl-fat-comma-name", Perl, `kill KILL => -1;`, []string{"exec kill: kill -9 -1"}},
		{"perl-fat-comma-parens", Perl, `kill(TERM => -1, 2)`, []string{"exec kill: kill -9 -1"}},
		// Look-alikes.
		{"py-ctypes-kill-one", Python, `import ctypes; ctypes.CDLL(None).kill(1234, 9)`, nil},
		{"py-ctypes-kill-var", Python, `import ctypes, os; libc = ctypes.CDLL(None); libc.kill.argtypes = [ctypes.c_int, ctypes.c_int]; libc.kill(os.getpid(), 0)`, nil},
		{"py-ctypes-reboot-cad", Python, `import ctypes; ctypes.CDLL(None).reboot(0); ctypes.CDLL(None).reboot(0x89abcdef)`, nil},
		{"py-os-kill-one", Python, `import os; os.kill(os.getpid(), 0)`, nil},
		{"perl-fat-comma-one", Perl, `kill 9 => 1234`, nil},
		{"perl-hash", Perl, `my %h = (pid => -1); kill 9, $pid`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, e := range Analyze(tc.l, tc.src) {
			got = append(got, describe(e))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: effects (-want +got):\n%s", tc.name, diff)
		}
	}
}
