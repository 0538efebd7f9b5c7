package syntax

import (
	"errors"
	"strings"
	"testing"
)

// pathological inputs: each is answered, in bounded time and memory, with
// a model or a clear error, never a crash. Time and memory are measured by
// the benchmarks below, not asserted here.
var pathological = map[string]func() string{
	"1MiB-word":        func() string { return "echo " + strings.Repeat("a", 1<<20) },
	"1MiB-list":        func() string { return strings.Repeat("ls; ", 1<<18) },
	"nested-subshells": func() string { return strings.Repeat("(", 10000) + "ls" + strings.Repeat(")", 10000) },
	"nested-cmdsubst":  func() string { return strings.Repeat("$(", 10000) + "ls" + strings.Repeat(")", 10000) },
	"pipeline-100k":    func() string { return "ls" + strings.Repeat(" | cat", 100000) },
	"bash-c-16-deep": func() string {
		cmd := "rm -rf /"
		for i := 0; i < 16; i++ {
			cmd = "bash -c " + Quote(cmd)
		}
		return cmd
	},
	"invalid-utf8": func() string { return "echo \xff\xfe \xc3\x28 && git clone \xe2\x82 x" },
	"nul-bytes":    func() string { return "echo a\x00b; rm -rf \x00/" },
	"many-heredocs": func() string {
		var b strings.Builder
		for i := 0; i < 2000; i++ {
			b.WriteString("cat <<EOF\nx\nEOF\n")
		}
		return b.String()
	},
}

func TestPathological(t *testing.T) {
	t.Parallel()
	for name, gen := range pathological {
		src := gen()
		m, err := Analyze(src, opts)
		switch {
		case err == nil:
			if len(m.Calls) == 0 && !strings.Contains(name, "nul") {
				t.Errorf("%s: parsed but no calls", name)
			}
			if strings.Contains(name, "bash-c") && !m.Truncated {
				t.Errorf("%s: nesting beyond MaxDepth not reported", name)
			}
		case errors.Is(err, ErrTooLarge):
			if !strings.HasPrefix(name, "nested") {
				t.Errorf("%s: unexpectedly too large", name)
			}
		default:
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("%s: error is neither ErrTooLarge nor a ParseError: %v", name, err)
			}
		}
		if strings.HasPrefix(name, "nested") && !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: 10,000 levels must be refused before parsing, got %v", name, err)
		}
	}
	if _, err := Analyze(strings.Repeat("a", MaxSource+1), opts); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a command over MaxSource: %v", err)
	}
}

func BenchmarkPathological(b *testing.B) {
	for name, gen := range pathological {
		src := gen()
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				Analyze(src, opts)
			}
		})
	}
}
