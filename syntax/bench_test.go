package syntax

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corporaCommands returns every shell line of the shared tldr and NL2Bash
// corpora (../shared/data beside the module root), or skips.
func corporaCommands(b *testing.B) []string {
	dir, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(dir) == dir {
			b.Skip("module root not found")
		}
		dir = filepath.Dir(dir)
	}
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	var cmds []string
	for _, name := range []string{"tldr.jsonl", "nl2bash.jsonl"} {
		f, err := os.Open(filepath.Join(data, name))
		if err != nil {
			b.Skipf("shared data not available: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var l struct {
				Command  string `json:"command"`
				Keypress bool   `json:"keypress"`
			}
			if json.Unmarshal(sc.Bytes(), &l) == nil && !l.Keypress {
				cmds = append(cmds, l.Command)
			}
		}
		f.Close()
	}
	return cmds
}

// BenchmarkValidCorpora measures parsing alone (the pre-scan and the
// mvdan.cc/sh parser) over the shared corpora, one command per iteration.
func BenchmarkValidCorpora(b *testing.B) {
	cmds := corporaCommands(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Valid(cmds[i%len(cmds)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}

// BenchmarkAnalyzeCorpora measures parsing and modelling (every call,
// wrappers, words, directories, nested scripts) over the shared corpora.
func BenchmarkAnalyzeCorpora(b *testing.B) {
	cmds := corporaCommands(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Analyze(cmds[i%len(cmds)], opts)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}

// BenchmarkNestedSubst analyses command substitutions nested n deep, of
// a command whose output depends only on its text (echo) and of a
// filter (cat): the work should grow about as n does, not as n² or n³
// (nested-cmdsubst-500 took 100 s before the walker shared what it
// computed).
func BenchmarkNestedSubst(b *testing.B) {
	for _, prog := range []string{"echo", "cat"} {
		for _, n := range []int{50, 100, 200} {
			src := "echo " + strings.Repeat("$("+prog+" ", n) + "x" + strings.Repeat(")", n)
			b.Run(fmt.Sprintf("%s-%d", prog, n), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					if _, err := Analyze(src, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
