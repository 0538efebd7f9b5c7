package rewrite

import (
	"testing"

	"github.com/corral-dev/corral/syntax"
)

// TestDiskFill checks the disk-fill rule: an endless stream (yes,
// /dev/zero, /dev/urandom) written to a file, one bounded above 10 GiB,
// and fallocate above it ask; bounded test data, sparse files and
// readers that stop pass. Nothing here is run.
func TestDiskFill(t *testing.T) {
	t.Parallel()
	testRule(t, "disk-fill", []ruleCase{
		{"head -c 100G /dev/zero > big", Ask},
		{"head --bytes=20GiB /dev/urandom > big", Ask},
		{"head -n 10 /dev/zero > f", Ask}, // no newline ever comes
		{"fallocate -l 1T big", Ask},
		{"fallocate --length 20GiB big", Ask},
		{"dd if=/dev/zero of=big bs=1M count=1000000", Ask},
		{"dd if=/dev/zero of=big bs=1M", Ask},
		{"dd if=/dev/urandom of=big", Ask},
		{"dd if=/dev/zero of=big bs=1G count=11", Ask},
		{"dd if=/dev/zero bs=1M > big", Ask},
		{"dd if=/dev/zero of=big bs=1Mx2 count=6000", Ask},
		{"dd if=/dev/zero of=big iflag=count_bytes count=50G", Ask},
		{"yes > f", Ask},
		{"yes >> f", Ask},
		{"yes | sed s/y/n/ > f", Ask},
		{"yes | tee f", Ask},
		{"cat /dev/urandom > f", Ask},
		{"cat < /dev/zero > f", Ask},
		{"cat /dev/urandom | base64 > f", Ask},
		{"tr -dc A-Za-z < /dev/urandom > pw", Ask},
		{"pv /dev/zero > f", Ask},
		{"{ yes; } > f", Ask},
		{"bash -c 'yes > f'", Ask},
		{"cd /dev && cat zero > ~/big", Ask},
		{"cat /dev/zero > /dev/shm/big", Ask}, // memory fills as a disk does
		{"cat /dev/zero | dd of=big bs=1M", Ask},
		{"< /dev/zero head -c 100G > big", Ask},
		{"while true; do cat /dev/zero; done > f", Ask},
		// Look-alikes: bounded test data, sparse files, readers that stop.
		{"head -c 10M /dev/urandom > test.bin", Allow},
		{"head -c 1K /dev/zero", Allow},
		{"head -n 5 /dev/urandom > f", Allow},
		{"dd if=/dev/zero of=img bs=1M count=64", Allow},
		{"dd if=/dev/zero of=swapfile bs=1G count=8", Allow},
		{"dd if=/dev/zero of=sparse bs=1 count=0 seek=1T", Allow},
		{"dd if=/dev/zero of=/dev/null", Allow},
		{"dd if=big.iso of=copy.iso", Allow},
		{"fallocate -l 100M f", Allow},
		{"fallocate -l 8G swapfile", Allow},
		{"fallocate -d big", Allow},
		{"truncate -s 1T sparse", Allow},
		{"yes | head -n 5", Allow},
		{"yes | head -n 100000 > lines", Allow},
		{"yes | apt-get install x", Allow},
		{"yes > /dev/null", Allow},
		{"yes | tee /dev/null", Allow},
		{"tr -dc A-Za-z0-9 < /dev/urandom | head -c 32 > pw", Allow},
		{"base64 /dev/urandom | head -c 1M > f", Allow},
		{"xxd -l 100 /dev/urandom > f", Allow},
		{"od -N 16 -x /dev/urandom > f", Allow},
		{"pv -S -s 1G /dev/zero > f", Allow},
		{"cat a.txt > b.txt", Allow},
		{"head -c \"$SIZE\" /dev/zero > f", Allow}, // a size only known at run time
		{"echo 'yes > f'", Allow},
	})
}

func TestFillSize(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"512", 512, true}, {"1K", 1024, true}, {"1kB", 1000, true}, {"1M", 1 << 20, true}, {"1MB", 1e6, true},
		{"2GiB", 2 << 30, true}, {"1T", 1 << 40, true}, {"3b", 1536, true}, {"2w", 4, true}, {"1Kx2", 2048, true},
		{"1.5G", 1.5 * (1 << 30), true}, {"x", 0, false}, {"1Q", 0, false}, {"1kiB", 0, false}, {"", 0, false},
	} {
		got, ok := fillSize(syntax.Arg{Value: tc.in, Static: true})
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("fillSize(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
