package lang

import (
	"strings"
	"testing"
)

// BenchmarkAnalyzePython1MiB reads a megabyte of Python with strings,
// comments and calls.
func BenchmarkAnalyzePython1MiB(b *testing.B) {
	unit := "import os, shutil\n# os.system('rm -rf /') in a comment\nx = 'print(\"rm -rf /\")'\nos.system(\"echo hi\")\nshutil.rmtree('build')\n"
	src := strings.Repeat(unit, (1<<20)/len(unit))
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		if len(Analyze(Python, src)) == 0 {
			b.Fatal("no effects")
		}
	}
}
