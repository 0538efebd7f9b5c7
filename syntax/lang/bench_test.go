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

// BenchmarkNestedCalls reads 256 KiB of calls nested in one another,
// closed and unclosed, and long dotted chains, in every language: the
// argument lists are read through a table of closing brackets, so the
// time grows with the size, not with its square.
func BenchmarkNestedCalls(b *testing.B) {
	units := []string{"os.system(", "eval(", "getattr(getattr(", "a.", "x[\"y\"]", "&{", "$f(", "send(", "eval "}
	for _, l := range []Lang{Python, JS, Ruby, Perl, PHP} {
		for _, u := range units {
			src := strings.Repeat(u, (256<<10)/len(u))
			closed := src + strings.Repeat(")", strings.Count(src, "("))
			b.Run(string(l)+"/"+strings.TrimSpace(u), func(b *testing.B) {
				b.SetBytes(int64(len(src) + len(closed)))
				for i := 0; i < b.N; i++ {
					Analyze(l, src)
					Analyze(l, closed)
				}
			})
		}
	}
}
