package syntax

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkAnalyzeCorpora measures parsing and modelling alone over the
// shared tldr commands.
func BenchmarkAnalyzeCorpora(b *testing.B) {
	f, err := os.Open(filepath.Join("..", "..", "shared", "data", "tldr.jsonl"))
	if err != nil {
		b.Skip("shared data not available:", err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var l struct{ Command string }
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			cmds = append(cmds, l.Command)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Analyze(cmds[i%len(cmds)], opts)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commands/s")
}
