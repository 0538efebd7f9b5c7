package syntax

import (
	"regexp"
	"testing"
)

// TestIsCompilerName: the written-out matcher agrees with the regular
// expression it replaced on names built from every piece that expression
// reads (target words, compilers, versions, separators, other bytes).
func TestIsCompilerName(t *testing.T) {
	re := regexp.MustCompile(`^(?:[\w.]+-)*(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|tcc|icc|icx|icpx|c89|c99)(?:-[\d.]+)?$`)
	pieces := []string{"", "gcc", "g++", "cc", "c++", "clang", "clang++", "tcc", "icc", "icx", "icpx", "c89", "c99",
		"x86_64", "linux", "gnu", "12", "17.0.1", ".", "-", "--", "+", "a.b", "é", " ", "gcc12", "ccache", "1-"}
	checked, yes := 0, 0
	for _, a := range pieces {
		for _, b := range pieces {
			for _, c := range pieces {
				for _, name := range []string{a + b + c, a + "-" + b + c, a + "-" + b + "-" + c, a + b + "-" + c} {
					want := re.MatchString(name)
					if got := isCompilerName(name); got != want {
						t.Errorf("isCompilerName(%q) = %v, the expression says %v", name, got, want)
					}
					checked++
					if want {
						yes++
					}
				}
			}
		}
	}
	for _, name := range []string{"gcc", "x86_64-linux-gnu-gcc-12", "clang++-17", "aarch64-linux-gnu-g++", "cc"} {
		if !isCompilerName(name) {
			t.Errorf("isCompilerName(%q) = false", name)
		}
	}
	if yes < 100 || checked-yes < 100 {
		t.Fatalf("the names do not exercise both answers: %d of %d match", yes, checked)
	}
}
